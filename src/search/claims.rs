//! The claim table of a parallel value search ([`super::shared`]): for each component some
//! worker has met, whether a worker is searching it or which shared value it has, read and
//! written by the workers without locks.
//!
//! Every node of a parallel search claims its component, and a worker finishing it records
//! its value, so the table is on the hot path of each worker. Behind a lock per shard, claims
//! and finishes took 17% of a two-worker Konane search, about 40% of the claims' share in
//! taking and releasing locks whose cache lines the other worker had just written; the rest
//! is the slot's own cache miss. Here a slot is a state word and the key beside it, in
//! open-addressed arrays:
//!
//! - a free slot is taken by a compare-and-swap of its state from `EMPTY` to `WRITING`; the
//!   taker writes the key and then publishes the state `BUSY` (release), so a reader that
//!   sees any state past `WRITING` (acquire) sees the whole key, which never changes again;
//! - a reader that meets `WRITING` waits the few instructions until it is published;
//! - a finished component's state is its shared value, stored with release.
//!
//! The table is a few shards, each an array that doubles when three-quarters full. A worker
//! reads a shard only between [`ClaimTable::enter`] and the guard's drop, having raised a
//! flag of its own (on a line of its own) and seen no resize of that shard under way; the one
//! worker that resizes a shard raises its resize flag and waits until no other worker's flag
//! is up (Dekker's handshake, with sequentially consistent flags: one of the two sees the
//! other's), so it moves the keys alone. A worker that finds its key's shard being resized
//! does not wait: it searches on without claiming. With one array, the claims lost while it
//! doubled made 8% more nodes in a two-worker Konane search; with shards each resize holds up
//! only the keys of one. Growth that the memory limit refuses stops the shard growing: when
//! full it claims nothing new, and each worker searches what it finds unclaimed (as sound as
//! any claim: a claim only saves work twice done).

use std::alloc::Layout;
use std::cell::UnsafeCell;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, AtomicPtr, AtomicU32, AtomicUsize, Ordering};

use crate::game::memory;
use crate::game::pages;
use crate::game::shared::SharedId;
use crate::search::table::table_hash;

/// A component's state in the claim table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Claim {
    /// A worker is searching it.
    Busy,
    /// Its value, in the shared store.
    Done(SharedId),
}

/// Slot states; a state of `FIRST_DONE + id` is [`Claim::Done`] of shared id `id`.
const EMPTY: u32 = 0;
const WRITING: u32 = 1;
const BUSY: u32 = 2;
const FIRST_DONE: u32 = 3;

/// The table is this many shards that grow (and stop for growth) on their own, picked by the
/// top bits of a key's hash.
const SHARD_BITS: u32 = 3;
const SHARDS: usize = 1 << SHARD_BITS;
/// Slots of a new shard.
const INITIAL_BITS: u32 = 11;
/// A worker adds up the table's entries every this many entries of its own.
const COUNT_EVERY: usize = 64;
/// The table's name in an error about memory.
const WHAT: &str = "the claim table of a parallel search";

/// A slot: its state, and its key once the state is past `WRITING`. All zero bytes are an
/// empty slot ([`zeroed_slots`]).
struct Slot<G> {
    state: AtomicU32,
    key: UnsafeCell<MaybeUninit<G>>,
}

/// What [`ClaimTable::take`] did.
enum Taken {
    /// Added the key.
    Added,
    /// Left it out: the shard is full and cannot grow.
    Full,
    /// Found the key, added by another worker meanwhile: its slot and state.
    Found(usize, u32),
}

/// A worker's flag, on a cache line of its own (only that worker writes it).
#[repr(align(128))]
#[derive(Default)]
struct Flag {
    reading: AtomicBool,
    /// Entries this worker added to each shard.
    added: [AtomicUsize; SHARDS],
}

/// One shard: an array of `1 << bits` slots, on a cache line of its own.
#[repr(align(128))]
struct Shard<G> {
    slots: AtomicPtr<Slot<G>>,
    bits: AtomicU32,
    resizing: AtomicBool,
    /// Growth was refused: the shard keeps its size.
    stalled: AtomicBool,
}

/// The lock-free claim table (the module doc). `G` is the search's key.
pub struct ClaimTable<G> {
    shards: Box<[Shard<G>]>,
    flags: Box<[Flag]>,
}

