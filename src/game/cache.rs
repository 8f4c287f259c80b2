//! Bounded memo tables: the one cache type behind every memo of the calculator (the algebra's
//! operation caches, the printer's, the thermographs, threat games, the analysis layer and the
//! searches' raw-position caches).

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
        if self.map.len() >= self.capacity {
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

    /// Bytes held, roughly (entries and hash-table overhead), for memory budgets.
    pub fn approx_bytes(&self) -> usize {
        self.map.capacity() * (std::mem::size_of::<K>() + std::mem::size_of::<V>() + 8)
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

/// A named cache's statistics, as `:stats` lists them.
pub type NamedStats = (&'static str, CacheStats);

#[cfg(test)]
mod tests {
    use super::BoundedCache;

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
}
