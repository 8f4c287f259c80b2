//! Subtraction games, all-but subtraction games and partizan subtraction games: values from
//! Winning Ways and by hand, against the games written out as recursive functions (which share
//! nothing with the rulesets), proven periods, positions whose options give back their value,
//! and the errors.

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use cgcalc::lang::Session;

/// S = {1, 2, 3}: G(n) = n mod 4 (WW ch. 4: the options of n reach every residue but n's).
/// S = {1, 4}: 0 1 0 1 2 repeated (WW ch. 4; by hand: G(4) = mex{G(3), G(0)} = mex{1, 0}).
/// S = {2, 3, 7}: by hand G(0..9) = 0 0 1 1 2 0 0 1 1 2 (G(7) = mex{G(5), G(4), G(0)} =
/// mex{0, 2, 0} = 1), period 5.
#[test]
fn values_from_winning_ways_and_by_hand() {
    let mut s = Session::new();
    let check = "[n for n in 0..80 if subtraction([1, 2, 3], n) != nim(mod(n, 4))]";
    assert_eq!(run_ok(&mut s, check), "[]");
    assert_outputs(
        &mut s,
        &[
            (
                "[nimval(subtraction([1, 4], n)) for n in 0..9]",
                "[0, 1, 0, 1, 2, 0, 1, 0, 1, 2]",
            ),
            (
                "[nimval(subtraction([2, 3, 7], n)) for n in 0..9]",
                "[0, 0, 1, 1, 2, 0, 0, 1, 1, 2]",
            ),
            // Repeated and unordered sets are the same set.
            (
                "subtraction([7, 3, 2, 3], 9) == subtraction([2, 3, 7], 9)",
                "true",
            ),
            // A sum of heaps is the nim sum: G(3) + G(4) = * + *2 = *3.
            ("subtraction([2, 3, 7], [3, 4])", "*3"),
            // The empty set has no moves; all-but the empty set is Nim.
            ("subtraction([], 5)", "0"),
            (
                "[nimval(subtraction([], n, \"allbut\")) for n in 0..6]",
                "[0, 1, 2, 3, 4, 5, 6]",
            ),
            // All-but {1}: every take but 1. By hand: G(0) = G(1) = 0 (no move from 1),
            // G(2) = mex{G(0)} = 1, G(3) = mex{G(1), G(0)} = 1, G(4) = mex{G(2), G(1), G(0)} = 2.
            (
                "[nimval(subtraction([1], n, \"allbut\")) for n in 0..4]",
                "[0, 0, 1, 1, 2]",
            ),
        ],
    );
}

/// The periods are proven by the Octal Periodicity Theorem with one heap and t = max S: the
/// hypothesis reads heaps up to max(e, 1) + t + p - 1 (for {2, 3, 7}: 1 + 7 + 5 - 1 = 12).
#[test]
fn periods_are_proven() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            (
                "period(subtraction([2, 3, 7], 200))",
                "preperiod 0, period 5, proven (Octal Periodicity Theorem, heaps 0 to 12)",
            ),
            (
                "period(subtraction([1, 2, 3], 100))",
                "preperiod 0, period 4, proven (Octal Periodicity Theorem, heaps 0 to 7)",
            ),
            (
                "period(subtraction([2, 3, 7], 11))",
                "preperiod 0, period 5, not proven: the Octal Periodicity Theorem needs heaps up to 12, which period(subtraction([2, 3, 7], 12)) checks",
            ),
        ],
    );
    let text = run_ok(&mut s, "period(subtraction([2, 5], 100, \"allbut\"))");
    assert!(
        text.contains("not proven") || text.starts_with("no period"),
        "{text}"
    );
}

/// The games written as functions in the language: a subtraction game and an all-but game by
/// their options, against the rulesets on every heap up to 40.
#[test]
fn values_match_the_games_written_as_functions() {
    let mut s = Session::new();
    run_text(
        &mut s,
        "
        s237(n) = {s237(n-k) for k in [2, 3, 7] if k <= n | s237(n-k) for k in [2, 3, 7] if k <= n}
        out(k) = len([x for x in [2, 5] if x == k]) > 0
        ab25(n) = {ab25(n-k) for k in 1..n if out(k) == false | ab25(n-k) for k in 1..n if out(k) == false}
        ps(n) = {ps(n-k) for k in [1, 3] if k <= n | ps(n-k) for k in [2, 3] if k <= n}
        ",
    );
    let checks = [
        "[n for n in 0..40 if s237(n) != subtraction([2, 3, 7], n)]",
        "[n for n in 0..40 if ab25(n) != subtraction([2, 5], n, \"allbut\")]",
        "[n for n in 0..30 if ps(n) != partizansubtraction([1, 3], [2, 3], n)]",
    ];
    for check in checks {
        assert_eq!(run_ok(&mut s, check), "[]", "{check}");
    }
}

