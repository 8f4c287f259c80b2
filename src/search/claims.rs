//! The claim table of a parallel value search ([`super::shared`]): for each component some
//! worker has met, whether a worker is searching it or which shared value it has, read and
//! written by the workers without locks.
//!
//! Every node of a parallel search claims its component (where there are three workers or
//! more: [`super::shared`]), and a worker finishing it records its value, so the table is on
//! the hot path of each worker. Behind a lock per shard, claims and finishes took 17% of a
//! two-worker Konane search, about 40% of the claims' share in taking and releasing locks
//! whose cache lines the other worker had just written; the rest is the slot's own cache
//! miss. Here a slot is a state word and the key beside it, in
//! open-addressed arrays:
//!
//! - a free slot is taken by a compare-and-swap of its state from `EMPTY` to `WRITING`; the
//!   taker writes the key and then publishes the state `BUSY` (release), so a reader that
//!   sees any state past `WRITING` (acquire) sees the whole key, which never changes again;
//! - a reader that meets `WRITING` waits the few instructions until it is published;
//! - a finished component's state is its shared value, stored with release.
//!
//! The table is a few shards, each an array that grows when three-quarters full (a small
//! first array jumps to a huge page's worth: [`grown_bits`]; later ones double). A worker
//! writes a shard only between [`ClaimTable::enter`] and the guard's drop, having raised a
//! flag of its own (on a line of its own) and seen no resize of that shard under way; the one
//! worker that resizes a shard raises its resize flag and waits until no other worker's flag
//! is up (Dekker's handshake, with sequentially consistent flags: one of the two sees the
//! other's), so it moves the keys alone. A worker that finds its key's shard being resized
//! does not wait: it searches on without claiming. With one array, the claims lost while it
//! doubled made 8% more nodes in a two-worker Konane search; with shards each resize holds up
//! only the keys of one. Growth that the memory limit refuses stops the shard growing: when
//! full it claims nothing new, and each worker searches what it finds unclaimed (as sound as
//! any claim: a claim only saves work twice done).
//!
//! Workers also look finished values up here, several times a node, so a lookup
//! ([`ClaimTable::lookup`]) takes no flag and no fence: it reads the array the shard last
//! published (the array's address and size in one word). A resize publishes the new array
//! and keeps the old one, unchanged, until every other worker has
//! announced a quiescent state ([`ClaimTable::quiescent`], between lookups) since: a lookup
//! that loaded the old array may still read it, and misses or finds busy what only the new
//! one has finished (which costs a claim, never a wrong value). The old array's keys are the
//! bytes of keys moved to the new one: a stale lookup compares through them, and they own
//! nothing (each key is dropped once, from the array that holds it when the table drops).
//! This is quiescent-state-based reclamation, as in userspace RCU (Desnoyers et al.,
//! *User-level implementations of read-copy update*, IEEE TPDS 23(2), 2012).

use std::alloc::Layout;
use std::cell::UnsafeCell;
use std::marker::PhantomData;
use std::mem::MaybeUninit;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, PoisonError};

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
/// Slots of a new shard, at least (and at least 32 a worker: [`ClaimTable::take`]).
const INITIAL_BITS: u32 = 11;
/// A worker adds up a shard's entries every this many entries of its own there, at most
/// (and more often in a shard of under 1024 slots a worker: [`ClaimTable::count`]).
const COUNT_EVERY: usize = 64;

/// The size (log2) a shard of `1 << bits` slots grows to: at first as many slots as one huge
/// page holds (2^17 of Konane's or Fission's 16-byte slots), then double.
///
/// A search that fills 3/4 of a shard's first array (some 12 K components over the table) is
/// likely to go on for many more, and each doubling on the way would allocate, clear and fill
/// a new array while the shard takes no claims; small searches never grow and so never pay
/// for it. A shard of a huge page costs no more to clear than one of half a huge page, which
/// [`try_layout`] rounds up to one. Two workers, 7 interleaved runs, medians, jumping to 2^16
/// against doubling from 2^11: Konane three holes 0.154 -> 0.141 s, Konane 4x6 0.293 -> 0.281
/// s, Fission 5x6 0.363 -> 0.354 s, Ski Jumps 5x6 0.303 -> 0.273 s, Toads and Frogs
/// `ttttt.....fffff` 0.101 -> 0.085 s, Col 3x6 0.278 -> 0.246 s; Domineering 5x5 (16.5 K
/// nodes, one jump) 0.028 -> 0.030 s; Snort 4x4 (no growth) 0.041 s both. Jumping to 2^17,
/// or to 2^16 on small pages (half the memory to clear, but a TLB miss a lookup), gave the
/// same within the noise, each run right after a cgt run.
#[inline]
fn grown_bits<G>(bits: u32) -> u32 {
    let huge_page = (pages::HUGE_PAGE / std::mem::size_of::<Slot<G>>()).ilog2();
    (bits + 1).max(huge_page)
}

