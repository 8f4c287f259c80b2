//! Threat games: short games whose leaves may be `on` = {on|} or `off` = {|off}, plus the loopy
//! constants `over` = {0|over}, `under` = {under|0} (shifted by numbers: `5over`) and
//! `dud` = {dud|dud}.
//!
//! All of these except `dud` are stoppers (WW ch. 11; Siegel, CGT, ch. VI). For stoppers,
//! `G >= H` iff Left, moving second, *survives* `G - H` (wins, or play never ends). We decide it
//! by retrograde analysis of the finite state graph of the sum: a state is a short part (one
//! canonical arena game holding every short component), the sorted list of the other
//! components, and the player to move. The set of states from which Right can force Left to
//! get stuck is a least fixed point; everything else (including endless play) is survival.
//! Every state of an explored graph gets its exact value, so all of them are cached.
//!
//! Threat games are simplified by deleting dominated options and bypassing reversible ones
//! under this order (Siegel, CGT, VI: simplest forms of stoppers). A node whose options are all
//! short becomes the arena's canonical game; `{on|}` is `on` and `{|off}` is `off`.

use std::collections::VecDeque;
use std::ops::{Add, Neg};

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::cache::{BoundedCache, NamedStats};
use super::compare::{Outcome, Relation};
use super::interrupt::check_cancel;
use super::memory;
use super::number::Dyadic;

/// A node of the [`Threats`] store.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct ThreatId(pub u32);

/// What a [`ThreatId`] stands for.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum ThreatKind {
    /// A short game of the arena.
    Short(GameId),
    /// `on` = {on|}.
    On,
    /// `off` = {|off}.
    Off,
    /// `x + over`, with over = {0|over}.
    Over(Dyadic),
    /// `x + under`, with under = {under|0}.
    Under(Dyadic),
    /// A game that is not a stopper, as its onside and offside (stoppers, the onside
    /// greater): `dud` = {pass|pass} is `on & off`.
    Sided(ThreatId, ThreatId),
    /// A threat game `{left|right}` (options sorted by id, without repeats).
    Node(Box<[ThreatId]>, Box<[ThreatId]>),
    /// Position `.1` of the canonical cyclic component `.0` (see [`cycles`]).
    Cycle(u32, u32),
    /// A position of a graph being simplified; never handed out.
    Raw(u32),
    /// The negative of `Raw(.0)`, whose options follow it as it is simplified.
    NegRaw(u32),
}

/// Entries of each threat-game memo table before it is flushed.
const MEMO_CAPACITY: usize = 1 << 20;

/// Deepest nesting of the recursive sum before it gives up with an error.
const MAX_SUM_DEPTH: usize = 1500;

/// Hash-consed store of threat games, used together with an [`Arena`].
pub struct Threats {
    kinds: Vec<ThreatKind>,
    index: FxHashMap<ThreatKind, ThreatId>,
    has_on: Vec<bool>,
    has_off: Vec<bool>,
    /// Whether a follower is a cyclic component, a raw position or a sided value: the
    /// threat algebra ([`Threats::add`]) leaves those to the graph sum ([`Threats::sum`]).
    cyclic: Vec<bool>,
    /// Whether a follower is `over`, `under` or cyclic: a node may then equal a follower.
    has_loop: Vec<bool>,
    cycles: Vec<cycles::CycleComp>,
    cycle_ids: Vec<Vec<ThreatId>>,
    cycle_index: FxHashMap<cycles::CycleKey, u32>,
    raw_opts: Vec<(Vec<ThreatId>, Vec<ThreatId>)>,
    /// A graph for each sided value (the first game it was found as).
    reps: FxHashMap<ThreatId, RawGraph>,
    /// Raw node -> its simplest form (simplest forms map to themselves).
    canon: FxHashMap<ThreatId, ThreatId>,
    neg_memo: BoundedCache<ThreatId, ThreatId>,
    sum_memo: BoundedCache<(ThreatId, ThreatId), Result<ThreatId, String>>,
    /// Exact survival values of explored states.
    survival: BoundedCache<State, bool>,
    /// Current nesting of `add` (bounded to keep the stack safe).
    sum_depth: usize,
    /// Tests only: add numbers by the full recursive definition instead of translation.
    full_sums: bool,
    /// Tests only: decide every comparison by the plain survival search over the whole
    /// reachable graph, without the shortcuts for threats carried out at once
    /// ([`Threats::refuted_by_a_threat`], in [`Threats::known`] and [`Threats::survives`]).
    plain_order: bool,
}

/// A position of a sum: short part, other components (sorted), and who moves.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct State {
    short: GameId,
    comps: Vec<ThreatId>,
    left_to_move: bool,
}

impl Default for Threats {
    fn default() -> Self {
        Threats::new()
    }
}

