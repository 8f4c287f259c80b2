//! Boards as bitboards, shared by the grid games (Domineering, Cram): bit `r * cols + c` of
//! the free set is on when cell (r, c) is empty. The bit set is a type parameter ([`Bits`]):
//! `u64` for boards of up to 64 cells (fast), [`Wide`] for up to 256. Regions are the
//! 4-connected sets of free cells, cropped to their bounding boxes; the eight symmetries of
//! the rectangle are split into the four that keep rows as rows and the four that transpose.

use std::fmt::Debug;
use std::hash::Hash;

/// A set of cells: the operations the grid needs from a bit set.
pub trait Bits: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// How many cells a set can hold.
    const CAPACITY: usize;
    const EMPTY: Self;
    /// The cells `0..n`.
    fn first(n: usize) -> Self;
    fn bit(i: usize) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn and_not(self, o: Self) -> Self;
    /// Shifted towards higher cells; cells shifted out are lost (a shift by `CAPACITY` or
    /// more gives the empty set).
    fn shl(self, n: usize) -> Self;
    fn shr(self, n: usize) -> Self;
    fn count(self) -> u32;
    /// The lowest cell in the set.
    fn lowest(self) -> Option<usize>;
    /// The highest cell in the set.
    fn highest(self) -> Option<usize>;
    /// The cells of the set, lowest first.
    fn ones(self) -> impl Iterator<Item = usize>;
    /// Cells 0..64 as a word.
    fn low_u64(self) -> u64;
    /// The set of the bits of `x` (cells 0..64).
    fn from_u64(x: u64) -> Self;

    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    fn has(self, i: usize) -> bool {
        !self.and(Self::bit(i)).is_empty()
    }
}

impl Bits for u64 {
    const CAPACITY: usize = 64;
    const EMPTY: u64 = 0;

    #[inline]
    fn first(n: usize) -> u64 {
        if n >= 64 { u64::MAX } else { (1u64 << n) - 1 }
    }
    #[inline]
    fn bit(i: usize) -> u64 {
        1u64 << i
    }
    #[inline]
    fn and(self, o: u64) -> u64 {
        self & o
    }
    #[inline]
    fn or(self, o: u64) -> u64 {
        self | o
    }
    #[inline]
    fn and_not(self, o: u64) -> u64 {
        self & !o
    }
    #[inline]
    fn shl(self, n: usize) -> u64 {
        self.checked_shl(n as u32).unwrap_or(0)
    }
    #[inline]
    fn shr(self, n: usize) -> u64 {
        self.checked_shr(n as u32).unwrap_or(0)
    }
    #[inline]
    fn count(self) -> u32 {
        self.count_ones()
    }
    #[inline]
    fn lowest(self) -> Option<usize> {
        (self != 0).then(|| self.trailing_zeros() as usize)
    }
    #[inline]
    fn highest(self) -> Option<usize> {
        (self != 0).then(|| 63 - self.leading_zeros() as usize)
    }
    #[inline]
    fn low_u64(self) -> u64 {
        self
    }
    #[inline]
    fn from_u64(x: u64) -> u64 {
        x
    }
    #[inline]
    fn ones(self) -> impl Iterator<Item = usize> {
        let mut m = self;
        std::iter::from_fn(move || {
            let i = m.lowest()?;
            m &= m - 1;
            Some(i)
        })
    }
}

/// A set of up to 256 cells (four words, lowest cells in word 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wide([u64; 4]);

impl Bits for Wide {
    const CAPACITY: usize = 256;
    const EMPTY: Wide = Wide([0; 4]);

    fn first(n: usize) -> Wide {
        let mut w = [0u64; 4];
        for (k, word) in w.iter_mut().enumerate() {
            *word = u64::first(n.saturating_sub(64 * k));
        }
        Wide(w)
    }
    fn bit(i: usize) -> Wide {
        let mut w = [0u64; 4];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    fn and(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }
    fn or(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    fn and_not(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|k| self.0[k] & !o.0[k]))
    }
    fn shl(self, n: usize) -> Wide {
        let (words, bits) = (n / 64, n % 64);
        Wide(std::array::from_fn(|k| {
            let Some(src) = k.checked_sub(words) else {
                return 0;
            };
            let low = if bits > 0 && src > 0 {
                self.0[src - 1] >> (64 - bits)
            } else {
                0
            };
            (self.0[src] << bits) | low
        }))
    }
    fn shr(self, n: usize) -> Wide {
        let (words, bits) = (n / 64, n % 64);
        Wide(std::array::from_fn(|k| {
            let src = k + words;
            if src >= 4 {
                return 0;
            }
            let high = if bits > 0 && src + 1 < 4 {
                self.0[src + 1] << (64 - bits)
            } else {
                0
            };
            (self.0[src] >> bits) | high
        }))
    }
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn lowest(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(k, w)| 64 * k + w.trailing_zeros() as usize)
    }
    fn highest(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rfind(|(_, w)| **w != 0)
            .map(|(k, w)| 64 * k + 63 - w.leading_zeros() as usize)
    }
    fn ones(self) -> impl Iterator<Item = usize> {
        self.0
            .into_iter()
            .enumerate()
            .flat_map(|(k, w)| w.ones().map(move |i| 64 * k + i))
    }
    fn low_u64(self) -> u64 {
        self.0[0]
    }
    fn from_u64(x: u64) -> Wide {
        Wide([x, 0, 0, 0])
    }
}

/// For every row of up to 16 cells, the dominoes that fit along it: floor(run / 2) summed
/// over its runs of set bits.
pub(crate) fn row_dominoes() -> &'static [u8] {
    static TABLE: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        (0..1u32 << 16)
            .map(|x| {
                let (mut count, mut run) = (0u8, 0u8);
                for b in 0..17 {
                    if b < 16 && x & (1 << b) != 0 {
                        run += 1;
                    } else {
                        count += run / 2;
                        run = 0;
                    }
                }
                count
            })
            .collect()
    })
}

