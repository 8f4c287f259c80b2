//! Elkies' pawn game in the calculator (Elkies, *Higher nimbers in pawn endgames on large
//! chessboards*; rules and recursion as fixed in seed-notes.md): positions valued by his
//! Theorems 2 and 3 without search and, asked for, by GTSearch of the actual game; the
//! recursion's `epsilon`, the checks that theorems and search agree, and the tables.

use crate::common::{run_ok, run_text};
use cgcalc::lang::session::Session;

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
        assert_eq!(
            run_ok(&mut s, &format!("elkies({m}, \"search\")")),
            expected,
            "[{m}]"
        );
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
        let search = format!("elkies(\"{w}\", \"search\")");
        assert_eq!(run_ok(&mut s, &search), "*2", "{w}");
        assert_eq!(run_ok(&mut s, &format!("epsilon(\"{w}\")")), "*2", "{w}");
    }
    for w in ["0000", "0010", "0100", "1001"] {
        let search = format!("elkies(\"{w}\", \"search\")");
        assert_ne!(run_ok(&mut s, &search), "*2", "{w}");
    }
    let table = run_ok(&mut s, "proportions(4)");
    assert!(
        table.contains("value *2: 0001, 0101, 1000, 1010"),
        "{table}"
    );
}

/// Search and recursion agree on every word up to length 9 (6 in debug builds): the search
/// value of [[w]] is exactly *epsilon(w), and for length <= 7 [[w]] + *k searched as one game is
/// a second-player win exactly when k = epsilon(w). So do the values of every move (two per
/// file) by search and as moves(P) lists them without search. (Length 10 too:
/// `elkiescheck(10)`, 374 words and 6330 moves.)
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
    // Words of length m number F(m + 2) (Fibonacci: 2, 3, 5, ...); two moves per file.
    let (mut a, mut b, mut moves) = (1, 2, 0);
    for m in 1..=n {
        moves += 2 * m * b;
        (a, b) = (b, a + b);
    }
    assert!(
        out.contains(&format!(
            "\n{moves} moves from them: search value == the value moves(P) lists without search for {moves} of them\n"
        )),
        "{moves}: {out}"
    );
}

/// Components add: an empty file separates them for good. Each prints its value and the
/// theorem it comes from; searched, only its value.
#[test]
fn components_add_and_print_their_parts() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "elkies(\"0 0\")"),
        "0\n# chunk 1: [[0]] = *, by Elkies' Theorem 2 (not searched)\n\
         # chunk 2: [[0]] = *, by Elkies' Theorem 2 (not searched)"
    );
    assert_eq!(
        run_ok(&mut s, "elkies(\"0 0\", \"search\")"),
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
        ("elkies(0)", "at least 1"),
        ("elkies(-3)", "at least 1"),
        (
            "elkies(65, \"search\")",
            "at most 64 files, this position has 65",
        ),
        ("elkies(\"1000 0\", 1)", "expected \"search\""),
        ("elkies(\"1000\", \"serch\")", "expected \"search\""),
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

/// Without "search" the value comes from the theorems, and the comment names the one:
/// Theorem 3 for words with stops, Theorem 2 for [m] (digits or a number of files).
#[test]
fn theorem_values_name_their_theorem() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "elkies(\"1000\")"),
        "*2\n# [[1000]] = *2, by Elkies' Theorem 3 (not searched)"
    );
    assert_eq!(
        run_ok(&mut s, "elkies(7)"),
        "*\n# [7] = *, by Elkies' Theorem 2 (not searched)"
    );
    assert_eq!(
        run_ok(&mut s, "elkies(\"000\")"),
        "0\n# [[000]] = 0, by Elkies' Theorem 2 (not searched)"
    );
    // Positions act as their values in algebra.
    assert_eq!(run_ok(&mut s, "elkies(\"1000\") + *2 == 0"), "true");
    assert_eq!(run_ok(&mut s, "outcome(elkies(\"1000 1000\"))"), "P");
}

