//! The built-in functions: one row each (name, signature, arity, help page with an example,
//! implementation). Together with every ruleset's registration they form the function table
//! ([`super::functions`]).

use super::session::Session;
use crate::calc::context::Context;
use crate::calc::value::{ModulePosition, Value};
use crate::search::{Player, PositionValue};
use std::sync::Arc;

use crate::game::{Arena, Dyadic, GameId, Thermograph};

use crate::calc::args::Args;
pub use crate::calc::args::{CallError, CallResult};
pub use crate::calc::catalogue::{Function, Topic};
use crate::function;

/// How a built-in that needs the interpreter (evaluation, user functions) runs: on the whole
/// session. Every other built-in is a [`Function`] against the narrow context.
pub type SessionRun = fn(&mut Session, &[Value]) -> CallResult;

/// A built-in function that needs the interpreter.
pub type Builtin = Function<SessionRun>;

/// All functions, in the order `:help` lists them.
pub static BUILTINS: &[Function] = &[
    Function {
        takes_positions: true,
        ..function!(
            "left",
            "left(G)",
            1..=1,
            Structure,
            "the Left options of G's canonical form, or of a position",
            "left(G) lists the Left options of the canonical form of G, in printing order. Of a module\nposition P, left(P) lists Left's moves as positions of the same game (in an impartial game,\nthe moves of either player), in the order moves(P) lists them: each prints as its value,\nkeeps its move (lastmove(Q)) and can be searched, listed and tabulated like P\n(left(P)[0] is P after Left's first move).\nExample: left(*2) is [0, *]; left({0,*|1}) is [0]: * reverses through 0, so the\ncanonical form is {0|1} = 1/2; left(domineering(\"..|..\")) is [1, 1].",
            |s, v| options(s, v, Player::Left)
        )
    },
    Function {
        takes_positions: true,
        ..function!(
            "right",
            "right(G)",
            1..=1,
            Structure,
            "the Right options of G's canonical form, or of a position",
            "right(G) lists the Right options of the canonical form of G; right(P) of a module position\nlists Right's moves as positions (see left).\nExample: right(^) is [*]; right(domineering(\"..|..\")) is [-1, -1].",
            |s, v| options(s, v, Player::Right)
        )
    },
    Function {
        takes_positions: true,
        ..function!(
            "lastmove",
            "lastmove(P)",
            1..=1,
            Positions,
            "the move that led to an option of a position",
            "lastmove(Q) is the move, in its ruleset's notation, that led to Q, an option of a module\nposition taken from left(P), right(P) or moves(P); an error for a position built directly.\nExample: lastmove(left(domineering(\"..|..\"))[0]) is \"a1-a2\".",
            |_, v| {
                match &v[0] {
                Value::Position(p) => match p.move_name() {
                    Some(m) => Ok(Value::Str(m.to_string())),
                    None => Err(CallError::Arg(
                        0,
                        "this position was not reached by a move: lastmove is for the options listed by left(P), right(P) or moves(P)".into(),
                    )),
                },
                other => Err(CallError::Arg(
                    0,
                    format!(
                        "expected an option of a module position, e.g. left(domineering(\"..|..\"))[0], not a {}",
                        other.type_name()
                    ),
                )),
            }
            }
        )
    },
    Function {
        takes_positions: true,
        ..function!(
            "outcome",
            "outcome(G)",
            1..=1,
            Structure,
            "the outcome class L, R, N or P",
            "outcome(G) is L if Left wins whoever starts (G > 0), R if Right does (G < 0),\nN if the first player wins (G <> 0) and P if the second player wins (G = 0).\nFor a module position whose value is not yet known, an outcome search finds the class\nwithout computing the value: `d = dom(6,6);` then `outcome(d)` is N.\nExample: outcome(^) is L, outcome(*) is N.",
            |s, v| match &v[0] {
                Value::Position(p) => s
                    .position_outcome(p)
                    .map(Value::Outcome)
                    .map_err(|m| CallError::Arg(0, m)),
                Value::Threat(t) if !s.threats.is_stopper(*t) => s
                    .threats
                    .sided_outcome(s.arena, *t)
                    .map(|o| Value::Text(o.to_string()))
                    .map_err(|m| CallError::Arg(0, m)),
                Value::Threat(t) => s
                    .threats
                    .outcome(s.arena, *t)
                    .map(Value::Outcome)
                    .map_err(|m| CallError::Arg(0, m)),
                _ => {
                    let g = v.game(0)?;
                    Ok(Value::Outcome(s.arena.outcome(g)))
                }
            }
        )
    },
    Function {
        takes_positions: true,
        ..function!(
            "moves",
            "moves(P)",
            1..=1,
            Positions,
            "each move of a position and the value it leads to",
            "moves(P) lists the Left and Right moves of a module position P with the value of the\nposition each leads to (in an impartial game, the moves of either player), then the moves\nthat win the whole position for the player making them. A position made of independent\nparts (pawn chunks, runs of Elkies files) lists each part with its moves; a move's value is\nits part's, and the row goes on with the whole position after the move and who wins it with\nthe opponent to move. The whole is the sum of the parts' values, or, where promotion\nthreats of both sides stand in different parts (a race: on + off has no value), the parts\nsearched together as one game.\nExample: moves(domineering(\"...|...\")), moves(pawns(\"8/7p/8/8/8/8/P7/8\")).",
            |s, v| match &v[0] {
                Value::Position(p) => Ok(Value::Report(Arc::new(s.moves_report(p)))),
                other => Err(CallError::Arg(
                    0,
                    format!(
                        "expected a position from a game module, e.g. domineering(\"..|..\"), not a {}",
                        other.type_name()
                    ),
                )),
            }
        )
    },
    Function {
        takes_positions: true,
        takes_summands: true,
        ..function!(
            "bestmove",
            "bestmove(G1 + G2 + ...) or bestmove(G1 + G2, \"right\")",
            1..=2,
            Positions,
            "the move each sum-play strategy picks in a sum",
            "bestmove(G1 + G2 + ...) shows, for Left to move (bestmove(sum, \"right\"): Right), the\ncomponent and move that each sum-play strategy picks (Maeser, thesis 4.2.3 and 8.4.5), with\nthe move's incentive (G^L - G for Left, G - G^R for Right) and the temperatures of the\ncomponent and of what the move leaves. optimal drops moves with dominated incentives and,\nif several remain, plays one after which the mover wins the sum; hotstrat plays in the\nhottest component, its option of best mean; greedy hotstrat breaks ties by the temperature\nclosest to the hottest other component; thermostrat (Winning Ways, ch. 6) finds the ambient\ntemperature T where the mover's compound thermograph (the others' walls facing the mover\nplus the widest component) is best for them, and plays in the component widest at T. Every\nstrategy keeps only moves with undominated incentives. Components may be games, threat\ngames or module positions (their moves keep the ruleset's names); a position made of parts\n(pawn chunks) is the sum of its parts, each a component. Each line ends with the whole sum\nafter the move and who wins it with the opponent to move (for a single position its own\njudgement, races between promotion threats searched); optimal's move wins whenever some\nmove does. Where values hold on/off threats, optimal compares incentives in the threat\nalgebra and the temperature strategies choose among the moves to short games.\nExample: bestmove({4|-4} + {3|-3} + {1|-1}), bestmove(pawns(\"8/1p5p/p7/8/8/7P/PP6/8\")).",
            |s, v| super::bestmove::bestmove(s, v)
        )
    },
    function!(
        "compare",
        "compare(G, H)",
        2..=2,
        Structure,
        "one of <, =, > or <>",
        "compare(G, H) is `<`, `=`, `>` or `<>` (confused): the relation of G to H.\nExample: compare(^, *) is <>, compare(1/2, {0|1}) is =.",
        |s, v| {
            let (g, h) = (v.game(0)?, v.game(1)?);
            Ok(Value::Relation(s.arena.relation(g, h)))
        }
    ),
    function!(
        "birthday",
        "birthday(G)",
        1..=1,
        Structure,
        "the birthday (height of the canonical game tree)",
        "birthday(G) is the day on which G is born: 0 for 0, n for the integer n and *n,\n1 + the largest birthday of an option otherwise. Of a misère form, the height of its misère\ncanonical game tree.\nExample: birthday(*3) is 3, birthday(^) is 2, birthday(1/2) is 2, birthday(*[2[2]]) is 4.",
        |s, v| {
            if let Value::Misere(g) = &v[0] {
                let b = crate::game::misere::shared().birthday(*g);
                return Ok(Value::Game(s.arena.integer(i64::from(b))));
            }
            let g = v.game(0)?;
            let b = s.arena.exact_birthday(g);
            Ok(Value::Game(s.arena.number(b)))
        }
    ),
    function!(
        "Tiny",
        "Tiny(G)",
        1..=1,
        Constructors,
        "{0 || 0 | -G}",
        "Tiny(G) = {0||0|-G}, a positive infinitesimal for G > 0 (WW ch. 5).\nExample: Tiny(2) is {0||0|-2}.",
        |s, v| {
            if let Value::Threat(t) = v[0] {
                return super::loopy::tiny(s, t, false);
            }
            let g = v.game(0)?;
            Ok(Value::Game(s.arena.tiny(g)))
        }
    ),
    function!(
        "Miny",
        "Miny(G)",
        1..=1,
        Constructors,
        "{G | 0 || 0}",
        "Miny(G) = {G|0||0} = -Tiny(G).\nExample: Miny(2) + Tiny(2) is 0.",
        |s, v| {
            if let Value::Threat(t) = v[0] {
                return super::loopy::tiny(s, t, true);
            }
            let g = v.game(0)?;
            Ok(Value::Game(s.arena.miny(g)))
        }
    ),
    function!(
        "lstop",
        "lstop(G)",
        1..=1,
        Temperature,
        "the Left stop",
        "lstop(G): the number reached when Left starts and both play optimally until a number is\nreached (WW ch. 3; Siegel, CGT, II.5). Of a loopy stopper, the pseudonumber reached\n(a number, on, off, x over or x under; Siegel, CGT, VI.2): lstop({pass|3/2}) is 3/2under.\nExample: lstop({3|1}) is 3.",
        |s, v| {
            if let Value::Threat(t) = v[0] {
                let x = s
                    .threats
                    .stop(s.arena, t, true)
                    .map_err(|m| CallError::Arg(0, m))?;
                return Ok(Value::loopy(s.threats, x));
            }
            let g = v.game(0)?;
            let x = s.arena.left_stop(g);
            Ok(Value::Game(s.arena.number(x)))
        }
    ),
    function!(
        "rstop",
        "rstop(G)",
        1..=1,
        Temperature,
        "the Right stop",
        "rstop(G): the number reached when Right starts (a pseudonumber for a loopy stopper).\nExample: rstop({3|1}) is 1.",
        |s, v| {
            if let Value::Threat(t) = v[0] {
                let x = s
                    .threats
                    .stop(s.arena, t, false)
                    .map_err(|m| CallError::Arg(0, m))?;
                return Ok(Value::loopy(s.threats, x));
            }
            let g = v.game(0)?;
            let x = s.arena.right_stop(g);
            Ok(Value::Game(s.arena.number(x)))
        }
    ),
    function!(
        "mean",
        "mean(G)",
        1..=1,
        Temperature,
        "the mean value (mast of the thermograph)",
        "mean(G): the mean value of G, where the mast of its thermograph stands (WW ch. 6).\nmean is additive: mean(G+H) = mean(G) + mean(H).\nExample: mean({3|1}) is 2.",
        |s, v| {
            let g = v.game(0)?;
            let x = s.arena.mean(g);
            Ok(Value::Game(s.arena.number(x)))
        }
    ),
    function!(
        "temp",
        "temp(G)",
        1..=1,
        Temperature,
        "the temperature",
        "temp(G): the temperature of G, where its thermograph's walls meet. Following CGSuite,\nthe number m/2^n has temperature -1/2^n, an integer -1, number + infinitesimal 0.\nExample: temp({3|1}) is 1, temp(1/2) is -1/2.",
        |s, v| {
            let g = v.game(0)?;
            let x = s.arena.temperature(g);
            Ok(Value::Game(s.arena.number(x)))
        }
    ),
    function!(
        "thermo",
        "thermo(G)",
        1..=1,
        Temperature,
        "the thermograph",
        "thermo(G): the exact thermograph of G, printed in CGSuite's form\nThermograph(mast,[left critical temps],[left slopes],mast,[right temps],[right slopes]).\nExample: thermo({1|-1}) is Thermograph(0,[1],[0,-1],0,[1],[0,1]).",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Thermograph(s.arena.thermograph(g)))
        }
    ),
    function!(
        "cool",
        "cool(G, t)",
        2..=2,
        Temperature,
        "G cooled by the number t > -1",
        "cool(G, t): G cooled by t (t a number > -1): G_t = {G^L_t - t | G^R_t + t}, except that\nabove the temperature of G the cooled game is its mean (WW ch. 6; Siegel, CGT, II.5).\nExample: cool({2|-1}, 1) is {1|0}; cool({2|-1}, 2) is 1/2.",
        |s, v| {
            let g = v.game(0)?;
            let t = v.number(s.arena, 1)?;
            if t <= Dyadic::MINUS_ONE {
                return Err(CallError::Arg(
                    1,
                    format!("invalid cooling temperature {t}: it must be > -1"),
                ));
            }
            Ok(Value::Game(s.analysis().cool(g, t)))
        }
    ),
    function!(
        "freeze",
        "freeze(G)",
        1..=1,
        Temperature,
        "G cooled by its temperature",
        "freeze(G): G cooled by its own temperature, temp(G). Numbers are unchanged.\nExample: freeze({3|1}) is 2*.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Game(s.analysis().freeze(g)))
        }
    ),
    function!(
        "chill",
        "chill(G)",
        1..=1,
        Temperature,
        "G cooled by 1",
        "chill(G): G cooled by 1, as in the analysis of Go endgames (Berlekamp–Wolfe).\nExample: chill({2|-2}) is +-1.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Game(s.analysis().cool(g, Dyadic::ONE)))
        }
    ),
    function!(
        "heat",
        "heat(G, t)",
        2..=2,
        Temperature,
        "G heated by the game t",
        "heat(G, t): the integral of G by t: a number is unchanged, otherwise\n{heat(G^L,t) + t | heat(G^R,t) - t} (WW ch. 6). t may be any game: heat(^^, *) is 0.\nExample: heat(*, 2) is +-2; heat(^, 2) is {2||0|-4}.",
        |s, v| {
            let (g, t) = (v.game(0)?, v.game(1)?);
            Ok(Value::Game(s.analysis().heat(g, t)))
        }
    ),
    function!(
        "overheat",
        "overheat(G, s, t)",
        3..=3,
        Temperature,
        "G overheated from s to t",
        "overheat(G, s, t): an integer n becomes n.s (n copies of s); any other game becomes\n{overheat(G^L,s,t) + t | overheat(G^R,s,t) - t} (Berlekamp).\nExample: overheat(7/16, 0, 0) is ^[3].",
        |s, v| {
            let (g, from, to) = (v.game(0)?, v.game(1)?, v.game(2)?);
            Ok(Value::Game(s.analysis().overheat(g, from, to)))
        }
    ),
    function!(
        "rcf",
        "rcf(G)",
        1..=1,
        Reductions,
        "reduced canonical form",
        "rcf(G): the reduced canonical form, the simplest game infinitesimally close to G\n(Calistrate; Grossman & Siegel).\nExample: rcf({3||2*|1*}) is {3||2|1}.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Game(s.analysis().rcf(g)))
        }
    ),
    function!(
        "plot",
        "plot(T)",
        1..=1,
        Temperature,
        "draw thermographs as ASCII art",
        "plot(thermo(G)) draws the thermograph of G in the terminal: temperature upward, values\nleftward (Left's direction), the mast marked. plot([thermo(G), thermo(H)]) overlays several\n(numbered 1, 2, ...), e.g. the components of a sum. A game argument is plotted as its thermograph.\nExample: plot(thermo({3||2*|1*})).",
        |s, v| {
            let graphs = v.thermographs(s.arena, 0)?;
            let refs: Vec<&Thermograph> = graphs.iter().map(|g| g.as_ref()).collect();
            crate::analysis::plot::ascii(&refs, 61, 21)
                .map(Value::Text)
                .map_err(|m| CallError::Arg(0, m))
        }
    ),
    function!(
        "svg",
        "svg(T, file)",
        2..=2,
        Temperature,
        "write thermographs as an SVG picture",
        "svg(thermo(G), \"g.svg\") writes the thermograph of G as an SVG file with axes and labels;\nsvg([thermo(G), thermo(H)], \"f.svg\") draws several in one picture.\nExample: svg([thermo({2|-1}), thermo({1|0})], \"walls.svg\").",
        |s, v| {
            let graphs = v.thermographs(s.arena, 0)?;
            let Value::Str(path) = &v[1] else {
                return Err(CallError::Arg(
                    1,
                    "expected a file name in quotes, e.g. \"g.svg\"".into(),
                ));
            };
            let refs: Vec<&Thermograph> = graphs.iter().map(|g| g.as_ref()).collect();
            let labels: Vec<String> = if refs.len() > 1 {
                (1..=refs.len()).map(|i| i.to_string()).collect()
            } else {
                Vec::new()
            };
            let text =
                crate::analysis::plot::svg(&refs, &labels).map_err(|m| CallError::Arg(0, m))?;
            let written = crate::lang::files::write_whole(path, text.as_bytes())
                .map_err(|e| CallError::Arg(1, format!("cannot write {path}: {e}")))?;
            Ok(Value::Text(format!(
                "wrote {path} ({} bytes){}",
                text.len(),
                written.note()
            )))
        }
    ),
    function!(
        "nfollowers",
        "nfollowers(G)",
        1..=1,
        Structure,
        "number of distinct followers (G included)",
        "nfollowers(G): how many distinct games occur in the canonical game tree of G, G included.\nExample: nfollowers(^) is 3 (^, 0 and *).",
        |s, v| {
            let g = v.game(0)?;
            let n = s.arena.count_followers(g);
            Ok(Value::Game(s.arena.number(n)))
        }
    ),
    function!(
        "followers",
        "followers(G)",
        1..=1,
        Structure,
        "the distinct followers (G included)",
        "followers(G): the list of distinct games in the canonical game tree of G, G included.\nA list holds at most 1000000 games; nfollowers(G) counts any number of them. Of a loopy\nstopper, the positions of its simplest form: followers(over) is [over, 0].\nExample: followers(^) is [0, *, ^].",
        |s, v| {
            if let Value::Threat(t) = v[0] {
                let cap = crate::calc::value::MAX_LIST_LEN;
                let all = s
                    .threats
                    .followers(s.arena, t, cap)
                    .map_err(|m| CallError::Arg(0, m))?;
                return Ok(Value::List(
                    all.into_iter()
                        .map(|f| Value::loopy(s.threats, f))
                        .collect(),
                ));
            }
            let g = v.game(0)?;
            let cap = crate::calc::value::MAX_LIST_LEN;
            let all = s.arena.followers(g, cap).map_err(|n| {
                CallError::Arg(
                    0,
                    format!(
                        "this game has {n} distinct followers, more than a list may hold \
                         (at most {cap}); nfollowers(G) counts them without listing them"
                    ),
                )
            })?;
            Ok(Value::List(all.into_iter().map(Value::Game).collect()))
        }
    ),
    function!(
        "stopcount",
        "stopcount(G)",
        1..=1,
        Structure,
        "number of leaves (stops) of the game tree",
        "stopcount(G): the number of paths from G down to a number in its canonical game tree.\nExample: stopcount(^) is 3 (0 directly, and 0 twice through *).",
        |s, v| {
            let g = v.game(0)?;
            let n = s
                .arena
                .stop_count(g)
                .ok_or(CallError::Call("stopcount too large".into()))?;
            Ok(integer(s.arena, n as i128))
        }
    ),
    function!(
        "isnumber",
        "isnumber(G)",
        1..=1,
        Predicates,
        "is G a number?",
        "isnumber(G): true if G equals a dyadic rational.\nExample: isnumber(3/4) is true, isnumber(*) is false.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(s.arena.is_number(g)))
        }
    ),
    function!(
        "isinteger",
        "isinteger(G)",
        1..=1,
        Predicates,
        "is G an integer?",
        "isinteger(G): true if G equals an integer.\nExample: isinteger(-2) is true, isinteger(1/2) is false.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(
                s.arena.as_number(g).is_some_and(|x| x.is_integer()),
            ))
        }
    ),
    function!(
        "iseven",
        "iseven(G)",
        1..=1,
        Predicates,
        "is G an even integer?",
        "iseven(G): true if G is an even integer (as in CGSuite).\nExample: iseven(4) is true, iseven(4*) is false.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(
                s.arena.as_number(g).is_some_and(|x| x.is_even_integer()),
            ))
        }
    ),
    function!(
        "isodd",
        "isodd(G)",
        1..=1,
        Predicates,
        "is G an odd integer?",
        "isodd(G): true if G is an odd integer (as in CGSuite).\nExample: isodd(-3) is true.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(
                s.arena
                    .as_number(g)
                    .is_some_and(|x| x.is_integer() && !x.is_even_integer()),
            ))
        }
    ),
    function!(
        "isnimber",
        "isnimber(G)",
        1..=1,
        Predicates,
        "is G a nimber?",
        "isnimber(G): true if G equals *n for some n >= 0.\nExample: isnimber(*4 + *7) is true, isnimber(^*) is false.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(
                s.arena
                    .get_nus(g)
                    .is_some_and(|n| n.number.is_zero() && n.ups == 0),
            ))
        }
    ),
    function!(
        "iszero",
        "iszero(G)",
        1..=1,
        Predicates,
        "is G = 0?",
        "iszero(G): true if G = 0.\nExample: iszero({*|*}) is true.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(g == s.arena.zero()))
        }
    ),
    function!(
        "isinfinitesimal",
        "isinfinitesimal(G)",
        1..=1,
        Predicates,
        "are both stops 0?",
        "isinfinitesimal(G): true if both stops of G are 0 (G is smaller than every positive number\nand larger than every negative number). 0 counts.\nExample: isinfinitesimal(^*) is true, isinfinitesimal(1/64) is false.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(
                s.arena.left_stop(g).is_zero() && s.arena.right_stop(g).is_zero(),
            ))
        }
    ),
    function!(
        "isnumberish",
        "isnumberish(G)",
        1..=1,
        Predicates,
        "are both stops equal?",
        "isnumberish(G): true if G is a number plus an infinitesimal (its stops are equal).\nExample: isnumberish(3/2v) is true, isnumberish({1|0}) is false.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(s.arena.left_stop(g) == s.arena.right_stop(g)))
        }
    ),
    function!(
        "isallsmall",
        "isallsmall(G)",
        1..=1,
        Predicates,
        "is every follower with a move for one a move for both?",
        "isallsmall(G): true if in every follower of G, Left has a move exactly when Right has one\n(all-small games, WW ch. 7; Siegel, CGT, ch. II).\nExample: isallsmall({0,*|0}) is true, isallsmall({1|-1}) is false.",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(s.arena.is_all_small(g)))
        }
    ),
    function!(
        "isuptimal",
        "isuptimal(G)",
        1..=1,
        Predicates,
        "is G a number plus uptimal?",
        "isuptimal(G): true if G = x + d1.^ + d2.^<2> + ... + dn.^<n> + *m for a number x,\nintegers d1..dn and a nimber *m: an uptimal (Siegel, CGT, II.4; CGSuite's IsUptimal).\nEvery number-up-star value is one. Example: isuptimal({0||0|v*}) is true (*.12).",
        |s, v| {
            let g = v.game(0)?;
            Ok(Value::Bool(s.arena.is_uptimal(g)))
        }
    ),
    function!(
        "uptimal",
        "uptimal(G)",
        1..=1,
        Reductions,
        "the uptimal expansion, as CGSuite writes it",
        "uptimal(G): the uptimal expansion x*m.d1d2...dn of G = x + d1.^ + d2.^<2> + ... + dn.^<n> + *m\n(Siegel, CGT, II.4; CGSuite's UptimalExpansion), as a string. The number x is left out\nwhen it is 0 and a nimber follows; digits 10..35 are written A..Z, larger ones (d), and a\nnegative digit is followed by `-`. Examples: uptimal(^[4]) is \"0.1111\", uptimal(v*) is\n\"*.1-\", uptimal(6^*) is \"6*.1\". An error if G is not an uptimal.",
        |s, v| {
            let g = v.game(0)?;
            match s.arena.uptimal_expansion(g) {
                Some(e) => Ok(Value::Str(e.to_cgsuite_string())),
                None => Err(CallError::Arg(
                    0,
                    format!("not an uptimal: {}", s.arena.display_brief(g)),
                )),
            }
        }
    ),
    function!(
        "pow",
        "pow(G, x)",
        2..=2,
        Constructors,
        "G^x: ^<n>-style power of a game {0|H}",
        "pow(G, x) for G = {0|H} and a number x >= 1: {0 | H - powto(G, x-1)}, so pow(^, n) = ^<n>\n(Siegel, CGT, II.4; CGSuite's Pow, which allows dyadic exponents through powto).\nExamples: pow(^, 3) is ^<3>; pow(^, 7/4) is {0||0,v*|0,{0,v*|0,*}}. An error for other G.",
        |s, v| {
            let (g, x) = (v.game(0)?, v.number(s.arena, 1)?);
            s.arena.pow(g, x).map(Value::Game).map_err(|e| match e {
                crate::analysis::powers::PowError::Base => CallError::Arg(0, e.to_string()),
                _ => CallError::Arg(1, e.to_string()),
            })
        }
    ),
    function!(
        "powto",
        "powto(G, x)",
        2..=2,
        Constructors,
        "G^->x: ^[n]-style power (ordinal sum G : blowup(x))",
        "powto(G, x) for a number x >= 0: 0 when x = 0, else the ordinal sum G : b(x), where the\nblow-up b(n) = n - 1 for integers and, for x = m/2^k, b(x) is the simplest number between\nb(x - 1/2^k) and b(x + 1/2^k) (Siegel, CGT, II.4; CGSuite's PowTo). powto(^, n) = ^[n].\nExamples: powto(^, 7/4) is {^|*,^[2]||*,^[2]}; powto(+-1, 3) is {1,{1,+-1|-1}|-1}.",
        |s, v| {
            let (g, x) = (v.game(0)?, v.number(s.arena, 1)?);
            s.arena
                .powto(g, x)
                .map(Value::Game)
                .map_err(|e| CallError::Arg(1, e.to_string()))
        }
    ),
    function!(
        "incentives",
        "incentives(G)",
        1..=1,
        Reductions,
        "Left's and Right's incentives, dominated ones removed",
        "incentives(G): the incentives G^L - G and G - G^R over the options of G's canonical form\n(WW ch. 8; Siegel, CGT, II.5), taken together; an incentive <= another one is removed, as in\nCGSuite's Incentives. Example: incentives(v*) is [^*] (Right's v and v* are below ^*).",
        |s, v| {
            let g = v.game(0)?;
            let r = s.arena.incentives(g);
            Ok(game_list(s.arena, r))
        }
    ),
    function!(
        "linc",
        "linc(G)",
        1..=1,
        Reductions,
        "Left incentives G^L - G",
        "linc(G): Left's incentives G^L - G over the Left options of G's canonical form, an\nincentive <= another one removed (WW ch. 8; CGSuite's LeftIncentives).\nExample: linc(^) is [v].",
        |s, v| {
            let g = v.game(0)?;
            let r = s.arena.left_incentives(g);
            Ok(game_list(s.arena, r))
        }
    ),
    function!(
        "rinc",
        "rinc(G)",
        1..=1,
        Reductions,
        "Right incentives G - G^R",
        "rinc(G): Right's incentives G - G^R over the Right options of G's canonical form, an\nincentive <= another one removed (WW ch. 8; CGSuite's RightIncentives).\nExample: rinc(^) is [^*].",
        |s, v| {
            let g = v.game(0)?;
            let r = s.arena.right_incentives(g);
            Ok(game_list(s.arena, r))
        }
    ),
    function!(
        "aw",
        "aw(G)",
        1..=1,
        Reductions,
        "atomic weight (error if G is not atomic)",
        "aw(G): the atomic weight of an atomic infinitesimal G (WW ch. 7-8; Siegel, CGT, II.7).\nComputed as CGSuite does: aw(x + k.^ + *m) = k; otherwise {aw(G^L) - 2 | aw(G^R) + 2}, and\nwhen that is an integer the far-star rule compares G with *N (N beyond every nimber in G)\nto pick the least/greatest integer allowed. G is atomic if it is all-small, or if\nG - aw(G).^ lies between -E and E with E = ^* + (*2^j : -1). aw is additive on all-small\ngames. Examples: aw(^) is 1, aw({^^^|vv}) is {1|0}, aw({1|^^||^}) is 2; aw(5) is an error.",
        |s, v| {
            let g = v.game(0)?;
            match s.analysis().atomic_weight(g) {
                Some(w) => Ok(Value::Game(w)),
                None => Err(CallError::Arg(
                    0,
                    format!("not atomic: {}", s.arena.display_brief(g)),
                )),
            }
        }
    ),
    Function {
        takes_positions: true,
        ..function!(
            "nimval",
            "nimval(G)",
            1..=1,
            Structure,
            "the nim value n of an impartial G = *n",
            "nimval(G): the n with G = *n (Sprague-Grundy; WW ch. 3; Siegel, CGT, ch. II), for a game whose\nvalue is a nimber (every impartial game's is), or for an impartial module position, a\nconditional one (primenim) included: the nim value of the whole position. An error otherwise.\nExample: nimval(*4 + *7) is 3, nimval(primenim(3, 6)) is 4.",
            |s, v| {
                let g = match &v[0] {
                    Value::Position(p) => match s.position_value(p) {
                        crate::search::PositionValue::Game(g) => g,
                        _ => {
                            return Err(CallError::Arg(
                                0,
                                "this position holds threats or a forced win: no nim value".into(),
                            ));
                        }
                    },
                    _ => v.game(0)?,
                };
                match s.arena.get_nus(g) {
                    Some(n) if n.number.is_zero() && n.ups == 0 => {
                        Ok(integer(s.arena, n.nim as i128))
                    }
                    _ => Err(CallError::Arg(
                        0,
                        format!("not a nimber: {}", s.arena.display_brief(g)),
                    )),
                }
            }
        )
    },
];

