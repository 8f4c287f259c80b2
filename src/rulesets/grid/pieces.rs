//! Boards whose cells hold pieces ([`PieceBoard`]): each cell is empty, blocked, or holds a
//! piece of one of `K` kinds (kind 0 Left's, kind 1 Right's, more where a game needs them),
//! kept as one bit set per kind beside the set of blocked cells. A game names its kinds'
//! letters and how swapping the players' colours permutes them in a [`Legend`] (CGSuite's
//! board strings: `x` Left, `o` Right, `.` empty, `#` blocked, `|` between rows), declares
//! which images of the rectangle keep or negate the value in a [`Symmetries`], and chooses the
//! cells that connect its components. With those, a game such as Clobber is its moves only:
//! [`PieceBoard::step`] finds the cells a piece reaches, [`PieceBoard::moved`] makes the move,
//! [`PieceBoard::for_each_component`] and [`PieceBoard::normalize`] give the value search its
//! components and their keys (the same region and image machinery as [`Grid`]'s). Clobber's
//! rules, for example, read:
//!
//! ```text
//! moves of Left (of Right: kinds 1 and 0 exchanged), for d in Direction::ORTHOGONAL:
//!     movers = b.pieces(0).and(b.step(b.pieces(1), d.opposite()))
//!     each `from` in ones(movers) gives b.moved(from, b.neighbour(from, d))
//! components: b.components(b.occupied(), Adjacency::Orthogonal), groups of one colour dropped
//! key: b.normalize(Symmetries::SQUARE, &Legend::STONES)
//! ```
//!
//! Which decomposition is sound depends on the rules: two parts are independent when no move
//! in one can change what the other holds.
//! - **Clobber** (and AntiClobber): a stone moves onto an orthogonally adjacent enemy stone,
//!   so stones never enter empty cells, a move keeps every stone in its group, and empty and
//!   blocked cells are alike: the components are the 4-connected groups of stones
//!   (`connecting` = [`PieceBoard::occupied`], [`Adjacency::Orthogonal`]); a group of one
//!   colour is 0.
//! - **Konane**: a stone jumps an orthogonally adjacent enemy stone into the empty cell beyond,
//!   perhaps again along the same line. Empty cells are landing squares, so they matter: the
//!   components are the 4-connected regions of cells that are not blocked
//!   ([`PieceBoard::cells`]); two groups of stones separated only by empty cells interact.
//! - **Amazons**: an amazon moves like a chess queen through empty cells and shoots an arrow
//!   the same way (arrows are blocked cells). Queens move diagonally past two blocked cells,
//!   so cells touching only at a corner interact: the components are the regions of cells
//!   that are not blocked under [`Adjacency::King`]; the orthogonal regions would be unsound.
//! - **Toads and Frogs**: a toad slides one cell right into an empty cell or jumps one frog
//!   into the empty cell beyond, frogs the same leftwards; nothing crosses a blocked cell, so
//!   the orthogonal regions of cells that are not blocked are independent.
//!
//! Symmetries: Clobber, Konane and Amazons have the same rules in every direction, so all
//! eight images of the rectangle keep the value and swapping the colours negates it
//! ([`Symmetries::SQUARE`]). Toads move right and frogs left: the left-right mirror is no
//! symmetry, but the mirror with toads and frogs exchanged is the negative
//! ([`Symmetries::MIRROR_SWAPS_SIDES`]).

use super::bits::{Bits, Wide, deposit_bits, extract_bits, ones};
use super::bytes::{byte_layout_mask, byte_row_images, transpose_8x8};
use super::geometry::{Adjacency, Grid};
use super::parse::board_rows;
use super::squares::cell_name;
use crate::search::Position;
use crate::syntax::source::character_number;
use std::hash::{Hash, Hasher};

/// What a cell holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Blocked,
    /// A piece of this kind (0: Left's, 1: Right's, others as the game defines them).
    Piece(usize),
}

/// A game's piece kinds: the letter of each in board strings, and the kind each becomes when
/// the players' colours are swapped (a permutation of the kinds; a neutral kind stays itself).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Legend<const K: usize> {
    pub letters: [char; K],
    pub swap: [usize; K],
}

impl Legend<2> {
    /// CGSuite's stones: `x` Left's, `o` Right's (Clobber, Konane, Amazons).
    pub const STONES: Legend<2> = Legend {
        letters: ['x', 'o'],
        swap: [1, 0],
    };
}

/// The images of a board with the same value as the board, and those with its negative. Bit
/// `t` (0 to 7) stands for image `t` of the rectangle ([`PieceBoard::image`]), bit `8 + t` for
/// image `t` with the colours swapped ([`Legend::swap`]). Every image declared must have the
/// value (or negative) claimed: that makes [`PieceBoard::normalize`] sound; declaring a group
/// (closed under composition) makes its key the same for all the images of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Symmetries {
    same: u16,
    negative: u16,
}

impl Symmetries {
    /// The images with the same value and those with the negative, as bits (above); the
    /// identity is always one with the same value.
    pub const fn new(same: u16, negative: u16) -> Symmetries {
        Symmetries {
            same: same | 1,
            negative: negative & !1,
        }
    }

    /// No symmetry but the identity.
    pub const NONE: Symmetries = Symmetries::new(1, 0);

    /// All eight images keep the value, and each with the colours swapped is the negative
    /// (Clobber, Konane, Amazons).
    pub const SQUARE: Symmetries = Symmetries::new(0x00FF, 0xFF00);

    /// The board and its top-bottom mirror keep the value; the left-right mirror and the half
    /// turn with the colours swapped are the negative (Toads and Frogs: toads move right,
    /// frogs left).
    pub const MIRROR_SWAPS_SIDES: Symmetries = Symmetries::new(
        1 << IDENTITY | 1 << FLIP,
        1 << (8 + MIRROR) | 1 << (8 + HALF_TURN),
    );
}

/// Image numbers ([`PieceBoard::image`]): the four that keep rows as rows, then the same four
/// of the transpose.
const IDENTITY: usize = 0;
const MIRROR: usize = 1;
const FLIP: usize = 2;
const HALF_TURN: usize = 3;

/// One of the eight steps to a neighbouring cell, as (rows down, columns right), each -1, 0
/// or 1 (the constants below are all there are).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Direction(i8, i8);

impl Direction {
    pub const UP: Direction = Direction(-1, 0);
    pub const DOWN: Direction = Direction(1, 0);
    pub const LEFT: Direction = Direction(0, -1);
    pub const RIGHT: Direction = Direction(0, 1);
    /// The four orthogonal directions (a rook's).
    pub const ORTHOGONAL: [Direction; 4] = [
        Direction::UP,
        Direction::DOWN,
        Direction::LEFT,
        Direction::RIGHT,
    ];
    /// The eight directions of a king or a queen.
    pub const KING: [Direction; 8] = [
        Direction(-1, -1),
        Direction::UP,
        Direction(-1, 1),
        Direction::LEFT,
        Direction::RIGHT,
        Direction(1, -1),
        Direction::DOWN,
        Direction(1, 1),
    ];

