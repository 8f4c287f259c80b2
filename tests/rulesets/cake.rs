//! Cutcake, Eatcake and Maundy Cake: values from Winning Ways' formulas and by hand, against
//! the games written out as recursive functions, the transpose as the negative, options that
//! give back the value, and the errors.

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use cgcalc::lang::Session;

/// Cutcake (WW ch. 2): with 2^i <= m < 2^(i+1), the m x n cake with n >= m is
/// floor(n / 2^i) - 1, and the n x m cake its negative (the formula scripts/research/
/// rulesets.cgt tabulates).
fn cutcake_ww(m: u64, n: u64) -> i64 {
    if m > n {
        return -cutcake_ww(n, m);
    }
    let power = 1u64 << (63 - m.leading_zeros());
    (n / power) as i64 - 1
}

#[test]
fn cutcake_follows_winning_ways() {
    let mut s = Session::new();
    for m in 1..=20 {
        let row: Vec<String> = (1..=20).map(|n| cutcake_ww(m, n).to_string()).collect();
        let check = format!("[cutcake({m}, n) for n in 1..20]");
        assert_eq!(
            run_ok(&mut s, &check),
            format!("[{}]", row.join(", ")),
            "{check}"
        );
    }
    // A sum of pieces: 1x5 (4) plus 3x3 (0) plus 2x1 (-1).
    assert_eq!(run_ok(&mut s, "cutcake([[1, 5], [3, 3], [2, 1]])"), "3");
}

/// The Cutcake function of scripts/research/rulesets.cgt (read from the script, renamed so
/// that it does not clash with the ruleset) agrees with the ruleset on 1..8 x 1..8.
#[test]
fn cutcake_agrees_with_the_research_script() {
    let script = std::fs::read_to_string("scripts/research/rulesets.cgt").unwrap();
    let def = script
        .lines()
        .find(|l| l.starts_with("cuts(m, n) ="))
        .expect("the script defines cuts(m, n)")
        .replace("cuts(", "script_cutcake(");
    let mut s = Session::new();
    run_ok(&mut s, &def);
    let check = "[[m, n] for m in 1..8 for n in 1..8 if script_cutcake(m, n) != cutcake(m, n)]";
    assert_eq!(run_ok(&mut s, check), "[]");
}

/// Maundy Cake: a 1 x n strip has moves for Left only, so it is the integer f(n) = 1 +
/// max{k f(n/k) : k >= 2 divides n} (f(1) = 0), which cutting by the largest prime first
/// attains (WW ch. 2): f(n) = 1 + q1 + q1 q2 + ... + q1...q(r-1) for the prime factors
/// q1 >= q2 >= ... >= qr of n. By hand: 1 x 4 is {2, 0|} = 3, 2 x 2 is {-2|2} = 0.
fn maundy_strip(n: u64) -> u64 {
    let mut primes = Vec::new();
    let (mut m, mut p) = (n, 2);
    while m > 1 {
        while m % p == 0 {
            primes.push(p);
            m /= p;
        }
        p += 1;
    }
    primes.sort_unstable_by(|a, b| b.cmp(a));
    let (mut sum, mut product) = (0, 1);
    for q in primes {
        sum += product;
        product *= q;
    }
    sum
}

#[test]
fn maundy_cake_strips_and_hand_values() {
    let mut s = Session::new();
    let want: Vec<String> = (1..=60).map(|n| maundy_strip(n).to_string()).collect();
    assert_eq!(
        run_ok(&mut s, "[maundycake(1, n) for n in 1..60]"),
        format!("[{}]", want.join(", "))
    );
    assert_outputs(
        &mut s,
        &[
            ("maundycake(1, 4)", "3"),
            ("maundycake(2, 2)", "0"),
            ("maundycake(4, 1)", "-3"),
        ],
    );
}

