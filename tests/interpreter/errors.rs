//! Error messages: position `t.cgt:LINE:COL`, the source line with a caret line under the
//! offending text, and a message (and hint) that says what is wrong.

use cgcalc::lang::Session;

/// Runs `src` as file `t.cgt` and returns the rendered errors.
fn errors(src: &str) -> Vec<String> {
    let mut s = Session::new();
    let mut out = Vec::new();
    s.run_source(src, "t.cgt", false, &mut |r| {
        if let Some(e) = &r.error {
            out.push(e.clone());
        }
    });
    out
}

/// Asserts that `src` fails once, at `line:col`, with a caret under `caret_width` characters
/// starting at `col`, and that the message contains every one of `needles`.
#[track_caller]
fn check(src: &str, line: usize, col: usize, caret_width: usize, needles: &[&str]) {
    let errs = errors(src);
    assert_eq!(
        errs.len(),
        1,
        "{src:?} should give one error, gave {errs:#?}"
    );
    let e = &errs[0];
    let head = format!("t.cgt:{line}:{col}: error: ");
    assert!(e.starts_with(&head), "{src:?}: expected {head:?} in\n{e}");
    let lines: Vec<&str> = e.lines().collect();
    assert!(
        lines.len() >= 3,
        "{src:?}: no source and caret lines in\n{e}"
    );
    let source_line = src.lines().nth(line - 1).unwrap_or("");
    assert_eq!(
        lines[1],
        format!("    {source_line}"),
        "{src:?}: source line"
    );
    let caret = format!("    {}{}", " ".repeat(col - 1), "^".repeat(caret_width));
    assert_eq!(lines[2], caret, "{src:?}: caret line in\n{e}");
    for n in needles {
        assert!(e.contains(n), "{src:?}: expected {n:?} in\n{e}");
    }
}

#[test]
fn ambiguous_slash_notation() {
    check("{3|2|1}", 1, 1, 7, &["ambiguous", "{3||2|1}", "{3|2||1}"]);
}

#[test]
fn non_dyadic_fraction() {
    check("1/3", 1, 1, 3, &["1/3", "dyadic"]);
}

#[test]
fn decimals_are_refused() {
    check("2.5", 1, 1, 3, &["write 5/2"]);
}

#[test]
fn method_call_syntax_points_to_function() {
    check("G = {1|-1}\nG.mean", 2, 1, 6, &["mean(G)"]);
}

#[test]
fn unknown_variable() {
    check("foo", 1, 1, 3, &["unknown variable `foo`"]);
    // A close variable name is suggested.
    check(
        "value = 1\nvalu + 1",
        2,
        1,
        4,
        &["unknown variable `valu`", "did you mean `value`?"],
    );
}

#[test]
fn unknown_function_with_suggestion() {
    check(
        "lefft(1)",
        1,
        1,
        5,
        &["unknown function `lefft`", "did you mean `left`?"],
    );
}

#[test]
fn wrong_arity() {
    check(
        "left(1,2)",
        1,
        1,
        9,
        &["left(G)", "takes 1 argument, not 2"],
    );
}

#[test]
fn option_must_be_a_game() {
    check(
        "{0|true}",
        1,
        4,
        4,
        &["Right option must be a game", "boolean"],
    );
    // A list stands for its elements (language.md, options from lists); each must be a game.
    check(
        "{[1, true]|0}",
        1,
        2,
        9,
        &[
            "Left option (element 2 of the list) must be a game",
            "boolean",
        ],
    );
}

#[test]
fn reserved_and_function_names_cannot_be_assigned() {
    check("on = 3", 1, 1, 2, &["cannot assign to `on`", "reserved"]);
    check("true = 3", 1, 1, 4, &["reserved"]);
    check("left = 3", 1, 1, 4, &["`left` is a function name"]);
}

/// The script: `y = temp({2|-1}` used to swallow the lines after it and report the
/// error at `z`, losing `z = 5`. Now the bracket is reported at itself, with the file's line
/// and column, and the lines that begin new statements at column 1 run.
#[test]
fn an_unclosed_parenthesis_does_not_swallow_the_next_statements() {
    let src = "x = 1\ny = temp({2|-1}\n\nw = (1\n  + 2)\nz = 5\n";
    let mut s = Session::new();
    let mut errs = Vec::new();
    s.run_source(src, "t.cgt", false, &mut |r| errs.extend(r.error.clone()));
    assert_eq!(
        errs,
        vec![
            "t.cgt:2:9: error: unclosed `(`: the statement ends before its `)`\n    y = temp({2|-1}\n            ^\nhint: line 4 begins a new statement at column 1 (`w = (1`), so it is read on its own"
        ]
    );
    assert!(s.variable("y").is_none());
    for (name, value) in [("w", 3), ("z", 5)] {
        let got = match s.variable(name) {
            Some(cgcalc::calc::value::Value::Game(g)) => s.arena.as_number(*g),
            _ => None,
        };
        assert_eq!(got, Some(cgcalc::game::Dyadic::from_int(value)), "{name}");
    }
}

/// A bracket left open at the end of the input is reported at the bracket itself (the
/// issue: the error used to point at the end of the input, or at the next line it swallowed).
#[test]
fn unclosed_bracket_is_reported_at_the_bracket() {
    check(
        "{0|1",
        1,
        1,
        1,
        &["unclosed `{`: the statement ends before its `}`"],
    );
    check("g = {0|1,\n  2", 1, 5, 1, &["unclosed `{`"]);
    check("x = [1, (2 + 3]", 1, 15, 1, &["expected `)`"]);
    // The innermost bracket left open: `f(` is closed, `[` is not.
    check(
        "xs = [f(1), f(2)\n",
        1,
        6,
        1,
        &["unclosed `[`", "before its `]`"],
    );
    // Where the parser stopped before the end, a hint says where and why.
    check(
        "y = temp({2|-1}\n  w = 3",
        1,
        9,
        1,
        &[
            "unclosed `(`",
            "hint: the parser stopped at line 2, column 3: expected `,` or `)` in the arguments of `temp`, found `w`",
        ],
    );
    // An error before the bracket is reported first.
    check("x = 1 + + (2", 1, 9, 1, &["expected"]);
}