    /// The opposite direction.
    pub fn opposite(self) -> Direction {
        Direction(-self.0, -self.1)
    }
}

/// A rectangular board of cells that are empty, blocked or hold a piece of one of `K` kinds.
/// Boards order by rows, columns, blocked cells, then each kind's cells, so the least image is
/// a canonical key.
///
/// Packed to 4-byte alignment like [`Grid`]: a one-word board of two kinds is 28 bytes, not
/// 32, so a transposition-table slot (board and value id) is 32 bytes, two to a cache line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed(4))]
pub struct PieceBoard<B: Bits = u64, const K: usize = 2> {
    rows: u16,
    cols: u16,
    blocked: B,
    pieces: [B; K],
}

impl<B: Bits, const K: usize> PieceBoard<B, K> {
    /// Parses a board string: rows separated by `|` or newlines, `.` empty, `#` blocked, and
    /// the legend's letters for pieces.
    pub fn parse(s: &str, legend: &Legend<K>) -> Result<Self, String> {
        let (rows, cols) = board_rows(s, B::CAPACITY)?;
        let mut board = PieceBoard {
            rows: rows.len() as u16,
            cols: cols as u16,
            blocked: B::EMPTY,
            pieces: [B::EMPTY; K],
        };
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let cell = match ch {
                    '.' => Cell::Empty,
                    '#' => Cell::Blocked,
                    _ => match legend.letters.iter().position(|&l| l == ch) {
                        Some(kind) => Cell::Piece(kind),
                        None => {
                            let at = character_number(s, row, c);
                            return Err(unexpected_cell(ch, at, r, legend));
                        }
                    },
                };
                board = board.with(r * cols + c, cell);
            }
        }
        Ok(board)
    }

    /// The same board on another cell set type, if its cells fit there (a board parsed on the
    /// widest sets moves to one word when it is small).
    pub fn converted<C: Bits>(&self) -> Option<PieceBoard<C, K>> {
        let cells = self.rows() * self.cols();
        if cells > C::CAPACITY {
            return None;
        }
        let set = |m: B| ones(m).fold(C::EMPTY, |out, i| out.or(C::bit(i)));
        Some(PieceBoard {
            rows: self.rows,
            cols: self.cols,
            blocked: set(self.blocked),
            pieces: self.pieces.map(set),
        })
    }

    /// The board string: rows separated by `|` ([`Self::parse`] reads it back).
    pub fn board_string(&self, legend: &Legend<K>) -> String {
        let mut s = String::new();
        for r in 0..self.rows() {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols() {
                s.push(match self.cell(r * self.cols() + c) {
                    Cell::Empty => '.',
                    Cell::Blocked => '#',
                    Cell::Piece(kind) => legend.letters[kind],
                });
            }
        }
        s
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// All the cells of the board.
    pub fn all(&self) -> B {
        B::first(self.rows() * self.cols())
    }

    /// The cells that are not blocked.
    pub fn cells(&self) -> B {
        self.all().and_not(self.blocked)
    }

    pub fn blocked(&self) -> B {
        self.blocked
    }

    /// The cells holding a piece of `kind`.
    pub fn pieces(&self, kind: usize) -> B {
        self.pieces[kind]
    }

    /// The cells holding a piece of any kind.
    pub fn occupied(&self) -> B {
        let pieces = self.pieces;
        pieces.iter().fold(B::EMPTY, |m, &p| m.or(p))
    }

    /// The cells that are neither blocked nor occupied.
    pub fn empty(&self) -> B {
        self.cells().and_not(self.occupied())
    }

    /// What cell `i` holds.
    pub fn cell(&self, i: usize) -> Cell {
        if self.blocked.has(i) {
            return Cell::Blocked;
        }
        let pieces = self.pieces;
        match pieces.iter().position(|p| p.has(i)) {
            Some(kind) => Cell::Piece(kind),
            None => Cell::Empty,
        }
    }

    /// The board with cell `i` holding `cell`.
    pub fn with(&self, i: usize, cell: Cell) -> Self {
        let bit = B::bit(i);
        let mut board = *self;
        board.blocked = board.blocked.and_not(bit);
        board.pieces = board.pieces.map(|p| p.and_not(bit));
        match cell {
            Cell::Empty => {}
            Cell::Blocked => board.blocked = board.blocked.or(bit),
            Cell::Piece(kind) => board.pieces[kind] = board.pieces[kind].or(bit),
        }
        board
    }

    /// The board after the piece on `from` moves to `to`, replacing what `to` held (a capture,
    /// as in Clobber); `from` becomes empty.
    pub fn moved(&self, from: usize, to: usize) -> Self {
        self.with(to, self.cell(from)).with(from, Cell::Empty)
    }

    /// The board with `kind`'s pieces on the cells of `mask` instead (which must be cells of
    /// the board that hold nothing else).
    pub fn with_pieces(&self, kind: usize, mask: B) -> Self {
        let mut board = *self;
        board.pieces[kind] = mask;
        board
    }

    /// The board with the cells of `mask` blocked (Amazons' arrows; Clobber's empty cells,
    /// which are alike to blocked ones there).
    pub fn blocking(&self, mask: B) -> Self {
        let mask = mask.and(self.all());
        PieceBoard {
            blocked: self.blocked.or(mask),
            pieces: self.pieces.map(|p| p.and_not(mask)),
            ..*self
        }
    }

    /// The cells of `m` moved one step in direction `d`; cells that would leave the board
    /// drop out. `piece_cells.and(board.step(targets, d.opposite()))` are the pieces with a
    /// target next to them in direction `d`.
    pub fn step(&self, m: B, d: Direction) -> B {
        self.steps().step(m, d)
    }

    /// [`Self::step`] for many sets and directions, with the board's edges found once (move
    /// generators take it once and step with it).
    pub fn steps(&self) -> Steps<B> {
        let (first_col, last_col) = self.grid(self.all()).edges();
        Steps {
            all: self.all(),
            first_col,
            last_col,
            cols: self.cols(),
        }
    }

    /// The cell one step from `i` in direction `d`, if on the board.
    pub fn neighbour(&self, i: usize, d: Direction) -> Option<usize> {
        let cols = self.cols();
        let r = (i / cols).checked_add_signed(d.0 as isize)?;
        let c = (i % cols).checked_add_signed(d.1 as isize)?;
        (r < self.rows() && c < cols).then_some(r * cols + c)
    }

    /// How far a step in direction `d` moves a cell's index (for cells whose neighbour that
    /// way is on the board).
    pub fn stride(&self, d: Direction) -> isize {
        d.0 as isize * self.cols() as isize + d.1 as isize
    }

    /// The cells reached from `from` by repeated steps in direction `d` while they are cells
    /// of `through`: a queen's or a rook's slide through empty cells ([`Self::empty`]), as
    /// Amazons moves its queens and shoots its arrows.
    pub fn ray(&self, from: usize, d: Direction, through: B) -> B {
        let (steps, mut reached, mut at) = (self.steps(), B::EMPTY, B::bit(from));
        loop {
            at = steps.step(at, d).and(through);
            if at.is_empty() {
                return reached;
            }
            reached = reached.or(at);
        }
    }

    /// Chess-style name of cell `i` (`a1` top left), for move descriptions.
    pub fn cell_name(&self, i: usize) -> String {
        cell_name(i, self.cols())
    }

    /// The board with every piece's kind replaced by the legend's swap: the same position with
    /// the players' colours exchanged.
    pub fn colours_swapped(&self, legend: &Legend<K>) -> Self {
        let mut pieces = [B::EMPTY; K];
        let own = self.pieces;
        for (kind, &p) in own.iter().enumerate() {
            let to = legend.swap[kind];
            pieces[to] = pieces[to].or(p);
        }
        PieceBoard { pieces, ..*self }
    }

    /// The eight images of the rectangle, numbered as the grid's symmetries give them: the
    /// board, its left-right mirror, its top-bottom mirror and its half turn, then the same of
    /// its transpose (cell (r, c) to (c, r)). Each layer is moved by the grid's own images.
    pub fn images(&self) -> [Self; 8] {
        let layer = |m: B| {
            let (same, turned) = self.grid(m).symmetries();
            let mut all = [same[0]; 8];
            all[..4].copy_from_slice(&same);
            all[4..].copy_from_slice(&turned);
            all
        };
        let blocked = layer(self.blocked);
        let pieces = self.pieces.map(layer);
        std::array::from_fn(|t| PieceBoard {
            rows: blocked[t].rows() as u16,
            cols: blocked[t].cols() as u16,
            blocked: blocked[t].free(),
            pieces: std::array::from_fn(|k| pieces[k][t].free()),
        })
    }

    /// Image `t` of [`Self::images`].
    pub fn image(&self, t: usize) -> Self {
        self.images()[t]
    }

    /// A canonical key among the images `symmetries` declares, and whether it is the negative
    /// of this board: the least of them (with its flag), ties going to the images with the
    /// same value (a board equal to an image of its negative has value 0). Boards order by
    /// rows first, so where transposed images are declared only the images with the fewer
    /// rows can be least: a board with fewer rows than columns needs its four row-keeping
    /// images, one with more the four transposed ones (the identity is always declared); a
    /// colour-swapped image is an image with its kinds permuted, not built again.
    ///
    /// Boards of up to 8x8 in one word are compared in the byte layout instead
    /// ([`Self::normalize_8x8`]).
    #[inline(always)]
    pub fn normalize(&self, symmetries: Symmetries, legend: &Legend<K>) -> (Self, bool) {
        if symmetries.same | symmetries.negative == 1 {
            return (*self, false);
        }
        if B::CAPACITY <= 64 && (1..=8).contains(&self.rows()) && (1..=8).contains(&self.cols()) {
            return self.normalize_8x8(symmetries, legend);
        }
        self.normalize_images(symmetries, legend)
    }

    /// [`Self::normalize`] by building the images as boards.
    fn normalize_images(&self, symmetries: Symmetries, legend: &Legend<K>) -> (Self, bool) {
        let mut best = (*self, false);
        let swaps = (symmetries.same | symmetries.negative) >> 8 != 0;
        for &half in self.halves(symmetries) {
            let images = self.oriented_images(half == 4);
            for (k, image) in images.into_iter().enumerate() {
                let t = half + k;
                for (bit, image) in [(t, image), (8 + t, image.colours_swapped(legend))] {
                    if bit >= 8 && !swaps {
                        continue;
                    }
                    for (set, negated) in [(symmetries.same, false), (symmetries.negative, true)] {
                        if set >> bit & 1 != 0 && (image, negated) < best {
                            best = (image, negated);
                        }
                    }
                }
            }
        }
        best
    }

    /// Which halves of the images (0: those keeping rows as rows, 4: the transposed ones)
    /// can hold the least declared image: images with fewer rows than columns order first.
    fn halves(&self, symmetries: Symmetries) -> &'static [usize] {
        let declared = symmetries.same | symmetries.negative;
        match self.rows.cmp(&self.cols) {
            _ if declared & 0xF0F0 == 0 => &[0],
            std::cmp::Ordering::Less => &[0],
            std::cmp::Ordering::Greater => &[4],
            std::cmp::Ordering::Equal => &[0, 4],
        }
    }

    /// [`Self::normalize`] for a board of up to 8x8 in one word: each layer is spread to the
    /// byte layout ([`super::bytes`]: a row per byte), where its images are a few word
    /// operations each, and the images are ordered by their layers' words there (blocked
    /// cells, then each kind), then by the flag. Only the representative's layout of cells
    /// differs from the general method's order: it is still the same for every image of a
    /// board (the same set of candidates, totally ordered). Only the images whose pieces of
    /// kind 0 stand on one colour of the checkerboard are candidates where there are such
    /// ([`one_colour_images`]: Konane's 5x5 board with three holes, 0.350 -> 0.339 s), and on
    /// a square of odd side only one half of them where the pieces tell the halves apart
    /// ([`one_half_by_classes`]: 0.289 -> 0.284 s, two threads 0.174 -> 0.168 s).
    #[inline(always)]
    fn normalize_8x8(&self, symmetries: Symmetries, legend: &Legend<K>) -> (Self, bool) {
        let (r, c) = (self.rows(), self.cols());
        let mask = byte_layout_mask(r, c);
        let spread = |m: B| deposit_bits(m.low_u64(), mask);
        let (blocked, pieces) = (spread(self.blocked), self.pieces.map(spread));
        // the least candidate: the layers of an image in the byte layout, and its flag; it
        // starts above every board's (whose layers are disjoint, never all full together)
        let mut best = (u64::MAX, [u64::MAX; K], true);
        let (mut rows, mut cols) = (r, c);
        let halves = self.halves(symmetries);
        let wanted = one_colour_images(&pieces, r, c, symmetries, halves, legend);
        let wanted = one_half_by_classes(&pieces, r, c, wanted);
        for &half in halves {
            if wanted & (0x0F0F << half) == 0 {
                continue;
            }
            let turn = |x: u64| if half == 4 { transpose_8x8(x) } else { x };
            (rows, cols) = if half == 4 { (c, r) } else { (r, c) };
            let images = |x: u64| byte_row_images(turn(x), rows, cols);
            // most boards have no blocked cell: no images to take
            let blocked = if blocked == 0 {
                [0; 4]
            } else {
                images(blocked)
            };
            let pieces = pieces.map(images);
            for k in 0..4 {
                let t = half + k;
                let layers: [u64; K] = std::array::from_fn(|kind| pieces[kind][k]);
                let mut swapped = [0; K];
                for (kind, &p) in layers.iter().enumerate() {
                    swapped[legend.swap[kind]] |= p;
                }
                for (bit, layers) in [(t, layers), (8 + t, swapped)] {
                    if wanted >> bit & 1 == 0 {
                        continue;
                    }
                    for (set, negated) in [(symmetries.same, false), (symmetries.negative, true)] {
                        let candidate = (blocked[k], layers, negated);
                        if set >> bit & 1 != 0 && candidate < best {
                            best = candidate;
                        }
                    }
                }
            }
        }
        let (blocked, pieces, negated) = best;
        let mask = byte_layout_mask(rows, cols);
        let pack = |x: u64| B::from_u64(extract_bits(x, mask));
        let board = PieceBoard {
            rows: rows as u16,
            cols: cols as u16,
            blocked: pack(blocked),
            pieces: pieces.map(pack),
        };
        (board, negated)
    }

    /// Whether an image other than the identity among those `symmetries` declares (with the
    /// colours swapped where it says so) is the board itself. Images that move no cell on a
    /// board of this shape (the top-bottom mirror of a single row) do not count.
    pub fn has_symmetry(&self, symmetries: Symmetries, legend: &Legend<K>) -> bool {
        let (rows, cols) = (self.rows(), self.cols());
        // image t moves no cell: a mirror across a line of cells, or any image of one cell
        let still = |t: usize| match t {
            IDENTITY => true,
            MIRROR => cols == 1,
            FLIP => rows == 1,
            _ => rows == 1 && cols == 1,
        };
        self.declared_images(symmetries, legend)
            .any(|(bit, image)| !(bit < 8 && still(bit)) && image == *self)
    }

    /// The images `symmetries` declares other than the identity, each with its bit (`t`, or
    /// `8 + t` with the colours swapped: [`Symmetries`]).
    pub fn declared_images(
        &self,
        symmetries: Symmetries,
        legend: &Legend<K>,
    ) -> impl Iterator<Item = (usize, Self)> {
        let declared = symmetries.same | symmetries.negative;
        let images = self.images();
        (1..16)
            .filter(move |bit| declared >> bit & 1 != 0)
            .map(move |bit| {
                let image = images[bit % 8];
                let image = if bit >= 8 {
                    image.colours_swapped(legend)
                } else {
                    image
                };
                (bit, image)
            })
    }

    /// [`crate::search::Game::symmetry_pays`] for a ruleset whose regions never split, from
    /// the regions of its root: whether a region is its own image or two regions are images
    /// of each other (where images recur most; Konane adds boards whose images keep the
    /// parity classes of its stones).
    pub fn symmetry_recurs(regions: &[Self], symmetries: Symmetries, legend: &Legend<K>) -> bool {
        if regions.iter().any(|r| r.has_symmetry(symmetries, legend)) {
            return true;
        }
        let mut keys: Vec<Self> = regions
            .iter()
            .map(|r| r.normalize(symmetries, legend).0)
            .collect();
        keys.sort_unstable();
        keys.windows(2).any(|w| w[0] == w[1])
    }

    /// Images 0 to 3 of [`Self::images`] (`transposed` false) or 4 to 7 (true).
    fn oriented_images(&self, transposed: bool) -> [Self; 4] {
        let layer = |m: B| {
            let grid = self.grid(m);
            if transposed {
                grid.transposed().row_images()
            } else {
                grid.row_images()
            }
        };
        let blocked = layer(self.blocked);
        let pieces = self.pieces.map(layer);
        std::array::from_fn(|t| PieceBoard {
            rows: blocked[t].rows() as u16,
            cols: blocked[t].cols() as u16,
            blocked: blocked[t].free(),
            pieces: std::array::from_fn(|k| pieces[k][t].free()),
        })
    }

    /// Calls `f` on each region of the cells of `connecting` (connected under `adjacency`),
    /// lowest first, as its own board ([`Self::cropped_to`]).
    pub fn for_each_component(&self, connecting: B, adjacency: Adjacency, mut f: impl FnMut(Self)) {
        let within = self.grid(connecting.and(self.all()));
        let mut rest = within.free();
        while let Some(first) = rest.lowest() {
            let region = within.region_by(B::bit(first), adjacency);
            rest = rest.and_not(region);
            // one region of every cell that is not blocked, touching all four edges: the
            // board is its own crop (the common case deep in a search of one region)
            if region == self.cells() && self.touches_every_edge(region) {
                f(*self);
            } else {
                f(self.cropped_to(region));
            }
        }
    }

    /// [`Self::for_each_component`] collected.
    pub fn components(&self, connecting: B, adjacency: Adjacency) -> Vec<Self> {
        let mut out = Vec::new();
        self.for_each_component(connecting, adjacency, |c| out.push(c));
        out
    }

    /// Whether `region` has a cell in the first and the last row and column.
    fn touches_every_edge(&self, region: B) -> bool {
        let (rows, cols) = (self.rows(), self.cols());
        if rows == 0 || cols == 0 {
            return false;
        }
        let first_row = B::first(cols);
        let (first_col, last_col) = self.grid(self.all()).edges();
        !region.and(first_row).is_empty()
            && !region.and(first_row.shl((rows - 1) * cols)).is_empty()
            && !region.and(first_col).is_empty()
            && !region.and(last_col).is_empty()
    }

    /// The board of the cells of `region` alone: cropped to their bounding box, the box's
    /// other cells blocked.
    pub fn cropped_to(&self, region: B) -> Self {
        let cols = self.cols();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for i in ones(region) {
            let (r, c) = (i / cols, i % cols);
            (r0, r1, c0, c1) = (r0.min(r), r1.max(r), c0.min(c), c1.max(c));
        }
        if r0 > r1 {
            return PieceBoard {
                rows: 0,
                cols: 0,
                blocked: B::EMPTY,
                pieces: [B::EMPTY; K],
            };
        }
        let ncols = c1 - c0 + 1;
        let moved = |m: B| {
            ones(m.and(region)).fold(B::EMPTY, |out, i| {
                out.or(B::bit((i / cols - r0) * ncols + (i % cols - c0)))
            })
        };
        let nrows = r1 - r0 + 1;
        PieceBoard {
            rows: nrows as u16,
            cols: ncols as u16,
            blocked: B::first(nrows * ncols).and_not(moved(region.and_not(self.blocked))),
            pieces: self.pieces.map(moved),
        }
    }

    /// The cells of `m` as a grid of this board's shape.
    fn grid(&self, m: B) -> Grid<B> {
        Grid {
            rows: self.rows,
            cols: self.cols,
            free: m,
        }
    }
}

