//! Conditional Nim: Nim where a move is legal only if the total number of tokens after it
//! satisfies a condition. With "prime" it is Müller's Prime-Nim (Information Sciences 154,
//! 2003, §3.1): `*n = {*0_P, ..., *(n-1)_P | *0_P, ..., *(n-1)_P}`. The starting total need
//! not satisfy the condition; a player without a legal move loses.
//!
//! `free k` makes removing at most k tokens legal without the condition. Those moves then
//! stand twice in a heap's options, as `*m` and `*m_P`, and the second is pruned as dominated
//! (§3.4), which never happens in plain Prime-Nim.

use std::any::Any;

use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::function;
use crate::game::interrupt::check_cancel;
use crate::search::Player;
use crate::search::conditional::{
    Condition, ConditionalExpression, ConditionalFamily, ConditionalOption, ConditionalPosition,
    ConditionalSum,
};
use crate::search::{NimSearch, Position};

/// The condition on the total after a move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum TotalCondition {
    #[default]
    Prime,
    Square,
    Odd,
    Even,
    Fibonacci,
}

impl TotalCondition {
    pub const ALL: [TotalCondition; 5] = [
        TotalCondition::Prime,
        TotalCondition::Square,
        TotalCondition::Odd,
        TotalCondition::Even,
        TotalCondition::Fibonacci,
    ];

    pub fn name(self) -> &'static str {
        match self {
            TotalCondition::Prime => "prime",
            TotalCondition::Square => "square",
            TotalCondition::Odd => "odd",
            TotalCondition::Even => "even",
            TotalCondition::Fibonacci => "fibonacci",
        }
    }

    /// Whether `n` satisfies the condition (0 is a square, even and a Fibonacci number).
    pub fn test(self, n: u64) -> bool {
        match self {
            TotalCondition::Prime => is_prime(n),
            TotalCondition::Square => {
                let r = n.isqrt();
                r * r == n
            }
            TotalCondition::Odd => n % 2 == 1,
            TotalCondition::Even => n.is_multiple_of(2),
            TotalCondition::Fibonacci => {
                let (mut a, mut b) = (0u64, 1u64);
                while a < n {
                    (a, b) = (b, a + b);
                }
                a == n
            }
        }
    }
}

/// Totals below this are looked up in a sieve, larger ones tried by division.
const SIEVE_LIMIT: usize = 1 << 16;

/// Primality: a sieve of Eratosthenes for small totals (built once), trial division above.
fn is_prime(n: u64) -> bool {
    static SIEVE: std::sync::OnceLock<Vec<bool>> = std::sync::OnceLock::new();
    if (n as usize) < SIEVE_LIMIT {
        let sieve = SIEVE.get_or_init(|| {
            let mut p = vec![true; SIEVE_LIMIT];
            p[0] = false;
            p[1] = false;
            let mut i = 2;
            while i * i < SIEVE_LIMIT {
                if p[i] {
                    (i * i..SIEVE_LIMIT).step_by(i).for_each(|j| p[j] = false);
                }
                i += 1;
            }
            p
        });
        return sieve[n as usize];
    }
    let mut d = 2;
    while d * d <= n {
        if n.is_multiple_of(d) {
            return false;
        }
        d += 1;
    }
    true
}

/// The family: the condition on the total and how many tokens may be removed without it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ConditionalNim {
    pub condition: TotalCondition,
    pub free: u32,
}

impl ConditionalNim {
    pub const PRIME: ConditionalNim = ConditionalNim {
        condition: TotalCondition::Prime,
        free: 0,
    };

    /// Parses `prime`, `square`, `odd`, `even`, `fibonacci`, optionally followed by `free k`.
    pub fn parse(text: &str) -> Result<ConditionalNim, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let known = || {
            TotalCondition::ALL
                .iter()
                .map(|c| c.name())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let Some(first) = words.first() else {
            return Err(format!(
                "expected a condition on the total: one of {}",
                known()
            ));
        };
        let condition = TotalCondition::ALL
            .into_iter()
            .find(|c| c.name().eq_ignore_ascii_case(first))
            .ok_or_else(|| format!("unknown condition `{first}`: expected one of {}", known()))?;
        let free = match &words[1..] {
            [] => 0,
            ["free", k] => k
                .parse::<u32>()
                .map_err(|_| format!("`free` takes a token count, not `{k}`"))?,
            _ => {
                return Err(format!(
                    "after `{first}` only `free k` may follow (removing at most k tokens needs no condition)"
                ));
            }
        };
        Ok(ConditionalNim { condition, free })
    }