/// A rectangular board with a set of free cells.
///
/// Packed to 4-byte alignment: a one-word board is 12 bytes, not 16 with padding, so a
/// transposition-table slot (board and value id) is 16 bytes and never straddles a cache line
/// (6x6 Domineering: peak 675 -> 595 MiB). No code borrows the fields; they are read by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed(4))]
pub struct Grid<B: Bits = u64> {
    rows: u16,
    cols: u16,
    free: B,
}

impl<B: Bits> Grid<B> {
    /// The board with `rows` x `cols` free cells (at most [`MAX_CELLS`]).
    pub fn rectangle(rows: usize, cols: usize) -> Result<Grid<B>, String> {
        let n = rows
            .checked_mul(cols)
            .filter(|&n| n <= B::CAPACITY)
            .ok_or_else(|| {
                format!(
                    "a {rows}x{cols} board has {} cells; boards hold at most {}",
                    rows.saturating_mul(cols),
                    B::CAPACITY
                )
            })?;
        Ok(Grid {
            rows: rows as u16,
            cols: cols as u16,
            free: B::first(n),
        })
    }

    /// Parses a board: rows separated by `|` or newlines, `.` free, `#` (or `x`) filled.
    pub fn parse(s: &str) -> Result<Grid<B>, String> {
        let (rows, cols) = board_rows(s, B::CAPACITY)?;
        let mut free = B::EMPTY;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => free = free.or(B::bit(r * cols + c)),
                    '#' | 'x' | 'X' => {}
                    other => {
                        return Err(format!(
                            "unexpected `{other}` in row {}: use `.` for empty and `#` for filled cells",
                            r + 1
                        ));
                    }
                }
            }
        }
        Ok(Grid {
            rows: rows.len() as u16,
            cols: cols as u16,
            free,
        })
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The free cells as a bit set.
    pub fn free(&self) -> B {
        self.free
    }

    pub fn is_free(&self, r: usize, c: usize) -> bool {
        self.free.has(r * self.cols() + c)
    }

    /// The board with the cells of `mask` filled.
    pub fn without(&self, mask: B) -> Grid<B> {
        Grid {
            free: self.free.and_not(mask),
            ..*self
        }
    }

    /// The board with the two cells `a` and `b` filled (a domino placed).
    pub fn without_pair(&self, a: usize, b: usize) -> Grid<B> {
        self.without(B::bit(a).or(B::bit(b)))
    }

    /// The free cells line by line into `out[0..n]`: rows (bit `c` = column `c`) when
    /// `along_rows`, else columns (bit `r` = row `r`). Lines must be at most 64 cells long
    /// and `out` must hold them all. Boards of up to 8x8 are transposed with three
    /// delta swaps (Warren, *Hacker's Delight*, 7-3), others cell by cell.
    pub fn line_bits(&self, along_rows: bool, out: &mut [u64]) {
        let (rows, cols) = (self.rows(), self.cols());
        let row_mask = u64::first(cols);
        let row = |r: usize| self.free.shr(r * cols).low_u64() & row_mask;
        if along_rows {
            for (r, line) in out[..rows].iter_mut().enumerate() {
                *line = row(r);
            }
        } else if rows <= 8 && cols <= 8 {
            // Byte r = row r, then transpose the 8x8 bit matrix: byte c = column c.
            let mut x = if cols == 8 { self.free.low_u64() } else { 0 };
            if cols != 8 {
                for r in 0..rows {
                    x |= row(r) << (8 * r);
                }
            }
            x = transpose_8x8(x);
            for (c, line) in out[..cols].iter_mut().enumerate() {
                *line = (x >> (8 * c)) & 0xff;
            }
        } else {
            out[..cols].fill(0);
            for r in 0..rows {
                let mut bits = row(r);
                while bits != 0 {
                    out[bits.trailing_zeros() as usize] |= 1 << r;
                    bits &= bits - 1;
                }
            }
        }
    }

    /// Cells `i` such that `i` and the cell below are free (the vertical domino at `i`).
    #[inline]
    pub fn vertical_pairs(&self) -> B {
        self.free.and(self.free.shr(self.cols()))
    }

    /// Cells `i` such that `i` and the cell to its right are free (the horizontal domino at `i`).
    #[inline]
    pub fn horizontal_pairs(&self) -> B {
        let (_, last_col) = self.edges();
        self.free.and(self.free.shr(1)).and_not(last_col)
    }

    /// The dominoes that fit along columns and along rows ([`Self::pack_dominoes`] of the free
    /// cells), and those that fit in the cells each direction's opponent can never cover
    /// ([`Self::protected`]), in one pass over rows of up to 16 cells: `([vertical,
    /// horizontal], [vertical, horizontal])`. `None` for wider boards.
    pub fn move_counts(&self) -> Option<([u32; 2], [u32; 2])> {
        let (rows, cols) = (self.rows(), self.cols());
        if cols == 0 || cols > 16 {
            return None;
        }
        let mask = u64::first(cols);
        let row = |k: usize| {
            if k < rows {
                self.free.shr(k * cols).low_u64() & mask
            } else {
                0
            }
        };
        let table = row_dominoes();
        let (mut real, mut safe) = ([0u32; 2], [0u32; 2]);
        // Cells above still free and unpaired, for the two column scans.
        let (mut pending_real, mut pending_safe) = (0u64, 0u64);
        let (mut prev, mut cur) = (0u64, row(0));
        for k in 0..rows {
            let next = row(k + 1);
            real[0] += (cur & pending_real).count_ones();
            pending_real = cur & !pending_real;
            real[1] += table[cur as usize] as u32;
            // No free cell beside it: a vertical domino there is safe.
            let beside = ((cur << 1) & mask) | (cur >> 1);
            let for_vertical = cur & !beside;
            safe[0] += (for_vertical & pending_safe).count_ones();
            pending_safe = for_vertical & !pending_safe;
            // No free cell above or below: a horizontal domino there is safe.
            let for_horizontal = cur & !prev & !next;
            safe[1] += table[for_horizontal as usize] as u32;
            (prev, cur) = (cur, next);
        }
        Some((real, safe))
    }

    /// Disjoint dominoes that fit in the cells of `m`, along columns (`vertical`) or rows (the
    /// sum of floor(run / 2) over its runs), and the cells they take. Pairs are taken from the
    /// start of every run at once, one pair per run and round.
    pub fn pack_dominoes(&self, m: B, vertical: bool) -> (u32, B) {
        let (first_col, last_col) = self.edges();
        let cols = self.cols();
        let mut m = m;
        let mut count = 0;
        let mut taken = B::EMPTY;
        loop {
            let (pairs, starts) = if vertical {
                (m.and(m.shr(cols)), m.and_not(m.shl(cols)))
            } else {
                (
                    m.and(m.shr(1)).and_not(last_col),
                    m.and_not(m.shl(1).and_not(first_col)),
                )
            };
            let take = pairs.and(starts);
            if take.is_empty() {
                return (count, taken);
            }
            count += take.count();
            let second = if vertical {
                take.shl(cols)
            } else {
                take.shl(1)
            };
            taken = taken.or(take).or(second);
            m = m.and_not(take).and_not(second);
        }
    }

    /// Free cells that no domino across them can ever cover: for `vertical`, free cells whose
    /// left and right neighbours are filled or off the board (a horizontal domino needs one of
    /// them, and filled cells stay filled); otherwise those whose upper and lower neighbours
    /// are.
    pub fn protected(&self, vertical: bool) -> B {
        let f = self.free;
        if vertical {
            let (first_col, last_col) = self.edges();
            let left_free = f.shl(1).and_not(first_col);
            let right_free = f.shr(1).and_not(last_col);
            f.and_not(left_free).and_not(right_free)
        } else {
            let cols = self.cols();
            f.and_not(f.shl(cols)).and_not(f.shr(cols))
        }
    }

    /// Masks of the first and the last column.
    pub(crate) fn edges(&self) -> (B, B) {
        let cols = self.cols();
        if cols == 0 {
            return (B::EMPTY, B::EMPTY);
        }
        let mut first = B::EMPTY;
        for r in 0..self.rows() {
            first = first.or(B::bit(r * cols));
        }
        (first, first.shl(cols - 1))
    }

    /// `m` grown along rows and columns through free cells as far as it goes in each of the
    /// four directions: Kogge-Stone occluded fills, which take log2(length) shifts per
    /// direction instead of one shift per cell (`edges` from [`Self::edges`]).
    #[inline]
    fn spread(&self, m: B, (left_edge, right_edge): (B, B)) -> B {
        let (rows, cols) = (self.rows(), self.cols());
        // A cell may be entered from the left unless it starts a row (the shift would wrap).
        let east = fill(m, self.free.and_not(left_edge), 1, cols, |x, n| x.shl(n));
        let west = fill(east, self.free.and_not(right_edge), 1, cols, |x, n| {
            x.shr(n)
        });
        let south = fill(west, self.free, cols, rows, |x, n| x.shl(n));
        fill(south, self.free, cols, rows, |x, n| x.shr(n))
    }

    /// `m` with the free cells next to it added: one step of a flood fill (`edges` from
    /// [`Self::edges`]).
    #[inline]
    fn dilate(&self, m: B, (left_edge, right_edge): (B, B)) -> B {
        let cols = self.cols();
        m.or(m.shl(1).and_not(left_edge))
            .or(m.shr(1).and_not(right_edge))
            .or(m.shl(cols))
            .or(m.shr(cols))
            .and(self.free)
    }

    /// The region of free cells 4-connected to the cells of `seed`. One-word boards grow it a
    /// step at a time (a few operations per step on boards of a few rows); wider ones by
    /// [`Self::spread`], whose fills cross a long strip in log2(length) shifts.
    #[inline]
    fn region_of(&self, seed: B, edges: (B, B)) -> B {
        let mut region = seed;
        loop {
            let grown = if B::CAPACITY <= 64 {
                self.dilate(region, edges)
            } else {
                self.spread(region, edges)
            };
            if grown == region {
                return region;
            }
            region = grown;
        }
    }

    /// The 4-connected regions of free cells with at least `min_cells` cells, each cropped to
    /// its bounding box.
    pub fn regions(&self, min_cells: u32) -> Vec<Grid<B>> {
        let mut out = Vec::new();
        self.for_each_region(min_cells, |g| out.push(g));
        out
    }

    /// Calls `f` on each of [`Self::regions`], in the same order, without collecting them.
    #[inline]
    pub fn for_each_region(&self, min_cells: u32, mut f: impl FnMut(Grid<B>)) {
        let mut rest = self.free;
        let edges = self.edges();
        while let Some(first) = rest.lowest() {
            let region = self.region_of(B::bit(first), edges);
            rest = rest.and_not(region);
            if region.count() >= min_cells {
                f(self.crop(region));
            }
        }
    }

    /// The board with cell set `cells` (in this board's coordinates) cropped to its bounding box.
    /// Rows of up to 64 cells are moved as words; other boards cell by cell.
    #[inline(always)]
    fn crop(&self, cells: B) -> Grid<B> {
        let cols = self.cols();
        if cells.is_empty() {
            return Grid {
                rows: 0,
                cols: 0,
                free: B::EMPTY,
            };
        }
        if cols > 64 {
            return self.crop_cellwise(cells);
        }
        let row_mask = u64::first(cols);
        let (first, last) = (cells.lowest(), cells.highest());
        let (r0, r1) = if B::CAPACITY <= 64 {
            (
                row_of(first.unwrap_or(0), cols),
                row_of(last.unwrap_or(0), cols),
            )
        } else {
            (first.unwrap_or(0) / cols, last.unwrap_or(0) / cols)
        };
        // the rows from r0 on, and in the low row their union (folding rows onto it)
        let rows_from = cells.shr(r0 * cols);
        let mut union = rows_from;
        let mut k = 1;
        while k <= r1 - r0 {
            union = union.or(union.shr(k * cols));
            k *= 2;
        }
        let used = union.low_u64() & row_mask;
        let c0 = used.trailing_zeros() as usize;
        let ncols = 64 - used.leading_zeros() as usize - c0;
        if ncols == cols {
            // every column is used: the rows stay whole and only move up
            return Grid {
                rows: (r1 - r0 + 1) as u16,
                cols: cols as u16,
                free: rows_from,
            };
        }
        let nrows = r1 - r0 + 1;
        let free = if B::CAPACITY <= 64 {
            // the box's cells, row after row: the columns' band replicated down the rows
            let mut band = (u64::first(ncols) << c0) & row_mask;
            let mut span = 1;
            while span < nrows {
                band |= band << (span * cols);
                span *= 2;
            }
            let rows_box = band & u64::first(nrows * cols);
            B::from_u64(extract_bits(rows_from.low_u64(), rows_box))
        } else {
            let mut free = B::EMPTY;
            for r in 0..nrows {
                let row = rows_from.shr(r * cols).low_u64() & row_mask;
                free = free.or(B::from_u64(row >> c0).shl(r * ncols));
            }
            free
        };
        Grid {
            rows: nrows as u16,
            cols: ncols as u16,
            free,
        }
    }

    /// [`Self::crop`] one cell at a time (any board; the reference for the word version).
    fn crop_cellwise(&self, cells: B) -> Grid<B> {
        let cols = self.cols();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for i in ones(cells) {
            let (r, c) = (i / cols, i % cols);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let ncols = c1 - c0 + 1;
        let mut free = B::EMPTY;
        for i in ones(cells) {
            free = free.or(B::bit((i / cols - r0) * ncols + (i % cols - c0)));
        }
        Grid {
            rows: (r1 - r0 + 1) as u16,
            cols: ncols as u16,
            free,
        }
    }

    /// The board reflected in its main diagonal: cell (r, c) goes to (c, r). Lines of up to
    /// 64 cells are moved as words ([`Self::line_bits`]); other boards cell by cell.
    fn transposed(&self) -> Grid<B> {
        let (r, c) = (self.rows(), self.cols());
        if r == 0 || c == 0 || r > 64 || c > 64 {
            return self.transform(c, r, |i, j| (j, i));
        }
        let mut columns = [0u64; 64];
        self.line_bits(false, &mut columns);
        let mut free = B::EMPTY;
        for (k, &column) in columns[..c].iter().enumerate() {
            free = free.or(B::from_u64(column).shl(k * r));
        }
        Grid {
            rows: c as u16,
            cols: r as u16,
            free,
        }
    }

    /// The board transformed by `f(r, c) -> (r', c')` into a `rows' x cols'` board.
    fn transform(
        &self,
        rows: usize,
        cols: usize,
        f: impl Fn(usize, usize) -> (usize, usize),
    ) -> Grid<B> {
        let sc = self.cols();
        let mut free = B::EMPTY;
        for i in ones(self.free) {
            let (r, c) = f(i / sc, i % sc);
            free = free.or(B::bit(r * cols + c));
        }
        Grid {
            rows: rows as u16,
            cols: cols as u16,
            free,
        }
    }

    /// [`Self::least_image`] for boards of up to 8x8 in one word, in the byte layout (each row
    /// in a byte: [`least_byte_image`]); the images are ordered as grids are (rows, then
    /// columns, then cells), here with the cells in this byte layout. Only the
    /// representative's layout differs from the general method's: it is still the same for
    /// every image of a board.
    #[inline(always)]
    fn least_image_8x8(&self) -> (Grid<B>, bool) {
        let (r, c) = (self.rows(), self.cols());
        least_byte_image(
            deposit_bits(self.free.low_u64(), byte_layout_mask(r, c)),
            r,
            c,
        )
    }

    /// Whether the board is one word of at most 8 rows and 8 columns, which the byte layout
    /// holds ([`least_byte_image`]).
    #[inline]
    fn fits_byte_layout(&self) -> bool {
        B::CAPACITY <= 64 && (1..=8).contains(&self.rows()) && (1..=8).contains(&self.cols())
    }

    /// For a board of up to 8x8 in one word: calls `f(i, image, swapped)` for each region of at
    /// least `min_cells` cells of the board after filling the `i`-th domino of `firsts` (by
    /// first cell, the other cell below it if `vertical`, else beside it), with the region's
    /// [`Self::least_image`]; returns the number of dominoes. The whole pass runs on the byte
    /// layout of [`Self::least_image_8x8`], where a row step is a shift by 8 and the edge
    /// masks are constants: the board is moved into it once, and each region comes out of it
    /// once, as its image. `None` for other boards.
    #[inline]
    pub fn for_each_region_image_without(
        &self,
        firsts: B,
        vertical: bool,
        min_cells: u32,
        mut f: impl FnMut(usize, Grid<B>, bool),
    ) -> Option<usize> {
        if !self.fits_byte_layout() {
            return None;
        }
        let layout = byte_layout_mask(self.rows(), self.cols());
        let board = deposit_bits(self.free.low_u64(), layout);
        let step = if vertical { 8 } else { 1 };
        let mut n = 0;
        let mut dominoes = deposit_bits(firsts.low_u64(), layout);
        while dominoes != 0 {
            let first = dominoes & dominoes.wrapping_neg();
            dominoes ^= first;
            let after = board & !(first | first << step);
            let mut rest = after;
            while rest != 0 {
                let region = byte_region(rest & rest.wrapping_neg(), after);
                rest &= !region;
                if region.count_ones() >= min_cells {
                    let (boxed, rows, cols) = byte_crop(region);
                    let (image, swapped) = least_byte_image(boxed, rows, cols);
                    f(n, image, swapped);
                }
            }
            n += 1;
        }
        Some(n)
    }

    /// The four images that keep rows as rows (identity, mirrors, half turn), and the four
    /// that exchange rows and columns (transpose, quarter turns, anti-transpose): what the
    /// tests check [`Self::least_image`] against.
    #[cfg(test)]
    fn symmetries(&self) -> ([Grid<B>; 4], [Grid<B>; 4]) {
        (self.row_images(), self.transposed().row_images())
    }

    /// The board's representative among its eight images (the same for all of them), and
    /// whether it is one of the four that exchange rows and columns (ties going to the
    /// row-keeping images): the least image, by rows, then columns, then cells, with the cells
    /// in a byte layout for boards up to 8x8 ([`Self::least_image_8x8`]) and in `Grid`'s own
    /// order otherwise. Rows come first, so a board with fewer rows than columns needs only its
    /// four row-keeping images and one with more only the four transposed ones.
    #[inline(always)]
    pub fn least_image(&self) -> (Grid<B>, bool) {
        if self.fits_byte_layout() {
            return self.least_image_8x8();
        }
        let least = |images: [Grid<B>; 4]| images.into_iter().min().expect("four images");
        match self.rows.cmp(&self.cols) {
            std::cmp::Ordering::Less => (least(self.row_images()), false),
            std::cmp::Ordering::Greater => (least(self.transposed().row_images()), true),
            std::cmp::Ordering::Equal => {
                let same = least(self.row_images());
                let swapped = least(self.transposed().row_images());
                if swapped < same {
                    (swapped, true)
                } else {
                    (same, false)
                }
            }
        }
    }

    /// The board, its left-right mirror, its top-bottom mirror and its half turn. Rows of up
    /// to 64 cells are mirrored as words (a bit reversal each), at most 64 of them.
    fn row_images(&self) -> [Grid<B>; 4] {
        let (r, c) = (self.rows(), self.cols());
        if c == 0 || c > 64 || r > 64 {
            return [
                *self,
                self.transform(r, c, |i, j| (i, c - 1 - j)),
                self.transform(r, c, |i, j| (r - 1 - i, j)),
                self.transform(r, c, |i, j| (r - 1 - i, c - 1 - j)),
            ];
        }
        let mask = u64::first(c);
        let mut rows = [0u64; 64];
        for (k, row) in rows.iter_mut().enumerate().take(r) {
            *row = self.free.shr(k * c).low_u64() & mask;
        }
        let reverse = |x: u64| x.reverse_bits() >> (64 - c);
        let build = |f: &dyn Fn(usize) -> u64| {
            let mut free = B::EMPTY;
            for k in 0..r {
                free = free.or(B::from_u64(f(k)).shl(k * c));
            }
            Grid { free, ..*self }
        };
        [
            *self,
            build(&|k| reverse(rows[k])),
            build(&|k| rows[r - 1 - k]),
            build(&|k| reverse(rows[r - 1 - k])),
        ]
    }

    /// Board text: rows separated by `|`.
    pub fn board_string(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows() {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols() {
                s.push(if self.is_free(r, c) { '.' } else { '#' });
            }
        }
        s
    }

    /// Chess-style name of cell `i`: column letter, then row number from the top (`a1`).
    pub fn cell_name(&self, i: usize) -> String {
        let cols = self.cols();
        let c = i % cols;
        let col = if c < 26 {
            ((b'a' + c as u8) as char).to_string()
        } else {
            format!("c{}", c + 1)
        };
        format!("{col}{}", i / cols + 1)
    }

    /// Names the domino covering the two cells of `taken` (`a1-a2`).
    pub fn domino_name(&self, taken: B) -> String {
        let mut cells = ones(taken);
        let a = cells.next().unwrap_or(0);
        let b = cells.next().unwrap_or(a);
        format!("{}-{}", self.cell_name(a), self.cell_name(b))
    }

    /// Runs of consecutive free cells along each column (`vertical`) or row, by length.
    pub fn runs(&self, vertical: bool) -> Vec<usize> {
        let (outer, inner) = if vertical {
            (self.cols(), self.rows())
        } else {
            (self.rows(), self.cols())
        };
        let mut out = Vec::new();
        for a in 0..outer {
            let mut run = 0;
            for b in 0..=inner {
                let free = b < inner
                    && if vertical {
                        self.is_free(b, a)
                    } else {
                        self.is_free(a, b)
                    };
                if free {
                    run += 1;
                } else if run > 0 {
                    out.push(run);
                    run = 0;
                }
            }
        }
        out
    }
}

