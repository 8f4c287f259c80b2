//! Amazons (Walter Zamkauskas, 1988; Berlekamp, *Sums of N x 2 Amazons*, 2000; CGSuite's and
//! the `cgt` crate's Amazons): Left's amazons `x` and Right's amazons `o` stand on a board; a
//! move takes one of your amazons like a chess queen (any number of cells in one of the eight
//! directions, through empty cells only) and then shoots an arrow from where it landed the
//! same way, through empty cells (the cell it left is empty now); the arrow's cell is blocked
//! (`#`) for the rest of the game. Who cannot move loses.
//!
//! Components: a queen's step or an arrow's flight passes only through cells that are not
//! blocked, each next to the last under a king's step, and blocked cells never open again. So
//! the regions of cells that are not blocked, connected under [`Adjacency::King`] (cells that
//! touch at a corner are connected: a queen passes diagonally between two blocked cells), are
//! independent ([`PieceBoard`]'s module doc). A region without an amazon, or without an empty
//! cell to move to, never has a move again (value 0) and is dropped. The rules are the same in
//! every direction, so all eight images keep the value and swapping the colours negates it
//! ([`Symmetries::SQUARE`]).

use super::grid::{Adjacency, Bits, PieceGame, Cell, Direction, Legend, PieceBoard, Symmetries, Wide, ones};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::search::{Game, Player, Position, Searched};

/// An Amazons position on a board of up to 64 cells (`u64`, the constructor's choice where
/// the board fits) or 256 ([`Wide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Amazons<B: Bits = u64>(pub PieceBoard<B>);

impl<B: Bits> Amazons<B> {
    /// Parses CGSuite's board string: rows separated by `|`, `x` Left's amazons, `o` Right's,
    /// `.` empty, `#` blocked (an arrow).
    pub fn parse(s: &str) -> Result<Amazons<B>, String> {
        PieceBoard::parse(s, &Legend::STONES).map(Amazons)
    }
}

/// A board string as a searchable position, on the narrowest cell set that holds it.
fn position(s: &str) -> Result<Box<dyn Position>, String> {
    Ok(PieceBoard::<Wide>::parse(s, &Legend::STONES)?.narrowest::<Amazons>())
}

impl PieceGame<2> for Amazons {
    fn searched<B: Bits>(board: PieceBoard<B, 2>) -> Box<dyn Position> {
        Box::new(Searched(Amazons(board)))
    }
}

/// The cells a queen on `from` reaches through the cells of `through`, in all eight
/// directions.
fn queen_reach<B: Bits>(b: &PieceBoard<B>, from: usize, through: B) -> B {
    let mut reached = B::EMPTY;
    for d in Direction::KING {
        let mut at = from;
        while let Some(next) = b.neighbour(at, d) {
            if !through.has(next) {
                break;
            }
            reached = reached.or(B::bit(next));
            at = next;
        }
    }
    reached
}

impl<B: Bits> Game for Amazons<B> {
    const NAME: &'static str = "amazons";

    /// Each of `player`'s amazons moves to each cell a queen reaches through empty cells, then
    /// shoots an arrow to each cell a queen reaches from there through empty cells (the cell
    /// it left among them).
    fn moves(&self, player: Player) -> Vec<Amazons<B>> {
        let b = &self.0;
        let empty = b.empty();
        let mut out = Vec::new();
        for from in ones(b.pieces(player.index())) {
            for to in ones(queen_reach(b, from, empty)) {
                let moved = b.moved(from, to);
                let open = empty.or(B::bit(from)).and_not(B::bit(to));
                for arrow in ones(queen_reach(b, to, open)) {
                    out.push(Amazons(moved.with(arrow, Cell::Blocked)));
                }
            }
        }
        out
    }

    /// The regions of cells that are not blocked under a king's step holding an amazon and an
    /// empty cell, each cropped to its box.
    fn components(&self) -> Vec<Amazons<B>> {
        let b = &self.0;
        b.components(b.cells(), Adjacency::King)
            .into_iter()
            .filter(|c| !c.occupied().is_empty() && !c.empty().is_empty())
            .map(Amazons)
            .collect()
    }

    fn normalize(&self) -> (Amazons<B>, bool) {
        let (key, negated) = self.0.normalize(Symmetries::SQUARE, &Legend::STONES);
        (Amazons(key), negated)
    }

    /// `a1-c3/b2`: the amazon on a1 moves to c3 and shoots an arrow to b2.
    fn describe_move(&self, to: &Amazons<B>, player: Player) -> String {
        let (before, after) = (self.0.pieces(player.index()), to.0.pieces(player.index()));
        let arrow = to.0.blocked().and_not(self.0.blocked());
        match (
            before.and_not(after).lowest(),
            after.and_not(before).lowest(),
            arrow.lowest(),
        ) {
            (Some(from), Some(at), Some(arrow)) => format!(
                "{}-{}/{}",
                self.0.cell_name(from),
                self.0.cell_name(at),
                self.0.cell_name(arrow)
            ),
            _ => to.describe(),
        }
    }

    fn describe(&self) -> String {
        self.0.board_string(&Legend::STONES)
    }
}

