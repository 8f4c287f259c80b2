//! Take-and-break games in CGSuite's code notation (WW ch. 4; Siegel, CGT, ch. IV.2; CGSuite's
//! `game.heap.TakeAndBreak`): codes, the moves of a heap and Grundy sequences.
//!
//! A code `d0.d1d2d3...` has one digit per number of tokens removed: digit `dk` says how a
//! player may remove `k` tokens from one heap. Bit `j` of the digit (its value's `2^j`) allows
//! the rest to be left as exactly `j` nonempty heaps: 1 takes the whole heap, 2 leaves one heap,
//! 4 splits the rest into two, 8 into three (hexadecimal codes), and so on. Digits run from `0`
//! to `9` and `A` to `V` (base 32) or are written `&N;` in decimal. A digit may carry a
//! constraint on the heaps it leaves: `!` pairwise unequal, `?` not all equal, `=` all equal.
//! `d0` (removing nothing) may only split a heap, as in Grundy's game `4!.0`; a pass would make
//! the game loopy. Digits in brackets repeat for ever: Nim is `0.[3]`.
//! Kayles is `0.77`, Dawson's Kayles `0.07`, Dawson's Chess `0.137`.
//!
//! The Grundy value of a heap is the mex of its options' values; an option of several heaps
//! has the nim sum (xor) of theirs (Sprague-Grundy).

use std::fmt::Write;

use super::period::PeriodTheorem;
use crate::game::interrupt::check_cancel;

/// The largest heap a Grundy sequence is computed to (the work of an octal game grows with the
/// square of the heap).
pub const MAX_HEAP: usize = 100_000;

/// What a digit asks of the sizes of the heaps a move leaves (it binds two heaps or more).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Constraint {
    Free,
    /// `!`: no two heaps of the same size.
    Unequal,
    /// `?`: the heaps are not all of one size.
    NotAllEqual,
    /// `=`: the heaps are all of one size.
    AllEqual,
}

impl Constraint {
    fn symbol(self) -> &'static str {
        match self {
            Constraint::Free => "",
            Constraint::Unequal => "!",
            Constraint::NotAllEqual => "?",
            Constraint::AllEqual => "=",
        }
    }

    /// Whether nondecreasing `parts` meet the constraint.
    fn admits(self, parts: &[usize]) -> bool {
        let equal_neighbours = parts.windows(2).filter(|w| w[0] == w[1]).count();
        match self {
            Constraint::Free => true,
            Constraint::Unequal => equal_neighbours == 0,
            Constraint::NotAllEqual => parts.len() < 2 || equal_neighbours < parts.len() - 1,
            Constraint::AllEqual => equal_neighbours == parts.len().saturating_sub(1),
        }
    }
}

/// One digit of a code: which numbers of heaps may be left (bit j: exactly j heaps), and how
/// their sizes are constrained.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Digit {
    heaps: u64,
    constraint: Constraint,
}

impl Digit {
    const ZERO: Digit = Digit {
        heaps: 0,
        constraint: Constraint::Free,
    };

    fn allows(self, j: usize) -> bool {
        j < 64 && self.heaps >> j & 1 == 1
    }

    /// The most heaps this digit may leave (0 for the zero digit).
    fn max_heaps(self) -> usize {
        (64 - self.heaps.leading_zeros() as usize).saturating_sub(1)
    }

    fn text(self) -> String {
        const BASE32: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUV";
        let base = match self.heaps {
            h if h < 32 => char::from(BASE32[h as usize]).to_string(),
            h => format!("&{h};"),
        };
        base + self.constraint.symbol()
    }
}

/// A take-and-break code: `digits[k]` says how `k` tokens may be removed; the last `repeat`
/// digits repeat for ever (0: a finite code, removing at most `digits.len() - 1`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TakeBreakCode {
    digits: Vec<Digit>,
    repeat: usize,
}

