//! The real and safe move counts of every position one move away, updated from the lines the
//! move touches instead of counted afresh (Bullock 2002 keeps them up to date the same way).
//!
//! A domino along line `j` of the mover's frame, on cells `p` and `p + 1`, changes the
//! mover's real moves on line `j` and safe moves on lines `j - 1` to `j + 1` (a safe cell
//! needs both neighbours across filled), and the opponent's real moves on lines `p` and `p + 1`
//! of the opponent's frame and safe moves on lines `p - 1` to `p + 2`.

use super::{Domineering, preference};
use crate::rulesets::grid::{Bits, Grid, row_dominoes};
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
    fn new(table: &[u8], lines: [u16; 18]) -> Counted {
        let mut c = Counted {
            lines,
            real: [0; 18],
            safe: [0; 18],
        };
        for j in 1..17 {
            c.real[j] = table[lines[j] as usize];
            c.safe[j] = table[safe_cells(&lines, j) as usize];
        }
        c
    }

    /// The change in (real, safe) moves when line `j` loses the cells `lost`: real moves on
    /// that line, safe moves on it and its two neighbours.
    #[inline]
    fn change(&self, table: &[u8], j: usize, lost: u16) -> (i32, i32) {
        let mut after = self.lines;
        after[j] &= !lost;
        let real = i32::from(table[after[j] as usize]) - i32::from(self.real[j]);
        let mut safe = 0;
        for k in (j - 1).max(1)..=(j + 1).min(16) {
            safe += i32::from(table[safe_cells(&after, k) as usize]) - i32::from(self.safe[k]);
        }
        (real, safe)
    }

    /// [`Self::change`] when two adjacent lines `j` and `j + 1` each lose the cells `lost`.
    #[inline]
    fn change_two(&self, table: &[u8], j: usize, lost: u16) -> (i32, i32) {
        let mut after = self.lines;
        after[j] &= !lost;
        after[j + 1] &= !lost;
        let mut real = 0;
        for k in [j, j + 1] {
            real += i32::from(table[after[k] as usize]) - i32::from(self.real[k]);
        }
        let mut safe = 0;
        for k in (j - 1).max(1)..=(j + 2).min(16) {
            safe += i32::from(table[safe_cells(&after, k) as usize]) - i32::from(self.safe[k]);
        }
        (real, safe)
    }
}

/// The cells of line `j` with both neighbours across filled.
#[inline]
fn safe_cells(lines: &[u16; 18], j: usize) -> u16 {
    lines[j] & !lines[j - 1] & !lines[j + 1]
}

/// `player`'s moves on `d` with the counts after each, from `bounds`, the counts of `d`, and
/// whether each is safe and its [`preference`]; `None` where the board is too large for the
/// line tables. Dominated dominoes ([`super::dominated_dominoes`]) are left out: a move no
/// better than another of the same player never wins where that one does not. (8x8: 906,137
/// nodes against 915,670.) The search's rule of playing safe moves last still holds on what
/// is left: a dropped unsafe domino's dominating neighbour is unsafe too (it shares the
/// dropped one's middle cell, and its other cell has no free neighbour across).
pub(super) fn search_moves<B: Bits>(
    d: &Domineering<B>,
    bounds: MoveBounds,
    player: Player,
) -> Option<Vec<SearchMove<Domineering<B>>>> {
    let g = &d.0;
    let frames = Frames::of(g)?;
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
    let mut out = Vec::with_capacity(pairs.count() as usize);
    out.extend(pairs.ones().map(|i| {
            let (r, c) = (i / cols, i % cols);
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
            let (lines, len) = match player {
                Player::Left => (cols, g.rows()),
                Player::Right => (g.rows(), cols),
            };
            SearchMove {
                after: Domineering(g.without_pair(i, i + step)),
                bounds: Some(MoveBounds::new(b.real, b.safe)),
                safe: (safe_cells(&mine.lines, j) >> p) & 3 == 3,
                preference: preference(j - 1, p, lines, len),
            }
        }));
    Some(out)
}
