//! Toppling Dominoes (Fink, Nowakowski, Siegel and Wolfe, *Toppling Dominoes*, Games of No
//! Chance 5, 2019; CGSuite's `game.strip.TopplingDominoes`): a row of dominoes, blue `l`
//! (Left's), red `r` (Right's) and grey `e` (either's). A player picks one of their dominoes
//! (or a grey one) and topples it left or right: it falls and knocks over every domino on
//! that side, which all leave the row. Who cannot move loses.
//!
//! CGSuite's strips also hold `.`, an empty cell; CGSuite topples every domino to the end of
//! the strip whatever the gaps (its `UpdatedRange` clears the strip to the end), so a gap
//! changes nothing and a row is valued with its gaps squeezed out. cgcalc also reads rows
//! separated by `|` (the `cgt` crate's notation), a sum of rows: a domino topples only within
//! its row, so the rows are the components. The rules read the same from either end, so a
//! row reversed keeps its value, and exchanging blue and red negates it.

use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::game::{Arena, GameId};
use crate::search::{Game, Player, Searched};

/// The most cells a position holds, row separators included (one bit per cell in a `u64`).
pub const MAX_CELLS: usize = 64;

/// Toppling Dominoes rows: cell `i` is bit `i` of the masks, cell 0 the leftmost of the first
/// row. `left` holds the dominoes Left may topple (blue and grey), `right` those Right may
/// (red and grey), `breaks` the separators between rows; other cells are empty.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TopplingDominoes {
    len: u8,
    left: u64,
    right: u64,
    breaks: u64,
}

