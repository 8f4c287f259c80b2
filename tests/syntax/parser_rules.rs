//! Unit tests for the statement rules and R1-R8, asserting AST shapes via `sexpr`.

use cgcalc::lang::{is_incomplete, parse_expr, parse_program};
use cgcalc::syntax::ast::*;
use cgcalc::syntax::error::*;
use cgcalc::syntax::parser::*;
use cgcalc::syntax::span::*;

fn p(src: &str) -> String {
    match parse_program(src) {
        Ok(prog) => prog.sexpr(),
        Err(e) => panic!("{src:?} failed:\n{}", e.render(src, "<test>")),
    }
}

/// The single expression of a one-statement program.
fn x(src: &str) -> String {
    parse_expr(src)
        .unwrap_or_else(|e| panic!("{src:?} failed:\n{}", e.render(src, "<test>")))
        .sexpr()
}

fn err(src: &str) -> CgError {
    match parse_program(src) {
        Ok(prog) => panic!("{src:?} should fail but gave {}", prog.sexpr()),
        Err(e) => e,
    }
}

fn lit(src: &str) -> Literal {
    match parse_expr(src).unwrap().kind {
        ExprKind::Literal(l) => l,
        k => panic!("not a literal: {k:?}"),
    }
}

fn num(n: &str, d: Option<&str>) -> Option<NumLit> {
    Some(NumLit {
        numerator: n.into(),
        denominator: d.map(Into::into),
    })
}

// ---------- statements ----------

#[test]
fn statements_newlines_and_semicolons() {
    assert_eq!(p("1\n2"), "(expr 1)\n(expr 2)");
    assert_eq!(p("a; b"), "(expr a);\n(expr b)");
    assert_eq!(p("a; b;"), "(expr a);\n(expr b);");
    assert_eq!(p("\n\n;;\n"), "");
    assert_eq!(p(""), "");
    let prog = parse_program("g = 1;\nh").unwrap();
    assert!(!prog.statements[0].print);
    assert!(prog.statements[1].print);
    assert_eq!(prog.statements[0].span, Span::new(0, 5));
}

#[test]
fn newlines_inside_brackets_continue() {
    assert_eq!(p("{1,\n 2 |\n 3}"), "(expr (game [1 2] [3]))");
    assert_eq!(p("pow(^,\n3)"), "(expr (call pow ^ 3))");
    assert_eq!(p("[1,\n2]\n3"), "(expr (list [1 2]))\n(expr 3)");
    assert_eq!(p("(1 +\n 2)"), "(expr (+ 1 2))");
    // outside brackets a newline ends the statement
    let e = err("1 +\n2");
    assert!(e.message.contains("expected a game"), "{}", e.message);
}

#[test]
fn comments() {
    assert_eq!(p("1 # one\n2 // two"), "(expr 1)\n(expr 2)");
    assert_eq!(p("# only a comment"), "");
    assert_eq!(p("{1 # left\n | 0}"), "(expr (game [1] [0]))");
}

#[test]
fn assignments() {
    assert_eq!(p("g = 7"), "(assign g 7)");
    assert_eq!(p("g := 7"), "(assign g 7)");
    assert_eq!(p("vvvvx := vvvvv"), "(assign vvvvx v5)");
    let prog = parse_program("  gg = 1").unwrap();
    match &prog.statements[0].kind {
        StmtKind::Assign {
            name, name_span, ..
        } => {
            assert_eq!(name, "gg");
            assert_eq!(*name_span, Span::new(2, 4));
        }
        k => panic!("{k:?}"),
    }
    for r in RESERVED {
        let e = err(&format!("{r} = 1"));
        assert!(e.message.contains("reserved"), "{r}: {}", e.message);
    }
    assert!(err("vv = 1").message.contains("down literal"));
    assert!(err("v3 := 1").message.contains("down literal"));
    assert!(err("g = ").message.contains("expected a game"));
    assert!(err("1 + 1 = 2").hint.unwrap().contains("=="));
}

#[test]
fn asserts() {
    assert_eq!(p("assert 1 == 1"), "(assert (== 1 1))");
    assert_eq!(
        p("assert {on|on} == on;"),
        "(assert (== (game [on] [on]) on));"
    );
    assert!(err("assert").message.contains("after `assert`"));
    assert!(err("assert = 1").message.contains("reserved"));
}

