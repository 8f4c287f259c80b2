//! Ski Jumps (Winning Ways, ch. 1; the `cgt` crate's `SkiJumps`, whose board notation this
//! reads): skiers on a slope of rows, Left's moving right and Right's moving left. `L` and `R`
//! are jumpers, `l` and `r` slippers, `.` empty, `|` between rows (the top row first). A move
//! slides one of your skiers any number of empty cells in your direction along its row, or off
//! the board if every cell on the way is empty; or a jumper jumps the enemy skier directly below
//! it, landing on the empty cell two rows down, and the skier jumped becomes a slipper. Who
//! cannot move loses.
//!
//! **Components.** Skiers change rows only by jumping, and a jump needs a jumper above an
//! enemy skier in the next row with a row below that. Slides keep skiers in their rows and
//! move them only towards their side's edge, so a Left jumper right of every Right skier of the
//! row below (or a Right jumper left of every Left one) never stands over one. Rows that no
//! jump may ever join are independent: the components are the bands of rows that jumps may
//! join (`joined_rows`).
//! Empty rows at the top are dropped: jumps land two rows down, so nothing ever enters them.
//! Mirroring every row and exchanging the colours gives the negative.

use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::game::{Arena, GameId};
use crate::search::{Game, Player, Searched};
use super::grid::extract_bits;
use super::word::Word;
use crate::syntax::source::character_number;

/// The most cells a board holds (one bit per cell in a `u64`).
pub const MAX_CELLS: usize = 64;

/// A Ski Jumps board of `height` rows of `width` cells: cell (x, y) is bit `y * width + x`,
/// row 0 the top. The sets are stored in words of type `W` (`u32` for boards of up to 32
/// cells, half the key in the value table) and worked on as `u64`: the cells holding a
/// skier, those holding Left's, and those holding a jumper (both within the first), so that
/// every three words are a board and a board of up to 32 cells is a 16-byte key.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SkiJumps<W: Word = u64> {
    width: u8,
    height: u8,
    occupied: W,
    left: W,
    jumpers: W,
}

/// Hashes each word as a word (the derived hash writes the fields as bytes, read back in
/// 8-byte chunks: loads that the processor cannot forward from the narrower stores that just
/// built the board, on every option of every search node).
impl<W: Word> std::hash::Hash for SkiJumps<W> {
    #[inline]
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u16(u16::from(self.width) << 8 | u16::from(self.height));
        self.occupied.hash(state);
        self.left.hash(state);
        self.jumpers.hash(state);
    }
}

const LEFT_JUMPER: usize = 0;
const LEFT_SLIPPER: usize = 1;
const RIGHT_JUMPER: usize = 2;
const RIGHT_SLIPPER: usize = 3;
const LETTERS: [char; 4] = ['L', 'l', 'R', 'r'];

/// The cells `0..n`.
fn cells(n: u32) -> u64 {
    if n as usize >= MAX_CELLS {
        u64::MAX
    } else {
        (1u64 << n) - 1
    }
}

impl SkiJumps {
    /// Parses the `cgt` crate's board: rows separated by `|`, top row first, `L`/`l` Left's
    /// jumpers and slippers, `R`/`r` Right's, `.` empty; at most [`MAX_CELLS`] cells.
    pub fn parse(s: &str) -> Result<SkiJumps, String> {
        let rows: Vec<&str> = s.split('|').collect();
        let width = rows[0].chars().count();
        if let Some((i, r)) = rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.chars().count() != width)
        {
            return Err(format!(
                "row {} has {} cells but row 1 has {width}: Ski Jumps boards are rectangular",
                i + 1,
                r.chars().count()
            ));
        }
        if rows.len() * width > MAX_CELLS {
            return Err(format!(
                "the board has {} cells; Ski Jumps boards hold at most {MAX_CELLS}",
                rows.len() * width
            ));
        }
        let mut board = SkiJumps {
            width: width as u8,
            height: if width == 0 { 0 } else { rows.len() as u8 },
            occupied: 0u64,
            left: 0,
            jumpers: 0,
        };
        for (y, row) in rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                if ch == '.' {
                    continue;
                }
                let Some(kind) = LETTERS.iter().position(|&c| c == ch) else {
                    return Err(format!(
                        "unexpected `{ch}` at character {} (row {}, column {}) of \"{s}\": Ski Jumps boards hold `L` and `l` (Left's jumpers and slippers), `R` and `r` (Right's), `.` (empty), rows separated by `|`",
                        character_number(s, row, x),
                        y + 1,
                        x + 1
                    ));
                };
                let bit = 1u64 << (y * width + x);
                board.occupied |= bit;
                if kind == LEFT_JUMPER || kind == LEFT_SLIPPER {
                    board.left |= bit;
                }
                if kind == LEFT_JUMPER || kind == RIGHT_JUMPER {
                    board.jumpers |= bit;
                }
            }
        }
        Ok(board)
    }

    /// The board stored in words of type `W`, if it fits.
    fn narrowed<W: Word>(&self) -> Option<SkiJumps<W>> {
        (self.width as usize * self.height as usize <= W::CELLS).then(|| SkiJumps {
            width: self.width,
            height: self.height,
            occupied: W::of(self.occupied),
            left: W::of(self.left),
            jumpers: W::of(self.jumpers),
        })
    }
}

