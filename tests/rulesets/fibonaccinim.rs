//! Fibonacci Nim against Whinihan's theorem (1963) and by hand.

use crate::common::{assert_outputs, run_ok};
use cgcalc::lang::Session;

/// The Zeckendorf representation's smallest term (Zeckendorf: every n >= 1 is a sum of
/// non-consecutive Fibonacci numbers 1, 2, 3, 5, 8, ..., greedily from the largest).
fn smallest_zeckendorf_term(mut n: u64) -> u64 {
    let mut fib = vec![1u64, 2];
    while fib[fib.len() - 1] <= n {
        fib.push(fib[fib.len() - 1] + fib[fib.len() - 2]);
    }
    let mut last = n;
    for &f in fib.iter().rev() {
        if f <= n {
            n -= f;
            last = f;
        }
    }
    last
}

/// Whinihan (1963): the player to move with n tokens, allowed to take up to t, wins exactly
/// when t is at least the smallest term of n's Zeckendorf representation. A whole heap (t =
/// n - 1) is so a P-position exactly when n is a Fibonacci number.
#[test]
fn fibonacci_nim_p_positions_follow_whinihan() {
    let mut s = Session::new();
    let fib: Vec<String> = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144]
        .iter()
        .map(u64::to_string)
        .collect();
    assert_eq!(
        run_ok(&mut s, "[n for n in 1..150 if fibonaccinim(n) == 0]"),
        format!("[{}]", fib.join(", "))
    );
    for n in 1..=60u64 {
        // fibonaccinim(n, k): the previous move took k, so up to 2k may be taken.
        let want: Vec<String> = (1..=30u64)
            .filter(|k| 2 * k < smallest_zeckendorf_term(n))
            .map(|k| k.to_string())
            .collect();
        let check = format!("[k for k in 1..30 if fibonaccinim({n}, k) == 0]");
        assert_eq!(
            run_ok(&mut s, &check),
            format!("[{}]", want.join(", ")),
            "{check}"
        );
    }
}

/// By hand: a heap of 4 may lose 1, 2 or 3. Taking 1 leaves 3 with a limit of 2, whose
/// options (2, limit 2) = *2 and (1, limit 4) = * make it 0; taking 2 leaves (2, limit 4) =
/// mex{*, 0} = *2; taking 3 leaves (1, limit 6) = *. So the heap is mex{0, *2, *} = *3.
#[test]
fn fibonacci_nim_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("fibonaccinim(4)", "*3"),
            ("left(fibonaccinim(4))", "[0, *2, *]"),
            (
                "[lastmove(q) for q in left(fibonaccinim(4))]",
                "[\"take 1\", \"take 2\", \"take 3\"]",
            ),
            ("fibonaccinim(1)", "0"),
            ("fibonaccinim(0)", "0"),
        ],
    );
}