#[test]
fn failed_assert_shows_both_values() {
    check(
        "assert 1 == 2",
        1,
        8,
        6,
        &[
            "assertion failed",
            "1 == 2",
            "left side is 1",
            "right side is 2",
        ],
    );
    check(
        "assert {0|1} + {0|1} > 1",
        1,
        8,
        17,
        &["left side is 1", "right side is 1"],
    );
    check(
        "assert ^ < 0",
        1,
        8,
        5,
        &["left side is ^", "right side is 0"],
    );
}

#[test]
fn errors_report_their_line_in_multi_line_scripts() {
    // Evaluation error on line 3.
    check(
        "a = 1\nb = {a|2}\nc = a + missing\nd = 4",
        3,
        9,
        7,
        &["unknown variable `missing`"],
    );
    // Syntax error on line 3.
    check("a = 1\n\n  {3|2|1}\nb = 2", 3, 3, 7, &["ambiguous"]);
    // After a multi-line statement ({1,2|3} = {2|3} = 5/2, the simplest number between).
    check(
        "g = {1,\n 2 | 3}\nassert g == 2",
        3,
        8,
        6,
        &["left side is 5/2"],
    );
}

#[test]
fn power_and_multiplication_are_refused() {
    check(
        "x = 3\nx^2",
        2,
        2,
        2,
        &["no multiplication or power", "n.G"],
    );
}

#[test]
fn later_statements_still_run_after_an_evaluation_error() {
    let mut s = Session::new();
    let mut outputs = Vec::new();
    let ok = s.run_source("foo\n{0|1}", "t.cgt", false, &mut |r| {
        outputs.push((r.output.clone(), r.error.is_some()));
    });
    assert!(!ok);
    assert_eq!(
        outputs,
        vec![(None, true), (Some("1/2".to_string()), false)]
    );
}

#[test]
fn huge_integer_arguments_of_constructors_say_their_range() {
    // An integer beyond 2^63 was "not a game that is not an integer".
    let big = "99999999999999999999";
    check(
        &format!("dom({big}, 2)"),
        1,
        5,
        20,
        &[&format!(
            "expected an integer from 0 to 256, not the integer {big}"
        )],
    );
    check(
        &format!("dom(2, -{big})"),
        1,
        8,
        21,
        &[&format!("from 0 to 256, not the integer -{big}")],
    );
    check(
        &format!("primenim(3, {big})"),
        1,
        13,
        20,
        &[&format!(
            "expected a heap of 0 to 1048576 tokens, not the integer {big}"
        )],
    );
    check(
        "dom(3/2, 2)",
        1,
        5,
        3,
        &["expected an integer from 0 to 256, not the game 3/2"],
    );
}

#[test]
fn an_endgame_without_white_pieces_is_an_error() {
    // It said "a draw: White cannot force mate; no legal move (stalemate)".
    check(
        "dtm(\"8/8/8/4k3/8/8/8/8 w - - 0 1\")",
        1,
        5,
        29,
        &["White has no pieces", "lone Black king"],
    );
}

/// CGSuite's names lead to ours (issue 28, migration hints): a function of another name,
/// a game written another way, and a ruleset's name from its registration.
#[test]
fn cgsuite_names_get_the_cgcalc_form() {
    check(
        "Nim(3)",
        1,
        1,
        3,
        &["CGSuite's Nim is `nim` here: write nim(...)"],
    );
    check(
        "Kayles(5)",
        1,
        1,
        6,
        &["CGSuite's Kayles is `takeandbreak(\"0.77\", n)` here"],
    );
    check(
        "GrundysGame(5)",
        1,
        1,
        11,
        &["CGSuite's GrundysGame is `takeandbreak(\"4!.0\", n)` here"],
    );
    // CGSuite's class paths parse as Norton products of names: the whole path is the error.
    check(
        "game.grid.Domineering(\"..|..\")",
        1,
        1,
        30,
        &[
            "`game.grid.Domineering` is a CGSuite class path",
            "CGSuite's Domineering is `domineering` here: write domineering(...)",
        ],
    );
    check(
        "game.heap.DawsonsKayles",
        1,
        1,
        23,
        &["CGSuite's DawsonsKayles is `takeandbreak(\"0.07\", n)` here"],
    );
    // CGSuite's method call G.Temperature is a Norton product with the name Temperature.
    check(
        "{2|-2}.Temperature",
        1,
        8,
        11,
        &["CGSuite's Temperature is `temp` here: write temp(G), not G.Temperature"],
    );
    check(
        "Clobber(\"xo\")",
        1,
        1,
        7,
        &["CGSuite's Clobber is `clobber` here"],
    );
}

/// An operator left without its right operand before a closer is the error, not the closer
/// (issue 28: `n +` in a block was reported at the block's `}`).
#[test]
fn an_unfinished_operator_is_reported_at_the_operator() {
    check(
        "for n in 1..3 {\n  n +\n}",
        2,
        5,
        1,
        &["`+` has no right operand: the expression ends at `}`"],
    );
    check("(3 -)", 1, 4, 1, &["`-` has no right operand"]);
    check(")", 1, 1, 1, &["unexpected `)` (nothing to close)"]);
}
