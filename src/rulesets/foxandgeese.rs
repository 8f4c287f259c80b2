//! Fox and Geese (Winning Ways, ch. 20; CGSuite's `game.grid.FoxAndGeese`), a loopy game:
//! Left's geese and Right's fox stand on the dark squares of a board 8 columns wide (any
//! width from 1 to 64 here) with no upper edge. Squares are `[row, col]`, rows counted from 1
//! at the bottom, columns from 1 at the left; a square is dark when row + col is even. A
//! goose moves one step diagonally down, onto an empty square of the board; the fox one step
//! diagonally in any of the four directions, onto a square without a goose. Nothing is
//! captured. The geese move only down, so every play that alternates ends: each position is
//! a stopper, but the fox may walk to and fro, so the positions form a graph, not a tree.
//!
//! **The fox's escape** (CGSuite's `Decomposition`): once the fox stands on or above the
//! highest goose's row, or one row below it with an empty square up-left or up-right of it
//! on the board, the geese can never trap it again and it can move for ever: the position
//! is `off`. This keeps the graph finite (the fox never stands above the highest goose) and
//! is a leaf of it ([`Move::Value`]).

use super::loopy_graph::{Move, explore, value_of};
use crate::calc::args::{Args, CallError, CallResult};
use crate::calc::catalogue::{Function, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::function;
use crate::game::Arena;

/// The board's width in CGSuite's Fox and Geese.
pub const WIDTH: i64 = 8;

/// The widest board `foxandgeese` takes.
pub const MAX_WIDTH: i64 = 64;

/// The highest row a goose or the fox may start on (squares are numbered in 16 bits).
pub const MAX_ROW: i64 = 1000;

/// The most positions the graph of one call may hold.
pub const MAX_POSITIONS: usize = 2_000_000;

/// A board: its width and the rows `1..=rows` that pieces can stand on (the highest goose's
/// row at the start; no goose ever moves up, and the fox above it has escaped).
#[derive(Clone, Copy, Debug)]
pub struct Board {
    pub width: i64,
    pub rows: i64,
}

/// A square, `(row, col)`.
pub type Square = (i64, i64);

/// A position: the geese's squares in increasing order, then the fox's (squares numbered
/// by [`Board::square`]).
pub type Geese = Box<[u16]>;

impl Board {
    /// The number of the square `(row, col)` of the board.
    fn square(&self, row: i64, col: i64) -> u16 {
        debug_assert!((1..=self.rows).contains(&row) && (1..=self.width).contains(&col));
        ((row - 1) * self.width + (col - 1)) as u16
    }

    /// The row and column of a square.
    fn row_col(&self, s: u16) -> Square {
        let s = s as i64;
        (s / self.width + 1, s % self.width + 1)
    }

    /// Whether `(row, col)` is on the board (below its top, for the squares the fox can
    /// reach before it has escaped).
    fn on_board(&self, row: i64, col: i64) -> bool {
        (1..=self.rows).contains(&row) && (1..=self.width).contains(&col)
    }

    /// The position of the geese (any order) and the fox.
    fn position(&self, geese: &[Square], fox: Square) -> Geese {
        let mut p: Vec<u16> = geese.iter().map(|&(r, c)| self.square(r, c)).collect();
        p.sort_unstable();
        p.push(self.square(fox.0, fox.1));
        p.into_boxed_slice()
    }

    /// Whether the fox has escaped (the module doc): on or above the highest goose's row, or
    /// one row below it with an empty square up-left or up-right on the board.
    pub fn escaped(&self, geese: &[Square], fox: Square) -> bool {
        let top = geese.iter().map(|&(r, _)| r).max().unwrap_or(0);
        let (r, c) = fox;
        let free = |col: i64| (1..=self.width).contains(&col) && !geese.contains(&(r + 1, col));
        r >= top || (r == top - 1 && (free(c - 1) || free(c + 1)))
    }

    /// Appends the moves of the geese (`left`) or the fox from `p`.
    fn moves(&self, p: &Geese, left: bool, off: Move<Geese>, out: &mut Vec<Move<Geese>>) {
        let (fox, geese) = p.split_last().expect("a position holds the fox");
        let fox = self.row_col(*fox);
        let mut geese: Vec<Square> = geese.iter().map(|&s| self.row_col(s)).collect();
        let mut reach = |geese: &[Square], fox: Square| {
            out.push(if self.escaped(geese, fox) {
                off.clone()
            } else {
                Move::To(self.position(geese, fox))
            })
        };
        if left {
            for i in 0..geese.len() {
                let (r, c) = geese[i];
                for to in [(r - 1, c - 1), (r - 1, c + 1)] {
                    if self.on_board(to.0, to.1) && to != fox && !geese.contains(&to) {
                        geese[i] = to;
                        reach(&geese, fox);
                        geese[i] = (r, c);
                    }
                }
            }
        } else {
            let (r, c) = fox;
            for to in [(r - 1, c - 1), (r - 1, c + 1), (r + 1, c - 1), (r + 1, c + 1)] {
                // The fox stands below the top row, so a step up stays on the board's rows.
                if self.on_board(to.0, to.1) && !geese.contains(&to) {
                    reach(&geese, to);
                }
            }
        }
    }
}

/// `[row, col]`: a list of two integers.
fn pair(arena: &mut Arena, v: &Value) -> Option<Square> {
    let Value::List(items) = v else {
        return None;
    };
    let int = |arena: &mut Arena, x: &Value| match x {
        Value::Game(g) => arena
            .as_number(*g)
            .filter(|d| d.is_integer())
            .and_then(|d| d.to_i64()),
        _ => None,
    };
    match items.as_slice() {
        [r, c] => Some((int(arena, r)?, int(arena, c)?)),
        _ => None,
    }
}

/// What a square must be, for errors.
fn square_rule(width: i64) -> String {
    format!(
        "a square [row, col] with 1 <= row <= {MAX_ROW}, 1 <= col <= {width} and row + col even"
    )
}

/// Whether `(row, col)` is a dark square of a board `width` wide, at most [`MAX_ROW`] high.
fn valid(width: i64, (r, c): Square) -> bool {
    (1..=MAX_ROW).contains(&r) && (1..=width).contains(&c) && (r + c) % 2 == 0
}

/// The geese of argument 0 and the fox of argument 1, checked against the rules.
fn read_position(
    c: &mut Context,
    a: Args,
    width: i64,
) -> Result<(Vec<Square>, Square), CallError> {
    let list = a.get(0).cloned().expect("arity").into_items().map_err(|_| {
        a.expected(
            c.arena,
            0,
            "a list of the geese's squares, such as [[8,2],[8,4],[8,6],[8,8]]",
        )
    })?;
    if list.is_empty() {
        return Err(CallError::arg(
            0,
            "expected at least one goose: a list of squares such as [[8,2],[8,4],[8,6],[8,8]]",
        ));
    }
    let mut geese = Vec::with_capacity(list.len());
    for (k, item) in list.iter().enumerate() {
        let Some(sq) = pair(c.arena, item).filter(|&sq| valid(width, sq)) else {
            let shown = shown_square(c.arena, item)
                .unwrap_or_else(|| crate::calc::args::describe(c.arena, item));
            return Err(CallError::arg(
                0,
                format!(
                    "goose {} of the list must be {}, not {shown}",
                    k + 1,
                    square_rule(width)
                ),
            ));
        };
        if let Some(j) = geese.iter().position(|&g| g == sq) {
            return Err(CallError::arg(
                0,
                format!(
                    "goose {} of the list, [{}, {}], is on the square of goose {}",
                    k + 1,
                    sq.0,
                    sq.1,
                    j + 1
                ),
            ));
        }
        geese.push(sq);
    }
    let fox = pair(c.arena, &a[1])
        .filter(|&sq| valid(width, sq))
        .ok_or_else(|| {
            let shown = shown_square(c.arena, &a[1])
                .unwrap_or_else(|| crate::calc::args::describe(c.arena, &a[1]));
            CallError::arg(
                1,
                format!(
                    "expected the fox's square, {}, not {shown}",
                    square_rule(width)
                ),
            )
        })?;
    if let Some(j) = geese.iter().position(|&g| g == fox) {
        return Err(CallError::arg(
            1,
            format!(
                "the fox's square, [{}, {}], is goose {}'s",
                fox.0,
                fox.1,
                j + 1
            ),
        ));
    }
    Ok((geese, fox))
}

/// A list of two integers as `[r, c]`, for errors.
fn shown_square(arena: &mut Arena, v: &Value) -> Option<String> {
    pair(arena, v).map(|(r, c)| format!("[{r}, {c}]"))
}

/// `foxandgeese(geese, fox)` and `foxandgeese(geese, fox, width)`.
fn run(c: &mut Context, a: Args) -> CallResult {
    let width = if a.len() > 2 {
        a.int(c.arena, 2, 1..=MAX_WIDTH)?
    } else {
        WIDTH
    };
    let (geese, fox) = read_position(c, a, width)?;
    let rows = geese.iter().map(|&(r, _)| r).max().expect("a goose");
    let board = Board { width, rows };
    let off = c.threats.off();
    if board.escaped(&geese, fox) {
        return Ok(Value::Threat(off));
    }
    let start = board.position(&geese, fox);
    let g = explore(start, MAX_POSITIONS, "Fox and Geese", |p, left, out| {
        board.moves(p, left, Move::Value(off), out)
    })?;
    value_of(c, &g)
}

static FUNCTIONS: &[Function] = &[function!(
    "foxandgeese",
    "foxandgeese(geese, fox)",
    2..=3,
    Ruleset,
    "a Fox and Geese position (CGSuite's squares [row, col]) and its loopy value",
    "foxandgeese(geese, fox) is the value of the Fox and Geese position with Left's geese on the\nsquares of the list geese and Right's fox on the square fox (CGSuite's FoxAndGeese; Winning\nWays, ch. 20). A square is [row, col]: rows from 1 at the bottom (the board has no top),\ncolumns 1 to 8 from the left, row + col even. A goose moves one step diagonally down onto an\nempty square; the fox one step diagonally in any direction onto a square without a goose;\nnothing is captured. A fox on or above the highest goose's row, or one row below it with an\nempty square up-left or up-right, has escaped: the position is off (as in CGSuite). The\nvalue is a stopper, searched over every position reachable (at most 2,000,000);\nfoxandgeese(geese, fox, width) plays on a board that many columns wide (1 to 64;\nCGSuite's GenFoxAndGeese). The start of Winning Ways is foxandgeese([[8,2],[8,4],[8,6],[8,8]],\n[1,5]), 2over, over about 600,000 positions (half a minute).\nExample: foxandgeese([[3,1],[3,3],[3,5],[3,7]], [2,4]) is 2, foxandgeese([[3,1],[3,3],[3,5],[3,7]], [2,2]) is 2over, foxandgeese([[3,1],[3,3],[3,5],[3,7]], [1,5]) is {4|3||2}.",
    run
)];

/// Fox and Geese's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Fox and Geese",
    constructors: &[],
    functions: FUNCTIONS,
    fuzz: &[],
    cgsuite_names: &[("FoxAndGeese", "foxandgeese")],
    caches: no_caches,
};

