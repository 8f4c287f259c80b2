//! Bounded memo tables: [`BoundedCache`], behind every memo of the calculator (the printer's,
//! the thermographs, threat games, the analysis layer and the searches' raw-position caches),
//! [`SharedCache`], one the whole process shares, and [`PairCache`], the algebra's sum and
//! comparison caches on the hot path of every search.

use std::hash::Hash;
use std::sync::{Mutex, OnceLock, PoisonError};

use rustc_hash::FxHashMap;

/// A memo table that forgets everything when it reaches its capacity, so a long session never
/// runs out of memory through its caches. Cheap and predictable: lookups are one hash probe.
pub struct BoundedCache<K, V> {
    map: FxHashMap<K, V>,
    capacity: usize,
    hits: u64,
    misses: u64,
    flushes: u64,
}

impl<K: Hash + Eq, V: Clone> BoundedCache<K, V> {
    pub fn new(capacity: usize) -> Self {
        BoundedCache {
            map: FxHashMap::default(),
            capacity: capacity.max(1),
            hits: 0,
            misses: 0,
            flushes: 0,
        }
    }

    /// The remembered value (a clone: values are ids, small vectors or `Arc`s).
    #[inline]
    pub fn get(&mut self, key: &K) -> Option<V> {
        match self.map.get(key) {
            Some(v) => {
                self.hits += 1;
                Some(v.clone())
            }
            None => {
                self.misses += 1;
                None
            }
        }
    }

    /// Remembers `value`, first forgetting everything if the table is full.
    #[inline]
    pub fn insert(&mut self, key: K, value: V) {
        // full, or no memory for a larger table (the memory limit, or the system's): forget
        if self.map.len() >= self.capacity || !super::memory::try_reserve_map(&mut self.map, 1) {
            self.map.clear();
            self.flushes += 1;
        }
        self.map.insert(key, value);
    }

    pub fn len(&self) -> usize {
        self.map.len()
    }

    pub fn is_empty(&self) -> bool {
        self.map.is_empty()
    }

    /// Bytes of the table (entries and control bytes; not heap data the entries own), for
    /// memory budgets.
    pub fn approx_bytes(&self) -> usize {
        super::memory::map_bytes::<K, V>(self.map.capacity())
    }

    pub fn stats(&self) -> CacheStats {
        CacheStats {
            len: self.map.len(),
            capacity: self.capacity,
            hits: self.hits,
            misses: self.misses,
            flushes: self.flushes,
        }
    }

    pub fn clear(&mut self) {
        self.map.clear();
    }

    /// Empties the table and returns its entries (to re-key them, as `:gc` does).
    pub fn take_entries(&mut self) -> Vec<(K, V)> {
        std::mem::take(&mut self.map).into_iter().collect()
    }
}

/// A [`BoundedCache`] that the whole process shares, for a memo of a pure function that
/// belongs to no session (Domineering's race for sure moves): made on first use, behind a
/// lock, and listed by `:stats` ([`shared_stats`]).
pub struct SharedCache<K, V> {
    name: &'static str,
    capacity: usize,
    cache: OnceLock<Mutex<BoundedCache<K, V>>>,
}

/// Every [`SharedCache`] used so far.
static SHARED: Mutex<Vec<&'static dyn SharedStats>> = Mutex::new(Vec::new());

impl<K: Hash + Eq + Send + 'static, V: Clone + Send + 'static> SharedCache<K, V> {
    pub const fn new(name: &'static str, capacity: usize) -> Self {
        SharedCache {
            name,
            capacity,
            cache: OnceLock::new(),
        }
    }

    /// Runs `f` on the table, holding its lock (so `f` must not call `with` on it again).
    pub fn with<R>(&'static self, f: impl FnOnce(&mut BoundedCache<K, V>) -> R) -> R {
        let cache = self.cache.get_or_init(|| {
            lock(&SHARED).push(self);
            Mutex::new(BoundedCache::new(self.capacity))
        });
        f(&mut lock(cache))
    }
}

/// A lock's contents, also after a panic elsewhere while it was held (an interrupt unwinds
/// through memo code; an entry is written whole or not at all).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

/// A [`SharedCache`] of any key and value type, as `:stats` reads it.
trait SharedStats: Sync {
    fn named_stats(&self) -> Option<NamedStats>;
}

