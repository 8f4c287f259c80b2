//! Fibonacci Nim (Whinihan, *Fibonacci Nim*, Fibonacci Quarterly 1963; CGSuite's
//! `game.heap.FibonacciNim`, the Take-Away game with limit 2): one heap; the first move takes
//! from 1 to n - 1 tokens of a heap of n, and every later move from 1 to twice the number the
//! previous move took. So a position is the heap and the most the next move may take, which
//! the key caps at the heap (a larger limit allows nothing more). Impartial: valued by mex.
//!
//! **Values.** A search by mex visits every (heap, limit) pair with all its moves: cubic in
//! the heap. Instead [`Thresholds`] keeps, per heap m, the nim value g(m, t) as a function of
//! the limit t: g(m, t) = mex{g(m - k, 2k) : 1 <= k <= t} is the mex of a growing prefix, so it
//! never decreases in t, and the table stores only the limits where it steps up. A heap's row
//! takes one pass over k with a running mex, so all heaps up to n take O(n^2) steps, and
//! every position of a session shares the rows found so far.

use std::sync::Arc;

use super::sequences::{Sequence, SequenceRule, Sequences};
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset};
use crate::calc::context::Context;
use crate::game::interrupt::check_cancel;
use crate::search::{Game, HeapSequence, NimPosition, Player, Position};

/// The largest heap.
pub const MAX_HEAP: i64 = 30_000;

/// A heap of Fibonacci Nim and the most tokens the next move may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FibonacciNim {
    pub heap: u32,
    pub limit: u32,
}

impl FibonacciNim {
    /// A heap of `n` before the first move: at most n - 1 may be taken.
    pub fn start(n: u32) -> FibonacciNim {
        FibonacciNim {
            heap: n,
            limit: n.saturating_sub(1),
        }
    }
}

impl Game for FibonacciNim {
    const NAME: &'static str = "fibonaccinim";

    /// Take k, 1 <= k <= the limit; the next move may take up to 2k.
    fn moves(&self, _player: Player) -> Vec<FibonacciNim> {
        (1..=self.limit.min(self.heap))
            .map(|k| FibonacciNim {
                heap: self.heap - k,
                limit: 2 * k,
            })
            .collect()
    }

    fn components(&self) -> Vec<FibonacciNim> {
        if self.heap == 0 || self.limit == 0 {
            Vec::new()
        } else {
            vec![*self]
        }
    }

    /// A limit above the heap allows no more than the heap.
    fn normalize(&self) -> (FibonacciNim, bool) {
        let key = FibonacciNim {
            heap: self.heap,
            limit: self.limit.min(self.heap),
        };
        (key, false)
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// `take 3`.
    fn describe_move(&self, to: &FibonacciNim, _player: Player) -> String {
        format!("take {}", self.heap - to.heap)
    }

    /// `fibonaccinim(10)` before the first move, `fibonaccinim(7, 3)` after a move that took 3.
    fn describe(&self) -> String {
        if self.limit + 1 == self.heap || (self.heap == 0 && self.limit == 0) {
            format!("fibonaccinim({})", self.heap)
        } else {
            format!("fibonaccinim({}, {})", self.heap, self.limit / 2)
        }
    }
}

/// Fibonacci Nim as a [`SequenceRule`]: the sequence is g(m, m) (a heap of m with no limit
/// short of the heap), and the scratch the rows of [`Thresholds`] behind it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FibonacciRule;

/// Per heap m, the limits t at which g(m, t) steps up, in order (a limit listed j times
/// steps up by j): g(m, t) is the number of entries at most t.
pub type Thresholds = Vec<Vec<u32>>;

/// The session's table (one rule, so one sequence).
pub type FibonacciTables = Sequences<FibonacciRule>;

impl SequenceRule for FibonacciRule {
    type Scratch = Thresholds;

    fn extend(&self, values: &mut Vec<u32>, rows: &mut Thresholds, n: usize) {
        let mut seen: Vec<bool> = Vec::new();
        while rows.len() <= n {
            let m = rows.len();
            if m.is_multiple_of(64) {
                check_cancel();
            }
            let mut row = Vec::new();
            seen.clear();
            let mut mex = 0;
            for k in 1..=m {
                // taking k leaves m - k tokens, with at most 2k (so all of them) to take next
                let g = nim_value(rows, m - k, 2 * k) as usize;
                if g >= seen.len() {
                    seen.resize(g + 1, false);
                }
                seen[g] = true;
                while seen.get(mex).copied().unwrap_or(false) {
                    mex += 1;
                    row.push(k as u32);
                }
            }
            values.push(row.len() as u32);
            rows.push(row);
        }
    }
}

/// g(m, t) from the table's rows (heap m's row must be there).
fn nim_value(rows: &Thresholds, m: usize, t: usize) -> u32 {
    let t = t.min(m) as u32;
    rows[m].partition_point(|&k| k <= t) as u32
}

/// A Fibonacci Nim position of a session, valued from the session's table.
#[derive(Debug)]
struct Heap {
    table: Arc<Sequence<FibonacciRule>>,
    at: FibonacciNim,
}

impl NimPosition for Heap {
    fn ruleset(&self) -> &'static str {
        FibonacciNim::NAME
    }