#[cfg(test)]
mod tests {
    use super::*;

    /// The board of `geese` and `fox` with the geese `x` and the fox `o` (top row first), for
    /// tests.
    fn diagram(width: i64, geese: &[Square], fox: Square) -> String {
        let top = geese.iter().map(|&(r, _)| r).max().unwrap_or(1).max(fox.0);
        let mut out = String::new();
        for r in (1..=top).rev() {
            for col in 1..=width {
                let ch = if geese.contains(&(r, col)) {
                    'x'
                } else if fox == (r, col) {
                    'o'
                } else {
                    '.'
                };
                out.push(ch);
            }
            if r > 1 {
                out.push('|');
            }
        }
        out
    }

    /// The moves of a position, written as boards.
    fn moves(board: Board, geese: &[Square], fox: Square, left: bool) -> Vec<String> {
        let p = board.position(geese, fox);
        let mut out = Vec::new();
        let off = Move::Value(crate::game::threat::ThreatId(0));
        board.moves(&p, left, off, &mut out);
        out.iter()
            .map(|m| match m {
                Move::Value(_) => "escaped".to_string(),
                Move::To(q) => {
                    let (f, g) = q.split_last().unwrap();
                    let g: Vec<_> = g.iter().map(|&s| board.row_col(s)).collect();
                    diagram(board.width, &g, board.row_col(*f))
                }
            })
            .collect()
    }

