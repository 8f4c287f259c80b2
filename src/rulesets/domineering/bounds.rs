//! Lower bounds on the moves a Domineering player keeps, and on the cells the opponent can
//! never use (Bullock, *Domineering: solving large combinatorial search spaces*, 2002, ch. 3,
//! in our own formulation).
//!
//! Everything is computed in the player's frame: *lines* run along the player's dominoes (rows
//! for Right, columns for Left), and the opponent's dominoes cross two adjacent lines. The
//! player's strategy is a packing of disjoint items on the free cells:
//! - **safe moves**: two adjacent cells whose neighbours across are filled (or off the board):
//!   the opponent can never cover them;
//! - **areas**: walled 2x2 blocks (both cells across the block on either side filled): the
//!   first domino there leaves the other half a safe move, so the area is worth two moves to
//!   the player who enters it first; the opponent spoils it only with a domino inside it;
//! - **vulnerable moves**: two more adjacent free cells, which an opponent domino spoils by
//!   covering one of them. Such a domino meets at most two of them (its two cells, on adjacent
//!   lines); a vulnerable move no opponent domino can meet together with another is *alone*.
//!   One of its cells may be protected (no free neighbour across): when the opponent spoils it,
//!   that cell stays empty for good.
//!
//! The player takes an item per move while the opponent spoils one area, one lone vulnerable
//! move or two others per move ([`RaceTable`], solved exactly by minimax). If the player ends
//! with `m` moves and `u` empty cells the opponent can never use, the opponent has at most
//! `(empty - 2m - u) / 2` moves, so the player moving first wins when `4m + u > empty`, and
//! moving second when `4m + u + 1 >= empty` ([`MoveBounds::decide`]).

use std::sync::OnceLock;

use crate::rulesets::grid::{Bits, Grid};
use crate::search::game::MoveBounds;

/// Lines of a board in one player's frame, with an empty sentinel line on each side.
struct Lines {
    /// `free[1..=n]` are the lines; bit `i` is the `i`-th cell along the line.
    free: [u64; 66],
    n: usize,
}

impl Lines {
    /// The board's rows (`along_rows`) or columns as lines, or `None` if a line is longer
    /// than 64 cells.
    fn of<B: Bits>(g: &Grid<B>, along_rows: bool) -> Option<Lines> {
        let (rows, cols) = (g.rows(), g.cols());
        let (n, len) = if along_rows {
            (rows, cols)
        } else {
            (cols, rows)
        };
        if len > 64 || n > 64 {
            return None;
        }
        let mut free = [0u64; 66];
        let row_mask = u64::first(cols);
        for (r, line) in free[1..=rows].iter_mut().enumerate() {
            let row = g.free().shr(r * cols).low_u64() & row_mask;
            if along_rows {
                *line = row;
            }
        }
        if !along_rows {
            for r in 0..rows {
                let mut row = g.free().shr(r * cols).low_u64() & row_mask;
                while row != 0 {
                    let c = row.trailing_zeros() as usize;
                    free[c + 1] |= 1 << r;
                    row &= row - 1;
                }
            }
        }
        Some(Lines { free, n })
    }
}

/// What one player's packing holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Packing {
    pub safe: u32,
    pub areas: u32,
    /// Vulnerable moves alone, without and with a protected cell.
    pub alone: [u32; 2],
    /// Vulnerable moves an opponent domino may spoil together with another, likewise.
    pub paired: [u32; 2],
    /// Protected cells in no item: the opponent never uses them, the player's strategy
    /// leaves them empty.
    pub unused: u32,
}

/// Disjoint pairs of adjacent set bits of `m`, taken from the start of every run: how many,
/// and their first cells.
fn pair_starts(mut m: u64) -> (u32, u64) {
    let mut starts = 0u64;
    loop {
        let run_starts = m & !(m << 1);
        let take = run_starts & (m >> 1);
        if take == 0 {
            return (starts.count_ones(), starts);
        }
        starts |= take;
        m &= !(take | (take << 1));
    }
}