/// The bits of `x` at the positions of `mask`, packed into the low bits in order (BMI2 `pext`).
#[inline]
fn extract_bits(x: u64, mask: u64) -> u64 {
    gather_or_scatter(x, mask, true)
}

/// The low bits of `x` spread in order to the positions of `mask` (BMI2 `pdep`): the inverse
/// of [`extract_bits`].
#[inline]
fn deposit_bits(x: u64, mask: u64) -> u64 {
    gather_or_scatter(x, mask, false)
}

/// [`extract_bits`] (`extract`) or [`deposit_bits`]: one instruction on the x86-64-v3 target
/// this crate is built for, [`move_bits`] elsewhere. `extract` is a constant at every call,
/// so the choice compiles away.
#[inline(always)]
fn gather_or_scatter(x: u64, mask: u64, extract: bool) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the crate is compiled with BMI2 enabled (the cfg above).
        unsafe {
            if extract {
                std::arch::x86_64::_pext_u64(x, mask)
            } else {
                std::arch::x86_64::_pdep_u64(x, mask)
            }
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        move_bits(x, mask, extract)
    }
}

/// [`extract_bits`] (`extract`) or [`deposit_bits`] a bit at a time, for targets without BMI2
/// (the tests check it against the instructions).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
fn move_bits(x: u64, mask: u64, extract: bool) -> u64 {
    let (mut out, mut m, mut k) = (0u64, mask, 0);
    while m != 0 {
        let low = m & m.wrapping_neg();
        match extract {
            true if x & low != 0 => out |= 1 << k,
            false if x >> k & 1 != 0 => out |= low,
            _ => {}
        }
        k += 1;
        m ^= low;
    }
    out
}