#[test]
fn meta_commands() {
    assert_eq!(p(":help topic"), "(meta help \"topic\")");
    assert_eq!(p("  :load my file.cgt  "), "(meta load \"my file.cgt\")");
    assert_eq!(p(":vars"), "(meta vars \"\")");
    assert_eq!(
        p("1\n:time on\n2"),
        "(expr 1)\n(meta time \"on\")\n(expr 2)"
    );
    assert_eq!(p(":print-limit 40"), "(meta print-limit \"40\")");
    // R5: not at line start -> ordinal sum; `:=` is one token.
    assert_eq!(p("1 : 2"), "(expr (: 1 2))");
    assert_eq!(p("g := 1 : 2"), "(assign g (: 1 2))");
    assert!(err(":").message.contains("meta command name"));
    assert!(err(":= 3").message.contains("meta command name"));
    // a `:` at line start inside brackets is not a meta command
    assert_eq!(p("(1\n:2)"), "(expr (: 1 2))");
}

// ---------- R1 literals ----------

#[test]
fn r1_literal_parts() {
    let l = lit("-1/2v*");
    assert!(l.negative);
    assert_eq!(l.number, num("1", Some("2")));
    assert_eq!(l.ups, Some(UpsLit::Ups(-1)));
    assert_eq!(l.nim, Some(1));
    assert!(l.tiny.is_none());

    let l = lit("6^*");
    assert_eq!(
        (l.number, l.ups, l.nim),
        (num("6", None), Some(UpsLit::Ups(1)), Some(1))
    );
    let l = lit("73/16v9*8");
    assert_eq!(
        (l.number, l.ups, l.nim),
        (num("73", Some("16")), Some(UpsLit::Ups(-9)), Some(8))
    );
    let l = lit("^3*2");
    assert_eq!(
        (l.number, l.ups, l.nim),
        (None, Some(UpsLit::Ups(3)), Some(2))
    );
    let l = lit("2*3");
    assert_eq!((l.number, l.ups, l.nim), (num("2", None), None, Some(3)));
    let l = lit("2^10");
    assert_eq!(
        (l.number, l.ups, l.nim),
        (num("2", None), Some(UpsLit::Ups(10)), None)
    );
    let l = lit("*");
    assert_eq!((l.number, l.ups, l.nim), (None, None, Some(1)));
    let l = lit("*0");
    assert_eq!(l.nim, Some(0));
    let l = lit("0");
    assert_eq!(l.number, num("0", None));
    assert_eq!(lit("^^^").ups, Some(UpsLit::Ups(3)));
    assert_eq!(lit("vv").ups, Some(UpsLit::Ups(-2)));
    assert_eq!(lit("v3").ups, Some(UpsLit::Ups(-3)));
    assert_eq!(lit("vv*3").nim, Some(3));
    assert_eq!(lit("9/8*").number, num("9", Some("8")));
    // arbitrary size digits are kept verbatim
    let big = "123456789012345678901234567890123456789";
    assert_eq!(lit(&format!("-{big}/4096")).number, num(big, Some("4096")));
    // 1/3 parses (evaluation rejects it)
    assert_eq!(lit("1/3").number, num("1", Some("3")));
}

#[test]
fn r1_tiny_suffix() {
    let l = lit("2Tiny(2)");
    assert_eq!(l.number, num("2", None));
    let (k, e) = l.tiny.unwrap();
    assert_eq!(k, TinyKind::Tiny);
    assert_eq!(e.sexpr(), "2");
    assert_eq!(x("9Tiny({2|1})"), "9Tiny((game [2] [1]))");
    assert_eq!(x("-1Miny(3)"), "-1Miny(3)");
    // standalone Tiny/Miny are calls
    assert_eq!(x("Tiny(2)"), "(call Tiny 2)");
    assert_eq!(
        x("Miny({5||3|1})"),
        "(call Miny (game [5] [(game [3] [1])]))"
    );
    assert!(err("2Tiny(1,2)").message.contains("exactly one"));
}

#[test]
fn r1_minus_signs() {
    // attached sign at operand start
    assert_eq!(x("-1/2v*"), "-1/2v*");
    assert!(lit("-3").negative);
    // after an operand `-` is binary
    assert_eq!(x("3-1/2v*"), "(- 3 1/2v*)");
    assert_eq!(x("1--2"), "(- 1 -2)");
    // not glued to a number: unary negation
    assert_eq!(x("-^"), "(neg ^)");
    assert_eq!(x("- 1"), "(neg 1)");
    assert_eq!(x("-{1|0}"), "(neg (game [1] [0]))");
    assert_eq!(x("--x"), "(neg (neg x))");
}

