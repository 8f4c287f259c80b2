//! Values of the language: games and everything functions return about them. (How they
//! print is the interpreter's: `lang::display`.)

use std::fmt::Write;
use std::sync::{Arc, Mutex, OnceLock};

use crate::game::threat::ThreatId;
use crate::game::{GameId, Outcome, Relation, Thermograph};
use crate::search::{Player, Position, PositionValue};

/// The most games a list built by a function may hold (`followers(G)`): a list of a million
/// games takes a few hundred megabytes with the games themselves, and already prints only as
/// a summary. Longer lists are refused with an error that points to the counting function.
pub const MAX_LIST_LEN: usize = 1_000_000;

/// The most values a list may hold in all, counting the list itself and the items of nested
/// lists (a table inside counts one: it is shared, not copied). Reading a variable copies its
/// value, and a copy has no check inside: without this cap `x = [x, x]` repeated 24 times
/// doubled past every time and memory limit within single copies (3.3 GB). Four million
/// values take about 130 MB and copy in a fraction of a second.
pub const MAX_LIST_VALUES: usize = 4_000_000;

/// What a value holds ([`Value::footprint`]).
#[derive(Clone, Copy, Debug)]
pub struct Footprint {
    /// Values, nested lists' items included.
    pub values: usize,
    /// Bytes a copy allocates, roughly.
    pub bytes: usize,
}

/// The error of a list that would pass [`MAX_LIST_VALUES`].
pub fn too_many_values() -> String {
    format!(
        "this list would hold more than {MAX_LIST_VALUES} values in all (the items of nested lists count), more than a list may hold"
    )
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
    Threat(ThreatId),
    /// A misère canonical form of an impartial game (in [`crate::game::misere::shared`]).
    Misere(crate::game::misere::MisereId),
    /// A position of a game module; acts as its value in algebra.
    Position(Arc<ModulePosition>),
    /// Text shown verbatim, such as a plotted thermograph (not a string value).
    Text(String),
    /// An argument as written, not evaluated: what a function with `quoted` set receives
    /// (`explain` sees the options of `{...}` before canonicalisation, `why` a comparison's
    /// two sides). Never stored or printed.
    Quoted(Box<crate::syntax::ast::Expr>),
    /// A table of values (`table(expr for n in 1..10)`), printed aligned.
    Table(Arc<Table>),
    /// A function passed by name to `map` or `filter`.
    Func(String),
    /// A result that prints as a sentence and reads as data: `period(xs)` prints `preperiod
    /// 2, period 2` and indexes as `[2, 2, 0]`.
    Report(Arc<Report>),
    /// The result of `dtm(fen)`: a number of moves to mate (a game in algebra) or a draw,
    /// printed in full as a statement's value and as its number inside lists and tables.
    Dtm(Arc<DistanceToMate>),
}

/// The error for a value where a short game was expected: loopy games get their own
/// sentence, since they are games too.
pub fn expected_game(v: &Value) -> String {
    match v {
        Value::Threat(_) => "expected a short game: this function does not take loopy games (on, over, upon, ...; `:help loopy` lists those that do)".to_string(),
        other => format!("expected a game, but this is a {}", other.type_name()),
    }
}

/// Perfect play in a chess endgame (`dtm`): White's moves to mate, `None` for a draw, and
/// the sentence a statement prints (the position, the verdict, the best move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DistanceToMate {
    pub moves: Option<u32>,
    pub report: String,
}

impl DistanceToMate {
    /// How the value prints inside a list or table: the number of moves, or `draw`.
    pub fn short_text(&self) -> String {
        match self.moves {
            Some(n) => n.to_string(),
            None => "draw".to_string(),
        }
    }
}

/// A result printed as `text` whose data, `items`, is what indexing, `len` and the list
/// functions see.
#[derive(Clone, Debug)]
pub struct Report {
    pub text: String,
    pub items: Vec<Value>,
}

/// A table: one key column for each loop variable of the generator that made it, then the
/// value columns.
#[derive(Clone, Debug)]
pub struct Table {
    /// The loop variables (`n`, or `m`, `n`).
    pub keys: Vec<String>,
    /// The headers of the value columns (the expressions as written).
    pub columns: Vec<String>,
    /// Each row: the loop variables' values, then the columns' values.
    pub rows: Vec<(Vec<Value>, Vec<Value>)>,
}

impl Table {
    /// The table as a list: the values of its one value column, or a list per row when it
    /// has several.
    pub fn as_list(&self) -> Vec<Value> {
        self.rows
            .iter()
            .map(|(_, vs)| {
                if vs.len() == 1 {
                    vs[0].clone()
                } else {
                    Value::List(vs.clone())
                }
            })
            .collect()
    }

    /// All headers, keys first.
    pub fn headers(&self) -> Vec<String> {
        self.keys.iter().chain(&self.columns).cloned().collect()
    }
}

