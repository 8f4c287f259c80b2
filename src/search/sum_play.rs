//! Playing a sum of games move by move from the components' values (Mäser, *Divide and
//! conquer*, 4.2.3 and 8.4.5): each strategy picks one component and one move in it.
//!
//! A move's *incentive* is what it gains its player: `G^L - G` for Left, `G - G^R` for Right
//! (WW ch. 5). A move whose incentive is at most another's is dominated: the other move is at
//! least as good in every sum (`S + Δ1 <= S + Δ2`).

use crate::game::threat::{ThreatId, Threats};
use crate::game::{Arena, Dyadic, GameId, Relation};

use super::game::Player;

/// A sum-play strategy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Drop moves with dominated incentives; if several remain, compute the sum and play a
    /// move after which the mover wins (thesis 4.2.3).
    Optimal,
    /// Play in the hottest component, its best option by mean.
    Hotstrat,
    /// Thesis 8.4.5: among the undominated moves of the hottest component(s), the one that
    /// gains most now (the ruleset's gain, such as nodes coloured, else the option's mean),
    /// then the one leaving a temperature closest to the hottest other component.
    GreedyHotstrat,
    /// Winning Ways ch. 6 (*Thermostrat*): find the ambient temperature `T` at which the
    /// mover's compound thermograph is best for them ([`ambient_temperature`]), play in the
    /// component whose thermograph is widest at `T`, to the option that makes its wall there.
    Thermostrat,
}

impl Strategy {
    pub const ALL: [Strategy; 4] = [
        Strategy::Optimal,
        Strategy::Hotstrat,
        Strategy::GreedyHotstrat,
        Strategy::Thermostrat,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Strategy::Optimal => "optimal",
            Strategy::Hotstrat => "hotstrat",
            Strategy::GreedyHotstrat => "greedy hotstrat",
            Strategy::Thermostrat => "thermostrat",
        }
    }
}

/// One move of the sum: in component `component`, to the value `option`.
#[derive(Clone, Debug)]
pub struct Move {
    pub component: usize,
    pub option: GameId,
    /// The move in the ruleset's words (or the option's value).
    pub text: String,
    /// What the move gains at once in the ruleset's terms, if it has them (Regio: the nodes
    /// it colours); greedy hotstrat prefers the largest.
    pub gain: Option<i64>,
}

/// The moves of `player` in the sum of `components` with their option values (canonical).
pub fn moves_of(arena: &mut Arena, components: &[GameId], player: Player) -> Vec<Move> {
    let mut out = Vec::new();
    for (i, &g) in components.iter().enumerate() {
        let opts = match player {
            Player::Left => arena.left_options(g),
            Player::Right => arena.right_options(g),
        };
        for o in opts {
            let text = arena.display(o);
            out.push(Move {
                component: i,
                option: o,
                text,
                gain: None,
            });
        }
    }
    out
}

/// The incentive of `m` for `player`.
pub fn incentive(arena: &mut Arena, components: &[GameId], m: &Move, player: Player) -> GameId {
    let g = components[m.component];
    match player {
        Player::Left => arena.sub(m.option, g),
        Player::Right => arena.sub(g, m.option),
    }
}

/// The indices of the moves whose incentives no other move's incentive exceeds (of equal
/// incentives the first is kept).
pub fn undominated(arena: &mut Arena, incentives: &[GameId]) -> Vec<usize> {
    (0..incentives.len())
        .filter(|&i| {
            !(0..incentives.len()).any(|j| {
                j != i
                    && match arena.relation(incentives[j], incentives[i]) {
                        Relation::Greater => true,
                        Relation::Equal => j < i,
                        _ => false,
                    }
            })
        })
        .collect()
}

