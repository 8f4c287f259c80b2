//! Toads and Frogs and Elephants and Rhinos: values derived by hand (Winning Ways, ch. 1 gives
//! the rules), values against the rules written out again here on plain strings (sharing
//! nothing with the ruleset's bit masks, parts and symmetries), negatives, options, errors.

use std::collections::HashMap;

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use cgcalc::lang::Session;

/// Defines, in the session, a variable holding the value of `position` by the definition
/// {G^L | G^R}, with `options(position, left)` giving each side's options as strings; returns
/// its name. `memo` names the positions defined so far.
pub fn define_by_rules(
    s: &mut Session,
    memo: &mut HashMap<String, String>,
    position: &str,
    options: &dyn Fn(&str, bool) -> Vec<String>,
) -> String {
    if let Some(name) = memo.get(position) {
        return name.clone();
    }
    let mut sides = Vec::new();
    for left in [true, false] {
        let names: Vec<String> = options(position, left)
            .iter()
            .map(|q| define_by_rules(s, memo, q, options))
            .collect();
        sides.push(names.join(", "));
    }
    let name = format!("brute{}", memo.len());
    run_ok(
        s,
        &format!("{name} = {{{} | {}}}; {name}", sides[0], sides[1]),
    );
    memo.insert(position.to_string(), name.clone());
    name
}

/// Toads and Frogs on a plain string: a toad `t` steps right onto `.` or jumps an `f` onto the
/// `.` beyond; a frog `f` the same leftwards (`jumps` false: Elephants and Rhinos, steps only).
/// `#` is never entered nor jumped.
pub fn leaping_options(position: &str, left: bool, jumps: bool) -> Vec<String> {
    let cells: Vec<char> = position.chars().collect();
    let n = cells.len() as isize;
    let (me, them, dir) = if left { ('t', 'f', 1) } else { ('f', 't', -1) };
    let at = |i: isize| {
        if (0..n).contains(&i) {
            cells[i as usize]
        } else {
            '#'
        }
    };
    let mut out = Vec::new();
    for i in 0..n {
        if cells[i as usize] != me {
            continue;
        }
        let to = if at(i + dir) == '.' {
            i + dir
        } else if jumps && at(i + dir) == them && at(i + 2 * dir) == '.' {
            i + 2 * dir
        } else {
            continue;
        };
        let mut next = cells.clone();
        next[i as usize] = '.';
        next[to as usize] = me;
        out.push(next.into_iter().collect());
    }
    out
}

/// The strip read from the other end with toads and frogs exchanged.
pub(crate) fn mirrored(strip: &str) -> String {
    strip
        .chars()
        .rev()
        .map(|c| match c {
            't' => 'f',
            'f' => 't',
            c => c,
        })
        .collect()
}

fn random_strip(rng: &mut Rng, max: usize) -> String {
    let n = 1 + rng.below(max);
    (0..n)
        .map(|_| *rng.pick(&['t', 'f', '.', '.', '#']))
        .collect()
}

/// By hand, from the rules. `ft.`: only the toad moves, once: {0|} = 1. `.tf`: the toad is
/// blocked, the frog jumps to `ft.` = 1: {|1} = 0; `tf.` = 0 the same way mirrored. `t.f`:
/// Left moves to `.tf` = 0, Right to `tf.` = 0: {0|0} = *. `..tf`: Right's jump leaves `.ft.`
/// = {`.f.t` | `f.t.`} = {-1|1} = 0, so `..tf` = {|0} = -1; `.tf.` = {`..ft` | `ft..`} =
/// {-2|2} = 0; `.t.f` = {`..tf` | `.tf.`} = {-1|0} = -1/2, and `t..f` = {-1/2|1/2} = 0. A
/// strip split by `#` is the sum of its parts; `ttff` never moves again, so `t.ttff.f` is
/// `t.` + `.f` = 1 - 1 = 0. The last three are the values cgt's own tests give (cgt 0.11.0,
/// toads_and_frogs.rs, checked there against CGSuite): ^, {0|^} = ^^* and *.
#[test]
fn toads_and_frogs_values_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("toadsandfrogs(\"ft.\")", "1"),
            ("toadsandfrogs(\".tf\")", "0"),
            ("toadsandfrogs(\"tf.\")", "0"),
            ("toadsandfrogs(\"t.f\")", "*"),
            ("toadsandfrogs(\"..tf\")", "-1"),
            ("toadsandfrogs(\".t.f\")", "-1/2"),
            ("toadsandfrogs(\"t..f\")", "0"),
            ("toadsandfrogs(\"t.#.f\")", "0"),
            ("toadsandfrogs(\"t.ttff.f\")", "0"),
            ("toadsandfrogs(\"\")", "0"),
            ("toadsandfrogs(\"tft.tff\")", "^"),
            ("toadsandfrogs(\"t.tftff\")", "^^*"),
            ("toadsandfrogs(\"tftft.f\")", "*"),
        ],
    );
}

