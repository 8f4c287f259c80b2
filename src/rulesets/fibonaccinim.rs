//! Fibonacci Nim (Whinihan, *Fibonacci Nim*, Fibonacci Quarterly 1963; CGSuite's
//! `game.heap.FibonacciNim`, the Take-Away game with limit 2): one heap; the first move takes
//! from 1 to n - 1 tokens of a heap of n, and every later move from 1 to twice the number the
//! previous move took. So a position is the heap and the most the next move may take, which
//! the key caps at the heap (a larger limit allows nothing more). Impartial: valued by mex.

use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::search::{Game, Player, Position, Searched};

/// The largest heap.
pub const MAX_HEAP: i64 = 100_000;

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
    Ok(Box::new(Searched(position)))
}

/// Fibonacci Nim's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Fibonacci Nim",
    constructors: &[Constructor {
        name: "fibonaccinim",
        signature: "fibonaccinim(n) or fibonaccinim(n, k)",
        arity: 1..=2,
        summary: "a heap of Fibonacci Nim",
        help: "fibonaccinim(n) is a heap of n tokens of Fibonacci Nim (Whinihan 1963; CGSuite's\nFibonacciNim): the first move takes from 1 to n - 1 tokens, every later move from 1 to twice\nwhat the previous move took. fibonaccinim(n, k) is n tokens after a move that took k (the\nnext move takes at most 2k); its options are written so. The value is a nimber; a whole heap\nis a P-position exactly when n is a Fibonacci number. Heaps hold at most 100000 tokens.\nExample: fibonaccinim(8) is 0, fibonaccinim(4) is *3, fibonaccinim(2, 1) is *2.",
        build,
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "fibonaccinim",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("FibonacciNim", "fibonaccinim")],
    caches: no_caches,
};
