//! Impartial games in misère play (the last player to move loses): canonical forms, sums,
//! outcomes, misère Grundy values and Conway's genus (Conway, *On Numbers and Games*, ch. 12;
//! Siegel, *Combinatorial Game Theory*, ch. V.1).
//!
//! Every game lives once in a [`MisereStore`], named by a [`MisereId`]: a canonical game is its
//! set of canonical options, and canonical forms are unique (ONAG Thm 76), so misère
//! equivalence is id equality, as for short games in the [`super::Arena`].

mod notation;
mod parts;
mod phyla;

pub use notation::{MAX_HEAP, MisereSpec, Subscript, parse_compact};
pub use phyla::GENUS_TERMS;

use std::sync::{Mutex, MutexGuard, OnceLock, PoisonError};

use rustc_hash::FxHashMap;

use super::interrupt::check_cancel;
use super::mex::mex;

/// The store every session shares. A misère canonical form is a value independent of any
/// session (as in CGSuite), its id never goes stale because the store only grows, and each
/// store operation leaves it consistent even when Ctrl-C or a budget interrupts a computation
/// between two of them ([`MisereStore::game`] polls before it changes anything).
pub fn shared() -> MutexGuard<'static, MisereStore> {
    static STORE: OnceLock<Mutex<MisereStore>> = OnceLock::new();
    STORE
        .get_or_init(|| Mutex::new(MisereStore::new()))
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
}

/// The id of a canonical misère impartial game in a [`MisereStore`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MisereId(pub u32);

/// The store of canonical misère impartial games, with memos of sums and outcomes.
pub struct MisereStore {
    /// Each game's canonical options, sorted by id.
    options: Vec<Box<[MisereId]>>,
    index: FxHashMap<Box<[MisereId]>, MisereId>,
    sums: FxHashMap<(MisereId, MisereId), MisereId>,
    /// Each game's Grundy values once found: normal play's, then misère play's
    /// ([`MisereStore::normal_grundy`], [`MisereStore::misere_grundy`]).
    grundy: Vec<[Option<u32>; 2]>,
    /// Each game's birthday (0 for 0, else one more than its options' largest).
    birthdays: Vec<u32>,
    /// The nim heaps made so far: `heaps[n]` is `*n`.
    heaps: Vec<MisereId>,
    mates: FxHashMap<MisereId, MisereId>,
    /// [`MisereStore::is_tame`] of the games asked.
    tame: FxHashMap<MisereId, bool>,
    /// `G - H` where found (`None`: `H` is not a part of `G`).
    differences: FxHashMap<(MisereId, MisereId), Option<MisereId>>,
    parts_memo: FxHashMap<MisereId, Vec<MisereId>>,
    partitions_memo: FxHashMap<MisereId, Vec<Vec<MisereId>>>,
}

impl Default for MisereStore {
    fn default() -> Self {
        MisereStore::new()
    }
}

impl MisereStore {
    /// A store holding the game 0 (no options) as id 0.
    pub fn new() -> MisereStore {
        let mut s = MisereStore {
            options: Vec::new(),
            index: FxHashMap::default(),
            sums: FxHashMap::default(),
            grundy: Vec::new(),
            birthdays: Vec::new(),
            heaps: Vec::new(),
            mates: FxHashMap::default(),
            tame: FxHashMap::default(),
            differences: FxHashMap::default(),
            parts_memo: FxHashMap::default(),
            partitions_memo: FxHashMap::default(),
        };
        s.intern(Vec::new());
        s
    }

    /// The game with no options.
    pub fn zero(&self) -> MisereId {
        MisereId(0)
    }

    /// The canonical options of `g`.
    pub fn options(&self, g: MisereId) -> &[MisereId] {
        &self.options[g.0 as usize]
    }

    /// Games in the store.
    pub fn len(&self) -> usize {
        self.options.len()
    }

    pub fn is_empty(&self) -> bool {
        self.options.is_empty()
    }

    fn intern(&mut self, options: Vec<MisereId>) -> MisereId {
        if let Some(&g) = self.index.get(options.as_slice()) {
            return g;
        }
        let g = MisereId(self.options.len() as u32);
        let birthday = options
            .iter()
            .map(|o| self.birthdays[o.0 as usize] + 1)
            .max()
            .unwrap_or(0);
        self.birthdays.push(birthday);
        let options: Box<[MisereId]> = options.into();
        self.options.push(options.clone());
        self.index.insert(options, g);
        self.grundy.push([None; 2]);
        g
    }

