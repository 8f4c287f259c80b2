//! Bounded memo tables for operations on game ids.

use std::hash::Hash;

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

impl<K: Hash + Eq, V: Copy> BoundedCache<K, V> {
    pub fn new(capacity: usize) -> Self {
        BoundedCache {
            map: FxHashMap::default(),
            capacity,
            hits: 0,
            misses: 0,
            flushes: 0,
        }
    }

    #[inline]
    pub fn get(&mut self, key: &K) -> Option<V> {
        match self.map.get(key) {
            Some(v) => {
                self.hits += 1;
                Some(*v)
            }
            None => {
                self.misses += 1;
                None
            }
        }
    }

    #[inline]
    pub fn insert(&mut self, key: K, value: V) {
        if self.map.len() >= self.capacity {
            self.map.clear();
            self.flushes += 1;
        }
        self.map.insert(key, value);
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
}

/// Size and hit counts of one cache, for `:stats`.
#[derive(Clone, Copy, Debug)]
pub struct CacheStats {
    pub len: usize,
    pub capacity: usize,
    pub hits: u64,
    pub misses: u64,
    pub flushes: u64,
}

impl CacheStats {
    pub fn hit_rate(&self) -> f64 {
        let total = self.hits + self.misses;
        if total == 0 {
            0.0
        } else {
            self.hits as f64 / total as f64
        }
    }
}
