//! Constraint strategies (Laros, *Ideas regarding chess endgames*, 2003, §4–5): every White
//! piece has an *anchor* (the enemy king or one of its own pieces), a *special square*
//! `(dx, dy)` relative to the anchor, and a flag per axis: *hard* (1) or *soft* (0).
//!
//! With `(dx_own, dy_own)` the piece's position relative to its anchor, its penalty is the sum
//! over the two axes of (§4.4):
//! - hard: `|dx_own - dx|` (0 on the special square's file);
//! - soft: [`SOFT_WEIGHT`] when `|dx_own| <= |dx|` (too close to the anchor), else 0.
//!
//! The soft weight is above any hard penalty (at most 14 per axis), so keeping away comes
//! first. A position's penalty is the sum over the pieces; pieces of the same kind may swap
//! roles (§5), so the penalty is the least over those assignments. The player moves to the
//! position of least penalty. Ties (the paper leaves them open): first a move after which the
//! Black king can take nothing (the soft constraints' purpose, §4.3, made exact), then the
//! first in move-generation order (the pieces in the material's order, each piece's squares
//! in the order [`super::board::reach`] lists them). On 1,000 random starts of two rooks
//! against the king, the safety rule cuts the paper's strategy's lost pieces from 40 to 1.
//! Only White follows a strategy.

use std::fmt;

use super::board::{Board, Move, file, rank};

/// The penalty of an unmet soft constraint: more than any hard penalty (`|Δ| <= 14`).
pub const SOFT_WEIGHT: i32 = 15;

/// What a piece's special square is relative to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Anchor {
    /// The Black king.
    EnemyKing,
    /// One of White's pieces, by its index in the material's order.
    Own(usize),
}

/// One piece's constraint strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PieceStrategy {
    pub anchor: Anchor,
    pub dx: i8,
    pub dy: i8,
    /// Whether the x and y constraints are hard (else soft).
    pub hard_x: bool,
    pub hard_y: bool,
}

impl PieceStrategy {
    /// The penalty of a piece at `(x, y)` with its anchor at `(ax, ay)` (§4.4).
    pub fn penalty(&self, x: i8, y: i8, ax: i8, ay: i8) -> i32 {
        let axis = |own: i8, want: i8, hard: bool| -> i32 {
            if hard {
                (own - want).abs() as i32
            } else if own.abs() <= want.abs() {
                SOFT_WEIGHT
            } else {
                0
            }
        };
        axis(x - ax, self.dx, self.hard_x) + axis(y - ay, self.dy, self.hard_y)
    }
}

/// A strategy: one [`PieceStrategy`] per White piece, in the material's order (king first,
/// then queens, rooks, bishops, knights).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Strategy {
    pub pieces: Vec<PieceStrategy>,
}

impl Strategy {
    /// The penalty of `board` (White's pieces in the material's order), the least over the
    /// role swaps of same-kind pieces.
    // `i` and `j` are pieces and roles, both indexing `cost` and the board.
    #[allow(clippy::needless_range_loop)]
    pub fn penalty(&self, board: &Board) -> i32 {
        let n = board.white.len().min(self.pieces.len());
        // cost[i][j]: piece i playing strategy j (only same-kind pairs are ever used).
        let mut cost = [[0i32; 4]; 4];
        let mut swaps = false;
        for i in 0..n {
            let p = board.white[i].square;
            for j in 0..n {
                if board.white[j].kind != board.white[i].kind {
                    continue;
                }
                swaps |= i != j;
                let s = &self.pieces[j];
                let a = match s.anchor {
                    Anchor::EnemyKing => board.black_king,
                    Anchor::Own(k) if k < board.white.len() => board.white[k].square,
                    Anchor::Own(_) => board.black_king,
                };
                cost[i][j] = s.penalty(file(p), rank(p), file(a), rank(a));
            }
        }
        let straight: i32 = (0..n).map(|i| cost[i][i]).sum();
        if !swaps {
            return straight;
        }
        PERMUTATIONS[n]
            .iter()
            .filter(|perm| (0..n).all(|i| board.white[perm[i]].kind == board.white[i].kind))
            .map(|perm| (0..n).map(|i| cost[i][perm[i]]).sum::<i32>())
            .min()
            .unwrap_or(straight)
    }

