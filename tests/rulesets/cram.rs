//! Cram, the impartial Domineering: values checked against theory and against computations
//! that share no code with the engine (no decomposition, no symmetry, no table of regions).

use std::collections::HashMap;

use crate::common::{Rng, run_ok, run_text};
use cgcalc::lang::Session;

/// The nim value of `cram(...)` as printed by `nimval`.
fn nim(s: &mut Session, args: &str) -> u32 {
    run_ok(s, &format!("nimval(cram({args}))"))
        .parse()
        .expect("nimval prints an integer")
}

/// Dawson's Kayles, the octal game 0.07 (WW ch. 4): a move removes two adjacent tokens from a
/// row, leaving two rows (either may be empty). G(n) = mex { G(a) xor G(n-2-a) }.
fn dawsons_kayles(max: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(max + 1);
    for n in 0..=max {
        let mut seen = vec![false; n + 2];
        for a in 0..n.saturating_sub(1) {
            let v = (g[a] ^ g[n - 2 - a]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

/// The nim value of a board given as a bit mask of empty cells, by the definition alone: mex
/// over every domino placement, memoised on the whole board.
fn brute_force(rows: usize, cols: usize, free: u64, memo: &mut HashMap<u64, u32>) -> u32 {
    if let Some(&v) = memo.get(&free) {
        return v;
    }
    let mut seen = [false; 64];
    for r in 0..rows {
        for c in 0..cols {
            let i = r * cols + c;
            if free >> i & 1 == 0 {
                continue;
            }
            let mut place = |j: usize| {
                let v = brute_force(rows, cols, free & !(1 << i) & !(1 << j), memo);
                seen[v as usize] = true;
            };
            if c + 1 < cols && free >> (i + 1) & 1 == 1 {
                place(i + 1);
            }
            if r + 1 < rows && free >> (i + cols) & 1 == 1 {
                place(i + cols);
            }
        }
    }
    let v = seen.iter().position(|&s| !s).unwrap() as u32;
    memo.insert(free, v);
    v
}

fn board_text(rows: usize, cols: usize, free: u64) -> String {
    (0..rows)
        .map(|r| {
            (0..cols)
                .map(|c| {
                    if free >> (r * cols + c) & 1 == 1 {
                        '.'
                    } else {
                        '#'
                    }
                })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

#[test]
fn strips_are_dawsons_kayles_up_to_200() {
    let dk = dawsons_kayles(200);
    // The independent sequence is periodic with period 34 from n = 53 on (its
    // last exceptional value is G(52); WW ch. 4 lists the exceptions of Dawson's Kayles as
    // 0, 14, 16, 17, 31, 34, 51 in the indexing shifted by one).
    let preperiod = (0..=200 - 34)
        .find(|&p| (p..=200 - 34).all(|n| dk[n] == dk[n + 34]))
        .expect("periodic");
    assert_eq!(preperiod, 53);
    assert_eq!((dk[52], dk[52 + 34]), (2, 9));
    assert_ne!(dk[52], dk[52 + 34]);
    let mut s = Session::new();
    let mut mismatches = Vec::new();
    for (n, &want) in dk.iter().enumerate() {
        let row = nim(&mut s, &format!("1, {n}"));
        let column = nim(&mut s, &format!("{n}, 1"));
        if row != want || column != want {
            mismatches.push(format!(
                "n = {n}: cram(1,n) = *{row}, cram(n,1) = *{column}, 0.07 gives *{want}"
            ));
        }
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}

#[test]
fn even_by_even_boards_are_zero() {
    // The second player answers every move with its image under the half turn, which never
    // overlaps it on a board with both sides even.
    let mut s = Session::new();
    for (m, n) in [
        (2, 2),
        (2, 4),
        (2, 6),
        (2, 8),
        (2, 10),
        (4, 4),
        (4, 6),
        (6, 2),
        (6, 4),
        (8, 2),
    ] {
        assert_eq!(
            run_ok(&mut s, &format!("cram({m}, {n})")),
            "0",
            "cram({m}, {n})"
        );
        assert_eq!(run_ok(&mut s, &format!("outcome(cram({m}, {n}))")), "P");
    }
}

#[test]
fn even_by_odd_boards_are_first_player_wins() {
    // The first player covers the two central cells of the odd side's middle line, then
    // answers every move with its image under the half turn.
    let mut s = Session::new();
    for (m, n) in [
        (2, 1),
        (2, 3),
        (2, 5),
        (2, 7),
        (2, 9),
        (4, 1),
        (4, 3),
        (4, 5),
        (1, 4),
        (3, 2),
        (3, 4),
        (5, 2),
        (5, 4),
        (7, 2),
    ] {
        assert_ne!(nim(&mut s, &format!("{m}, {n}")), 0, "cram({m}, {n})");
        assert_eq!(run_ok(&mut s, &format!("outcome(cram({m}, {n}))")), "N");
    }
}

#[test]
fn agrees_with_brute_force_on_small_and_holed_boards() {
    let mut s = Session::new();
    // Every empty rectangle of at most 16 cells.
    for rows in 1..=4 {
        for cols in 1..=4 {
            let mut memo = HashMap::new();
            let want = brute_force(rows, cols, (1 << (rows * cols)) - 1, &mut memo);
            assert_eq!(
                nim(&mut s, &format!("{rows}, {cols}")),
                want,
                "cram({rows}, {cols})"
            );
        }
    }
    // Random boards with holes, as board strings.
    let mut rng = Rng::xorshift64(2026);
    for _ in 0..300 {
        let (rows, cols) = (1 + rng.below(4), 1 + rng.below(5));
        // Each cell empty with probability 3/4.
        let free = (rng.next_u64() | rng.next_u64()) & ((1 << (rows * cols)) - 1);
        let board = board_text(rows, cols, free);
        let mut memo = HashMap::new();
        let want = brute_force(rows, cols, free, &mut memo);
        assert_eq!(
            nim(&mut s, &format!("\"{board}\"")),
            want,
            "cram(\"{board}\")"
        );
    }
}

#[test]
fn known_values_and_the_language() {
    let mut s = Session::new();
    // 2x3: every placement leaves a position of value 0 or *2 (mex *1); `.#|..` is an L of
    // three cells with two placements, each leaving a single cell: *.
    let out = run_text(
        &mut s,
        "cram(2, 3)\ncram(\".#|..\")\ncram(1, 2) + cram(1, 2)\ncram(2, 3) == *\nx = cram(1, 4); moves(x)",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(&lines[..4], &["*", "*", "0", "true"]);
    // Moves in an impartial game are listed once, for either player: a strip of four has
    // three placements; the end ones leave a strip of two (*), the middle one two singles (0).
    assert_eq!(
        &lines[4..],
        &[
            "",
            "position ....",
            "  a1-b1        *",
            "  b1-c1        0",
            "  c1-d1        *",
            // The move to 0 leaves the opponent a second-player loss.
            "winning moves: b1-c1"
        ]
    );
}

#[test]
fn bad_boards_are_clear_errors() {
    let mut s = Session::new();
    let out = run_text(
        &mut s,
        "cram(3)\ncram(1, 300)\ncram(\"..|.\")\ncram(\"a.\")\ncram(1, 2, 3)",
    );
    let errors: Vec<&str> = out.lines().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 5, "{out}");
    assert!(out.contains("expected a board string"), "{out}");
    assert!(
        out.contains("expected an integer from 0 to 256, not the integer 300"),
        "{out}"
    );
    assert!(out.contains("boards must be rectangular"), "{out}");
    assert!(out.contains("unexpected `a`"), "{out}");
    assert!(out.contains("takes 1 to 2 arguments, not 3"), "{out}");
}
