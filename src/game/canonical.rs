//! Canonical form: building `{L | R}` from canonical options.
//!
//! A short game is in canonical form iff it has no dominated and no reversible options, and the
//! canonical form is unique (Siegel, CGT, §II.2; ONAG ch. 10; LIP ch. 4). We delete
//! dominated options, bypass reversible ones (testing `G^LR <= G` against the option lists
//! without building `G`), repeat until nothing changes, then recognise numbers (simplicity
//! theorem) and number-up-star values before interning. A game that is a number is mostly
//! recognised before any of that, from its options' stops alone.

use super::arena::{Arena, GameId, Nus, StopSides};
use super::compare::{ListMemo, Stops};
use super::interrupt::check_cancel;
use super::number::Dyadic;
use std::ops::{Add, Neg, Sub};

/// One step of canonicalisation, as recorded by [`Arena::game_traced`] (`explain(G)`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CanonStep {
    /// A round of simplification starts on the game `{left | right}` (options sorted by id,
    /// duplicates removed).
    Round {
        left: Vec<GameId>,
        right: Vec<GameId>,
    },
    /// Every option is a number and each Left option is below each Right option, so the game
    /// is the simplest number `value` between `lo` (the largest Left option) and `hi` (the
    /// smallest Right option); `None` stands for a missing side (simplicity theorem).
    Number {
        lo: Option<Dyadic>,
        hi: Option<Dyadic>,
        value: Dyadic,
    },
    /// An option of `left`'s side was deleted because another option `by` of that side is at
    /// least as good for its player (`option <= by` for Left, `option >= by` for Right).
    Dominated {
        left: bool,
        option: GameId,
        by: GameId,
    },
    /// The option was reversible: its player's opponent has the reply `through` from it
    /// (a Right option of a Left option with `through <= G`, or a Left option of a Right
    /// option with `through >= G`), and the option was replaced by `replacement`, the
    /// options of `through` on the option's side.
    Reversible {
        left: bool,
        option: GameId,
        through: GameId,
        replacement: Vec<GameId>,
    },
}

/// Options per side that [`Arena::remove_dominated_few`] handles.
const FEW: usize = 6;

/// Options per side that [`Arena::remove_dominated`] handles in stack scratch space.
const ON_STACK: usize = 32;

/// Entries of [`Arena::nus_forms`] before it is emptied.
const NUS_FORMS_CAPACITY: usize = 1 << 16;

/// What the options' stops say of a game ([`Arena::number_or_stops`]).
enum ByStops {
    /// It is this number.
    Number(Dyadic),
    /// It is no number, and these are its stops.
    Other(Stops),
}

/// What the canonicalisation loop ends with.
enum Simplified {
    /// The game is this number.
    Number(Dyadic),
    /// The game's canonical options, sorted.
    Options(Vec<GameId>, Vec<GameId>),
}

/// `n` entries of scratch space: the front of `here` (the usual few options), or `heap` filled
/// with `fill` when `n` is larger.
fn scratch<'s, T: Copy>(
    here: &'s mut [T; ON_STACK],
    heap: &'s mut Vec<T>,
    n: usize,
    fill: T,
) -> &'s mut [T] {
    if n <= ON_STACK {
        &mut here[..n]
    } else {
        heap.resize(n, fill);
        heap
    }
}

/// Whether the stops allow option `j` of a side to dominate option `i`: `a <= b` needs
/// `LS(a) <= LS(b)` and `RS(a) <= RS(b)` (`stops` from [`Arena::float_stops`]).
#[inline]
fn stops_allow(stops: &[(f64, f64)], left: bool, i: usize, j: usize) -> bool {
    let (lo, hi) = if left { (i, j) } else { (j, i) };
    !(stops[lo].0 > stops[hi].0 || stops[lo].1 > stops[hi].1)
}

/// Keeps the options whose `keep` entry is set.
fn retain_kept(opts: &mut Vec<GameId>, keep: &[bool]) {
    let mut k = 0;
    opts.retain(|_| {
        k += 1;
        keep[k - 1]
    });
}

/// An integer that orders like `x` under [`f64::total_cmp`].
#[inline]
fn total_order_key(x: f64) -> u64 {
    let bits = x.to_bits() as i64;
    // total_cmp's transform: negative values have their other bits flipped; then the sign bit
    // is flipped so that the order is unsigned
    ((bits ^ (((bits >> 63) as u64) >> 1) as i64) as u64) ^ (1 << 63)
}