/// The player's packing on `lines` (see the module documentation).
fn pack(lines: &Lines) -> Packing {
    let (f, n) = (&lines.free, lines.n);
    let mut p = Packing::default();
    let mut used = [0u64; 66];
    let mut protected = [0u64; 66];
    for r in 1..=n {
        protected[r] = f[r] & !f[r - 1] & !f[r + 1];
        let (count, starts) = pair_starts(protected[r]);
        p.safe += count;
        used[r] = starts | (starts << 1);
    }
    // Areas on lines r and r + 1, walled across by lines r - 1 and r + 2.
    for r in 1..n {
        let open = f[r] & f[r + 1] & !f[r - 1] & !f[r + 2] & !used[r] & !used[r + 1];
        let mut blocks = open & (open >> 1);
        while blocks != 0 {
            let two = 3u64 << blocks.trailing_zeros();
            used[r] |= two;
            used[r + 1] |= two;
            p.areas += 1;
            blocks &= !two;
        }
    }
    // Vulnerable moves in what is left.
    let mut starts = [0u64; 66];
    let mut cells = [0u64; 66];
    for r in 1..=n {
        (_, starts[r]) = pair_starts(f[r] & !used[r]);
        cells[r] = starts[r] | (starts[r] << 1);
    }
    for r in 1..=n {
        let near = cells[r - 1] | cells[r + 1];
        let mut s = starts[r];
        while s != 0 {
            let two = 3u64 << s.trailing_zeros();
            let kept = usize::from(two & protected[r] != 0);
            if two & near == 0 {
                p.alone[kept] += 1;
            } else {
                p.paired[kept] += 1;
            }
            s &= s - 1;
        }
        p.unused += (protected[r] & !used[r] & !cells[r]).count_ones();
    }
    p
}

/// Items of each kind the race table tells apart; more are left out (a smaller packing is
/// still a lower bound).
const CAP: usize = 16;

/// The race for items, solved for up to 15 items of each kind: for the player moving first
/// and second, the moves won (`moves`) and four times the moves plus the protected cells
/// left empty by spoiled vulnerable moves (`claim`), each the most the player can be sure of.
struct RaceTable {
    /// Per state: [player to move, opponent to move].
    moves: Vec<[u8; 2]>,
    claim: Vec<[u16; 2]>,
}

/// Item kinds, in the state's index order.
const AREA: usize = 0;
const ALONE: usize = 1;
const ALONE_KEPT: usize = 2;
const PAIRED: usize = 3;
const PAIRED_KEPT: usize = 4;
const STRIDE: [usize; 5] = [CAP * CAP * CAP * CAP, CAP * CAP * CAP, CAP * CAP, CAP, 1];

impl RaceTable {
    fn get() -> &'static RaceTable {
        static TABLE: OnceLock<RaceTable> = OnceLock::new();
        TABLE.get_or_init(RaceTable::solve)
    }

    /// Minimax over all states in index order: every move lowers the index, so what a state
    /// needs is already known. The player takes one item (an area is worth two moves); the
    /// opponent spoils one area, one lone move, up to two paired moves, or plays elsewhere.
    fn solve() -> RaceTable {
        let states = CAP.pow(5);
        let mut moves = vec![[0u8; 2]; states];
        let mut claim = vec![[0u16; 2]; states];
        for s in 1..states {
            let k: [usize; 5] = std::array::from_fn(|i| s / STRIDE[i] % CAP);
            // The player's turn: the best item to take.
            let (mut bm, mut bc) = (0u8, 0u16);
            for (kind, &count) in k.iter().enumerate() {
                if count > 0 {
                    let t = s - STRIDE[kind];
                    let worth = if kind == AREA { 2 } else { 1 };
                    bm = bm.max(worth + moves[t][1]);
                    bc = bc.max(4 * worth as u16 + claim[t][1]);
                }
            }
            moves[s][0] = bm;
            claim[s][0] = bc;
            // The opponent's turn: the worst spoiling for the player, or none.
            let (mut wm, mut wc) = (bm, bc);
            let mut spoil = |t: usize, kept: u16| {
                wm = wm.min(moves[t][0]);
                wc = wc.min(kept + claim[t][0]);
            };
            for kind in [AREA, ALONE, ALONE_KEPT, PAIRED, PAIRED_KEPT] {
                if k[kind] > 0 {
                    let kept = u16::from(kind == ALONE_KEPT || kind == PAIRED_KEPT);
                    spoil(s - STRIDE[kind], kept);
                }
            }
            if k[PAIRED] >= 2 {
                spoil(s - 2 * STRIDE[PAIRED], 0);
            }
            if k[PAIRED_KEPT] >= 2 {
                spoil(s - 2 * STRIDE[PAIRED_KEPT], 2);
            }
            if k[PAIRED] > 0 && k[PAIRED_KEPT] > 0 {
                spoil(s - STRIDE[PAIRED] - STRIDE[PAIRED_KEPT], 1);
            }
            moves[s][1] = wm;
            claim[s][1] = wc;
        }
        RaceTable { moves, claim }
    }
}

