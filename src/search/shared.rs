//! What the workers of a parallel value search share: which components are finished, with
//! their values in a [`SharedStore`], and which one of them is searching now.
//!
//! Each worker searches the whole position with its own arena and table, in its own order
//! of options, and claims a component before searching it. A component another worker has
//! finished is imported instead of searched; one another worker is searching is put off to
//! the end of the node's list, and if it is still unfinished then, searched again alongside
//! (its options in this worker's order): no worker ever waits for another.

use std::sync::Mutex;
use std::sync::PoisonError;
use std::sync::atomic::{AtomicUsize, Ordering};

use rustc_hash::FxHashMap;

use crate::game::shared::{SharedId, SharedStore};

/// Shards of the claim table (locks that rarely meet).
const SHARDS: usize = 64;

/// A component's state in the claim table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A worker is searching it.
    Busy,
    /// Its value, in the shared store.
    Done(SharedId),
}

/// The claim table and the store of the values it names.
pub struct SharedTable<G> {
    shards: Box<[Mutex<FxHashMap<G, Claim>>]>,
    pub store: SharedStore,
    /// The first worker that stopped on an error (`usize::MAX`: none): the others stop
    /// waiting for its claims, and its error is the search's.
    failed: AtomicUsize,
}

impl<G: std::hash::Hash + Eq + Clone> Default for SharedTable<G> {
    fn default() -> Self {
        SharedTable::new()
    }
}

impl<G: std::hash::Hash + Eq + Clone> SharedTable<G> {
    pub fn new() -> SharedTable<G> {
        SharedTable {
            shards: (0..SHARDS).map(|_| Mutex::default()).collect(),
            store: SharedStore::new(),
            failed: AtomicUsize::new(usize::MAX),
        }
    }

    /// The shard of a key whose table hash is `hash` (the bits below the slot's).
    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, FxHashMap<G, Claim>> {
        self.shards[(hash >> 32) as usize % SHARDS]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// The state of `key`, if any worker has claimed it.
    pub fn peek(&self, key: &G, hash: u64) -> Option<Claim> {
        self.shard(hash).get(key).copied()
    }

    /// Claims `key` for the caller: `None` if it was free (it is now the caller's, who must
    /// [`Self::finish`] it), else its state.
    pub fn claim(&self, key: &G, hash: u64) -> Option<Claim> {
        let mut shard = self.shard(hash);
        match shard.get(key) {
            Some(&c) => Some(c),
            None => {
                shard.insert(key.clone(), Claim::Busy);
                None
            }
        }
    }

    /// Records the value of a key the caller claimed or searched alongside its claimer (both
    /// find the same canonical value, so the same shared id).
    pub fn finish(&self, key: G, hash: u64, value: SharedId) {
        self.shard(hash).insert(key, Claim::Done(value));
    }

    /// Tells the other workers that worker `index` stopped (their waits end).
    pub fn fail(&self, index: usize) {
        let _ =
            self.failed
                .compare_exchange(usize::MAX, index, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The first worker that stopped on an error, if one did.
    pub fn failed(&self) -> Option<usize> {
        Some(self.failed.load(Ordering::Relaxed)).filter(|&i| i != usize::MAX)
    }

    /// Components claimed in all.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(PoisonError::into_inner).len())
            .sum()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}
