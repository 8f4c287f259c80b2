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

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId, Nus};

/// The id of a game in a [`SharedStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SharedId(pub u32);

/// A canonical game in portable form: a number-up-star value, or its canonical options as
/// shared ids, each side in increasing order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
enum Portable {
    Nus(Nus),
    Options(Box<[SharedId]>, Box<[SharedId]>),
}

/// The games of a store, interned: equal games have equal ids.
#[derive(Default)]
struct Games {
    nodes: Vec<Portable>,
    index: FxHashMap<Portable, SharedId>,
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

    fn intern(&self, game: Portable) -> SharedId {
        let mut games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(&id) = games.index.get(&game) {
            return id;
        }
        let id = SharedId(games.nodes.len() as u32);
        games.nodes.push(game.clone());
        games.index.insert(game, id);
        id
    }

    fn node(&self, id: SharedId) -> Portable {
        let games = self.games.lock().unwrap_or_else(PoisonError::into_inner);
        games.nodes[id.0 as usize].clone()
    }
}

/// One arena's translation to and from a [`SharedStore`]: the games it has exported or
/// imported, both ways, in arrays indexed by id (every search node exports its value and
/// most imports find their game known: a hash map's lookups were most of their cost).
#[derive(Default)]
pub struct Exchange {
    to_shared: Vec<u32>,
    from_shared: Vec<u32>,
}

/// An entry of [`Exchange`]'s arrays for an id not translated yet.
const UNKNOWN: u32 = u32::MAX;

/// The entry of `map` at `i`, if set.
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
    pub fn export(&mut self, arena: &Arena, store: &SharedStore, g: GameId) -> SharedId {
        if let Some(s) = entry(&self.to_shared, g.0) {
            return SharedId(s);
        }
        let game = match arena.get_nus(g) {
            Some(v) => Portable::Nus(v),
            None => {
                let (l, r) = arena.sides(g);
                let mut side = |ids: &[GameId]| -> Box<[SharedId]> {
                    let mut out: Vec<SharedId> =
                        ids.iter().map(|&o| self.export(arena, store, o)).collect();
                    out.sort_unstable_by_key(|s| s.0);
                    out.into()
                };
                let (l, r) = (l.to_vec(), r.to_vec());
                Portable::Options(side(&l), side(&r))
            }
        };
        let s = store.intern(game);
        self.remember(g, s);
        s
    }

    /// The id in `arena` of the shared game `s`, copying its DAG in where needed (the
    /// games are canonical already: nothing is simplified again).
    pub fn import(&mut self, arena: &mut Arena, store: &SharedStore, s: SharedId) -> GameId {
        if let Some(g) = entry(&self.from_shared, s.0) {
            return GameId(g);
        }
        let g = match store.node(s) {
            Portable::Nus(v) => arena.nus(v),
            Portable::Options(l, r) => {
                let left = l.iter().map(|&o| self.import(arena, store, o)).collect();
                let right = r.iter().map(|&o| self.import(arena, store, o)).collect();
                arena.intern_canonical(left, right)
            }
        };
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
}