impl Threats {
    pub fn new() -> Threats {
        Threats {
            kinds: Vec::new(),
            index: FxHashMap::default(),
            has_on: Vec::new(),
            has_off: Vec::new(),
            cyclic: Vec::new(),
            has_loop: Vec::new(),
            cycles: Vec::new(),
            cycle_ids: Vec::new(),
            cycle_index: FxHashMap::default(),
            raw_opts: Vec::new(),
            reps: FxHashMap::default(),
            canon: FxHashMap::default(),
            neg_memo: BoundedCache::new(MEMO_CAPACITY),
            sum_memo: BoundedCache::new(MEMO_CAPACITY),
            survival: BoundedCache::new(MEMO_CAPACITY),
            sum_depth: 0,
            full_sums: false,
            plain_order: false,
        }
    }

    /// Sizes and hit rates of the memo tables, for `:stats`.
    pub fn stats(&self) -> Vec<NamedStats> {
        vec![
            ("threat neg", self.neg_memo.stats()),
            ("threat sum", self.sum_memo.stats()),
            ("threat order", self.survival.stats()),
        ]
    }

    /// Approximate bytes held: nodes, their index and the memo tables.
    pub fn approx_bytes(&self) -> usize {
        self.kinds.capacity() * (std::mem::size_of::<ThreatKind>() + 2)
            + memory::map_bytes::<ThreatKind, ThreatId>(self.index.capacity())
            + memory::map_bytes::<ThreatId, ThreatId>(self.canon.capacity())
            + self.neg_memo.approx_bytes()
            + self.sum_memo.approx_bytes()
            + self.survival.approx_bytes()
            + self.cyclic.capacity() * 2
            + self
                .raw_opts
                .iter()
                .map(|(l, r)| (l.capacity() + r.capacity()) * 4 + 48)
                .sum::<usize>()
            + self
                .cycles
                .iter()
                .flat_map(|c| c.left.iter().chain(&c.right))
                .map(|os| os.capacity() * 4 + 24)
                .sum::<usize>()
    }

    /// The short games this store refers to (roots for `:gc`).
    pub fn short_games(&self) -> Vec<GameId> {
        self.kinds
            .iter()
            .filter_map(|k| match k {
                ThreatKind::Short(g) => Some(*g),
                _ => None,
            })
            .collect()
    }

    /// Renames the short games after the arena was compacted (`Arena::compact`); threat ids
    /// stay. `map` must hold every id [`Threats::short_games`] returned.
    pub fn remap_games(&mut self, map: &FxHashMap<GameId, GameId>) {
        for k in &mut self.kinds {
            if let ThreatKind::Short(g) = k {
                *g = map[g];
            }
        }
        self.index = self
            .kinds
            .iter()
            .enumerate()
            .map(|(i, k)| (k.clone(), ThreatId(i as u32)))
            .collect();
        self.survival.clear();
    }

    fn intern(&mut self, k: ThreatKind) -> ThreatId {
        if let Some(&t) = self.index.get(&k) {
            return t;
        }
        let (on, off, cyclic, has_loop) = match &k {
            ThreatKind::On => (true, false, false, false),
            ThreatKind::Off => (false, true, false, false),
            ThreatKind::Over(_) | ThreatKind::Under(_) => (false, false, false, true),
            ThreatKind::Node(l, r) => {
                l.iter()
                    .chain(r.iter())
                    .fold((false, false, false, false), |acc, &o| {
                        let i = o.0 as usize;
                        (
                            acc.0 || self.has_on[i],
                            acc.1 || self.has_off[i],
                            acc.2 || self.cyclic[i],
                            acc.3 || self.has_loop[i],
                        )
                    })
            }
            // conservatively: endless passes for both players may follow
            ThreatKind::Cycle(..)
            | ThreatKind::Raw(_)
            | ThreatKind::NegRaw(_)
            | ThreatKind::Sided(..) => (true, true, true, true),
            ThreatKind::Short(_) => (false, false, false, false),
        };
        // Room in every vector and the index first, so that running out of memory leaves
        // the store as it was.
        let what = "the threat-game store";
        memory::reserve(&mut self.kinds, 1, what);
        memory::reserve(&mut self.has_on, 1, what);
        memory::reserve(&mut self.has_off, 1, what);
        memory::reserve(&mut self.cyclic, 1, what);
        memory::reserve(&mut self.has_loop, 1, what);
        memory::reserve_map(&mut self.index, 1, what);
        let t = ThreatId(self.kinds.len() as u32);
        self.kinds.push(k.clone());
        self.has_on.push(on);
        self.has_off.push(off);
        self.cyclic.push(cyclic);
        self.has_loop.push(has_loop);
        self.index.insert(k, t);
        t
    }

    /// What `t` stands for.
    pub fn kind(&self, t: ThreatId) -> &ThreatKind {
        &self.kinds[t.0 as usize]
    }

    /// The short game `g`.
    pub fn short(&mut self, g: GameId) -> ThreatId {
        self.intern(ThreatKind::Short(g))
    }

    pub fn on(&mut self) -> ThreatId {
        self.intern(ThreatKind::On)
    }

