//! Backsliding Toads and Frogs (CGSuite's `game.strip.BackslidingToadsAndFrogs`): loopy
//! values derived by hand, CGSuite's value of `ttt..fff`, the negative as the mirrored strip,
//! strips split by `#` as sums, and errors.

use crate::common::{assert_outputs, run_text};
use cgcalc::lang::Session;

use super::toadsandfrogs::mirrored;

/// Every strip of `t`, `f` and `.` with 1 to `max` cells.
fn strips(max: usize) -> Vec<String> {
    let mut out = vec![String::new()];
    let mut all = Vec::new();
    for _ in 0..max {
        out = out
            .iter()
            .flat_map(|s| ['t', 'f', '.'].map(|c| format!("{s}{c}")))
            .collect();
        all.extend(out.iter().cloned());
    }
    all
}

/// The printed value of `src`, or `None` when it is an error.
fn value(s: &mut Session, src: &str) -> Option<String> {
    let out = run_text(s, src);
    (!out.contains("error")).then_some(out)
}

/// By hand, from the rules (Left's toads move right, Right's frogs left; each piece may also
/// slide back one cell into an empty cell).
///
/// * `t.`: the toad steps to `.t` and back for ever; Right never has a move. Left, moving
///   first or second, always has a move and Right never does, so `t.` = {`.t`|} with `.t` =
///   {`t.`|} is `on` = {on|} (`t..` too). Mirrored, `f.` and `.f` are `off`.
/// * `t`, `tf`, `ft`, `t#.` (nothing enters `#`): no moves, 0.
/// * `t.f`, named A: Left steps to C = `.tf`, Right to C' = `tf.`. C = {A | D} with D = `ft.`
///   (the frog's jump); D = {E|} with E = `f.t`; E = {D | F} with F = `.ft`; F = {|E}. Play
///   that alternates always ends (from C Right must jump, after which the pieces have passed
///   and only shuffle), so these are stoppers and the fixed point below is their value: D = 0,
///   E = {0|0} = *, F = {|*} = 0, and then C = {A|0}, C' = {0|A} (`tf.`: Left jumps to F,
///   Right steps back to A), A = {C|C'}. A = 0 gives C = C' = {0|0} = * and A = {*|*} = 0
///   again. Outcomes confirm it: whoever moves first in A loses (Left's C is answered by
///   the jump to D, where Left must move to E and Right to F, and Left has no move).
/// * `t.#.f` is the sum of `t.` and `.f` (nothing crosses `#`): on + off = dud (Winning
///   Ways, ch. 11).
#[test]
fn values_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("backslidingtoadsandfrogs(\"t.\")", "on"),
            ("backslidingtoadsandfrogs(\".t\")", "on"),
            ("backslidingtoadsandfrogs(\"t..\")", "on"),
            ("backslidingtoadsandfrogs(\"f.\")", "off"),
            ("backslidingtoadsandfrogs(\".f\")", "off"),
            ("backslidingtoadsandfrogs(\"\")", "0"),
            ("backslidingtoadsandfrogs(\"t\")", "0"),
            ("backslidingtoadsandfrogs(\"tf\")", "0"),
            ("backslidingtoadsandfrogs(\"ft\")", "0"),
            ("backslidingtoadsandfrogs(\"t#.\")", "0"),
            ("backslidingtoadsandfrogs(\"t.f\")", "0"),
            ("backslidingtoadsandfrogs(\".tf\")", "*"),
            ("backslidingtoadsandfrogs(\"tf.\")", "*"),
            ("backslidingtoadsandfrogs(\"ft.\")", "0"),
            ("backslidingtoadsandfrogs(\"f.t\")", "*"),
            ("backslidingtoadsandfrogs(\".ft\")", "0"),
            ("backslidingtoadsandfrogs(\"t.#.f\")", "dud"),
            ("backslidingtoadsandfrogs(\"t.#t.\")", "on"),
        ],
    );
}

/// CGSuite's value (GameStripTest.scala, "define Toads and Frogs properly").
#[test]
fn cgsuite_value_of_ttt_fff() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[(
            "backslidingtoadsandfrogs(\"ttt..fff\")",
            "{on||0|-1/2} & {1/2|0||off}",
        )],
    );
}

/// A strip split by `#` is the sum of its parts. `t.` is on (above), and `t.f`, `tf.`,
/// `f.t` are 0, * and *, so each sum is on + a number or nimber = on. (Directly: Left can
/// always pass in `t.`, and in the other part she forces the frog into `ft.`, where Right has
/// no move.)
#[test]
fn sums_with_a_pass_are_on() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("backslidingtoadsandfrogs(\"t.#t.f\")", "on"),
            ("backslidingtoadsandfrogs(\"t.#tf.\")", "on"),
            ("backslidingtoadsandfrogs(\"t.#f.t\")", "on"),
        ],
    );
}

/// Wherever the engine values both, the strip split by `#` equals the sum of its two parts'
/// values, for every pair of strips of up to 3 cells.
#[test]
fn strips_split_by_a_blocked_cell_are_sums() {
    let mut s = Session::new();
    let parts = strips(3);
    let mut checked = 0;
    for a in &parts {
        for b in &parts {
            let Some(whole) = value(&mut s, &format!("backslidingtoadsandfrogs(\"{a}#{b}\")"))
            else {
                continue;
            };
            let sum =
                format!("backslidingtoadsandfrogs(\"{a}\") + backslidingtoadsandfrogs(\"{b}\")");
            let Some(sum) = value(&mut s, &sum) else {
                continue;
            };
            assert_eq!(whole, sum, "{a}#{b} against {a} + {b}");
            checked += 1;
        }
    }
    // `t.` + `.f` (on + off = dud) at least.
    assert!(checked > 0, "no sums checked");
}

/// The rules read from the other end with the pieces exchanged are the other player's: the
/// mirrored strip is the negative, on every strip of up to 5 cells the engine values.
#[test]
fn mirrored_strips_are_negatives() {
    let mut s = Session::new();
    let mut checked = 0;
    for strip in strips(5) {
        let Some(g) = value(&mut s, &format!("backslidingtoadsandfrogs(\"{strip}\")")) else {
            continue;
        };
        let m = mirrored(&strip);
        let neg = value(&mut s, &format!("-backslidingtoadsandfrogs(\"{m}\")"));
        assert_eq!(Some(g), neg, "{strip} against -({m})");
        checked += 1;
    }
    assert!(checked > 0, "no strips checked");
}

#[test]
fn bad_strips_are_refused() {
    let mut s = Session::new();
    let err = run_text(&mut s, "backslidingtoadsandfrogs(\"tt.x\")");
    assert!(err.contains("unexpected `x` at character 4"), "{err}");
    assert!(
        err.contains("Backsliding Toads and Frogs strips hold"),
        "{err}"
    );
    let err = run_text(&mut s, "backslidingtoadsandfrogs(5)");
    assert!(
        err.contains("expected a strip such as \"ttt..fff\""),
        "{err}"
    );
    let long = format!("backslidingtoadsandfrogs(\"{}\")", ".".repeat(65));
    let err = run_text(&mut s, &long);
    assert!(err.contains("hold at most 64"), "{err}");
}
