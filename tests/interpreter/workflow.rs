//! The research workflow of language.md: `_`, ranges, lists and indexing, `for` and `if`
//! blocks, user functions (recursive, memoised, scoped), generators and tables, the list
//! functions, `:save`/`:load`. Expected values are worked out by hand in the comments.

use crate::common::{cache_stats, run_ok, run_text};
use cgcalc::calc::value::Value;
use cgcalc::lang::Session;
use cgcalc::lang::parse_program;

fn session() -> Session {
    Session::new()
}

/// The rendered error of the first failing statement of `src`.
fn run_err(s: &mut Session, src: &str) -> String {
    let mut err = None;
    s.run_source(src, "t.cgt", false, &mut |r| {
        if err.is_none() {
            err = r.error.clone();
        }
    });
    err.unwrap_or_else(|| panic!("{src}: no error"))
}

fn sexpr(src: &str) -> String {
    parse_program(src)
        .unwrap_or_else(|e| panic!("{src}: {}", e.render(src, "<t>")))
        .sexpr()
}

#[test]
fn parsing_blocks_ranges_and_generators() {
    assert_eq!(sexpr("1..10"), "(expr (range 1 10))");
    assert_eq!(sexpr("0..n-1"), "(expr (range 0 (- n 1)))");
    assert_eq!(sexpr("xs[0][1]"), "(expr (index (index xs 0) 1))");
    assert_eq!(
        sexpr("f(n) = if n == 0 {0} else {f(n-1) | -n}"),
        "(def f [n] (if (== n 0) (block (expr 0)) (block (expr (game [(call f (- n 1))] [(neg n)])))))"
    );
    // `{...}` after else is a block; the block's statement may itself be a game in braces.
    assert_eq!(
        sexpr("if true {{1|0}} else {1|0}"),
        "(expr (if true (block (expr (game [1] [0]))) (block (expr (game [1] [0])))))"
    );
    assert_eq!(
        sexpr("if a {1} else if b {2} else {3}"),
        "(expr (if a (block (expr 1)) (block (expr (if b (block (expr 2)) (block (expr 3)))))))"
    );
    // Inside a block a line break ends a statement: `n` and `-n`, not `n - n`.
    assert_eq!(
        sexpr("for n in 1..2 {\n  n\n  -n;\n}"),
        "(for n (range 1 2) (block (expr n) (expr (neg n));))"
    );
    // Inside game braces it does not.
    assert_eq!(
        sexpr("for n in 1..2 {{1,\n2|\n0}}"),
        "(for n (range 1 2) (block (expr (game [1 2] [0]))))"
    );
    assert_eq!(
        sexpr("table([n, n.^] for n in 1..3 if n != 2)"),
        "(expr (call table (gen (list [n (. n ^)]) (for n (range 1 3)) (if (!= n 2)))))"
    );
    assert_eq!(
        sexpr("[m + n for m in 1..2 for n in 1..2]"),
        "(expr (list [(gen (+ m n) (for m (range 1 2)) (for n (range 1 2)))]))"
    );
    // `<|` and `|>` inside a block are comparisons, inside game braces bars.
    assert_eq!(
        sexpr("if true { ^ <| *2 }"),
        "(expr (if true (block (expr (<| ^ *2)))))"
    );
}

#[test]
fn last_result_ranges_and_indexing() {
    let mut s = session();
    assert_eq!(run_ok(&mut s, "3 + 4"), "7");
    assert_eq!(run_ok(&mut s, "_ + 1"), "8");
    // An assignment's value is a result too; x + x = * + * = 0.
    run_ok(&mut s, "x = *");
    assert_eq!(run_ok(&mut s, "_ + x"), "0");
    assert_eq!(run_ok(&mut s, "1..4"), "[1, 2, 3, 4]");
    assert_eq!(run_ok(&mut s, "3..1"), "[]");
    assert_eq!(run_ok(&mut s, "1..3 == [1, 2, 3]"), "true");
    // Gauss: 1 + 2 + ... + 100 = 100 * 101 / 2.
    assert_eq!(run_ok(&mut s, "sum(1..100)"), "5050");
    assert_eq!(run_ok(&mut s, "len(1..100)"), "100");
    assert_eq!(run_ok(&mut s, "[0, *, ^][2]"), "^");
    assert_eq!(run_ok(&mut s, "xs = [[1, 2], [*, [^]]]; xs[1][1][0]"), "^");
    // followers(^) lists 0, *, ^ in printing order.
    assert_eq!(run_ok(&mut s, "followers(^)[1]"), "*");
    // Integers are games: n - 1 and 2.n are game operations on them.
    assert_eq!(run_ok(&mut s, "n = 7; 2.n - 1"), "13");
    // Lists print in a form that reads back.
    assert_eq!(
        run_ok(&mut s, "[0, *, ^, {3||2|1}, \"s\", true]"),
        "[0, *, ^, {3||2|1}, \"s\", true]"
    );
    assert_eq!(
        run_ok(&mut s, "[0, *, ^, {3||2|1}] == [0, *, {0|*}, {3||2|1}]"),
        "true"
    );
}

