//! The function table: names, arities, help pages and implementations.

use std::ops::RangeInclusive;

use super::value::{Outcome, Value};
use crate::game::{Arena, Dyadic, GameId, Relation};

/// Why a builtin failed: a bad argument (by index) or the call as a whole.
pub enum BuiltinError {
    Arg(usize, String),
    Call(String),
}

type BResult = Result<Value, BuiltinError>;

/// A built-in function.
pub struct Builtin {
    pub name: &'static str,
    pub signature: &'static str,
    pub arity: RangeInclusive<usize>,
    /// One line for `:help`.
    pub summary: &'static str,
    /// The help page (definition, source, example).
    pub help: &'static str,
    pub run: fn(&mut Arena, &[Value]) -> BResult,
}

macro_rules! builtin {
    ($name:literal, $sig:literal, $arity:expr, $summary:literal, $help:literal, $run:expr) => {
        Builtin {
            name: $name,
            signature: $sig,
            arity: $arity,
            summary: $summary,
            help: $help,
            run: $run,
        }
    };
}

/// All functions, in the order `:help` lists them.
pub static BUILTINS: &[Builtin] = &[
    builtin!(
        "left",
        "left(G)",
        1..=1,
        "the Left options of G's canonical form",
        "left(G) lists the Left options of the canonical form of G, in printing order.\nExample: left({0,*|1}) is [0, *].",
        |a, v| options(a, v, true)
    ),
    builtin!(
        "right",
        "right(G)",
        1..=1,
        "the Right options of G's canonical form",
        "right(G) lists the Right options of the canonical form of G.\nExample: right(^) is [*].",
        |a, v| options(a, v, false)
    ),
    builtin!(
        "outcome",
        "outcome(G)",
        1..=1,
        "the outcome class L, R, N or P",
        "outcome(G) is L if Left wins whoever starts (G > 0), R if Right does (G < 0),\nN if the first player wins (G <> 0) and P if the second player wins (G = 0).",
        |a, v| {
            let g = game(v, 0)?;
            let z = a.zero();
            Ok(Value::Outcome(match a.relation(g, z) {
                Relation::Greater => Outcome::L,
                Relation::Less => Outcome::R,
                Relation::Equal => Outcome::P,
                Relation::Confused => Outcome::N,
            }))
        }
    ),
    builtin!(
        "compare",
        "compare(G, H)",
        2..=2,
        "one of <, =, > or <>",
        "compare(G, H) is `<`, `=`, `>` or `<>` (confused): the relation of G to H.",
        |a, v| {
            let (g, h) = (game(v, 0)?, game(v, 1)?);
            Ok(Value::Relation(a.relation(g, h)))
        }
    ),
    builtin!(
        "birthday",
        "birthday(G)",
        1..=1,
        "the birthday (height of the canonical game tree)",
        "birthday(G) is the day on which G is born: 0 for 0, n for the integer n and *n,\n1 + the largest birthday of an option otherwise.",
        |a, v| {
            let g = game(v, 0)?;
            let b = a.exact_birthday(g);
            Ok(Value::Game(a.number(b)))
        }
    ),
    builtin!(
        "Tiny",
        "Tiny(G)",
        1..=1,
        "{0 || 0 | -G}",
        "Tiny(G) = {0||0|-G}, a positive infinitesimal for G > 0 (WW ch. 5).\nExample: Tiny(2) is {0||0|-2}.",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Game(a.tiny(g)))
        }
    ),
    builtin!(
        "Miny",
        "Miny(G)",
        1..=1,
        "{G | 0 || 0}",
        "Miny(G) = {G|0||0} = -Tiny(G).",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Game(a.miny(g)))
        }
    ),
    builtin!(
        "lstop",
        "lstop(G)",
        1..=1,
        "the Left stop",
        "lstop(G): the number reached when Left starts and both play optimally until a number is\nreached (WW ch. 3; Siegel, CGT, II.5).",
        |a, v| {
            let g = game(v, 0)?;
            let x = a.left_stop(g);
            Ok(Value::Game(a.number(x)))
        }
    ),
    builtin!(
        "rstop",
        "rstop(G)",
        1..=1,
        "the Right stop",
        "rstop(G): the number reached when Right starts.",
        |a, v| {
            let g = game(v, 0)?;
            let x = a.right_stop(g);
            Ok(Value::Game(a.number(x)))
        }
    ),
    builtin!(
        "mean",
        "mean(G)",
        1..=1,
        "the mean value (mast of the thermograph)",
        "mean(G): the mean value of G, where the mast of its thermograph stands (WW ch. 6).\nmean is additive: mean(G+H) = mean(G) + mean(H).",
        |a, v| {
            let g = game(v, 0)?;
            let x = a.mean(g);
            Ok(Value::Game(a.number(x)))
        }
    ),
    builtin!(
        "temp",
        "temp(G)",
        1..=1,
        "the temperature",
        "temp(G): the temperature of G, where its thermograph's walls meet. Following CGSuite,\nthe number m/2^n has temperature -1/2^n, an integer -1, number + infinitesimal 0.",
        |a, v| {
            let g = game(v, 0)?;
            let x = a.temperature(g);
            Ok(Value::Game(a.number(x)))
        }
    ),
    builtin!(
        "thermo",
        "thermo(G)",
        1..=1,
        "the thermograph",
        "thermo(G): the exact thermograph of G, printed in CGSuite's form\nThermograph(mast,[left critical temps],[left slopes],mast,[right temps],[right slopes]).",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Thermograph(a.thermograph(g)))
        }
    ),
    builtin!(
        "cool",
        "cool(G, t)",
        2..=2,
        "G cooled by the number t > -1",
        "cool(G, t): G cooled by t (t a number > -1): G_t = {G^L_t - t | G^R_t + t}, except that\nabove the temperature of G the cooled game is its mean (WW ch. 6; Siegel, CGT, II.5).\nExample: cool({2|-1}, 1) is {1|0}; cool({2|-1}, 2) is 1/2.",
        |a, v| {
            let g = game(v, 0)?;
            let t = number(a, v, 1)?;
            if t <= Dyadic::MINUS_ONE {
                return Err(BuiltinError::Arg(
                    1,
                    format!("invalid cooling temperature {t}: it must be > -1"),
                ));
            }
            Ok(Value::Game(a.cool(g, t)))
        }
    ),
    builtin!(
        "freeze",
        "freeze(G)",
        1..=1,
        "G cooled by its temperature",
        "freeze(G): G cooled by its own temperature, temp(G). Numbers are unchanged.",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Game(a.freeze(g)))
        }
    ),
    builtin!(
        "chill",
        "chill(G)",
        1..=1,
        "G cooled by 1",
        "chill(G): G cooled by 1, as in the analysis of Go endgames (Berlekamp–Wolfe).",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Game(a.cool(g, Dyadic::ONE)))
        }
    ),
    builtin!(
        "heat",
        "heat(G, t)",
        2..=2,
        "G heated by the game t",
        "heat(G, t): the integral of G by t: a number is unchanged, otherwise\n{heat(G^L,t) + t | heat(G^R,t) - t} (WW ch. 6). t may be any game: heat(^^, *) is 0.\nExample: heat(*, 2) is +-2; heat(^, 2) is {2||0|-4}.",
        |a, v| {
            let (g, t) = (game(v, 0)?, game(v, 1)?);
            Ok(Value::Game(a.heat(g, t)))
        }
    ),
    builtin!(
        "overheat",
        "overheat(G, s, t)",
        3..=3,
        "G overheated from s to t",
        "overheat(G, s, t): an integer n becomes n.s (n copies of s); any other game becomes\n{overheat(G^L,s,t) + t | overheat(G^R,s,t) - t} (Berlekamp). overheat(7/16,0,0) is ^[3].",
        |a, v| {
            let (g, s, t) = (game(v, 0)?, game(v, 1)?, game(v, 2)?);
            Ok(Value::Game(a.overheat(g, s, t)))
        }
    ),
    builtin!(
        "rcf",
        "rcf(G)",
        1..=1,
        "reduced canonical form",
        "rcf(G): the reduced canonical form, the simplest game infinitesimally close to G\n(Calistrate; Grossman & Siegel). rcf({3||2*|1*}) is {3||2|1}.",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Game(a.rcf(g)))
        }
    ),
    builtin!(
        "plot",
        "plot(T)",
        1..=1,
        "draw thermographs as ASCII art",
        "plot(thermo(G)) draws the thermograph of G in the terminal: temperature upward, values\nleftward (Left's direction), the mast marked. plot([thermo(G), thermo(H)]) overlays several\n(numbered 1, 2, ...), e.g. the components of a sum. A game argument is plotted as its thermograph.",
        |a, v| {
            let graphs = thermographs(a, v, 0)?;
            let refs: Vec<&crate::analysis::Thermograph> =
                graphs.iter().map(|g| g.as_ref()).collect();
            Ok(Value::Text(crate::analysis::plot::ascii(&refs, 61, 21)))
        }
    ),
    builtin!(
        "svg",
        "svg(T, file)",
        2..=2,
        "write thermographs as an SVG picture",
        "svg(thermo(G), \"g.svg\") writes the thermograph of G as an SVG file with axes and labels;\nsvg([thermo(G), thermo(H)], \"f.svg\") draws several in one picture.",
        |a, v| {
            let graphs = thermographs(a, v, 0)?;
            let Value::Str(path) = &v[1] else {
                return Err(BuiltinError::Arg(
                    1,
                    "expected a file name in quotes, e.g. \"g.svg\"".into(),
                ));
            };
            let refs: Vec<&crate::analysis::Thermograph> =
                graphs.iter().map(|g| g.as_ref()).collect();
            let labels: Vec<String> = if refs.len() > 1 {
                (1..=refs.len()).map(|i| i.to_string()).collect()
            } else {
                Vec::new()
            };
            let text = crate::analysis::plot::svg(&refs, &labels);
            std::fs::write(path, &text)
                .map_err(|e| BuiltinError::Arg(1, format!("cannot write {path}: {e}")))?;
            Ok(Value::Text(format!("wrote {path} ({} bytes)", text.len())))
        }
    ),
    builtin!(
        "nfollowers",
        "nfollowers(G)",
        1..=1,
        "number of distinct followers (G included)",
        "nfollowers(G): how many distinct games occur in the canonical game tree of G, G included.",
        |a, v| {
            let g = game(v, 0)?;
            let n = a.count_followers(g);
            Ok(Value::Game(a.number(n)))
        }
    ),
    builtin!(
        "followers",
        "followers(G)",
        1..=1,
        "the distinct followers (G included)",
        "followers(G): the list of distinct games in the canonical game tree of G, G included.\nA list holds at most 1000000 games; nfollowers(G) counts any number of them.",
        |a, v| {
            let g = game(v, 0)?;
            let cap = super::value::MAX_LIST_LEN;
            let all = a.followers(g, cap).map_err(|n| {
                BuiltinError::Arg(
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
    builtin!(
        "stopcount",
        "stopcount(G)",
        1..=1,
        "number of leaves (stops) of the game tree",
        "stopcount(G): the number of paths from G down to a number in its canonical game tree.",
        |a, v| {
            let g = game(v, 0)?;
            let n = a
                .stop_count(g)
                .ok_or(BuiltinError::Call("stopcount too large".into()))?;
            Ok(integer(a, n as i128))
        }
    ),
    builtin!(
        "isnumber",
        "isnumber(G)",
        1..=1,
        "is G a number?",
        "isnumber(G): true if G equals a dyadic rational.",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(a.is_number(g)))
        }
    ),
    builtin!(
        "isinteger",
        "isinteger(G)",
        1..=1,
        "is G an integer?",
        "isinteger(G): true if G equals an integer.",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(a.as_number(g).is_some_and(|x| x.is_integer())))
        }
    ),
    builtin!(
        "iseven",
        "iseven(G)",
        1..=1,
        "is G an even integer?",
        "iseven(G): true if G is an even integer (as in CGSuite).",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(
                a.as_number(g).is_some_and(|x| x.is_even_integer()),
            ))
        }
    ),
    builtin!(
        "isodd",
        "isodd(G)",
        1..=1,
        "is G an odd integer?",
        "isodd(G): true if G is an odd integer (as in CGSuite).",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(
                a.as_number(g)
                    .is_some_and(|x| x.is_integer() && !x.is_even_integer()),
            ))
        }
    ),
    builtin!(
        "isnimber",
        "isnimber(G)",
        1..=1,
        "is G a nimber?",
        "isnimber(G): true if G equals *n for some n >= 0.",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(
                a.get_nus(g)
                    .is_some_and(|n| n.number.is_zero() && n.ups == 0),
            ))
        }
    ),
    builtin!(
        "iszero",
        "iszero(G)",
        1..=1,
        "is G = 0?",
        "iszero(G): true if G = 0.",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(g == a.zero()))
        }
    ),
    builtin!(
        "isinfinitesimal",
        "isinfinitesimal(G)",
        1..=1,
        "are both stops 0?",
        "isinfinitesimal(G): true if both stops of G are 0 (G is smaller than every positive number\nand larger than every negative number). 0 counts.",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(
                a.left_stop(g).is_zero() && a.right_stop(g).is_zero(),
            ))
        }
    ),
    builtin!(
        "isnumberish",
        "isnumberish(G)",
        1..=1,
        "are both stops equal?",
        "isnumberish(G): true if G is a number plus an infinitesimal (its stops are equal).",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(a.left_stop(g) == a.right_stop(g)))
        }
    ),
    builtin!(
        "isallsmall",
        "isallsmall(G)",
        1..=1,
        "is every follower with a move for one a move for both?",
        "isallsmall(G): true if in every follower of G, Left has a move exactly when Right has one\n(all-small games, WW ch. 7; Siegel, CGT, ch. II).",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(a.is_all_small(g)))
        }
    ),
    builtin!(
        "isuptimal",
        "isuptimal(G)",
        1..=1,
        "is G a number plus uptimal?",
        "isuptimal(G): true if G = x + d1.^ + d2.^<2> + ... + dn.^<n> + *m for a number x,\nintegers d1..dn and a nimber *m: an uptimal (Siegel, CGT, II.4; CGSuite's IsUptimal).\nEvery number-up-star value is one. Example: isuptimal({0||0|v*}) is true (*.12).",
        |a, v| {
            let g = game(v, 0)?;
            Ok(Value::Bool(a.is_uptimal(g)))
        }
    ),
    builtin!(
        "uptimal",
        "uptimal(G)",
        1..=1,
        "the uptimal expansion, as CGSuite writes it",
        "uptimal(G): the uptimal expansion x*m.d1d2...dn of G = x + d1.^ + d2.^<2> + ... + dn.^<n> + *m\n(Siegel, CGT, II.4; CGSuite's UptimalExpansion), as a string. The number x is left out\nwhen it is 0 and a nimber follows; digits 10..35 are written A..Z, larger ones (d), and a\nnegative digit is followed by `-`. Examples: uptimal(^[4]) is \"0.1111\", uptimal(v*) is\n\"*.1-\", uptimal(6^*) is \"6*.1\". An error if G is not an uptimal.",
        |a, v| {
            let g = game(v, 0)?;
            match a.uptimal_expansion(g) {
                Some(e) => Ok(Value::Str(e.to_cgsuite_string())),
                None => Err(BuiltinError::Arg(
                    0,
                    format!("not an uptimal: {}", a.display(g)),
                )),
            }
        }
    ),
    builtin!(
        "pow",
        "pow(G, x)",
        2..=2,
        "G^x: ^<n>-style power of a game {0|H}",
        "pow(G, x) for G = {0|H} and a number x >= 1: {0 | H - powto(G, x-1)}, so pow(^, n) = ^<n>\n(Siegel, CGT, II.4; CGSuite's Pow, which allows dyadic exponents through powto).\nExamples: pow(^, 3) is ^<3>; pow(^, 7/4) is {0||0,v*|0,{0,v*|0,*}}. An error for other G.",
        |a, v| {
            let (g, x) = (game(v, 0)?, number(a, v, 1)?);
            a.pow(g, x).map(Value::Game).map_err(|e| match e {
                crate::analysis::powers::PowError::Base => BuiltinError::Arg(0, e.to_string()),
                _ => BuiltinError::Arg(1, e.to_string()),
            })
        }
    ),
    builtin!(
        "powto",
        "powto(G, x)",
        2..=2,
        "G^->x: ^[n]-style power (ordinal sum G : blowup(x))",
        "powto(G, x) for a number x >= 0: 0 when x = 0, else the ordinal sum G : b(x), where the\nblow-up b(n) = n - 1 for integers and, for x = m/2^k, b(x) is the simplest number between\nb(x - 1/2^k) and b(x + 1/2^k) (Siegel, CGT, II.4; CGSuite's PowTo). powto(^, n) = ^[n].\nExamples: powto(^, 7/4) is {^|*,^[2]||*,^[2]}; powto(+-1, 3) is {1,{1,+-1|-1}|-1}.",
        |a, v| {
            let (g, x) = (game(v, 0)?, number(a, v, 1)?);
            a.powto(g, x)
                .map(Value::Game)
                .map_err(|e| BuiltinError::Arg(1, e.to_string()))
        }
    ),
    builtin!(
        "incentives",
        "incentives(G)",
        1..=1,
        "Left's and Right's incentives, dominated ones removed",
        "incentives(G): the incentives G^L - G and G - G^R over the options of G's canonical form\n(WW ch. 8; Siegel, CGT, II.5), taken together; an incentive <= another one is removed, as in\nCGSuite's Incentives. Example: incentives(v*) is [^*] (Right's v and v* are below ^*).",
        |a, v| {
            let g = game(v, 0)?;
            let r = a.incentives(g);
            Ok(game_list(a, r))
        }
    ),
    builtin!(
        "linc",
        "linc(G)",
        1..=1,
        "Left incentives G^L - G",
        "linc(G): Left's incentives G^L - G over the Left options of G's canonical form, an\nincentive <= another one removed (WW ch. 8; CGSuite's LeftIncentives). linc(^) is [v].",
        |a, v| {
            let g = game(v, 0)?;
            let r = a.left_incentives(g);
            Ok(game_list(a, r))
        }
    ),
    builtin!(
        "rinc",
        "rinc(G)",
        1..=1,
        "Right incentives G - G^R",
        "rinc(G): Right's incentives G - G^R over the Right options of G's canonical form, an\nincentive <= another one removed (WW ch. 8; CGSuite's RightIncentives). rinc(^) is [^*].",
        |a, v| {
            let g = game(v, 0)?;
            let r = a.right_incentives(g);
            Ok(game_list(a, r))
        }
    ),
    builtin!(
        "aw",
        "aw(G)",
        1..=1,
        "atomic weight (error if G is not atomic)",
        "aw(G): the atomic weight of an atomic infinitesimal G (WW ch. 7-8; Siegel, CGT, II.7).\nComputed as CGSuite does: aw(x + k.^ + *m) = k; otherwise {aw(G^L) - 2 | aw(G^R) + 2}, and\nwhen that is an integer the far-star rule compares G with *N (N beyond every nimber in G)\nto pick the least/greatest integer allowed. G is atomic if it is all-small, or if\nG - aw(G).^ lies between -E and E with E = ^* + (*2^j : -1). aw is additive on all-small\ngames. Examples: aw(^) is 1, aw({^^^|vv}) is {1|0}, aw({1|^^||^}) is 2; aw(5) is an error.",
        |a, v| {
            let g = game(v, 0)?;
            match a.atomic_weight(g) {
                Some(w) => Ok(Value::Game(w)),
                None => Err(BuiltinError::Arg(
                    0,
                    format!("not atomic: {}", a.display(g)),
                )),
            }
        }
    ),
    builtin!(
        "nimval",
        "nimval(G)",
        1..=1,
        "the nim value n of an impartial G = *n",
        "nimval(G): the n with G = *n (Sprague-Grundy; WW ch. 3; Siegel, CGT, ch. II), for a game whose\nvalue is a nimber (every impartial game's is). An error otherwise. nimval(*4 + *7) is 3.",
        |a, v| {
            let g = game(v, 0)?;
            match a.get_nus(g) {
                Some(n) if n.number.is_zero() && n.ups == 0 => Ok(integer(a, n.nim as i128)),
                _ => Err(BuiltinError::Arg(
                    0,
                    format!("not a nimber: {}", a.display(g)),
                )),
            }
        }
    ),
];

