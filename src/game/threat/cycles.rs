//! Loopy games with cycles: stopper simplification on a graph, canonical cyclic components,
//! sums by the product graph, and the sides of games that are not stoppers.
//!
//! **Stoppers** (Siegel, CGT, §VI.2; WW ch. 11): a graph is simplified one strongly connected
//! piece at a time, sinks first, so that every option leaving a piece is already a canonical
//! game. Inside a piece, dominated options are deleted and reversible ones bypassed under the
//! stopper order until nothing changes; neither step changes the value of any position, so
//! the order stays valid throughout. Then positions equal to each other, or to a loopy
//! follower outside the piece, are fused. What still has cycles is labelled canonically by
//! partition refinement (equal simplest stoppers have isomorphic graphs: Siegel, "Loopy
//! games", GONC 3) and hash-consed as a [`ThreatKind::Cycle`] component.
//!
//! **Sides** (Siegel, CGT, §VI.3-4; WW ch. 11, "sidling"): a game that is not a stopper is
//! `onside & offside`. The onside is found one strongly connected piece at a time, the
//! options leaving a piece replaced by their onsides. In a piece that is not a stopper the
//! candidates are sidling's fixed point, the piece with edges on cycles of alternating play
//! deleted where that changes no onside, and *unravellings* (Right may run round those
//! cycles at most n times); each is accepted only when
//! [`crate::game::loopy::Graph::onside_geq_all`] proves it equal, position by position, to
//! the game with endless play counted for Left. The offside is the negative of the onside
//! of the negative.

use rustc_hash::FxHashMap;

use super::graph::{Move, Opt, RawGraph};
use super::{ThreatId, ThreatKind, Threats};
use crate::game::arena::Arena;
use crate::game::interrupt::check_cancel;
use crate::game::loopy::{self, strongly_connected};

/// How many laps round its cycles an unravelling allows Right before the onside search
/// gives up.
const MAX_LAPS: usize = 4;

/// Most rounds of sidling before the onside search turns to unravellings.
const MAX_SIDLING: usize = 64;

/// Most positions of a sum's graph before it stops with an error.
const MAX_SUM_POSITIONS: usize = 400_000;

/// Most rounds of deleting and bypassing options in one cyclic piece.
const MAX_ROUNDS: usize = 100_000;

/// An option in a cyclic piece being labelled: a position of the piece or a game outside.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(super) enum Desc {
    Int(u32),
    Ext(ThreatId),
}

/// A canonical cyclic component: each position's options (outside games or the ids of its
/// own positions).
#[derive(Clone, Debug)]
pub(super) struct CycleComp {
    pub left: Vec<Vec<ThreatId>>,
    pub right: Vec<Vec<ThreatId>>,
}

pub(super) type CycleKey = Box<[(Box<[Desc]>, Box<[Desc]>)]>;

impl Threats {
    /// The value of the loopy game at `root` of `g`: its simplest form if it is a stopper,
    /// else its sides.
    pub fn from_graph(
        &mut self,
        arena: &mut Arena,
        g: &RawGraph,
        root: u32,
    ) -> Result<ThreatId, String> {
        let g = self.inline_sided(arena, g).reachable(root);
        if g.is_stopper() {
            return self.simplify_stopper(arena, &g);
        }
        let onside = self.side(arena, &g, true)?;
        let offside = self.side(arena, &g, false)?;
        let t = self.make_sided(arena, onside, offside)?;
        if !self.is_stopper(t) {
            self.reps.entry(t).or_insert(g);
        }
        Ok(t)
    }

    /// `onside & offside` for stoppers with `offside <= onside`; the stopper itself when
    /// they are equal.
    pub fn make_sided(
        &mut self,
        arena: &mut Arena,
        onside: ThreatId,
        offside: ThreatId,
    ) -> Result<ThreatId, String> {
        if onside == offside {
            return Ok(onside);
        }
        if !self.leq(arena, offside, onside)? {
            return Err(format!(
                "{} & {}: the offside must be <= the onside",
                self.display(arena, onside),
                self.display(arena, offside)
            ));
        }
        Ok(self.intern(ThreatKind::Sided(onside, offside)))
    }

