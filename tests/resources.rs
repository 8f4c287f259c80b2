//! Statements whose answers are small but whose games are huge: they must answer from closed
//! forms (or fail with a clear error) in bounded memory and time, and leave the session intact.
//! Before these were fixed, each of them ran for minutes or exhausted memory.

mod common;

use std::time::{Duration, Instant};

use cgcalc::lang::eval::Session;
use common::{assert_outputs, run_ok, run_text};

/// Runs `src` and fails if it took longer than `secs` seconds (far above the milliseconds the
/// closed forms need, far below the minutes the old code took).
#[track_caller]
fn run_quick(s: &mut Session, src: &str, secs: u64) -> String {
    let start = Instant::now();
    let out = run_text(s, src);
    let elapsed = start.elapsed();
    assert!(
        elapsed < Duration::from_secs(secs),
        "{src} took {elapsed:?}"
    );
    out
}

#[test]
fn birthdays_of_huge_number_up_star_values() {
    let mut s = Session::new();
    run_ok(&mut s, "x = {2|1}");
    assert_eq!(run_quick(&mut s, "birthday(*100000)", 5), "100000");
    assert_outputs(
        &mut s,
        &[
            // k.^ + *n (k >= 1) has birthday k + max(1, n xor (k mod 2))
            ("birthday(^*100000)", "100002"),
            ("birthday(v*100000)", "100002"),
            ("birthday(^^*100000)", "100002"),
            ("birthday(v3*7)", "9"),
            // a number part adds its own birthday (5/4 is born on day 4)
            ("birthday(5/4^^*100)", "106"),
            ("birthday(5/4^^*100000)", "100006"),
            ("birthday(-1000000000)", "1000000000"),
            // numbers beyond 2^63 have exact birthdays too
            (
                "birthday(1000000000000000000000000000000)",
                "1000000000000000000000000000000",
            ),
            (
                "birthday(1000000000000000000000000000000*2)",
                "1000000000000000000000000000002",
            ),
        ],
    );
    // the session is intact
    assert_eq!(run_ok(&mut s, "x"), "{2|1}");
}
