//! Reports on module positions: the move table of `moves(P)` with the winning moves, and the
//! values of a position's independent parts (pawn chunks) printed under its value.

use std::fmt::Write;

use crate::calc::context::Context;
use std::sync::Arc;

use crate::calc::value::{ModulePosition, Report, Value, win_text};
use crate::game::Outcome;
use crate::search::{MoveRow, Part, Player, PositionValue};

impl Context<'_> {
    /// Prints a statement's value; a position made of several parts gets one comment line per
    /// part with its value, so the text still reads back as the value. A distance to mate
    /// prints its whole sentence (inside lists and tables, its number).
    pub(crate) fn show_with_parts(&mut self, v: &Value) -> String {
        match v {
            Value::Dtm(d) => return d.report.clone(),
            Value::Report(r) => return r.text.clone(),
            _ => {}
        }
        let mut text = self.show(v);
        if let Value::Position(p) = v {
            // The position's own report where its family has one (`Position::report`),
            // otherwise its parts.
            let value = self.position_value(p);
            if let Some(lines) = self.with_search(|env| p.position.report(value, env)) {
                for line in lines {
                    let _ = write!(text, "\n# {line}");
                }
                return text;
            }
            let parts = self.with_search(|env| p.position.parts(env));
            if parts.len() > 1 || parts.iter().any(|q| q.source.is_some()) {
                for (i, part) in parts.iter().enumerate() {
                    let value = self.position_value_text(part.value);
                    let chunk = if parts.len() > 1 {
                        format!("chunk {}: ", i + 1)
                    } else {
                        String::new()
                    };
                    let source = match &part.source {
                        Some(s) => format!(", by {s} (not searched)"),
                        None => String::new(),
                    };
                    let _ = write!(text, "\n# {chunk}{} = {value}{source}", part.text);
                }
            }
        }
        text
    }

    /// The text of `moves(P)`: the position (with its value and who wins when it has parts),
    /// each part with its value, outcome and search counters, every move with the value it
    /// leads to, and the moves that win the whole position for the player making them. With
    /// parts, a move's value is its part's, so its row also says what the whole position is
    /// after it and who wins that ([`MoveRow::whole`]; a race between parts is searched).
    ///
    /// As data the report is one row `[move, position]` per move, the move written as in the
    /// table and the position the option itself (valued when needed) where the ruleset builds
    /// its options, otherwise `[move, value]` with the value of the whole position after it.
    pub(crate) fn moves_report(&mut self, p: &ModulePosition) -> Report {
        let (text, rows, has_parts) = self.move_table(p);
        let names = p.position.player_names();
        let mover = |player: Option<Player>| match player {
            Some(Player::Left) => format!("{} ", names[0]),
            Some(Player::Right) => format!("{} ", names[1]),
            None => String::new(),
        };
        let options: Option<Vec<_>> = [Player::Left, Player::Right]
            .into_iter()
            .take(if rows.iter().all(|r| r.player.is_none()) {
                1
            } else {
                2
            })
            .map(|player| {
                let who = if rows.iter().all(|r| r.player.is_none()) {
                    None
                } else {
                    Some(player)
                };
                p.position.options(player).map(|os| (who, os))
            })
            .collect();
        let items = match options {
            Some(sides) => {
                let mut items = Vec::new();
                for (who, os) in sides {
                    for (name, q) in os {
                        let label = format!("{}{name}", mover(who));
                        let option = ModulePosition::new(q).with_move(name);
                        // Without parts a row's value is the option's own.
                        if let Some(r) = rows.get(items.len())
                            && !has_parts
                            && r.player == who
                            && format!("{}{}", mover(r.player), r.text) == label
                        {
                            option.set_value(r.value);
                        }
                        items.push(Value::List(vec![
                            Value::Str(label),
                            Value::Position(Arc::new(option)),
                        ]));
                    }
                }
                items
            }
            None => rows
                .iter()
                .map(|r| {
                    let value = match r.whole.unwrap_or(r.value) {
                        PositionValue::Game(g) => Value::Game(g),
                        PositionValue::Threat(t) => Value::Threat(t),
                        PositionValue::Win(w) => Value::Str(win_text(w).to_string()),
                    };
                    Value::List(vec![
                        Value::Str(format!("{}{}", mover(r.player), r.text)),
                        value,
                    ])
                })
                .collect(),
        };
        Report { text, items }
    }

    /// The table of [`Context::moves_report`], its rows, and whether the position has parts.
    fn move_table(&mut self, p: &ModulePosition) -> (String, Vec<MoveRow>, bool) {
        let names = p.position.player_names();
        let parts: Vec<Part> = self.with_search(|env| p.position.parts(env));
        let rows: Vec<MoveRow> = self.with_search(|env| p.position.moves(env));
        let mut out = format!("position {}", p.position.describe());
        if !parts.is_empty() {
            let whole = self.position_value(p);
            let text = self.position_value_text(whole);
            let who = self.who_wins(whole, names);
            let _ = write!(out, " = {text}\n{who}");
        }
        let values: Vec<String> = rows
            .iter()
            .map(|r| self.position_value_text(r.value))
            .collect();
        let width = values.iter().map(|v| v.chars().count()).max().unwrap_or(0);
        let mut winning = Vec::new();
        let mut current = None;
        for (r, value) in rows.iter().zip(&values) {
            if !parts.is_empty() && current != Some(r.part) {
                current = Some(r.part);
                let q = &parts[r.part];
                let value = self.position_value_text(q.value);
                let who = self.who_wins(q.value, names);
                let how = match &q.source {
                    Some(s) => format!("by {s}, not searched"),
                    None => format!("{} nodes, depth {}", q.stats.nodes, q.stats.depth),
                };
                let _ = write!(
                    out,
                    "\nchunk {}: {} = {value}\n  {who}; {how}",
                    r.part + 1,
                    q.text
                );
            }
            let who = match r.player {
                Some(Player::Left) => format!("{} ", names[0]),
                Some(Player::Right) => format!("{} ", names[1]),
                None => String::new(),
            };
            let mover_wins = r.mover_wins;
            if parts.is_empty() {
                let _ = write!(out, "\n  {:<12} {value}", format!("{who}{}", r.text));
            } else {
                let whole = match r.whole {
                    _ if parts.len() == 1 => String::new(),
                    Some(w) => format!("whole {}: ", self.position_value_text(w)),
                    None => "race between chunks: ".to_string(),
                };
                let winner = match (mover_wins, r.player) {
                    (Some(w), Some(p)) => {
                        let p = if w { p } else { p.other() };
                        format!("{} wins", names[p.index()])
                    }
                    (Some(w), None) => {
                        format!("the {} wins", if w { "mover" } else { "opponent" })
                    }
                    (None, _) => "who wins is open".to_string(),
                };
                let _ = write!(
                    out,
                    "\n  {:<12} {value:<width$}  {whole}{winner}",
                    format!("{who}{}", r.text)
                );
            }
            if mover_wins == Some(true) {
                let named_twice = rows
                    .iter()
                    .any(|o| o.part != r.part && o.player == r.player && o.text == r.text);
                let chunk = if named_twice {
                    format!(" (chunk {})", r.part + 1)
                } else {
                    String::new()
                };
                winning.push(format!("{who}{}{chunk}", r.text));
            }
        }
        if rows.is_empty() {
            out.push_str("\nno moves");
        } else {
            let list = if winning.is_empty() {
                "none".to_string()
            } else {
                winning.join(", ")
            };
            let _ = write!(out, "\nwinning moves: {list}");
        }
        (out, rows, !parts.is_empty())
    }

    pub(crate) fn position_value_text(&mut self, v: PositionValue) -> String {
        let v = match v {
            PositionValue::Game(g) => Value::Game(g),
            PositionValue::Threat(t) => Value::Threat(t),
            PositionValue::Win(p) => return win_text(p).to_string(),
        };
        self.show(&v)
    }

    /// The outcome class of a value, if the threat algebra decides it.
    fn value_outcome(&mut self, v: PositionValue) -> Option<Outcome> {
        v.outcome(self.arena, self.threats).ok()
    }

    /// Who wins `v` with each player moving first, in the ruleset's names.
    fn who_wins(&mut self, v: PositionValue, names: [&str; 2]) -> String {
        let [l, r] = names;
        let how = if matches!(v, PositionValue::Win(_)) {
            " by force"
        } else {
            ""
        };
        match self.value_outcome(v) {
            Some(Outcome::L) => format!("{l} first: {l} wins{how}; {r} first: {l} wins{how}"),
            Some(Outcome::R) => format!("{l} first: {r} wins{how}; {r} first: {r} wins{how}"),
            Some(Outcome::N) => format!("{l} first: {l} wins; {r} first: {r} wins"),
            Some(Outcome::P) => format!("{l} first: {r} wins; {r} first: {l} wins"),
            None => "who wins is open: the value holds threats of both sides, which the threat algebra does not order".to_string(),
        }
    }
}
