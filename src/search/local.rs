//! Exact local search: the canonical value of a position from its moves, with decomposition
//! into components, a transposition table keyed by normalised components, and parallel
//! evaluation of independent work items on worker threads.
//!
//! Parallel design: each worker owns a private [`Arena`], so the hot path takes no locks; a
//! finished value is copied into the session arena with [`Arena::import`], which costs time
//! linear in the value's DAG (small next to the search that produced it). Work items are
//! handed out through an atomic counter; idle workers block in `join`, never spin. Workers of
//! one component share its table ([`super::shared`]).

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use rustc_hash::FxHashMap;

use super::budget::{Budget, Meter, SearchStats, Usage, spawn_worker};
use super::game::{Game, Player};
use super::shared::{Claim, OWN_ROTATION, SharedTable};
use super::table::ValueTable;
use crate::game::cache::BoundedCache;
use crate::game::shared::Exchange;
use crate::game::{Arena, GameId};

/// Entries of the raw-position cache before it is flushed.
const RAW_CAPACITY: usize = 1 << 22;

/// An exact search over positions of `G` into an arena.
pub struct LocalSearch<'a, G: Game> {
    arena: &'a mut Arena,
    /// Values of normalised components (the transposition table proper).
    table: ValueTable<G>,
    /// Values of components as they occur, before normalisation ([`Game::RAW_CACHE`]): most
    /// lookups hit here and skip computing the symmetry images.
    raw: BoundedCache<G, GameId>,
    meter: Meter,
    /// Emptied [`Parts`] buffers, reused so that a node allocates none.
    spare_parts: Vec<Parts<G>>,
    /// Whether components are keyed by [`Game::normalize`] (else by themselves): decided by
    /// [`Game::symmetry_pays`] on the first position valued.
    symmetric: Option<bool>,
    /// As a worker of a parallel search: the table it shares with the others.
    shared: Option<Worker<G>>,
}

/// What [`LocalSearch::claimed_value`] found of a component.
enum Claimed {
    /// Nobody had claimed it: it is the caller's to search.
    Mine,
    /// Another worker is searching it.
    Busy,
    /// Its value, finished by another worker.
    Found(GameId),
}

/// A [`LocalSearch`]'s part in a parallel value search ([`super::shared`]).
struct Worker<G> {
    table: Arc<SharedTable<G>>,
    exchange: Exchange,
    /// Its number among the workers.
    index: usize,
}

/// A worker announces a quiescent state to the shared table every this many nodes
/// ([`SharedTable::quiescent`]: it then frees the arrays it has outgrown).
const QUIESCENT_EVERY: u64 = 16;

impl<G> Worker<G> {
    /// Whether it searches each node's unfinished components last first: the odd-numbered
    /// workers do (the others first first).
    fn reverse(&self) -> bool {
        self.index % 2 == 1
    }
}

/// The components of one side's options ([`LocalSearch::option_parts`]): the option each
/// belongs to, the normalised component, and its value once looked up.
type Parts<G> = Vec<(usize, Keyed<G>, Option<GameId>)>;

/// A component normalised ([`Game::normalize`]), with its table hash: what [`LocalSearch`]
/// looks up.
struct Keyed<G> {
    key: G,
    negated: bool,
    hash: u64,
}

impl<G: Game> Keyed<G> {
    /// `component` keyed by its normal form where `symmetric`, else by itself.
    #[inline(always)]
    fn of(component: &G, symmetric: bool) -> Keyed<G> {
        let (key, negated) = component.key(symmetric);
        Keyed::new(key, negated)
    }

    #[inline(always)]
    fn new(key: G, negated: bool) -> Keyed<G> {
        let hash = ValueTable::hash(&key);
        Keyed { key, negated, hash }
    }
}

impl<'a, G: Game> LocalSearch<'a, G> {
    pub fn new(arena: &'a mut Arena, budget: Budget) -> Self {
        LocalSearch {
            arena,
            table: ValueTable::new(),
            raw: BoundedCache::new(RAW_CAPACITY),
            meter: Meter::new(budget),
            spare_parts: Vec::new(),
            symmetric: None,
            shared: None,
        }
    }

    /// Worker `index` of a parallel value search: shares finished components through
    /// `table`, and searches each node's components in reverse order if the index is odd.
    fn worker(
        arena: &'a mut Arena,
        budget: Budget,
        table: Arc<SharedTable<G>>,
        index: usize,
    ) -> Self {
        let mut s = LocalSearch::new(arena, budget);
        s.table = ValueTable::rotated(OWN_ROTATION);
        s.shared = Some(Worker {
            table,
            exchange: Exchange::new(),
            index,
        });
        s
    }