/// Eatcake by hand: 1 x 1 is {0|0} = * (either player eats the whole cake); 1 x 2 is {*|0}
/// = v (Left eats a column leaving 1 x 1, Right eats the only row); 1 x 3 is {v, 0|0} = *
/// (v < 0 is dominated); 2 x 1 is the negative of 1 x 2, ^.
#[test]
fn eatcake_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("eatcake(1, 1)", "*"),
            ("eatcake(1, 2)", "v"),
            ("eatcake(1, 3)", "*"),
            ("eatcake(2, 1)", "^"),
            ("eatcake(0, 5)", "0"),
        ],
    );
}

/// The three games written as functions in the language (Left acts on the columns n, Right on
/// the rows m, as CGSuite's GenCutcake does), against the rulesets up to 5 x 5.
#[test]
fn values_match_the_games_written_as_functions() {
    let mut s = Session::new();
    run_text(
        &mut s,
        "
        cut(m, n) = {cut(m, k) + cut(m, n-k) for k in 1..n-1 | cut(k, n) + cut(m-k, n) for k in 1..m-1}
        eat(m, n) = if m == 0 {0} else if n == 0 {0} else { {eat(m, k) + eat(m, n-1-k) for k in 0..n-1 | eat(k, n) + eat(m-1-k, n) for k in 0..m-1} }
        # n/q copies of g: one for each multiple of q up to n.
        copies(g, q, n) = sum([g for i in 1..n if mod(i, q) == 0])
        maundy(m, n) = {copies(maundy(m, q), q, n) for q in 1..n-1 if mod(n, q) == 0 | copies(maundy(q, n), q, m) for q in 1..m-1 if mod(m, q) == 0}
        ",
    );
    for (f, g, top) in [
        ("cut", "cutcake", 6),
        ("eat", "eatcake", 5),
        ("maundy", "maundycake", 8),
    ] {
        let check =
            format!("[[m, n] for m in 1..{top} for n in 1..{top} if {f}(m, n) != {g}(m, n)]");
        assert_eq!(run_ok(&mut s, &check), "[]", "{check}");
    }
}

/// Random sums of pieces: the m x n cake plus the n x m cake is 0 (G + -G), and
/// {left(P) | right(P)} == P.
#[test]
fn transpose_negates_and_options_give_back_the_value() {
    let mut rng = Rng::xorshift64(2);
    let mut s = Session::new();
    for _ in 0..iterations(30) {
        let game = *rng.pick(&["cutcake", "eatcake", "maundycake"]);
        let pieces: Vec<(usize, usize)> = (0..1 + rng.below(3))
            .map(|_| (1 + rng.below(6), 1 + rng.below(6)))
            .collect();
        let text = |ps: &[(usize, usize)]| {
            let items: Vec<String> = ps.iter().map(|(m, n)| format!("[{m}, {n}]")).collect();
            format!("{game}([{}])", items.join(", "))
        };
        let p = text(&pieces);
        let swapped: Vec<(usize, usize)> = pieces.iter().map(|&(m, n)| (n, m)).collect();
        let q = text(&swapped);
        assert_eq!(run_ok(&mut s, &format!("{p} + {q}")), "0", "{p} + {q}");
        let check = format!("P = {p}; {{left(P) | right(P)}} == P");
        let got = run_text(&mut s, &check);
        assert_eq!(got.lines().last(), Some("true"), "{check}");
    }
}

#[test]
fn bad_input_is_refused_with_the_notation() {
    let mut s = Session::new();
    let cases = [
        ("cutcake(-1, 3)", "expected an integer from 0 to 10000"),
        ("eatcake(2, 10001)", "expected an integer from 0 to 10000"),
        (
            "maundycake([[1, 2, 3]])",
            "piece 0 of the list is not [rows, columns]",
        ),
        (
            "cutcake([[1, 2], 3])",
            "piece 1 of the list is not [rows, columns]",
        ),
        ("cutcake(\"3x3\")", "expected a list"),
        ("Cutcake(2, 3)", "cutcake"),
        ("MaundyCake(2, 3)", "maundycake"),
    ];
    for (src, want) in cases {
        let got = run_text(&mut s, src);
        assert!(got.contains(want), "{src}: {got}");
    }
}
