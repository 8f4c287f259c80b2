//! Toads and Frogs (Winning Ways, ch. 1; CGSuite's `game.strip.ToadsAndFrogs`): Left's toads
//! `t` and Right's frogs `f` stand on a strip of cells. A toad moves one cell right into an
//! empty cell, or jumps one frog immediately to its right into the empty cell beyond; frogs
//! move leftwards the same way. Who cannot move loses. Elephants and Rhinos (CGSuite's
//! `game.strip.ElephantsAndRhinos`, `GenToadsAndFrogs(0)`) has the slides only:
//! [`Leaping`]`<false>`, registered in [`super::elephantsandrhinos`].
//!
//! CGSuite's strips hold `.` (empty), `t` and `f`; cgcalc also reads `#`, a blocked cell that
//! nothing enters or jumps. The rules are the same read from either end with the players'
//! pieces exchanged, so the strip reversed with toads and frogs swapped is the negative.
//!
//! **Components.** A piece is *stuck* when it can never move. Stuck pieces are found as the
//! greatest set `D` of pieces such that, assuming the pieces in `D` never move (and every
//! other cell may become empty), each of them has no move: a toad at `i` whose cell `i+1` is
//! the edge, `#` or a piece of `D`, and, where jumps are allowed, not a frog of `D` with a
//! cell `i+2` that may become empty (frogs mirrored). By induction on the moves of a game no
//! piece of `D` ever moves, since its blocking cells never change. A move crosses the
//! boundary between cells `c` and `c+1` only by a slide between them or a jump from `c-1` to
//! `c+1` or from `c` to `c+2`; each needs one of `c`, `c+1` to move or to become empty. So no
//! move crosses a boundary next to `#` (nothing enters or jumps it), nor one between two
//! cells of `D` or `#`; without jumps none crosses a boundary next to a cell of `D`. The strip
//! splits at those boundaries, and a stuck piece or `#` at the end of a part is dropped: no
//! move touches it, as the cell beyond it never empties. A part where no toad stands left of
//! a frog is a number without search (see [`Game::direct_value`]).

use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::game::{Arena, GameId};
use super::word::Word;
use crate::search::{Game, Player, Position, Searched};

/// The most cells a strip holds (one bit per cell in a `u64`).
pub const MAX_CELLS: usize = 64;

/// A strip of Toads and Frogs (`JUMPS`) or of Elephants and Rhinos (no jumps): cell `i` is bit
/// `i` of the masks, cell 0 the leftmost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Leaping<const JUMPS: bool, W: Word = u64> {
    len: u8,
    toads: W,
    frogs: W,
    blocked: W,
}

/// A Toads and Frogs strip.
pub type ToadsAndFrogs = Leaping<true>;

/// The cells of a strip as CGSuite writes it: cell `i` is bit `i` of each mask.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cells {
    pub len: u8,
    pub toads: u64,
    pub frogs: u64,
    pub blocked: u64,
}

/// Parses CGSuite's strip: `t` a toad (Left's), `f` a frog (Right's), `.` empty, and `#` a
/// blocked cell; at most [`MAX_CELLS`] cells. `title` names the ruleset in messages (the
/// strips of Toads and Frogs, Elephants and Rhinos and Backsliding Toads and Frogs).
pub fn parse_cells(s: &str, title: &str) -> Result<Cells, String> {
    let count = s.chars().count();
    if count > MAX_CELLS {
        return Err(format!(
            "the strip has {count} cells; {title} strips hold at most {MAX_CELLS}"
        ));
    }
    let mut p = Cells {
        len: count as u8,
        toads: 0,
        frogs: 0,
        blocked: 0,
    };
    for (i, ch) in s.chars().enumerate() {
        let bit = 1u64 << i;
        match ch {
            't' => p.toads |= bit,
            'f' => p.frogs |= bit,
            '#' => p.blocked |= bit,
            '.' => {}
            other => {
                return Err(format!(
                    "unexpected `{other}` at character {} of \"{s}\": {title} strips hold `t` (Left's toads), `f` (Right's frogs), `.` (empty) and `#` (blocked)",
                    i + 1
                ));
            }
        }
    }
    Ok(p)
}

