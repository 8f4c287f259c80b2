//! A loopy game as written or generated: a finite graph whose positions may be options of
//! each other (a `pass` is a position that is its own option), with leaves that are games of
//! the store. [`super::Threats::from_graph`] turns it into a value.

use super::ThreatId;

/// An option in a [`RawGraph`]: another position of the graph, or a game of the store.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Opt {
    Node(u32),
    Game(ThreatId),
}

/// Positions with each player's options.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawGraph {
    pub left: Vec<Vec<Opt>>,
    pub right: Vec<Vec<Opt>>,
}

impl RawGraph {
    pub fn new() -> RawGraph {
        RawGraph::default()
    }

    /// A new position without options.
    pub fn node(&mut self) -> u32 {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as u32
    }

    pub fn set_options(&mut self, v: u32, left: Vec<Opt>, right: Vec<Opt>) {
        self.left[v as usize] = left;
        self.right[v as usize] = right;
    }

    pub fn len(&self) -> usize {
        self.left.len()
    }

    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }

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

    /// Whether no play from position 0 goes on for ever with the players alternating
    /// (Siegel, CGT, Def. VI.2.1). Leaves are games of the store, all stoppers.
    pub fn is_stopper(&self) -> bool {
        // (v, Left to move) = 2v, (v, Right to move) = 2v + 1
        let comps = crate::game::loopy::strongly_connected(&self.alternating());
        // a move flips the mover, so no state is its own successor
        comps.iter().all(|c| c.len() == 1)
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
