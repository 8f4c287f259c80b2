//! Transcripts as tests (language.md, *Transcripts as tests*): a transcript is what
//! `cgcalc --echo` writes, a line `> statement` followed by what the statement prints.
//! `cgcalc --check FILE...` runs every statement of each file in one session and compares
//! what it prints with the transcript, showing a unified diff for each statement that
//! differs; `--check --bless` writes the new outputs into the file instead, keeping its
//! comments and blank lines.
//!
//! Reading a transcript: a statement begins at a line `> `; the lines after it continue it
//! while it is unfinished (an open bracket or string, [`crate::lang::is_incomplete`]) and no
//! line begins with `> `. Its output is every line up to the next statement, except a
//! trailing run of blank lines and `#` comments that begins with a blank line: that run is
//! layout, kept as it is. Lines before the first statement are layout too.

use std::fmt::Write as _;

use crate::lang::{Reply, Session};

/// One statement of a transcript with the output it must print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The statement as written after `> ` (its lines joined by newlines).
    pub statement: String,
    /// The line of the file where it begins (1-based).
    pub line: usize,
    /// The output it must print, one line each.
    pub expected: Vec<String>,
    /// Blank and comment lines after the output, kept by `--bless`.
    pub layout: Vec<String>,
}

/// A transcript file read into its parts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transcript {
    /// The lines before the first statement.
    pub header: Vec<String>,
    pub entries: Vec<Entry>,
}

impl Transcript {
    /// Reads a transcript (see the module doc).
    pub fn parse(text: &str) -> Transcript {
        let lines: Vec<&str> = text.lines().collect();
        let mut i = 0;
        let mut header = Vec::new();
        while i < lines.len() && !lines[i].starts_with("> ") {
            header.push(lines[i].to_string());
            i += 1;
        }
        let mut entries = Vec::new();
        while i < lines.len() {
            let line = i + 1;
            let mut statement = lines[i].strip_prefix("> ").unwrap_or_default().to_string();
            i += 1;
            while i < lines.len()
                && !lines[i].starts_with("> ")
                && crate::lang::is_incomplete(&statement)
            {
                statement.push('\n');
                statement.push_str(lines[i]);
                i += 1;
            }
            let mut block = Vec::new();
            while i < lines.len() && !lines[i].starts_with("> ") {
                block.push(lines[i].to_string());
                i += 1;
            }
            let layout_start = layout_start(&block);
            let layout = block.split_off(layout_start);
            entries.push(Entry {
                statement,
                line,
                expected: block,
                layout,
            });
        }
        Transcript { header, entries }
    }

    /// The transcript as text, with `outputs` in place of the expected outputs.
    pub fn render(&self, outputs: &[Vec<String>]) -> String {
        let mut out = String::new();
        for l in &self.header {
            out.push_str(l);
            out.push('\n');
        }
        for (e, output) in self.entries.iter().zip(outputs) {
            let _ = writeln!(out, "> {}", e.statement);
            for l in output.iter().chain(&e.layout) {
                out.push_str(l);
                out.push('\n');
            }
        }
        out
    }
}

/// Where the trailing layout of an output block begins: the last blank line after which
/// every line is blank or a `#` comment (the block's length when there is none).
fn layout_start(block: &[String]) -> usize {
    let mut start = block.len();
    for (k, l) in block.iter().enumerate().rev() {
        if l.trim().is_empty() {
            start = k;
        } else if !l.starts_with('#') {
            break;
        }
    }
    // `start` only ever marks a blank line: comments with no blank line before them stay
    // output (a report's `#` lines).
    start
}

/// What `--echo` prints for a reply after its `> statement` line: the output, the time
/// with `:time on`, and the error without its file and line (the transcript shows the
/// statement just above), so a transcript checks the same wherever it is kept.
pub fn echoed_text(r: &Reply) -> String {
    let mut out = String::new();
    if let Some(o) = &r.output {
        let _ = writeln!(out, "{}", crate::cli::visible(o));
    }
    if r.timed {
        let _ = writeln!(out, "({:.3} ms)", r.elapsed.as_secs_f64() * 1000.0);
    }
    if let Some(e) = &r.error {
        let _ = writeln!(out, "{}", crate::cli::visible(&located_error(e)));
    }
    out
}

/// An error message without its `origin:line:col: ` prefix.
pub fn located_error(e: &str) -> String {
    match e.find(": error: ") {
        Some(k) if !e[..k].contains('\n') => e[k + 2..].to_string(),
        _ => e.to_string(),
    }
}

/// How one file checked.
#[derive(Debug, Default)]
pub struct FileResult {
    pub passed: usize,
    pub failed: usize,
    /// The diffs of the statements that differ.
    pub diffs: String,
    /// The transcript with the outputs printed now (for `--bless`).
    pub blessed: String,
}

