//! Nim values of impartial positions (Sprague–Grundy: WW ch. 3; Siegel, CGT, ch. IV): the nim
//! value of a position is the mex of the nim values of its options, and the nim value of a
//! disjunctive sum is the nim sum (bitwise xor) of its components' values. No canonical forms
//! are built: an impartial position equals the nimber `*n` of its nim value.

use rustc_hash::FxHashMap;

use super::budget::{Budget, Meter, SearchStats, Usage};
use super::game::{Game, Player};
use crate::game::cache::BoundedCache;
use crate::game::memory;
use crate::game::mex::mex;

/// Entries of the raw-position cache before it is flushed.
const RAW_CAPACITY: usize = 1 << 22;

/// Nim-value search over impartial positions of `G` (`G::is_impartial` holds).
pub struct NimSearch<G: Game> {
    /// Nim values of normalised components.
    table: FxHashMap<G, u32>,
    /// Nim values of positions and components as they occur (before decomposition and
    /// normalisation): most lookups hit here and skip computing the symmetry images.
    raw: BoundedCache<G, u32>,
    meter: Meter,
}

impl<G: Game> NimSearch<G> {
    pub fn new(budget: Budget) -> Self {
        NimSearch {
            table: FxHashMap::default(),
            raw: BoundedCache::new(RAW_CAPACITY),
            meter: Meter::new(budget),
        }
    }

    /// The nim value of `pos`: the xor of its components' nim values.
    pub fn nim_value(&mut self, pos: &G) -> u32 {
        if let Some(v) = self.raw.get(pos) {
            self.meter.stats.table_hits += 1;
            return v;
        }
        let mut acc = 0;
        for c in pos.components() {
            acc ^= self.component_nim_value(&c);
        }
        self.raw.insert(pos.clone(), acc);
        acc
    }

    /// The nim value of one component: the mex of its options' nim values (both players have
    /// the same moves, so Left's are taken). Symmetric images share one table entry; the
    /// "negative" flag of [`Game::normalize`] does not matter, since `-*n = *n`.
    fn component_nim_value(&mut self, c: &G) -> u32 {
        if let Some(v) = self.raw.get(c) {
            self.meter.stats.table_hits += 1;
            return v;
        }
        let v = self.normalized_nim_value(c);
        self.raw.insert(c.clone(), v);
        v
    }

    fn normalized_nim_value(&mut self, c: &G) -> u32 {
        let (key, _) = c.normalize();
        if let Some(&v) = self.table.get(&key) {
            self.meter.stats.table_hits += 1;
            return v;
        }
        let (table, raw) = (&self.table, &self.raw);
        let usage = || Usage {
            table_entries: table.len(),
            arena_games: 0,
            bytes: memory::map_bytes::<G, u32>(table.capacity()) + raw.approx_bytes(),
        };
        self.meter.tick(usage);
        let moves = key.moves(Player::Left);
        self.meter.add_work(moves.len(), usage);
        let values: Vec<u32> = moves.iter().map(|m| self.nim_value(m)).collect();
        let v = mex(values);
        memory::reserve_map(&mut self.table, 1, "the nim-value table");
        self.table.insert(key, v);
        v
    }

    /// Checks Ctrl-C and the time limit (between the searches of a move list).
    pub(crate) fn poll(&mut self) {
        self.meter.poll();
    }

    pub fn finish(self) -> SearchStats {
        self.meter.finish(self.table.len())
    }
}
