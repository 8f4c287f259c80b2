//! Structural measures of canonical game trees: followers, stop counts, all-smallness.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::game::interrupt::check_cancel;
use crate::game::{Arena, GameId};

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
