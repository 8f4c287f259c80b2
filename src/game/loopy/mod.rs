//! Loopy games: finite game graphs in which play may return to a position (WW ch. 11;
//! Siegel, *Combinatorial Game Theory*, ch. VI). A [`Graph`] holds positions and each
//! player's moves between them; a position may be its own option (a `pass`), and cycles of
//! any length are allowed. Play that never ends is a draw.
//!
//! This module is the engine's core: the outcome of play from every position
//! ([`Graph::play`]), whether a game is a *stopper* (no endless play in which the players
//! alternate, [`Graph::is_stopper`]), and the stopper order, `G >= H` iff Left survives
//! `G - H` when Right moves first ([`Graph::survives_second`]; Siegel, CGT, Def. VI.1.10).

use std::collections::VecDeque;

use rustc_hash::FxHashMap;

use super::arena::{Arena, GameId};
use super::interrupt::check_cancel;

/// A position of a [`Graph`].
pub type Node = u32;

/// Who moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mover {
    Left,
    Right,
}

impl Mover {
    fn other(self) -> Mover {
        match self {
            Mover::Left => Mover::Right,
            Mover::Right => Mover::Left,
        }
    }
}

/// The result of best play for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Play {
    /// The player to move can force the opponent to be left without a move.
    Win,
    /// The opponent can force that on the player to move.
    Loss,
    /// Neither: best play goes on for ever.
    Draw,
}

/// Positions and moves of loopy games: each position's options for Left and for Right. An
/// option `T` is another position ([`Node`], the graphs of this module), or for the loopy
/// store's graphs a position or a game of the store (`threat::graph::RawGraph`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph<T = Node> {
    pub left: Vec<Vec<T>>,
    pub right: Vec<Vec<T>>,
}

impl<T> Default for Graph<T> {
    fn default() -> Self {
        Graph {
            left: Vec::new(),
            right: Vec::new(),
        }
    }
}

impl<T> Graph<T> {
    pub fn new() -> Self {
        Graph::default()
    }

    /// A new position without moves (fill them in with [`Graph::set_options`]).
    pub fn node(&mut self) -> Node {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        (self.left.len() - 1) as Node
    }

    /// Sets the moves of `v`.
    pub fn set_options(&mut self, v: Node, left: Vec<T>, right: Vec<T>) {
        self.left[v as usize] = left;
        self.right[v as usize] = right;
    }

    pub fn len(&self) -> usize {
        self.left.len()
    }

    pub fn is_empty(&self) -> bool {
        self.left.is_empty()
    }
}

impl Graph {
    /// The moves of `mover` from `v`.
    pub fn options(&self, v: Node, mover: Mover) -> &[Node] {
        match mover {
            Mover::Left => &self.left[v as usize],
            Mover::Right => &self.right[v as usize],
        }
    }

    /// The short game `g` of the arena as positions of this graph (one per follower);
    /// returns its root.
    pub fn add_short(&mut self, arena: &mut Arena, g: GameId) -> Node {
        let mut memo = FxHashMap::default();
        self.add_short_memo(arena, g, &mut memo)
    }

    fn add_short_memo(
        &mut self,
        arena: &mut Arena,
        g: GameId,
        memo: &mut FxHashMap<GameId, Node>,
    ) -> Node {
        if let Some(&v) = memo.get(&g) {
            return v;
        }
        let (l, r) = (arena.left_options(g), arena.right_options(g));
        let left: Vec<Node> = l
            .iter()
            .map(|&o| self.add_short_memo(arena, o, memo))
            .collect();
        let right: Vec<Node> = r
            .iter()
            .map(|&o| self.add_short_memo(arena, o, memo))
            .collect();
        let v = self.node();
        self.set_options(v, left, right);
        memo.insert(g, v);
        v
    }

    /// Copies every position of `other` into this graph; returns where its node 0 went (its
    /// node `v` is now `offset + v`).
    pub fn absorb(&mut self, other: &Graph) -> Node {
        let offset = self.len() as Node;
        let shift = |vs: &Vec<Node>| vs.iter().map(|&v| v + offset).collect::<Vec<_>>();
        self.left.extend(other.left.iter().map(shift));
        self.right.extend(other.right.iter().map(shift));
        offset
    }