    /// Whether components are normalised: fixed by the first position valued.
    #[inline(always)]
    fn symmetric(&self) -> bool {
        self.symmetric.unwrap_or(true)
    }

    /// The value of a position: the sum of the values of its components. With
    /// [`Game::RAW_CACHE`], positions seen before are answered without decomposing them again.
    pub fn value(&mut self, pos: &G) -> GameId {
        if self.symmetric.is_none() {
            self.symmetric = Some(pos.symmetry_pays());
        }
        if G::RAW_CACHE
            && let Some(v) = self.raw.get(pos)
        {
            self.meter.stats.table_hits += 1;
            return v;
        }
        let mut acc = self.arena.zero();
        pos.for_each_component(|c| {
            // A position that is its own only component just missed the raw cache.
            let v = if !G::RAW_CACHE || c == *pos {
                self.normalized_value(&Keyed::of(&c, self.symmetric()))
            } else {
                self.component_value(&c)
            };
            acc = self.arena.add(acc, v);
        });
        if G::RAW_CACHE {
            self.raw.insert(pos.clone(), acc);
        }
        acc
    }

    /// The values of Left's and of Right's options of `pos` ([`Game::value_moves`]: those the
    /// canonical form can need); `pos` is a component. Without the raw cache, both sides'
    /// components are normalised and their slots requested before the first lookup waits.
    pub fn option_values(&mut self, pos: &G) -> (Vec<GameId>, Vec<GameId>) {
        if G::RAW_CACHE {
            let reverse = self.shared.as_ref().is_some_and(Worker::reverse);
            let mut side = |player| {
                let moves = pos.value_moves(player);
                let mut values = vec![self.arena.zero(); moves.len()];
                for k in 0..moves.len() {
                    let i = if reverse { moves.len() - 1 - k } else { k };
                    values[i] = self.value(&moves[i]);
                }
                values
            };
            return (side(Player::Left), side(Player::Right));
        }
        let left = self.option_parts(pos, Player::Left);
        let right = self.option_parts(pos, Player::Right);
        (self.values_of(left), self.values_of(right))
    }

    /// Every component of `player`'s options of `pos`, normalised
    /// ([`Game::for_each_option_key`]), with its table slot prefetched so that the lookups of
    /// [`Self::values_of`] overlap instead of waiting for memory one after another; and the
    /// number of options.
    fn option_parts(&mut self, pos: &G, player: Player) -> (Parts<G>, usize) {
        let mut parts = self.spare_parts.pop().unwrap_or_default();
        let n = pos.for_each_option_key(player, self.symmetric(), |option, key, negated| {
            let keyed = Keyed::new(key, negated);
            self.table_prefetch(keyed.hash);
            parts.push((option, keyed, None));
        });
        (parts, n)
    }

    /// The options' values: the sums of their components' values. Every component is looked
    /// up first and the nodes of the values found are fetched together (negation reads them);
    /// then the misses are searched and the negations taken, again fetching each value's node
    /// (the sums and the dominance tests read them); only then are the sums formed.
    fn values_of(&mut self, (mut parts, n): (Parts<G>, usize)) -> Vec<GameId> {
        for (_, keyed, found) in parts.iter_mut() {
            *found = self.table_get(&keyed.key, keyed.hash);
            if let Some(v) = *found {
                self.arena.prefetch_node(v);
            }
        }
        if self.shared.is_some() {
            self.shared_values_of(&mut parts);
        } else {
            let mut previous = (usize::MAX, self.arena.zero());
            for (option, keyed, found) in parts.iter_mut() {
                // a miss is looked up again: searching an earlier part may have stored it
                let v = match *found {
                    Some(_) => self.value_found(keyed, *found),
                    None => self.normalized_value(keyed),
                };
                self.arena.prefetch_node(v);
                // the slot of a split option's first sum (with three or more parts, the later
                // pairs prefetched are not the sums that add reads)
                if previous.0 == *option {
                    self.arena.prefetch_sum(previous.1, v);
                }
                previous = (*option, v);
                *found = Some(v);
            }
        }
        let mut values = vec![self.arena.zero(); n];
        for (option, _, found) in parts.drain(..) {
            let v = found.expect("every part has its value");
            values[option] = self.arena.add(values[option], v);
        }
        self.spare_parts.push(parts);
        values
    }