/// Whether a shard of `slots` slots holding `entries` keys is due to grow
/// ([`grown_bits`]): three-quarters full.
#[inline]
fn due_to_grow(entries: usize, slots: usize) -> bool {
    entries * 4 >= slots * 3
}

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
    /// Quiescent states this worker has announced ([`ClaimTable::quiescent`]).
    passes: AtomicU64,
    /// Entries this worker added to each shard.
    added: [AtomicUsize; SHARDS],
}

/// Slot arrays start on this boundary, which leaves the low bits of their address free to
/// hold the array's size ([`tagged`]).
const ARRAY_ALIGN: usize = 64;

/// A slot array's address and its size `1 << bits` in one word, so that a reader that
/// loads it once sees a matching pair.
fn tagged<G>(slots: *mut Slot<G>, bits: u32) -> usize {
    debug_assert!((bits as usize) < ARRAY_ALIGN);
    slots as usize | bits as usize
}

/// The array and the bits of a [`tagged`] word.
fn untagged<G>(word: usize) -> (*mut Slot<G>, u32) {
    (
        (word & !(ARRAY_ALIGN - 1)) as *mut Slot<G>,
        (word & (ARRAY_ALIGN - 1)) as u32,
    )
}

/// One shard: an array of `1 << bits` slots, on a cache line of its own.
#[repr(align(128))]
struct Shard<G> {
    /// The array and its bits ([`tagged`]).
    array: AtomicUsize,
    /// A worker is growing the shard (allocating its next array, then moving the keys):
    /// taken before the allocation, so that two workers never both clear a new array.
    growing: AtomicBool,
    /// The keys are moving: writers keep out (the module doc).
    resizing: AtomicBool,
    /// Growth was refused: the shard keeps its size.
    stalled: AtomicBool,
    _keys: PhantomData<G>,
}

/// An array a shard has outgrown ([`tagged`]), its keys moved out, kept until no
/// [`ClaimTable::lookup`] can be reading it: until every worker but the one that replaced it
/// has announced a quiescent state since (`passes` above `seen`).
struct Retired {
    word: usize,
    by: usize,
    seen: Box<[u64]>,
}

impl<G> Shard<G> {
    /// The shard's current array, as last published.
    #[inline]
    fn view(&self) -> View<G> {
        let (slots, bits) = untagged(self.array.load(Ordering::Acquire));
        View { slots, bits }
    }
}

/// The lock-free claim table (the module doc). `G` is the search's key.
pub struct ClaimTable<G> {
    shards: Box<[Shard<G>]>,
    flags: Box<[Flag]>,
    /// The workers' number rounded up to a power of two, as its exponent: shards start with
    /// 32 slots a worker, and a worker counts a shard's entries every 1/16 of its slots over
    /// all workers ([`Self::take`]).
    worker_bits: u32,
    retired: Mutex<Vec<Retired>>,
    /// Whether `retired` holds an array.
    pending: AtomicBool,
}

// SAFETY: keys are written once, by the worker that took their slot, before the release store
// that publishes them, and only read after an acquire load that saw that store; the resizer
// moves them while no other worker reads (the module doc). So sharing the table shares `G`s
// between threads as `&G` (Sync) and hands them over as values (Send).
unsafe impl<G: Send + Sync> Sync for ClaimTable<G> {}
unsafe impl<G: Send> Send for ClaimTable<G> {}

/// A slot array of a shard and its size.
struct View<G> {
    slots: *const Slot<G>,
    bits: u32,
}

/// A worker's permission to read and write a shard's current slots, given up on drop.
struct Reading<'t, G> {
    table: &'t ClaimTable<G>,
    worker: usize,
    shard: usize,
    view: View<G>,
}

impl<G> Drop for Reading<'_, G> {
    fn drop(&mut self) {
        self.table.flags[self.worker]
            .reading
            .store(false, Ordering::Release);
    }
}