// SAFETY: keys are written once, by the worker that took their slot, before the release store
// that publishes them, and only read after an acquire load that saw that store; the resizer
// moves them while no other worker reads (the module doc). So sharing the table shares `G`s
// between threads as `&G` (Sync) and hands them over as values (Send).
unsafe impl<G: Send + Sync> Sync for ClaimTable<G> {}
unsafe impl<G: Send> Send for ClaimTable<G> {}

/// A worker's permission to read a shard's slots, given up on drop.
struct Reading<'t, G> {
    table: &'t ClaimTable<G>,
    worker: usize,
    shard: usize,
    slots: *const Slot<G>,
    bits: u32,
}

impl<G> Drop for Reading<'_, G> {
    fn drop(&mut self) {
        self.table.flags[self.worker]
            .reading
            .store(false, Ordering::Release);
    }
}

/// The shard of `hash` (a [`table_hash`], already mixed): its top bits.
#[inline]
fn shard_of(hash: u64) -> usize {
    (hash >> (64 - SHARD_BITS)) as usize
}

/// The first slot to probe for `hash` in a shard of `bits` bits: the bits below the shard's.
#[inline]
fn home(hash: u64, bits: u32) -> usize {
    ((hash << SHARD_BITS) >> (64 - bits)) as usize
}

/// The claim a slot state past `WRITING` records.
fn state_claim(state: u32) -> Claim {
    if state == BUSY {
        Claim::Busy
    } else {
        Claim::Done(SharedId(state - FIRST_DONE))
    }
}

/// The layout of an array of `1 << bits` slots.
fn layout<G>(bits: u32) -> Layout {
    Layout::array::<Slot<G>>(1 << bits).expect("a table that fits in memory")
}

/// An array of `1 << bits` empty slots (zero bytes), on huge pages where the system gives
/// them; `None` if the memory limit or the system refuses it. The zeros are written here, not
/// left to the kernel's lazily zeroed pages: a page first read and then written faults twice,
/// and the second fault stops the other cores to flush their address translations.
fn zeroed_slots<G>(bits: u32) -> Option<*mut Slot<G>> {
    let layout = Layout::array::<Slot<G>>(1 << bits).ok()?;
    memory::room_for(layout.size(), WHAT).ok()?;
    // SAFETY: the layout has a non-zero size (a slot holds at least its state word).
    let p = unsafe { std::alloc::alloc(layout) };
    if p.is_null() {
        return None;
    }
    pages::advise_huge(p as usize, layout.size());
    // SAFETY: `p` is a fresh allocation of `layout.size()` bytes.
    unsafe { std::ptr::write_bytes(p, 0, layout.size()) };
    Some(p as *mut Slot<G>)
}

impl<G: Clone + Eq + std::hash::Hash> ClaimTable<G> {
    /// An empty table for `workers` workers, numbered from 0.
    pub fn new(workers: usize) -> ClaimTable<G> {
        let shard = || Shard {
            slots: AtomicPtr::new(
                zeroed_slots::<G>(INITIAL_BITS)
                    .unwrap_or_else(|| std::alloc::handle_alloc_error(layout::<G>(INITIAL_BITS))),
            ),
            bits: AtomicU32::new(INITIAL_BITS),
            resizing: AtomicBool::new(false),
            stalled: AtomicBool::new(false),
        };
        ClaimTable {
            shards: (0..SHARDS).map(|_| shard()).collect(),
            flags: (0..workers.max(1)).map(|_| Flag::default()).collect(),
        }
    }