impl Arena {
    /// The canonical game `{left | right}`; the options must be ids of this arena.
    pub fn game(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        match self.simplified(left, right, None) {
            Simplified::Number(x) => self.number(x),
            Simplified::Options(left, right) => self.finish_game(left, right),
        }
    }

    /// [`Arena::game`] that also records each simplification it makes, in order
    /// (`explain(G)`). It takes the textbook route, which shows the steps: a number is
    /// recognised when every option is one, and otherwise options are deleted and bypassed
    /// until it is. The untraced loop first reads a number off the options' stops
    /// ([`Arena::number_or_stops`]), and otherwise lets `G`'s stops decide most
    /// reversibility tests; both end at the same canonical form.
    pub fn game_traced(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
    ) -> (GameId, Vec<CanonStep>) {
        let mut trace = Vec::new();
        let (left, right) = self.simplify(left, right, Some(&mut trace));
        (self.finish_game(left, right), trace)
    }

    /// Recognises or interns canonical option lists (sorted, as the canonicalisation loop
    /// leaves them).
    fn finish_game(&mut self, left: Vec<GameId>, right: Vec<GameId>) -> GameId {
        match self.recognise(&left, &right) {
            Some(id) => id,
            None => self.intern_canonical(left, right),
        }
    }

    /// The canonicalisation loop, recording its steps in `trace` when one is given; a number
    /// comes back as its canonical options.
    fn simplify(
        &mut self,
        left: Vec<GameId>,
        right: Vec<GameId>,
        trace: Option<&mut Vec<CanonStep>>,
    ) -> (Vec<GameId>, Vec<GameId>) {
        match self.simplified(left, right, trace) {
            Simplified::Number(x) => {
                let id = self.number(x);
                (self.left_options(id), self.right_options(id))
            }
            Simplified::Options(left, right) => (left, right),
        }
    }

    /// The canonicalisation loop: the number the game is (simplicity), or its canonical
    /// options, sorted.
    fn simplified(
        &mut self,
        mut left: Vec<GameId>,
        mut right: Vec<GameId>,
        mut trace: Option<&mut Vec<CanonStep>>,
    ) -> Simplified {
        // Without a trace, a game that is a number (most nodes of some searches, such as Ski
        // Jumps) is recognised from its options' stops before any sorting, and a game that is
        // none gets its own stops, which decide most reversibility tests below. Both are
        // properties of the game, not of its form, so the rounds that follow keep them. The
        // traced route reads no stops of `G` at all (the textbook's, which the tests compare
        // this one with).
        let stops = match trace {
            Some(_) => None,
            None => match self.number_or_stops(&left, &right) {
                ByStops::Number(x) => return Simplified::Number(x),
                ByStops::Other(stops) => Some(stops),
            },
        };
        loop {
            check_cancel();
            left.sort_unstable();
            left.dedup();
            right.sort_unstable();
            right.dedup();
            if let Some(t) = trace.as_deref_mut() {
                t.push(CanonStep::Round {
                    left: left.clone(),
                    right: right.clone(),
                });
            }
            if let Some(t) = trace.as_deref_mut()
                && let Some(x) = self.number_from_options(&left, &right)
            {
                let lo = left.iter().filter_map(|&g| self.as_number(g)).max();
                let hi = right.iter().filter_map(|&g| self.as_number(g)).min();
                t.push(CanonStep::Number { lo, hi, value: x });
                return Simplified::Number(x);
            }
            self.remove_dominated(&mut left, true, trace.as_deref_mut());
            self.remove_dominated(&mut right, false, trace.as_deref_mut());
            // Usually no option is reversible and these are the final options: start fetching
            // their interning slot while the reversibility tests run.
            self.prefetch_interning(&left, &right);
            let changed =
                self.bypass_reversible(&mut left, &mut right, stops, trace.as_deref_mut());
            if !changed {
                return Simplified::Options(left, right);
            }
        }
    }

