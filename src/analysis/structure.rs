//! Structural measures of canonical game trees: followers, birthdays, stop counts,
//! all-smallness.
//!
//! Follower sets are kept compactly. General games are listed by id, but the followers of
//! number-up-star values come from closed forms: `*n` has `n + 1` of them, the integer `n`
//! has `|n| + 1`, so `nfollowers(*100000)` or `nfollowers(10^100)` never builds the games, and
//! `followers` can refuse a list that is too long before building anything.
//!
//! The closed forms (each number-up-star value has exactly one follower born on each day up
//! to its own birthday):
//! - a number `x`: its followers are `x` and its ancestors in the tree of numbers, one per day
//!   before its birthday (its options are the nearest earlier-born numbers on each side,
//!   among them its parent; ONAG ch. 0; Siegel, CGT, §II.3). The tree is a search tree: the
//!   common ancestor of `a < b` is the simplest number in `[a, b]`, and listing a set of
//!   numbers in increasing order visits the tree in order, so the union of their ancestor
//!   paths has `sum (b(x_i) + 1) - sum (b(lca(x_i, x_{i+1})) + 1)` members.
//! - `*n = {*0, ..., *(n-1) | same}`: the nimbers `*0, ..., *n`.
//! - `k·↑ + *n` with `k >= 1`: the chain `k'·↑ + *(n xor ((k - k') mod 2))` for `1 <= k' <= k`,
//!   then the nimbers `*0, ..., *M` with `M = max(1, n xor (k mod 2))`, from the canonical forms
//!   `k·↑ + *n = {0 | (k-1)·↑ + *(n xor 1)}`, `↑ + *m = {0 | *(m xor 1)}` for `m != 1`,
//!   `↑* = {0, * | 0}` (see `Arena::nus_options`); `k <= -1` by negation.
//! - `x + G` for such an infinitesimal `G != 0`: `x + F` for each follower `F != 0` of `G`, and
//!   the followers of `x` (translation: `x + F = {x + F^L | x + F^R}` is canonical when `F` is
//!   not a number, Siegel, CGT, §II.3).

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::arena::{HUGE_BIRTHDAY, infinitesimal_birthday};
use crate::game::interrupt::check_cancel;
use crate::game::{Arena, Dyadic, GameId, Nus};

/// The followers of a game, kept compactly (see the module documentation).
struct FollowerSet {
    /// General games, by id, in the order found.
    games: Vec<GameId>,
    seen: FxHashSet<GameId>,
    /// Numbers reached: the number followers are these and their ancestors.
    numbers: FxHashSet<Dyadic>,
    /// By number part `x`: the followers `x + F` of values `x + k·↑ + *n` with `F != 0`.
    infinitesimals: FxHashMap<Dyadic, Infinitesimals>,
}

/// Followers `x + F`, `F != 0` an infinitesimal number-up-star value, for one number `x`.
#[derive(Default)]
struct Infinitesimals {
    /// `x + *j` for `1 <= j <= nim`.
    nim: u32,
    /// `(negative, c) -> t`: `x ± (k·↑ + *(c xor (k mod 2)))` for `1 <= k <= t`.
    chains: FxHashMap<(bool, u32), u64>,
}

impl FollowerSet {
    fn new() -> FollowerSet {
        FollowerSet {
            games: Vec::new(),
            seen: FxHashSet::default(),
            numbers: FxHashSet::default(),
            infinitesimals: FxHashMap::default(),
        }
    }

    /// Records the followers `x + F`, `F != 0`, of `v = x + k·↑ + *n` (not a number).
    fn add_infinitesimal(&mut self, v: Nus) {
        let part = self.infinitesimals.entry(v.number).or_default();
        if v.ups == 0 {
            part.nim = part.nim.max(v.nim);
            return;
        }
        let k = v.ups.unsigned_abs();
        let class = v.nim ^ (k & 1) as u32;
        part.nim = part.nim.max(class.max(1));
        let top = part.chains.entry((v.ups < 0, class)).or_default();
        *top = (*top).max(k);
    }