/// `ceil(2^16 / c)` for widths `c` of 1 to 64: [`row_of`]'s multipliers.
const ROW_RECIPROCALS: [u32; 65] = {
    let mut t = [0u32; 65];
    let mut c = 1;
    while c <= 64 {
        t[c] = 65536_u32.div_ceil(c as u32);
        c += 1;
    }
    t
};

/// `cell / cols` for a cell of a one-word board (`cell < 64`, `1 <= cols <= 64`) by a multiply
/// and a shift: with `m = ceil(2^16 / cols)`, `cell * m / 2^16` exceeds `cell / cols` by less
/// than `cell / 2^16`, which is below `1 / cols`, so the floor is exact (Granlund and
/// Montgomery, 1994). An 8-bit `div` takes longer, and [`Grid::crop`] needs two for every
/// component.
#[inline]
fn row_of(cell: usize, cols: usize) -> usize {
    ((cell as u32 * ROW_RECIPROCALS[cols]) >> 16) as usize
}

/// [`Grid::least_image`] of the `r` x `c` board (`r, c <= 8`) whose rows are the low `c` bits
/// of the first `r` bytes of `x`: each row in a byte, so a mirror is a bit reversal within
/// bytes, a top-bottom flip a byte swap, and the transpose three delta swaps.
#[inline(always)]
fn least_byte_image<B: Bits>(x: u64, r: usize, c: usize) -> (Grid<B>, bool) {
    // rows of `c` cells in the low bits of `rows` bytes
    let mirror = |x: u64, c: usize| x.reverse_bits().swap_bytes() >> (8 - c);
    let flip = |x: u64, r: usize| x.swap_bytes() >> (8 * (8 - r));
    let least = |x: u64, r: usize, c: usize| {
        let m = mirror(x, c);
        x.min(m).min(flip(x, r)).min(flip(m, r))
    };
    let (word, rows, cols, swapped) = match r.cmp(&c) {
        std::cmp::Ordering::Less => (least(x, r, c), r, c, false),
        std::cmp::Ordering::Greater => (least(transpose_8x8(x), c, r), c, r, true),
        std::cmp::Ordering::Equal => {
            let (same, turned) = (least(x, r, c), least(transpose_8x8(x), c, r));
            if turned < same {
                (turned, r, c, true)
            } else {
                (same, r, c, false)
            }
        }
    };
    let free = B::from_u64(extract_bits(word, byte_layout_mask(rows, cols)));
    let image = Grid {
        rows: rows as u16,
        cols: cols as u16,
        free,
    };
    (image, swapped)
}

