//! Domineering (WW ch. 5; Berlekamp 1988): Left places vertical dominoes, Right horizontal
//! ones, on the empty cells of a board. Only rules, decomposition and symmetries live here.
//!
//! Components are the regions of empty cells ([`Grid::regions`]). Mirror images and the half
//! turn preserve the value; transposing the board (and the quarter turns) exchanges the
//! players, so it gives the negative.

mod bounds;
mod counts;

use super::grid::{Bits, Grid, Wide};
use crate::calc::args::CallError;
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::game::{Arena, GameId};
use crate::search::game::MoveBounds;
use crate::search::{Game, Player, Position, SearchMove, Searched};

/// A Domineering position on a board of up to `B::CAPACITY` cells: `u64` (the default, fast)
/// up to 64, [`super::grid::Wide`] up to 256 (16x16, or strips such as 2x100).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domineering<B: Bits = u64>(pub Grid<B>);

impl<B: Bits> Domineering<B> {
    /// The empty `rows` x `cols` board.
    pub fn rectangle(rows: usize, cols: usize) -> Result<Domineering<B>, String> {
        Grid::rectangle(rows, cols).map(Domineering)
    }

    /// Parses a board: rows separated by `|` or newlines, `.` empty, `#` (or `x`) filled.
    pub fn parse(s: &str) -> Result<Domineering<B>, String> {
        Grid::parse(s).map(Domineering)
    }

    /// Board text: rows separated by `|`.
    pub fn board_string(&self) -> String {
        self.0.board_string()
    }

    /// The first cells of the dominoes `player` can place.
    fn dominoes(&self, player: Player) -> B {
        match player {
            Player::Left => self.0.vertical_pairs(),
            Player::Right => self.0.horizontal_pairs(),
        }
    }

    /// The dominoes [`Game::value_moves`] keeps: all but those [`dominated_dominoes`] proves
    /// dominated.
    fn kept_dominoes(&self, player: Player) -> B {
        self.dominoes(player)
            .and_not(dominated_dominoes(&self.0, player))
    }

    /// The positions after `player` places a domino at each first cell in `pairs`.
    fn place_each(&self, pairs: B, player: Player) -> Vec<Domineering<B>> {
        let step = match player {
            Player::Left => self.0.cols(),
            Player::Right => 1,
        };
        let mut out = Vec::with_capacity(pairs.count() as usize);
        out.extend(
            pairs
                .ones()
                .map(|i| Domineering(self.0.without_pair(i, i + step))),
        );
        out
    }
}

/// The dominoes of `player` (by their first cell, as [`Grid::vertical_pairs`] and
/// [`Grid::horizontal_pairs`] give them) that another domino of theirs dominates, by a
/// proof without search. Lemma: if every cell of `D` has no free neighbour across the
/// opponent's direction, so only the mover's dominoes could ever cover it, then `P + D` is
/// at least as good for the mover as `P` (the mover copies the opponent's moves between
/// `P + D` and `-P`; the opponent can never cover `D`), and a cell no domino of the mover can
/// cover only helps the opponent. Take three free cells `a, b, c` in a line along the
/// mover's dominoes, with the rest `R` of the board. Placing `(b, c)` leaves `R + a`, placing
/// `(a, b)` leaves `R + c`. If the cell before `a` is not free, `a` is dead for the mover in
/// `R + a`; if `c` has no free neighbour across, `c` helps only the mover in `R + c`; then
/// `R + a` is no better than `R`, which is no better than `R + c`: `(b, c)` is dominated by
/// `(a, b)`. The mirror image drops `(a, b)` for `(b, c)`, except on a line where both apply
/// (the two are then equal and one must stay). A kept domino is never dropped by another
/// line: `(a, b)` is dropped only from its own line `a, b, c` (the first rule would need the
/// cell before `a` free), and likewise for `(b, c)`.
fn dominated_dominoes<B: Bits>(g: &Grid<B>, player: Player) -> B {
    let f = g.free();
    let cols = g.cols();
    let (first_col, last_col) = g.edges();
    // a free cell on the left / right of each cell
    let free_left = f.shl(1).and_not(first_col);
    let free_right = f.shr(1).and_not(last_col);
    let (free_up, free_down) = (f.shl(cols), f.shr(cols));
    match player {
        Player::Left => {
            // a at i, b at i + cols, c at i + 2 cols
            let triples = f.and(f.shr(cols)).and(f.shr(2 * cols));
            let no_side = |m: B| m.and_not(free_left).and_not(free_right);
            let all = B::first(B::CAPACITY);
            let drop_lower = triples.and_not(free_up).and(no_side(all).shr(2 * cols));
            let drop_upper = triples
                .and_not(free_down.shr(2 * cols))
                .and(no_side(all))
                .and_not(drop_lower);
            drop_lower.shl(cols).or(drop_upper)
        }
        Player::Right => {
            // a at i, b at i + 1, c at i + 2, in one row
            let starts = f
                .and(f.shr(1))
                .and(f.shr(2))
                .and_not(last_col)
                .and_not(last_col.shr(1));
            let no_vertical = |m: B| m.and_not(free_up).and_not(free_down);
            let all = B::first(B::CAPACITY);
            let drop_right = starts.and_not(free_left).and(no_vertical(all).shr(2));
            let drop_left = starts
                .and_not(free_right.shr(2))
                .and(no_vertical(all))
                .and_not(drop_right);
            drop_right.shl(1).or(drop_left)
        }
    }
}

