//! Values of the language: games and everything functions return about them.

use std::fmt::Write;
use std::sync::{Arc, OnceLock};

use crate::game::threat::{ThreatId, Threats};
use crate::game::{Arena, GameId, Outcome, Relation, Thermograph};
use crate::search::{Player, Position, PositionValue};

/// The most games a list built by a function may hold (`followers(G)`): a list of a million
/// games takes a few hundred megabytes with the games themselves, and already prints only as
/// a summary. Longer lists are refused with an error that points to the counting function.
pub const MAX_LIST_LEN: usize = 1_000_000;

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
    Threat(ThreatId),
    /// A position of a game module; acts as its value in algebra.
    Position(Arc<ModulePosition>),
    /// Text shown verbatim, such as a plotted thermograph (not a string value).
    Text(String),
    /// An argument as written, not evaluated: what a function with `quoted` set receives
    /// (`explain` sees the options of `{...}` before canonicalisation, `why` a comparison's
    /// two sides). Never stored or printed.
    Quoted(Box<crate::lang::ast::Expr>),
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
            Value::Threat(_) => "threat game",
            Value::Text(_) => "picture",
            Value::Position(_) => "position",
            Value::Quoted(_) => "expression",
        }
    }
}

/// A position of a game module with its value and outcome, each computed when first needed
/// and then kept (a variable holding a position shares them).
#[derive(Debug)]
pub struct ModulePosition {
    pub position: Box<dyn Position>,
    value: OnceLock<PositionValue>,
    outcome: OnceLock<Outcome>,
}

impl ModulePosition {
    pub fn new(position: Box<dyn Position>) -> ModulePosition {
        ModulePosition {
            position,
            value: OnceLock::new(),
            outcome: OnceLock::new(),
        }
    }

    /// The value, if it has been computed.
    pub fn known_value(&self) -> Option<PositionValue> {
        self.value.get().copied()
    }

    /// The outcome, if it has been found.
    pub fn known_outcome(&self) -> Option<Outcome> {
        self.outcome.get().copied()
    }

    /// Keeps the computed value (the first one set wins; values are unique).
    pub fn set_value(&self, v: PositionValue) {
        let _ = self.value.set(v);
    }

    pub fn set_outcome(&self, o: Outcome) {
        let _ = self.outcome.set(o);
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

/// How a forced global win prints: `win` when Left (White) forces it, `loss` when Right does
/// (language.md, game modules).
pub fn win_text(p: Player) -> &'static str {
    match p {
        Player::Left => "win",
        Player::Right => "loss",
    }
}

/// Prints a value; `None` when a game's text would pass `limit` characters. Positions must
/// have their values computed first (the session does that before printing).
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
        Value::Position(p) if p.position.conditional().is_some() => {
            if let Some(c) = p.position.conditional() {
                out.push_str(&c.expression());
            }
        }
        Value::Position(p) => match p.known_value() {
            Some(PositionValue::Game(g)) => {
                let rest = limit.checked_sub(out.len())?;
                out.push_str(&arena.display_limited(g, rest)?);
            }
            Some(PositionValue::Threat(t)) => out.push_str(&threats.display(arena, t)),
            Some(PositionValue::Win(p)) => out.push_str(win_text(p)),
            None => {
                let _ = write!(
                    out,
                    "<{} position {}, value not computed yet>",
                    p.position.ruleset(),
                    p.position.describe()
                );
            }
        },
        Value::Thermograph(t) => out.push_str(&crate::game::thermograph::cgsuite_text(t)),
        Value::Quoted(_) => out.push_str("<expression>"),
    }
    (out.len() <= limit).then_some(())
}