    /// The onside (`on`) or offside of the game at position 0 of `g`. The onside is found
    /// one strongly connected piece at a time, sinks first: a position's onside depends on
    /// its options' onsides only (sidling's fixed point, WW ch. 11), so the options leaving a
    /// piece become their onsides.
    fn side(&mut self, arena: &mut Arena, g: &RawGraph, on: bool) -> Result<ThreatId, String> {
        if g.is_stopper() {
            return self.simplify_stopper(arena, g);
        }
        if !on {
            let negative = self.negate_graph(arena, g);
            let s = self.side(arena, &negative, true)?;
            return Ok(self.neg(arena, s));
        }
        let mut value: Vec<Option<ThreatId>> = vec![None; g.len()];
        for comp in strongly_connected(&g.adjacency()) {
            check_cancel();
            let local: FxHashMap<u32, u32> = comp
                .iter()
                .enumerate()
                .map(|(i, &v)| (v as u32, i as u32))
                .collect();
            let mut piece = RawGraph::new();
            for _ in &comp {
                piece.node();
            }
            for (i, &v) in comp.iter().enumerate() {
                let mut sides = [Vec::new(), Vec::new()];
                for (k, left) in [true, false].into_iter().enumerate() {
                    for o in g.options(v as u32, left) {
                        sides[k].push(match *o {
                            Opt::Node(w) => match local.get(&w) {
                                Some(&j) => Opt::Node(j),
                                None => Opt::Game(value[w as usize].expect("sinks first")),
                            },
                            Opt::Game(t) => Opt::Game(self.sides(t).0),
                        });
                    }
                }
                let [l, r] = sides;
                piece.set_options(i as u32, l, r);
            }
            let values = if piece.is_stopper() {
                self.stopper_values(arena, &piece)?
            } else {
                self.piece_onsides(arena, &piece)?
            };
            for (&v, x) in comp.iter().zip(values) {
                value[v] = Some(x);
            }
        }
        Ok(value[0].expect("every position valued"))
    }

    /// The upsum (`on`: the onside of `a + b`) or downsum of two stoppers (Siegel, CGT,
    /// §VI.4).
    pub fn side_sum(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
        on: bool,
    ) -> Result<ThreatId, String> {
        let g = self.sum_graph(arena, a, b)?;
        self.side(arena, &g, on)
    }

    /// `a + b` when one is a sided value: the upsum of the onsides and the downsum of the
    /// offsides, `(s & t) + (s' & t') = (s + s')+ & (t + t')-` (Siegel, CGT, §VI.4).
    pub(super) fn sided_sum(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
    ) -> Result<ThreatId, String> {
        let ((a1, a2), (b1, b2)) = (self.sides(a), self.sides(b));
        let onside = self.side_sum(arena, a1, b1, true)?;
        let offside = self.side_sum(arena, a2, b2, false)?;
        self.make_sided(arena, onside, offside)
    }

    /// The onside and offside of `t` (both `t` for a stopper).
    pub fn sides(&self, t: ThreatId) -> (ThreatId, ThreatId) {
        match self.kind(t) {
            ThreatKind::Sided(s, o) => (*s, *o),
            _ => (t, t),
        }
    }

    /// A graph for a sided value `t` (the game it was first found as, or the negative of
    /// its negative's), if one is known.
    fn representative(&mut self, arena: &mut Arena, t: ThreatId) -> Option<RawGraph> {
        if let Some(g) = self.reps.get(&t) {
            return Some(g.clone());
        }
        let n = self.neg(arena, t);
        let g = self.reps.get(&n).cloned()?;
        let g = self.negate_graph(arena, &g);
        self.reps.insert(t, g.clone());
        Some(g)
    }

