//! Games that threads share: a [`SharedStore`] holds canonical games any thread can read,
//! named by [`SharedId`]s, and each thread's [`Exchange`] translates between them and the ids
//! of its own [`Arena`].
//!
//! Search workers keep private arenas, so that their hot paths take no locks. To hand a
//! finished value to another worker, one *exports* it (its DAG, bottom-up, each game once:
//! the exchange remembers what it has exported or imported) and the other *imports* it. A
//! canonical game is determined by its canonical options, so interning the same option lists
//! gives the same shared id whichever thread exported them first (Siegel, CGT, §II.2).

use std::sync::{Mutex, PoisonError};

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHasher};

use super::arena::{Arena, GameId, Nus};

/// The id of a game in a [`SharedStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SharedId(pub u32);

/// A canonical game of the store: a number-up-star value, or where its canonical options (as
/// shared ids, each side in increasing order) lie in the store's pool.
#[derive(Clone, Copy, Debug)]
enum Node {
    Nus(Nus),
    Options { start: u32, left: u32, right: u32 },
}

/// The games of a store, interned: equal games have equal ids. Option lists live in one
/// pool and general games are found by an open-addressed index of their ids, so interning
/// allocates nothing per game (boxed option lists in a hash map made allocation and rehashing
/// a tenth of a two-worker Fission search).
#[derive(Default)]
struct Games {
    nodes: Vec<Node>,
    pool: Vec<SharedId>,
    nus_index: FxHashMap<Nus, SharedId>,
    /// `(hash, id + 1)` of the general games; `id + 1 == 0` marks an empty slot.
    slots: Vec<(u32, u32)>,
    general: usize,
}

/// The hash of option lists in the index.
fn hash_lists(left: &[SharedId], right: &[SharedId]) -> u32 {
    let mut h = FxHasher::default();
    left.hash(&mut h);
    u32::MAX.hash(&mut h);
    right.hash(&mut h);
    (h.finish() >> 32) as u32
}

impl Games {
    fn sides(&self, node: Node) -> (&[SharedId], &[SharedId]) {
        match node {
            Node::Nus(_) => (&[], &[]),
            Node::Options { start, left, right } => {
                let (s, m) = (start as usize, (start + left) as usize);
                (&self.pool[s..m], &self.pool[m..m + right as usize])
            }
        }
    }

    fn push(&mut self, node: Node) -> SharedId {
        let id = SharedId(self.nodes.len() as u32);
        self.nodes.push(node);
        id
    }

    fn intern_nus(&mut self, v: Nus) -> SharedId {
        if let Some(&id) = self.nus_index.get(&v) {
            return id;
        }
        let id = self.push(Node::Nus(v));
        self.nus_index.insert(v, id);
        id
    }

    /// The id of the general game with these canonical option lists (each sorted).
    fn intern_options(&mut self, left: &[SharedId], right: &[SharedId]) -> SharedId {
        if (self.general + 1) * 4 > self.slots.len() * 3 {
            self.grow();
        }
        let h = hash_lists(left, right);
        let mask = self.slots.len() - 1;
        let mut i = h as usize & mask;
        loop {
            match self.slots[i] {
                (_, 0) => break,
                (sh, id) if sh == h => {
                    let node = self.nodes[id as usize - 1];
                    if self.sides(node) == (left, right) {
                        return SharedId(id - 1);
                    }
                }
                _ => {}
            }
            i = (i + 1) & mask;
        }
        let start = self.pool.len() as u32;
        self.pool.extend_from_slice(left);
        self.pool.extend_from_slice(right);
        let id = self.push(Node::Options {
            start,
            left: left.len() as u32,
            right: right.len() as u32,
        });
        self.slots[i] = (h, id.0 + 1);
        self.general += 1;
        id
    }

    /// Doubles the index (its slots keep their hashes, so nothing is hashed again).
    fn grow(&mut self) {
        let size = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![(0, 0); size]);
        for (h, id) in old.into_iter().filter(|&(_, id)| id != 0) {
            let mut i = h as usize & (size - 1);
            while self.slots[i].1 != 0 {
                i = (i + 1) & (size - 1);
            }
            self.slots[i] = (h, id);
        }
    }
}

/// Canonical games shared between threads, behind one lock (taken once per game exported
/// or imported, not per search node).
#[derive(Default)]
pub struct SharedStore {
    games: Mutex<Games>,
}

impl SharedStore {
    pub fn new() -> SharedStore {
        SharedStore::default()
    }

    fn games(&self) -> std::sync::MutexGuard<'_, Games> {
        self.games.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One arena's translation to and from a [`SharedStore`]: the games it has exported or
/// imported, both ways, in arrays indexed by id (every search node exports its value and
/// most imports find their game known: a hash map's lookups were most of their cost).
#[derive(Default)]
pub struct Exchange {
    to_shared: Vec<u32>,
    from_shared: Vec<u32>,
    /// Option lists being translated, innermost last (a stack shared by the recursion).
    scratch: Vec<SharedId>,
}

/// An entry of [`Exchange`]'s arrays for an id not translated yet.
const UNKNOWN: u32 = u32::MAX;

/// The entry of `map` at `i`, if set.
#[inline]
fn entry(map: &[u32], i: u32) -> Option<u32> {
    map.get(i as usize).copied().filter(|&x| x != UNKNOWN)
}

/// Sets `map[i] = x`, growing `map` as needed.
fn set_entry(map: &mut Vec<u32>, i: u32, x: u32) {
    let i = i as usize;
    if i >= map.len() {
        map.resize((i + 1).next_power_of_two(), UNKNOWN);
    }
    map[i] = x;
}

impl Exchange {
    pub fn new() -> Exchange {
        Exchange::default()
    }