/// The move `strategy` picks for `player` in the sum of `components`, as an index into
/// `moves`; `None` without moves.
pub fn pick(
    arena: &mut Arena,
    components: &[GameId],
    moves: &[Move],
    player: Player,
    strategy: Strategy,
) -> Option<usize> {
    if moves.is_empty() {
        return None;
    }
    let incentives: Vec<GameId> = moves
        .iter()
        .map(|m| incentive(arena, components, m, player))
        .collect();
    let good = undominated(arena, &incentives);
    // Left prefers larger means, Right smaller: compare in the mover's direction.
    let sign = |x: Dyadic| if player == Player::Left { x } else { -x };
    match strategy {
        Strategy::Optimal => {
            if good.len() == 1 {
                return Some(good[0]);
            }
            let total = components
                .iter()
                .fold(arena.zero(), |acc, &g| arena.add(acc, g));
            let wins = good.iter().copied().find(|&i| {
                let m = &moves[i];
                let rest = arena.sub(total, components[m.component]);
                let after = arena.add(rest, m.option);
                let zero = arena.zero();
                match player {
                    Player::Left => arena.leq(zero, after),
                    Player::Right => arena.leq(after, zero),
                }
            });
            Some(wins.unwrap_or(good[0]))
        }
        Strategy::Thermostrat => Some(thermostrat(arena, components, moves, &good, player)),
        Strategy::Hotstrat | Strategy::GreedyHotstrat => {
            let temps: Vec<_> = components.iter().map(|&g| arena.temperature(g)).collect();
            let hottest = good.iter().map(|&i| temps[moves[i].component]).max()?;
            let mut cands: Vec<usize> = good
                .iter()
                .copied()
                .filter(|&i| temps[moves[i].component] == hottest)
                .collect();
            if strategy == Strategy::GreedyHotstrat
                && cands.iter().all(|&i| moves[i].gain.is_some())
            {
                let best_gain = cands.iter().filter_map(|&i| moves[i].gain).max()?;
                cands.retain(|&i| moves[i].gain == Some(best_gain));
            } else {
                let best_mean = cands
                    .iter()
                    .map(|&i| sign(arena.mean(moves[i].option)))
                    .max()?;
                cands.retain(|&i| sign(arena.mean(moves[i].option)) == best_mean);
            }
            if strategy == Strategy::GreedyHotstrat && cands.len() > 1 {
                // The temperature the move leaves, closest to the hottest other component.
                let others = |c: usize| {
                    temps
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != c)
                        .map(|(_, &t)| t)
                        .max()
                };
                let gap = |arena: &mut Arena, i: usize| {
                    let left = arena.temperature(moves[i].option);
                    match others(moves[i].component) {
                        Some(t) => (left - t).abs(),
                        None => left,
                    }
                };
                let mut best = cands[0];
                let mut best_gap = gap(arena, best);
                for &i in &cands[1..] {
                    let g = gap(arena, i);
                    if g < best_gap {
                        best = i;
                        best_gap = g;
                    }
                }
                return Some(best);
            }
            cands.first().copied()
        }
    }
}

/// The ambient temperature of Thermostrat (WW ch. 6) for `player` in the sum of `components`.
///
/// Left's *compound thermograph* of `G1 + ... + Gn` has the right wall `Σ RW_j(t)` and the left
/// wall `Σ RW_j(t) + max_i (LW_i(t) - RW_i(t))`: Left moves in one component, where the
/// thermograph is widest, and Right answers everywhere else (CGSuite's
/// `Thermograph.leftCompound` has the same two-game form). The ambient temperature is the
/// temperature `t >= 0` where that left wall is greatest; for Right, mirrored, where
/// `Σ LW_j(t) - max_i (LW_i(t) - RW_i(t))` is least. Where the best value holds on an interval
/// we take its top: on random sums of small games that choice reaches the best right stop
/// more often than the bottom, or than letting `t` run down to -1 (measured in the #10 note).
///
/// Every wall is piecewise linear and constant above its game's temperature, and each term
/// `LW_i + Σ_{j≠i} RW_j` of the maximum ends its best stretch at one of its own breakpoints,
/// so the breakpoints of all walls (and 0) are the only candidates.
pub fn ambient_temperature(arena: &mut Arena, components: &[GameId], player: Player) -> Dyadic {
    let graphs: Vec<_> = components.iter().map(|&g| arena.thermograph(g)).collect();
    let mut candidates: Vec<Dyadic> = graphs
        .iter()
        .flat_map(|th| th.left.pieces().iter().chain(th.right.pieces()))
        .map(|p| p.start)
        .filter(|&t| t > Dyadic::ZERO)
        .collect();
    candidates.push(Dyadic::ZERO);
    candidates.sort();
    candidates.dedup();
    // The compound wall in the mover's favour: larger is better for either player.
    let compound = |t: Dyadic| {
        let widest = graphs
            .iter()
            .map(|th| th.left.eval(t) - th.right.eval(t))
            .max()
            .unwrap_or(Dyadic::ZERO);
        match player {
            Player::Left => graphs.iter().fold(widest, |acc, th| acc + th.right.eval(t)),
            Player::Right => graphs.iter().fold(widest, |acc, th| acc - th.left.eval(t)),
        }
    };
    let mut best = candidates[0];
    let mut best_value = compound(best);
    for &t in &candidates[1..] {
        let v = compound(t);
        if v >= best_value {
            best = t;
            best_value = v;
        }
    }
    best
}