/// Runs a transcript's statements in `session` and compares their outputs.
pub fn check(session: &mut Session, name: &str, text: &str) -> FileResult {
    let t = Transcript::parse(text);
    let mut result = FileResult::default();
    let mut outputs = Vec::with_capacity(t.entries.len());
    for e in &t.entries {
        let mut actual = Vec::new();
        session.run_source_at(&e.statement, name, e.line, false, &mut |r| {
            actual.extend(echoed_text(r).lines().map(String::from));
        });
        let (want, got) = (trimmed(&e.expected), trimmed(&actual));
        if want == got {
            result.passed += 1;
        } else {
            result.failed += 1;
            result.diffs.push_str(&unified_diff(name, e, want, got));
        }
        outputs.push(actual);
    }
    result.blessed = t.render(&outputs);
    result
}

/// Lines without the blank ones at the end.
fn trimmed(lines: &[String]) -> &[String] {
    let n = lines
        .iter()
        .rposition(|l| !l.trim().is_empty())
        .map_or(0, |k| k + 1);
    &lines[..n]
}

/// A unified diff of one statement's output: the file and line of the statement, then
/// the expected lines (`-`) against the printed ones (`+`), common lines as context.
pub fn unified_diff(name: &str, e: &Entry, want: &[String], got: &[String]) -> String {
    let first = e.statement.lines().next().unwrap_or("");
    let mut out = format!(
        "--- {name}:{} (expected)\n+++ {name}:{} (printed)\n@@ -{},{} +{},{} @@ > {first}\n",
        e.line,
        e.line,
        e.line + 1,
        want.len(),
        e.line + 1,
        got.len()
    );
    for op in diff_lines(want, got) {
        let _ = writeln!(out, "{op}");
    }
    out
}

/// The edit script from `a` to `b` by a longest common subsequence: ` x` kept, `-x` removed,
/// `+x` added.
fn diff_lines(a: &[String], b: &[String]) -> Vec<String> {
    let (n, m) = (a.len(), b.len());
    // Long outputs: no alignment, every line removed then added.
    if n.saturating_mul(m) > 4_000_000 {
        return a
            .iter()
            .map(|l| format!("-{l}"))
            .chain(b.iter().map(|l| format!("+{l}")))
            .collect();
    }
    let mut lcs = vec![vec![0u32; m + 1]; n + 1];
    for i in (0..n).rev() {
        for j in (0..m).rev() {
            lcs[i][j] = if a[i] == b[j] {
                lcs[i + 1][j + 1] + 1
            } else {
                lcs[i + 1][j].max(lcs[i][j + 1])
            };
        }
    }
    let (mut i, mut j) = (0, 0);
    let mut out = Vec::new();
    while i < n || j < m {
        if i < n && j < m && a[i] == b[j] {
            out.push(format!(" {}", a[i]));
            i += 1;
            j += 1;
        } else if i < n && (j == m || lcs[i + 1][j] >= lcs[i][j + 1]) {
            out.push(format!("-{}", a[i]));
            i += 1;
        } else {
            out.push(format!("+{}", b[j]));
            j += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_outputs_and_layout() {
        let text = "# a header\n\n> x = 1\n1\n\n# next: a loop\n> for n in 0..1 {\n  n\n}\n0\n1\n> moves(p)\nrow\n# a report line\n";
        let t = Transcript::parse(text);
        assert_eq!(t.header, ["# a header", ""]);
        assert_eq!(t.entries.len(), 3);
        assert_eq!(t.entries[0].statement, "x = 1");
        assert_eq!(t.entries[0].expected, ["1"]);
        assert_eq!(t.entries[0].layout, ["", "# next: a loop"]);
        assert_eq!(t.entries[1].statement, "for n in 0..1 {\n  n\n}");
        assert_eq!(t.entries[1].line, 7);
        assert_eq!(t.entries[1].expected, ["0", "1"]);
        // A `#` line right after the output is output (reports print such lines).
        assert_eq!(t.entries[2].expected, ["row", "# a report line"]);
        let outputs: Vec<Vec<String>> = t.entries.iter().map(|e| e.expected.clone()).collect();
        assert_eq!(t.render(&outputs), text);
    }

    #[test]
    fn diffs_keep_common_lines() {
        let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
        assert_eq!(
            diff_lines(&s(&["a", "b", "c"]), &s(&["a", "x", "c"])),
            s(&[" a", "-b", "+x", " c"])
        );
    }

    #[test]
    fn errors_lose_their_location() {
        assert_eq!(
            located_error("t.cgt:3:5: error: unknown variable `q`\n    q\n    ^"),
            "error: unknown variable `q`\n    q\n    ^"
        );
    }
}