impl<W: Word> SkiJumps<W> {
    /// The cells of pieces of `kind`.
    #[inline(always)]
    fn piece(&self, kind: usize) -> u64 {
        let jumpers = self.jumpers.get();
        match kind {
            LEFT_JUMPER => self.left() & jumpers,
            LEFT_SLIPPER => self.left() & !jumpers,
            RIGHT_JUMPER => self.right() & jumpers,
            _ => {
                debug_assert_eq!(kind, RIGHT_SLIPPER);
                self.right() & !jumpers
            }
        }
    }

    #[inline(always)]
    fn left(&self) -> u64 {
        self.left.get()
    }

    #[inline(always)]
    fn right(&self) -> u64 {
        self.occupied() & !self.left()
    }

    #[inline(always)]
    fn occupied(&self) -> u64 {
        self.occupied.get()
    }

    /// The cells of row `y`.
    fn row(&self, y: u32) -> u64 {
        cells(self.width as u32) << (y * self.width as u32)
    }

    /// The board with the skier on `from` moved to `to` (`None`: off the board), the same
    /// kind of skier there.
    #[inline(always)]
    fn moved(&self, from: u32, to: Option<u32>) -> SkiJumps<W> {
        let out = 1u64 << from;
        let to = to.map_or(0, |t| 1u64 << t);
        let carry = |set: u64| if set & out != 0 { (set & !out) | to } else { set };
        self.with_sets(
            carry(self.occupied()),
            carry(self.left()),
            carry(self.jumpers.get()),
        )
    }

    /// A board of this one's shape with these skiers, Left's skiers and jumpers.
    #[inline(always)]
    fn with_sets(&self, occupied: u64, left: u64, jumpers: u64) -> SkiJumps<W> {
        SkiJumps {
            width: self.width,
            height: self.height,
            occupied: W::of(occupied),
            left: W::of(left),
            jumpers: W::of(jumpers),
        }
    }

    /// Calls `f` on each move of `player`, skier by skier in cell order: slides nearest
    /// first, then off the board, then the jump.
    fn for_each_move(&self, player: Player, mut f: impl FnMut(SkiJumps<W>)) {
        let w = self.width as u32;
        let occupied = self.occupied();
        let (mut mine, enemies) = match player {
            Player::Left => (self.left(), self.right()),
            Player::Right => (self.right(), self.left()),
        };
        let jumpers = self.jumpers.get();
        while mine != 0 {
            let i = mine.trailing_zeros();
            mine &= mine - 1;
            let is_jumper = jumpers >> i & 1 == 1;
            let (x, y) = (i % w, i / w);
            let row_start = y * w;
            let mut off = true;
            match player {
                Player::Left => {
                    for tx in x + 1..w {
                        if occupied >> (row_start + tx) & 1 == 1 {
                            off = false;
                            break;
                        }
                        f(self.moved(i, Some(row_start + tx)));
                    }
                }
                Player::Right => {
                    for tx in (0..x).rev() {
                        if occupied >> (row_start + tx) & 1 == 1 {
                            off = false;
                            break;
                        }
                        f(self.moved(i, Some(row_start + tx)));
                    }
                }
            }
            if off {
                f(self.moved(i, None));
            }
            let (below, landing) = (i + w, i + 2 * w);
            if is_jumper
                && y + 2 < self.height as u32
                && enemies >> below & 1 == 1
                && occupied >> landing & 1 == 0
            {
                // the skier jumped becomes a slipper
                let mut b = self.moved(i, Some(landing));
                b.jumpers = W::of(b.jumpers.get() & !(1u64 << below));
                f(b);
            }
        }
    }