    pub fn off(&mut self) -> ThreatId {
        self.intern(ThreatKind::Off)
    }

    pub fn over(&mut self) -> ThreatId {
        self.intern(ThreatKind::Over(Dyadic::ZERO))
    }

    pub fn under(&mut self) -> ThreatId {
        self.intern(ThreatKind::Under(Dyadic::ZERO))
    }

    /// `dud` = {pass|pass} = `on & off`.
    pub fn dud(&mut self) -> ThreatId {
        let (on, off) = (self.on(), self.off());
        let t = self.intern(ThreatKind::Sided(on, off));
        self.reps.entry(t).or_insert_with(|| {
            let mut g = RawGraph::new();
            let v = g.node();
            g.set_options(v, vec![Opt::Node(v)], vec![Opt::Node(v)]);
            g
        });
        t
    }

    /// `x + over`.
    pub fn over_shifted(&mut self, x: Dyadic) -> ThreatId {
        self.intern(ThreatKind::Over(x))
    }

    /// `x + under`.
    pub fn under_shifted(&mut self, x: Dyadic) -> ThreatId {
        self.intern(ThreatKind::Under(x))
    }

    /// The short game `t` is, if it is one.
    pub fn as_short(&self, t: ThreatId) -> Option<GameId> {
        match self.kind(t) {
            ThreatKind::Short(g) => Some(*g),
            _ => None,
        }
    }

    /// Whether `t` is a stopper (everything but sided values such as `dud`).
    pub fn is_stopper(&self, t: ThreatId) -> bool {
        !matches!(self.kind(t), ThreatKind::Sided(..))
    }

    /// Whether `t` has a cycle or a sided value among its followers (beyond `on`, `off`,
    /// `over` and `under`).
    pub fn is_cyclic(&self, t: ThreatId) -> bool {
        self.cyclic[t.0 as usize]
    }

    /// Whether `on` occurs among the followers of `t`.
    pub fn contains_on(&self, t: ThreatId) -> bool {
        self.has_on[t.0 as usize]
    }

    /// Whether `off` occurs among the followers of `t`.
    pub fn contains_off(&self, t: ThreatId) -> bool {
        self.has_off[t.0 as usize]
    }

    fn canonical(&self, t: ThreatId) -> ThreatId {
        self.canon.get(&t).copied().unwrap_or(t)
    }

    fn raw(&mut self, mut left: Vec<ThreatId>, mut right: Vec<ThreatId>) -> ThreatId {
        left.sort();
        left.dedup();
        right.sort();
        right.dedup();
        self.intern(ThreatKind::Node(left.into(), right.into()))
    }

    /// Left options (`left == true`) or Right options of `t`, as a game graph (`on`'s Left option
    /// is `on`, `over`'s Right option is `over`, ...).
    pub fn options(&mut self, arena: &mut Arena, t: ThreatId, left: bool) -> Vec<ThreatId> {
        match self.kind(t).clone() {
            ThreatKind::Short(g) => {
                let opts = if left {
                    arena.left_options(g)
                } else {
                    arena.right_options(g)
                };
                opts.into_iter().map(|o| self.short(o)).collect()
            }
            ThreatKind::On => {
                if left {
                    vec![t]
                } else {
                    vec![]
                }
            }
            ThreatKind::Off => {
                if left {
                    vec![]
                } else {
                    vec![t]
                }
            }
            ThreatKind::Over(x) => {
                if left {
                    let g = arena.number(x);
                    vec![self.short(g)]
                } else {
                    vec![t]
                }
            }
            ThreatKind::Under(x) => {
                if left {
                    vec![t]
                } else {
                    let g = arena.number(x);
                    vec![self.short(g)]
                }
            }
            ThreatKind::Node(l, r) => {
                if left {
                    l.to_vec()
                } else {
                    r.to_vec()
                }
            }
            ThreatKind::Cycle(c, k) => {
                let comp = &self.cycles[c as usize];
                if left {
                    comp.left[k as usize].clone()
                } else {
                    comp.right[k as usize].clone()
                }
            }
            ThreatKind::Raw(k) => {
                let (l, r) = &self.raw_opts[k as usize];
                if left { l.clone() } else { r.clone() }
            }
            ThreatKind::NegRaw(k) => {
                let (l, r) = self.raw_opts[k as usize].clone();
                let opts = if left { r } else { l };
                opts.into_iter().map(|o| self.neg(arena, o)).collect()
            }
            // A sided value has no options of its own: sums go through its graph.
            ThreatKind::Sided(..) => Vec::new(),
        }
    }

