//! Clobber (Albert, Grossman, Nowakowski and Wolfe, *An introduction to Clobber*, 2005; CGSuite's
//! `game.grid.Clobber`): Left's stones `x` and Right's stones `o` stand on a board; a move takes
//! one of your stones onto an orthogonally adjacent stone of the opponent's, which is removed.
//! Who cannot move loses.
//!
//! A move keeps every stone in its group and never enters an empty cell, so empty and blocked
//! cells are alike and the components are the 4-connected groups of stones; a group of one
//! colour has no move for anyone (value 0) and is dropped. All eight images of the board keep
//! the value and swapping the colours negates it ([`Symmetries::SQUARE`]).

use super::grid::{Adjacency, Bits, Direction, Legend, PieceBoard, Symmetries, Wide, ones};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::search::{Game, Player, Searched};

/// A Clobber position on a board of up to 256 cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Clobber(pub PieceBoard<Wide>);

impl Clobber {
    /// Parses CGSuite's board string: rows separated by `|`, `x` Left, `o` Right, `.` empty,
    /// `#` blocked.
    pub fn parse(s: &str) -> Result<Clobber, String> {
        PieceBoard::parse(s, &Legend::STONES).map(Clobber)
    }
}

impl Game for Clobber {
    const NAME: &'static str = "clobber";

    /// Each of `player`'s stones next to an enemy stone, in each of the four directions, takes it.
    fn moves(&self, player: Player) -> Vec<Clobber> {
        let b = &self.0;
        let (mine, theirs) = (b.pieces(player.index()), b.pieces(player.other().index()));
        let (steps, mut out) = (b.steps(), Vec::new());
        for d in Direction::ORTHOGONAL {
            for from in ones(mine.and(steps.step(theirs, d.opposite()))) {
                let to = b.neighbour(from, d).expect("a stone next to its target");
                out.push(Clobber(b.moved(from, to)));
            }
        }
        out
    }

    /// The groups of stones that hold both colours, each cropped to its box.
    fn components(&self) -> Vec<Clobber> {
        let stones = self.0.blocking(self.0.empty());
        stones
            .components(stones.occupied(), Adjacency::Orthogonal)
            .into_iter()
            .filter(|c| !c.pieces(0).is_empty() && !c.pieces(1).is_empty())
            .map(Clobber)
            .collect()
    }

    fn normalize(&self) -> (Clobber, bool) {
        let (key, negated) = self.0.normalize(Symmetries::SQUARE, &Legend::STONES);
        (Clobber(key), negated)
    }

    /// `b2xb3`: the stone on b2 takes the one on b3.
    fn describe_move(&self, to: &Clobber, player: Player) -> String {
        let (before, after) = (self.0.pieces(player.index()), to.0.pieces(player.index()));
        match (before.and_not(after).lowest(), after.and_not(before).lowest()) {
            (Some(from), Some(at)) => format!("{}x{}", self.0.cell_name(from), self.0.cell_name(at)),
            _ => to.describe(),
        }
    }

    fn describe(&self) -> String {
        self.0.board_string(&Legend::STONES)
    }
}

/// Clobber's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Clobber",
    constructors: &[Constructor {
        name: "clobber",
        signature: "clobber(board)",
        arity: 1..=1,
        summary: "a Clobber position (CGSuite's board string) and its value",
        help: "clobber(\"xox|ox.\") is the Clobber position with those rows (CGSuite's board string: `x`\nLeft's stones, `o` Right's, `.` empty, `#` blocked, rows separated by `|`). A move takes one\nof your stones onto an orthogonally adjacent enemy stone, which is removed; who cannot move\nloses (Albert, Grossman, Nowakowski, Wolfe 2005). Groups of stones are valued apart and\nadded; all eight images of a board have its value and swapping the colours negates it.\nExample: clobber(\"xo\") is *, clobber(\"xoo\") is v, clobber(\"xxo\") is ^.",
        build: |c, a| {
            let board = a.parsed(c.arena, 0, "a board string such as \"xo.|.ox\"", Clobber::parse)?;
            Ok(Box::new(Searched(board)))
        },
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "clobber",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Clobber", "clobber")],
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
        let position = Clobber::parse(board).unwrap();
        LocalSearch::new(arena, Budget::default()).value(&position)
    }


    /// Values derived by hand. `xo`: Left's x takes the o leaving `.x`, Right's o takes the x
    /// leaving `o.`, both 0, so {0|0} = *. `xoo`: Left's only move leaves `.xo` = *, Right's
    /// only one (the middle o takes the x) leaves `o.o` = 0, so {*|0} = v. `xxo`: Left leaves
    /// `x.x` = 0, Right leaves `xo.` = *, so {0|*} = ^. Stones apart (`x.o`, `x|.|o`) never
    /// meet: 0. `xo.ox` is two groups `xo` and `ox`: * + * = 0.
    #[test]
    fn values_derived_by_hand() {
        let mut a = Arena::new();
        let (zero, star) = (a.zero(), a.nimber(1));
        let down = a.game(vec![star], vec![zero]);
        let up = a.game(vec![zero], vec![star]);
        assert_eq!(value(&mut a, "xo"), star);
        assert_eq!(value(&mut a, "xoo"), down);
        assert_eq!(value(&mut a, "xxo"), up);
        assert_eq!(value(&mut a, "x.o"), zero);
        assert_eq!(value(&mut a, "x|.|o"), zero);
        assert_eq!(value(&mut a, "x#o|#.#"), zero);
        assert_eq!(value(&mut a, "xo.ox"), zero);
        // The same positions turned and reflected: `o|o|x` is `xoo` upside down and turned.
        assert_eq!(value(&mut a, "o|o|x"), down);
        assert_eq!(value(&mut a, "oox"), down);
    }

    /// On random boards up to 3x3: the search (groups, symmetries, colour swap) agrees with
    /// the definition, and G + -G = 0 where -G is the board with the colours swapped.
    #[test]
    fn random_boards_agree_with_the_definition_and_cancel() {
        let mut rng = Rng::xorshift64(2005);
        let mut a = Arena::new();
        let cells = ['x', 'o', '.', 'x', 'o', '#'];
        for _ in 0..300 {
            let (rows, cols) = (1 + rng.below(3), 1 + rng.below(3));
            let board: Vec<String> = (0..rows)
                .map(|_| (0..cols).map(|_| *rng.pick(&cells)).collect())
                .collect();
            let board = board.join("|");
            let g = value(&mut a, &board);
            let p = Clobber::parse(&board).unwrap();
            assert_eq!(g, by_definition(&mut a, &p), "{board}");
            let swapped: String = board
                .chars()
                .map(|c| match c {
                    'x' => 'o',
                    'o' => 'x',
                    c => c,
                })
                .collect();
            let h = value(&mut a, &swapped);
            assert_eq!(a.add(g, h), a.zero(), "{board} + {swapped}");
        }
    }

    #[test]
    fn moves_are_named_by_their_squares() {
        let p = Clobber::parse("xo").unwrap();
        let q = p.moves(Player::Left)[0];
        assert_eq!(q.describe(), ".x");
        assert_eq!(p.describe_move(&q, Player::Left), "a1xb1");
    }
}
