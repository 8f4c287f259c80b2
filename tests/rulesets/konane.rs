//! Konane: values derived by hand, options that give back the value, the colour swap as the
//! negative, and errors at the board string. (The independent check is the differential run
//! against the `cgt` crate: `peers/cgt_diff.py diff konane`.)

use crate::common::{Rng, assert_outputs, iterations, run_text};
use cgcalc::lang::Session;

/// A random board of `rows` x `cols` cells drawn from `cells`, rows joined by `|`.
fn board(rng: &mut Rng, rows: usize, cols: usize, cells: &[char]) -> String {
    (0..rows)
        .map(|_| (0..cols).map(|_| *rng.pick(cells)).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

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
            // Left jumps b1 to land on c1; Right has no jump: {0 |} = 1.
            ("konane(\"xo.\")", "1"),
            (
                "[lastmove(q) for q in left(konane(\"xo.\"))]",
                "[\"a1-c1\"]",
            ),
            ("right(konane(\"xo.\"))", "[]"),
            // Either player jumps the other off the middle: {0 | 0} = *.
            ("konane(\".xo.\")", "*"),
            // A single jump (to `..xo.`, which is `.xo.` = *) or the double jump (0): {*, 0 |}
            // = 1, since * reverses through 0.
            ("konane(\"xo.o.\")", "1"),
            ("left(konane(\"xo.o.\"))", "[*, 0]"),
            (
                "[lastmove(q) for q in left(konane(\"xo.o.\"))]",
                "[\"a1-c1\", \"a1-e1\"]",
            ),
            // The same line turned upright, mirrored, or with Right's stones: 1, 1, -1.
            ("konane(\"x|o|.\")", "1"),
            ("konane(\".ox\")", "1"),
            ("konane(\"ox.\")", "-1"),
            // Regions split by a blocked cell add: 1 + 1 and 1 + -1.
            ("konane(\"xo.#xo.\")", "2"),
            ("konane(\"xo.#ox.\")", "0"),
            // No empty cell to land on, one colour only, or a blocked landing cell: no moves.
            ("konane(\"xo|ox\")", "0"),
            ("konane(\"xx.|x.x\")", "0"),
            ("konane(\"xo#\")", "0"),
            // cgt's own tests: {1 | -1}.
            ("konane(\".ox.|o..x|....\")", "+-1"),
        ],
    );
}

/// On random boards up to 3x4: {left(P) | right(P)} == P, and P plus the board with the
/// colours swapped is 0 (the swap is the negative).
#[test]
fn options_give_the_value_and_the_colour_swap_negates() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(1995);
    for _ in 0..iterations(60) {
        let (rows, cols) = (1 + rng.below(3), 1 + rng.below(4));
        let b = board(&mut rng, rows, cols, &['x', 'o', '.', '.', '#']);
        let check = format!(
            "P = konane(\"{b}\"); [{{left(P) | right(P)}} == P, P + konane(\"{}\") == 0]",
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
    let err = run_text(&mut s, "konane(\"xo.|.q.\")");
    assert!(
        err.contains("unexpected `q` at character 6 (row 2)"),
        "{err}"
    );
    assert!(err.contains("`.` for empty, `#` for blocked"), "{err}");
    let err = run_text(&mut s, "konane(\"xo|x\")");
    assert!(err.contains("row 2 has 1 cells but row 1 has 2"), "{err}");
    let big = vec![".".repeat(17); 16].join("|");
    let err = run_text(&mut s, &format!("konane(\"{big}\")"));
    assert!(err.contains("at most 256"), "{err}");
    let err = run_text(&mut s, "konane(3)");
    assert!(err.contains("a board string"), "{err}");
    let err = run_text(&mut s, "Konane(\"xo.\")");
    assert!(err.contains("konane"), "{err}");
}

/// A board past one word (9x9 = 81 cells) is searched on the wide cell sets.
#[test]
fn boards_past_64_cells() {
    let mut s = Session::new();
    let mut big = vec![".".repeat(9); 9];
    big[4] = "...xo....".to_string();
    let got = run_text(&mut s, &format!("konane(\"{}\")", big.join("|")));
    // x on d5 and o on e5 with empty cells beyond both: as `.xo.`, {0 | 0} = *.
    assert_eq!(got, "*");
}
