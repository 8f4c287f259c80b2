//! Outcome search: who wins a position when each player moves first, for positions whose
//! exact value is out of reach.
//!
//! A depth-first win/loss search with a transposition table keyed by the normalised position
//! and the player to move. Where the ruleset counts its moves left ([`Game::move_bounds`]),
//! a position is decided from the counts before anything else (the player to move wins when
//! their safe moves exceed the opponent's real moves, and loses when the opponent's safe moves
//! reach theirs; Bullock 2002), and moves are tried best first by those counts after the move:
//! the mover's safe moves minus the opponent's real moves. It switches to exact combinatorial
//! values as soon as a position is small (few moves left) or splits into components: then the
//! outcome follows from the value (Left moving first wins iff the value is not <= 0), and the
//! exact values of components are shared through the [`LocalSearch`] table.

use super::budget::{Budget, SearchStats, spawn_worker};
use super::game::{Game, MoveBounds, Player, SearchMove};
use super::local::LocalSearch;
use std::hash::{Hash, Hasher};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use rustc_hash::FxHasher;

use crate::game::interrupt::Interrupt;
use crate::game::{Arena, GameId, memory};

/// Slots of the outcome table (two per bucket) at most, with no memory limit in force: 2^23,
/// about 32 bytes each for boards of up to 64 cells (Obsequi's size). It starts at 2^12 and
/// doubles while it is more than half full, up to [`max_table_slots`].
const TABLE_SLOTS: usize = 1 << 23;
const FIRST_SLOTS: usize = 1 << 12;
/// The share of the memory limit the outcome table may fill: the rest is for the exact
/// values of small positions, and for the old array while the table doubles (1.5x).
const TABLE_SHARE: usize = 4;
/// The table's name in an error about memory.
const WHAT: &str = "the outcome table";

/// Moves of a node whose positions are judged by the counts before the first is searched
/// (an enhanced transposition cutoff with the counts in place of the table): a later move
/// the counts decide as a win spares searching the earlier ones. Domineering, one thread,
/// two runs each: 8x8, 7x8, 6x10 and 6x9 search 13-16% fewer nodes with 4 (8x8: 915,670
/// against 1,090,970) and take 8.95 s together against 9.83 s without; 3 and 6 took 9.1 s
/// and 9.2 s (checking every move: 20% fewer nodes, but 8x8 took 4.8 s).
const COUNTED_FIRST: usize = 4;

/// Low bits of an [`order_word`] that hold the move's index, as a `u32` would.
const INDEX_BITS: u32 = 32;

/// The sort word of the move at `index` with order key `key` (smaller first): the key, clamped
/// to the bits above the index (an order, not an answer, so clamping is harmless: Domineering's
/// keys stay within 2^29), then the index, so that equal keys keep their moves' order.
fn order_word(key: i64, index: usize) -> i64 {
    let limit = 1i64 << (62 - INDEX_BITS);
    let index = (index as i64) & ((1 << INDEX_BITS) - 1);
    (key.clamp(-limit, limit - 1) << INDEX_BITS) | index
}

/// The move index of an [`order_word`].
fn move_index(word: i64) -> usize {
    (word & ((1 << INDEX_BITS) - 1)) as usize
}

/// The hash of a table entry's key and player to move.
fn entry_hash<G: Hash>(key: &G, who: Player) -> u64 {
    let mut h = FxHasher::default();
    key.hash(&mut h);
    who.hash(&mut h);
    h.finish()
}

/// One remembered result and the work (nodes) it took.
#[derive(Clone)]
struct Entry<G> {
    key: G,
    who: Player,
    wins: bool,
    work: u32,
}

/// A fixed-size table of outcomes, two slots per bucket: a new result goes to an empty slot,
/// else replaces the one that took less work (Bullock 2002: replace by subtree size), so
/// expensive results survive a long search instead of being flushed with the rest.
struct OutcomeTable<G> {
    /// A power of two of them.
    buckets: Vec<Bucket<G>>,
    len: usize,
    /// Slots it may double to: [`max_table_slots`], or its size once the memory limit
    /// refused a doubling.
    max_slots: usize,
}

