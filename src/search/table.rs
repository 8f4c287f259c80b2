//! The value search's transposition table: normalised components to their values, in one
//! open-addressed array (linear probing). A lookup usually reads one slot, key and value
//! together, so it costs one cache miss where a general hash map costs two (its control bytes,
//! then the entry); and the slot of a key whose hash is known can be prefetched while other
//! work goes on, so the lookups of a node's options overlap (6x6 Domineering spends most of
//! its time waiting for these lookups).

use std::hash::{Hash, Hasher};

use rustc_hash::FxHasher;

use crate::game::GameId;
use crate::game::pages;
use crate::game::reserved::ReservedVec;

/// Slots of a new table.
const INITIAL_SLOTS: usize = 1 << 10;

/// From this many slots on, the table fills to 7/8 before it doubles instead of 3/4: at
/// 2^28 slots of 16 bytes it would go from 4 to 8 GiB at 201 M entries (the 6x7 Domineering
/// search stores 173 M). Near a memory budget the longer probes of a fuller table cost less.
const LARGE_SLOTS: usize = 1 << 27;

/// Whether a table of `slots` slots holding `len` entries must double before taking one more.
fn must_grow(len: usize, slots: usize) -> bool {
    if slots < LARGE_SLOTS {
        (len + 1) * 4 > slots * 3
    } else {
        (len + 1) * 8 > slots * 7
    }
}

/// The table's name in an error about memory.
const WHAT: &str = "the search's transposition table";

/// What a table stores for a key: a small value with one value set aside to mark an empty
/// slot.
pub trait SlotValue: Copy + Eq {
    /// The value no key is ever given: it marks an empty slot.
    const EMPTY: Self;
}

/// No game has this id.
impl SlotValue for GameId {
    const EMPTY: GameId = GameId(u32::MAX);
}

/// A map from positions to values (game ids unless said otherwise) where entries are only
/// added or changed.
pub struct ValueTable<K, V = GameId> {
    /// `(key, value)`; a slot is empty when its value is [`SlotValue::EMPTY`], and then its
    /// key is a placeholder (a copy of the first key stored), which keeps a slot at the size
    /// of a key and an id (16 bytes for a one-word Domineering board, not the 20 of an
    /// `Option`).
    slots: ReservedVec<(K, V)>,
    len: usize,
    /// log2 of the number of slots (once there are any).
    bits: u32,
    /// Bits each hash is rotated left by before its top bits pick the home slot
    /// ([`Self::rotated`]).
    rotation: u32,
}

impl<K: Hash + Eq + Clone, V: SlotValue> Default for ValueTable<K, V> {
    fn default() -> Self {
        ValueTable::new()
    }
}

impl<K: Hash + Eq + Clone> ValueTable<K> {
    /// The hash [`Self::get`], [`Self::insert`] and [`Self::prefetch`] take.
    #[inline]
    pub fn hash(key: &K) -> u64 {
        table_hash(key)
    }
}

/// The hash of `key` in a [`ValueTable`] (of any value type).
#[inline]
pub fn table_hash<K: Hash>(key: &K) -> u64 {
    let mut h = FxHasher::default();
    key.hash(&mut h);
    // FxHash's low bits are weak; the slot comes from the high bits of this product
    h.finish().wrapping_mul(0x9E37_79B9_7F4A_7C15)
}

impl<K: Hash + Eq + Clone, V: SlotValue> ValueTable<K, V> {
    /// An empty table; it allocates on the first insertion.
    pub fn new() -> Self {
        ValueTable::rotated(0)
    }

