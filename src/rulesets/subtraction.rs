//! Subtraction games (WW ch. 4; Siegel, CGT, ch. IV.1; CGSuite's `game.heap.Subtraction`): a
//! move removes s tokens from one heap, s in a finite subtraction set S; in the *all-but* game
//! (CGSuite's `allbut => true`) a move removes any positive number of tokens that is *not* in
//! S. CGSuite writes both as take-and-break codes (digit 3 at each allowed take, `[3]`
//! repeating for all-but); here they have sequences of their own, because an all-but game
//! lets a move take any number and a code's mex would cost a pass over the whole heap.
//!
//! A position is a collection of heaps; its value is the nimber of the nim sum of the heaps'
//! Grundy values (Sprague-Grundy), read from one sequence per rule that the session extends.
//! Subtraction games with a finite set of largest element s are periodic, and the Octal
//! Periodicity Theorem with one heap and t = s proves a period from the values.

use super::heaps::HeapRule;
use super::sequences::{Sequence, SequenceRule, Sequences};
use crate::analysis::period::PeriodTheorem;
use crate::analysis::takeandbreak::MAX_HEAP;
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset};
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::game::Arena;
use crate::search::Position;

/// The most elements a subtraction set may have.
pub const MAX_SET_LEN: usize = 1000;

/// A subtraction rule: the set S (sorted, without repeats, every element from 1 to
/// [`MAX_HEAP`]) and whether moves take the numbers of S or every positive number but them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SubtractionRule {
    pub set: Vec<usize>,
    pub allbut: bool,
}

impl SubtractionRule {
    /// Whether a move may remove `k` (at least 1) tokens.
    pub fn takes(&self, k: usize) -> bool {
        k >= 1 && self.set.binary_search(&k).is_ok() != self.allbut
    }

    /// `[2, 3, 7]`.
    fn set_text(&self) -> String {
        let items: Vec<String> = self.set.iter().map(usize::to_string).collect();
        format!("[{}]", items.join(", "))
    }

    /// The Grundy values of heaps `seq.len()..=n` appended to `seq`: G(n) = mex{G(n - k) : k
    /// a take of the rule, k <= n} (Sprague-Grundy).
    fn extend(&self, seq: &mut Vec<u32>, counts: &mut Vec<u32>, n: usize) {
        if self.allbut {
            extend_allbut(&self.set, seq, counts, n);
        } else {
            while seq.len() <= n {
                let h = seq.len();
                let mut seen = vec![false; self.set.len() + 1];
                for &s in self.set.iter().take_while(|&&s| s <= h) {
                    let g = seq[h - s] as usize;
                    if g < seen.len() {
                        seen[g] = true;
                    }
                }
                seq.push(seen.iter().position(|&b| !b).unwrap_or(seen.len()) as u32);
            }
        }
    }

    /// A finite set of largest element s: the Octal Periodicity Theorem with one heap and at
    /// most s tokens taken (WW ch. 4; Siegel, CGT, Theorem IV.2.7 for subtraction games).
    fn period_theorem(&self) -> Result<PeriodTheorem, String> {
        if self.allbut {
            return Err("an all-but subtraction game removes any number of tokens, which the Octal Periodicity Theorem does not cover (its values grow: they are arithmetic-periodic)".into());
        }
        Ok(PeriodTheorem {
            max_heaps: 1,
            max_take: self.set.last().copied().unwrap_or(0),
        })
    }
}

/// The all-but game's values: every heap below h is an option of h except the heaps h - s,
/// s in S. So the mex is the least value v whose every occurrence below h is excluded: either
/// the least value that never occurs below h, or a value of an excluded heap none of whose
/// other occurrences is an option. `counts[v]` is how often v occurs below h: O(|S|) per heap.
fn extend_allbut(set: &[usize], seq: &mut Vec<u32>, counts: &mut Vec<u32>, n: usize) {
    // `counts` follows `seq`: rebuild it if it is behind (a fresh sequence).
    if counts.iter().map(|&c| c as usize).sum::<usize>() != seq.len() {
        counts.clear();
        for &g in seq.iter() {
            bump(counts, g);
        }
    }
    let mut excluded: Vec<(u32, u32)> = Vec::with_capacity(set.len());
    while seq.len() <= n {
        let h = seq.len();
        let mut mex = counts.iter().position(|&c| c == 0).unwrap_or(counts.len()) as u32;
        excluded.clear();
        for &s in set.iter().take_while(|&&s| s <= h) {
            let g = seq[h - s];
            match excluded.iter_mut().find(|(v, _)| *v == g) {
                Some((_, k)) => *k += 1,
                None => excluded.push((g, 1)),
            }
        }
        for &(v, k) in &excluded {
            if counts[v as usize] == k && v < mex {
                mex = v;
            }
        }
        seq.push(mex);
        bump(counts, mex);
    }
}

