//! Exact local search: the canonical value of a position from its moves, with decomposition
//! into components, a transposition table keyed by normalised components, and parallel
//! evaluation of independent work items on worker threads.
//!
//! Parallel design: each worker owns a private [`Arena`] and table, so the hot path takes no
//! locks; a finished value is copied into the session arena with [`Arena::import`], which
//! costs time linear in the value's DAG (small next to the search that produced it). Work
//! items are handed out through an atomic counter; idle workers block in `join`, never spin.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use super::game::{Game, Player};
use crate::game::interrupt::{Interrupt, check_cancel};
use crate::game::{Arena, GameId};

/// Limits on a search; exceeding one unwinds with [`Interrupt::Budget`].
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Maximum nodes (positions expanded) per search.
    pub nodes: u64,
    /// Maximum bytes of arena plus table (approximate).
    pub memory: usize,
    /// Maximum wall time.
    pub time: Duration,
    /// Print a progress line to standard error this often during long searches.
    pub progress: Option<Duration>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: u64::MAX,
            memory: 16 << 30,
            time: Duration::from_secs(24 * 3600),
            progress: Some(Duration::from_secs(10)),
        }
    }
}

/// Counters a search reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    /// Components expanded (their moves generated and valued).
    pub nodes: u64,
    /// Components found in the transposition table.
    pub table_hits: u64,
    /// Components valued directly by the rules.
    pub direct: u64,
    /// Entries in the transposition table(s) at the end.
    pub table_size: usize,
    pub elapsed: Duration,
    pub threads: usize,
}

impl SearchStats {
    fn merge(&mut self, o: &SearchStats) {
        self.nodes += o.nodes;
        self.table_hits += o.table_hits;
        self.direct += o.direct;
        self.table_size += o.table_size;
    }
}

/// Entries of the raw-position cache before it is flushed.
const RAW_CAPACITY: usize = 1 << 22;

/// Bytes per table entry, for the memory budget (key, id and hash-map overhead).
fn entry_bytes<G>() -> usize {
    std::mem::size_of::<G>() + 16
}

/// An exact search over positions of `G` into an arena.
pub struct LocalSearch<'a, G: Game> {
    arena: &'a mut Arena,
    /// Values of normalised components (the transposition table proper).
    table: FxHashMap<G, GameId>,
    /// Values of components as they occur, before normalisation: most lookups hit here and
    /// skip computing the symmetry images. Bounded: flushed when it reaches `RAW_CAPACITY`.
    raw: FxHashMap<G, GameId>,
    pub stats: SearchStats,
    budget: Budget,
    start: Instant,
    last_progress: Instant,
}

impl<'a, G: Game> LocalSearch<'a, G> {
    pub fn new(arena: &'a mut Arena, budget: Budget) -> Self {
        LocalSearch {
            arena,
            table: FxHashMap::default(),
            raw: FxHashMap::default(),
            stats: SearchStats {
                threads: 1,
                ..Default::default()
            },
            budget,
            start: Instant::now(),
            last_progress: Instant::now(),
        }
    }

    /// The value of a position: the sum of the values of its components. Positions seen
    /// before are answered from the raw cache without decomposing them again.
    pub fn value(&mut self, pos: &G) -> GameId {
        if let Some(&v) = self.raw.get(pos) {
            self.stats.table_hits += 1;
            return v;
        }
        let mut acc = self.arena.zero();
        for c in pos.components() {
            let v = self.component_value(&c);
            acc = self.arena.add(acc, v);
        }
        self.remember(pos, acc);
        acc
    }

    fn remember(&mut self, pos: &G, v: GameId) {
        if self.raw.len() >= RAW_CAPACITY {
            self.raw.clear();
        }
        self.raw.insert(pos.clone(), v);
    }

    /// The values of `player`'s options of `pos`.
    pub fn option_values(&mut self, pos: &G, player: Player) -> Vec<GameId> {
        pos.moves(player).iter().map(|m| self.value(m)).collect()
    }