/// The rotation of a worker's own table
/// ([`ValueTable::rotated`](super::table::ValueTable::rotated)): the top bits of a key's hash,
/// which pick its shard here, moved to the bottom. A worker keeps for itself what the shared
/// table could not record: keys finished while their shard was being resized, or once a shard
/// the memory limit stopped growing is full, so mostly keys of one shard, sharing those bits.
/// A table slots a key by its hash's top bits, so unchanged they crowd one eighth of it in
/// long runs: in a trial where lookups also missed while a shard was resized, a two-worker
/// Fission 5x6 search spent a fifth of its time probing them.
pub const OWN_ROTATION: u32 = SHARD_BITS;

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

/// Slot arrays of at least this many bytes take whole huge pages ([`try_layout`]).
const HUGE_FROM: usize = pages::HUGE_PAGE / 4;

/// The layout of an array of `1 << bits` slots: from [`HUGE_FROM`] bytes on, whole huge pages
/// on a huge page's boundary (the kernel backs only whole aligned huge pages with one), else
/// on [`ARRAY_ALIGN`]; `None` if it cannot be laid out.
///
/// A worker looks up several components a node, each at a random slot of the table, so on
/// small pages nearly every lookup also misses the TLB, and the prefetch of its slot waits for
/// the page walk. Searches of 100 K to 800 K components (the benchmark table's slow rows)
/// ended with shards of 512 KiB to 2 MiB when shards doubled from their first array (before
/// [`grown_bits`]'s jump), which the general rule of [`pages`] (huge pages from 4 MiB) left on
/// small pages; rounding them up to a huge page costs at most four times their memory, for a
/// shard that is at least a quarter of one. Two workers, interleaved runs, medians, before
/// and after: Ski Jumps 5x6 0.359 -> 0.339 s, Fission 5x6 0.432 -> 0.419 s,
/// Konane 4x6 0.346 -> 0.338 s, Konane 5x5 with three holes 0.178 -> 0.175 s; the benchmark
/// table's searches of 30-250 ms the same within 3%.
fn try_layout<G>(bits: u32) -> Option<Layout> {
    let array = Layout::array::<Slot<G>>(1 << bits).ok()?;
    if array.size() < HUGE_FROM {
        return array.align_to(ARRAY_ALIGN).ok();
    }
    let size = array.size().checked_next_multiple_of(pages::HUGE_PAGE)?;
    Layout::from_size_align(size, pages::HUGE_PAGE).ok()
}

/// [`try_layout`], for an array allocated before.
fn layout<G>(bits: u32) -> Layout {
    try_layout::<G>(bits).expect("a table that fits in memory")
}

/// An array of `1 << bits` empty slots (zero bytes), on huge pages where the system gives
/// them; `None` if the memory limit or the system refuses it. The zeros are written here, not
/// left to the kernel's lazily zeroed pages: a page first read and then written faults twice,
/// and the second fault stops the other cores to flush their address translations.
fn zeroed_slots<G>(bits: u32) -> Option<*mut Slot<G>> {
    let layout = try_layout::<G>(bits)?;
    memory::room_for(layout.size(), WHAT).ok()?;
    // SAFETY: the layout has a non-zero size (a slot holds at least its state word).
    let p = unsafe { std::alloc::alloc(layout) };
    if p.is_null() {
        return None;
    }
    if layout.align() == pages::HUGE_PAGE {
        pages::advise_huge_pages(p as usize, layout.size());
    }
    // SAFETY: `p` is a fresh allocation of `layout.size()` bytes, at least the slots' (the
    // rest, up to a whole huge page, is never read).
    unsafe { std::ptr::write_bytes(p, 0, std::mem::size_of::<Slot<G>>() << bits) };
    Some(p as *mut Slot<G>)
}

impl<G: Clone + Eq + std::hash::Hash> ClaimTable<G> {
    /// An empty table for `workers` workers, numbered from 0.
    pub fn new(workers: usize) -> ClaimTable<G> {
        let worker_bits = workers.max(1).next_power_of_two().trailing_zeros();
        let bits = INITIAL_BITS.max(worker_bits + 5);
        let shard = || {
            let slots = zeroed_slots::<G>(bits)
                .unwrap_or_else(|| std::alloc::handle_alloc_error(layout::<G>(bits)));
            Shard {
                array: AtomicUsize::new(tagged(slots, bits)),
                growing: AtomicBool::new(false),
                resizing: AtomicBool::new(false),
                stalled: AtomicBool::new(false),
                _keys: PhantomData,
            }
        };
        ClaimTable {
            shards: (0..SHARDS).map(|_| shard()).collect(),
            flags: (0..workers.max(1)).map(|_| Flag::default()).collect(),
            worker_bits,
            retired: Mutex::new(Vec::new()),
            pending: AtomicBool::new(false),
        }
    }

