//! No-panic fuzzing of the parser and the evaluator together: random byte strings and random
//! token soups are fed to `Session::run_source` of one long-lived session.
//!
//! Checked for every case: no panic escapes `run_source`, no statement reports an
//! `internal error` (the evaluator turns panics inside a statement into that message), every
//! error is rendered with a position or an origin, and the case finishes quickly. A watchdog
//! fails the test (naming the case) if one case runs for more than 10 seconds. Finally the
//! variable `keep`, assigned before the fuzzing starts, must still be 7.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cgcalc::lang::Session;
use common::{Rng, iterations};

const TOKENS: &[&str] = &[
    "{",
    "}",
    "|",
    "||",
    "|||",
    ",",
    "+-",
    "-",
    "+",
    ":",
    ".",
    "*",
    "*3",
    "*2",
    "^",
    "^^",
    "v",
    "vv",
    "^*",
    "^<2>",
    "v<3>",
    "^[2]",
    "1/2",
    "-1/2",
    "3/4",
    "0",
    "1",
    "2",
    "3",
    "-1",
    "(",
    ")",
    "[",
    "]",
    "Tiny(",
    "Miny(",
    "g",
    "x",
    "val",
    "left(",
    "right(",
    "mean(",
    "temp(",
    "lstop(",
    "rstop(",
    "outcome(",
    "birthday(",
    "uptimal(",
    "thermo(",
    "incentives(",
    "pow(",
    "compare(",
    "==",
    "!=",
    "<",
    "<=",
    ">=",
    "<>",
    "<|",
    "|>",
    ";",
    "=",
    ":=",
    "\n",
    ":help",
    "assert",
    "true",
    "false",
    "on",
    "off",
    "2.5",
    "1/3",
    "#",
    "\"s\"",
    " ",
];

/// Counts of statements that printed a value and that failed.
#[derive(Default, Debug)]
struct Stats {
    outputs: usize,
    errors: usize,
}

/// Runs one case; returns any internal error text, or the panic message if one escaped.
fn run_case(s: &mut Session, src: &str, stats: &mut Stats) -> Result<Option<String>, String> {
    let mut internal = None;
    let r = catch_unwind(AssertUnwindSafe(|| {
        s.run_source(src, "<fuzz>", false, &mut |reply| {
            stats.outputs += usize::from(reply.output.is_some());
            stats.errors += usize::from(reply.error.is_some());
            if let Some(e) = &reply.error {
                if e.contains("internal error") {
                    internal = Some(e.clone());
                }
                assert!(e.starts_with("<fuzz>"), "error without origin: {e}");
            }
        });
    }));
    match r {
        Ok(()) => Ok(internal),
        Err(p) => Err(p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "panic".into())),
    }
}

fn token_soup(rng: &mut Rng) -> String {
    let n = 1 + rng.below(12);
    let mut s = String::new();
    for _ in 0..n {
        s.push_str(TOKENS[rng.below(TOKENS.len())]);
        if rng.chance(1, 3) {
            s.push(' ');
        }
    }
    s
}

/// A random, mostly well-formed statement: a small expression tree over the language's
/// operators, functions and literals (depth <= 3, so about a dozen tokens at most), sometimes
/// with one token dropped or duplicated.
fn grammatical(rng: &mut Rng, _: usize) -> String {
    fn atom(rng: &mut Rng, d: usize) -> String {
        const LITS: &[&str] = &[
            "0", "1", "-1", "2", "3", "1/2", "-3/4", "*", "*2", "*3", "^", "v", "^^*", "v3",
            "^<2>", "v[2]*", "1/2v*", "2Tiny(1)", "+-1", "g", "x", "keep", "true", "on",
        ];
        if d == 0 {
            return LITS[rng.below(LITS.len())].to_string();
        }
        match rng.below(10) {
            0..=2 => LITS[rng.below(LITS.len())].to_string(),
            3 | 4 => {
                let l: Vec<String> = (0..rng.below(3)).map(|_| atom(rng, d - 1)).collect();
                let r: Vec<String> = (0..rng.below(3)).map(|_| atom(rng, d - 1)).collect();
                let bar = ["|", "||"][rng.below(2)];
                format!("{{{}{bar}{}}}", l.join(","), r.join(","))
            }
            5 => format!("({})", expr(rng, d - 1)),
            6 => {
                const F: &[&str] = &[
                    "left",
                    "right",
                    "mean",
                    "temp",
                    "lstop",
                    "rstop",
                    "outcome",
                    "birthday",
                    "uptimal",
                    "thermo",
                    "incentives",
                    "rcf",
                    "chill",
                    "Tiny",
                    "Miny",
                    "isnumber",
                    "nfollowers",
                    "stopcount",
                    "aw",
                    "freeze",
                ];
                format!("{}({})", F[rng.below(F.len())], expr(rng, d - 1))
            }
            7 => {
                const F2: &[&str] = &["cool", "heat", "pow", "powto", "compare"];
                format!(
                    "{}({}, {})",
                    F2[rng.below(F2.len())],
                    atom(rng, d - 1),
                    atom(rng, 0)
                )
            }
            8 => format!("[{}, {}]", atom(rng, d - 1), atom(rng, d - 1)),
            _ => format!("+-{}", atom(rng, d - 1)),
        }
    }
    fn expr(rng: &mut Rng, d: usize) -> String {
        const OPS: &[&str] = &[
            " + ", " - ", " +- ", ":", " . ", " == ", " < ", " <> ", " |> ", " >= ",
        ];
        match rng.below(4) {
            0 | 1 => atom(rng, d),
            2 => format!("-{}", atom(rng, d)),
            _ => format!(
                "{}{}{}",
                atom(rng, d),
                OPS[rng.below(OPS.len())],
                atom(rng, d)
            ),
        }
    }
    let mut s = match rng.below(6) {
        0 => format!("g = {}", expr(rng, 3)),
        1 => format!("x := {}; {}", expr(rng, 2), expr(rng, 2)),
        2 => format!("assert {}", expr(rng, 3)),
        _ => expr(rng, 3),
    };
    // Mutation: drop or duplicate one character.
    if rng.chance(1, 5) && !s.is_empty() {
        let i = rng.below(s.len());
        if s.is_char_boundary(i) && s.is_char_boundary(i + 1) {
            if rng.chance(1, 2) {
                s.remove(i);
            } else {
                let c = s.as_bytes()[i] as char;
                s.insert(i, c);
            }
        }
    }
    s
}

