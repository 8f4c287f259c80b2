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

use super::heaps::{HeapRule, heap_options};
use super::sequences::{Sequence, SequenceRule, Sequences};
use crate::analysis::period::{PeriodTheorem, periodicity};
use crate::analysis::quotient::{Quotient, quotient};
use crate::analysis::takeandbreak::{MAX_HEAP, TakeBreakCode};
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset};
use crate::calc::context::Context;
use crate::calc::value::{MAX_LIST_LEN, Report, Value};
use crate::search::budget::ProgressReporter;
use crate::function;
use crate::game::Arena;
use crate::search::Position;

/// A game's code and the Grundy values of its heaps found so far, shared by every position of
/// the game in a session.
pub type HeapGame = Sequence<TakeBreakCode>;

/// The session's games by code.
pub type HeapGames = Sequences<TakeBreakCode>;

/// Heaps from which the sequence is checked for a proven period: at each power of two from
/// here (geometric, so the checks cost no more than the values).
const FIRST_PERIOD_CHECK: usize = 128;

impl SequenceRule for TakeBreakCode {
    /// The preperiod and period, once the Octal Periodicity Theorem proves them.
    type Scratch = Option<(usize, usize)>;

    /// Computes heap by heap (quadratic: each heap looks at all the smaller ones) until the
    /// heaps seen prove a period by the Octal Periodicity Theorem; from then on G(n) =
    /// G(n - p), one step per heap (Kayles to 100000: 11 s by mex, milliseconds by period).
    fn extend(&self, values: &mut Vec<u32>, proven: &mut Self::Scratch, n: usize) {
        if let Ok(theorem) = self.period_theorem() {
            while proven.is_none() && values.len() <= n {
                let checkpoint = values.len().max(FIRST_PERIOD_CHECK).next_power_of_two();
                TakeBreakCode::extend(self, values, n.min(checkpoint));
                if values.len() > checkpoint {
                    *proven = periodicity(values)
                        .filter(|f| theorem.last_heap(f.preperiod, f.period) < values.len())
                        .map(|f| (f.preperiod, f.period));
                }
            }
        }
        match *proven {
            Some((_, period)) => {
                while values.len() <= n {
                    values.push(values[values.len() - period]);
                }
            }
            None => TakeBreakCode::extend(self, values, n),
        }
    }
}

/// A position: heaps of a take-and-break game.
pub type Heaps = super::heaps::Heaps<TakeBreakCode>;

impl HeapRule for TakeBreakCode {
    const RULESET: &'static str = "takeandbreak";
    const MAX_HEAP: usize = MAX_HEAP;

    fn for_each_move(&self, h: usize, mut f: impl FnMut(&[usize])) {
        TakeBreakCode::for_each_move(self, h, |_, parts| f(parts));
    }

    fn call(&self) -> (String, String) {
        (format!("takeandbreak(\"{}\", ", self.text()), ")".into())
    }