impl TakeBreakCode {
    /// Parses CGSuite's notation: `"0.77"`, `".07"`, `"0.3F"`, `"4!.0"`, `"0.[3]"`, `"0.&33;"`.
    pub fn parse(code: &str) -> Result<TakeBreakCode, String> {
        let code = code.trim();
        let (head, tail) = code.split_once('.').ok_or_else(|| {
            format!("a take-and-break code is written d0.d1d2... with a point, e.g. \"0.77\", not \"{code}\"")
        })?;
        let first = if head.is_empty() {
            vec![Digit::ZERO]
        } else {
            let (digits, repeat) = parse_digits(code, head, false)?;
            debug_assert_eq!(repeat, None);
            digits
        };
        if first.len() != 1 {
            return Err(format!(
                "\"{code}\" has {} digits before the point: only d0 (removing nothing) goes there; CGSuite's further digits, which add tokens, are not supported",
                first.len()
            ));
        }
        let d0 = first[0];
        if d0.allows(1) {
            return Err(format!(
                "d0 = {} in \"{code}\" lets a move remove nothing and leave the heap as it was (a pass), which makes the game loopy; d0 may only split a heap (4, 8, ...)",
                d0.text()
            ));
        }
        if d0.allows(0) {
            return Err(format!(
                "d0 = {} in \"{code}\" would remove nothing and leave no heap, which is no move; d0 may only split a heap (4, 8, ...)",
                d0.text()
            ));
        }
        if tail.is_empty() {
            return Err(format!(
                "the code \"{code}\" has no digits after the point, e.g. \"0.77\" (write \"4!.0\" for splitting only)"
            ));
        }
        let (rest, repeat_from) = parse_digits(code, tail, true)?;
        let mut digits = vec![d0];
        digits.extend(rest);
        let mut repeat = repeat_from.map_or(0, |i| digits.len() - 1 - i);
        if repeat > 0 && digits[digits.len() - repeat..].iter().all(|d| d.heaps == 0) {
            digits.truncate(digits.len() - repeat);
            repeat = 0;
        }
        if repeat == 0 {
            while digits.len() > 1 && digits.last().is_some_and(|d| d.heaps == 0) {
                digits.pop();
            }
        }
        Ok(TakeBreakCode { digits, repeat })
    }

    /// The code in CGSuite's notation (`0.77`, `4!.0`, `0.[3]`).
    pub fn text(&self) -> String {
        let fixed = self.digits.len() - self.repeat;
        let mut out = self.digits[0].text();
        out.push('.');
        for d in &self.digits[1..fixed] {
            out.push_str(&d.text());
        }
        if self.repeat > 0 {
            out.push('[');
            for d in &self.digits[fixed..] {
                out.push_str(&d.text());
            }
            out.push(']');
        } else if fixed == 1 {
            out.push('0');
        }
        out
    }

    /// The digit for removing `k` tokens.
    fn digit(&self, k: usize) -> Digit {
        if k < self.digits.len() {
            self.digits[k]
        } else if self.repeat > 0 {
            let start = self.digits.len() - self.repeat;
            self.digits[start + (k - start) % self.repeat]
        } else {
            Digit::ZERO
        }
    }

    /// The most tokens a move removes: `None` when a repeating digit lets it remove any number.
    pub fn max_take(&self) -> Option<usize> {
        (self.repeat == 0).then(|| self.digits.len() - 1)
    }

    /// The most heaps a move leaves.
    pub fn max_heaps(&self) -> usize {
        self.digits.iter().map(|d| d.max_heaps()).max().unwrap_or(0)
    }

    /// The Octal Periodicity Theorem for this code, or why it does not apply.
    pub fn period_theorem(&self) -> Result<PeriodTheorem, String> {
        let Some(max_take) = self.max_take() else {
            return Err(
                "a repeating digit lets a move remove any number of tokens, which the Octal Periodicity Theorem does not cover"
                    .into(),
            );
        };
        if let Some(d) = self
            .digits
            .iter()
            .find(|d| d.constraint != Constraint::Free && d.max_heaps() >= 2)
        {
            return Err(format!(
                "the digit {} constrains the sizes of the heaps it leaves, which the Octal Periodicity Theorem does not cover",
                d.text()
            ));
        }
        Ok(PeriodTheorem {
            max_heaps: self.max_heaps(),
            max_take,
        })
    }

    /// Calls `f(k, parts)` for every move from a heap of `n`: `k` tokens removed, the rest left
    /// as the nonempty heaps `parts` (in increasing order); in order of `k`, then of the number
    /// of heaps, then of the parts.
    pub fn for_each_move(&self, n: usize, mut f: impl FnMut(usize, &[usize])) {
        let mut parts = Vec::new();
        for k in 0..=n {
            if self.max_take().is_some_and(|t| k > t) {
                break;
            }
            let d = self.digit(k);
            let r = n - k;
            for j in 0..=d.max_heaps().min(r) {
                if d.allows(j) && !(k == 0 && j <= 1) {
                    partitions(r, j, 1, &mut parts, &mut |p| {
                        if d.constraint.admits(p) {
                            f(k, p)
                        }
                    });
                }
            }
        }
    }

