//! Perfect play against a lone king: a retrograde solver that labels every position of a
//! material set with its distance to mate (Thompson, "Retrograde analysis of certain
//! endgames", ICCA J. 9, 1986; Bellman's dynamic programming).
//!
//! Positions are indexed by the Black king's square, reduced by the 8 symmetries of the board
//! to the triangle a1-d1-d4 (10 squares), and the White pieces' squares (identical pieces
//! sorted); a position's index is the least over the symmetries that put the Black king in the
//! triangle, so every class of symmetric positions has exactly one entry. The table holds one
//! byte per position and side to move: 10 * 64^k entries for k White pieces.
//!
//! The solver works backwards from the mates, ply by ply: a Black-to-move position is lost
//! at ply p + 1 once all its moves reach positions White wins in at most p plies (checked
//! forwards when the last one is found), a White-to-move position is won at ply p + 1 as soon
//! as one move reaches a position Black loses at ply p. A Black capture leads into the table
//! of the smaller material, solved first.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use crate::game::cache::{BoundedCache, NamedStats};
use crate::game::interrupt::check_cancel;
use crate::game::memory;

use super::board::{Board, Kind, Move, Piece, Square, adjacent, at, file, rank, reach};

/// The most White pieces (the king included) a table may hold: 10 * 64^3 entries.
pub const MAX_SOLVED_PIECES: usize = 3;

/// An unused entry (not the canonical index of its position, or no legal position).
const UNUSED: u8 = 255;
/// A Black-to-move position that cannot be lost (stalemate, or a capture that draws).
const HOLDS: u8 = 254;

/// The 8 symmetries of the board as square maps.
fn transform(t: usize, s: Square) -> Square {
    let (mut f, mut r) = (file(s), rank(s));
    if t & 1 != 0 {
        f = 7 - f;
    }
    if t & 2 != 0 {
        r = 7 - r;
    }
    if t & 4 != 0 {
        std::mem::swap(&mut f, &mut r);
    }
    (r * 8 + f) as Square
}

/// The squares of the triangle a1-d1-d4 (file <= 3, rank <= file), numbered 0..10.
const TRIANGLE: [Square; 10] = [0, 1, 2, 3, 9, 10, 11, 18, 19, 27];

/// The number of `s` in [`TRIANGLE`], if it lies there.
fn triangle(s: Square) -> Option<usize> {
    TRIANGLE.iter().position(|&x| x == s)
}

/// What a position is worth for the side to move under perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// White to move mates in this many plies (odd).
    Wins(u32),
    /// Black to move is mated after this many plies (even; 0: mated now).
    Loses(u32),
    /// Neither side can force more than a draw (White cannot mate).
    Draw,
}

impl Verdict {
    /// White's moves until mate.
    pub fn moves_to_mate(self) -> Option<u32> {
        match self {
            Verdict::Wins(p) => Some(p.div_ceil(2)),
            Verdict::Loses(p) => Some(p / 2),
            Verdict::Draw => None,
        }
    }
}

/// The solved table of one material set.
pub struct Table {
    kinds: Vec<Kind>,
    white_to_move: Vec<u8>,
    black_to_move: Vec<u8>,
    pub solve_time: Duration,
    /// Legal positions (both sides to move) after symmetry reduction.
    pub positions: usize,
}

/// Solved tables by material, solved on demand together with the smaller ones captures lead
/// to.
pub struct Tables {
    solved: BoundedCache<Vec<Kind>, Arc<Table>>,
}

/// Tables kept: every material of at most [`MAX_SOLVED_PIECES`] White pieces (50 with the
/// bare kings), so none is solved twice.
const TABLES_KEPT: usize = 64;

impl Default for Tables {
    fn default() -> Tables {
        Tables {
            solved: BoundedCache::new(TABLES_KEPT),
        }
    }
}

impl Tables {
    /// The memo's size and hit counts, for `:stats`.
    pub fn stats(&self) -> Vec<NamedStats> {
        vec![("endgame tables", self.solved.stats())]
    }

    /// The table of `kinds` (sorted, at most [`MAX_SOLVED_PIECES`]).
    pub fn table(&mut self, kinds: &[Kind]) -> Result<Arc<Table>, String> {
        let mut kinds = kinds.to_vec();
        kinds.sort();
        if kinds.len() > MAX_SOLVED_PIECES {
            return Err(format!(
                "perfect play is tabled for at most {MAX_SOLVED_PIECES} White pieces (the king included), not {}",
                kinds.len()
            ));
        }
        if let Some(t) = self.solved.get(&kinds) {
            return Ok(t);
        }
        // Every capture removes one piece: those tables first.
        let mut subs = FxHashMap::default();
        for i in 0..kinds.len() {
            let mut smaller = kinds.clone();
            smaller.remove(i);
            let t = self.table(&smaller)?;
            subs.insert(kinds[i], t);
        }
        let t = Arc::new(Table::solve(kinds.clone(), &subs));
        self.solved.insert(kinds, t.clone());
        Ok(t)
    }

