//! Take-and-break games (WW ch. 4; Siegel, CGT, ch. IV.2; CGSuite's `game.heap.TakeAndBreak`):
//! heaps of tokens in any game written in CGSuite's code notation (octal `0.77` Kayles,
//! `0.07` Dawson's Kayles, hexadecimal `0.3F`, Grundy's game `4!.0`, Nim `0.[3]`; the codes are
//! read by [`crate::analysis::takeandbreak`]).
//!
//! A position is a collection of heaps. Its value is the nimber of the nim sum of the heaps'
//! Grundy values (Sprague-Grundy), read from one sequence per code that the session extends
//! as larger heaps are asked for; its options are positions of the same game, each move
//! written `7 -> 2+3` (a heap of 7 leaves heaps of 2 and 3).

use std::sync::Arc;

use crate::analysis::takeandbreak::{MAX_HEAP, TakeBreakCode, move_text};
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset};
use crate::calc::context::Context;
use crate::calc::value::{MAX_LIST_LEN, Value};
use crate::function;
use super::sequences::{Sequence, SequenceRule, Sequences};
use crate::game::interrupt::Interrupt;
use crate::game::{Arena, Outcome};
use crate::search::{HeapSequence, MoveRow, Player, Position, PositionValue, SearchEnv};

/// A game's code and the Grundy values of its heaps found so far, shared by every position of
/// the game in a session.
pub type HeapGame = Sequence<TakeBreakCode>;

/// The session's games by code.
pub type HeapGames = Sequences<TakeBreakCode>;

impl SequenceRule for TakeBreakCode {
    type Scratch = ();

    fn extend(&self, values: &mut Vec<u32>, _: &mut (), n: usize) {
        TakeBreakCode::extend(self, values, n);
    }
}

/// A position: heaps of the game, in increasing order (empty heaps are dropped).
#[derive(Debug)]
pub struct Heaps {
    game: Arc<HeapGame>,
    heaps: Vec<usize>,
}

impl Heaps {
    fn new(game: Arc<HeapGame>, mut heaps: Vec<usize>) -> Heaps {
        heaps.retain(|&h| h > 0);
        heaps.sort_unstable();
        Heaps { game, heaps }
    }

    /// The nim sum of the heaps' Grundy values.
    fn nim_value(&self) -> u32 {
        self.heaps.iter().fold(0, |x, &h| x ^ self.game.value(h))
    }

    /// Every move (in one heap of each size: moves in equal heaps are alike), as its text and
    /// the heaps it leaves; an interrupt past `MAX_MOVES`.
    fn each_move(&self) -> Vec<(String, Vec<usize>)> {
        let mut out = Vec::new();
        for (i, &h) in self.heaps.iter().enumerate() {
            if i > 0 && self.heaps[i - 1] == h {
                continue;
            }
            self.game.rule.for_each_move(h, |_, parts| {
                if out.len() == MAX_MOVES {
                    Interrupt::Budget(format!(
                        "{} has more than {MAX_MOVES} moves, more than a listing holds",
                        self.describe()
                    ))
                    .raise();
                }
                let mut rest = self.heaps.clone();
                rest.remove(i);
                rest.extend_from_slice(parts);
                out.push((move_text(h, parts), rest));
            });
        }
        out
    }
}

/// The most moves `moves(P)` and `left(P)` list.
const MAX_MOVES: usize = MAX_LIST_LEN;

