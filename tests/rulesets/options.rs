//! A position's options as positions (`left(P)`, `right(P)`, `moves(P)` as data): the tree of
//! a game can be walked in a script. The strongest check is the definition of a game's value,
//! G = {G^L | G^R}: the options' values, gathered back into braces, give the position's value.

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use cgcalc::lang::Session;

#[test]
fn options_of_a_small_board_by_hand() {
    let mut s = Session::new();
    run_text(&mut s, "P = domineering(\"..|..\"); D = dom(2, 3);");
    assert_outputs(
        &mut s,
        &[
            // Each vertical domino leaves a 2x1 column, where Left has one more move: 1.
            ("left(P)", "[1, 1]"),
            ("right(P)", "[-1, -1]"),
            ("[lastmove(q) for q in left(P)]", "[\"a1-a2\", \"b1-b2\"]"),
            ("[lastmove(q) for q in right(P)]", "[\"a1-b1\", \"a2-b2\"]"),
            ("left(P) == [1, 1]", "true"),
            // On 2x3 a domino in column a or c leaves a 2x2 board (+-1), in column b two
            // separate columns (1 + 1 = 2).
            ("left(D)", "[+-1, 2, +-1]"),
            ("left(left(D)[1])", "[1, 1]"),
            ("lastmove(left(left(D)[1])[1])", "\"c1-c2\""),
            // Cram is impartial: both players have the same options; a1-b1 on 1x4 leaves
            // two cells, *.
            ("left(cram(1, 4)) == right(cram(1, 4))", "true"),
            ("left(cram(1, 4))", "[*, 0, *]"),
        ],
    );
}

#[test]
fn moves_report_reads_as_rows_of_move_and_position() {
    let mut s = Session::new();
    run_text(&mut s, "m = moves(domineering(\"..|..\"));");
    assert_outputs(
        &mut s,
        &[
            ("len(m)", "4"),
            ("m[0]", "[\"Left a1-a2\", 1]"),
            ("m[3]", "[\"Right a2-b2\", -1]"),
            ("lastmove(m[2][1])", "\"a1-b1\""),
            ("outcome(m[3][1])", "R"),
        ],
    );
    // The statement still prints the table.
    let text = run_ok(&mut s, "moves(domineering(\"..|..\"))");
    assert!(text.starts_with("position ..|..\n  Left a1-a2"), "{text}");
    assert!(text.ends_with("winning moves: Left a1-a2, Left b1-b2, Right a1-b1, Right a2-b2"));
}

#[test]
fn a_position_built_directly_has_no_last_move() {
    let mut s = Session::new();
    let err = run_text(&mut s, "lastmove(dom(2, 2))");
    assert!(err.contains("not reached by a move"), "{err}");
    let err = run_text(&mut s, "lastmove(3)");
    assert!(
        err.contains("expected an option of a module position"),
        "{err}"
    );
}

#[test]
fn options_of_other_rulesets_are_positions_of_the_same_ruleset() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            // xo: either player clobbers (a1xb1 captures) to leave a single stone, 0 (value *).
            (
                "[lastmove(q) for q in left(clobber(\"xo\"))]",
                "[\"a1xb1\"]",
            ),
            ("left(clobber(\"xo\"))", "[0]"),
            // White's a-pawn moves one or two squares; Black's h-pawn likewise.
            (
                "[lastmove(q) for q in left(pawns(\"8/7p/8/8/8/8/P7/8\"))]",
                "[\"a2-a3\", \"a2-a4\"]",
            ),
            (
                "[lastmove(q) for q in right(pawns(\"8/7p/8/8/8/8/P7/8\"))]",
                "[\"h7-h6\", \"h7-h5\"]",
            ),
        ],
    );
    // A conditional game has no options to list: it refuses as in algebra.
    let err = run_text(&mut s, "left(primenim(3, 4))");
    assert!(err.contains("conditional game"), "{err}");
}

/// G = {G^L | G^R} on random Domineering, Cram and Clobber boards: the options' values put back
/// into braces are the position's value.
#[test]
fn value_is_the_game_of_the_options_values() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(28);
    for _ in 0..iterations(40) {
        let rows = 1 + rng.below(3);
        let cols = 1 + rng.below(4);
        let board = |rng: &mut Rng, cells: &[char]| {
            (0..rows)
                .map(|_| (0..cols).map(|_| *rng.pick(cells)).collect::<String>())
                .collect::<Vec<_>>()
                .join("|")
        };
        let dom = board(&mut rng, &['.', '.', '.', '#']);
        let clob = board(&mut rng, &['x', 'o', '.']);
        for p in [
            format!("domineering(\"{dom}\")"),
            format!("cram(\"{dom}\")"),
            format!("clobber(\"{clob}\")"),
        ] {
            let check = format!("P = {p}; {{left(P) | right(P)}} == P");
            let got = run_text(&mut s, &check);
            assert_eq!(got.lines().last(), Some("true"), "{check}");
        }
    }
}

/// Every constructor's `:help` examples (`CALL is VALUE`), for every registered ruleset, new ones
/// included: the options listed by `left`/`right` give back the value, G = {G^L | G^R}, and
/// G - G = 0. A ruleset whose positions are no games (conditional games) refuses both.
#[test]
fn every_ruleset_s_examples_are_the_game_of_their_options() {
    let mut s = Session::new();
    let mut checked = Vec::new();
    for f in cgcalc::lang::functions::all() {
        let cgcalc::lang::functions::Function::Constructor(c, _) = f else {
            continue;
        };
        for (call, _) in crate::common::help::help_examples(c.help) {
            if !call.starts_with(&format!("{}(", c.name)) {
                continue;
            }
            let check = format!("P = {call}; [{{left(P) | right(P)}} == P, P - P == 0]");
            let got = run_text(&mut s, &check);
            let last = got.lines().last().unwrap_or("");
            if last.contains("conditional game") {
                continue;
            }
            assert_eq!(last, "[true, true]", "{check}\n{got}");
            checked.push(call);
        }
    }
    eprintln!("{} constructor examples: {checked:?}", checked.len());
    assert!(checked.len() >= 10, "only {checked:?}");
}
