//! The function table: the interpreter's built-ins ([`super::builtins`] and its companions)
//! and every ruleset's constructors and functions ([`crate::rulesets::ALL`]) seen as one list.
//! The parser (`G.name` errors, reserved names), the evaluator, `:help`, completion, "did you
//! mean" suggestions, the REPL's signature hints, the grammar check and the fuzzer all read it
//! from here.

use std::ops::RangeInclusive;

use super::builtins::{self, Builtin};
use super::{explain_functions, list_functions};
use crate::calc::catalogue::{self, Constructor, Ruleset, Topic};

/// One row of the function table.
#[derive(Clone, Copy)]
pub enum Function {
    /// A built-in against the narrow context.
    Context(&'static catalogue::Function),
    /// A built-in that runs on the interpreter's session.
    Builtin(&'static Builtin),
    /// A ruleset's function, against the narrow context.
    Ruleset(&'static catalogue::Function, &'static Ruleset),
    /// A ruleset's constructor.
    Constructor(&'static Constructor, &'static Ruleset),
}

/// The same field of any row.
macro_rules! field {
    ($f:expr, $x:ident) => {
        match $f {
            Function::Context(b) => b.$x.clone(),
            Function::Builtin(b) => b.$x.clone(),
            Function::Ruleset(b, _) => b.$x.clone(),
            Function::Constructor(c, _) => c.$x.clone(),
        }
    };
}

impl Function {
    pub fn name(self) -> &'static str {
        field!(self, name)
    }

    pub fn signature(self) -> &'static str {
        field!(self, signature)
    }

    pub fn arity(self) -> RangeInclusive<usize> {
        field!(self, arity)
    }

    /// One line for `:help`.
    pub fn summary(self) -> &'static str {
        field!(self, summary)
    }

    /// The help page.
    pub fn help(self) -> &'static str {
        field!(self, help)
    }

    /// The ruleset that registered it (`None`: a built-in).
    pub fn ruleset(self) -> Option<&'static Ruleset> {
        match self {
            Function::Context(_) | Function::Builtin(_) => None,
            Function::Ruleset(_, r) | Function::Constructor(_, r) => Some(r),
        }
    }

    /// Where `:help` lists a built-in (a ruleset's rows are listed with the ruleset).
    pub fn topic(self) -> Topic {
        match self {
            Function::Context(b) => b.topic,
            Function::Builtin(b) => b.topic,
            Function::Ruleset(..) | Function::Constructor(..) => Topic::Ruleset,
        }
    }

    /// How it takes its arguments (constructors take plain values).
    pub fn takes(self) -> Takes {
        let row = |p, s, q, f| Takes {
            positions: p,
            summands: s,
            quoted: q,
            function: f,
        };
        match self {
            Function::Context(b) => row(
                b.takes_positions,
                b.takes_summands,
                b.quoted,
                b.takes_function,
            ),
            Function::Builtin(b) => row(
                b.takes_positions,
                b.takes_summands,
                b.quoted,
                b.takes_function,
            ),
            Function::Ruleset(b, _) => row(
                b.takes_positions,
                b.takes_summands,
                b.quoted,
                b.takes_function,
            ),
            Function::Constructor(..) => Takes::default(),
        }
    }
}

/// How a function takes its arguments ([`Function::takes`]): module positions as they are, a
/// sum as its summands, the first argument as written, the first argument a function's name.
#[derive(Clone, Copy, Debug, Default)]
pub struct Takes {
    pub positions: bool,
    pub summands: bool,
    pub quoted: bool,
    pub function: bool,
}

/// Every function, built-ins first, then each ruleset's constructors and functions, in the
/// order `:help` lists them.
pub fn all() -> impl Iterator<Item = Function> {
    builtins::BUILTINS
        .iter()
        .map(Function::Context)
        .chain(
            explain_functions::EXPLAIN_FUNCTIONS
                .iter()
                .chain(list_functions::LIST_FUNCTIONS)
                .chain(super::misere::MISERE_FUNCTIONS)
                .map(Function::Builtin),
        )
        .chain(super::loopy::LOOPY_FUNCTIONS.iter().map(Function::Context))
        .chain(rulesets().flat_map(|r| {
            r.constructors
                .iter()
                .map(move |c| Function::Constructor(c, r))
                .chain(r.functions.iter().map(move |f| Function::Ruleset(f, r)))
        }))
}