    /// `g` with every sided leaf whose graph is known replaced by a copy of that graph.
    fn inline_sided(&mut self, arena: &mut Arena, g: &RawGraph) -> RawGraph {
        let sided = |s: &Self, o: &Opt| matches!(o, Opt::Game(t) if matches!(s.kind(*t), ThreatKind::Sided(..)));
        if !g
            .left
            .iter()
            .chain(&g.right)
            .flatten()
            .any(|o| sided(self, o))
        {
            return g.clone();
        }
        let mut out = g.clone();
        let mut roots: FxHashMap<ThreatId, u32> = FxHashMap::default();
        for v in 0..g.len() {
            for left in [true, false] {
                let mut opts = out.options(v as u32, left).to_vec();
                for o in opts.iter_mut() {
                    if let Opt::Game(t) = *o
                        && sided(self, o)
                    {
                        let root = match roots.get(&t) {
                            Some(&r) => Some(r),
                            None => self.representative(arena, t).map(|rep| {
                                let r = append(&mut out, &rep);
                                roots.insert(t, r);
                                r
                            }),
                        };
                        if let Some(root) = root {
                            *o = Opt::Node(root);
                        }
                    }
                }
                if left {
                    out.left[v] = opts;
                } else {
                    out.right[v] = opts;
                }
            }
        }
        out
    }

    /// `-G` for a graph: the players' options swapped, leaves negated.
    pub fn negate_graph(&mut self, arena: &mut Arena, g: &RawGraph) -> RawGraph {
        let mut neg = |o: &Opt| match *o {
            Opt::Node(w) => Opt::Node(w),
            Opt::Game(t) => Opt::Game(self.neg(arena, t)),
        };
        let left = g
            .right
            .iter()
            .map(|os| os.iter().map(&mut neg).collect())
            .collect();
        let right = g
            .left
            .iter()
            .map(|os| os.iter().map(&mut neg).collect())
            .collect();
        RawGraph { left, right }
    }

    /// The simplest form of the stopper at position 0 of `g` (all positions reachable).
    fn simplify_stopper(&mut self, arena: &mut Arena, g: &RawGraph) -> Result<ThreatId, String> {
        Ok(self.stopper_values(arena, g)?[0])
    }

    /// The simplest form of every position of the stopper `g`.
    fn stopper_values(&mut self, arena: &mut Arena, g: &RawGraph) -> Result<Vec<ThreatId>, String> {
        let mut value: Vec<Option<ThreatId>> = vec![None; g.len()];
        for comp in strongly_connected(&g.adjacency()) {
            check_cancel();
            if !g.is_cycle(&comp) {
                value[comp[0]] = Some(self.valued_node(arena, g, comp[0], &value)?);
                continue;
            }
            let sided_leaf = comp.iter().any(|&v| {
                g.left[v]
                    .iter()
                    .chain(&g.right[v])
                    .any(|o| matches!(*o, Opt::Game(t) if !self.is_stopper(t)))
            });
            if sided_leaf {
                return Err("a value given by its sides (s & t) cannot stand inside a cycle; write the game it comes from".to_string());
            }
            // a cyclic piece: positions of the store whose options can be rewritten
            let ids: Vec<ThreatId> = comp
                .iter()
                .map(|_| {
                    let k = self.raw_opts.len() as u32;
                    self.raw_opts.push((Vec::new(), Vec::new()));
                    self.intern(ThreatKind::Raw(k))
                })
                .collect();
            let local: FxHashMap<u32, ThreatId> = comp
                .iter()
                .zip(&ids)
                .map(|(&v, &id)| (v as u32, id))
                .collect();
            for (&v, &id) in comp.iter().zip(&ids) {
                let map = |o: &Opt| match *o {
                    Opt::Node(w) => local
                        .get(&w)
                        .copied()
                        .unwrap_or_else(|| value[w as usize].expect("sinks first")),
                    Opt::Game(t) => t,
                };
                let l = g.options(v as u32, true).iter().map(map).collect();
                let r = g.options(v as u32, false).iter().map(map).collect();
                self.set_raw(id, l, r);
            }
            let settled = self.settle_piece(arena, &ids)?;
            for (&v, s) in comp.iter().zip(settled) {
                value[v] = Some(s);
            }
        }
        Ok(value
            .into_iter()
            .map(|v| v.expect("every position valued"))
            .collect())
    }

    /// `{left | right}` for position `v` of `g`, which is on no cycle: its options are
    /// games of the store or positions already valued.
    fn valued_node(
        &mut self,
        arena: &mut Arena,
        g: &RawGraph,
        v: usize,
        value: &[Option<ThreatId>],
    ) -> Result<ThreatId, String> {
        let map = |o: &Opt| match *o {
            Opt::Node(w) => value[w as usize].expect("sinks first"),
            Opt::Game(t) => t,
        };
        let l = g.left[v].iter().map(map).collect();
        let r = g.right[v].iter().map(map).collect();
        self.node(arena, l, r)
    }

