//! The graph of a loopy ruleset's positions, for the loopy store
//! ([`crate::game::threat::Threats::from_graph`]): the positions reachable from a start
//! ([`RawGraph::explore`]), each with its options, which lead to other positions of the
//! graph or straight to a value of the store (Fox and Geese's escaped fox is `off`). Shared
//! by [`super::foxandgeese`] and [`super::backsliding`].

use std::hash::Hash;

use crate::calc::args::CallError;
use crate::calc::context::Context;
use crate::calc::value::Value;
pub use crate::game::threat::Move;
use crate::game::threat::RawGraph;

/// The positions reachable from `start` (position 0 of the graph) with their options:
/// `options(p, left, out)` appends each move of Left (`left`) or Right from `p`. More than
/// `max` positions is an error naming `title` and the cap (a graph that large would take
/// the loopy store far longer than a statement should).
pub fn explore<S: Clone + Eq + Hash>(
    start: S,
    max: usize,
    title: &str,
    options: impl FnMut(&S, bool, &mut Vec<Move<S>>),
) -> Result<RawGraph, CallError> {
    RawGraph::explore(vec![start], max, options).ok_or_else(|| {
        CallError::call(format!(
            "more than {max} {title} positions are reachable from this one: too many for the loopy engine in one statement"
        ))
    })
}

/// The value of position 0 of `g`, canonical (a stopper in simplest form, or `onside &
/// offside`): a short game as a game, any other as a loopy value.
pub fn value_of(c: &mut Context, g: &RawGraph) -> Result<Value, CallError> {
    let t = c
        .threats
        .from_graph(c.arena, g, 0)
        .map_err(CallError::call)?;
    Ok(Value::loopy(c.threats, t))
}