#[test]
fn r1_spans() {
    let e = parse_expr("  -1/2v* + 1").unwrap();
    assert_eq!(e.span, Span::new(2, 12));
    if let ExprKind::Chain { first, rest } = e.kind {
        assert_eq!(first.span, Span::new(2, 8));
        assert_eq!(rest[0].1.span, Span::new(11, 12));
    } else {
        panic!()
    }
    assert_eq!(parse_expr("2Tiny(2)").unwrap().span, Span::new(0, 8));
}

// ---------- R2 ----------

#[test]
fn r2_no_multiplication() {
    for src in ["g*2", "g^", "(1+*)*", "pow(^,2)^", "[1]*"] {
        let e = err(src);
        assert!(
            e.hint.as_deref().unwrap_or("").contains("n.G"),
            "{src}: {e:?}"
        );
    }
    let e = err("2 * 3");
    assert!(e.hint.unwrap().contains("n.G"));
}

#[test]
fn r2_no_decimals_and_methods() {
    let e = err("2.5");
    assert_eq!(e.message, "no decimals: write 5/2");
    assert_eq!(e.span, Some(Span::new(0, 3)));
    assert_eq!(err("0.25").message, "no decimals: write 1/4");
    assert_eq!(err("3.0").message, "no decimals: write 3");
    assert_eq!(err(".5").message, "no decimals: write 1/2");
    assert!(err("1/2.5").message.starts_with("no decimals"));
    let e = err("G.mean");
    assert_eq!(e.hint.as_deref(), Some("write mean(G)"));
    let e = err("{1|0}.temp + 1");
    assert_eq!(e.hint.as_deref(), Some("write temp({1|0})"));
    // Norton products are fine
    assert_eq!(x("3.^"), "(. 3 ^)");
    assert_eq!(x("2.v"), "(. 2 v)");
    assert_eq!(x("2.vv*"), "(. 2 v2*)");
    assert_eq!(x("3 . g"), "(. 3 g)");
    assert_eq!(x("x .5"), "(. x 5)");
    assert_eq!(x("3.pow(^,2)"), "(. 3 (call pow ^ 2))");
}

// ---------- R3 precedence ----------

#[test]
fn r3_precedence() {
    assert_eq!(x("a + b . c : d"), "(+ a (: (. b c) d))");
    assert_eq!(x("a . b . c"), "(. (. a b) c)");
    assert_eq!(x("a : b : c"), "(: (: a b) c)");
    assert_eq!(x("-a : b"), "(neg (: a b))");
    assert_eq!(x("-a . b + c"), "(+ (neg (. a b)) c)");
    assert_eq!(x("a - b + c"), "(+ (- a b) c)");
    assert_eq!(
        x("3 - 2 +- 6 - 7 +- 8 + 4"),
        "(+ (+- (- (+- (- 3 2) 6) 7) 8) 4)"
    );
    assert_eq!(x("a + b == c - d"), "(== (+ a b) (- c d))");
    assert_eq!(x("5 : -1"), "(: 5 -1)");
    assert_eq!(x("5 : -x"), "(: 5 (neg x))");
    assert_eq!(
        x("10 . (1+pow(^,2)+*4)"),
        "(. 10 (+ (+ 1 (call pow ^ 2)) *4))"
    );
    assert_eq!(x("(-4) . ^"), "(. -4 ^)");
}

#[test]
fn r3_comparisons_non_associative() {
    for (src, op) in [
        ("a == b", "=="),
        ("a != b", "!="),
        ("a < b", "<"),
        ("a <= b", "<="),
        ("a > b", ">"),
        ("a >= b", ">="),
        ("a <> b", "<>"),
        ("a <| b", "<|"),
        ("a |> b", "|>"),
    ] {
        assert_eq!(x(src), format!("({op} a b)"));
    }
    let e = err("a < b < c");
    assert!(e.message.contains("do not chain"));
    assert_eq!(e.span, Some(Span::new(6, 7)));
    assert_eq!(x("(a < b) == c"), "(== (< a b) c)");
}

// ---------- R4 +- ----------

