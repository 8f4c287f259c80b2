//! AntiClobber (CGSuite's rules: a stone steps onto an empty cell and leaves an enemy stone
//! behind): values derived by hand, options that give back the value, the colour swap as the
//! negative, and errors at the board string. The `cgt` crate has no AntiClobber; the check
//! against the definition is in the module's unit tests.

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
            // Left steps to b1 and leaves an o on a1: `ox`, full, 0. {0 |} = 1.
            ("anticlobber(\"x.\")", "1"),
            ("left(anticlobber(\"x.\"))", "[0]"),
            (
                "[lastmove(q) for q in left(anticlobber(\"x.\"))]",
                "[\"a1-b1\"]",
            ),
            // Left's step leaves `ox.` (one more step: 1): {1 |} = 2.
            ("anticlobber(\"x..\")", "2"),
            // Either side fills the middle: {0 | 0} = *.
            ("anticlobber(\"x.o\")", "*"),
            // Only Right's o can step, to `xxo`: {| 0} = -1.
            ("anticlobber(\"xo.\")", "-1"),
            // Regions apart add: 1 + -1; a full region or a lone empty one is 0.
            ("anticlobber(\"x.#o.\")", "0"),
            ("anticlobber(\"xo|ox\")", "0"),
        ],
    );
}

/// On random boards up to 3x3: {left(P) | right(P)} == P, and P plus the board with the
/// colours swapped is 0.
#[test]
fn options_give_the_value_and_the_colour_swap_negates() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(2004);
    for _ in 0..iterations(60) {
        let (rows, cols) = (1 + rng.below(3), 1 + rng.below(3));
        let b: Vec<String> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| *rng.pick(&['x', 'o', '.', '.', '#']))
                    .collect()
            })
            .collect();
        let b = b.join("|");
        let check = format!(
            "P = anticlobber(\"{b}\"); [{{left(P) | right(P)}} == P, P + anticlobber(\"{}\") == 0]",
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
    let err = run_text(&mut s, "anticlobber(\"x.|.O\")");
    assert!(
        err.contains("unexpected `O` at character 5 (row 2)"),
        "{err}"
    );
    assert!(err.contains("`x`, `o` for pieces"), "{err}");
    let err = run_text(&mut s, "anticlobber(\"x.|.\")");
    assert!(err.contains("row 2 has 1 cells but row 1 has 2"), "{err}");
    let big = vec![".".repeat(30); 9].join("|");
    let err = run_text(&mut s, &format!("anticlobber(\"{big}\")"));
    assert!(err.contains("at most 256"), "{err}");
    let err = run_text(&mut s, "AntiClobber(\"x.\")");
    assert!(err.contains("anticlobber"), "{err}");
}
