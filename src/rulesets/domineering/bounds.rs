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
//! move or two others per move ([`race`], solved exactly by memoised minimax). If the player ends
//! with `m` moves and `u` empty cells the opponent can never use, the opponent has at most
//! `(empty - 2m - u) / 2` moves, so the player moving first wins when `4m + u > empty`, and
//! moving second when `4m + u + 1 >= empty` ([`MoveBounds::decide`]).

use std::sync::OnceLock;

use crate::game::cache::{BoundedCache, SharedCache};
use crate::rulesets::grid::{Bits, Grid};
use crate::search::Player;
use crate::search::game::MoveBounds;

/// Lines of a board in one player's frame, with an empty sentinel line on each side: `N`
/// is the number of lines plus two (18 covers boards of up to 16 lines, 66 all of 64 cells).
struct Lines<const N: usize> {
    /// `free[1..=n]` are the lines; bit `i` is the `i`-th cell along the line.
    free: [u64; N],
    n: usize,
}

impl<const N: usize> Lines<N> {
    /// The board's rows (`along_rows`) or columns as lines, or `None` if a line is longer
    /// than 64 cells or there are more than `N - 2` lines.
    fn of<B: Bits>(g: &Grid<B>, along_rows: bool) -> Option<Lines<N>> {
        let (rows, cols) = (g.rows(), g.cols());
        let (n, len) = if along_rows {
            (rows, cols)
        } else {
            (cols, rows)
        };
        if len > 64 || n + 2 > N {
            return None;
        }
        let mut free = [0u64; N];
        g.line_bits(along_rows, &mut free[1..=n]);
        Some(Lines { free, n })
    }
}

/// What one player's packing holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Packing {
    pub safe: u32,
    /// Areas no opponent domino can spoil together with another item.
    pub areas: u32,
    /// Areas facing another item across their open side.
    pub open_areas: u32,
    /// Vulnerable moves alone, without and with a protected cell.
    pub alone: [u32; 2],
    /// Vulnerable moves an opponent domino may spoil together with another, likewise.
    pub paired: [u32; 2],
    /// Safe moves with an option, by the cells the option takes from the opponent (1, 2 or
    /// 3): a free cell beside the safe move that the player may take with it, leaving the
    /// safe move's other cell and up to two cells across for nobody.
    pub options: [u32; 3],
    /// Protected cells in no item: the opponent never uses them, the player's strategy
    /// leaves them empty.
    pub unused: u32,
}

/// Disjoint pairs of adjacent set bits of `m`, taken from the start of every run: how many,
/// and their first cells (from a table for lines of up to 16 cells).
#[inline]
fn pair_starts(m: u64) -> (u32, u64) {
    let table =
        PAIR_STARTS.get_or_init(|| (0..1 << 16).map(|m| pair_starts_of(m) as u16).collect());
    let starts = match table.get(m as usize) {
        Some(&s) => u64::from(s),
        None => pair_starts_of(m),
    };
    (starts.count_ones(), starts)
}

static PAIR_STARTS: OnceLock<Vec<u16>> = OnceLock::new();

/// [`pair_starts`] by rounds: every run gives up its first two cells per round.
fn pair_starts_of(mut m: u64) -> u64 {
    let mut starts = 0u64;
    loop {
        let run_starts = m & !(m << 1);
        let take = run_starts & (m >> 1);
        if take == 0 {
            return starts;
        }
        starts |= take;
        m &= !(take | (take << 1));
    }
}

