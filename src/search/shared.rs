//! What the workers of a parallel value search share: which components are finished, with
//! their values in a [`SharedStore`], and which one of them is searching now.
//!
//! Each worker searches the whole position with its own arena and table, in its own order
//! of options, and claims a component before searching it. A component another worker has
//! finished is imported instead of searched; one another worker is searching is put off to
//! the end of the node's list, and if it is still unfinished then, searched again alongside
//! (its options in this worker's order): no worker ever waits for another.
//!
//! A claim is one lookup in an open-addressed [`ValueTable`] of a few large shards (huge
//! pages; a lock each, on its own cache line), whose slot the worker prefetched when its own
//! table missed: the claim's cache miss was most of its cost (18% of a two-worker Fission
//! search with a general hash map of 64 small shards, 10% so).

use std::sync::Mutex;
use std::sync::PoisonError;
use std::sync::atomic::{AtomicU32, AtomicUsize, Ordering};

use super::table::{SlotValue, ValueTable, slot_address, table_hash};
use crate::game::pages;
use crate::game::shared::{SharedId, SharedStore};

/// Shards of the claim table: locks that rarely meet, and tables large enough for huge pages
/// (a table of 64 shards missed the TLB on nearly every claim).
const SHARDS: usize = 8;

/// A component's state in the claim table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A worker is searching it.
    Busy,
    /// Its value, in the shared store.
    Done(SharedId),
}

/// A [`Claim`] in one word, as the claim table stores it: a shared id, or one of the two
/// largest words for a busy component and an empty slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ClaimWord(u32);

impl SlotValue for ClaimWord {
    const EMPTY: ClaimWord = ClaimWord(u32::MAX);
}

impl ClaimWord {
    const BUSY: ClaimWord = ClaimWord(u32::MAX - 1);

    fn of(claim: Claim) -> ClaimWord {
        match claim {
            Claim::Busy => ClaimWord::BUSY,
            Claim::Done(id) => {
                assert!(
                    id.0 < ClaimWord::BUSY.0,
                    "shared ids stay below the busy mark"
                );
                ClaimWord(id.0)
            }
        }
    }

    fn claim(self) -> Claim {
        if self == ClaimWord::BUSY {
            Claim::Busy
        } else {
            Claim::Done(SharedId(self.0))
        }
    }
}

/// A key with its hash in the worker's table, which is all the claim table hashes (the
/// worker computed it once already).
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

/// One shard: its lock on a cache line of its own, so that two workers locking neighbouring
/// shards do not take the line from each other; and its table's [`ValueTable::layout`] as
/// last seen under the lock, for prefetching a slot without taking it (a stale layout only
/// makes the prefetch miss). The layout has a line of its own too, written only when the
/// table moves: every claim reads it, and a line the other worker had just written would
/// cost each of them a transfer between cores.
#[repr(align(128))]
struct Shard<G> {
    table: Mutex<ValueTable<Hashed<G>, ClaimWord>>,
    layout: Layout,
}

/// Where a shard's table lies ([`ValueTable::layout`]).
#[repr(align(128))]
struct Layout {
    start: AtomicUsize,
    bits: AtomicU32,
}

impl<G: Clone + Eq> Shard<G> {
    fn new() -> Shard<G> {
        Shard {
            table: Mutex::new(ValueTable::new()),
            layout: Layout {
                start: AtomicUsize::new(0),
                bits: AtomicU32::new(0),
            },
        }
    }
}

type MutexGuard<'a, G> = std::sync::MutexGuard<'a, ValueTable<Hashed<G>, ClaimWord>>;

/// The claim table and the store of the values it names.
pub struct SharedTable<G> {
    shards: Box<[Shard<G>]>,
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
            shards: (0..SHARDS).map(|_| Shard::new()).collect(),
            store: SharedStore::new(),
            failed: AtomicUsize::new(usize::MAX),
        }
    }

    /// The shard of a key whose table hash is `hash` (its top bits), and the hash of the key
    /// in that shard's table (the table takes its slots from the top bits too).
    fn shard(&self, hash: u64) -> (&Shard<G>, MutexGuard<'_, G>, u64) {
        let shard = self.shard_of(hash);
        let guard = shard.table.lock().unwrap_or_else(PoisonError::into_inner);
        (shard, guard, table_hash(&hash))
    }

    fn shard_of(&self, hash: u64) -> &Shard<G> {
        &self.shards[(hash >> (64 - SHARDS.trailing_zeros())) as usize]
    }

    /// Asks the processor to bring the claim slot of a key whose table hash is `hash` into
    /// cache, without locking its shard (a worker that missed its own table is about to
    /// claim the key).
    pub fn prefetch(&self, hash: u64) {
        let shard = self.shard_of(hash);
        let bits = shard.layout.bits.load(Ordering::Relaxed);
        if bits != 0 {
            let start = shard.layout.start.load(Ordering::Relaxed);
            let slot = slot_address::<Hashed<G>, ClaimWord>((start, bits), table_hash(&hash));
            pages::prefetch_address(slot);
        }
    }

    /// Claims `key` for the caller: `None` if it was free (it is now the caller's, who must
    /// [`Self::finish`] it), else its state.
    pub fn claim(&self, key: &G, hash: u64) -> Option<Claim> {
        let key = Hashed {
            hash,
            key: key.clone(),
        };
        let (shard, mut table, h) = self.shard(hash);
        match table.get(&key, h) {
            Some(word) => Some(word.claim()),
            None => {
                table.insert(key, h, ClaimWord::BUSY);
                let (start, bits) = table.layout();
                let layout = &shard.layout;
                if layout.start.load(Ordering::Relaxed) != start {
                    layout.start.store(start, Ordering::Relaxed);
                    layout.bits.store(bits, Ordering::Relaxed);
                }
                None
            }
        }
    }

    /// Records the value of a key the caller claimed or searched alongside its claimer (both
    /// find the same canonical value, so the same shared id).
    pub fn finish(&self, key: G, hash: u64, value: SharedId) {
        let key = Hashed { hash, key };
        let (_, mut table, h) = self.shard(hash);
        table.set(&key, h, ClaimWord::of(Claim::Done(value)));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::table::ValueTable;

    /// A key is free once, busy until finished, then done with the finisher's value; keys
    /// whose table hashes share a shard (and a home slot) stay apart.
    #[test]
    fn claims_go_free_busy_done() {
        let t: SharedTable<u64> = SharedTable::new();
        let keys: Vec<u64> = (0..5000).collect();
        for &k in &keys {
            let h = ValueTable::hash(&k);
            assert_eq!(t.claim(&k, h), None, "key {k} starts free");
            assert_eq!(t.claim(&k, h), Some(Claim::Busy));
        }
        for &k in &keys {
            t.finish(k, ValueTable::hash(&k), SharedId(k as u32 * 3));
        }
        for &k in &keys {
            let h = ValueTable::hash(&k);
            assert_eq!(t.claim(&k, h), Some(Claim::Done(SharedId(k as u32 * 3))));
        }
        // one hash for two keys: the claim table compares keys, not hashes alone
        assert_eq!(t.claim(&1_000_000, 42), None);
        assert_eq!(t.claim(&1_000_001, 42), None);
        assert_eq!(t.claim(&1_000_000, 42), Some(Claim::Busy));
    }
}
