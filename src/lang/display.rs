//! How values print: games in CGSuite's plain text (or as a summary when the text would not
//! read back), lists, tables aligned in columns.

use std::fmt::Write;

use crate::calc::context::Context;
use crate::calc::value::{Table, Value, quote, win_text};
use crate::game::threat::Threats;
use crate::game::{Arena, GameId};
use crate::search::PositionValue;
use crate::syntax::parser;

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
        // Inside lists and tables a report is its data (a statement prints its sentence:
        // `Context::show_with_parts`).
        Value::Report(r) => append_list(arena, threats, &r.items, limit, out)?,
        Value::List(items) => append_list(arena, threats, items, limit, out)?,
        Value::Outcome(o) => out.push_str(o.symbol()),
        Value::Relation(r) => out.push_str(r.symbol()),
        Value::Threat(t) => out.push_str(&threats.display(arena, *t)),
        Value::Misere(g) => out.push_str(&crate::game::misere::shared().text(*g)),
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

/// Appends `[a, b, ...]`; `None` past `limit` characters.
fn append_list(
    arena: &mut Arena,
    threats: &mut Threats,
    items: &[Value],
    limit: usize,
    out: &mut String,
) -> Option<()> {
    out.push('[');
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        append_value(arena, threats, item, limit, out)?;
    }
    out.push(']');
    Some(())
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

/// Printing on the narrow context: what a function or the session shows of a value.
impl Context<'_> {
    /// Prints a value within the print limit, or its summary. Positions get their values
    /// computed first.
    pub fn show(&mut self, v: &Value) -> String {
        self.resolve_positions(v);
        self.show_computed(v)
    }

    /// Prints a value in full (no print limit, ASCII), as `:save` and the exports write it.
    pub(crate) fn show_full(&mut self, v: &Value) -> String {
        self.resolve_positions(v);
        display_value(self.arena, self.threats, v, usize::MAX).unwrap_or_else(|| too_long(v))
    }

    /// Prints a value as far as it is computed: a position whose value is not known yet
    /// prints as `<ruleset position board>`.
    pub(crate) fn show_computed(&mut self, v: &Value) -> String {
        let text = match display_value(self.arena, self.threats, v, self.settings.print_limit) {
            Some(s) => s,
            None => match v {
                Value::Game(g) => self.game_summary(*g),
                Value::Position(p) => match p.known_value() {
                    Some(PositionValue::Game(g)) => self.game_summary(g),
                    _ => too_long(v),
                },
                _ => too_long(v),
            },
        };
        // A summary is never longer than the text it stands for (a tiny print limit).
        let text = if text.starts_with('<') {
            display_value(self.arena, self.threats, v, text.len()).unwrap_or(text)
        } else {
            text
        };
        if self.settings.unicode && !matches!(v, Value::Str(_) | Value::Text(_)) {
            unicode_symbols(&text)
        } else {
            text
        }
    }

    /// The summary of a game that is not printed: too long for the print limit, or nested
    /// deeper than input may be (then it says so: `:print-limit 0` would not help).
    fn game_summary(&mut self, g: GameId) -> String {
        let summary = self.arena.summary(g);
        if too_deep_to_print(self.arena, g) {
            summary.replace(
                crate::game::display::SUMMARY_TAIL,
                &format!(
                    "nested too deeply to print in a form that reads back (input nests at most {} levels)",
                    parser::MAX_DEPTH
                ),
            )
        } else {
            summary
        }
    }

    /// Computes the value of every position in `v` that has none yet, inside lists and
    /// tables too: language.md values positions in lists and tables when they are printed,
    /// like any other value.
    fn resolve_positions(&mut self, v: &Value) {
        match v {
            Value::Position(p) => {
                self.position_value(p);
            }
            Value::List(items) => items.iter().for_each(|x| self.resolve_positions(x)),
            Value::Report(r) => r.items.iter().for_each(|x| self.resolve_positions(x)),
            Value::Table(t) => t
                .rows
                .iter()
                .flat_map(|(keys, values)| keys.iter().chain(values))
                .for_each(|x| self.resolve_positions(x)),
            _ => {}
        }
    }
}

fn too_long(v: &Value) -> String {
    format!(
        "<{} too long to print: `:print-limit 0` prints it in full>",
        v.type_name()
    )
}

/// Game text with ↑ ↓ ⋆ ± for `^`, the down `v`, `*` and `+-` (a `v` that follows a letter,
/// as in `over`, is part of a word and stays).
pub fn unicode_symbols(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '^' => out.push('↑'),
            '*' => out.push('⋆'),
            'v' if !prev.is_some_and(|p| p.is_ascii_alphabetic()) => out.push('↓'),
            '+' if chars.peek() == Some(&'-') => {
                chars.next();
                out.push('±');
            }
            c => out.push(c),
        }
        prev = Some(c);
    }
    out
}
