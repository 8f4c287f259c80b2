//! Numbers of any size (language.md: "exact dyadic rationals of any size, never a silent
//! overflow"): values beyond 64 bits are exact, print, read back and combine with games.

use crate::common::run_text;
use cgcalc::lang::Session;

const TWO_100: &str = "1267650600228229401496703205376";

#[test]
fn big_numbers_are_exact() {
    let mut s = Session::new();
    run_text(&mut s, &format!("b = {TWO_100};"));
    assert_eq!(run_text(&mut s, "b + 1 - b"), "1");
    assert_eq!(run_text(&mut s, "b + 1"), "1267650600228229401496703205377");
    assert_eq!(
        run_text(&mut s, "-b - b"),
        "-2535301200456458802993406410752"
    );
    // the simplest number between 2^100 and 2^100 + 1
    assert_eq!(run_text(&mut s, "{b|b+1} == b + 1/2"), "true");
    assert_eq!(
        run_text(&mut s, "{b|b+1}"),
        "2535301200456458802993406410753/2"
    );
    // i64 boundaries
    assert_eq!(
        run_text(&mut s, "9223372036854775807 + 1"),
        "9223372036854775808"
    );
    assert_eq!(
        run_text(&mut s, "-9223372036854775808 - 1"),
        "-9223372036854775809"
    );
    // tiny numbers
    assert_eq!(run_text(&mut s, &format!("1/{TWO_100} > 0")), "true");
    assert_eq!(
        run_text(&mut s, &format!("1/{TWO_100} + 1/{TWO_100}")),
        "1/633825300114114700748351602688"
    );
}

#[test]
fn big_numbers_in_games() {
    let mut s = Session::new();
    run_text(&mut s, &format!("b = {TWO_100};"));
    assert_eq!(run_text(&mut s, "+-b"), format!("+-{TWO_100}"));
    assert_eq!(run_text(&mut s, "+-b + +-b"), "0");
    assert_eq!(run_text(&mut s, "mean(+-b + 3)"), "3");
    assert_eq!(run_text(&mut s, "temp(+-b)"), TWO_100);
    assert_eq!(run_text(&mut s, "lstop({b|0})"), TWO_100);
    assert_eq!(run_text(&mut s, "b + ^ + *"), format!("{TWO_100}^*"));
    assert_eq!(run_text(&mut s, "iseven(b)"), "true");
    assert_eq!(run_text(&mut s, "isodd(b + 1)"), "true");
}

#[test]
fn printed_big_values_read_back() {
    let mut s = Session::new();
    for src in [
        TWO_100.to_string(),
        format!("-{TWO_100}"),
        format!("3/{TWO_100}"),
        format!("{{{TWO_100}|0}}"),
        format!("{TWO_100}v*"),
    ] {
        let printed = run_text(&mut s, &src);
        assert_eq!(
            run_text(&mut s, &format!("({src}) == ({printed})")),
            "true",
            "{src} -> {printed}"
        );
        assert_eq!(run_text(&mut s, &printed), printed, "{printed} reads back");
    }
}

/// Birthdays and follower counts beyond 2^63 are exact; repetition counts that do not fit
/// are refused with a clear error, never wrapped.
#[test]
fn counts_that_do_not_fit_are_errors() {
    let mut s = Session::new();
    assert_eq!(run_text(&mut s, &format!("birthday({TWO_100})")), TWO_100);
    assert_eq!(
        run_text(&mut s, &format!("birthday({{{TWO_100}|0}}) - {TWO_100}")),
        "1"
    );
    assert_eq!(
        run_text(&mut s, &format!("nfollowers(-{TWO_100}) - {TWO_100}")),
        "1"
    );
    let out = run_text(&mut s, &format!("{TWO_100} . ^"));
    assert!(out.contains("error") && out.contains("too large"), "{out}");
    // the session goes on
    assert_eq!(
        run_text(&mut s, "birthday(-1823437481924)"),
        "1823437481924"
    );
}