/// A board's shape for [`PieceBoard::step`]: its cells and its first and last columns.
#[derive(Clone, Copy, Debug)]
pub struct Steps<B: Bits> {
    all: B,
    first_col: B,
    last_col: B,
    cols: usize,
}

impl<B: Bits> Steps<B> {
    /// The cells of `m` moved one step in direction `d`, those leaving the board dropped.
    #[inline]
    pub fn step(&self, m: B, d: Direction) -> B {
        let across = match d.1 {
            0 => m,
            1 => m.and_not(self.last_col).shl(1),
            _ => m.and_not(self.first_col).shr(1),
        };
        let down = match d.0 {
            1 => across.shl(self.cols),
            -1 => across.shr(self.cols),
            _ => across,
        };
        down.and(self.all)
    }
}

/// The cells `(r, c)` with `r + c` even in the byte layout (a row per byte): one colour of
/// the checkerboard.
const EVEN_CELLS: u64 = 0xAA55_AA55_AA55_AA55;

/// The cells of even row and odd column, and of odd row and even column, in the byte layout.
const EVEN_ROW_ODD_COL: u64 = 0x00AA_00AA_00AA_00AA;
const ODD_ROW_EVEN_COL: u64 = 0x5500_5500_5500_5500;

/// Of the images in `wanted` (bits as [`Symmetries`] numbers them) of a square board of odd
/// side, those of one half where the board's pieces tell the halves apart, which spares
/// computing the other half's images. There the images that keep rows as rows keep each
/// cell's row and column parity, and the transposed ones exchange the cells of even row and
/// odd column with those of odd row and even column: an image with more pieces (of any kind)
/// on the first class than the second is in the board's half if the board has, else in the
/// other. Having more on the first is a property of the image alone, so as for
/// [`one_colour_images`] every image of a board picks the same boards (and where none of
/// `wanted` has more, which holds for every image alike, all of `wanted` stay). Konane's
/// 5x5 board with three holes: Right's stones stand on those two classes, and most
/// positions have more on one.
#[inline(always)]
fn one_half_by_classes<const K: usize>(
    layers: &[u64; K],
    rows: usize,
    cols: usize,
    wanted: u16,
) -> u16 {
    if rows != cols || rows.is_multiple_of(2) {
        return wanted;
    }
    let pieces = layers.iter().fold(0, |all, &l| all | l);
    let (first, second) = (
        (pieces & EVEN_ROW_ODD_COL).count_ones(),
        (pieces & ODD_ROW_EVEN_COL).count_ones(),
    );
    let half = match first.cmp(&second) {
        std::cmp::Ordering::Greater => 0x0F0F,
        std::cmp::Ordering::Less => 0xF0F0,
        std::cmp::Ordering::Equal => return wanted,
    };
    if wanted & half == 0 {
        wanted
    } else {
        wanted & half
    }
}