    fn set_raw(&mut self, id: ThreatId, mut l: Vec<ThreatId>, mut r: Vec<ThreatId>) {
        l.sort();
        l.dedup();
        r.sort();
        r.dedup();
        let ThreatKind::Raw(k) = *self.kind(id) else {
            unreachable!("a piece's positions are raw")
        };
        self.raw_opts[k as usize] = (l, r);
    }

    fn raw_options(&self, id: ThreatId) -> (Vec<ThreatId>, Vec<ThreatId>) {
        let ThreatKind::Raw(k) = *self.kind(id) else {
            unreachable!("a piece's positions are raw")
        };
        self.raw_opts[k as usize].clone()
    }

    /// Simplifies a cyclic piece of a stopper whose outside options are canonical: deletes
    /// dominated and bypasses reversible options until stable, fuses equal positions, and
    /// returns each position's canonical game.
    fn settle_piece(
        &mut self,
        arena: &mut Arena,
        ids: &[ThreatId],
    ) -> Result<Vec<ThreatId>, String> {
        let mut rounds = 0;
        loop {
            let mut changed = false;
            for &v in ids {
                check_cancel();
                rounds += 1;
                if rounds > MAX_ROUNDS {
                    return Err("stopper simplification did not converge".to_string());
                }
                let (l0, r0) = self.raw_options(v);
                let mut l = self.undominated(arena, l0.clone(), true)?;
                let mut r = self.undominated(arena, r0.clone(), false)?;
                if let Some(next) = self.bypass_one(arena, v, &l, true)? {
                    l = next;
                } else if let Some(next) = self.bypass_one(arena, v, &r, false)? {
                    r = next;
                }
                self.set_raw(v, l, r);
                if self.raw_options(v) != (l0, r0) {
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        // Fusion: a position equal to a loopy follower outside the piece is that follower;
        // equal positions of the piece become one.
        let outside = self.loopy_followers(arena, ids);
        let mut alias: FxHashMap<ThreatId, ThreatId> = FxHashMap::default();
        for (i, &v) in ids.iter().enumerate() {
            for &e in &outside {
                if self.equal(arena, v, e)? {
                    alias.insert(v, e);
                    break;
                }
            }
            if alias.contains_key(&v) {
                continue;
            }
            for &u in &ids[..i] {
                if alias.get(&u).is_none_or(|&a| a == u) && self.equal(arena, u, v)? {
                    alias.insert(v, u);
                    break;
                }
            }
            alias.entry(v).or_insert(v);
        }
        let keep: Vec<ThreatId> = ids.iter().copied().filter(|v| alias[v] == *v).collect();
        let index: FxHashMap<ThreatId, u32> = keep
            .iter()
            .enumerate()
            .map(|(i, &v)| (v, i as u32))
            .collect();
        let mut piece = RawGraph::new();
        for _ in &keep {
            piece.node();
        }
        for (i, &v) in keep.iter().enumerate() {
            let (l, r) = self.raw_options(v);
            let map = |o: &ThreatId| {
                let a = alias.get(o).copied().unwrap_or(*o);
                match index.get(&a) {
                    Some(&k) => Opt::Node(k),
                    None => Opt::Game(a),
                }
            };
            let l = l.iter().map(map).collect();
            let r = r.iter().map(map).collect();
            piece.set_options(i as u32, l, r);
        }
        // What is left: acyclic positions become plain nodes, cycles canonical components.
        let mut value: Vec<Option<ThreatId>> = vec![None; keep.len()];
        for comp in strongly_connected(&piece.adjacency()) {
            if !piece.is_cycle(&comp) {
                value[comp[0]] = Some(self.valued_node(arena, &piece, comp[0], &value)?);
                continue;
            }
            let local: FxHashMap<u32, u32> = comp
                .iter()
                .enumerate()
                .map(|(i, &w)| (w as u32, i as u32))
                .collect();
            let desc = |o: &Opt| match *o {
                Opt::Node(w) => match local.get(&w) {
                    Some(&i) => Desc::Int(i),
                    None => Desc::Ext(value[w as usize].expect("sinks first")),
                },
                Opt::Game(t) => Desc::Ext(t),
            };
            let opts: Vec<(Vec<Desc>, Vec<Desc>)> = comp
                .iter()
                .map(|&w| {
                    (
                        piece.left[w].iter().map(desc).collect(),
                        piece.right[w].iter().map(desc).collect(),
                    )
                })
                .collect();
            let ids = self.intern_cycle(arena, &opts);
            for (&w, id) in comp.iter().zip(ids) {
                value[w] = Some(id);
            }
        }
        Ok(ids
            .iter()
            .map(|v| {
                let a = alias[v];
                match index.get(&a) {
                    Some(&k) => value[k as usize].expect("valued"),
                    None => a,
                }
            })
            .collect())
    }

    pub(super) fn equal(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
    ) -> Result<bool, String> {
        Ok(self.leq(arena, a, b)? && self.leq(arena, b, a)?)
    }

    /// The followers outside `ids` with a pass or cycle (`on`, `off`, `over`, cyclic
    /// components), which a position of the piece may equal.
    pub(super) fn loopy_followers(&mut self, arena: &mut Arena, ids: &[ThreatId]) -> Vec<ThreatId> {
        let mut seen: FxHashMap<ThreatId, ()> = ids.iter().map(|&v| (v, ())).collect();
        let mut stack: Vec<ThreatId> = ids.to_vec();
        let mut out = Vec::new();
        while let Some(t) = stack.pop() {
            for left in [true, false] {
                for o in self.options(arena, t, left) {
                    if seen.insert(o, ()).is_some() {
                        continue;
                    }
                    match self.kind(o) {
                        ThreatKind::Short(_) => continue,
                        ThreatKind::On
                        | ThreatKind::Off
                        | ThreatKind::Over(_)
                        | ThreatKind::Under(_)
                        | ThreatKind::Cycle(..) => out.push(o),
                        _ => {}
                    }
                    stack.push(o);
                }
            }
        }
        out
    }

    /// Hash-conses a cyclic piece in simplest form, given each position's options; returns
    /// the ids of its positions. A one-position piece may be a pseudonumber: `on` = {pass|},
    /// `off` = {|pass}, `x over` = {x|pass}, `x under` = {pass|x}.
    pub(super) fn intern_cycle(
        &mut self,
        arena: &mut Arena,
        opts: &[(Vec<Desc>, Vec<Desc>)],
    ) -> Vec<ThreatId> {
        if let [(l, r)] = opts {
            let number = |s: &Self, d: &Desc| match *d {
                Desc::Ext(t) => s.as_short(t).and_then(|g| arena.as_number(g)),
                Desc::Int(_) => None,
            };
            let pass = Desc::Int(0);
            let kind = match (l.as_slice(), r.as_slice()) {
                ([p], []) if *p == pass => Some(ThreatKind::On),
                ([], [p]) if *p == pass => Some(ThreatKind::Off),
                ([x], [p]) if *p == pass => number(self, x).map(ThreatKind::Over),
                ([p], [x]) if *p == pass => number(self, x).map(ThreatKind::Under),
                _ => None,
            };
            if let Some(k) = kind {
                return vec![self.intern(k)];
            }
        }
        let n = opts.len();
        // partition refinement with exact signatures: isomorphic pieces get equal labels
        let mut class = vec![0u32; n];
        let mut count = 1;
        loop {
            let relabel = |d: &Desc| match *d {
                Desc::Int(i) => Desc::Int(class[i as usize]),
                e => e,
            };
            let sigs: Vec<(u32, Vec<Desc>, Vec<Desc>)> = opts
                .iter()
                .enumerate()
                .map(|(i, (l, r))| {
                    let mut l: Vec<Desc> = l.iter().map(relabel).collect();
                    let mut r: Vec<Desc> = r.iter().map(relabel).collect();
                    l.sort();
                    l.dedup();
                    r.sort();
                    r.dedup();
                    (class[i], l, r)
                })
                .collect();
            let mut distinct = sigs.clone();
            distinct.sort();
            distinct.dedup();
            let next: Vec<u32> = sigs
                .iter()
                .map(|s| distinct.binary_search(s).expect("present") as u32)
                .collect();
            class = next;
            if distinct.len() == count {
                // stable: the key is each class's options
                let key: CycleKey = distinct
                    .into_iter()
                    .map(|(_, l, r)| (l.into_boxed_slice(), r.into_boxed_slice()))
                    .collect();
                let comp = match self.cycle_index.get(&key) {
                    Some(&c) => c,
                    None => self.new_cycle(key),
                };
                return class
                    .iter()
                    .map(|&c| self.cycle_ids[comp as usize][c as usize])
                    .collect();
            }
            count = distinct.len();
        }
    }

    fn new_cycle(&mut self, key: CycleKey) -> u32 {
        let comp = self.cycles.len() as u32;
        self.cycles.push(CycleComp {
            left: Vec::new(),
            right: Vec::new(),
        });
        let ids: Vec<ThreatId> = (0..key.len() as u32)
            .map(|c| self.intern(ThreatKind::Cycle(comp, c)))
            .collect();
        let resolve = |d: &Desc| match *d {
            Desc::Int(c) => ids[c as usize],
            Desc::Ext(t) => t,
        };
        let left = key
            .iter()
            .map(|(l, _)| l.iter().map(resolve).collect())
            .collect();
        let right = key
            .iter()
            .map(|(_, r)| r.iter().map(resolve).collect())
            .collect();
        self.cycles[comp as usize] = CycleComp { left, right };
        self.cycle_ids.push(ids);
        self.cycle_index.insert(key, comp);
        comp
    }

    /// `-t` for a position of a cyclic component: the mirrored component, labelled afresh.
    pub(super) fn neg_cycle(&mut self, arena: &mut Arena, comp: u32, class: u32) -> ThreatId {
        let c = self.cycles[comp as usize].clone();
        let ids = self.cycle_ids[comp as usize].clone();
        let desc =
            |s: &mut Self, arena: &mut Arena, t: ThreatId| match ids.iter().position(|&i| i == t) {
                Some(i) => Desc::Int(i as u32),
                None => Desc::Ext(s.neg(arena, t)),
            };
        let mut opts = Vec::with_capacity(ids.len());
        for k in 0..ids.len() {
            let l = c.right[k].iter().map(|&t| desc(self, arena, t)).collect();
            let r = c.left[k].iter().map(|&t| desc(self, arena, t)).collect();
            opts.push((l, r));
        }
        self.intern_cycle(arena, &opts)[class as usize]
    }

    /// `a + b` for any loopy games, by the graph of pairs of their followers.
    pub(super) fn graph_sum(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
    ) -> Result<ThreatId, String> {
        if !self.is_stopper(a) || !self.is_stopper(b) {
            return self.sided_sum(arena, a, b);
        }
        let g = self.sum_graph(arena, a, b)?;
        self.from_graph(arena, &g, 0)
    }

    /// The graph of `a + b` for stoppers: a position per pair of followers play reaches.
    fn sum_graph(
        &mut self,
        arena: &mut Arena,
        a: ThreatId,
        b: ThreatId,
    ) -> Result<RawGraph, String> {
        RawGraph::explore(vec![(a, b)], MAX_SUM_POSITIONS, |&(x, y), left, out| {
            let pairs: Vec<(ThreatId, ThreatId)> = self
                .options(arena, x, left)
                .into_iter()
                .map(|o| (o, y))
                .chain(self.options(arena, y, left).into_iter().map(|o| (x, o)))
                .collect();
            for (p, q) in pairs {
                out.push(match (self.as_short(p), self.as_short(q)) {
                    (Some(g), Some(h)) => {
                        let s = arena.add(g, h);
                        Move::Value(self.short(s))
                    }
                    _ => Move::To((p, q)),
                });
            }
        })
        .ok_or_else(|| format!("the sum has more than {MAX_SUM_POSITIONS} positions; not computed"))
    }

    /// The onsides of the positions of a strongly connected piece that is not a stopper
    /// (its options outside are stoppers). Candidates, each accepted only when a Büchi game
    /// proves every position equal to its candidate with endless play counted for Left:
    /// sidling's fixed point; the piece with edges on cycles of alternating play deleted one
    /// by one, each deletion kept only when it changes no position's onside, until a stopper
    /// is left (CGSuite deletes irrelevant cyclic edges the same way); unravellings.
    fn piece_onsides(
        &mut self,
        arena: &mut Arena,
        piece: &RawGraph,
    ) -> Result<Vec<ThreatId>, String> {
        if let Some(c) = self.sidle(arena, piece)?
            && self.are_onsides(arena, piece, &c)
        {
            return Ok(c);
        }
        let mut cur = piece.clone();
        while !cur.is_stopper() {
            let mut progressed = false;
            for (v, left, o) in cyclic_edges(&cur) {
                check_cancel();
                let mut next = cur.clone();
                let opts = if left {
                    &mut next.left[v as usize]
                } else {
                    &mut next.right[v as usize]
                };
                let Some(at) = opts.iter().position(|x| *x == o) else {
                    continue;
                };
                opts.remove(at);
                if self.same_onsides(arena, &next, piece) {
                    cur = next;
                    progressed = true;
                }
            }
            if !progressed {
                break;
            }
        }
        if cur.is_stopper() {
            return self.stopper_values(arena, &cur);
        }
        let comp_of = cur.alternating_components();
        let cyclic = |v: u32, w: u32| comp_of[2 * v as usize + 1] == comp_of[2 * w as usize];
        for laps in 0..=MAX_LAPS {
            let u = unravel(&cur, laps, cyclic);
            let values = self.stopper_values(arena, &u)?;
            let c = values[..piece.len()].to_vec();
            if self.are_onsides(arena, piece, &c) {
                return Ok(c);
            }
        }
        Err(format!(
            "the sides of this game were not found: sidling, deleting edges of its cycles and unravelling them up to {MAX_LAPS} laps give no proved onside (its sides may not be stoppers, as for Bach's Carousel)"
        ))
    }

    /// Whether `cands[v]` is the onside of position v of `g`, for every v.
    fn are_onsides(&mut self, arena: &mut Arena, g: &RawGraph, cands: &[ThreatId]) -> bool {
        let mut x = loopy::Graph::new();
        let mut memo: FxHashMap<ThreatId, loopy::Node> = FxHashMap::default();
        let base = self.explicit(arena, &mut x, &mut memo, g);
        let mut pairs = Vec::with_capacity(2 * cands.len());
        for (v, &c) in cands.iter().enumerate() {
            let cn = self.expand(arena, &mut x, &mut memo, c);
            pairs.push((base + v as loopy::Node, cn));
            pairs.push((cn, base + v as loopy::Node));
        }
        x.onside_geq_all(&x, &pairs).into_iter().all(|b| b)
    }

    /// Whether every position of `a` has the onside of the same position of `b`.
    fn same_onsides(&mut self, arena: &mut Arena, a: &RawGraph, b: &RawGraph) -> bool {
        let mut x = loopy::Graph::new();
        let mut memo: FxHashMap<ThreatId, loopy::Node> = FxHashMap::default();
        let ba = self.explicit(arena, &mut x, &mut memo, a);
        let bb = self.explicit(arena, &mut x, &mut memo, b);
        let pairs: Vec<(loopy::Node, loopy::Node)> = (0..a.len() as loopy::Node)
            .flat_map(|v| [(ba + v, bb + v), (bb + v, ba + v)])
            .collect();
        x.onside_geq_all(&x, &pairs).into_iter().all(|b| b)
    }

    /// The positions of `g` as positions of `x` (its leaves expanded); returns where its
    /// position 0 went (position v is at that plus v).
    fn explicit(
        &mut self,
        arena: &mut Arena,
        x: &mut loopy::Graph,
        memo: &mut FxHashMap<ThreatId, loopy::Node>,
        g: &RawGraph,
    ) -> loopy::Node {
        let base = x.len() as loopy::Node;
        for _ in 0..g.len() {
            x.node();
        }
        for v in 0..g.len() {
            let mut sides = [Vec::new(), Vec::new()];
            for (k, left) in [true, false].into_iter().enumerate() {
                for o in g.options(v as u32, left) {
                    sides[k].push(match *o {
                        Opt::Node(w) => base + w,
                        Opt::Game(t) => self.expand(arena, x, memo, t),
                    });
                }
            }
            let [l, r] = sides;
            x.set_options(base + v as loopy::Node, l, r);
        }
        base
    }

    /// Conway's sidling (WW ch. 11): every position starts as `on`, then each becomes
    /// `{its Left options' | its Right options'}` (all at once) until nothing changes; the
    /// fixed point, if one is reached within [`MAX_SIDLING`] rounds. The sequence falls
    /// towards the onside and may reach it only in the limit.
    fn sidle(&mut self, arena: &mut Arena, g: &RawGraph) -> Result<Option<Vec<ThreatId>>, String> {
        let on = self.on();
        let mut s = vec![on; g.len()];
        for _ in 0..MAX_SIDLING {
            check_cancel();
            let mut next = Vec::with_capacity(g.len());
            for v in 0..g.len() {
                let mut sides = [Vec::new(), Vec::new()];
                for (k, left) in [true, false].into_iter().enumerate() {
                    for o in g.options(v as u32, left) {
                        sides[k].push(match *o {
                            Opt::Node(w) => s[w as usize],
                            Opt::Game(t) => self.sides(t).0,
                        });
                    }
                }
                let [l, r] = sides;
                next.push(self.node(arena, l, r)?);
            }
            if next == s {
                return Ok(Some(s));
            }
            s = next;
        }
        Ok(None)
    }

    /// The game `t` as positions of `x`; returns its root.
    fn expand(
        &mut self,
        arena: &mut Arena,
        x: &mut loopy::Graph,
        memo: &mut FxHashMap<ThreatId, loopy::Node>,
        t: ThreatId,
    ) -> loopy::Node {
        if let Some(&n) = memo.get(&t) {
            return n;
        }
        let root = x.node();
        memo.insert(t, root);
        let mut stack = vec![t];
        while let Some(u) = stack.pop() {
            let mut sides = [Vec::new(), Vec::new()];
            for (k, left) in [true, false].into_iter().enumerate() {
                for o in self.options(arena, u, left) {
                    let n = match memo.get(&o) {
                        Some(&n) => n,
                        None => {
                            let n = x.node();
                            memo.insert(o, n);
                            stack.push(o);
                            n
                        }
                    };
                    sides[k].push(n);
                }
            }
            let [l, r] = sides;
            x.set_options(memo[&u], l, r);
        }
        root
    }
}

/// Copies `rep` into `g`; returns where its position 0 went.
fn append(g: &mut RawGraph, rep: &RawGraph) -> u32 {
    let offset = g.len() as u32;
    let shift = |os: &Vec<Opt>| {
        os.iter()
            .map(|o| match *o {
                Opt::Node(w) => Opt::Node(w + offset),
                t => t,
            })
            .collect::<Vec<_>>()
    };
    g.left.extend(rep.left.iter().map(shift));
    g.right.extend(rep.right.iter().map(shift));
    offset
}

/// The unravelling of `g` in which Right may make at most `laps` moves round cycles of
/// alternating play (`cyclic`): positions (v, laps used), (v, 0) numbered v. A stopper,
/// since every cycle of alternating play holds such a move.
fn unravel(g: &RawGraph, laps: usize, cyclic: impl Fn(u32, u32) -> bool) -> RawGraph {
    let starts = (0..g.len() as u32).map(|v| (v, 0)).collect();
    RawGraph::explore(starts, usize::MAX, |&(v, k), left, out| {
        for o in g.options(v, left) {
            match *o {
                Opt::Game(t) => out.push(Move::Value(t)),
                Opt::Node(w) if !left && cyclic(v, w) => {
                    if k < laps {
                        out.push(Move::To((w, k + 1)));
                    }
                }
                Opt::Node(w) => out.push(Move::To((w, k))),
            }
        }
    })
    .expect("an unravelling is bounded by its laps")
}

/// The edges of `g` on cycles of alternating play (both ends in one component of the graph
/// of (position, player to move)): Right's first, then Left's.
fn cyclic_edges(g: &RawGraph) -> Vec<(u32, bool, Opt)> {
    let comp_of = g.alternating_components();
    let mut out = Vec::new();
    for left in [false, true] {
        for v in 0..g.len() as u32 {
            for o in g.options(v, left) {
                if let Opt::Node(w) = *o {
                    // (v, mover) -> (w, the other)
                    let from = 2 * v as usize + (!left) as usize;
                    let to = 2 * w as usize + left as usize;
                    if comp_of[from] == comp_of[to] {
                        out.push((v, left, *o));
                    }
                }
            }
        }
    }
    out
}