/// Two slots, on a cache line of their own where they fit one (Domineering boards of up to
/// 64 cells: 2 x 24 bytes), so that a probe misses the cache once.
#[derive(Clone)]
#[repr(align(64))]
struct Bucket<G> {
    slots: [Option<Entry<G>>; 2],
}

/// Slots the outcome table may double to: the largest power of two whose slots fill at most
/// a [`TABLE_SHARE`] of the memory limit in force, and at least [`TABLE_SLOTS`] (a search too
/// long to finish, 9x9 Domineering, keeps more of its results under a larger limit).
fn max_table_slots(slot_bytes: usize) -> usize {
    let Some(limit) = memory::limit() else {
        return TABLE_SLOTS;
    };
    let fits = limit / TABLE_SHARE / slot_bytes.max(1);
    if fits < TABLE_SLOTS {
        return TABLE_SLOTS;
    }
    // the largest power of two at most `fits`
    1 << (usize::BITS - 1 - fits.leading_zeros())
}

impl<G: Game> OutcomeTable<G> {
    /// A table of `slots` slots, a power of two.
    fn new(slots: usize) -> Self {
        OutcomeTable {
            buckets: Self::empty_buckets(slots / 2).unwrap_or_else(|i| i.raise()),
            len: 0,
            max_slots: max_table_slots(std::mem::size_of::<Bucket<G>>() / 2),
        }
    }

    fn empty_buckets(n: usize) -> Result<Vec<Bucket<G>>, Interrupt> {
        memory::try_filled_vec(
            n,
            Bucket {
                slots: [None, None],
            },
            WHAT,
        )
    }

    fn slots(&self) -> usize {
        self.buckets.len() * 2
    }

    /// The bucket of an entry whose [`entry_hash`] is `hash`: from its top bits, mixed again
    /// (FxHash's low bits are weak; a shared table picks its shard from the top bits of
    /// another mix).
    fn bucket(&self, hash: u64) -> usize {
        let bits = self.buckets.len().trailing_zeros();
        (hash.wrapping_mul(0x2545_F491_4F6C_DD1D) >> (63 - bits) >> 1) as usize
    }

    /// Bytes of the slots (keys' heap data not included).
    fn bytes(&self) -> usize {
        self.buckets.len() * std::mem::size_of::<Bucket<G>>()
    }

    /// The result stored for `key` with `who` to move; `hash` is their [`entry_hash`].
    fn get(&self, key: &G, who: Player, hash: u64) -> Option<bool> {
        self.buckets[self.bucket(hash)]
            .slots
            .iter()
            .flatten()
            .find(|e| e.who == who && &e.key == key)
            .map(|e| e.wins)
    }

    fn insert(&mut self, key: G, who: Player, hash: u64, wins: bool, work: u64) {
        if self.len * 2 > self.slots() && self.slots() < self.max_slots {
            // checked against the memory limit beside the old slots, which live until
            // copied; a table that replaces entries works at any size, so without room it
            // stays at this one
            let Ok(doubled) = Self::empty_buckets(self.buckets.len() * 2) else {
                self.max_slots = self.slots();
                return self.insert(key, who, hash, wins, work);
            };
            let old = std::mem::replace(&mut self.buckets, doubled);
            self.len = 0;
            for e in old.into_iter().flat_map(|b| b.slots).flatten() {
                let h = entry_hash(&e.key, e.who);
                self.insert(e.key, e.who, h, e.wins, e.work as u64);
            }
        }
        let work = work.min(u32::MAX as u64) as u32;
        let b = self.bucket(hash);
        let slots = &mut self.buckets[b].slots;
        let slot = match (&slots[0], &slots[1]) {
            (None, _) => 0,
            (_, None) => 1,
            (Some(x), Some(y)) => {
                let weaker = if x.work <= y.work { 0 } else { 1 };
                let w = slots[weaker].as_ref().map_or(0, |e| e.work);
                if w > work {
                    return;
                }
                weaker
            }
        };
        if slots[slot].is_none() {
            self.len += 1;
        }
        slots[slot] = Some(Entry {
            key,
            who,
            wins,
            work,
        });
    }
}