    fn period_theorem(&self) -> Result<PeriodTheorem, String> {
        TakeBreakCode::period_theorem(self)
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
    Function {
        takes_positions: true,
        ..function!(
        "nimsequence",
        "nimsequence(code, n) or nimsequence(P, n)",
        2..=2,
        Ruleset,
        "the nim values of heaps 0..n of an impartial heap game, as integers",
        "nimsequence(\"0.77\", n) lists the Grundy values of heaps 0, 1, ..., n of the take-and-break\ngame with that code (see takeandbreak), as integers. nimsequence(P, n) does the same for\nthe heap ruleset of the position P: a take-and-break game, a subtraction game, a\ncoin-turning game (the coin at each place) or Fibonacci Nim (whole heaps). n is at most\nthe ruleset's largest heap and the longest list. Values are kept for the session; a\ntake-and-break game past a period its heaps prove (Octal Periodicity Theorem) goes on by\nthe period, one step per heap.\nExample: nimsequence(\"0.07\", 11) is [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3];\nnimsequence(subtraction([1, 2], 0), 6) is [0, 1, 2, 0, 1, 2, 0].",
        |c, a| {
            // a list holds at most MAX_LIST_LEN values
            let n = a.int(c.arena, 1, 0..=MAX_LIST_LEN as i64 - 1)? as usize;
            let values = match &a[0] {
                Value::Position(p) => {
                    let why = "nimsequence takes a take-and-break code or a heap of an impartial heap game, such as subtraction([1, 2], 0)";
                    let Some(known) = p.position.heap_sequence(Some(0)) else {
                        return Err(CallError::Arg(0, why.into()));
                    };
                    if n > known.max_heap {
                        return Err(CallError::Arg(
                            1,
                            format!("{}{n}{} is past the largest heap, {}", known.call.0, known.call.1, known.max_heap),
                        ));
                    }
                    p.position.heap_sequence(Some(n)).expect("a heap ruleset").values
                }
                _ => {
                    let game = game_arg(c, &a)?;
                    game.values(heap_arg(c.arena, &a)?)
                }
            };
            Ok(Value::List(
                values
                    .into_iter()
                    .map(|g| Value::Game(c.arena.integer(i64::from(g))))
                    .collect(),
            ))
        }
    )
    },
    Function {
        takes_positions: true,
        ..function!(
        "miserequotient",
        "miserequotient(code or P[, n])",
        1..=2,
        Misere,
        "the misère quotient of a heap game (Plambeck and Siegel)",
        "miserequotient(code, n) is the misère quotient Q_n of the take-and-break game with that code\n(see takeandbreak): the commutative monoid of the classes of sums of heaps of at most n\ntokens, two sums in one class when adding any third gives both the same misère outcome\n(Plambeck, INTEGERS 5 (2005); Plambeck and Siegel, JCTA 2008). miserequotient(P, n) does the\nsame for the game of a heap P of a take-and-break or subtraction game. It prints the order,\nthe presentation (generators a, b, ... for the heaps that add one), the P-portion (the\nclasses of P-positions) and each heap's element, and says whether Q_n is the whole quotient:\nwhen the heaps' elements are periodic far enough for the Octal Periodicity Theorem, whose\nproof carries over. Without n it goes on heap by heap until that proof holds (at most heap\n1000). Indexing gives [order, P-portion size, presentation, P-portion, elements of heaps\n0..n, [preperiod, period] or []].\nExample: miserequotient(\"0.75\", 24)[0] is 8, miserequotient(\"0.07\", 30)[0] is 360,\nmiserequotient(subtraction([1, 2], 0))[0] is 6.",
        |c, a| {
            let source = QuotientSource::of(c, &a)?;
            let theorem = source.theorem.clone().ok();
            let (n, until_stable) = if a.len() == 2 {
                let most = QUOTIENT_MAX_HEAP.min(source.max_heap);
                (a.int(c.arena, 1, 0..=most as i64)? as usize, false)
            } else if theorem.is_some() {
                (QUOTIENT_MAX_HEAP.min(source.max_heap), true)
            } else {
                let why = source.theorem.clone().err().unwrap_or_default();
                return Err(CallError::Arg(
                    0,
                    format!("give a heap bound, miserequotient(..., n): no heap proves the quotient final ({why})"),
                ));
            };
            let options = (source.moves)(n);
            let name = source.name;
            let mut reporter = ProgressReporter::new(c.search.budget.progress);
            let q = quotient(&options, n, theorem, until_stable, |h, order| {
                reporter.report(|s| {
                    format!("misère quotient of {name}: heap {h}, order {order}, {s:.1} s")
                })
            })
            .map_err(|m| CallError::Arg(0, m))?;
            if until_stable && q.stable.is_none() {
                return Err(CallError::Arg(
                    0,
                    format!("the misère quotient of {name} is not proven final by heap {n} (order {} there); give a heap bound to see a partial quotient", q.order()),
                ));
            }
            Ok(quotient_report(c.arena, &name, &q))
        }
    )
    },
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
    let code = TakeBreakCode::parse(text).map_err(|m| CallError::notation(0, m))?;
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

/// The heap game `miserequotient` works on: its name in messages, the periodicity theorem
/// for it, its largest heap, and the moves of heaps 0 to n.
struct QuotientSource {
    name: String,
    theorem: Result<PeriodTheorem, String>,
    max_heap: usize,
    moves: Box<dyn Fn(usize) -> Vec<Vec<Vec<usize>>>>,
}

impl QuotientSource {
    /// A take-and-break code in argument 0, or a heap of a ruleset whose positions are sums
    /// of heaps.
    fn of(c: &mut Context, a: &Args) -> Result<QuotientSource, CallError> {
        if let Value::Position(p) = &a[0] {
            let Some(first) = p.position.heap_moves(0) else {
                return Err(CallError::Arg(
                    0,
                    "miserequotient takes a take-and-break code or a heap of a take-and-break or subtraction game, whose positions are sums of heaps".into(),
                ));
            };
            let p = p.clone();
            return Ok(QuotientSource {
                name: format!("{}n{}", first.call.0, first.call.1),
                theorem: first.theorem,
                max_heap: first.max_heap,
                moves: Box::new(move |n| {
                    p.position
                        .heap_moves(n)
                        .expect("a heap ruleset")
                        .options
                }),
            });
        }
        let text = a.str(c.arena, 0, "a take-and-break code in quotes, e.g. \"0.77\"")?;
        let code = TakeBreakCode::parse(text).map_err(|m| CallError::notation(0, m))?;
        Ok(QuotientSource {
            name: code.text(),
            theorem: code.period_theorem(),
            max_heap: MAX_HEAP,
            moves: Box::new(move |n| heap_options(&code, n)),
        })
    }
}

/// The largest heap bound of `miserequotient`.
const QUOTIENT_MAX_HEAP: usize = 1000;

/// What `miserequotient` prints, and the data its result indexes as.
fn quotient_report(arena: &mut Arena, code: &str, q: &Quotient) -> Value {
    let names = q.names();
    let n = q.monoid.heaps();
    let p: Vec<String> = q
        .p_portion()
        .iter()
        .map(|&x| names[x as usize].clone())
        .collect();
    let phi: Vec<String> = (0..=n)
        .map(|h| names[q.monoid.heap(h) as usize].clone())
        .collect();
    let presentation = q.presentation();
    let mut text = format!(
        "misère quotient of {code}, heaps 0..{n}: order {}, P-portion of {}\npresentation {presentation}\nP-portion {{{}}}\nheaps {}",
        q.order(),
        p.len(),
        p.join(", "),
        phi.join(" ")
    );
    match q.stable {
        Some(s) => text.push_str(&format!(
            "\nfinal: heap n + {} has the element of heap n from n = {} on (Octal Periodicity Theorem, heaps to {})",
            s.period, s.preperiod, s.proven_at
        )),
        None => text.push_str("\nnot proven final: a larger heap may add elements"),
    }
    let strings = |v: Vec<String>| Value::List(v.into_iter().map(Value::Str).collect());
    let mut int = |x: usize| Value::Game(arena.integer(x as i64));
    let stable = match q.stable {
        Some(s) => Value::List(vec![int(s.preperiod), int(s.period)]),
        None => Value::List(Vec::new()),
    };
    let items = vec![
        int(q.order()),
        int(p.len()),
        Value::Str(presentation),
        strings(p),
        strings(phi),
        stable,
    ];
    Value::Report(std::sync::Arc::new(Report { text, items }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::threat::Threats;
    use crate::search::{Budget, NimPosition, PositionValue, SearchEnv};

    fn heaps(code: &str, hs: &[usize]) -> Heaps {
        let mut games = HeapGames::default();
        Heaps::new(
            games.get(TakeBreakCode::parse(code).unwrap()),
            hs.to_vec(),
        )
    }

    /// Past a proven period the sequence is continued by G(n) = G(n - p): it must equal the
    /// values by mex heap after heap, to 3000. Kayles (period 12 from 71, proven at heap
    /// 167), Dawson's Kayles (34 from 53), Dawson's Chess 0.137 (34 from 52) and 0.3 (Nim
    /// taking one token: period 2 from 0) are proven; Officers 0.6, whose period is an open
    /// problem, and Grundy's game, which the theorem does not cover, go on by mex.
    #[test]
    fn periodic_continuation_agrees_with_the_mex_values() {
        let proven_codes = ["0.77", "0.07", "0.137", "0.3"];
        for code in ["0.77", "0.07", "0.137", "0.3", "0.6", "4!.0"] {
            let code = TakeBreakCode::parse(code).unwrap();
            let (mut by_mex, mut by_period, mut proven) = (Vec::new(), Vec::new(), None);
            TakeBreakCode::extend(&code, &mut by_mex, 3000);
            // in steps, as a session asks for larger heaps
            for n in [10, 200, 1000, 3000] {
                SequenceRule::extend(&code, &mut by_period, &mut proven, n);
            }
            assert_eq!(by_period, by_mex, "{}", code.text());
            let text = code.text();
            assert_eq!(proven.is_some(), proven_codes.contains(&text.as_str()), "{text}");
        }
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
        assert_eq!(NimPosition::describe(&p), "takeandbreak(\"0.77\", 3)");
    }

    /// Equal heaps cancel (G + G = 0), and a move in one of two equal heaps is listed once.
    #[test]
    fn equal_heaps() {
        let p = heaps("0.07", &[9, 0, 9]);
        assert_eq!(p.nim_value(), 0);
        assert_eq!(p.heaps(), [9, 9]);
        let moves = p.each_move();
        let single = heaps("0.07", &[9]).each_move();
        assert_eq!(moves.len(), single.len());
        assert!(moves.iter().all(|(_, rest)| rest.contains(&9)));
    }
}