    /// Announces that `worker` is in a quiescent state: reading no slot array until its next
    /// [`Self::lookup`], which (the increment being sequentially consistent, a full barrier)
    /// loads the array a resize published before the increment. Frees the outgrown arrays no
    /// lookup can be reading any more. A worker calls it every few nodes.
    pub fn quiescent(&self, worker: usize) {
        self.flags[worker].passes.fetch_add(1, Ordering::SeqCst);
        if self.pending.load(Ordering::Relaxed) {
            self.reclaim();
        }
    }

    /// Frees the outgrown arrays that every worker but their replacer has passed a quiescent
    /// state since.
    fn reclaim(&self) {
        let mut retired = self.retired.lock().unwrap_or_else(PoisonError::into_inner);
        retired.retain(|r| {
            let passed = self
                .flags
                .iter()
                .enumerate()
                .all(|(j, f)| j == r.by || f.passes.load(Ordering::SeqCst) > r.seen[j]);
            if passed {
                // SAFETY: no lookup reads the array any more (the struct's doc), and writers
                // only ever used the shard's current array.
                unsafe { free_array::<G>(r.word, false) };
            }
            !passed
        });
        self.pending.store(!retired.is_empty(), Ordering::Relaxed);
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
        Some(Reading {
            table: self,
            worker,
            shard: index,
            view: shard.view(),
        })
    }

    /// The state of `key`, read without entering: no flag, no fence. The shard's array is
    /// read as last published, which may be one that a resize has just replaced (outgrown
    /// arrays stay, unchanged, until every other worker has announced a quiescent
    /// state since: [`Self::quiescent`]; so a worker looks up only between two of its own
    /// announcements, never across one). Such a stale read misses or
    /// finds busy what the newer array has finished, which costs the caller a claim or a
    /// search, never a wrong value: a key's state only ever goes from busy to done, and a
    /// done state never changes.
    #[inline]
    pub fn lookup(&self, key: &G, hash: u64) -> Option<Claim> {
        let view = self.shards[shard_of(hash)].view();
        view.find(key, hash)
            .ok()
            .map(|(_, state)| state_claim(state))
    }