/// The subtraction game {1, 2, 3} of scripts/research/rulesets.cgt (its function `sub`, read
/// from the script) agrees with the ruleset.
#[test]
fn agrees_with_the_research_script() {
    let script = std::fs::read_to_string("scripts/research/rulesets.cgt").unwrap();
    let def = script
        .lines()
        .find(|l| l.starts_with("sub(n) ="))
        .expect("the script defines sub(n)");
    let mut s = Session::new();
    run_ok(&mut s, def);
    let check = "[n for n in 0..60 if sub(n) != subtraction([1, 2, 3], n)]";
    assert_eq!(run_ok(&mut s, check), "[]");
}

/// Partizan subtraction by hand: L = {1}, R = {2}. A heap of 1 is {0|} = 1 (Right cannot move);
/// 2 is {1|0}. Swapping the sets negates (G + -G = 0 on every heap).
#[test]
fn partizan_values_by_hand_and_negation() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("partizansubtraction([1], [2], 0)", "0"),
            ("partizansubtraction([1], [2], 1)", "1"),
            ("partizansubtraction([1], [2], 2)", "{1|0}"),
            // Both sets {1}: Nim's heap of one token either player takes, so n mod 2 stars.
            (
                "[partizansubtraction([1], [1], n) for n in 0..4]",
                "[0, *, 0, *, 0]",
            ),
            (
                "[n for n in 0..40 if partizansubtraction([1, 3], [2, 3], n) + partizansubtraction([2, 3], [1, 3], n) != 0]",
                "[]",
            ),
        ],
    );
}

/// Random positions: {left(P) | right(P)} == P (options as positions give back the value),
/// the moves listed match the options, and G + G = 0 for impartial heaps.
#[test]
fn options_give_back_the_value() {
    let mut rng = Rng::xorshift64(29);
    let mut s = Session::new();
    let sets = ["[1, 2, 3]", "[2, 3, 7]", "[1, 4]", "[3, 5, 6, 11]"];
    for _ in 0..iterations(40) {
        let set = *rng.pick(&sets);
        let (a, b) = (rng.below(30), rng.below(30));
        let allbut = if rng.below(2) == 0 {
            ", \"allbut\""
        } else {
            ""
        };
        for p in [
            format!("subtraction({set}, [{a}, {b}]{allbut})"),
            format!("partizansubtraction({set}, [2, 3], {a})"),
        ] {
            let check = format!("P = {p}; {{left(P) | right(P)}} == P");
            let got = run_text(&mut s, &check);
            assert_eq!(got.lines().last(), Some("true"), "{check}");
            let n = run_ok(&mut s, &format!("len(moves({p}))"));
            let l = run_ok(&mut s, &format!("len(left({p}))"));
            let r = run_ok(&mut s, &format!("len(right({p}))"));
            let (n, l, r): (usize, usize, usize) =
                (n.parse().unwrap(), l.parse().unwrap(), r.parse().unwrap());
            if p.starts_with("subtraction") {
                assert_eq!((n, l), (l, r), "{p}: impartial, both sides alike");
                assert_eq!(run_ok(&mut s, &format!("{p} + {p}")), "0", "{p}");
            } else {
                assert_eq!(n, l + r, "{p}");
            }
        }
    }
}

#[test]
fn bad_input_is_refused_with_the_notation() {
    let mut s = Session::new();
    let cases = [
        (
            "subtraction([0], 3)",
            "item 0 of the subtraction set is not a take from 1 to 100000",
        ),
        ("subtraction([1, *], 3)", "item 1 of the subtraction set"),
        ("subtraction(\"x\", 3)", "expected a list"),
        ("subtraction([1], 100001)", "from 0 to 100000"),
        (
            "subtraction([1], [3, -1])",
            "heap 1 of the list is not a heap size from 0 to 100000",
        ),
        ("subtraction([1], 3, \"allbt\")", "may only be \"allbut\""),
        ("subtraction([1], 3, 2)", "expected \"allbut\""),
        (
            "partizansubtraction([1], [0], 3)",
            "item 0 of Right's set is not a take",
        ),
        ("partizansubtraction([1], [2], [1, 2])", "one heap size"),
        ("Subtraction([1], 3)", "subtraction"),
    ];
    for (src, want) in cases {
        let got = run_text(&mut s, src);
        assert!(got.contains(want), "{src}: {got}");
    }
}
