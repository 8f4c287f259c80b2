//! Konane (Ernst, *Playing Konane mathematically*, 1995; CGSuite's and the `cgt` crate's
//! Konane): Left's stones `x` and Right's stones `o` stand on a board; a move takes one of your
//! stones over an orthogonally adjacent enemy stone into the empty cell just beyond, removing
//! the enemy stone, and may go on jumping in the same direction (each stop is a move of its
//! own). Who cannot move loses.
//!
//! A jump crosses two cells in a line, none of them blocked, so a move never joins or touches
//! two orthogonal regions of the cells that are not blocked: those regions are independent
//! components ([`PieceBoard`]'s module doc). Jumps remove stones and never add any, so a
//! region without both colours, or without an empty cell to land on, never has a move again
//! (value 0) and is dropped. The rules are the same in every direction: all eight images keep
//! the value and swapping the colours negates it ([`Symmetries::SQUARE`]).

use super::grid::{
    Adjacency, Bits, Direction, Legend, PieceBoard, PieceGame, Symmetries, TwoPlanes, Wide, ones,
};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::search::game::option_keys_of_whole;
use crate::search::{Game, Player, Position, Searched};

/// A Konane position on a board of up to 32 cells (`u32`, the constructor's choice where the
/// board fits), 64 (`u64`) or 256 ([`Wide`]), stored in two planes ([`TwoPlanes`]: the value
/// table's key), worked on as a [`PieceBoard`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Konane<B: Bits = u64>(TwoPlanes<B>);

impl<B: Bits> Konane<B> {
    /// Parses CGSuite's board string: rows separated by `|`, `x` Left, `o` Right, `.` empty,
    /// `#` blocked.
    pub fn parse(s: &str) -> Result<Konane<B>, String> {
        PieceBoard::parse(s, &Legend::STONES).map(|b| Konane::of(&b))
    }

    /// The position of `board`.
    #[inline(always)]
    pub fn of(board: &PieceBoard<B>) -> Konane<B> {
        Konane(TwoPlanes::of(board))
    }

    /// The board to work on.
    #[inline(always)]
    pub fn board(&self) -> PieceBoard<B> {
        self.0.board()
    }
}

/// A board string as a searchable position, on the narrowest cell set that holds it.
fn position(s: &str) -> Result<Box<dyn Position>, String> {
    Ok(PieceBoard::<Wide>::parse(s, &Legend::STONES)?.narrowest::<Konane>())
}

impl PieceGame<2> for Konane {
    fn searched<B: Bits>(board: PieceBoard<B, 2>) -> Box<dyn Position> {
        Box::new(Searched(Konane::of(&board)))
    }
}

impl<B: Bits> Konane<B> {
    /// Calls `f` on each position after a move of `player`: each of their stones with an
    /// enemy stone next to it in direction `d` and an empty cell beyond jumps there, and from
    /// there may jump again the same way; each landing cell is a move. A jump changes only
    /// cells behind the next one in its line, so whether the stone can jump on is read from
    /// the board before the move.
    fn for_each_move(&self, player: Player, mut f: impl FnMut(Konane<B>)) {
        let b = &self.board();
        let (me, them) = (player.index(), player.other().index());
        let (mine, theirs) = (b.pieces(me), b.pieces(them));
        let (empty, steps) = (b.empty(), b.steps());
        for d in Direction::ORTHOGONAL {
            let back = d.opposite();
            // the cells a stone can jump from in direction d
            let start = steps
                .step(theirs, back)
                .and(steps.step(steps.step(empty, back), back));
            let stride = b.stride(d);
            for from in ones(mine.and(start)) {
                let (mut at, mut mine, mut theirs) = (from, mine, theirs);
                loop {
                    let over = (at as isize + stride) as usize;
                    let land = (over as isize + stride) as usize;
                    mine = mine.and_not(B::bit(at)).or(B::bit(land));
                    theirs = theirs.and_not(B::bit(over));
                    f(Konane::of(&b.with_pieces(me, mine).with_pieces(them, theirs)));
                    if !start.has(land) {
                        break;
                    }
                    at = land;
                }
            }
        }
    }
}