/// The cells `0..len`.
fn cells(len: u8) -> u64 {
    if len as usize >= MAX_CELLS {
        u64::MAX
    } else {
        (1u64 << len) - 1
    }
}

/// The cells of `x` shifted down by `k` (bit `i` of the result is cell `i + k`), with the
/// cells beyond the end of the word counted as set (they are off the strip).
fn from_right(x: u64, k: u32) -> u64 {
    (x >> k) | !(u64::MAX >> k)
}

/// The cells of `x` shifted up by `k` (bit `i` of the result is cell `i - k`), with the cells
/// before cell 0 counted as set.
fn from_left(x: u64, k: u32) -> u64 {
    (x << k) | ((1u64 << k) - 1)
}

/// Bits `0..len` of `x` in reverse order.
fn reversed(x: u64, len: u8) -> u64 {
    if len == 0 {
        0
    } else {
        x.reverse_bits() >> (64 - len as u32)
    }
}

impl<const JUMPS: bool> Leaping<JUMPS> {
    /// Parses CGSuite's strip: `t` a toad (Left's), `f` a frog (Right's), `.` empty, and `#` a
    /// blocked cell; at most [`MAX_CELLS`] cells.
    pub fn parse(s: &str) -> Result<Self, String> {
        let cells = parse_cells(s, Self::TITLE)?;
        Ok(Leaping {
            len: cells.len,
            toads: cells.toads,
            frogs: cells.frogs,
            blocked: cells.blocked,
        })
    }

    /// A strip as a searchable position, its cells stored in a `u32` where they fit (half
    /// the key in the value table).
    pub fn searched(self) -> Box<dyn Position> {
        match self.narrowed::<u32>() {
            Some(small) => Box::new(Searched(small)),
            None => Box::new(Searched(self)),
        }
    }

    /// The strip stored in words of type `W`, if it fits.
    fn narrowed<W: Word>(&self) -> Option<Leaping<JUMPS, W>> {
        (self.len as usize <= W::CELLS).then(|| Leaping {
            len: self.len,
            toads: W::of(self.toads),
            frogs: W::of(self.frogs),
            blocked: W::of(self.blocked),
        })
    }
}