impl<K: Hash + Eq + Send, V: Clone + Send> SharedStats for SharedCache<K, V> {
    fn named_stats(&self) -> Option<NamedStats> {
        Some((self.name, lock(self.cache.get()?).stats()))
    }
}

/// The statistics of every [`SharedCache`] used so far, for `:stats`.
pub fn shared_stats() -> Vec<NamedStats> {
    lock(&SHARED)
        .iter()
        .filter_map(|c| c.named_stats())
        .collect()
}

/// A lossy memo for operations on two games (sums, comparisons): a direct-mapped table in
/// which a new entry takes over its slot from whatever held it. A lookup reads one 16-byte
/// slot, key and value together, so it costs at most one cache miss (a hash map costs two: its
/// control bytes, then the entry), and the slot can be prefetched while other work goes on.
/// It starts small and doubles whenever it is half full, up to `capacity` slots; it never
/// flushes on its own (`flushes` counts [`PairCache::clear`]).
pub struct PairCache {
    /// `[key, value]`; key 0 marks an empty slot ([`pair_key`] is never 0).
    slots: Vec<[u64; 2]>,
    bits: u32,
    max_bits: u32,
    /// Growth was refused for want of memory: the cache keeps its size until cleared.
    stalled: bool,
    used: usize,
    hits: u64,
    misses: u64,
    flushes: u64,
}

/// A [`PairCache`]'s name in an error about memory.
const PAIR_WHAT: &str = "a sum or comparison cache";

/// Slots of a new [`PairCache`].
const PAIR_INITIAL_BITS: u32 = 10;

/// The key of the pair `(a, b)`: both ids in one word, plus one so that no key is 0.
#[inline]
fn pair_key(a: u32, b: u32) -> u64 {
    ((a as u64) << 32 | b as u64).wrapping_add(1)
}