    /// The simplest form of `{left | right}` for options of any kind.
    pub fn node(
        &mut self,
        arena: &mut Arena,
        left: Vec<ThreatId>,
        right: Vec<ThreatId>,
    ) -> Result<ThreatId, String> {
        let left: Vec<ThreatId> = left.into_iter().map(|t| self.canonical(t)).collect();
        let right: Vec<ThreatId> = right.into_iter().map(|t| self.canonical(t)).collect();
        if left
            .iter()
            .chain(right.iter())
            .any(|&o| !self.is_stopper(o))
        {
            // Options given by their sides: a game outside their cycles has the sides
            // {onsides | onsides} & {offsides | offsides} (sidling, WW ch. 11).
            let (l1, l2): (Vec<_>, Vec<_>) = left.iter().map(|&o| self.sides(o)).unzip();
            let (r1, r2): (Vec<_>, Vec<_>) = right.iter().map(|&o| self.sides(o)).unzip();
            let onside = self.node(arena, l1, r1)?;
            let offside = self.node(arena, l2, r2)?;
            return self.make_sided(arena, onside, offside);
        }
        let all_short = |s: &Self, v: &[ThreatId]| v.iter().all(|&o| s.as_short(o).is_some());
        if all_short(self, &left) && all_short(self, &right) {
            let l = left.iter().filter_map(|&o| self.as_short(o)).collect();
            let r = right.iter().filter_map(|&o| self.as_short(o)).collect();
            let g = arena.game(l, r);
            return Ok(self.short(g));
        }
        let g0 = self.raw(left.clone(), right.clone());
        if let Some(&c) = self.canon.get(&g0) {
            return Ok(c);
        }
        let mut c = self.simplify(arena, g0, left, right)?;
        if self.has_loop[c.0 as usize] && matches!(self.kind(c), ThreatKind::Node(..)) {
            // A node may equal a follower with a cycle ({0|over} is over): fuse.
            for f in self.loopy_followers(arena, &[c]) {
                if self.equal(arena, c, f)? {
                    c = f;
                    break;
                }
            }
        }
        memory::reserve_map(&mut self.canon, 2, "the threat-game store");
        self.canon.insert(g0, c);
        self.canon.insert(c, c);
        Ok(c)
    }

    fn simplify(
        &mut self,
        arena: &mut Arena,
        g0: ThreatId,
        mut left: Vec<ThreatId>,
        mut right: Vec<ThreatId>,
    ) -> Result<ThreatId, String> {
        for _round in 0..100_000 {
            check_cancel();
            left.sort();
            left.dedup();
            right.sort();
            right.dedup();
            left = self.undominated(arena, left, true)?;
            right = self.undominated(arena, right, false)?;
            if let Some(next) = self.bypass_one(arena, g0, &left, true)? {
                left = next;
                continue;
            }
            if let Some(next) = self.bypass_one(arena, g0, &right, false)? {
                right = next;
                continue;
            }
            // Stable: build the result.
            let on = self.on();
            let off = self.off();
            if left == [on] && right.is_empty() {
                return Ok(on);
            }
            if left.is_empty() && right == [off] {
                return Ok(off);
            }
            let shorts = |s: &Self, v: &[ThreatId]| -> Option<Vec<GameId>> {
                v.iter().map(|&o| s.as_short(o)).collect()
            };
            if let (Some(l), Some(r)) = (shorts(self, &left), shorts(self, &right)) {
                let g = arena.game(l, r);
                return Ok(self.short(g));
            }
            return Ok(self.raw(left, right));
        }
        Err("threat game simplification did not converge".to_string())
    }

    /// Keeps the maximal Left options (`left`) or the minimal Right options.
    fn undominated(
        &mut self,
        arena: &mut Arena,
        opts: Vec<ThreatId>,
        left: bool,
    ) -> Result<Vec<ThreatId>, String> {
        let mut keep = vec![true; opts.len()];
        for i in 0..opts.len() {
            for j in 0..opts.len() {
                if i == j || !keep[j] {
                    continue;
                }
                // For Left, i is dominated by j when opts[i] <= opts[j].
                let (a, b) = if left {
                    (opts[i], opts[j])
                } else {
                    (opts[j], opts[i])
                };
                if self.leq(arena, a, b)? && (j < i || !self.leq(arena, b, a)?) {
                    keep[i] = false;
                    break;
                }
            }
        }
        Ok(opts
            .into_iter()
            .zip(keep)
            .filter_map(|(o, k)| k.then_some(o))
            .collect())
    }

    /// Bypasses the first reversible option, if any: a Left option `A` with some `A^R <= G` is
    /// replaced by the Left options of `A^R` (dually for Right).
    fn bypass_one(
        &mut self,
        arena: &mut Arena,
        g0: ThreatId,
        opts: &[ThreatId],
        left: bool,
    ) -> Result<Option<Vec<ThreatId>>, String> {
        for (i, &a) in opts.iter().enumerate() {
            for ar in self.options(arena, a, !left) {
                let reversible = if left {
                    self.leq(arena, ar, g0)?
                } else {
                    self.leq(arena, g0, ar)?
                };
                if reversible {
                    let mut next: Vec<ThreatId> = opts[..i].to_vec();
                    next.extend_from_slice(&opts[i + 1..]);
                    next.extend(self.options(arena, ar, left));
                    return Ok(Some(next));
                }
            }
        }
        Ok(None)
    }

