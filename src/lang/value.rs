//! Values of the language: games and everything functions return about them.

use std::fmt::Write;
use std::sync::{Arc, Mutex, OnceLock};

use super::syntax::parser;
use crate::game::threat::{ThreatId, Threats};
use crate::game::{Arena, GameId, Outcome, Relation, Thermograph};
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
    /// A position of a game module; acts as its value in algebra.
    Position(Arc<ModulePosition>),
    /// Text shown verbatim, such as a plotted thermograph (not a string value).
    Text(String),
    /// An argument as written, not evaluated: what a function with `quoted` set receives
    /// (`explain` sees the options of `{...}` before canonicalisation, `why` a comparison's
    /// two sides). Never stored or printed.
    Quoted(Box<crate::lang::syntax::ast::Expr>),
    /// A table of values (`table(expr for n in 1..10)`), printed aligned.
    Table(Arc<Table>),
    /// A function passed by name to `map` or `filter`.
    Func(String),
    /// The result of `dtm(fen)`: a number of moves to mate (a game in algebra) or a draw,
    /// printed in full as a statement's value and as its number inside lists and tables.
    Dtm(Arc<DistanceToMate>),
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
            Value::Table(_) => "table",
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
    /// A mutex rather than a `OnceLock` so that `:gc` can rename the game it holds.
    value: Mutex<Option<PositionValue>>,
    outcome: OnceLock<Outcome>,
}

impl ModulePosition {
    pub fn new(position: Box<dyn Position>) -> ModulePosition {
        ModulePosition {
            position,
            source: None,
            value: Mutex::new(None),
            outcome: OnceLock::new(),
        }
    }

    /// The position with the expression that builds it again (see [`ModulePosition::source`]).
    pub fn with_source(mut self, source: Option<String>) -> ModulePosition {
        self.source = source;
        self
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

/// The text of `g` within `limit` characters, unless it would not read back because it nests
/// deeper than the parser accepts ([`parser::MAX_DEPTH`]).
fn game_text(arena: &mut Arena, g: GameId, limit: usize) -> Option<String> {
    let text = arena.display_limited(g, limit)?;
    (!parser::nests_too_deeply(&text)).then_some(text)
}

/// Whether `g` prints deeper than input may nest (its text would not read back): only games
/// born after day [`parser::MAX_DEPTH`] / 4 are checked, by printing them (up to 64 MiB).
pub fn too_deep_to_print(arena: &mut Arena, g: GameId) -> bool {
    arena.birthday(g) > (parser::MAX_DEPTH / 4) as u64
        && arena
            .display_limited(g, 64 << 20)
            .is_some_and(|t| parser::nests_too_deeply(&t))
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
            out.push_str(&game_text(arena, *g, rest)?);
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
        Value::Position(p) if let Some(text) = p.position.value_text() => out.push_str(&text),
        Value::Position(p) => match p.known_value() {
            Some(PositionValue::Game(g)) => {
                let rest = limit.checked_sub(out.len())?;
                out.push_str(&game_text(arena, g, rest)?);
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
        Value::Table(t) => {
            let cells = table_cells(arena, threats, t, limit)?;
            out.push_str(&layout_table(t, &cells));
        }
        Value::Func(name) => out.push_str(name),
        Value::Dtm(d) => out.push_str(&d.short_text()),
    }
    (out.len() <= limit).then_some(())
}

/// The text of every cell of a table, keys first; `None` past `limit` characters.
pub fn table_cells(
    arena: &mut Arena,
    threats: &mut Threats,
    t: &Table,
    limit: usize,
) -> Option<Vec<Vec<String>>> {
    let mut total = 0usize;
    let mut rows = Vec::with_capacity(t.rows.len());
    for (keys, values) in &t.rows {
        let mut row = Vec::with_capacity(keys.len() + values.len());
        for v in keys.iter().chain(values) {
            let text = display_value(arena, threats, v, limit.saturating_sub(total))?;
            total += text.len() + 2;
            row.push(text);
        }
        rows.push(row);
    }
    (total <= limit).then_some(rows)
}

/// Lays out a table's cells in aligned columns. With two loop variables and one value column
/// the table is a grid: the first variable down, the second across (`m\n` in the corner).
pub fn layout_table(t: &Table, cells: &[Vec<String>]) -> String {
    if t.keys.len() == 2 && t.columns.len() == 1 {
        let mut downs: Vec<&str> = Vec::new();
        let mut acrosses: Vec<&str> = Vec::new();
        for row in cells {
            if !downs.contains(&row[0].as_str()) {
                downs.push(&row[0]);
            }
            if !acrosses.contains(&row[1].as_str()) {
                acrosses.push(&row[1]);
            }
        }
        let mut grid: Vec<Vec<String>> = Vec::with_capacity(downs.len() + 1);
        let mut head = vec![format!("{}\\{}", t.keys[0], t.keys[1])];
        head.extend(acrosses.iter().map(|s| s.to_string()));
        grid.push(head);
        for d in &downs {
            let mut line = vec![d.to_string()];
            for a in &acrosses {
                let cell = cells
                    .iter()
                    .find(|r| r[0] == *d && r[1] == *a)
                    .map_or(String::new(), |r| r[2].clone());
                line.push(cell);
            }
            grid.push(line);
        }
        return align(&grid, false);
    }
    let mut grid = Vec::with_capacity(cells.len() + 1);
    grid.push(t.headers());
    grid.extend(cells.iter().cloned());
    align(&grid, true)
}

/// Columns padded to their widest cell, two spaces apart; with `rule`, a line of dashes
/// under the first row.
fn align(grid: &[Vec<String>], rule: bool) -> String {
    let ncols = grid.iter().map(Vec::len).max().unwrap_or(0);
    let width = |c: usize| {
        grid.iter()
            .filter_map(|r| r.get(c))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    };
    let widths: Vec<usize> = (0..ncols).map(width).collect();
    let line = |cells: Vec<String>| {
        let mut s = String::new();
        for (c, cell) in cells.iter().enumerate() {
            if c + 1 == cells.len() {
                s.push_str(cell);
            } else {
                let pad = widths[c] - cell.chars().count();
                s.push_str(cell);
                s.push_str(&" ".repeat(pad + 2));
            }
        }
        s.trim_end().to_string()
    };
    let mut lines = Vec::with_capacity(grid.len() + 1);
    for (i, row) in grid.iter().enumerate() {
        lines.push(line(row.clone()));
        if i == 0 && rule {
            lines.push(line(widths.iter().map(|w| "-".repeat(*w)).collect()));
        }
    }
    lines.join("\n")
}
