//! Inputs the `cargo fuzz` targets (fuzz/) found crashing, kept as regression tests: each now
//! gives a value or an ordinary error. Every case also runs through its fuzz property
//! (`cgcalc::fuzzing`), so a regression fails here the way it failed the fuzzer.

mod common;

use cgcalc::fuzzing::{self, EvalStats, Limits};
use common::run_text;

/// Runs `src` through the evaluator property on a big-stack thread and returns each
/// statement's output or error, one per line.
fn eval(src: &str) -> String {
    let src = src.to_string();
    std::thread::Builder::new()
        .stack_size(cgcalc::STACK_SIZE)
        .spawn(move || {
            let mut stats = EvalStats::default();
            fuzzing::check_eval(&src, cgcalc::STACK_SIZE, &Limits::fuzz(), &mut stats).unwrap();
            let mut s = fuzzing::fuzz_session(cgcalc::STACK_SIZE, &Limits::fuzz());
            run_text(&mut s, &src)
        })
        .unwrap()
        .join()
        .unwrap()
}

/// Runs a positions-target input through its property on a big-stack thread.
fn position(data: &[u8]) {
    let data = data.to_vec();
    std::thread::Builder::new()
        .stack_size(cgcalc::STACK_SIZE)
        .spawn(move || {
            let mut stats = EvalStats::default();
            fuzzing::check_position(&data, cgcalc::STACK_SIZE, &Limits::fuzz(), &mut stats)
                .unwrap();
        })
        .unwrap()
        .join()
        .unwrap()
}

/// eval crash-15a92436: a FEN rank of many digits overflowed the i8 square count in
/// `endgame::board::Board::from_fen` (a panic with overflow checks; in release builds the count
/// wrapped, and digits summing to 264 read as a full rank).
#[test]
fn fen_rank_of_many_digits() {
    let out = eval("dtm(\"333333333333333333333333333333333333333337K/8/8/8/8/8/P@6/8\")");
    assert!(out.contains("rank 8 holds more than 8 squares"), "{out}");
    // 88 threes sum to 264 = 8 (mod 256): refused, not read as an empty rank.
    let fen = format!("{}/8/8/4k3/8/8/R7/K7 w - - 0 1", "3".repeat(88));
    let out = eval(&format!("dtm(\"{fen}\")"));
    assert!(out.contains("rank 8 holds more than 8 squares"), "{out}");
    let mut data = vec![8u8];
    data.extend_from_slice(fen.as_bytes());
    position(&data);
    // Unchanged: a proper rank of digits still reads.
    let out = eval("dtm(\"8/8/8/8/8/8/2k5/1R5K w - - 0 1\")");
    assert!(out.contains("White mates in"), "{out}");
}

/// positions crash-d727998f: a pawn after a run of digits too long for any count
/// (`pawns("8/6P1/3333...335p2/...")`): the run saturated the file counter and the pawn's
/// `file += 1` overflowed. The counter saturates there too, and the error says the rank has
/// too many squares to count.
#[test]
fn pawn_rank_of_many_digits() {
    let fen = format!("8/6P1/{}5p2/7p/8/6PP/5P2/8", "3".repeat(43));
    let out = eval(&format!("pawns(\"{fen}\")"));
    assert!(
        out.contains("rank 6 has too many squares to count but the board has 8 files"),
        "{out}"
    );
    let mut data = vec![3u8];
    data.extend_from_slice(fen.as_bytes());
    position(&data);
    // A rank one square too long, and a proper structure, read as before.
    let out = eval("pawns(\"8/8/8/8/8/8/9/8\")");
    assert!(out.contains("rank 2 has 9 squares"), "{out}");
    let out = eval("pawns(\"8/8/8/3p4/3P4/8/8/8\")");
    assert!(!out.contains("error"), "{out}");
}

/// positions slow-unit-4050838d (`primenim(1000000)`, valued, its moves listed): 14 s under a
/// 0.5 s time limit. The nim-value search checked its budget every 1024 nodes, and a heap of
/// a million tokens has that many moves per node; listing the moves described each one by
/// listing all of them; and the legal moves were deduplicated by a linear search. Now the
/// budget is also checked per 65,536 moves generated and per listed move, and the
/// deduplication hashes, so each statement stops at the time limit.
#[test]
fn primenim_of_a_million_tokens_keeps_the_time_limit() {
    let start = std::time::Instant::now();
    let out = eval("p = primenim(1000000);\np\nmoves(p)\noutcome(p)");
    let t = start.elapsed();
    assert_eq!(
        out.matches("budget exhausted: time limit").count(),
        3,
        "{out}"
    );
    // Two runs of three statements of 0.3 s each; generous for a loaded machine (before the
    // fix `moves(p)` alone ran for minutes).
    assert!(t < std::time::Duration::from_secs(30), "took {t:?}: {out}");
    let mut data = vec![6u8];
    data.extend_from_slice(b"1000000");
    position(&data);
    // Small positions are unchanged.
    let out = eval("primenim(1000, 7)");
    assert!(out.contains("nim value 165, outcome N"), "{out}");
}