    /// The values of `parts` for a worker of a parallel search: in its order (last first if
    /// reversed), each component it has not valued claimed before it is searched, and those
    /// another worker is searching put off to the end (by then they may be finished).
    fn shared_values_of(&mut self, parts: &mut Parts<G>) {
        let n = parts.len();
        let reverse = self.shared.as_ref().is_some_and(Worker::reverse);
        let mut later = Vec::new();
        for k in 0..n {
            let i = if reverse { n - 1 - k } else { k };
            let (_, keyed, found) = &mut parts[i];
            if found.is_none() {
                // searching an earlier part may have stored it
                *found = self.table_get(&keyed.key, keyed.hash);
            }
            let v = match *found {
                Some(_) => self.value_found(keyed, *found),
                None => match self.new_component_value(keyed.key.clone(), keyed.hash, true) {
                    Some(v) if keyed.negated => self.arena.neg(v),
                    Some(v) => v,
                    None => {
                        later.push(i);
                        continue;
                    }
                },
            };
            *found = Some(v);
        }
        for i in later {
            let (_, keyed, found) = &mut parts[i];
            *found = Some(self.normalized_value(keyed));
        }
    }

    /// Asks the processor to bring the slot of a component whose table hash is `hash` into
    /// cache: in the claim table for a worker of a parallel search, else in the own table.
    #[inline(always)]
    fn table_prefetch(&self, hash: u64) {
        match &self.shared {
            Some(w) => w.table.prefetch(hash),
            None => self.table.prefetch(hash),
        }
    }

    /// The value of a normalised component found in the tables, if it is there (for a worker
    /// of a parallel search, [`Self::shared_get`]).
    #[inline(always)]
    fn table_get(&mut self, key: &G, hash: u64) -> Option<GameId> {
        match &self.shared {
            Some(_) => self.shared_get(key, hash),
            None => self.table.get(key, hash),
        }
    }

    /// [`Self::table_get`] in the shared table first, where every component any worker
    /// finished is (its value imported into this worker's arena when first found), then in
    /// the worker's own, which holds the values the rules give and the few the shared table
    /// could not record ([`Self::search_owned`]).
    ///
    /// One table for all workers holds each component once: when it replaced a table per
    /// worker, Fission 6x5 went 0.93 -> 0.86 s and 203 -> 114 MB at peak (two workers).
    /// Workers whose nodes look up many components then still kept their own table of every
    /// component they met, reading the shared one only where theirs missed (Ski Jumps, 13
    /// lookups a node: 0.64 -> 0.60 s). With the claim table read without locks and tables
    /// that double in place, the shared table alone is as fast or faster on every game of the
    /// benchmark table. Two workers, 7 interleaved runs, medians, with those own tables at
    /// 4e09608 and without: Ski Jumps 0.544 -> 0.534 s (112 -> 73 MB at peak) and 0.106 ->
    /// 0.099 s, Col 3x6 0.282 -> 0.266 s, Clobber 0.237 -> 0.231 s, Domineering 6x5 0.847 ->
    /// 0.848 s, Fission 6x5 0.662 -> 0.669 s.
    #[inline(never)]
    fn shared_get(&mut self, key: &G, hash: u64) -> Option<GameId> {
        if let Some(w) = self.shared.as_mut()
            && let Some(Claim::Done(s)) = w.table.lookup(key, hash)
        {
            return Some(w.exchange.import(self.arena, &w.table.store, s));
        }
        self.table.get(key, hash)
    }

    /// For a worker of a parallel search, a component not in the tables: its value if
    /// another worker finished it meanwhile (imported), else whether it was free (this worker
    /// has claimed it now) or another is searching it.
    fn claimed_value(&mut self, key: &G, hash: u64) -> Claimed {
        let Some(w) = self.shared.as_mut() else {
            return Claimed::Mine;
        };
        match w.table.claim(w.index, key, hash) {
            None => Claimed::Mine,
            Some(Claim::Busy) => Claimed::Busy,
            Some(Claim::Done(s)) => {
                self.meter.stats.table_hits += 1;
                Claimed::Found(w.exchange.import(self.arena, &w.table.store, s))
            }
        }
    }

    fn component_value(&mut self, c: &G) -> GameId {
        if let Some(v) = self.raw.get(c) {
            self.meter.stats.table_hits += 1;
            return v;
        }
        let v = self.normalized_value(&Keyed::of(c, self.symmetric()));
        self.raw.insert(c.clone(), v);
        v
    }

    /// The value of a normalised component, from the table or by searching it.
    fn normalized_value(&mut self, keyed: &Keyed<G>) -> GameId {
        let found = self.table_get(&keyed.key, keyed.hash);
        self.value_found(keyed, found)
    }

