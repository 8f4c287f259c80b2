//! The vertex-colouring games Snort and Col (WW ch. 2 and 3; CGSuite's `game.graph.Snort`,
//! `game.graph.Col`): a move colours an uncoloured vertex with the mover's colour; Snort
//! forbids colouring a vertex next to the opponent's colour, Col next to your own.
//!
//! A coloured vertex only matters through its neighbours, so (as in CGSuite) a move removes
//! the vertex it colours and *tints* its uncoloured neighbours with the mover's colour: a
//! vertex tinted by both colours can never be coloured and is removed too. A position is
//! then a graph of uncoloured vertices, each untinted or tinted `L` or `R`, and its
//! components are the connected pieces of that graph, since a move changes only the vertex
//! coloured and its neighbours. Every vertex left can be coloured by someone. Swapping the
//! tints negates the position (the rules are symmetric in the players).

use std::fmt;
use std::hash::Hash;
use std::marker::PhantomData;

use super::strings::{Notation, parse_graph, parse_grid, write_graph};
use crate::search::{Game, Player};

/// A vertex's tint: untinted, or next to Left's or Right's colour.
pub const UNTINTED: u8 = 0;
const TINT_LEFT: u8 = 1;
const TINT_RIGHT: u8 = 2;

/// The most vertices a position holds (its adjacency rows are 128-bit sets).
pub const MAX_VERTICES: usize = 128;

fn tint_of(player: Player) -> u8 {
    match player {
        Player::Left => TINT_LEFT,
        Player::Right => TINT_RIGHT,
    }
}

/// What tells Snort from Col: which tints a player may colour, and the game's names.
pub trait ColouringRule: 'static {
    /// The ruleset's name (`snort`, `col`).
    const NAME: &'static str;
    /// The title in messages (`Snort`, `Col`).
    const TITLE: &'static str;
    /// The notation, for errors.
    const NOTATION: Notation;
    /// Whether `player` may colour a vertex of `tint`.
    fn may_colour(tint: u8, player: Player) -> bool;
}

/// A position of Snort or Col: each vertex's tint and its neighbours as a bit set.
pub struct Colouring<R> {
    tints: Vec<u8>,
    adjacent: Vec<u128>,
    rule: PhantomData<fn() -> R>,
}

impl<R> Clone for Colouring<R> {
    fn clone(&self) -> Self {
        Colouring {
            tints: self.tints.clone(),
            adjacent: self.adjacent.clone(),
            rule: PhantomData,
        }
    }
}

impl<R> PartialEq for Colouring<R> {
    fn eq(&self, other: &Self) -> bool {
        self.tints == other.tints && self.adjacent == other.adjacent
    }
}

impl<R> Eq for Colouring<R> {}

impl<R> Hash for Colouring<R> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.tints.hash(state);
        self.adjacent.hash(state);
    }
}

impl<R> PartialOrd for Colouring<R> {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl<R> Ord for Colouring<R> {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (&self.tints, &self.adjacent).cmp(&(&other.tints, &other.adjacent))
    }
}

impl<R: ColouringRule> fmt::Debug for Colouring<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(\"{}\")", R::NAME, self.describe())
    }
}

/// The vertices of a bit set, lowest first.
fn members(mut set: u128) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

impl<R: ColouringRule> Colouring<R> {
    /// Reads a graph string, or a grid (rows separated by `|`, or one row of cells without
    /// edges): `.` an uncoloured vertex, `L`/`R` one tinted by a neighbour of that colour,
    /// `#` (grids) no vertex.
    pub fn parse(s: &str) -> Result<Self, String> {
        let summary = R::NOTATION.summary;
        let is_grid = s.contains('|') || s.chars().all(|c| ".LR#".contains(c));
        let g = if is_grid {
            parse_grid(s, "LR", summary)?
        } else {
            parse_graph(s, &R::NOTATION)?
        };
        if g.vertices.len() > MAX_VERTICES {
            return Err(format!(
                "the graph \"{s}\" has {} vertices, more than the {MAX_VERTICES} a {} position holds",
                g.vertices.len(),
                R::TITLE
            ));
        }
        let tints = g
            .vertices
            .iter()
            .map(|&c| match c {
                'L' => TINT_LEFT,
                'R' => TINT_RIGHT,
                _ => UNTINTED,
            })
            .collect();
        let mut adjacent = vec![0u128; g.vertices.len()];
        for &(u, v, _) in &g.edges {
            if u != v {
                adjacent[u] |= 1 << v;
                adjacent[v] |= 1 << u;
            }
        }
        Ok(Colouring {
            tints,
            adjacent,
            rule: PhantomData,
        })
    }

    fn all(&self) -> u128 {
        match self.tints.len() {
            128 => u128::MAX,
            n => (1u128 << n) - 1,
        }
    }

