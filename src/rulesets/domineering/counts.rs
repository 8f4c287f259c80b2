//! The real and safe move counts of every position one move away, updated from the lines the
//! move touches instead of counted afresh (Bullock 2002 keeps them up to date the same way).
//!
//! A domino along line `j` of the mover's frame, on cells `p` and `p + 1`, changes the
//! mover's real moves on line `j` and safe moves on lines `j - 1` to `j + 1` (a safe cell
//! needs both neighbours across filled), and the opponent's real moves on lines `p` and `p + 1`
//! of the opponent's frame and safe moves on lines `p - 1` to `p + 2`.

use super::{Domineering, preference};
use crate::rulesets::grid::{Bits, Grid, LineTable, row_dominoes};
use crate::search::game::MoveBounds;
use crate::search::{Player, SearchMove};

/// A board's lines in both frames (bit `i` of line `j` is cell `i` along it), with an empty
/// line before and after: `[rows, columns]`, for boards of up to 16 rows and columns.
struct Frames {
    rows: [u16; 18],
    cols: [u16; 18],
}

impl Frames {
    fn of<B: Bits>(g: &Grid<B>) -> Option<Frames> {
        let (rows, cols) = (g.rows(), g.cols());
        if rows > 16 || cols > 16 {
            return None;
        }
        let (mut r, mut c) = ([0u64; 16], [0u64; 16]);
        g.line_bits(true, &mut r[..rows]);
        g.line_bits(false, &mut c[..cols]);
        let mut f = Frames {
            rows: [0; 18],
            cols: [0; 18],
        };
        for (line, &bits) in f.rows[1..].iter_mut().zip(&r) {
            *line = bits as u16;
        }
        for (line, &bits) in f.cols[1..].iter_mut().zip(&c) {
            *line = bits as u16;
        }
        Some(f)
    }
}

/// One frame's lines (see [`Frames`]) with the real and safe moves on each.
struct Counted {
    lines: [u16; 18],
    real: [u8; 18],
    safe: [u8; 18],
}

impl Counted {
    fn new(table: &LineTable, lines: [u16; 18]) -> Counted {
        let mut c = Counted {
            lines,
            real: [0; 18],
            safe: [0; 18],
        };
        for j in 1..17 {
            c.real[j] = table[lines[j] as usize];
            c.safe[j] = table[safe_cells(lines[j], lines[j - 1], lines[j + 1]) as usize];
        }
        c
    }

    /// The line `k` (`0..18`; the sentinels beyond are empty).
    #[inline]
    fn line(&self, k: usize) -> u16 {
        self.lines.get(k).copied().unwrap_or(0)
    }

    /// The change of the safe moves on line `k` (`0..18`) to those of its cells `line` with
    /// `before` and `after` across.
    #[inline]
    fn safe_change(&self, table: &LineTable, k: usize, line: u16, before: u16, after: u16) -> i32 {
        let was = self.safe.get(k).copied().unwrap_or(0);
        i32::from(table[safe_cells(line, before, after) as usize]) - i32::from(was)
    }

    /// The change in (real, safe) moves when line `j` (`1..=16`) loses the cells `lost`:
    /// real moves on that line, safe moves on it and its two neighbours (a sentinel's are
    /// none before and after).
    #[inline]
    fn change(&self, table: &LineTable, j: usize, lost: u16) -> (i32, i32) {
        let l = |k| self.line(k);
        let new = l(j) & !lost;
        let real = i32::from(table[new as usize]) - i32::from(self.real[j]);
        let safe = self.safe_change(table, j - 1, l(j - 1), l(j.saturating_sub(2)), new)
            + self.safe_change(table, j, new, l(j - 1), l(j + 1))
            + self.safe_change(table, j + 1, l(j + 1), new, l(j + 2));
        (real, safe)
    }

