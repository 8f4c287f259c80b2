//! Fox and Geese (Winning Ways, ch. 20; CGSuite's `game.grid.FoxAndGeese`): CGSuite's own
//! values, small positions valued by hand, and the arguments' errors.

use crate::common::{assert_outputs, run_text};
use cgcalc::lang::Session;

/// The values CGSuite's tests give (GameGridTest.scala, "define FoxAndGeese properly"): the
/// position with the geese on row 4 and the fox in the corner, the `ValuesTable` of the geese
/// on row 3 (every dark square of rows 2 and 1), and GenFoxAndGeese on a board 10 wide.
#[test]
fn cgsuite_values() {
    let mut s = Session::new();
    let row3 = "[[3,1],[3,3],[3,5],[3,7]]";
    let cases: Vec<(String, &str)> = vec![
        (
            "foxandgeese([[4,2],[4,4],[4,6],[4,8]], [1,1])".into(),
            "{4*|7/2}",
        ),
        (format!("foxandgeese({row3}, [2,2])"), "2over"),
        (format!("foxandgeese({row3}, [2,4])"), "2"),
        (format!("foxandgeese({row3}, [2,6])"), "3*"),
        (format!("foxandgeese({row3}, [2,8])"), "4over"),
        (format!("foxandgeese({row3}, [1,1])"), "{6|2over}"),
        (format!("foxandgeese({row3}, [1,3])"), "{2over|2}"),
        (format!("foxandgeese({row3}, [1,5])"), "{4|3||2}"),
        (format!("foxandgeese({row3}, [1,7])"), "{4over|3*}"),
        (
            "foxandgeese([[3,1],[3,3],[3,5],[3,7],[3,9]], [1,9], 10)".into(),
            "{6over|5*}",
        ),
    ];
    let cases: Vec<(&str, &str)> = cases.iter().map(|(c, v)| (c.as_str(), *v)).collect();
    assert_outputs(&mut s, &cases);
}

/// By hand, from the rules.
///
/// * One goose on (3,1), the fox on (1,1): the fox's one move, to (2,2), has (3,3) empty
///   up-right of it, an escape: off. The goose's one move, to (2,2), leaves the fox no move
///   and the goose only (1,3) (the fox holds (1,1)), after which the fox stands on the
///   highest goose's row: off. So that position is {off|} = 0 (Right, to move, has none;
///   Left, to move, must go to off), and the start is {0|off}.
/// * The goose on (2,2) and the fox on (1,1) is that position: 0.
/// * A board 1 wide: nobody moves diagonally without leaving it: 0.
/// * A board 2 wide has one dark square a row, so the goose blocks the fox's way up (no
///   escape) and the position is the goose's row g and the fox's row f < g. The goose steps
///   down unless the fox is right below it; the fox steps up or down. (g, f) = (2, 1): no
///   moves, 0. (3, 2) = {|(3, 1)} and (3, 1) = {(2, 1) | (3, 2)}: these are 0 and {0|0} = *
///   ({|*} = 0). (4, 3) = {|(4, 2)}, (4, 2) = {(3, 2) | (4, 1), (4, 3)} and (4, 1) = {(3, 1) |
///   (4, 2)}: with (4, 2) = * the others are {|*} = 0 and {*|*} = 0, and then (4, 2) = {0|0}
///   = * indeed. Every play that alternates ends, so these stoppers are the values (the
///   outcomes check it: (4, 1) is lost by whoever moves first).
#[test]
fn values_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("foxandgeese([[3,1]], [1,1])", "{0|off}"),
            ("foxandgeese([[2,2]], [1,1])", "0"),
            ("foxandgeese([[3,1]], [1,1], 1)", "0"),
            ("foxandgeese([[2,2]], [1,1], 2)", "0"),
            ("foxandgeese([[3,1]], [1,1], 2)", "*"),
            ("foxandgeese([[3,1]], [2,2], 2)", "0"),
            ("foxandgeese([[4,2]], [1,1], 2)", "0"),
            ("foxandgeese([[4,2]], [2,2], 2)", "*"),
            ("foxandgeese([[4,2]], [3,1], 2)", "0"),
        ],
    );
}