    /// The condition as `condnim` reads it.
    pub fn spec(&self) -> String {
        if self.free == 0 {
            self.condition.name().to_string()
        } else {
            format!("{} free {}", self.condition.name(), self.free)
        }
    }
}

impl ConditionalFamily for ConditionalNim {
    type Local = u32;
    type Atom = TotalCondition;
    const NAME: &'static str = "conditional Nim";

    fn options(&self, local: &u32, _player: Player) -> Vec<ConditionalOption<u32, TotalCondition>> {
        let n = *local;
        let free = (n.saturating_sub(self.free)..n)
            .rev()
            .map(|to| ConditionalOption {
                to,
                condition: Condition::always(),
            });
        let condition = Condition::all([self.condition]);
        let conditioned = (0..n).map(move |to| ConditionalOption { to, condition });
        free.chain(conditioned).collect()
    }

    fn holds(&self, atom: TotalCondition, sum: &[u32], index: usize, to: &u32) -> bool {
        let total: u64 = sum.iter().map(|&h| h as u64).sum::<u64>() - sum[index] as u64;
        atom.test(total + *to as u64)
    }

    fn is_impartial(&self) -> bool {
        true
    }

    fn is_inert(&self, local: &u32) -> bool {
        *local == 0
    }

    fn local_text(&self, local: &u32) -> String {
        format!("*{local}")
    }

    fn atom_text(&self, atom: TotalCondition) -> String {
        match atom {
            TotalCondition::Prime => "P",
            TotalCondition::Square => "S",
            TotalCondition::Odd => "O",
            TotalCondition::Even => "E",
            TotalCondition::Fibonacci => "F",
        }
        .to_string()
    }

    fn atom_meaning(&self, atom: TotalCondition) -> String {
        let what = match atom {
            TotalCondition::Prime => "prime",
            TotalCondition::Square => "a square",
            TotalCondition::Odd => "odd",
            TotalCondition::Even => "even",
            TotalCondition::Fibonacci => "a Fibonacci number",
        };
        let free = match self.free {
            0 => String::new(),
            1 => " (removing 1 token needs no condition)".to_string(),
            k => format!(" (removing at most {k} tokens needs no condition)"),
        };
        format!("the total after the move is {what}{free}")
    }

    fn move_text(&self, from: &u32, to: &u32) -> String {
        if *to == 0 {
            format!("clear the {from}-heap")
        } else {
            format!("{from} -> {to}")
        }
    }
}

impl ConditionalExpression for ConditionalNim {
    fn family_text(&self) -> String {
        if *self == ConditionalNim::PRIME {
            "Prime-Nim".to_string()
        } else {
            format!("conditional Nim \"{}\"", self.spec())
        }
    }

    fn expression(&self, parts: &[u32]) -> String {
        let heaps: Vec<String> = parts.iter().map(|h| h.to_string()).collect();
        if *self == ConditionalNim::PRIME {
            format!("primenim({})", heaps.join(", "))
        } else if heaps.is_empty() {
            format!("condnim(\"{}\")", self.spec())
        } else {
            format!("condnim(\"{}\", {})", self.spec(), heaps.join(", "))
        }
    }
}

/// The largest heap a constructor accepts.
pub const MAX_HEAP: i64 = 1 << 20;

/// Heaps from constructor arguments `args[first..]`.
fn heaps(c: &mut Context<'_>, args: Args, first: usize) -> Result<Vec<u32>, CallError> {
    (first..args.len())
        .map(|i| match args.integer_value(c.arena, i) {
            Some(n) if (0..=MAX_HEAP).contains(&n) => Ok(n as u32),
            _ => Err(args.expected(c.arena, i, &format!("a heap of 0 to {MAX_HEAP} tokens"))),
        })
        .collect()
}

/// `primenim(h1, h2, ...)`.
fn build_primenim(c: &mut Context<'_>, args: Args) -> Result<Box<dyn Position>, CallError> {
    Ok(Box::new(ConditionalPosition::new(
        ConditionalNim::PRIME,
        heaps(c, args, 0)?,
    )))
}

/// `condnim(condition, h1, h2, ...)`.
fn build_condnim(c: &mut Context<'_>, args: Args) -> Result<Box<dyn Position>, CallError> {
    let family = args.parsed(
        c.arena,
        0,
        "the condition on the total, e.g. \"prime\" or \"square free 1\"",
        ConditionalNim::parse,
    )?;
    Ok(Box::new(ConditionalPosition::new(
        family,
        heaps(c, args, 1)?,
    )))
}

