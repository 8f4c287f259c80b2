//! The order on short games: `G <= H` iff no `G^L >= H` and no `H^R <= G`
//! (ONAG ch. 1; Siegel, CGT, §II.1), with cheap necessary conditions first.

use std::cmp::Ordering;
use std::ops::{Add, Neg};

use super::arena::{Arena, GameId, StopSides};
use super::interrupt::check_cancel;
use super::number::Dyadic;

/// The four possible relations between two games.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Relation {
    Less,
    Equal,
    Greater,
    Confused,
}

impl Relation {
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::Less => "<",
            Relation::Equal => "=",
            Relation::Greater => ">",
            Relation::Confused => "<>",
        }
    }
}

/// Outcome classes (WW ch. 1; Siegel, CGT, I.1): who wins when each player moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Left wins whoever starts (G > 0).
    L,
    /// Right wins whoever starts (G < 0).
    R,
    /// The first player wins (G <> 0).
    N,
    /// The second player wins (G = 0).
    P,
}

impl Outcome {
    pub fn symbol(self) -> &'static str {
        match self {
            Outcome::L => "L",
            Outcome::R => "R",
            Outcome::N => "N",
            Outcome::P => "P",
        }
    }

    /// The outcome of a game standing in relation `r` to 0 (the fundamental theorem: G > 0
    /// iff Left wins whoever starts, and so on).
    pub fn of_relation_to_zero(r: Relation) -> Outcome {
        match r {
            Relation::Greater => Outcome::L,
            Relation::Less => Outcome::R,
            Relation::Equal => Outcome::P,
            Relation::Confused => Outcome::N,
        }
    }

    /// The outcome from who wins moving first.
    pub fn from_first_player_wins(left_first: bool, right_first: bool) -> Outcome {
        match (left_first, right_first) {
            (true, true) => Outcome::N,
            (true, false) => Outcome::L,
            (false, true) => Outcome::R,
            (false, false) => Outcome::P,
        }
    }
}

impl Arena {
    /// The outcome class of `g`.
    pub fn outcome(&mut self, g: GameId) -> Outcome {
        let z = self.zero();
        Outcome::of_relation_to_zero(self.relation(g, z))
    }

    /// `G <= H`.
    pub fn leq(&mut self, g: GameId, h: GameId) -> bool {
        if g == h {
            return true;
        }
        // Fast path: number-up-star values compare by the sign of their difference.
        if let (Some(a), Some(b)) = (self.get_nus(g), self.get_nus(h)) {
            return matches!(
                b.add(a.neg()).sign(),
                Some(Ordering::Greater | Ordering::Equal)
            );
        }
        if let Some(v) = leq_by_stops(&self.stops(g), &self.stops(h)) {
            return v;
        }
        if let Some(v) = self.leq_cache.get(g.0, h.0) {
            return v != 0;
        }
        check_cancel();
        let result = self.leq_uncached(g, h);
        self.leq_cache.insert(g.0, h.0, result as u32);
        result
    }

    /// The stops of `g` and how it sits against them, as [`leq_by_stops`] reads them.
    #[inline(always)]
    pub(crate) fn stops(&self, g: GameId) -> Stops {
        Stops {
            left: self.left_stop(g),
            right: self.right_stop(g),
            sides: self.stop_sides(g),
            number: self.is_number(g),
        }
    }

    fn leq_uncached(&mut self, g: GameId, h: GameId) -> bool {
        let g_number = self.is_number(g);
        let h_number = self.is_number(h);
        let (check_h, check_g) = (!h_number || g_number, !g_number || h_number);
        // the comparisons below are independent: start fetching their cache slots together
        if check_h {
            self.ensure_options(h);
            for i in self.right_indices(h) {
                self.leq_cache.prefetch(self.pool_at(i).0, g.0);
            }
        }
        if check_g {
            self.ensure_options(g);
            for i in self.left_indices(g) {
                self.leq_cache.prefetch(h.0, self.pool_at(i).0);
            }
        }
        // Number avoidance (Siegel, CGT, §II.3): for G not a number, G <= x iff no G^L >= x,
        // and x <= H iff no H^R <= x.
        if check_h {
            for i in self.right_indices(h) {
                let hr = self.pool_at(i);
                if self.leq(hr, g) {
                    return false;
                }
            }
        }
        if check_g {
            for i in self.left_indices(g) {
                let gl = self.pool_at(i);
                if self.leq(h, gl) {
                    return false;
                }
            }
        }
        true
    }

    pub fn geq(&mut self, g: GameId, h: GameId) -> bool {
        self.leq(h, g)
    }

    pub fn lt(&mut self, g: GameId, h: GameId) -> bool {
        g != h && self.leq(g, h) && !self.leq(h, g)
    }

    pub fn relation(&mut self, g: GameId, h: GameId) -> Relation {
        if g == h {
            return Relation::Equal;
        }
        match (self.leq(g, h), self.leq(h, g)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        }
    }

