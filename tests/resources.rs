//! Statements whose answers are small but whose games are huge: they must answer from closed
//! forms (or fail with a clear error) in bounded memory and time, and leave the session intact.
//! Before these were fixed, each of them ran for minutes or exhausted memory.

mod common;

use std::time::{Duration, Instant};

use cgcalc::calc::value::MAX_LIST_LEN;
use cgcalc::lang::Session;
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

#[test]
fn follower_counts_of_huge_number_up_star_values() {
    let mut s = Session::new();
    run_ok(&mut s, "x = {2|1}");
    assert_eq!(run_quick(&mut s, "nfollowers(*20000)", 5), "20001");
    assert_outputs(
        &mut s,
        &[
            // a number-up-star value has one follower per day up to its birthday
            ("nfollowers(^*20000)", "20003"),
            ("nfollowers(-3/2v3*2)", "10"),
            ("nfollowers(5/4^^*100000)", "100007"),
            ("nfollowers(-1000000000)", "1000000001"),
            ("nfollowers(^4000000000)", "4000000002"),
            // exact beyond 2^64
            (
                "nfollowers(1000000000000000000000000000000)",
                "1000000000000000000000000000001",
            ),
            // general games: their own followers plus the union of closed forms
            ("nfollowers({^*3, 1/2 | v*2, -7/4})", "8"),
            ("nfollowers({1/2^*3, 1/2 | v*2, -7/4v})", "13"),
            ("nfollowers({1000000000 | -1000000000})", "2000000002"),
            ("nfollowers({1000000000* | -3/2v*100})", "1000000108"),
        ],
    );
    assert_eq!(run_ok(&mut s, "x"), "{2|1}");
}

#[test]
fn followers_refuses_lists_beyond_the_cap() {
    let mut s = Session::new();
    run_ok(&mut s, "x = {2|1}");
    let err = run_quick(&mut s, "followers(1000000000)", 5);
    for needle in [
        "1000000001 distinct followers",
        &MAX_LIST_LEN.to_string(),
        "nfollowers(G)",
    ] {
        assert!(err.contains(needle), "expected {needle:?} in {err}");
    }
    let err = run_quick(&mut s, "followers({1000000000 | -1000000000})", 5);
    assert!(err.contains("2000000002 distinct followers"), "{err}");
    assert_outputs(
        &mut s,
        &[
            ("x", "{2|1}"),
            ("followers(*3)", "[0, *, *2, *3]"),
            ("followers(^*2)", "[0, *, *2, *3, ^*2]"),
            (
                "followers(-3/2v3*2)",
                "[-2, -3/2, -1, 0, -3/2*, -3/2*2, -3/2*3, -3/2v3*2, -3/2vv*3, -3/2v*2]",
            ),
            (
                "followers({1/2^*3, 1/2 | v*2, -7/4v})",
                "[-2, -7/4, -3/2, -1, 0, 1/2, 1, -7/4*, -7/4v, 1/2*, 1/2*2, 1/2^*3, {1/2^*3|-7/4v}]",
            ),
        ],
    );
    // Options of a huge nimber are refused the same way.
    let err = run_quick(&mut s, "left(*100000000)", 5);
    assert!(err.contains("100000000 Left options"), "{err}");
    assert!(err.contains(&MAX_LIST_LEN.to_string()), "{err}");
    assert_eq!(run_ok(&mut s, "right(*3)"), "[0, *, *2]");
    let nimbers: Vec<String> = (2..=999).map(|n| format!(", *{n}")).collect();
    assert_eq!(
        run_ok(&mut s, "followers(*999)"),
        format!("[0, *{}]", nimbers.concat())
    );
    // Lists up to the cap are built (and print as a summary).
    let out = run_quick(&mut s, &format!("followers({})", MAX_LIST_LEN - 1), 20);
    assert!(out.starts_with("<list too long to print"), "{out}");
    let a = &mut s.arena;
    let n = a.integer(MAX_LIST_LEN as i64 - 1);
    assert_eq!(
        a.followers(n, MAX_LIST_LEN).map(|f| f.len()),
        Ok(MAX_LIST_LEN)
    );
    let m = a.integer(MAX_LIST_LEN as i64);
    let over = a.followers(m, MAX_LIST_LEN).map(|f| f.len());
    assert_eq!(
        over.map_err(|n| n.to_string()),
        Err((MAX_LIST_LEN + 1).to_string())
    );
    // The help page states the cap.
    let help = run_text(&mut s, ":help followers");
    assert!(help.contains(&MAX_LIST_LEN.to_string()), "{help}");
}

