//! Functions on lists, tables and sequences (language.md, "Research workflow"): `len`, `map`,
//! `filter`, `sum`, `max`, `min`, `mod`, `table`, `csv`, `json`, `period`. They join the
//! function table after the game-module functions ([`super::functions`]).

use std::sync::Arc;

use super::builtins::{Builtin, CallError, Function};
use super::session::Session;
use crate::analysis::period::{arithmetic_periodicity, periodicity};
use crate::calc::args::{Args, not_a_list};
use crate::calc::value::{Report, Table, Value};
use crate::function;
use crate::game::Dyadic;
use crate::search::HeapSequence;
use crate::syntax::span::Span;

type CallResult = Result<Value, CallError>;

/// The list functions, in the order `:help` lists them.
pub static LIST_FUNCTIONS: &[Builtin] = &[
    function!(
        "len",
        "len(xs)",
        1..=1,
        Lists,
        "the number of items of a list (rows of a table, characters of a string)",
        "len(xs): how many items the list xs has; for a table, how many rows; for a string, how\nmany characters.\nExample: len([0, *, ^]) is 3, len(1..10) is 10.",
        |s, v| {
            let n = match &v[0] {
                Value::List(items) => items.len(),
                Value::Table(t) => t.rows.len(),
                Value::Report(r) => r.items.len(),
                Value::Str(x) => x.chars().count(),
                other => return Err(not_a_list(0, other)),
            };
            Ok(Value::Game(s.arena.integer(n as i64)))
        }
    ),
    Builtin {
        takes_function: true,
        ..function!(
            "map",
            "map(f, xs)",
            2..=2,
            Lists,
            "f applied to each item of a list",
            "map(f, xs): the list of f(x) for each item x of xs, where f is the name of a built-in\nor user function of one argument. The generator [f(x) for x in xs] does the same for any\nexpression.\nExample: map(temp, [{1|-1}, {2|-2}]) is [1, 2]; with g(n) = {n|-n}, map(g, 1..3) is\n[+-1, +-2, +-3].",
            |s, v| {
                let f = Args::new(v).function_name(0).map(str::to_string)?;
                let items = Args::new(v).list(1)?;
                let mut out = Vec::with_capacity(items.len());
                let mut values = 1;
                for x in items {
                    let y = s.apply(&f, vec![x], Span::default()).map_err(message)?;
                    values =
                        super::flow::count_values(values, &y, Span::default()).map_err(message)?;
                    out.push(y);
                }
                Ok(Value::List(out))
            }
        )
    },
    Builtin {
        takes_function: true,
        ..function!(
            "filter",
            "filter(f, xs)",
            2..=2,
            Lists,
            "the items of a list for which f is true",
            "filter(f, xs): the items x of xs, in order, for which f(x) is true; f is the name of a\nbuilt-in or user function that gives true or false. The generator\n[x for x in xs if cond] does the same for any condition.\nExample: filter(isnumber, [1, *, 1/2, ^]) is [1, 1/2].",
            |s, v| {
                let f = Args::new(v).function_name(0).map(str::to_string)?;
                let items = Args::new(v).list(1)?;
                let mut out = Vec::new();
                for x in items {
                    match s
                        .apply(&f, vec![x.clone()], Span::default())
                        .map_err(message)?
                    {
                        Value::Bool(true) => out.push(x),
                        Value::Bool(false) => {}
                        other => {
                            return Err(CallError::Arg(
                                0,
                                format!(
                                    "`{f}` must give true or false, but it gave a {}",
                                    other.type_name()
                                ),
                            ));
                        }
                    }
                }
                Ok(Value::List(out))
            }
        )
    },
    function!(
        "sum",
        "sum(xs)",
        1..=1,
        Lists,
        "the disjunctive sum of a list of games",
        "sum(xs): the sum G1 + G2 + ... of the games in the list xs (0 for the empty list).\nIntegers are games, so the sum of integers is their ordinary sum.\nExample: sum([*, *2, *3]) is 0, sum(1..10) is 55, sum([^, ^, *]) is ^^*.",
        |s, v| {
            let items = Args::new(v).list(0)?;
            let mut acc = Value::Game(s.arena.zero());
            for x in items {
                acc = s.add_values(acc, x, Span::default()).map_err(message)?;
            }
            Ok(acc)
        }
    ),
    function!(
        "max",
        "max(xs) or max(a, b)",
        1..=2,
        Lists,
        "the largest number of a list (or of two numbers)",
        "max(xs): the largest of a list of numbers; max(a, b): the larger of two numbers. Games\nthat are not numbers have no maximum in general (they may be confused): an error.\nExample: max([1, 5/2, -3]) is 5/2, max(2, 7) is 7.",
        |s, v| extreme(s, v, true)
    ),
    function!(
        "min",
        "min(xs) or min(a, b)",
        1..=2,
        Lists,
        "the smallest number of a list (or of two numbers)",
        "min(xs): the smallest of a list of numbers; min(a, b): the smaller of two numbers.\nExample: min([1, 5/2, -3]) is -3, min(2, 7) is 2.",
        |s, v| extreme(s, v, false)
    ),
    function!(
        "mod",
        "mod(n, k)",
        2..=2,
        Lists,
        "the remainder of the integer n divided by k (0 <= r < |k|)",
        "mod(n, k): the remainder r of n divided by k with 0 <= r < |k|, for integers n and k != 0\n(machine integers, |n| < 2^63). It is the one operation on integers that is not game\narithmetic: integers are games, so n + 1, n - 1 and 2.n (Norton product) are game\noperations that agree with integer arithmetic.\nExample: mod(17, 5) is 2, mod(-1, 3) is 2.",
        |s, v| {
            let n = Args::new(v).integer(&mut s.arena, 0)?;
            let k = Args::new(v).integer(&mut s.arena, 1)?;
            if k == 0 {
                return Err(CallError::Arg(1, "mod(n, 0): division by zero".into()));
            }
            Ok(Value::Game(s.arena.integer(n.rem_euclid(k))))
        }
    ),
    function!(
        "table",
        "table(expr for n in xs) or table(xs)",
        1..=1,
        Lists,
        "a table of values, printed in aligned columns",
        "table(expr for n in 1..12) tabulates expr with a column for n and one for the value;\ntable([g(n), temp(g(n))] for n in 1..12) gives a column for each item of the list.\nWith two loops, table(expr for m in 1..3 for n in 1..4) is a grid: m down, n across.\nMore loops give one column per variable. `if cond` clauses keep some rows:\ntable(n for n in 1..20 if isodd(n)). table(xs) of a list shows index (from 0) and value.\ncsv and json write tables to files; a table is also a list (its value column, or a list\nper row), for len, sum, period, indexing and for loops.\nExample: table(temp({n|-n}) for n in 1..3).",
        |s, v| match &v[0] {
            Value::Table(t) => Ok(Value::Table(t.clone())),
            Value::List(items) => Ok(Value::Table(Arc::new(Table {
                keys: vec!["i".into()],
                columns: vec!["value".into()],
                rows: items
                    .iter()
                    .enumerate()
                    .map(|(i, x)| (vec![index_value(s, i)], vec![x.clone()]))
                    .collect(),
            }))),
            other => Err(not_a_list(0, other)),
        }
    ),
    function!(
        "csv",
        "csv(table, file)",
        2..=2,
        Lists,
        "write a table or list as a CSV file",
        "csv(t, \"file.csv\") writes the table t (a header line, then one line per row) or the list\nt (one line per item; an item that is a list fills a line) as comma-separated values.\nCells hold values as the calculator prints them (games in notation that reads back);\ncells with commas or quotes are quoted.\nExample: csv(table(temp({n|-n}) for n in 1..3), \"temps.csv\").",
        |s, v| {
            let path = Args::new(v).path(1).map(str::to_string)?;
            let rows = rows_of(s, &v[0])?;
            let mut text = String::new();
            for row in &rows {
                let cells: Vec<String> = row.iter().map(|c| csv_cell(&c.text())).collect();
                text.push_str(&cells.join(","));
                text.push('\n');
            }
            write_file(&path, &text, rows.len().saturating_sub(header_lines(&v[0])))
        }
    ),
    function!(
        "json",
        "json(table, file)",
        2..=2,
        Lists,
        "write a table or list as a JSON file",
        "json(t, \"file.json\") writes the table t as an array of objects, one per row, keyed by\nthe column headers, or the list t as an array (nested lists as arrays). Games are strings\nin the calculator's notation (\"{1|-1}\", \"1/2\"), booleans are true/false.\nExample: json([0, *, ^], \"values.json\") writes [\"0\", \"*\", \"^\"].",
        |s, v| {
            let path = Args::new(v).path(1).map(str::to_string)?;
            let (text, n) = match &v[0] {
                Value::Table(t) => {
                    let headers = t.headers();
                    let rows = rows_of(s, &v[0])?;
                    let mut out = String::from("[\n");
                    for (i, row) in rows.iter().skip(1).enumerate() {
                        out.push_str("  {");
                        for (j, (h, c)) in headers.iter().zip(row).enumerate() {
                            if j > 0 {
                                out.push_str(", ");
                            }
                            json_string(&mut out, h);
                            out.push_str(": ");
                            c.json(&mut out);
                        }
                        out.push('}');
                        if i + 2 < rows.len() {
                            out.push(',');
                        }
                        out.push('\n');
                    }
                    out.push_str("]\n");
                    (out, rows.len() - 1)
                }
                Value::List(items) => {
                    let mut out = String::new();
                    cell_of(s, &Value::List(items.clone())).json(&mut out);
                    out.push('\n');
                    (out, items.len())
                }
                other => return Err(not_a_list(0, other)),
            };
            write_file(&path, &text, n)
        }
    ),
    Function {
        takes_positions: true,
        ..function!(
        "period",
        "period(xs) or period(takeandbreak(code, n))",
        1..=1,
        Lists,
        "the preperiod and period of a sequence (and saltus, if arithmetic-periodic)",
        "period(xs) finds the preperiod e and period p of the sequence xs = [a(0), a(1), ...]:\na(n + p) = a(n) for every n >= e (indices from 0, as in the list). For numbers it also\nfinds arithmetic periodicity, a(n + p) = a(n) + s with saltus s != 0, and for nimbers the\nsame on nim values (a(n) = *k counts as k), as for octal games. The relation must hold on\ntwo whole periods after the preperiod (three with a saltus); of the candidates, the least\ne + p wins. Any games can be periodic; only numbers and nimbers have a saltus.\nperiod(takeandbreak(code, n)) looks at the nim values of heaps 0..n of that game and says\nwhether the period is proven: by the Octal Periodicity Theorem (WW ch. 4), generalised to\nmoves that leave h heaps, a(n + p) = a(n) for every n >= e once it holds for\ne <= n < h.max(e,1) + (h-1)p + t (t: the most tokens a move removes), so the sequence is\nperiodic for ever once heaps up to that bound + p - 1 agree. The theorem needs a finite code\nwithout constraints (!, ?, =).\nExample: period([5, 5, 0, 1, 0, 1, 0, 1]) is preperiod 2, period 2;\nperiod(1..10) is preperiod 0, period 1, saltus 1;\nperiod(takeandbreak(\"0.77\", 200)) is preperiod 71, period 12, proven (Octal Periodicity Theorem, heaps 0 to 167). The result reads as the list
[preperiod, period, saltus]: period(xs)[1] is the period.",
        |s, v| {
            if let Value::Position(p) = &v[0] {
                return match p.position.heap_sequence(None) {
                    Some(seq) => Ok(heap_period(s, seq)),
                    None => Err(CallError::Arg(
                        0,
                        "period takes a list, or a heap of a take-and-break game such as takeandbreak(\"0.77\", 200)".into(),
                    )),
                };
            }
            let items = s.plain_items(Args::new(v).list(0)?, 0)?;
            let mut games = Vec::with_capacity(items.len());
            for x in &items {
                match x {
                    Value::Game(g) => games.push(*g),
                    other => {
                        return Err(CallError::Arg(
                            0,
                            format!(
                                "period needs a list of games, but it holds a {}",
                                other.type_name()
                            ),
                        ));
                    }
                }
            }
            let n = games.len();
            let nims: Option<Vec<i64>> = games
                .iter()
                .map(|&g| {
                    s.arena
                        .get_nus(g)
                        .filter(|x| x.number.is_zero() && x.ups == 0)
                        .map(|x| i64::from(x.nim))
                })
                .collect();
            let numbers: Option<Vec<Dyadic>> =
                games.iter().map(|&g| s.arena.as_number(g)).collect();
            let found = if let Some(nims) = nims {
                arithmetic_periodicity(&nims, &0).map(|p| {
                    let saltus = Value::Game(s.arena.integer(p.saltus));
                    let text = if p.saltus == 0 {
                        String::new()
                    } else {
                        format!(", saltus {} (on nim values)", p.saltus)
                    };
                    (p.preperiod, p.period, saltus, text)
                })
            } else if let Some(numbers) = numbers {
                arithmetic_periodicity(&numbers, &Dyadic::ZERO).map(|p| {
                    let text = if p.saltus.is_zero() {
                        String::new()
                    } else {
                        format!(", saltus {}", p.saltus)
                    };
                    (p.preperiod, p.period, Value::Game(s.arena.number(p.saltus)), text)
                })
            } else {
                periodicity(&games)
                    .map(|p| (p.preperiod, p.period, Value::Game(s.arena.zero()), String::new()))
            };
            Ok(match found {
                Some((preperiod, period, saltus, saltus_text)) => {
                    let text = format!("preperiod {preperiod}, period {period}{saltus_text}");
                    let items = vec![
                        Value::Game(s.arena.integer(preperiod as i64)),
                        Value::Game(s.arena.integer(period as i64)),
                        saltus,
                    ];
                    Value::Report(Arc::new(Report { text, items }))
                }
                None => Value::Text(format!(
                    "no period in {n} terms (a period must show twice after the preperiod, three times with a saltus)"
                )),
            })
        }
    )
    },
];