#[test]
fn r4_plus_minus() {
    assert_eq!(x("+-1"), "(switch 1)");
    assert_eq!(x("+-1+-2"), "(+- (switch 1) 2)");
    assert_eq!(x("+-(1/2)"), "(switch 1/2)");
    assert_eq!(x("+-{1,1+*}"), "(switchset [1 (+ 1 *)])");
    assert_eq!(x("+-{3|2}"), "(switch (game [3] [2]))");
    assert_eq!(x("+-^^"), "(switch ^2)");
    assert_eq!(x("+-1:2"), "(: (switch 1) 2)");
    assert_eq!(x("1 +- 2"), "(+- 1 2)");
    assert_eq!(x("1 +- {1,2}"), "(+ 1 (switchset [1 2]))");
    assert_eq!(x("1 +- {3|2}"), "(+- 1 (game [3] [2]))");
    assert_eq!(x("+--1"), "(switch -1)");
    assert_eq!(x("+-(5over)"), "(switch (+ 5 over))");
    assert_eq!(x("-1/2under"), "(+ -1/2 under)");
    assert_eq!(x("5 + over"), "(+ 5 over)");
    let e = err("+-(1,1+*)");
    assert_eq!(
        e.hint.as_deref(),
        Some("for the switch {a,b|-a,-b} write +-{1,1+*}")
    );
    assert_eq!(e.span, Some(Span::new(2, 9)));
    let e = err("(1,2)");
    assert!(e.message.contains("single expression"));
    assert!(err("+-{}").message.contains("at least one option"));
    let sp = parse_expr("+-{1,2}").unwrap().span;
    assert_eq!(sp, Span::new(0, 7));
}

// ---------- R6 ----------

#[test]
fn r6_up_tokens_and_lists() {
    assert_eq!(lit("^<3>").ups, Some(UpsLit::UpNth(3)));
    assert_eq!(lit("v<2>").ups, Some(UpsLit::UpNth(-2)));
    assert_eq!(lit("^[3]").ups, Some(UpsLit::UpTo(3)));
    let l = lit("v[2]*");
    assert_eq!((l.ups, l.nim), (Some(UpsLit::UpTo(-2)), Some(1)));
    assert_eq!(x("^ < 2"), "(< ^ 2)");
    assert_eq!(x("^<2"), "(< ^ 2)");
    assert_eq!(x("[^, v[2]*, []]"), "(list [^ v[2]* (list [])])");
    assert_eq!(x("[1, [2, 3]]"), "(list [1 (list [2 3])])");
    assert!(err("[1,]").message.contains("after `,`"));
}

// ---------- R7 names ----------

#[test]
fn r7_names() {
    assert_eq!(x("val"), "val");
    assert_eq!(x("vvvvx"), "vvvvx");
    assert_eq!(x("v3x"), "v3x");
    assert_eq!(x("vvvvv"), "v5");
    assert_eq!(x("v"), "v");
    assert_eq!(x("v3*2"), "v3*2");
    assert_eq!(
        x("on + off + over + under + dud"),
        "(+ (+ (+ (+ on off) over) under) dud)"
    );
    assert_eq!(x("true"), "true");
    assert!(matches!(parse_expr("val").unwrap().kind, ExprKind::Name(_)));
    assert!(matches!(
        parse_expr("vv").unwrap().kind,
        ExprKind::Literal(_)
    ));
}

// ---------- braces and slash notation ----------

#[test]
fn braces_and_slashes() {
    assert_eq!(x("{|}"), "(game [] [])");
    assert_eq!(x("{|1}"), "(game [] [1])");
    assert_eq!(x("{1|}"), "(game [1] [])");
    assert_eq!(x("{0,*|0,*}"), "(game [0 *] [0 *])");
    assert_eq!(x("{3||2|1}"), "(game [3] [(game [2] [1])])");
    assert_eq!(x("{3|2||1}"), "(game [(game [3] [2])] [1])");
    assert_eq!(x("{0|*||*}"), "(game [(game [0] [*])] [*])");
    assert_eq!(x("{a|b||c|d}"), "(game [(game [a] [b])] [(game [c] [d])])");
    assert_eq!(
        x("{a|||b||c|d}"),
        "(game [a] [(game [b] [(game [c] [d])])])"
    );
    assert_eq!(x("{||}"), "(game [] [])");
    assert_eq!(x("{1||}"), "(game [1] [])");
    assert_eq!(
        x("{{1|0}|{0|-1}}"),
        "(game [(game [1] [0])] [(game [0] [-1])])"
    );
    // nested side span
    let e = parse_expr("{3 || 2 | 1 }").unwrap();
    if let ExprKind::Game { right, .. } = &e.kind {
        assert_eq!(right[0].span, Span::new(6, 11));
    } else {
        panic!()
    }
}