/// Amazons' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Amazons",
    constructors: &[Constructor {
        name: "amazons",
        signature: "amazons(board)",
        arity: 1..=1,
        summary: "an Amazons position (CGSuite's board string) and its value",
        help: "amazons(\"x...|o...\") is the Amazons position with those rows (CGSuite's board string:\n`x` Left's amazons, `o` Right's, `.` empty, `#` blocked, rows separated by `|`). A move\ntakes one of your amazons like a chess queen through empty cells, then shoots an arrow from\nthere the same way; the arrow's cell is blocked for good. Who cannot move loses. Regions of\nunblocked cells (cells touching at a corner connect) are valued apart and added; all eight\nimages of a board have its value and swapping the colours negates it.\nExample: amazons(\"x.\") is 1, amazons(\"x..\") is 2, amazons(\"x.o\") is *, amazons(\"x..o\") is +-1.",
        build: |c, a| a.parsed(c.arena, 0, "a board string such as \"x..|..o\"", position),
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "amazons",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Amazons", "amazons")],
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
        let position: Amazons = Amazons::parse(board).unwrap();
        LocalSearch::new(arena, Budget::default()).value(&position)
    }


    fn texts(p: &str, player: Player) -> Vec<String> {
        let p: Amazons = Amazons::parse(p).unwrap();
        p.moves(player).iter().map(Amazons::describe).collect()
    }

    /// Moves by hand: the queen's step, then the arrow (back to the cell just left, too);
    /// diagonals; no passing through pieces or arrows.
    #[test]
    fn moves_by_hand() {
        // x to b1, arrow back to a1 or on to c1; x to c1, arrow past b1 to a1 or to b1.
        assert_eq!(texts("x..", Player::Left), ["#x.", ".x#", "#.x", ".#x"]);
        assert!(texts("x..", Player::Right).is_empty());
        assert!(texts("xo", Player::Left).is_empty());
        assert!(texts("x#.", Player::Left).is_empty());
        // diagonally: x on a1 to b2, arrow back to a1 (a2 and b1 are blocked)
        assert_eq!(texts("x#|#.", Player::Left), ["##|#x"]);
        // the o on b1 stops x on a1 from reaching c1
        assert_eq!(texts("xo.|.##", Player::Left), ["#o.|x##"]);
    }

    /// Values derived by hand. `x.`: Left moves to b1 and must shoot back to a1, leaving no
    /// move: {0 |} = 1 (so too `x|.` and `x#|#.`, where the queen goes diagonally). `x..`:
    /// Left's moves leave `#x.` (x may still go to c1: 1), `.x#` (1), `.#x` (0) and `#.x` (1):
    /// {1, 0 |} = 2. `x.o`: whoever moves takes b1 and shoots back, leaving the other no move:
    /// {0 | 0} = *. `x..o`: Left's moves leave `#x.o` (either takes c1 and shoots back: *),
    /// `.x#o` (regions `.x` = 1 and `o` = 0), `.#xo` (0) and `#.xo` (Left's x still moves: 1);
    /// Right's are their negatives: {1, *, 0 | -1, *, 0} = {1 | -1} = +-1. `x.#.o`: regions
    /// `x.` and `.o`, 1 + -1 = 0. `xo`: no empty cell, 0.
    #[test]
    fn values_derived_by_hand() {
        let mut a = Arena::new();
        let (zero, star) = (a.zero(), a.nimber(1));
        let (one, two, minus_one) = (a.integer(1), a.integer(2), a.integer(-1));
        let switch = a.game(vec![one], vec![minus_one]);
        assert_eq!(value(&mut a, "x."), one);
        assert_eq!(value(&mut a, "x|."), one);
        assert_eq!(value(&mut a, "x#|#."), one);
        assert_eq!(value(&mut a, "x.."), two);
        assert_eq!(value(&mut a, "x.o"), star);
        assert_eq!(value(&mut a, "x..o"), switch);
        assert_eq!(value(&mut a, "xo"), zero);
        assert_eq!(value(&mut a, "x.#.o"), zero);
        // columns a and c touch nowhere: `.|x` twice, 1 + 1
        assert_eq!(value(&mut a, ".#.|x#x"), two);
    }

    /// On random boards of up to six cells with up to three amazons: the search (regions,
    /// symmetries, colour swap) agrees with the definition, and G + -G = 0 where -G is the
    /// board with the colours swapped.
    #[test]
    fn random_boards_agree_with_the_definition_and_cancel() {
        let mut rng = Rng::xorshift64(1988);
        let mut a = Arena::new();
        let cells = ['.', '.', '.', '#'];
        for _ in 0..200 {
            let shapes = [(1, 3), (1, 4), (1, 6), (2, 2), (2, 3), (3, 2), (3, 1)];
            let (rows, cols) = *rng.pick(&shapes);
            let mut board: Vec<char> = (0..rows * cols).map(|_| *rng.pick(&cells)).collect();
            for k in 0..rng.below(4) {
                let at = rng.below(rows * cols);
                board[at] = ['x', 'o'][k % 2];
            }
            let board: Vec<String> = board.chunks(cols).map(|r| r.iter().collect()).collect();
            let board = board.join("|");
            let g = value(&mut a, &board);
            let p: Amazons = Amazons::parse(&board).unwrap();
            assert_eq!(g, by_definition(&mut a, &p), "{board}");
            let swapped = p.0.colours_swapped(&Legend::STONES);
            let h = LocalSearch::new(&mut a, Budget::default()).value(&Amazons(swapped));
            assert_eq!(a.add(g, h), a.zero(), "{board}");
        }
    }

    #[test]
    fn moves_are_named_by_their_squares() {
        let p: Amazons = Amazons::parse("x..").unwrap();
        let names: Vec<String> = p
            .moves(Player::Left)
            .iter()
            .map(|q| p.describe_move(q, Player::Left))
            .collect();
        assert_eq!(names, ["a1-b1/a1", "a1-b1/c1", "a1-c1/a1", "a1-c1/b1"]);
    }
}