impl<B: Bits> Game for Domineering<B> {
    const NAME: &'static str = "domineering";
    const RAW_CACHE: bool = false;

    fn moves(&self, player: Player) -> Vec<Domineering<B>> {
        self.place_each(self.dominoes(player), player)
    }

    /// Every move but those [`dominated_dominoes`] proves dominated.
    fn value_moves(&self, player: Player) -> Vec<Domineering<B>> {
        self.place_each(self.kept_dominoes(player), player)
    }

    /// The regions after each kept domino, always normalised, straight from the board (no
    /// `Vec` of positions); boards of up to 8x8 in one pass over the byte layout
    /// ([`Grid::for_each_region_image_without`]).
    fn for_each_option_key(
        &self,
        player: Player,
        _symmetric: bool,
        mut f: impl FnMut(usize, Self, bool),
    ) -> usize {
        let keep = self.kept_dominoes(player);
        let vertical = player == Player::Left;
        if let Some(n) = self
            .0
            .for_each_region_image_without(keep, vertical, 2, |i, g, negated| {
                f(i, Domineering(g), negated)
            })
        {
            return n;
        }
        let step = if vertical { self.0.cols() } else { 1 };
        let mut n = 0;
        for first in keep.ones() {
            let after = self.0.without_pair(first, first + step);
            after.for_each_region(2, |g| {
                let (key, negated) = Domineering(g).normalize();
                f(n, key, negated)
            });
            n += 1;
        }
        n
    }

    /// Regions of at least two cells (a lone cell holds no domino).
    fn components(&self) -> Vec<Domineering<B>> {
        self.0.regions(2).into_iter().map(Domineering).collect()
    }

    fn for_each_component(&self, mut f: impl FnMut(Self)) {
        self.0.for_each_region(2, |g| f(Domineering(g)));
    }

    #[inline(always)]
    fn normalize(&self) -> (Domineering<B>, bool) {
        let (least, swapped) = self.0.least_image();
        (Domineering(least), swapped)
    }

    /// A region where only one player can move is an integer: the number of dominoes that
    /// player can still place, `floor(run/2)` summed over the runs of empty cells.
    fn direct_value(&self, arena: &mut Arena) -> Option<GameId> {
        let (v, h) = (self.0.vertical_pairs(), self.0.horizontal_pairs());
        let count = match (!v.is_empty(), !h.is_empty()) {
            (true, true) => return None,
            (true, false) => dominoes(&self.0.runs(true)),
            (false, true) => -dominoes(&self.0.runs(false)),
            (false, false) => 0,
        };
        Some(arena.integer(count))
    }

    /// Left's real moves: the vertical dominoes that fit, column by column; safe moves: those
    /// that fit in cells whose side neighbours are filled, which Right can never cover (Bullock
    /// 2002, 3.2). Right's, transposed.
    fn move_bounds(&self) -> Option<MoveBounds> {
        let g = &self.0;
        let (real, safe) = g.move_counts().unwrap_or_else(|| {
            let count = |m, vertical| g.pack_dominoes(m, vertical).0;
            (
                [count(g.free(), true), count(g.free(), false)],
                [
                    count(g.protected(true), true),
                    count(g.protected(false), false),
                ],
            )
        });
        Some(MoveBounds::new(real, safe))
    }

    /// The moves with the counts after each, updated from this position's on the lines the
    /// move touches ([`counts`]); safe moves are those on two cells the opponent can never
    /// cover; preferences are [`preference`].
    fn search_moves(&self, player: Player, out: &mut Vec<SearchMove<Domineering<B>>>) {
        if let Some(b) = self.move_bounds()
            && counts::search_moves(self, b, player, out)
        {
            return;
        }
        let g = &self.0;
        let protected = g.protected(player == Player::Left);
        let (rows, cols) = (g.rows(), g.cols());
        out.extend(self.value_moves(player).into_iter().map(|after| {
            let taken = g.free().and_not(after.0.free());
            let cell = taken.lowest().unwrap_or(0);
            let (r, c) = (cell / cols, cell % cols);
            let preference = match player {
                Player::Right => preference(r, c, rows, cols),
                Player::Left => preference(c, r, cols, rows),
            };
            SearchMove {
                bounds: after.move_bounds(),
                safe: taken.and_not(protected).is_empty(),
                preference,
                after,
            }
        }));
    }

