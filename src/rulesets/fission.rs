//! Fission (CGSuite's `game.grid.Fission` and the `cgt` crate's): stones `x` on a board that
//! belong to nobody. Left picks a stone whose cells just above and just below are empty and
//! splits it: the stone goes, and stones appear in those two cells. Right does the same
//! sideways (the cells just left and right of the stone). Who cannot move loses.
//!
//! A move touches three cells in a line, none blocked, so it stays inside one orthogonal
//! region of the cells that are not blocked: those regions are independent components. A
//! region without a stone never has a move, nor one without an empty cell (every move fills
//! two empty cells and empties one), so both are dropped (value 0). The mirror images keep
//! the value; the transposed ones exchange vertical and horizontal, Left and Right, so they
//! are the negative (`Symmetries::new(0x0F, 0xF0)`).

use super::grid::{Adjacency, Bits, PieceGame, Direction, Legend, PieceBoard, Symmetries, Wide, ones};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::search::game::option_keys_of_whole;
use crate::search::{Game, Player, Position, Searched};

/// Fission's one kind of piece, `x`, nobody's: the colour swap leaves it.
const STONE: Legend<1> = Legend {
    letters: ['x'],
    swap: [0],
};

/// The four images that keep rows as rows keep the value; the four transposed ones negate it.
const SYMMETRIES: Symmetries = Symmetries::new(0x0F, 0xF0);

/// A Fission position on a board of up to 64 cells (`u64`, the constructor's choice where the
/// board fits) or 256 ([`Wide`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Fission<B: Bits = u64>(pub PieceBoard<B, 1>);

impl<B: Bits> Fission<B> {
    /// Parses CGSuite's board string: rows separated by `|`, `x` a stone, `.` empty, `#`
    /// blocked.
    pub fn parse(s: &str) -> Result<Fission<B>, String> {
        PieceBoard::parse(s, &STONE).map(Fission)
    }
}

/// A board string as a searchable position, on the narrowest cell set that holds it.
fn position(s: &str) -> Result<Box<dyn Position>, String> {
    Ok(PieceBoard::<Wide, 1>::parse(s, &STONE)?.narrowest::<Fission>())
}

impl PieceGame<1> for Fission {
    fn searched<B: Bits>(board: PieceBoard<B, 1>) -> Box<dyn Position> {
        Box::new(Searched(Fission(board)))
    }
}

impl<B: Bits> Fission<B> {
    /// Calls `f` on each position after a move of `player`: each stone with empty cells on
    /// both sides along their line (Left: up and down; Right: left and right) splits into
    /// those two cells.
    fn for_each_move(&self, player: Player, mut f: impl FnMut(Fission<B>)) {
        let b = &self.0;
        let (back, forth) = match player {
            Player::Left => (Direction::UP, Direction::DOWN),
            Player::Right => (Direction::LEFT, Direction::RIGHT),
        };
        let (stones, empty) = (b.pieces(0), b.empty());
        let steps = b.steps();
        let splitting = stones
            .and(steps.step(empty, back))
            .and(steps.step(empty, forth));
        let stride = b.stride(forth);
        for at in ones(splitting) {
            // both neighbours are on the board: the masks above hold only such stones
            let (one, other) = ((at as isize - stride) as usize, (at as isize + stride) as usize);
            let split = stones
                .and_not(B::bit(at))
                .or(B::bit(one))
                .or(B::bit(other));
            f(Fission(b.with_pieces(0, split)));
        }
    }
}

impl<B: Bits> Game for Fission<B> {
    const NAME: &'static str = "fission";
    const RAW_CACHE: bool = false;

    fn moves(&self, player: Player) -> Vec<Fission<B>> {
        let mut out = Vec::new();
        self.for_each_move(player, |m| out.push(m));
        out
    }

    /// A move keeps the board's regions (the module doc), so the option of a component is one
    /// component again, unless it filled the last empty cell (no move is left: value 0, no
    /// component).
    fn for_each_option_key(
        &self,
        player: Player,
        symmetric: bool,
        f: impl FnMut(usize, Self, bool),
    ) -> usize {
        option_keys_of_whole(
            symmetric,
            |each| self.for_each_move(player, each),
            |m| !m.0.empty().is_empty(),
            f,
        )
    }

    /// The orthogonal regions of cells that are not blocked holding a stone and an empty
    /// cell, each cropped to its box.
    fn components(&self) -> Vec<Fission<B>> {
        let b = &self.0;
        b.components(b.cells(), Adjacency::Orthogonal)
            .into_iter()
            .filter(|c| !c.pieces(0).is_empty() && !c.empty().is_empty())
            .map(Fission)
            .collect()
    }

    /// Regions never split (the module doc), so only a root with a symmetry of its own, or
    /// two regions that are images of each other, ever reaches an image of a position.
    fn symmetry_pays(&self) -> bool {
        let regions: Vec<PieceBoard<B, 1>> = self.components().into_iter().map(|c| c.0).collect();
        PieceBoard::symmetry_recurs(&regions, SYMMETRIES, &STONE)
    }