    /// Extends `seq` (the Grundy values of heaps `0..seq.len()`) to heaps `0..=n`.
    pub fn extend(&self, seq: &mut Vec<u32>, n: usize) {
        if seq.is_empty() {
            seq.push(0);
        }
        let mut seen: Vec<u64> = Vec::new();
        while seq.len() <= n {
            let m = seq.len();
            if m.is_multiple_of(64) {
                check_cancel();
            }
            seen.iter_mut().for_each(|w| *w = 0);
            let last = self.max_take().map_or(m, |t| t.min(m));
            for k in 0..=last {
                if k % 4096 == 4095 {
                    check_cancel();
                }
                let d = self.digit(k);
                let r = m - k;
                if d.allows(0) && r == 0 {
                    mark(0, &mut seen);
                }
                if d.allows(1) && r >= 1 && k >= 1 {
                    mark(seq[r], &mut seen);
                }
                if d.allows(2) && r >= 2 {
                    // The common case, without building the parts: a + b = r, a <= b.
                    for a in 1..=r / 2 {
                        let b = r - a;
                        let ok = match d.constraint {
                            Constraint::Free => true,
                            Constraint::Unequal | Constraint::NotAllEqual => a != b,
                            Constraint::AllEqual => a == b,
                        };
                        if ok {
                            mark(seq[a] ^ seq[b], &mut seen);
                        }
                    }
                }
                let mut parts = Vec::new();
                for j in 3..=d.max_heaps().min(r) {
                    if d.allows(j) {
                        partitions(r, j, 1, &mut parts, &mut |p| {
                            if d.constraint.admits(p) {
                                mark(p.iter().fold(0, |x, &h| x ^ seq[h]), &mut seen);
                            }
                        });
                    }
                }
            }
            seq.push(mex_bits(&seen));
        }
    }
}

/// The number (from 1) in `code` of the character at byte `i` of `text`, a part of `code`
/// (`crate::syntax::source::character_number` counts the same for the rulesets' boards; this
/// layer may not import `syntax`).
fn character_number(code: &str, text: &str, i: usize) -> usize {
    let byte = text.as_ptr() as usize - code.as_ptr() as usize + i;
    code[..byte].chars().count() + 1
}

/// Reads digits (`7`, `F!`, `&33;`) of `text`, a part of `code`; with `brackets`, a final run
/// in `[...]` repeats, and its start is returned.
///
/// Errors name the character as "at character N" of the whole code
/// ([`character_number`]).
fn parse_digits(
    code: &str,
    text: &str,
    brackets: bool,
) -> Result<(Vec<Digit>, Option<usize>), String> {
    let mut digits = Vec::new();
    let mut repeat = None;
    let mut chars = text.char_indices().peekable();
    let mut closed = false;
    while let Some((i, c)) = chars.next() {
        if closed {
            return Err(format!(
                "`{c}` at character {} after `]` in \"{code}\": the repeating digits come last",
                character_number(code, text, i)
            ));
        }
        let heaps = match c {
            '[' if brackets && repeat.is_none() => {
                repeat = Some(digits.len());
                continue;
            }
            ']' if repeat.is_some() => {
                if repeat == Some(digits.len()) {
                    return Err(format!("`[]` in \"{code}\" holds no digits"));
                }
                closed = true;
                continue;
            }
            '&' => {
                let rest = &text[i + 1..];
                let end = rest.find(';').ok_or_else(|| {
                    format!("`&` in \"{code}\" starts a decimal digit that needs a closing `;`, e.g. \"0.&33;\"")
                })?;
                let n: u64 = rest[..end].parse().map_err(|_| {
                    format!(
                        "`&{};` in \"{code}\" is not a decimal digit below 2^63",
                        &rest[..end]
                    )
                })?;
                if n >= 1 << 63 {
                    return Err(format!("`&{n};` in \"{code}\" is too large (below 2^63)"));
                }
                for _ in 0..=end {
                    chars.next();
                }
                n
            }
            '*' | '{' => {
                return Err(format!(
                    "`{c}` in \"{code}\" (CGSuite's digit for any number of heaps) is not supported: write the numbers of heaps as a digit, e.g. \"&15;\" for 0 to 3 heaps"
                ));
            }
            c => match c.to_digit(32) {
                Some(d) => u64::from(d),
                None => {
                    return Err(format!(
                        "`{c}` at character {} is not a digit of a take-and-break code (0-9, A-V, &N;) in \"{code}\"",
                        character_number(code, text, i)
                    ));
                }
            },
        };
        let constraint = match chars.peek().map(|&(_, c)| c) {
            Some('!') => Constraint::Unequal,
            Some('?') => Constraint::NotAllEqual,
            Some('=') => Constraint::AllEqual,
            _ => Constraint::Free,
        };
        if constraint != Constraint::Free {
            chars.next();
        }
        let digit = Digit { heaps, constraint };
        // A constraint binds two heaps or more: on other digits it says nothing.
        let constraint = if digit.max_heaps() >= 2 {
            constraint
        } else {
            Constraint::Free
        };
        digits.push(Digit { heaps, constraint });
    }
    if repeat.is_some() && !closed {
        return Err(format!("`[` in \"{code}\" is not closed by `]`"));
    }
    Ok((digits, repeat))
}

