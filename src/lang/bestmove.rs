//! `bestmove(G1 + G2 + ...)`: the move each sum-play strategy picks
//! ([`crate::search::sum_play`]), stated for the whole sum.
//!
//! The sum's components are its summands, and a module position made of independent parts
//! (pawn chunks, runs of Elkies files) contributes each part: a position with parts *is*
//! their sum. Every pick says what the whole sum is after the move and who wins it with the
//! opponent to move. That judgement is the position's own where the argument is one
//! position ([`MoveRow::mover_wins`]: a race between promotion threats of different parts is
//! searched for its winner), otherwise the threat algebra's sum of the summands.

use std::fmt::Write as _;

use super::builtins::CallError;
use crate::calc::args::Args;
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::game::threat::ThreatId;
use crate::game::{Dyadic, GameId};
use crate::search::position::mover_wins;
use crate::search::sum_play::{self, Move, Strategy};
use crate::search::{MoveRow, Player, PositionValue};

/// A component of the sum: its value and how it is named.
struct Component {
    value: PositionValue,
    /// The value's text.
    name: String,
    /// For a part of a position, the part in the ruleset's words (`White h3, Black h7`).
    part: Option<String>,
    /// The summand it belongs to.
    item: usize,
}

/// A move of the player to move in one component.
struct Candidate {
    component: usize,
    /// The component's value after the move, and its text.
    option: PositionValue,
    option_text: String,
    /// The move in the ruleset's words, or the option's text for a game.
    text: String,
    /// For a position's move: its row's judgement of the whole position after the move (its
    /// value, `None` in a race between parts, and whether the mover wins it).
    row: Option<(Option<PositionValue>, Option<bool>)>,
}

/// The sum as `bestmove` sees it.
struct Sum {
    /// Each summand's value.
    items: Vec<PositionValue>,
    components: Vec<Component>,
    /// The moves of the player to move.
    candidates: Vec<Candidate>,
}

/// What one strategy's pick is, for the report.
struct Pick {
    candidate: usize,
    /// The whole sum after the move and whether the mover wins it.
    after: Option<PositionValue>,
    wins: Option<bool>,
}

/// The text of `bestmove(sum)` or `bestmove(sum, "left"|"right")`.
pub(crate) fn bestmove(s: &mut Context<'_>, v: Args) -> Result<Value, CallError> {
    let player = match v.get(1) {
        None => Player::Left,
        Some(Value::Str(p)) if p.eq_ignore_ascii_case("left") => Player::Left,
        Some(Value::Str(p)) if p.eq_ignore_ascii_case("right") => Player::Right,
        Some(_) => return Err(CallError::Arg(1, "expected \"left\" or \"right\"".into())),
    };
    let items: Vec<Value> = match &v[0] {
        Value::List(items) => items.clone(),
        other => vec![other.clone()],
    };
    let Sum {
        items: items_values,
        components,
        candidates,
    } = gather(s, &items, player)?;
    let who = side_name(player);
    let names: Vec<&str> = components.iter().map(|c| c.name.as_str()).collect();
    let mut out = format!("{who} to move in {}", names.join(" + "));
    if candidates.is_empty() {
        let _ = write!(out, "\n{who} has no move");
        return Ok(Value::Text(out));
    }
    // The whole sum after each move, and whether the mover wins it: a single position judges
    // itself (races between its parts included), a sum of several adds their values.
    let mut afters = Vec::with_capacity(candidates.len());
    for c in &candidates {
        let after = match c.row {
            Some((whole, wins)) if items.len() == 1 => (whole, wins),
            _ => {
                let after = whole_after(s, &items_values, &components, c);
                let wins = after.and_then(|a| mover_wins(s.arena, s.threats, Some(player), a));
                (after, wins)
            }
        };
        afters.push(after);
    }
    let none_wins = afters.iter().all(|a| a.1 == Some(false));
    let picks = picks(s, &components, &candidates, &afters, player);
    for (strategy, pick) in picks {
        let _ = write!(out, "\n{:<16} ", strategy.name());
        match pick {
            Ok(p) => {
                describe_pick(s, &mut out, &components, &candidates, &p, player, strategy);
                if strategy == Strategy::Optimal && none_wins {
                    out.push_str(" (every move loses)");
                }
            }
            Err(why) => out.push_str(&why),
        }
    }
    Ok(Value::Text(out))
}