    /// Starts reading the shard of `hash` as `worker`, unless it is being resized: the worker
    /// then goes on without the table (it searches what it meets unclaimed) rather than wait.
    #[inline]
    fn enter(&self, worker: usize, hash: u64) -> Option<Reading<'_, G>> {
        let flag = &self.flags[worker].reading;
        let index = shard_of(hash);
        let shard = &self.shards[index];
        flag.store(true, Ordering::SeqCst);
        if shard.resizing.load(Ordering::SeqCst) {
            flag.store(false, Ordering::Release);
            return None;
        }
        let bits = shard.bits.load(Ordering::Relaxed);
        Some(Reading {
            table: self,
            worker,
            shard: index,
            slots: shard.slots.load(Ordering::Relaxed),
            bits,
        })
    }

    /// Asks the processor to bring the first slot of `hash` into cache, without entering:
    /// the array may move meanwhile, and a prefetch of memory freed since does nothing.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        let shard = &self.shards[shard_of(hash)];
        let bits = shard.bits.load(Ordering::Relaxed);
        let base = shard.slots.load(Ordering::Relaxed) as usize;
        let at = base.wrapping_add(home(hash, bits).wrapping_mul(std::mem::size_of::<Slot<G>>()));
        pages::prefetch_address(at);
    }

    /// Claims `key` for `worker`: `None` if nobody had (it is now the worker's, to
    /// [`Self::finish`]; or its shard is full or being resized, and the worker searches it
    /// unclaimed), else its state.
    pub fn claim(&self, worker: usize, key: &G, hash: u64) -> Option<Claim> {
        let taken = {
            let r = self.enter(worker, hash)?;
            match r.find(key, hash) {
                Ok((_, state)) => return Some(state_claim(state)),
                Err(free) => self.take(&r, free, key, BUSY),
            }
        };
        match taken {
            Taken::Added => self.count(worker, shard_of(hash)),
            Taken::Full => {}
            Taken::Found(_, state) => return Some(state_claim(state)),
        }
        None
    }

    /// Records the value of a key `worker` claimed or searched alongside its claimer (both
    /// find the same canonical value); a key the table could not claim is added now if there
    /// is room (and none at all while its shard is being resized: it then stays busy, and
    /// another worker that meets it searches it too).
    pub fn finish(&self, worker: usize, key: &G, hash: u64, value: SharedId) {
        assert!(value.0 < u32::MAX - FIRST_DONE, "shared ids fit a state");
        let done = FIRST_DONE + value.0;
        let taken = {
            let Some(r) = self.enter(worker, hash) else {
                return;
            };
            let found = match r.find(key, hash) {
                Ok((i, state)) => Taken::Found(i, state),
                Err(free) => self.take(&r, free, key, done),
            };
            if let Taken::Found(i, _) = found {
                // SAFETY: `find` returns an index below the array's length.
                unsafe { (*r.slots.add(i)).state.store(done, Ordering::Release) };
            }
            found
        };
        if let Taken::Added = taken {
            self.count(worker, shard_of(hash));
        }
    }

    /// Takes the free slot `free` (where the probe for `key` ended) for `key` with `state`,
    /// unless the shard is too full to add to. Another worker may take the slot first: then
    /// the probe goes on from it, and may find that worker added `key` itself.
    fn take(&self, r: &Reading<'_, G>, mut free: usize, key: &G, state: u32) -> Taken {
        if self.shards[r.shard].stalled.load(Ordering::Relaxed)
            && self.entries(r.shard) * 8 >= (1usize << r.bits) * 7
        {
            return Taken::Full;
        }
        loop {
            // SAFETY: `free` is an index below the array's length (masked).
            let slot = unsafe { &*r.slots.add(free) };
            match slot
                .state
                .compare_exchange(EMPTY, WRITING, Ordering::Acquire, Ordering::Acquire)
            {
                Ok(_) => {
                    // SAFETY: the slot is this worker's alone until the release below.
                    unsafe { (*slot.key.get()).write(key.clone()) };
                    slot.state.store(state, Ordering::Release);
                    return Taken::Added;
                }
                Err(_) => match r.find_from(free, key) {
                    Ok((i, found)) => return Taken::Found(i, found),
                    Err(next) => free = next,
                },
            }
        }
    }

    /// Counts an entry `worker` added to `shard`, and every [`COUNT_EVERY`] of them grows
    /// the shard if it is three-quarters full.
    fn count(&self, worker: usize, shard: usize) {
        let added = &self.flags[worker].added[shard];
        let n = added.load(Ordering::Relaxed) + 1;
        added.store(n, Ordering::Relaxed);
        let s = &self.shards[shard];
        if n.is_multiple_of(COUNT_EVERY)
            && !s.stalled.load(Ordering::Relaxed)
            && self.entries(shard) * 4 >= (1usize << s.bits.load(Ordering::Relaxed)) * 3
        {
            self.grow(worker, shard);
        }
    }

    /// Entries in `shard` (as the workers last counted them).
    fn entries(&self, shard: usize) -> usize {
        self.flags
            .iter()
            .map(|f| f.added[shard].load(Ordering::Relaxed))
            .sum()
    }

    /// Doubles a shard's array, unless another worker is resizing it or the memory limit
    /// refuses (the shard then stops growing).
    fn grow(&self, worker: usize, shard: usize) {
        let s = &self.shards[shard];
        if s.resizing
            .compare_exchange(false, true, Ordering::SeqCst, Ordering::SeqCst)
            .is_err()
        {
            return;
        }
        for (j, f) in self.flags.iter().enumerate() {
            while j != worker && f.reading.load(Ordering::SeqCst) {
                std::hint::spin_loop();
            }
        }
        // alone in the shard now: nobody reads its slots until `resizing` drops
        let bits = s.bits.load(Ordering::Relaxed);
        match zeroed_slots::<G>(bits + 1) {
            None => s.stalled.store(true, Ordering::Relaxed),
            Some(fresh) => {
                let old = s.slots.load(Ordering::Relaxed);
                let mask = (1usize << (bits + 1)) - 1;
                for i in 0..1usize << bits {
                    // SAFETY: `i` indexes the old array, which nobody else reads now; a slot
                    // whose state is past `WRITING` (none is mid-write: writers read) holds a
                    // key, moved (not copied) to the new array, whose slots are this worker's.
                    unsafe {
                        let from = &*old.add(i);
                        let state = from.state.load(Ordering::Relaxed);
                        if state == EMPTY {
                            continue;
                        }
                        let key = (*from.key.get()).assume_init_read();
                        let mut j = home(table_hash(&key), bits + 1);
                        while (*fresh.add(j)).state.load(Ordering::Relaxed) != EMPTY {
                            j = (j + 1) & mask;
                        }
                        let to = &*fresh.add(j);
                        (*to.key.get()).write(key);
                        to.state.store(state, Ordering::Relaxed);
                    }
                }
                s.slots.store(fresh, Ordering::Relaxed);
                s.bits.store(bits + 1, Ordering::Relaxed);
                // SAFETY: `old` came from `zeroed_slots(bits)` with this layout, and its keys
                // have all moved out (slots drop nothing: the keys are `MaybeUninit`).
                unsafe { std::alloc::dealloc(old as *mut u8, layout::<G>(bits)) };
            }
        }
        s.resizing.store(false, Ordering::SeqCst);
    }
}

