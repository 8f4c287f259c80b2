//! Parts of misère games (Conway, ONAG ch. 12): `A` and `B` are parts of `G` when
//! `A + B = G`, and `G - B = A` (unique: canonical misère games cancel).
//!
//! * A game is *even* when it is simpler than `G + *` (born earlier; ONAG), odd otherwise;
//!   of `G` and `G + *` exactly one is even, and parts come in such pairs (`* + * = 0`).
//! * `G - H`, when it exists, is `{G' - H, G - H'}` with the differences that do not exist
//!   left out: so it is computed so and checked by adding `H` back (ONAG ch. 12), with the
//!   cases `G - G = 0` and `(H + *) - H = *` apart.
//! * The proper parts of `G` are its even parts other than 0 and `G`'s even form. Every
//!   option of `A + B` has `A` or `B` as a part, so with `U` the union and `N` the
//!   intersection of the options' proper parts, `G`'s are the pairs of `U` that add to `G`
//!   and the `H` of `N` for which `G - H` exists, with that difference (Siegel's search, as
//!   CGSuite describes it).
//! * `G` is prime when it is not 0 or `*` and has no proper parts; a partition of `G` writes
//!   it as a sum of even primes (Norton: not always in one way).

use rustc_hash::FxHashSet;

use super::{MisereId, MisereStore};

impl MisereStore {
    /// The `K` with `h + K = g`, if `h` is a part of `g`.
    pub fn difference(&mut self, g: MisereId, h: MisereId) -> Option<MisereId> {
        if h == self.zero() {
            return Some(g);
        }
        if g == h {
            return Some(self.zero());
        }
        let star = self.nimber(1);
        if self.add(h, star) == g {
            return Some(star);
        }
        if let Some(&d) = self.differences.get(&(g, h)) {
            return d;
        }
        let mut options = Vec::new();
        for go in self.options(g).to_vec() {
            if let Some(d) = self.difference(go, h) {
                options.push(d);
            }
        }
        for ho in self.options(h).to_vec() {
            if let Some(d) = self.difference(g, ho) {
                options.push(d);
            }
        }
        let k = self.game(options);
        let found = (self.add(h, k) == g).then_some(k);
        self.differences.insert((g, h), found);
        found
    }

    /// Whether `g` is even: born before `g + *`.
    pub fn is_even(&mut self, g: MisereId) -> bool {
        let star = self.nimber(1);
        let partner = self.add(g, star);
        self.birthday(g) < self.birthday(partner)
    }

    /// The even one of `g` and `g + *`.
    pub fn even_form(&mut self, g: MisereId) -> MisereId {
        if self.is_even(g) {
            g
        } else {
            let star = self.nimber(1);
            self.add(g, star)
        }
    }

    /// The proper parts of `g`: its even parts other than 0 and its own even form, in
    /// increasing id order.
    pub fn parts(&mut self, g: MisereId) -> Vec<MisereId> {
        let g = self.even_form(g);
        if g == self.zero() {
            return Vec::new();
        }
        if let Some(p) = self.parts_memo.get(&g) {
            return p.clone();
        }
        // each option's even parts, itself included (0 left out)
        let mut union: FxHashSet<MisereId> = FxHashSet::default();
        let mut intersection: Option<FxHashSet<MisereId>> = None;
        for o in self.options(g).to_vec() {
            let mut of_option: FxHashSet<MisereId> = self.parts(o).into_iter().collect();
            let whole = self.even_form(o);
            if whole != self.zero() {
                of_option.insert(whole);
            }
            union.extend(of_option.iter().copied());
            intersection = Some(match intersection {
                None => of_option,
                Some(i) => i.intersection(&of_option).copied().collect(),
            });
        }
        let mut found: FxHashSet<MisereId> = FxHashSet::default();
        let union: Vec<MisereId> = union.into_iter().collect();
        for (i, &a) in union.iter().enumerate() {
            for &b in &union[i..] {
                if self.add(a, b) == g {
                    found.extend([a, b]);
                }
            }
        }
        for h in intersection.unwrap_or_default() {
            if let Some(k) = self.difference(g, h) {
                found.extend([h, self.even_form(k)]);
            }
        }
        found.remove(&self.zero());
        found.remove(&g);
        let mut parts: Vec<MisereId> = found.into_iter().collect();
        parts.sort_unstable();
        self.parts_memo.insert(g, parts.clone());
        parts
    }

    /// Whether `g` is prime: not 0 or `*`, and without proper parts (ONAG ch. 12: in any
    /// partition `g = A + B` one of `A`, `B` is 0 or `*`).
    pub fn is_prime(&mut self, g: MisereId) -> bool {
        let star = self.nimber(1);
        g != self.zero() && g != star && self.parts(g).is_empty()
    }

    /// Whether `g` is extraverted: each of its options is a part of it (ONAG ch. 12).
    pub fn is_extraverted(&mut self, g: MisereId) -> bool {
        let options = self.options(g).to_vec();
        options.into_iter().all(|o| self.difference(g, o).is_some())
    }

