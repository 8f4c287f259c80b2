//! The function table: every built-in function ([`super::builtins`]) and every game-module
//! constructor ([`crate::rulesets::CONSTRUCTORS`]) seen as one list. The parser (`G.name`
//! errors, reserved names), the evaluator, `:help`, completion, "did you mean" suggestions, the
//! REPL's signature hints and the grammar check all read it from here.

use std::ops::RangeInclusive;

use super::builtins::{self, Builtin, Topic};
use super::{endgame_functions, explain_functions, list_functions, module_functions};
use crate::rulesets::{self, Constructor};

/// One row of the function table.
#[derive(Clone, Copy)]
pub enum Function {
    Builtin(&'static Builtin),
    Constructor(&'static Constructor),
}

impl Function {
    pub fn name(self) -> &'static str {
        match self {
            Function::Builtin(b) => b.name,
            Function::Constructor(c) => c.name,
        }
    }

    pub fn signature(self) -> &'static str {
        match self {
            Function::Builtin(b) => b.signature,
            Function::Constructor(c) => c.signature,
        }
    }

    pub fn arity(self) -> RangeInclusive<usize> {
        match self {
            Function::Builtin(b) => b.arity.clone(),
            Function::Constructor(c) => c.arity.clone(),
        }
    }

    /// One line for `:help`.
    pub fn summary(self) -> &'static str {
        match self {
            Function::Builtin(b) => b.summary,
            Function::Constructor(c) => c.summary,
        }
    }

    /// The help page.
    pub fn help(self) -> &'static str {
        match self {
            Function::Builtin(b) => b.help,
            Function::Constructor(c) => c.help,
        }
    }

    /// Where `:help` lists it (`None`: among the game modules).
    pub fn topic(self) -> Option<Topic> {
        match self {
            Function::Builtin(b) => Some(b.topic),
            Function::Constructor(_) => None,
        }
    }
}

/// Every function, built-ins first, in the order `:help` lists them.
pub fn all() -> impl Iterator<Item = Function> {
    builtins::BUILTINS
        .iter()
        .chain(module_functions::MODULE_FUNCTIONS)
        .chain(endgame_functions::ENDGAME_FUNCTIONS)
        .chain(explain_functions::EXPLAIN_FUNCTIONS)
        .chain(list_functions::LIST_FUNCTIONS)
        .map(Function::Builtin)
        .chain(rulesets::CONSTRUCTORS.iter().map(Function::Constructor))
}

/// The function called `name`.
pub fn lookup(name: &str) -> Option<Function> {
    all().find(|f| f.name() == name)
}

/// Whether `name` is a function (the parser's [`crate::lang::syntax::parser::IsFunction`]).
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

/// The functions part of the `:help` overview, grouped by topic.
pub fn overview() -> String {
    let mut out = String::from("Functions (`:help NAME` for details):\n");
    for topic in Topic::ALL {
        out.push_str(&format!("{}:\n", capitalise(topic.title())));
        for f in all().filter(|f| f.topic() == Some(topic)) {
            out.push_str(&format!("  {:<26} {}\n", f.signature(), f.summary()));
        }
    }
    out.push_str("Game modules:\n");
    for f in all().filter(|f| f.topic().is_none()) {
        out.push_str(&format!("  {:<26} {}\n", f.signature(), f.summary()));
    }
    out
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