/// Looks up a function by name.
pub fn lookup(name: &str) -> Option<&'static Builtin> {
    BUILTINS.iter().find(|b| b.name == name)
}

/// All function names (builtins and game modules).
pub fn names() -> impl Iterator<Item = &'static str> {
    BUILTINS
        .iter()
        .map(|b| b.name)
        .chain(super::modules::MODULE_FNS.iter().map(|m| m.name))
}

/// The text of `:help` (no topic: an overview) or `:help topic`.
pub fn help(topic: &str) -> Result<String, String> {
    if topic.is_empty() {
        let mut out = String::from(HELP_OVERVIEW);
        out.push_str("\nFunctions (`:help NAME` for details):\n");
        for b in BUILTINS {
            out.push_str(&format!("  {:<22} {}\n", b.signature, b.summary));
        }
        out.push_str("\nGame modules:\n");
        for m in super::modules::MODULE_FNS {
            out.push_str(&format!("  {:<22} {}\n", m.signature, m.summary));
        }
        out.push_str(HELP_COMMANDS);
        return Ok(out.trim_end().to_string());
    }
    let topic = topic.trim_start_matches(':');
    if let Some(b) = lookup(topic) {
        return Ok(format!("{}\n\n{}", b.signature, b.help));
    }
    if let Some(m) = super::modules::lookup(topic) {
        return Ok(format!("{}\n\n{}", m.signature, m.help));
    }
    match topic {
        "syntax" | "games" => Ok(HELP_SYNTAX.trim_end().to_string()),
        "commands" => Ok(HELP_COMMANDS.trim().to_string()),
        _ => Err(match crate::lang::eval::closest(topic, names()) {
            Some(c) => format!("no help for `{topic}`; did you mean `{c}`?"),
            None => format!("no help for `{topic}`; `:help` lists the topics"),
        }),
    }
}

