//! Dominoes on a [`Grid`], as Domineering and Cram place them: the pairs of free cells along
//! rows and columns, disjoint packings, the cells no crossing domino can take, the move counts
//! of both directions in one pass over the rows, and the fused step that fills a domino and
//! yields the normalised regions left.

use super::bits::{Bits, deposit_bits, ones};
use super::bytes::{byte_crop, byte_layout_mask, byte_region, least_byte_image};
use super::geometry::Grid;

/// Dominoes that fit along each row of up to 16 cells, indexed by the row's free cells.
pub(crate) type LineTable = [u8; 1 << 16];

/// For every row of up to 16 cells, the dominoes that fit along it: floor(run / 2) summed
/// over its runs of set bits. A fixed-size array, so that an index by a `u16` row needs no
/// bounds check.
pub(crate) fn row_dominoes() -> &'static LineTable {
    static TABLE: std::sync::OnceLock<Box<LineTable>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = Box::new([0u8; 1 << 16]);
        for (x, count) in table.iter_mut().enumerate() {
            let mut run = 0u8;
            for b in 0..17 {
                if b < 16 && x & (1 << b) != 0 {
                    run += 1;
                } else {
                    *count += run / 2;
                    run = 0;
                }
            }
        }
        table
    })
}

impl<B: Bits> Grid<B> {
    /// The board with the two cells `a` and `b` filled (a domino placed).
    pub fn without_pair(&self, a: usize, b: usize) -> Grid<B> {
        self.without(B::bit(a).or(B::bit(b)))
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

    /// For a board of up to 8x8 in one word: calls `f(i, image, swapped)` for each region of at
    /// least `min_cells` cells of the board after filling the `i`-th domino of `firsts` (by
    /// first cell, the other cell below it if `vertical`, else beside it), with the region's
    /// [`Self::least_image`]; returns the number of dominoes. The whole pass runs on the byte
    /// layout of `least_image_8x8`, where a row step is a shift by 8 and the edge
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

    /// Names the domino covering the two cells of `taken` (`a1-a2`).
    pub fn domino_name(&self, taken: B) -> String {
        let mut cells = ones(taken);
        let a = cells.next().unwrap_or(0);
        let b = cells.next().unwrap_or(a);
        format!("{}-{}", self.cell_name(a), self.cell_name(b))
    }
}
