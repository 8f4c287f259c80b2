//! Meta commands (`:help`, `:limit`, ...): one row each, with the usage line, a help page and
//! the implementation. `:help`, completion and "did you mean" read this table.

use std::time::Duration;

use super::functions;
use super::session::{Executed, Reply, Session};
use crate::game::memory;
use crate::search::Budget;
use crate::syntax::error::CgError;
use crate::syntax::span::Span;

type CommandResult = Result<Executed, CgError>;

/// A meta command.
pub struct Command {
    pub name: &'static str,
    /// Other names that run it (`:q` for `:quit`).
    pub aliases: &'static [&'static str],
    /// The syntax, e.g. `:time on|off`.
    pub usage: &'static str,
    /// One line for `:help`.
    pub summary: &'static str,
    /// The `:help :name` page.
    pub help: &'static str,
    /// Runs the command with the rest of its line (trimmed).
    pub run: fn(&mut Session, &str, Span) -> CommandResult,
}

/// Every meta command, in the order `:help` lists them.
pub static COMMANDS: &[Command] = &[
    Command {
        name: "help",
        aliases: &["h", "?"],
        usage: ":help [topic]",
        summary: "an overview, or the page of a function, command or topic",
        help: "`:help` lists the functions and commands; `:help NAME` shows the page of a function\n(`:help cool`) or a command (`:help limit` or `:help :limit`); `:help syntax` describes\nthe notation, `:help workflow` loops, conditionals, user functions and tables. CGSuite's names lead\nto ours: `:help Temperature` shows `temp`. In the REPL a page longer than the terminal\nstops after each screenful at `-- more --` (Enter for the next, q to stop).",
        run: |_, args, span| text(help(args).map_err(|m| CgError::at(span, m))?),
    },
    Command {
        name: "vars",
        aliases: &[],
        usage: ":vars",
        summary: "list the variables and their values",
        help: "`:vars` prints every variable with its value, one per line, in name order.",
        run: |s, _, _| {
            let lines = s.variables_text();
            text(if lines.is_empty() {
                "no variables".to_string()
            } else {
                lines
            })
        },
    },
    Command {
        name: "clear",
        aliases: &[],
        usage: ":clear",
        summary: "forget all variables and user functions",
        help: "`:clear` forgets every variable, every user function and the last result `_`, then\nfrees the games nothing refers to any more, as `:gc` does, and says what it freed.",
        run: |s, _, _| {
            let (n, f) = s.clear_variables();
            let plural = |k: usize| if k == 1 { "" } else { "s" };
            let gc = s.gc();
            text(if f == 0 {
                format!("cleared {n} variable{}; {}", plural(n), gc.text())
            } else {
                format!(
                    "cleared {n} variable{} and {f} function{}; {}",
                    plural(n),
                    plural(f),
                    gc.text()
                )
            })
        },
    },
    Command {
        name: "gc",
        aliases: &[],
        usage: ":gc",
        summary: "free the games no variable refers to",
        help: "`:gc` keeps only the games that variables, `_`, user functions' remembered results,\npositions' values and threat games refer to, rebuilds the arena with them and empties the\noperation and analysis caches; it says how many games and about how many MiB it freed.\nValues do not change (only internal ids do). Use it when `:stats` shows a large arena or a\n`:limit memory` error suggests it.",
        run: |s, _, _| text(s.gc().text()),
    },
    Command {
        name: "load",
        aliases: &[],
        usage: ":load FILE",
        summary: "run a script file",
        help: "`:load FILE` runs the statements of FILE in this session (its variables stay), printing\ntheir values; it stops at the first error. A script holds at most 64 MiB; Ctrl-C stops a\nwait for a named pipe. Example: `:load scripts/tour.cgt`.",
        run: load,
    },
    Command {
        name: "save",
        aliases: &[],
        usage: ":save FILE",
        summary: "write the variables and user functions as a script",
        help: "`:save FILE` writes every user function (as defined) and every variable (as `name =\nvalue`, values printed in full) to FILE as a script; `:load FILE` in a fresh session\nrestores them exactly. A position is written as the call that built it (`d = dom(3, 3)`),\nso it reads back as the same position. Values that do not read back (thermographs, tables,\noutcome classes) are left out with a comment saying so. An existing FILE is replaced whole:\nthe script is written beside it and renamed over it, so a failed write leaves the old file as\nit was, and the reply says that it replaced it. Example: `:save work.cgt`.",
        run: save,
    },
    Command {
        name: "time",
        aliases: &[],
        usage: ":time on|off",
        summary: "show the time each statement takes",
        help: "`:time on` prints the evaluation time after each statement; `:time off` stops;\n`:time` alone toggles.",
        run: |s, args, span| {
            s.settings.show_time = switch(args, Some(!s.settings.show_time), span, "time")?;
            text(format!("timing {}", on_off(s.settings.show_time)))
        },
    },
    Command {
        name: "stats",
        aliases: &[],
        usage: ":stats",
        summary: "arena size, every cache's hit rate, the last search",
        help: "`:stats` shows how many games the arena holds, each memo table's size, capacity, hits,\nmisses and flushes, and the counters of the last module search.",
        run: |s, _, _| text(s.stats_text()),
    },
    Command {
        name: "print-limit",
        aliases: &[],
        usage: ":print-limit N",
        summary: "longest printed value (0 = no limit)",
        help: "`:print-limit N` prints values longer than N characters as a one-line summary\n(default 10000); `:print-limit 0` prints everything in full; without N it shows the limit.",
        run: |s, args, span| {
            if args.is_empty() {
                return text(format!(
                    "print limit: {} characters",
                    s.settings.print_limit
                ));
            }
            let n: usize = args.parse().map_err(|_| {
                CgError::at(
                    span,
                    format!("`:print-limit` takes a number of characters, not `{args}`"),
                )
            })?;
            s.settings.print_limit = if n == 0 { usize::MAX } else { n };
            text(if n == 0 {
                "print limit off: values print in full".to_string()
            } else {
                format!("print limit: {n} characters")
            })
        },
    },
    Command {
        name: "threads",
        aliases: &[],
        usage: ":threads N",
        summary: "worker threads for module searches",
        help: "`:threads N` (1 to 256) sets how many worker threads module searches use (the default is\nthe machine's cores): independent components of a position are searched in parallel, and a\nsingle component by all of them at once, sharing what they finish; an outcome search runs\non all of them from the root, sharing one table. Values and outcomes are the same with\nany number. Without N it shows the number.",
        run: |s, args, span| {
            if !args.is_empty() {
                s.search.threads = args
                    .parse()
                    .ok()
                    .filter(|n| (1..=256).contains(n))
                    .ok_or_else(|| {
                        CgError::at(
                            span,
                            format!("`:threads` takes a number from 1 to 256, not `{args}`"),
                        )
                    })?;
            }
            let n = s.search.threads;
            text(format!(
                "module searches use {n} thread{}",
                if n == 1 { "" } else { "s" }
            ))
        },
    },
    Command {
        name: "limit",
        aliases: &[],
        usage: ":limit nodes N | memory 8G | time 600 | progress 10 | off",
        summary: "budgets of every statement and search",
        help: "`:limit` shows the budgets; `:limit nodes 1000000`, `:limit memory 8G` (K, M, G are\nKiB, MiB, GiB; B is bytes; a number alone is MiB), `:limit time 600` (seconds) set one;\n`:limit progress 10` prints a progress line every 10 s of a long search (`:limit progress\noff` stops them); `:limit off` restores the defaults. At the prompt a change prints the limits; in scripts it\nis silent (`:limit` alone prints them).\nThe limits bound every statement, not only searches: `nodes` counts positions a search\nexpands and, for algebra and analysis, new games a statement adds to the arena (checked every\n1024 games); `time` each statement, loops included; `memory` the whole process's resident\nmemory, measured as work goes on, with every large table checked before it grows. The\ndefault memory limit is half of the machine's memory (or of the control group's limit, if\nlower); `:limit` says which. Work that runs out stops with \"budget exhausted\", naming the\nlimit, and the session goes on; a statement that fails near the memory limit frees the\ngames it left behind, as `:gc` does.",
        run: |s, args, span| {
            let shown = limit(s, args, span)?;
            // Setting a limit in a script says nothing (it would clutter transcripts);
            // `:limit` alone always shows them.
            if s.interactive || args.trim().is_empty() {
                text(shown)
            } else {
                Ok(Executed::Value(None))
            }
        },
    },
    Command {
        name: "unicode",
        aliases: &[],
        usage: ":unicode on|off",
        summary: "print ↑ ↓ ⋆ ± in values (input stays ASCII)",
        help: "`:unicode on` prints game values with ↑ ↓ ⋆ ± instead of ^ v * +- (`--unicode` on the\ncommand line does the same); input is always ASCII. `:unicode off` goes back.",
        run: |s, args, span| {
            s.settings.unicode = switch(args, None, span, "unicode")?;
            text(format!(
                "unicode output {} (input is always ASCII)",
                if s.settings.unicode {
                    "on: ↑ ↓ ⋆ ±"
                } else {
                    "off"
                }
            ))
        },
    },
    Command {
        name: "quit",
        aliases: &["q", "exit"],
        usage: ":quit",
        summary: "leave (Ctrl-D works too; Ctrl-C cancels a line or a computation)",
        help: "`:quit` (or `:q`, `:exit`, or Ctrl-D) leaves the calculator; in a script it stops the\nscript (with `-i` the REPL does not start). Ctrl-C cancels the line being typed, an\nunfinished multi-line statement (`...` prompt) or the computation running; the variables\nstay. A script stopped by Ctrl-C exits with status 130. `quit`, `exit` and `help` typed\nwithout the colon get a reminder.",
        run: |_, _, _| Ok(Executed::Quit),
    },
];

