//! Coin-turning games (WW ch. 14; CGSuite's `game.strip.Turning` with its turning codes): a row
//! of coins, heads `h` or tails `t`; a move turns over some coins, the rightmost of them from
//! heads to tails, in a pattern the code allows. `"1-3"` is Mock Turtles, `"1-2"` Turning
//! Turtles, `"2"` Twins, `"1+C"` Ruler, `"3E"` Turnips, `"4FS"` Grunt.
//!
//! A code is a comma-separated list of elements; each is a count (`3`), a range (`1-3`) or an
//! unbounded range (`3+`) of coins turned, followed by modifiers: `C` consecutive, `E` equally
//! spaced, `S` symmetrically arranged, `F` the leftmost coin of the row among them, `C(n)`
//! all within n adjacent coins (CGSuite's `Spawning` codes).
//!
//! Normal play depends only on where the heads are (WW ch. 14: a coin at position n, counted
//! from 1 at the left, is a heap of n whose moves leave heaps at the other positions turned,
//! and two equal heaps cancel), so a row's value is the nimber of the nim sum of G(n) over its
//! heads, G from one sequence per code that the session extends.

use std::sync::Arc;

use super::sequences::{Sequence, SequenceRule, Sequences};
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset};
use crate::calc::context::Context;
use crate::calc::value::MAX_LIST_LEN;
use crate::game::interrupt::Interrupt;
use crate::search::{HeapSequence, NimPosition, Position};

/// The most coins a row may have.
pub const MAX_COINS: usize = 1000;

/// The most option sets counted for one coin before the calculation gives up (a code such
/// as `1+` turns any subset: 2^(n-1) sets for the coin at n).
const MAX_SETS: u64 = 50_000_000;

/// How the coins a move turns must lie.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Spacing {
    Free,
    Consecutive,
    Equal,
    Symmetric,
}

/// One element of a code: `count` coins turned, from `min` to `max`, within `span`
/// adjacent coins, spaced as `spacing`, with the row's leftmost coin if `first`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Element {
    min: usize,
    max: usize,
    span: usize,
    spacing: Spacing,
    first: bool,
}

/// A turning code as CGSuite reads it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct TurningCode {
    text: String,
    elements: Vec<Element>,
}

/// The notation, for error messages.
const NOTATION: &str = "a turning code is counts of coins such as 3, 1-3 or 2+, with modifiers C (consecutive), E (equally spaced), S (symmetric), F (with the leftmost coin), C(n) (within n coins), joined by commas: \"1-3\", \"1+C\", \"4FS\"";

impl TurningCode {
    /// Reads CGSuite's turning code (letters in either case).
    pub fn parse(code: &str) -> Result<TurningCode, String> {
        let upper = code.to_ascii_uppercase();
        let mut elements = Vec::new();
        let mut offset = 0;
        for part in upper.split(',') {
            if let Some(e) = parse_element(part, offset)? {
                elements.push(e);
            }
            offset += part.chars().count() + 1;
        }
        if elements.is_empty() {
            return Err(format!("the code \"{code}\" allows no move ({NOTATION})"));
        }
        Ok(TurningCode {
            text: code.to_string(),
            elements,
        })
    }