    /// `-G` for the game at `g`: new positions with each player's moves swapped; returns its
    /// root (Siegel, CGT, §VI.1: negation is defined on loopy games as on short ones).
    pub fn negate(&mut self, g: Node) -> Node {
        let mut map: FxHashMap<Node, Node> = FxHashMap::default();
        let mut order = vec![g];
        map.insert(g, self.node());
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            for &w in self.left[v as usize]
                .clone()
                .iter()
                .chain(&self.right[v as usize].clone())
            {
                if let std::collections::hash_map::Entry::Vacant(e) = map.entry(w) {
                    let n = self.node();
                    e.insert(n);
                    order.push(w);
                }
            }
            i += 1;
        }
        for &v in &order {
            let left = self.right[v as usize].iter().map(|w| map[w]).collect();
            let right = self.left[v as usize].iter().map(|w| map[w]).collect();
            self.set_options(map[&v], left, right);
        }
        map[&g]
    }

    /// `G + H` for the games at `g` and `h`: new positions, one per pair of followers that
    /// play reaches, where each player moves in either component; returns its root.
    pub fn add(&mut self, g: Node, h: Node) -> Node {
        let mut map: FxHashMap<(Node, Node), Node> = FxHashMap::default();
        let mut order = vec![(g, h)];
        map.insert((g, h), self.node());
        let mut i = 0;
        while i < order.len() {
            check_cancel();
            let (a, b) = order[i];
            let mut sides: [Vec<Node>; 2] = [Vec::new(), Vec::new()];
            for (k, m) in [Mover::Left, Mover::Right].into_iter().enumerate() {
                let pairs: Vec<(Node, Node)> = self
                    .options(a, m)
                    .iter()
                    .map(|&x| (x, b))
                    .chain(self.options(b, m).iter().map(|&y| (a, y)))
                    .collect();
                for pair in pairs {
                    let n = match map.get(&pair) {
                        Some(&n) => n,
                        None => {
                            let n = self.node();
                            map.insert(pair, n);
                            order.push(pair);
                            n
                        }
                    };
                    sides[k].push(n);
                }
            }
            let [left, right] = sides;
            self.set_options(map[&(a, b)], left, right);
            i += 1;
        }
        map[&(g, h)]
    }

    /// The outcome of best play from every position with each player to move (the player
    /// who cannot move loses; endless play is a draw): retrograde analysis, finding first
    /// the positions where the mover has no move, then those with a move to a loss for the
    /// opponent, and those all of whose moves are wins for the opponent.
    pub fn play(&self) -> (Vec<Play>, Vec<Play>) {
        let n = self.len();
        // state 2v: v with Left to move; 2v + 1: with Right to move
        let index = |v: Node, m: Mover| v as usize * 2 + (m == Mover::Right) as usize;
        let succ: Vec<Vec<usize>> = (0..2 * n)
            .map(|s| {
                let m = if s % 2 == 0 {
                    Mover::Left
                } else {
                    Mover::Right
                };
                let opts = self.options((s / 2) as Node, m);
                opts.iter().map(|&v| index(v, m.other())).collect()
            })
            .collect();
        let result = solve(&succ);
        (
            (0..n).map(|v| result[2 * v]).collect(),
            (0..n).map(|v| result[2 * v + 1]).collect(),
        )
    }

    /// Whether the game at `root` is a stopper: no play from it in which the players move
    /// alternately for ever (Siegel, CGT, Def. VI.2.1), i.e. no cycle of alternating moves
    /// among its followers.
    pub fn is_stopper(&self, root: Node) -> bool {
        // the alternating-move graph on (position, mover) reachable from root; a cycle in it
        // is endless alternating play
        let index = |v: Node, m: Mover| v as usize * 2 + (m == Mover::Right) as usize;
        let mut state = vec![0u8; 2 * self.len()]; // 0 new, 1 on the stack, 2 done
        for start in [Mover::Left, Mover::Right] {
            let mut stack: Vec<(Node, Mover, usize)> = Vec::new();
            if state[index(root, start)] != 0 {
                continue;
            }
            state[index(root, start)] = 1;
            stack.push((root, start, 0));
            while let Some(&mut (v, m, ref mut i)) = stack.last_mut() {
                let opts = self.options(v, m);
                if *i < opts.len() {
                    let w = opts[*i];
                    *i += 1;
                    let s = index(w, m.other());
                    match state[s] {
                        0 => {
                            state[s] = 1;
                            stack.push((w, m.other(), 0));
                        }
                        1 => return false,
                        _ => {}
                    }
                } else {
                    state[index(v, m)] = 2;
                    stack.pop();
                }
            }
        }
        true
    }

    /// Whether Left, moving second, survives `G - H` (wins, or play never ends): `G >= H`
    /// in the stopper order when both are stoppers (Siegel, CGT, §VI.1). `G` is at `g` in
    /// this graph, `H` at `h` in `other`. A state is a pair of positions and the player to
    /// move; in `-H` Left's moves are `H`'s Right moves and Right's are `H`'s Left moves.
    /// Left survives unless Right, moving first, can force a state where Left cannot move
    /// ([`solve`]).
    pub fn survives_second(&self, g: Node, other: &Graph, h: Node) -> bool {
        type State = (Node, Node, Mover);
        let mut ids: FxHashMap<State, usize> = FxHashMap::default();
        let mut states: Vec<State> = Vec::new();
        let mut succ: Vec<Vec<usize>> = Vec::new();
        let start = (g, h, Mover::Right);
        ids.insert(start, 0);
        states.push(start);
        let mut i = 0;
        while i < states.len() {
            check_cancel();
            let (a, b, m) = states[i];
            let mut next = Vec::new();
            let moves_g = self.options(a, m).iter().map(|&x| (x, b));
            let moves_h = other.options(b, m.other()).iter().map(|&y| (a, y));
            for (x, y) in moves_g.chain(moves_h) {
                let s = (x, y, m.other());
                let fresh = states.len();
                let id = *ids.entry(s).or_insert_with(|| {
                    states.push(s);
                    fresh
                });
                next.push(id);
            }
            succ.push(next);
            i += 1;
        }
        // Right, to move first, wins iff it can force Left to be stuck
        solve(&succ)[0] != Play::Win
    }
}