/// The command called `name` (or one of its aliases).
pub fn lookup(name: &str) -> Option<&'static Command> {
    COMMANDS
        .iter()
        .find(|c| c.name == name || c.aliases.contains(&name))
}

/// Every command name and alias.
pub fn names() -> impl Iterator<Item = &'static str> {
    COMMANDS
        .iter()
        .flat_map(|c| std::iter::once(c.name).chain(c.aliases.iter().copied()))
}

/// Runs the meta command `:name args`.
pub fn run(s: &mut Session, name: &str, args: &str, span: Span) -> CommandResult {
    match lookup(name) {
        Some(c) => (c.run)(s, args.trim(), span),
        None => {
            let mut err = CgError::at(span, format!("unknown command `:{name}`"));
            if let Some(close) = functions::closest(name, names()) {
                err = err.with_hint(format!(
                    "did you mean `:{close}`? (`:help` lists the commands)"
                ));
            }
            Err(err)
        }
    }
}

fn text(t: String) -> CommandResult {
    Ok(Executed::Value(Some(t)))
}

fn on_off(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

/// The `on`/`off` argument of `:command`; `empty` is the setting when none is given (`None`:
/// one is required).
fn switch(args: &str, empty: Option<bool>, span: Span, command: &str) -> Result<bool, CgError> {
    match (args, empty) {
        ("on", _) => Ok(true),
        ("off", _) => Ok(false),
        ("", Some(b)) => Ok(b),
        ("", None) => Err(CgError::at(
            span,
            format!("`:{command}` needs `on` or `off`"),
        )),
        (other, _) => Err(CgError::at(
            span,
            format!("`:{command}` takes `on` or `off`, not `{other}`"),
        )),
    }
}

/// The text of `:help` (no topic: an overview) or `:help topic`.
pub fn help(topic: &str) -> Result<String, String> {
    if topic.is_empty() {
        let mut out = String::from(HELP_OVERVIEW);
        out.push('\n');
        out.push_str(&functions::overview());
        out.push('\n');
        out.push_str(&commands_overview());
        return Ok(out.trim_end().to_string());
    }
    if matches!(topic, "misere" | "misère") {
        return Ok(misere_page());
    }
    if let Some(name) = topic.strip_prefix(':') {
        if let Some(c) = lookup(name) {
            return Ok(command_page(c));
        }
    } else if let Some(f) = functions::lookup(topic) {
        return Ok(functions::help_page(f));
    } else if let Some(c) = lookup(topic) {
        return Ok(command_page(c));
    }
    if let Some(c) = super::cgsuite_names::lookup(topic) {
        return Ok(match c.ours.and_then(functions::lookup) {
            Some(f) => format!("{}.\n\n{}", c.sentence(), functions::help_page(f)),
            None => format!("{}.", c.sentence()),
        });
    }
    match topic {
        "syntax" | "games" => Ok(HELP_SYNTAX.trim_end().to_string()),
        "workflow" | "programs" | "for" | "if" | "else" | "in" | "_" => {
            Ok(HELP_WORKFLOW.trim_end().to_string())
        }
        "commands" => Ok(commands_overview().trim_end().to_string()),
        "loopy" | "threats" | "on" | "off" | "over" | "under" | "upon" | "dud" | "pass"
        | "stoppers" | "sides" => Ok(super::loopy::help_page()),
        _ if let Some(page) = functions::ruleset_sections(topic) => Ok(page),
        _ => {
            let bare = topic.trim_start_matches(':');
            let candidates = functions::names()
                .chain(names())
                .chain(["syntax", "commands", "workflow", "loopy", "misere"]);
            Err(match functions::closest(bare, candidates) {
                Some(c) => format!("no help for `{topic}`; did you mean `{c}`?"),
                None => format!("no help for `{topic}`; `:help` lists the topics"),
            })
        }
    }
}

/// `:help misere`: the function's page, the notation of misère forms, then every function on
/// them.
fn misere_page() -> String {
    let function = functions::lookup("misere").expect("misere is a function");
    let mut page = functions::help_page(function);
    page.push_str("\n\n");
    page.push_str(HELP_MISERE.trim_end());
    page.push_str("\n\nFunctions (`:help NAME` for details):\n");
    let quotient = functions::lookup("miserequotient").expect("miserequotient is a function");
    let rows = super::misere::MISERE_FUNCTIONS
        .iter()
        .map(|f| (f.signature, f.summary))
        .chain([(quotient.signature(), quotient.summary())]);
    for (signature, summary) in rows {
        page.push_str(&format!("  {signature:<26} {summary}\n"));
    }
    page.trim_end().to_string()
}

const HELP_MISERE: &str =
    "Misère forms print as CGSuite prints them, and read back: *[0] and *[2] are nim heaps (from
10 on, *[&12;]); *[42] is the game whose options are *[4] and *[2]; a subscript `#` makes the
game with the one option before it (*[2#] = {*[2]}), and a heap subscript adds that heap
(*[2[2]] = *[2] + *[2]; several apply left to right: *[2[#2#]]); options of options stand in
parentheses (*[(42)1]). Input also takes CGSuite's lists: *[4, 2] (the options *[4] and
*[2]), *[[4, 2], 4, 3, 1], *[[2], 2, 1, 0] (an inner list is a game of options), and misère
values as elements: *[[*[4] + *[2]]]. A single multi-digit number is read as printed:
*[42] has two options; the heap 42 is *[&42;].

+ is the misère sum; == and != compare forms (canonical forms are unique).

Misère quotients (Plambeck and Siegel) describe all sums of heaps of a take-and-break game
at once: miserequotient(\"0.75\") is the monoid of order 8 that solves 0.75 in misère play.";

fn command_page(c: &Command) -> String {
    let mut page = format!("{}\n\n{}", c.usage, c.help);
    if !c.aliases.is_empty() {
        let aliases: Vec<String> = c.aliases.iter().map(|a| format!(":{a}")).collect();
        page.push_str(&format!("\nAlso: {}.", aliases.join(", ")));
    }
    page
}

fn commands_overview() -> String {
    let mut out = String::from("Commands (`:help :NAME` for details):\n");
    for c in COMMANDS {
        out.push_str(&format!("  {:<26} {}\n", c.usage_head(), c.summary));
    }
    out
}

impl Command {
    /// The usage line, shortened for the overview table.
    fn usage_head(&self) -> &'static str {
        match self.usage.find(" nodes") {
            Some(i) => &self.usage[..i],
            None => self.usage,
        }
    }
}

const HELP_OVERVIEW: &str = "cgcalc: type a game expression and get its canonical form.
  {0|1}          -> 1/2          {0|*}   -> ^          *4 + *7 -> *3
  g = {3||2|1}   assigns g       +-1+-2  -> +-{3|1||-1|-3}
`:help syntax` describes the notation, `:help workflow` loops, functions and tables;
`:help Temperature` and other CGSuite names point to the functions here.
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
  _  [a, b]  xs[0]  1..10  for x in xs { }  if c { } else { }  f(n) = expr
                       programs: see `:help workflow`
A statement goes on over several lines while a bracket is open, but a line that begins at
column 1 with `x =`, `f(n) =`, `assert` or a :command starts a new statement when a ( or [
is open: the bracket left open is an error, shown at the bracket.
";

const HELP_WORKFLOW: &str = "Programs (language.md, research workflow):
  _                    the last result (the value of the last statement)
  [a, b, c]  xs[i]     lists; indexing from 0 (xs[0] is the first item)
  1..10                the integers 1 to 10, both ends included (empty when hi < lo)
  for x in xs { ... }  runs the block for each item of a list or range; at the top level
                       x stays a variable. Statements in a block print as usual, one per
                       line or `;`-separated; `stmt;` is silent, and so is `for ... { };`
  if c { ... } else { ... }   c is true or false (a comparison, a predicate); `else if`
                       chains; `else` goes on the line of the `}`. Its value is the value
                       of the last statement of the block that ran.
  f(n) = expr  f(a, b) = expr   a user function: recursive, memoised on its arguments,
                       e.g. g(n) = if n == 0 {0} else {g(n-1) | -n}. Its body sees its
                       parameters, its own assignments and the session's variables; a
                       variable it reads that changes clears the memo. Built-in names
                       cannot be redefined; a later definition or assignment of the same
                       name replaces a user function. Recursion deeper than the stack
                       allows is an error: compute small arguments first (for k in 1..n
                       { f(k); }), memoised results make the deep call shallow.
  expr for n in xs     a generator, the only argument of a call or item of a list:
                       [g(n) for n in 1..5], sum(n for n in 1..9 if isodd(n)),
                       table([g(n), temp(g(n))] for n in 1..20) (columns),
                       table(expr for m in 1..3 for n in 1..4) (a grid: m down, n across)
  len map filter sum max min mod table csv json period   (`:help NAME` for each)
Blocks and games: a `{` right after an if condition, after else or after a for list opens
a block; every other `{` is a game. A block may hold slash notation, so `else {a | b}` is
the game {a|b}, as it looks.
Integers are games (numbers): n + 1, n - 1, -n, 2.n (n copies) and sum(1..10) are game
operations, and on integers they agree with integer arithmetic (sums of integers are
integers). mod(n, k), the remainder, is the one operation on integers that is not a game
operation. There is no multiplication of games: 2.n is the Norton product.
Ctrl-C stops a loop or a recursion between two steps; the variables stay.
`:save FILE` writes the variables and user functions as a script; `:load FILE` restores them.
";

/// `:load FILE`.
fn load(s: &mut Session, path: &str, span: Span) -> CommandResult {
    if path.is_empty() {
        return Err(CgError::at(span, "`:load` needs a file name"));
    }
    if s.loading.iter().any(|p| p == path) {
        return Err(CgError::at(
            span,
            format!("`{path}` is already being loaded (recursive :load)"),
        ));
    }
    let bytes =
        super::files::read_script(path, crate::game::interrupt::cancel_requested).map_err(|e| {
            match e {
                super::files::ReadError::Cancelled => {
                    CgError::at(span, crate::game::Interrupt::Cancelled.message())
                }
                e => CgError::at(span, e.message(path)),
            }
        })?;
    let src = crate::syntax::source::decode(&bytes).map_err(|e| {
        CgError::at(
            span,
            format!("`:load {path}` stopped at an error:\n{}", e.render(path)),
        )
    })?;
    s.loading.push(path.to_string());
    let mut lines = Vec::new();
    let mut failure = None;
    let ok = s.run_source(&src, path, true, &mut |r: &Reply| {
        if let Some(o) = &r.output {
            lines.push(o.clone());
        }
        if let Some(e) = &r.error {
            failure = Some(e.clone());
        }
    });
    s.loading.pop();
    if !ok {
        let mut msg = format!("`:load {path}` stopped at an error:\n");
        msg.push_str(&failure.unwrap_or_default());
        return Err(CgError::at(span, msg));
    }
    lines.push(format!("loaded {path}"));
    text(lines.join("\n"))
}

/// `:limit`, `:limit nodes N`, `:limit memory 8G`, `:limit time 600`, `:limit off`.
fn limit(s: &mut Session, args: &str, span: Span) -> Result<String, CgError> {
    let words: Vec<&str> = args.split_whitespace().collect();
    let bad = |m: String| {
        CgError::at(span, m).with_hint(
            "`:limit nodes 1000000`, `:limit memory 8G`, `:limit time 600` (seconds), `:limit off`",
        )
    };
    let seconds = |w: &str| -> Result<u64, CgError> {
        w.trim_end_matches('s')
            .parse()
            .map_err(|_| bad(format!("`{w}` is not a number of seconds")))
    };
    let budget = &mut s.search.budget;
    match words.as_slice() {
        [] => {}
        ["off"] => *budget = Budget::default(),
        ["progress", "off"] => budget.progress = None,
        ["progress", secs] => budget.progress = Some(Duration::from_secs(seconds(secs)?.max(1))),
        ["nodes", n] => {
            budget.nodes = n
                .parse()
                .map_err(|_| bad(format!("`{n}` is not a node count")))?;
        }
        ["memory", m] => budget.memory = memory_size(m).map_err(bad)?,
        ["time", t] => budget.time = Duration::from_secs(seconds(t)?),
        _ => return Err(bad(format!("cannot read `:limit {args}`"))),
    }
    let b = *budget;
    let nodes = if b.nodes == u64::MAX {
        "no limit".to_string()
    } else {
        b.nodes.to_string()
    };
    let progress = match b.progress {
        Some(d) => format!("every {} s", d.as_secs()),
        None => "off".to_string(),
    };
    Ok(format!(
        "search limits: nodes {nodes}, memory {}, time {} s; progress reports {progress}",
        memory_text(b.memory),
        b.time.as_secs()
    ))
}

/// The size of `:limit memory SIZE`: a number with a unit `K`, `M` or `G` (binary: KiB, MiB,
/// GiB; `KB`, `MiB` and so on are read the same), or `B` for bytes; a number alone is MiB.
fn memory_size(m: &str) -> Result<usize, String> {
    let (digits, unit) = m.split_at(m.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len());
    let n: usize = digits.parse().map_err(|_| format!("`{m}` is not a size"))?;
    let mult: usize = match unit.to_ascii_uppercase().as_str() {
        "B" | "BYTES" => 1,
        "K" | "KB" | "KIB" => 1 << 10,
        "" | "M" | "MB" | "MIB" => 1 << 20,
        "G" | "GB" | "GIB" => 1 << 30,
        "T" | "TB" | "TIB" => 1 << 40,
        other => {
            return Err(format!(
                "unknown size unit `{other}` (K, M, G or B for bytes)"
            ));
        }
    };
    n.checked_mul(mult)
        .ok_or_else(|| format!("`{m}` is more memory than can be addressed"))
}

/// The memory limit as `:limit` shows it: the size in the unit that reads best, where the
/// default comes from, and a warning when the process already holds more.
fn memory_text(bytes: usize) -> String {
    let default = memory::default_limit();
    let mut t = memory::show(bytes);
    if bytes == default.bytes {
        t.push_str(&format!(" (the default: {})", default.origin));
    }
    if let Some(held) = memory::resident_bytes()
        && held > bytes
    {
        t.push_str(&format!(
            " (the process already holds {}: work stops at its first check)",
            memory::show(held)
        ));
    }
    t
}

/// `:save FILE`: the user functions, then the variables, as a script `:load` runs.
fn save(s: &mut Session, path: &str, span: Span) -> CommandResult {
    if path.is_empty() {
        return Err(CgError::at(span, "`:save` needs a file name"));
    }
    let (script, functions, variables, skipped) = s.session_script();
    let written = super::files::write_whole(path, script.as_bytes())
        .map_err(|e| CgError::at(span, format!("cannot write `{path}`: {e}")))?;
    let plural = |k: usize| if k == 1 { "" } else { "s" };
    let mut msg = format!(
        "saved {functions} function{} and {variables} variable{} to {path}{}",
        plural(functions),
        plural(variables),
        written.note()
    );
    if !skipped.is_empty() {
        msg.push_str(&format!(" (left out: {})", skipped.join(", ")));
    }
    text(msg)
}

#[cfg(test)]
mod tests {
    use super::{COMMANDS, help};

    #[test]
    fn every_command_has_a_help_page() {
        for c in COMMANDS {
            for topic in [format!(":{}", c.name), c.name.to_string()] {
                let page = help(&topic).unwrap_or_else(|e| panic!("{topic}: {e}"));
                assert!(page.starts_with(c.usage), "{topic}: {page}");
                assert!(
                    page.len() > c.usage.len() + 40,
                    "{topic}: a page, not a line"
                );
            }
            for alias in c.aliases {
                assert!(help(&format!(":{alias}")).is_ok(), ":{alias}");
            }
        }
    }
}