/// The escape rule (CGSuite's `Decomposition`) values a position off at once: the fox on or
/// above the highest goose's row, or one row below it with an empty square up-left or
/// up-right on the board. (One row below with both squares above taken, or one taken and
/// the other off the board, is no escape: CGSuite's values of those, 2over and 4over, are in
/// [`cgsuite_values`].)
#[test]
fn escaped_foxes_are_off() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            // above the geese
            ("foxandgeese([[3,1]], [5,1])", "off"),
            // on the highest goose's row
            ("foxandgeese([[3,1],[1,1]], [3,3])", "off"),
            // one row below, (3,3) empty up-right
            ("foxandgeese([[3,1]], [2,2])", "off"),
            // one row below on the left edge: no square up-left, (4,2) empty
            ("foxandgeese([[4,4],[4,6]], [3,1])", "off"),
        ],
    );
}

/// CGSuite's validation cases (GameGridTest.scala) and the other refusals, each pointing at
/// its argument.
#[test]
fn bad_arguments_are_refused() {
    let mut s = Session::new();
    let err = run_text(&mut s, "foxandgeese([[3,1],[3,3],[3,5],[3,7]], [1,6])");
    assert!(
        err.contains("expected the fox's square, a square [row, col] with 1 <= row <= 1000, 1 <= col <= 8 and row + col even, not [1, 6]"),
        "{err}"
    );
    // The caret is under the fox's argument (the call is indented by 4).
    let caret = format!("{}^^^^^", " ".repeat(4 + 39));
    assert!(err.lines().any(|l| l == caret), "{err}");
    let err = run_text(&mut s, "foxandgeese([[3,1],[3,3],[2,5],[3,7]], [1,1])");
    assert!(
        err.contains("goose 3 of the list must be a square [row, col]"),
        "{err}"
    );
    assert!(err.contains("not [2, 5]"), "{err}");
    let err = run_text(&mut s, "foxandgeese([[3,1],[3,3],[3,1]], [1,1])");
    assert!(
        err.contains("goose 3 of the list, [3, 1], is on the square of goose 1"),
        "{err}"
    );
    let err = run_text(&mut s, "foxandgeese([[3,1],[3,3]], [3,3])");
    assert!(
        err.contains("the fox's square, [3, 3], is goose 2's"),
        "{err}"
    );
    let err = run_text(&mut s, "foxandgeese([], [1,1])");
    assert!(err.contains("expected at least one goose"), "{err}");
    let err = run_text(&mut s, "foxandgeese(3, [1,1])");
    assert!(
        err.contains("expected a list of the geese's squares"),
        "{err}"
    );
    let err = run_text(&mut s, "foxandgeese([[3,1,2]], [1,1])");
    assert!(err.contains("goose 1 of the list must be"), "{err}");
    let err = run_text(&mut s, "foxandgeese([[3,9]], [1,1])");
    assert!(err.contains("1 <= col <= 8"), "{err}");
    let err = run_text(&mut s, "foxandgeese([[3,9]], [1,1], 10)");
    assert!(!err.contains("error"), "{err}");
    let err = run_text(&mut s, "foxandgeese([[3,1]], [1,1], 0)");
    assert!(err.contains("expected an integer from 1 to 64"), "{err}");
    let err = run_text(&mut s, "foxandgeese([[1001,1]], [1,1])");
    assert!(err.contains("1 <= row <= 1000"), "{err}");
}

/// The standard start in CGSuite's coordinates: four geese on the dark squares of row 8, the
/// fox on (1,5). Winning Ways (2nd ed., vol. 3, ch. 20, as quoted by secondary sources; the
/// first edition said 1 + over, revised after Tromp and Welton) values the 8x8 start at
/// 2 + over, `2over` in CGSuite's notation. About 600,000 positions, half a minute.
#[test]
fn winning_ways_start_is_two_over() {
    let mut s = Session::new();
    assert_eq!(
        run_text(&mut s, "foxandgeese([[8,2],[8,4],[8,6],[8,8]], [1,5])"),
        "2over"
    );
}
