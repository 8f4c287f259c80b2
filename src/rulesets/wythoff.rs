//! Wythoff's game (Wythoff 1907; WW ch. 3; CGSuite's `game.heap.Wythoff`): two heaps; a move
//! takes any number of tokens from one heap, or the same number from both. Impartial, so the
//! engine values it by mex over nim values; the two heaps play alike, so a position is keyed
//! with its smaller heap first.

use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::search::{Game, Player, Position, Searched};

/// The largest heap.
pub const MAX_HEAP: i64 = 100_000;

/// A Wythoff position: the two heaps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Wythoff {
    pub a: u32,
    pub b: u32,
}

impl Game for Wythoff {
    const NAME: &'static str = "wythoff";

    /// Take k from the first heap, from the second, or from both.
    fn moves(&self, _player: Player) -> Vec<Wythoff> {
        let (a, b) = (self.a, self.b);
        let mut out = Vec::with_capacity((a + b + a.min(b)) as usize);
        out.extend((1..=a).map(|k| Wythoff { a: a - k, b }));
        out.extend((1..=b).map(|k| Wythoff { a, b: b - k }));
        out.extend((1..=a.min(b)).map(|k| Wythoff { a: a - k, b: b - k }));
        out
    }

    fn components(&self) -> Vec<Wythoff> {
        if self.a == 0 && self.b == 0 {
            Vec::new()
        } else {
            vec![*self]
        }
    }

    /// The heaps are interchangeable: the smaller first.
    fn normalize(&self) -> (Wythoff, bool) {
        let (a, b) = (self.a.min(self.b), self.a.max(self.b));
        (Wythoff { a, b }, false)
    }

    fn is_impartial(&self) -> bool {
        true
    }

    /// `(3, 5) -> (1, 3)`.
    fn describe_move(&self, to: &Wythoff, _player: Player) -> String {
        format!("({}, {}) -> ({}, {})", self.a, self.b, to.a, to.b)
    }

    fn describe(&self) -> String {
        format!("wythoff({}, {})", self.a, self.b)
    }
}

fn build(c: &mut Context, a: Args) -> Result<Box<dyn Position>, CallError> {
    let x = a.int(c.arena, 0, 0..=MAX_HEAP)? as u32;
    let y = a.int(c.arena, 1, 0..=MAX_HEAP)? as u32;
    Ok(Box::new(Searched(Wythoff { a: x, b: y })))
}

/// Wythoff's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Wythoff's game",
    constructors: &[Constructor {
        name: "wythoff",
        signature: "wythoff(a, b)",
        arity: 2..=2,
        summary: "Wythoff's game on heaps of a and b tokens",
        help: "wythoff(a, b) is Wythoff's game on two heaps of a and b tokens (Wythoff 1907; WW ch. 3;\nCGSuite's Wythoff): a move takes any number of tokens from one heap, or the same number\nfrom both. The value is a nimber; the P-positions are (floor(k phi), floor(k phi^2)) and\ntheir mirror images, phi the golden ratio. Heaps hold at most 100000 tokens.\nExample: wythoff(1, 2) is 0, wythoff(1, 1) is *2, wythoff(2, 2) is *.",
        build,
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "wythoff",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Wythoff", "wythoff")],
    caches: no_caches,
};
