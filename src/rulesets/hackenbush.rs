//! Hackenbush (Winning Ways ch. 1, 2 and 7; Siegel, *Combinatorial Game Theory*, ch. I and
//! II; CGSuite's `game.graph.Hackenbush` and `ChildishHackenbush`): edges of a graph, some
//! of whose vertices are the ground, are blue (`l`, Left's), red (`r`, Right's) or green
//! (`e`, anyone's). A move cuts one edge of your colour (or a green one) and removes every
//! edge no longer connected to the ground. In Childish Hackenbush (CGSuite's rule) a blue or
//! red edge may be cut only when nothing else falls with it; green edges are cut as usual.
//!
//! The ground is one vertex, the first of the graph string. The pieces that meet only at the
//! ground never interact, so they are the components. A piece that is a tree is valued
//! without search: the branches at a vertex are a disjunctive sum, and an edge of colour `c`
//! carrying a position `H` is the ordinal sum `E : H` with `E` = 1, -1 or * (cutting the edge
//! removes `H`, moves in `H` keep it), whose value depends only on the value of `H` because
//! `E` has no reversible options (Norton's observation on ordinal sums, Siegel, CGT, ch. II;
//! WW ch. 2 for Hackenbush strings, ch. 7 for the colon principle on green trees). The tests
//! check each rule against the definition on random positions. A blue-red stalk is
//! read by Berlekamp's sign-expansion rule ([`stalk_value`]), a green graph by the fusion
//! principle (WW ch. 7). Other graphs are searched; swapping blue and red negates a
//! position.

use super::graph::strings::{Notation, parse_graph, write_graph};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::game::{Arena, Dyadic, GameId};
use crate::search::{Game, Player, Searched};

/// An edge's colour: who may cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Colour {
    Blue,
    Red,
    Green,
}

impl Colour {
    fn letter(self) -> char {
        match self {
            Colour::Blue => 'l',
            Colour::Red => 'r',
            Colour::Green => 'e',
        }
    }

    fn swapped(self) -> Colour {
        match self {
            Colour::Blue => Colour::Red,
            Colour::Red => Colour::Blue,
            Colour::Green => Colour::Green,
        }
    }

    fn cut_by(self, player: Player) -> bool {
        matches!(
            (self, player),
            (Colour::Green, _) | (Colour::Blue, Player::Left) | (Colour::Red, Player::Right)
        )
    }
}

/// An edge with its ends as indices.
type WideEdge = (usize, usize, Colour);

/// The most vertices a position may have (vertices are bytes; 0 is the ground).
pub const MAX_VERTICES: usize = 256;

/// The notation of Hackenbush's graph strings, for errors.
const NOTATION: Notation = Notation {
    vertex_labels: "",
    edge_labels: "lre",
    plain_edges: false,
    shared_root: true,
    summary: "A Hackenbush graph string (CGSuite's) is a path of edges from the ground: `l` blue, `r` red, `e` green; `(a;b)` branches from the vertex before it, `:A` or `:{name}` names a vertex (the same name is the same vertex), `;` at the top level starts another piece on the ground, e.g. \"lrl\", \"l(l;rl)\", \":G lll :G\".",
};

/// A Hackenbush position: its edges `(u, v, colour)` with `u <= v`, sorted, on vertices
/// numbered from the ground 0 in order of a search from the ground; every edge is connected
/// to the ground. `CHILDISH` selects Childish Hackenbush.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Hackenbush<const CHILDISH: bool> {
    edges: Vec<(u8, u8, Colour)>,
}

impl<const CHILDISH: bool> Hackenbush<CHILDISH> {
    /// Reads CGSuite's graph string; the first vertex is the ground.
    pub fn parse(s: &str) -> Result<Self, String> {
        let g = parse_graph(s, &NOTATION)?;
        if g.vertices.len() > MAX_VERTICES {
            return Err(format!(
                "the graph \"{s}\" has {} vertices, more than the {MAX_VERTICES} a Hackenbush position holds",
                g.vertices.len()
            ));
        }
        let colour = |c: char| match c {
            'l' => Colour::Blue,
            'r' => Colour::Red,
            _ => Colour::Green,
        };
        Ok(Self::grounded(
            g.edges.iter().map(|&(u, v, c)| (u, v, colour(c))),
            g.vertices.len(),
        ))
    }