    /// `-t`.
    pub fn neg(&mut self, arena: &mut Arena, t: ThreatId) -> ThreatId {
        if let Some(n) = self.neg_memo.get(&t) {
            return n;
        }
        let n = match self.kind(t).clone() {
            ThreatKind::Short(g) => {
                let h = arena.neg(g);
                self.short(h)
            }
            ThreatKind::On => self.off(),
            ThreatKind::Off => self.on(),
            ThreatKind::Over(x) => self.under_shifted(x.neg()),
            ThreatKind::Under(x) => self.over_shifted(x.neg()),
            ThreatKind::Sided(s, o) => {
                let (ns, no) = (self.neg(arena, s), self.neg(arena, o));
                self.intern(ThreatKind::Sided(no, ns))
            }
            ThreatKind::Cycle(c, k) => self.neg_cycle(arena, c, k),
            ThreatKind::Raw(k) => self.intern(ThreatKind::NegRaw(k)),
            ThreatKind::NegRaw(k) => self.intern(ThreatKind::Raw(k)),
            ThreatKind::Node(l, r) => {
                let nl = r.iter().map(|&o| self.neg(arena, o)).collect();
                let nr = l.iter().map(|&o| self.neg(arena, o)).collect();
                let n = self.raw(nl, nr);
                // The negative of a simplest form is a simplest form.
                if self.canon.get(&t) == Some(&t) {
                    self.canon.insert(n, n);
                }
                n
            }
        };
        self.neg_memo.insert(t, n);
        self.neg_memo.insert(n, t);
        n
    }

    /// `a + b`. Supported: short + short; `on + off = dud`; `dud + dud = dud`; `on + G = on` for a
    /// stopper G without `off` or `over` (dually `off`); `x + over` for numbers x; sums of threat
    /// games that do not hold both `on` and `off`. Everything else is an error.
    pub fn add(&mut self, arena: &mut Arena, a: ThreatId, b: ThreatId) -> Result<ThreatId, String> {
        let (a, b) = (self.canonical(a), self.canonical(b));
        let key = if a <= b { (a, b) } else { (b, a) };
        if let Some(r) = self.sum_memo.get(&key) {
            return r;
        }
        check_cancel();
        if self.sum_depth >= MAX_SUM_DEPTH {
            // Not memoised: the same sum may succeed from a shallower start.
            return Err(format!(
                "sum of threat games nests deeper than {MAX_SUM_DEPTH} levels; not computed"
            ));
        }
        self.sum_depth += 1;
        let r = self.add_uncached(arena, key.0, key.1);
        self.sum_depth -= 1;
        if r.is_ok() || self.sum_depth == 0 {
            self.sum_memo.insert(key, r.clone());
        }
        r
    }

    /// `a + b` for any loopy games: the threat algebra where it applies, else the graph of
    /// the sum, simplified (a sum of stoppers need not be a stopper: `on + off` is `dud`).
    pub fn sum(&mut self, arena: &mut Arena, a: ThreatId, b: ThreatId) -> Result<ThreatId, String> {
        if !self.is_cyclic(a)
            && !self.is_cyclic(b)
            && let Ok(t) = self.add(arena, a, b)
        {
            return Ok(t);
        }
        self.graph_sum(arena, a, b)
    }

    /// `a - b` for any loopy games.
    pub fn difference(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
    ) -> Result<ThreatId, String> {
        let nb = self.neg(arena, b);
        self.sum(arena, a, nb)
    }

    /// `a - b`.
    pub fn sub(&mut self, arena: &mut Arena, a: ThreatId, b: ThreatId) -> Result<ThreatId, String> {
        let nb = self.neg(arena, b);
        self.add(arena, a, nb)
    }