/// Of the images `symmetries` declares in `halves` (bits as [`Symmetries`] numbers them), those
/// whose pieces of kind 0 all stand on cells with `r + c` even, or all of them if none does.
/// Whether an image passes is a property of the image board alone, so every image of a board
/// picks the same set of boards, and the least of those is a canonical key just as the least
/// of all is (the declared images form a group). Konane's stones jump two cells, keeping
/// their colour of the checkerboard, so from the usual start (each colour on its own squares)
/// Left's stones never stand on Right's colour: the images with the colours swapped are
/// never compared there. The image of cell `(r, c)` has `r + c` of the other parity where a
/// mirror reverses an even number of cells; an image with the colours swapped has as kind 0
/// the pieces of kind `legend.swap[0]` (the swap is its own inverse). `layers` are the kinds'
/// cells in the byte layout of an `rows` x `cols` board.
#[inline(always)]
fn one_colour_images<const K: usize>(
    layers: &[u64; K],
    rows: usize,
    cols: usize,
    symmetries: Symmetries,
    halves: &[usize],
    legend: &Legend<K>,
) -> u16 {
    let (even_rows, even_cols) = (rows.is_multiple_of(2), cols.is_multiple_of(2));
    // the images (of eight) that exchange the two colours of the checkerboard
    let bit = |t: usize, on: bool| u8::from(on) << t;
    let flips = bit(1, even_cols)
        | bit(2, even_rows)
        | bit(3, even_rows != even_cols)
        | bit(5, even_rows)
        | bit(6, even_cols)
        | bit(7, even_rows != even_cols);
    // the images in which the pieces of `x` (of kind 0 there) stand on even cells only
    let on_even = |x: u64| {
        let keep = if x & !EVEN_CELLS == 0 { !flips } else { 0 };
        keep | if x & EVEN_CELLS == 0 { flips } else { 0 }
    };
    let in_halves = halves.iter().fold(0u16, |m, &h| m | 0x0F0F << h);
    let declared = (symmetries.same | symmetries.negative) & in_halves;
    let swapped = layers[legend.swap[0]];
    let wanted = (u16::from(on_even(layers[0])) | u16::from(on_even(swapped)) << 8) & declared;
    if wanted == 0 { declared } else { wanted }
}