    fn component_value(&mut self, c: &G) -> GameId {
        if let Some(&v) = self.raw.get(c) {
            self.stats.table_hits += 1;
            return v;
        }
        let v = self.normalized_value(c);
        self.remember(c, v);
        v
    }

    fn normalized_value(&mut self, c: &G) -> GameId {
        let (key, negated) = c.normalize();
        let v = match self.table.get(&key) {
            Some(&v) => {
                self.stats.table_hits += 1;
                v
            }
            None => {
                let v = match key.direct_value(self.arena) {
                    Some(v) => {
                        self.stats.direct += 1;
                        v
                    }
                    None => {
                        self.tick();
                        let left = self.option_values(&key, Player::Left);
                        let right = self.option_values(&key, Player::Right);
                        self.arena.game(left, right)
                    }
                };
                self.table.insert(key, v);
                v
            }
        };
        if negated { self.arena.neg(v) } else { v }
    }

    /// The arena the search writes into.
    pub fn arena(&mut self) -> &mut Arena {
        self.arena
    }

    /// Counts a node and enforces cancellation and budgets.
    pub(crate) fn tick(&mut self) {
        self.stats.nodes += 1;
        if self.stats.nodes & 1023 == 0 {
            check_cancel();
            if self.stats.nodes > self.budget.nodes {
                Interrupt::Budget(format!("node limit of {} reached", self.budget.nodes)).raise();
            }
            if self.start.elapsed() > self.budget.time {
                Interrupt::Budget(format!("time limit of {:?} reached", self.budget.time)).raise();
            }
            let bytes = self.arena.approx_bytes()
                + (self.table.capacity() + self.raw.capacity()) * entry_bytes::<G>();
            if let Some(every) = self.budget.progress
                && self.last_progress.elapsed() >= every
            {
                self.last_progress = Instant::now();
                eprintln!(
                    "search: {} nodes, {} table hits, table {} entries, arena {} games, ~{} MiB, {:.0} s",
                    self.stats.nodes,
                    self.stats.table_hits,
                    self.table.len(),
                    self.arena.len(),
                    bytes >> 20,
                    self.start.elapsed().as_secs_f64()
                );
            }
            if bytes > self.budget.memory {
                Interrupt::Budget(format!(
                    "memory limit of {} MiB reached ({} nodes searched)",
                    self.budget.memory >> 20,
                    self.stats.nodes
                ))
                .raise();
            }
        }
    }

    pub fn finish(mut self) -> SearchStats {
        self.stats.table_size = self.table.len();
        self.stats.elapsed = self.start.elapsed();
        self.stats
    }
}

/// Values `pos` using up to `threads` worker threads: the components of the position are the
/// work items. A single component is searched on one thread: splitting its options among
/// workers with private tables repeats the shared subpositions (measured on 2 cores: 4x6
/// Domineering 0.10 s on one thread, 0.18 s split over two), so parallelism pays only for
/// independent components. Returns the value in `arena`.
pub fn parallel_value<G: Game>(
    arena: &mut Arena,
    pos: &G,
    threads: usize,
    budget: Budget,
) -> (GameId, SearchStats) {
    let start = Instant::now();
    let threads = threads.max(1);
    let items = pos.components();
    if threads == 1 || items.len() <= 1 {
        let mut s = LocalSearch::new(arena, budget);
        let v = s.value(pos);
        let mut stats = s.finish();
        stats.elapsed = start.elapsed();
        return (v, stats);
    }
    let items = Arc::new(items);
    let next = Arc::new(AtomicUsize::new(0));
    let mut handles = Vec::new();
    for _ in 0..threads.min(items.len()) {
        let items = items.clone();
        let next = next.clone();
        let handle = std::thread::Builder::new()
            .stack_size(crate::STACK_SIZE / 4)
            .spawn(move || {
                let mut arena = Arena::new();
                let mut results = Vec::new();
                let stats = {
                    let mut s = LocalSearch::new(&mut arena, budget);
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
            })
            .expect("spawn a search worker");
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
