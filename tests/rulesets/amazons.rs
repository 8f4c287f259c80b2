//! Amazons: values derived by hand, options that give back the value, the colour swap as the
//! negative, and errors at the board string. (The independent check is the differential run
//! against the `cgt` crate: `peers/cgt_diff.py diff amazons`.)

use crate::common::{Rng, assert_outputs, iterations, run_text};
use cgcalc::lang::Session;

/// `x` and `o` exchanged: the same position with the players' colours swapped.
fn swapped(board: &str) -> String {
    board
        .chars()
        .map(|c| match c {
            'x' => 'o',
            'o' => 'x',
            c => c,
        })
        .collect()
}

/// Values by hand (each derived in the comment beside it).
#[test]
fn values_and_options_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            // Left moves to b1 and must shoot back to a1: {0 |} = 1.
            ("amazons(\"x.\")", "1"),
            (
                "[lastmove(q) for q in left(amazons(\"x.\"))]",
                "[\"a1-b1/a1\"]",
            ),
            // Left's moves leave `#x.`, `.x#`, `#.x` (1 each: one more move) and `.#x` (0):
            // {1, 0 |} = 2, the longest run of Left's moves.
            ("amazons(\"x..\")", "2"),
            ("left(amazons(\"x..\"))", "[1, 1, 1, 0]"),
            // Whoever takes b1 shoots back and leaves the other nothing: {0 | 0} = *.
            ("amazons(\"x.o\")", "*"),
            // Left's moves leave *, 1, 1 and 0, Right's their negatives: {1 | -1}.
            ("amazons(\"x..o\")", "+-1"),
            // Diagonal moves between two blocked cells; corner-touching cells connect.
            ("amazons(\"x#|#.\")", "1"),
            // Regions that do not touch add: 1 + -1, and 1 + 1 (columns a and c).
            ("amazons(\"x.#.o\")", "0"),
            ("amazons(\".#.|x#x\")", "2"),
            // No empty cell, or no amazon: 0.
            ("amazons(\"xo|ox\")", "0"),
            ("amazons(\"..|.#\")", "0"),
        ],
    );
}

/// On random boards of up to 3x3 with up to two amazons a side: {left(P) | right(P)} == P,
/// and P plus the board with the colours swapped is 0 (the swap is the negative).
#[test]
fn options_give_the_value_and_the_colour_swap_negates() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(1988);
    for _ in 0..iterations(40) {
        let (rows, cols) = (1 + rng.below(3), 1 + rng.below(3));
        let mut cells: Vec<char> = (0..rows * cols)
            .map(|_| *rng.pick(&['.', '.', '.', '#']))
            .collect();
        for k in 0..rng.below(5) {
            let at = rng.below(rows * cols);
            cells[at] = ['x', 'o'][k % 2];
        }
        let rows_text: Vec<String> = cells.chunks(cols).map(|r| r.iter().collect()).collect();
        let b = rows_text.join("|");
        let check = format!(
            "P = amazons(\"{b}\"); [{{left(P) | right(P)}} == P, P + amazons(\"{}\") == 0]",
            swapped(&b)
        );
        let got = run_text(&mut s, &check);
        assert_eq!(got.lines().last(), Some("[true, true]"), "{check}");
    }
}

/// Bad boards are refused with the character, the row or the limit, and the notation.
#[test]
fn bad_boards_are_errors() {
    let mut s = Session::new();
    let err = run_text(&mut s, "amazons(\"x..|.Q.\")");
    assert!(
        err.contains("unexpected `Q` at character 6 (row 2)"),
        "{err}"
    );
    assert!(err.contains("`x`, `o` for pieces"), "{err}");
    let err = run_text(&mut s, "amazons(\"x..|..\")");
    assert!(err.contains("row 2 has 2 cells but row 1 has 3"), "{err}");
    let big = vec![".".repeat(20); 13].join("|");
    let err = run_text(&mut s, &format!("amazons(\"{big}\")"));
    assert!(err.contains("at most 256"), "{err}");
    let err = run_text(&mut s, "amazons([1])");
    assert!(err.contains("a board string"), "{err}");
    let err = run_text(&mut s, "Amazons(\"x.\")");
    assert!(err.contains("amazons"), "{err}");
}

/// A 10x10 board (100 cells, past one word) with one amazon in a walled 2x2 corner: the
/// rest of the board is a region without amazons, and the corner is `x.|..` = 3 (three
/// empty cells, each move fills one, and Left can always go on until they are gone: the
/// amazon moves to a free cell and shoots back where it stood).
#[test]
fn a_board_past_one_word() {
    let mut s = Session::new();
    let mut rows = vec![".".repeat(10); 10];
    rows[0] = "x.#.......".to_string();
    rows[1] = "..#.......".to_string();
    rows[2] = "###.......".to_string();
    let got = run_text(&mut s, &format!("amazons(\"{}\")", rows.join("|")));
    assert_eq!(got, "3");
}
