//! Take-and-break games: values against the games written out as recursive functions in the
//! language (an implementation that shares nothing with the code reader), proven periods
//! against Winning Ways, and positions whose options give back their value.

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use cgcalc::lang::Session;

/// Each game written by hand with options from generators, against `takeandbreak`.
#[test]
fn values_match_the_games_written_as_functions() {
    let mut s = Session::new();
    run_text(
        &mut s,
        "
        # Kayles: knock down one pin or two adjacent pins of a row.
        kayles(n) = {kayles(a) + kayles(n-1-a) for a in 0..n-1, kayles(a) + kayles(n-2-a) for a in 0..n-2 | kayles(a) + kayles(n-1-a) for a in 0..n-1, kayles(a) + kayles(n-2-a) for a in 0..n-2}
        # Dawson's Kayles: knock down exactly two adjacent pins.
        dawson(n) = {dawson(a) + dawson(n-2-a) for a in 0..n-2 | dawson(a) + dawson(n-2-a) for a in 0..n-2}
        # Grundy's game: split a heap into two heaps of different sizes.
        grundy(n) = {grundy(a) + grundy(n-a) for a in 1..n-1 if a + a < n | grundy(a) + grundy(n-a) for a in 1..n-1 if a + a < n}
        # 0.8: remove one token and split the rest into exactly three heaps.
        three(n) = {three(a) + three(b) + three(n-1-a-b) for a in 1..n for b in a..n if n-1-a-b >= b | three(a) + three(b) + three(n-1-a-b) for a in 1..n for b in a..n if n-1-a-b >= b}
        # 0.[3] is Nim.
        ",
    );
    let checks = [
        ("kayles", "0.77", 40),
        ("dawson", "0.07", 40),
        ("grundy", "4!.0", 40),
        ("three", "0.8", 25),
    ];
    for (f, code, n) in checks {
        let check = format!("[k for k in 0..{n} if {f}(k) != takeandbreak(\"{code}\", k)]");
        assert_eq!(run_ok(&mut s, &check), "[]", "{check}");
    }
    assert_outputs(
        &mut s,
        &[
            (
                "[nimval(takeandbreak(\"0.[3]\", n)) for n in 0..6]",
                "[0, 1, 2, 3, 4, 5, 6]",
            ),
            // Kayles' sequence opens 0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6 (WW ch. 4).
            (
                "nimsequence(\"0.77\", 11)",
                "[0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]",
            ),
            ("octal(\"0.77\", 70)", "*6"),
            // A sum of heaps is the nim sum: Kayles rows of 3 and 5 are *3 + *4 = *7.
            ("takeandbreak(\"0.77\", [3, 5])", "*7"),
            (
                "takeandbreak(\"0.77\", [3, 5]) == takeandbreak(\"0.77\", 3) + takeandbreak(\"0.77\", 5)",
                "true",
            ),
        ],
    );
}

/// Periods proven by the Octal Periodicity Theorem, with the known periods (WW ch. 4): Kayles
/// period 12 from 71, Dawson's Kayles period 34 (last exceptional value at 52), Dawson's
/// Chess 0.137 the same shifted by one.
#[test]
fn periods_are_proven_by_the_octal_periodicity_theorem() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            (
                "period(takeandbreak(\"0.77\", 200))",
                "preperiod 71, period 12, proven (Octal Periodicity Theorem, heaps 0 to 167)",
            ),
            // 2.71 + 12 + 2 = 156 = N, and the hypothesis reads heaps up to N - 1 + 12.
            (
                "period(takeandbreak(\"0.77\", 166))",
                "preperiod 71, period 12, not proven: the Octal Periodicity Theorem needs heaps up to 167, which period(takeandbreak(\"0.77\", 167)) checks",
            ),
            (
                "period(takeandbreak(\"0.77\", 167))",
                "preperiod 71, period 12, proven (Octal Periodicity Theorem, heaps 0 to 167)",
            ),
            ("period(takeandbreak(\"0.77\", 200)) == [71, 12, 0]", "true"),
            (
                "period(takeandbreak(\"0.07\", 300))",
                "preperiod 53, period 34, proven (Octal Periodicity Theorem, heaps 0 to 175)",
            ),
            (
                "period(takeandbreak(\"0.137\", 300))",
                "preperiod 52, period 34, proven (Octal Periodicity Theorem, heaps 0 to 174)",
            ),
            // Subtraction {1, 2, 3} as a code: n mod 4, proven at once.
            (
                "period(takeandbreak(\"0.333\", 20))",
                "preperiod 0, period 4, proven (Octal Periodicity Theorem, heaps 0 to 7)",
            ),
            // A plain list reports what it saw, as before.
            (
                "period(nimsequence(\"0.77\", 200))",
                "preperiod 71, period 12",
            ),
        ],
    );
    // Grundy's game has no known period, and its digit 4! is outside the theorem: whatever
    // the last heaps seem to repeat is not proven.
    let text = run_ok(&mut s, "period(takeandbreak(\"4!.0\", 100))");
    assert!(
        text.contains("not proven: the digit 4! constrains"),
        "{text}"
    );
    // 0.4! (remove one, split into two unequal heaps) is periodic but outside the theorem.
    let text = run_ok(&mut s, "period(takeandbreak(\"0.4!\", 100))");
    assert!(
        text.contains("not proven: the digit 4! constrains"),
        "{text}"
    );
}