#[test]
fn slash_errors() {
    let e = err("{3|2|1}");
    assert_eq!(
        e.message,
        "ambiguous slash notation: `{3|2|1}` has two `|` at the same level; write {3||2|1} or {3|2||1}"
    );
    assert_eq!(e.span, Some(Span::new(0, 7)));
    let e = err("{a||b|c||d}");
    assert!(e.message.contains("two `||`"), "{}", e.message);
    assert!(
        e.message.contains("{a|||b|c||d} or {a||b|c|||d}"),
        "{}",
        e.message
    );
    let e = err("{a||b|c|d}");
    assert!(
        e.message.contains("{a||{b||c|d}} or {a||{b|c||d}}"),
        "{}",
        e.message
    );
    let e = err("{1,2}");
    assert_eq!(
        e.message,
        "a game needs a `|` between Left and Right options"
    );
    assert!(err("{,|}").message.contains("before `,`"));
    assert!(
        err("{1,|}")
            .message
            .contains("expected an option between `,` and `|`")
    );
    assert!(err("{1,}").message.contains("after `,`"));
    let e = err("{1|2");
    assert!(
        e.message
            .contains("unclosed `{`: the statement ends before its `}`"),
        "{}",
        e.message
    );
    assert_eq!(e.span.map(|s| s.start), Some(0));
    let e = err("g = {1|2)");
    assert!(
        e.message
            .contains("expected `}` to close the `{` at line 1, column 5"),
        "{}",
        e.message
    );
    assert!(err("{1 2|3}").message.contains("expected `,`, `|` or `}`"));
    assert!(
        err("{1 < 2|3}")
            .message
            .contains("expected `,`, `|` or `}`")
    );
}

// ---------- R8 brace-less slash ----------

#[test]
fn r8_braceless() {
    assert_eq!(p("2|1"), "(expr (game [2] [1]))");
    assert_eq!(p("3||2|1"), "(expr (game [3] [(game [2] [1])]))");
    assert_eq!(p("g = 2|1"), "(assign g (game [2] [1]))");
    assert_eq!(p("0,*|1; 2"), "(expr (game [0 *] [1]));\n(expr 2)");
    assert_eq!(p("|1"), "(expr (game [] [1]))");
    for src in [
        "(2|1)",
        "f(2|1)",
        "[2|1]",
        "1 == 2|1",
        "assert 2|1",
        "2|1 == {2|1}",
    ] {
        let e = err(src);
        assert!(e.message.contains("braces"), "{src}: {}", e.message);
    }
    assert!(err("3|2|1").message.contains("ambiguous"));
    assert!(err("1, 2").message.contains("`,`"));
}

// ---------- calls, strings, misc ----------