/// Every ruleset's registration (the registry, [`crate::rulesets::ALL`]).
pub fn rulesets() -> impl Iterator<Item = &'static Ruleset> {
    crate::rulesets::ALL.iter().copied()
}

/// The function called `name`.
pub fn lookup(name: &str) -> Option<Function> {
    all().find(|f| f.name() == name)
}

/// Whether `name` is a function (the parser's [`crate::syntax::parser::Names`]).
pub fn is_function(name: &str) -> bool {
    lookup(name).is_some()
}

/// Every function name.
pub fn names() -> impl Iterator<Item = &'static str> {
    all().map(Function::name)
}

/// The `:help` page of a function.
pub fn help_page(f: Function) -> String {
    format!("{}\n\n{}", f.signature(), f.help())
}

/// The functions part of the `:help` overview: the built-ins by topic, then each ruleset.
pub fn overview() -> String {
    let mut out = String::from("Functions (`:help NAME` for details):\n");
    let line = |out: &mut String, f: Function| {
        out.push_str(&format!("  {:<26} {}\n", f.signature(), f.summary()));
    };
    for topic in Topic::BUILTIN {
        out.push_str(&format!("{}:\n", capitalise(topic.title())));
        for f in all().filter(|f| f.topic() == topic) {
            line(&mut out, f);
        }
    }
    for r in rulesets() {
        out.push_str(&format!("{}:\n", capitalise(r.title)));
        for f in all().filter(|f| f.ruleset().is_some_and(|x| std::ptr::eq(x, r))) {
            line(&mut out, f);
        }
    }
    out
}

/// `:help WORD` for a word of rulesets' titles (`:help chess`: the pawn structures and the
/// endgames): each such ruleset's section of the overview; `None` when no title has it.
pub fn ruleset_sections(word: &str) -> Option<String> {
    let word = word.to_lowercase();
    let mut out = String::new();
    for r in rulesets() {
        let title = r.title.to_lowercase();
        let has = title
            .split(|c: char| !c.is_alphanumeric())
            .any(|w| w == word || w.strip_suffix('s') == Some(word.as_str()));
        if !has {
            continue;
        }
        out.push_str(&format!("{}:\n", capitalise(r.title)));
        for f in all().filter(|f| f.ruleset().is_some_and(|x| std::ptr::eq(x, r))) {
            out.push_str(&format!("  {:<26} {}\n", f.signature(), f.summary()));
        }
    }
    (!out.is_empty()).then(|| format!("{}(`:help NAME` for details)", out))
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

/// The candidate to suggest for a misspelt `name`: the shortest one that `name` begins
/// (`:lim` is `:limit`), else the closest by edit distance if it is close enough.
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let name = name.to_lowercase();
    let mut prefix: Option<&str> = None;
    let mut best: Option<((usize, bool), &str)> = None;
    for c in candidates {
        let lower = c.to_lowercase();
        if !name.is_empty() && lower.starts_with(&name) && prefix.is_none_or(|p| c.len() < p.len())
        {
            prefix = Some(c);
        }
        // Ties go to a candidate that the name extends (`minn` is `min`, not `Miny`).
        let d = (edit_distance(&name, &lower), !name.starts_with(&lower));
        if d.0 <= 2.max(name.len() / 3) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    prefix.or(best.map(|(_, c)| c)).map(str::to_string)
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_documented() {
        let mut names: Vec<&str> = names().collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "duplicate function names");
        for f in all() {
            assert!(
                f.signature().starts_with(&format!("{}(", f.name())),
                "{}",
                f.name()
            );
            assert!(!f.summary().is_empty(), "{}", f.name());
            assert!(
                f.help().contains(f.name()),
                "the help page of {} mentions it",
                f.name()
            );
        }
    }
}