/// Shards of the outcome table the workers of a parallel outcome search share: locks that
/// rarely meet.
const SHARDS: usize = 64;

/// The outcome table of a parallel outcome search, which all its workers read and write
/// (in shards, each behind its lock), and the flag that stops them once one has answered.
struct SharedOutcomes<G> {
    shards: Box<[Mutex<OutcomeTable<G>>]>,
    stop: AtomicBool,
}

impl<G: Game> SharedOutcomes<G> {
    fn new() -> Self {
        SharedOutcomes {
            shards: (0..SHARDS)
                .map(|_| {
                    let mut t = OutcomeTable::new(FIRST_SLOTS);
                    t.max_slots /= SHARDS;
                    Mutex::new(t)
                })
                .collect(),
            stop: AtomicBool::new(false),
        }
    }

    /// The shard of an entry whose [`entry_hash`] is `hash`, locked.
    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, OutcomeTable<G>> {
        // the top bits pick the shard; the table's bucket comes from the low ones
        let i = (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58) as usize;
        self.shards[i % SHARDS]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }
}

/// Where an [`OutcomeSearch`] keeps its results: its own table, or one shared with the
/// other workers of a parallel search.
enum Table<G> {
    Own(OutcomeTable<G>),
    Shared(Arc<SharedOutcomes<G>>),
}

impl<G: Game> Table<G> {
    /// [`OutcomeTable::get`] (`hash` is the [`entry_hash`] of `key` and `who`).
    fn get(&self, key: &G, who: Player, hash: u64) -> Option<bool> {
        match self {
            Table::Own(t) => t.get(key, who, hash),
            Table::Shared(s) => s.shard(hash).get(key, who, hash),
        }
    }

    fn insert(&mut self, key: G, who: Player, hash: u64, wins: bool, work: u64) {
        match self {
            Table::Own(t) => t.insert(key, who, hash, wins, work),
            Table::Shared(s) => s.shard(hash).insert(key, who, hash, wins, work),
        }
    }

    /// Bytes of this worker's table (of a shared one: none, it is counted once, by the
    /// search that made it).
    fn bytes(&self) -> usize {
        match self {
            Table::Own(t) => t.bytes(),
            Table::Shared(_) => 0,
        }
    }

    fn len(&self) -> usize {
        match self {
            Table::Own(t) => t.len,
            Table::Shared(_) => 0,
        }
    }

    /// Whether another worker has answered, so this one's search is moot.
    fn stopped(&self) -> bool {
        match self {
            Table::Own(_) => false,
            Table::Shared(s) => s.stop.load(Ordering::Relaxed),
        }
    }
}

/// Outcome search over positions of `G`.
pub struct OutcomeSearch<'a, G: Game> {
    local: LocalSearch<'a, G>,
    /// (normalised position, player to move) -> the player to move wins.
    table: Table<G>,
    /// Which worker of a parallel search this is (0 alone): worker 1 tries the moves of
    /// positions an odd number of moves from the root last first ([`parallel_outcome`]).
    worker: usize,
    /// Nodes searched so far (the work stored with each result).
    searched: u64,
    /// Positions decided by the move counts.
    pub bound_cuts: u64,
    /// Positions with at most this many moves (both players together) are valued exactly.
    exact_below: usize,
    /// Moves between the root and the position being searched.
    depth: usize,
    /// How far the search of the root got, for a report when a budget stops it.
    pub root: RootProgress,
    /// Move lists and their orders, free for the next node (one per node being searched
    /// at most).
    buffers: Vec<MoveBuffers<G>>,
}

