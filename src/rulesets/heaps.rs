//! Positions of impartial heap rulesets (take-and-break and subtraction games): a collection
//! of heaps whose value is the nimber of the nim sum of the heaps' Grundy values
//! (Sprague-Grundy; WW ch. 4), read from the rule's sequence that the session shares
//! ([`Sequence`]). Options are positions of the same rule, each move written `7 -> 2+3` (a
//! heap of 7 leaves heaps of 2 and 3).

use std::sync::Arc;

use super::sequences::{Sequence, SequenceRule};
use crate::analysis::period::PeriodTheorem;
use crate::analysis::takeandbreak::move_text;
use crate::calc::value::MAX_LIST_LEN;
use crate::game::interrupt::Interrupt;
use crate::search::{HeapMoves, HeapSequence, NimPosition};

/// What a position of heaps needs of its rule besides the sequence.
pub trait HeapRule: SequenceRule {
    /// The ruleset's name (its constructor).
    const RULESET: &'static str;

    /// The largest heap the ruleset takes.
    const MAX_HEAP: usize;

    /// Calls `f` with the heaps each move from a heap of `h` leaves (empty: none).
    fn for_each_move(&self, h: usize, f: impl FnMut(&[usize]));

    /// The constructor call around its heap argument: the text before and after it
    /// (`subtraction([1, 2], ` and `, "allbut")`).
    fn call(&self) -> (String, String);

    /// The periodicity theorem that can prove the rule's sequence periodic, or why none
    /// applies.
    fn period_theorem(&self) -> Result<PeriodTheorem, String>;
}

/// A position: heaps of the rule, in increasing order (empty heaps are dropped).
#[derive(Debug)]
pub struct Heaps<R: HeapRule> {
    game: Arc<Sequence<R>>,
    heaps: Vec<usize>,
}

/// The most moves `moves(P)` and `left(P)` list.
const MAX_MOVES: usize = MAX_LIST_LEN;

/// For each heap 0 to `n` of `rule`, the moves from it: the nonempty heaps each one leaves.
pub fn heap_options<R: HeapRule>(rule: &R, n: usize) -> Vec<Vec<Vec<usize>>> {
    (0..=n)
        .map(|h| {
            let mut moves = Vec::new();
            rule.for_each_move(h, |parts| {
                moves.push(parts.iter().copied().filter(|&p| p > 0).collect())
            });
            moves
        })
        .collect()
}

impl<R: HeapRule> Heaps<R> {
    pub fn new(game: Arc<Sequence<R>>, mut heaps: Vec<usize>) -> Heaps<R> {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        Heaps { game, heaps }
    }

    /// The heaps, smallest first.
    pub fn heaps(&self) -> &[usize] {
        &self.heaps
    }

    /// Every move (in one heap of each size: moves in equal heaps are alike), as its text and
    /// the heaps it leaves.
    pub fn each_move(&self) -> Vec<(String, Vec<usize>)> {
        let mut out = Vec::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            if i > 0 && self.heaps[i - 1] == h {
                continue;
            }
            self.game.rule.for_each_move(h, |parts| {
                if out.len() == MAX_MOVES {
                    Interrupt::Budget(format!(
                        "{} has more than {MAX_MOVES} moves, more than a listing holds",
                        NimPosition::describe(self)
                    ))
                    .raise();
                }
                let mut rest = self.heaps.clone();
                rest.remove(i);
                rest.extend_from_slice(parts);
                out.push((move_text(h, parts), rest));
            });
        }
        out
    }
}

impl<R: HeapRule> NimPosition for Heaps<R> {
    fn ruleset(&self) -> &'static str {
        R::RULESET
    }

    /// The call that builds the position: `takeandbreak("0.77", [3, 5])`.
    fn describe(&self) -> String {
        let heaps = match self.heaps.as_slice() {
            [] => "0".to_string(),
            [h] => h.to_string(),
            hs => {
                let items: Vec<String> = hs.iter().map(usize::to_string).collect();
                format!("[{}]", items.join(", "))
            }
        };
        let (before, after) = self.game.rule.call();
        format!("{before}{heaps}{after}")
    }

    /// The nim sum of the heaps' Grundy values.
    fn nim_value(&self) -> u32 {
        self.heaps.iter().fold(0, |x, &h| x ^ self.game.value(h))
    }

    fn nim_options(&self) -> Vec<(String, Heaps<R>)> {
        let each = self.each_move().into_iter();
        each.map(|(text, rest)| (text, Heaps::new(self.game.clone(), rest)))
            .collect()
    }

    /// Each heap alone.
    fn summands(&self) -> Option<Vec<Heaps<R>>> {
        let each = self.heaps.iter();
        Some(
            each.map(|&h| Heaps::new(self.game.clone(), vec![h]))
                .collect(),
        )
    }

    fn heap_moves(&self, through: usize) -> Option<HeapMoves> {
        Some(HeapMoves {
            call: self.game.rule.call(),
            options: heap_options(&self.game.rule, through.min(R::MAX_HEAP)),
            max_heap: R::MAX_HEAP,
            theorem: self.game.rule.period_theorem(),
        })
    }

    fn heap_sequence(&self, through: Option<usize>) -> Option<HeapSequence> {
        let largest = through.unwrap_or_else(|| self.heaps.last().copied().unwrap_or(0));
        Some(HeapSequence {
            call: self.game.rule.call(),
            values: self.game.values(largest),
            max_heap: R::MAX_HEAP,
            theorem: self.game.rule.period_theorem(),
        })
    }
}