    /// The canonical form of the game whose options are `options` (each canonical already).
    ///
    /// Conway's simplification (ONAG Thm 74-76; Siegel, CGT, Thm V.1.6): `G` equals `K`, an
    /// option of one of its options, when every option of `K` is an option of `G`, every other
    /// option of `G` has `K` as an option, and, if `K` is 0, some option of `G` is a misère
    /// P-position. A game whose options are canonical and which reduces to no such `K` is
    /// canonical; one that reduces is `K`, which is canonical.
    pub fn game(&mut self, mut options: Vec<MisereId>) -> MisereId {
        check_cancel();
        options.sort_unstable();
        options.dedup();
        let candidates: Vec<MisereId> = {
            let mut c: Vec<MisereId> = options
                .iter()
                .flat_map(|&o| self.options(o).iter().copied())
                .collect();
            c.sort_unstable();
            c.dedup();
            c
        };
        for k in candidates {
            if self.reduces_to(&options, k) {
                return k;
            }
        }
        self.intern(options)
    }

    /// Whether the game with (sorted) `options` equals `k` by Conway's simplification.
    fn reduces_to(&mut self, options: &[MisereId], k: MisereId) -> bool {
        let of_k = self.options(k);
        if !of_k.iter().all(|o| options.binary_search(o).is_ok()) {
            return false;
        }
        let others_reach_k = options
            .iter()
            .filter(|o| of_k.binary_search(o).is_err())
            .all(|&o| self.options(o).binary_search(&k).is_ok());
        if !others_reach_k {
            return false;
        }
        k != self.zero() || options.iter().any(|&o| self.is_p_position(o))
    }

    /// The nim heap `*n` (options `*0` to `*(n-1)`), canonical in misère play too.
    pub fn nimber(&mut self, n: u32) -> MisereId {
        while self.heaps.len() <= n as usize {
            let g = self.game(self.heaps.clone());
            self.heaps.push(g);
        }
        self.heaps[n as usize]
    }

    /// The size of the nim heap `g` is, if it is one: a heap's birthday is its size, so `g`
    /// is a heap iff it is the heap of its birthday.
    pub fn heap_size(&mut self, g: MisereId) -> Option<u32> {
        let b = self.birthday(g);
        (self.nimber(b) == g).then_some(b)
    }

    /// The birthday of `g`: 0 for 0, else one more than the largest of its options'.
    pub fn birthday(&self, g: MisereId) -> u32 {
        self.birthdays[g.0 as usize]
    }

    /// Conway's mate of `g` (ONAG ch. 12): the mate of 0 is `*`, and of any other game the
    /// game whose options are the mates of its options. (`G` and its mate have the same
    /// misère outcome in every sum with a tame game; the mate of `*` is 0.)
    pub fn mate(&mut self, g: MisereId) -> MisereId {
        if g == self.zero() {
            return self.nimber(1);
        }
        if let Some(&m) = self.mates.get(&g) {
            return m;
        }
        let options = self.options(g).to_vec();
        let mated = options.into_iter().map(|o| self.mate(o)).collect();
        let m = self.game(mated);
        self.mates.insert(g, m);
        m
    }