impl<B: Bits> Game for Konane<B> {
    const NAME: &'static str = "konane";
    const RAW_CACHE: bool = false;

    fn moves(&self, player: Player) -> Vec<Konane<B>> {
        let mut out = Vec::new();
        self.for_each_move(player, |m| out.push(m));
        out
    }

    /// A move keeps the board's regions (the module doc), so the option of a component is one
    /// component again, unless it took the opponent's last stone (value 0: no component).
    fn for_each_option_key(
        &self,
        player: Player,
        symmetric: bool,
        f: impl FnMut(usize, Self, bool),
    ) -> usize {
        option_keys_of_whole(
            symmetric,
            |each| self.for_each_move(player, each),
            |m| !m.board().pieces(player.other().index()).is_empty(),
            f,
        )
    }

    /// The orthogonal regions of cells that are not blocked holding stones of both colours
    /// and an empty cell, each cropped to its box.
    fn components(&self) -> Vec<Konane<B>> {
        let b = &self.board();
        b.components(b.cells(), Adjacency::Orthogonal)
            .into_iter()
            .filter(|c| {
                !c.pieces(0).is_empty() && !c.pieces(1).is_empty() && !c.empty().is_empty()
            })
            .map(|c| Konane::of(&c))
            .collect()
    }

    /// Keys under the symmetries where images of the positions reached can meet: where the
    /// root or two of its regions are symmetric, or where an image other than the identity
    /// keeps a region's stones in their parity classes ([`parity_images`]). The others would
    /// pay for the images of every option and find hardly a position twice: the 4x6 board
    /// with one hole (`xoxoxo|oxoxox|xox.xo|oxoxox`) searches 556 K nodes either way, 0.52 s
    /// by itself and 0.71 s under images (two threads); the 6x4 board
    /// `xoxo|oxox|x.xo|oxox|xoxo|oxo.` 497 K nodes either way, 0.52 s and 0.68 s. Where the
    /// classes allow, images recur often: 405 K nodes against 279 K on the 5x5 board
    /// `xoxo.|ox.xo|xoxox|o.oxo|xoxox`, 870 K against 563 K on `xoxox|oxoxo|x.xox|oxoxo|xoxo.`
    /// (0.76 s against 0.65 s) and 6.4 M against 4.1 M on the 4x7 board
    /// `xoxoxox|oxo.oxo|xoxoxox|oxoxox.` (8.9 s against 7.1 s).
    fn symmetry_pays(&self) -> bool {
        let regions: Vec<PieceBoard<B>> =
            self.components().into_iter().map(|c| c.board()).collect();
        PieceBoard::symmetry_recurs(&regions, Symmetries::SQUARE, &Legend::STONES)
            || regions.iter().any(parity_images)
    }

    fn normalize(&self) -> (Konane<B>, bool) {
        let (key, negated) = self.board().normalize(Symmetries::SQUARE, &Legend::STONES);
        (Konane::of(&key), negated)
    }

    /// `a1-c1`: the stone on a1 jumps to c1 (over b1).
    fn describe_move(&self, to: &Konane<B>, player: Player) -> String {
        let (b, to) = (self.board(), to.board());
        let (before, after) = (b.pieces(player.index()), to.pieces(player.index()));
        match (before.and_not(after).lowest(), after.and_not(before).lowest()) {
            (Some(from), Some(at)) => format!("{}-{}", b.cell_name(from), b.cell_name(at)),
            _ => to.board_string(&Legend::STONES),
        }
    }

    fn describe(&self) -> String {
        self.board().board_string(&Legend::STONES)
    }
}


