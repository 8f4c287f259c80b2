//! Slash notation: options separated by `,` and runs of bars, inside braces (`{3||2|1}`) or
//! as a whole statement (`2|1`, R8). The unique longest run of bars splits a chain into Left
//! and Right; a side that still holds bars is one option, split the same way.

use super::{PResult, Parser};
use crate::syntax::ast::*;
use crate::syntax::error::CgError;
use crate::syntax::lexer::Tok;
use crate::syntax::span::Span;

fn number_word(n: usize) -> String {
    match n {
        2 => "two".into(),
        3 => "three".into(),
        4 => "four".into(),
        _ => n.to_string(),
    }
}

#[derive(Copy, Clone, PartialEq)]
enum Closer {
    /// Inside `{ ... }` opened at this span.
    Brace(Span),
    /// Brace-less slash notation at statement level.
    Statement,
}

#[derive(Copy, Clone, PartialEq)]
enum Last {
    Start,
    Opt,
    Comma,
    Bar,
}

type Segments = Vec<Vec<Expr>>;

type Bars = Vec<(usize, Span)>;

impl Parser<'_> {
    /// A statement-level expression: a comparison, or brace-less slash notation (R8).
    pub(super) fn statement_expr(&mut self) -> PResult<Expr> {
        let start = self.peek().span.start;
        let start_index = self.pos;
        let first = if matches!(self.peek().tok, Tok::Bars(_)) {
            None
        } else {
            let e = self.sided()?;
            if !matches!(self.peek().tok, Tok::Bars(_) | Tok::Comma) || self.glued_fuzzy().is_some()
            {
                return self.comparison_rest(e);
            }
            Some(e)
        };
        let (segs, bars) = self.options(first, Closer::Statement)?;
        if bars.is_empty() {
            let comma = self.toks[start_index..self.pos]
                .iter()
                .find(|t| t.tok == Tok::Comma);
            return Err(match comma {
                Some(c) => CgError::at(c.span, "unexpected `,`")
                    .with_hint("options go inside braces {a, b | c}; lists are written [a, b]"),
                None => self.after_statement_error(),
            });
        }
        let whole = Span::new(start, self.prev_end());
        if matches!(self.peek().tok, Tok::Cmp(_)) {
            return Err(CgError::at(
                self.peek().span,
                "a brace-less slash expression cannot be compared: use braces",
            )
            .with_hint(format!(
                "write {{{}}} {} ...",
                self.text(whole),
                self.text(self.peek().span)
            )));
        }
        let (left, right) = self.split(segs, bars, (start, whole.end), whole, false)?;
        Ok(Expr::new(ExprKind::Game { left, right }, whole))
    }

    /// Parses options separated by `,` and runs of bars until the closer.
    fn options(&mut self, first: Option<Expr>, closer: Closer) -> PResult<(Segments, Bars)> {
        let mut segs: Segments = vec![Vec::new()];
        let mut bars: Bars = Vec::new();
        let mut last = Last::Start;
        if let Some(f) = first {
            segs[0].push(f);
            last = Last::Opt;
        }
        loop {
            let t = self.peek().clone();
            let at_end = match closer {
                Closer::Brace(_) => t.tok == Tok::RBrace,
                Closer::Statement => {
                    matches!(t.tok, Tok::Newline | Tok::Semi | Tok::Eof | Tok::RBrace)
                        || (last == Last::Opt && !matches!(t.tok, Tok::Bars(_) | Tok::Comma))
                }
            };
            if at_end {
                if last == Last::Comma {
                    return Err(CgError::at(
                        t.span,
                        format!("expected an option after `,`, found {}", self.describe(&t)),
                    ));
                }
                break;
            }
            match t.tok {
                Tok::Bars(n) => {
                    if last == Last::Comma {
                        return Err(CgError::at(
                            t.span,
                            "expected an option between `,` and `|`",
                        ));
                    }
                    bars.push((n, t.span));
                    segs.push(Vec::new());
                    self.bump();
                    last = Last::Bar;
                }
                Tok::Comma => {
                    if last != Last::Opt {
                        return Err(CgError::at(t.span, "expected an option before `,`")
                            .with_hint("empty sides are written with nothing between the bars: {|1}, {1|}, {|}"));
                    }
                    self.bump();
                    last = Last::Comma;
                }
                _ => {
                    if let Closer::Brace(open) = closer {
                        if matches!(t.tok, Tok::Eof | Tok::RParen | Tok::RBracket) {
                            return Err(CgError::at(
                                t.span,
                                format!(
                                    "expected `}}` to close the `{{` at {}, found {}",
                                    self.where_is(open),
                                    self.describe(&t)
                                ),
                            ));
                        }
                        if last == Last::Opt {
                            let mut e = CgError::at(
                                t.span,
                                format!(
                                    "expected `,`, `|` or `}}` after an option, found {}",
                                    self.describe(&t)
                                ),
                            );
                            if matches!(t.tok, Tok::Lit(_))
                                && self.text(t.span).starts_with(['*', '^'])
                            {
                                e = e.with_hint("there is no multiplication or power operator: `2*3` is 2+*3, and n copies of G are written n.G");
                            } else if matches!(t.tok, Tok::Cmp(_)) {
                                e = e.with_hint(
                                    "comparisons are not game options; compare outside the braces",
                                );
                            }
                            return Err(e);
                        }
                    }
                    let mut e = self.sided()?;
                    // Inside braces an option may be a generator: its values are options.
                    if matches!(closer, Closer::Brace(_))
                        && matches!(&self.peek().tok, Tok::Ident(k) if k == "for")
                    {
                        let clauses = self.clauses()?;
                        let span = Span::new(e.span.start, self.prev_end());
                        e = Expr::new(
                            ExprKind::Generator {
                                body: Box::new(e),
                                clauses,
                            },
                            span,
                        );
                    }
                    segs.last_mut().expect("non-empty").push(e);
                    last = Last::Opt;
                }
            }
        }
        Ok((segs, bars))
    }

    /// Splits a slash chain at its unique longest run of bars, recursively. `range` is the
    /// byte range of the chain's contents, `whole` the span of the whole group (with braces).
    fn split(
        &mut self,
        mut segs: Segments,
        mut bars: Bars,
        range: (usize, usize),
        whole: Span,
        nested: bool,
    ) -> PResult<(Vec<Expr>, Vec<Expr>)> {
        self.enter(whole)?;
        let max = bars.iter().map(|b| b.0).max().expect("at least one bar");
        let at_max: Vec<usize> = (0..bars.len()).filter(|&i| bars[i].0 == max).collect();
        if at_max.len() > 1 {
            return Err(self.ambiguity_error(&bars, &at_max, max, range, whole, nested));
        }
        let i = at_max[0];
        let right_segs = segs.split_off(i + 1);
        let mut right_bars = bars.split_off(i);
        let mid = right_bars.remove(0).1;
        let left = self.side(segs, bars, (range.0, mid.start), whole)?;
        let right = self.side(right_segs, right_bars, (mid.end, range.1), whole)?;
        self.leave();
        Ok((left, right))
    }

    fn side(
        &mut self,
        mut segs: Segments,
        bars: Bars,
        range: (usize, usize),
        whole: Span,
    ) -> PResult<Vec<Expr>> {
        if bars.is_empty() {
            return Ok(segs.pop().expect("one segment"));
        }
        let (left, right) = self.split(segs, bars, range, whole, true)?;
        let text = &self.src[range.0..range.1];
        let lead = text.len() - text.trim_start().len();
        let trail = text.len() - text.trim_end().len();
        let span = Span::new(range.0 + lead, range.1 - trail);
        Ok(vec![Expr::new(ExprKind::Game { left, right }, span)])
    }

    fn ambiguity_error(
        &self,
        bars: &Bars,
        at_max: &[usize],
        max: usize,
        range: (usize, usize),
        whole: Span,
        nested: bool,
    ) -> CgError {
        let run = "|".repeat(max);
        let raised = "|".repeat(max + 1);
        let reading = |k: usize| -> String {
            let b = bars[k].1;
            let side = format!(
                "{}{}{}",
                &self.src[range.0..b.start],
                raised,
                &self.src[b.end..range.1]
            );
            if nested {
                format!(
                    "{}{{{}}}{}",
                    &self.src[whole.start..range.0],
                    side.trim(),
                    &self.src[range.1..whole.end]
                )
            } else {
                format!(
                    "{}{}{}",
                    &self.src[whole.start..range.0],
                    side,
                    &self.src[range.1..whole.end]
                )
            }
        };
        let first = reading(at_max[0]);
        let second = reading(*at_max.last().expect("two"));
        let span = if nested {
            let text = &self.src[range.0..range.1];
            let lead = text.len() - text.trim_start().len();
            let trail = text.len() - text.trim_end().len();
            Span::new(range.0 + lead, range.1 - trail)
        } else {
            whole
        };
        CgError::at(
            span,
            format!(
                "ambiguous slash notation: `{}` has {} `{}` at the same level; write {} or {}",
                self.text(span),
                number_word(at_max.len()),
                run,
                first,
                second
            ),
        )
        .with_hint(
            "in slash notation more bars bind more loosely; the longest run of bars must be unique",
        )
    }

    /// Is token `i` a `{` whose group has no bars at its top level?
    pub(super) fn barless_brace_at(&self, i: usize) -> bool {
        if self.toks.get(i).map(|t| &t.tok) != Some(&Tok::LBrace) {
            return false;
        }
        let mut depth = 0usize;
        for t in &self.toks[i..] {
            match t.tok {
                Tok::LParen | Tok::LBracket | Tok::LBrace => depth += 1,
                Tok::RParen | Tok::RBracket | Tok::RBrace => {
                    depth -= 1;
                    if depth == 0 {
                        return true;
                    }
                }
                Tok::Bars(_) if depth == 1 => return false,
                Tok::Eof => return false,
                _ => {}
            }
        }
        false
    }

    /// `{ ... }`. With `allow_switchset` (after `+-`) a bar-less group gives `SwitchSet`.
    pub(super) fn brace_group(&mut self, allow_switchset: bool) -> PResult<Expr> {
        let open = self.bump();
        self.enter(open.span)?;
        let saved = std::mem::replace(&mut self.fuzzy_glue, false);
        let parsed = self.options(None, Closer::Brace(open.span));
        self.fuzzy_glue = saved;
        let (mut segs, bars) = parsed?;
        let close = self.bump();
        let whole = open.span.to(close.span);
        let e = if bars.is_empty() {
            let opts = segs.pop().expect("one segment");
            if !allow_switchset {
                return Err(CgError::at(whole, "a game needs a `|` between Left and Right options")
                    .with_hint("write {a, b | c}; `+-{a,b}` is the switch {a,b|-a,-b}; lists are written [a, b]"));
            }
            if opts.is_empty() {
                return Err(CgError::at(whole, "`+-{}` needs at least one option"));
            }
            Expr::new(ExprKind::SwitchSet(opts), whole)
        } else {
            let (left, right) =
                self.split(segs, bars, (open.span.end, close.span.start), whole, false)?;
            Expr::new(ExprKind::Game { left, right }, whole)
        };
        self.leave();
        Ok(e)
    }
}
