//! Reduced canonical form: the simplest game infinitesimally close to `G` (Calistrate, GONC
//! 1996; Grossman & Siegel, "Reductions of partizan games", GONC III).
//!
//! Modulo infinitesimals, `G >= H` iff `RS(G - H) >= 0`. The reduced form replaces options by
//! their reduced forms, then deletes Inf-dominated options and bypasses Inf-reversible ones
//! (a Left option `A` with some `A^R <=_Inf G`), until nothing changes; a game whose stops
//! agree reduces to that number.

use super::Analysis;
use crate::game::interrupt::check_cancel;
use crate::game::{Dyadic, GameId};

impl Analysis<'_> {
    /// `G >= H` modulo infinitesimals: `RS(G - H) >= 0`.
    pub fn geq_inf(&mut self, g: GameId, h: GameId) -> bool {
        let d = self.arena.sub(g, h);
        self.arena.right_stop(d) >= Dyadic::ZERO
    }

    /// The reduced canonical form of `g`.
    pub fn rcf(&mut self, g: GameId) -> GameId {
        let (ls, rs) = (self.arena.left_stop(g), self.arena.right_stop(g));
        if ls == rs {
            return self.arena.number(ls);
        }
        if let Some(r) = self.memo.rcf.get(&g) {
            return r;
        }
        check_cancel();
        let mut left: Vec<GameId> = self
            .arena
            .left_options(g)
            .into_iter()
            .map(|o| self.rcf(o))
            .collect();
        let mut right: Vec<GameId> = self
            .arena
            .right_options(g)
            .into_iter()
            .map(|o| self.rcf(o))
            .collect();
        loop {
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            self.remove_inf_dominated(&mut left, true);
            self.remove_inf_dominated(&mut right, false);
            let current = self.arena.game(left.clone(), right.clone());
            let (ls, rs) = (
                self.arena.left_stop(current),
                self.arena.right_stop(current),
            );
            if ls == rs {
                let r = self.arena.number(ls);
                self.memo.rcf.insert(g, r);
                return r;
            }
            let mut changed = false;
            let mut new_left = Vec::new();
            for &a in &left {
                let mut bypass = None;
                for ar in self.arena.right_options(a) {
                    if self.geq_inf(current, ar) {
                        bypass = Some(self.arena.left_options(ar));
                        break;
                    }
                }
                match bypass {
                    Some(opts) => {
                        changed = true;
                        new_left.extend(opts);
                    }
                    None => new_left.push(a),
                }
            }
            let mut new_right = Vec::new();
            for &b in &right {
                let mut bypass = None;
                for bl in self.arena.left_options(b) {
                    if self.geq_inf(bl, current) {
                        bypass = Some(self.arena.right_options(bl));
                        break;
                    }
                }
                match bypass {
                    Some(opts) => {
                        changed = true;
                        new_right.extend(opts);
                    }
                    None => new_right.push(b),
                }
            }
            left = new_left;
            right = new_right;
            if !changed {
                let r = self.arena.game(left, right);
                self.memo.rcf.insert(g, r);
                return r;
            }
        }
    }

    /// Deletes options dominated modulo infinitesimals (keeping one of equivalent options).
    fn remove_inf_dominated(&mut self, opts: &mut Vec<GameId>, left: bool) {
        let mut keep = vec![true; opts.len()];
        for i in 0..opts.len() {
            for j in 0..opts.len() {
                if i == j || !keep[j] || !keep[i] {
                    continue;
                }
                let (a, b) = (opts[i], opts[j]);
                // For Left, a is dominated when b >=_Inf a; for Right when b <=_Inf a.
                let dominated = if left {
                    self.geq_inf(b, a)
                } else {
                    self.geq_inf(a, b)
                };
                if dominated {
                    keep[i] = false;
                }
            }
        }
        let mut k = 0;
        opts.retain(|_| {
            k += 1;
            keep[k - 1]
        });
    }
}