/// Whether an image of `region` other than itself (one of the eight, the colours swapped or
/// not: [`Symmetries::SQUARE`]) of its shape has as many stones of each colour in each parity
/// class (cells of even or odd row and even or odd column) as `region`. The cells of a region
/// never change, so positions reached from it have its shape; a stone only jumps two cells
/// along its row or column, keeping the parity of both, and stones are only ever removed, so
/// every position reached keeps each colour's stones within the root's classes, at most as
/// many. Where no image matches the root's counts, images of reached positions seldom meet
/// (a cost rule: measured in [`Konane::symmetry_pays`]).
fn parity_images<B: Bits>(region: &PieceBoard<B>) -> bool {
    let counts = |b: &PieceBoard<B>| {
        let mut counts = [[0u32; 4]; 2];
        for (kind, row) in counts.iter_mut().enumerate() {
            for i in ones(b.pieces(kind)) {
                let (r, c) = (i / b.cols(), i % b.cols());
                row[2 * (r % 2) + c % 2] += 1;
            }
        }
        counts
    };
    let own = counts(region);
    region
        .declared_images(Symmetries::SQUARE, &Legend::STONES)
        .any(|(_, image)| {
            image.rows() == region.rows() && image != *region && counts(&image) == own
        })
}

/// Konane's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Konane",
    constructors: &[Constructor {
        name: "konane",
        signature: "konane(board)",
        arity: 1..=1,
        summary: "a Konane position (CGSuite's board string) and its value",
        help: "konane(\"xo.|...\") is the Konane position with those rows (CGSuite's board string: `x`\nLeft's stones, `o` Right's, `.` empty, `#` blocked, rows separated by `|`). A move jumps one\nof your stones over an orthogonally adjacent enemy stone into the empty cell beyond, removing\nit, and may jump on in the same line (each landing is a move); who cannot move loses (Ernst\n1995, as CGSuite and cgt play it). Regions of unblocked cells are valued apart and added; all\neight images of a board have its value and swapping the colours negates it.\nExample: konane(\"xo.\") is 1, konane(\".xo.\") is *, konane(\"xo.#xo.\") is 2.",
        build: |c, a| a.parsed(c.arena, 0, "a board string such as \"xo.|.ox\"", position),
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "konane",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Konane", "konane")],
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
        let position: Konane = Konane::parse(board).unwrap();
        LocalSearch::new(arena, Budget::default()).value(&position)
    }


    fn texts(p: &str, player: Player) -> Vec<String> {
        let p: Konane = Konane::parse(p).unwrap();
        p.moves(player).iter().map(Konane::describe).collect()
    }

    /// Symmetry is used where images can meet: the 5x5 board with its centre hole is its own
    /// image under all eight; two regions that mirror each other recur too; every image of a
    /// 5x5 board keeps the parity of rows and columns (or exchanges them), so the board with
    /// three holes has images with its parity counts. The 4x6 board with one hole has none:
    /// its mirrors put Left's stones on the other colour of the checkerboard, where no jump
    /// takes them, its half turn moves Right's five stones of class (even row, odd column) to
    /// a class of six, and its transposed images are 6x4. Nor do the strips `xo.o` and
    /// `.oxx`: a mirror of four cells changes the parity of a column.
    #[test]
    fn symmetry_pays_where_images_recur() {
        let pays = |b: &str| Konane::<u64>::parse(b).unwrap().symmetry_pays();
        assert!(!pays("xoxoxo|oxoxox|xox.xo|oxoxox"));
        assert!(pays("xoxo.|ox.xo|xoxox|o.oxo|xoxox"));
        assert!(pays("xoxox|oxoxo|xo.ox|oxoxo|xoxox"));
        assert!(pays("xo.#.ox"));
        assert!(!pays("xo.o#.oxx"));
        // a strip of three cells: its mirror keeps the parity of the end columns
        assert!(pays("xo."));
    }

    /// Moves by hand: single jumps in each direction, a double jump in one line (both stops
    /// are moves), no jump onto a stone, a blocked cell or off the board, no turning.
    #[test]
    fn jumps_by_hand() {
        assert_eq!(texts("xo.", Player::Left), ["..x"]);
        assert!(texts("xo.", Player::Right).is_empty());
        assert_eq!(texts("xo.o.", Player::Left), ["..xo.", "....x"]);
        assert!(texts("xox", Player::Left).is_empty());
        assert!(texts("xo#", Player::Left).is_empty());
        assert!(texts("xo", Player::Left).is_empty());
        assert_eq!(texts(".|o|x", Player::Left), ["x|.|."]);
        // a1 jumps down to a3, but not on to the right after it (a3's neighbour b3 is o)
        assert_eq!(texts("x..|o..|.o.", Player::Left), ["...|...|xo."]);
        // the double jump stops where the line does: o at e1 has no empty cell beyond
        assert_eq!(texts("xo.oo", Player::Left), ["..xoo"]);
    }

    /// Values derived by hand. `xo.`: Left jumps to `..x` (0), Right has no move: {0|} = 1.
    /// `.xo.`: Left's x jumps to d1 leaving `...x`, Right's o jumps to a1 leaving `o...`, both
    /// 0: {0|0} = *. `xo.o.`: Left jumps once to `..xo.` (which is `.xo.` shifted: *) or twice
    /// to `....x` (0); Right's o on b1 has nothing beyond a1 and the o on d1 no x beside it:
    /// {*, 0 |} = {0 |} = 1 (* reverses through 0). `ox.`: Right jumps: -1. `xo.#xo.`: two
    /// regions, 1 + 1 = 2. cgt's own tests give `..ox` = 1, `.ox.|o..x|....` = {1|-1}.
    /// `xo.|...|...` and its images are all 1.
    #[test]
    fn values_derived_by_hand() {
        let mut a = Arena::new();
        let (zero, star) = (a.zero(), a.nimber(1));
        let (one, two, minus_one) = (a.integer(1), a.integer(2), a.integer(-1));
        let one_minus_one = a.game(vec![one], vec![minus_one]);
        assert_eq!(value(&mut a, "xo."), one);
        assert_eq!(value(&mut a, "xo.o."), one);
        assert_eq!(value(&mut a, "xo.#xo."), two);
        assert_eq!(value(&mut a, ".xo."), star);
        assert_eq!(value(&mut a, "ox."), minus_one);
        assert_eq!(value(&mut a, "..ox"), one);
        assert_eq!(value(&mut a, ".ox.|o..x|...."), one_minus_one);
        assert_eq!(value(&mut a, "xo#."), zero);
        assert_eq!(value(&mut a, "xo.|...|..."), one);
        assert_eq!(value(&mut a, "...|...|.ox"), one);
        assert_eq!(value(&mut a, "x|o|."), one);
        // two regions apart: 1 + -1 = 0 (`ox.` is -1) and 1 + 1 = 2 (`.ox` is `xo.` mirrored);
        // one colour or no empty cell: 0
        assert_eq!(value(&mut a, "xo.#ox."), zero);
        assert_eq!(value(&mut a, "xo.#.ox"), two);
        assert_eq!(value(&mut a, "xx.|x.x"), zero);
        assert_eq!(value(&mut a, "xo|ox"), zero);
    }

    /// On random boards up to 3x4: the search (regions, symmetries, colour swap) agrees with
    /// the definition, and G + -G = 0 where -G is the board with the colours swapped.
    #[test]
    fn random_boards_agree_with_the_definition_and_cancel() {
        let mut rng = Rng::xorshift64(1995);
        let mut a = Arena::new();
        let cells = ['x', 'o', '.', '.', 'x', 'o', '#'];
        for _ in 0..300 {
            let (rows, cols) = (1 + rng.below(3), 1 + rng.below(4));
            let board: Vec<String> = (0..rows)
                .map(|_| (0..cols).map(|_| *rng.pick(&cells)).collect())
                .collect();
            let board = board.join("|");
            let g = value(&mut a, &board);
            let p: Konane = Konane::parse(&board).unwrap();
            assert_eq!(g, by_definition(&mut a, &p), "{board}");
            let swapped = p.board().colours_swapped(&Legend::STONES);
            let h = LocalSearch::new(&mut a, Budget::default()).value(&Konane::of(&swapped));
            assert_eq!(a.add(g, h), a.zero(), "{board}");
        }
    }

    #[test]
    fn moves_are_named_by_their_squares() {
        let p: Konane = Konane::parse("xo.o.").unwrap();
        let names: Vec<String> = p
            .moves(Player::Left)
            .iter()
            .map(|q| p.describe_move(q, Player::Left))
            .collect();
        assert_eq!(names, ["a1-c1", "a1-e1"]);
    }
}
