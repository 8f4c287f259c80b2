//! Outcome search: who wins a position when each player moves first, for positions whose
//! exact value is out of reach.
//!
//! A depth-first win/loss search with a transposition table keyed by the normalised position
//! and the player to move. It switches to exact combinatorial values as soon as a position is
//! small (few moves left) or splits into components: then the outcome follows from the value
//! (Left moving first wins iff the value is not <= 0), and the exact values of components are
//! shared through the [`LocalSearch`] table.

use rustc_hash::FxHashMap;

use super::budget::{Budget, SearchStats};
use super::game::{Game, Player};
use super::local::LocalSearch;
use crate::game::{Arena, GameId};

/// Outcome search over positions of `G`.
pub struct OutcomeSearch<'a, G: Game> {
    local: LocalSearch<'a, G>,
    /// (normalised position, player to move) -> the player to move wins.
    table: FxHashMap<(G, Player), bool>,
    /// Positions with at most this many moves (both players together) are valued exactly.
    exact_below: usize,
}

impl<'a, G: Game> OutcomeSearch<'a, G> {
    pub fn new(arena: &'a mut Arena, budget: Budget, exact_below: usize) -> Self {
        OutcomeSearch {
            local: LocalSearch::new(arena, budget),
            table: FxHashMap::default(),
            exact_below,
        }
    }

    /// Does `mover`, moving first in `pos`, win?
    pub fn wins(&mut self, pos: &G, mover: Player) -> bool {
        let comps = pos.components();
        if comps.len() != 1 {
            let v = self.local.value(pos);
            return self.wins_from_value(v, mover);
        }
        let (key, negated) = comps[0].normalize();
        // A negated representative exchanges the roles of the players.
        let who = if negated { mover.other() } else { mover };
        if let Some(&w) = self.table.get(&(key.clone(), who)) {
            return w;
        }
        let l = key.moves(Player::Left);
        let r = key.moves(Player::Right);
        let w = if l.len() + r.len() <= self.exact_below
            || key.direct_value(self.local.arena()).is_some()
        {
            let v = self.local.value(&key);
            self.wins_from_value(v, who)
        } else {
            self.local.tick();
            let (mine, theirs) = match who {
                Player::Left => (l, Player::Right),
                Player::Right => (r, Player::Left),
            };
            mine.iter().any(|m| !self.wins(m, theirs))
        };
        self.table.insert((key, who), w);
        w
    }

    fn wins_from_value(&mut self, v: GameId, mover: Player) -> bool {
        let a = self.local.arena();
        let zero = a.zero();
        match mover {
            // Left moving first wins iff G |> 0, i.e. not G <= 0.
            Player::Left => !a.leq(v, zero),
            Player::Right => !a.leq(zero, v),
        }
    }

    pub fn finish(self) -> SearchStats {
        let table = self.table.len();
        let mut s = self.local.finish();
        s.table_size += table;
        s
    }
}