/// Thermostrat's pick among the undominated moves `good`: the component widest at the ambient
/// temperature `T` (ties: the hotter, then the first), and in it the option whose wall makes
/// the component's wall at `T` (Left: the greatest right wall `RW(G^L)(T)`; Right: the least
/// left wall `LW(G^R)(T)`).
fn thermostrat(
    arena: &mut Arena,
    components: &[GameId],
    moves: &[Move],
    good: &[usize],
    player: Player,
) -> usize {
    let t = ambient_temperature(arena, components, player);
    let key = |arena: &mut Arena, i: usize| {
        let m = &moves[i];
        let comp = arena.thermograph(components[m.component]);
        let width = comp.left.eval(t) - comp.right.eval(t);
        let option = arena.thermograph(m.option);
        let wall = match player {
            Player::Left => option.right.eval(t),
            Player::Right => -option.left.eval(t),
        };
        (width, comp.temperature, wall)
    };
    let mut best = good[0];
    let mut best_key = key(arena, best);
    for &i in &good[1..] {
        let k = key(arena, i);
        if k > best_key {
            best = i;
            best_key = k;
        }
    }
    best
}

/// The incentive of a move to `option` in the component `component` for `player`, in the
/// threat algebra (components and options may hold `on`/`off`): `G^L - G` or `G - G^R`;
/// `None` where the difference has no value there (it would hold `on` and `off` both).
pub fn threat_incentive(
    arena: &mut Arena,
    threats: &mut Threats,
    component: ThreatId,
    option: ThreatId,
    player: Player,
) -> Option<ThreatId> {
    let d = match player {
        Player::Left => threats.sub(arena, option, component),
        Player::Right => threats.sub(arena, component, option),
    };
    d.ok().filter(|&t| threats.is_stopper(t))
}

/// Optimal play (thesis 4.2.3) where the values may hold threats: a move after which the
/// mover wins the whole position (`wins[i]`, judged by the caller on the whole position, a
/// race between threats included), one whose incentive no other move's exceeds if there is
/// such a winning move; without a winning move, the first undominated move. A move whose
/// incentive has no value (`None`) is compared with none. `None` without moves.
pub fn pick_optimal(
    arena: &mut Arena,
    threats: &mut Threats,
    incentives: &[Option<ThreatId>],
    wins: &[Option<bool>],
) -> Option<usize> {
    let greater = |arena: &mut Arena, threats: &mut Threats, j: usize, i: usize| {
        let (Some(a), Some(b)) = (incentives[j], incentives[i]) else {
            return false;
        };
        match threats.relation(arena, a, b) {
            Ok(Relation::Greater) => true,
            Ok(Relation::Equal) => j < i,
            _ => false,
        }
    };
    let good: Vec<usize> = (0..incentives.len())
        .filter(|&i| !(0..incentives.len()).any(|j| j != i && greater(arena, threats, j, i)))
        .collect();
    let winning = |i: &usize| wins[*i] == Some(true);
    good.iter()
        .copied()
        .find(winning)
        .or_else(|| (0..wins.len()).find(winning))
        .or_else(|| good.first().copied())
}