#[test]
fn calls_and_strings() {
    assert_eq!(x("pow(^,3)"), "(call pow ^ 3)");
    assert_eq!(x("f()"), "(call f)");
    assert_eq!(
        x(r#"svg(thermo(G), "f.svg")"#),
        r#"(call svg (call thermo G) "f.svg")"#
    );
    assert_eq!(x(r#""a\"b\\c""#), r#""a\"b\\c""#);
    match parse_expr(r#""a\"b\\c""#).unwrap().kind {
        ExprKind::Str(s) => assert_eq!(s, "a\"b\\c"),
        k => panic!("{k:?}"),
    }
    assert_eq!(x("\"two\nlines\""), "\"two\\nlines\"");
    assert!(err("\"open").message.contains("unterminated"));
    let e = err("pow(^,3");
    assert!(
        e.message
            .contains("unclosed `(`: the statement ends before its `)`"),
        "{}",
        e.message
    );
    assert_eq!(e.span.map(|s| s.start), Some(3));
    assert!(err(")").message.contains("unexpected `)`"));
    assert!(err("1 )").message.contains("unexpected `)`"));
    assert!(err("()").message.contains("empty"));
    assert!(err("1 @ 2").message.contains("unexpected character"));
    assert!(err("+1").hint.unwrap().contains("unary `+`"));
}

#[test]
fn errors_report_first_problem() {
    // a parse error before a lexical error wins
    let e = err("1 +\n2.5");
    assert!(e.message.contains("expected a game"), "{}", e.message);
    let e = err("1\n2.5");
    assert!(e.message.contains("decimals"));
    let e = err("(((((((((( 2.5");
    assert!(e.message.contains("decimals"));
}

#[test]
fn deep_nesting_is_an_error_not_a_crash() {
    for depth in [150usize, 1000, 100_000] {
        for (open, close) in [
            ("(", ")"),
            ("{", "|}"),
            ("[", "]"),
            ("f(", ")"),
            ("-", ""),
            ("+-", ""),
        ] {
            let src = format!("{}1{}", open.repeat(depth), close.repeat(depth));
            let r = parse_program(&src);
            if depth > cgcalc::syntax::parser::MAX_DEPTH {
                assert!(r.unwrap_err().message.contains("nested too deeply"));
            } else {
                assert!(r.is_ok(), "{open} x {depth}");
            }
        }
    }
    // many slash levels: 399 are within MAX_DEPTH (they were over the old limit of 200)
    let mut s = String::from("{a");
    for i in 1..400 {
        s.push_str(&"|".repeat(i));
        s.push('b');
    }
    s.push('}');
    const { assert!(399 < cgcalc::syntax::parser::MAX_DEPTH) };
    assert!(parse_program(&s).is_ok());
}

#[test]
fn is_incomplete_tracks_brackets_and_strings() {
    assert!(is_incomplete("{1,"));
    assert!(is_incomplete("pow(^,"));
    assert!(is_incomplete("[1, {2|"));
    assert!(is_incomplete("\"abc"));
    assert!(is_incomplete("g = {1 # }\n"));
    assert!(!is_incomplete("{1|0}"));
    assert!(!is_incomplete("1 +"));
    assert!(!is_incomplete("(]"));
    assert!(!is_incomplete(")"));
    assert!(!is_incomplete(":load {x"));
    assert!(!is_incomplete("\"a\\\"b\""));
    assert!(!is_incomplete("# {"));
    assert!(!is_incomplete("// ("));
    assert!(is_incomplete("{1\n:2"));
}

/// A line that begins a new statement at column 1 ends an unfinished `(` or `[` (language
/// rule in grammar/cgcalc.ebnf, section 1): the REPL and stdin stop waiting, and the line is
/// a statement group of its own.
#[test]
fn a_statement_at_column_one_ends_an_open_parenthesis() {
    for line in [
        "z = 5",
        "z := 5",
        "_x=1",
        "f(n) = n",
        "g ( a , b ) := a",
        "f() = 1",
        "assert 1 == 1",
        ":vars",
        ":time on",
        ":help\n",
    ] {
        assert!(starts_statement(line, cgcalc::lang::NAMES), "{line:?}");
    }
    for line in [
        " z = 5",
        "z == 5",
        "z",
        "2, 3]",
        "for n in 1..3)",
        "if n > 1]",
        "f(n) == 3",
        "f(1) = 3",
        "asserted",
        ":2",
        ":nosuchcommand",
        ":time)",
        "# x = 1",
        "\"x = 1\"",
    ] {
        assert!(!starts_statement(line, cgcalc::lang::NAMES), "{line:?}");
    }
    let src = "y = temp({2|-1}\nz = 5\n";
    assert_eq!(
        first_group(src, cgcalc::lang::NAMES),
        GroupEnd {
            len: 16,
            open: false,
            cut: true
        }
    );
    assert!(!is_incomplete(src));
    assert!(!is_incomplete("xs = [1,\nassert 1 == 1"));
    assert!(!is_incomplete("f(\n:vars"));
    // Indented, or not a statement, or inside braces (a block's statements): still open.
    assert!(is_incomplete("y = temp({2|-1}\n  z = 5\n"));
    assert!(is_incomplete("t = table([n]\nfor n in 1..3"));
    assert!(is_incomplete("for n in 1..3 {\nx = n\n"));
    assert!(is_incomplete("g = {1,\nx = 2"));
    assert!(is_incomplete("s = \"(\nx = 1"));
    // The group after the cut is what the REPL waits for.
    assert!(is_incomplete("y = temp(\nz = [1,\n"));
    // The innermost bracket decides: a block inside parentheses is not cut.
    assert!(is_incomplete("f(if 1 < 2 {\nx = 1\n"));
    assert!(!is_incomplete("for n in 1..2 {\n  x = temp(n\ny = 2\n}"));
}