    /// The number `{left | right}` equals, if it is one, read from the options' stops alone
    /// (no comparison, whatever the options are); otherwise the game's stops.
    ///
    /// By the simplicity theorem (Siegel, CGT, §II.3), if some number `x` has `G^L ◁ x ◁ G^R`
    /// for every option then `G` is the simplest such `x`, and a number `G` is one (`G^L ◁ G
    /// ◁ G^R` always holds). Stops place `x` against each option (Siegel, CGT, §II.5): `H >= x`
    /// implies `RS(H) >= x`, and `RS(H) > x` implies `H > x` (so `H - x > 0`). With `a = max
    /// RS(G^L)` and `b = min LS(G^R)` the candidates `x` are therefore those of `[a, b]`: all
    /// of `(a, b)`, and `a` itself iff no Left option has `RS(G^L) = a` and `G^L >= RS(G^L)`
    /// (it *reaches* `a`; its [`StopSides`]), dually `b`. Empty when `a > b`: then `G` is no
    /// number. Konane's three-hole 5x5 board: 103 K of the 238 K nodes with an option that is
    /// not a number are numbers, decided here instead of by deleting and bypassing options.
    ///
    /// When `G` is no number, `LS(G) = a` and `RS(G) = b` (any form's options give them,
    /// Siegel, CGT, §II.5), `G <= LS(G)` iff no Left option reaches `a` and `G >= RS(G)` iff
    /// no Right option reaches `b` (as for an interned game, [`StopSides`]).
    fn number_or_stops(&self, left: &[GameId], right: &[GameId]) -> ByStops {
        let (lo, hi) = (self.side_bound(left, true), self.side_bound(right, false));
        match (lo, hi) {
            (Some((a, a_reached)), Some((b, b_reached))) => {
                if a < b || (a == b && !a_reached && !b_reached) {
                    ByStops::Number(Self::simplest_in(lo, hi))
                } else {
                    ByStops::Other(Stops {
                        left: a,
                        right: b,
                        sides: StopSides {
                            leq_left_stop: !a_reached,
                            geq_right_stop: !b_reached,
                        },
                        number: false,
                    })
                }
            }
            // a game with no option on a side is a number (an integer)
            _ => ByStops::Number(Self::simplest_in(lo, hi)),
        }
    }

    /// The simplest number of `[lo, hi]`, each end `(x, reached)` kept when not reached and
    /// `None` where there is none (`lo < hi`, or `lo = hi` kept at both ends).
    fn simplest_in(lo: Option<(Dyadic, bool)>, hi: Option<(Dyadic, bool)>) -> Dyadic {
        let candidate = |b: Option<(Dyadic, bool)>| b.filter(|&(_, reached)| !reached);
        if let (Some((a, _)), Some((b, _))) = (lo, hi)
            && a == b
        {
            return a;
        }
        let inside = Dyadic::simplest_between(lo.map(|b| b.0), hi.map(|b| b.0));
        [candidate(lo), candidate(hi)]
            .into_iter()
            .flatten()
            .fold(inside, |best, (end, _)| {
                if end.birthday() < best.birthday() {
                    end
                } else {
                    best
                }
            })
    }

    /// If every option is a number and every Left option is below every Right option, the game
    /// is the simplest number between them (the simplicity theorem, Siegel, CGT, §II.3).
    fn number_from_options(&self, left: &[GameId], right: &[GameId]) -> Option<Dyadic> {
        let mut lo: Option<Dyadic> = None;
        for &g in left {
            let x = self.as_number(g)?;
            lo = Some(lo.map_or(x, |l| l.max(x)));
        }
        let mut hi: Option<Dyadic> = None;
        for &g in right {
            let x = self.as_number(g)?;
            hi = Some(hi.map_or(x, |h| h.min(x)));
        }
        if let (Some(l), Some(h)) = (lo, hi)
            && l >= h
        {
            return None;
        }
        Some(Dyadic::simplest_between(lo, hi))
    }