/// The summands' values, the sum's components and the moves of `player` in them.
fn gather(s: &mut Context<'_>, items: &[Value], player: Player) -> Result<Sum, CallError> {
    let mut values = Vec::new();
    let mut components = Vec::new();
    let mut candidates = Vec::new();
    for (i, item) in items.iter().enumerate() {
        match item {
            Value::Game(g) => {
                values.push(PositionValue::Game(*g));
                for m in sum_play::moves_of(s.arena, &[*g], player) {
                    candidates.push(Candidate {
                        component: components.len(),
                        option: PositionValue::Game(m.option),
                        option_text: m.text.clone(),
                        text: m.text,
                        row: None,
                    });
                }
                let name = s.arena.display(*g);
                components.push(Component {
                    value: PositionValue::Game(*g),
                    name,
                    part: None,
                    item: i,
                });
            }
            Value::Threat(t) => {
                values.push(PositionValue::Threat(*t));
                let left = player == Player::Left;
                for o in s.threats.options(s.arena, *t, left) {
                    let text = s.threats.display(s.arena, o);
                    candidates.push(Candidate {
                        component: components.len(),
                        option: PositionValue::of_threat(s.threats, o),
                        option_text: text.clone(),
                        text,
                        row: None,
                    });
                }
                let name = s.threats.display(s.arena, *t);
                components.push(Component {
                    value: PositionValue::Threat(*t),
                    name,
                    part: None,
                    item: i,
                });
            }
            Value::Position(p) if let Some(refusal) = p.position.no_algebra() => {
                return Err(CallError::Arg(
                    0,
                    format!("component {} {}", i + 1, refusal.as_component),
                ));
            }
            Value::Position(p) => {
                values.push(s.position_value(p));
                let parts = s.with_search(|env| p.position.parts(env));
                let rows: Vec<MoveRow> = s.with_search(|env| p.position.moves(env));
                let first = components.len();
                if parts.is_empty() {
                    let value = values[i];
                    let name = s.position_value_text(value);
                    components.push(Component {
                        value,
                        name,
                        part: None,
                        item: i,
                    });
                } else {
                    for part in parts {
                        let name = s.position_value_text(part.value);
                        components.push(Component {
                            value: part.value,
                            name,
                            part: Some(part.text),
                            item: i,
                        });
                    }
                }
                for r in rows
                    .into_iter()
                    .filter(|r| r.player.is_none_or(|q| q == player))
                {
                    candidates.push(Candidate {
                        component: first + r.part,
                        option: r.value,
                        option_text: s.position_value_text(r.value),
                        text: r.text,
                        row: Some((r.whole, r.mover_wins)),
                    });
                }
            }
            other => {
                return Err(CallError::Arg(
                    0,
                    format!("component {} is a {}, not a game", i + 1, other.type_name()),
                ));
            }
        }
    }
    Ok(Sum {
        items: values,
        components,
        candidates,
    })
}

fn side_name(player: Player) -> &'static str {
    match player {
        Player::Left => "Left",
        Player::Right => "Right",
    }
}

/// The whole sum after move `c`: the other summands' values plus this summand after the move
/// (a position's own judgement of itself, races included); `None` where the threat algebra
/// has no sum (threats of both sides in different summands).
fn whole_after(
    s: &mut Context<'_>,
    items: &[PositionValue],
    components: &[Component],
    c: &Candidate,
) -> Option<PositionValue> {
    let item = components[c.component].item;
    let moved = match c.row {
        Some((whole, _)) => whole?,
        None => c.option,
    };
    let values = items
        .iter()
        .enumerate()
        .map(|(j, &v)| if j == item { moved } else { v });
    PositionValue::sum(values, s.arena, s.threats)
}