fn bump(counts: &mut Vec<u32>, g: u32) {
    let g = g as usize;
    if counts.len() <= g {
        counts.resize(g + 1, 0);
    }
    counts[g] += 1;
}

/// A rule and the Grundy values of its heaps found so far, shared by every position of the
/// rule in a session.
pub type SubtractionGame = Sequence<SubtractionRule>;

/// The session's subtraction games by rule.
pub type SubtractionGames = Sequences<SubtractionRule>;

impl SequenceRule for SubtractionRule {
    /// How many heaps have each value (the all-but mex reads them).
    type Scratch = Vec<u32>;

    fn extend(&self, values: &mut Vec<u32>, counts: &mut Vec<u32>, n: usize) {
        SubtractionRule::extend(self, values, counts, n);
    }
}

/// A position: heaps of a subtraction game.
pub type SubtractionHeaps = super::heaps::Heaps<SubtractionRule>;

impl HeapRule for SubtractionRule {
    const RULESET: &'static str = "subtraction";
    const MAX_HEAP: usize = MAX_HEAP;

    /// Taking k of a heap of h leaves h - k (nothing when k = h).
    fn for_each_move(&self, h: usize, mut f: impl FnMut(&[usize])) {
        for k in (1..=h).filter(|&k| self.takes(k)) {
            let left = [h - k];
            f(if k == h { &[] } else { &left });
        }
    }

    fn call(&self) -> (String, String) {
        let allbut = if self.allbut { ", \"allbut\"" } else { "" };
        (format!("subtraction({}, ", self.set_text()), format!("{allbut})"))
    }

    fn period_theorem(&self) -> Result<PeriodTheorem, String> {
        SubtractionRule::period_theorem(self)
    }
}