/// A board of two kinds of piece stored as two bit planes, a blocked cell in both: the
/// cells of kind 0 or blocked, and the cells of kind 1 or blocked. Three sets in two words,
/// so a board of up to 32 cells is a 12-byte key instead of [`PieceBoard`]'s 16 (a value
/// table's slot 16 bytes instead of 20); [`Self::board`] gives the board to work on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(C, packed(4))]
pub struct TwoPlanes<B: Bits> {
    rows: u16,
    cols: u16,
    planes: [B; 2],
}

impl<B: Bits> TwoPlanes<B> {
    /// `board` in two planes.
    #[inline(always)]
    pub fn of(board: &PieceBoard<B, 2>) -> TwoPlanes<B> {
        let pieces = board.pieces;
        TwoPlanes {
            rows: board.rows,
            cols: board.cols,
            planes: pieces.map(|p| p.or(board.blocked)),
        }
    }

    /// The board these planes store.
    #[inline(always)]
    pub fn board(&self) -> PieceBoard<B, 2> {
        let [a, b] = self.planes;
        PieceBoard {
            rows: self.rows,
            cols: self.cols,
            blocked: a.and(b),
            pieces: [a.and_not(b), b.and_not(a)],
        }
    }
}

/// Hashes the two planes as two words (the derived hash writes the array as bytes, read back
/// in 8-byte chunks that the processor cannot forward from the stores that just built it).
impl<B: Bits> Hash for TwoPlanes<B> {
    #[inline]
    fn hash<H: Hasher>(&self, state: &mut H) {
        let (rows, cols, planes) = (self.rows, self.cols, self.planes);
        state.write_u32(u32::from(rows) << 16 | u32::from(cols));
        planes[0].hash(state);
        planes[1].hash(state);
    }
}