    /// How many followers there are.
    fn count(&self) -> Dyadic {
        // at most 2^32 parts of at most 2^32 + 2 * 2^32 * 2^63 each: fits in a u128
        let mut n = self.games.len() as u128;
        for part in self.infinitesimals.values() {
            n += u128::from(part.nim);
            n += part.chains.values().map(|&t| u128::from(t)).sum::<u128>();
        }
        let mut numbers: Vec<Dyadic> = self.numbers.iter().copied().collect();
        numbers.sort_unstable();
        let mut total = Dyadic::from_u128(n);
        for (i, &x) in numbers.iter().enumerate() {
            poll(i);
            total = total + x.birthday() + Dyadic::ONE;
            if let Some(&y) = numbers.get(i + 1) {
                total = total - simplest_in(x, y).birthday() - Dyadic::ONE;
            }
        }
        total
    }

    /// Builds every follower (call only when [`FollowerSet::count`] is small).
    fn into_games(self, a: &mut Arena) -> Vec<GameId> {
        let mut out = self.games;
        // a number's options are numbers born earlier (at most two)
        let mut stack: Vec<GameId> = self.numbers.into_iter().map(|x| a.number(x)).collect();
        let mut seen = FxHashSet::default();
        while let Some(h) = stack.pop() {
            if seen.insert(h) {
                poll(out.len());
                out.push(h);
                stack.extend(a.left_options(h));
                stack.extend(a.right_options(h));
            }
        }
        for (number, part) in self.infinitesimals {
            for nim in 1..=part.nim {
                poll(out.len());
                out.push(a.nus(Nus {
                    number,
                    ups: 0,
                    nim,
                }));
            }
            for ((negative, class), top) in part.chains {
                for k in 1..=top {
                    poll(out.len());
                    let ups = i64::try_from(k).expect("a short list");
                    out.push(a.nus(Nus {
                        number,
                        ups: if negative { -ups } else { ups },
                        nim: class ^ (k & 1) as u32,
                    }));
                }
            }
        }
        out
    }
}

/// The simplest number in `[a, b]` (`a < b`): their common ancestor in the tree of numbers.
fn simplest_in(a: Dyadic, b: Dyadic) -> Dyadic {
    let inside = Dyadic::simplest_between(Some(a), Some(b));
    [a, b, inside]
        .into_iter()
        .min_by_key(|x| x.birthday())
        .expect("three numbers")
}

/// Polls for Ctrl-C every few thousand steps of a cheap loop.
#[inline]
fn poll(step: usize) {
    if step.is_multiple_of(4096) {
        check_cancel();
    }
}

impl Arena {
    /// The distinct followers of `g` (its canonical form's DAG), `g` included, in display
    /// order; `Err(n)` with their number `n` when there are more than `limit` (nothing is built
    /// then).
    pub fn followers(&mut self, g: GameId, limit: usize) -> Result<Vec<GameId>, Dyadic> {
        let set = self.follower_set(g);
        let n = set.count();
        if n > Dyadic::from_u128(limit as u128) {
            return Err(n);
        }
        let games = set.into_games(self);
        Ok(self.sort_for_display(games))
    }

    /// The number of distinct followers of `g`, itself included (its canonical form's DAG),
    /// exactly. Visits the general games among them; number-up-star values count by closed
    /// forms (a number-up-star value of birthday `b` has `b + 1` followers).
    pub fn count_followers(&mut self, g: GameId) -> Dyadic {
        self.follower_set(g).count()
    }