    /// `H <= G` where `G = {left | right}` is given by canonical option lists and need not be
    /// interned (used to find reversible options without building the game first).
    pub(crate) fn leq_lists_rhs(
        &mut self,
        h: GameId,
        left: &[GameId],
        right: &[GameId],
        memo: &mut ListMemo,
    ) -> bool {
        if let Some(g) = &memo.game
            && let Some(v) = leq_by_stops(&self.stops(h), g)
        {
            return v;
        }
        if let Some(&v) = memo.below.get(&h) {
            return v;
        }
        check_cancel();
        let mut result = true;
        for &gr in right {
            if self.leq(gr, h) {
                result = false;
                break;
            }
        }
        if result {
            self.ensure_options(h);
            for i in self.left_indices(h) {
                let hl = self.pool_at(i);
                if self.leq_lists_lhs(left, right, hl, memo) {
                    result = false;
                    break;
                }
            }
        }
        memo.below.insert(h, result);
        result
    }

    /// `G <= H` where `G = {left | right}` is given by option lists.
    pub(crate) fn leq_lists_lhs(
        &mut self,
        left: &[GameId],
        right: &[GameId],
        h: GameId,
        memo: &mut ListMemo,
    ) -> bool {
        if let Some(g) = &memo.game
            && let Some(v) = leq_by_stops(g, &self.stops(h))
        {
            return v;
        }
        if let Some(&v) = memo.above.get(&h) {
            return v;
        }
        let mut result = true;
        for &gl in left {
            if self.leq(h, gl) {
                result = false;
                break;
            }
        }
        if result {
            self.ensure_options(h);
            for i in self.right_indices(h) {
                let hr = self.pool_at(i);
                if self.leq_lists_rhs(hr, left, right, memo) {
                    result = false;
                    break;
                }
            }
        }
        memo.above.insert(h, result);
        result
    }
}

/// A game's left and right stops, how it sits against them ([`StopSides`]), and whether it
/// is a number: what decides most comparisons without a search ([`leq_by_stops`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Stops {
    pub left: Dyadic,
    pub right: Dyadic,
    pub sides: StopSides,
    pub number: bool,
}

/// `G <= H` from the stops alone, where they decide it.
///
/// `G <= H` implies `LS(G) <= LS(H)` and `RS(G) <= RS(H)`; `LS(G) < RS(H)` puts a number `x`
/// with `G < x < H` between them (Siegel, CGT, §II.5: `LS(G) < x` implies `G < x`). Past
/// these, `RS(H) <= LS(G)`, and [`StopSides`] decide the cases where a stop is shared.
#[inline(always)]
pub(crate) fn leq_by_stops(g: &Stops, h: &Stops) -> Option<bool> {
    let (gl, gr, hl, hr) = (g.left, g.right, h.left, h.right);
    if gl > hl || gr > hr {
        return Some(false);
    }
    if gl < hr {
        return Some(true);
    }
    let (sg, sh) = (g.sides, h.sides);
    // H = x: here LS(G) = x, and G <= x iff G <= LS(G).
    if h.number {
        return Some(sg.leq_left_stop);
    }
    // G = x: here RS(H) = x, and x <= H iff H >= RS(H).
    if g.number {
        return Some(sh.geq_right_stop);
    }
    // G <= LS(G) = RS(H) <= H.
    if gl == hr && sg.leq_left_stop && sh.geq_right_stop {
        return Some(true);
    }
    // G <= H <= LS(H) = LS(G) would make G <= LS(G).
    if gl == hl && sh.leq_left_stop && !sg.leq_left_stop {
        return Some(false);
    }
    // RS(G) = RS(H) <= G <= H would make H >= RS(H).
    if gr == hr && sg.geq_right_stop && !sh.geq_right_stop {
        return Some(false);
    }
    None
}

/// Memo of comparisons against one not-yet-interned game `G`: `below[h]` is `h <= G`,
/// `above[h]` is `G <= h`; and `G`'s stops when it is known not to be a number (then they
/// follow from its options: [`Arena::number_or_stops`]), which decide most of them. The
/// arena keeps one and clears it for each use, so its storage is allocated once.
#[derive(Default)]
pub(crate) struct ListMemo {
    pub below: SmallMemo,
    pub above: SmallMemo,
    pub game: Option<Stops>,
}

impl ListMemo {
    pub fn clear(&mut self) {
        self.below.clear();
        self.above.clear();
        self.game = None;
    }
}

/// A map from games to answers: a short list searched in order (a game's reversibility test
/// usually asks about a handful of games), then a hash map for the rest.
#[derive(Default)]
pub(crate) struct SmallMemo {
    list: Vec<(GameId, bool)>,
    map: rustc_hash::FxHashMap<GameId, bool>,
}

impl SmallMemo {
    /// Entries kept in the list before the hash map takes over.
    const LIST: usize = 16;

    pub fn get(&self, g: &GameId) -> Option<&bool> {
        match self.list.iter().find(|(h, _)| h == g) {
            Some((_, v)) => Some(v),
            None if self.map.is_empty() => None,
            None => self.map.get(g),
        }
    }

    pub fn insert(&mut self, g: GameId, v: bool) {
        if self.list.len() < Self::LIST {
            self.list.push((g, v));
        } else {
            self.map.insert(g, v);
        }
    }

    pub fn clear(&mut self) {
        self.list.clear();
        self.map.clear();
    }
}