/// A node's moves and their order words ([`order_word`]).
type MoveBuffers<G> = (Vec<SearchMove<G>>, Vec<i64>);

/// The root moves of the last [`OutcomeSearch::wins`] call: how many were searched to the
/// end (each a loss for the mover, or the last one a win) out of how many to try.
#[derive(Clone, Copy, Debug, Default)]
pub struct RootProgress {
    pub done: usize,
    pub moves: usize,
}

impl<'a, G: Game> OutcomeSearch<'a, G> {
    pub fn new(arena: &'a mut Arena, budget: Budget, exact_below: usize) -> Self {
        OutcomeSearch {
            local: LocalSearch::new(arena, budget),
            table: Table::Own(OutcomeTable::new(FIRST_SLOTS)),
            worker: 0,
            searched: 0,
            exact_below,
            bound_cuts: 0,
            depth: 0,
            root: RootProgress::default(),
            buffers: Vec::new(),
        }
    }

    /// Does `mover`, moving first in `pos`, win?
    pub fn wins(&mut self, pos: &G, mover: Player) -> bool {
        self.depth = 0;
        self.root = RootProgress::default();
        let bounds = pos.move_bounds();
        self.wins_bounded(pos, mover, bounds)
    }

    /// [`Self::wins`], except that a budget that stops it says how far the root got: how
    /// many of the mover's root moves were settled, and after how many nodes (for a search
    /// too long to finish, such as 9x9 Domineering, that is the report).
    pub fn wins_reporting(&mut self, pos: &G, mover: Player) -> bool {
        let run = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.wins(pos, mover)));
        match run {
            Ok(w) => w,
            Err(payload) => match payload.downcast_ref::<Interrupt>() {
                Some(Interrupt::Budget(m)) if !self.table.stopped() => {
                    let RootProgress { done, moves } = self.root;
                    let side = match mover {
                        Player::Left => "Left",
                        Player::Right => "Right",
                    };
                    Interrupt::Budget(format!(
                        "{m} (the outcome search with {side} moving first had settled {done} of {moves} first moves, {} nodes)",
                        self.local.stats().nodes
                    ))
                    .raise()
                }
                _ => std::panic::resume_unwind(payload),
            },
        }
    }

    /// [`Self::wins`] with the position's move counts already known.
    fn wins_bounded(&mut self, pos: &G, mover: Player, bounds: Option<MoveBounds>) -> bool {
        match self.bound_decision(pos, mover, bounds) {
            Some(w) => w,
            None => self.wins_searched(pos, mover, bounds),
        }
    }

    /// Whether `mover` wins `pos` moving first, if the move counts decide it (the simple
    /// counts, then the refined ones).
    fn bound_decision(
        &mut self,
        pos: &G,
        mover: Player,
        bounds: Option<MoveBounds>,
    ) -> Option<bool> {
        let mut b = bounds?;
        let decided = b.decide(mover).or_else(|| {
            pos.refine_bounds(&mut b, mover);
            b.decide(mover)
        });
        if decided.is_some() {
            self.bound_cuts += 1;
        }
        decided
    }

    /// [`Self::wins_bounded`] for a position the counts do not decide: from the table, by
    /// its exact value if small, else by searching its moves.
    fn wins_searched(&mut self, pos: &G, mover: Player, bounds: Option<MoveBounds>) -> bool {
        let (key, negated) = pos.normalize();
        // A negated representative exchanges the roles of the players.
        let who = if negated { mover.other() } else { mover };
        let hash = entry_hash(&key, who);
        if let Some(w) = self.table.get(&key, who, hash) {
            return w;
        }
        let before = self.searched;
        // Small positions are valued exactly: judged by the counts where the ruleset keeps
        // them (no more than `exact_below / 2` dominoes fit for both players together), else
        // by the moves of both players.
        let small = match bounds {
            Some(b) => (b.real[0] + b.real[1]) as usize * 2 <= self.exact_below,
            None => {
                key.moves(Player::Left).len() + key.moves(Player::Right).len() <= self.exact_below
            }
        };
        let w = if small || key.direct_value(self.local.arena()).is_some() {
            let v = self.local.value(&key);
            self.wins_from_value(v, who)
        } else {
            self.local.tick_holding(self.table.bytes());
            self.searched += 1;
            let theirs = who.other();
            let (me, them) = (who.index(), theirs.index());
            // buffers of the nodes above's size, reused instead of allocated at every node
            let (mut moves, mut order) = self.buffers.pop().unwrap_or_default();
            moves.clear();
            order.clear();
            key.search_moves(who, &mut moves);
            // Safe moves are played last: never while another move is left.
            let any_unsafe = moves.iter().any(|m| !m.safe);
            // Order key and index in one word (key above, index in the low [`INDEX_BITS`]),
            // sorted: the order of a stable sort by key, at the cost of sorting integers.
            order.extend(
                moves
                    .iter()
                    .enumerate()
                    .filter(|(_, m)| !(any_unsafe && m.safe))
                    .map(|(i, m)| {
                        // Bullock's ordering: the mover's real and safe moves minus the
                        // opponent's after the move, most first.
                        let score = m.bounds.map_or(0, |b| {
                            b.real[me] as i64 + b.safe[me] as i64
                                - b.real[them] as i64
                                - b.safe[them] as i64
                        });
                        order_word(-score * (1 << 20) - m.preference, i)
                    }),
            );
            order.sort_unstable();
            if self.worker % 2 == 1 && self.depth % 2 == 1 {
                order.reverse();
            }
            let root = self.depth == 0;
            if root {
                self.root.moves = order.len();
            }
            self.depth += 1;
            let mut wins = false;
            // The positions after the first few moves are judged by the counts before any
            // is searched: a later one the counts decide for the mover spares searching
            // those before it. `judged[n]`: whether the opponent wins after move n, where
            // the counts decide it.
            let counted = order.len().min(COUNTED_FIRST);
            let mut judged = [None; COUNTED_FIRST];
            for (n, &word) in order[..counted].iter().enumerate() {
                let m = &moves[move_index(word)];
                judged[n] = self.bound_decision(&m.after, theirs, m.bounds);
                if judged[n] == Some(false) {
                    wins = true;
                    if root {
                        self.root.done += 1;
                    }
                    break;
                }
            }
            let searched = if wins { &order[..0] } else { &order[..] };
            for (n, &word) in searched.iter().enumerate() {
                let m = &moves[move_index(word)];
                let theirs_win = if n >= counted {
                    self.wins_bounded(&m.after, theirs, m.bounds)
                } else if let Some(w) = judged[n] {
                    w
                } else {
                    self.wins_searched(&m.after, theirs, m.bounds)
                };
                wins = !theirs_win;
                if self.table.stopped() {
                    // another worker answered: what this one found below is unfinished
                    self.depth -= 1;
                    return false;
                }
                if root {
                    self.root.done += 1;
                }
                if wins {
                    break;
                }
            }
            self.depth -= 1;
            self.buffers.push((moves, order));
            wins
        };
        let work = self.searched - before;
        if !self.table.stopped() {
            self.table.insert(key, who, hash, w, work);
        }
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

    /// The counters so far (readable after a budget stopped the search).
    pub fn stats(&self) -> &SearchStats {
        self.local.stats()
    }

    pub fn finish(self) -> SearchStats {
        let table = self.table.len();
        let mut s = self.local.finish();
        s.table_size += table;
        s
    }
}