#[test]
fn loops_and_conditionals_print_their_statements() {
    let mut s = session();
    // n.* is n copies of *: *, 0, *.
    assert_eq!(run_ok(&mut s, "for n in 1..3 { n.* }"), "*\n0\n*");
    // `;` inside the block silences one statement; after the loop, the whole loop.
    assert_eq!(run_ok(&mut s, "for n in 1..2 { n; -n }"), "-1\n-2");
    assert_eq!(run_text(&mut s, "for n in 1..2 { n }; 5"), "\n5");
    // A loop over a list; a multi-line block, one statement per line.
    let src = "for g in [^, *, {1|-1}] {\n  outcome(g)\n  -g\n}";
    assert_eq!(run_ok(&mut s, src), "L\nv\nN\n*\nN\n+-1");
    // Nested loops, and the loop variable keeps its last value at the top level.
    assert_eq!(
        run_ok(&mut s, "for a in 1..2 { for b in 1..2 { a - b } }"),
        "0\n-1\n1\n0"
    );
    assert_eq!(run_ok(&mut s, "a + b"), "4");
    // * is confused with 0; ^ is positive.
    assert_eq!(
        run_ok(&mut s, "if * <> 0 { \"fuzzy\" } else { \"not\" }"),
        "\"fuzzy\""
    );
    assert_eq!(
        run_ok(&mut s, "if ^ < 0 {1} else if ^ > 0 {2} else {3}"),
        "2"
    );
    // A block whose statement is slash notation is that game; braces inside too.
    assert_eq!(run_ok(&mut s, "if true {1|0}"), "{1|0}");
    assert_eq!(run_ok(&mut s, "if true {{1|0}}"), "{1|0}");
    // As a right-hand side an if prints nothing inside; its value is assigned.
    assert_eq!(run_ok(&mut s, "y = if 1 < 2 { 5; 6 } else { 7 }"), "6");
    assert_eq!(run_ok(&mut s, "y"), "6");
    // Inside an expression too.
    assert_eq!(run_ok(&mut s, "1 + if * <> 0 {1} else {2}"), "2");
    assert_eq!(
        run_ok(&mut s, "[if n > 1 {^} else {v} for n in 1..2]"),
        "[v, ^]"
    );
    let src = "for k in [1, 2] {\n  assert * <| 0\n  if k == 2 { k |> 0 }\n}";
    assert_eq!(run_ok(&mut s, src), "true");
}