/// Calls `f` on every way to write `r` as `j` parts, each at least `min`, in nondecreasing
/// order (`parts` is scratch space).
fn partitions(
    r: usize,
    j: usize,
    min: usize,
    parts: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]),
) {
    if j == 0 {
        if r == 0 {
            f(parts);
        }
        return;
    }
    if j == 1 {
        if r >= min {
            parts.push(r);
            f(parts);
            parts.pop();
        }
        return;
    }
    let mut a = min;
    while a * j <= r {
        parts.push(a);
        partitions(r - a, j - 1, a, parts, f);
        parts.pop();
        a += 1;
    }
}

/// Adds `v` to the bit set.
fn mark(v: u32, seen: &mut Vec<u64>) {
    let (w, b) = ((v / 64) as usize, v % 64);
    if seen.len() <= w {
        seen.resize(w + 1, 0);
    }
    seen[w] |= 1 << b;
}

/// The least value not set in the bit set.
fn mex_bits(seen: &[u64]) -> u32 {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return i as u32 * 64 + (!w).trailing_zeros();
        }
    }
    seen.len() as u32 * 64
}

/// The Grundy values of heaps `0..=n` in the take-and-break game `code`.
pub fn grundy_sequence(code: &str, n: usize) -> Result<Vec<u32>, String> {
    if n > MAX_HEAP {
        return Err(format!("heaps up to {MAX_HEAP} only, not {n}"));
    }
    let c = TakeBreakCode::parse(code)?;
    let mut seq = Vec::new();
    c.extend(&mut seq, n);
    Ok(seq)
}