impl Graph {
    /// Whether `G+ >= H+` for the games at `g` (this graph) and `h` (in `other`), where `G+`
    /// is `G` with endless play counted for Left: Left, moving second in `G + (-H)`, wins
    /// when Right cannot move, and wins endless play exactly when infinitely many of its
    /// moves are made in `G` (play that settles in `-H` belongs to `-H`'s offside, a Right
    /// win). For stoppers this is the stopper order ([`Graph::survives_second`]); with it
    /// a candidate stopper is checked to be the onside of a game (Siegel, CGT, §VI.3:
    /// `s = G+` iff `s+ >= G+` and `G+ >= s+`).
    ///
    /// A Büchi game on (position of G, position of H, mover), solved by the nested fixed
    /// point gfp Y. lfp X. Pre(G-moves into Y, H-moves into X).
    pub fn onside_geq(&self, g: Node, other: &Graph, h: Node) -> bool {
        self.onside_geq_all(other, &[(g, h)])[0]
    }

    /// [`Graph::onside_geq`] for many pairs at once, sharing the states they reach.
    pub fn onside_geq_all(&self, other: &Graph, pairs: &[(Node, Node)]) -> Vec<bool> {
        type State = (Node, Node, Mover);
        let mut ids: FxHashMap<State, usize> = FxHashMap::default();
        let mut states: Vec<State> = Vec::new();
        // successors, each with whether the move is made in G
        let mut succ: Vec<Vec<(usize, bool)>> = Vec::new();
        let mut starts = Vec::with_capacity(pairs.len());
        for &(g, h) in pairs {
            let start = (g, h, Mover::Right);
            let fresh = states.len();
            let id = *ids.entry(start).or_insert_with(|| {
                states.push(start);
                fresh
            });
            starts.push(id);
        }
        let mut i = 0;
        while i < states.len() {
            check_cancel();
            let (a, b, m) = states[i];
            let mut next = Vec::new();
            let moves_g = self.options(a, m).iter().map(|&x| (x, b, true));
            let moves_h = other.options(b, m.other()).iter().map(|&y| (a, y, false));
            for (x, y, in_g) in moves_g.chain(moves_h) {
                let s = (x, y, m.other());
                let fresh = states.len();
                let id = *ids.entry(s).or_insert_with(|| {
                    states.push(s);
                    fresh
                });
                next.push((id, in_g));
            }
            next.sort_unstable();
            next.dedup();
            succ.push(next);
            i += 1;
        }
        let n = states.len();
        let left_moves: Vec<bool> = states.iter().map(|s| s.2 == Mover::Left).collect();
        let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
        for (s, next) in succ.iter().enumerate() {
            for &(t, in_g) in next {
                if !in_g {
                    preds[t].push(s);
                }
            }
        }
        let mut y = vec![true; n];
        loop {
            check_cancel();
            // X: Left can force, within the H-moves, a G-move into Y (or Right stuck)
            let mut x = vec![false; n];
            let mut missing = vec![0usize; n];
            let mut queue = VecDeque::new();
            for s in 0..n {
                let good_g = |&(t, in_g): &(usize, bool)| in_g && y[t];
                let joins = if left_moves[s] {
                    succ[s].iter().any(good_g)
                } else {
                    missing[s] = succ[s].iter().filter(|e| !good_g(e)).count();
                    missing[s] == 0
                };
                if joins {
                    x[s] = true;
                    queue.push_back(s);
                }
            }
            while let Some(t) = queue.pop_front() {
                for &p in &preds[t] {
                    if x[p] {
                        continue;
                    }
                    let joins = if left_moves[p] {
                        true
                    } else {
                        missing[p] -= 1;
                        missing[p] == 0
                    };
                    if joins {
                        x[p] = true;
                        queue.push_back(p);
                    }
                }
            }
            if x == y {
                return starts.iter().map(|&s| y[s]).collect();
            }
            y = x;
        }
    }
}