/// Section 6.3: "We first find *4, *8 and *16 at lengths 9, 20, and 43, for w = 101001000,
/// 10100100010100001000, 1010010001000000010100010000000101000100101" -- values the search
/// cannot reach (the 20 files of *8 ran out of 20 GB), given by Theorem 3.
#[test]
fn the_papers_first_star_4_8_and_16() {
    let mut s = Session::new();
    for (w, value) in [
        ("101001000", "*4"),
        ("10100100010100001000", "*8"),
        ("1010010001000000010100010000000101000100101", "*16"),
    ] {
        let out = run_ok(&mut s, &format!("elkies(\"{w}\")"));
        assert_eq!(
            out,
            format!("{value}\n# [[{w}]] = {value}, by Elkies' Theorem 3 (not searched)")
        );
    }
    // *4 + *8 + *16 = *28: the components add as nimbers.
    assert_eq!(
        run_ok(
            &mut s,
            "elkies(\"101001000 10100100010100001000 1010010001000000010100010000000101000100101\") == *28"
        ),
        "true"
    );
}

/// Theorem 2 answers [m] of any length in closed form (0 iff m = 0, 2, 3, 6, 9 mod 10); where
/// the recursion of Theorem 1 (epsilon of m unstopped files, window by window) is cheap it
/// gives the same value.
#[test]
fn unstopped_rows_of_any_length_follow_theorem_2() {
    let mut s = Session::new();
    let closed = |m: i64| {
        if [0, 2, 3, 6, 9].contains(&(m % 10)) {
            "0"
        } else {
            "*"
        }
    };
    let recursion_max = if cfg!(debug_assertions) { 300 } else { 1000 };
    for m in [99, 300, 1000, 1_000_000_000_007, i64::MAX] {
        let out = run_ok(&mut s, &format!("elkies({m})"));
        assert_eq!(
            out,
            format!(
                "{}\n# [{m}] = {}, by Elkies' Theorem 2 (not searched)",
                closed(m),
                closed(m)
            )
        );
        if m <= recursion_max {
            assert_eq!(run_ok(&mut s, &format!("epsilon({m})")), closed(m), "{m}");
        }
    }
}

/// The chunk lines of a `moves(P)` listing without the search counters or the theorem named
/// in their place (the one line in which a listing without search differs).
fn rows(listing: &str) -> Vec<String> {
    listing
        .lines()
        .map(|l| match l.rsplit_once("; ") {
            Some((who, _)) if l.starts_with("  ") && l.contains(" first: ") => who.to_string(),
            _ => l.to_string(),
        })
        .collect()
}

/// moves(P) without search lists the same rows as the search, move by move (each the threat
/// game the position after the move is worth), and the same winning moves: every word up to
/// length 7 (5 in debug builds) and sums of components. elkiescheck(n) compares every move of
/// the words up to length 10.
#[test]
fn moves_without_search_equal_the_searched_moves() {
    let mut s = Session::new();
    let n = if cfg!(debug_assertions) { 5 } else { 7 };
    let mut words: Vec<String> = vec![String::new()];
    let mut compared = 0;
    for _ in 0..n {
        words = words
            .iter()
            .flat_map(|w| [format!("{w}0"), format!("{w}1")])
            .filter(|w| !w.contains("11"))
            .collect();
        for w in words.iter().chain(
            ["10 0", "0 01 1000", "1 1"]
                .iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .iter(),
        ) {
            let theorem = run_ok(&mut s, &format!("moves(elkies(\"{w}\"))"));
            let searched = run_ok(&mut s, &format!("moves(elkies(\"{w}\", \"search\"))"));
            assert_eq!(rows(&theorem), rows(&searched), "{w}");
            assert!(theorem.contains("by Elkies' Theorem"), "{theorem}");
            compared += 1;
        }
    }
    assert!(compared > 40, "{compared}");
    // [m] given as a number lists the moves of the word of m zeros.
    let by_number = run_ok(&mut s, "moves(elkies(9))");
    let by_word = run_ok(&mut s, "moves(elkies(\"000000000\"))");
    assert_eq!(
        by_number.replace("[9]", "[[000000000]]"),
        by_word,
        "{by_number}"
    );
}

/// Chess name of a square (file from 0, rank from 1), as the listings print it.
fn square(file: usize, rank: usize) -> String {
    if file < 26 {
        format!("{}{rank}", (b'a' + file as u8) as char)
    } else {
        format!("f{}{rank}", file + 1)
    }
}