    /// Calls `f` with the other coins (positions 1..n-1, increasing) that each move from the
    /// coin at `n` turns, as CGSuite's `Spawning` enumerates them.
    fn each_option(&self, n: usize, f: &mut impl FnMut(&[usize])) {
        let mut chosen = Vec::new();
        for e in &self.elements {
            // The leftmost coin a move may turn: the span ends at n.
            let earliest = if e.span >= n { 1 } else { n - e.span + 1 };
            // c: the number of coins turned besides the one at n.
            let lowest = e.min.saturating_sub(1);
            let highest = (e.max.min(e.span) - 1).min(n - 1);
            for c in lowest..=highest {
                if c == 0 {
                    if !e.first || lone_coin_allowed(e, n, earliest) {
                        f(&[]);
                    }
                    continue;
                }
                let low = if e.first { 1 } else { earliest };
                if e.first && earliest != 1 {
                    continue;
                }
                match e.spacing {
                    Spacing::Free => {
                        subsets(low, n, c, e.first, &mut chosen, f);
                    }
                    Spacing::Consecutive => {
                        let start = n - c;
                        if start >= earliest && (!e.first || start == 1) {
                            chosen.clear();
                            chosen.extend(start..n);
                            f(&chosen);
                        }
                    }
                    Spacing::Equal => {
                        for d in (1..=(n - earliest) / c).rev() {
                            let start = n - d * c;
                            if e.first && start != 1 {
                                continue;
                            }
                            chosen.clear();
                            chosen.extend((0..c).map(|i| start + d * i));
                            f(&chosen);
                        }
                    }
                    Spacing::Symmetric => {
                        let firsts = if e.first { 1..=1 } else { earliest..=n - 1 };
                        for a in firsts {
                            symmetric_sets(a, n, c, &mut chosen, f);
                        }
                    }
                }
            }
        }
    }

    /// G(n) for n = seq.len()..=top: mex over the moves of the nim sums of the coins turned.
    fn extend(&self, seq: &mut Vec<u32>, top: usize) {
        if seq.is_empty() {
            // Position 0 holds no coin.
            seq.push(0);
        }
        while seq.len() <= top {
            let n = seq.len();
            let mut seen: Vec<bool> = Vec::new();
            let mut sets = 0u64;
            self.each_option(n, &mut |others| {
                sets += 1;
                if sets > MAX_SETS {
                    Interrupt::Limit(format!(
                        "the coin at {n} of turning code \"{}\" has more than {MAX_SETS} moves",
                        self.text
                    ))
                    .raise();
                }
                let x = others.iter().fold(0, |x, &p| x ^ seq[p]) as usize;
                if seen.len() <= x {
                    seen.resize(x + 1, false);
                }
                seen[x] = true;
            });
            seq.push(seen.iter().position(|&b| !b).unwrap_or(seen.len()) as u32);
        }
    }
}

/// CGSuite's test for turning the coin at n alone under `F`: the pattern's first coin, as
/// its enumerator places it, must be the leftmost coin of the row.
fn lone_coin_allowed(e: &Element, n: usize, earliest: usize) -> bool {
    let initial = match e.spacing {
        Spacing::Free => earliest,
        Spacing::Consecutive | Spacing::Equal => n,
        Spacing::Symmetric => {
            if (earliest + n) % 2 == 1 {
                earliest + 1
            } else {
                earliest
            }
        }
    };
    initial == 1
}

/// Every set of `c` positions in `low..n` (with `low` itself when `with_low`), in increasing
/// order.
fn subsets(
    low: usize,
    n: usize,
    c: usize,
    with_low: bool,
    chosen: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]),
) {
    fn go(
        from: usize,
        n: usize,
        left: usize,
        chosen: &mut Vec<usize>,
        f: &mut impl FnMut(&[usize]),
    ) {
        if left == 0 {
            f(chosen);
            return;
        }
        for p in from..=n - left {
            chosen.push(p);
            go(p + 1, n, left - 1, chosen, f);
            chosen.pop();
        }
    }
    chosen.clear();
    if with_low {
        chosen.push(low);
        go(low + 1, n, c - 1, chosen, f);
    } else {
        go(low, n, c, chosen, f);
    }
}