/// `period` of a heap of a take-and-break game: the periodicity of the nim values of heaps
/// 0..n, and whether the Octal Periodicity Theorem proves it (with the heaps it reads).
fn heap_period(s: &mut Session, seq: HeapSequence) -> Value {
    let n = seq.values.len() - 1;
    let Some(p) = periodicity(&seq.values) else {
        return Value::Text(format!(
            "no period in the nim values of heaps 0 to {n} (a period must show twice after the preperiod)"
        ));
    };
    let proof = match &seq.theorem {
        Ok(theorem) => {
            let last = theorem.last_heap(p.preperiod, p.period);
            if last <= n {
                format!("proven (Octal Periodicity Theorem, heaps 0 to {last})")
            } else {
                format!(
                    "not proven: the Octal Periodicity Theorem needs heaps up to {last}, which period({}{last}{}) checks",
                    seq.call.0, seq.call.1
                )
            }
        }
        Err(why) => format!("not proven: {why}"),
    };
    let text = format!("preperiod {}, period {}, {proof}", p.preperiod, p.period);
    let items = vec![
        Value::Game(s.arena.integer(p.preperiod as i64)),
        Value::Game(s.arena.integer(p.period as i64)),
        Value::Game(s.arena.zero()),
    ];
    Value::Report(Arc::new(Report { text, items }))
}

