//! Wythoff's game and Fibonacci Nim (its options and errors are checked here too; its theory
//! in fibonaccinim.rs): P-positions from Wythoff's theorem (1907), nim values against a mex
//! table computed here, the research script's Wythoff, options that give back the value, and
//! the errors.

use crate::common::{Rng, iterations, run_ok, run_text};
use cgcalc::lang::Session;

/// Wythoff's P-positions (Wythoff 1907; WW ch. 3): (floor(k phi), floor(k phi^2)) for k >= 0
/// and their mirror images, phi = (1 + sqrt 5) / 2 (k phi^2 = k phi + k).
fn wythoff_p(a: u64, b: u64) -> bool {
    let phi = (1.0 + 5f64.sqrt()) / 2.0;
    (0..=a.max(b)).any(|k| {
        let x = (k as f64 * phi).floor() as u64;
        let y = x + k;
        (a, b) == (x, y) || (a, b) == (y, x)
    })
}

#[test]
fn wythoff_p_positions_are_wythoffs_pairs() {
    let mut s = Session::new();
    let found = run_ok(
        &mut s,
        "[[a, b] for a in 0..40 for b in 0..40 if wythoff(a, b) == 0]",
    );
    let mut want = Vec::new();
    for a in 0..=40 {
        for b in 0..=40 {
            if wythoff_p(a, b) {
                want.push(format!("[{a}, {b}]"));
            }
        }
    }
    assert_eq!(found, format!("[{}]", want.join(", ")));
}

/// Nim values against the definition, computed here by mex over a table (an implementation
/// that shares nothing with the engine's search).
#[test]
fn wythoff_nim_values_by_mex() {
    const N: usize = 24;
    let mut g = [[0u32; N]; N];
    for a in 0..N {
        for b in 0..N {
            let mut seen = Vec::new();
            seen.extend((0..a).map(|x| g[x][b]));
            seen.extend((0..b).map(|y| g[a][y]));
            seen.extend((1..=a.min(b)).map(|k| g[a - k][b - k]));
            g[a][b] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    let mut s = Session::new();
    for (a, values) in g.iter().enumerate() {
        let row: Vec<String> = values.iter().map(u32::to_string).collect();
        let check = format!("[nimval(wythoff({a}, b)) for b in 0..{}]", N - 1);
        assert_eq!(
            run_ok(&mut s, &check),
            format!("[{}]", row.join(", ")),
            "{check}"
        );
    }
}

/// The Wythoff function of scripts/research/rulesets.cgt (read from the script, renamed)
/// agrees with the ruleset.
#[test]
fn wythoff_agrees_with_the_research_script() {
    let script = std::fs::read_to_string("scripts/research/rulesets.cgt").unwrap();
    let def = script
        .lines()
        .find(|l| l.starts_with("wyt(a, b) ="))
        .expect("the script defines wyt(a, b)")
        .replace("wyt(", "script_wythoff(");
    let mut s = Session::new();
    run_ok(&mut s, &def);
    let check = "[[a, b] for a in 0..9 for b in 0..9 if script_wythoff(a, b) != wythoff(a, b)]";
    assert_eq!(run_ok(&mut s, check), "[]");
}

/// Random positions: {left(P) | right(P)} == P and P + P == 0.
#[test]
fn options_give_back_the_value() {
    let mut rng = Rng::xorshift64(1907);
    let mut s = Session::new();
    for _ in 0..iterations(40) {
        let (a, b) = (rng.below(25), rng.below(25));
        for p in [
            format!("wythoff({a}, {b})"),
            format!("fibonaccinim({})", a + b),
            format!("fibonaccinim({a}, {})", 1 + b),
        ] {
            let check = format!("P = {p}; {{left(P) | right(P)}} == P");
            let got = run_text(&mut s, &check);
            assert_eq!(got.lines().last(), Some("true"), "{check}");
            assert_eq!(run_ok(&mut s, &format!("{p} + {p}")), "0", "{p}");
        }
    }
}

#[test]
fn bad_input_is_refused_with_the_limit() {
    let mut s = Session::new();
    let cases = [
        ("wythoff(-1, 3)", "expected an integer from 0 to 100000"),
        ("wythoff(3, 100001)", "expected an integer from 0 to 100000"),
        ("wythoff(1/2, 3)", "expected an integer from 0 to 100000"),
        // 4097 x 4097 cells: one more row than the table may hold.
        (
            "wythoff(4096, 4096)",
            "16785409 nim values, more than the 16777216 it may hold",
        ),
        ("fibonaccinim(30001)", "expected an integer from 0 to 30000"),
        ("fibonaccinim(5, 0)", "expected an integer from 1 to 30000"),
        ("Wythoff(1, 2)", "wythoff"),
        ("FibonacciNim(5)", "fibonaccinim"),
    ];
    for (src, want) in cases {
        let got = run_text(&mut s, src);
        assert!(got.contains(want), "{src}: {got}");
    }
}