    /// Sure moves and cells beyond the safe moves: areas, vulnerable moves and the cells the
    /// opponent can never use ([`bounds`]).
    fn refine_bounds(&self, b: &mut MoveBounds, mover: Player) {
        bounds::refine(&self.0, b, mover);
    }

    fn describe_move(&self, to: &Domineering<B>, _player: Player) -> String {
        self.0.domino_name(self.0.free().and_not(to.0.free()))
    }

    fn describe(&self) -> String {
        self.board_string()
    }
}

/// A Domineering position as a calculator position: the narrowest board that holds it, of
/// 64, 128 or 256 cells.
pub fn position_of(rows: usize, cols: usize) -> Result<Box<dyn Position>, String> {
    let cells = rows.saturating_mul(cols);
    Ok(if cells <= 64 {
        Box::new(Searched(Domineering::<u64>::rectangle(rows, cols)?))
    } else if cells <= 128 {
        Box::new(Searched(Domineering::<u128>::rectangle(rows, cols)?))
    } else {
        Box::new(Searched(Domineering::<Wide>::rectangle(rows, cols)?))
    })
}

/// [`position_of`] for a board string.
pub fn parse_position(text: &str) -> Result<Box<dyn Position>, String> {
    if let Ok(d) = Domineering::<u64>::parse(text) {
        return Ok(Box::new(Searched(d)));
    }
    if let Ok(d) = Domineering::<u128>::parse(text) {
        return Ok(Box::new(Searched(d)));
    }
    Ok(Box::new(Searched(Domineering::<Wide>::parse(text)?)))
}

/// Bullock's position values (Obsequi, `position_values.c`), as classes, for a domino
/// starting at cell `pos` of line `line` in the player's own frame (lines along its
/// dominoes; `lines` lines of `len` cells): lines at an even distance from the nearer edge
/// and dominoes starting at an odd distance from the nearer side come first, then those
/// lines at other starts, then the inner lines with odd starts, then the inner lines, then
/// the rest; nearer the edge first within a class. The classes are symmetric, so normalised
/// boards rank alike. Larger is preferred.
pub(super) fn preference(line: usize, pos: usize, lines: usize, len: usize) -> i64 {
    let j = (line + 1).min(lines - line) as i64;
    let k = (pos + 1).min(len - 1 - pos) as i64;
    let class = match (j % 2 == 0, k % 2 == 1, j >= 3) {
        (true, true, _) => 0,
        (true, false, _) => 1,
        (false, true, true) => 2,
        (false, false, true) => 3,
        _ => 4,
    };
    -(class * 4096 + j * 64 + k)
}

/// Dominoes that fit in runs of these lengths, one player placing them all.
fn dominoes(runs: &[usize]) -> i64 {
    runs.iter().map(|&r| (r / 2) as i64).sum()
}

/// Domineering's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Domineering",
    constructors: &[
        Constructor {
            name: "domineering",
            signature: "domineering(board)",
            arity: 1..=1,
            summary: "a Domineering position and its value",
            help: "domineering(\".#..|....\") is the Domineering position with those rows (`.` empty,\n`#` filled, rows separated by `|`); Left places vertical dominoes, Right horizontal ones\n(WW ch. 5). It prints its canonical value and acts as that value in algebra.\nExample: domineering(\".#|..\") is *.",
            build: |c, a| {
                parse_position(a.str(c.arena, 0, BOARD)?).map_err(|m| CallError::notation(0, m))
            },
        },
        Constructor {
            name: "dom",
            signature: "dom(m, n)",
            arity: 2..=2,
            summary: "the empty m x n Domineering board",
            help: "dom(m, n) is the empty Domineering board with m rows and n columns (at most 256\ncells: 16x16, or strips such as 2x100).\nExample: dom(2,2) is +-1, dom(2,3) is {2|-1/2}, dom(4,4) is +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}.\n`d = dom(6,6);` then `outcome(d)` finds who wins without computing the value.",
            build: |c, a| {
                let (m, n) = (a.count(c.arena, 0, 0..=256)?, a.count(c.arena, 1, 0..=256)?);
                position_of(m, n).map_err(CallError::call)
            },
        },
    ],
    functions: &[] as &[Function],
    fuzz: &[
        Fuzz {
            name: "domineering",
            check: FuzzCheck::Position,
        },
        Fuzz {
            name: "dom",
            check: FuzzCheck::Position,
        },
    ],
    cgsuite_names: &[("Domineering", "domineering")],
    caches: no_caches,
};