#[test]
fn recursive_families() {
    let mut s = session();
    // g(n) = {g(n-1) | -n}, g(0) = 0. Thermographs by induction: the Left wall of g(n) is
    // -(n-1) below t(n-1), then mean(g(n-1)) - t; the Right wall is -n + t. They meet at
    // t(n) = 1 - 1/2^n, where the mean is 1 - n - 1/2^n; the stops are -(n-1) and -n.
    run_ok(&mut s, "g(n) = if n == 0 {0} else {g(n-1) | -n}");
    assert_eq!(run_ok(&mut s, "g(1)"), "{0|-1}");
    assert_eq!(run_ok(&mut s, "g(3)"), "{0|-1||-2|||-3}");
    assert_eq!(run_ok(&mut s, "temp(g(5))"), "31/32");
    assert_eq!(run_ok(&mut s, "mean(g(5))"), "-129/32");
    assert_eq!(run_ok(&mut s, "[lstop(g(5)), rstop(g(5))]"), "[-4, -5]");
    // u(n) = {0 | u(n-1)}: * = {0|0}, ^ = {0|*}, ^^* = {0|^}, and {0 | k.^} = (k+1).^* and
    // {0 | k.^*} = (k+1).^ for k >= 1: u(n) = (n-1).^, plus * when n is odd; aw = n - 1.
    run_ok(&mut s, "u(n) = if n == 0 {0} else {{0 | u(n-1)}}");
    assert_eq!(
        run_ok(&mut s, "[u(n) for n in 1..6]"),
        "[*, ^, ^^*, ^3, ^4*, ^5]"
    );
    assert_eq!(
        run_ok(&mut s, "map(aw, [u(n) for n in 1..6])"),
        "[0, 1, 2, 3, 4, 5]"
    );
    // Fibonacci on integer games: memoised, so fib(100) takes 100 calls, not 2^100.
    run_ok(&mut s, "fib(n) = if n < 2 {n} else {fib(n-1) + fib(n-2)}");
    assert_eq!(run_ok(&mut s, "fib(30)"), "832040");
    assert_eq!(run_ok(&mut s, "fib(100)"), "354224848179261915075");
    // Two parameters: a(m, n) = m : n (ordinal sum G : H = {G^L, G : H^L | G^R, G : H^R}).
    // 1 = {0|}, so 1 : 1 = {0, 1 : 0 |} = {0, 1|} = 2 and 1 : -1 = {0 | 1 : 0} = {0|1} = 1/2.
    run_ok(&mut s, "a(m, n) = m : n");
    assert_eq!(run_ok(&mut s, "a(1, 1)"), "2");
    assert_eq!(run_ok(&mut s, "a(1, -1)"), "1/2");
}

#[test]
fn subtraction_game_nim_values_are_periodic() {
    let mut s = session();
    // Subtraction game {2, 3}: G(n) = mex{G(n-2), G(n-3)}: 0 0 1 1 2 | 0 0 1 1 2 | ...
    run_ok(
        &mut s,
        "s(n) = if n < 2 {0} else if n == 2 {*} else {s(n-2), s(n-3) | s(n-2), s(n-3)}",
    );
    assert_eq!(
        run_ok(&mut s, "[nimval(s(n)) for n in 0..9]"),
        "[0, 0, 1, 1, 2, 0, 0, 1, 1, 2]"
    );
    assert_eq!(
        run_ok(&mut s, "period([nimval(s(n)) for n in 0..30])"),
        "preperiod 0, period 5"
    );
    // The games themselves (nimbers), and a table's value column, work the same.
    assert_eq!(
        run_ok(&mut s, "period(s(n) for n in 0..30)"),
        "preperiod 0, period 5"
    );
    // Stops of g(n) = {g(n-1) | -n} go down by 1: arithmetic period 1, saltus -1.
    run_ok(&mut s, "g(n) = if n == 0 {0} else {g(n-1) | -n}");
    assert_eq!(
        run_ok(&mut s, "period([lstop(g(n)) for n in 1..12])"),
        "preperiod 0, period 1, saltus -1"
    );
    // Nim values 0, 1, ..., 6: period 1 with saltus 1 on the nim values.
    assert_eq!(
        run_ok(&mut s, "period([*0, *1, *2, *3, *4, *5, *6])"),
        "preperiod 0, period 1, saltus 1 (on nim values)"
    );
    // A preperiod: 5 5, then 0 1 repeating.
    assert_eq!(
        run_ok(&mut s, "period([5, 5, 0, 1, 0, 1, 0, 1])"),
        "preperiod 2, period 2"
    );
    assert_eq!(
        run_ok(&mut s, "assert period([*, 0, *, 0]) == [0, 2, 0]; 1"),
        "1"
    );
    assert!(run_ok(&mut s, "period([1, 2, 4, 8])").starts_with("no period in 4 terms"));
}

#[test]
fn list_functions() {
    let mut s = session();
    // Nim sum 1 xor 2 xor 3 = 0.
    assert_eq!(run_ok(&mut s, "sum([*, *2, *3])"), "0");
    assert_eq!(run_ok(&mut s, "sum([^, ^, *])"), "^^*");
    assert_eq!(run_ok(&mut s, "sum([])"), "0");
    assert_eq!(run_ok(&mut s, "sum(n for n in 1..10 if isodd(n))"), "25");
    assert_eq!(run_ok(&mut s, "max([1, 5/2, -3])"), "5/2");
    assert_eq!(run_ok(&mut s, "min([1, 5/2, -3])"), "-3");
    assert_eq!(run_ok(&mut s, "max(2, 7)"), "7");
    assert_eq!(run_ok(&mut s, "mod(17, 5)"), "2");
    assert_eq!(run_ok(&mut s, "mod(-1, 3)"), "2");
    assert_eq!(run_ok(&mut s, "mod(7, -3)"), "1");
    assert_eq!(run_ok(&mut s, "map(temp, [{1|-1}, {2|-2}])"), "[1, 2]");
    assert_eq!(
        run_ok(&mut s, "filter(isnumber, [1, *, 1/2, ^])"),
        "[1, 1/2]"
    );
    run_ok(&mut s, "sw(n) = {n | -n}");
    assert_eq!(run_ok(&mut s, "map(sw, 1..3)"), "[+-1, +-2, +-3]");
    assert_eq!(run_ok(&mut s, "len([0, *, ^])"), "3");
    assert_eq!(run_ok(&mut s, "len(\"abc\")"), "3");
    assert_eq!(
        run_ok(&mut s, "[n for n in 1..6 if mod(n, 3) == 0]"),
        "[3, 6]"
    );
}