    /// The edges connected to the ground 0, renumbered in order of a breadth-first search.
    fn grounded(edges: impl Iterator<Item = (usize, usize, Colour)>, vertices: usize) -> Self {
        let edges: Vec<(usize, usize, Colour)> = edges.collect();
        let adjacent = adjacency(&edges, vertices);
        let mut number = vec![usize::MAX; vertices];
        number[0] = 0;
        let mut queue = vec![0];
        let mut next = 1;
        let mut i = 0;
        while i < queue.len() {
            let v = queue[i];
            i += 1;
            for &(w, _) in &adjacent[v] {
                if number[w] == usize::MAX {
                    number[w] = next;
                    next += 1;
                    queue.push(w);
                }
            }
        }
        let mut kept: Vec<(u8, u8, Colour)> = edges
            .iter()
            .filter(|&&(u, _, _)| number[u] != usize::MAX)
            .map(|&(u, v, c)| {
                let (a, b) = (number[u] as u8, number[v] as u8);
                (a.min(b), a.max(b), c)
            })
            .collect();
        kept.sort_unstable();
        Hackenbush { edges: kept }
    }

    /// The number of vertices (the ground and every vertex of an edge).
    fn vertex_count(&self) -> usize {
        self.edges.iter().map(|&(_, v, _)| v as usize + 1).max().unwrap_or(1)
    }

