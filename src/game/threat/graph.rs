//! A loopy game as written or generated: a finite graph whose positions may be options of
//! each other (a `pass` is a position that is its own option), with leaves that are games of
//! the store. [`super::Threats::from_graph`] turns it into a value.

use std::hash::Hash;

use rustc_hash::FxHashMap;

use super::ThreatId;
use crate::game::interrupt::check_cancel;
use crate::game::loopy::{Graph, strongly_connected};

/// An option in a [`RawGraph`]: another position of the graph, or a game of the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    Node(u32),
    Game(ThreatId),
}

/// Where a move leads while a graph is explored ([`RawGraph::explore`]): another position,
/// or a game of the store known without exploring further.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move<S> {
    To(S),
    Value(ThreatId),
}

/// Positions with each player's options, which are positions or games of the store.
pub type RawGraph = Graph<Opt>;

impl RawGraph {
    /// The options of `v` for Left (`left`) or Right.
    pub fn options(&self, v: u32, left: bool) -> &[Opt] {
        if left {
            &self.left[v as usize]
        } else {
            &self.right[v as usize]
        }
    }

    /// The positions reachable from `root`, renumbered so that `root` is 0.
    pub fn reachable(&self, root: u32) -> RawGraph {
        let mut map = vec![u32::MAX; self.len()];
        let mut order = vec![root];
        map[root as usize] = 0;
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            for o in self.left[v as usize].iter().chain(&self.right[v as usize]) {
                if let Opt::Node(w) = *o
                    && map[w as usize] == u32::MAX
                {
                    map[w as usize] = order.len() as u32;
                    order.push(w);
                }
            }
            i += 1;
        }
        let renumber = |opts: &Vec<Opt>| -> Vec<Opt> {
            let mut out: Vec<Opt> = opts
                .iter()
                .map(|o| match *o {
                    Opt::Node(w) => Opt::Node(map[w as usize]),
                    g => g,
                })
                .collect();
            out.sort_by_key(|o| match *o {
                Opt::Node(w) => (0, w),
                Opt::Game(t) => (1, t.0),
            });
            out.dedup();
            out
        };
        RawGraph {
            left: order
                .iter()
                .map(|&v| renumber(&self.left[v as usize]))
                .collect(),
            right: order
                .iter()
                .map(|&v| renumber(&self.right[v as usize]))
                .collect(),
        }
    }

    /// The edges between positions, for [`crate::game::loopy::strongly_connected`].
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        (0..self.len())
            .map(|v| {
                self.left[v]
                    .iter()
                    .chain(&self.right[v])
                    .filter_map(|o| match *o {
                        Opt::Node(w) => Some(w as usize),
                        Opt::Game(_) => None,
                    })
                    .collect()
            })
            .collect()
    }

    /// The positions reachable from `starts` (distinct; positions 0, 1, ... in that order;
    /// breadth first), each with its options: `options(p, left, out)` appends each move of Left
    /// (`left`) or Right from `p`. `None` when more than `max` positions are reachable.
    pub fn explore<S: Clone + Eq + Hash>(
        starts: Vec<S>,
        max: usize,
        mut options: impl FnMut(&S, bool, &mut Vec<Move<S>>),
    ) -> Option<RawGraph> {
        let mut g = RawGraph::new();
        let mut index: FxHashMap<S, u32> = FxHashMap::default();
        for p in &starts {
            index.entry(p.clone()).or_insert_with(|| g.node());
        }
        let mut positions = starts;
        let mut moves = Vec::new();
        let mut next = 0;
        while next < positions.len() {
            check_cancel();
            let p = positions[next].clone();
            let mut sides: [Vec<Opt>; 2] = [Vec::new(), Vec::new()];
            for (k, left) in [true, false].into_iter().enumerate() {
                moves.clear();
                options(&p, left, &mut moves);
                for m in moves.drain(..) {
                    sides[k].push(match m {
                        Move::Value(t) => Opt::Game(t),
                        Move::To(q) => match index.get(&q) {
                            Some(&w) => Opt::Node(w),
                            None => {
                                if positions.len() >= max {
                                    return None;
                                }
                                let w = g.node();
                                index.insert(q.clone(), w);
                                positions.push(q);
                                Opt::Node(w)
                            }
                        },
                    });
                }
            }
            let [l, r] = sides;
            g.set_options(index[&p], l, r);
            next += 1;
        }
        Some(g)
    }

    /// Whether no play from position 0 goes on for ever with the players alternating
    /// (Siegel, CGT, Def. VI.2.1). Leaves are games of the store, all stoppers.
    pub fn is_stopper(&self) -> bool {
        // a move flips the mover, so no state is its own successor: a stopper's states
        // are components of their own
        strongly_connected(&self.alternating()).len() == 2 * self.len()
    }

    /// For each state of [`RawGraph::alternating`], the strongly connected component it
    /// lies in: an edge lies on a cycle of alternating play when both its states share one.
    pub fn alternating_components(&self) -> Vec<usize> {
        let alternating = self.alternating();
        let mut comp_of = vec![0usize; alternating.len()];
        for (c, members) in strongly_connected(&alternating).iter().enumerate() {
            for &s in members {
                comp_of[s] = c;
            }
        }
        comp_of
    }

    /// Whether the strongly connected component `comp` (of [`RawGraph::adjacency`]) holds a
    /// cycle: more than one position, or one that is its own option.
    pub fn is_cycle(&self, comp: &[usize]) -> bool {
        let v = comp[0];
        comp.len() > 1
            || self.left[v]
                .iter()
                .chain(&self.right[v])
                .any(|o| *o == Opt::Node(v as u32))
    }

    /// The graph of alternating play: state 2v is v with Left to move, 2v + 1 with Right.
    pub fn alternating(&self) -> Vec<Vec<usize>> {
        (0..2 * self.len())
            .map(|s| {
                let (v, left) = (s / 2, s % 2 == 0);
                self.options(v as u32, left)
                    .iter()
                    .filter_map(|o| match *o {
                        Opt::Node(w) => Some(2 * w as usize + left as usize),
                        Opt::Game(_) => None,
                    })
                    .collect()
            })
            .collect()
    }
}