/// The player's packing on `lines` (see the module documentation).
fn pack<const N: usize>(lines: &Lines<N>) -> Packing {
    let (f, n) = (&lines.free, lines.n);
    let mut p = Packing::default();
    let mut used = [0u64; N];
    let mut protected = [0u64; N];
    let mut safe_starts = [0u64; N];
    for r in 1..=n {
        protected[r] = f[r] & !f[r - 1] & !f[r + 1];
        let count;
        (count, safe_starts[r]) = pair_starts(protected[r]);
        p.safe += count;
        used[r] = safe_starts[r] | (safe_starts[r] << 1);
    }
    // Areas on lines r and r + 1, walled across by line r - 1 or line r + 2 (both cells of
    // the wall filled). With one wall the player enters on the far line first, which leaves
    // the near one safe. An opponent domino across the open side spoils the area too, so an
    // area whose open side faces another item is *open*: one domino may spoil it together
    // with a paired vulnerable move or another open area.
    let mut area_cells = [0u64; N];
    // (cells, the line across the open side) of areas with one wall
    let mut open_areas = [(0u64, 0usize); 32];
    let mut open_count = 0;
    for r in 1..n {
        let wall = |l: usize| !f[l] & !(f[l] >> 1);
        let (above, below) = (wall(r - 1), wall(r + 2));
        let free = f[r] & f[r + 1] & !used[r] & !used[r + 1];
        // An area open above must not face one placed before (which the opponent could then
        // spoil with it); those below come later and check the same way.
        let facing = area_cells[r - 1] | (area_cells[r - 1] >> 1);
        let mut blocks = free & (free >> 1) & (above | (below & !facing));
        while blocks != 0 {
            let at = blocks.trailing_zeros();
            let two = 3u64 << at;
            used[r] |= two;
            used[r + 1] |= two;
            area_cells[r] |= two;
            area_cells[r + 1] |= two;
            p.areas += 1;
            let open_line = match (above >> at & 1 == 1, below >> at & 1 == 1) {
                (true, true) => 0,
                (true, false) => r + 2,
                _ => r - 1,
            };
            if open_line != 0 && open_count < open_areas.len() {
                open_areas[open_count] = (two, open_line);
                open_count += 1;
            } else if open_line != 0 {
                // No room to check it later: counted as facing another item.
                p.areas -= 1;
                p.open_areas += 1;
            }
            blocks &= !(two | (two >> 1));
        }
    }
    // Vulnerable moves in what is left.
    let mut starts = [0u64; N];
    let mut cells = [0u64; N];
    for r in 1..=n {
        (_, starts[r]) = pair_starts(f[r] & !used[r]);
        cells[r] = starts[r] | (starts[r] << 1);
    }
    for &(two, open_line) in &open_areas[..open_count] {
        if (cells[open_line] | area_cells[open_line]) & two != 0 {
            p.areas -= 1;
            p.open_areas += 1;
        }
    }
    for r in 1..=n {
        // Area cells across count too: an opponent domino there may spoil an area as well.
        let near = cells[r - 1] | cells[r + 1] | area_cells[r - 1] | area_cells[r + 1];
        // by the move's first cell: a neighbour across either cell, a protected cell
        let (near, kept) = (near | (near >> 1), protected[r] | (protected[r] >> 1));
        let (alone, paired) = (starts[r] & !near, starts[r] & near);
        p.alone[0] += (alone & !kept).count_ones();
        p.alone[1] += (alone & kept).count_ones();
        p.paired[0] += (paired & !kept).count_ones();
        p.paired[1] += (paired & kept).count_ones();
        p.unused += (protected[r] & !used[r] & !cells[r]).count_ones();
        used[r] |= cells[r];
    }
    // Options beside safe moves: a free cell y in no item, unprotected, with no item across
    // it. Taking y with the safe move's near cell leaves the far cell protected and empty,
    // and a free cell across y whose own far neighbour is filled can then never be covered.
    for r in 1..=n {
        let mut starts = safe_starts[r];
        while starts != 0 {
            let c = starts.trailing_zeros();
            starts &= starts - 1;
            let open = f[r] & !used[r] & !protected[r] & !used[r - 1] & !used[r + 1];
            let beside = [(c > 0).then(|| 1u64 << (c - 1)), Some(4u64 << c)];
            if let Some(y) = beside.into_iter().flatten().find(|&y| y & open != 0) {
                used[r] |= y;
                let dead = |near: usize, far: usize| f[near] & y != 0 && f[far] & y == 0;
                let k = 1
                    + usize::from(dead(r - 1, r.saturating_sub(2)))
                    + usize::from(dead(r + 1, r + 2));
                p.options[k - 1] += 1;
            }
        }
    }
    p
}

/// Item kinds of the race, and what each is worth: (moves to the player who takes it, claim
/// to the player who takes it, claim to the player when the opponent spoils it).
const KINDS: [(u8, u16, u16); 9] = [
    (2, 8, 0), // area
    (1, 4, 0), // vulnerable move alone
    (1, 4, 1), // ... with a protected cell
    (1, 4, 0), // vulnerable move paired
    (1, 4, 1), // ... with a protected cell
    (0, 1, 0), // option taking one cell
    (0, 2, 0), // two cells
    (0, 3, 0), // three cells
    (2, 8, 0), // open area
];
const PAIRED: usize = 3;
const PAIRED_KEPT: usize = 4;
const OPEN_AREA: usize = 8;