/// Each strategy's pick, or why it has none. Where every component and option is a short
/// game the strategies run as defined ([`sum_play::pick`]); where threats (`on`/`off`) take
/// part, optimal compares incentives in the threat algebra and the temperature strategies,
/// which threat games give no temperatures or means, choose among the moves to short games
/// of short components.
fn picks(
    s: &mut Context<'_>,
    components: &[Component],
    candidates: &[Candidate],
    afters: &[(Option<PositionValue>, Option<bool>)],
    player: Player,
) -> Vec<(Strategy, Result<Pick, String>)> {
    let short = |v: PositionValue| match v {
        PositionValue::Game(g) => Some(g),
        _ => None,
    };
    let comps: Option<Vec<GameId>> = components.iter().map(|c| short(c.value)).collect();
    // Indices of the moves to short games, as sum-play moves.
    let shorts: Vec<usize> = (0..candidates.len())
        .filter(|&i| short(candidates[i].option).is_some())
        .collect();
    let moves: Vec<Move> = shorts
        .iter()
        .filter_map(|&i| {
            Some(Move {
                component: candidates[i].component,
                option: short(candidates[i].option)?,
                text: candidates[i].text.clone(),
                gain: None,
            })
        })
        .collect();
    let all_short = comps.is_some() && shorts.len() == candidates.len();
    let pick_of = |i: usize| Pick {
        candidate: i,
        after: afters[i].0,
        wins: afters[i].1,
    };
    let mut out = Vec::new();
    for strategy in Strategy::ALL {
        let picked = match (&comps, strategy) {
            (Some(comps), _) if all_short => {
                sum_play::pick(s.arena, comps, &moves, player, strategy).map(|k| shorts[k])
            }
            (_, Strategy::Optimal) => {
                let incentives: Vec<Option<ThreatId>> = candidates
                    .iter()
                    .map(|c| threat_incentive(s, components[c.component].value, c.option, player))
                    .collect();
                let wins: Vec<Option<bool>> = afters.iter().map(|a| a.1).collect();
                sum_play::pick_optimal(s.arena, s.threats, &incentives, &wins)
            }
            (None, _) => {
                out.push((
                    strategy,
                    Err("no pick: a component holds promotion threats (on/off), which have no temperature".to_string()),
                ));
                continue;
            }
            (Some(comps), _) => {
                if moves.is_empty() {
                    out.push((
                        strategy,
                        Err("no pick: every move leads to a threat game (on/off), which has no temperature or mean".to_string()),
                    ));
                    continue;
                }
                sum_play::pick(s.arena, comps, &moves, player, strategy).map(|k| shorts[k])
            }
        };
        match picked {
            Some(i) => out.push((strategy, Ok(pick_of(i)))),
            None => out.push((strategy, Err("no pick".to_string()))),
        }
    }
    out
}

/// The incentive of a move in the threat algebra (`None` where it has no value).
fn threat_incentive(
    s: &mut Context<'_>,
    component: PositionValue,
    option: PositionValue,
    player: Player,
) -> Option<ThreatId> {
    let c = component.to_threat(s.threats);
    let o = option.to_threat(s.threats);
    sum_play::threat_incentive(s.arena, s.threats, c, o, player)
}

/// One pick's line: the component, the move and the value it leaves there, the incentive,
/// the temperatures (short games only), and the whole sum after the move with who wins it.
fn describe_pick(
    s: &mut Context<'_>,
    out: &mut String,
    components: &[Component],
    candidates: &[Candidate],
    p: &Pick,
    player: Player,
    strategy: Strategy,
) {
    let c = &candidates[p.candidate];
    let comp = &components[c.component];
    let option = &c.option_text;
    let step = if c.text == *option {
        format!("to {option}")
    } else {
        format!("{} to {option}", c.text)
    };
    let _ = match &comp.part {
        Some(part) => write!(
            out,
            "component {} ({}: {part}): {step}",
            c.component + 1,
            comp.name
        ),
        None => write!(out, "component {} ({}): {step}", c.component + 1, comp.name),
    };
    match threat_incentive(s, comp.value, c.option, player) {
        Some(t) => {
            let text = s.threats.display(s.arena, t);
            let _ = write!(out, "; incentive {text}");
        }
        None => out.push_str("; incentive undefined (on and off both)"),
    }
    if let (PositionValue::Game(g), PositionValue::Game(o)) = (comp.value, c.option) {
        let (tg, to): (Dyadic, Dyadic) = (s.arena.temperature(g), s.arena.temperature(o));
        let _ = write!(out, ", temperature {tg} -> {to}");
    }
    if strategy == Strategy::Thermostrat {
        let comps: Vec<GameId> = components
            .iter()
            .filter_map(|c| match c.value {
                PositionValue::Game(g) => Some(g),
                _ => None,
            })
            .collect();
        let ambient = sum_play::ambient_temperature(s.arena, &comps, player);
        let _ = write!(out, ", ambient temperature {ambient}");
    }
    let other = side_name(player.other());
    let left = match p.after {
        Some(a) => s.position_value_text(a),
        None => "a race between promotion threats".to_string(),
    };
    match p.wins {
        Some(w) => {
            let winner = if w { side_name(player) } else { other };
            let _ = write!(out, "; leaves {left}, {other} to move: {winner} wins");
        }
        None => {
            let _ = write!(
                out,
                "; leaves {left}, and who wins it is open (promotion threats of both sides in different summands)"
            );
        }
    }
}