/// Elephants and Rhinos by hand. `t.f`: either side steps into the middle and both pieces are
/// stuck: {0|0} = *. `t..f`: each side's step leaves `.t.f` = {0|0} = * or its mirror: {*|*} = 0.
/// Pieces that never meet count their steps: in `tt..` each toad has two, 2 + 2 = 4; in `f..t`
/// the frog on the left edge and the toad on the right edge have none: 0. `tf.t.`: the pair
/// `tf` is stuck, the last toad has one step: 1.
#[test]
fn elephants_and_rhinos_values_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("elephantsandrhinos(\"t.f\")", "*"),
            ("elephantsandrhinos(\"t..f\")", "0"),
            ("elephantsandrhinos(\"tt..\")", "4"),
            ("elephantsandrhinos(\"f..t\")", "0"),
            ("elephantsandrhinos(\"tf.t.\")", "1"),
            // A jump is no move here: Right's frog cannot jump the toad.
            ("elephantsandrhinos(\".tf\")", "0"),
            ("len(right(elephantsandrhinos(\".tf\")))", "0"),
            ("len(right(toadsandfrogs(\".tf\")))", "1"),
        ],
    );
}

/// Random strips: the ruleset's value is the value of the rules written out on strings.
#[test]
fn values_agree_with_the_rules_on_strings() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(1001);
    for jumps in [true, false] {
        let mut memo = HashMap::new();
        let options = move |p: &str, left: bool| leaping_options(p, left, jumps);
        let name = if jumps {
            "toadsandfrogs"
        } else {
            "elephantsandrhinos"
        };
        for _ in 0..iterations(120) {
            let strip = random_strip(&mut rng, 8);
            let v = define_by_rules(&mut s, &mut memo, &strip, &options);
            let check = format!("{name}(\"{strip}\") == {v}");
            assert_eq!(run_ok(&mut s, &check), "true", "{check}");
        }
    }
}

/// G + -G = 0 with -G the mirrored strip, and G = {left(G) | right(G)}, on random strips.
#[test]
fn negatives_and_options_on_random_strips() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(29);
    for _ in 0..iterations(60) {
        let strip = random_strip(&mut rng, 12);
        let neg = mirrored(&strip);
        for name in ["toadsandfrogs", "elephantsandrhinos"] {
            let check = format!("{name}(\"{strip}\") + {name}(\"{neg}\") == 0");
            assert_eq!(run_ok(&mut s, &check), "true", "{check}");
            let check = format!("P = {name}(\"{strip}\"); {{left(P) | right(P)}} == P");
            let got = run_text(&mut s, &check);
            assert_eq!(got.lines().last(), Some("true"), "{check}");
        }
    }
}

#[test]
fn bad_strips_are_refused_at_the_character() {
    let mut s = Session::new();
    let err = run_text(&mut s, "toadsandfrogs(\"tt.x.ff\")");
    assert!(err.contains("unexpected `x` at character 4"), "{err}");
    assert!(
        err.contains("`t` (Left's toads), `f` (Right's frogs)"),
        "{err}"
    );
    let err = run_text(&mut s, "elephantsandrhinos(\"t|f\")");
    assert!(err.contains("unexpected `|` at character 2"), "{err}");
    assert!(err.contains("Elephants and Rhinos strips hold"), "{err}");
    let long = "t".repeat(65);
    let err = run_text(&mut s, &format!("toadsandfrogs(\"{long}\")"));
    assert!(
        err.contains("65 cells") && err.contains("at most 64"),
        "{err}"
    );
    let err = run_text(&mut s, "toadsandfrogs(3)");
    assert!(err.contains("strip such as"), "{err}");
    let err = run_text(&mut s, "ToadsAndFrogs(\"t.f\")");
    assert!(err.contains("toadsandfrogs"), "{err}");
    let err = run_text(&mut s, "ElephantsAndRhinos(\"t.f\")");
    assert!(err.contains("elephantsandrhinos"), "{err}");
}

#[test]
fn moves_are_named_by_cells() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            (
                "[lastmove(q) for q in left(toadsandfrogs(\"t.tft.f\"))]",
                "[\"1-2\", \"5-6\"]",
            ),
            (
                "[lastmove(q) for q in right(toadsandfrogs(\"t.tft.f\"))]",
                "[\"4-2\", \"7-6\"]",
            ),
        ],
    );
}
