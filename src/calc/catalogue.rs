//! Rows of the function table and a ruleset's registration. The interpreter assembles its
//! function table, `:help` topics, completion, the grammar's name list, the fuzz families and
//! CGSuite's names from the built-ins and every ruleset's [`Ruleset`].

use std::ops::RangeInclusive;

use super::args::{Args, CallError, CallResult};
use super::context::{Context, RulesetStates};
use crate::game::cache::NamedStats;
use crate::search::Position;

/// Where `:help` lists a built-in function (a ruleset's functions are listed under the
/// ruleset's own title, [`Ruleset::title`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Topic {
    Structure,
    Constructors,
    Temperature,
    Reductions,
    Predicates,
    Positions,
    Explain,
    Impartial,
    Misere,
    Loopy,
    Lists,
    /// A ruleset's function: listed with its ruleset.
    Ruleset,
}

impl Topic {
    /// The built-in topics, in the order `:help` lists them.
    pub const BUILTIN: [Topic; 11] = [
        Topic::Structure,
        Topic::Constructors,
        Topic::Temperature,
        Topic::Reductions,
        Topic::Predicates,
        Topic::Positions,
        Topic::Explain,
        Topic::Impartial,
        Topic::Misere,
        Topic::Loopy,
        Topic::Lists,
    ];

    pub fn title(self) -> &'static str {
        match self {
            Topic::Structure => "structure",
            Topic::Constructors => "constructors",
            Topic::Temperature => "temperature",
            Topic::Reductions => "reductions",
            Topic::Predicates => "predicates",
            Topic::Positions => "positions of game modules",
            Topic::Explain => "explanations and typesetting",
            Topic::Impartial => "impartial games",
            Topic::Misere => "misère impartial games",
            Topic::Loopy => "loopy games",
            Topic::Lists => "lists, tables and sequences",
            Topic::Ruleset => "game modules",
        }
    }
}

/// How a function written against the narrow [`Context`] runs.
pub type Run = for<'a, 'b> fn(&'a mut Context<'b>, Args<'_>) -> CallResult;

/// A function: its name, help and how it takes its arguments; `R` is how it runs ([`Run`]
/// for functions against the context; the interpreter has its own for the few that
/// evaluate expressions).
pub struct Function<R = Run> {
    pub name: &'static str,
    pub signature: &'static str,
    pub arity: RangeInclusive<usize>,
    pub topic: Topic,
    /// One line for `:help`.
    pub summary: &'static str,
    /// The help page (definition, source, example).
    pub help: &'static str,
    /// The function takes module positions as they are (`moves`, `outcome`); other functions
    /// receive a position's value instead.
    pub takes_positions: bool,
    /// A sum `G1 + G2 + ...` given as the first argument arrives as the list of its summands
    /// (`bestmove`); other functions receive the sum's value.
    pub takes_summands: bool,
    /// The first argument arrives as written, as [`super::value::Value::Quoted`]: `explain`
    /// reads the options of `{...}` before canonicalisation, `why` the sides of a comparison.
    pub quoted: bool,
    /// The first argument may be the name of a function, passed as
    /// [`super::value::Value::Func`] (`map`, `filter`).
    pub takes_function: bool,
    pub run: R,
}

/// A [`Function`] row with the usual argument handling.
#[macro_export]
macro_rules! function {
    ($name:literal, $sig:literal, $arity:expr, $topic:ident, $summary:expr, $help:expr, $run:expr) => {
        $crate::calc::catalogue::Function {
            name: $name,
            signature: $sig,
            arity: $arity,
            topic: $crate::calc::catalogue::Topic::$topic,
            summary: $summary,
            help: $help,
            takes_positions: false,
            takes_summands: false,
            quoted: false,
            takes_function: false,
            run: $run,
        }
    };
}

/// Builds a ruleset's position from the arguments of a constructor call.
pub type Build =
    for<'a, 'b> fn(&'a mut Context<'b>, Args<'_>) -> Result<Box<dyn Position>, CallError>;

/// A constructor: a function whose value is a position of its ruleset (`dom(3, 3)`). The
/// interpreter keeps the call with the position, so that `:save` can write it again.
pub struct Constructor {
    pub name: &'static str,
    pub signature: &'static str,
    pub arity: RangeInclusive<usize>,
    /// One line for `:help`.
    pub summary: &'static str,
    /// The help page, with an example.
    pub help: &'static str,
    pub build: Build,
}

/// Everything a ruleset adds to the calculator, declared in its own module and listed once
/// in the registry (`rulesets::ALL`).
pub struct Ruleset {
    /// The heading of its `:help` section ("Domineering").
    pub title: &'static str,
    pub constructors: &'static [Constructor],
    /// Its functions besides the constructors (tables, checks, reports).
    pub functions: &'static [Function],
    /// The functions and constructors whose arguments the fuzzer makes from bytes (a family
    /// each), with whether a made call is also valued in a session (moves, outcome).
    pub fuzz: &'static [Fuzz],
    /// CGSuite's names for its constructors ("Domineering" for `domineering`).
    pub cgsuite_names: &'static [(&'static str, &'static str)],
    /// The caches of its state that `:stats` lists (none: [`no_caches`]).
    pub caches: fn(&RulesetStates) -> Vec<NamedStats>,
}

/// A ruleset whose state has no caches for `:stats`.
pub fn no_caches(_: &RulesetStates) -> Vec<NamedStats> {
    Vec::new()
}

/// A fuzz family: a function of a ruleset that the fuzzer calls with arguments made from
/// bytes (integers and strings).
#[derive(Clone, Copy)]
pub struct Fuzz {
    pub name: &'static str,
    pub check: FuzzCheck,
}

/// What the fuzzer does with a made call.
#[derive(Clone, Copy)]
pub enum FuzzCheck {
    /// A constructor: build the position (an error must name an argument the call has), and
    /// value short ones in a session (`p`, `moves(p)`, `outcome(p)`).
    Position,
    /// A function too costly to run on every input: check only that its first argument, a
    /// string, reads or is refused without a panic (`Ok(read)`); an `Err` is a broken
    /// invariant (a chess FEN that does not read back). Short inputs are run in a session.
    Text(fn(&str) -> Result<bool, String>),
}
