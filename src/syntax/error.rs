//! Errors with source positions, rendered compiler-style.

use crate::syntax::span::Span;
use std::fmt;

/// An error from parsing (or, later, evaluating) cgcalc input.
#[derive(Clone, Debug, PartialEq)]
pub struct CgError {
    /// The offending text, if known.
    pub span: Option<Span>,
    /// The main message (one line, no trailing period needed).
    pub message: String,
    /// An optional suggestion shown on a `hint:` line.
    pub hint: Option<String>,
    /// The error was raised in a user function's body and already says where; its span now
    /// points at the call.
    pub(crate) relocated: bool,
}

impl CgError {
    /// An error without a position.
    pub fn new(message: impl Into<String>) -> CgError {
        CgError {
            span: None,
            message: message.into(),
            hint: None,
            relocated: false,
        }
    }

    /// An error pointing at `span`.
    pub fn at(span: Span, message: impl Into<String>) -> CgError {
        CgError {
            span: Some(span),
            message: message.into(),
            hint: None,
            relocated: false,
        }
    }

    /// Adds (or replaces) the hint.
    pub fn with_hint(mut self, hint: impl Into<String>) -> CgError {
        self.hint = Some(hint.into());
        self
    }

    /// Renders the error as
    ///
    /// ```text
    /// origin:LINE:COL: error: message
    ///     source line
    ///     ^^^^
    /// hint: ...
    /// ```
    ///
    /// Line and column are 1-based; the column counts chars. Without a span only
    /// `origin: error: message` (plus the hint line) is produced.
    pub fn render(&self, source: &str, origin: &str) -> String {
        self.render_from_line(source, origin, 1)
    }

    /// Like [`CgError::render`] for a `source` that starts at line `first_line` of its origin
    /// (statements read one group at a time from a stream).
    pub fn render_from_line(&self, source: &str, origin: &str, first_line: usize) -> String {
        let mut out = String::new();
        match self.span {
            None => {
                out.push_str(&format!("{origin}: error: {}", self.message));
            }
            Some(span) => {
                let (line, col) = line_col(source, span.start);
                let line = line + first_line.saturating_sub(1);
                let start = floor_char_boundary(source, span.start.min(source.len()));
                let line_start = source[..start].rfind('\n').map_or(0, |i| i + 1);
                let line_end = source[start..]
                    .find('\n')
                    .map_or(source.len(), |i| start + i);
                out.push_str(&format!("{origin}:{line}:{col}: error: {}\n", self.message));
                // Long lines are shown as a window of about WINDOW chars around the span.
                const WINDOW: usize = 100;
                let before: Vec<char> = source[line_start..start].chars().collect();
                let end = floor_char_boundary(source, span.end.clamp(start, line_end));
                let inside: Vec<char> = source[start..end].chars().collect();
                let after: Vec<char> = source[end..line_end]
                    .trim_end_matches('\r')
                    .chars()
                    .collect();
                let skip = before.len().saturating_sub(WINDOW / 2);
                let shown_inside = inside.len().min(WINDOW);
                let tail = after
                    .len()
                    .min(WINDOW.saturating_sub(before.len() - skip + shown_inside));
                let mut shown = String::new();
                if skip > 0 {
                    shown.push_str("...");
                }
                shown.extend(&before[skip..]);
                shown.extend(&inside[..shown_inside]);
                shown.extend(&after[..tail]);
                if shown_inside < inside.len() || tail < after.len() {
                    shown.push_str("...");
                }
                out.push_str("    ");
                out.push_str(&shown);
                out.push('\n');
                out.push_str("    ");
                if skip > 0 {
                    out.push_str("   ");
                }
                for &c in &before[skip..] {
                    out.push(if c == '\t' { '\t' } else { ' ' });
                }
                out.push_str(&"^".repeat(shown_inside.max(1)));
            }
        }
        if let Some(h) = &self.hint {
            out.push_str(&format!("\nhint: {h}"));
        }
        out
    }
}

/// 1-based (line, column) of byte offset `pos` in `source`; the column counts chars.
pub fn line_col(source: &str, pos: usize) -> (usize, usize) {
    let pos = floor_char_boundary(source, pos.min(source.len()));
    let before = &source[..pos];
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let col = before[line_start..].chars().count() + 1;
    (line, col)
}

fn floor_char_boundary(s: &str, mut i: usize) -> usize {
    if i >= s.len() {
        return s.len();
    }
    while !s.is_char_boundary(i) {
        i -= 1;
    }
    i
}

impl fmt::Display for CgError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for CgError {}
