//! Coin-turning games: the theory of WW ch. 14 (Mock Turtles and the odious numbers, Ruler,
//! Motley, Twins, Turning Turtles, Grunt as Grundy's game), Mock Turtles searched on the coins
//! themselves (a brute force written here), options that give back the value, and errors.

use std::collections::HashMap;

use crate::common::{Rng, iterations, run_ok, run_text};
use cgcalc::lang::Session;

/// The row with heads at the given positions (counted from 1) and `len` coins.
fn row(len: usize, heads: &[usize]) -> String {
    (1..=len)
        .map(|p| if heads.contains(&p) { 'h' } else { 't' })
        .collect()
}

/// The nim values of a lone head at positions 1..=n of `code`, as a list text.
fn lone_heads(s: &mut Session, code: &str, n: usize) -> String {
    let items: Vec<String> = (1..=n)
        .map(|p| format!("nimval(turning(\"{code}\", \"{}\"))", row(p, &[p])))
        .collect();
    run_ok(s, &format!("[{}]", items.join(", ")))
}

fn list(xs: impl Iterator<Item = u64>) -> String {
    let items: Vec<String> = xs.map(|x| x.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// WW ch. 14, counting positions from 1 (WW counts from 0): Mock Turtles' coin at n is the
/// (n-1)-th odious number (odd number of 1 bits: 1, 2, 4, 7, 8, 11, ...); Ruler's is the
/// largest power of 2 dividing n; Motley's 2^(n-1); Twins is Nim with heaps n - 1; Turning
/// Turtles Nim with heaps n; Grunt (4FS) is Grundy's game with heaps n - 1.
#[test]
fn single_coins_follow_winning_ways() {
    let mut s = Session::new();
    let odious = (0u64..).filter(|x| x.count_ones() % 2 == 1);
    assert_eq!(lone_heads(&mut s, "1-3", 30), list(odious.take(30)));
    assert_eq!(
        lone_heads(&mut s, "1+C", 40),
        list((1u64..=40).map(|n| n & n.wrapping_neg()))
    );
    assert_eq!(
        lone_heads(&mut s, "1+", 16),
        list((0..16).map(|k| 1u64 << k))
    );
    assert_eq!(lone_heads(&mut s, "2", 25), list(0..25));
    assert_eq!(lone_heads(&mut s, "1-2", 25), list(1..26));
    let grundy = run_ok(&mut s, "nimsequence(\"4!.0\", 39)");
    assert_eq!(lone_heads(&mut s, "4FS", 40), grundy);
}

/// Mock Turtles on the coins themselves: a row is a bit mask, a move turns one, two or three
/// coins with the rightmost from heads to tails, and the value is the mex of the options.
fn mock_turtles(mask: u32, len: u32, memo: &mut HashMap<u32, u32>) -> u32 {
    if let Some(&g) = memo.get(&mask) {
        return g;
    }
    let mut seen = Vec::new();
    for r in (0..len).filter(|r| mask >> r & 1 == 1) {
        let base = mask ^ (1 << r);
        seen.push(mock_turtles(base, len, memo));
        for a in 0..r {
            seen.push(mock_turtles(base ^ (1 << a), len, memo));
            for b in a + 1..r {
                seen.push(mock_turtles(base ^ (1 << a) ^ (1 << b), len, memo));
            }
        }
    }
    let g = (0..).find(|v| !seen.contains(v)).unwrap();
    memo.insert(mask, g);
    g
}

/// Random rows of up to 10 coins: the ruleset (heads as heaps) against the coins searched
/// whole; and the P-positions of WW ch. 14: with positions x counted from 0, a row is a
/// P-position exactly when the x of its heads have nim sum 0 and the heads are even in number
/// (the odious number of x is 2x + 1 when x has an even number of 1 bits, 2x otherwise, so
/// the nim sum is 2 X + (parity of the count of evil x), and with X = 0 that parity is the
/// parity of the count).
#[test]
fn mock_turtles_against_the_coins_and_the_p_positions() {
    let mut rng = Rng::xorshift64(14);
    let mut s = Session::new();
    let mut memo = HashMap::new();
    for _ in 0..iterations(60) {
        let len = 1 + rng.below(10) as u32;
        let mask = rng.below(1 << len) as u32;
        let heads: Vec<usize> = (0..len as usize)
            .filter(|&i| mask >> i & 1 == 1)
            .map(|i| i + 1)
            .collect();
        let text = row(len as usize, &heads);
        let got = run_ok(&mut s, &format!("nimval(turning(\"1-3\", \"{text}\"))"));
        assert_eq!(
            got,
            mock_turtles(mask, len, &mut memo).to_string(),
            "{text}"
        );
        let x = heads.iter().fold(0, |x, &p| x ^ (p - 1));
        let p_position = x == 0 && heads.len().is_multiple_of(2);
        let outcome = run_ok(&mut s, &format!("outcome(turning(\"1-3\", \"{text}\"))"));
        assert_eq!(outcome == "P", p_position, "{text}: {outcome}");
    }
}

/// Random rows of several codes: {left(P) | right(P)} == P and P + P == 0.
#[test]
fn options_give_back_the_value() {
    let mut rng = Rng::xorshift64(1401);
    let mut s = Session::new();
    let codes = ["1-3", "2", "1+C", "3E", "4FS", "1-2C(3)", "1+S", "2-3,6C"];
    for _ in 0..iterations(40) {
        let code = *rng.pick(&codes);
        let len = 1 + rng.below(9);
        let coins: String = (0..len).map(|_| *rng.pick(&['h', 't'])).collect();
        let p = format!("turning(\"{code}\", \"{coins}\")");
        let check = format!("P = {p}; {{left(P) | right(P)}} == P");
        let got = run_text(&mut s, &check);
        assert_eq!(got.lines().last(), Some("true"), "{check}");
        assert_eq!(run_ok(&mut s, &format!("{p} + {p}")), "0", "{p}");
    }
}

#[test]
fn moves_are_the_coins_turned() {
    let mut s = Session::new();
    // From t h t h: the coin at 4 alone or with one or two of 1..3, or the coin at 2 alone
    // or with the coin at 1. Turning 2 and 4 leaves all tails: the winning move.
    let text = run_ok(&mut s, "moves(turning(\"1-3\", \"thth\"))");
    assert!(text.ends_with("winning moves: turn 2,4"), "{text}");
    assert_eq!(run_ok(&mut s, "len(left(turning(\"1-3\", \"thth\")))"), "9");
}

#[test]
fn bad_input_is_refused_at_the_character() {
    let mut s = Session::new();
    let cases = [
        (
            "turning(\"1-3X\", \"h\")",
            "character 4 ('X') of the turning code",
        ),
        (
            "turning(\"1-\", \"h\")",
            "expected the largest count of a range",
        ),
        ("turning(\"0\", \"h\")", "a move turns at least one coin"),
        ("turning(\"3-1\", \"h\")", "below its smallest"),
        ("turning(\"1C(3\", \"h\")", "expected ) closing C(n)"),
        (
            "turning(\"1-3\", \"hxh\")",
            "unexpected 'x' at character 2 of the coins",
        ),
        ("turning(\"1-3\", 3)", "a row of coins in quotes"),
        ("Turning(\"1-3\", \"h\")", "turning"),
    ];
    for (src, want) in cases {
        let got = run_text(&mut s, src);
        assert!(got.contains(want), "{src}: {got}");
    }
    let long = "t".repeat(1001);
    let got = run_text(&mut s, &format!("turning(\"1-3\", \"{long}\")"));
    assert!(got.contains("more than the 1000 a row may hold"), "{got}");
}
