//! Fission: values derived by hand, options that give back the value, the transpose as the
//! negative, and errors at the board string. (The independent check is the differential run
//! against the `cgt` crate: `peers/cgt_diff.py diff fission`.)

use crate::common::{Rng, assert_outputs, iterations, run_text};
use cgcalc::lang::Session;

/// The board transposed: rows become columns (Left's vertical splits become Right's).
fn transposed(board: &str) -> String {
    let rows: Vec<Vec<char>> = board.split('|').map(|r| r.chars().collect()).collect();
    (0..rows[0].len())
        .map(|c| rows.iter().map(|r| r[c]).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// Values by hand (each derived in the comment beside it).
#[test]
fn values_and_options_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            // Left splits the stone up and down, leaving stones that cannot move: {0 |} = 1.
            ("fission(\".|x|.\")", "1"),
            (
                "[lastmove(q) for q in left(fission(\".|x|.\"))]",
                "[\"a2\"]",
            ),
            // The transpose: -1; with a row below (Left has no row above): still -1.
            ("fission(\".x.\")", "-1"),
            ("fission(\".x.|...\")", "-1"),
            // Left's split leaves `.x.|...|.x.` (Right splits twice: -2), Right's the
            // transpose (2): {-2 | 2} = 0.
            ("fission(\"...|.x.|...\")", "0"),
            ("left(fission(\"...|.x.|...\"))", "[-2]"),
            ("right(fission(\"...|.x.|...\"))", "[2]"),
            // Regions add; a region without an empty cell or a stone is 0.
            ("fission(\".x.#.x.\")", "-2"),
            ("fission(\"xx|xx\")", "0"),
            // cgt's own tests.
            ("fission(\".x.x|..x.|....|..x.\")", "{-1|-4}"),
            ("fission(\"....|..x.|....|#..#\")", "0"),
        ],
    );
}

/// On random boards up to 3x4: {left(P) | right(P)} == P, and P plus its transpose is 0.
#[test]
fn options_give_the_value_and_the_transpose_negates() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(2003);
    for _ in 0..iterations(60) {
        let (rows, cols) = (1 + rng.below(3), 1 + rng.below(4));
        let b: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| *rng.pick(&['x', '.', '.', '.', '#']))
                    .collect()
            })
            .collect();
        let b = b.join("|");
        let check = format!(
            "P = fission(\"{b}\"); [{{left(P) | right(P)}} == P, P + fission(\"{}\") == 0]",
            transposed(&b)
        );
        let got = run_text(&mut s, &check);
        assert_eq!(got.lines().last(), Some("[true, true]"), "{check}");
    }
}

/// Bad boards are refused with the character, the row or the limit, and the notation.
#[test]
fn bad_boards_are_errors() {
    let mut s = Session::new();
    // `o` is no Fission piece: stones are nobody's.
    let err = run_text(&mut s, "fission(\"x.|.o\")");
    assert!(
        err.contains("unexpected `o` at character 5 (row 2)"),
        "{err}"
    );
    assert!(err.contains("`x` for pieces"), "{err}");
    let err = run_text(&mut s, "fission(\"x.|.\")");
    assert!(err.contains("row 2 has 1 cells but row 1 has 2"), "{err}");
    let big = vec![".".repeat(30); 9].join("|");
    let err = run_text(&mut s, &format!("fission(\"{big}\")"));
    assert!(err.contains("at most 256"), "{err}");
    let err = run_text(&mut s, "Fission(\".x.\")");
    assert!(err.contains("fission"), "{err}");
}