    /// Deletes dominated options: for Left an option `a <= b` of another option `b`, for Right an
    /// option `a >= b` (Siegel, CGT, §II.2). Each option's stops are read once: `a <= b`
    /// needs `LS(a) <= LS(b)` and `RS(a) <= RS(b)`, which rules out most pairs before a
    /// comparison.
    fn remove_dominated(
        &mut self,
        opts: &mut Vec<GameId>,
        left: bool,
        mut trace: Option<&mut Vec<CanonStep>>,
    ) {
        let n = opts.len();
        if n < 2 {
            return;
        }
        if n <= FEW && trace.is_none() {
            return self.remove_dominated_few(opts, left);
        }
        // Exact keys or NaN (then the test below never skips the comparison).
        let (mut stops_here, mut stops_heap) = ([(0.0, 0.0); ON_STACK], Vec::new());
        let stops = scratch(&mut stops_here, &mut stops_heap, n, (0.0, 0.0));
        let (mut keep_here, mut keep_heap) = ([true; ON_STACK], Vec::new());
        let keep = scratch(&mut keep_here, &mut keep_heap, n, true);
        for (s, &g) in stops.iter_mut().zip(opts.iter()) {
            *s = self.float_stops(g);
        }
        // Candidates for dominating are tried best stops first (highest for Left, lowest for
        // Right; ties in id order, older games first): an option that dominates others is
        // usually the one with the best stops, so the first comparison the stops allow usually
        // succeeds. (5x6 Domineering: 2.20 M -> 1.81 M comparisons computed.)
        // Sorted as integer keys computed once (the order of `f64::total_cmp`), complemented
        // for Left so that an ascending sort puts the highest stops first.
        let (mut keys_here, mut keys_heap) = ([(0u64, 0u64, 0usize); ON_STACK], Vec::new());
        let keys = scratch(&mut keys_here, &mut keys_heap, n, (0, 0, 0));
        let flip = if left { u64::MAX } else { 0 };
        for (k, (key, &(ls, rs))) in keys.iter_mut().zip(stops.iter()).enumerate() {
            *key = (total_order_key(ls) ^ flip, total_order_key(rs) ^ flip, k);
        }
        keys.sort_unstable();
        let order = &*keys;
        // Start fetching the cache slot of each option's first comparison together (most
        // comparisons the stops allow succeed, so an option rarely needs a second one).
        for i in 0..n {
            for &(_, _, j) in order {
                if i != j && stops_allow(stops, left, i, j) {
                    let (lo, hi) = if left { (i, j) } else { (j, i) };
                    self.leq_cache.prefetch(opts[lo].0, opts[hi].0);
                    break;
                }
            }
        }
        for i in 0..n {
            // quadratic in the options, and comparisons of compact values do not poll
            check_cancel();
            for &(_, _, j) in order {
                if i != j && keep[j] && self.dominates(opts, stops, left, i, j) {
                    keep[i] = false;
                    if let Some(t) = trace.as_deref_mut() {
                        t.push(CanonStep::Dominated {
                            left,
                            option: opts[i],
                            by: opts[j],
                        });
                    }
                    break;
                }
            }
        }
        retain_kept(opts, keep);
    }

    /// [`Arena::remove_dominated`] for at most [`FEW`] options (most sides of most searches):
    /// each pair the stops allow is compared in the options' order, with no ordering by stops
    /// and no scratch arrays beyond `FEW` entries, which cost more than they save on so few.
    fn remove_dominated_few(&mut self, opts: &mut Vec<GameId>, left: bool) {
        let n = opts.len();
        let mut stops = [(0.0, 0.0); FEW];
        for (s, &g) in stops.iter_mut().zip(opts.iter()) {
            *s = self.float_stops(g);
        }
        let mut keep = [true; FEW];
        for i in 0..n {
            keep[i] =
                !(0..n).any(|j| i != j && keep[j] && self.dominates(opts, &stops, left, i, j));
        }
        retain_kept(opts, &keep);
    }

    /// The stops of `g` as exact `f64` keys, or NaN where they are not exact (then
    /// [`stops_allow`] never rules a comparison out).
    #[inline]
    fn float_stops(&self, g: GameId) -> (f64, f64) {
        (
            self.left_stop(g).exact_f64_or_nan(),
            self.right_stop(g).exact_f64_or_nan(),
        )
    }

    /// Whether option `j` of a side dominates option `i` (Left's `opts[i] <= opts[j]`,
    /// Right's `opts[i] >= opts[j]`), the stops ruling most pairs out first.
    #[inline]
    fn dominates(
        &mut self,
        opts: &[GameId],
        stops: &[(f64, f64)],
        left: bool,
        i: usize,
        j: usize,
    ) -> bool {
        let (lo, hi) = if left { (i, j) } else { (j, i) };
        stops_allow(stops, left, i, j) && self.leq(opts[lo], opts[hi])
    }

    /// Bypasses reversible options once over both sides: a Left option `A` with some
    /// `A^R <= G` is replaced by the Left options of `A^R`; dually for Right
    /// (Siegel, CGT, §II.2). Returns whether anything changed. `stops`: `G`'s, when it is
    /// known to be no number.
    fn bypass_reversible(
        &mut self,
        left: &mut Vec<GameId>,
        right: &mut Vec<GameId>,
        stops: Option<Stops>,
        mut trace: Option<&mut Vec<CanonStep>>,
    ) -> bool {
        let mut memo = self.list_memo.take().unwrap_or_default();
        memo.clear();
        memo.game = stops;
        let new_left = self.bypass_side(true, left, right, &mut memo, trace.as_deref_mut());
        let new_right = self.bypass_side(false, left, right, &mut memo, trace);
        self.list_memo = Some(memo);
        let changed = new_left.is_some() || new_right.is_some();
        if let Some(l) = new_left {
            *left = l;
        }
        if let Some(r) = new_right {
            *right = r;
        }
        changed
    }

