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

use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::hash::BuildHasherDefault;

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

/// A key with its table hash, which is all the claim table hashes (the worker computed it
/// once already, for its own table).
#[derive(Clone, PartialEq, Eq)]
struct Hashed<G> {
    hash: u64,
    key: G,
}

impl<G> std::hash::Hash for Hashed<G> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

/// Hashes a [`Hashed`] key by its hash alone.
#[derive(Default)]
struct PassThrough(u64);

impl std::hash::Hasher for PassThrough {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ b as u64;
        }
    }

    /// The table hash's high bits are its good ones (it is a product): the map indexes
    /// buckets by the low bits, so they are rotated down (the shard took the top six).
    fn write_u64(&mut self, n: u64) {
        self.0 = n.rotate_left(32);
    }
}

type ClaimMap<G> = HashMap<Hashed<G>, Claim, BuildHasherDefault<PassThrough>>;

/// The claim table and the store of the values it names.
pub struct SharedTable<G> {
    shards: Box<[Mutex<ClaimMap<G>>]>,
    pub store: SharedStore,
    /// The first worker that stopped on an error (`usize::MAX`: none): its error is the
    /// search's (the others may have stopped on one of their own, or gone on).
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

    /// The shard of a key whose table hash is `hash` (its top bits).
    fn shard(&self, hash: u64) -> std::sync::MutexGuard<'_, ClaimMap<G>> {
        self.shards[(hash >> (64 - SHARDS.trailing_zeros())) as usize]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Claims `key` for the caller: `None` if it was free (it is now the caller's, who must
    /// [`Self::finish`] it), else its state.
    pub fn claim(&self, key: &G, hash: u64) -> Option<Claim> {
        let key = Hashed {
            hash,
            key: key.clone(),
        };
        match self.shard(hash).entry(key) {
            Entry::Occupied(e) => Some(*e.get()),
            Entry::Vacant(e) => {
                e.insert(Claim::Busy);
                None
            }
        }
    }

    /// Records the value of a key the caller claimed or searched alongside its claimer (both
    /// find the same canonical value, so the same shared id).
    pub fn finish(&self, key: G, hash: u64, value: SharedId) {
        self.shard(hash)
            .insert(Hashed { hash, key }, Claim::Done(value));
    }

    /// Records that worker `index` stopped on an error, unless another did first.
    pub fn fail(&self, index: usize) {
        let _ =
            self.failed
                .compare_exchange(usize::MAX, index, Ordering::Relaxed, Ordering::Relaxed);
    }

    /// The first worker that stopped on an error, if one did.
    pub fn failed(&self) -> Option<usize> {
        Some(self.failed.load(Ordering::Relaxed)).filter(|&i| i != usize::MAX)
    }
}