    /// The value of a normalised component whose table lookup gave `found`: that value, or
    /// else [`Self::search_component`]'s. Small, so the hit path inlines into the loops.
    #[inline]
    fn value_found(&mut self, keyed: &Keyed<G>, found: Option<GameId>) -> GameId {
        let v = match found {
            Some(v) => {
                self.meter.stats.table_hits += 1;
                v
            }
            None => self.search_component(keyed.key.clone(), keyed.hash),
        };
        if keyed.negated { self.arena.neg(v) } else { v }
    }

    /// The value of a normalised component not in the table, directly or by search, stored
    /// in the table.
    fn search_component(&mut self, key: G, hash: u64) -> GameId {
        self.new_component_value(key, hash, false)
            .expect("a component searched here has its value")
    }

    /// [`Self::search_component`], except that with `put_off` a component another worker of
    /// a parallel search is searching now gives `None` (its caller comes back to it later);
    /// without, it is searched here too (the module doc of `shared`): no worker waits.
    fn new_component_value(&mut self, key: G, hash: u64, put_off: bool) -> Option<GameId> {
        if let Some(v) = self.direct_value(&key, hash) {
            return Some(v);
        }
        match self.claimed_value(&key, hash) {
            Claimed::Found(v) => Some(v),
            Claimed::Busy if put_off => None,
            Claimed::Mine | Claimed::Busy => Some(self.search_owned(key, hash)),
        }
    }

    /// The value the rules give a normalised component ([`Game::direct_value`]), stored in
    /// the table.
    fn direct_value(&mut self, key: &G, hash: u64) -> Option<GameId> {
        let v = key.direct_value(self.arena)?;
        self.meter.stats.direct += 1;
        self.table.insert(key.clone(), hash, v);
        Some(v)
    }

    /// The value of a normalised component searched here, stored in the table: for a worker
    /// of a parallel search, the table it shares with the others, unless that could not
    /// record it (its part being resized, or full at the memory limit); then in its own, so
    /// that no worker ever searches a component twice.
    fn search_owned(&mut self, key: G, hash: u64) -> GameId {
        self.tick();
        if let Some(w) = &self.shared
            && self.meter.stats.nodes.is_multiple_of(QUIESCENT_EVERY)
        {
            w.table.quiescent(w.index);
        }
        let (left, right) = self.option_values(&key);
        // the slot the value goes to: fetched while the canonical form is worked out (the
        // searches of the options have likely evicted it since the lookup)
        self.table_prefetch(hash);
        let v = self.arena.game(left, right);
        if let Some(w) = self.shared.as_mut() {
            let s = w.exchange.export(self.arena, &w.table.store, v);
            let recorded = w.table.finish(w.index, &key, hash, s);
            if recorded {
                return v;
            }
        }
        self.table.insert(key, hash, v);
        v
    }

    /// The arena the search writes into.
    pub fn arena(&mut self) -> &mut Arena {
        self.arena
    }

    /// Counts a node and enforces cancellation and budgets.
    pub(crate) fn tick(&mut self) {
        self.tick_holding(0);
    }

    /// [`Self::tick`] for a search built on this one that holds `extra` bytes of tables of
    /// its own (counted in progress lines and the memory estimate).
    pub(crate) fn tick_holding(&mut self, extra: usize) {
        let (arena, table, raw) = (&*self.arena, &self.table, &self.raw);
        self.meter.tick(|| Usage {
            table_entries: table.len(),
            arena_games: arena.len(),
            bytes: arena.approx_bytes() + table.approx_bytes() + raw.approx_bytes() + extra,
        });
    }

    /// Checks Ctrl-C and the time limit (between the searches of a move list).
    pub(crate) fn poll(&mut self) {
        self.meter.poll();
    }

    /// The counters so far.
    pub fn stats(&self) -> &SearchStats {
        &self.meter.stats
    }

    pub fn finish(self) -> SearchStats {
        self.meter.finish(self.table.len())
    }
}