impl<const JUMPS: bool, W: Word> Leaping<JUMPS, W> {
    /// The ruleset's title, for messages.
    const TITLE: &'static str = if JUMPS {
        "Toads and Frogs"
    } else {
        "Elephants and Rhinos"
    };

    /// Cells of Left's toads (elephants).
    #[inline(always)]
    fn toads(&self) -> u64 {
        self.toads.get()
    }

    /// Cells of Right's frogs (rhinos).
    #[inline(always)]
    fn frogs(&self) -> u64 {
        self.frogs.get()
    }

    #[inline(always)]
    fn blocked(&self) -> u64 {
        self.blocked.get()
    }

    fn empty(&self) -> u64 {
        cells(self.len) & !(self.toads() | self.frogs() | self.blocked())
    }

    /// The piece on `from` moved to `to` (a toad if `player` is Left).
    fn moved(&self, player: Player, from: u32, to: u32) -> Self {
        let mut p = *self;
        let change = (1u64 << from) | (1u64 << to);
        match player {
            Player::Left => p.toads = W::of(p.toads() ^ change),
            Player::Right => p.frogs = W::of(p.frogs() ^ change),
        }
        p
    }

    /// Calls `f` on each position `player` can move to: toads slide right into an empty cell
    /// or jump a frog into the empty cell beyond (with `JUMPS`); frogs the same leftwards. In
    /// the order of the pieces, left to right.
    fn for_each_move(&self, player: Player, mut f: impl FnMut(Self)) {
        let empty = self.empty();
        let (slides, jumps) = match player {
            Player::Left => (
                self.toads() & (empty >> 1),
                self.toads() & (self.frogs() >> 1) & (empty >> 2),
            ),
            Player::Right => (
                self.frogs() & (empty << 1),
                self.frogs() & (self.toads() << 1) & (empty << 2),
            ),
        };
        let jumps = if JUMPS { jumps } else { 0 };
        let mut movers = slides | jumps;
        while movers != 0 {
            let from = movers.trailing_zeros();
            movers &= movers - 1;
            let step = if slides >> from & 1 == 1 { 1 } else { 2 };
            let to = match player {
                Player::Left => from + step,
                Player::Right => from - step,
            };
            f(self.moved(player, from, to));
        }
    }

    /// The greatest set of pieces that never move (the module doc): pieces are dropped from
    /// the candidates until every candidate is blocked by cells that never empty.
    fn stuck(&self) -> u64 {
        let outside = !cells(self.len);
        // A piece facing an empty cell is never stuck: start from the others.
        let empty = self.empty();
        let mut d = (self.toads() & !(empty >> 1)) | (self.frogs() & !(empty << 1));
        loop {
            let never_empty = self.blocked() | outside | d;
            let (stuck_toads, stuck_frogs) = (d & self.toads(), d & self.frogs());
            let mut toad_free = !from_right(never_empty, 1);
            let mut frog_free = !from_left(never_empty, 1);
            if JUMPS {
                toad_free |= (stuck_frogs >> 1) & !from_right(never_empty, 2);
                frog_free |= (stuck_toads << 1) & !from_left(never_empty, 2);
            }
            let next = (self.toads() & !toad_free) | (self.frogs() & !frog_free);
            if next == d {
                return d;
            }
            d = next;
        }
    }

    /// Cells `start..end` as a strip of their own.
    fn slice(&self, start: u32, end: u32) -> Self {
        let m = cells((end - start) as u8);
        Leaping {
            len: (end - start) as u8,
            toads: W::of((self.toads() >> start) & m),
            frogs: W::of((self.frogs() >> start) & m),
            blocked: W::of((self.blocked() >> start) & m),
        }
    }

    /// The strip reversed with toads and frogs exchanged: the negative.
    fn mirrored(&self) -> Self {
        Leaping {
            len: self.len,
            toads: W::of(reversed(self.frogs(), self.len)),
            frogs: W::of(reversed(self.toads(), self.len)),
            blocked: W::of(reversed(self.blocked(), self.len)),
        }
    }

    /// For each toad, the empty cells to its right; for each frog, those to its left: the
    /// moves each has left when no toad stands left of a frog.
    fn free_runs(&self) -> (u32, u32) {
        let empty = self.empty();
        let mut toad_moves = 0;
        let mut t = self.toads();
        while t != 0 {
            let i = t.trailing_zeros();
            toad_moves += (empty >> i).count_ones();
            t &= t - 1;
        }
        let mut frog_moves = 0;
        let mut f = self.frogs();
        while f != 0 {
            let i = f.trailing_zeros();
            frog_moves += (empty & ((1u64 << i) - 1)).count_ones();
            f &= f - 1;
        }
        (toad_moves, frog_moves)
    }
}