fn random_bytes(rng: &mut Rng, i: usize) -> String {
    let alphabet = b"{}|()[],;:=+-.*^v<>!\"#/ \n0123456789gxTinyMlefrtmansupow_";
    let len = rng.below(24);
    let bytes: Vec<u8> = (0..len)
        .map(|_| {
            if i.is_multiple_of(4) {
                rng.next_u64() as u8
            } else {
                alphabet[rng.below(alphabet.len())]
            }
        })
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Runs `cases` random inputs on a big-stack thread (game recursion follows birthdays, as in
/// the binary) under a watchdog. Returns the failures found.
fn fuzz(seed: u64, cases: usize, make: fn(&mut Rng, usize) -> String) -> Vec<String> {
    let current = Arc::new(Mutex::new(String::new()));
    let cur = current.clone();
    let (tx, rx) = mpsc::channel::<Result<Vec<String>, String>>();
    let (beat_tx, beat_rx) = mpsc::channel::<()>();
    std::thread::Builder::new()
        .stack_size(cgcalc::STACK_SIZE)
        .spawn(move || {
            let mut s = Session::new();
            let mut failures = Vec::new();
            let mut stats = Stats::default();
            let mut ok = false;
            s.run_source("keep = 7", "<setup>", true, &mut |r| ok = r.error.is_none());
            assert!(ok);
            let mut rng = Rng::xorshift64(seed);
            for i in 0..cases {
                let src = make(&mut rng, i);
                *cur.lock().unwrap() = src.clone();
                let start = Instant::now();
                match run_case(&mut s, &src, &mut stats) {
                    Ok(None) => {}
                    Ok(Some(e)) => failures.push(format!("{src:?}: {e}")),
                    Err(p) => failures.push(format!("{src:?}: panic escaped: {p}")),
                }
                let t = start.elapsed();
                if t > Duration::from_secs(1) {
                    failures.push(format!("{src:?}: took {t:?}"));
                }
                let _ = beat_tx.send(());
            }
            eprintln!("{cases} cases: {stats:?}");
            // Variables survive errors.
            let mut keep = None;
            s.run_source("keep", "<check>", true, &mut |r| keep = r.output.clone());
            if keep.as_deref() != Some("7") {
                failures.push(format!("`keep` is {keep:?} after fuzzing, expected 7"));
            }
            let _ = tx.send(Ok(failures));
        })
        .unwrap();
    loop {
        match beat_rx.recv_timeout(Duration::from_secs(10)) {
            Ok(()) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let case = current.lock().unwrap().clone();
                if let Ok(r) = rx.try_recv() {
                    return r.unwrap();
                }
                panic!("case {case:?} ran for more than 10 s (hang?)");
            }
        }
    }
    rx.recv().expect("fuzz thread finished").unwrap()
}

fn report(failures: Vec<String>) {
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn token_soups_do_not_panic() {
    report(fuzz(0x5EED_0001, iterations(50_000), |rng, _| {
        token_soup(rng)
    }));
}

#[test]
fn random_statements_do_not_panic() {
    report(fuzz(0x5EED_0003, iterations(30_000), grammatical));
}

#[test]
fn random_bytes_do_not_panic() {
    report(fuzz(0x5EED_0002, iterations(20_000), random_bytes));
}
