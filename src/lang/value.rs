//! Values of the language: games and everything functions return about them.

use std::fmt::Write;
use std::sync::Arc;

use crate::analysis::Thermograph;
use crate::game::stopper::{TId, Threats};
use crate::game::{Arena, GameId, Relation};

/// The most games a list built by a function may hold (`followers(G)`): a list of a million
/// games takes a few hundred megabytes with the games themselves, and already prints only as
/// a summary. Longer lists are refused with an error that points to the counting function.
pub const MAX_LIST_LEN: usize = 1_000_000;

/// Outcome classes (WW ch. 1): who wins when each player moves first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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
}

/// A value computed by the evaluator.
#[derive(Clone, Debug)]
pub enum Value {
    Game(GameId),
    Bool(bool),
    Str(String),
    List(Vec<Value>),
    Outcome(Outcome),
    Relation(Relation),
    Thermograph(Arc<Thermograph>),
    /// A threat game or loopy constant (`on`, `{on|*}`, `5over`, `dud`); never a plain short
    /// game, which is always `Game`.
    Threat(TId),
    /// A position of a game module with its value; acts as the value in algebra.
    Position(Arc<Position>),
    /// Text shown verbatim, such as a plotted thermograph (not a string value).
    Text(String),
}

impl Value {
    /// A short name of the value's type, for error messages.
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Game(_) => "game",
            Value::Bool(_) => "boolean",
            Value::Str(_) => "string",
            Value::List(_) => "list",
            Value::Outcome(_) => "outcome class",
            Value::Relation(_) => "comparison result",
            Value::Thermograph(_) => "thermograph",
            Value::Threat(_) => "loopy game",
            Value::Text(_) => "picture",
            Value::Position(_) => "position",
        }
    }
}

/// Which game module a position belongs to.
#[derive(Clone, Debug)]
pub enum PositionKind {
    Domineering(crate::rulesets::domineering::Domineering),
}

/// A module position and its canonical value.
#[derive(Clone, Debug)]
pub struct Position {
    pub kind: PositionKind,
    pub value: GameId,
}

impl Value {
    /// The game value of a game or position.
    pub fn as_game(&self) -> Option<GameId> {
        match self {
            Value::Game(g) => Some(*g),
            Value::Position(p) => Some(p.value),
            _ => None,
        }
    }
}

/// Appends a string literal in the language's syntax (double quotes, `\"` and `\\` escaped).
pub fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Prints a value; `None` when a game's text would pass `limit` characters.
pub fn display_value(
    arena: &mut Arena,
    threats: &mut Threats,
    v: &Value,
    limit: usize,
) -> Option<String> {
    let mut out = String::new();
    append_value(arena, threats, v, limit, &mut out)?;
    Some(out)
}

fn append_value(
    arena: &mut Arena,
    threats: &mut Threats,
    v: &Value,
    limit: usize,
    out: &mut String,
) -> Option<()> {
    match v {
        Value::Game(g) => {
            let rest = limit.checked_sub(out.len())?;
            out.push_str(&arena.display_limited(*g, rest)?);
        }
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Str(s) => quote(out, s),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                append_value(arena, threats, item, limit, out)?;
            }
            out.push(']');
        }
        Value::Outcome(o) => out.push_str(o.symbol()),
        Value::Relation(r) => out.push_str(r.symbol()),
        Value::Threat(t) => out.push_str(&threats.display(arena, *t)),
        Value::Text(t) => out.push_str(t),
        Value::Position(p) => {
            let rest = limit.checked_sub(out.len())?;
            out.push_str(&arena.display_limited(p.value, rest)?);
        }
        Value::Thermograph(t) => {
            let _ = write!(out, "{}", crate::analysis::thermograph::cgsuite_text(t));
        }
    }
    (out.len() <= limit).then_some(())
}