impl<const JUMPS: bool, W: Word> Game for Leaping<JUMPS, W> {
    const NAME: &'static str = if JUMPS {
        "toadsandfrogs"
    } else {
        "elephantsandrhinos"
    };

    /// Normalising is a few word operations (a bit reversal), cheaper than a second table.
    const RAW_CACHE: bool = false;

    fn moves(&self, player: Player) -> Vec<Self> {
        let mut out = Vec::new();
        self.for_each_move(player, |m| out.push(m));
        out
    }

    /// Components of each move straight from [`Leaping::for_each_move`], without collecting
    /// the moves first; always normalised (a bit reversal costs next to nothing).
    fn for_each_option_key(
        &self,
        player: Player,
        _symmetric: bool,
        mut f: impl FnMut(usize, Self, bool),
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

    fn components(&self) -> Vec<Self> {
        let mut out = Vec::new();
        self.for_each_component(|c| out.push(c));
        out
    }

    /// The parts between boundaries no move crosses (the module doc), each without the stuck
    /// pieces and `#` at its ends; parts where no piece can move are dropped.
    fn for_each_component(&self, mut f: impl FnMut(Self)) {
        let stuck = self.stuck();
        let movable = (self.toads() | self.frogs()) & !stuck;
        if movable == 0 {
            return;
        }
        let walls = stuck | self.blocked();
        if walls == 0 {
            f(*self);
            return;
        }
        // Bit c: no move crosses the boundary between cells c and c+1.
        let cuts = if JUMPS {
            (walls & (walls >> 1)) | self.blocked() | (self.blocked() >> 1)
        } else {
            walls | (walls >> 1)
        };
        let len = self.len as u32;
        let mut ends = cuts & cells(self.len - 1);
        let mut start = 0u32;
        while start < len {
            let end = if ends == 0 {
                len
            } else {
                ends.trailing_zeros() + 1
            };
            ends &= ends.wrapping_sub(1);
            let part = cells((end - start) as u8) << start;
            if movable & part != 0 {
                // Cells start..end, without the walls at either end.
                let inner = part & !walls;
                let (a, b) = (inner.trailing_zeros(), 64 - inner.leading_zeros());
                f(self.slice(a, b));
            }
            start = end;
        }
    }

    fn normalize(&self) -> (Self, bool) {
        let m = self.mirrored();
        if m < *self { (m, true) } else { (*self, false) }
    }

    /// A strip where no toad stands left of a frog: toads and frogs move apart and never meet,
    /// every move uses up exactly one of the counts of [`Leaping::free_runs`] (a toad passing
    /// an empty cell), and the piece nearest the end of a run of one player's pieces can always
    /// move while one of theirs is left. So Left has exactly `t` moves left whatever is played,
    /// Right `f`, and the value is the integer `t - f` (a game where only one side moves, n
    /// times, is n; sums of integers add).
    fn direct_value(&self, arena: &mut Arena) -> Option<GameId> {
        let mut t = self.toads();
        while t != 0 {
            let i = t.trailing_zeros();
            if self.frogs() >> i != 0 {
                return None;
            }
            t &= t - 1;
        }
        let (toad_moves, frog_moves) = self.free_runs();
        Some(arena.integer(toad_moves as i64 - frog_moves as i64))
    }

    /// `3-4`: the piece on cell 3 (counted from 1 at the left) moves to cell 4.
    fn describe_move(&self, to: &Self, player: Player) -> String {
        let (before, after) = match player {
            Player::Left => (self.toads(), to.toads()),
            Player::Right => (self.frogs(), to.frogs()),
        };
        let (from, at) = (before & !after, after & !before);
        if from.count_ones() == 1 && at.count_ones() == 1 {
            format!("{}-{}", from.trailing_zeros() + 1, at.trailing_zeros() + 1)
        } else {
            to.describe()
        }
    }

    fn describe(&self) -> String {
        (0..self.len as u32)
            .map(|i| {
                let bit = 1u64 << i;
                if self.toads() & bit != 0 {
                    't'
                } else if self.frogs() & bit != 0 {
                    'f'
                } else if self.blocked() & bit != 0 {
                    '#'
                } else {
                    '.'
                }
            })
            .collect()
    }
}

