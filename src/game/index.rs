//! The interning index: from the hash of a general game's option lists to the game's id, so
//! that every canonical form is stored once (hash-consing, as in `egg`'s e-graph).
//!
//! Open addressing with linear probing. A slot is `[tag, id]`: the high half of the hash and
//! the id, or `id == EMPTY`. A probe reads one slot and compares tags, so a lookup that finds
//! nothing, or passes other games, touches no node; only a matching tag costs a comparison of
//! option lists. Growth recomputes each stored game's hash from its options.

use super::pages::huge_vec;

const EMPTY: u32 = u32::MAX;
const INITIAL_BITS: u32 = 10;
/// The index's name in an error about memory.
const WHAT: &str = "the arena's index of games";

pub(crate) struct GameIndex {
    slots: Vec<[u32; 2]>,
    len: usize,
    bits: u32,
}

impl Default for GameIndex {
    fn default() -> Self {
        GameIndex {
            slots: huge_vec(1 << INITIAL_BITS, [0, EMPTY], WHAT),
            len: 0,
            bits: INITIAL_BITS,
        }
    }
}

#[inline]
fn tag(hash: u64) -> u32 {
    (hash >> 32) as u32
}

impl GameIndex {
    /// The first slot to probe: the top bits of the hash remixed (the low bits of an Fx hash
    /// of small ids vary little).
    #[inline]
    fn home(&self, hash: u64) -> usize {
        (hash.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    /// The id stored under `hash` for which `same(id)` holds, or else the free slot where
    /// such a game goes ([`GameIndex::insert_at`]).
    #[inline]
    pub fn find(&self, hash: u64, mut same: impl FnMut(u32) -> bool) -> Result<u32, usize> {
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        loop {
            let [t, id] = self.slots[i];
            if id == EMPTY {
                return Err(i);
            }
            if t == tag(hash) && same(id) {
                return Ok(id);
            }
            i = (i + 1) & mask;
        }
    }

    /// Starts bringing the first slot [`GameIndex::find`] reads for `hash` into cache.
    #[inline]
    pub fn prefetch(&self, hash: u64) {
        super::pages::prefetch(&self.slots[self.home(hash)]);
    }

    /// Grows the index now if one more game would fill it past half, and returns the free
    /// slot for `hash` (`slot`, from [`GameIndex::find`], when it does not grow). Called
    /// before the arena changes anything else, so that a growth that fails for want of memory
    /// leaves the arena as it was. `rehash(id)` gives a stored game's hash.
    pub fn prepare_insert(&mut self, slot: usize, hash: u64, rehash: impl Fn(u32) -> u64) -> usize {
        if (self.len + 1) * 2 <= self.slots.len() {
            return slot;
        }
        self.grow(rehash);
        self.free_slot(hash)
    }

    /// Stores `id` under `hash` in the free slot that [`GameIndex::prepare_insert`] returned
    /// (nothing may be stored in between).
    pub fn insert_at(&mut self, slot: usize, hash: u64, id: u32) {
        debug_assert_eq!(self.slots[slot][1], EMPTY);
        debug_assert!((self.len + 1) * 2 <= self.slots.len());
        self.slots[slot] = [tag(hash), id];
        self.len += 1;
    }

    /// The first empty slot on the probe sequence of `hash`.
    fn free_slot(&self, hash: u64) -> usize {
        let mask = self.slots.len() - 1;
        let mut i = self.home(hash);
        while self.slots[i][1] != EMPTY {
            i = (i + 1) & mask;
        }
        i
    }

    fn grow(&mut self, rehash: impl Fn(u32) -> u64) {
        let fresh = huge_vec(1 << (self.bits + 1), [0, EMPTY], WHAT);
        self.bits += 1;
        let old = std::mem::replace(&mut self.slots, fresh);
        for [_, id] in old.into_iter().filter(|s| s[1] != EMPTY) {
            let hash = rehash(id);
            let i = self.free_slot(hash);
            self.slots[i] = [tag(hash), id];
        }
    }

    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn approx_bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<[u32; 2]>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Only four distinct hashes, so games share tags, probes run long and wrap around.
    fn crowded(id: u32) -> u64 {
        u64::from(id % 4).wrapping_mul(0x9E37_79B9_7F4A_7C15)
    }

    #[test]
    fn finds_what_it_stored_through_growth() {
        let mut index = GameIndex::default();
        for id in 0..5000u32 {
            let h = crowded(id);
            let slot = index
                .find(h, |other| other == id)
                .expect_err("not yet stored");
            let slot = index.prepare_insert(slot, h, crowded);
            index.insert_at(slot, h, id);
        }
        assert_eq!(index.len(), 5000);
        for id in 0..5000u32 {
            assert_eq!(index.find(crowded(id), |other| other == id), Ok(id));
        }
        assert!(index.find(crowded(7000), |other| other == 7000).is_err());
    }
}