    fn add_uncached(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
    ) -> Result<ThreatId, String> {
        let (ka, kb) = (self.kind(a).clone(), self.kind(b).clone());
        use ThreatKind::*;
        match (&ka, &kb) {
            _ if self.is_cyclic(a) || self.is_cyclic(b) => {
                return Err(
                    "a sum with cycles or sided values is not a threat game (see Threats::sum)"
                        .to_string(),
                );
            }
            (On, Off) | (Off, On) => return Ok(self.dud()),
            _ => {}
        }
        if (self.contains_on(a) && self.contains_off(b))
            || (self.contains_off(a) && self.contains_on(b))
        {
            return Err(
                "a sum holding both on and off is not a stopper (only on + off, which is dud, is supported)"
                    .to_string(),
            );
        }
        if !self.full_sums {
            let shifted = match (&ka, &kb) {
                (Node(..), Short(g)) => self.translate_guarded(arena, a, *g),
                (Short(g), Node(..)) => self.translate_guarded(arena, b, *g),
                _ => None,
            };
            if let Some(t) = shifted {
                return Ok(t);
            }
        }
        match (&ka, &kb) {
            (Short(g), Short(h)) => {
                let s = arena.add(*g, *h);
                Ok(self.short(s))
            }
            (On, Over(_)) | (Over(_), On) | (Off, Under(_)) | (Under(_), Off) => Err(
                "on + over and off + under are not stoppers; such sums are not supported"
                    .to_string(),
            ),
            // on + G = on for a stopper G without off (and without over).
            (On, _) | (_, On) => Ok(self.on()),
            (Off, _) | (_, Off) => Ok(self.off()),
            (Over(x), Short(g)) | (Short(g), Over(x)) => match arena.as_number(*g) {
                Some(y) => Ok(self.over_shifted(x.add(y))),
                None => self.unsupported(arena, a, b),
            },
            (Under(x), Short(g)) | (Short(g), Under(x)) => match arena.as_number(*g) {
                Some(y) => Ok(self.under_shifted(x.add(y))),
                None => self.unsupported(arena, a, b),
            },
            (Over(_) | Under(_), _) | (_, Over(_) | Under(_)) => self.unsupported(arena, a, b),
            (Node(..), Short(g)) | (Short(g), Node(..))
                if !self.full_sums
                    && (arena.is_number(*g) || self.is_guarded(a) || self.is_guarded(b)) =>
            {
                // Translation: G + x = {G^L + x | G^R + x}. For a number x: a threat game in
                // simplest form that is not short is not a number. For any short x when G has
                // `on` among its Left options: Left's moves in x are dominated by `on`, and a
                // Right move G + x^R reverses through Left's answer on + x^R = on (dually for
                // `off`). Both checked against the full recursion in the tests. This keeps
                // `G + 10000` shallow, and `G + *k` free of k^2 comparisons.
                let (gt, x) = if matches!(ka, Node(..)) {
                    (a, b)
                } else {
                    (b, a)
                };
                let mut left = Vec::new();
                let mut right = Vec::new();
                for o in self.options(arena, gt, true) {
                    left.push(self.add(arena, o, x)?);
                }
                for o in self.options(arena, gt, false) {
                    right.push(self.add(arena, o, x)?);
                }
                self.node(arena, left, right)
            }
            _ => {
                // Sum of threat games without loops between them: the recursive definition.
                let mut left = Vec::new();
                let mut right = Vec::new();
                for (x, y) in [(a, b), (b, a)] {
                    for o in self.options(arena, x, true) {
                        left.push(self.add(arena, o, y)?);
                    }
                    for o in self.options(arena, x, false) {
                        right.push(self.add(arena, o, y)?);
                    }
                }
                self.node(arena, left, right)
            }
        }
    }

    fn unsupported(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
    ) -> Result<ThreatId, String> {
        Err(format!(
            "the sum {} + {} is not supported (over and under add only to numbers)",
            self.display(arena, a),
            self.display(arena, b)
        ))
    }

    /// `a <= b`, by the survival search on `b - a` with Left moving second.
    pub fn leq(&mut self, arena: &mut Arena, a: ThreatId, b: ThreatId) -> Result<bool, String> {
        if !self.is_stopper(a) || !self.is_stopper(b) {
            // sided values compare side by side (Siegel, CGT, §VI.4)
            let ((a1, a2), (b1, b2)) = (self.sides(a), self.sides(b));
            return Ok(self.leq(arena, a1, b1)? && self.leq(arena, a2, b2)?);
        }
        if a == b {
            return Ok(true);
        }
        if let (Some(g), Some(h)) = (self.as_short(a), self.as_short(b)) {
            return Ok(arena.leq(g, h));
        }
        if !self.plain_order && self.refuted_by_a_threat(a, b) {
            return Ok(false);
        }
        let na = self.neg(arena, a);
        let zero = arena.zero();
        let start = self.state(arena, zero, vec![b, na], false);
        Ok(self.survives(arena, start))
    }

    /// Whether `a <= b` fails at once because Right, moving first in `b - a`, can carry out a
    /// threat: `b` has `off` among its Right options while `a` holds no `off` (Right moves to
    /// `off + -a` and passes while Left's moves in `-a`, which holds no `on`, run out), or
    /// dually `a` has `on` among its Left options while `b` holds no `on` (Right moves `-a`
    /// to `off`). What [`Threats::survives`] would find by exploring the whole reachable
    /// graph, which grows with every short part (a nim heap `*k` adds k moves to each state).
    fn refuted_by_a_threat(&mut self, a: ThreatId, b: ThreatId) -> bool {
        let (on, off) = (self.on(), self.off());
        let loopy =
            |s: &Self, t: ThreatId| matches!(s.kind(t), ThreatKind::Over(_) | ThreatKind::Under(_));
        let b_threatens = matches!(self.kind(b), ThreatKind::Node(_, r) if r.contains(&off));
        let a_threatens = matches!(self.kind(a), ThreatKind::Node(l, _) if l.contains(&on));
        (b_threatens && !self.contains_off(a) && !loopy(self, a))
            || (a_threatens && !self.contains_on(b) && !loopy(self, b))
    }