/// Items of one kind the race tells apart; more are left out (fewer items still give a lower
/// bound).
const CAP: u8 = 31;

type Counts = [u8; 9];

/// Races solved so far, keyed by the counts and who moves (5 bits each); the races of a
/// search repeat, so a flushed table refills fast.
type RaceMemo = BoundedCache<u64, (u8, u16)>;
static RACES: SharedCache<u64, (u8, u16)> = SharedCache::new("sure moves", 1 << 20);

/// The race for items: the player takes one item per move (an area is worth two moves, an
/// option only cells); the opponent spoils one item per move, two paired vulnerable moves at
/// once, an open area with a paired move or another open area, or plays elsewhere. Solved by
/// memoised minimax: (the moves the player can be sure of, the claim), with the player or the
/// opponent to move.
fn race(k: Counts, player_to_move: bool, memo: &mut RaceMemo) -> (u8, u16) {
    if k.iter().all(|&x| x == 0) {
        return (0, 0);
    }
    let key = race_key(&k, player_to_move);
    if let Some(v) = memo.get(&key) {
        return v;
    }
    let without = |kinds: &[usize]| {
        let mut t = k;
        for &i in kinds {
            t[i] -= 1;
        }
        t
    };
    let v = if player_to_move {
        let (mut moves, mut claim) = (0, 0);
        for (i, &(m, c, _)) in KINDS.iter().enumerate() {
            if k[i] > 0 {
                let (cm, cc) = race(without(&[i]), false, memo);
                moves = moves.max(m + cm);
                claim = claim.max(c + cc);
            }
        }
        (moves, claim)
    } else {
        // Playing elsewhere.
        let (mut moves, mut claim) = race(k, true, memo);
        let mut spoil = |kinds: &[usize], memo: &mut RaceMemo| {
            let (cm, cc) = race(without(kinds), true, memo);
            let kept: u16 = kinds.iter().map(|&i| KINDS[i].2).sum();
            moves = moves.min(cm);
            claim = claim.min(kept + cc);
        };
        for (i, &count) in k.iter().enumerate() {
            if count > 0 {
                spoil(&[i], memo);
            }
        }
        if k[PAIRED] >= 2 {
            spoil(&[PAIRED, PAIRED], memo);
        }
        if k[PAIRED_KEPT] >= 2 {
            spoil(&[PAIRED_KEPT, PAIRED_KEPT], memo);
        }
        if k[PAIRED] > 0 && k[PAIRED_KEPT] > 0 {
            spoil(&[PAIRED, PAIRED_KEPT], memo);
        }
        if k[OPEN_AREA] > 0 {
            for other in [PAIRED, PAIRED_KEPT] {
                if k[other] > 0 {
                    spoil(&[OPEN_AREA, other], memo);
                }
            }
            if k[OPEN_AREA] >= 2 {
                spoil(&[OPEN_AREA, OPEN_AREA], memo);
            }
        }
        (moves, claim)
    };
    memo.insert(key, v);
    v
}

/// The player's sure moves and claim (`4 * moves + cells the opponent never uses`), moving
/// `first` or second.
pub(super) fn sure(p: &Packing, first: bool) -> (u32, u32) {
    let cap = |x: u32| x.min(u32::from(CAP)) as u8;
    let k: Counts = [
        cap(p.areas),
        cap(p.alone[0]),
        cap(p.alone[1]),
        cap(p.paired[0]),
        cap(p.paired[1]),
        cap(p.options[0]),
        cap(p.options[1]),
        cap(p.options[2]),
        cap(p.open_areas),
    ];
    let (moves, claim) = race_remembered(k, first);
    (
        p.safe + u32::from(moves),
        4 * p.safe + p.unused + u32::from(claim),
    )
}

/// A slot of a thread's race memo: the race's key and answer.
type NearRace = (u64, (u8, u16));

/// Slots of each thread's race memo in front of the shared one ([`RACES`], behind a lock).
const NEAR_RACES: usize = 1 << 12;

thread_local! {
    /// (key, answer) of recent races, one slot per hash: a search asks about a few thousand
    /// races millions of times (8x8: 61,088 races, 9.6 M questions).
    static NEAR: std::cell::RefCell<Box<[NearRace]>> =
        std::cell::RefCell::new(vec![(u64::MAX, (0, 0)); NEAR_RACES].into_boxed_slice());
}