    fn wide_edges(&self) -> impl Iterator<Item = (usize, usize, Colour)> + '_ {
        self.edges.iter().map(|&(u, v, c)| (u as usize, v as usize, c))
    }

    /// The position with blue and red swapped: its negative.
    fn swapped(&self) -> Self {
        let mut edges: Vec<(u8, u8, Colour)> =
            self.edges.iter().map(|&(u, v, c)| (u, v, c.swapped())).collect();
        edges.sort_unstable();
        Hackenbush { edges }
    }

    /// A relabelling that does not depend on how the graph was written, as far as a few rounds
    /// of colour refinement (Weisfeiler-Leman) tell vertices apart: isomorphic positions
    /// mostly share a key, and the key is always isomorphic to the position.
    fn relabelled(&self) -> Self {
        let n = self.vertex_count();
        let edges: Vec<(usize, usize, Colour)> = self.wide_edges().collect();
        let adjacent = adjacency(&edges, n);
        let mut class: Vec<u64> = (0..n).map(|v| u64::from(v == 0)).collect();
        for _ in 0..3 {
            class = (0..n)
                .map(|v| {
                    let mut seen: Vec<u64> = adjacent[v]
                        .iter()
                        .map(|&(w, c)| mix(class[w], c as u64))
                        .collect();
                    seen.sort_unstable();
                    seen.iter().fold(mix(class[v], 0x9e37), |h, &x| mix(h, x))
                })
                .collect();
        }
        let mut order = vec![0];
        let mut number = vec![usize::MAX; n];
        number[0] = 0;
        let mut i = 0;
        while i < order.len() {
            let v = order[i];
            i += 1;
            let mut next: Vec<(u64, Colour, usize)> = adjacent[v]
                .iter()
                .filter(|&&(w, _)| number[w] == usize::MAX)
                .map(|&(w, c)| (class[w], c, w))
                .collect();
            next.sort_unstable();
            for (_, _, w) in next {
                if number[w] == usize::MAX {
                    number[w] = order.len();
                    order.push(w);
                }
            }
        }
        let mut out: Vec<(u8, u8, Colour)> = edges
            .iter()
            .map(|&(u, v, c)| {
                let (a, b) = (number[u] as u8, number[v] as u8);
                (a.min(b), a.max(b), c)
            })
            .collect();
        out.sort_unstable();
        Hackenbush { edges: out }
    }

    /// Whether the position is a tree (connected, one edge fewer than vertices).
    fn is_tree(&self) -> bool {
        self.edges.len() + 1 == self.vertex_count()
    }

    /// The colours of a stalk from the ground up, if the position is one: a path whose
    /// vertices are numbered 0, 1, 2, ... along it.
    fn stalk(&self) -> Option<Vec<Colour>> {
        self.edges
            .iter()
            .enumerate()
            .all(|(i, &(u, v, _))| usize::from(u) == i && usize::from(v) == i + 1)
            .then(|| self.edges.iter().map(|&(_, _, c)| c).collect())
    }

    /// The nim value of a green position by the fusion principle (WW ch. 7, *Green
    /// Hackenbush*): the vertices of a cycle may be fused into one, its
    /// edges becoming loops, without changing the value. Fusing every cycle leaves the
    /// 2-edge-connected pieces as single vertices joined by the bridges, a tree with loops;
    /// by the colon principle a vertex is worth the nim-sum of its loops (`*1` each) and of
    /// `1 + v` for each bridge carrying a subtree worth `*v`.
    fn fused_nim_value(&self) -> u32 {
        let n = self.vertex_count();
        let edges: Vec<WideEdge> = self.wide_edges().collect();
        let bridge: Vec<bool> = (0..edges.len())
            .map(|i| is_bridge(&edges, n, i))
            .collect();
        let mut root: Vec<usize> = (0..n).collect();
        fn find(root: &mut [usize], v: usize) -> usize {
            let mut r = v;
            while root[r] != r {
                r = root[r];
            }
            root[v] = r;
            r
        }
        for (i, &(u, v, _)) in edges.iter().enumerate() {
            if !bridge[i] {
                let (a, b) = (find(&mut root, u), find(&mut root, v));
                root[a] = b;
            }
        }
        let mut loops = vec![0u32; n];
        let mut tree = vec![Vec::new(); n];
        for (i, &(u, v, _)) in edges.iter().enumerate() {
            let (a, b) = (find(&mut root, u), find(&mut root, v));
            if bridge[i] {
                tree[a].push(b);
                tree[b].push(a);
            } else {
                loops[a] ^= 1;
            }
        }
        fn worth(v: usize, parent: usize, tree: &[Vec<usize>], loops: &[u32]) -> u32 {
            tree[v]
                .iter()
                .filter(|&&w| w != parent)
                .fold(loops[v], |x, &w| x ^ (1 + worth(w, v, tree, loops)))
        }
        let ground = find(&mut root, 0);
        worth(ground, usize::MAX, &tree, &loops)
    }

    /// A tree's value: at each vertex the sum of its branches, each branch the ordinal sum of
    /// its edge (1, -1 or *) and the tree above it.
    fn tree_value(&self, arena: &mut Arena) -> GameId {
        let n = self.vertex_count();
        let edges: Vec<(usize, usize, Colour)> = self.wide_edges().collect();
        let adjacent = adjacency(&edges, n);
        above(arena, &adjacent, 0, usize::MAX)
    }
}

/// The value of the tree above `v`, reached from `parent`.
fn above(arena: &mut Arena, adjacent: &[Vec<(usize, Colour)>], v: usize, parent: usize) -> GameId {
    let mut sum = arena.zero();
    for &(w, c) in &adjacent[v] {
        if w == parent {
            continue;
        }
        let top = above(arena, adjacent, w, v);
        let base = match c {
            Colour::Blue => arena.integer(1),
            Colour::Red => arena.integer(-1),
            Colour::Green => arena.nimber(1),
        };
        let branch = arena.ordinal_sum(base, top);
        sum = arena.add(sum, branch);
    }
    sum
}

/// Whether edge `i` is a bridge: without it, its ends are no longer connected.
fn is_bridge(edges: &[WideEdge], vertices: usize, i: usize) -> bool {
    let (from, to, _) = edges[i];
    if from == to {
        return false;
    }
    let mut seen = vec![false; vertices];
    let mut stack = vec![from];
    seen[from] = true;
    while let Some(v) = stack.pop() {
        for (j, &(a, b, _)) in edges.iter().enumerate() {
            if j == i || (a != v && b != v) {
                continue;
            }
            let w = if a == v { b } else { a };
            if !seen[w] {
                seen[w] = true;
                stack.push(w);
            }
        }
    }
    !seen[to]
}

