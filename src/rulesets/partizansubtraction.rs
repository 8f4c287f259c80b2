//! Partizan subtraction games (Fraenkel and Kotzig, *Partizan octal games: partizan
//! subtraction games*, 1987; CGSuite's `game.heap.PartizanSubtraction`): one heap of tokens,
//! Left removes a number of her set, Right a number of his. Valued by canonical forms on the
//! shared search; swapping the two sets negates the value, so the search keys a heap by the
//! smaller order of the two sets.

use std::sync::Arc;

use super::subtraction::heaps_arg;
use crate::analysis::takeandbreak::MAX_HEAP;
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::game::Arena;
use crate::search::{Game, Player, Position, Searched};

/// The most elements a set may have.
const MAX_SET_LEN: usize = 100;

/// The two players' sets (sorted, without repeats, positive).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Sets {
    pub left: Vec<u32>,
    pub right: Vec<u32>,
}

/// A heap of a partizan subtraction game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartizanSubtraction {
    pub sets: Arc<Sets>,
    pub heap: u32,
}

impl Game for PartizanSubtraction {
    const NAME: &'static str = "partizansubtraction";

    /// `player` removes any number of their set that the heap holds.
    fn moves(&self, player: Player) -> Vec<PartizanSubtraction> {
        let set = match player {
            Player::Left => &self.sets.left,
            Player::Right => &self.sets.right,
        };
        set.iter()
            .take_while(|&&s| s <= self.heap)
            .map(|&s| PartizanSubtraction {
                sets: self.sets.clone(),
                heap: self.heap - s,
            })
            .collect()
    }

    /// An empty heap has no moves for either player.
    fn components(&self) -> Vec<PartizanSubtraction> {
        if self.heap == 0 {
            Vec::new()
        } else {
            vec![self.clone()]
        }
    }

    /// The game with the sets swapped is the negative (the players swap roles).
    fn normalize(&self) -> (PartizanSubtraction, bool) {
        if self.sets.left <= self.sets.right {
            return (self.clone(), false);
        }
        let swapped = Sets {
            left: self.sets.right.clone(),
            right: self.sets.left.clone(),
        };
        (
            PartizanSubtraction {
                sets: Arc::new(swapped),
                heap: self.heap,
            },
            true,
        )
    }

    /// `7 -> 4`.
    fn describe_move(&self, to: &PartizanSubtraction, _player: Player) -> String {
        format!("{} -> {}", self.heap, to.heap)
    }

    /// `partizansubtraction([1, 3], [2, 3], 7)`.
    fn describe(&self) -> String {
        format!(
            "partizansubtraction({}, {}, {})",
            list_text(&self.sets.left),
            list_text(&self.sets.right),
            self.heap
        )
    }
}

fn list_text(set: &[u32]) -> String {
    let items: Vec<String> = set.iter().map(u32::to_string).collect();
    format!("[{}]", items.join(", "))
}

/// Reads the set in argument `i`: a list of positive integers.
fn set_arg(arena: &mut Arena, a: &Args, i: usize, whose: &str) -> Result<Vec<u32>, CallError> {
    let items = a.list(i)?;
    if items.len() > MAX_SET_LEN {
        return Err(CallError::Arg(
            i,
            format!(
                "{whose} set has {} numbers, more than the {MAX_SET_LEN} a set may hold",
                items.len()
            ),
        ));
    }
    let mut set = Vec::with_capacity(items.len());
    for (k, x) in items.iter().enumerate() {
        let n = match x {
            Value::Game(g) => arena.as_number(*g).and_then(|x| x.to_u64()),
            _ => None,
        };
        match n {
            Some(n) if (1..=MAX_HEAP as u64).contains(&n) => set.push(n as u32),
            _ => {
                return Err(CallError::Arg(
                    i,
                    format!(
                        "item {k} of {whose} set is not a take from 1 to {MAX_HEAP} (a set is a list of positive integers, e.g. [1, 3])"
                    ),
                ));
            }
        }
    }
    set.sort_unstable();
    set.dedup();
    Ok(set)
}

/// `partizansubtraction(left, right, n)`: one heap (a list of heaps is their sum).
fn build(c: &mut Context, a: Args) -> Result<Box<dyn Position>, CallError> {
    let left = set_arg(c.arena, &a, 0, "Left's")?;
    let right = set_arg(c.arena, &a, 1, "Right's")?;
    let heap = match heaps_arg(c.arena, &a, 2)?.as_slice() {
        [h] => *h as u32,
        _ => {
            return Err(CallError::Arg(
                2,
                "one heap size from 0 to 100000 (add positions for several heaps)".into(),
            ));
        }
    };
    let sets = Arc::new(Sets { left, right });
    Ok(Box::new(Searched(PartizanSubtraction { sets, heap })))
}

/// The partizan subtraction games' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "partizan subtraction games",
    constructors: &[Constructor {
        name: "partizansubtraction",
        signature: "partizansubtraction(leftset, rightset, n)",
        arity: 3..=3,
        summary: "a heap of a partizan subtraction game",
        help: "partizansubtraction([1, 3], [2, 3], n) is a heap of n tokens from which Left removes 1 or\n3 tokens and Right 2 or 3 (Fraenkel and Kotzig 1987; CGSuite's PartizanSubtraction). Sets\nare lists of positive integers (at most 100); the heap holds at most 100000 tokens.\nSwapping the sets negates the value.\nExample: partizansubtraction([1], [2], 1) is 1, partizansubtraction([1], [2], 2) is {1|0}.",
        build,
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "partizansubtraction",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("PartizanSubtraction", "partizansubtraction")],
    caches: no_caches,
};