/// [`race`] through this thread's memo of recent races, then the shared one.
fn race_remembered(k: Counts, player_to_move: bool) -> (u8, u16) {
    let key = race_key(&k, player_to_move);
    let slot = (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - NEAR_RACES.ilog2())) as usize;
    NEAR.with(|near| {
        let mut near = near.borrow_mut();
        if near[slot].0 == key {
            return near[slot].1;
        }
        let v = RACES.with(|memo| race(k, player_to_move, memo));
        near[slot] = (key, v);
        v
    })
}

/// The memo key of a race: the counts and who moves, 5 bits each.
fn race_key(k: &Counts, player_to_move: bool) -> u64 {
    k.iter().fold(u64::from(player_to_move), |acc, &x| {
        (acc << 5) | u64::from(x)
    })
}

/// `player`'s packing: Left's along columns, Right's along rows; `None` where a line is
/// longer than 64 cells.
fn packing_of<B: Bits>(g: &Grid<B>, player: Player) -> Option<Packing> {
    let along_rows = player == Player::Right;
    match Lines::<18>::of(g, along_rows) {
        Some(lines) => Some(pack(&lines)),
        None => Lines::<66>::of(g, along_rows).map(|lines| pack(&lines)),
    }
}

/// Adds to `b` what [`MoveBounds::decide`] reads with `mover` to move: the mover's sure moves
/// and claim moving first, then, unless those already win, the opponent's moving second. Each
/// of the two is skipped where [`Odds`] says it almost never decides (leaving it out only
/// leaves a position to the search).
pub(super) fn refine<B: Bits>(g: &Grid<B>, b: &mut MoveBounds, mover: Player) {
    b.empty = g.free().count();
    let (me, them) = (mover.index(), mover.other().index());
    // How far the cheap counts are from deciding: the sure moves each test must add.
    let gaps = [
        b.real[them].saturating_sub(b.sure[me][0]),
        b.real[me].saturating_sub(b.sure[them][1]),
    ];
    ODDS.with(|odds| {
        let mut odds = odds.borrow_mut();
        if odds.worth_trying(0, gaps[0]) {
            if let Some(p) = packing_of(g, mover) {
                (b.sure[me][0], b.claim[me][0]) = sure(&p, true);
            }
            let won = b.decide(mover) == Some(true);
            odds.record(0, gaps[0], won);
            if won {
                return;
            }
        }
        if odds.worth_trying(1, gaps[1]) {
            if let Some(p) = packing_of(g, mover.other()) {
                (b.sure[them][1], b.claim[them][1]) = sure(&p, false);
            }
            odds.record(1, gaps[1], b.decide(mover) == Some(false));
        }
    });
}

/// How often each of [`refine`]'s two tests decided, by its gap (the sure moves the cheap
/// counts lack): tries and decisions per gap, halved as they grow so that they follow the
/// positions of the search at hand. Deciding grows rarer as the gap grows, and stops well
/// before the largest gaps: 8x8, test one (the mover's packing) decided 237 of 127,624 tries
/// at gap 13 and none of 1.0 M at gaps 16 and more; test two (the opponent's) 46 of 87,986 at
/// 13 and none of 1.0 M beyond. A test is skipped at a gap where it decided less than once in
/// [`Odds::RARE`] tries, except for one try in [`Odds::SAMPLE`], which keeps the odds current.
struct Odds {
    tries: [[u32; Odds::GAPS]; 2],
    decided: [[u32; Odds::GAPS]; 2],
    /// Tries skipped, to pick the sampled ones.
    skipped: u32,
}

impl Odds {
    /// Gaps told apart; larger ones count as the largest.
    const GAPS: usize = 64;
    const RARE: u32 = 256;
    const SAMPLE: u32 = 64;
    /// Tries at a gap before its odds are trusted.
    const TRUSTED: u32 = 4096;
    /// Tries at a gap at which its counts are halved.
    const HALVED: u32 = 1 << 16;

    fn worth_trying(&mut self, test: usize, gap: u32) -> bool {
        let g = (gap as usize).min(Self::GAPS - 1);
        let (tries, decided) = (self.tries[test][g], self.decided[test][g]);
        if tries < Self::TRUSTED || decided * Self::RARE >= tries {
            return true;
        }
        self.skipped = self.skipped.wrapping_add(1);
        self.skipped.is_multiple_of(Self::SAMPLE)
    }

