//! The ruleset trait: what the game-independent search needs to know about a game.
//!
//! A ruleset supplies positions, moves, decomposition into independent components and a
//! canonical key under its symmetries (Mäser, *Divide and conquer*, ch. 6: the search engine
//! knows nothing else about the game). Optional extras serve other searches: an exact value
//! for positions the rules can value directly, an impartial marker, a heuristic evaluation for
//! depth-limited search, and a global-win test for games with global threats (GTSearch).

use std::hash::Hash;

use crate::game::{Arena, GameId};

/// The two players. Left is positive (Domineering: vertical dominoes; chess: White).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    Left,
    Right,
}

impl Player {
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

    /// The positions reachable in one move by `player`, in a deterministic order.
    fn moves(&self, player: Player) -> Vec<Self>;

    /// Independent components whose disjunctive sum is this position (empty for a position
    /// without moves). The default is the position itself.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// A canonical representative of this component under the ruleset's symmetries, and
    /// whether that representative is the *negative* of this position (a symmetry that swaps
    /// the players, such as transposing a Domineering board). Positions with the same
    /// representative and flag have the same value.
    fn normalize(&self) -> (Self, bool) {
        (self.clone(), false)
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

    /// A heuristic value estimate for depth-limited search (positive favours Left).
    fn heuristic(&self) -> Option<f64> {
        None
    }

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