    /// `t + s` for a short game `s` when `t` is a simplest form all of whose threat nodes are
    /// guarded ([`Threats::is_guarded`]): `t` with each short option `x` (at any depth)
    /// replaced by `x + s`, already in simplest form; `None` when `t` is not of that kind.
    ///
    /// At a guarded node the moves in `s` vanish (the translation in [`Threats::add`]), so
    /// the sum's options are the translates of the node's. They stay undominated and
    /// irreversible. Adding a short game preserves order, so only a short option could newly
    /// reverse, through an option `y` of its translate. But a simplest form with `on` among
    /// its Left options has no other Left option, so short Left options sit in nodes with
    /// `off` among their Right options, and no short `y` is `<=` such a node (nor `>=` a node
    /// with `on` among its Left options, where the short Right options sit): see
    /// [`Threats::refuted_by_a_threat`]. Checked against the full recursive sum in the
    /// tests. This keeps `*k + G` linear in the size of G, where the recursive sum compares
    /// the k heap moves pairwise.
    fn translate_guarded(&mut self, arena: &mut Arena, t: ThreatId, s: GameId) -> Option<ThreatId> {
        let mut done = FxHashMap::default();
        self.translate_into(arena, t, s, 0, &mut done)
    }

    fn translate_into(
        &mut self,
        arena: &mut Arena,
        t: ThreatId,
        s: GameId,
        depth: usize,
        done: &mut FxHashMap<ThreatId, ThreatId>,
    ) -> Option<ThreatId> {
        if let Some(&r) = done.get(&t) {
            return Some(r);
        }
        let r = match self.kind(t).clone() {
            ThreatKind::Short(g) => {
                let h = arena.add(g, s);
                self.short(h)
            }
            ThreatKind::On | ThreatKind::Off => t,
            ThreatKind::Node(l, r) => {
                if depth >= MAX_SUM_DEPTH || self.canon.get(&t) != Some(&t) || !self.is_guarded(t) {
                    return None;
                }
                let mut nl = Vec::with_capacity(l.len());
                for &o in l.iter() {
                    nl.push(self.translate_into(arena, o, s, depth + 1, done)?);
                }
                let mut nr = Vec::with_capacity(r.len());
                for &o in r.iter() {
                    nr.push(self.translate_into(arena, o, s, depth + 1, done)?);
                }
                let n = self.raw(nl, nr);
                self.canon.insert(n, n);
                n
            }
            _ => return None,
        };
        done.insert(t, r);
        Some(r)
    }

    /// Whether `t` is a threat game whose Left options hold `on` or whose Right options hold
    /// `off`: the side to answer must answer it (see the translation in [`Threats::add`]).
    fn is_guarded(&mut self, t: ThreatId) -> bool {
        let (on, off) = (self.on(), self.off());
        matches!(self.kind(t), ThreatKind::Node(l, r) if l.contains(&on) || r.contains(&off))
    }