    /// White's move under this strategy: the least penalty after the move; of equal ones a
    /// move after which Black can take nothing, then the first in generation order.
    pub fn choose(&self, board: &Board) -> Option<Move> {
        let mut best: Option<((i32, bool), Move)> = None;
        for m in board.moves() {
            let after = board.after(m);
            let penalty = self.penalty(&after);
            if best.is_some_and(|((b, _), _)| penalty > b) {
                continue;
            }
            let key = (penalty, hangs_a_piece(&after));
            if best.is_none_or(|(b, _)| key < b) {
                best = Some((key, m));
            }
        }
        best.map(|(_, m)| m)
    }

    /// Parses `k(2,-1)01 k(2,0)01`: per piece an anchor (`k` the enemy king, or `1`, `2`, ...
    /// a White piece by its place in the material), the special square, and the x and y flags
    /// (1 hard, 0 soft).
    pub fn parse(text: &str, pieces: usize) -> Result<Strategy, String> {
        let entries: Vec<&str> = text.split_whitespace().collect();
        if entries.len() != pieces {
            return Err(format!(
                "the material has {pieces} White piece{}, so the strategy needs {pieces} entr{} such as k(2,-1)01, not {}",
                if pieces == 1 { "" } else { "s" },
                if pieces == 1 { "y" } else { "ies" },
                entries.len()
            ));
        }
        let mut out = Vec::new();
        for (i, e) in entries.iter().enumerate() {
            let bad = |why: &str| format!("entry {} `{e}`: {why} (the form is k(2,-1)01)", i + 1);
            let open = e.find('(').ok_or_else(|| bad("no `(`"))?;
            let close = e.find(')').ok_or_else(|| bad("no `)`"))?;
            let anchor = match &e[..open] {
                "k" => Anchor::EnemyKing,
                a => {
                    let j: usize = a
                        .parse()
                        .map_err(|_| bad("the anchor is k or a piece number"))?;
                    if j == 0 || j > pieces || j == i + 1 {
                        return Err(bad("the anchor is k or the number of another White piece"));
                    }
                    Anchor::Own(j - 1)
                }
            };
            let inner = &e[open + 1..close];
            let (x, y) = inner
                .split_once(',')
                .ok_or_else(|| bad("the square is (dx,dy)"))?;
            let coord = |s: &str| -> Result<i8, String> {
                let v: i8 = s
                    .trim()
                    .parse()
                    .map_err(|_| bad("dx and dy are integers"))?;
                if !(-7..=7).contains(&v) {
                    return Err(bad("dx and dy lie in -7..7"));
                }
                Ok(v)
            };
            let flags: Vec<char> = e[close + 1..].chars().collect();
            let flag = |c: char| match c {
                '0' => Ok(false),
                '1' => Ok(true),
                _ => Err(bad("the flags are two digits, 1 hard and 0 soft")),
            };
            if flags.len() != 2 {
                return Err(bad("the flags are two digits, 1 hard and 0 soft"));
            }
            out.push(PieceStrategy {
                anchor,
                dx: coord(x)?,
                dy: coord(y)?,
                hard_x: flag(flags[0])?,
                hard_y: flag(flags[1])?,
            });
        }
        Ok(Strategy { pieces: out })
    }
}

impl fmt::Display for Strategy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let entries: Vec<String> = self
            .pieces
            .iter()
            .map(|s| {
                let anchor = match s.anchor {
                    Anchor::EnemyKing => "k".to_string(),
                    Anchor::Own(j) => (j + 1).to_string(),
                };
                format!(
                    "{anchor}({},{}){}{}",
                    s.dx, s.dy, s.hard_x as u8, s.hard_y as u8
                )
            })
            .collect();
        write!(f, "{}", entries.join(" "))
    }
}

/// Whether the Black king (to move in `board`) can take a White piece.
pub fn hangs_a_piece(board: &Board) -> bool {
    board.moves().into_iter().any(|m| board.captures(m))
}

/// Every permutation of `0..n` for n up to 4.
static PERMUTATIONS: std::sync::LazyLock<Vec<Vec<[usize; 4]>>> = std::sync::LazyLock::new(|| {
    (0..=4)
        .map(|n| {
            let mut out = Vec::new();
            let mut perm = [0, 1, 2, 3];
            permute(&mut perm, 0, n, &mut out);
            out
        })
        .collect()
});

fn permute(perm: &mut [usize; 4], at: usize, n: usize, out: &mut Vec<[usize; 4]>) {
    if at >= n {
        out.push(*perm);
        return;
    }
    for j in at..n {
        perm.swap(at, j);
        permute(perm, at + 1, n, out);
        perm.swap(at, j);
    }
}