/// Cells of the byte layout with a cell on their left in the same row (not column 0), and
/// with one on their right (not column 7).
const HAS_LEFT: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const HAS_RIGHT: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The cells of `free` 4-connected to `seed`, in the byte layout (rows of at most 8 cells).
#[inline(always)]
fn byte_region(seed: u64, free: u64) -> u64 {
    let mut region = seed;
    loop {
        let grown = (region
            | ((region << 1) & HAS_LEFT)
            | ((region >> 1) & HAS_RIGHT)
            | region << 8
            | region >> 8)
            & free;
        if grown == region {
            return region;
        }
        region = grown;
    }
}

/// A non-empty cell set of the byte layout moved to its bounding box's corner, with the box's
/// rows and columns. Shifting by the first column moves only empty low cells of each row into
/// the top of the row before.
#[inline(always)]
fn byte_crop(cells: u64) -> (u64, usize, usize) {
    let mut columns = cells | cells >> 32;
    columns |= columns >> 16;
    columns |= columns >> 8;
    let columns = columns as u8;
    let c0 = columns.trailing_zeros() as usize;
    let cols = 8 - columns.leading_zeros() as usize - c0;
    let r0 = cells.trailing_zeros() as usize / 8;
    let rows = (63 - cells.leading_zeros() as usize) / 8 + 1 - r0;
    (cells >> (8 * r0 + c0), rows, cols)
}

