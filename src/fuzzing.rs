//! Fuzz harnesses: the properties the `cargo fuzz` targets in `fuzz/` check, shared with their
//! bounded property versions in `tests/fuzz_props.rs`.
//!
//! Each harness takes arbitrary input and returns `Err(description)` when a property fails:
//! a panic that became an `internal error`, an error without a position, a bad span, a
//! failed round trip. A panic inside a harness is a failure as well (libFuzzer's panic hook
//! aborts; the property tests catch it). Nothing here may hang: searches run under small
//! [`Budget`]s and a watchdog cancels a statement that runs too long (see [`Watchdog`]).
//!
//! Inputs that could touch the file system or change the limits are skipped by [`refused`]:
//! any that names `load`, `save`, `svg`, `tikz`, `csv`, `json`, `threads` or `limit`.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::{Duration, Instant};

use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::FuzzCheck;
use crate::calc::value::Value;
use crate::game::interrupt;
use crate::lang::functions::{self, Function};
use crate::lang::is_incomplete;
use crate::lang::{Reply, Session};
use crate::lang::{parse_expr, parse_program};
use crate::search::Budget;

/// How long a fuzzed input may run: the search budgets of its session and the wall time
/// after which the watchdog cancels it.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub budget: Budget,
    pub deadline: Duration,
}

impl Limits {
    /// For the fuzz targets: 5000 nodes or 300 ms per search, 1 s per input. The memory limit
    /// bounds the whole process, corpus included: 1.5 GiB, under libFuzzer's
    /// `-rss_limit_mb=2048`.
    pub fn fuzz() -> Limits {
        Limits {
            budget: Budget {
                nodes: 5_000,
                memory: 1536 << 20,
                time: Duration::from_millis(300),
                progress: None,
            },
            deadline: Duration::from_secs(1),
        }
    }

    /// For the bounded property tests, which must be fast: 2000 nodes or 30 ms per search,
    /// 60 ms per input (an input cancelled early still has to fail cleanly). The memory limit
    /// bounds the test process, whose other tests run beside: 1 GiB.
    pub fn ci() -> Limits {
        Limits {
            budget: Budget {
                nodes: 2_000,
                memory: 1 << 30,
                time: Duration::from_millis(30),
                progress: None,
            },
            deadline: Duration::from_millis(60),
        }
    }
}

/// Parser property: any text parses to a program or an error whose span lies inside the
/// text and which renders; `parse_expr` and `is_incomplete` do not panic.
pub fn check_parse(src: &str) -> Result<(), String> {
    let _ = parse_expr(src);
    let _ = is_incomplete(src);
    if let Err(e) = parse_program(src) {
        let _ = e.render(src, "<fuzz>");
        if let Some(s) = e.span
            && !(s.start <= s.end && s.end <= src.len())
        {
            return Err(format!("bad span {s:?} for {src:?}"));
        }
    }
    Ok(())
}

/// Parser property on raw bytes (read as UTF-8, invalid sequences replaced).
pub fn check_parse_bytes(data: &[u8]) -> Result<(), String> {
    check_parse(&String::from_utf8_lossy(data))
}

/// Whether the evaluator harness skips `src`: it names something that writes or reads files,
/// starts threads or changes the budgets.
pub fn refused(src: &str) -> bool {
    let lower = src.to_ascii_lowercase();
    [
        "load", "save", "svg", "tikz", "csv", "json", "threads", "limit",
    ]
    .iter()
    .any(|w| lower.contains(w))
}

/// Cancels the running statement once its input has run past its deadline: a background
/// thread polls the start time of the current input and keeps requesting cancellation
/// (`interrupt::request_cancel`, the Ctrl-C path) and setting the session's stop flag until
/// the input finishes. One per process; [`run_watched`] runs inputs one at a time.
pub struct Watchdog {
    /// Start of the running input in microseconds since `epoch`, 0 when idle.
    started: AtomicU64,
    /// The running input's deadline in microseconds.
    deadline: AtomicU64,
    epoch: Instant,
    stop: Mutex<Option<Arc<AtomicBool>>>,
}