/// A move from a heap of `n` as the calculator writes it: `7 -> 2+3`, `7 -> 0` (no heap left).
pub fn move_text(n: usize, parts: &[usize]) -> String {
    let mut out = format!("{n} -> ");
    if parts.is_empty() {
        out.push('0');
    }
    for (i, p) in parts.iter().enumerate() {
        let _ = write!(out, "{}{p}", if i > 0 { "+" } else { "" });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(code: &str) -> String {
        TakeBreakCode::parse(code).unwrap().text()
    }

    fn error(code: &str) -> String {
        TakeBreakCode::parse(code).unwrap_err()
    }

    #[test]
    fn codes_read_and_write_back() {
        assert_eq!(text("0.07"), "0.07");
        assert_eq!(text(".070"), "0.07");
        assert_eq!(text("4.07"), "4.07");
        assert_eq!(text("4!.0"), "4!.0");
        assert_eq!(text("0.3f"), "0.3F");
        assert_eq!(text("0.[3]"), "0.[3]");
        assert_eq!(text("0.7[0]"), "0.7");
        assert_eq!(text("0.&33;"), "0.&33;");
        assert_eq!(text("0.&31;"), "0.V");
        // A constraint on a digit that leaves at most one heap says nothing.
        assert_eq!(text("0.3!"), "0.3");
        assert!(error("0.7x").contains("not a digit"));
        assert!(error("2.07").contains("pass"));
        assert!(error("1.07").contains("no move"));
        assert!(error("007").contains("point"));
        assert!(error("0.").contains("no digits"));
        assert!(error("14.0").contains("before the point"));
        assert!(error("0.[3").contains("not closed"));
        assert!(error("0.[3]7").contains("come last"));
        assert!(error("0.*").contains("not supported"));
        assert!(error("0.&3").contains("closing `;`"));
    }

    fn moves(code: &str, n: usize) -> Vec<(usize, Vec<usize>)> {
        let mut out = Vec::new();
        TakeBreakCode::parse(code)
            .unwrap()
            .for_each_move(n, |k, p| out.push((k, p.to_vec())));
        out
    }

    #[test]
    fn moves_of_a_heap() {
        // Kayles: remove 1 or 2 pins, leaving 0, 1 or 2 rows.
        assert_eq!(
            moves("0.77", 4),
            vec![(1, vec![3]), (1, vec![1, 2]), (2, vec![2]), (2, vec![1, 1]),]
        );
        // Grundy's game splits into two unequal heaps; 8 has 1+7, 2+6, 3+5 (not 4+4).
        assert_eq!(
            moves("4!.0", 8),
            vec![(0, vec![1, 7]), (0, vec![2, 6]), (0, vec![3, 5])]
        );
        // Hexadecimal 0.8: remove one token and split the rest into exactly three heaps.
        assert_eq!(moves("0.8", 5), vec![(1, vec![1, 1, 2])]);
        // Nim takes any number, leaving one heap or none.
        assert_eq!(
            moves("0.[3]", 3),
            vec![(1, vec![2]), (2, vec![1]), (3, vec![])]
        );
    }

    /// Each game's values against a brute force over `for_each_move`, and the openings known
    /// from WW ch. 4.
    #[test]
    fn sequences() {
        fn brute(code: &str, n: usize) -> Vec<u32> {
            let c = TakeBreakCode::parse(code).unwrap();
            let mut seq: Vec<u32> = Vec::new();
            for m in 0..=n {
                let mut values = Vec::new();
                c.for_each_move(m, |_, p| values.push(p.iter().fold(0, |x, &h| x ^ seq[h])));
                values.sort_unstable();
                values.dedup();
                seq.push((0..).find(|v| values.binary_search(v).is_err()).unwrap());
            }
            seq
        }
        for code in [
            "0.77", "0.07", "0.137", "4.07", "4!.0", "0.3F", "0.8", "0.[3]", "0.6?", "0.4=",
            "0.&15;", "0.B!", "8.0",
        ] {
            assert_eq!(
                grundy_sequence(code, 40).unwrap(),
                brute(code, 40),
                "{code}"
            );
        }
        assert_eq!(
            grundy_sequence("0.[3]", 20).unwrap(),
            (0..=20).collect::<Vec<_>>()
        );
        assert_eq!(grundy_sequence("0.1", 3).unwrap(), vec![0, 1, 0, 0]);
        // Dawson's Kayles 0.07 starts 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3 (WW ch. 4).
        assert_eq!(
            grundy_sequence("0.07", 11).unwrap(),
            vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
        );
        // Grundy's game: 0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2 (WW ch. 4).
        assert_eq!(
            grundy_sequence("4!.0", 14).unwrap(),
            vec![0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2]
        );
    }

    #[test]
    fn theorem_applies_to_finite_unconstrained_codes() {
        let t = TakeBreakCode::parse("0.77")
            .unwrap()
            .period_theorem()
            .unwrap();
        assert_eq!((t.max_heaps, t.max_take), (2, 2));
        let t = TakeBreakCode::parse("0.3F")
            .unwrap()
            .period_theorem()
            .unwrap();
        assert_eq!((t.max_heaps, t.max_take), (3, 2));
        assert!(
            TakeBreakCode::parse("4!.0")
                .unwrap()
                .period_theorem()
                .unwrap_err()
                .contains("constrains")
        );
        assert!(
            TakeBreakCode::parse("0.[3]")
                .unwrap()
                .period_theorem()
                .unwrap_err()
                .contains("any number")
        );
    }

    #[test]
    fn move_texts() {
        assert_eq!(move_text(7, &[2, 3]), "7 -> 2+3");
        assert_eq!(move_text(2, &[]), "2 -> 0");
    }
}