#[test]
fn numbers_with_ten_thousand_digits_print_at_once() {
    let mut s = Session::new();
    let big = format!("1{}", "0".repeat(10_000));
    // One character over the print limit: a short summary, not a walk over 10^10000 followers.
    let out = run_quick(&mut s, &big, 5);
    assert!(out.starts_with("<10000000000"), "{out}");
    assert!(out.contains("10001 characters"), "{out}");
    assert!(out.len() < 200, "{out}");
    // The same through arithmetic: 1024 copies of it, and its sum with an infinitesimal.
    run_text(&mut s, &format!("x = {big};"));
    let out = run_quick(&mut s, "1024.x", 5);
    assert!(out.starts_with("<1024000000"), "{out}");
    assert!(out.contains("10004 characters"), "{out}");
    let out = run_quick(&mut s, "x + ^*2", 5);
    assert!(
        out.ends_with("characters); too long to print: `:print-limit 0` prints it in full>"),
        "{out}"
    );
    assert!(out.contains("000^*2 (10004 characters)"), "{out}");
    // A general game on top of it summarises with shortened stops.
    let out = run_quick(&mut s, "{x | -x}", 5);
    assert!(out.contains("stops 1000000000"), "{out}");
    assert!(out.len() < 400, "{out}");
    // In full on request.
    run_text(&mut s, ":print-limit 0");
    assert_eq!(run_quick(&mut s, "x", 5), big);
    assert_eq!(run_quick(&mut s, "x - x + 1", 5), "1");
}

#[test]
fn temperatures_of_huge_compact_values() {
    let mut s = Session::new();
    // The thermograph of *20000 visits every *k below it and their options (O(n^2)); the
    // temperature of a number plus an infinitesimal is 0 without it.
    assert_eq!(run_quick(&mut s, "temp(*20000)", 5), "0");
    assert_outputs(
        &mut s,
        &[
            ("temp(^^*20000)", "0"),
            ("temp(7/8v*20000)", "0"),
            ("temp(-7/8)", "-1/8"),
            ("temp(1000000000)", "-1"),
            // cooling above the temperature gives the mean
            ("cool(*20000, 1)", "0"),
            ("cool(3/2^*20000, 1/2)", "3/2"),
        ],
    );
    // A number with a 60,000-bit denominator: 1 - 2^-60000. Its temperature, birthday and
    // followers are closed forms, and the simplest number between it and 1 is found from bits
    // (one denominator after another used to intern 60,000 big numbers, about 2 GB).
    let two = cgcalc::game::Dyadic::ONE << 60_000;
    let den = two.to_string();
    let num = (two - cgcalc::game::Dyadic::ONE).to_string();
    run_text(&mut s, &format!("x = {num}/{den};"));
    assert_eq!(
        run_quick(&mut s, &format!("temp(x) == -1/{den}"), 5),
        "true"
    );
    assert_eq!(run_quick(&mut s, "nfollowers(x)", 5), "60002");
    assert_eq!(run_quick(&mut s, "nfollowers({x|-x})", 5), "120004");
    assert_eq!(run_quick(&mut s, "birthday({x|1})", 5), "60002");
    let two = two + two;
    let (num, den) = (
        (two - cgcalc::game::Dyadic::ONE).to_string(),
        two.to_string(),
    );
    assert_eq!(
        run_quick(&mut s, &format!("{{x|1}} == {num}/{den}"), 5),
        "true"
    );
}