impl<G: Eq> Reading<'_, G> {
    /// The index and state of `key`'s slot, or the free slot where its probe ends.
    #[inline]
    fn find(&self, key: &G, hash: u64) -> Result<(usize, u32), usize> {
        self.find_from(home(hash, self.bits), key)
    }

    /// [`Self::find`] probing from slot `i` on.
    fn find_from(&self, mut i: usize, key: &G) -> Result<(usize, u32), usize> {
        loop {
            // SAFETY: `i` is masked to the array's length, and the array stays while `self`
            // holds the reading flag.
            let slot = unsafe { &*self.slots.add(i) };
            let state = slot.state.load(Ordering::Acquire);
            match state {
                EMPTY => return Err(i),
                // another worker is writing this slot's key: it is published in a moment
                WRITING => std::hint::spin_loop(),
                _ => {
                    // SAFETY: a state past `WRITING`, loaded with acquire, follows the write
                    // of the slot's key (released with the state), which never changes again.
                    if unsafe { (*slot.key.get()).assume_init_ref() } == key {
                        return Ok((i, state));
                    }
                    i = (i + 1) & ((1 << self.bits) - 1);
                }
            }
        }
    }
}

impl<G> Drop for ClaimTable<G> {
    fn drop(&mut self) {
        for shard in self.shards.iter_mut() {
            let bits = *shard.bits.get_mut();
            let slots = *shard.slots.get_mut();
            for i in 0..1usize << bits {
                // SAFETY: the table is dropped, so nobody else reads; a slot past `WRITING`
                // holds a key, dropped here once.
                unsafe {
                    let slot = &mut *slots.add(i);
                    if *slot.state.get_mut() > WRITING {
                        slot.key.get_mut().assume_init_drop();
                    }
                }
            }
            // SAFETY: allocated by `zeroed_slots(bits)` with this layout.
            unsafe { std::alloc::dealloc(slots as *mut u8, layout::<G>(bits)) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hash(k: &u64) -> u64 {
        table_hash(k)
    }

    /// The bits of the table's largest shard.
    fn largest_shard<G>(t: &ClaimTable<G>) -> u32 {
        t.shards
            .iter()
            .map(|s| s.bits.load(Ordering::Relaxed))
            .max()
            .unwrap_or(0)
    }

    /// A key is free once, busy until finished, then done with the finisher's value, through
    /// several doublings; a finish of a key never claimed adds it.
    #[test]
    fn claims_go_free_busy_done_through_growth() {
        let t: ClaimTable<u64> = ClaimTable::new(1);
        let keys: Vec<u64> = (0..100_000).collect();
        for &k in &keys {
            assert_eq!(t.claim(0, &k, hash(&k)), None, "key {k} starts free");
            assert_eq!(t.claim(0, &k, hash(&k)), Some(Claim::Busy));
        }
        assert!(largest_shard(&t) > INITIAL_BITS, "the table grew");
        for &k in &keys {
            t.finish(0, &k, hash(&k), SharedId(k as u32 * 3));
        }
        for &k in &keys {
            assert_eq!(
                t.claim(0, &k, hash(&k)),
                Some(Claim::Done(SharedId(k as u32 * 3)))
            );
        }
        t.finish(0, &7_000_000, hash(&7_000_000), SharedId(5));
        assert_eq!(
            t.claim(0, &7_000_000, hash(&7_000_000)),
            Some(Claim::Done(SharedId(5)))
        );
        // one hash for two keys: the table compares keys, not hashes alone
        assert_eq!(t.claim(0, &1_000_000, 42), None);
        assert_eq!(t.claim(0, &1_000_001, 42), None);
        assert_eq!(t.claim(0, &1_000_000, 42), Some(Claim::Busy));
    }

    /// Four threads claim overlapping keys of a table that does not grow: each key is
    /// claimed by exactly one of them, and every finished value reads back.
    #[test]
    fn concurrent_claims_take_each_key_once() {
        let t: ClaimTable<Vec<u32>> = ClaimTable::new(4);
        let key = |w: usize, k: u32| vec![(k * 7 + w as u32 * 1_331) % 9_000];
        let (won, distinct) = claim_in_threads(&t, 6_000, key);
        assert_eq!(largest_shard(&t), INITIAL_BITS, "no growth");
        assert_eq!(won, distinct.len());
        for k in &distinct {
            assert_eq!(
                t.claim(0, k, table_hash(k)),
                Some(Claim::Done(SharedId(k[0])))
            );
        }
    }

    /// Four threads claim overlapping keys while the table doubles under them: a worker that
    /// meets a resize claims and records nothing, so a key may be won twice then, or stay
    /// busy (its finish fell in a resize: another worker searches it again), but every key is
    /// won and none reads back as another's value.
    #[test]
    fn concurrent_claims_through_growth_keep_values() {
        let t: ClaimTable<Vec<u32>> = ClaimTable::new(4);
        let key = |w: usize, k: u32| vec![(k * 7 + w as u32 * 13_331) % 90_000];
        let (won, distinct) = claim_in_threads(&t, 60_000, key);
        assert!(largest_shard(&t) > INITIAL_BITS, "the table grew");
        assert!(won >= distinct.len());
        let (mut recorded, mut missing, mut busy) = (0, 0, 0);
        for k in &distinct {
            match t.claim(0, k, table_hash(k)) {
                Some(Claim::Done(v)) => {
                    assert_eq!(v, SharedId(k[0]));
                    recorded += 1;
                }
                None => missing += 1,
                Some(Claim::Busy) => busy += 1,
            }
        }
        assert!(
            recorded * 10 > distinct.len() * 9,
            "{recorded} of {}: {missing} missing, {busy} busy",
            distinct.len()
        );
    }

    /// Runs four workers, each claiming `key(w, k)` for `k` below `n` and finishing what it
    /// wins with the key's first word as its value; the number of keys won in all, and the
    /// distinct keys.
    fn claim_in_threads(
        t: &ClaimTable<Vec<u32>>,
        n: u32,
        key: impl Fn(usize, u32) -> Vec<u32> + Sync,
    ) -> (usize, std::collections::HashSet<Vec<u32>>) {
        let distinct = (0..4)
            .flat_map(|w| (0..n).map(move |k| (w, k)))
            .map(|(w, k)| key(w, k))
            .collect();
        let won = std::thread::scope(|s| {
            let handles: Vec<_> = (0..4)
                .map(|w| {
                    let key = &key;
                    s.spawn(move || {
                        let mut won = 0;
                        for k in 0..n {
                            let key = key(w, k);
                            if t.claim(w, &key, table_hash(&key)).is_none() {
                                won += 1;
                                t.finish(w, &key, table_hash(&key), SharedId(key[0]));
                            }
                        }
                        won
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).sum()
        });
        (won, distinct)
    }
}