/// Every set of `c` positions from `a` to n - 1, with `a`, that together with n is symmetric
/// about (a + n) / 2: besides a and n, c - 1 inner coins in pairs p, a + n - p (a < p <
/// (a + n) / 2), and the centre itself when c - 1 is odd (then a + n must be even).
fn symmetric_sets(
    a: usize,
    n: usize,
    c: usize,
    chosen: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]),
) {
    let inner = c - 1;
    let centre = inner % 2 == 1;
    if centre && (a + n) % 2 == 1 {
        return;
    }
    let mut pairs = Vec::new();
    symmetric_pairs(a + 1, (a + n).div_ceil(2), inner / 2, &mut pairs, &mut |lefts| {
        chosen.clear();
        chosen.push(a);
        chosen.extend(lefts.iter().copied());
        if centre {
            chosen.push((a + n) / 2);
        }
        chosen.extend(lefts.iter().rev().map(|&l| a + n - l));
        f(chosen);
    });
}

/// Every increasing choice of `left` positions from `from` up to (not including) `top`.
fn symmetric_pairs(
    from: usize,
    top: usize,
    left: usize,
    lefts: &mut Vec<usize>,
    f: &mut impl FnMut(&[usize]),
) {
    if left == 0 {
        f(lefts);
        return;
    }
    for p in from..top {
        if top - p < left {
            break;
        }
        lefts.push(p);
        symmetric_pairs(p + 1, top, left - 1, lefts, f);
        lefts.pop();
    }
}

/// One element of a code: its count or range, then its modifiers; `None` for an element
/// whose span is below its count (it allows nothing, as in CGSuite).
fn parse_element(part: &str, offset: usize) -> Result<Option<Element>, String> {
    let chars: Vec<char> = part.chars().collect();
    let at = |i: usize, what: &str| {
        let shown = chars.get(i).map_or("the end".to_string(), |c| format!("'{c}'"));
        format!("{what} at character {} ({shown}) of the turning code: {NOTATION}", offset + i + 1)
    };
    let number = |i: &mut usize| -> Option<usize> {
        let start = *i;
        while *i < chars.len() && chars[*i].is_ascii_digit() {
            *i += 1;
        }
        let text: String = chars[start..*i].iter().collect();
        text.parse().ok().filter(|&n: &usize| n <= MAX_COINS)
    };
    let mut i = 0;
    let min = number(&mut i).ok_or_else(|| at(i, "expected a count of coins from 0 to 1000"))?;
    let max = match chars.get(i) {
        Some('+') => {
            i += 1;
            MAX_COINS
        }
        Some('-') => {
            i += 1;
            number(&mut i).ok_or_else(|| at(i, "expected the largest count of a range"))?
        }
        _ => min,
    };
    if min == 0 {
        return Err(at(0, "a move turns at least one coin: the count 0"));
    }
    if max < min {
        return Err(at(0, "a range's largest count is below its smallest"));
    }
    let (mut span, mut spacing, mut first) = (MAX_COINS, Spacing::Free, false);
    while i < chars.len() {
        match chars[i] {
            'C' if chars.get(i + 1) == Some(&'(') => {
                i += 2;
                span = number(&mut i).ok_or_else(|| at(i, "expected the span of C(n)"))?;
                if chars.get(i) != Some(&')') {
                    return Err(at(i, "expected ) closing C(n)"));
                }
                i += 1;
            }
            'C' => (spacing, i) = (Spacing::Consecutive, i + 1),
            'E' => (spacing, i) = (Spacing::Equal, i + 1),
            'S' => (spacing, i) = (Spacing::Symmetric, i + 1),
            'F' => (first, i) = (true, i + 1),
            _ => return Err(at(i, "unexpected character")),
        }
    }
    if span < min {
        return Ok(None);
    }
    Ok(Some(Element {
        min,
        max: max.min(span),
        span,
        spacing,
        first,
    }))
}

/// A code and G over the positions found so far, shared by every row of the code.
pub type TurningGame = Sequence<TurningCode>;

/// The session's turning games by code.
pub type TurningGames = Sequences<TurningCode>;

impl SequenceRule for TurningCode {
    type Scratch = ();

    fn extend(&self, values: &mut Vec<u32>, _: &mut (), n: usize) {
        TurningCode::extend(self, values, n);
    }
}