impl Position for Heaps {
    fn ruleset(&self) -> &'static str {
        "takeandbreak"
    }

    /// `0.77 [3, 5]`: the code and the heaps.
    fn describe(&self) -> String {
        let heaps: Vec<String> = self.heaps.iter().map(usize::to_string).collect();
        format!("{} [{}]", self.game.rule.text(), heaps.join(", "))
    }

    fn value(&self, env: &mut SearchEnv) -> PositionValue {
        PositionValue::Game(env.arena.nimber(self.nim_value()))
    }

    fn outcome(&self, _env: &mut SearchEnv) -> Result<Outcome, String> {
        Ok(if self.nim_value() == 0 {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    fn moves(&self, env: &mut SearchEnv) -> Vec<MoveRow> {
        self.each_move()
            .into_iter()
            .map(|(text, rest)| {
                let after = Heaps::new(self.game.clone(), rest).nim_value();
                let value = PositionValue::Game(env.arena.nimber(after));
                MoveRow::whole(env, None, text, value)
            })
            .collect()
    }

    fn options(&self, _player: Player) -> Option<Vec<(String, Box<dyn Position>)>> {
        let options = self.each_move().into_iter().map(|(text, rest)| {
            let next = Heaps::new(self.game.clone(), rest);
            (text, Box::new(next) as Box<dyn Position>)
        });
        Some(options.collect())
    }

    fn heap_sequence(&self) -> Option<HeapSequence> {
        let largest = self.heaps.last().copied().unwrap_or(0);
        Some(HeapSequence {
            call_prefix: format!("takeandbreak(\"{}\", ", self.game.rule.text()),
            values: self.game.values(largest),
            theorem: self.game.rule.period_theorem(),
        })
    }
}

/// Take-and-break's registration: heaps as positions, and the nim sequence of a code.
pub static RULESET: Ruleset = Ruleset {
    title: "take-and-break games (octal and hexadecimal games, Grundy's game, Nim)",
    constructors: &[Constructor {
        name: "takeandbreak",
        signature: "takeandbreak(code, n) or takeandbreak(code, [n1, n2, ...])",
        arity: 2..=2,
        summary: "a heap (or heaps) of a take-and-break game in CGSuite's code notation",
        help: "takeandbreak(\"0.77\", n) is a heap of n tokens in the take-and-break game with that code\n(CGSuite's notation; WW ch. 4), takeandbreak(code, [3, 5]) several heaps. Digit k after the\npoint says how k tokens may be removed from a heap: bit j of the digit (1, 2, 4, 8, ...)\nallows the rest to be left as exactly j nonempty heaps, so 1 takes the whole heap, 2 leaves\none heap, 4 splits the rest in two, 8 in three. Digits are 0-9 and A-V, or &N; in decimal; a\ndigit followed by ! leaves heaps of different sizes, ? heaps not all equal, = equal heaps.\nThe digit before the point removes nothing and may only split; digits in [...] repeat for\never. Kayles is \"0.77\", Dawson's Kayles \"0.07\", Grundy's game \"4!.0\", Nim \"0.[3]\".\nThe value is the nimber of the nim sum of the heaps' Grundy values; moves(P) and left(P) list\nthe moves, written 7 -> 2+3. period(takeandbreak(code, n)) finds the period of the heaps\n0..n and proves it with the Octal Periodicity Theorem where that applies.\nExample: takeandbreak(\"0.77\", 70) is *6, takeandbreak(\"0.07\", 14) is *4, takeandbreak(\"4!.0\", 13) is *3.",
        build: build_heaps,
    }],
    functions: FUNCTIONS,
    fuzz: &[Fuzz {
        name: "takeandbreak",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[
        ("TakeAndBreak", "takeandbreak"),
        ("Kayles", "takeandbreak(\"0.77\", n)"),
        ("DawsonsKayles", "takeandbreak(\"0.07\", n)"),
        ("GrundysGame", "takeandbreak(\"4!.0\", n)"),
    ],
    caches: |states| {
        let stats = states
            .peek::<HeapGames>()
            .map_or_else(|| HeapGames::default().stats(MAX_HEAP + 1), |g| g.stats(MAX_HEAP + 1));
        vec![("heap sequences", stats)]
    },
};

static FUNCTIONS: &[Function] = &[
    function!(
        "nimsequence",
        "nimsequence(code, n)",
        2..=2,
        Ruleset,
        "the nim values of heaps 0..n of a take-and-break game, as integers",
        "nimsequence(\"0.77\", n) lists the Grundy values of heaps 0, 1, ..., n of the take-and-break\ngame with that code (see takeandbreak), as integers; n is at most 100000. Values are kept\nfor the session.\nExample: nimsequence(\"0.07\", 11) is [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3].",
        |c, a| {
            let game = game_arg(c, &a)?;
            let n = heap_arg(c.arena, &a)?;
            if n + 1 > MAX_LIST_LEN {
                return Err(CallError::Arg(
                    1,
                    format!("{} values, more than a list may hold (at most {MAX_LIST_LEN})", n + 1),
                ));
            }
            let values = game.values(n);
            Ok(Value::List(
                values
                    .into_iter()
                    .map(|g| Value::Game(c.arena.integer(i64::from(g))))
                    .collect(),
            ))
        }
    ),
    function!(
        "octal",
        "octal(code, n)",
        2..=2,
        Ruleset,
        "the nim value of a heap of n in a take-and-break game",
        "octal(\"0.07\", n) is the nimber *g(n) of one heap of n tokens in the take-and-break game\nwith that code, the value of takeandbreak(code, n) (see there for the notation): Kayles is\n\"0.77\", Dawson's Kayles \"0.07\", Dawson's Chess \"0.137\". n is at most 100000.\nExample: octal(\"0.77\", 70) is *6, octal(\"0.07\", 14) is *4.",
        |c, a| {
            let game = game_arg(c, &a)?;
            let n = heap_arg(c.arena, &a)?;
            Ok(Value::Game(c.arena.nimber(game.value(n))))
        }
    ),
];

/// The session's game for the code in argument 0.
fn game_arg(c: &mut Context, a: &Args) -> Result<Arc<HeapGame>, CallError> {
    let text = a.str(c.arena, 0, "a take-and-break code in quotes, e.g. \"0.77\"")?;
    let code = TakeBreakCode::parse(text).map_err(|m| CallError::Arg(0, m))?;
    Ok(c.states.get::<HeapGames>().get(code))
}

/// A heap size in argument 1.
fn heap_arg(arena: &mut Arena, a: &Args) -> Result<usize, CallError> {
    Ok(a.int(arena, 1, 0..=MAX_HEAP as i64)? as usize)
}

/// `takeandbreak(code, n)` or `takeandbreak(code, [n1, n2, ...])`.
fn build_heaps(c: &mut Context, a: Args) -> Result<Box<dyn Position>, CallError> {
    let game = game_arg(c, &a)?;
    let heaps = match &a[1] {
        Value::List(items) => {
            let mut heaps = Vec::with_capacity(items.len());
            for (i, x) in items.iter().enumerate() {
                let n = match x {
                    Value::Game(g) => c.arena.as_number(*g).and_then(|x| x.to_u64()),
                    _ => None,
                };
                match n {
                    Some(n) if n <= MAX_HEAP as u64 => heaps.push(n as usize),
                    _ => {
                        return Err(CallError::Arg(
                            1,
                            format!(
                                "heap {i} of the list is not a heap size from 0 to {MAX_HEAP}"
                            ),
                        ));
                    }
                }
            }
            heaps
        }
        _ => vec![heap_arg(c.arena, &a)?],
    };
    Ok(Box::new(Heaps::new(game, heaps)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::threat::Threats;
    use crate::search::Budget;

    fn heaps(code: &str, hs: &[usize]) -> Heaps {
        let mut games = HeapGames::default();
        Heaps::new(
            games.get(TakeBreakCode::parse(code).unwrap()),
            hs.to_vec(),
        )
    }

    /// Kayles: a row of 3 has moves 3 -> 2, 3 -> 1+1 (one pin), 3 -> 1 (two pins): values *2,
    /// 0, *, so the row is *3 (WW ch. 4: 0, 1, 2, 3, 1, 4, 3, ...).
    #[test]
    fn kayles_row_of_three() {
        let mut arena = Arena::new();
        let mut threats = Threats::new();
        let mut env = SearchEnv {
            arena: &mut arena,
            threats: &mut threats,
            threads: 1,
            budget: Budget::default(),
            last: None,
        };
        let p = heaps("0.77", &[3]);
        let rows = p.moves(&mut env);
        let texts: Vec<&str> = rows.iter().map(|r| r.text.as_str()).collect();
        assert_eq!(texts, ["3 -> 2", "3 -> 1+1", "3 -> 1"]);
        let star3 = env.arena.nimber(3);
        assert_eq!(p.value(&mut env), PositionValue::Game(star3));
        assert_eq!(p.describe(), "0.77 [3]");
    }

    /// Equal heaps cancel (G + G = 0), and a move in one of two equal heaps is listed once.
    #[test]
    fn equal_heaps() {
        let p = heaps("0.07", &[9, 0, 9]);
        assert_eq!(p.nim_value(), 0);
        assert_eq!(p.heaps, [9, 9]);
        let moves = p.each_move();
        let single = heaps("0.07", &[9]).each_move();
        assert_eq!(moves.len(), single.len());
        assert!(moves.iter().all(|(_, rest)| rest.contains(&9)));
    }
}