impl Value {
    /// A value of the loopy store as a value of the language: short games are games.
    pub fn loopy(threats: &crate::game::threat::Threats, t: ThreatId) -> Value {
        match threats.as_short(t) {
            Some(g) => Value::Game(g),
            None => Value::Threat(t),
        }
    }

    /// How many values `self` holds (one, plus the values of its items for a list: nested
    /// lists count theirs) and about how many bytes a copy of it allocates; `None` when it
    /// holds more than `cap` values. Iterative, so deep nesting cannot overflow the stack.
    pub fn footprint(&self, cap: usize) -> Option<Footprint> {
        let mut f = Footprint {
            values: 0,
            bytes: std::mem::size_of::<Value>(),
        };
        let mut todo = vec![self];
        while let Some(v) = todo.pop() {
            f.values += 1;
            if f.values > cap {
                return None;
            }
            match v {
                // the items' array and the allocator's header
                Value::List(items) => {
                    f.bytes += items.len() * std::mem::size_of::<Value>() + 16;
                    todo.extend(items.iter());
                }
                Value::Str(t) | Value::Text(t) => f.bytes += t.len() + 16,
                _ => {}
            }
        }
        Some(f)
    }

    /// The values a list holds, a table's list form ([`Table::as_list`]) or a report's data;
    /// any other value comes back as the error.
    pub fn into_items(self) -> Result<Vec<Value>, Value> {
        match self {
            Value::List(items) => Ok(items),
            Value::Table(t) => Ok(t.as_list()),
            Value::Report(r) => Ok(r.items.clone()),
            other => Err(other),
        }
    }

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
            Value::Misere(_) => "misère game",
            Value::Text(_) => "picture",
            Value::Position(_) => "position",
            Value::Quoted(_) => "expression",
            Value::Table(_) => "table",
            Value::Report(_) => "report",
            Value::Func(_) => "function",
            Value::Dtm(d) if d.moves.is_none() => "draw (no distance to mate)",
            Value::Dtm(_) => "distance to mate",
        }
    }
}

/// A position of a game module with its value and outcome, each computed when first needed
/// and then kept (a variable holding a position shares them).
#[derive(Debug)]
pub struct ModulePosition {
    pub position: Box<dyn Position>,
    /// The expression that builds the position again, such as `dom(3, 3)` (the constructor
    /// call with its arguments' values), which `:save` writes; `None` when it has none.
    source: Option<String>,
    /// The move that led here, in the ruleset's notation, for an option of another position
    /// (`left(P)`, `moves(P)`).
    move_name: Option<String>,
    /// A mutex rather than a `OnceLock` so that `:gc` can rename the game it holds.
    value: Mutex<Option<PositionValue>>,
    outcome: OnceLock<Outcome>,
}

impl ModulePosition {
    pub fn new(position: Box<dyn Position>) -> ModulePosition {
        ModulePosition {
            position,
            source: None,
            move_name: None,
            value: Mutex::new(None),
            outcome: OnceLock::new(),
        }
    }

    /// The position with the expression that builds it again (see [`ModulePosition::source`]).
    pub fn with_source(mut self, source: Option<String>) -> ModulePosition {
        self.source = source;
        self
    }

    /// The position as an option of another, reached by the move `name`.
    pub fn with_move(mut self, name: String) -> ModulePosition {
        self.move_name = Some(name);
        self
    }

    /// The move that led to this position, for an option of another position.
    pub fn move_name(&self) -> Option<&str> {
        self.move_name.as_deref()
    }

    /// The expression that builds this position again (`dom(3, 3)`), if it has one.
    pub fn source(&self) -> Option<&str> {
        self.source.as_deref()
    }

    /// The value, if it has been computed.
    pub fn known_value(&self) -> Option<PositionValue> {
        *self.value.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The outcome, if it has been found.
    pub fn known_outcome(&self) -> Option<Outcome> {
        self.outcome.get().copied()
    }

    /// Keeps the computed value (the first one set wins; values are unique).
    pub fn set_value(&self, v: PositionValue) {
        self.value
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(v);
    }

    /// Renames the game of the value after `:gc` compacted the arena.
    pub(crate) fn remap_value(&self, map: &rustc_hash::FxHashMap<GameId, GameId>) {
        if let Some(PositionValue::Game(g)) = self
            .value
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .as_mut()
        {
            *g = map[g];
        }
    }

    pub fn set_outcome(&self, o: Outcome) {
        let _ = self.outcome.set(o);
    }
}

/// Appends a string literal in the language's syntax (double quotes, `\"` and `\\` escaped).
///
/// Control characters (other than the newline and tab, written `\n` and `\t`) are written
/// `\u{1b}`, which reads back: printed, they would reach the terminal as commands.
pub fn quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Appends a JSON string: `"`, `\\`, newlines, returns and tabs as JSON writes them, other
/// control characters (C0, DEL and C1) as `\\u00XX`.
pub fn json_quote(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c.is_control() => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
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