    fn normalize(&self) -> (Fission<B>, bool) {
        let (key, negated) = self.0.normalize(SYMMETRIES, &STONE);
        (Fission(key), negated)
    }

    /// `b2`: the stone on b2 splits (up and down for Left, sideways for Right).
    fn describe_move(&self, to: &Fission<B>, _player: Player) -> String {
        match self.0.pieces(0).and_not(to.0.pieces(0)).lowest() {
            Some(at) => self.0.cell_name(at),
            None => to.describe(),
        }
    }

    fn describe(&self) -> String {
        self.0.board_string(&STONE)
    }
}

/// Fission's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Fission",
    constructors: &[Constructor {
        name: "fission",
        signature: "fission(board)",
        arity: 1..=1,
        summary: "a Fission position (CGSuite's board string) and its value",
        help: "fission(\".|x|.\") is the Fission position with those rows (CGSuite's board string: `x` a\nstone, nobody's, `.` empty, `#` blocked, rows separated by `|`). Left splits a stone whose\ncells above and below are empty into those two cells; Right does the same sideways. Who\ncannot move loses (as CGSuite and cgt play it). Regions of unblocked cells are valued apart\nand added; mirror images have a board's value and the transposed board its negative.\nExample: fission(\".|x|.\") is 1, fission(\".x.\") is -1, fission(\".x.|...\") is -1, fission(\"...|.x.|...\") is 0.",
        build: |c, a| a.parsed(c.arena, 0, "a board string such as \".x.|...\"", position),
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "fission",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Fission", "fission")],
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
        let position: Fission = Fission::parse(board).unwrap();
        LocalSearch::new(arena, Budget::default()).value(&position)
    }


    /// Transposed: rows become columns.
    fn transposed(board: &str) -> String {
        let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
        (0..rows[0].len())
            .map(|c| rows.iter().map(|r| r[c]).collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    }

    /// Values by hand. `.|x|.`: Left splits the stone into `x|.|x` where nothing moves: {0 |}
    /// = 1; `.x.` is its transpose, -1. `.x.|...`: Left cannot split (no row above), Right
    /// splits to `x.x|...`; there the stones on a1 and c1 have nothing beside them on both
    /// sides and nothing above: 0, so {| 0} = -1. `...|.x.|...`: Left's split leaves
    /// `.x.|...|.x.` (Right splits each stone once, Left never: -2), Right's leaves
    /// `...|x.x|...` (2): {-2 | 2} = 0. cgt's own tests: `..x.|....|..x.|....` = -2,
    /// `.x.x|....|..x.|....` = -1, `.x.x|..x.|....|..x.` = {-1 | -4}.
    #[test]
    fn values_derived_by_hand() {
        let mut a = Arena::new();
        let zero = a.zero();
        let (one, minus_one, minus_two, minus_four) =
            (a.integer(1), a.integer(-1), a.integer(-2), a.integer(-4));
        let hot = a.game(vec![minus_one], vec![minus_four]);
        assert_eq!(value(&mut a, ".|x|."), one);
        assert_eq!(value(&mut a, ".x."), minus_one);
        assert_eq!(value(&mut a, ".x.|..."), minus_one);
        assert_eq!(value(&mut a, "...|.x.|..."), zero);
        assert_eq!(value(&mut a, ".x.|...|.x."), minus_two);
        assert_eq!(value(&mut a, "..x.|....|..x.|...."), minus_two);
        assert_eq!(value(&mut a, ".x.x|....|..x.|...."), minus_one);
        assert_eq!(value(&mut a, ".x.x|..x.|....|..x."), hot);
        assert_eq!(value(&mut a, "....|..x.|....|#..#"), zero);
        assert_eq!(value(&mut a, ".x.#.x."), minus_two);
    }

    /// On random boards up to 3x4: the search (regions, mirrors, the transpose as the
    /// negative) agrees with the definition, and G + transpose(G) = 0.
    #[test]
    fn random_boards_agree_with_the_definition_and_cancel() {
        let mut rng = Rng::xorshift64(2003);
        let mut a = Arena::new();
        let cells = ['x', '.', '.', '.', '#'];
        for _ in 0..300 {
            let (rows, cols) = (1 + rng.below(3), 1 + rng.below(4));
            let board: Vec<String> = (0..rows)
                .map(|_| (0..cols).map(|_| *rng.pick(&cells)).collect())
                .collect();
            let board = board.join("|");
            let g = value(&mut a, &board);
            let p: Fission = Fission::parse(&board).unwrap();
            assert_eq!(g, by_definition(&mut a, &p), "{board}");
            let h = value(&mut a, &transposed(&board));
            assert_eq!(a.add(g, h), a.zero(), "{board}");
        }
    }

    #[test]
    fn moves_are_named_by_their_squares() {
        let p: Fission = Fission::parse("...|.x.|...").unwrap();
        let left = p.moves(Player::Left);
        assert_eq!(left[0].describe(), ".x.|...|.x.");
        assert_eq!(p.describe_move(&left[0], Player::Left), "b2");
        assert_eq!(p.moves(Player::Right)[0].describe(), "...|x.x|...");
    }
}