/// The cells of an `r` x `c` board (`r, c <= 8`) in the byte layout: the low `c` bits of each
/// of the first `r` bytes.
#[inline]
fn byte_layout_mask(r: usize, c: usize) -> u64 {
    (0x0101_0101_0101_0101 & (u64::MAX >> (8 * (8 - r)))) * ((1u64 << c) - 1)
}

/// The 8x8 bit matrix with row `r` in byte `r` transposed: bit `c` of byte `r` goes to bit
/// `r` of byte `c` (three delta swaps, Warren, *Hacker's Delight*, 7-3).
#[inline]
fn transpose_8x8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}

/// `generator` grown by repeated shifts of `step` cells (`shift` gives the direction) into the
/// cells of `propagator`, up to `length` steps: the Kogge-Stone occluded fill.
#[inline]
fn fill<B: Bits>(
    generator: B,
    propagator: B,
    step: usize,
    length: usize,
    shift: impl Fn(B, usize) -> B,
) -> B {
    let (mut g, mut p, mut k) = (generator, propagator, 1);
    while k < length {
        g = g.or(p.and(shift(g, k * step)));
        p = p.and(shift(p, k * step));
        k *= 2;
    }
    g
}

/// The cells of `m`, lowest first.
#[inline]
pub fn ones<B: Bits>(m: B) -> impl Iterator<Item = usize> {
    m.ones()
}

