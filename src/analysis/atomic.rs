//! Atomic weight (WW ch. 7–8; Siegel, CGT, II.7; Larsson & Nowakowski, arXiv 2007.03949),
//! computed the way CGSuite does it.
//!
//! *Naive atomic weight.* For `x + k·↑ + *m` it is `k`. Otherwise form
//! `G0 = {aw(G^L) - 2 | aw(G^R) + 2}` from the options (the "two-ahead" rule). When `G0` is an
//! integer the far-star rule decides: compare `G` with the far star `*N`, where `N` exceeds every
//! nimber among the followers of `G`. If `G < *N`, the weight is the least integer `n` with
//! `n |> aw(G^L) - 2` for every Left option (0 if there are none); if `G > *N`, the greatest
//! integer `n` with `n <| aw(G^R) + 2` for every Right option (0 if none); if `G` is confused
//! with or equal to `*N`, it is `G0`.
//!
//! *Atomicity.* Only infinitesimals have atomic weights. All-small games are atomic; otherwise
//! `G` is atomic when `G - aw(G).↑` lies between `-E` and `E`, `E = ↑* + (*2^j : -1)` with `*2^j`
//! the least power-of-two nimber at least as large as the far star (and at least `*2`) — the
//! "kite" test of CGSuite.

use super::Analysis;
use crate::game::interrupt::check_cancel;
use crate::game::{Dyadic, GameId};

impl Analysis<'_> {
    /// The atomic weight of `g`, or `None` when `g` is not atomic.
    pub fn atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if let Some(r) = self.memo.atomic_weight.get(&g) {
            return r;
        }
        let r = self.compute_atomic_weight(g);
        self.memo.atomic_weight.insert(g, r);
        r
    }

    fn compute_atomic_weight(&mut self, g: GameId) -> Option<GameId> {
        if !self.arena.left_stop(g).is_zero() || !self.arena.right_stop(g).is_zero() {
            return None;
        }
        let w = self.naive_atomic_weight(g);
        if self.arena.is_all_small(g) {
            return Some(w);
        }
        let up = self.arena.up_multiple(1, 0);
        let wu = self.arena.norton(w, up);
        let diff = self.arena.sub(g, wu);
        let far = self.far_star(g);
        let mut pow2 = 2u32;
        while pow2 < far {
            pow2 = pow2.checked_mul(2)?;
        }
        let star = self.arena.nimber(pow2);
        let minus_one = self.arena.integer(-1);
        let kite = self.arena.ordinal_sum(star, minus_one);
        let up_star = self.arena.up_multiple(1, 1);
        let eps = self.arena.add(up_star, kite);
        let neg_eps = self.arena.neg(eps);
        (self.arena.leq(diff, eps) && self.arena.leq(neg_eps, diff)).then_some(w)
    }

    /// The naive atomic weight (see the module documentation).
    pub fn naive_atomic_weight(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.arena.get_nus(g) {
            return self.arena.integer(v.ups);
        }
        if let Some(r) = self.memo.naive_aw.get(&g) {
            return r;
        }
        check_cancel();
        let two = self.arena.integer(2);
        let minus_two = self.arena.integer(-2);
        let mut left = Vec::new();
        for gl in self.arena.left_options(g) {
            let w = self.naive_atomic_weight(gl);
            left.push(self.arena.add(w, minus_two));
        }
        let mut right = Vec::new();
        for gr in self.arena.right_options(g) {
            let w = self.naive_atomic_weight(gr);
            right.push(self.arena.add(w, two));
        }
        let g0 = self.arena.game(left.clone(), right.clone());
        let r = if self.arena.as_number(g0).is_some_and(|x| x.is_integer()) {
            let far = self.far_star(g);
            let star = self.arena.nimber(far);
            let below = self.arena.leq(g, star);
            let above = self.arena.leq(star, g);
            if below && !above {
                self.least_integer_above(&left)
            } else if above && !below {
                self.greatest_integer_below(&right)
            } else {
                g0
            }
        } else {
            g0
        };
        self.memo.naive_aw.insert(g, r);
        r
    }

    /// The least integer `n` with `n |> x` for every `x` (0 for none).
    fn least_integer_above(&mut self, xs: &[GameId]) -> GameId {
        let mut best: Option<i64> = None;
        for &x in xs {
            let mut n = self.arena.right_stop(x).ceil();
            let ng = self.arena.integer(n);
            if self.arena.leq(ng, x) {
                n += 1;
            }
            best = Some(best.map_or(n, |b| b.max(n)));
        }
        self.arena.integer(best.unwrap_or(0))
    }

    /// The greatest integer `n` with `n <| x` for every `x` (0 for none).
    fn greatest_integer_below(&mut self, xs: &[GameId]) -> GameId {
        let mut best: Option<i64> = None;
        for &x in xs {
            let mut n = self.arena.left_stop(x).floor();
            let ng = self.arena.integer(n);
            if self.arena.leq(x, ng) {
                n -= 1;
            }
            best = Some(best.map_or(n, |b| b.min(n)));
        }
        self.arena.integer(best.unwrap_or(0))
    }

    /// The index of the far star of `g`: one more than the largest `m` such that `*m` is a
    /// follower of `g` (at least 1).
    pub fn far_star(&mut self, g: GameId) -> u32 {
        if let Some(v) = self.arena.get_nus(g) {
            if v.number.is_zero() && v.ups == 0 {
                return v.nim + 1;
            }
            // The only nimber among the followers of x + k.^ + *m with x != 0 is 0.
            if v.number != Dyadic::ZERO {
                return 1;
            }
        }
        if let Some(r) = self.memo.far_star.get(&g) {
            return r;
        }
        let mut r = 1;
        let opts = self.arena.all_options(g);
        for o in opts {
            r = r.max(self.far_star(o));
        }
        self.memo.far_star.insert(g, r);
        r
    }
}