    /// One side of [`Arena::bypass_reversible`] (Left's if `side_left`), tested against
    /// `G = {left | right}`: the side's options with each reversible one replaced, or `None`
    /// when none is reversible (the usual case, which then copies nothing).
    fn bypass_side(
        &mut self,
        side_left: bool,
        left: &[GameId],
        right: &[GameId],
        memo: &mut ListMemo,
        mut trace: Option<&mut Vec<CanonStep>>,
    ) -> Option<Vec<GameId>> {
        let opts = if side_left { left } else { right };
        let mut out: Option<Vec<GameId>> = None;
        for (k, &a) in opts.iter().enumerate() {
            self.ensure_options(a);
            // the opponent's replies from `a`, and whether one reverses `a`
            let replies = if side_left {
                self.right_indices(a)
            } else {
                self.left_indices(a)
            };
            let mut through = None;
            for i in replies {
                let r = self.pool_at(i);
                let reverses = if side_left {
                    self.leq_lists_rhs(r, left, right, memo)
                } else {
                    self.leq_lists_lhs(left, right, r, memo)
                };
                if reverses {
                    through = Some(r);
                    break;
                }
            }
            match through {
                Some(r) => {
                    let out = out.get_or_insert_with(|| opts[..k].to_vec());
                    self.ensure_options(r);
                    let replacement = if side_left {
                        self.left_indices(r)
                    } else {
                        self.right_indices(r)
                    };
                    let from = out.len();
                    for j in replacement {
                        out.push(self.pool_at(j));
                    }
                    if let Some(t) = trace.as_deref_mut() {
                        t.push(CanonStep::Reversible {
                            left: side_left,
                            option: a,
                            through: r,
                            replacement: out[from..].to_vec(),
                        });
                    }
                }
                None => {
                    if let Some(out) = out.as_mut() {
                        out.push(a);
                    }
                }
            }
        }
        out
    }

    /// Recognises canonical option lists (sorted) that form a number-up-star value
    /// `x + k·↑ + *n`.
    /// Such a value's canonical options are all number-up-star values with number part `x`
    /// (translation, Siegel, CGT, §II.3), so we derive a few candidates from the options
    /// and confirm one by comparing option lists exactly.
    fn recognise(&mut self, left: &[GameId], right: &[GameId]) -> Option<GameId> {
        if left.is_empty() || right.is_empty() {
            // {|} and the other one-sided canonical forms are integers.
            let x = self.number_from_options(left, right)?;
            return Some(self.number(x));
        }
        // most games have an option that is not number-up-star: find it before allocating
        let all = left.iter().chain(right.iter());
        if all.clone().any(|&g| self.get_nus(g).is_none()) {
            return None;
        }
        let n = left.len() + right.len();
        let (mut here, mut heap) = ([Nus::number(Dyadic::ZERO); ON_STACK], Vec::new());
        let parts = scratch(&mut here, &mut heap, n, Nus::number(Dyadic::ZERO));
        for (p, &g) in parts.iter_mut().zip(all) {
            *p = self.get_nus(g).expect("every option is number-up-star");
        }
        let x = parts[0].number;
        if parts.iter().any(|p| p.number != x) {
            return self
                .number_from_options(left, right)
                .map(|x| self.number(x));
        }
        if let Some(n) = self.number_from_options(left, right) {
            return Some(self.number(n));
        }
        let (lparts, rparts) = parts.split_at(left.len());
        let max_nim = parts.iter().map(|p| p.nim).max().unwrap_or(0);
        let k_max_r = rparts.iter().map(|p| p.ups).max().unwrap_or(0);
        let k_min_l = lparts.iter().map(|p| p.ups).min().unwrap_or(0);
        let mut ks = [0, k_max_r + 1, k_min_l - 1];
        ks.sort_unstable();
        // the options compare as sorted lists, as the canonicalisation loop leaves them
        debug_assert!(
            left.is_sorted() && right.is_sorted(),
            "canonical options come sorted"
        );
        for (i, &k) in ks.iter().enumerate() {
            if i > 0 && ks[i - 1] == k {
                continue;
            }
            for n in 0..=max_nim.saturating_add(2) {
                let cand = Nus {
                    number: x,
                    ups: k,
                    nim: n,
                };
                if !cand.is_number() && self.nus_has_options(cand, left, right) {
                    return Some(self.nus(cand));
                }
            }
        }
        None
    }