/// A row of coins of one turning game: `true` is heads.
#[derive(Debug)]
pub struct Coins {
    game: Arc<TurningGame>,
    heads: Vec<bool>,
}

/// Reads a row of coins: `h` heads, `t` tails.
fn parse_coins(s: &str) -> Result<Vec<bool>, String> {
    let mut heads = Vec::new();
    for (i, c) in s.chars().enumerate() {
        match c {
            'h' | 'H' => heads.push(true),
            't' | 'T' => heads.push(false),
            _ => {
                return Err(format!(
                    "unexpected '{c}' at character {} of the coins: a row of coins is h (heads) and t (tails), e.g. \"htth\"",
                    i + 1
                ));
            }
        }
    }
    if heads.len() > MAX_COINS {
        return Err(format!(
            "a row of {} coins, more than the {MAX_COINS} a row may hold",
            heads.len()
        ));
    }
    Ok(heads)
}

impl Coins {
    /// Every move: its text (the coins turned, `turn 2,5,9`) and the row it leaves.
    fn each_move(&self) -> Vec<(String, Vec<bool>)> {
        let mut out = Vec::new();
        for n in (1..=self.heads.len()).filter(|&p| self.heads[p - 1]) {
            self.game.rule.each_option(n, &mut |others| {
                if out.len() == MAX_LIST_LEN {
                    Interrupt::Budget(format!(
                        "{} has more than {MAX_LIST_LEN} moves, more than a listing holds",
                        NimPosition::describe(self)
                    ))
                    .raise();
                }
                let mut row = self.heads.clone();
                row[n - 1] = false;
                for &p in others {
                    row[p - 1] = !row[p - 1];
                }
                let coins: Vec<String> = others
                    .iter()
                    .chain(std::iter::once(&n))
                    .map(usize::to_string)
                    .collect();
                out.push((format!("turn {}", coins.join(",")), row));
            });
        }
        out
    }
}

impl NimPosition for Coins {
    fn ruleset(&self) -> &'static str {
        "turning"
    }

    /// `turning("1-3", "htth")`.
    fn describe(&self) -> String {
        let row: String = self.heads.iter().map(|&h| if h { 'h' } else { 't' }).collect();
        format!("turning(\"{}\", \"{row}\")", self.game.rule.text)
    }

    /// The nim sum of G over the heads.
    fn nim_value(&self) -> u32 {
        let g = self.game.values(self.heads.len());
        (1..=self.heads.len())
            .filter(|&p| self.heads[p - 1])
            .fold(0, |x, p| x ^ g[p])
    }

    fn nim_options(&self) -> Vec<(String, Coins)> {
        let each = self.each_move().into_iter();
        each.map(|(text, heads)| {
            let next = Coins {
                game: self.game.clone(),
                heads,
            };
            (text, next)
        })
        .collect()
    }

    /// The coin at position n is a heap of n (position 0 holds no coin: G(0) = 0).
    fn heap_sequence(&self, through: Option<usize>) -> Option<HeapSequence> {
        Some(HeapSequence {
            call: (format!("turning(\"{}\", ", self.game.rule.text), ")".into()),
            values: self.game.values(through.unwrap_or(self.heads.len())),
            max_heap: MAX_COINS,
            theorem: Err("a coin-turning game is no take-and-break game of bounded take".into()),
        })
    }
}

fn code_arg(c: &mut Context, a: &Args) -> Result<Arc<TurningGame>, CallError> {
    let code = a.parsed(c.arena, 0, "a turning code in quotes, e.g. \"1-3\"", TurningCode::parse)?;
    Ok(c.states.get::<TurningGames>().get(code))
}