    /// [`Self::change`] when two adjacent lines `j` and `j + 1` (`1..=16`) each lose the
    /// cells `lost`.
    #[inline]
    fn change_two(&self, table: &LineTable, j: usize, lost: u16) -> (i32, i32) {
        let l = |k| self.line(k);
        let (a, b) = (l(j) & !lost, l(j + 1) & !lost);
        let real = i32::from(table[a as usize]) + i32::from(table[b as usize])
            - i32::from(self.real[j])
            - i32::from(self.real[j + 1]);
        let safe = self.safe_change(table, j - 1, l(j - 1), l(j.saturating_sub(2)), a)
            + self.safe_change(table, j, a, l(j - 1), b)
            + self.safe_change(table, j + 1, b, a, l(j + 2))
            + self.safe_change(table, j + 2, l(j + 2), b, l(j + 3));
        (real, safe)
    }
}

/// The cells of a line with both neighbours across filled: free in `line`, not in the lines
/// `before` and `after` it.
#[inline]
fn safe_cells(line: u16, before: u16, after: u16) -> u16 {
    line & !before & !after
}

/// Adds to `out` `player`'s moves on `d` with the counts after each, from `bounds`, the
/// counts of `d`, and whether each is safe and its [`preference`]; false (and nothing added)
/// where the board is too large for the line tables. Dominated dominoes
/// ([`super::dominated_dominoes`]) are left out: a move no better than another of the same
/// player never wins where that one does not (8x8: 906,137 nodes against 915,670). The
/// search's rule of playing safe moves last still holds on what is left: a dropped unsafe
/// domino's dominating neighbour is unsafe too (it shares the dropped one's middle cell, and
/// its other cell has no free neighbour across).
pub(super) fn search_moves<B: Bits>(
    d: &Domineering<B>,
    bounds: MoveBounds,
    player: Player,
    out: &mut Vec<SearchMove<Domineering<B>>>,
) -> bool {
    let g = &d.0;
    let Some(frames) = Frames::of(g) else {
        return false;
    };
    let cols = g.cols();
    let pairs = d.kept_dominoes(player);
    let step = match player {
        Player::Left => cols,
        Player::Right => 1,
    };
    let (me, them) = (player.index(), player.other().index());
    let table = row_dominoes();
    let (rows, columns) = (
        Counted::new(table, frames.rows),
        Counted::new(table, frames.cols),
    );
    let (mine, theirs) = match player {
        Player::Left => (&columns, &rows),
        Player::Right => (&rows, &columns),
    };
    let (lines, len) = match player {
        Player::Left => (cols, g.rows()),
        Player::Right => (g.rows(), cols),
    };
    out.reserve(pairs.count() as usize);
    // row by row, so that a cell's row and column need no division
    let row_mask = (1u64 << cols) - 1;
    for r in 0..g.rows() {
        let mut in_row = pairs.shr(r * cols).low_u64() & row_mask;
        while in_row != 0 {
            let c = in_row.trailing_zeros() as usize;
            in_row &= in_row - 1;
            let i = r * cols + c;
            // Line and position in the mover's frame (1-based lines, 0-based cells).
            let (j, p) = match player {
                Player::Left => (c + 1, r),
                Player::Right => (r + 1, c),
            };
            let (dr, ds) = mine.change(table, j, 3 << p);
            let (or, os) = theirs.change_two(table, p + 1, 1 << (j - 1));
            let mut b = bounds;
            b.real[me] = (b.real[me] as i32 + dr) as u32;
            b.safe[me] = (b.safe[me] as i32 + ds) as u32;
            b.real[them] = (b.real[them] as i32 + or) as u32;
            b.safe[them] = (b.safe[them] as i32 + os) as u32;
            let safe_here = safe_cells(mine.line(j), mine.line(j - 1), mine.line(j + 1));
            out.push(SearchMove {
                after: Domineering(g.without_pair(i, i + step)),
                bounds: Some(MoveBounds::new(b.real, b.safe)),
                safe: (safe_here >> p) & 3 == 3,
                preference: preference(j - 1, p, lines, len),
            });
        }
    }
    true
}