    /// An empty table that slots each key by the top bits of its hash rotated left by
    /// `rotation` bits, for keys whose hashes share their top bits (a worker's own table,
    /// whose keys are mostly of one shard of the claim table: [`super::claims::OWN_ROTATION`]).
    /// Callers still pass the [`table_hash`]; growing rotates the hashes it recomputes alike.
    pub fn rotated(rotation: u32) -> Self {
        ValueTable {
            slots: ReservedVec::new(),
            len: 0,
            bits: INITIAL_SLOTS.trailing_zeros(),
            rotation,
        }
    }

    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash.rotate_left(self.rotation) >> (64 - self.bits)) as usize
    }

    /// Asks the processor to bring the slot of `hash` into cache (no effect on the contents).
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        if let Some(slot) = self.slots.get(self.home(hash)) {
            pages::prefetch(slot);
        }
    }

    /// The value stored for `key`, whose [`table hash`](table_hash) is `hash`.
    #[inline]
    pub fn get(&self, key: &K, hash: u64) -> Option<V> {
        self.find(key, hash).map(|i| self.slots[i].1)
    }

    /// The slot holding `key`.
    #[inline]
    fn find(&self, key: &K, hash: u64) -> Option<usize> {
        if self.slots.is_empty() {
            return None;
        }
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let (k, v) = &self.slots[i];
            if *v == V::EMPTY {
                return None;
            }
            if k == key {
                return Some(i);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `value` for `key` (which must not be present yet), growing the table past
    /// three-quarters full (7/8 for large tables, see [`LARGE_SLOTS`]).
    pub fn insert(&mut self, key: K, hash: u64, value: V) {
        debug_assert!(value != V::EMPTY, "no key has the empty slot's value");
        if self.slots.is_empty() {
            self.slots
                .grow(1 << self.bits, (key.clone(), V::EMPTY), WHAT);
        } else if must_grow(self.len, self.slots.len()) {
            self.grow();
        }
        self.place(key, hash, value);
        self.len += 1;
    }

    fn place(&mut self, key: K, hash: u64, value: V) {
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        while self.slots[i].1 != V::EMPTY {
            i = (i + 1) & mask;
        }
        self.slots[i] = (key, value);
    }

    /// Doubles the slots in place: the array extends into its reservation
    /// ([`ReservedVec`]), the new half empty, and the entries move to their new slots within
    /// it ([`Self::rehash_in_place`]). Only the new half is fresh memory (checked against the
    /// memory limit first), and the old array is not held beside the new one while entries
    /// move. A new array for each doubling had the kernel clear the whole series of arrays
    /// on first touch: `clear_page_erms` took 11% of a one-thread Fission 5x6 search's
    /// samples, 1% now. One thread, interleaved runs, medians: Fission 5x6 0.635 -> 0.612 s
    /// (15 runs), Ski Jumps 5x6 0.893 -> 0.862 s (9); Fission 6x5 within noise (0.987 ->
    /// 0.964 s in 11 runs, 1.036 -> 1.103 s in 7).
    fn grow(&mut self) {
        let n = self.slots.len();
        let placeholder = (self.slots[0].0.clone(), V::EMPTY);
        self.slots.grow(2 * n, placeholder, WHAT);
        self.bits += 1;
        self.rehash_in_place(n);
    }

    /// Moves each entry of the first `old` slots (the table before it doubled) to a slot its
    /// new home reaches, in place. Linear probing finds an entry iff every slot from its home
    /// to its own is occupied. Entries not yet moved are *pending*; an entry is *placed* at
    /// the first slot from its home that is empty, pending, or its own (displacing a pending
    /// entry, which is moved next). So every slot on a placed entry's path holds a placed
    /// entry, which never moves again: when the last pending entry is placed (each step
    /// places one), every entry is found, and the slots left over are empty.
    ///
    /// The slots are taken last first. An entry near slot `i` has its home near `i` and its
    /// new home near `2i`, past every pending slot (those below `i`): it lands in an empty
    /// slot, and the writes stream down the array. First first, most entries displaced a
    /// pending one, in chains that jump across the table (8% of a one-thread Fission search
    /// went to growing it, against 3%).
    fn rehash_in_place(&mut self, old: usize) {
        let mask = self.slots.len() - 1;
        let mut pending: Vec<u64> = vec![0; old.div_ceil(64)];
        for (i, slot) in self.slots[..old].iter().enumerate() {
            if slot.1 != V::EMPTY {
                pending[i / 64] |= 1 << (i % 64);
            }
        }
        let is_pending =
            |pending: &[u64], i: usize| i < old && pending[i / 64] >> (i % 64) & 1 != 0;
        for i in (0..old).rev() {
            // slot `i` holds a pending entry until it is placed or the slot is emptied
            while is_pending(&pending, i) {
                let mut j = self.home(table_hash(&self.slots[i].0));
                loop {
                    if j == i {
                        pending[i / 64] &= !(1 << (i % 64));
                        break;
                    }
                    if self.slots[j].1 == V::EMPTY {
                        self.slots.swap(i, j);
                        pending[i / 64] &= !(1 << (i % 64));
                        break;
                    }
                    if is_pending(&pending, j) {
                        // placed at `j`; slot `i` now holds `j`'s pending entry
                        self.slots.swap(i, j);
                        pending[j / 64] &= !(1 << (j % 64));
                        break;
                    }
                    j = (j + 1) & mask;
                }
            }
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Bytes held by the slots.
    pub fn approx_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<(K, V)>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Agrees with a hash map through many growths, on keys that collide in their home slot.
    #[test]
    fn agrees_with_a_hash_map() {
        let mut t: ValueTable<u64> = ValueTable::new();
        let mut m = std::collections::HashMap::new();
        for i in 0..100_000u64 {
            let key = i.wrapping_mul(7919) % 250_007;
            if m.contains_key(&key) {
                continue;
            }
            let h = ValueTable::hash(&key);
            assert_eq!(t.get(&key, h), None);
            t.insert(key, h, GameId(i as u32));
            m.insert(key, GameId(i as u32));
        }
        assert_eq!(t.len(), m.len());
        for (k, v) in &m {
            assert_eq!(t.get(k, ValueTable::hash(k)), Some(*v));
        }
        assert_eq!(t.get(&300_000, ValueTable::hash(&300_000)), None);
    }

    /// Doubling in place keeps every key findable when clusters wrap around the end of the
    /// array: 400 keys whose home is the last slot of the first array (and the last two of
    /// the next), among keys spread at random, every key looked up after each insertion.
    #[test]
    fn doubling_in_place_keeps_wrapped_clusters() {
        let bits = INITIAL_SLOTS.trailing_zeros();
        let last: Vec<u64> = (0u64..)
            .filter(|k| ValueTable::hash(k) >> (64 - bits) == (1 << bits) - 1)
            .take(400)
            .collect();
        let spread = (0..3000u64).map(|i| i.wrapping_mul(0x9E37_79B9) | 1 << 40);
        let keys: Vec<u64> = last.iter().copied().chain(spread).collect();
        let mut t: ValueTable<u64> = ValueTable::new();
        for (n, &k) in keys.iter().enumerate() {
            t.insert(k, ValueTable::hash(&k), GameId(n as u32));
            for (m, k) in keys[..=n].iter().enumerate() {
                assert_eq!(t.get(k, ValueTable::hash(k)), Some(GameId(m as u32)));
            }
        }
        assert!(
            t.slots.len() > INITIAL_SLOTS * 4,
            "the table grew several times"
        );
        assert_eq!(t.get(&7, ValueTable::hash(&7)), None);
    }

    /// A rotated table finds every key through its growths: it rehashes by the same rotated
    /// hash it looks keys up by. (A worker's own table once rotated the hashes it was given but
    /// not those it recomputed to grow, and lost most keys past its first doubling: 1,474 of
    /// 1,585 in a two-worker Toads and Frogs search.)
    #[test]
    fn rotated_tables_find_their_keys_after_growing() {
        for rotation in [3, 17, 61] {
            let mut t: ValueTable<u64> = ValueTable::rotated(rotation);
            for k in 0..5_000u64 {
                t.insert(k, ValueTable::hash(&k), GameId(k as u32));
            }
            assert!(t.slots.len() >= INITIAL_SLOTS * 8, "the table grew");
            for k in 0..5_000u64 {
                assert_eq!(t.get(&k, ValueTable::hash(&k)), Some(GameId(k as u32)));
            }
            assert_eq!(t.get(&5_000, ValueTable::hash(&5_000)), None);
        }
    }

    /// Small tables double at three-quarters full, large ones at seven-eighths.
    #[test]
    fn large_tables_fill_further_before_doubling() {
        let small = 1 << 10;
        assert!(!must_grow(small * 3 / 4 - 1, small));
        assert!(must_grow(small * 3 / 4, small));
        let large = LARGE_SLOTS << 1;
        assert!(!must_grow(large * 3 / 4, large));
        assert!(!must_grow(large * 7 / 8 - 1, large));
        assert!(must_grow(large * 7 / 8, large));
    }
}