/// Who wins `pos` moving first, Left and then Right, searched by `threads` workers at once
/// (lazy SMP: each searches from the root with its own arena, all sharing one outcome
/// table). Worker 0 tries each position's moves best first; worker 1 does too where the root
/// player is to move, but last first where the opponent is. When the root player wins, those
/// are the positions where every move must be refuted, so the two work from opposite ends of
/// their move lists and meet in the shared table; the moves that should win are still tried
/// first. The first worker to answer stops the others (they store nothing after that). The
/// answers are those of one worker alone; only the work differs. `exact_below` is
/// [`OutcomeSearch::new`]'s.
pub fn parallel_outcome<G: Game>(
    arena: &mut Arena,
    pos: &G,
    threads: usize,
    budget: Budget,
    exact_below: usize,
) -> (bool, bool, SearchStats) {
    let start = std::time::Instant::now();
    if threads <= 1 {
        let mut search = OutcomeSearch::new(arena, budget, exact_below);
        let left = search.wins_reporting(pos, Player::Left);
        let right = search.wins_reporting(pos, Player::Right);
        let mut stats = search.finish();
        stats.elapsed = start.elapsed();
        return (left, right, stats);
    }
    let shared = Arc::new(SharedOutcomes::<G>::new());
    let mut stats = SearchStats {
        threads,
        ..Default::default()
    };
    let mut answers = [false; 2];
    for (i, mover) in [Player::Left, Player::Right].into_iter().enumerate() {
        shared.stop.store(false, Ordering::Relaxed);
        let mut handles = Vec::new();
        for worker in 0..threads {
            let (shared, pos) = (shared.clone(), pos.clone());
            let handle = spawn_worker(budget, move || {
                // a worker that stops on an error stops the others too
                let _stopping = StopOnPanic(&shared.stop);
                let mut arena = Arena::new();
                let mut search = OutcomeSearch::new(&mut arena, budget, exact_below);
                search.table = Table::Shared(shared.clone());
                search.worker = worker;
                let wins = search.wins_reporting(&pos, mover);
                // the first to get here answered; the others were stopped (or agree)
                let first = !shared.stop.swap(true, Ordering::Relaxed);
                (first.then_some(wins), search.finish())
            });
            handles.push(handle);
        }
        let mut answer = None;
        let mut failure = None;
        for h in handles {
            match h.join() {
                Ok((wins, s)) => {
                    stats.merge(&s);
                    answer = answer.or(wins);
                }
                Err(payload) => failure = failure.or(Some(payload)),
            }
        }
        match (answer, failure) {
            (Some(w), _) => answers[i] = w,
            (None, Some(p)) => std::panic::resume_unwind(p),
            (None, None) => unreachable!("a worker that was not stopped answers"),
        }
    }
    stats.table_size += shared
        .shards
        .iter()
        .map(|s| s.lock().unwrap_or_else(PoisonError::into_inner).len)
        .sum::<usize>();
    stats.elapsed = start.elapsed();
    (answers[0], answers[1], stats)
}

