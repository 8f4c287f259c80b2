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

/// The most vertices a position holds (its vertex sets are 64-bit words).
pub const MAX_VERTICES: usize = 64;

/// What tells Snort from Col: the tint that forbids a player, and the game's names.
pub trait ColouringRule: 'static {
    /// The ruleset's name (`snort`, `col`).
    const NAME: &'static str;
    /// The title in messages (`Snort`, `Col`).
    const TITLE: &'static str;
    /// The notation, for errors.
    const NOTATION: Notation;
    /// The player whose colour next to a vertex forbids `player` to colour it: the opponent
    /// in Snort, `player` in Col.
    fn forbidding(player: Player) -> Player;
}

/// A position of Snort or Col: the uncoloured vertices `0..n`, those tinted by a neighbour
/// of Left's and of Right's colour (bit sets), and each vertex's neighbours (a bit set).
pub struct Colouring<R> {
    tinted: [u64; 2],
    adjacent: Box<[u64]>,
    rule: PhantomData<fn() -> R>,
}

impl<R> Clone for Colouring<R> {
    fn clone(&self) -> Self {
        Colouring {
            tinted: self.tinted,
            adjacent: self.adjacent.clone(),
            rule: PhantomData,
        }
    }
}

impl<R> PartialEq for Colouring<R> {
    fn eq(&self, other: &Self) -> bool {
        self.tinted == other.tinted && self.adjacent == other.adjacent
    }
}

impl<R> Eq for Colouring<R> {}

impl<R> Hash for Colouring<R> {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.tinted.hash(state);
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
        (self.adjacent.len(), self.tinted, &self.adjacent).cmp(&(
            other.adjacent.len(),
            other.tinted,
            &other.adjacent,
        ))
    }
}

impl<R: ColouringRule> fmt::Debug for Colouring<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}(\"{}\")", R::NAME, self.describe())
    }
}

/// The vertices of a bit set, lowest first.
fn members(mut set: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (set != 0).then(|| {
            let v = set.trailing_zeros() as usize;
            set &= set - 1;
            v
        })
    })
}

/// The bits of `x` at the positions in `keep`, packed down to positions `0..`.
fn compress(x: u64, keep: u64) -> u64 {
    let mut holes = !keep & low_bits(64 - keep.leading_zeros());
    if holes.count_ones() > 4 {
        return members(keep)
            .enumerate()
            .fold(0, |s, (i, v)| s | ((x >> v) & 1) << i);
    }
    // Few holes: close each, highest first.
    let mut x = x & keep;
    while holes != 0 {
        let i = 63 - holes.leading_zeros();
        holes &= !(1 << i);
        let below = low_bits(i);
        x = (x & below) | ((x >> 1) & !below);
    }
    x
}