    fn follower_set(&mut self, g: GameId) -> FollowerSet {
        let mut set = FollowerSet::new();
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            if let Some(v) = self.get_nus(h) {
                if !v.is_number() {
                    set.add_infinitesimal(v);
                }
                set.numbers.insert(v.number);
                continue;
            }
            if !set.seen.insert(h) {
                continue;
            }
            check_cancel();
            set.games.push(h);
            stack.extend(self.left_options(h));
            stack.extend(self.right_options(h));
        }
        set
    }

    /// The birthday of `g` exactly, also beyond the [`HUGE_BIRTHDAY`] at which
    /// [`Arena::birthday`] saturates (games built on numbers beyond 2^63).
    pub fn exact_birthday(&mut self, g: GameId) -> Dyadic {
        let mut memo = FxHashMap::default();
        self.exact_birthday_memo(g, &mut memo)
    }

    fn exact_birthday_memo(&mut self, g: GameId, memo: &mut FxHashMap<GameId, Dyadic>) -> Dyadic {
        let b = self.birthday(g);
        if b < HUGE_BIRTHDAY {
            return Dyadic::from_u128(u128::from(b));
        }
        if let Some(v) = self.get_nus(g) {
            let inf = infinitesimal_birthday(v.ups, v.nim);
            return v.number.birthday() + Dyadic::from_u128(u128::from(inf));
        }
        if let Some(&b) = memo.get(&g) {
            return b;
        }
        check_cancel();
        let mut best = Dyadic::ZERO;
        for o in self.all_options(g) {
            best = best.max(self.exact_birthday_memo(o, memo));
        }
        let b = best + Dyadic::ONE;
        memo.insert(g, b);
        b
    }

    /// The number of stops of `g`: paths in its canonical game tree that end at a number
    /// (a number has one). `None` if the count exceeds `u128`.
    pub fn stop_count(&mut self, g: GameId) -> Option<u128> {
        let mut memo = FxHashMap::default();
        self.stop_count_memo(g, &mut memo)
    }

    fn stop_count_memo(&mut self, g: GameId, memo: &mut FxHashMap<GameId, u128>) -> Option<u128> {
        if self.is_number(g) {
            return Some(1);
        }
        if let Some(&n) = memo.get(&g) {
            return Some(n);
        }
        check_cancel();
        let mut total: u128 = 0;
        let opts = self.all_options(g);
        for o in opts {
            total = total.checked_add(self.stop_count_memo(o, memo)?)?;
        }
        memo.insert(g, total);
        Some(total)
    }

    /// All-small (WW ch. 7): in every follower, Left has a move iff Right has one.
    pub fn is_all_small(&mut self, g: GameId) -> bool {
        let mut seen = FxHashSet::default();
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            if !seen.insert(h) {
                continue;
            }
            if let Some(v) = self.get_nus(h) {
                // x + k.^ + *n is all-small iff x = 0.
                if !v.number.is_zero() {
                    return false;
                }
                continue;
            }
            let l = self.left_options(h);
            let r = self.right_options(h);
            if l.is_empty() != r.is_empty() {
                return false;
            }
            stack.extend(l);
            stack.extend(r);
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The definitions, by walking the canonical options.
    fn walk(a: &mut Arena, g: GameId) -> (u64, Vec<GameId>) {
        fn birthday(a: &mut Arena, g: GameId, memo: &mut FxHashMap<GameId, u64>) -> u64 {
            if let Some(&b) = memo.get(&g) {
                return b;
            }
            let b = a
                .all_options(g)
                .into_iter()
                .map(|o| birthday(a, o, memo) + 1)
                .max()
                .unwrap_or(0);
            memo.insert(g, b);
            b
        }
        let b = birthday(a, g, &mut FxHashMap::default());
        let mut seen = FxHashSet::default();
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            if seen.insert(h) {
                stack.extend(a.all_options(h));
            }
        }
        let mut followers: Vec<GameId> = seen.into_iter().collect();
        followers.sort_unstable();
        (b, followers)
    }

    fn check(a: &mut Arena, g: GameId) {
        let (b, mut want) = walk(a, g);
        let what = a.display(g);
        assert_eq!(a.birthday(g), b, "birthday of {what}");
        assert_eq!(a.exact_birthday(g), Dyadic::from_int(b as i64), "{what}");
        let n = want.len() as i64;
        assert_eq!(
            a.count_followers(g),
            Dyadic::from_int(n),
            "nfollowers({what})"
        );
        let mut got = a.followers(g, 100_000).expect("few followers");
        got.sort_unstable();
        want.sort_unstable();
        assert_eq!(got, want, "followers({what})");
        assert_eq!(a.followers(g, n as usize - 1), Err(Dyadic::from_int(n)));
    }

    fn numbers() -> Vec<Dyadic> {
        [(0, 0), (1, 0), (-2, 0), (3, 2), (-5, 3), (13, 3), (-1, 4)]
            .iter()
            .map(|&(n, e)| Dyadic::new(n, e))
            .collect()
    }

    /// Birthdays and followers of `x + k·↑ + *n` from the closed forms agree with the
    /// recursive definitions, for `|k| <= 6`, `n < 12` and a few numbers `x`.
    #[test]
    fn number_up_star_closed_forms_match_the_definitions() {
        let mut a = Arena::new();
        for number in numbers() {
            for ups in -6..=6 {
                for nim in 0..12 {
                    let g = a.nus(Nus { number, ups, nim });
                    check(&mut a, g);
                    // a number-up-star value has one follower per day
                    let b = a.birthday(g) as i64;
                    assert_eq!(a.count_followers(g), Dyadic::from_int(b + 1));
                }
            }
        }
    }

    /// General games mixing several number-up-star values: the union of the closed forms.
    #[test]
    fn general_game_followers_match_the_definitions() {
        let mut a = Arena::new();
        let mut values = Vec::new();
        for number in numbers() {
            for (ups, nim) in [(0, 3), (2, 0), (-3, 5), (1, 1), (-1, 6), (4, 2)] {
                values.push(a.nus(Nus { number, ups, nim }));
            }
        }
        for i in 0..values.len() {
            for j in 0..values.len() {
                let (l, r) = (values[i], values[(i * 7 + j) % values.len()]);
                let g = a.game(vec![l, values[j]], vec![r]);
                let h = a.game(vec![g], vec![values[(i + j) % values.len()]]);
                check(&mut a, g);
                check(&mut a, h);
            }
        }
    }

    /// Hot games on numbers: the union of ancestor paths in the tree of numbers.
    #[test]
    fn hot_games_on_numbers_match_the_definitions() {
        let mut a = Arena::new();
        let mut xs = numbers();
        xs.extend([Dyadic::new(7, 2), Dyadic::new(-19, 4), Dyadic::new(5, 5)]);
        let ids: Vec<GameId> = xs.iter().map(|&x| a.number(x)).collect();
        for (i, &x) in ids.iter().enumerate() {
            for (j, &y) in ids.iter().enumerate() {
                let z = ids[(i + 3 * j) % ids.len()];
                let g = a.game(vec![x, z], vec![y]);
                check(&mut a, g);
            }
        }
    }

    /// Beyond 2^63 birthdays and counts stay exact.
    #[test]
    fn huge_numbers_have_exact_counts() {
        let mut a = Arena::new();
        let big = Dyadic::ONE << 100;
        let x = a.number(big + Dyadic::new(3, 2));
        assert_eq!(a.birthday(x), HUGE_BIRTHDAY);
        assert_eq!(a.exact_birthday(x), big + Dyadic::from_int(3));
        assert_eq!(a.count_followers(x), big + Dyadic::from_int(4));
        let y = a.nus(Nus {
            number: -big,
            ups: 2,
            nim: 0,
        });
        assert_eq!(a.exact_birthday(y), big + Dyadic::from_int(3));
        let g = a.game(vec![x], vec![y]);
        assert_eq!(a.exact_birthday(g), big + Dyadic::from_int(4));
        // g, the numbers -2^100..=2^100 + 1, 2^100 + 1/2, 2^100 + 3/4, -2^100 + ^*, ^^ and *
        let n = big + big + Dyadic::from_int(2 + 1 + 2 + 3);
        assert_eq!(a.count_followers(g), n);
        assert_eq!(a.followers(g, 1_000_000), Err(n));
    }
}
