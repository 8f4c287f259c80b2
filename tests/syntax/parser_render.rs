//! CgError::render format.

use cgcalc::lang::parse_program;
use cgcalc::syntax::error::*;
use cgcalc::syntax::span::*;

#[test]
fn render_line_column_caret() {
    let src = "a = 1\n# comment\ng = {3|2|1}\n";
    let e = parse_program(src).unwrap_err();
    let r = e.render(src, "script.cgt");
    let mut lines = r.lines();
    assert_eq!(
        lines.next().unwrap(),
        "script.cgt:3:5: error: ambiguous slash notation: `{3|2|1}` has two `|` at the same level; write {3||2|1} or {3|2||1}"
    );
    assert_eq!(lines.next().unwrap(), "    g = {3|2|1}");
    assert_eq!(lines.next().unwrap(), "        ^^^^^^^");
    assert!(lines.next().unwrap().starts_with("hint: "));
    assert!(lines.next().is_none());
}

#[test]
fn render_counts_chars_and_handles_end_of_input() {
    let src = "x = \"é\" + {1|2";
    let e = parse_program(src).unwrap_err();
    let r = e.render(src, "<repl>");
    // `{` is the 11th char (the é is 2 bytes); an unclosed bracket is reported at itself.
    assert!(
        r.starts_with("<repl>:1:11: error: unclosed `{`: the statement ends before its `}`"),
        "{r}"
    );
    let caret = r.lines().nth(2).unwrap();
    assert_eq!(caret, format!("    {}^", " ".repeat(10)));
    // An error at the end of the input: one column past the last char.
    let src = "x = \"é\" +";
    let r = parse_program(src).unwrap_err().render(src, "<repl>");
    assert!(r.starts_with("<repl>:1:10: error: expected "), "{r}");
    let caret = r.lines().nth(2).unwrap();
    assert_eq!(caret, format!("    {}^", " ".repeat(9)));
}

#[test]
fn render_without_span_and_custom_errors() {
    let e = CgError::new("boom").with_hint("try again");
    assert_eq!(
        e.render("whatever", "<stdin>"),
        "<stdin>: error: boom\nhint: try again"
    );
    assert_eq!(e.to_string(), "boom");
    let e = CgError::at(Span::new(2, 2), "here");
    assert_eq!(
        e.render("ab\ncd", "f"),
        "f:1:3: error: here\n    ab\n      ^"
    );
    let e = CgError::at(Span::new(3, 9), "multi-line span");
    assert_eq!(
        e.render("ab\ncd\nef", "f"),
        "f:2:1: error: multi-line span\n    cd\n    ^^"
    );
    let e = CgError::at(Span::new(1, 2), "tab");
    assert_eq!(e.render("\tx", "f"), "f:1:2: error: tab\n    \tx\n    \t^");
    let boxed: Box<dyn std::error::Error> = Box::new(CgError::new("as error"));
    assert_eq!(boxed.to_string(), "as error");
}
