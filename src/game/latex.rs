//! LaTeX for canonical games (`latex(G)`), in the style of CGT papers (Siegel, CGT; LIP).
//!
//! The printer follows the plain-text printer's structure ([`Arena::form`]: compact values,
//! uptimals, switches, Tiny/Miny, slash notation with the fewest bars), token by token:
//!
//! | plain text | LaTeX |
//! |---|---|
//! | `3`, `-1/2` | `3`, `-\frac{1}{2}` |
//! | `*`, `*3` | `{\ast}`, `{\ast}3` |
//! | `^`, `^^`, `^3` | `{\uparrow}`, `{\Uparrow}`, `3{\cdot}{\uparrow}` (`v`: `{\downarrow}`, `{\Downarrow}`) |
//! | `^<3>`, `^[3]` | `{\uparrow}^{3}`, `{\uparrow}^{\to 3}` |
//! | `+-1`, `+-{1,1*}` | `\pm 1`, `\pm\{1, 1{\ast}\}` |
//! | `Tiny(2)`, `Miny(2)` | `\mathrm{Tiny}(2)`, `\mathrm{Miny}(2)` |
//! | `{3||2*|1*}` | `\{3 \mathrel{\|} 2{\ast} \mid 1{\ast}\}` |
//!
//! Symbols are braced (`{\uparrow}`) so that TeX sets them as ordinary symbols: bare `\ast`
//! is a binary operator and `\uparrow` a relation, which would be spaced as such. A number and
//! the infinitesimal part after it are juxtaposed when that part starts with a symbol
//! (`\frac{1}{2}{\uparrow}{\ast}`, `2{\ast}`) and joined by `+` otherwise (`1+3{\cdot}{\uparrow}`,
//! `2+\mathrm{Tiny}(2)`), so that no digit follows a number. Bar runs: one bar is `\mid`, two
//! `\mathrel{\|}`, three `\mathrel{|\|}`, four `\mathrel{\|\|}` (relations, spaced like
//! `\mid`); options on one side are separated by `, `.

use std::fmt::Write;

use super::arena::{Arena, GameId, Nus};
use super::display::{Form, MAX_SLASHES, Uptimal, UptimalShape};
use super::interrupt::check_cancel;
use super::number::Dyadic;

impl Arena {
    /// The LaTeX (math mode) for `g`.
    pub fn latex(&mut self, g: GameId) -> String {
        let mut out = String::new();
        latex_append(self, g, true, false, &mut out);
        out
    }
}

/// `x` in LaTeX: `3`, `-\frac{1}{2}`.
pub fn latex_number(x: Dyadic) -> String {
    let text = x.to_string();
    match text.split_once('/') {
        None => text,
        Some((num, den)) => match num.strip_prefix('-') {
            Some(n) => format!("-\\frac{{{n}}}{{{den}}}"),
            None => format!("\\frac{{{num}}}{{{den}}}"),
        },
    }
}

/// The up part `k.^` (k != 0).
fn ups_text(k: i64) -> String {
    let (single, double) = if k > 0 {
        ("{\\uparrow}", "{\\Uparrow}")
    } else {
        ("{\\downarrow}", "{\\Downarrow}")
    };
    match k.unsigned_abs() {
        1 => single.to_string(),
        2 => double.to_string(),
        n => format!("{n}{{\\cdot}}{single}"),
    }
}

fn nim_text(n: u32) -> String {
    match n {
        0 => String::new(),
        1 => "{\\ast}".to_string(),
        n => format!("{{\\ast}}{n}"),
    }
}

/// Joins a number part and an infinitesimal part: juxtaposed when the latter starts with a
/// symbol, with `+` otherwise.
fn join(number: Dyadic, rest: &str) -> String {
    if rest.is_empty() {
        return latex_number(number);
    }
    if number.is_zero() {
        return rest.to_string();
    }
    let sep = if rest.starts_with('{') { "" } else { "+" };
    format!("{}{sep}{rest}", latex_number(number))
}