/// The set `0..k`.
fn low_bits(k: u32) -> u64 {
    if k >= 64 { u64::MAX } else { (1 << k) - 1 }
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
        let mut tinted = [0u64; 2];
        for (v, &c) in g.vertices.iter().enumerate() {
            match c {
                'L' => tinted[0] |= 1 << v,
                'R' => tinted[1] |= 1 << v,
                _ => {}
            }
        }
        let mut adjacent = vec![0u64; g.vertices.len()];
        for &(u, v, _) in &g.edges {
            if u != v {
                adjacent[u] |= 1 << v;
                adjacent[v] |= 1 << u;
            }
        }
        Ok(Colouring {
            tinted,
            adjacent: adjacent.into_boxed_slice(),
            rule: PhantomData,
        })
    }

    fn all(&self) -> u64 {
        low_bits(self.adjacent.len() as u32)
    }

    /// The position on the vertices of `keep` only, renumbered in order, with tints `tinted`.
    fn restricted(&self, keep: u64, tinted: [u64; 2]) -> Self {
        Colouring {
            tinted: tinted.map(|t| compress(t, keep)),
            adjacent: members(keep)
                .map(|v| compress(self.adjacent[v], keep))
                .collect(),
            rule: PhantomData,
        }
    }

    /// The position after `player` colours `v`: `v` goes, its untinted neighbours take the
    /// mover's tint, and its neighbours tinted by the opponent go.
    fn coloured(&self, v: usize, player: Player) -> Self {
        let (mine, theirs) = (player.index(), player.other().index());
        let around = self.adjacent[v];
        let mut tinted = self.tinted;
        tinted[mine] |= around & !tinted[theirs];
        let gone = 1 << v | (around & tinted[theirs]);
        self.restricted(self.all() & !gone, tinted)
    }

    /// The vertices in the connected piece of `v` within `within`.
    fn piece(&self, v: usize, within: u64) -> u64 {
        let mut piece = 1u64 << v;
        let mut frontier = piece;
        while frontier != 0 {
            let reach = members(frontier).fold(0u64, |s, w| s | self.adjacent[w]);
            frontier = reach & within & !piece;
            piece |= frontier;
        }
        piece
    }

    /// A vertex's tint: 0 none, 1 Left's, 2 Right's; 1 and 2 exchanged when `swap`.
    fn tint(&self, v: usize, swap: bool) -> u64 {
        let (l, r) = (self.tinted[0] >> v & 1, self.tinted[1] >> v & 1);
        if swap { r + 2 * l } else { l + 2 * r }
    }

    /// A renumbering that does not depend on how the graph was written, as far as two rounds
    /// of colour refinement tell vertices apart (ties by the old numbers), with the tints
    /// swapped when `swap` (the negative): isomorphic positions mostly share a key, and the
    /// key is always isomorphic to the position. Works on the stack but for the result.
    fn relabelled(&self, swap: bool) -> Self {
        let n = self.adjacent.len();
        let mut class = [0u64; MAX_VERTICES];
        let mut next = [0u64; MAX_VERTICES];
        for (v, c) in class.iter_mut().enumerate().take(n) {
            *c = mix(self.tint(v, swap), u64::from(self.adjacent[v].count_ones()));
        }
        for _ in 0..2 {
            for v in 0..n {
                let around = members(self.adjacent[v])
                    .fold(0u64, |s, w| s.wrapping_add(mix(class[w], 0x5bd1)));
                next[v] = mix(class[v], around);
            }
            class[..n].copy_from_slice(&next[..n]);
        }
        let mut order = [0u8; MAX_VERTICES];
        for (v, o) in order.iter_mut().enumerate().take(n) {
            *o = v as u8;
        }
        order[..n].sort_unstable_by_key(|&v| (class[usize::from(v)], v));
        let mut number = [0u8; MAX_VERTICES];
        for (i, &v) in order[..n].iter().enumerate() {
            number[usize::from(v)] = i as u8;
        }
        let mut tinted = [0u64; 2];
        for (i, &v) in order[..n].iter().enumerate() {
            match self.tint(usize::from(v), swap) {
                1 => tinted[0] |= 1 << i,
                2 => tinted[1] |= 1 << i,
                _ => {}
            }
        }
        Colouring {
            tinted,
            adjacent: order[..n]
                .iter()
                .map(|&v| {
                    members(self.adjacent[usize::from(v)]).fold(0u64, |s, w| s | 1 << number[w])
                })
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
        let allowed = self.all() & !self.tinted[R::forbidding(player).index()];
        members(allowed).map(|v| self.coloured(v, player)).collect()
    }

    /// The connected pieces of the graph.
    fn components(&self) -> Vec<Self> {
        let mut left = self.all();
        let mut out = Vec::new();
        while left != 0 {
            let piece = self.piece(left.trailing_zeros() as usize, left);
            left &= !piece;
            if piece == self.all() {
                return vec![self.clone()];
            }
            out.push(self.restricted(piece, self.tinted));
        }
        out
    }

    /// The relabelled position, or its negative (tints swapped) when that has more `L`
    /// vertices than `R` ones, or the smaller of the two when the counts are equal.
    fn normalize(&self) -> (Self, bool) {
        let (l, r) = (self.tinted[0].count_ones(), self.tinted[1].count_ones());
        if l != r || l == 0 {
            return (self.relabelled(l > r), l > r);
        }
        let (plain, swapped) = (self.relabelled(false), self.relabelled(true));
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
        let labels: Vec<char> = (0..self.adjacent.len())
            .map(|v| ['.', 'L', 'R'][self.tint(v, false) as usize])
            .collect();
        let edges: Vec<(usize, usize, char)> = (0..self.adjacent.len())
            .flat_map(|v| {
                members(self.adjacent[v])
                    .filter(move |&w| w > v)
                    .map(move |w| (v, w, '-'))
            })
            .collect();
        write_graph(&labels, &edges, false)
    }
}
