//! Reports on module positions: the move table of `moves(P)` with the winning moves, and the
//! values of a position's independent parts (pawn chunks) printed under its value.

use std::fmt::Write;

use super::session::Session;
use super::value::{ModulePosition, Value, win_text};
use crate::game::Outcome;
use crate::search::{MoveRow, Part, Player, PositionValue};

impl Session {
    /// Prints a statement's value; a position made of several parts gets one comment line per
    /// part with its value, so the text still reads back as the value.
    pub(crate) fn show_with_parts(&mut self, v: &Value) -> String {
        let mut text = self.show(v);
        if let Value::Position(p) = v
            && let Some(c) = p.position.conditional()
        {
            let value = self.position_value(p);
            for line in self.with_search(|env| c.report(value, env)) {
                let _ = write!(text, "\n# {line}");
            }
            return text;
        }
        if let Value::Position(p) = v {
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
    /// leads to, and the moves that win the whole position for the player making them.
    pub(crate) fn move_table(&mut self, p: &ModulePosition) -> String {
        let names = p.position.player_names();
        let parts: Vec<Part> = self.with_search(|env| p.position.parts(env));
        let rows: Vec<MoveRow> = self.with_search(|env| p.position.moves(env));
        let mut out = format!("position {}", p.position.describe());
        let part_values: Vec<PositionValue> = parts.iter().map(|q| q.value).collect();
        if !parts.is_empty() {
            let whole = self.position_value(p);
            let text = self.position_value_text(whole);
            let who = self.who_wins(whole, names);
            let _ = write!(out, " = {text}\n{who}");
        }
        let mut winning = Vec::new();
        let mut current = None;
        for r in &rows {
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
            let value = self.position_value_text(r.value);
            let _ = write!(out, "\n  {:<12} {value}", format!("{who}{}", r.text));
            let after = if parts.is_empty() {
                Some(r.value)
            } else {
                self.sum_with(&part_values, r.part, r.value)
            };
            if after.is_some_and(|a| self.mover_wins(r.player, a)) {
                winning.push(format!("{who}{}", r.text));
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
        out
    }

    pub(crate) fn position_value_text(&mut self, v: PositionValue) -> String {
        let v = match v {
            PositionValue::Game(g) => Value::Game(g),
            PositionValue::Threat(t) => Value::Threat(t),
            PositionValue::Win(p) => return win_text(p).to_string(),
        };
        self.show(&v)
    }

    /// The sum of `parts` with part `i` replaced by `value`; `None` when the threat algebra
    /// cannot add them (promotion threats of both sides in different parts).
    fn sum_with(
        &mut self,
        parts: &[PositionValue],
        i: usize,
        value: PositionValue,
    ) -> Option<PositionValue> {
        let values = parts
            .iter()
            .enumerate()
            .map(|(j, &v)| if j == i { value } else { v });
        PositionValue::sum(values, &mut self.arena, &mut self.threats)
    }

    /// The outcome class of a value, if the threat algebra decides it.
    fn value_outcome(&mut self, v: PositionValue) -> Option<Outcome> {
        v.outcome(&mut self.arena, &mut self.threats).ok()
    }

    /// Whether the player who just moved (`None`: either, in an impartial game) wins the
    /// position `after`, where the opponent is to move.
    fn mover_wins(&mut self, mover: Option<Player>, after: PositionValue) -> bool {
        let Some(o) = self.value_outcome(after) else {
            return false;
        };
        match mover {
            Some(Player::Left) => matches!(o, Outcome::L | Outcome::P),
            Some(Player::Right) => matches!(o, Outcome::R | Outcome::P),
            None => o == Outcome::P,
        }
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