#[cfg(test)]
mod tests {
    use crate::analysis::{Analysis, AnalysisCaches};
    use crate::game::rng::Rng;
    use crate::game::{Arena, GameId};

    /// Distinct random all-small games: each is `{L | R}` with `L`, `R` non-empty sets of
    /// earlier ones, so every follower has moves for both players or for neither.
    fn all_small_pool(a: &mut Arena, rng: &mut Rng, size: usize) -> Vec<GameId> {
        let mut pool = vec![
            a.zero(),
            a.nimber(1),
            a.up_multiple(1, 0),
            a.up_multiple(-1, 1),
        ];
        for _ in 0..50_000 {
            if pool.len() >= size {
                break;
            }
            let pick = |rng: &mut Rng| {
                let n = 1 + rng.below(3);
                (0..n)
                    .map(|_| pool[rng.below(pool.len())])
                    .collect::<Vec<_>>()
            };
            let (l, r) = (pick(rng), pick(rng));
            let g = a.game(l, r);
            if a.birthday(g) <= 5 && !pool.contains(&g) {
                pool.push(g);
            }
        }
        pool
    }

    /// Atomic weight is additive on all-small games (Siegel, CGT, II.7: aw(G + H) =
    /// aw(G) + aw(H)), all-small games are atomic, and aw(n.^) = n.
    #[test]
    fn additive_on_random_all_small_games() {
        let mut arena = Arena::new();
        let mut caches = AnalysisCaches::default();
        let mut rng = Rng::xorshift64(0x2545_F491_4F6C_DD1D);
        let pool = all_small_pool(&mut arena, &mut rng, 120);
        let mut an = Analysis::new(&mut arena, &mut caches);
        let mut distinct = pool.clone();
        distinct.sort_unstable();
        distinct.dedup();
        let weights: std::collections::BTreeSet<String> = distinct
            .iter()
            .map(|&g| {
                let w = an.atomic_weight(g).expect("all-small games are atomic");
                an.arena.display(w)
            })
            .collect();
        eprintln!("{} distinct games, weights {:?}", distinct.len(), weights);
        assert!(distinct.len() >= 100 && weights.len() >= 5);
        let mut checked = 0;
        for _ in 0..3000 {
            let g = pool[rng.below(pool.len())];
            let h = pool[rng.below(pool.len())];
            let s = an.arena.add(g, h);
            let (wg, wh, ws) = (
                an.atomic_weight(g),
                an.atomic_weight(h),
                an.atomic_weight(s),
            );
            let (wg, wh, ws) = (
                wg.expect("atomic"),
                wh.expect("atomic"),
                ws.expect("atomic"),
            );
            let sum = an.arena.add(wg, wh);
            assert_eq!(
                ws,
                sum,
                "aw({} + {})",
                an.arena.display(g),
                an.arena.display(h)
            );
            checked += 1;
        }
        assert_eq!(checked, 3000);
        let up = an.arena.up_multiple(1, 0);
        for n in -6i64..=6 {
            let g = an.arena.multiple(n, up);
            let want = an.arena.integer(n);
            assert_eq!(an.atomic_weight(g), Some(want));
        }
        // Uptimals with number part 0: the weight is the first digit (CGSuite's Uptimal).
        for g in pool {
            if let Some(e) = an.arena.uptimal_expansion(g) {
                let want = an.arena.integer(e.coefficient(1));
                assert_eq!(an.atomic_weight(g), Some(want), "{}", an.arena.display(g));
            }
        }
    }
}