/// An error raised while applying a function, as the message of the call.
fn message(e: crate::syntax::error::CgError) -> CallError {
    CallError::Call(e.message)
}

fn index_value(s: &mut Session, i: usize) -> Value {
    Value::Game(s.arena.integer(i as i64))
}

/// `max`/`min` of a list of numbers or of two numbers.
fn extreme(s: &mut Session, v: &[Value], largest: bool) -> CallResult {
    let (items, single) = match v {
        [_] => (Args::new(v).list(0)?, true),
        _ => (v.to_vec(), false),
    };
    let mut best: Option<(Dyadic, Value)> = None;
    for (k, x) in items.iter().enumerate() {
        let at = if single { 0 } else { k };
        let number = match x {
            Value::Game(g) => s.arena.as_number(*g),
            _ => None,
        };
        let Some(n) = number else {
            let shown = match x {
                Value::Game(g) => s.arena.display(*g),
                other => format!("a {}", other.type_name()),
            };
            return Err(CallError::Arg(
                at,
                format!(
                    "{} compares numbers, but this holds {shown}",
                    if largest { "max" } else { "min" }
                ),
            ));
        };
        if best
            .as_ref()
            .is_none_or(|(b, _)| if largest { n > *b } else { n < *b })
        {
            best = Some((n, x.clone()));
        }
    }
    best.map(|(_, x)| x).ok_or_else(|| {
        CallError::Arg(
            0,
            format!(
                "the {} of an empty list is undefined",
                if largest { "maximum" } else { "minimum" }
            ),
        )
    })
}