/// Positions in tables are valued when the table is printed (language.md), in every column
/// and grid cell. Domineering 2 x 1: Left's one vertical domino leaves nothing, Right has no
/// move: {0|} = 1. 2 x 2: Left's domino leaves a 2 x 1 column (1), Right's a 1 x 2 row (-1):
/// {1|-1} = +-1, of temperature 1. 1 x 2: Right's one horizontal domino, {|0} = -1.
#[test]
fn positions_in_tables_are_valued_when_printed() {
    let mut s = session();
    assert_eq!(
        run_ok(&mut s, "table([dom(2,n), temp(dom(2,n))] for n in 1..2)"),
        "n  dom(2,n)  temp(dom(2,n))\n-  --------  --------------\n1  1         -1\n2  +-1       1"
    );
    assert_eq!(
        run_ok(&mut s, "table(dom(m,n) for m in 1..2 for n in 2..2)"),
        "m\\n  2\n1    -1\n2    +-1"
    );
    // The table: no cell is left "not computed yet", and each first-column cell is
    // what the position prints on its own.
    let out = run_ok(&mut s, "table([dom(2,n), temp(dom(2,n))] for n in 1..5)");
    assert!(!out.contains("not computed"), "{out}");
    for n in 1..=5 {
        let alone = run_ok(&mut s, &format!("dom(2,{n})"));
        let row = out.lines().nth(n + 1).unwrap();
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(
            cells[..2],
            [n.to_string().as_str(), alone.as_str()],
            "{out}"
        );
    }
    // A stored table too, and a list in a table cell.
    run_text(&mut s, "t = table([[dom(1,2)], dom(2,1)] for n in 1..1);");
    assert_eq!(
        run_ok(&mut s, "t"),
        "n  [dom(1,2)]  dom(2,1)\n-  ----------  --------\n1  [-1]        1"
    );
}