    /// Whether the canonical options of `v` (not a number) are the sorted lists `left` and
    /// `right`. Each value's options are worked out once and kept sorted
    /// ([`Arena::nus_forms`]): recognising a number-up-star value tries a few candidates, and
    /// a search meets the same ones over and over (Konane spent 7% of its time building them).
    fn nus_has_options(&mut self, v: Nus, left: &[GameId], right: &[GameId]) -> bool {
        if !self.nus_forms.contains_key(&v) {
            let (mut l, mut r) = self.nus_options(v);
            l.sort_unstable();
            r.sort_unstable();
            if self.nus_forms.len() >= NUS_FORMS_CAPACITY {
                self.nus_forms.clear();
            }
            self.nus_forms.insert(v, (l.into(), r.into()));
        }
        let (l, r) = &self.nus_forms[&v];
        **l == *left && **r == *right
    }

    /// Canonical options of a number-up-star value.
    ///
    /// Numbers: `n = {n-1|}`, `-n = {|-n+1}`, `m/2^k = {(m-1)/2^k | (m+1)/2^k}`. Otherwise
    /// `x + k·↑ + *n = x + {options of k·↑ + *n}` by translation, `*n = {*0, ..., *(n-1) |
    /// same}`, negative `k` by negation, and for `k >= 1`
    ///
    /// * `↑* = {0, * | 0}`, and otherwise `G = k·↑ + *n = {0 | C}` with `C = (k-1)·↑ + *(n xor 1)
    ///   = G + ↓*`, so `↑*n = {0 | *(n xor 1)}` for `n != 1`. The first cases `↑ = {0|*}`,
    ///   `↑* = {0,*|0}`, `⇑ = {0|↑*}` and `⇑* = {0|↑}` are in WW ch. 3 and Siegel, CGT, §II.4.
    ///
    /// Derivation of `G = H = {0 | C}` for `(k, n) != (1, 1)`, from `G <= H` iff no `G^L >= H`
    /// and no `H^R <= G` (Siegel, CGT, §II.1), with `G`'s natural options `A = (k-1)·↑ + *n`,
    /// `B_j = k·↑ + *j` (Left) and `C`, `B_j` (Right), `j < n`. Differences of compact values
    /// have known signs (`↑ + *m > 0` for `m != 1`, `↑*` is fuzzy, [`Nus::sign`]).
    /// `H <= G`: `0 >= G` fails as `G > 0`; `C <= H` fails as `H^R = C`; `B_j <= H` fails as
    /// `H^R = C < B_j` (`B_j - C = ↑ + *(n xor j xor 1)`, `j != n`). `G <= H`: `C <= G` fails as
    /// `↓*` is fuzzy; `A >= H` and `B_j >= H` fail because `H <= X` fails for `X = a·↑ + *m`
    /// with `0 <= a < k`, or `a = k` and `m != n`: either `X <= 0 = H^L`, or `X` has the Right
    /// option `Y = (a-1)·↑ + *(m xor 1)` (`0` if `a = 0`) with `Y <= H`, since `C <= Y` fails
    /// (compact values) and `Y^L >= H` fails by induction on `a`. `H` is canonical: one option
    /// per side, and `C`'s Left options (`0`, `*`, or nimbers `*j`) are not `>= G`. A test
    /// compares these forms with the canonicalisation of the natural options.
    pub(crate) fn nus_options(&mut self, v: Nus) -> (Vec<GameId>, Vec<GameId>) {
        if v.is_number() {
            let x = v.number;
            if x.is_integer() {
                // n = {n-1 |} for n > 0, -n = {| -n+1}, 0 = {|}
                return match x.signum() {
                    0 => (vec![], vec![]),
                    1 => (vec![self.number(x - Dyadic::ONE)], vec![]),
                    _ => (vec![], vec![self.number(x + Dyadic::ONE)]),
                };
            }
            let step = Dyadic::new(1, x.den_exp());
            let l = self.number(x.sub(step));
            let r = self.number(x.add(step));
            return (vec![l], vec![r]);
        }
        if !v.number.is_zero() {
            let inf = self.nus(Nus {
                number: Dyadic::ZERO,
                ..v
            });
            let (l, r) = (self.left_options(inf), self.right_options(inf));
            let shift = Nus::number(v.number);
            let tl = l.iter().map(|&g| self.translate_nus(g, shift)).collect();
            let tr = r.iter().map(|&g| self.translate_nus(g, shift)).collect();
            return (tl, tr);
        }
        if v.ups < 0 {
            let pos = self.nus(v.neg());
            let (l, r) = (self.left_options(pos), self.right_options(pos));
            let nl = r.iter().map(|&g| self.neg(g)).collect();
            let nr = l.iter().map(|&g| self.neg(g)).collect();
            return (nl, nr);
        }
        let zero = self.zero();
        if v.ups > 0 {
            if v.ups == 1 && v.nim == 1 {
                let star = self.nimber(1);
                return (vec![zero, star], vec![zero]);
            }
            let c = self.nus(Nus {
                ups: v.ups - 1,
                nim: v.nim ^ 1,
                ..v
            });
            return (vec![zero], vec![c]);
        }
        // *n = {0, *, ..., *(n-1) | same}: already canonical. Up to 2^32 - 1 new games.
        let mut left = Vec::new();
        for j in 0..v.nim {
            if j.is_multiple_of(4096) {
                check_cancel();
            }
            left.push(self.nimber(j));
        }
        let right = left.clone();
        (left, right)
    }