/// Toads and Frogs' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Toads and Frogs",
    constructors: &[Constructor {
        name: "toadsandfrogs",
        signature: "toadsandfrogs(strip)",
        arity: 1..=1,
        summary: "a Toads and Frogs strip (CGSuite's `t`, `f`, `.`) and its value",
        help: "toadsandfrogs(\"tt..ff\") is the Toads and Frogs strip with those cells (CGSuite's strip: `t`\nLeft's toads, `f` Right's frogs, `.` empty; cgcalc also reads `#`, a blocked cell; at most\n64 cells). A toad moves one cell right into an empty cell or jumps one frog into the empty cell\nbeyond; frogs move left the same way; who cannot move loses (Winning Ways, ch. 1). Parts that\nno move connects are valued apart and added; the strip reversed with toads and frogs\nexchanged is the negative.\nExample: toadsandfrogs(\"t.f\") is *, toadsandfrogs(\"t..f\") is 0, toadsandfrogs(\"ft.\") is 1, toadsandfrogs(\"t.#.f\") is 0.",
        build: |c, a| {
            let strip = a.parsed(
                c.arena,
                0,
                "a strip such as \"tt..ff\"",
                ToadsAndFrogs::parse,
            )?;
            Ok(strip.searched())
        },
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "toadsandfrogs",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("ToadsAndFrogs", "toadsandfrogs")],
    caches: no_caches,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::game::value_by_definition as by_definition;
    use crate::search::Budget;
    use crate::search::local::LocalSearch;

    fn value(arena: &mut Arena, strip: &str) -> GameId {
        let position = ToadsAndFrogs::parse(strip).unwrap();
        LocalSearch::new(arena, Budget::default()).value(&position)
    }


    #[test]
    fn moves_slide_and_jump() {
        let p = ToadsAndFrogs::parse("t.tft.f").unwrap();
        let left: Vec<String> = p.moves(Player::Left).iter().map(|q| q.describe()).collect();
        assert_eq!(left, [".ttft.f", "t.tf.tf"]);
        let right: Vec<String> = p.moves(Player::Right).iter().map(|q| q.describe()).collect();
        assert_eq!(right, ["tft.t.f", "t.tftf."]);
        assert_eq!(p.describe_move(&p.moves(Player::Left)[0], Player::Left), "1-2");
        let e = Leaping::<false>::parse("t.tft.f").unwrap();
        assert_eq!(e.moves(Player::Left).len(), 2);
        assert_eq!(e.moves(Player::Right).len(), 1);
    }

    /// `ttff` never moves again: every piece is stuck, and the strip splits around it.
    #[test]
    fn stuck_pieces_split_the_strip() {
        let p = ToadsAndFrogs::parse("t.ttff.f").unwrap();
        assert_eq!(p.stuck(), 0b0011_1100);
        let parts: Vec<String> = p.components().iter().map(|c| c.describe()).collect();
        assert_eq!(parts, ["t.", ".f"]);
        // A stuck frog with an empty cell beyond can still be jumped: no split.
        let q = ToadsAndFrogs::parse("t.tf.").unwrap();
        assert_eq!(q.components().len(), 1);
    }

    /// On random strips up to 9 cells: the search (parts, mirror, direct values) agrees with
    /// the definition, and the mirror with toads and frogs swapped is the negative.
    #[test]
    fn random_strips_agree_with_the_definition_and_cancel() {
        let mut rng = crate::game::rng::Rng::xorshift64(1982);
        let mut a = Arena::new();
        let cells = ['t', 'f', '.', '.', 't', 'f', '#'];
        for _ in 0..400 {
            let n = 1 + rng.below(9);
            let strip: String = (0..n).map(|_| *rng.pick(&cells)).collect();
            let g = value(&mut a, &strip);
            let p = ToadsAndFrogs::parse(&strip).unwrap();
            assert_eq!(g, by_definition(&mut a, &p), "{strip}");
            let mirrored = p.mirrored().describe();
            let h = value(&mut a, &mirrored);
            assert_eq!(a.add(g, h), a.zero(), "{strip} + {mirrored}");
            let e = Leaping::<false>::parse(&strip).unwrap();
            let ge = LocalSearch::new(&mut a, Budget::default()).value(&e);
            assert_eq!(ge, by_definition(&mut a, &e), "elephants {strip}");
        }
    }

    /// The narrow strips the constructor searches (cells in `u32` words, [`Leaping::searched`])
    /// have the values of the same strips in `u64` words, which the tests above check against
    /// the definition: random strips of 10 to 14 cells, both games.
    #[test]
    fn narrow_strips_have_the_values_of_wide_ones() {
        let mut rng = crate::game::rng::Rng::xorshift64(2026);
        let mut a = Arena::new();
        let cells = ['t', 'f', '.', '.', '.', 't', 'f', '#'];
        for _ in 0..60 {
            let n = 10 + rng.below(5);
            let strip: String = (0..n).map(|_| *rng.pick(&cells)).collect();
            let wide = ToadsAndFrogs::parse(&strip).unwrap();
            let g = LocalSearch::new(&mut a, Budget::default()).value(&wide);
            let h = LocalSearch::new(&mut a, Budget::default()).value(&wide.narrowed::<u32>().unwrap());
            assert_eq!(g, h, "{strip}");
            let wide = Leaping::<false>::parse(&strip).unwrap();
            let g = LocalSearch::new(&mut a, Budget::default()).value(&wide);
            let h = LocalSearch::new(&mut a, Budget::default()).value(&wide.narrowed::<u32>().unwrap());
            assert_eq!(g, h, "elephants {strip}");
        }
    }
}
