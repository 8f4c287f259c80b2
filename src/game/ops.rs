//! Operations on games: negative, disjunctive sum, ordinal sum, Norton product and the
//! constructors `+-`, `Tiny`, `Miny`.

use super::arena::{Arena, GameId, Nus};
use super::interrupt::{Interrupt, check_cancel};
use super::number::Dyadic;
use std::ops::{Add, Neg};

/// The latest birthday of a compact `H` in an ordinal sum `G : H` that the recursion follows
/// (its stack holds a few million days; past this the error comes at once).
pub const MAX_ORDINAL_DAYS: i64 = 2_000_000;

impl Arena {
    /// `-G = {-G^R | -G^L}` (ONAG ch. 1). The negative of a canonical game is canonical.
    pub fn neg(&mut self, g: GameId) -> GameId {
        if let Some(v) = self.get_nus(g) {
            return self.nus(v.neg());
        }
        if let Some(n) = self.cached_negative(g) {
            return n;
        }
        check_cancel();
        let nl: Vec<GameId> = self.map_options(g, false, |a, x| a.neg(x));
        let nr: Vec<GameId> = self.map_options(g, true, |a, x| a.neg(x));
        let n = self.intern_canonical(nl, nr);
        self.set_negative(g, n);
        n
    }

    /// Disjunctive sum `G + H = {G^L + H, G + H^L | G^R + H, G + H^R}` (ONAG ch. 1), with the
    /// number-up-star fast path and number translation (Siegel, CGT, §II.3): for `G` not a
    /// number, `G + x = {G^L + x | G^R + x}` is already canonical.
    pub fn add(&mut self, g: GameId, h: GameId) -> GameId {
        let zero = self.zero();
        if g == zero {
            return h;
        }
        if h == zero {
            return g;
        }
        if let (Some(a), Some(b)) = (self.get_nus(g), self.get_nus(h)) {
            return self.nus(a.add(b));
        }
        let key = if g <= h { (g, h) } else { (h, g) };
        if let Some(s) = self.sum_cache.get(key.0.0, key.1.0) {
            return GameId(s);
        }
        check_cancel();
        let result = if let Some(x) = self.as_number(h) {
            self.translate(g, x)
        } else if let Some(x) = self.as_number(g) {
            self.translate(h, x)
        } else {
            self.ensure_options(g);
            self.ensure_options(h);
            let mut left =
                Vec::with_capacity(self.left_indices(g).len() + self.left_indices(h).len());
            let mut right =
                Vec::with_capacity(self.right_indices(g).len() + self.right_indices(h).len());
            self.extend_options(&mut left, g, true, |a, x| a.add(x, h));
            self.extend_options(&mut left, h, true, |a, x| a.add(g, x));
            self.extend_options(&mut right, g, false, |a, x| a.add(x, h));
            self.extend_options(&mut right, h, false, |a, x| a.add(g, x));
            self.game(left, right)
        };
        self.sum_cache.insert(key.0.0, key.1.0, result.0);
        result
    }

    /// `G + x` for a general (non number-up-star) `G` and a number `x`.
    fn translate(&mut self, g: GameId, x: Dyadic) -> GameId {
        let xs = self.number(x);
        if let Some(v) = self.get_nus(g) {
            return self.nus(v.add(Nus::number(x)));
        }
        let left = self.map_options(g, true, |a, o| a.add(o, xs));
        let right = self.map_options(g, false, |a, o| a.add(o, xs));
        self.intern_canonical(left, right)
    }

    /// `G - H`.
    pub fn sub(&mut self, g: GameId, h: GameId) -> GameId {
        let nh = self.neg(h);
        self.add(g, nh)
    }

    /// The sum of many games, added smallest-first to keep intermediate games small.
    pub fn sum_all(&mut self, games: &[GameId]) -> GameId {
        let mut acc = self.zero();
        for &g in games {
            acc = self.add(acc, g);
        }
        acc
    }