/// Each vertex's neighbours with the colour of the edge; a loop lists its vertex twice.
fn adjacency(edges: &[(usize, usize, Colour)], vertices: usize) -> Vec<Vec<(usize, Colour)>> {
    let mut adjacent = vec![Vec::new(); vertices];
    for &(u, v, c) in edges {
        adjacent[u].push((v, c));
        adjacent[v].push((u, c));
    }
    adjacent
}

fn mix(h: u64, x: u64) -> u64 {
    (h ^ x.wrapping_add(0x9e37_79b9_7f4a_7c15))
        .wrapping_mul(0xbf58_476d_1ce4_e5b9)
        .rotate_left(29)
}

/// Berlekamp's sign-expansion rule for a blue-red stalk (WW ch. 2, *Hackenbush strings*;
/// Siegel, CGT, I.1): the edges from the ground up to the first change of colour count 1 each
/// (+ blue, - red); each edge after it counts half the one before, + blue, - red. E.g.
/// `lrlrrllr` is 1 - 1/2 + 1/4 - 1/8 - 1/16 + 1/32 + 1/64 - 1/128 = 77/128. `None` for a stalk
/// with a green edge, or one too long for a 64-bit numerator.
pub fn stalk_value(colours: &[Colour]) -> Option<Dyadic> {
    let sign = |c: Colour| match c {
        Colour::Blue => Some(1i64),
        Colour::Red => Some(-1),
        Colour::Green => None,
    };
    let Some(&first) = colours.first() else {
        return Some(Dyadic::from_int(0));
    };
    let run = colours.iter().take_while(|&&c| c == first).count();
    let tail = &colours[run..];
    if tail.len() > 60 {
        return None;
    }
    let mut value = Dyadic::from_int(sign(first)? * run as i64);
    for (k, &c) in tail.iter().enumerate() {
        value = value + Dyadic::new(sign(c)?, k as u32 + 1);
    }
    Some(value)
}

impl<const CHILDISH: bool> Game for Hackenbush<CHILDISH> {
    const NAME: &'static str = if CHILDISH {
        "childishhackenbush"
    } else {
        "hackenbush"
    };

    /// Each edge the player may cut, cut, with what falls with it gone; in Childish
    /// Hackenbush a blue or red edge only if nothing else falls.
    fn moves(&self, player: Player) -> Vec<Self> {
        let n = self.vertex_count();
        let mut out = Vec::new();
        for (i, &(_, _, c)) in self.edges.iter().enumerate() {
            if !c.cut_by(player) || (i > 0 && self.edges[i - 1] == self.edges[i]) {
                continue;
            }
            let rest = self
                .wide_edges()
                .enumerate()
                .filter(|&(j, _)| j != i)
                .map(|(_, e)| e);
            let option = Self::grounded(rest, n);
            if CHILDISH && c != Colour::Green && option.edges.len() + 1 != self.edges.len() {
                continue;
            }
            out.push(option);
        }
        out
    }

    /// The pieces that meet only at the ground (a loop at the ground is a piece of its own).
    fn components(&self) -> Vec<Self> {
        let n = self.vertex_count();
        let mut root: Vec<usize> = (0..n).collect();
        fn find(root: &mut [usize], v: usize) -> usize {
            let mut r = v;
            while root[r] != r {
                r = root[r];
            }
            root[v] = r;
            r
        }
        for &(u, v, _) in &self.edges {
            if u != 0 {
                let (a, b) = (find(&mut root, u as usize), find(&mut root, v as usize));
                root[a] = b;
            }
        }
        let mut pieces: Vec<(usize, Vec<WideEdge>)> = Vec::new();
        for (i, e) in self.wide_edges().enumerate() {
            let key = if e.1 == 0 { n + i } else { find(&mut root, e.1) };
            match pieces.iter_mut().find(|(k, _)| *k == key) {
                Some((_, edges)) => edges.push(e),
                None => pieces.push((key, vec![e])),
            }
        }
        pieces
            .into_iter()
            .map(|(_, edges)| Self::grounded(edges.into_iter(), n))
            .collect()
    }

    fn normalize(&self) -> (Self, bool) {
        let (plain, swapped) = (self.relabelled(), self.swapped().relabelled());
        if swapped < plain {
            (swapped, true)
        } else {
            (plain, false)
        }
    }

    /// Green graphs by fusion, blue-red stalks by the sign-expansion rule, other trees by
    /// ordinal sums (Childish Hackenbush: green graphs only, where its rule is Hackenbush's).
    fn direct_value(&self, arena: &mut Arena) -> Option<GameId> {
        if self.edges.iter().all(|e| e.2 == Colour::Green) {
            return Some(arena.nimber(self.fused_nim_value()));
        }
        if CHILDISH {
            return None;
        }
        if let Some(x) = self.stalk().as_deref().and_then(stalk_value) {
            return Some(arena.number(x));
        }
        self.is_tree().then(|| self.tree_value(arena))
    }

    fn describe_move(&self, to: &Self, _player: Player) -> String {
        to.describe()
    }

    /// The position as a graph string that reads back to it.
    fn describe(&self) -> String {
        let edges: Vec<(usize, usize, char)> =
            self.wide_edges().map(|(u, v, c)| (u, v, c.letter())).collect();
        write_graph(&vec!['.'; self.vertex_count()], &edges, true)
    }
}