impl PairCache {
    pub fn new(capacity: usize) -> Self {
        let max_bits = capacity.max(1).next_power_of_two().trailing_zeros();
        let bits = PAIR_INITIAL_BITS.min(max_bits);
        PairCache {
            slots: super::pages::huge_vec(1 << bits, [0; 2], PAIR_WHAT),
            bits,
            max_bits,
            stalled: false,
            used: 0,
            hits: 0,
            misses: 0,
            flushes: 0,
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// The remembered value of the pair `(a, b)`.
    #[inline]
    pub fn get(&mut self, a: u32, b: u32) -> Option<u32> {
        let key = pair_key(a, b);
        let [k, v] = self.slots[self.slot(key)];
        if k == key {
            self.hits += 1;
            Some(v as u32)
        } else {
            self.misses += 1;
            None
        }
    }

    /// Remembers `value` for the pair `(a, b)`, replacing the slot's previous entry.
    #[inline]
    pub fn insert(&mut self, a: u32, b: u32, value: u32) {
        let key = pair_key(a, b);
        let i = self.slot(key);
        if self.slots[i][0] == 0 {
            self.used += 1;
            if self.used * 2 > self.slots.len()
                && self.bits < self.max_bits
                && !self.stalled
                && self.grow()
            {
                return self.insert(a, b, value);
            }
        }
        self.slots[i] = [key, value as u64];
    }

    /// Doubles the table; when that does not fit under the memory limit (or the system
    /// refuses it), stops growing instead: a lossy cache works at any size. Returns whether it
    /// grew.
    fn grow(&mut self) -> bool {
        let slots = 1 << (self.bits + 1);
        let Ok(fresh) = super::pages::try_huge_vec(slots, [0; 2], PAIR_WHAT) else {
            self.stalled = true;
            return false;
        };
        self.bits += 1;
        let old = std::mem::replace(&mut self.slots, fresh);
        self.used = 0;
        for [k, v] in old.into_iter().filter(|s| s[0] != 0) {
            let i = self.slot(k);
            if self.slots[i][0] == 0 {
                self.used += 1;
            }
            self.slots[i] = [k, v];
        }
        true
    }

    /// Asks the processor to bring the slot of `(a, b)` into cache (no effect on contents).
    #[inline]
    pub fn prefetch(&self, a: u32, b: u32) {
        super::pages::prefetch(&self.slots[self.slot(pair_key(a, b))]);
    }

    pub fn len(&self) -> usize {
        self.used
    }

    pub fn is_empty(&self) -> bool {
        self.used == 0
    }

    /// Bytes held by the slots.
    pub fn approx_bytes(&self) -> usize {
        self.slots.len() * 16
    }

    pub fn stats(&self) -> CacheStats {
        CacheStats {
            len: self.used,
            capacity: 1 << self.max_bits,
            hits: self.hits,
            misses: self.misses,
            flushes: self.flushes,
        }
    }

    /// Forgets everything and shrinks back to the initial size.
    pub fn clear(&mut self) {
        *self = PairCache {
            hits: self.hits,
            misses: self.misses,
            flushes: self.flushes + 1,
            ..PairCache::new(1 << self.max_bits)
        };
    }
}

/// Size and hit counts of one cache, for `:stats`.
#[derive(Clone, Copy, Debug, Default)]
pub struct CacheStats {
    pub len: usize,
    pub capacity: usize,
    pub hits: u64,
    pub misses: u64,
    pub flushes: u64,
}

impl CacheStats {
    /// Several caches counted as one (sizes, capacities and counts added).
    pub fn total(all: impl IntoIterator<Item = CacheStats>) -> CacheStats {
        all.into_iter()
            .fold(CacheStats::default(), |t, c| CacheStats {
                len: t.len + c.len,
                capacity: t.capacity + c.capacity,
                hits: t.hits + c.hits,
                misses: t.misses + c.misses,
                flushes: t.flushes + c.flushes,
            })
    }

    pub fn hit_rate(&self) -> f64 {
        let total = self.hits + self.misses;
        if total == 0 {
            0.0
        } else {
            self.hits as f64 / total as f64
        }
    }
}

/// A named cache's statistics, as `:stats` lists them.
pub type NamedStats = (&'static str, CacheStats);

#[cfg(test)]
mod tests {
    use super::{BoundedCache, PairCache, SharedCache, shared_stats};

    /// Remembers what it was told through its growths, forgets only by replacement, and
    /// never answers for a pair it was not told.
    #[test]
    fn pair_cache_answers_only_what_it_was_told() {
        let mut c = PairCache::new(1 << 12);
        let mut told = std::collections::HashMap::new();
        for i in 0..20_000u32 {
            let (a, b) = (i % 997, i / 3);
            c.insert(a, b, i);
            told.insert((a, b), i);
        }
        let mut found = 0;
        for (&(a, b), &v) in &told {
            if let Some(x) = c.get(a, b) {
                assert_eq!(x, v);
                found += 1;
            }
        }
        assert!(found > 1000, "{found}");
        assert_eq!(c.get(5000, 5000), None);
        assert!(c.approx_bytes() <= (1 << 12) * 16);
        c.insert(0, 0, 7);
        assert_eq!(c.get(0, 0), Some(7));
        c.clear();
        assert_eq!((c.get(0, 0), c.stats().flushes, c.len()), (None, 1, 0));
    }

    #[test]
    fn flushes_when_full_and_counts() {
        let mut c: BoundedCache<u32, u32> = BoundedCache::new(2);
        c.insert(1, 10);
        c.insert(2, 20);
        assert_eq!(c.get(&1), Some(10));
        c.insert(3, 30);
        let s = c.stats();
        assert_eq!((s.len, s.flushes, s.hits), (1, 1, 1));
        assert_eq!(c.get(&1), None);
        assert_eq!(c.stats().misses, 1);
    }

    /// A shared memo is listed once it has been used, and flushes at its capacity like any
    /// [`BoundedCache`].
    #[test]
    fn shared_cache_is_bounded_and_listed() {
        static SQUARES: SharedCache<u32, u32> = SharedCache::new("test squares", 3);
        let listed = || {
            shared_stats()
                .into_iter()
                .find(|(n, _)| *n == "test squares")
        };
        assert!(listed().is_none());
        for i in 0..5 {
            SQUARES.with(|c| c.insert(i, i * i));
        }
        assert_eq!(SQUARES.with(|c| c.get(&4)), Some(16));
        let (_, s) = listed().expect("listed after use");
        // 3 entries fill it; the 4th flushes, leaving 4 and 5 (keys 3 and 4)
        assert_eq!((s.len, s.capacity, s.flushes, s.hits), (2, 3, 1, 1));
    }
}
