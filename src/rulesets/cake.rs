//! The cake games (WW ch. 2; CGSuite's `game.heap.GenCutcake`): a cake is an m-row, n-column
//! rectangle, and a sum of cakes is played piece by piece. Left acts on a cake's columns (a
//! heap of n), Right on its rows (a heap of m), each by a heap rule, and every heap the rule
//! leaves becomes a cake with the other side unchanged:
//! - Cutcake (CGSuite's rule `4.0`): Left cuts between two columns, Right between two rows;
//! - Eatcake (`0.7`; Bynum's game): Left eats a whole column, the rest falling into at most two
//!   pieces, Right a whole row;
//! - Maundy Cake (`{2+}=.0`): Left cuts a cake into k >= 2 equal pieces of whole columns, Right
//!   into equal pieces of whole rows.
//!
//! This is CGSuite's code (Left's rule on the column count); its library comment for Cutcake
//! names the coordinates the other way round. Each piece is a component; the rules treat rows
//! and columns alike, so the m x n cake is the negative of the n x m one (the key of a piece
//! has m <= n).

use std::fmt::Debug;
use std::hash::Hash;
use std::marker::PhantomData;

use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::search::{Game, Player, Position, Searched};

/// The largest side of a cake.
pub const MAX_SIDE: i64 = 10_000;

/// A cake game's rule on one side: the heaps a heap of `h` may become.
pub trait CakeRule: Clone + Debug + PartialEq + Eq + Hash + Send + Sync + 'static {
    const NAME: &'static str;

    /// Calls `f` with each list of heaps (each at least 1) a heap of `h` may leave.
    fn each_split(h: u16, f: impl FnMut(&[u16]));
}

/// Cutcake: split a heap into two nonempty heaps (CGSuite's `4.0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cut;

impl CakeRule for Cut {
    const NAME: &'static str = "cutcake";

    fn each_split(h: u16, mut f: impl FnMut(&[u16])) {
        for a in 1..=h / 2 {
            f(&[a, h - a]);
        }
    }
}

/// Eatcake: remove one token, leaving the rest as no heap, one heap or two (CGSuite's `0.7`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Eat;

impl CakeRule for Eat {
    const NAME: &'static str = "eatcake";

    fn each_split(h: u16, mut f: impl FnMut(&[u16])) {
        match h {
            0 => {}
            1 => f(&[]),
            _ => {
                f(&[h - 1]);
                for a in 1..=(h - 1) / 2 {
                    f(&[a, h - 1 - a]);
                }
            }
        }
    }
}

/// Maundy Cake: split a heap into k >= 2 equal heaps (CGSuite's `{2+}=.0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Maundy;

impl CakeRule for Maundy {
    const NAME: &'static str = "maundycake";

    fn each_split(h: u16, mut f: impl FnMut(&[u16])) {
        let mut parts = Vec::new();
        for k in 2..=h {
            if h.is_multiple_of(k) {
                parts.clear();
                parts.resize(k as usize, h / k);
                f(&parts);
            }
        }
    }
}

/// A sum of cakes, each `(rows, columns)` with both at least 1, in increasing order.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Cake<R> {
    pub pieces: Vec<(u16, u16)>,
    rule: PhantomData<R>,
}

impl<R: CakeRule> Cake<R> {
    pub fn new(mut pieces: Vec<(u16, u16)>) -> Cake<R> {
        pieces.retain(|&(m, n)| m > 0 && n > 0);
        pieces.sort_unstable();
        Cake {
            pieces,
            rule: PhantomData,
        }
    }
}

impl<R: CakeRule> Game for Cake<R> {
    const NAME: &'static str = R::NAME;

    /// In each piece (one of each shape): Left splits the columns, Right the rows.
    fn moves(&self, player: Player) -> Vec<Cake<R>> {
        let mut out = Vec::new();
        for (i, &(m, n)) in self.pieces.iter().enumerate() {
            if i > 0 && self.pieces[i - 1] == (m, n) {
                continue;
            }
            let side = match player {
                Player::Left => n,
                Player::Right => m,
            };
            R::each_split(side, |parts| {
                let mut pieces = self.pieces.clone();
                pieces.remove(i);
                pieces.extend(parts.iter().map(|&p| match player {
                    Player::Left => (m, p),
                    Player::Right => (p, n),
                }));
                out.push(Cake::new(pieces));
            });
        }
        out
    }

    fn components(&self) -> Vec<Cake<R>> {
        self.pieces.iter().map(|&p| Cake::new(vec![p])).collect()
    }

    /// A piece with more rows than columns is the negative of its transpose.
    fn normalize(&self) -> (Cake<R>, bool) {
        match self.pieces.as_slice() {
            [(m, n)] if m > n => (Cake::new(vec![(*n, *m)]), true),
            _ => (self.clone(), false),
        }
    }

    /// `3x5 -> 3x2 + 3x3`: the piece and what it became.
    fn describe_move(&self, to: &Cake<R>, _player: Player) -> String {
        let mut gone = self.pieces.clone();
        let mut came = Vec::new();
        for p in &to.pieces {
            match gone.iter().position(|q| q == p) {
                Some(i) => {
                    gone.remove(i);
                }
                None => came.push(*p),
            }
        }
        let text = |ps: &[(u16, u16)]| {
            if ps.is_empty() {
                "0".to_string()
            } else {
                let items: Vec<String> = ps.iter().map(|(m, n)| format!("{m}x{n}")).collect();
                items.join(" + ")
            }
        };
        format!("{} -> {}", text(&gone), text(&came))
    }

