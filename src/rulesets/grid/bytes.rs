//! Boards of up to 8x8 in one word with each row in a byte (the *byte layout*): a row step
//! is a shift by 8, the edge masks are constants, a mirror is a bit reversal within bytes, a
//! top-bottom flip a byte swap and the transpose three delta swaps. Domineering's inner loop
//! ([`Grid::for_each_region_image_without`]) and [`Grid::least_image`] run here.

use super::bits::{Bits, extract_bits};
use super::geometry::Grid;

/// [`Grid::least_image`] of the `r` x `c` board (`r, c <= 8`) whose rows are the low `c` bits
/// of the first `r` bytes of `x`: each row in a byte, so a mirror is a bit reversal within
/// bytes, a top-bottom flip a byte swap, and the transpose three delta swaps.
#[inline(always)]
pub(super) fn least_byte_image<B: Bits>(x: u64, r: usize, c: usize) -> (Grid<B>, bool) {
    let least = |x: u64, r: usize, c: usize| {
        let [x, m, f, h] = byte_row_images(x, r, c);
        x.min(m).min(f).min(h)
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

/// The `r` x `c` board `x` of the byte layout (`r, c <= 8`), its left-right mirror, its
/// top-bottom mirror and its half turn (image numbers 0 to 3 of [`super::PieceBoard::images`]):
/// a mirror reverses the bits within each byte and a flip swaps the bytes.
#[inline(always)]
pub(super) fn byte_row_images(x: u64, r: usize, c: usize) -> [u64; 4] {
    let mirror = |x: u64| x.reverse_bits().swap_bytes() >> (8 - c);
    let flip = |x: u64| x.swap_bytes() >> (8 * (8 - r));
    let m = mirror(x);
    [x, m, flip(x), flip(m)]
}

/// Cells of the byte layout with a cell on their left in the same row (not column 0), and
/// with one on their right (not column 7).
const HAS_LEFT: u64 = 0xFEFE_FEFE_FEFE_FEFE;
const HAS_RIGHT: u64 = 0x7F7F_7F7F_7F7F_7F7F;

/// The cells of `free` 4-connected to `seed`, in the byte layout (rows of at most 8 cells).
#[inline(always)]
pub(super) fn byte_region(seed: u64, free: u64) -> u64 {
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
pub(super) fn byte_crop(cells: u64) -> (u64, usize, usize) {
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
pub(super) fn byte_layout_mask(r: usize, c: usize) -> u64 {
    (0x0101_0101_0101_0101 & (u64::MAX >> (8 * (8 - r)))) * ((1u64 << c) - 1)
}

/// The 8x8 bit matrix with row `r` in byte `r` transposed: bit `c` of byte `r` goes to bit
/// `r` of byte `c` (three delta swaps, Warren, *Hacker's Delight*, 7-3).
#[inline]
pub(super) fn transpose_8x8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^ t ^ (t << 28)
}