    /// The canonical options of `k·↑ + *n` (`k >= 1`) by canonicalising its natural options as
    /// a sum of `k` ups (`↑ = {0|*}`) and `*n`: the definition that [`Arena::nus_options`]
    /// short-cuts, kept to check it.
    #[cfg(test)]
    fn natural_up_star_options(&mut self, v: Nus) -> (Vec<GameId>, Vec<GameId>) {
        assert!(v.ups > 0 && v.number.is_zero());
        // Left moves an ↑ to 0, Right moves an ↑ to *.
        let mut left = vec![self.nus(Nus {
            ups: v.ups - 1,
            ..v
        })];
        let mut right = vec![self.nus(Nus {
            ups: v.ups - 1,
            nim: v.nim ^ 1,
            ..v
        })];
        for j in 0..v.nim {
            let g = self.nus(Nus { nim: j, ..v });
            left.push(g);
            right.push(g);
        }
        self.simplify(left, right, None)
    }

    /// `g + x` for a number-up-star `g` and a number `x`.
    fn translate_nus(&mut self, g: GameId, x: Nus) -> GameId {
        let v = self
            .get_nus(g)
            .expect("options of number-up-star values are number-up-star");
        self.nus(v.add(x))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The integer keys order every pair of values as `f64::total_cmp` does, including signed
    /// zeros, infinities and NaN (the stops that are not exact as `f64`).
    #[test]
    fn total_order_keys_follow_total_cmp() {
        let xs = [
            f64::NEG_INFINITY,
            -1e300,
            -2.5,
            -1.0,
            -0.25,
            -f64::MIN_POSITIVE,
            -0.0,
            0.0,
            f64::MIN_POSITIVE,
            0.5,
            1.0,
            3.75,
            1e300,
            f64::INFINITY,
            f64::NAN,
            -f64::NAN,
        ];
        for a in xs {
            for b in xs {
                assert_eq!(
                    total_order_key(a).cmp(&total_order_key(b)),
                    a.total_cmp(&b),
                    "{a} against {b}"
                );
            }
        }
    }

    /// Games whose options' stops meet or touch, worked out by hand. `{↓ | ↑} = 0` and
    /// `{* | *} = 0`: whoever moves first hands the opponent a winning move (`a = b = 0`, no
    /// option reaching the bound). `{1* | 2} = 1`: `{1* | 2} - 1 = {* | 1}`, where Left's move
    /// to `*` is answered by Right's to 0 and Right's move to 1 by Left's to 0 (`1` closes the
    /// interval `[1, 2)`, `2` does not, since `2 <= 2`). `{0 | 0} = *` (`0 >= 0` reaches `a`)
    /// and `{1/2 | ↑}` (`a = 1/2 > b = 0`, a switch) are not numbers; `{0 | 1} = 1/2` and
    /// `{↑ | 1} = 1/2` (`↑ >= 0` opens the interval at 0), `{-1* | } = 0` (`-1` closes it
    /// below, and 0 is the simplest number from -1 up).
    #[test]
    fn numbers_read_off_the_stops() {
        let mut a = Arena::new();
        let nus = |a: &mut Arena, x: Dyadic, ups: i64, nim: u32| {
            a.nus(Nus {
                number: x,
                ups,
                nim,
            })
        };
        let (z, one, two, half) = (
            Dyadic::ZERO,
            Dyadic::ONE,
            Dyadic::from_int(2),
            Dyadic::new(1, 1),
        );
        let up = nus(&mut a, z, 1, 0);
        let down = nus(&mut a, z, -1, 0);
        let star = nus(&mut a, z, 0, 1);
        let one_star = nus(&mut a, one, 0, 1);
        let minus_one_star = nus(&mut a, -one, 0, 1);
        let [n0, n1, n2, nh] = [z, one, two, half].map(|x| a.number(x));
        let cases: [(Vec<GameId>, Vec<GameId>, Option<Dyadic>); 8] = [
            (vec![down], vec![up], Some(z)),
            (vec![star], vec![star], Some(z)),
            (vec![one_star], vec![n2], Some(one)),
            (vec![n0], vec![n0], None),
            (vec![nh], vec![up], None),
            (vec![n0], vec![n1], Some(half)),
            (vec![up], vec![n1], Some(half)),
            (vec![minus_one_star], vec![], Some(z)),
        ];
        for (l, r, want) in cases {
            let by_stops = match a.number_or_stops(&l, &r) {
                ByStops::Number(x) => Some(x),
                ByStops::Other(_) => None,
            };
            assert_eq!(by_stops, want, "{l:?} | {r:?}");
            let (traced, _) = a.game_traced(l.clone(), r.clone());
            assert_eq!(a.as_number(traced), want, "textbook route on {l:?} | {r:?}");
        }
    }

    /// The loop that reads numbers and reversibility tests off the stops and the textbook
    /// route of [`Arena::game_traced`] (numbers only from options that are all numbers,
    /// every reversibility test by comparisons) give the same canonical form, on random
    /// option lists drawn from random games and from values whose stops tie (numbers,
    /// number-up-star values and switches around -1, 0, 1/2 and 1).
    #[test]
    fn numbers_by_stops_agree_with_the_textbook_route() {
        use crate::game::rng::{Rng, random_game};
        let mut a = Arena::new();
        let mut rng = Rng::xorshift64(29);
        let mut pool = Vec::new();
        for x in [-1, 0, 1, 2].map(|n| Dyadic::new(n, 1)) {
            for ups in -2..=2 {
                for nim in 0..3 {
                    pool.push(a.nus(Nus {
                        number: x,
                        ups,
                        nim,
                    }));
                }
            }
            let (lo, hi) = (a.number(x), a.number(x + Dyadic::ONE));
            pool.push(a.game(vec![hi], vec![lo]));
        }
        for _ in 0..300 {
            pool.push(random_game(&mut a, &mut rng, 4));
        }
        let mut numbers = 0;
        for _ in 0..20_000 {
            let side = |rng: &mut Rng| -> Vec<GameId> {
                (0..rng.below(4))
                    .map(|_| pool[rng.below(pool.len())])
                    .collect()
            };
            let (l, r) = (side(&mut rng), side(&mut rng));
            let fast = a.game(l.clone(), r.clone());
            let (textbook, _) = a.game_traced(l.clone(), r.clone());
            assert_eq!(fast, textbook, "{l:?} | {r:?}");
            numbers += usize::from(a.is_number(fast));
        }
        // the draw reaches both outcomes often
        assert!(numbers > 2_000 && numbers < 18_000, "{numbers} numbers");
    }

    fn sorted(mut v: Vec<GameId>) -> Vec<GameId> {
        v.sort_unstable();
        v
    }

    /// The closed forms of `nus_options` agree with canonicalising the natural options of
    /// `k·↑ + *n` for `1 <= k <= 7`, `n < 20`; negatives and translates by a number get the
    /// negated and translated options.
    #[test]
    fn up_star_options_match_the_definition() {
        let mut a = Arena::new();
        let x = Nus::number(Dyadic::new(-5, 2));
        for k in 1..=7 {
            for n in 0..20 {
                let v = Nus {
                    number: Dyadic::ZERO,
                    ups: k,
                    nim: n,
                };
                let (l, r) = a.nus_options(v);
                let (nl, nr) = a.natural_up_star_options(v);
                let (l, r) = (sorted(l), sorted(r));
                assert_eq!((&l, &r), (&sorted(nl), &sorted(nr)), "{k}.^ + *{n}");
                let g = a.nus(v);
                assert_eq!(sorted(a.left_options(g)), l);
                assert_eq!(sorted(a.right_options(g)), r);
                assert_eq!(a.game(l.clone(), r.clone()), g, "recognised");

                let neg = a.nus(-v);
                let want_l = r.iter().map(|&o| a.neg(o)).collect();
                let want_r = l.iter().map(|&o| a.neg(o)).collect();
                assert_eq!(sorted(a.left_options(neg)), sorted(want_l));
                assert_eq!(sorted(a.right_options(neg)), sorted(want_r));

                let shifted = a.nus(v + x);
                let xs = a.nus(x);
                let want_l = l.iter().map(|&o| a.add(o, xs)).collect();
                let want_r = r.iter().map(|&o| a.add(o, xs)).collect();
                assert_eq!(sorted(a.left_options(shifted)), sorted(want_l));
                assert_eq!(sorted(a.right_options(shifted)), sorted(want_r));
            }
        }
    }
}