/// A square's name in chess style: the file's letter (`a` is file 0; files past `z` are
/// `f27`, `f28`, ...) and the rank counted from 1.
pub fn square_name(file: usize, rank: usize) -> String {
    if file < 26 {
        format!("{}{}", (b'a' + file as u8) as char, rank + 1)
    } else {
        format!("f{}{}", file + 1, rank + 1)
    }
}

/// The rows of a board string (separated by `|` or newlines, blanks around rows ignored) and
/// its width; an error unless the rows are equally long and hold at most `capacity` cells.
pub fn board_rows(s: &str, capacity: usize) -> Result<(Vec<&str>, usize), String> {
    let rows: Vec<&str> = s
        .split(['|', '\n'])
        .map(str::trim)
        .filter(|r| !r.is_empty())
        .collect();
    let cols = rows.first().map_or(0, |r| r.chars().count());
    if let Some((i, r)) = rows
        .iter()
        .enumerate()
        .find(|(_, r)| r.chars().count() != cols)
    {
        return Err(format!(
            "row {} has {} cells but row 1 has {cols}: boards must be rectangular",
            i + 1,
            r.chars().count()
        ));
    }
    if rows.len() * cols > capacity {
        return Err(format!(
            "the board has {} cells; boards hold at most {capacity}",
            rows.len() * cols
        ));
    }
    Ok((rows, cols))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_boards() {
        let g: Grid = Grid::parse(".#|..").unwrap();
        assert_eq!(g.board_string(), ".#|..");
        assert!(Grid::<u64>::parse("..|.").is_err());
        assert!(Grid::<u64>::parse("..|.?").is_err());
        assert!(Grid::<u64>::rectangle(9, 9).is_err());
        assert!(Grid::<Wide>::rectangle(16, 16).is_ok());
        assert!(Grid::<Wide>::rectangle(1, 257).is_err());
    }

    #[test]
    fn sixty_four_columns_and_rows() {
        // A 1 x 64 strip has no vertical pair and 63 horizontal ones; a 64 x 1 strip the reverse.
        let wide: Grid = Grid::rectangle(1, 64).unwrap();
        assert_eq!(wide.vertical_pairs(), 0);
        assert_eq!(wide.horizontal_pairs().count_ones(), 63);
        assert_eq!(wide.regions(1).len(), 1);
        assert_eq!(wide.runs(false), vec![64]);
        let tall: Grid = Grid::rectangle(64, 1).unwrap();
        assert_eq!(tall.horizontal_pairs(), 0);
        assert_eq!(tall.vertical_pairs().count_ones(), 63);
        assert_eq!(tall.regions(1).len(), 1);
        // Splitting the strip in the middle gives two regions of 31 and 32 cells.
        let split = wide.without(1 << 31);
        let sizes: Vec<u32> = split
            .regions(1)
            .iter()
            .map(|g| g.free().count_ones())
            .collect();
        assert_eq!(sizes, vec![31, 32]);
    }

    #[test]
    fn wide_sets_agree_with_u64_on_small_boards() {
        // The same boards as 64-bit and 256-bit sets: pairs, regions and images agree.
        for text in ["..#..|##...", "....|.#..|...#", "........", ".|.|#|."] {
            let a: Grid<u64> = Grid::parse(text).unwrap();
            let b: Grid<Wide> = Grid::parse(text).unwrap();
            let cells = |m: Vec<usize>| m;
            assert_eq!(
                cells(ones(a.vertical_pairs()).collect()),
                cells(ones(b.vertical_pairs()).collect())
            );
            assert_eq!(
                cells(ones(a.horizontal_pairs()).collect()),
                cells(ones(b.horizontal_pairs()).collect())
            );
            let ra: Vec<String> = a.regions(1).iter().map(Grid::board_string).collect();
            let rb: Vec<String> = b.regions(1).iter().map(Grid::board_string).collect();
            assert_eq!(ra, rb, "{text}");
        }
        // Shifts across word boundaries.
        let w = Wide::bit(63).or(Wide::bit(200));
        assert_eq!(ones(w.shl(1)).collect::<Vec<_>>(), vec![64, 201]);
        assert_eq!(ones(w.shr(64)).collect::<Vec<_>>(), vec![136]);
        assert_eq!(ones(w.shl(56)).collect::<Vec<_>>(), vec![119]);
        assert!(w.shl(256).is_empty() && w.shr(256).is_empty());
        let strip: Grid<Wide> = Grid::rectangle(1, 200).unwrap();
        assert_eq!(strip.horizontal_pairs().count(), 199);
        assert_eq!(strip.without_pair(99, 100).regions(2).len(), 2);
    }

    /// Columns by the 8x8 transpose equal columns read cell by cell.
    #[test]
    fn line_bits_transpose() {
        let mut seed = 12345u64;
        for rows in 1..=9 {
            for cols in 1..=9 {
                if rows * cols > 64 {
                    continue;
                }
                seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let g = Grid::<u64> {
                    rows: rows as u16,
                    cols: cols as u16,
                    free: seed & u64::first(rows * cols),
                };
                let mut lines = [0u64; 9];
                g.line_bits(false, &mut lines);
                for (c, &line) in lines[..cols].iter().enumerate() {
                    let by_cell = (0..rows)
                        .filter(|&r| g.is_free(r, c))
                        .fold(0u64, |m, r| m | 1 << r);
                    assert_eq!(line, by_cell, "{rows}x{cols} column {c}");
                }
                g.line_bits(true, &mut lines);
                for (r, &line) in lines[..rows].iter().enumerate() {
                    let by_cell = (0..cols)
                        .filter(|&c| g.is_free(r, c))
                        .fold(0u64, |m, c| m | 1 << c);
                    assert_eq!(line, by_cell, "{rows}x{cols} row {r}");
                }
            }
        }
    }

    #[test]
    fn row_of_divides_exactly() {
        for cols in 1..=64 {
            for cell in 0..64 {
                assert_eq!(row_of(cell, cols), cell / cols, "{cell} / {cols}");
            }
        }
    }

    #[test]
    fn regions_are_cropped() {
        let g: Grid = Grid::parse("..#..|##...").unwrap();
        let r = g.regions(2);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].board_string(), "..");
        assert_eq!(r[1].board_string(), "#..|...");
    }

    /// The least image is one of the board's eight images, with the right flag (whether it
    /// exchanges rows and columns), and the same for all eight images of a board (their flags
    /// composed), on random boards of every shape up to 8x8, symmetric ones included, and on
    /// boards past 8 lines (the general method).
    #[test]
    fn least_image_is_the_same_for_every_image() {
        let mut seed = 7u64;
        let mut shapes: Vec<(usize, usize)> =
            (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).collect();
        shapes.extend([(2, 20), (20, 3), (1, 64), (64, 1), (4, 16)]);
        for (rows, cols) in shapes {
            for round in 0..40 {
                let mut free = 0u64;
                for i in 0..rows * cols {
                    seed = seed
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    if round < 5 || !(seed >> 33).is_multiple_of(3) {
                        free |= 1 << i;
                    }
                }
                let g = Grid::<u64> {
                    rows: rows as u16,
                    cols: cols as u16,
                    free,
                };
                let (least, swapped) = g.least_image();
                let (same, turned) = g.symmetries();
                let found = if swapped { turned } else { same };
                assert!(found.contains(&least), "{rows}x{cols} {free:#x}");
                for (k, image) in same.iter().chain(turned.iter()).enumerate() {
                    let (l, s) = image.least_image();
                    assert_eq!(l, least, "{rows}x{cols} {free:#x} image {k}");
                    // a swapped image's representative is reached by one more swap, unless
                    // the board is its own transpose up to a row-keeping symmetry
                    if !turned.contains(&same[0]) {
                        assert_eq!(s, swapped ^ (k >= 4), "{rows}x{cols} {free:#x} image {k}");
                    }
                }
            }
        }
    }

    /// The bit-at-a-time fallback agrees with `pext`/`pdep`, and depositing undoes extracting.
    #[test]
    fn moved_bits_match_the_instructions() {
        let mut seed = 7u64;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            seed ^ (seed >> 29)
        };
        for _ in 0..2000 {
            let (x, mask) = (next(), next() & next());
            let packed = extract_bits(x, mask);
            assert_eq!(packed, move_bits(x, mask, true));
            assert_eq!(deposit_bits(packed, mask), move_bits(packed, mask, false));
            assert_eq!(deposit_bits(packed, mask), x & mask);
        }
        assert_eq!(extract_bits(u64::MAX, u64::MAX), u64::MAX);
        assert_eq!(deposit_bits(0b101, 0b1_0110), 0b1_0010);
    }

    /// Cropping and transposing by words equal the cell-by-cell versions, on random boards
    /// of both set types (the `Wide` boards up to 16x16, past one word).
    #[test]
    fn word_crop_and_transpose_match_cellwise() {
        fn check<B: Bits>(rows: usize, cols: usize, seed: &mut u64) {
            let mut free = B::EMPTY;
            for i in 0..rows * cols {
                *seed = seed
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                if !(*seed >> 33).is_multiple_of(3) {
                    free = free.or(B::bit(i));
                }
            }
            let g = Grid::<B> {
                rows: rows as u16,
                cols: cols as u16,
                free,
            };
            let slow = g.transform(cols, rows, |i, j| (j, i));
            assert_eq!(g.transposed(), slow, "{rows}x{cols}");
            let mut rest = free;
            while let Some(first) = rest.lowest() {
                let region = g.region_of(B::bit(first), g.edges());
                let mut spread = B::bit(first);
                loop {
                    let grown = g.spread(spread, g.edges());
                    if grown == spread {
                        break;
                    }
                    spread = grown;
                }
                assert_eq!(region, spread, "{rows}x{cols}: dilation and fills agree");
                rest = rest.and_not(region);
                assert_eq!(g.crop(region), g.crop_cellwise(region), "{rows}x{cols}");
            }
        }
        let mut seed = 99u64;
        for rows in 1..=9 {
            for cols in 1..=9 {
                if rows * cols <= 64 {
                    check::<u64>(rows, cols, &mut seed);
                }
            }
        }
        for (rows, cols) in [(1, 64), (2, 32), (4, 16), (3, 21), (21, 3), (64, 1)] {
            for _ in 0..20 {
                check::<u64>(rows, cols, &mut seed);
            }
        }
        for (rows, cols) in [
            (16, 16),
            (9, 9),
            (10, 10),
            (2, 100),
            (100, 2),
            (1, 200),
            (12, 12),
        ] {
            check::<Wide>(rows, cols, &mut seed);
        }
    }
}
