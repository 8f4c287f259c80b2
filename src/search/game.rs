//! The ruleset trait: what the game-independent search needs to know about a game.
//!
//! A ruleset supplies positions, moves, decomposition into independent components and a
//! canonical key under its symmetries (Mäser, *Divide and conquer*, ch. 6: the search engine
//! knows nothing else about the game). Optional extras serve other searches: an exact value
//! for positions the rules can value directly, an impartial marker, bounds on the moves left
//! and move ordering for the outcome search, and a global-win test for games with global
//! threats (GTSearch).

use std::hash::Hash;

use crate::game::{Arena, GameId};

/// The two players. Left is positive (Domineering: vertical dominoes; chess: White).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Left,
    Right,
}

impl Player {
    /// 0 for Left, 1 for Right.
    pub fn index(self) -> usize {
        match self {
            Player::Left => 0,
            Player::Right => 1,
        }
    }

    pub fn other(self) -> Player {
        match self {
            Player::Left => Player::Right,
            Player::Right => Player::Left,
        }
    }
}

/// A position of a short partizan game whose components can be searched independently.
pub trait Game: Clone + Eq + Hash + Send + Sync + 'static {
    /// The ruleset's name, as users call its constructor (`domineering`, `cram`).
    const NAME: &'static str;

    /// Whether the value search should remember positions as they occur, before
    /// [`Game::normalize`]: pays when normalising costs more than a table probe. Domineering
    /// normalises in a few dozen word operations and turns it off (6x6: 107 s and 713 MiB
    /// without, 116 s and 920 MiB with).
    const RAW_CACHE: bool = true;

    /// The positions reachable in one move by `player`, in a deterministic order.
    fn moves(&self, player: Player) -> Vec<Self>;

    /// [`Game::moves`] for the exact value search: a ruleset may leave out moves that a move it
    /// keeps dominates, where it can prove that without search (a canonical form has no
    /// dominated option, so the value is the same). The default is every move.
    fn value_moves(&self, player: Player) -> Vec<Self> {
        self.moves(player)
    }

    /// Calls `f(i, key, negated)` on each component of the `i`-th of [`Game::value_moves`] by
    /// `player`, normalised ([`Game::normalize`]) where `symmetric` (else the component itself
    /// is the key, unnegated: see [`Game::symmetry_pays`]), moves in order, and returns the
    /// number of moves. The value search calls it on components (as
    /// [`Game::for_each_component`] gives them); rulesets that can decompose and normalise an
    /// option faster from the move just made override it, and may normalise even where
    /// `symmetric` is false if that costs next to nothing.
    fn for_each_option_key(
        &self,
        player: Player,
        symmetric: bool,
        mut f: impl FnMut(usize, Self, bool),
    ) -> usize {
        let moves = self.value_moves(player);
        for (i, m) in moves.iter().enumerate() {
            m.for_each_component(|c| {
                let (key, negated) = c.key(symmetric);
                f(i, key, negated)
            });
        }
        moves.len()
    }

    /// This component's key in the value search's table: [`Game::normalize`] where
    /// `symmetric`, else the component itself, unnegated ([`Game::symmetry_pays`]).
    #[inline(always)]
    fn key(&self, symmetric: bool) -> (Self, bool) {
        if symmetric {
            self.normalize()
        } else {
            (self.clone(), false)
        }
    }

    /// Independent components whose disjunctive sum is this position (empty for a position
    /// without moves). The default is the position itself.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// Calls `f` on each of [`Game::components`] in the same order; rulesets that can find
    /// components without collecting them override it (the value search's inner loop).
    fn for_each_component(&self, mut f: impl FnMut(Self)) {
        for c in self.components() {
            f(c);
        }
    }

    /// A canonical representative of this component under the ruleset's symmetries, and
    /// whether that representative is the *negative* of this position (a symmetry that swaps
    /// the players, such as transposing a Domineering board). Positions with the same
    /// representative and flag have the same value.
    fn normalize(&self) -> (Self, bool) {
        (self.clone(), false)
    }

    /// Whether normalising pays in a value search from this root position: keys under the
    /// symmetries find a position's images in the table, which helps only where images of
    /// positions recur often enough to pay for computing the images of every option. A
    /// ruleset whose regions never split (Konane, Fission: the regions of unblocked cells stay
    /// as they are) can say here that it normalises only where the root has a symmetry itself,
    /// holds two regions that are images of each other, or (Konane) keeps what its moves
    /// preserve under some image; elsewhere the search keys every component by itself (always
    /// sound: a position has its own value). The default is true.
    fn symmetry_pays(&self) -> bool {
        true
    }

    /// The value of a component the rules can give without search (e.g. a region where only
    /// one player can move), or `None`.
    fn direct_value(&self, _arena: &mut Arena) -> Option<GameId> {
        None
    }

    /// Describes the move from `self` to `to` for `moves(P)` listings (which show the player
    /// separately), e.g. `a1-a2`.
    fn describe_move(&self, to: &Self, player: Player) -> String;

    /// A short text of the position (board diagram), for listings and errors.
    fn describe(&self) -> String;

    /// True if both players always have the same moves: the position's value is then the
    /// nimber of its nim value, found by mex over the options without canonical forms.
    fn is_impartial(&self) -> bool {
        false
    }

    /// Bounds on the moves left (Bullock, *Domineering: solving large combinatorial search
    /// spaces*, 2002, ch. 3): for each player, an upper bound on the moves they can still
    /// make (*real* moves) and a number of moves the opponent can never take away (*safe*
    /// moves). The outcome search decides a position from them: the player to move wins if
    /// their safe moves exceed the opponent's real moves, and loses if the opponent's safe
    /// moves reach their real moves. `None`: the ruleset has no such counts.
    fn move_bounds(&self) -> Option<MoveBounds> {
        None
    }

    /// `player`'s moves (as [`Game::moves`]) as the outcome search needs them, added to `out`
    /// (which the search reuses from node to node): with the counts after each move
    /// ([`Game::move_bounds`]), whether it is safe and a static preference. By default no
    /// move is safe or preferred; a ruleset may also update the counts from this position's
    /// instead of counting afresh.
    fn search_moves(&self, player: Player, out: &mut Vec<SearchMove<Self>>) {
        out.extend(self.moves(player).into_iter().map(|after| SearchMove {
            bounds: after.move_bounds(),
            after,
            safe: false,
            preference: 0,
        }));
    }

    /// Adds the counts that cost more to find (sure moves beyond the safe ones, cells) to
    /// `bounds`, which [`Game::move_bounds`] gave; the search asks only where the cheap counts
    /// did not decide, and reads them only through [`MoveBounds::decide`] with `mover` to
    /// move, so a ruleset may fill in just what that reads.
    fn refine_bounds(&self, _bounds: &mut MoveBounds, _mover: Player) {}

    /// For games with global threats: `Some(p)` if `p` has already won outright in this
    /// position (e.g. a pawn promoted), independently of the rest of the sum.
    fn global_winner(&self) -> Option<Player> {
        None
    }

    /// For games with global threats: an early detector of forced global wins. `Some(p)` only
    /// if a full GTSearch from here, with `to_play` to move (`None`: whoever starts), would
    /// find that `p` wins by force, passes allowed. It must be sound, never complete.
    fn forced_winner(&self, _to_play: Option<Player>) -> Option<Player> {
        None
    }
}