    /// The verdict on `board`.
    pub fn verdict(&mut self, board: &Board) -> Result<Verdict, String> {
        let kinds: Vec<Kind> = board.white.iter().map(|p| p.kind).collect();
        Ok(self.table(&kinds)?.verdict(board))
    }

    /// The best move: White's fastest mate, Black's longest resistance (a drawing move
    /// first); ties go to the first move in generation order.
    pub fn best_move(&mut self, board: &Board) -> Result<Option<(Move, Verdict)>, String> {
        let mut best: Option<(Move, Verdict)> = None;
        for m in board.moves() {
            let v = self.verdict(&board.after(m))?;
            let better = match &best {
                None => true,
                Some((_, b)) => {
                    rank_for_mover(board.white_to_move, v) > rank_for_mover(board.white_to_move, *b)
                }
            };
            if better {
                best = Some((m, v));
            }
        }
        Ok(best)
    }
}

/// How good a successor's verdict is for the player who moved into it (larger is better).
fn rank_for_mover(white_moved: bool, v: Verdict) -> i64 {
    match (white_moved, v) {
        // White wants Black lost as soon as possible.
        (true, Verdict::Loses(p)) => 1000 - p as i64,
        (true, Verdict::Draw) => 0,
        (true, Verdict::Wins(_)) => -1,
        // Black wants a draw, else the longest loss.
        (false, Verdict::Draw) => 1000,
        (false, Verdict::Wins(p)) => p as i64,
        (false, Verdict::Loses(_)) => -1,
    }
}

impl Table {
    fn size(k: usize) -> usize {
        10 * 64usize.pow(k as u32)
    }

    /// The canonical index of a position with White's pieces of `self.kinds` on `squares`
    /// (in the kinds' order) and the Black king on `bk`.
    fn index(&self, squares: &[Square], bk: Square) -> usize {
        let mut best = usize::MAX;
        let mut sq = [0 as Square; MAX_SOLVED_PIECES];
        for t in 0..8 {
            let Some(tri) = triangle(transform(t, bk)) else {
                continue;
            };
            for (i, &s) in squares.iter().enumerate() {
                sq[i] = transform(t, s);
            }
            // Identical pieces: squares sorted.
            let k = squares.len();
            for i in 1..k {
                let mut j = i;
                while j > 0 && self.kinds[j - 1] == self.kinds[j] && sq[j - 1] > sq[j] {
                    sq.swap(j - 1, j);
                    j -= 1;
                }
            }
            let idx = sq[..k]
                .iter()
                .rev()
                .fold(tri, |acc, &s| acc * 64 + s as usize);
            best = best.min(idx);
        }
        best
    }

    /// The position of an index (before checking it is canonical or legal).
    fn decode(&self, mut idx: usize, white_to_move: bool) -> Board {
        let k = self.kinds.len();
        let mut white = super::board::Pieces::new();
        let mut squares = [0 as Square; MAX_SOLVED_PIECES];
        for s in squares.iter_mut().take(k) {
            *s = (idx % 64) as Square;
            idx /= 64;
        }
        let bk = TRIANGLE[idx];
        // The fold in `index` puts the first piece in the lowest digits.
        for (i, &kind) in self.kinds.iter().enumerate() {
            white.push(Piece {
                kind,
                square: squares[i],
            });
        }
        Board {
            white,
            black_king: bk,
            white_to_move,
        }
    }

    fn board_index(&self, b: &Board) -> usize {
        let mut squares = [0 as Square; MAX_SOLVED_PIECES];
        let k = b.white.len().min(MAX_SOLVED_PIECES);
        for (s, p) in squares.iter_mut().zip(b.white.iter()) {
            *s = p.square;
        }
        self.index(&squares[..k], b.black_king)
    }

    /// The verdict on `board`, whose White pieces must be this table's material (any order).
    pub fn verdict(&self, board: &Board) -> Verdict {
        let mut b = *board;
        b.white.sort_by_key(|p| p.kind);
        let i = self.board_index(&b);
        if b.white_to_move {
            match self.white_to_move[i] {
                0 | UNUSED => Verdict::Draw,
                p => Verdict::Wins(p as u32),
            }
        } else {
            match self.black_to_move[i] {
                0 | UNUSED | HOLDS => Verdict::Draw,
                p => Verdict::Loses(p as u32 - 1),
            }
        }
    }

    /// The longest forced mate with White to move, in White's moves, and a position where it
    /// happens.
    pub fn longest_mate(&self) -> (u32, Option<Board>) {
        let (mut best, mut at) = (0u8, None);
        for (i, &p) in self.white_to_move.iter().enumerate() {
            if p != UNUSED && p > best {
                best = p;
                at = Some(i);
            }
        }
        ((best as u32).div_ceil(2), at.map(|i| self.decode(i, true)))
    }

    /// Entries of the table (both sides to move).
    pub fn entries(&self) -> usize {
        self.white_to_move.len() + self.black_to_move.len()
    }

