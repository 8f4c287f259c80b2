//! AntiClobber (CGSuite's `game.grid.AntiClobber`, an instance of its `GenClobber`): Left's
//! stones `x` and Right's stones `o` stand on a board; a move takes one of your stones one
//! cell orthogonally onto an empty cell and leaves a stone of the opponent's on the cell it
//! left: a Clobber move played backwards in time. Who cannot move loses.
//!
//! A move touches two orthogonally adjacent cells that are not blocked, so the orthogonal
//! regions of the cells that are not blocked are independent components. (Empty cells are
//! where stones go, so the groups of stones that are Clobber's components would be unsound
//! here: `x.` is 1, not the 0 of a lone stone.) Every move fills an empty cell and empties
//! none, so a region without a stone or without an empty cell has no move (value 0) and is
//! dropped. The rules are the same in every direction: all eight images keep the value and
//! swapping the colours negates it ([`Symmetries::SQUARE`]).

use super::grid::{Adjacency, Bits, PieceGame, Cell, Direction, Legend, PieceBoard, Symmetries, Wide, ones};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::search::{Game, Player, Position, Searched};

/// An AntiClobber position on a board of up to 64 cells (`u64`, the constructor's choice
/// where the board fits) or 256 ([`Wide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AntiClobber<B: Bits = u64>(pub PieceBoard<B>);

impl<B: Bits> AntiClobber<B> {
    /// Parses CGSuite's board string: rows separated by `|`, `x` Left, `o` Right, `.` empty,
    /// `#` blocked.
    pub fn parse(s: &str) -> Result<AntiClobber<B>, String> {
        PieceBoard::parse(s, &Legend::STONES).map(AntiClobber)
    }
}

/// A board string as a searchable position, on the narrowest cell set that holds it.
fn position(s: &str) -> Result<Box<dyn Position>, String> {
    Ok(PieceBoard::<Wide>::parse(s, &Legend::STONES)?.narrowest::<AntiClobber>())
}

impl PieceGame<2> for AntiClobber {
    fn searched<B: Bits>(board: PieceBoard<B, 2>) -> Box<dyn Position> {
        Box::new(Searched(AntiClobber(board)))
    }
}

impl<B: Bits> Game for AntiClobber<B> {
    const NAME: &'static str = "anticlobber";

    /// Each of `player`'s stones next to an empty cell in direction `d` moves there, and the
    /// cell it left holds an enemy stone.
    fn moves(&self, player: Player) -> Vec<AntiClobber<B>> {
        let b = &self.0;
        let mine = b.pieces(player.index());
        let (steps, empty, mut out) = (b.steps(), b.empty(), Vec::new());
        for d in Direction::ORTHOGONAL {
            for from in ones(mine.and(steps.step(empty, d.opposite()))) {
                let Some(to) = b.neighbour(from, d) else {
                    continue;
                };
                let left_behind = Cell::Piece(player.other().index());
                out.push(AntiClobber(b.moved(from, to).with(from, left_behind)));
            }
        }
        out
    }

    /// The orthogonal regions of cells that are not blocked holding a stone and an empty
    /// cell, each cropped to its box.
    fn components(&self) -> Vec<AntiClobber<B>> {
        let b = &self.0;
        b.components(b.cells(), Adjacency::Orthogonal)
            .into_iter()
            .filter(|c| !c.occupied().is_empty() && !c.empty().is_empty())
            .map(AntiClobber)
            .collect()
    }

    fn normalize(&self) -> (AntiClobber<B>, bool) {
        let (key, negated) = self.0.normalize(Symmetries::SQUARE, &Legend::STONES);
        (AntiClobber(key), negated)
    }

    /// `a1-b1`: the stone on a1 moves to b1 (and an enemy stone appears on a1).
    fn describe_move(&self, to: &AntiClobber<B>, player: Player) -> String {
        let (before, after) = (self.0.pieces(player.index()), to.0.pieces(player.index()));
        match (before.and_not(after).lowest(), after.and_not(before).lowest()) {
            (Some(from), Some(at)) => format!("{}-{}", self.0.cell_name(from), self.0.cell_name(at)),
            _ => to.describe(),
        }
    }

    fn describe(&self) -> String {
        self.0.board_string(&Legend::STONES)
    }
}