    /// The rows that some jump may ever join to the row below, as a mask (bit `y`: rows `y` and
    /// `y + 1`), found as a fixpoint of the cells that each player's skiers and jumpers may
    /// ever stand on. Left's skiers only move right and Right's only left, so a skier may reach
    /// the cells of its row from its own towards its side's edge, and nothing else but by
    /// jumping. A jumper that may stand on a cell over one an enemy skier may stand on, with a
    /// row below that to land in, may jump, and the jumper landed two rows down may then reach
    /// the cells of that row from the landing cell on: the rows it passes are joined. Every
    /// position reachable in play has its skiers within these reaches (by induction on the
    /// moves: slides move skiers towards their edge, and each jump's landing cell and the
    /// cells beyond it are covered), so rows the mask does not join never interact. A Left
    /// jumper already right of every Right skier of the row below never meets one again.
    fn joined_rows(&self) -> u64 {
        self.joined_rows_in(&Reach::new(self.width as u32, self.height as u32))
    }

    /// [`Self::joined_rows`], with the reaches of this board's shape made already.
    #[inline(always)]
    fn joined_rows_in(&self, reach: &Reach) -> u64 {
        let (w, h) = (self.width as u32, self.height as u32);
        let mut left_jumpers = reach.rightward(self.piece(LEFT_JUMPER));
        let mut right_jumpers = reach.leftward(self.piece(RIGHT_JUMPER));
        let mut left = reach.rightward(self.left());
        let mut right = reach.leftward(self.right());
        // the cells a jumper may jump from: those with two rows below them
        let can_land = cells(w * h.saturating_sub(2));
        loop {
            let left_jumps = left_jumpers & (right >> w) & can_land;
            let right_jumps = right_jumpers & (left >> w) & can_land;
            let landed_left = reach.rightward(left_jumps << (2 * w));
            let landed_right = reach.leftward(right_jumps << (2 * w));
            if landed_left & !left_jumpers == 0 && landed_right & !right_jumpers == 0 {
                let from = occupied_rows(left_jumps | right_jumps, w, reach.starts);
                return from | from << 1;
            }
            left_jumpers |= landed_left;
            left |= landed_left;
            right_jumpers |= landed_right;
            right |= landed_right;
        }
    }

    /// The bands of rows that `joined` ([`Self::joined_rows`]) joins holding a skier, each
    /// without its empty top rows (jumps land two rows down, so nothing ever enters them).
    fn for_each_band(&self, joined: u64, mut f: impl FnMut(SkiJumps<W>)) {
        let occupied = self.occupied();
        let h = self.height as u32;
        let mut y = 0;
        while y < h {
            let mut end = y + 1;
            while end < h && joined >> (end - 1) & 1 == 1 {
                end += 1;
            }
            if let Some(top) = (y..end).find(|&r| occupied & self.row(r) != 0) {
                f(if top == 0 && end == h { *self } else { self.rows(top, end) });
            }
            y = end;
        }
    }

    /// Rows `from..to` as a board of their own.
    fn rows(&self, from: u32, to: u32) -> SkiJumps<W> {
        let w = self.width as u32;
        let m = cells((to - from) * w);
        let cut = |p: W| W::of((p.get() >> (from * w)) & m);
        SkiJumps {
            width: self.width,
            height: (to - from) as u8,
            occupied: cut(self.occupied),
            left: cut(self.left),
            jumpers: cut(self.jumpers),
        }
    }

