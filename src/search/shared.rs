//! What the workers of a parallel value search share: which components are finished, with
//! their values in a [`SharedStore`], and which one of them is searching now.
//!
//! Each worker searches the whole position with its own arena, in its own order of options,
//! and (where there are more than two workers) claims a component before searching it. A
//! component another worker has finished is imported instead of searched; one another worker
//! is searching is put off to the end of the node's list, and if it is still unfinished then,
//! searched again alongside (its options in this worker's order): no worker ever waits for
//! another. The claim table is also the workers' value table (a finished component's state is
//! its value).
//!
//! Two workers claim nothing: one takes each node's options first to last, the other last to
//! first, so they seldom meet in a component the other is searching, and a claim (a
//! compare-and-swap on a slot whose line the other worker may hold) costs more than the few
//! components both then search. Each records what it finishes, and a lookup finds it done.
//! Two workers, interleaved runs, medians, with claims and without: Fission 5x6 0.395 ->
//! 0.380 s, Konane 5x5 with three holes 0.170 -> 0.164 s, Ski Jumps 5x6 0.340 -> 0.325 s,
//! Toads and Frogs 0.145 -> 0.137 s, Domineering 6x5 0.920 -> 0.911 s, the nodes the same
//! within 0.05%. With more workers, two share each order, and claims keep them apart.
//!
//! A claim is one probe of a lock-free open-addressed [`ClaimTable`] (huge pages), whose slot
//! the worker prefetched before it looked the component up; with a lock per shard instead,
//! claims and finishes took 17% of a two-worker Konane search (the claim table's doc has the
//! split).

use std::sync::atomic::{AtomicUsize, Ordering};

use super::claims::ClaimTable;
pub use super::claims::{Claim, OWN_ROTATION};
use crate::game::shared::{SharedId, SharedStore};

/// Workers of a search beyond which they claim components before searching them (the
/// module doc).
const CLAIM_ABOVE_WORKERS: usize = 2;

/// The claim table and the store of the values it names.
pub struct SharedTable<G> {
    claims: ClaimTable<G>,
    /// Whether the workers claim components ([`CLAIM_ABOVE_WORKERS`]).
    claiming: bool,
    pub store: SharedStore,
    /// The first worker that stopped on an error (`usize::MAX`: none): its error is the
    /// search's (the others may have stopped on one of their own, or gone on).
    failed: AtomicUsize,
}

impl<G: std::hash::Hash + Eq + Clone> SharedTable<G> {
    /// The table of a search by `workers` workers, numbered from 0.
    pub fn new(workers: usize) -> SharedTable<G> {
        SharedTable {
            claims: ClaimTable::new(workers),
            claiming: workers > CLAIM_ABOVE_WORKERS,
            store: SharedStore::new(),
            failed: AtomicUsize::new(usize::MAX),
        }
    }

    /// Asks the processor to bring the claim slot of a key whose table hash is `hash` into
    /// cache (a worker is about to look the key up, and claim it if it is missing).
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        self.claims.prefetch(hash);
    }

    /// Claims `key` for `worker`: `None` if it was free (it is now the worker's, who must
    /// [`Self::finish`] it) or the workers claim nothing (the module doc), else its state.
    #[inline]
    pub fn claim(&self, worker: usize, key: &G, hash: u64) -> Option<Claim> {
        if !self.claiming {
            return None;
        }
        self.claims.claim(worker, key, hash)
    }

    /// The state of `key` if some worker has met it, read without claiming (and without a
    /// fence: [`ClaimTable::lookup`]).
    #[inline]
    pub fn lookup(&self, key: &G, hash: u64) -> Option<Claim> {
        self.claims.lookup(key, hash)
    }

    /// Announces that `worker` reads no slot of the table now (between lookups), so that
    /// arrays the table has outgrown can be freed ([`ClaimTable::quiescent`]).
    #[inline]
    pub fn quiescent(&self, worker: usize) {
        self.claims.quiescent(worker);
    }

    /// Records the value of a key `worker` claimed or searched alongside its claimer (both
    /// find the same canonical value); whether it is recorded (not while the key's shard is
    /// resized, or full and refused growth).
    #[inline]
    pub fn finish(&self, worker: usize, key: &G, hash: u64, value: SharedId) -> bool {
        self.claims.finish(worker, key, hash, value)
    }

    /// The components the workers have met.
    pub fn met(&self) -> usize {
        self.claims.met()
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