/// Values `pos` using up to `threads` worker threads: the components of the position are the
/// work items. A single component is searched by all of them at once, sharing what they
/// finish ([`shared_value`]). Returns the value in `arena`.
pub fn parallel_value<G: Game>(
    arena: &mut Arena,
    pos: &G,
    threads: usize,
    budget: Budget,
) -> (GameId, SearchStats) {
    let start = Instant::now();
    let threads = threads.max(1);
    let items = pos.components();
    if threads > 1
        && let [one] = items.as_slice()
        && one.direct_value(arena).is_none()
    {
        let (v, mut stats) = shared_value(arena, one, pos.symmetry_pays(), threads, budget);
        stats.elapsed = start.elapsed();
        return (v, stats);
    }
    if threads == 1 || items.len() <= 1 {
        let mut s = LocalSearch::new(arena, budget);
        let v = s.value(pos);
        let mut stats = s.finish();
        stats.elapsed = start.elapsed();
        return (v, stats);
    }
    // decided on the whole position: its regions may be images of each other
    let symmetric = pos.symmetry_pays();
    let items = Arc::new(items);
    let next = Arc::new(AtomicUsize::new(0));
    let mut handles = Vec::new();
    for _ in 0..threads.min(items.len()) {
        let items = items.clone();
        let next = next.clone();
        let handle = spawn_worker(budget, move || {
            let mut arena = Arena::new();
            let mut results = Vec::new();
            let stats = {
                let mut s = LocalSearch::new(&mut arena, budget);
                s.symmetric = Some(symmetric);
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    if i >= items.len() {
                        break;
                    }
                    results.push((i, s.value(&items[i])));
                }
                s.finish()
            };
            (arena, results, stats)
        });
        handles.push(handle);
    }
    let mut values = vec![None; items.len()];
    let mut stats = SearchStats {
        threads: handles.len(),
        ..Default::default()
    };
    let mut failure = None;
    for h in handles {
        match h.join() {
            Ok((worker_arena, results, s)) => {
                stats.merge(&s);
                let mut memo = FxHashMap::default();
                for (i, v) in results {
                    values[i] = Some(arena.import(&worker_arena, v, &mut memo));
                }
            }
            Err(payload) => failure = Some(payload),
        }
    }
    if let Some(p) = failure {
        std::panic::resume_unwind(p);
    }
    let values: Vec<GameId> = values
        .into_iter()
        .map(|v| v.expect("every item valued"))
        .collect();
    let v = arena.sum_all(&values);
    stats.elapsed = start.elapsed();
    (v, stats)
}

/// Values the component `pos` with `threads` workers that each search all of it, in
/// different orders (the second takes each node's options last first), with private arenas
/// and tables, sharing the components they finish through a [`SharedTable`]
/// ([`super::shared`]): a worker imports what another finished instead of searching it, and
/// (with three workers or more, which claim what they search) puts off what another is
/// searching to the end of that node, then searches it alongside if it is still unfinished
/// (no worker waits). The value is the first worker's, imported into `arena`; every worker
/// computes the same canonical form.
pub fn shared_value<G: Game>(
    arena: &mut Arena,
    pos: &G,
    symmetric: bool,
    threads: usize,
    budget: Budget,
) -> (GameId, SearchStats) {
    let table = Arc::new(SharedTable::<G>::new(threads));
    let mut handles = Vec::new();
    for index in 0..threads {
        let (table, pos) = (table.clone(), pos.clone());
        let handle = spawn_worker(budget, move || {
            // which worker stopped first decides the error reported
            let _failing = FailGuard(&table, index);
            let mut arena = Arena::new();
            let (v, stats) = {
                let mut s = LocalSearch::worker(&mut arena, budget, table.clone(), index);
                s.symmetric = Some(symmetric);
                s.tick();
                let (left, right) = s.option_values(&pos);
                let v = s.arena.game(left, right);
                (v, s.finish())
            };
            (arena, v, stats)
        });
        handles.push(handle);
    }
    let mut stats = SearchStats {
        threads,
        ..Default::default()
    };
    let mut value = None;
    let mut failures = Vec::new();
    for (index, h) in handles.into_iter().enumerate() {
        match h.join() {
            Ok((worker_arena, v, s)) => {
                stats.merge(&s);
                if value.is_none() {
                    value = Some(arena.import(&worker_arena, v, &mut FxHashMap::default()));
                }
            }
            Err(payload) => failures.push((index, payload)),
        }
    }
    // the shared table holds what the workers finished; their own, what it could not
    stats.table_size += table.met();
    if !failures.is_empty() {
        // the error of the worker that stopped first; the others only stopped waiting
        let first = table.failed().unwrap_or(failures[0].0);
        let at = failures.iter().position(|(i, _)| *i == first).unwrap_or(0);
        std::panic::resume_unwind(failures.swap_remove(at).1);
    }
    (value.expect("a worker finished"), stats)
}

/// Records in the shared table that a worker stopped on an error, if it unwinds.
struct FailGuard<'t, G: Game>(&'t SharedTable<G>, usize);

impl<G: Game> Drop for FailGuard<'_, G> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.fail(self.1);
        }
    }
}