/// The player's sure moves and claim (`4 * moves + cells the opponent never uses`), moving
/// first and moving second.
pub(super) fn sure(p: &Packing) -> ([u32; 2], [u32; 2]) {
    let cap = |x: u32| (x as usize).min(CAP - 1);
    let s = cap(p.areas) * STRIDE[AREA]
        + cap(p.alone[0]) * STRIDE[ALONE]
        + cap(p.alone[1]) * STRIDE[ALONE_KEPT]
        + cap(p.paired[0]) * STRIDE[PAIRED]
        + cap(p.paired[1]) * STRIDE[PAIRED_KEPT];
    let t = RaceTable::get();
    let base = 4 * p.safe + p.unused;
    (
        [0, 1].map(|turn| p.safe + t.moves[s][turn] as u32),
        [0, 1].map(|turn| base + t.claim[s][turn] as u32),
    )
}

/// Adds both players' sure moves and claims to `b` (Left packs along columns, Right along
/// rows); a player whose lines are longer than 64 cells keeps the cheap counts.
pub(super) fn refine<B: Bits>(g: &Grid<B>, b: &mut MoveBounds) {
    b.empty = g.free().count();
    for (k, along_rows) in [(0, false), (1, true)] {
        if let Some(lines) = Lines::of(g, along_rows) {
            (b.sure[k], b.claim[k]) = sure(&pack(&lines));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packing(board: &str, along_rows: bool) -> Packing {
        let g = Grid::<u64>::parse(board).unwrap();
        pack(&Lines::of(&g, along_rows).unwrap())
    }

    #[test]
    fn pairs_from_run_starts() {
        // Runs 0-2 and 4-7: pairs at 0 and 4, 6.
        assert_eq!(pair_starts(0b1111_0111), (3, 0b0101_0001));
        assert_eq!(pair_starts(0), (0, 0));
    }

    #[test]
    fn items_by_hand() {
        // A corridor between filled rows: two safe horizontal moves, one protected cell left.
        let p = packing("#####|.....|#####", true);
        assert_eq!((p.safe, p.unused), (2, 1));
        // A walled 2x2 block for Right (rows walled above and below): one area.
        let p = packing("##|..|..|##", true);
        assert_eq!((p.safe, p.areas), (0, 1));
        // Two open rows: vulnerable moves stacked, so a vertical domino meets two.
        let p = packing("..|..", true);
        assert_eq!(p.areas, 1);
        let p = packing("....|....|....", true);
        assert_eq!((p.alone, p.paired), ([0, 0], [6, 0]));
        // A pair whose right cell has no free neighbour across: a vulnerable move alone (the
        // cell below its left cell is free but holds no item), with a protected cell.
        let p = packing("..|.#", true);
        assert_eq!((p.safe, p.areas, p.alone, p.paired), (0, 0, [0, 1], [0, 0]));
        // Columns for Left: the same board transposed.
        let p = packing(".#|..|..|.#", true);
        assert_eq!(p.areas, 0);
        let q = packing(".#.|.#.", false);
        assert_eq!((q.safe, q.unused), (2, 0));
    }

    /// Hand-solved races: with one lone vulnerable move the mover takes it, the second player
    /// loses it; two paired moves are both spoiled by one domino when the opponent starts.
    #[test]
    fn races_by_hand() {
        let one_alone = Packing {
            alone: [1, 0],
            ..Packing::default()
        };
        assert_eq!(sure(&one_alone).0, [1, 0]);
        let two_paired = Packing {
            paired: [2, 0],
            ..Packing::default()
        };
        assert_eq!(sure(&two_paired).0, [1, 0]);
        // Three paired: first takes one, the opponent spoils two; second: the opponent
        // spoils two, the player takes the last.
        let three = Packing {
            paired: [3, 0],
            ..Packing::default()
        };
        assert_eq!(sure(&three).0, [1, 1]);
        // An area: worth two to the first player, spoiled otherwise; a kept cell of a
        // spoiled vulnerable move counts once in the claim.
        let area = Packing {
            areas: 1,
            ..Packing::default()
        };
        assert_eq!(sure(&area), ([2, 0], [8, 0]));
        let kept = Packing {
            alone: [0, 1],
            ..Packing::default()
        };
        assert_eq!(sure(&kept), ([1, 0], [4, 1]));
    }
}