/// Sets the stop flag of a parallel outcome search if its worker unwinds.
struct StopOnPanic<'a>(&'a AtomicBool);

impl Drop for StopOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::Rng;

    /// Sorting order words sorts by key, then by index (a stable sort by key), and each word
    /// gives back its index; keys beyond the word's range are clamped without reversing the
    /// order.
    #[test]
    fn order_words_sort_as_key_index_pairs() {
        let mut rng = Rng::xorshift64(5);
        for _ in 0..200 {
            let n = 1 + rng.below(40);
            let keys: Vec<i64> = (0..n)
                .map(|_| rng.below(2001) as i64 - 1000 - 1000 * (1 << 20))
                .collect();
            let mut pairs: Vec<(i64, usize)> = keys.iter().copied().zip(0..n).collect();
            let mut words: Vec<i64> = pairs.iter().map(|&(k, i)| order_word(k, i)).collect();
            pairs.sort_unstable();
            words.sort_unstable();
            let by_words: Vec<usize> = words.into_iter().map(move_index).collect();
            let by_pairs: Vec<usize> = pairs.into_iter().map(|(_, i)| i).collect();
            assert_eq!(by_words, by_pairs);
        }
        let (low, high) = (order_word(i64::MIN, 3), order_word(i64::MAX, 2));
        assert!(low < order_word(0, 0) && order_word(0, 0) < high);
        assert_eq!((move_index(low), move_index(high)), (3, 2));
    }
}