/// `isolated(P)` in `:help`'s list.
pub const ISOLATED_SUMMARY: &str = "the isolated view of a conditional game's components";

/// `isolated(P)`'s help page.
pub const ISOLATED_HELP: &str = "isolated(P) shows each distinct component of a conditional game P in isolation (Mueller,\nConditional combinatorial games, 2003, 3.2): its options with their context conditions in\nthe paper's notation (*2_P: a move to *2, legal when P holds), the successors legal for\nevery combination of the conditions' truth values, and the options pruned because another\nleads to the same game under a less specific condition (3.4).\nExample: isolated(condnim(\"prime free 1\", 3)) prunes *2_P, dominated by *2.";

/// `isolated(P)`: each distinct heap of a conditional Nim position in isolation (Müller
/// §3.2), with the options pruned as dominated (§3.4). `arg` is the argument: a position, or
/// the type name of any other value; the error is about that argument.
pub fn isolated(arg: Result<&dyn Position, &str>) -> Result<String, String> {
    let position = arg.map_err(|type_name| {
        format!("expected a conditional game such as primenim(5, 3, 4), not a {type_name}")
    })?;
    match (position as &dyn Any).downcast_ref::<ConditionalPosition<ConditionalNim>>() {
        Some(p) => Ok(p.isolated()),
        None => Err(format!(
            "a {} position is no conditional game: its moves do not depend on a context",
            position.ruleset()
        )),
    }
}

/// The P-positions (nim value 0) of `family` with `k` heaps of 1 to `n` tokens, as sorted
/// heap lists in lexicographic order, and the number of positions the search tabled. The
/// positions are visited one at a time (Ctrl-C and the budget stop the search).
pub fn p_positions(
    family: ConditionalNim,
    k: usize,
    n: u32,
    budget: crate::search::Budget,
) -> (Vec<Vec<u32>>, usize) {
    let mut search = NimSearch::new(budget);
    let mut out = Vec::new();
    for_each_sorted_tuple(k, 1, n, &mut |heaps| {
        check_cancel();
        let sum = ConditionalSum::new(family, heaps.to_vec());
        if search.nim_value(&sum) == 0 {
            out.push(heaps.to_vec());
        }
    });
    let stats = search.finish();
    (out, stats.table_size)
}

/// `ppositions` in `:help`'s list.
pub const PPOSITIONS_SUMMARY: &str =
    "the P-positions of Prime-Nim (or conditional Nim) with k heaps of 1 to n";

/// `ppositions`' help page.
pub const PPOSITIONS_HELP: &str = "ppositions(k, n) lists the Prime-Nim positions with k heaps of 1 to n tokens (a1 <= ... <= ak)\nthat the second player wins (nim value 0), searched as whole positions with one table;\nppositions(k, n, \"square\") does the same for conditional Nim with another condition on the\ntotal (see condnim). The last line counts them and the positions the search tabled.\nExample: ppositions(2, 12) starts (1, 1) (3, 3) (3, 4).";

/// `ppositions(k, n, condition)`: the P-positions of [`p_positions`], eight to a line, and a
/// line counting them and the positions tabled. `condition` is the third argument when given:
/// a string (Prime-Nim without it), or the type name of any other value; the error is about
/// that argument.
pub fn ppositions(
    k: usize,
    n: u32,
    condition: Option<Result<&str, &str>>,
    budget: crate::search::Budget,
) -> Result<String, String> {
    let family = match condition {
        None => ConditionalNim::PRIME,
        Some(Ok(c)) => ConditionalNim::parse(c)?,
        Some(Err(type_name)) => {
            return Err(format!(
                "expected a condition such as \"square\", not a {type_name}"
            ));
        }
    };
    let (found, tabled) = p_positions(family, k, n, budget);
    let mut out = String::new();
    for (i, heaps) in found.iter().enumerate() {
        if i > 0 {
            out.push(if i % 8 == 0 { '\n' } else { ' ' });
        }
        let parts: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
        out.push_str(&format!("({})", parts.join(", ")));
    }
    if !found.is_empty() {
        out.push('\n');
    }
    out.push_str(&format!(
        "{} P-positions of {} with {k} heap{} of 1 to {n}; {tabled} positions tabled",
        found.len(),
        family.family_text(),
        if k == 1 { "" } else { "s" }
    ));
    Ok(out)
}