    /// The misère sum `G + H = {G' + H, G + H'}`.
    pub fn add(&mut self, g: MisereId, h: MisereId) -> MisereId {
        if g == self.zero() {
            return h;
        }
        if h == self.zero() {
            return g;
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(&s) = self.sums.get(&key) {
            return s;
        }
        let mut options = Vec::new();
        for o in self.options(g).to_vec() {
            options.push(self.add(o, h));
        }
        for o in self.options(h).to_vec() {
            options.push(self.add(g, o));
        }
        let s = self.game(options);
        self.sums.insert(key, s);
        s
    }

    /// Whether the previous player wins `g` in misère play: `g` has options and every one is
    /// a win for the player to move (0, with no move, is a win for the player to move).
    pub fn is_p_position(&mut self, g: MisereId) -> bool {
        self.misere_grundy(g) == 0
    }

    /// The misère Grundy value: 1 for 0, else the least value no option has (ONAG ch. 12; it
    /// is 0 exactly for misère P-positions).
    pub fn misere_grundy(&mut self, g: MisereId) -> u32 {
        self.grundy_value(g, true)
    }

    /// The normal-play Grundy value (Sprague-Grundy: mex of the options').
    pub fn normal_grundy(&mut self, g: MisereId) -> u32 {
        self.grundy_value(g, false)
    }

    /// The misère or the normal-play Grundy value of `g`, remembered: they differ only in the
    /// game without options (1 in misère play, 0 in normal play).
    fn grundy_value(&mut self, g: MisereId, misere: bool) -> u32 {
        let slot = misere as usize;
        if let Some(v) = self.grundy[g.0 as usize][slot] {
            return v;
        }
        let v = if misere && self.options(g).is_empty() {
            1
        } else {
            let values: Vec<u32> = self
                .options(g)
                .to_vec()
                .into_iter()
                .map(|o| self.grundy_value(o, misere))
                .collect();
            mex(values)
        };
        self.grundy[g.0 as usize][slot] = Some(v);
        v
    }

    /// Conway's genus `g^(γ0 γ1 γ2 ...)`: `g` the normal-play Grundy value and `γn` the misère
    /// Grundy value of `G + 2 + ... + 2` (n copies of `*2`), as the normal value and the list
    /// up to the point from which it alternates between its last two entries (ONAG ch. 12:
    /// the sequence is eventually periodic with period 2). Computed to `limit` terms at most.
    pub fn genus(&mut self, g: MisereId, limit: usize) -> (u32, Vec<u32>) {
        let two = self.nimber(2);
        let mut terms = Vec::new();
        let mut sum = g;
        for _ in 0..limit {
            terms.push(self.misere_grundy(sum));
            // once γ(n) = γ(n-2) holds for two steps in a row, it alternates from there
            let n = terms.len();
            if n >= 4 && terms[n - 1] == terms[n - 3] && terms[n - 2] == terms[n - 4] {
                terms.truncate(n - 2);
                break;
            }
            sum = self.add(sum, two);
        }
        (self.normal_grundy(g), terms)
    }
}

/// Every game born by day `day`, from all subsets of the games born the day before (for
/// tests that check a property on all small games).
#[cfg(test)]
pub(crate) fn born_by(store: &mut MisereStore, day: usize) -> Vec<MisereId> {
    let mut games = vec![store.zero()];
    for _ in 0..day {
        let older = games.clone();
        let mut next = Vec::new();
        for mask in 0u64..(1 << older.len()) {
            let options = (0..older.len())
                .filter(|i| mask >> i & 1 == 1)
                .map(|i| older[i])
                .collect();
            next.push(store.game(options));
        }
        next.sort_unstable();
        next.dedup();
        games = next;
    }
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The numbers of misère impartial games born by days 0 to 4 are 1, 2, 3, 5 and 22
    /// (ONAG ch. 12, which gives 4171780 for day 5).
    #[test]
    fn games_born_by_day_four() {
        let mut store = MisereStore::new();
        let counts: Vec<usize> = (0..=4).map(|d| born_by(&mut store, d).len()).collect();
        assert_eq!(counts, [1, 2, 3, 5, 22]);
    }

    /// `{*} = 0`: * is a misère P-position, so the reduction to 0 applies; `{0, *2} = *`:
    /// * = {0}, whose option 0 is an option, and *2 has * as an option (ONAG ch. 12).
    #[test]
    fn conways_reductions_by_hand() {
        let mut s = MisereStore::new();
        let (zero, star, star2) = (s.zero(), s.nimber(1), s.nimber(2));
        assert_eq!(s.game(vec![star]), zero);
        assert_eq!(s.game(vec![zero, star2]), star);
        // *2 + *2: misère P-position? Normal value 0; misère: not a sum of heaps of size at
        // most 1, and the nim-sum is 0, so a P-position by Bouton's misère rule.
        let sum = s.add(star2, star2);
        assert!(s.is_p_position(sum));
        // * + * is an N-position in misère play (two one-heaps: even count).
        let two_ones = s.add(star, star);
        assert!(!s.is_p_position(two_ones));
    }

    /// Misère Nim (Bouton 1902): a position is a P-position iff every heap has at most one
    /// token and the number of one-token heaps is odd, or some heap has two or more and the
    /// nim-sum is 0. Checked on every position of up to four heaps of up to five tokens.
    #[test]
    fn misere_nim_follows_boutons_rule() {
        let mut s = MisereStore::new();
        let heaps: Vec<MisereId> = (0..=5).map(|n| s.nimber(n)).collect();
        let mut sizes = vec![0usize; 4];
        loop {
            let sum = sizes.iter().fold(s.zero(), |acc, &n| s.add(acc, heaps[n]));
            let small = sizes.iter().all(|&n| n <= 1);
            let ones = sizes.iter().filter(|&&n| n == 1).count();
            let nim_sum = sizes.iter().fold(0, |acc, &n| acc ^ n);
            let bouton = if small { ones % 2 == 1 } else { nim_sum == 0 };
            assert_eq!(s.is_p_position(sum), bouton, "heaps {sizes:?}");
            // next tuple in lexicographic order
            let mut i = 0;
            while i < sizes.len() && sizes[i] == 5 {
                sizes[i] = 0;
                i += 1;
            }
            if i == sizes.len() {
                break;
            }
            sizes[i] += 1;
        }
    }

    /// A game tree as written, without simplification.
    #[derive(Clone, Debug)]
    struct Tree(Vec<Tree>);

    fn random_tree(rng: &mut crate::game::rng::Rng, depth: u32) -> Tree {
        let n = if depth == 0 { 0 } else { rng.below(4) };
        Tree((0..n).map(|_| random_tree(rng, depth - 1)).collect())
    }

    fn canonical(s: &mut MisereStore, t: &Tree) -> MisereId {
        let options = t.0.iter().map(|o| canonical(s, o)).collect();
        s.game(options)
    }

    /// Whether the player to move wins the sum of `parts` in misère play, by playing it out:
    /// with no move left the player to move wins (the opponent moved last).
    fn mover_wins(parts: &[Tree]) -> bool {
        let mut moved = false;
        for (i, p) in parts.iter().enumerate() {
            for o in &p.0 {
                moved = true;
                let mut next = parts.to_vec();
                next[i] = o.clone();
                if !mover_wins(&next) {
                    return true;
                }
            }
        }
        !moved
    }

    /// The sum of two trees as a tree: `{G' + H, G + H'}` written out.
    fn tree_sum(g: &Tree, h: &Tree) -> Tree {
        let mut options: Vec<Tree> = g.0.iter().map(|o| tree_sum(o, h)).collect();
        options.extend(h.0.iter().map(|o| tree_sum(g, o)));
        Tree(options)
    }

    /// The canonical form of a sum is the canonical form of the sum written out as a tree.
    #[test]
    fn sums_of_canonical_forms_are_canonical_forms_of_sums() {
        let mut rng = crate::game::rng::Rng::seeded(32);
        let mut s = MisereStore::new();
        for _ in 0..200 {
            let (a, b) = (random_tree(&mut rng, 3), random_tree(&mut rng, 2));
            let (ga, gb) = (canonical(&mut s, &a), canonical(&mut s, &b));
            let sum = s.add(ga, gb);
            assert_eq!(canonical(&mut s, &tree_sum(&a, &b)), sum, "{a:?} + {b:?}");
        }
    }

    /// The outcome of sums of random small games from their canonical forms agrees with
    /// playing the sum out move by move.
    #[test]
    fn outcomes_of_sums_agree_with_play() {
        let mut rng = crate::game::rng::Rng::seeded(31);
        let mut s = MisereStore::new();
        for _ in 0..300 {
            let parts: Vec<Tree> = (0..1 + rng.below(3))
                .map(|_| random_tree(&mut rng, 3))
                .collect();
            let sum = parts.iter().fold(s.zero(), |acc, t| {
                let g = canonical(&mut s, t);
                s.add(acc, g)
            });
            assert_eq!(!s.is_p_position(sum), mover_wins(&parts), "{parts:?}");
        }
    }

    /// Genus of 0 is 0^120 (Conway's example, and the issue's); of * is 1^031; of *2 and *3
    /// are 2^20 and 3^31 (ONAG ch. 12: a nim heap n >= 2 has genus n^(n, n xor 2), by
    /// Bouton's misère rule on `*n + *2 + ...`).
    #[test]
    fn genus_of_small_heaps() {
        let mut s = MisereStore::new();
        let cases = [
            (0, (0, vec![1, 2, 0])),
            (1, (1, vec![0, 3, 1])),
            (2, (2, vec![2, 0])),
            (3, (3, vec![3, 1])),
        ];
        for (n, expected) in cases {
            let g = s.nimber(n);
            assert_eq!(s.genus(g, 20), expected, "*{n}");
        }
    }
}