#[test]
fn moves_and_options_of_heaps() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            // Kayles row of 3: 3 -> 2 (*2), 3 -> 1+1 (0), 3 -> 1 (*).
            (
                "[lastmove(q) for q in left(takeandbreak(\"0.77\", 3))]",
                "[\"3 -> 2\", \"3 -> 1+1\", \"3 -> 1\"]",
            ),
            ("left(takeandbreak(\"0.77\", 3))", "[*2, 0, *]"),
            // Grundy's game: 8 splits as 1+7, 2+6, 3+5 (values 0, *, *3), never 4+4.
            ("left(takeandbreak(\"4!.0\", 8))", "[0, *, *3]"),
            ("moves(takeandbreak(\"4!.0\", 8))[2][0]", "\"8 -> 3+5\""),
            ("outcome(takeandbreak(\"0.07\", 5))", "P"),
        ],
    );
}

/// G = {G^L | G^R} on random heaps of random codes.
#[test]
fn value_is_the_game_of_the_options_values() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(29);
    let codes = [
        "0.77", "0.07", "0.137", "4.07", "4!.0", "0.3F", "0.8", "0.[3]", "0.6?", "0.B!",
    ];
    for _ in 0..iterations(60) {
        let code = rng.pick(&codes);
        let heaps: Vec<String> = (0..1 + rng.below(3))
            .map(|_| rng.below(14).to_string())
            .collect();
        let check = format!(
            "P = takeandbreak(\"{code}\", [{}]); {{left(P) | right(P)}} == P",
            heaps.join(", ")
        );
        let got = run_text(&mut s, &check);
        assert_eq!(got.lines().last(), Some("true"), "{check}");
    }
}

#[test]
fn bad_codes_and_heaps_are_errors_at_the_argument() {
    let mut s = Session::new();
    let err = run_text(&mut s, "takeandbreak(\"0.7x\", 3)");
    assert!(err.contains("`x` at character 4 is not a digit"), "{err}");
    let err = run_text(&mut s, "takeandbreak(\"2.07\", 3)");
    assert!(err.contains("pass"), "{err}");
    let err = run_text(&mut s, "takeandbreak(\"0.77\", -1)");
    assert!(err.contains("0") && err.contains("100000"), "{err}");
    let err = run_text(&mut s, "takeandbreak(\"0.77\", [1, *])");
    assert!(err.contains("heap 1 of the list"), "{err}");
    let err = run_text(&mut s, "period(dom(2, 2))");
    assert!(err.contains("take-and-break"), "{err}");
}

/// `nimsequence(P, n)` for the heap rulesets besides take-and-break, each against its theory:
/// subtraction {1, 2} has G(n) = n mod 3 (WW ch. 4); Mock Turtles' coin at place n is worth
/// the n-th odious number (WW ch. 14: 1, 2, 4, 7, 8, 11, ...: odd count of ones in binary);
/// Fibonacci Nim's whole heaps are 0 exactly at the Fibonacci numbers (Whinihan 1963).
/// Kayles to 100000 goes on by its proven period 12: G(n) = G(n - 12) past 71.
#[test]
fn nim_sequences_of_every_heap_ruleset() {
    let mut s = Session::new();
    let mod3: Vec<String> = (0..=30).map(|n| (n % 3).to_string()).collect();
    assert_eq!(
        run_ok(&mut s, "nimsequence(subtraction([1, 2], 0), 30)"),
        format!("[{}]", mod3.join(", "))
    );
    let odious: Vec<String> = std::iter::once(0u32)
        .chain((1u32..).filter(|k| k.count_ones() % 2 == 1).take(40))
        .map(|k| k.to_string())
        .collect();
    assert_eq!(
        run_ok(&mut s, "nimsequence(turning(\"1-3\", \"h\"), 40)"),
        format!("[{}]", odious.join(", "))
    );
    assert_eq!(
        run_ok(
            &mut s,
            "[n for n in 1..400 if nimsequence(fibonaccinim(0), 400)[n] == 0]"
        ),
        "[1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377]"
    );
    assert_eq!(
        run_ok(
            &mut s,
            "k = nimsequence(\"0.77\", 100000); [k[100000 - i] == k[72 + mod(100000 - i - 72, 12)] for i in 0..3]"
        ),
        "[true, true, true, true]"
    );
    for (src, want) in [
        (
            "nimsequence(clobber(\"xo\"), 4)",
            "nimsequence takes a take-and-break code or a heap",
        ),
        (
            "nimsequence(fibonaccinim(0), 30001)",
            "fibonaccinim(30001) is past the largest heap, 30000",
        ),
        (
            "nimsequence(\"0.77\", -1)",
            "expected an integer from 0 to 999999",
        ),
    ] {
        let got = run_text(&mut s, src);
        assert!(got.contains(want), "{src}: {got}");
    }
}