    /// Each row reversed and the colours exchanged: the negative.
    fn mirrored(&self) -> SkiJumps<W> {
        let (w, h) = (self.width as u32, self.height as u32);
        let row = cells(w);
        // Reversing the whole board's bits mirrors every row and also turns the board upside
        // down; putting the rows back in order costs a shift and a mask each.
        let flip = |p: u64| {
            let r = p.reverse_bits() >> (64 - w * h);
            (0..h).fold(0u64, |acc, y| acc | ((r >> (y * w)) & row) << ((h - 1 - y) * w))
        };
        self.with_sets(
            flip(self.occupied()),
            flip(self.right()),
            flip(self.jumpers.get()),
        )
    }

    /// `b1-d1`: columns by letter, rows by number from the top; `b1-off` slides off.
    fn cell_name(&self, i: u32) -> String {
        let w = self.width as u32;
        let column = char::from(b'a' + (i % w) as u8);
        if i % w < 26 {
            format!("{column}{}", i / w + 1)
        } else {
            format!("{}.{}", i % w + 1, i / w + 1)
        }
    }
}

/// The first cells of `height` rows of `width` cells.
fn row_starts(width: u32, height: u32) -> u64 {
    (0..height).fold(0u64, |m, y| m | 1 << (y * width))
}

/// The rows holding a cell of `cells` as a mask (bit `y`: row `y`), for rows of `width`
/// cells whose first cells are `starts` ([`row_starts`]). Each row's cells are folded into its
/// first by shifts that together span the row's other `width - 1` cells (each shift at most the
/// span so far, so the folded runs stay contiguous), never reaching the next row's first cell.
#[inline(always)]
fn occupied_rows(cells: u64, width: u32, starts: u64) -> u64 {
    let (mut folded, mut span) = (cells, 1);
    while span < width {
        let s = span.min(width - span);
        folded |= folded >> s;
        span += s;
    }
    extract_bits(folded, starts)
}

/// The cells a skier may slide to on a board of `height` rows of `width` cells.
struct Reach {
    width: u32,
    /// The first cells of the rows ([`row_starts`]).
    starts: u64,
    /// `from_column[k]`: the cells of columns `2^k..` (to the right of the shifts by `2^k`
    /// that [`Reach::rightward`] makes), for each `2^k < width`.
    from_column: [u64; 6],
    /// `to_column[k]`: the cells of columns `..width - 2^k`.
    to_column: [u64; 6],
}

impl Reach {
    fn new(width: u32, height: u32) -> Reach {
        let starts = row_starts(width, height);
        let board = cells(width * height);
        let (mut from_column, mut to_column) = ([0; 6], [0; 6]);
        for k in 0..6 {
            let s = 1u32 << k;
            if s >= width {
                break;
            }
            // columns 0..s of every row, and columns width - s.. of every row
            let first = starts * cells(s);
            from_column[k] = board & !first;
            to_column[k] = board & !(first << (width - s));
        }
        Reach {
            width,
            starts,
            from_column,
            to_column,
        }
    }

    /// The cells of `cells`' rows at or right of a cell of `cells`: where Left's skiers on
    /// `cells` may slide. Each step doubles the runs, never across a row's end.
    #[inline(always)]
    fn rightward(&self, mut cells: u64) -> u64 {
        for k in 0..6 {
            if 1 << k >= self.width {
                break;
            }
            cells |= (cells << (1 << k)) & self.from_column[k];
        }
        cells
    }

    /// The cells of `cells`' rows at or left of a cell of `cells`: where Right's may slide.
    #[inline(always)]
    fn leftward(&self, mut cells: u64) -> u64 {
        for k in 0..6 {
            if 1 << k >= self.width {
                break;
            }
            cells |= (cells >> (1 << k)) & self.to_column[k];
        }
        cells
    }
}

impl<W: Word> Game for SkiJumps<W> {
    const NAME: &'static str = "skijumps";
    /// Normalising is a mirror of each row: a second table costs more (5x6 board: 2.6 s with
    /// it, 2.0 s without, one thread).
    const RAW_CACHE: bool = false;

    fn moves(&self, player: Player) -> Vec<SkiJumps<W>> {
        let mut out = Vec::new();
        self.for_each_move(player, |m| out.push(m));
        out
    }

    fn components(&self) -> Vec<SkiJumps<W>> {
        let mut out = Vec::new();
        self.for_each_component(|c| out.push(c));
        out
    }