    /// Ordinal sum `G : H = {G^L, G:H^L | G^R, G:H^R}` (WW ch. 2; Siegel, CGT, ch. II), taken on
    /// the canonical form of `G`. Two numbers are summed by their sign expansions
    /// ([`Dyadic::ordinal_sum`]) without recursion; otherwise the recursion follows `H` down to
    /// its birthday, and a compact `H` (a number-up-star value) born after
    /// [`MAX_ORDINAL_DAYS`] is refused with [`Interrupt::Limit`] before it starts.
    pub fn ordinal_sum(&mut self, g: GameId, h: GameId) -> GameId {
        if h == self.zero() {
            return g;
        }
        if let (Some(x), Some(y)) = (self.as_number(g), self.as_number(h)) {
            return self.number(x.ordinal_sum(y));
        }
        if let Some(r) = self.ordinal_cache.get(&(g, h)) {
            return r;
        }
        if let Some(v) = self.get_nus(h) {
            let days = v.number.birthday()
                + Dyadic::from_int(v.ups.unsigned_abs().max(u64::from(v.nim)) as i64);
            if days > Dyadic::from_int(MAX_ORDINAL_DAYS) {
                Interrupt::Limit(format!(
                    "the ordinal sum G : H recurses once per day of H's birthday, and H = {} is born on day {} or later, beyond the {MAX_ORDINAL_DAYS} days this calculator follows (only sums of two numbers have a closed form)",
                    self.display_brief(h),
                    days
                ))
                .raise()
            }
        }
        check_cancel();
        let mut left = self.left_options(g);
        let mut right = self.right_options(g);
        for x in self.left_options(h) {
            let o = self.ordinal_sum(g, x);
            left.push(o);
        }
        for x in self.right_options(h) {
            let o = self.ordinal_sum(g, x);
            right.push(o);
        }
        let r = self.game(left, right);
        self.ordinal_cache.insert((g, h), r);
        r
    }

    /// `n.G`: `n` copies of `G` (negative `n`: copies of `-G`), by doubling.
    pub fn multiple(&mut self, n: i64, g: GameId) -> GameId {
        let base = if n < 0 { self.neg(g) } else { g };
        let mut k = n.unsigned_abs();
        let mut acc = self.zero();
        let mut pow = base;
        while k > 0 {
            check_cancel();
            if k & 1 == 1 {
                acc = self.add(acc, pow);
            }
            k >>= 1;
            if k > 0 {
                pow = self.add(pow, pow);
            }
        }
        acc
    }

    /// Norton product `G.U` (WW ch. 8; Siegel, CGT, II.5): for an integer `n`, `n` copies of
    /// `U`; otherwise `{G^L.U + U + I | G^R.U - (U + I)}` where `I` ranges over the incentives of
    /// `U` (`U^L - U` and `U - U^R`).
    pub fn norton(&mut self, g: GameId, u: GameId) -> GameId {
        if let Some(x) = self.as_number(g)
            && x.is_integer()
        {
            return self.multiple(x.numerator(), u);
        }
        if let Some(r) = self.norton_cache.get(&(g, u)) {
            return r;
        }
        check_cancel();
        let shifts = self.norton_shifts(u);
        let mut left = Vec::new();
        let mut right = Vec::new();
        for gl in self.left_options(g) {
            let p = self.norton(gl, u);
            for &s in &shifts {
                left.push(self.add(p, s));
            }
        }
        for gr in self.right_options(g) {
            let p = self.norton(gr, u);
            for &s in &shifts {
                right.push(self.sub(p, s));
            }
        }
        let r = self.game(left, right);
        self.norton_cache.insert((g, u), r);
        r
    }

    /// `U + I` for every incentive `I` of `U`: `U^L` and `2U - U^R`.
    fn norton_shifts(&mut self, u: GameId) -> Vec<GameId> {
        let mut shifts = self.left_options(u);
        let twice = self.add(u, u);
        for ur in self.right_options(u) {
            let s = self.sub(twice, ur);
            shifts.push(s);
        }
        shifts.sort_unstable();
        shifts.dedup();
        shifts
    }

    /// `+-G = {G | -G}`.
    pub fn switch(&mut self, g: GameId) -> GameId {
        let n = self.neg(g);
        self.game(vec![g], vec![n])
    }

    /// `Tiny(G) = {0 || 0 | -G}`.
    pub fn tiny(&mut self, g: GameId) -> GameId {
        let zero = self.zero();
        let ng = self.neg(g);
        let inner = self.game(vec![zero], vec![ng]);
        self.game(vec![zero], vec![inner])
    }

    /// `Miny(G) = {G | 0 || 0}`.
    pub fn miny(&mut self, g: GameId) -> GameId {
        let t = self.tiny(g);
        self.neg(t)
    }
}