    fn record(&mut self, test: usize, gap: u32, decided: bool) {
        let g = (gap as usize).min(Self::GAPS - 1);
        self.tries[test][g] += 1;
        self.decided[test][g] += u32::from(decided);
        if self.tries[test][g] >= Self::HALVED {
            self.tries[test][g] /= 2;
            self.decided[test][g] /= 2;
        }
    }
}

thread_local! {
    static ODDS: std::cell::RefCell<Odds> = const {
        std::cell::RefCell::new(Odds {
            tries: [[0; Odds::GAPS]; 2],
            decided: [[0; Odds::GAPS]; 2],
            skipped: 0,
        })
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    fn packing(board: &str, along_rows: bool) -> Packing {
        let g = Grid::<u64>::parse(board).unwrap();
        pack(&Lines::<18>::of(&g, along_rows).unwrap())
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
        // Three open rows: the top two hold two areas walled by the edge only, facing the
        // vulnerable moves of the bottom row (an opponent domino may spoil one of each).
        let p = packing("....|....|....", true);
        assert_eq!(
            (p.areas, p.open_areas, p.alone, p.paired),
            (0, 2, [0, 0], [2, 0])
        );
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

    fn fresh_odds() -> Odds {
        Odds {
            tries: [[0; Odds::GAPS]; 2],
            decided: [[0; Odds::GAPS]; 2],
            skipped: 0,
        }
    }

    /// A test is tried until its odds at a gap are known; then skipped where it decided
    /// less than once in `RARE` tries, but for one try in `SAMPLE`; kept where it decides
    /// more often; and gaps past the last share its odds.
    #[test]
    fn odds_skip_only_tests_that_rarely_decide() {
        let mut odds = fresh_odds();
        for _ in 0..Odds::TRUSTED {
            assert!(odds.worth_trying(0, 20));
            odds.record(0, 20, false);
            assert!(odds.worth_trying(1, 20), "the other test has odds of its own");
        }
        let tried = (0..Odds::SAMPLE * 10)
            .filter(|_| odds.worth_trying(0, 20))
            .count();
        assert_eq!(tried, 10);
        // deciding once in 100 tries is not rare
        for k in 0..Odds::TRUSTED {
            odds.record(0, 7, k % 100 == 0);
        }
        assert!((0..100).all(|_| odds.worth_trying(0, 7)));
        // the largest gaps count as one
        for _ in 0..Odds::TRUSTED {
            odds.record(0, 1000, false);
        }
        assert!((0..Odds::SAMPLE - 1).any(|_| !odds.worth_trying(0, 5000)));
        // counts are halved as they grow, so old tries weigh less
        for _ in 0..Odds::HALVED {
            odds.record(1, 3, false);
        }
        assert!(odds.tries[1][3] < Odds::HALVED);
    }

    /// Both turns of [`sure`]: ([moves first, second], [claim first, second]).
    fn both(p: &Packing) -> ([u32; 2], [u32; 2]) {
        let (a, b) = (sure(p, true), sure(p, false));
        ([a.0, b.0], [a.1, b.1])
    }

    /// Hand-solved races: with one lone vulnerable move the mover takes it, the second player
    /// loses it; two paired moves are both spoiled by one domino when the opponent starts.
    #[test]
    fn races_by_hand() {
        let one_alone = Packing {
            alone: [1, 0],
            ..Packing::default()
        };
        assert_eq!(both(&one_alone).0, [1, 0]);
        let two_paired = Packing {
            paired: [2, 0],
            ..Packing::default()
        };
        assert_eq!(both(&two_paired).0, [1, 0]);
        // Three paired: first takes one, the opponent spoils two; second: the opponent
        // spoils two, the player takes the last.
        let three = Packing {
            paired: [3, 0],
            ..Packing::default()
        };
        assert_eq!(both(&three).0, [1, 1]);
        // An area: worth two to the first player, spoiled otherwise; a kept cell of a
        // spoiled vulnerable move counts once in the claim.
        let area = Packing {
            areas: 1,
            ..Packing::default()
        };
        assert_eq!(both(&area), ([2, 0], [8, 0]));
        let kept = Packing {
            alone: [0, 1],
            ..Packing::default()
        };
        assert_eq!(both(&kept), ([1, 0], [4, 1]));
    }
}