    /// The bands of rows that jumps may join ([`Self::for_each_band`] of
    /// [`Self::joined_rows`]).
    fn for_each_component(&self, f: impl FnMut(SkiJumps<W>)) {
        if self.occupied() != 0 {
            self.for_each_band(self.joined_rows(), f);
        }
    }

    /// The options' components, keyed: the bands of each option's [`Self::joined_rows`], with
    /// the shape's reaches made once, and none looked for where this board joins no rows.
    fn for_each_option_key(
        &self,
        player: Player,
        symmetric: bool,
        mut f: impl FnMut(usize, Self, bool),
    ) -> usize {
        let reach = Reach::new(self.width as u32, self.height as u32);
        // an option's skiers may reach only cells this board's may: its joins are among these
        let joins = self.joined_rows_in(&reach);
        let mut n = 0;
        self.for_each_move(player, |m| {
            if m.occupied() != 0 {
                let joined = if joins == 0 { 0 } else { m.joined_rows_in(&reach) };
                m.for_each_band(joined, |c| {
                    let (key, negated) = c.key(symmetric);
                    f(n, key, negated);
                });
            }
            n += 1;
        });
        n
    }

    /// A position and its mirror image (the negative) seldom both occur in one search: the
    /// 5x6 board `L.L...|.R.R..|L.L...|.R.R..|......` searches 348,854 positions without the
    /// mirror and 348,706 with it, and mirroring every option costs more than the 148 saved
    /// (0.51 s against 0.62 s, one thread).
    fn symmetry_pays(&self) -> bool {
        false
    }

    fn normalize(&self) -> (SkiJumps<W>, bool) {
        let m = self.mirrored();
        if m < *self { (m, true) } else { (*self, false) }
    }

    /// A single row where no Left skier stands left of a Right one: the skiers never meet,
    /// a skier at column x (from 0) has at most `width - x` moves going right (one cell at a
    /// time, then off) or `x + 1` going left, and the one nearest the edge among a player's
    /// can always take one step, so Left has exactly the sum of theirs, Right of theirs, and
    /// the value is the difference (as the `cgt` crate reduces such boards too).
    fn direct_value(&self, arena: &mut Arena) -> Option<GameId> {
        if self.height != 1 {
            return None;
        }
        let (left, right) = (self.left(), self.right());
        if left != 0 && right >> left.trailing_zeros() != 0 {
            return None;
        }
        let w = self.width as i64;
        let mut value = 0i64;
        for i in 0..self.width as u32 {
            if left >> i & 1 == 1 {
                value += w - i as i64;
            } else if right >> i & 1 == 1 {
                value -= i as i64 + 1;
            }
        }
        Some(arena.integer(value))
    }

    fn describe_move(&self, to: &SkiJumps<W>, player: Player) -> String {
        let (before, after) = match player {
            Player::Left => (self.left(), to.left()),
            Player::Right => (self.right(), to.right()),
        };
        let (from, at) = (before & !after, after & !before);
        match (from.count_ones(), at.count_ones()) {
            (1, 1) => format!(
                "{}-{}",
                self.cell_name(from.trailing_zeros()),
                self.cell_name(at.trailing_zeros())
            ),
            (1, 0) => format!("{}-off", self.cell_name(from.trailing_zeros())),
            _ => to.describe(),
        }
    }

    fn describe(&self) -> String {
        let w = self.width as u32;
        let mut s = String::new();
        for i in 0..w * self.height as u32 {
            if i > 0 && i % w == 0 {
                s.push('|');
            }
            let kind = (0..4).find(|&k| self.piece(k) >> i & 1 == 1);
            s.push(kind.map_or('.', |k| LETTERS[k]));
        }
        s
    }
}

