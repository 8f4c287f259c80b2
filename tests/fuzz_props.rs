//! Bounded property versions of the `cargo fuzz` targets in `fuzz/` (parse, eval, positions):
//! the same properties (`cgcalc::fuzzing`), checked on inputs mutated from the fuzz seed
//! corpus (`fuzz/seeds/TARGET`: the statements of scripts/*.cgt and the position constructor
//! calls of the scripts and tests) plus random bytes, from a fixed-seed PRNG. Each test runs
//! on a big-stack thread under a watchdog that names the case running when it fires.

mod common;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::mpsc;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use cgcalc::fuzzing::{self, EvalStats, Limits};
use common::{Rng, iterations};

/// The seed corpus of one fuzz target, sorted by file name (deterministic order).
fn seeds(target: &str) -> Vec<Vec<u8>> {
    let dir = format!("{}/fuzz/seeds/{target}", env!("CARGO_MANIFEST_DIR"));
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{dir}: {e}"))
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    let corpus: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).unwrap()).collect();
    assert!(corpus.len() > 50, "{dir}: only {} seeds", corpus.len());
    corpus
}

/// Tokens a mutation may insert, by target.
const LANG_TOKENS: &[&str] = &[
    "{",
    "}",
    "|",
    "||",
    ",",
    "(",
    ")",
    "[",
    "]",
    ";",
    "\n",
    " ",
    "+",
    "-",
    "+-",
    ":",
    ":=",
    "=",
    "==",
    "<",
    ">=",
    "<>",
    "<|",
    ".",
    "*",
    "*3",
    "^",
    "^<2>",
    "v",
    "v[3]",
    "1/2",
    "-7",
    "0",
    "99999999999999999999",
    "1..5",
    "_",
    "for x in ",
    "if ",
    " else ",
    "f(n) = ",
    "g",
    "\"",
    "on",
    "off",
    "dud",
    "over",
    "Tiny(",
    "left(",
    "mean(",
    "map(",
    "sum(",
    "len(",
    "table(",
    "dom(",
    "cram(",
    "pawns(\"",
    "elkies(",
    "regio(\"",
    "primenim(",
    "moves(",
    "outcome(",
    "explain(",
    "why(",
    "tree(",
    "period(",
    "mex(",
    "octal(",
    "pow(",
    "cool(",
    "#",
    "é",
];
const POSITION_TOKENS: &[&str] = &[
    ".",
    "#",
    "|",
    "\n",
    " ",
    "L",
    "R",
    "P",
    "p",
    "K",
    "k",
    "Q",
    "B",
    "N",
    "/",
    "8",
    "1",
    "0",
    "-",
    "a-b",
    "\0",
    "\0-1",
    "\u{0}000",
    "\u{0}99999999999",
    " w - - 0 1",
    " b",
    "prime",
    "square free ",
    "canonical",
    "é",
    "9",
    "16",
    "17",
    "256",
];

/// One mutation step on `d`.
fn mutate_once(rng: &mut Rng, d: &mut Vec<u8>, corpus: &[Vec<u8>], tokens: &[&str]) {
    let n = d.len();
    let at = |rng: &mut Rng| rng.below(n + 1);
    match rng.below(9) {
        0 => {
            let i = at(rng);
            d.insert(i, rng.next_u64() as u8);
        }
        1 if n > 0 => {
            d.remove(rng.below(n));
        }
        2 if n > 0 => {
            let i = rng.below(n);
            d[i] = *rng.pick(b"{}|()[],;:=+-.*^v<>#/ \n0123456789LRPpKk\0\"\\");
        }
        3 if n > 1 => {
            let i = rng.below(n);
            let j = (i + 1 + rng.below(8)).min(n);
            d.drain(i..j);
        }
        4 if n > 0 => {
            let i = rng.below(n);
            let j = (i + 1 + rng.below(12)).min(n);
            let chunk = d[i..j].to_vec();
            let k = at(rng);
            d.splice(k..k, chunk);
        }
        5 => {
            let other = rng.pick(corpus);
            if !other.is_empty() {
                let i = rng.below(other.len());
                let j = (i + 1 + rng.below(24)).min(other.len());
                let k = at(rng);
                d.splice(k..k, other[i..j].iter().copied());
            }
        }
        6 | 7 => {
            let t = rng.pick(tokens).as_bytes();
            let k = at(rng);
            d.splice(k..k, t.iter().copied());
        }
        _ => {
            // Replace a run of digits by another number.
            if let Some(i) = (0..n)
                .map(|k| (k + rng.below(n.max(1))) % n)
                .find(|&k| d[k].is_ascii_digit())
            {
                let mut j = i;
                while j < n && d[j].is_ascii_digit() {
                    j += 1;
                }
                let num = rng.pick(&[
                    "0",
                    "1",
                    "2",
                    "7",
                    "16",
                    "64",
                    "255",
                    "1000",
                    "65536",
                    "4294967297",
                ]);
                d.splice(i..j, num.bytes());
            }
        }
    }
}