fn integer(a: &mut Arena, n: i128) -> Value {
    match i64::try_from(n) {
        Ok(n) => Value::Game(a.integer(n)),
        Err(_) => crate::game::Interrupt::Overflow.raise(),
    }
}

/// A list of games in printing order.
fn game_list(a: &mut Arena, games: Vec<GameId>) -> Value {
    let sorted = a.sort_for_display(games);
    Value::List(sorted.into_iter().map(Value::Game).collect())
}

/// `left(G)` / `right(G)`: the options of a module position as positions (when its ruleset
/// builds them), otherwise those of the canonical form of its value.
fn options(s: &mut Context, v: Args, player: Player) -> CallResult {
    let g = match &v[0] {
        Value::Position(p) => {
            if let Some(refusal) = p.position.no_algebra() {
                return Err(CallError::Arg(0, refusal.as_game));
            }
            if let Some(options) = p.position.options(player) {
                return position_options(p, options, player);
            }
            match s.position_value(p) {
                PositionValue::Game(g) => g,
                _ => {
                    return Err(CallError::Arg(
                        0,
                        "this position's value holds threats or a forced win, which have no list of options".into(),
                    ));
                }
            }
        }
        _ => v.game(0)?,
    };
    game_options(s.arena, g, player)
}

/// The options of a position as values: each remembers its move and, when the position has
/// an expression that builds it, the expression that builds the option (`left(dom(2, 2))[0]`).
fn position_options(
    p: &ModulePosition,
    options: Vec<(String, Box<dyn crate::search::Position>)>,
    player: Player,
) -> CallResult {
    let max = crate::calc::value::MAX_LIST_LEN;
    if options.len() > max {
        return Err(CallError::Arg(
            0,
            format!(
                "{} options, more than a list may hold (at most {max})",
                options.len()
            ),
        ));
    }
    let side = match player {
        Player::Left => "left",
        Player::Right => "right",
    };
    let items = options.into_iter().enumerate().map(|(i, (name, q))| {
        let source = p.source().map(|src| format!("{side}({src})[{i}]"));
        Value::Position(Arc::new(
            ModulePosition::new(q).with_source(source).with_move(name),
        ))
    });
    Ok(Value::List(items.collect()))
}