/// Theorem 1 (ii)-(iii) with Theorem 2: a move to [:k] is loony iff k = 1 or 4 (mod 5); a
/// move at file j of [m] (m1 = j files to its left, m2 = m - 1 - j to its right) is loony
/// iff [:m1] or [:m2] is (an end move: iff [:m - 1] is), and otherwise equivalent to a move
/// to [m1 - 1] + [m2 - 1]. A move wins a component played alone iff it is not loony and
/// equivalent to a move to 0. The winning moves moves(elkies(m)) lists, derived here from
/// these closed forms alone, for 2 <= m <= 40 and m = 99.
#[test]
fn winning_moves_of_unstopped_rows_follow_theorems_1_and_2() {
    let mut s = Session::new();
    let eps = |m: i64| u32::from(m >= 0 && ![0, 2, 3, 6, 9].contains(&(m % 10)));
    let loony = |k: i64| k % 5 == 1 || k % 5 == 4;
    for m in (2..=40).chain([99]) {
        let mut files = Vec::new();
        for j in 0..m {
            let (m1, m2) = (j, m - 1 - j);
            let (non_loony, value) = if m1 == 0 || m2 == 0 {
                (!loony(m - 1), eps(m - 2))
            } else {
                (!loony(m1) && !loony(m2), eps(m1 - 1) ^ eps(m2 - 1))
            };
            if non_loony && value == 0 {
                files.push(j as usize);
            }
        }
        let white = files
            .iter()
            .map(|&f| format!("White {}-{}", square(f, 1), square(f, 2)));
        let black = files
            .iter()
            .map(|&f| format!("Black {}-{}", square(f, 3), square(f, 2)));
        let list: Vec<String> = white.chain(black).collect();
        let expected = if list.is_empty() {
            "none".to_string()
        } else {
            list.join(", ")
        };
        let out = run_ok(&mut s, &format!("moves(elkies({m}))"));
        assert_eq!(
            out.lines().last(),
            Some(format!("winning moves: {expected}").as_str()),
            "[{m}]"
        );
        assert_eq!(out.lines().count(), 4 + 2 * m as usize + 1, "[{m}]");
    }
}

/// What is out of reach says why, and the session keeps its variables: a listing of more
/// moves than moves(P) prints, a recursion whose tables pass the memory limit, a word whose
/// values could pass 15 bits.
#[test]
fn out_of_reach_inputs_say_why() {
    let mut s = Session::new();
    run_ok(&mut s, "x = 5");
    let out = run_text(&mut s, "moves(elkies(600000))");
    assert!(
        out.contains("1200000 moves") && out.contains("at most 1000000"),
        "{out}"
    );
    // 2000 files: 2001 * 2002 / 2 windows of ten bytes, about 19 MiB.
    run_text(&mut s, ":limit memory 10M");
    let word = format!("1{}", "0".repeat(1999));
    let out = run_text(&mut s, &format!("elkies(\"{word}\")"));
    assert!(
        out.contains("Theorem 3's recursion for a component of 2000 files needs about 19 MiB")
            && out.contains("memory limit of 10 MiB"),
        "{out}"
    );
    // So does the recursion itself: epsilon(m) fills tables of the same size.
    let out = run_text(&mut s, "epsilon(2000)");
    assert!(
        out.contains("recursion of Theorems 1-3 for a component of 2000 files needs about 19 MiB")
            && out.contains('^'),
        "{out}"
    );
    run_text(&mut s, ":limit off");
    let word = format!("1{}", "0".repeat(32767));
    let out = run_text(&mut s, &format!("elkies(\"{word}\")"));
    assert!(
        out.contains("32768 files") && out.contains("15 bits") && out.contains('^'),
        "{out}"
    );
    // Without stops any length is Theorem 2's.
    let out = run_ok(&mut s, &format!("elkies(\"{}\")", "0".repeat(40000)));
    assert!(out.starts_with("0\n"), "{out}");
    // 6000 files with stops fit in memory (180 MB) but take about 6000^3 / 6 steps: the
    // time limit stops the recursion.
    run_text(&mut s, ":limit time 1");
    let word = "000100".repeat(1000);
    let out = run_text(&mut s, &format!("elkies(\"{word}\")"));
    assert!(out.contains("time limit of 1 s"), "{out}");
    run_text(&mut s, ":limit off");
    assert_eq!(run_ok(&mut s, "x"), "5");
}