    // `i` is a position's index: decoded in the loop, not only an index into the arrays.
    #[allow(clippy::needless_range_loop)]
    fn solve(kinds: Vec<Kind>, subs: &FxHashMap<Kind, Arc<Table>>) -> Table {
        let start = Instant::now();
        let n = Table::size(kinds.len());
        let what = "an endgame table";
        let mut t = Table {
            kinds,
            white_to_move: memory::filled_vec(n, 0, what),
            black_to_move: memory::filled_vec(n, 0, what),
            solve_time: Duration::ZERO,
            positions: 0,
        };
        let mut floor = memory::filled_vec(n, 0u8, what);
        let mut buckets: Vec<Vec<u32>> = vec![Vec::new()];
        let push = |buckets: &mut Vec<Vec<u32>>, ply: usize, i: usize| {
            if buckets.len() <= ply {
                buckets.resize(ply + 1, Vec::new());
            }
            buckets[ply].push(i as u32);
        };
        for i in 0..n {
            if i % 65_536 == 0 {
                check_cancel();
            }
            let w = t.decode(i, true);
            if t.board_index(&w) != i || w.illegality().is_some() {
                t.white_to_move[i] = UNUSED;
            } else {
                t.positions += 1;
            }
            let b = t.decode(i, false);
            if t.board_index(&b) != i || b.illegality().is_some() {
                t.black_to_move[i] = UNUSED;
                continue;
            }
            t.positions += 1;
            let moves = b.moves();
            if moves.is_empty() {
                if b.black_in_check() {
                    t.black_to_move[i] = 1;
                    push(&mut buckets, 0, i);
                } else {
                    t.black_to_move[i] = HOLDS;
                }
                continue;
            }
            let mut quiet = 0;
            for m in moves {
                if b.captures(m) {
                    let Move::Black { to } = m else { continue };
                    let kind = b.white.iter().find(|p| p.square == to).map(|p| p.kind);
                    let sub = kind.and_then(|k| subs.get(&k));
                    match sub.map(|s| s.verdict(&b.after(m))) {
                        Some(Verdict::Wins(p)) => floor[i] = floor[i].max(p as u8 + 1),
                        _ => {
                            t.black_to_move[i] = HOLDS;
                            break;
                        }
                    }
                } else {
                    quiet += 1;
                }
            }
            if t.black_to_move[i] == 0 && quiet == 0 {
                t.black_to_move[i] = floor[i] + 1;
                push(&mut buckets, floor[i] as usize, i);
            }
        }
        let mut ply = 0;
        let mut targets = Vec::with_capacity(28);
        while ply < buckets.len() {
            let current = std::mem::take(&mut buckets[ply]);
            for (n, &i) in current.iter().enumerate() {
                if n % 16_384 == 0 {
                    check_cancel();
                }
                let i = i as usize;
                if ply % 2 == 0 {
                    // Black to move, lost at `ply`: White's moves into it win at ply + 1.
                    let b = t.decode(i, false);
                    let occ = b.occupied();
                    for (pi, p) in b.white.iter().enumerate() {
                        targets.clear();
                        reach(p.kind, p.square, occ, &mut targets);
                        for &from in &targets {
                            if occ & (1 << from) != 0 {
                                continue;
                            }
                            if p.kind == Kind::King && adjacent(from, b.black_king) {
                                continue;
                            }
                            let mut pred = b;
                            pred.white[pi].square = from;
                            pred.white_to_move = true;
                            if pred.black_in_check() {
                                continue;
                            }
                            let j = t.board_index(&pred);
                            if t.white_to_move[j] == 0 {
                                t.white_to_move[j] = (ply + 1) as u8;
                                push(&mut buckets, ply + 1, j);
                            }
                        }
                    }
                } else {
                    // White to move, won at `ply`: Black positions moving into it may now be
                    // lost, if every move of theirs is won for White.
                    let w = t.decode(i, true);
                    let wk = w.white_king();
                    for df in -1..=1 {
                        for dr in -1..=1 {
                            if (df, dr) == (0, 0) {
                                continue;
                            }
                            let Some(from) = at(file(w.black_king) + df, rank(w.black_king) + dr)
                            else {
                                continue;
                            };
                            if w.occupied() & (1 << from) != 0
                                || wk.is_some_and(|k| adjacent(k, from))
                            {
                                continue;
                            }
                            let mut pred = w;
                            pred.black_king = from;
                            pred.white_to_move = false;
                            let j = t.board_index(&pred);
                            if t.black_to_move[j] != 0 {
                                continue;
                            }
                            let all_won = pred.moves().into_iter().all(|m| {
                                pred.captures(m) || {
                                    let s = pred.after(m);
                                    let v = t.white_to_move[t.board_index(&s)];
                                    v != 0 && v != UNUSED
                                }
                            });
                            if all_won {
                                let lost = (ply + 1).max(floor[j] as usize);
                                assert!(lost < HOLDS as usize - 1, "mate too long for a byte");
                                t.black_to_move[j] = lost as u8 + 1;
                                push(&mut buckets, lost, j);
                            }
                        }
                    }
                }
            }
            ply += 1;
        }
        t.solve_time = start.elapsed();
        t
    }
}