/// The Left or Right options of the canonical form of `g`, in printing order.
fn game_options(a: &mut Arena, g: GameId, player: Player) -> CallResult {
    let side = match player {
        Player::Left => "Left",
        Player::Right => "Right",
    };
    // only x + *n has many options (n on each side); other games have their options built
    if let Some(x) = a.get_nus(g).filter(|x| x.ups == 0)
        && x.nim as usize > crate::calc::value::MAX_LIST_LEN
    {
        return Err(CallError::Arg(
            0,
            format!(
                "{} {side} options, more than a list may hold (at most {})",
                x.nim,
                crate::calc::value::MAX_LIST_LEN
            ),
        ));
    }
    let opts = match player {
        Player::Left => a.left_options(g),
        Player::Right => a.right_options(g),
    };
    let sorted = a.sort_for_display(opts);
    Ok(Value::List(sorted.into_iter().map(Value::Game).collect()))
}

#[cfg(test)]
mod tests {
    use crate::lang::Session;

    /// Runs one statement: `Ok(output)` or `Err(error text)`.
    fn run(src: &str) -> Result<String, String> {
        let mut s = Session::new();
        let mut out = None;
        s.run_source(src, "<test>", true, &mut |r| {
            out = Some(match (&r.output, &r.error) {
                (_, Some(e)) => Err(e.clone()),
                (Some(o), None) => Ok(o.clone()),
                (None, None) => Ok(String::new()),
            })
        });
        out.expect("one reply")
    }