const HELP_HACKENBUSH: &str = "hackenbush(\"lrl\") is the Hackenbush position of CGSuite's graph string: a path of edges\nfrom the ground, `l` blue (Left cuts it), `r` red (Right), `e` green (either); `(a;b)`\nbranches from the vertex before it, `:A` or `:{name}` names a vertex (the same name is the\nsame vertex: \":G lll :G\" is a triangle on the ground), `;` at the top level starts another\npiece on the ground. A move cuts an edge and removes everything no longer connected to the\nground (WW ch. 1, 2, 7). Blue-red stalks follow Berlekamp's sign-expansion rule, trees are\nordinal sums of their edges, green graphs follow the colon and fusion principles, other\ngraphs are searched.\nExample: hackenbush(\"lrl\") is 3/4, hackenbush(\"lrlrrllr\") is 77/128, hackenbush(\"eee\") is *3, hackenbush(\"l(l;rl)\") is 3/2.";

const HELP_CHILDISH: &str = "childishhackenbush(\"lrl\") is Childish Hackenbush (CGSuite's ChildishHackenbush) on a\nHackenbush graph string: as Hackenbush, but a blue or red edge may be cut only when nothing\nelse falls with it (green edges are cut as in Hackenbush).\nExample: childishhackenbush(\"ll\") is 2, childishhackenbush(\"lr\") is 0, childishhackenbush(\"le\") is 1*.";