impl Watchdog {
    pub fn get() -> &'static Watchdog {
        static W: OnceLock<&'static Watchdog> = OnceLock::new();
        W.get_or_init(|| {
            let w: &'static Watchdog = Box::leak(Box::new(Watchdog {
                started: AtomicU64::new(0),
                deadline: AtomicU64::new(u64::MAX),
                epoch: Instant::now(),
                stop: Mutex::new(None),
            }));
            std::thread::spawn(move || {
                loop {
                    std::thread::sleep(Duration::from_millis(5));
                    let t = w.started.load(Ordering::Relaxed);
                    if t != 0 {
                        let now = w.epoch.elapsed().as_micros() as u64;
                        if now.saturating_sub(t) > w.deadline.load(Ordering::Relaxed) {
                            interrupt::request_cancel();
                            if let Some(stop) = &*w.stop.lock().unwrap() {
                                stop.store(true, Ordering::Relaxed);
                            }
                        }
                    }
                }
            });
            w
        })
    }

    fn arm(&self, stop: Arc<AtomicBool>, deadline: Duration) {
        *self.stop.lock().unwrap() = Some(stop);
        self.deadline
            .store(deadline.as_micros() as u64, Ordering::Relaxed);
        let now = (self.epoch.elapsed().as_micros() as u64).max(1);
        self.started.store(now, Ordering::Relaxed);
    }

    fn disarm(&self) {
        self.started.store(0, Ordering::Relaxed);
        *self.stop.lock().unwrap() = None;
        interrupt::clear_cancel();
    }
}

/// What a fuzzed program did: statements that printed a value and that failed.
#[derive(Clone, Copy, Debug, Default)]
pub struct EvalStats {
    pub outputs: usize,
    pub errors: usize,
    pub skipped: usize,
}

/// A fresh session with the budget of `limits`, one search thread and the given stack size
/// (the caller runs it on a thread with that much stack).
pub fn fuzz_session(stack_size: usize, limits: &Limits) -> Session {
    let mut s = Session::new();
    s.set_stack_size(stack_size);
    s.search.budget = limits.budget;
    s.search.threads = 1;
    s
}

/// Evaluator property: `src` runs in a fresh session (see [`fuzz_session`]) under the
/// watchdog; no statement fails with an internal error (a caught panic) and every error
/// names its origin. Must run on a thread with `stack_size` bytes of stack.
pub fn check_eval(
    src: &str,
    stack_size: usize,
    limits: &Limits,
    stats: &mut EvalStats,
) -> Result<(), String> {
    if refused(src) {
        stats.skipped += 1;
        return Ok(());
    }
    let mut s = fuzz_session(stack_size, limits);
    run_watched(&mut s, src, limits.deadline, stats)
}

/// Runs `src` in `s` under the watchdog and checks the replies. Inputs run one at a time in
/// the process (a lock): cancellation is a process-wide flag and the watchdog watches one
/// input, so two sessions running at once (tests in parallel) would clear each other's
/// cancellation and one could run unwatched.
pub fn run_watched(
    s: &mut Session,
    src: &str,
    deadline: Duration,
    stats: &mut EvalStats,
) -> Result<(), String> {
    static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());
    let _turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let dog = Watchdog::get();
    dog.arm(s.stop_flag(), deadline);
    let mut failure = None;
    s.run_source(src, "<fuzz>", false, &mut |r: &Reply| {
        stats.outputs += usize::from(r.output.is_some());
        if let Some(e) = &r.error {
            stats.errors += 1;
            if failure.is_none() {
                if e.contains("internal error") {
                    failure = Some(format!("{src:?}: {e}"));
                } else if !e.starts_with("<fuzz>") {
                    failure = Some(format!("{src:?}: error without origin: {e}"));
                }
            }
        }
    });
    dog.disarm();
    s.stop_flag().store(false, Ordering::Relaxed);
    failure.map_or(Ok(()), Err)
}

