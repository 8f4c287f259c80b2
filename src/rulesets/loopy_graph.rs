//! The graph of a loopy ruleset's positions, for the loopy store
//! ([`crate::game::threat::Threats::from_graph`]): the positions reachable from a start,
//! found breadth first, each with its options, which lead to other positions of the graph
//! or straight to a value of the store (Fox and Geese's escaped fox is `off`). Shared by
//! [`super::foxandgeese`] and [`super::backsliding`].

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::calc::args::CallError;
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::game::interrupt::check_cancel;
use crate::game::threat::{Opt, RawGraph, ThreatId};

/// Where a move leads: a position of the ruleset, or a value the ruleset knows without
/// exploring further.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Move<S> {
    To(S),
    Value(ThreatId),
}

/// The positions reachable from `start` (position 0 of the graph) with their options:
/// `options(p, left, out)` appends each move of Left (`left`) or Right from `p`. More than
/// `max` positions is an error naming `title` and the cap (a graph that large would take
/// the loopy store far longer than a statement should).
pub fn explore<S: Clone + Eq + Hash>(
    start: S,
    max: usize,
    title: &str,
    mut options: impl FnMut(&S, bool, &mut Vec<Move<S>>),
) -> Result<RawGraph, CallError> {
    let mut index: FxHashMap<S, u32> = FxHashMap::default();
    let mut positions = vec![start.clone()];
    index.insert(start, 0);
    let mut g = RawGraph::new();
    g.node();
    let mut moves = Vec::new();
    let mut next = 0;
    while next < positions.len() {
        check_cancel();
        let v = next as u32;
        let p = positions[next].clone();
        let mut sides: [Vec<Opt>; 2] = [Vec::new(), Vec::new()];
        for (k, left) in [true, false].into_iter().enumerate() {
            moves.clear();
            options(&p, left, &mut moves);
            for m in moves.drain(..) {
                let o = match m {
                    Move::Value(t) => Opt::Game(t),
                    Move::To(q) => {
                        if let Some(&w) = index.get(&q) {
                            Opt::Node(w)
                        } else {
                            if positions.len() >= max {
                                return Err(CallError::call(format!(
                                    "more than {max} {title} positions are reachable from this one: too many for the loopy engine in one statement"
                                )));
                            }
                            let w = g.node();
                            index.insert(q.clone(), w);
                            positions.push(q);
                            Opt::Node(w)
                        }
                    }
                };
                sides[k].push(o);
            }
        }
        let [l, r] = sides;
        g.set_options(v, l, r);
        next += 1;
    }
    Ok(g)
}

/// The value of position 0 of `g`, canonical (a stopper in simplest form, or `onside &
/// offside`): a short game as a game, any other as a loopy value.
pub fn value_of(c: &mut Context, g: &RawGraph) -> Result<Value, CallError> {
    let t = c
        .threats
        .from_graph(c.arena, g, 0)
        .map_err(CallError::call)?;
    Ok(store_value(c, t))
}

/// A value of the store as a value of the language: short games are games.
pub fn store_value(c: &Context, t: ThreatId) -> Value {
    match c.threats.as_short(t) {
        Some(g) => Value::Game(g),
        None => Value::Threat(t),
    }
}