/// A move as the outcome search orders it ([`Game::search_moves`]).
#[derive(Clone, Debug)]
pub struct SearchMove<G> {
    /// The position after the move.
    pub after: G,
    /// Its counts ([`Game::move_bounds`]).
    pub bounds: Option<MoveBounds>,
    /// One of the safe moves the counts credit: the opponent can never take it away, so the
    /// search never plays it while other moves are left (Bullock 2002).
    pub safe: bool,
    /// Among moves with equal counts, larger first (Bullock's position values for
    /// Domineering).
    pub preference: i64,
}

/// Move counts of both players, indexed by [`Player`]: see [`Game::move_bounds`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct MoveBounds {
    /// Upper bounds on the moves each player can still make.
    pub real: [u32; 2],
    /// Moves each player keeps whatever the opponent does.
    pub safe: [u32; 2],
    /// Moves each player can be sure of, moving first (`[p][0]`) and second (`[p][1]`):
    /// at least `safe` ([`Game::refine_bounds`] may add more).
    pub sure: [[u32; 2]; 2],
    /// With `sure`: four times the sure moves plus the empty cells the opponent can never use
    /// and the player's strategy leaves empty (0: not known).
    pub claim: [[u32; 2]; 2],
    /// Empty cells in all (0: the cell count is not used).
    pub empty: u32,
}

impl MoveBounds {
    /// Counts from real and safe moves only.
    pub fn new(real: [u32; 2], safe: [u32; 2]) -> MoveBounds {
        MoveBounds {
            real,
            safe,
            sure: safe.map(|s| [s, s]),
            claim: [[0; 2]; 2],
            empty: 0,
        }
    }

    /// Who wins with `mover` to move, if the counts decide it. The mover wins when the moves
    /// they are sure of exceed every move the opponent can make, and loses when the
    /// opponent's sure moves (moving second) reach theirs. Cells: a player sure of `m` moves
    /// whose strategy also keeps `u` cells from the opponent leaves the opponent at most
    /// `(empty - 2m - u) / 2` moves, so the first player wins when `4m + u > empty`, the
    /// second when `4m + u + 1 >= empty` (Bullock 2002, 3.3).
    pub fn decide(&self, mover: Player) -> Option<bool> {
        let (me, them) = (mover.index(), mover.other().index());
        let by_cells = self.empty > 0;
        if self.sure[me][0] > self.real[them] || (by_cells && self.claim[me][0] > self.empty) {
            Some(true)
        } else if self.sure[them][1] >= self.real[me]
            || (by_cells && self.claim[them][1] + 1 >= self.empty)
        {
            Some(false)
        } else {
            None
        }
    }
}

/// The value of `p` straight from the definition G = {G^L | G^R} (Conway, ONAG ch. 1): every
/// option valued in turn, with no components, symmetries or table. Exponential: an oracle
/// for a ruleset's tests on small positions, against which its search must agree.
pub fn value_by_definition<G: Game>(arena: &mut Arena, p: &G) -> GameId {
    let mut side = |player| -> Vec<GameId> {
        p.moves(player)
            .iter()
            .map(|q| value_by_definition(arena, q))
            .collect()
    };
    let (left, right) = (side(Player::Left), side(Player::Right));
    arena.game(left, right)
}

/// [`Game::for_each_option_key`] for a ruleset whose moves never split a component (Konane,
/// Fission: the regions of unblocked cells stay as they are): `for_each_move` calls back each
/// move of a component, and `live` tells whether the position after it still has a move (else
/// it is 0, no component).
pub fn option_keys_of_whole<G: Game>(
    symmetric: bool,
    for_each_move: impl FnOnce(&mut dyn FnMut(G)),
    live: impl Fn(&G) -> bool,
    mut f: impl FnMut(usize, G, bool),
) -> usize {
    let mut n = 0;
    for_each_move(&mut |m: G| {
        if live(&m) {
            let (key, negated) = m.key(symmetric);
            f(n, key, negated);
        }
        n += 1;
    });
    n
}