    #[test]
    fn analysis_builtins() {
        // Sprague-Grundy: *4 + *7 = *3 (nim addition).
        assert_eq!(run("nimval(*4 + *7)"), Ok("3".into()));
        assert!(run("nimval(^)").unwrap_err().contains("not a nimber: ^"));
        assert!(run("aw(5)").unwrap_err().contains("not atomic: 5"));
        assert_eq!(run("aw({1|^^||^})"), Ok("2".into()));
        assert_eq!(run("uptimal(^[4])"), Ok("\"0.1111\"".into()));
        assert_eq!(run("uptimal(4.^<2> - 11.^<3>)"), Ok("\"0.04B-\"".into()));
        assert_eq!(run("isuptimal({0||0|vvv})"), Ok("false".into()));
        assert_eq!(run("incentives(v*)"), Ok("[^*]".into()));
        assert_eq!(run("rinc(v*)"), Ok("[v, v*]".into()));
        assert_eq!(run("pow(^, 3)"), Ok("^<3>".into()));
        assert_eq!(run("powto(^, 3)"), Ok("^[3]".into()));
        assert!(run("pow(+-1, 3)").unwrap_err().contains("{0|H}"));
        // Printed uptimals parse back.
        assert_eq!(run("1+^<3>+*2"), Ok("1^<3>*2".into()));
        assert_eq!(run("-1/2v[4]*3 == -1/2 - ^[4] + *3"), Ok("true".into()));
    }
}