/// What a board argument is.
const BOARD: &str = "a board string such as \".#|..\"";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_and_components() {
        let d = Domineering::<u64>::rectangle(2, 2).unwrap();
        assert_eq!(d.moves(Player::Left).len(), 2);
        assert_eq!(d.moves(Player::Right).len(), 2);
        // ..#.. splits into two 1x2 strips
        let s = Domineering::<u64>::parse("..#..").unwrap();
        assert_eq!(s.components().len(), 2);
    }

    /// A column of three cells: Left's lower domino leaves the top cell dead for Left and is
    /// dropped; a row of three: Right's right domino is dropped likewise.
    #[test]
    fn three_in_a_line_keeps_one_domino() {
        let col = Domineering::<u64>::parse(".|.|.").unwrap();
        assert_eq!(col.moves(Player::Left).len(), 2);
        assert_eq!(
            col.value_moves(Player::Left),
            vec![Domineering::parse("#|#|.").unwrap()]
        );
        let row = Domineering::<u64>::parse("...").unwrap();
        assert_eq!(
            row.value_moves(Player::Right),
            vec![Domineering::parse("##.").unwrap()]
        );
        // a free cell beside the lower end: the upper domino is dropped instead (placing it
        // leaves the lower end to Right, -1; the lower one leaves 0)
        let right_of_c = Domineering::<u64>::parse(".#|.#|..").unwrap();
        assert_eq!(
            right_of_c.value_moves(Player::Left),
            vec![Domineering::parse(".#|##|#.").unwrap()]
        );
        // free cells beside both ends: nothing is proved
        let open = Domineering::<u64>::parse("..|.#|..").unwrap();
        assert_eq!(open.value_moves(Player::Left).len(), 2);
    }

    /// The override gives the normalised components of [`Game::value_moves`], move by move,
    /// on boards that take the byte-layout pass and on wider ones.
    #[test]
    fn option_keys_follow_value_moves() {
        let mut rng = crate::game::rng::Rng::xorshift64(7);
        for (rows, cols) in [(5, 6), (8, 8), (3, 8), (8, 2), (4, 9), (6, 10)] {
            for _ in 0..300 {
                let seed = rng.next_u64();
                let full = Grid::<u64>::rectangle(rows, cols).unwrap();
                let board = Domineering(full.without(seed & seed >> 17));
                // the board, and each of its components (what the value search passes)
                let boards = std::iter::once(board).chain(board.components());
                for (board, player) in boards.flat_map(|b| [(b, Player::Left), (b, Player::Right)])
                {
                    let mut fast = Vec::new();
                    let n = board.for_each_option_key(player, true, |i, k, neg| fast.push((i, k, neg)));
                    let moves = board.value_moves(player);
                    assert_eq!(n, moves.len());
                    let mut slow: Vec<(usize, Domineering, bool)> = Vec::new();
                    for (i, m) in moves.iter().enumerate() {
                        for c in m.components() {
                            let (k, neg) = c.normalize();
                            slow.push((i, k, neg));
                        }
                    }
                    fast.sort();
                    slow.sort();
                    assert_eq!(fast, slow, "{}", board.board_string());
                }
            }
        }
    }

    #[test]
    fn transpose_is_negative() {
        let a = Domineering::<u64>::parse("...|...").unwrap();
        let b = Domineering::<u64>::parse("..|..|..").unwrap();
        let (ka, na) = a.normalize();
        let (kb, nb) = b.normalize();
        assert_eq!(ka, kb);
        assert_ne!(na, nb);
    }

    #[test]
    fn full_width_strips_are_integers() {
        // 1 x 64: Right places 32 dominoes, Left none; 64 x 1 the reverse. (A 64-bit shift by
        // the row width once made the 1 x 64 strip look like it had vertical moves.)
        let mut a = Arena::new();
        let wide = Domineering::<u64>::rectangle(1, 64).unwrap();
        assert!(wide.moves(Player::Left).is_empty());
        assert_eq!(wide.moves(Player::Right).len(), 63);
        let v = wide.direct_value(&mut a).unwrap();
        assert_eq!(a.display(v), "-32");
        let tall = Domineering::<u64>::rectangle(64, 1).unwrap();
        let v = tall.direct_value(&mut a).unwrap();
        assert_eq!(a.display(v), "32");
    }
}