    /// The ways to write `g` as a sum of even primes (with `*` where the parities ask), each
    /// sorted by id, the list sorted: 0 and `*` have the one empty partition, a prime itself
    /// alone (even form).
    pub fn partitions(&mut self, g: MisereId) -> Vec<Vec<MisereId>> {
        let g = self.even_form(g);
        if g == self.zero() {
            return vec![Vec::new()];
        }
        if let Some(p) = self.partitions_memo.get(&g) {
            return p.clone();
        }
        let parts = self.parts(g);
        let mut out: Vec<Vec<MisereId>> = Vec::new();
        if parts.is_empty() {
            out.push(vec![g]);
        }
        for p in parts {
            if !self.is_prime(p) {
                continue;
            }
            let rest = self.difference(g, p).expect("a part has its difference");
            for mut partition in self.partitions(rest) {
                partition.push(p);
                partition.sort_unstable();
                if !out.contains(&partition) {
                    out.push(partition);
                }
            }
        }
        out.sort_unstable();
        self.partitions_memo.insert(g, out.clone());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every sum `H + K` of two games born by day 4 gives back `K` as the difference with
    /// `H` (cancellation), and the even forms of `H` and `K`, unless 0 or the whole, are among
    /// its proper parts.
    #[test]
    fn differences_and_parts_of_sums_of_day_four_games() {
        let mut s = MisereStore::new();
        let games = super::super::born_by(&mut s, 4);
        assert_eq!(games.len(), 22);
        for &h in &games {
            for &k in &games {
                let g = s.add(h, k);
                assert_eq!(s.difference(g, h), Some(k), "{} - {}", s.text(g), s.text(h));
                let (whole, parts) = (s.even_form(g), s.parts(g));
                for x in [h, k] {
                    let e = s.even_form(x);
                    if e != s.zero() && e != whole {
                        assert!(parts.contains(&e), "{} in {}", s.text(e), s.text(g));
                    }
                }
            }
        }
    }

    /// Norton's example (ONAG ch. 12): G = (4 + 2)/ = 2 + K = 4 + L, where K = {G, G + 1, 4}
    /// and L = {G, G + 1, K, K + 1, 2}: G has the two partitions [2, K] and [4, L] (both K
    /// and L prime there), so partitions are not unique.
    #[test]
    fn nortons_two_partitions() {
        let mut s = MisereStore::new();
        let (one, two, four) = (s.nimber(1), s.nimber(2), s.nimber(4));
        let six = s.add(four, two);
        let g = s.game(vec![six]);
        let g1 = s.add(g, one);
        let k = s.game(vec![g, g1, four]);
        let k1 = s.add(k, one);
        let l = s.game(vec![g, g1, k, k1, two]);
        assert_eq!(s.add(two, k), g);
        assert_eq!(s.add(four, l), g);
        assert_eq!(s.difference(g, two), Some(k));
        assert_eq!(s.difference(g, four), Some(l));
        let (ke, le) = (s.even_form(k), s.even_form(l));
        let mut expected = vec![
            {
                let mut p = vec![two, ke];
                p.sort_unstable();
                p
            },
            {
                let mut p = vec![four, le];
                p.sort_unstable();
                p
            },
        ];
        expected.sort_unstable();
        assert_eq!(s.partitions(g), expected);
        assert!(!s.is_prime(g));
    }

    /// Nim heaps from 2 on are prime; 2 + 2 is not, with the one partition [2, 2]; 0 and *
    /// are not prime.
    #[test]
    fn heaps_are_prime_and_two_plus_two_is_not() {
        let mut s = MisereStore::new();
        let (zero, star) = (s.zero(), s.nimber(1));
        assert!(!s.is_prime(zero) && !s.is_prime(star));
        for n in 2..6 {
            let h = s.nimber(n);
            assert!(s.is_prime(h), "*{n}");
        }
        let two = s.nimber(2);
        let sum = s.add(two, two);
        assert_eq!(s.parts(sum), vec![two]);
        assert_eq!(s.partitions(sum), vec![vec![two, two]]);
    }

    /// CGSuite's test values (Siegel's), which follow ONAG: 0, *, 2, 2/, 2// and 2 + 2 are
    /// extraverted, {2/, 0} and Norton's (4 + 2)/ are not. And the extraversion-introversion
    /// theorem on every game born by day 4: G is extraverted iff G is a part of {G}.
    #[test]
    fn extraversion() {
        let mut s = MisereStore::new();
        let (zero, star, two, four) = (s.zero(), s.nimber(1), s.nimber(2), s.nimber(4));
        let two_sharp = s.game(vec![two]);
        let two_sharp_sharp = s.game(vec![two_sharp]);
        let two_two = s.add(two, two);
        for g in [zero, star, two, two_sharp, two_sharp_sharp, two_two] {
            assert!(s.is_extraverted(g), "{}", s.text(g));
        }
        let not = s.game(vec![two_sharp, zero]);
        let six = s.add(four, two);
        let norton = s.game(vec![six]);
        for g in [not, norton] {
            assert!(!s.is_extraverted(g), "{}", s.text(g));
        }
        for g in super::super::born_by(&mut s, 4) {
            let sharp = s.game(vec![g]);
            let divine = s.difference(sharp, g).is_some();
            assert_eq!(s.is_extraverted(g), divine, "{}", s.text(g));
        }
    }
}