const HELP_OVERVIEW: &str = "cgcalc: type a game expression and get its canonical form.
  {0|1}          -> 1/2          {0|*}   -> ^          *4 + *7 -> *3
  g = {3||2|1}   assigns g       +-1+-2  -> +-{3|1||-1|-3}
`:help syntax` describes the notation.
";

const HELP_COMMANDS: &str = "
Commands:
  :help [topic]      this text, or the page of a function
  :vars              list the variables        :clear   forget all variables
  :load FILE         run a script file         :time on|off  show evaluation times
  :stats             arena size and cache hit rates
  :print-limit N     longest printed value (0 = no limit)
  :threads N         worker threads for module searches (independent components)
  :limit ...         search budgets: nodes N | memory 8G | time 600 | progress 10 | off
  :unicode on|off    print ↑ ↓ ⋆ ± in values (input stays ASCII)
  :quit              leave (Ctrl-D works too; Ctrl-C cancels a line or a computation)
";

const HELP_SYNTAX: &str = "Notation (language.md):
  0  -7  3/8           numbers (dyadic rationals; 1/3 is an error)
  *  *5                nimbers
  ^  ^^  ^3  v  vv  v3  ^*  v*3   multiples of up/down plus a nimber
  1/2v*  6^*  2Tiny(2) a number followed by an infinitesimal part is their sum
  ^<3>  v<2>  ^[3]     up-nth and up-to-the-n (Conway's uptimals)
  {a, b | c}           the game with those options
  {3||2|1}  2|1        slash notation: more bars bind more loosely; {3|2|1} is ambiguous
  +-G  +-{a,b}  a +- b switches
  G + H  G - H  -G     sum, difference, negative
  G : H                ordinal sum
  n . G  x . U         Norton product (n.G is n copies of G)
  ==  !=  <  <=  >  >=  <>  <|  |>   comparisons (<> is confused with)
  g = expr   g := expr   a; b   expr;   # comment   // comment   assert expr
";

fn game(v: &[Value], i: usize) -> Result<GameId, BuiltinError> {
    match &v[i] {
        Value::Game(g) => Ok(*g),
        Value::Position(p) => Ok(p.value),
        other => Err(BuiltinError::Arg(
            i,
            format!("expected a game, but this is a {}", other.type_name()),
        )),
    }
}

/// Thermographs from a thermograph, a game, or a list of them.
fn thermographs(
    a: &mut Arena,
    v: &[Value],
    i: usize,
) -> Result<Vec<std::sync::Arc<crate::analysis::Thermograph>>, BuiltinError> {
    fn one(
        a: &mut Arena,
        x: &Value,
        i: usize,
    ) -> Result<std::sync::Arc<crate::analysis::Thermograph>, BuiltinError> {
        match x {
            Value::Thermograph(t) => Ok(t.clone()),
            Value::Game(g) => Ok(a.thermograph(*g)),
            Value::Position(p) => Ok(a.thermograph(p.value)),
            other => Err(BuiltinError::Arg(
                i,
                format!(
                    "expected a thermograph, but this is a {}",
                    other.type_name()
                ),
            )),
        }
    }
    match &v[i] {
        Value::List(items) if !items.is_empty() => items.iter().map(|x| one(a, x, i)).collect(),
        x => Ok(vec![one(a, x, i)?]),
    }
}

fn number(a: &mut Arena, v: &[Value], i: usize) -> Result<crate::game::Dyadic, BuiltinError> {
    let g = game(v, i)?;
    a.as_number(g).ok_or_else(|| {
        BuiltinError::Arg(
            i,
            format!("expected a number, but this is {}", a.display(g)),
        )
    })
}

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

fn options(a: &mut Arena, v: &[Value], left: bool) -> BResult {
    let g = game(v, 0)?;
    // only x + *n has many options (n on each side); other games have their options built
    if let Some(x) = a.get_nus(g).filter(|x| x.ups == 0)
        && x.nim as usize > super::value::MAX_LIST_LEN
    {
        let side = if left { "Left" } else { "Right" };
        return Err(BuiltinError::Arg(
            0,
            format!(
                "{} {side} options, more than a list may hold (at most {})",
                x.nim,
                super::value::MAX_LIST_LEN
            ),
        ));
    }
    let opts = if left {
        a.left_options(g)
    } else {
        a.right_options(g)
    };
    let sorted = a.sort_for_display(opts);
    Ok(Value::List(sorted.into_iter().map(Value::Game).collect()))
}

#[cfg(test)]
mod tests {
    use crate::lang::eval::Session;

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
