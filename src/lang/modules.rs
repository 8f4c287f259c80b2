//! Game-module functions: constructors that turn positions of real games into values through
//! the search engine (`domineering`, `dom`), and `moves` listings.

use std::fmt::Write;
use std::sync::Arc;

use super::builtins::BuiltinError;
use super::eval::Session;
use super::value::{Position, PositionKind, Value};
use crate::game::GameId;
use crate::rulesets::domineering::Domineering;
use crate::search::{Game, LocalSearch, Player, parallel_value};

/// A module function: name, signature, arity and help.
pub struct ModuleFn {
    pub name: &'static str,
    pub signature: &'static str,
    pub arity: std::ops::RangeInclusive<usize>,
    pub summary: &'static str,
    pub help: &'static str,
    pub run: fn(&mut Session, &[Value]) -> Result<Value, BuiltinError>,
}

pub static MODULE_FNS: &[ModuleFn] = &[
    ModuleFn {
        name: "domineering",
        signature: "domineering(board)",
        arity: 1..=1,
        summary: "a Domineering position and its value",
        help: "domineering(\".#..|....\") is the Domineering position with those rows (`.` empty,\n`#` filled, rows separated by `|`); Left places vertical dominoes, Right horizontal ones\n(WW ch. 5). It prints its canonical value and acts as that value in algebra.\nExample: domineering(\".#|..\") is *.",
        run: |s, v| constructed(s, "domineering", v),
    },
    ModuleFn {
        name: "dom",
        signature: "dom(m, n)",
        arity: 2..=2,
        summary: "the empty m x n Domineering board",
        help: "dom(m, n) is the empty Domineering board with m rows and n columns (at most 64\ncells). dom(2,2) is +-1, dom(2,3) is {2|-1/2}, dom(4,4) is +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}.",
        run: |s, v| constructed(s, "dom", v),
    },
    ModuleFn {
        name: "moves",
        signature: "moves(P)",
        arity: 1..=1,
        summary: "each move of a position and the value it leads to",
        help: "moves(P) lists the Left and Right moves of a module position P with the value of the\nposition each leads to. Example: moves(domineering(\"...|...\")).",
        run: |s, v| {
            let Value::Position(p) = &v[0] else {
                return Err(BuiltinError::Arg(
                    0,
                    "expected a position from a game module, e.g. domineering(\"..|..\")".into(),
                ));
            };
            match &p.kind {
                PositionKind::Domineering(d) => Ok(Value::Text(move_table(s, d))),
            }
        },
    },
];

/// Builds the position of a module constructor call without valuing it (also used by
/// `outcome(dom(6,6))`): `None` if `name` is not a position constructor.
pub fn construct(
    s: &Session,
    name: &str,
    v: &[Value],
) -> Option<Result<PositionKind, BuiltinError>> {
    let kind = match name {
        "dom" => (|| {
            let m = small_int(s, v, 0)?;
            let n = small_int(s, v, 1)?;
            Domineering::rectangle(m, n).map_err(BuiltinError::Call)
        })(),
        "domineering" => match v {
            [Value::Str(board)] => Domineering::parse(board).map_err(|m| BuiltinError::Arg(0, m)),
            _ => Err(BuiltinError::Arg(
                0,
                "expected a board string such as \".#|..\"".into(),
            )),
        },
        _ => return None,
    };
    Some(kind.map(PositionKind::Domineering))
}

/// A constructor's position, valued by the search engine.
fn constructed(s: &mut Session, name: &str, v: &[Value]) -> Result<Value, BuiltinError> {
    let kind = construct(s, name, v).expect("a position constructor")?;
    Ok(position(s, kind))
}

/// The outcome class of a position by outcome search (exact values for small parts), for
/// positions whose value is out of reach.
pub fn outcome_by_search(s: &mut Session, kind: &PositionKind) -> Value {
    match kind {
        PositionKind::Domineering(d) => outcome_of(s, d),
    }
}

fn outcome_of<G: Game>(s: &mut Session, pos: &G) -> Value {
    use super::value::Outcome;
    let mut search = crate::search::OutcomeSearch::new(&mut s.arena, s.search.budget, 14);
    let left_first = search.wins(pos, Player::Left);
    let right_first = search.wins(pos, Player::Right);
    s.search.last = Some(search.finish());
    Value::Outcome(match (left_first, right_first) {
        (true, true) => Outcome::N,
        (true, false) => Outcome::L,
        (false, true) => Outcome::R,
        (false, false) => Outcome::P,
    })
}

pub fn lookup(name: &str) -> Option<&'static ModuleFn> {
    MODULE_FNS.iter().find(|f| f.name == name)
}

fn small_int(s: &Session, v: &[Value], i: usize) -> Result<usize, BuiltinError> {
    let g = match &v[i] {
        Value::Game(g) => *g,
        other => {
            return Err(BuiltinError::Arg(
                i,
                format!(
                    "expected a non-negative integer, not a {}",
                    other.type_name()
                ),
            ));
        }
    };
    s.arena
        .as_number(g)
        .and_then(|x| x.to_i64())
        .filter(|n| (0..=64).contains(n))
        .map(|n| n as usize)
        .ok_or_else(|| BuiltinError::Arg(i, "expected an integer between 0 and 64".into()))
}

/// Values a position with the session's search settings and records the search statistics.
fn position(s: &mut Session, kind: PositionKind) -> Value {
    let value = match &kind {
        PositionKind::Domineering(d) => search(s, d),
    };
    Value::Position(Arc::new(Position { kind, value }))
}

fn search<G: Game>(s: &mut Session, pos: &G) -> GameId {
    let (v, stats) = parallel_value(&mut s.arena, pos, s.search.threads, s.search.budget);
    s.search.last = Some(stats);
    v
}

/// The text table of `moves(P)`.
fn move_table<G: Game>(s: &mut Session, pos: &G) -> String {
    let mut out = String::new();
    let _ = write!(out, "position {}", pos.describe());
    let mut search = LocalSearch::new(&mut s.arena, s.search.budget);
    let mut rows = Vec::new();
    for player in [Player::Left, Player::Right] {
        for m in pos.moves(player) {
            let v = search.value(&m);
            rows.push((pos.describe_move(&m, player), v));
        }
    }
    let stats = search.finish();
    s.search.last = Some(stats);
    if rows.is_empty() {
        out.push_str("\nno moves");
    }
    for (desc, v) in rows {
        let text = s.show(&Value::Game(v));
        let _ = write!(out, "\n  {desc:<12} {text}");
    }
    out
}
