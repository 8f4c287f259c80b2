//! The geometry of rectangular boards ([`Grid`]): bit `r * cols + c` of the free set is on
//! when cell (r, c) is free. Rows and columns as bit lines, regions (the 4-connected sets of
//! free cells, cropped to their bounding boxes), and the eight symmetries of the rectangle,
//! split into the four that keep rows as rows and the four that transpose, with one
//! representative image per board ([`Grid::least_image`]). Boards of up to 8x8 take the
//! byte-layout paths of [`super::bytes`].

use super::bits::{Bits, deposit_bits, extract_bits, fill, ones};
use super::bytes::{byte_layout_mask, least_byte_image, transpose_8x8};

/// Which cells of a board touch: the four orthogonal neighbours, or the eight a king reaches
/// (diagonal neighbours too).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Adjacency {
    Orthogonal,
    King,
}

/// A rectangular board with a set of free cells.
///
/// Packed to 4-byte alignment: a one-word board is 12 bytes, not 16 with padding, so a
/// transposition-table slot (board and value id) is 16 bytes and never straddles a cache line
/// (6x6 Domineering: peak 675 -> 595 MiB). No code borrows the fields; they are read by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(C, packed(4))]
pub struct Grid<B: Bits = u64> {
    pub(super) rows: u16,
    pub(super) cols: u16,
    pub(super) free: B,
}

impl<B: Bits> Grid<B> {
    /// The board with `rows` x `cols` free cells (at most `B::CAPACITY` cells).
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

    /// `m` with the free cells a king's step away added (orthogonal and diagonal neighbours).
    /// The sideways step leaves out the cells on the edge it would cross before shifting: a
    /// cell of the last row's last column shifted right would sit past the board, and the
    /// step up would bring it back onto the last row's first column.
    fn dilate_king(&self, m: B, (left_edge, right_edge): (B, B)) -> B {
        let across = m
            .or(m.and_not(right_edge).shl(1))
            .or(m.and_not(left_edge).shr(1));
        across
            .or(across.shl(self.cols()))
            .or(across.shr(self.cols()))
            .and(self.free)
    }

    /// The region of free cells connected to the cells of `seed` (which must be free) under
    /// `adjacency`.
    pub(super) fn region_by(&self, seed: B, adjacency: Adjacency) -> B {
        let edges = self.edges();
        match adjacency {
            Adjacency::Orthogonal => self.region_of(seed, edges),
            Adjacency::King => {
                let mut region = seed;
                loop {
                    let grown = self.dilate_king(region, edges);
                    if grown == region {
                        return region;
                    }
                    region = grown;
                }
            }
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
    pub(super) fn transposed(&self) -> Grid<B> {
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
    pub(super) fn fits_byte_layout(&self) -> bool {
        B::CAPACITY <= 64 && (1..=8).contains(&self.rows()) && (1..=8).contains(&self.cols())
    }

    /// The four images that keep rows as rows (identity, left-right mirror, top-bottom mirror,
    /// half turn), and the same four of the transpose (transpose, quarter turns,
    /// anti-transpose): what the tests check [`Self::least_image`] against, and the images of
    /// each layer of a piece board.
    pub(super) fn symmetries(&self) -> ([Grid<B>; 4], [Grid<B>; 4]) {
        (self.row_images(), self.transposed().row_images())
    }

    /// The board's representative among its eight images (the same for all of them), and
    /// whether it is one of the four that exchange rows and columns (ties going to the
    /// row-keeping images): the least image, by rows, then columns, then cells, with the cells
    /// in a byte layout for boards up to 8x8 (`least_image_8x8`) and in `Grid`'s own
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
    pub(super) fn row_images(&self) -> [Grid<B>; 4] {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::Rng;
    use crate::rulesets::grid::Wide;

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
        let mut rng = crate::game::rng::Rng::xorshift64(12345);
        for rows in 1..=9 {
            for cols in 1..=9 {
                if rows * cols > 64 {
                    continue;
                }
                let g = Grid::<u64> {
                    rows: rows as u16,
                    cols: cols as u16,
                    free: rng.next_u64() & u64::first(rows * cols),
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
        let mut rng = Rng::xorshift64(7);
        let mut shapes: Vec<(usize, usize)> =
            (1..=8).flat_map(|r| (1..=8).map(move |c| (r, c))).collect();
        shapes.extend([(2, 20), (20, 3), (1, 64), (64, 1), (4, 16)]);
        for (rows, cols) in shapes {
            for round in 0..40 {
                let mut free = 0u64;
                for i in 0..rows * cols {
                    if round < 5 || !rng.chance(1, 3) {
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

    /// Cropping and transposing by words equal the cell-by-cell versions, on random boards
    /// of both set types (the `Wide` boards up to 16x16, past one word).
    #[test]
    fn word_crop_and_transpose_match_cellwise() {
        fn check<B: Bits>(rows: usize, cols: usize, rng: &mut Rng) {
            let mut free = B::EMPTY;
            for i in 0..rows * cols {
                if !rng.chance(1, 3) {
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
        let mut rng = Rng::xorshift64(99);
        for rows in 1..=9 {
            for cols in 1..=9 {
                if rows * cols <= 64 {
                    check::<u64>(rows, cols, &mut rng);
                }
            }
        }
        for (rows, cols) in [(1, 64), (2, 32), (4, 16), (3, 21), (21, 3), (64, 1)] {
            for _ in 0..20 {
                check::<u64>(rows, cols, &mut rng);
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
            check::<Wide>(rows, cols, &mut rng);
        }
    }
}
