//! Misère canonical forms of impartial positions (Conway, ONAG ch. 12; Siegel, CGT, ch. V):
//! the form of a component is the canonical game of its options' forms, and the form of a
//! disjunctive sum is the misère sum of its components' forms (canonical forms add: the
//! canonical form of `G + H` is that of the sum of the canonical forms). Components are keyed
//! by their normal form under the ruleset's symmetries, which keep the game tree.

use rustc_hash::FxHashMap;

use super::budget::{Budget, Meter, SearchStats, Usage};
use super::game::{Game, Player};
use crate::game::memory;
use crate::game::misere::{MisereId, MisereStore};

/// Misère-form search over impartial positions of `G` (`G::is_impartial` holds).
pub struct MisereSearch<G: Game> {
    /// Forms of normalised components.
    table: FxHashMap<G, MisereId>,
    meter: Meter,
}

impl<G: Game> MisereSearch<G> {
    pub fn new(budget: Budget) -> Self {
        MisereSearch {
            table: FxHashMap::default(),
            meter: Meter::new(budget),
        }
    }

    /// The misère canonical form of `pos`: the misère sum of its components' forms.
    pub fn form(&mut self, store: &mut MisereStore, pos: &G) -> MisereId {
        let mut acc = store.zero();
        for c in pos.components() {
            let v = self.component_form(store, &c);
            acc = store.add(acc, v);
        }
        acc
    }

    /// The form of one component: the canonical game of its options' forms (Left's moves:
    /// both players have the same). A symmetric image, or the colour-swapped position that
    /// [`Game::normalize`] may report, is the same impartial game tree.
    fn component_form(&mut self, store: &mut MisereStore, c: &G) -> MisereId {
        let (key, _) = c.normalize();
        if let Some(&v) = self.table.get(&key) {
            self.meter.stats.table_hits += 1;
            return v;
        }
        let table = &self.table;
        let games = store.len();
        let usage = || Usage {
            table_entries: table.len(),
            arena_games: games,
            bytes: memory::map_bytes::<G, MisereId>(table.capacity()),
        };
        self.meter.tick(usage);
        let moves = key.moves(Player::Left);
        let options = moves.iter().map(|m| self.form(store, m)).collect();
        let v = store.game(options);
        memory::reserve_map(&mut self.table, 1, "the misère-form table");
        self.table.insert(key, v);
        v
    }

    pub fn finish(self) -> SearchStats {
        self.meter.finish(self.table.len())
    }
}