fn nus_text(v: Nus) -> String {
    let mut rest = String::new();
    if v.ups != 0 {
        rest.push_str(&ups_text(v.ups));
    }
    rest.push_str(&nim_text(v.nim));
    join(v.number, &rest)
}

fn uptimal_text(u: Uptimal) -> String {
    let sym = if u.negative {
        "{\\downarrow}"
    } else {
        "{\\uparrow}"
    };
    let mut rest = match u.shape {
        UptimalShape::UpNth => format!("{sym}^{{{}}}", u.n),
        UptimalShape::UpTo => format!("{sym}^{{\\to {}}}", u.n),
    };
    rest.push_str(&nim_text(u.nim));
    join(u.number, &rest)
}

/// A bar run of `n` bars.
fn bars_text(n: usize) -> String {
    if n == 1 {
        return "\\mid".into();
    }
    let inner = format!("{}{}", "|".repeat(n % 2), "\\|".repeat(n / 2));
    format!("\\mathrel{{{inner}}}")
}

/// Whether a compact value is a single symbol or number (needs no parentheses after `\pm`).
fn simple_nus(v: Nus) -> bool {
    v.is_number() || (v.number.is_zero() && v.ups == 0) || (v.number.is_zero() && v.nim == 0)
}

/// Appends `g`; returns the bars of its outermost level when written without braces (0 when
/// atomic or braced), as the plain printer does.
fn latex_append(
    a: &mut Arena,
    g: GameId,
    force_braces: bool,
    force_parens: bool,
    out: &mut String,
) -> usize {
    check_cancel();
    match a.form(g) {
        Form::Nus(v) => {
            let parens = force_parens && !simple_nus(v);
            wrap(out, parens, &nus_text(v));
            0
        }
        Form::Uptimal(u) => {
            let parens = force_parens && (!u.number.is_zero() || u.nim != 0);
            wrap(out, parens, &uptimal_text(u));
            0
        }
        Form::Switch(lo) => {
            let lo = a.sort_for_display(lo);
            let mut inner = String::new();
            for (i, &o) in lo.iter().enumerate() {
                if i > 0 {
                    inner.push_str(", ");
                }
                latex_append(a, o, true, lo.len() == 1, &mut inner);
            }
            out.push_str("\\pm");
            if lo.len() > 1 {
                let _ = write!(out, "\\{{{inner}\\}}");
            } else {
                if inner.starts_with(|c: char| c.is_ascii_alphanumeric()) {
                    out.push(' ');
                }
                out.push_str(&inner);
            }
            0
        }
        Form::Tiny { shift, sub, miny } => {
            let mut rest = String::from(if miny {
                "\\mathrm{Miny}("
            } else {
                "\\mathrm{Tiny}("
            });
            latex_append(a, sub, true, false, &mut rest);
            rest.push(')');
            wrap(out, force_parens, &join(shift, &rest));
            0
        }
        Form::General => {
            let lo = a.left_options(g);
            let ro = a.right_options(g);
            let lo = a.sort_for_display(lo);
            let ro = a.sort_for_display(ro);
            let mut slashes = 1;
            let mut sides = [String::new(), String::new()];
            for (side, opts) in [&lo, &ro].into_iter().enumerate() {
                for (i, &o) in opts.iter().enumerate() {
                    if i > 0 {
                        sides[side].push_str(", ");
                    }
                    let b = latex_append(a, o, opts.len() > 1, false, &mut sides[side]);
                    slashes = slashes.max(b + 1);
                }
            }
            let braces = force_braces || slashes >= MAX_SLASHES;
            if braces {
                out.push_str("\\{");
            }
            let bar = bars_text(slashes);
            let [l, r] = sides;
            let l = if l.is_empty() { l } else { format!("{l} ") };
            let r = if r.is_empty() { r } else { format!(" {r}") };
            let _ = write!(out, "{l}{bar}{r}");
            if braces {
                out.push_str("\\}");
                0
            } else {
                slashes
            }
        }
    }
}

fn wrap(out: &mut String, parens: bool, text: &str) {
    if parens {
        let _ = write!(out, "({text})");
    } else {
        out.push_str(text);
    }
}