/// The strongly connected components of the graph `adj` (Tarjan's algorithm, without
/// recursion), sinks first: every edge leaving a component goes to an earlier one.
pub fn strongly_connected(adj: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = adj.len();
    let unseen = usize::MAX;
    let mut index = vec![unseen; n];
    let mut low = vec![0usize; n];
    let mut on_stack = vec![false; n];
    let mut stack: Vec<usize> = Vec::new();
    let mut out = Vec::new();
    let mut next = 0;
    for root in 0..n {
        if index[root] != unseen {
            continue;
        }
        let mut work: Vec<(usize, usize)> = vec![(root, 0)];
        index[root] = next;
        low[root] = next;
        next += 1;
        stack.push(root);
        on_stack[root] = true;
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if *i < adj[v].len() {
                let w = adj[v][*i];
                *i += 1;
                if index[w] == unseen {
                    index[w] = next;
                    low[w] = next;
                    next += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(u, _)) = work.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut comp = Vec::new();
                    loop {
                        let w = stack.pop().expect("on the stack");
                        on_stack[w] = false;
                        comp.push(w);
                        if w == v {
                            break;
                        }
                    }
                    out.push(comp);
                }
            }
        }
    }
    out
}

/// Best play on an explicit graph of states, `succ[s]` the states the player to move at `s`
/// can reach (the other player moves next): retrograde analysis, finding first the states
/// without a move (a loss), then those with a move to a loss (a win) and those all of whose
/// moves are wins (a loss); the rest are draws (endless play).
fn solve(succ: &[Vec<usize>]) -> Vec<Play> {
    let n = succ.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (s, next) in succ.iter().enumerate() {
        for &t in next {
            preds[t].push(s);
        }
    }
    let mut unknown_moves: Vec<usize> = succ.iter().map(Vec::len).collect();
    let mut result: Vec<Option<Play>> = vec![None; n];
    let mut queue = VecDeque::new();
    for s in 0..n {
        if unknown_moves[s] == 0 {
            result[s] = Some(Play::Loss);
            queue.push_back(s);
        }
    }
    while let Some(s) = queue.pop_front() {
        check_cancel();
        let lost = result[s] == Some(Play::Loss);
        for &p in &preds[s] {
            if result[p].is_some() {
                continue;
            }
            if lost {
                result[p] = Some(Play::Win);
                queue.push_back(p);
            } else {
                unknown_moves[p] -= 1;
                if unknown_moves[p] == 0 {
                    result[p] = Some(Play::Loss);
                    queue.push_back(p);
                }
            }
        }
    }
    result
        .into_iter()
        .map(|r| r.unwrap_or(Play::Draw))
        .collect()
}

#[cfg(test)]
mod tests;