fn write_file(path: &str, text: &str, rows: usize) -> CallResult {
    let written = crate::lang::files::write_whole(path, text.as_bytes())
        .map_err(|e| CallError::Arg(1, format!("cannot write {path}: {e}")))?;
    Ok(Value::Text(format!(
        "wrote {path} ({rows} row{}){}",
        if rows == 1 { "" } else { "s" },
        written.note()
    )))
}

/// A cell of an exported table: printed text, a boolean, or a list of cells.
enum Cell {
    Text(String),
    Bool(bool),
    List(Vec<Cell>),
}

impl Cell {
    /// The cell as the calculator prints it.
    fn text(&self) -> String {
        match self {
            Cell::Text(t) => t.clone(),
            Cell::Bool(b) => b.to_string(),
            Cell::List(items) => {
                let parts: Vec<String> = items.iter().map(Cell::text).collect();
                format!("[{}]", parts.join(", "))
            }
        }
    }

    fn json(&self, out: &mut String) {
        match self {
            Cell::Text(t) => json_string(out, t),
            Cell::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Cell::List(items) => {
                out.push('[');
                for (i, c) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    c.json(out);
                }
                out.push(']');
            }
        }
    }
}

fn cell_of(s: &mut Session, v: &Value) -> Cell {
    match v {
        Value::Bool(b) => Cell::Bool(*b),
        Value::List(items) => Cell::List(items.iter().map(|x| cell_of(s, x)).collect()),
        Value::Str(t) => Cell::Text(t.clone()),
        other => Cell::Text(s.show_full(other)),
    }
}

/// How many header lines `rows_of` puts before the rows.
fn header_lines(v: &Value) -> usize {
    usize::from(matches!(v, Value::Table(_)))
}

/// The lines of an export: a table's headers and rows, or a list's items (an item that is
/// a list fills a line).
fn rows_of(s: &mut Session, v: &Value) -> Result<Vec<Vec<Cell>>, CallError> {
    match v {
        Value::Table(t) => {
            let mut rows = vec![t.headers().into_iter().map(Cell::Text).collect()];
            for (keys, values) in &t.rows {
                rows.push(keys.iter().chain(values).map(|x| cell_of(s, x)).collect());
            }
            Ok(rows)
        }
        Value::List(items) => Ok(items
            .iter()
            .map(|x| match x {
                Value::List(inner) => inner.iter().map(|y| cell_of(s, y)).collect(),
                other => vec![cell_of(s, other)],
            })
            .collect()),
        other => Err(not_a_list(0, other)),
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn json_string(out: &mut String, s: &str) {
    crate::calc::value::json_quote(out, s);
}