/// The cells `0..len`.
fn cells(len: u32) -> u64 {
    if len as usize >= MAX_CELLS {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// Bits `0..len` of `x` in reverse order.
fn reversed(x: u64, len: u8) -> u64 {
    if len == 0 {
        0
    } else {
        x.reverse_bits() >> (64 - len as u32)
    }
}

/// The bits of `x` at the positions of `keep`, packed into the low bits in order.
fn squeezed(x: u64, mut keep: u64) -> u64 {
    let (mut out, mut k) = (0u64, 0);
    while keep != 0 {
        let i = keep.trailing_zeros();
        out |= (x >> i & 1) << k;
        k += 1;
        keep &= keep - 1;
    }
    out
}

impl TopplingDominoes {
    /// Parses CGSuite's strip (`l` blue, `r` red, `e` grey, `.` empty), with rows separated by
    /// `|`; at most [`MAX_CELLS`] characters.
    pub fn parse(s: &str) -> Result<TopplingDominoes, String> {
        let count = s.chars().count();
        if count > MAX_CELLS {
            return Err(format!(
                "the position has {count} cells and separators; Toppling Dominoes positions hold at most {MAX_CELLS}"
            ));
        }
        let mut p = TopplingDominoes {
            len: count as u8,
            left: 0,
            right: 0,
            breaks: 0,
        };
        for (i, ch) in s.chars().enumerate() {
            let bit = 1u64 << i;
            match ch {
                'l' => p.left |= bit,
                'r' => p.right |= bit,
                'e' => {
                    p.left |= bit;
                    p.right |= bit;
                }
                '|' => p.breaks |= bit,
                '.' => {}
                other => {
                    return Err(format!(
                        "unexpected `{other}` at character {} of \"{s}\": Toppling Dominoes rows hold `l` (blue, Left's), `r` (red, Right's), `e` (grey, either's) and `.` (empty), rows separated by `|`",
                        i + 1
                    ));
                }
            }
        }
        Ok(p)
    }

    /// The cells of the row that holds cell `i`: from the separator before it (or the start)
    /// to the separator after it (or the end), separators excluded.
    fn row_of(&self, i: u32) -> u64 {
        let before = self.breaks & cells(i);
        let start = if before == 0 {
            0
        } else {
            64 - before.leading_zeros()
        };
        let after = self.breaks & !cells(i + 1);
        let end = if after == 0 {
            self.len as u32
        } else {
            after.trailing_zeros()
        };
        cells(end) & !cells(start)
    }

    /// The position with the cells of `gone` emptied.
    fn without(&self, gone: u64) -> TopplingDominoes {
        TopplingDominoes {
            left: self.left & !gone,
            right: self.right & !gone,
            ..*self
        }
    }

    /// Calls `f` on each move of `player`: each of their dominoes (and each grey one), in
    /// order, toppled left (it and everything before it in its row fall) and then right.
    fn for_each_move(&self, player: Player, mut f: impl FnMut(TopplingDominoes)) {
        let mut mine = match player {
            Player::Left => self.left,
            Player::Right => self.right,
        };
        while mine != 0 {
            let i = mine.trailing_zeros();
            mine &= mine - 1;
            let row = self.row_of(i);
            f(self.without(row & cells(i + 1)));
            f(self.without(row & !cells(i)));
        }
    }

    /// The colours exchanged: the negative.
    fn swapped(&self) -> TopplingDominoes {
        TopplingDominoes {
            left: self.right,
            right: self.left,
            ..*self
        }
    }

    /// The cells in reverse order: the same value.
    fn reversed(&self) -> TopplingDominoes {
        TopplingDominoes {
            len: self.len,
            left: reversed(self.left, self.len),
            right: reversed(self.right, self.len),
            breaks: reversed(self.breaks, self.len),
        }
    }
}

impl Game for TopplingDominoes {
    const NAME: &'static str = "topplingdominoes";

    /// Normalising is a bit reversal and a few comparisons, cheaper than a second table.
    const RAW_CACHE: bool = false;

    fn moves(&self, player: Player) -> Vec<TopplingDominoes> {
        let mut out = Vec::new();
        self.for_each_move(player, |m| out.push(m));
        out
    }

    /// Each move's components, always normalised (a bit reversal costs next to nothing).
    fn for_each_option_key(
        &self,
        player: Player,
        _symmetric: bool,
        mut f: impl FnMut(usize, TopplingDominoes, bool),
    ) -> usize {
        let mut i = 0;
        self.for_each_move(player, |m| {
            m.for_each_component(|c| {
                let (key, negated) = c.normalize();
                f(i, key, negated)
            });
            i += 1;
        });
        i
    }

    fn components(&self) -> Vec<TopplingDominoes> {
        let mut out = Vec::new();
        self.for_each_component(|c| out.push(c));
        out
    }

    /// Each row that holds a domino, its gaps squeezed out.
    fn for_each_component(&self, mut f: impl FnMut(TopplingDominoes)) {
        let dominoes = self.left | self.right;
        if self.breaks == 0 && dominoes == cells(self.len as u32) {
            if dominoes != 0 {
                f(*self);
            }
            return;
        }
        let mut start = 0u32;
        let mut rest = self.breaks;
        while start < self.len as u32 {
            let end = if rest == 0 {
                self.len as u32
            } else {
                rest.trailing_zeros()
            };
            rest &= rest.wrapping_sub(1);
            let keep = dominoes & cells(end) & !cells(start);
            if keep != 0 {
                f(TopplingDominoes {
                    len: keep.count_ones() as u8,
                    left: squeezed(self.left, keep),
                    right: squeezed(self.right, keep),
                    breaks: 0,
                });
            }
            start = end + 1;
        }
    }

    /// The least of the row, its reversal and both with the colours exchanged (those two
    /// negated).
    fn normalize(&self) -> (TopplingDominoes, bool) {
        let r = self.reversed();
        let mut best = (*self, false);
        for candidate in [(r, false), (self.swapped(), true), (r.swapped(), true)] {
            if candidate < best {
                best = candidate;
            }
        }
        best
    }

    /// Rows of one kind: n blue dominoes are n (each move topples some, and toppling the end
    /// one leaves n - 1, so the options are 0..n-1 for Left and none for Right; Fink et al.),
    /// n red ones -n, and n grey ones *n (both sides move to 0..n-1: nim).
    fn direct_value(&self, arena: &mut Arena) -> Option<GameId> {
        let all = cells(self.len as u32);
        if self.breaks != 0 || (self.left | self.right) != all {
            return None;
        }
        let n = self.len as i64;
        if self.right == 0 {
            Some(arena.integer(n))
        } else if self.left == 0 {
            Some(arena.integer(-n))
        } else if self.left & self.right == all {
            Some(arena.nimber(n as u32))
        } else {
            None
        }
    }

    /// `3>`: the domino on cell 3 (counted from 1 in its row) toppled to the right; `3<` to
    /// the left; `2:3>` in the second row.
    fn describe_move(&self, to: &TopplingDominoes, player: Player) -> String {
        let gone = (self.left | self.right) & !(to.left | to.right);
        if gone == 0 {
            return to.describe();
        }
        let (first, last) = (gone.trailing_zeros(), 63 - gone.leading_zeros());
        let row = self.row_of(first);
        let standing = (to.left | to.right) & row;
        let mine = match player {
            Player::Left => self.left,
            Player::Right => self.right,
        };
        // Toppled leftwards, the picked domino is the last to fall and what stands is after
        // it; rightwards it is the first. A row cleared whole was toppled from its first
        // domino rightwards if that one is the player's, else from its last leftwards.
        let rightwards = if standing != 0 {
            standing.trailing_zeros() < first
        } else {
            mine >> first & 1 == 1
        };
        let (cell, arrow) = if rightwards {
            (first, '>')
        } else {
            (last, '<')
        };
        let row_start = row.trailing_zeros();
        let within = cell - row_start + 1;
        if self.breaks == 0 {
            format!("{within}{arrow}")
        } else {
            let row_number = (self.breaks & cells(cell)).count_ones() + 1;
            format!("{row_number}:{within}{arrow}")
        }
    }

    fn describe(&self) -> String {
        (0..self.len as u32)
            .map(|i| {
                let (l, r) = (self.left >> i & 1 == 1, self.right >> i & 1 == 1);
                match (l, r, self.breaks >> i & 1 == 1) {
                    (_, _, true) => '|',
                    (true, true, _) => 'e',
                    (true, false, _) => 'l',
                    (false, true, _) => 'r',
                    _ => '.',
                }
            })
            .collect()
    }
}

/// Toppling Dominoes' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Toppling Dominoes",
    constructors: &[Constructor {
        name: "topplingdominoes",
        signature: "topplingdominoes(row)",
        arity: 1..=1,
        summary: "a row of Toppling Dominoes (CGSuite's `l`, `r`, `e`, `.`) and its value",
        help: "topplingdominoes(\"lrrl\") is the Toppling Dominoes row with those dominoes (CGSuite's strip: `l`\nblue, Left's; `r` red, Right's; `e` grey, either's; `.` empty; rows separated by `|` are a\nsum, as in the cgt crate; at most 64 characters). A player topples one of their dominoes or a\ngrey one to the left or to the right, and it knocks over every domino on that side of its row\n(gaps do not stop it, as in CGSuite); who cannot move loses (Fink, Nowakowski, Siegel, Wolfe).\nA row reversed has its value; exchanging the colours negates it. Moves read `3>` (the third\ndomino toppled rightwards) or `3<`.\nExample: topplingdominoes(\"lll\") is 3, topplingdominoes(\"lr\") is *, topplingdominoes(\"lrl\") is 1/2, topplingdominoes(\"eee\") is *3, topplingdominoes(\"l|r\") is 0.",
        build: |c, a| {
            let row = a.parsed(
                c.arena,
                0,
                "a row such as \"lrrl\"",
                TopplingDominoes::parse,
            )?;
            Ok(Box::new(Searched(row)))
        },
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "topplingdominoes",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("TopplingDominoes", "topplingdominoes")],
    caches: no_caches,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::game::value_by_definition as by_definition;
    use crate::search::Budget;
    use crate::search::local::LocalSearch;

    fn value(arena: &mut Arena, row: &str) -> GameId {
        let position = TopplingDominoes::parse(row).unwrap();
        LocalSearch::new(arena, Budget::default()).value(&position)
    }

    /// The value straight from the definition {G^L | G^R}: no components, no symmetries, no

    #[test]
    fn moves_topple_to_the_end_of_the_row() {
        let p = TopplingDominoes::parse("lrrll").unwrap();
        let left: Vec<String> = p.moves(Player::Left).iter().map(|q| q.describe()).collect();
        assert_eq!(
            left,
            [".rrll", ".....", "....l", "lrr..", ".....", "lrrl."]
        );
        let q = TopplingDominoes::parse("l.r|rl").unwrap();
        let right: Vec<String> = q.moves(Player::Right).iter().map(|m| m.describe()).collect();
        assert_eq!(right, ["...|rl", "l..|rl", "l.r|.l", "l.r|.."]);
        let names: Vec<String> = p
            .moves(Player::Left)
            .iter()
            .map(|m| p.describe_move(m, Player::Left))
            .collect();
        // 5< clears the row as 1> does: the same position, named once for both.
        assert_eq!(names, ["1<", "1>", "4<", "4>", "1>", "5>"]);
        let names: Vec<String> = q
            .moves(Player::Right)
            .iter()
            .map(|m| q.describe_move(m, Player::Right))
            .collect();
        assert_eq!(names, ["1:3<", "1:3>", "2:1<", "2:1>"]);
    }

    /// On random rows up to 7 cells, in up to two rows: the search (rows, squeezed gaps,
    /// mirror, colour swap, direct values) agrees with the definition, and the colours
    /// swapped are the negative.
    #[test]
    fn random_rows_agree_with_the_definition_and_cancel() {
        let mut rng = crate::game::rng::Rng::xorshift64(2019);
        let mut a = Arena::new();
        let cells = ['l', 'r', 'e', '.', 'l', 'r'];
        for _ in 0..300 {
            let rows: Vec<String> = (0..1 + rng.below(2))
                .map(|_| (0..rng.below(6)).map(|_| *rng.pick(&cells)).collect())
                .collect();
            let row = rows.join("|");
            let g = value(&mut a, &row);
            let p = TopplingDominoes::parse(&row).unwrap();
            assert_eq!(g, by_definition(&mut a, &p), "{row}");
            let swapped = p.swapped().describe();
            let h = value(&mut a, &swapped);
            assert_eq!(a.add(g, h), a.zero(), "{row} + {swapped}");
        }
    }
}
