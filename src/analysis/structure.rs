//! Structural measures of canonical game trees: followers, birthdays, stop counts,
//! all-smallness.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::arena::{HUGE_BIRTHDAY, infinitesimal_birthday};
use crate::game::interrupt::check_cancel;
use crate::game::{Arena, Dyadic, GameId};

impl Arena {
    /// The distinct followers of `g` (its canonical form's DAG), `g` included, in display order.
    pub fn followers(&mut self, g: GameId) -> Vec<GameId> {
        let mut seen = FxHashSet::default();
        let mut order = Vec::new();
        let mut stack = vec![g];
        while let Some(h) = stack.pop() {
            if !seen.insert(h) {
                continue;
            }
            check_cancel();
            order.push(h);
            stack.extend(self.left_options(h));
            stack.extend(self.right_options(h));
        }
        self.sort_for_display(order)
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
    use crate::game::Nus;

    /// The birthday by its recursive definition, walking the canonical options.
    fn walk_birthday(a: &mut Arena, g: GameId, memo: &mut FxHashMap<GameId, u64>) -> u64 {
        if let Some(&b) = memo.get(&g) {
            return b;
        }
        let b = a
            .all_options(g)
            .into_iter()
            .map(|o| walk_birthday(a, o, memo) + 1)
            .max()
            .unwrap_or(0);
        memo.insert(g, b);
        b
    }

    /// Birthdays of `x + k·↑ + *n` from the closed forms agree with the recursive definition,
    /// for `|k| <= 6`, `n < 12` and a few numbers `x`, and so do games built on them.
    #[test]
    fn number_up_star_birthdays_match_the_definition() {
        let mut a = Arena::new();
        let mut memo = FxHashMap::default();
        let mut values = Vec::new();
        for (num, exp) in [(0, 0), (1, 0), (-2, 0), (3, 2), (-5, 3), (13, 3), (-1, 4)] {
            let number = Dyadic::new(num, exp);
            for ups in -6..=6 {
                for nim in 0..12 {
                    let g = a.nus(Nus { number, ups, nim });
                    let b = walk_birthday(&mut a, g, &mut memo);
                    assert_eq!(a.birthday(g), b, "birthday of {}", a.display(g));
                    assert_eq!(a.exact_birthday(g), Dyadic::from_int(b as i64));
                    values.push(g);
                }
            }
        }
        for (i, &l) in values.iter().enumerate().step_by(7) {
            let r = values[(i * 13 + 5) % values.len()];
            let g = a.game(vec![l], vec![r]);
            assert_eq!(a.birthday(g), walk_birthday(&mut a, g, &mut memo));
        }
    }

    /// Beyond 2^63 birthdays stay exact.
    #[test]
    fn huge_numbers_have_exact_birthdays() {
        let mut a = Arena::new();
        let big = Dyadic::ONE << 100;
        let x = a.number(big + Dyadic::new(3, 2));
        assert_eq!(a.birthday(x), HUGE_BIRTHDAY);
        assert_eq!(a.exact_birthday(x), big + Dyadic::from_int(3));
        let y = a.nus(Nus {
            number: -big,
            ups: 2,
            nim: 0,
        });
        assert_eq!(a.exact_birthday(y), big + Dyadic::from_int(3));
        let g = a.game(vec![x], vec![y]);
        assert_eq!(a.exact_birthday(g), big + Dyadic::from_int(4));
    }
}