/// Ski Jumps' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Ski Jumps",
    constructors: &[Constructor {
        name: "skijumps",
        signature: "skijumps(board)",
        arity: 1..=1,
        summary: "a Ski Jumps board (the cgt crate's notation) and its value",
        help: "skijumps(\"L....|..R..|.....\") is the Ski Jumps board with those rows, top first (the cgt\ncrate's notation: `L` and `l` Left's jumpers and slippers, `R` and `r` Right's, `.` empty, rows\nseparated by `|`; at most 64 cells). Left's skiers move right, Right's left: a move slides a\nskier any number of empty cells along its row, or off the board if the way is clear; or a\njumper jumps the enemy skier directly below onto the empty cell beneath, and the skier jumped\nbecomes a slipper; who cannot move loses (Winning Ways, ch. 1). Rows are valued apart where\nno jump can ever happen; each row mirrored with the colours exchanged is the negative.\nExample: skijumps(\"L..\") is 3, skijumps(\"L.R\") is *, skijumps(\"L..R\") is *2, skijumps(\"L|R|.\") is 1/2.",
        build: |c, a| {
            let board = a.parsed(
                c.arena,
                0,
                "a board such as \"L....|..R..\"",
                SkiJumps::parse,
            )?;
            Ok(match board.narrowed::<u32>() {
                Some(small) => Box::new(Searched(small)),
                None => Box::new(Searched(board)),
            })
        },
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "skijumps",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("SkiJumps", "skijumps")],
    caches: no_caches,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Budget;
    use crate::search::local::LocalSearch;

    fn value(arena: &mut Arena, board: &str) -> GameId {
        let position = SkiJumps::parse(board).unwrap();
        LocalSearch::new(arena, Budget::default()).value(&position)
    }

    /// The value straight from the definition {G^L | G^R}: no components, no symmetries, no
    /// direct values (positions remembered in `memo`).
    fn by_definition(
        arena: &mut Arena,
        memo: &mut std::collections::HashMap<SkiJumps, GameId>,
        p: &SkiJumps,
    ) -> GameId {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, player) in sides.iter_mut().zip([Player::Left, Player::Right]) {
            for q in p.moves(player) {
                side.push(by_definition(arena, memo, &q));
            }
        }
        let [left, right] = sides;
        let v = arena.game(left, right);
        memo.insert(*p, v);
        v
    }

    /// A board of `rows` rows of `cols` cells, each picked from `cells`.
    fn random_board(
        rng: &mut crate::game::rng::Rng,
        rows: usize,
        cols: usize,
        cells: &[char],
    ) -> String {
        let board: Vec<String> = (0..rows)
            .map(|_| (0..cols).map(|_| *rng.pick(cells)).collect())
            .collect();
        board.join("|")
    }

    #[test]
    fn moves_slide_and_jump() {
        let p = SkiJumps::parse("L..|R..|...").unwrap();
        let left: Vec<String> = p.moves(Player::Left).iter().map(|q| q.describe()).collect();
        assert_eq!(left, [".L.|R..|...", "..L|R..|...", "...|R..|...", "...|r..|L.."]);
        let names: Vec<String> = p
            .moves(Player::Left)
            .iter()
            .map(|q| p.describe_move(q, Player::Left))
            .collect();
        assert_eq!(names, ["a1-b1", "a1-c1", "a1-off", "a1-a3"]);
        let right: Vec<String> = p.moves(Player::Right).iter().map(|q| q.describe()).collect();
        assert_eq!(right, ["L..|...|..."]);
    }

    /// The rows holding a cell, by folding, against a row-by-row test: every width of 1 to 10
    /// cells, as many rows as fit in 64 cells, random sets.
    #[test]
    fn occupied_rows_by_folding_match_each_row() {
        let mut rng = crate::game::rng::Rng::xorshift64(7);
        for width in 1..=10u32 {
            let height = 64 / width;
            let starts = row_starts(width, height);
            for _ in 0..200 {
                // sparse sets, so that many rows are empty
                let cells = rng.next_u64() & rng.next_u64() & rng.next_u64() & cells(width * height);
                let by_row = (0..height).fold(0, |m, y| {
                    m | u64::from(cells >> (y * width) & super::cells(width) != 0) << y
                });
                assert_eq!(occupied_rows(cells, width, starts), by_row, "{width} {cells:x}");
            }
        }
    }

    /// Bands of rows ([`SkiJumps::joined_rows`]): in `L.|r.|..|L.|r.|..` the Left jumper of
    /// row 1 may jump the slipper below it into row 3, but no Right skier can ever reach row
    /// 4, which holds only Left's: rows 1-3 and 4-6 are two copies of one component, and the
    /// value is twice theirs. With `R.` in row 2 instead, Right's jumper may jump a Left
    /// skier landed in row 3 into row 4, and the board is one band.
    #[test]
    fn rows_that_no_jump_joins_are_components() {
        let mut a = Arena::new();
        let mut memo = std::collections::HashMap::new();
        let two_bands = SkiJumps::parse("L.|r.|..|L.|r.|..").unwrap();
        assert_eq!(two_bands.components().len(), 2);
        let band = value(&mut a, "L.|r.|..");
        let twice = a.add(band, band);
        assert_eq!(value(&mut a, "L.|r.|..|L.|r.|.."), twice);
        assert_eq!(by_definition(&mut a, &mut memo, &two_bands), twice);
        let one_band = SkiJumps::parse("L.|R.|..|L.|r.|..").unwrap();
        assert_eq!(one_band.components().len(), 1);
        // random tall narrow boards: the bands agree with the definition
        let mut rng = crate::game::rng::Rng::xorshift64(1983);
        let cells = ['.', '.', '.', '.', 'L', 'R', 'l', 'r'];
        for _ in 0..150 {
            let (rows, cols) = (4 + rng.below(3), 1 + rng.below(2));
            let board = random_board(&mut rng, rows, cols, &cells);
            let p = SkiJumps::parse(&board).unwrap();
            assert_eq!(value(&mut a, &board), by_definition(&mut a, &mut memo, &p), "{board}");
        }
    }

    /// Bands by columns: a Left jumper right of every Right skier of the row below, or a
    /// Right jumper left of every Left skier, never stands over one, since Left's skiers
    /// only move right and Right's only left. In `..L.|r...|....` the rows are apart: the
    /// jumper has two moves (to the last cell, then off) and the slipper one (off), so the
    /// value is 2 - 1 = 1. In `L...|...r|....` the jumper may reach the slipper's column,
    /// and the board is one band. Random 3x3 to 4x4 boards agree with the definition.
    #[test]
    fn skiers_that_move_apart_never_join_rows() {
        let mut a = Arena::new();
        let mut memo = std::collections::HashMap::new();
        let apart = SkiJumps::parse("..L.|r...|....").unwrap();
        assert_eq!(apart.components().len(), 2);
        let one = a.integer(1);
        assert_eq!(value(&mut a, "..L.|r...|...."), one);
        assert_eq!(by_definition(&mut a, &mut memo, &apart), one);
        assert_eq!(SkiJumps::parse("L...|...r|....").unwrap().components().len(), 1);
        assert_eq!(SkiJumps::parse("...L|R...|....").unwrap().components().len(), 2);
        assert_eq!(SkiJumps::parse("R...|...l|....").unwrap().components().len(), 2);
        assert_eq!(SkiJumps::parse("...R|l...|....").unwrap().components().len(), 1);
        let mut rng = crate::game::rng::Rng::xorshift64(2026);
        let cells = ['.', '.', '.', '.', '.', 'L', 'R', 'l', 'r'];
        for _ in 0..200 {
            let (rows, cols) = (3 + rng.below(2), 3 + rng.below(2));
            let board = random_board(&mut rng, rows, cols, &cells);
            let p = SkiJumps::parse(&board).unwrap();
            assert_eq!(value(&mut a, &board), by_definition(&mut a, &mut memo, &p), "{board}");
        }
    }

    /// On random boards up to 3x4: the search (rows, mirror, direct values) agrees with the
    /// definition, and the mirror with colours exchanged is the negative.
    #[test]
    fn random_boards_agree_with_the_definition_and_cancel() {
        let mut rng = crate::game::rng::Rng::xorshift64(1982);
        let mut a = Arena::new();
        let mut memo = std::collections::HashMap::new();
        let cells = ['.', '.', '.', 'L', 'R', 'l', 'r'];
        for _ in 0..300 {
            let (rows, cols) = (1 + rng.below(3), 1 + rng.below(4));
            let board = random_board(&mut rng, rows, cols, &cells);
            let g = value(&mut a, &board);
            let p = SkiJumps::parse(&board).unwrap();
            assert_eq!(g, by_definition(&mut a, &mut memo, &p), "{board}");
            let mirrored = p.mirrored().describe();
            let h = value(&mut a, &mirrored);
            assert_eq!(a.add(g, h), a.zero(), "{board} + {mirrored}");
        }
    }
}
