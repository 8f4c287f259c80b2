//! Elkies' pawn game in the calculator (Elkies, *Higher nimbers in pawn endgames on large
//! chessboards*; rules and recursion as fixed in seed-notes.md): positions valued by GTSearch
//! of the actual game, the recursion's `epsilon`, the check that the two agree, and the tables.

mod common;

use cgcalc::lang::session::Session;
use common::{run_ok, run_text};

/// Theorem 2: [m] is 0 iff m = 0, 2, 3, 6, 9 (mod 10), else *; by search of the actual game.
#[test]
fn search_values_of_unstopped_rows_follow_theorem_2() {
    let mut s = Session::new();
    for m in 1..=8 {
        let expected = if [0, 2, 3, 6, 9].contains(&(m % 10)) {
            "0"
        } else {
            "*"
        };
        assert_eq!(run_ok(&mut s, &format!("elkies({m})")), expected, "[{m}]");
        assert_eq!(
            run_ok(&mut s, &format!("epsilon({m})")),
            expected,
            "epsilon({m})"
        );
    }
}

/// Section 6.3: [[1000]] is *2, and so is its reversal; seed-notes: 0101 and 1010 too (the
/// paper says only 1000 and its reversal). By search and by the recursion.
#[test]
fn the_words_of_value_star_two_at_length_four() {
    let mut s = Session::new();
    for w in ["1000", "0001", "0101", "1010"] {
        assert_eq!(run_ok(&mut s, &format!("elkies(\"{w}\")")), "*2", "{w}");
        assert_eq!(run_ok(&mut s, &format!("epsilon(\"{w}\")")), "*2", "{w}");
    }
    for w in ["0000", "0010", "0100", "1001"] {
        assert_ne!(run_ok(&mut s, &format!("elkies(\"{w}\")")), "*2", "{w}");
    }
    let table = run_ok(&mut s, "proportions(4)");
    assert!(
        table.contains("value *2: 0001, 0101, 1000, 1010"),
        "{table}"
    );
}

/// Search and recursion agree on every word up to length 9 (6 in debug builds): the search
/// value of [[w]] is exactly *epsilon(w), and for length <= 7 [[w]] + *k searched as one game is
/// a second-player win exactly when k = epsilon(w). (Length 10 too: `elkiescheck(10)`, 40 s.)
#[test]
fn search_and_recursion_agree() {
    let mut s = Session::new();
    let n = if cfg!(debug_assertions) { 6 } else { 9 };
    let out = run_ok(&mut s, &format!("elkiescheck({n})"));
    assert!(
        out.contains("search and recursion agree everywhere"),
        "{out}"
    );
    // 2 + 3 + 5 + 8 + 13 + 21 (+ 34 + 55 + 89) words: the Fibonacci numbers.
    let words = if n == 9 { 230 } else { 52 };
    assert!(
        out.starts_with(&format!("{words} words of length 1 to {n}")),
        "{out}"
    );
}

/// Components add: an empty file separates them for good.
#[test]
fn components_add_and_print_their_parts() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "elkies(\"0 0\")"),
        "0\n# chunk 1: [[0]] = *\n# chunk 2: [[0]] = *"
    );
    assert_eq!(
        run_ok(
            &mut s,
            "elkies(\"1000 0 010\") == epsilon(\"1000\") + epsilon(\"0\") + epsilon(\"010\")"
        ),
        "true"
    );
    assert_eq!(run_ok(&mut s, "outcome(elkies(\"1000\"))"), "N");
}

/// Theorem 1: every move in [3] is answered; the moves are named in chess notation and none
/// wins (the value is 0).
#[test]
fn moves_are_listed_in_chess_notation() {
    let mut s = Session::new();
    let out = run_ok(&mut s, "moves(elkies(\"000\"))");
    assert!(out.starts_with("position [[000]] = 0"), "{out}");
    for m in [
        "White a1-a2",
        "White b1-b2",
        "White c1-c2",
        "Black a3-a2",
        "Black c3-c2",
    ] {
        assert!(out.contains(m), "{m}: {out}");
    }
    assert!(out.ends_with("winning moves: none"), "{out}");
    // [[1000]] = *2: the winning first moves lead to 0.
    let out = run_ok(&mut s, "moves(elkies(\"1000\"))");
    assert!(!out.ends_with("winning moves: none"), "{out}");
}

/// Section 6.3: every sixth file stopped (files 6r + 4, from 1) first reaches *8, *16, *32, *64
/// at 51, 111, 202, 497; the pattern with stops at 14r and 14r + 5 (from file 0) has period 504.
#[test]
fn periodic_tables() {
    let mut s = Session::new();
    let out = run_ok(&mut s, "stopped(6, 4, 600)");
    assert!(out.contains("*8@51 *16@111 *32@202 *64@497"), "{out}");
    let by_pattern = run_ok(&mut s, "stopped(\"000100\", 600)");
    assert_eq!(by_pattern.lines().nth(1), out.lines().nth(1));
    let out = run_ok(&mut s, "stopped(\"10000100000000\", 4000)");
    assert!(out.contains("eventual period 504"), "{out}");
    assert_eq!(
        run_ok(&mut s, "stopvalues(\"0\", 10)"),
        "[*, 0, 0, *, *, 0, *, *, 0, 0]"
    );
    let out = run_ok(&mut s, "leastlengths(8)");
    let lengths: Vec<&str> = out
        .lines()
        .skip(1)
        .take(8)
        .map(|l| l.split_whitespace().nth(1).unwrap_or(""))
        .collect();
    assert_eq!(
        lengths,
        ["1", "4", "6", "9", "11", "14", "16", "20"],
        "{out}"
    );
}

/// The two claims of the paper that do not hold under its own rules are in the help.
#[test]
fn the_help_reports_the_claims_that_do_not_hold() {
    let mut s = Session::new();
    assert!(run_ok(&mut s, ":help leastlengths").contains("0101 and 1010"));
    assert!(
        run_ok(&mut s, ":help stopped")
            .contains("every fourth file stopped never becomes periodic")
    );
}

#[test]
fn bad_words_are_errors_at_the_argument() {
    let mut s = Session::new();
    for (src, words) in [
        ("elkies(\"0110\")", "both stopped"),
        ("elkies(\"01x0\")", "'x'"),
        ("elkies(0)", "1 to 64 files"),
        ("elkies(65)", "1 to 64 files"),
        ("elkies(\"\")", "a word"),
        ("elkies(*)", "a word"),
        ("epsilon(\"0110\")", "both stopped"),
        ("stopped(\"1001\", 10)", "adjacent when the pattern repeats"),
        ("stopped(6, 7, 10)", "from 1 to 6"),
        ("elkiescheck(11)", "from 1 to 10"),
    ] {
        let out = run_text(&mut s, src);
        assert!(out.contains("error") && out.contains(words), "{src}: {out}");
        assert!(out.contains('^'), "{src}: {out}");
    }
}