/// Quotes `text` as a string literal of the language.
pub fn quote(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// An argument the fuzzer makes: an integer or a string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FuzzArg {
    Int(i64),
    Str(String),
}

/// The fuzz families of every ruleset's registration ([`Ruleset::fuzz`]), in registry order:
/// [`check_position`] dispatches to them by the first input byte.
pub fn families() -> Vec<(&'static str, FuzzCheck)> {
    functions::rulesets()
        .flat_map(|r| r.fuzz.iter().map(|f| (f.name, f.check)))
        .collect()
}

/// Splits a position input: the first byte picks a family of [`families`], the rest are its
/// arguments separated by NUL bytes (an argument that reads as an integer is one). Returns
/// the family and the arguments.
pub fn position_args(data: &[u8]) -> Option<((&'static str, FuzzCheck), Vec<FuzzArg>)> {
    let (&first, rest) = data.split_first()?;
    let families = families();
    let family = families[first as usize % families.len()];
    let text = String::from_utf8_lossy(rest);
    let args = text
        .split('\0')
        .map(|a| match a.trim().parse::<i64>() {
            Ok(n) => FuzzArg::Int(n),
            Err(_) => FuzzArg::Str(a.to_string()),
        })
        .collect();
    Some((family, args))
}

/// The statement that values a position input in a session.
pub fn position_statement(family: (&str, FuzzCheck), args: &[FuzzArg]) -> String {
    let args: Vec<String> = args
        .iter()
        .map(|a| match a {
            FuzzArg::Int(n) => n.to_string(),
            FuzzArg::Str(s) => quote(s),
        })
        .collect();
    let call = format!("{}({})", family.0, args.join(", "));
    match family.1 {
        FuzzCheck::Text(_) => call,
        FuzzCheck::Position => format!("p = {call}\np\nmoves(p)\noutcome(p)"),
    }
}

/// Position-syntax property: the constructor of the family the first byte picks accepts the
/// arguments or refuses them with an error that names an argument of the call, never a
/// panic (a family checked as text reads its string or refuses it, and keeps its own
/// invariants, such as a chess FEN reading back); and when the arguments are short the call
/// is run in a session (positions valued: moves, outcome) under the fuzzing budgets with no
/// internal error. Must run on a thread with `stack_size` bytes of stack.
pub fn check_position(
    data: &[u8],
    stack_size: usize,
    limits: &Limits,
    stats: &mut EvalStats,
) -> Result<(), String> {
    let Some((family, args)) = position_args(data) else {
        return Ok(());
    };
    let built = match family.1 {
        FuzzCheck::Text(check) => {
            let Some(FuzzArg::Str(text)) = args.first() else {
                return Ok(());
            };
            check(text)?
        }
        FuzzCheck::Position => {
            let Some(Function::Constructor(c, _)) = functions::lookup(family.0) else {
                return Err(format!("fuzz family {} is not a constructor", family.0));
            };
            if !c.arity.contains(&args.len()) {
                return Ok(());
            }
            let mut s = Session::new();
            let values: Vec<Value> = args
                .iter()
                .map(|a| match a {
                    FuzzArg::Int(n) => Value::Game(s.arena.integer(*n)),
                    FuzzArg::Str(t) => Value::Str(t.clone()),
                })
                .collect();
            match (c.build)(&mut s.context(), Args::new(&values)) {
                Ok(p) => {
                    let _ = p.describe();
                    true
                }
                Err(CallError::Arg(i, _)) if i >= args.len() => {
                    return Err(format!("{}{args:?}: error names argument {i}", family.0));
                }
                Err(_) => false,
            }
        }
    };
    // Valuing costs a session; do it for accepted positions and some refused ones (the
    // session's own error path), all with short texts.
    let len: usize = data.len();
    if len <= 48 && (built || data[0] >= 128) {
        let src = position_statement(family, &args);
        let mut s = fuzz_session(stack_size, limits);
        run_watched(&mut s, &src, limits.deadline, stats)?;
    }
    Ok(())
}
