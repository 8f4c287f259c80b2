//! Cram (WW ch. 13; Gardner): the impartial Domineering. Either player places a domino
//! horizontally or vertically on two adjacent empty cells; who cannot move loses. Values are
//! nimbers, found by mex over the options ([`Game::is_impartial`]).
//!
//! Components are the regions of empty cells; all eight symmetries of the board keep the
//! value (no symmetry exchanges the players' moves in an impartial game). Known results the
//! tests check: every even-by-even board is 0 (the second player answers each move with its
//! image under the half turn), every even-by-odd board is a first-player win (the first player
//! takes the two middle cells of the odd side, then mirrors), and the 1 x n strip is Dawson's
//! Kayles, the octal game 0.07.

use super::grid::{Bits, Grid, Wide, ones};
use crate::calc::args::CallError;
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::search::{Game, Player, Position, Searched};

/// A Cram position on a board of up to 256 cells (so the 1 x 200 strip fits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cram(pub Grid<Wide>);

impl Cram {
    /// The empty `rows` x `cols` board (at most 256 cells).
    pub fn rectangle(rows: usize, cols: usize) -> Result<Cram, String> {
        Grid::rectangle(rows, cols).map(Cram)
    }

    /// Parses a board: rows separated by `|` or newlines, `.` empty, `#` filled.
    pub fn parse(s: &str) -> Result<Cram, String> {
        Grid::parse(s).map(Cram)
    }
}

impl Game for Cram {
    const NAME: &'static str = "cram";

    /// Both players have the same moves: every vertical and every horizontal domino.
    fn moves(&self, _player: Player) -> Vec<Cram> {
        let g = &self.0;
        let vertical = ones(g.vertical_pairs()).map(|i| (i, i + g.cols()));
        let horizontal = ones(g.horizontal_pairs()).map(|i| (i, i + 1));
        vertical
            .chain(horizontal)
            .map(|(a, b)| Cram(g.without_pair(a, b)))
            .collect()
    }

    /// Regions of at least two cells (a lone cell holds no domino).
    fn components(&self) -> Vec<Cram> {
        self.0.regions(2).into_iter().map(Cram).collect()
    }

    fn normalize(&self) -> (Cram, bool) {
        (Cram(self.0.least_image().0), false)
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn describe_move(&self, to: &Cram, _player: Player) -> String {
        self.0.domino_name(self.0.free().and_not(to.0.free()))
    }

    fn describe(&self) -> String {
        self.0.board_string()
    }
}

/// Cram's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Cram",
    constructors: &[Constructor {
        name: "cram",
        signature: "cram(m, n) or cram(board)",
        arity: 1..=2,
        summary: "a Cram position (impartial Domineering) and its nimber",
        help: "cram(m, n) is the empty m x n Cram board (at most 256 cells), cram(\".#..|....\") the board with those rows\n(`.` empty, `#` filled). Either player places a domino either way; values are nimbers,\nfound by mex over the options. Even-by-even boards are 0, even-by-odd boards are first-player\nwins, and cram(1, n) is Dawson's Kayles (octal 0.07). Example: cram(2, 3) is *, cram(4, 5) is *2, cram(3, 6) is *4.",
        build: |c, a| match a.len() {
            1 => {
                searched(Cram::parse(a.str(c.arena, 0, BOARD)?).map_err(|m| CallError::notation(0, m))?)
            }
            _ => searched(
                Cram::rectangle(a.count(c.arena, 0, 0..=256)?, a.count(c.arena, 1, 0..=256)?)
                    .map_err(CallError::call)?,
            ),
        },
    }],
    functions: &[] as &[Function],
    fuzz: &[Fuzz {
        name: "cram",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Cram", "cram")],
    caches: no_caches,
};

/// What a board argument is.
const BOARD: &str = "a board string such as \".#|..\"";

/// A Cram position valued by the search engine.
fn searched(g: Cram) -> Result<Box<dyn Position>, CallError> {
    Ok(Box::new(Searched(g)))
}