/// `turning(code, coins)`.
fn build(c: &mut Context, a: Args) -> Result<Box<dyn Position>, CallError> {
    let game = code_arg(c, &a)?;
    let heads = a.parsed(c.arena, 1, "a row of coins in quotes, e.g. \"htth\"", parse_coins)?;
    Ok(Box::new(Coins { game, heads }))
}

/// The coin-turning games' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "coin-turning games",
    constructors: &[Constructor {
        name: "turning",
        signature: "turning(code, coins)",
        arity: 2..=2,
        summary: "a row of coins of a coin-turning game given by CGSuite's turning code",
        help: "turning(\"1-3\", \"htth\") is a row of coins, h heads and t tails, in the coin-turning game\nwith that code (WW ch. 14; CGSuite's Turning): a move turns over coins, the rightmost from\nheads to tails. The code counts the coins a move turns: 3, a range 1-3 or 2+, with\nmodifiers C (consecutive), E (equally spaced), S (symmetric), F (with the leftmost coin),\nC(n) (within n adjacent coins); elements joined by commas allow any of them. \"1-3\" is Mock\nTurtles, \"1-2\" Turning Turtles, \"2\" Twins, \"1+C\" Ruler, \"3E\" Turnips, \"4FS\" Grunt. The\nvalue is the nim sum of the heads' values (a head at position n, from 1 at the left, is a\nheap of n); moves(P) writes a move as the coins it turns. Rows hold at most 1000 coins.\nExample: turning(\"1-3\", \"h\") is *, turning(\"1-3\", \"tth\") is *4, turning(\"1-3\", \"hhh\") is *7.",
        build,
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "turning",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Turning", "turning")],
    caches: |states| {
        let stats = states
            .peek::<TurningGames>()
            .map_or_else(
                || TurningGames::default().stats(MAX_COINS + 1),
                |g| g.stats(MAX_COINS + 1),
            );
        vec![("turning sequences", stats)]
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    fn sets(code: &str, n: usize) -> Vec<Vec<usize>> {
        let code = TurningCode::parse(code).unwrap();
        let mut out = Vec::new();
        code.each_option(n, &mut |s| out.push(s.to_vec()));
        out.sort();
        out
    }

    /// The move sets from the coin at 5, by hand from the code's meaning.
    #[test]
    fn move_sets_follow_the_codes() {
        // Twins: one other coin, anywhere to the left.
        assert_eq!(sets("2", 5), [vec![1], vec![2], vec![3], vec![4]]);
        // Three consecutive coins ending at 5.
        assert_eq!(sets("3C", 5), [vec![3, 4]]);
        // Three equally spaced: spacing 1 (3, 4, 5) or 2 (1, 3, 5).
        assert_eq!(sets("3E", 5), [vec![1, 3], vec![3, 4]]);
        // Four symmetric with the leftmost coin: 1, x, 6 - x, 5 for x = 2.
        assert_eq!(sets("4FS", 5), [vec![1, 2, 4]]);
        // Up to two coins within a span of 3: 5 alone, or with 3 or 4.
        assert_eq!(sets("1-2C(3)", 5), [vec![], vec![3], vec![4]]);
        // Mock Turtles from 3: the coin alone, with one of 1, 2, or with both.
        assert_eq!(sets("1-3", 3), [vec![], vec![1], vec![1, 2], vec![2]]);
    }

    #[test]
    fn codes_are_read_or_refused_at_the_character() {
        assert!(TurningCode::parse("1-3").is_ok());
        assert!(TurningCode::parse("2-3,6c").is_ok());
        let e = TurningCode::parse("1-3X").unwrap_err();
        assert!(e.contains("character 4 ('X')"), "{e}");
        let e = TurningCode::parse("1-").unwrap_err();
        assert!(e.contains("largest count"), "{e}");
        let e = TurningCode::parse("3-1").unwrap_err();
        assert!(e.contains("below its smallest"), "{e}");
        let e = TurningCode::parse("1C(2").unwrap_err();
        assert!(e.contains("expected )"), "{e}");
    }
}