/// Hackenbush's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Hackenbush",
    constructors: &[
        Constructor {
            name: "hackenbush",
            signature: "hackenbush(graph)",
            arity: 1..=1,
            summary: "a Hackenbush position (CGSuite's graph string) and its value",
            help: HELP_HACKENBUSH,
            build: |c, a| {
                let g = a.parsed(c.arena, 0, "a Hackenbush graph string such as \"lrl\"", |s| {
                    Hackenbush::<false>::parse(s)
                })?;
                Ok(Box::new(Searched(g)))
            },
        },
        Constructor {
            name: "childishhackenbush",
            signature: "childishhackenbush(graph)",
            arity: 1..=1,
            summary: "a Childish Hackenbush position (a Hackenbush graph string) and its value",
            help: HELP_CHILDISH,
            build: |c, a| {
                let g = a.parsed(c.arena, 0, "a Hackenbush graph string such as \"lrl\"", |s| {
                    Hackenbush::<true>::parse(s)
                })?;
                Ok(Box::new(Searched(g)))
            },
        },
    ],
    functions: &[],
    fuzz: &[
        Fuzz {
            name: "hackenbush",
            check: FuzzCheck::Position,
        },
        Fuzz {
            name: "childishhackenbush",
            check: FuzzCheck::Position,
        },
    ],
    cgsuite_names: &[
        ("Hackenbush", "hackenbush"),
        ("ChildishHackenbush", "childishhackenbush"),
    ],
    caches: no_caches,
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::rng::Rng;
    use crate::search::Budget;
    use crate::search::local::LocalSearch;
    use std::collections::HashMap;

    type Plain = Hackenbush<false>;

    /// The value straight from the definition {G^L | G^R}: no components, no symmetries, no
    /// theory.
    fn by_definition(a: &mut Arena, p: &Plain, memo: &mut HashMap<Plain, GameId>) -> GameId {
        if let Some(&v) = memo.get(p) {
            return v;
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (side, player) in [(0, Player::Left), (1, Player::Right)] {
            for q in p.moves(player) {
                let v = by_definition(a, &q, memo);
                sides[side].push(v);
            }
        }
        let [left, right] = sides;
        let v = a.game(left, right);
        memo.insert(p.clone(), v);
        v
    }

    fn random_string(rng: &mut Rng, colours: &[char], tree: bool) -> String {
        let n = 1 + rng.below(6);
        let mut edges: Vec<(usize, usize, char)> =
            (1..=n).map(|v| (rng.below(v), v, *rng.pick(colours))).collect();
        if !tree {
            for _ in 0..1 + rng.below(3) {
                edges.push((rng.below(n + 1), rng.below(n + 1), *rng.pick(colours)));
            }
        }
        write_graph(&vec!['.'; n + 1], &edges, true)
    }

    /// Every blue-red stalk of up to 10 edges: Berlekamp's rule is the value by definition.
    #[test]
    fn the_sign_expansion_rule_is_the_value_of_every_stalk() {
        let mut a = Arena::new();
        let mut memo = HashMap::new();
        for len in 0..=10 {
            for bits in 0u32..1 << len {
                let s: String = (0..len).map(|i| if bits >> i & 1 == 1 { 'l' } else { 'r' }).collect();
                let p = Plain::parse(&s).unwrap();
                let colours = p.stalk().expect("a stalk");
                let x = stalk_value(&colours).expect("blue-red");
                assert_eq!(a.number(x), by_definition(&mut a, &p, &mut memo), "{s}");
            }
        }
        let x = stalk_value(&Plain::parse("lrlrrllr").unwrap().stalk().unwrap()).unwrap();
        assert_eq!(x, Dyadic::new(77, 7));
    }

    /// Random trees of every colour: the ordinal sums are the value by definition.
    #[test]
    fn ordinal_sums_are_the_value_of_every_tree() {
        let mut a = Arena::new();
        let mut memo = HashMap::new();
        let mut rng = Rng::xorshift64(1970);
        for _ in 0..400 {
            let s = random_string(&mut rng, &['l', 'r', 'e'], true);
            let p = Plain::parse(&s).unwrap();
            assert!(p.is_tree(), "{s}");
            assert_eq!(p.tree_value(&mut a), by_definition(&mut a, &p, &mut memo), "{s}");
        }
    }

    /// Random green graphs with cycles: the fusion principle is the value by definition.
    #[test]
    fn fusion_is_the_value_of_every_green_graph() {
        let mut a = Arena::new();
        let mut memo = HashMap::new();
        let mut rng = Rng::xorshift64(1972);
        for _ in 0..400 {
            let tree = rng.chance(1, 4);
            let s = random_string(&mut rng, &['e'], tree);
            let p = Plain::parse(&s).unwrap();
            let fused = a.nimber(p.fused_nim_value());
            assert_eq!(fused, by_definition(&mut a, &p, &mut memo), "{s}");
        }
    }

    /// Random graphs with cycles: the search (pieces, relabelling, colour swap, theory on the
    /// tree pieces) is the value by definition, and a position's string reads back to it.
    #[test]
    fn the_search_is_the_value_by_definition() {
        let mut a = Arena::new();
        let mut memo = HashMap::new();
        let mut rng = Rng::xorshift64(1971);
        for _ in 0..300 {
            let s = random_string(&mut rng, &['l', 'r', 'e'], false);
            let p = Plain::parse(&s).unwrap();
            let searched = LocalSearch::new(&mut a, Budget::default()).value(&p);
            assert_eq!(searched, by_definition(&mut a, &p, &mut memo), "{s}");
            let again = Plain::parse(&p.describe()).unwrap();
            assert_eq!(again.edges.len(), p.edges.len(), "{s}");
            assert_eq!(by_definition(&mut a, &again, &mut memo), searched, "{s}");
        }
    }
}
