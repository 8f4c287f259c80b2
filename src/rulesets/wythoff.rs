//! Wythoff's game (Wythoff 1907; WW ch. 3; CGSuite's `game.heap.Wythoff`): two heaps; a move
//! takes any number of tokens from one heap, or the same number from both. Impartial: the
//! rules are a [`Game`] (the two heaps play alike, so a position is keyed with its smaller
//! heap first), but positions are valued by [`nim_table`], the mex over a row, a column and a
//! diagonal of a dense table with one bit set per value seen: every option of a position is
//! in the rectangle below it, and the table is some hundred times faster than the search over
//! hashed positions (500 x 700: 20 s by the search). The search stays as the table's check.

use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::search::{Game, NimPosition, Player, Position};

/// The largest heap.
pub const MAX_HEAP: i64 = 100_000;

/// The most cells of the table of nim values below a position ((a + 1)(b + 1)).
pub const MAX_CELLS: u64 = 1 << 24;

/// G(x, y) for x <= a, y <= b (row-major, b + 1 to a row): G(x, y) is the least value not
/// among G(x', y) (x' < x), G(x, y') (y' < y) and G(x - k, y - k) (WW ch. 3). Each row, column
/// and diagonal keeps the set of its values as bits, as wide as the most options a cell has
/// (x + y + min(x, y)), which bounds a mex.
pub fn nim_table(a: usize, b: usize) -> Vec<u32> {
    let words = (a + b + a.min(b)) / 64 + 1;
    let mut rows = vec![0u64; (a + 1) * words];
    let mut cols = vec![0u64; (b + 1) * words];
    // Diagonal d = x - y + b, from 0 to a + b.
    let mut diags = vec![0u64; (a + b + 1) * words];
    let mut g = vec![0u32; (a + 1) * (b + 1)];
    for x in 0..=a {
        for y in 0..=b {
            let d = x + b - y;
            let (r, c, e) = (x * words, y * words, d * words);
            let mut value = 0;
            for w in 0..words {
                let seen = rows[r + w] | cols[c + w] | diags[e + w];
                if seen != u64::MAX {
                    value = w * 64 + (!seen).trailing_zeros() as usize;
                    break;
                }
            }
            g[x * (b + 1) + y] = value as u32;
            let (w, bit) = (value / 64, 1u64 << (value % 64));
            rows[r + w] |= bit;
            cols[c + w] |= bit;
            diags[e + w] |= bit;
        }
    }
    g
}

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

impl NimPosition for Wythoff {
    fn ruleset(&self) -> &'static str {
        "wythoff"
    }

    fn describe(&self) -> String {
        Game::describe(self)
    }

    /// G(a, b).
    fn nim_value(&self) -> u32 {
        let (a, b) = (self.a as usize, self.b as usize);
        nim_table(a, b)[a * (b + 1) + b]
    }

    fn nim_options(&self) -> Vec<(String, Wythoff)> {
        let moves = Game::moves(self, Player::Left).into_iter();
        moves
            .map(|m| (self.describe_move(&m, Player::Left), m))
            .collect()
    }

    /// From this position's table, which holds every option.
    fn option_nim_values(&self, options: &[(String, Wythoff)]) -> Vec<u32> {
        let (a, b) = (self.a as usize, self.b as usize);
        let table = nim_table(a, b);
        options
            .iter()
            .map(|(_, m)| table[m.a as usize * (b + 1) + m.b as usize])
            .collect()
    }
}

fn build(c: &mut Context, a: Args) -> Result<Box<dyn Position>, CallError> {
    let x = a.int(c.arena, 0, 0..=MAX_HEAP)? as u32;
    let y = a.int(c.arena, 1, 0..=MAX_HEAP)? as u32;
    let cells = (u64::from(x) + 1) * (u64::from(y) + 1);
    if cells > MAX_CELLS {
        return Err(CallError::Call(format!(
            "wythoff({x}, {y}) reads a table of (a + 1)(b + 1) = {cells} nim values, more than the {MAX_CELLS} it may hold"
        )));
    }
    Ok(Box::new(Wythoff { a: x, b: y }))
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::impartial::NimSearch;
    use crate::search::Budget;

    /// The dense table against the engine's mex search over the rules (hashed positions,
    /// symmetry), on every position up to 30 x 40.
    #[test]
    fn the_table_agrees_with_the_search() {
        let table = nim_table(30, 40);
        let mut search = NimSearch::new(Budget::default());
        for x in 0..=30u32 {
            for y in 0..=40u32 {
                let found = search.nim_value(&Wythoff { a: x, b: y });
                assert_eq!(table[x as usize * 41 + y as usize], found, "({x}, {y})");
            }
        }
    }
}