/// Reads the subtraction set in argument 0: a list of distinct-or-repeated positive integers.
fn set_arg(arena: &mut Arena, a: &Args) -> Result<Vec<usize>, CallError> {
    let items = a.list(0)?;
    if items.len() > MAX_SET_LEN {
        return Err(CallError::Arg(
            0,
            format!(
                "a subtraction set of {} numbers, more than the {MAX_SET_LEN} it may hold",
                items.len()
            ),
        ));
    }
    let mut set = Vec::with_capacity(items.len());
    for (i, x) in items.iter().enumerate() {
        let n = match x {
            Value::Game(g) => arena.as_number(*g).and_then(|x| x.to_u64()),
            _ => None,
        };
        match n {
            Some(n) if (1..=MAX_HEAP as u64).contains(&n) => set.push(n as usize),
            _ => {
                return Err(CallError::Arg(
                    0,
                    format!(
                        "item {i} of the subtraction set is not a take from 1 to {MAX_HEAP} (a subtraction set is a list of positive integers, e.g. [2, 3, 7])"
                    ),
                ));
            }
        }
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// Reads the heap argument `i`: a heap size, or a list of them.
pub fn heaps_arg(arena: &mut Arena, a: &Args, i: usize) -> Result<Vec<usize>, CallError> {
    match &a[i] {
        Value::List(items) => {
            let mut heaps = Vec::with_capacity(items.len());
            for (k, x) in items.iter().enumerate() {
                let n = match x {
                    Value::Game(g) => arena.as_number(*g).and_then(|x| x.to_u64()),
                    _ => None,
                };
                match n {
                    Some(n) if n <= MAX_HEAP as u64 => heaps.push(n as usize),
                    _ => {
                        return Err(CallError::Arg(
                            i,
                            format!("heap {k} of the list is not a heap size from 0 to {MAX_HEAP}"),
                        ));
                    }
                }
            }
            Ok(heaps)
        }
        _ => Ok(vec![a.int(arena, i, 0..=MAX_HEAP as i64)? as usize]),
    }
}

/// `subtraction(set, n)`, `subtraction(set, [n1, n2])`, `subtraction(set, n, "allbut")`.
fn build(c: &mut Context, a: Args) -> Result<Box<dyn Position>, CallError> {
    let set = set_arg(c.arena, &a)?;
    let heaps = heaps_arg(c.arena, &a, 1)?;
    let allbut = match a.len() {
        2 => false,
        _ => {
            let word = a.str(c.arena, 2, "\"allbut\" (every take but the set's)")?;
            if word != "allbut" {
                return Err(CallError::Arg(
                    2,
                    format!(
                        "\"{word}\" is not a variant: the third argument may only be \"allbut\" (remove any number of tokens but those of the set)"
                    ),
                ));
            }
            true
        }
    };
    let game = c
        .states
        .get::<SubtractionGames>()
        .get(SubtractionRule { set, allbut });
    Ok(Box::new(SubtractionHeaps::new(game, heaps)))
}

/// The subtraction games' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "subtraction games",
    constructors: &[Constructor {
        name: "subtraction",
        signature: "subtraction(set, n) or subtraction(set, n, \"allbut\")",
        arity: 2..=3,
        summary: "a heap (or heaps) of a subtraction game, or of its all-but form",
        help: "subtraction([2, 3, 7], n) is a heap of n tokens in the subtraction game with that set (WW\nch. 4): a move removes 2, 3 or 7 tokens from a heap. subtraction(set, [3, 5]) is several\nheaps. subtraction(set, n, \"allbut\") is the all-but game: a move removes any positive\nnumber of tokens except those of the set (CGSuite's Subtraction(set, allbut => true)).\nThe value is the nimber of the nim sum of the heaps' Grundy values, which the session keeps\nper set; moves(P) and left(P) list the moves, written 7 -> 5. With a finite set of largest\nelement s the values are periodic: period(subtraction(set, n)) finds the period of the heaps\n0..n and proves it with the Octal Periodicity Theorem (one heap, t = s). Heaps hold at most\n100000 tokens, sets at most 1000 numbers.\nExample: subtraction([1, 2, 3], 7) is *3, subtraction([2, 3, 7], 9) is *2, subtraction([1], 4, \"allbut\") is *2.",
        build,
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "subtraction",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Subtraction", "subtraction")],
    caches: |states| {
        let stats = states
            .peek::<SubtractionGames>()
            .map_or_else(
                || SubtractionGames::default().stats(MAX_HEAP + 1),
                |g| g.stats(MAX_HEAP + 1),
            );
        vec![("subtraction sequences", stats)]
    },
};

#[cfg(test)]
mod tests {
    use super::*;

    fn sequence(set: &[usize], allbut: bool, n: usize) -> Vec<u32> {
        let rule = SubtractionRule {
            set: set.to_vec(),
            allbut,
        };
        let (mut seq, mut counts) = (Vec::new(), Vec::new());
        rule.extend(&mut seq, &mut counts, n);
        seq
    }

    /// The definition: G(h) = mex of G(h - k) over every take k of the rule, k <= h.
    fn by_definition(set: &[usize], allbut: bool, n: usize) -> Vec<u32> {
        let rule = SubtractionRule {
            set: set.to_vec(),
            allbut,
        };
        let mut seq: Vec<u32> = Vec::new();
        for h in 0..=n {
            let options: Vec<u32> = (1..=h).filter(|&k| rule.takes(k)).map(|k| seq[h - k]).collect();
            seq.push((0..).find(|v| !options.contains(v)).unwrap());
        }
        seq
    }

    /// S = {1, 2, 3}: G(n) = n mod 4 (WW ch. 4). S = {2, 3}: 0 0 1 1 2, period 5.
    #[test]
    fn known_sequences() {
        let s123: Vec<u32> = (0..40).map(|n| n % 4).collect();
        assert_eq!(sequence(&[1, 2, 3], false, 39), s123);
        assert_eq!(sequence(&[2, 3], false, 9), [0, 0, 1, 1, 2, 0, 0, 1, 1, 2]);
        // All-but the empty set is Nim: G(n) = n.
        let nim: Vec<u32> = (0..30).collect();
        assert_eq!(sequence(&[], true, 29), nim);
    }

    /// The O(|S|)-per-heap all-but mex and the finite mex agree with the definition.
    #[test]
    fn fast_sequences_agree_with_the_definition() {
        let sets: [&[usize]; 6] = [&[1], &[2], &[1, 2], &[2, 3, 7], &[1, 4, 5, 9], &[3, 6, 10, 11]];
        for set in sets {
            for allbut in [false, true] {
                assert_eq!(
                    sequence(set, allbut, 120),
                    by_definition(set, allbut, 120),
                    "{set:?} allbut {allbut}"
                );
            }
        }
    }

    /// Extending a sequence in steps gives the sequence computed at once (the all-but counts
    /// follow the values across calls).
    #[test]
    fn extending_in_steps() {
        let rule = SubtractionRule {
            set: vec![2, 5],
            allbut: true,
        };
        let (mut seq, mut counts) = (Vec::new(), Vec::new());
        for n in [0, 3, 4, 17, 60] {
            rule.extend(&mut seq, &mut counts, n);
        }
        assert_eq!(seq, by_definition(&[2, 5], true, 60));
    }
}
