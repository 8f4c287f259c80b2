//! Inputs the `cargo fuzz` targets (fuzz/) found crashing, kept as regression tests: each now
//! gives a value or an ordinary error. Every case also runs through its fuzz property
//! (`cgcalc::fuzzing`), so a regression fails here the way it failed the fuzzer.

mod common;

use cgcalc::fuzzing::{self, EvalStats};
use common::run_text;

/// Runs `src` through the evaluator property on a big-stack thread and returns each
/// statement's output or error, one per line.
fn eval(src: &str) -> String {
    let src = src.to_string();
    std::thread::Builder::new()
        .stack_size(cgcalc::STACK_SIZE)
        .spawn(move || {
            let mut stats = EvalStats::default();
            fuzzing::check_eval(&src, cgcalc::STACK_SIZE, &mut stats).unwrap();
            let mut s = fuzzing::fuzz_session(cgcalc::STACK_SIZE);
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
            fuzzing::check_position(&data, cgcalc::STACK_SIZE, &mut stats).unwrap();
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