    /// Asks the processor to bring the first slot of `hash` into cache, without entering:
    /// the array may move meanwhile, and a prefetch of memory freed since does nothing.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        let (slots, bits) =
            untagged::<G>(self.shards[shard_of(hash)].array.load(Ordering::Relaxed));
        let at = (slots as usize)
            .wrapping_add(home(hash, bits).wrapping_mul(std::mem::size_of::<Slot<G>>()));
        pages::prefetch_address(at);
    }

    /// Claims `key` for `worker`: `None` if nobody had (it is now the worker's, to
    /// [`Self::finish`]; or its shard is full or being resized, and the worker searches it
    /// unclaimed), else its state.
    pub fn claim(&self, worker: usize, key: &G, hash: u64) -> Option<Claim> {
        let taken = {
            let r = self.enter(worker, hash)?;
            match r.view.find(key, hash) {
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
    /// another worker that meets it searches it too). Returns whether the value is recorded.
    pub fn finish(&self, worker: usize, key: &G, hash: u64, value: SharedId) -> bool {
        assert!(value.0 < u32::MAX - FIRST_DONE, "shared ids fit a state");
        let done = FIRST_DONE + value.0;
        let taken = {
            let Some(r) = self.enter(worker, hash) else {
                return false;
            };
            let found = match r.view.find(key, hash) {
                Ok((i, state)) => Taken::Found(i, state),
                Err(free) => self.take(&r, free, key, done),
            };
            if let Taken::Found(i, _) = found {
                // SAFETY: `find` returns an index below the array's length.
                unsafe { (*r.view.slots.add(i)).state.store(done, Ordering::Release) };
            }
            found
        };
        match taken {
            Taken::Added => self.count(worker, shard_of(hash)),
            Taken::Full => return false,
            Taken::Found(..) => {}
        }
        true
    }

    /// The keys the workers have added, finished or busy.
    pub fn met(&self) -> usize {
        (0..SHARDS).map(|s| self.entries(s)).sum()
    }

    /// Takes the free slot `free` (where the probe for `key` ended) for `key` with `state`,
    /// unless the shard is too full to add to. Another worker may take the slot first: then
    /// the probe goes on from it, and may find that worker added `key` itself.
    ///
    /// A shard must never fill: a probe ends only at a free slot. While its growth is under
    /// way or refused, it takes no key once 13/16 full. The counts this reads lag by at most
    /// a key a worker, and each worker past the test adds at most one more, so the shard
    /// holds at most 13/16 of its slots and two a worker: under 15/16, since a shard has 32
    /// slots a worker ([`Self::new`]). Until a growth starts, a worker tests the fill at
    /// least every 1/16 of the slots over all workers ([`Self::count`]), so a shard passes
    /// 3/4 by at most 1/16 before one does.
    fn take(&self, r: &Reading<'_, G>, mut free: usize, key: &G, state: u32) -> Taken {
        let shard = &self.shards[r.shard];
        if (shard.growing.load(Ordering::Relaxed) || shard.stalled.load(Ordering::Relaxed))
            && self.entries(r.shard) * 16 >= (1usize << r.view.bits) * 13
        {
            return Taken::Full;
        }
        loop {
            // SAFETY: `free` is an index below the array's length (masked).
            let slot = unsafe { &*r.view.slots.add(free) };
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
                Err(_) => match r.view.find_from(free, key) {
                    Ok((i, found)) => return Taken::Found(i, found),
                    Err(next) => free = next,
                },
            }
        }
    }

    /// Counts an entry `worker` added to `shard`, and every [`COUNT_EVERY`] of them (or
    /// every 1/16 of the shard's slots over all workers, their number rounded up to a power of
    /// two, where that is fewer) grows the shard if it is due ([`due_to_grow`]).
    fn count(&self, worker: usize, shard: usize) {
        let added = &self.flags[worker].added[shard];
        let n = added.load(Ordering::Relaxed) + 1;
        added.store(n, Ordering::Relaxed);
        let s = &self.shards[shard];
        let slots = 1usize << untagged::<G>(s.array.load(Ordering::Relaxed)).1;
        // a shift, not a division: this runs for every key added
        let every = (slots >> (4 + self.worker_bits)).clamp(1, COUNT_EVERY);
        if n.is_multiple_of(every)
            && !s.stalled.load(Ordering::Relaxed)
            && due_to_grow(self.entries(shard), slots)
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

    /// Grows a shard's array ([`grown_bits`], or one doubling where the memory limit refuses
    /// that), unless another worker is growing it or the limit refuses even the doubling (the
    /// shard then stops growing). The new array is allocated and zeroed before the resize
    /// starts, so the other workers skip the shard only while the keys move.
    ///
    /// The worker that grows a shard takes it (`growing`) before it allocates. Clearing fresh
    /// memory is slow (the kernel clears each page on first touch: on this virtual machine
    /// 0.5 GB/s for huge pages the host has not backed yet), so when both workers checked
    /// first and took the shard only after clearing, the second often reached its check while
    /// the first cleared, and cleared an array only to drop it: a two-worker Fission 5x6
    /// search cleared 26 arrays of 2 or 4 MiB and kept 16 (`strace`), 30 MiB in vain.
    fn grow(&self, worker: usize, shard: usize) {
        let s = &self.shards[shard];
        if s.growing
            .compare_exchange(false, true, Ordering::Acquire, Ordering::Relaxed)
            .is_err()
        {
            return;
        }
        let word = s.array.load(Ordering::Acquire);
        let (old, bits) = untagged::<G>(word);
        // another worker may have grown it since the caller looked
        if s.stalled.load(Ordering::Relaxed) || !due_to_grow(self.entries(shard), 1 << bits) {
            s.growing.store(false, Ordering::Release);
            return;
        }
        // a jump the memory limit refuses falls back to doubling
        let (jump, doubled) = (grown_bits::<G>(bits), bits + 1);
        let grown = match zeroed_slots::<G>(jump) {
            Some(p) => Some((p, jump)),
            None if jump > doubled => zeroed_slots::<G>(doubled).map(|p| (p, doubled)),
            None => None,
        };
        let Some((fresh, to)) = grown else {
            s.stalled.store(true, Ordering::Relaxed);
            s.growing.store(false, Ordering::Release);
            return;
        };
        // alone in growing the shard: the resize flag is this worker's to raise
        s.resizing.store(true, Ordering::SeqCst);
        for (j, f) in self.flags.iter().enumerate() {
            while j != worker && f.reading.load(Ordering::SeqCst) {
                std::hint::spin_loop();
            }
        }
        // alone in the shard's writers now: nobody writes its slots until `resizing` drops
        // (lookups may read them meanwhile, and the old array after it is replaced)
        let mask = (1usize << to) - 1;
        for i in 0..1usize << bits {
            // SAFETY: `i` indexes the old array, which nobody writes now; a slot whose
            // state is past `WRITING` (none is mid-write: writers read) holds a key,
            // moved to the new array, whose slots are this worker's until published.
            // The old slot keeps the key's bytes for stale lookups to compare, but
            // never drops them (`free_array` of a retired array).
            unsafe {
                let from = &*old.add(i);
                let state = from.state.load(Ordering::Relaxed);
                if state == EMPTY {
                    continue;
                }
                let key = (*from.key.get()).assume_init_read();
                let mut j = home(table_hash(&key), to);
                while (*fresh.add(j)).state.load(Ordering::Relaxed) != EMPTY {
                    j = (j + 1) & mask;
                }
                let to = &*fresh.add(j);
                (*to.key.get()).write(key);
                to.state.store(state, Ordering::Relaxed);
            }
        }
        // publishes the new array's slots with it; a lookup that starts after a
        // quiescent state announced after the snapshot below sees it
        s.array.store(tagged(fresh, to), Ordering::SeqCst);
        let seen = self
            .flags
            .iter()
            .map(|f| f.passes.load(Ordering::SeqCst))
            .collect();
        // the other workers may write the shard again before the old array is listed
        // (taking the list's lock can wait for a reclaim under way)
        s.resizing.store(false, Ordering::SeqCst);
        let mut retired = self.retired.lock().unwrap_or_else(PoisonError::into_inner);
        retired.push(Retired {
            word,
            by: worker,
            seen,
        });
        self.pending.store(true, Ordering::Relaxed);
        s.growing.store(false, Ordering::Release);
    }
}

impl<G: Eq> View<G> {
    /// The index and state of `key`'s slot, or the free slot where its probe ends.
    #[inline]
    fn find(&self, key: &G, hash: u64) -> Result<(usize, u32), usize> {
        self.find_from(home(hash, self.bits), key)
    }

    /// [`Self::find`] probing from slot `i` on.
    fn find_from(&self, mut i: usize, key: &G) -> Result<(usize, u32), usize> {
        loop {
            // SAFETY: `i` is masked to the array's length, and an array stays until no lookup
            // can be reading it (`ClaimTable::quiescent`).
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

/// Frees the [`tagged`] slot array `word`, dropping its keys if it owns them (a shard's
/// current array; a retired one's keys have moved on).
///
/// # Safety
/// Nobody may read or write the array any more, and it came from [`zeroed_slots`].
unsafe fn free_array<G>(word: usize, owns_keys: bool) {
    let (slots, bits) = untagged::<G>(word);
    if owns_keys {
        for i in 0..1usize << bits {
            // SAFETY: nobody else reads; a slot past `WRITING` of a current array holds a key
            // that no other array owns, dropped once.
            unsafe {
                let slot = &mut *slots.add(i);
                if *slot.state.get_mut() > WRITING {
                    slot.key.get_mut().assume_init_drop();
                }
            }
        }
    }
    // SAFETY: allocated by `zeroed_slots(bits)` with this layout.
    unsafe { std::alloc::dealloc(slots as *mut u8, layout::<G>(bits)) };
}

impl<G> Drop for ClaimTable<G> {
    fn drop(&mut self) {
        let retired = std::mem::take(
            self.retired
                .get_mut()
                .unwrap_or_else(PoisonError::into_inner),
        );
        for r in retired {
            // SAFETY: the table is dropped, so nobody else reads.
            unsafe { free_array::<G>(r.word, false) };
        }
        for shard in self.shards.iter_mut() {
            // SAFETY: as above; the shard's current array owns its keys.
            unsafe { free_array::<G>(*shard.array.get_mut(), true) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Held by the tests that run four threads at once: run side by side on two cores, a
    /// worker resizing a shard is preempted for whole time slices, and the keys the others
    /// meet in that shard meanwhile go unclaimed (a worker never waits for a resize).
    static FOUR_THREADS: std::sync::Mutex<()> = std::sync::Mutex::new(());

    /// [`FOUR_THREADS`], taken.
    fn alone() -> std::sync::MutexGuard<'static, ()> {
        FOUR_THREADS.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn hash(k: &u64) -> u64 {
        table_hash(k)
    }

    /// The bits of the table's largest shard.
    fn largest_shard<G>(t: &ClaimTable<G>) -> u32 {
        t.shards
            .iter()
            .map(|s| untagged::<G>(s.array.load(Ordering::Relaxed)).1)
            .max()
            .unwrap_or(0)
    }

    /// Slot arrays below 512 KiB keep their size on cache-line alignment; from 512 KiB on
    /// they take whole huge pages: 16-byte slots (a `u64` key and the state) at 2^15 slots are
    /// 512 KiB, laid out as one 2 MiB page; 20-byte slots at 2^17 are 2.5 MiB, as two.
    #[test]
    fn slot_arrays_from_half_a_megabyte_take_whole_huge_pages() {
        let small = layout::<u64>(14);
        assert_eq!((small.size(), small.align()), (256 << 10, ARRAY_ALIGN));
        let quarter = layout::<u64>(15);
        assert_eq!((quarter.size(), quarter.align()), (2 << 20, 2 << 20));
        let whole = layout::<u64>(18);
        assert_eq!((whole.size(), whole.align()), (4 << 20, 2 << 20));
        assert_eq!(std::mem::size_of::<Slot<[u32; 4]>>(), 20);
        let odd = layout::<[u32; 4]>(17);
        assert_eq!((odd.size(), odd.align()), (4 << 20, 2 << 20));
    }

    /// A jump the memory limit refuses falls back to doubling: under a limit that no array of
    /// a megabyte or more fits (smaller ones are not checked), the shards still grow a
    /// doubling at a time, from 2^11 slots through 2^12 to 2^13 for about 5,000 keys each,
    /// and every key stays found.
    #[test]
    fn a_refused_jump_doubles_instead() {
        let _limit = memory::enter_limit(1);
        let t: ClaimTable<u64> = ClaimTable::new(1);
        for k in 0..40_000u64 {
            assert_eq!(t.claim(0, &k, hash(&k)), None, "key {k} claimed");
        }
        assert_eq!(largest_shard(&t), 13);
        for k in 0..40_000u64 {
            assert_eq!(t.lookup(&k, hash(&k)), Some(Claim::Busy));
        }
    }

    /// A shard whose growth another worker has begun (here: forever) stops taking keys at
    /// 13/16 full, so that every probe still ends at a free slot: claims of new keys then
    /// come back unclaimed, finishes unrecorded, and lookups of absent keys end.
    #[test]
    fn a_shard_waiting_for_its_growth_stops_at_thirteen_sixteenths() {
        let t: ClaimTable<u64> = ClaimTable::new(2);
        for s in t.shards.iter() {
            s.growing.store(true, Ordering::Relaxed);
        }
        let slots = 1usize << INITIAL_BITS;
        let mut refused = 0;
        for k in 0..(SHARDS * slots) as u64 {
            if t.claim(0, &k, hash(&k)).is_none() && !t.finish(0, &k, hash(&k), SharedId(7)) {
                refused += 1;
            }
        }
        assert_eq!(largest_shard(&t), INITIAL_BITS, "no growth");
        for s in 0..SHARDS {
            assert_eq!(t.entries(s), slots * 13 / 16, "shard {s}");
        }
        assert_eq!(refused, SHARDS * slots * 3 / 16);
        assert_eq!(t.lookup(&u64::MAX, hash(&u64::MAX)), None);
    }

    /// Keys of one shard, which share their hashes' top bits, spread evenly over a table that
    /// slots keys by the top bits of their hashes rotated by [`OWN_ROTATION`]: each eighth of a
    /// 64-slot table's homes gets between a twelfth and a sixth of 8,000 such keys (with the
    /// hashes themselves, one eighth would get them all).
    #[test]
    fn own_rotation_spreads_the_keys_of_one_shard() {
        let hashes: Vec<u64> = (0u64..)
            .map(|k| hash(&k))
            .filter(|&h| shard_of(h) == 5)
            .take(8_000)
            .collect();
        let mut eighths = [0usize; 8];
        for &h in &hashes {
            eighths[(h.rotate_left(OWN_ROTATION) >> 61) as usize] += 1;
        }
        assert!(
            eighths
                .iter()
                .all(|&n| (8_000 / 12..8_000 / 6).contains(&n)),
            "{eighths:?}"
        );
        assert!(hashes.iter().all(|&h| h >> 61 == 5));
    }

    /// A key is free once, busy until finished, then done with the finisher's value, through
    /// a jump and a doubling (16-byte slots: from 2^11 slots a shard to a huge page's 2^17,
    /// then 2^18 past 98 K keys a shard); a finish of a key never claimed adds it.
    #[test]
    fn claims_go_free_busy_done_through_growth() {
        let t: ClaimTable<u64> = ClaimTable::new(1);
        assert_eq!(std::mem::size_of::<Slot<u64>>(), 16);
        assert_eq!(grown_bits::<u64>(INITIAL_BITS), 17);
        assert_eq!(grown_bits::<u64>(17), 18);
        let keys: Vec<u64> = (0..1_000_000).collect();
        for &k in &keys {
            assert_eq!(t.claim(0, &k, hash(&k)), None, "key {k} starts free");
            assert_eq!(t.claim(0, &k, hash(&k)), Some(Claim::Busy));
        }
        assert_eq!(largest_shard(&t), 18, "the table jumped, then doubled");
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
        let _alone = alone();
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
        let _alone = alone();
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

    /// Arrays a shard outgrows are kept until every other worker has announced a quiescent
    /// state since, then freed; lookups read the values through every growth.
    #[test]
    fn outgrown_arrays_wait_for_every_other_worker() {
        let t: ClaimTable<u64> = ClaimTable::new(2);
        let retired = |t: &ClaimTable<u64>| t.retired.lock().unwrap().len();
        for k in 0..50_000u64 {
            assert_eq!(t.claim(0, &k, hash(&k)), None);
            t.finish(0, &k, hash(&k), SharedId(k as u32 + 1));
        }
        assert!(retired(&t) > 0, "the shards grew");
        t.quiescent(0);
        assert!(
            retired(&t) > 0,
            "worker 1 may still be reading an old array"
        );
        t.quiescent(1);
        assert_eq!(retired(&t), 0, "both workers passed: all freed");
        for k in 0..50_000u64 {
            assert_eq!(
                t.lookup(&k, hash(&k)),
                Some(Claim::Done(SharedId(k as u32 + 1)))
            );
        }
        assert_eq!(t.lookup(&70_000, hash(&70_000)), None);
    }

    /// Two workers claim and finish keys (heap keys, moved when the table grows) while two
    /// others only look keys up, announcing quiescent states as they go: every value a lookup
    /// finds is the one its key was finished with, every value recorded reads back, and the
    /// outgrown arrays end freed.
    #[test]
    fn lookups_through_growth_read_only_finished_values() {
        let _alone = alone();
        let t: ClaimTable<Vec<u32>> = ClaimTable::new(4);
        let key = |k: u32| vec![k, k.wrapping_mul(2_654_435_761)];
        let n = 40_000u32;
        // writers still at work: the readers read on until both are done, then once more
        let writing = AtomicUsize::new(2);
        let recorded: Vec<u32> = std::thread::scope(|s| {
            let writers: Vec<_> = (0..2usize)
                .map(|w| {
                    let (t, writing) = (&t, &writing);
                    s.spawn(move || {
                        let mut recorded = Vec::new();
                        for i in 0..n {
                            let k = key(i * 2 + w as u32);
                            if t.claim(w, &k, table_hash(&k)).is_none()
                                && t.finish(w, &k, table_hash(&k), SharedId(k[0] + 7))
                            {
                                recorded.push(k[0]);
                            }
                            if i % 16 == 0 {
                                t.quiescent(w);
                            }
                        }
                        t.quiescent(w);
                        writing.fetch_sub(1, Ordering::SeqCst);
                        recorded
                    })
                })
                .collect();
            for w in 2..4usize {
                let (t, writing) = (&t, &writing);
                s.spawn(move || {
                    let mut found = 0;
                    for round in 0u32.. {
                        let last = writing.load(Ordering::SeqCst) == 0;
                        for i in 0..2 * n {
                            let k = key(i.wrapping_mul(7).wrapping_add(round) % (2 * n));
                            match t.lookup(&k, table_hash(&k)) {
                                Some(Claim::Done(v)) => {
                                    assert_eq!(v, SharedId(k[0] + 7));
                                    found += 1;
                                }
                                Some(Claim::Busy) | None => {}
                            }
                            if i % 16 == 0 {
                                t.quiescent(w);
                            }
                        }
                        if last {
                            break;
                        }
                    }
                    t.quiescent(w);
                    assert!(found > 0);
                });
            }
            writers
                .into_iter()
                .flat_map(|h| h.join().unwrap())
                .collect()
        });
        // once every worker has announced after the last growth, nothing is kept
        for w in 0..4 {
            t.quiescent(w);
        }
        assert_eq!(t.retired.lock().unwrap().len(), 0);
        assert!(recorded.len() as u32 > n, "most keys are recorded");
        for i in recorded {
            let k = key(i);
            assert_eq!(
                t.lookup(&k, table_hash(&k)),
                Some(Claim::Done(SharedId(i + 7)))
            );
        }
    }

    /// Runs four workers, each claiming `key(w, k)` for `k` below `n` and finishing what it
    /// wins with the key's first word as its value, and announcing a quiescent state every 16
    /// keys as a search's workers do (so that outgrown arrays are freed as they go); the
    /// number of keys won in all, and the distinct keys.
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
                            if k % 16 == 0 {
                                t.quiescent(w);
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