    /// The relation of `a` to `b`.
    pub fn relation(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
    ) -> Result<Relation, String> {
        let le = self.leq(arena, a, b)?;
        let ge = self.leq(arena, b, a)?;
        Ok(match (le, ge) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        })
    }

    /// The outcome class of `t`, from its relation to 0 (an error for `dud`).
    pub fn outcome(&mut self, arena: &mut Arena, t: ThreatId) -> Result<Outcome, String> {
        let zero = self.short(arena.zero());
        let r = self.relation(arena, t, zero)?;
        Ok(Outcome::of_relation_to_zero(r))
    }

    /// Normalises a position: short components (and number shifts of over/under) are added
    /// into the short part, the rest is sorted.
    fn state(
        &mut self,
        arena: &mut Arena,
        mut short: GameId,
        comps: Vec<ThreatId>,
        left_to_move: bool,
    ) -> State {
        let mut rest = Vec::with_capacity(comps.len());
        for c in comps {
            match self.kind(c).clone() {
                ThreatKind::Short(g) => short = arena.add(short, g),
                ThreatKind::Over(x) if !x.is_zero() => {
                    let n = arena.number(x);
                    short = arena.add(short, n);
                    rest.push(self.over());
                }
                ThreatKind::Under(x) if !x.is_zero() => {
                    let n = arena.number(x);
                    short = arena.add(short, n);
                    rest.push(self.under());
                }
                _ => rest.push(c),
            }
        }
        rest.sort();
        State {
            short,
            comps: rest,
            left_to_move,
        }
    }

    /// The survival value of a state when it is known without search.
    fn known(&mut self, arena: &mut Arena, s: &State) -> Option<bool> {
        if s.comps.is_empty() {
            let zero = arena.zero();
            return Some(if s.left_to_move {
                !arena.leq(s.short, zero)
            } else {
                arena.leq(zero, s.short)
            });
        }
        let on = self.on();
        if s.comps.contains(&on) {
            // Left always has a pass: never stuck.
            return Some(true);
        }
        let off = self.off();
        let under = self.under();
        let dud = self.dud();
        let no_on = |th: &Self| {
            !s.comps
                .iter()
                .any(|&c| c == under || c == dud || th.contains_on(c))
        };
        if s.comps.contains(&off) && no_on(self) {
            // Right passes forever while Left's moves run out.
            return Some(false);
        }
        // The player to move carries out a threat: Left moves a component to `on` and
        // survives; Right moves one to `off` and wins as above. One move deep, this spares
        // the search every state after an unanswered threat (with a nim heap *k in the short
        // part, k of them at each step).
        let executes = |th: &Self, c: ThreatId, left: bool| match th.kind(c) {
            ThreatKind::Node(l, r) => {
                if left {
                    l.contains(&on)
                } else {
                    r.contains(&off)
                }
            }
            _ => false,
        };
        if !self.plain_order
            && s.comps.iter().any(|&c| executes(self, c, s.left_to_move))
            && (s.left_to_move || no_on(self))
        {
            return Some(s.left_to_move);
        }
        self.survival.get(s)
    }

    /// The moves of the player to move in `s`: those in the threat components first, then
    /// those in the short part (`short_part`), so that [`Threats::survives`] can stop at a
    /// decisive component move before listing the short part's, which a nim heap makes many.
    fn moves(&mut self, arena: &mut Arena, s: &State, short_part: bool) -> Vec<State> {
        let left = s.left_to_move;
        let mut out = Vec::new();
        if short_part {
            let short_opts = if left {
                arena.left_options(s.short)
            } else {
                arena.right_options(s.short)
            };
            for o in short_opts {
                out.push(State {
                    short: o,
                    comps: s.comps.clone(),
                    left_to_move: !left,
                });
            }
            return out;
        }
        for i in 0..s.comps.len() {
            if i > 0 && s.comps[i] == s.comps[i - 1] {
                continue;
            }
            for o in self.options(arena, s.comps[i], left) {
                let mut comps = s.comps.clone();
                comps[i] = o;
                out.push(self.state(arena, s.short, comps, !left));
            }
        }
        out
    }

    /// Whether Left survives from `start`: retrograde analysis of the reachable graph.
    fn survives(&mut self, arena: &mut Arena, start: State) -> bool {
        if let Some(v) = self.known(arena, &start) {
            return v;
        }
        let mut ids: FxHashMap<State, usize> = FxHashMap::default();
        let mut states: Vec<State> = vec![start.clone()];
        let mut value: Vec<Option<bool>> = vec![None];
        let mut succs: Vec<Vec<usize>> = vec![Vec::new()];
        ids.insert(start, 0);
        let mut next = 0;
        while next < states.len() {
            check_cancel();
            if value[next].is_none() {
                let s = states[next].clone();
                let mover = s.left_to_move;
                let mut list = Vec::new();
                // A move to a state known to be won for the mover decides this state: the
                // rest (above all the short part's moves) need not be listed.
                let mut decided = false;
                for short_part in [false, true] {
                    for m in self.moves(arena, &s, short_part) {
                        let id = match ids.get(&m) {
                            Some(&id) => id,
                            None => {
                                let v = self.known(arena, &m);
                                let id = states.len();
                                ids.insert(m.clone(), id);
                                states.push(m);
                                value.push(v);
                                succs.push(Vec::new());
                                id
                            }
                        };
                        if value[id] == Some(mover) && !self.plain_order {
                            decided = true;
                            break;
                        }
                        list.push(id);
                    }
                    if decided {
                        break;
                    }
                }
                if decided {
                    value[next] = Some(mover);
                } else {
                    list.sort_unstable();
                    list.dedup();
                    succs[next] = list;
                }
            }
            next += 1;
        }
        let n = states.len();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (i, list) in succs.iter().enumerate() {
            for &j in list {
                preds[j].push(i);
            }
        }
        // lost[i]: Right can force Left to get stuck.
        let mut lost = vec![false; n];
        let mut remaining: Vec<usize> = succs.iter().map(|l| l.len()).collect();
        let mut queue = VecDeque::new();
        for i in 0..n {
            let dead = match value[i] {
                Some(v) => !v,
                // Left to move with no moves is stuck.
                None => states[i].left_to_move && succs[i].is_empty(),
            };
            if dead {
                lost[i] = true;
                queue.push_back(i);
            }
        }
        while let Some(j) = queue.pop_front() {
            for &p in &preds[j] {
                if lost[p] {
                    continue;
                }
                let now_lost = if states[p].left_to_move {
                    remaining[p] -= 1;
                    remaining[p] == 0
                } else {
                    true
                };
                if now_lost {
                    lost[p] = true;
                    queue.push_back(p);
                }
            }
        }
        for (i, s) in states.into_iter().enumerate() {
            if value[i].is_none() {
                self.survival.insert(s, !lost[i]);
            }
        }
        !lost[0]
    }
}

mod cycles;
pub mod graph;
mod print;
mod props;

pub use graph::{Move, Opt, RawGraph};

#[cfg(test)]
mod tests;