#[test]
fn tables_print_aligned_and_export() {
    let mut s = session();
    assert_eq!(
        run_ok(&mut s, "table(n.^ for n in 1..3)"),
        "n  n.^\n-  ---\n1  ^\n2  ^^\n3  ^3"
    );
    assert_eq!(
        run_ok(&mut s, "table([n, temp({n|-n})] for n in 1..2)"),
        "n  n  temp({n|-n})\n-  -  ------------\n1  1  1\n2  2  2"
    );
    // Two loops: a grid, the first variable down, the second across.
    assert_eq!(
        run_ok(&mut s, "table(m + n for m in 1..2 for n in 1..3)"),
        "m\\n  1  2  3\n1    2  3  4\n2    3  4  5"
    );
    assert_eq!(
        run_ok(&mut s, "table([*, ^])"),
        "i  value\n-  -----\n0  *\n1  ^"
    );
    // A table is a list of its values.
    assert_eq!(run_ok(&mut s, "t = table(n.* for n in 1..4); len(t)"), "4");
    assert_eq!(run_ok(&mut s, "t[1]"), "0");

    let dir = std::env::temp_dir().join(format!("cgcalc-workflow-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("t.csv");
    let json = dir.join("t.json");
    let out = run_ok(
        &mut s,
        &format!(
            "csv(table(g for g in [^, {{2|0,*}}]), \"{}\")",
            csv.display()
        ),
    );
    assert!(
        out.starts_with("wrote ") && out.ends_with("(2 rows)"),
        "{out}"
    );
    // The cell with a comma is quoted.
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "g,g\n^,^\n\"{2|0,*}\",\"{2|0,*}\"\n"
    );
    run_ok(
        &mut s,
        &format!("json([0, *, [^, true]], \"{}\")", json.display()),
    );
    assert_eq!(
        std::fs::read_to_string(&json).unwrap(),
        "[\"0\", \"*\", [\"^\", true]]\n"
    );
    run_ok(
        &mut s,
        &format!("json(table(n.^ for n in 1..2), \"{}\")", json.display()),
    );
    assert_eq!(
        std::fs::read_to_string(&json).unwrap(),
        "[\n  {\"n\": \"1\", \"n.^\": \"^\"},\n  {\"n\": \"2\", \"n.^\": \"^^\"}\n]\n"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn user_functions_scope_memo_and_names() {
    let mut s = session();
    // The memo is forgotten when a variable the body reads changes, and for the callers.
    run_ok(&mut s, "k = 1; h(n) = n + k; h2(n) = h(n) + 1");
    assert_eq!(run_ok(&mut s, "[h(1), h2(1)]"), "[2, 3]");
    run_ok(&mut s, "k = 10");
    assert_eq!(run_ok(&mut s, "[h(1), h2(1)]"), "[11, 12]");
    // Locals stay in the call: t is not a session variable afterwards.
    run_ok(&mut s, "z(n) = if true { t = n + 1; t + t }");
    assert_eq!(run_ok(&mut s, "z(1)"), "4");
    assert!(run_text(&mut s, "t").contains("unknown variable `t`"));
    // A body does not see its caller's locals, only its parameters and session variables.
    run_ok(&mut s, "w(m) = m + k");
    assert_eq!(run_ok(&mut s, "[w(n) for n in 1..2]"), "[11, 12]");
    run_ok(&mut s, "w2(m) = m + n");
    assert!(run_text(&mut s, "[w2(1) for n in 1..2]").contains("unknown variable `n`"));
    // Built-ins are never shadowed; parameters may not be function names either.
    assert!(run_err(&mut s, "temp(n) = 1").contains("`temp` is a built-in function"));
    assert!(run_err(&mut s, "f(temp) = 1").contains("`temp` is a built-in function"));
    // A variable and a function share names: the later definition replaces the earlier.
    assert_eq!(run_ok(&mut s, "q = 5"), "5");
    assert_eq!(
        run_ok(&mut s, "q(n) = n"),
        "defined q(n) (it replaces the variable q)"
    );
    assert!(run_text(&mut s, "q").contains("`q` is a function"));
    assert_eq!(run_ok(&mut s, "q = 6; q"), "6");
    assert!(run_text(&mut s, "q(1)").contains("unknown function `q`"));
    // Wrong arity.
    assert!(run_err(&mut s, "h(1, 2)").contains("`h(n)` takes 1 argument, not 2"));
    // :vars lists the definitions too; :clear forgets them.
    assert!(run_ok(&mut s, ":vars").contains("h(n) = n + k"));
    assert!(run_ok(&mut s, ":clear").starts_with("cleared 2 variables and 5 functions; freed "));
}

/// `:stats` counts the user functions' memos together: h(1), h(2), h(1) computes two results
/// (two misses, two entries) and remembers one (a hit); g's memo is empty until g is called.
#[test]
fn user_function_memos_are_listed_by_stats() {
    let mut s = session();
    run_ok(&mut s, "h(n) = n + 1; g(n) = n");
    assert_eq!(run_ok(&mut s, "[h(1), h(2), h(1)]"), "[2, 3, 2]");
    let [entries, _, hits, misses, flushes] = cache_stats(&mut s, "user memos")[..] else {
        panic!("five numbers")
    };
    assert_eq!((entries, hits, misses, flushes), (2, 1, 2, 0));
}

#[test]
fn errors_point_at_the_source_and_keep_the_session() {
    let mut s = session();
    run_ok(&mut s, "xs = [1, 2]");
    let e = run_err(&mut s, "xs[5]");
    assert!(
        e.contains("t.cgt:1:1: error: index 5 is out of range: the list has 2 items (indices 0 to 1)\n    xs[5]\n    ^^^^^"),
        "{e}"
    );
    // An error in a body points at the call and says where in the body.
    run_ok(&mut s, "h(n) = n + true");
    let e = run_err(&mut s, "1 + h(2)");
    assert!(
        e.contains("error: expected a game, but this is a boolean (in `h(n)`, at `n + true`)\n    1 + h(2)\n        ^^^^"),
        "{e}"
    );
    for (src, message) in [
        (
            "for n in * { n }",
            "`for` runs over a list or a range, not a game",
        ),
        ("if 3 { 1 }", "the condition of `if` must be true or false"),
        ("vf(n) = if n > 0 {1}\nvf(0)", "this `if` has no value"),
        ("else {2}", "`else` without `if`"),
        ("for in 1..3 {1}", "`in` is a reserved name"),
        ("for n 1..3 {1}", "expected `in` after `for n`"),
        ("for n in 1..3 n", "expected `{` to open the block of `for`"),
        (
            "if 1 < 2 {1",
            "1:10: error: unclosed `{`: the statement ends before its `}`",
        ),
        ("1..2..3", "a range has one `..`"),
        (
            "1..1/2",
            "the end of a range must be an integer, but this is 1/2",
        ),
        ("[n for n in 1..3, 4]", "must be the only item"),
        ("r(n, n) = n", "parameter `n` appears twice"),
        ("_ = 1", "cannot assign to `_`"),
        ("mod(1, 0)", "division by zero"),
        ("max([*, 1])", "max compares numbers, but this holds *"),
        ("map(xs, xs)", "expected the name of a function"),
        ("filter(temp, [{1|-1}])", "`temp` must give true or false"),
        (
            "for n in 1..2 { f(m) = m }",
            "functions are defined at the top level",
        ),
        (
            "x = for n in 1..2 { n }",
            "`for` cannot stand inside an expression",
        ),
    ] {
        let e = run_err(&mut s, src);
        assert!(e.contains(message), "{src}: {e}");
        assert!(e.contains('^'), "{src}: no caret in {e}");
    }
    // Variables survive every error above.
    assert_eq!(run_ok(&mut s, "xs"), "[1, 2]");
    // A loop that fails part way keeps what it printed.
    let mut printed = None;
    let src = "for n in [1, 2, *] {\n  n + 0\n  assert isinteger(n)\n}";
    s.run_source(src, "t", false, &mut |r| {
        printed = Some((r.output.clone(), r.error.is_some()));
    });
    assert_eq!(printed, Some((Some("1\n2\n*".into()), true)));
}

#[test]
fn deep_recursion_stops_with_an_error() {
    // On an 8 MiB thread, recursion stops at half of it with an error, and the session goes
    // on; memoised smaller calls make the deep one shallow.
    let r = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(|| {
            let mut s = Session::new();
            s.set_stack_size(8 << 20);
            run_ok(&mut s, "d(n) = if n == 0 {0} else {d(n-1) + 1}");
            let e = run_err(&mut s, "d(1000000)");
            assert!(e.contains("recursion too deep"), "{e}");
            assert!(e.contains("hint: compute smaller arguments first"), "{e}");
            assert_eq!(run_ok(&mut s, "d(10)"), "10");
            assert_eq!(run_text(&mut s, "for k in 0..200 { d(100.k); }"), "");
            run_ok(&mut s, "d(20000)")
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(r, "20000");
}

#[test]
fn save_and_load_restore_the_session() {
    let dir = std::env::temp_dir().join(format!("cgcalc-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("session.cgt");
    let mut s = session();
    let setup = [
        "g(n) = if n == 0 {0} else {g(n-1) | -n}",
        "u(n) = if n == 0 {\n  0\n} else {\n  {0 | u(n-1)}   # the tinies\n}",
        "add(a, b) = a + b",
        "big = 2^<5> + {3||2*|1*} + 123456789012345678901234567890/1024",
        "deep = g(12)",
        "xs = [1, *, [^, \"a \\\"quoted\\\" string\\n\", false]]",
        "flag = true",
        "th = {on|*}",
        "pos = dom(2, 2)",
        "tab = table(n for n in 1..3)",
        "k = 3",
        "pair = [dom(k, k), domineering(\".#|..\")]",
    ];
    for line in setup {
        run_ok(&mut s, line);
    }
    // A position not valued yet is saved too: as the call that builds it (the issue).
    run_text(&mut s, "d = dom(3,3);");
    let out = run_ok(&mut s, &format!(":save {}", file.display()));
    assert_eq!(
        out,
        format!(
            "saved 3 functions and 9 variables to {} (left out: tab (table))",
            file.display()
        )
    );
    let script = std::fs::read_to_string(&file).unwrap();
    for line in [
        "d = dom(3, 3);",
        "pos = dom(2, 2);",
        "pair = [dom(3, 3), domineering(\".#|..\")];",
    ] {
        assert!(script.lines().any(|l| l == line), "{line} in\n{script}");
    }
    let mut fresh = session();
    run_ok(&mut fresh, &format!(":load {}", file.display()));
    for name in ["big", "deep", "xs", "flag", "th"] {
        let a = run_ok(&mut s, &format!(":print-limit 0\n{name}"));
        let b = run_ok(&mut fresh, &format!(":print-limit 0\n{name}"));
        assert_eq!(a, b, "{name}");
    }
    // Equal as values, not only as text.
    assert_eq!(run_ok(&mut fresh, "deep == g(12)"), "true");
    assert_eq!(
        run_ok(
            &mut fresh,
            "big == 2^<5> + {3||2*|1*} + 123456789012345678901234567890/1024"
        ),
        "true"
    );
    for call in ["g(4)", "u(7)", "add(^, *)", "[temp(g(n)) for n in 1..6]"] {
        assert_eq!(run_ok(&mut s, call), run_ok(&mut fresh, call), "{call}");
    }
    assert_eq!(run_ok(&mut fresh, "u(3)"), "^^*");
    // Positions read back as positions, with their values: 2 x 2 and 3 x 3 Domineering are
    // +-1 (WW ch. 5); `.#|..` leaves Left one move and Right one, each ending the game: *.
    for name in ["d", "pos"] {
        assert!(
            matches!(fresh.variable(name), Some(Value::Position(_))),
            "{name}"
        );
    }
    assert_eq!(run_ok(&mut fresh, "d"), "+-1");
    assert_eq!(run_ok(&mut fresh, "pos"), "+-1");
    assert_eq!(run_ok(&mut fresh, "pair"), "[+-1, *]");
    assert!(run_text(&mut fresh, "tab").contains("unknown variable `tab`"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Files are written beside the target and renamed over it (so a failed write leaves the old
/// file whole): a second write says it replaced the first, a replaced file keeps its
/// permissions, a symbolic link stays a link to the new contents, and a device such as
/// /dev/null is written to, not replaced by a file.
#[test]
fn writes_replace_files_whole() {
    let dir = std::env::temp_dir().join(format!("cgcalc-writes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let csv = dir.join("t.csv");
    let mut s = session();
    let write = |s: &mut Session, xs: &str| {
        run_ok(
            s,
            &format!("csv(table(g for g in {xs}), \"{}\")", csv.display()),
        )
    };
    assert_eq!(
        write(&mut s, "[1, 2]"),
        format!("wrote {} (2 rows)", csv.display())
    );
    assert_eq!(
        write(&mut s, "[3]"),
        format!("wrote {} (1 row), replacing the old file", csv.display())
    );
    assert_eq!(std::fs::read_to_string(&csv).unwrap(), "g,g\n3,3\n");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&csv, std::fs::Permissions::from_mode(0o640)).unwrap();
        write(&mut s, "[4]");
        let mode = std::fs::metadata(&csv).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o640);
        let link = dir.join("link.csv");
        std::os::unix::fs::symlink(&csv, &link).unwrap();
        run_ok(
            &mut s,
            &format!("csv(table(g for g in [5]), \"{}\")", link.display()),
        );
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&csv).unwrap(), "g,g\n5,5\n");
        let out = run_ok(&mut s, "svg(thermo({1|-1}), \"/dev/null\")");
        assert!(
            out.starts_with("wrote /dev/null (") && out.ends_with(" bytes)"),
            "{out}"
        );
        use std::os::unix::fs::FileTypeExt;
        assert!(
            std::fs::metadata("/dev/null")
                .unwrap()
                .file_type()
                .is_char_device()
        );
    }
    // Nothing is left beside the files.
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A meta command's argument ends at a `;` or a comment, as any statement does, and a quoted
/// argument is read as a string: `:save x.cgt # comment` and `:save x.cgt;` made files with
/// those whole names.
#[test]
fn meta_command_arguments_end_at_comments_and_semicolons() {
    let dir = std::env::temp_dir().join(format!("cgcalc-meta-args-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let d = dir.display();
    let mut s = session();
    run_ok(&mut s, "x = 1");
    assert_eq!(
        run_ok(&mut s, &format!(":save {d}/a.cgt   # the session so far")),
        format!("saved 0 functions and 1 variable to {d}/a.cgt")
    );
    // `;` silences the reply, as after any statement, and the next statement runs.
    assert_eq!(run_text(&mut s, &format!(":save {d}/b.cgt;")), "");
    assert_eq!(
        run_ok(&mut s, &format!(":save {d}/c.cgt // also a comment")),
        format!("saved 0 functions and 1 variable to {d}/c.cgt")
    );
    assert_eq!(
        run_ok(&mut s, &format!(":save \"{d}/my #1; file.cgt\"")),
        format!("saved 0 functions and 1 variable to {d}/my #1; file.cgt")
    );
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["a.cgt", "b.cgt", "c.cgt", "my #1; file.cgt"]);
    let mut fresh = session();
    assert_eq!(
        run_text(&mut fresh, &format!(":load {d}/a.cgt; y = x + 1\ny")),
        "\n2\n2"
    );
    // The default memory limit is half of the machine's (or its control group's) memory.
    assert_eq!(run_text(&mut fresh, ":limit time 3   # seconds"), "");
    let limits = run_ok(&mut fresh, ":limit");
    assert!(
        limits.starts_with("search limits: nodes no limit, memory ")
            && limits.contains("(the default: half of ")
            && limits.ends_with(", time 3 s; progress reports every 10 s"),
        "{limits}"
    );
    assert!(
        run_text(&mut fresh, ":save \"unterminated.cgt")
            .starts_with("t.cgt:1:7: error: unterminated string"),
        "{}",
        run_text(&mut fresh, ":save \"unterminated.cgt")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Options from lists and generators inside braces (language.md, options from lists): a list
/// stands for its elements, a generator for its values, so rulesets are recursive functions.
/// Values from theory: *2 = {0,*|0,*} by definition; a Nim heap of n is *n; the subtraction
/// game {1, 2, 3} has Grundy value n mod 4 (WW ch. 4); {2, 4 | -1} = {4 | -1} (2 is dominated).
#[test]
fn options_from_lists_and_generators() {
    let mut s = Session::new();
    assert_eq!(run_ok(&mut s, "{[0, *] | [0, *]} == *2"), "true");
    assert_eq!(run_ok(&mut s, "xs = [0, *]; {xs | xs}"), "*2");
    assert_eq!(run_ok(&mut s, "{[] | []}"), "0");
    assert_eq!(
        run_ok(&mut s, "{k for k in 1..5 if mod(k, 2) == 0 | -1}"),
        "{4|-1}"
    );
    run_ok(
        &mut s,
        "heap(n) = {heap(k) for k in 0..n-1 | heap(k) for k in 0..n-1}",
    );
    for n in 0..=7 {
        let heap = match n {
            0 => "0".to_string(),
            1 => "*".to_string(),
            _ => format!("*{n}"),
        };
        assert_eq!(run_ok(&mut s, &format!("heap({n})")), heap);
    }
    run_ok(
        &mut s,
        "sub(n) = {sub(n-k) for k in 1..3 if k <= n | sub(n-k) for k in 1..3 if k <= n}",
    );
    assert_eq!(
        run_ok(&mut s, "[sub(n) == nim(mod(n, 4)) for n in 0..20]"),
        format!("[{}]", vec!["true"; 21].join(", "))
    );
    // An element that is no game is named with its place in the list.
    let out = run_text(&mut s, "{[1, true] | 0}");
    assert!(
        out.contains("a Left option (element 2 of the list) must be a game, but this is a boolean"),
        "{out}"
    );
}

/// `period` prints its sentence and reads as the data `[preperiod, period, saltus]`
/// (language.md, results as data). 5, 5 and then 0, 1 repeating: preperiod 2, period 2;
/// 1..10 is arithmetic with saltus 1; Kayles (octal 0.77) has preperiod 71 and period 12
/// (Guy and Smith, WW ch. 4).
#[test]
fn period_is_data() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "p = period([5, 5, 0, 1, 0, 1, 0, 1])"),
        "preperiod 2, period 2"
    );
    assert_eq!(run_ok(&mut s, "[p[0], p[1], p[2], len(p)]"), "[2, 2, 0, 3]");
    assert_eq!(run_ok(&mut s, "p == [2, 2, 0]"), "true");
    assert_eq!(run_ok(&mut s, "[p]"), "[[2, 2, 0]]");
    assert_eq!(run_ok(&mut s, "period(1..10)[2]"), "1");
    assert_eq!(
        run_ok(
            &mut s,
            "k = period([octal(\"0.77\", n) for n in 0..150]); [k[0], k[1]]"
        ),
        "[71, 12]"
    );
}