    /// The position on the vertices of `keep` only, renumbered in order.
    fn restricted(&self, keep: u128, tints: &[u8]) -> Self {
        let vertices: Vec<usize> = members(keep).collect();
        let mut number = [0u8; MAX_VERTICES];
        for (i, &v) in vertices.iter().enumerate() {
            number[v] = i as u8;
        }
        let adjacent = vertices
            .iter()
            .map(|&v| members(self.adjacent[v] & keep).fold(0u128, |s, w| s | 1 << number[w]))
            .collect();
        Colouring {
            tints: vertices.iter().map(|&v| tints[v]).collect(),
            adjacent,
            rule: PhantomData,
        }
    }

    /// The position after `player` colours `v`: `v` goes, its untinted neighbours take the
    /// mover's tint, and its neighbours tinted by the opponent go.
    fn coloured(&self, v: usize, player: Player) -> Self {
        let (mine, theirs) = (tint_of(player), tint_of(player.other()));
        let mut tints = self.tints.clone();
        let mut gone = 1u128 << v;
        for w in members(self.adjacent[v]) {
            match tints[w] {
                UNTINTED => tints[w] = mine,
                t if t == theirs => gone |= 1 << w,
                _ => {}
            }
        }
        self.restricted(self.all() & !gone, &tints)
    }

    /// The vertices in the connected piece of `v` within `within`.
    fn piece(&self, v: usize, within: u128) -> u128 {
        let mut piece = 1u128 << v;
        let mut frontier = piece;
        while frontier != 0 {
            let reach = members(frontier).fold(0u128, |s, w| s | self.adjacent[w]);
            frontier = reach & within & !piece;
            piece |= frontier;
        }
        piece
    }

    /// The position with the tints swapped: its negative.
    fn swapped(&self) -> Self {
        Colouring {
            tints: self
                .tints
                .iter()
                .map(|&t| match t {
                    TINT_LEFT => TINT_RIGHT,
                    TINT_RIGHT => TINT_LEFT,
                    t => t,
                })
                .collect(),
            adjacent: self.adjacent.clone(),
            rule: PhantomData,
        }
    }

    /// A renumbering that does not depend on how the graph was written, as far as a few
    /// rounds of colour refinement tell vertices apart (ties by the old numbers): isomorphic
    /// positions mostly share a key, and the key is always isomorphic to the position.
    fn relabelled(&self) -> Self {
        let n = self.tints.len();
        let mut class: Vec<u64> = self.tints.iter().map(|&t| u64::from(t)).collect();
        for _ in 0..3 {
            class = (0..n)
                .map(|v| {
                    let mut seen: Vec<u64> = members(self.adjacent[v]).map(|w| class[w]).collect();
                    seen.sort_unstable();
                    seen.iter().fold(
                        mix(class[v], self.adjacent[v].count_ones() as u64),
                        |h, &x| mix(h, x),
                    )
                })
                .collect();
        }
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (class[v], v));
        let mut number = [0u8; MAX_VERTICES];
        for (i, &v) in order.iter().enumerate() {
            number[v] = i as u8;
        }
        Colouring {
            tints: order.iter().map(|&v| self.tints[v]).collect(),
            adjacent: order
                .iter()
                .map(|&v| members(self.adjacent[v]).fold(0u128, |s, w| s | 1 << number[w]))
                .collect(),
            rule: PhantomData,
        }
    }
}

fn mix(h: u64, x: u64) -> u64 {
    (h ^ x.wrapping_add(0x9e37_79b9_7f4a_7c15))
        .wrapping_mul(0xbf58_476d_1ce4_e5b9)
        .rotate_left(29)
}

impl<R: ColouringRule> Game for Colouring<R> {
    const NAME: &'static str = R::NAME;

    /// Each vertex the player may colour, coloured.
    fn moves(&self, player: Player) -> Vec<Self> {
        (0..self.tints.len())
            .filter(|&v| R::may_colour(self.tints[v], player))
            .map(|v| self.coloured(v, player))
            .collect()
    }

    /// The connected pieces of the graph.
    fn components(&self) -> Vec<Self> {
        let mut left = self.all();
        let mut out = Vec::new();
        while left != 0 {
            let piece = self.piece(left.trailing_zeros() as usize, left);
            left &= !piece;
            out.push(self.restricted(piece, &self.tints));
        }
        out
    }

    fn normalize(&self) -> (Self, bool) {
        let (plain, swapped) = (self.relabelled(), self.swapped().relabelled());
        if swapped < plain {
            (swapped, true)
        } else {
            (plain, false)
        }
    }

    fn describe_move(&self, to: &Self, _player: Player) -> String {
        to.describe()
    }

    /// The graph string of the position (`.` untinted, `L`, `R` tinted vertices).
    fn describe(&self) -> String {
        let labels: Vec<char> = self
            .tints
            .iter()
            .map(|&t| match t {
                TINT_LEFT => 'L',
                TINT_RIGHT => 'R',
                _ => '.',
            })
            .collect();
        let edges: Vec<(usize, usize, char)> = (0..self.tints.len())
            .flat_map(|v| {
                members(self.adjacent[v])
                    .filter(move |&w| w > v)
                    .map(move |w| (v, w, '-'))
            })
            .collect();
        write_graph(&labels, &edges, false)
    }
}