/// Calls `f` with every non-decreasing list of `k` numbers from `lo` to `hi`, in
/// lexicographic order.
pub fn for_each_sorted_tuple(k: usize, lo: u32, hi: u32, f: &mut dyn FnMut(&[u32])) {
    fn go(k: usize, lo: u32, hi: u32, cur: &mut Vec<u32>, f: &mut dyn FnMut(&[u32])) {
        if cur.len() == k {
            f(cur);
            return;
        }
        for h in lo..=hi {
            cur.push(h);
            go(k, h, hi, cur, f);
            cur.pop();
        }
    }
    if lo <= hi {
        go(k, lo, hi, &mut Vec::with_capacity(k), f);
    }
}

/// Conditional Nim's registration: Prime-Nim and its variants, and their P-positions.
pub static RULESET: Ruleset = Ruleset {
    title: "conditional Nim (Mueller 2003)",
    constructors: CONSTRUCTORS,
    functions: FUNCTIONS,
    fuzz: &[
        Fuzz {
            name: "primenim",
            check: FuzzCheck::Position,
        },
        Fuzz {
            name: "condnim",
            check: FuzzCheck::Position,
        },
    ],
    cgsuite_names: &[],
    caches: no_caches,
};

static CONSTRUCTORS: &[Constructor] = &[
    Constructor {
        name: "primenim",
        signature: "primenim(h1, h2, ...)",
        arity: 0..=64,
        summary: "a Prime-Nim position: a conditional game, legal moves in context",
        help: "primenim(5, 3, 4) is Prime-Nim (Mueller, Conditional combinatorial games, 2003, 3.1):\nNim where the total number of tokens must be prime after every move; the starting total\nneed not be. It is a conditional game: a heap's legal moves depend on the whole position,\nso values do not add. It prints each heap's legal moves in context (the paper's\n`*3: {*2}`), the nim value and outcome of the whole position and the winning moves;\nmoves(P) lists every move, isolated(P) each heap's options under every condition value.\n`+` joins it only with Prime-Nim positions: primenim(5, 3) + primenim(4) is\nprimenim(5, 3, 4); sums and comparisons with games are refused.\nExample: primenim(5, 3, 4) has nim value 2; its winning moves clear the 5-heap and 3 -> 2.",
        build: build_primenim,
    },
    Constructor {
        name: "condnim",
        signature: "condnim(condition, h1, h2, ...)",
        arity: 1..=65,
        summary: "conditional Nim: a condition on the total after every move",
        help: "condnim(\"square\", 5, 3) is Nim where the total after every move must satisfy the\ncondition: \"prime\" (Prime-Nim), \"square\", \"odd\", \"even\" or \"fibonacci\" (0 counts as\na square, even and Fibonacci). \"prime free 1\" also lets a player remove at most 1 token\nwithout the condition: a heap then has both *2 and *2_P among its options, and the\nsecond is pruned as dominated (same game, more specific condition; Mueller 3.4), as\nisolated(condnim(\"prime free 1\", 3)) shows. Like primenim, a conditional game: no\nalgebra with games, `+` only within one family.\nExample: condnim(\"even\", 3, 5).",
        build: build_condnim,
    },
];

static FUNCTIONS: &[Function] = &[
    Function {
        takes_positions: true,
        ..function!(
            "isolated",
            "isolated(P)",
            1..=1,
            Ruleset,
            ISOLATED_SUMMARY,
            ISOLATED_HELP,
            |_, a| {
                let arg = match &a[0] {
                    Value::Position(p) => Ok(&*p.position),
                    other => Err(other.type_name()),
                };
                isolated(arg)
                    .map(Value::Text)
                    .map_err(|m| CallError::Arg(0, m))
            }
        )
    },
    function!(
        "ppositions",
        "ppositions(k, n) or ppositions(k, n, condition)",
        2..=3,
        Ruleset,
        PPOSITIONS_SUMMARY,
        PPOSITIONS_HELP,
        |c, a| {
            let k = a.int(c.arena, 0, 1..=8)? as usize;
            let n = a.int(c.arena, 1, 1..=1000)? as u32;
            let condition = a.get(2).map(|v| match v {
                Value::Str(t) => Ok(t.as_str()),
                other => Err(other.type_name()),
            });
            c.with_search(|env| ppositions(k, n, condition, env.budget))
                .map(Value::Text)
                .map_err(|m| CallError::Arg(2, m))
        }
    ),
];