    /// The rules by hand on a board 4 wide, geese on (3,1) and (3,3), the fox on (1,3)
    /// (diagrams top row first: `x` a goose, `o` the fox).
    #[test]
    fn moves_by_hand() {
        let board = Board { width: 4, rows: 3 };
        let geese = [(3, 1), (3, 3)];
        // (3,1) goes only to (2,2) ((2,0) is off the board); (3,3) to (2,2) or (2,4).
        assert_eq!(
            moves(board, &geese, (1, 3), true),
            ["..x.|.x..|..o.", "x...|.x..|..o.", "x...|...x|..o."]
        );
        // The fox on row 1 steps only up; from (2,2) both squares above hold geese, from
        // (2,4) the up-right one is off the board: no escape.
        assert_eq!(
            moves(board, &geese, (1, 3), false),
            ["x.x.|.o..|....", "x.x.|...o|...."]
        );
        // A fox below an empty square up-left or up-right has escaped.
        assert_eq!(moves(board, &[(3, 1)], (1, 1), false), ["escaped"]);
        // A goose may not step onto the fox, nor onto another goose.
        assert_eq!(
            moves(board, &[(3, 1), (3, 3), (2, 4)], (2, 2), true),
            ["x.x.|.o..|..x."]
        );
    }

    #[test]
    fn escapes_by_hand() {
        let board = Board { width: 4, rows: 3 };
        assert!(board.escaped(&[(3, 1)], (2, 2)));
        assert!(!board.escaped(&[(3, 1), (3, 3)], (2, 2)));
        assert!(board.escaped(&[(3, 1), (3, 3)], (3, 5)));
        assert!(!board.escaped(&[(3, 3)], (2, 4)));
        assert!(board.escaped(&[(3, 3)], (2, 2)));
        assert!(!board.escaped(&[(3, 1), (3, 3)], (1, 1)));
    }
}