/// A test input: mostly a corpus entry with 1 to 4 mutations, sometimes random bytes.
fn input(rng: &mut Rng, corpus: &[Vec<u8>], tokens: &[&str], max_len: usize) -> Vec<u8> {
    if rng.chance(1, 10) {
        let len = rng.below(40);
        return (0..len).map(|_| rng.next_u64() as u8).collect();
    }
    let mut d = rng.pick(corpus).clone();
    if rng.chance(1, 8) {
        let other = rng.pick(corpus).clone();
        d.push(b'\n');
        d.extend(other);
    }
    for _ in 0..1 + rng.below(4) {
        mutate_once(rng, &mut d, corpus, tokens);
    }
    d.truncate(max_len);
    d
}

/// Runs `cases` inputs through `check` on a big-stack thread under a watchdog (fails if one
/// case runs over 20 s); returns the failures and the statistics.
fn run(
    seed: u64,
    cases: usize,
    corpus: Vec<Vec<u8>>,
    tokens: &'static [&'static str],
    max_len: usize,
    check: fn(&[u8], &mut EvalStats) -> Result<(), String>,
) -> (Vec<String>, EvalStats) {
    let current = Arc::new(Mutex::new(Vec::new()));
    let cur = current.clone();
    let (tx, rx) = mpsc::channel();
    let (beat_tx, beat_rx) = mpsc::channel::<()>();
    std::thread::Builder::new()
        .stack_size(cgcalc::STACK_SIZE)
        .spawn(move || {
            let mut rng = Rng::xorshift64(seed);
            let mut failures = Vec::new();
            let mut stats = EvalStats::default();
            let mut slow = Vec::new();
            for _ in 0..cases {
                let data = input(&mut rng, &corpus, tokens, max_len);
                *cur.lock().unwrap() = data.clone();
                let start = Instant::now();
                match catch_unwind(AssertUnwindSafe(|| check(&data, &mut stats))) {
                    Ok(Ok(())) => {}
                    Ok(Err(e)) => failures.push(e),
                    Err(_) => failures.push(format!("{data:?}: panicked")),
                }
                let t = start.elapsed();
                if t > Duration::from_millis(100) {
                    slow.push((t, String::from_utf8_lossy(&data).into_owned()));
                }
                if t > Duration::from_secs(10) {
                    failures.push(format!("{:?}: took {t:?}", String::from_utf8_lossy(&data)));
                }
                let _ = beat_tx.send(());
            }
            slow.sort();
            let total: Duration = slow.iter().map(|s| s.0).sum();
            eprintln!(
                "{} cases over 100 ms, {total:?} in all; slowest:",
                slow.len()
            );
            for (t, d) in slow.iter().rev().take(8) {
                eprintln!("  {t:?} {d:?}");
            }
            let _ = tx.send((failures, stats));
        })
        .unwrap();
    loop {
        match beat_rx.recv_timeout(Duration::from_secs(20)) {
            Ok(()) => continue,
            Err(mpsc::RecvTimeoutError::Disconnected) => break,
            Err(mpsc::RecvTimeoutError::Timeout) => {
                let case = current.lock().unwrap().clone();
                panic!(
                    "case {:?} ran for more than 20 s (hang?)",
                    String::from_utf8_lossy(&case)
                );
            }
        }
    }
    rx.recv().expect("fuzz thread finished")
}

fn report(name: &str, cases: usize, (failures, stats): (Vec<String>, EvalStats)) {
    eprintln!("{name}: {cases} cases, {stats:?}");
    assert!(
        failures.is_empty(),
        "{} failing cases:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn parse_target_property() {
    let cases = iterations(50_000);
    let r = run(
        0xF022_0001,
        cases,
        seeds("parse"),
        LANG_TOKENS,
        400,
        |d, _| fuzzing::check_parse_bytes(d),
    );
    report("parse", cases, r);
}

#[test]
fn eval_target_property() {
    let cases = iterations(20_000);
    let r = run(
        0xF022_0002,
        cases,
        seeds("eval"),
        LANG_TOKENS,
        200,
        |d, stats| {
            fuzzing::check_eval(
                &String::from_utf8_lossy(d),
                cgcalc::STACK_SIZE,
                &Limits::ci(),
                stats,
            )
        },
    );
    report("eval", cases, r);
}

#[test]
fn positions_target_property() {
    let cases = iterations(40_000);
    let r = run(
        0xF022_0003,
        cases,
        seeds("positions"),
        POSITION_TOKENS,
        120,
        |d, stats| fuzzing::check_position(d, cgcalc::STACK_SIZE, &Limits::ci(), stats),
    );
    report("positions", cases, r);
}