    fn remember(&mut self, g: GameId, s: SharedId) {
        set_entry(&mut self.to_shared, g.0, s.0);
        set_entry(&mut self.from_shared, s.0, g.0);
    }

    /// The shared id of `arena`'s game `g`, putting its DAG into `store` where needed.
    /// Inlined for the common case, a game exported or imported before (every search node
    /// exports its value, and most are games met before).
    #[inline]
    pub fn export(&mut self, arena: &Arena, store: &SharedStore, g: GameId) -> SharedId {
        match entry(&self.to_shared, g.0) {
            Some(s) => SharedId(s),
            None => self.export_new(arena, store, g),
        }
    }

    /// [`Self::export`] of a game this exchange has not translated yet.
    #[inline(never)]
    fn export_new(&mut self, arena: &Arena, store: &SharedStore, g: GameId) -> SharedId {
        let s = match arena.get_nus(g) {
            Some(v) => store.games().intern_nus(v),
            None => {
                let (l, r) = arena.sides(g);
                let base = self.scratch.len();
                for &o in l.iter().chain(r) {
                    let s = self.export(arena, store, o);
                    self.scratch.push(s);
                }
                let (left, right) = self.scratch[base..].split_at_mut(l.len());
                left.sort_unstable_by_key(|s| s.0);
                right.sort_unstable_by_key(|s| s.0);
                let s = store.games().intern_options(left, right);
                self.scratch.truncate(base);
                s
            }
        };
        self.remember(g, s);
        s
    }

    /// The id in `arena` of the shared game `s`, copying its DAG in where needed (the
    /// games are canonical already: nothing is simplified again). Inlined for the common
    /// case, a game translated before (each table hit imports its value).
    #[inline]
    pub fn import(&mut self, arena: &mut Arena, store: &SharedStore, s: SharedId) -> GameId {
        match entry(&self.from_shared, s.0) {
            Some(g) => GameId(g),
            None => self.import_new(arena, store, s),
        }
    }

    /// [`Self::import`] of a game this exchange has not translated yet.
    #[inline(never)]
    fn import_new(&mut self, arena: &mut Arena, store: &SharedStore, s: SharedId) -> GameId {
        let base = self.scratch.len();
        let (nus, left_len) = {
            let games = store.games();
            let node = games.nodes[s.0 as usize];
            let (l, r) = games.sides(node);
            self.scratch.extend_from_slice(l);
            self.scratch.extend_from_slice(r);
            match node {
                Node::Nus(v) => (Some(v), 0),
                Node::Options { .. } => (None, l.len()),
            }
        };
        let g = match nus {
            Some(v) => arena.nus(v),
            None => {
                let n = self.scratch.len() - base;
                let mut ids = Vec::with_capacity(n);
                for k in base..base + n {
                    let o = self.scratch[k];
                    ids.push(self.import(arena, store, o));
                }
                let right = ids.split_off(left_len);
                arena.intern_canonical(ids, right)
            }
        };
        self.scratch.truncate(base);
        self.remember(g, s);
        g
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::{Rng, random_game};

    /// A game exported from one arena and imported into another is the same game there:
    /// equal to the same game built directly, and exported again to the same shared id.
    #[test]
    fn a_game_crosses_arenas_unchanged() {
        let store = SharedStore::new();
        let mut rng = Rng::seeded(7);
        let (mut a, mut b) = (Arena::new(), Arena::new());
        let (mut xa, mut xb) = (Exchange::new(), Exchange::new());
        for _ in 0..200 {
            let seed = rng.below(1 << 30);
            let g = random_game(&mut a, &mut Rng::seeded(seed as u64), 4);
            let s = xa.export(&a, &store, g);
            let h = xb.import(&mut b, &store, s);
            let direct = random_game(&mut b, &mut Rng::seeded(seed as u64), 4);
            assert_eq!(h, direct, "{}", a.display(g));
            assert_eq!(xb.export(&b, &store, h), s);
            let mut fresh = Exchange::new();
            assert_eq!(fresh.export(&b, &store, direct), s);
        }
    }

    /// Past the index's first 1024 slots: the 1600 switches `{a | -b}` (general games) cross
    /// to another arena and back as themselves.
    #[test]
    fn many_games_cross_through_index_growth() {
        let store = SharedStore::new();
        let (mut a, mut b) = (Arena::new(), Arena::new());
        let (mut xa, mut xb) = (Exchange::new(), Exchange::new());
        let switch = |arena: &mut Arena, i: i64, j: i64| {
            let (l, r) = (arena.integer(i), arena.integer(-j));
            arena.game(vec![l], vec![r])
        };
        let mut shared = Vec::new();
        for i in 1..=40 {
            for j in 1..=40 {
                let g = switch(&mut a, i, j);
                shared.push((i, j, xa.export(&a, &store, g)));
            }
        }
        assert_eq!(store.games().general, 1600);
        for (i, j, s) in shared {
            let g = xb.import(&mut b, &store, s);
            assert_eq!(g, switch(&mut b, i, j), "{i} {j}");
            assert_eq!(xb.export(&b, &store, g), s);
        }
    }
}