    /// `cutcake(3, 5)`, or the pieces `cutcake([[3, 2], [3, 3]])`.
    fn describe(&self) -> String {
        match self.pieces.as_slice() {
            [] => format!("{}(0, 0)", R::NAME),
            [(m, n)] => format!("{}({m}, {n})", R::NAME),
            ps => {
                let items: Vec<String> = ps.iter().map(|(m, n)| format!("[{m}, {n}]")).collect();
                format!("{}([{}])", R::NAME, items.join(", "))
            }
        }
    }
}

/// `GAME(m, n)`, or `GAME([[m1, n1], [m2, n2], ...])` for a sum of pieces.
fn build<R: CakeRule>(c: &mut Context, a: Args) -> Result<Box<dyn Position>, CallError> {
    let pieces = if a.len() == 2 {
        let m = a.int(c.arena, 0, 0..=MAX_SIDE)? as u16;
        let n = a.int(c.arena, 1, 0..=MAX_SIDE)? as u16;
        vec![(m, n)]
    } else {
        let items = a.list(0)?;
        let mut pieces = Vec::with_capacity(items.len());
        for (k, item) in items.iter().enumerate() {
            let sides = item.clone().into_items().ok().and_then(|xs| {
                let sides: Option<Vec<u16>> = xs
                    .iter()
                    .map(|x| match x {
                        crate::calc::value::Value::Game(g) => c
                            .arena
                            .as_number(*g)
                            .and_then(|x| x.to_u64())
                            .filter(|&s| s <= MAX_SIDE as u64)
                            .map(|s| s as u16),
                        _ => None,
                    })
                    .collect();
                sides.filter(|s| s.len() == 2)
            });
            match sides {
                Some(s) => pieces.push((s[0], s[1])),
                None => {
                    return Err(CallError::Arg(
                        0,
                        format!(
                            "piece {k} of the list is not [rows, columns] with sides from 0 to {MAX_SIDE}"
                        ),
                    ));
                }
            }
        }
        pieces
    };
    Ok(Box::new(Searched(Cake::<R>::new(pieces))))
}

/// The cake games' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "cake games (Cutcake, Eatcake, Maundy Cake)",
    constructors: &[
        Constructor {
            name: "cutcake",
            signature: "cutcake(m, n) or cutcake([[m1, n1], ...])",
            arity: 1..=2,
            summary: "an m-row, n-column Cutcake",
            help: "cutcake(m, n) is a Cutcake of m rows and n columns (WW ch. 2; CGSuite's Cutcake): Left\ncuts a piece between two of its columns, Right between two of its rows, and each piece is\nplayed on its own; cutcake([[1, 3], [2, 2]]) is a sum of pieces. Values are integers; the\nm x n cake is the negative of the n x m one. Sides are at most 10000.\nExample: cutcake(1, 5) is 4, cutcake(2, 4) is 1, cutcake(4, 2) is -1, cutcake(3, 3) is 0.",
            build: build::<Cut>,
        },
        Constructor {
            name: "eatcake",
            signature: "eatcake(m, n) or eatcake([[m1, n1], ...])",
            arity: 1..=2,
            summary: "an m-row, n-column Eatcake",
            help: "eatcake(m, n) is an Eatcake of m rows and n columns (CGSuite's Eatcake, Bynum's game):\nLeft eats a whole column of a piece, Right a whole row, and what is left of the piece falls\ninto at most two pieces, each played on its own. eatcake([[1, 3], [2, 2]]) is a sum of\npieces; the m x n cake is the negative of the n x m one. Sides are at most 10000.\nExample: eatcake(1, 1) is *, eatcake(1, 2) is v, eatcake(1, 3) is *.",
            build: build::<Eat>,
        },
        Constructor {
            name: "maundycake",
            signature: "maundycake(m, n) or maundycake([[m1, n1], ...])",
            arity: 1..=2,
            summary: "an m-row, n-column Maundy Cake",
            help: "maundycake(m, n) is a Maundy Cake of m rows and n columns (WW ch. 2; CGSuite's\nMaundyCake): Left cuts a piece into two or more equal pieces of whole columns, Right into\nequal pieces of whole rows; maundycake([[1, 3], [2, 2]]) is a sum of pieces. The m x n cake\nis the negative of the n x m one. Sides are at most 10000.\nExample: maundycake(1, 2) is 1, maundycake(1, 3) is 1, maundycake(1, 4) is 3, maundycake(2, 2) is 0.",
            build: build::<Maundy>,
        },
    ],
    functions: &[],
    fuzz: &[
        Fuzz {
            name: "cutcake",
            check: FuzzCheck::Position,
        },
        Fuzz {
            name: "eatcake",
            check: FuzzCheck::Position,
        },
        Fuzz {
            name: "maundycake",
            check: FuzzCheck::Position,
        },
    ],
    cgsuite_names: &[
        ("Cutcake", "cutcake"),
        ("Eatcake", "eatcake"),
        ("MaundyCake", "maundycake"),
    ],
    caches: no_caches,
};