/// The error for a character that is no cell of the legend's boards.
fn unexpected_cell<const K: usize>(ch: char, at: usize, row: usize, legend: &Legend<K>) -> String {
    let letters: Vec<String> = legend.letters.iter().map(|l| format!("`{l}`")).collect();
    format!(
        "unexpected `{ch}` at character {at} (row {}): use `.` for empty, `#` for blocked and {} for pieces",
        row + 1,
        letters.join(", ")
    )
}

/// A ruleset whose positions are one [`PieceBoard`] with `K` kinds of piece.
pub trait PieceGame<const K: usize> {
    /// The searchable position of `board`.
    fn searched<B: Bits>(board: PieceBoard<B, K>) -> Box<dyn Position>;
}

impl<const K: usize> PieceBoard<Wide, K> {
    /// The position of the board on the narrowest cell set that holds it: a 32-bit word up to
    /// 32 cells (half the key in the value table), a 64-bit one up to 64, else [`Wide`].
    pub fn narrowest<G: PieceGame<K>>(self) -> Box<dyn Position> {
        if let Some(small) = self.converted::<u32>() {
            return G::searched(small);
        }
        match self.converted::<u64>() {
            Some(narrow) => G::searched(narrow),
            None => G::searched(self),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::grid::Wide;

    const STONES: Legend<2> = Legend::STONES;
    const TOADS: Legend<2> = Legend {
        letters: ['t', 'f'],
        swap: [1, 0],
    };

    fn board(s: &str) -> PieceBoard {
        PieceBoard::parse(s, &STONES).unwrap()
    }

    fn texts(boards: &[PieceBoard]) -> Vec<String> {
        boards.iter().map(|b| b.board_string(&STONES)).collect()
    }

    #[test]
    fn board_strings_round_trip() {
        let b = board("xo.#|.ox.|#..x");
        assert_eq!(b.board_string(&STONES), "xo.#|.ox.|#..x");
        assert_eq!(
            [b.cell(0), b.cell(1), b.cell(2), b.cell(3)],
            [Cell::Piece(0), Cell::Piece(1), Cell::Empty, Cell::Blocked]
        );
        assert_eq!(b.pieces(0).count_ones(), 3);
        assert_eq!(b.empty().count_ones(), 5);
        assert_eq!(board("xo\n.#").board_string(&STONES), "xo|.#");
        let toads: PieceBoard = PieceBoard::parse("tt..ff", &TOADS).unwrap();
        assert_eq!(toads.board_string(&TOADS), "tt..ff");
        // a third kind, neutral under the colour swap
        let three = Legend {
            letters: ['x', 'o', 'n'],
            swap: [1, 0, 2],
        };
        let b: PieceBoard<u64, 3> = PieceBoard::parse("xn|on", &three).unwrap();
        assert_eq!(b.board_string(&three), "xn|on");
        assert_eq!(b.colours_swapped(&three).board_string(&three), "on|xn");
        // past one word: a 10x10 Amazons board
        let amazons = "...o..o...|..........|..........|o........o|..........|..........|x........x|..........|..........|...x..x...";
        let wide: PieceBoard<Wide> = PieceBoard::parse(amazons, &STONES).unwrap();
        assert_eq!(wide.board_string(&STONES), amazons);
        assert_eq!(wide.pieces(1).count(), 4);
    }

    #[test]
    fn bad_board_strings_are_errors() {
        let err = |s: &str| PieceBoard::<u64>::parse(s, &STONES).unwrap_err();
        assert!(err("xo|x").contains("row 2 has 1 cells"), "{}", err("xo|x"));
        assert!(
            err("x.|.q").contains("unexpected `q` at character 5 (row 2)"),
            "{}",
            err("x.|.q")
        );
        assert!(err("x.|.q").contains("`x`, `o`"));
        assert!(err(&["........."; 9].join("|")).contains("at most 64"));
    }

    /// The eight images of a 2x3 board, written out by hand.
    #[test]
    fn images_of_a_rectangle() {
        let b = board("x.o|#.x");
        let mut found = texts(&b.images());
        found.sort();
        let mut expected = vec![
            "x.o|#.x",  // the board
            "o.x|x.#",  // left-right mirror
            "#.x|x.o",  // top-bottom mirror
            "x.#|o.x",  // half turn
            "x#|..|ox", // transpose
            "#x|..|xo", // quarter turn
            "ox|..|x#", // quarter turn the other way
            "xo|..|#x", // anti-transpose
        ];
        expected.sort();
        assert_eq!(found, expected);
    }

    /// A board and its images have one key; with the colours swapped, the same key negated.
    #[test]
    fn images_share_a_key_and_the_colour_swap_negates() {
        for text in ["x.o|#.x", "xxo", "xo.|.x.|o..", "x#|oo|.x"] {
            let b = board(text);
            let (key, negated) = b.normalize(Symmetries::SQUARE, &STONES);
            for image in b.images() {
                assert_eq!(image.normalize(Symmetries::SQUARE, &STONES), (key, negated));
                let swapped = image.colours_swapped(&STONES);
                assert_eq!(
                    swapped.normalize(Symmetries::SQUARE, &STONES),
                    (key, !negated),
                    "{text}"
                );
            }
        }
        // "xo" is its own negative (mirror and swap): one key, the flag of the same value
        let (xo, ox) = (board("xo"), board("ox"));
        let key = xo.normalize(Symmetries::SQUARE, &STONES);
        assert!(!key.1);
        assert_eq!(ox.normalize(Symmetries::SQUARE, &STONES), key);
        // Toads and Frogs: the mirror with toads and frogs exchanged negates; the mirror alone
        // is another position
        let toads = |s: &str| {
            PieceBoard::<u64>::parse(s, &TOADS)
                .unwrap()
                .normalize(Symmetries::MIRROR_SWAPS_SIDES, &TOADS)
        };
        assert_eq!(toads("tt.f").0, toads("t.ff").0);
        assert_eq!(toads("tt.f").1, !toads("t.ff").1);
        assert_ne!(toads("tt.f").0, toads("f.tt").0);
    }

    /// Every image of a random board, for each symmetry set, has the board's key, with the
    /// flag of the same value or its negative: squares of odd side (where the key is taken
    /// from one half of the images when the pieces tell them apart) and others, every cell
    /// state, in one word and on the widest cell set.
    #[test]
    fn every_image_of_random_boards_has_one_key() {
        use crate::game::rng::Rng;
        let mut rng = Rng::seeded(29);
        let sets = [
            Symmetries::SQUARE,
            Symmetries::MIRROR_SWAPS_SIDES,
            Symmetries::new(0x0F, 0xF0),
        ];
        for _ in 0..3000 {
            let (r, c) = *rng.pick(&[(3, 3), (5, 5), (7, 7), (5, 6), (4, 4), (1, 5)]);
            let text: String = (0..r)
                .map(|_| {
                    (0..c)
                        .map(|_| *rng.pick(&['.', '.', '#', 'x', 'x', 'o', 'o']))
                        .collect::<String>()
                })
                .collect::<Vec<_>>()
                .join("|");
            let b = board(&text);
            for symmetries in sets {
                let key = b.normalize(symmetries, &STONES);
                let wide_key = b
                    .converted::<Wide>()
                    .unwrap()
                    .normalize(symmetries, &STONES);
                // a board equal to a negating image of itself is 0: either flag is right
                let zero = key
                    .0
                    .declared_images(symmetries, &STONES)
                    .any(|(bit, i)| symmetries.negative >> bit & 1 != 0 && i == key.0);
                for (bit, image) in b.declared_images(symmetries, &STONES) {
                    let negated = symmetries.negative >> bit & 1 != 0;
                    let (k, f) = image.normalize(symmetries, &STONES);
                    assert_eq!(k, key.0, "{text} image {bit}");
                    assert!(f == key.1 ^ negated || zero, "{text} image {bit}");
                    let wide = image.converted::<Wide>().unwrap();
                    let (wk, wf) = wide.normalize(symmetries, &STONES);
                    assert_eq!(wk, wide_key.0, "{text} wide {bit}");
                    assert!(wf == wide_key.1 ^ negated || zero, "{text} wide {bit}");
                }
            }
        }
    }

    /// Two planes hold every board of two kinds: empty, blocked and both kinds of cell come
    /// back as they were, on each cell set.
    #[test]
    fn two_planes_give_the_board_back() {
        let boards = [
            "xo.#",
            "x.o|#ox|..x",
            ".",
            "xxxx|oooo|####|....",
            "x#o.x|o.#x.|#x.o#",
        ];
        for s in boards {
            let b: PieceBoard<u32> = PieceBoard::parse(s, &Legend::STONES).unwrap();
            assert_eq!(TwoPlanes::of(&b).board(), b, "{s}");
            let w: PieceBoard<Wide> = PieceBoard::parse(s, &Legend::STONES).unwrap();
            assert_eq!(TwoPlanes::of(&w).board(), w, "{s}");
        }
        assert_eq!(std::mem::size_of::<TwoPlanes<u32>>(), 12);
    }

    /// `normalize` against the least of the images built here cell by cell (cell (r, c) of an
    /// image taken from the board's cell given by `source`; in one word, of those with the
    /// fewest rows and every `x` on one colour of the checkerboard if there are any, and on a
    /// square of odd side of those the ones with more pieces on cells of even row and odd
    /// column than of odd row and even column if there are any), over every 2x2, 1x4 and 4x1
    /// board and many 2x3, 3x2 and 3x3 ones (fewer rows than columns, as many, more), for
    /// three symmetry sets: in one word (the byte layout's order, `normalize_8x8`) and on the
    /// widest cell set (the general method, boards' own order).
    #[test]
    fn normalize_is_the_least_declared_image() {
        // the byte layout's order: the shape, then each layer with a row per byte
        let byte_order = |b: &PieceBoard| {
            let mask = byte_layout_mask(b.rows(), b.cols());
            let spread = |m: u64| deposit_bits(m, mask);
            (b.rows, b.cols, spread(b.blocked), b.pieces.map(spread))
        };
        let wide = |b: &PieceBoard| b.converted::<Wide>().expect("a small board");
        let states = ['.', '#', 'x', 'o'];
        let swap = |ch: char| match ch {
            'x' => 'o',
            'o' => 'x',
            other => other,
        };
        // image t of an r x c board: (its rows, its columns, the source cell of (i, j))
        let image = |cells: &[char], r: usize, c: usize, t: usize, swapped: bool| {
            let (rows, cols) = if t < 4 { (r, c) } else { (c, r) };
            let mut text = String::new();
            for i in 0..rows {
                if i > 0 {
                    text.push('|');
                }
                for j in 0..cols {
                    let (i2, j2) = match t % 4 {
                        0 => (i, j),
                        1 => (i, cols - 1 - j),
                        2 => (rows - 1 - i, j),
                        _ => (rows - 1 - i, cols - 1 - j),
                    };
                    let (sr, sc) = if t < 4 { (i2, j2) } else { (j2, i2) };
                    let ch = cells[sr * c + sc];
                    text.push(if swapped { swap(ch) } else { ch });
                }
            }
            board(&text)
        };
        let sets = [
            Symmetries::SQUARE,
            Symmetries::MIRROR_SWAPS_SIDES,
            Symmetries::new(0x0F, 0xF0),
        ];
        let masks = [(0x00FF, 0xFF00), (0b101, 0b1010 << 8), (0x0F, 0xF0)];
        for (r, c, count) in [
            (2, 2, 256),
            (1, 4, 256),
            (4, 1, 256),
            (2, 3, 4096),
            (3, 2, 4096),
            (3, 3, 1 << 18),
        ] {
            for n in (0..count).step_by(match count {
                256 => 1,
                4096 => 7,
                _ => 101,
            }) {
                let cells: Vec<char> = (0..r * c).map(|k| states[(n >> (2 * k)) & 3]).collect();
                let b = image(&cells, r, c, 0, false);
                for (symmetries, (same, negative)) in sets.iter().zip(masks) {
                    let declared = |bit: usize| (same | negative) >> bit & 1 != 0;
                    let candidates: Vec<(usize, PieceBoard)> = (0..16)
                        .filter(|&bit| declared(bit))
                        .map(|bit| (bit, image(&cells, r, c, bit % 8, bit >= 8)))
                        .collect();
                    // the byte layout's key: among the images with the fewest rows, those with
                    // every `x` on a cell of even row + column if there are any
                    let fewest = candidates.iter().map(|(_, i)| i.rows()).min().unwrap();
                    let one_colour = |i: &PieceBoard| {
                        ones(i.pieces(0)).all(|k| (k / i.cols() + k % i.cols()) % 2 == 0)
                    };
                    let shaped = candidates.iter().filter(|(_, i)| i.rows() == fewest);
                    let coloured: Vec<_> = shaped.clone().filter(|(_, i)| one_colour(i)).collect();
                    let keyed: Vec<_> = if coloured.is_empty() {
                        shaped.collect()
                    } else {
                        coloured
                    };
                    // on a square of odd side, those with more pieces on cells of even row and
                    // odd column than of odd row and even column if there are any
                    let classes = |i: &PieceBoard| {
                        let on = |k: usize, row: usize| {
                            k / i.cols() % 2 == row && k % i.cols() % 2 != row
                        };
                        let all = i.pieces(0).or(i.pieces(1));
                        (
                            ones(all).filter(|&k| on(k, 0)).count(),
                            ones(all).filter(|&k| on(k, 1)).count(),
                        )
                    };
                    let more = |i: &PieceBoard| {
                        let (first, second) = classes(i);
                        first > second
                    };
                    let leaning: Vec<_> = keyed.iter().copied().filter(|(_, i)| more(i)).collect();
                    let keyed = if r == c && r % 2 == 1 && !leaning.is_empty() {
                        leaning
                    } else {
                        keyed
                    };
                    let (mut best, mut least) = ((b, false), None);
                    for &(bit, candidate) in &candidates {
                        for (set, flag) in [(same, false), (negative, true)] {
                            if set >> bit & 1 != 0 {
                                best = best.min((candidate, flag));
                            }
                        }
                    }
                    for &&(bit, candidate) in &keyed {
                        for (set, flag) in [(same, false), (negative, true)] {
                            let key = (byte_order(&candidate), flag);
                            if set >> bit & 1 != 0
                                && least.is_none_or(|(l, f)| key < (byte_order(&l), f))
                            {
                                least = Some((candidate, flag));
                            }
                        }
                    }
                    let least = least.unwrap();
                    let text: String = cells.iter().collect();
                    assert_eq!(b.normalize(*symmetries, &STONES), least, "{text} {r}x{c}");
                    let general = wide(&b).normalize(*symmetries, &STONES);
                    assert_eq!(general, (wide(&best.0), best.1), "{text} {r}x{c}");
                }
            }
        }
    }

    /// Components by hand: the groups of stones (Clobber), the orthogonal regions of cells
    /// that are not blocked (Konane, Toads and Frogs) and their regions under a king's step
    /// (Amazons: `o` at b2 and c3 touch diagonally across two blocked cells).
    #[test]
    fn components_of_boards_with_blocked_cells_and_gaps() {
        let b = board("x.#.|.o#x|##o.");
        let orthogonal = b.components(b.cells(), Adjacency::Orthogonal);
        assert_eq!(texts(&orthogonal), ["x.|.o", "#.|#x|o."]);
        let king = b.components(b.cells(), Adjacency::King);
        assert_eq!(texts(&king), ["x.#.|.o#x|##o."]);
        let stones = b.components(b.occupied(), Adjacency::Orthogonal);
        assert_eq!(texts(&stones), ["x", "o", "x", "o"]);
        // columns a and c never touch: a king's step right from c2 must not wrap to a2
        let b = board(".#.|x#x");
        let king = b.components(b.cells(), Adjacency::King);
        assert_eq!(texts(&king), [".|x", ".|x"]);
        // groups of stones keep their shape; the gaps in their boxes become blocked
        let b = board("xo.x|#.ox|o..x");
        let stones = b.components(b.occupied(), Adjacency::Orthogonal);
        assert_eq!(texts(&stones), ["xo", "#x|ox|#x", "o"]);
        // empty cells join the stones for Konane
        let b = board("x.o|###|o.x");
        assert_eq!(
            texts(&b.components(b.cells(), Adjacency::Orthogonal)),
            ["x.o", "o.x"]
        );
        assert!(
            board("##|##")
                .components(board("##|##").cells(), Adjacency::King)
                .is_empty()
        );
        // on two words: a 1 x 100 strip cut by a blocked cell at 70
        let mut strip = ".".repeat(100);
        strip.replace_range(70..71, "#");
        strip.replace_range(0..1, "x");
        strip.replace_range(99..100, "o");
        let wide: PieceBoard<Wide> = PieceBoard::parse(&strip, &STONES).unwrap();
        let parts = wide.components(wide.cells(), Adjacency::Orthogonal);
        let shapes: Vec<(usize, usize, u32, u32)> = parts
            .iter()
            .map(|p| (p.rows(), p.cols(), p.pieces(0).count(), p.pieces(1).count()))
            .collect();
        assert_eq!(shapes, [(1, 70, 1, 0), (1, 29, 0, 1)]);
    }

    /// Steps to neighbours stop at the edges; a capture as Clobber makes it.
    #[test]
    fn steps_and_moves() {
        let b = board("xo.|.x.|o..");
        // Left's stones with a Right stone next to them in direction d
        let targets = |d: Direction| {
            let m = b.pieces(0).and(b.step(b.pieces(1), d.opposite()));
            ones(m).collect::<Vec<_>>()
        };
        assert_eq!(targets(Direction::RIGHT), [0]);
        assert_eq!(targets(Direction::UP), [4]);
        assert!(targets(Direction::LEFT).is_empty() && targets(Direction::DOWN).is_empty());
        assert_eq!(b.moved(0, 1).board_string(&STONES), ".x.|.x.|o..");
        assert_eq!(b.moved(4, 1).board_string(&STONES), "xx.|...|o..");
        assert_eq!(b.neighbour(2, Direction::RIGHT), None);
        assert_eq!(b.neighbour(3, Direction::LEFT), None);
        assert_eq!(b.neighbour(0, Direction::RIGHT), Some(1));
        assert_eq!(b.neighbour(8, Direction::DOWN), None);
        let down_right = Direction::KING[7];
        assert_eq!(b.neighbour(0, down_right), Some(4));
        assert_eq!(b.neighbour(2, down_right), None);
        assert_eq!(b.neighbour(4, down_right.opposite()), Some(0));
        assert_eq!(b.blocking(b.empty()).board_string(&STONES), "xo#|#x#|o##");
        // slides through empty cells stop before pieces, blocked cells and edges
        let b = board("x..o|.#..|....");
        let ray = |from, d| ones(b.ray(from, d, b.empty())).collect::<Vec<_>>();
        assert_eq!(ray(0, Direction::RIGHT), [1, 2]);
        assert_eq!(ray(3, Direction::LEFT), [1, 2]);
        assert_eq!(ray(0, Direction::DOWN), [4, 8]);
        assert!(ray(0, down_right).is_empty());
        assert_eq!(ray(3, Direction::KING[5]), [6, 9]);
        assert_eq!(b.cell_name(5), "b2");
    }
}