    fn describe(&self) -> String {
        self.at.describe()
    }

    fn nim_value(&self) -> u32 {
        let (m, t) = (self.at.heap as usize, self.at.limit as usize);
        self.table.with_scratch(m, |_, rows| nim_value(rows, m, t))
    }

    fn nim_options(&self) -> Vec<(String, Heap)> {
        let moves = self.at.moves(Player::Left).into_iter();
        moves
            .map(|m| {
                let text = self.at.describe_move(&m, Player::Left);
                let next = Heap {
                    table: self.table.clone(),
                    at: m,
                };
                (text, next)
            })
            .collect()
    }

    /// A heap of m before the first move is fibonaccinim(m), g(m, m - 1).
    fn heap_sequence(&self, through: Option<usize>) -> Option<HeapSequence> {
        let n = through.unwrap_or(self.at.heap as usize);
        let values = self.table.with_scratch(n, |_, rows| {
            (0..=n).map(|m| nim_value(rows, m, m.saturating_sub(1))).collect()
        });
        Some(HeapSequence {
            call: ("fibonaccinim(".into(), ")".into()),
            values,
            max_heap: MAX_HEAP as usize,
            theorem: Err("Fibonacci Nim's moves depend on the previous move: no periodicity theorem covers it".into()),
        })
    }
}

/// `fibonaccinim(n)` or `fibonaccinim(n, k)` (k taken by the previous move).
fn build(c: &mut Context, a: Args) -> Result<Box<dyn Position>, CallError> {
    let heap = a.int(c.arena, 0, 0..=MAX_HEAP)? as u32;
    let position = if a.len() == 2 {
        let k = a.int(c.arena, 1, 1..=MAX_HEAP)? as u32;
        FibonacciNim {
            heap,
            limit: 2 * k,
        }
    } else {
        FibonacciNim::start(heap)
    };
    let table = c.states.get::<FibonacciTables>().get(FibonacciRule);
    Ok(Box::new(Heap {
        table,
        at: position,
    }))
}

/// Fibonacci Nim's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Fibonacci Nim",
    constructors: &[Constructor {
        name: "fibonaccinim",
        signature: "fibonaccinim(n) or fibonaccinim(n, k)",
        arity: 1..=2,
        summary: "a heap of Fibonacci Nim",
        help: "fibonaccinim(n) is a heap of n tokens of Fibonacci Nim (Whinihan 1963; CGSuite's\nFibonacciNim): the first move takes from 1 to n - 1 tokens, every later move from 1 to twice\nwhat the previous move took. fibonaccinim(n, k) is n tokens after a move that took k (the\nnext move takes at most 2k); its options are written so. The value is a nimber; a whole heap\nis a P-position exactly when n is a Fibonacci number. Heaps hold at most 30000 tokens;\nthe values of all heaps up to n take time n^2 once per session.\nExample: fibonaccinim(8) is 0, fibonaccinim(4) is *3, fibonaccinim(2, 1) is *2.",
        build,
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "fibonaccinim",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("FibonacciNim", "fibonaccinim")],
    caches: |states| {
        let per_heap = |t: &FibonacciTables| t.stats(MAX_HEAP as usize + 1);
        let stats = states
            .peek::<FibonacciTables>()
            .map_or_else(|| per_heap(&FibonacciTables::default()), per_heap);
        vec![("fibonacci nim", stats)]
    },
};

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    /// g(m, t) straight from the definition: the mex of the options' values, memoised.
    fn by_mex(m: u32, t: u32, memo: &mut HashMap<(u32, u32), u32>) -> u32 {
        let t = t.min(m);
        if let Some(&g) = memo.get(&(m, t)) {
            return g;
        }
        let seen: Vec<u32> = (1..=t).map(|k| by_mex(m - k, 2 * k, memo)).collect();
        let g = (0..).find(|g| !seen.contains(g)).expect("a mex");
        memo.insert((m, t), g);
        g
    }

    /// The thresholds table gives every (heap, limit) pair the value the mex recursion gives.
    #[test]
    fn thresholds_agree_with_the_mex_definition() {
        let (mut values, mut rows) = (Vec::new(), Thresholds::new());
        FibonacciRule.extend(&mut values, &mut rows, 90);
        let mut memo = HashMap::new();
        for m in 0..=90u32 {
            for t in 0..=m + 2 {
                let want = by_mex(m, t, &mut memo);
                assert_eq!(nim_value(&rows, m as usize, t as usize), want, "({m}, {t})");
            }
            assert_eq!(values[m as usize], by_mex(m, m, &mut memo));
        }
    }

    /// Whinihan (1963): a whole heap (the first move takes at most n - 1) is a P-position
    /// exactly when n is a Fibonacci number; checked here to 5000.
    #[test]
    fn whole_heaps_are_p_positions_at_the_fibonacci_numbers() {
        let (mut values, mut rows) = (Vec::new(), Thresholds::new());
        FibonacciRule.extend(&mut values, &mut rows, 5000);
        let mut fib = vec![1usize, 2];
        while fib[fib.len() - 1] < 5000 {
            fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
        }
        for n in 1..=5000 {
            let p = nim_value(&rows, n, n - 1) == 0;
            assert_eq!(p, fib.contains(&n), "heap {n}");
        }
    }
}