/// AntiClobber's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "AntiClobber",
    constructors: &[Constructor {
        name: "anticlobber",
        signature: "anticlobber(board)",
        arity: 1..=1,
        summary: "an AntiClobber position (CGSuite's board string) and its value",
        help: "anticlobber(\"x.o\") is the AntiClobber position with those rows (CGSuite's board string:\n`x` Left's stones, `o` Right's, `.` empty, `#` blocked, rows separated by `|`). A move\ntakes one of your stones one cell orthogonally onto an empty cell and leaves an enemy stone\nwhere it stood (Clobber backwards, as CGSuite defines it); who cannot move loses. Regions of\nunblocked cells are valued apart and added; all eight images of a board have its value and\nswapping the colours negates it.\nExample: anticlobber(\"x.\") is 1, anticlobber(\"x..\") is 2, anticlobber(\"x.o\") is *, anticlobber(\"xo.\") is -1.",
        build: |c, a| a.parsed(c.arena, 0, "a board string such as \"x.o|.o.\"", position),
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "anticlobber",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("AntiClobber", "anticlobber")],
    caches: no_caches,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::game::value_by_definition as by_definition;
    use crate::game::rng::Rng;
    use crate::game::{Arena, GameId};
    use crate::search::Budget;
    use crate::search::local::LocalSearch;

    fn value(arena: &mut Arena, board: &str) -> GameId {
        let position: AntiClobber = AntiClobber::parse(board).unwrap();
        LocalSearch::new(arena, Budget::default()).value(&position)
    }


    /// Values by hand. `x.`: Left moves to b1 leaving `ox`, where nothing can move: {0 |} = 1.
    /// `x..`: Left's move leaves `ox.` (x may go on: `oox`, 0; o is blocked by x: 1): {1 |}
    /// = 2. `x.o`: Left leaves `oxo`, Right `xox`, both full: {0 | 0} = *. `xo.`: x is
    /// blocked, o moves to c1 leaving `xxo` (0): {| 0} = -1. `x#.`: 0. `x.|.o`: Left's x
    /// goes right (`ox|.o`) or down (`o.|xo`); in both the x is walled in by o stones and
    /// Right has moves that fill the board (0), so each is {| 0} = -1. Right's moves are the
    /// mirror images with colours swapped, +1: {-1 | 1} = 0. `x.#.o`: 1 + -1 = 0.
    #[test]
    fn values_derived_by_hand() {
        let mut a = Arena::new();
        let (zero, star) = (a.zero(), a.nimber(1));
        let (one, two, minus_one) = (a.integer(1), a.integer(2), a.integer(-1));
        assert_eq!(value(&mut a, "x."), one);
        assert_eq!(value(&mut a, ".|x"), one);
        assert_eq!(value(&mut a, "x.."), two);
        assert_eq!(value(&mut a, "x.o"), star);
        assert_eq!(value(&mut a, "xo."), minus_one);
        assert_eq!(value(&mut a, "x#."), zero);
        assert_eq!(value(&mut a, "x.|.o"), zero);
        assert_eq!(value(&mut a, "x.#.o"), zero);
    }

    /// On random boards up to 3x3: the search (regions, symmetries, colour swap) agrees with
    /// the definition, and G + -G = 0 where -G is the board with the colours swapped.
    #[test]
    fn random_boards_agree_with_the_definition_and_cancel() {
        let mut rng = Rng::xorshift64(2004);
        let mut a = Arena::new();
        let cells = ['x', 'o', '.', '.', '#'];
        for _ in 0..300 {
            let (rows, cols) = (1 + rng.below(3), 1 + rng.below(3));
            let board: Vec<String> = (0..rows)
                .map(|_| (0..cols).map(|_| *rng.pick(&cells)).collect())
                .collect();
            let board = board.join("|");
            let g = value(&mut a, &board);
            let p: AntiClobber = AntiClobber::parse(&board).unwrap();
            assert_eq!(g, by_definition(&mut a, &p), "{board}");
            let swapped = p.0.colours_swapped(&Legend::STONES);
            let h = LocalSearch::new(&mut a, Budget::default()).value(&AntiClobber(swapped));
            assert_eq!(a.add(g, h), a.zero(), "{board}");
        }
    }

    #[test]
    fn moves_are_named_by_their_squares() {
        let p: AntiClobber = AntiClobber::parse("x.").unwrap();
        let q = p.moves(Player::Left)[0];
        assert_eq!(q.describe(), "ox");
        assert_eq!(p.describe_move(&q, Player::Left), "a1-b1");
        assert!(p.moves(Player::Right).is_empty());
    }
}
