//! The function table and the meta-command table are the only lists of names: completion,
//! `:help`, signature hints, did-you-mean, the parser and the evaluator all agree with them.
//! (The grammar's lists are checked in `parser_grammar.rs`.)

use crate::common::{run_ok, run_text};
use cgcalc::lang::parse_expr;
use cgcalc::lang::{Session, commands, functions};
use cgcalc::repl::{completions, open_call};

#[test]
fn every_function_is_known_everywhere() {
    let mut s = Session::new();
    let mut failures = Vec::new();
    for f in functions::all() {
        let name = f.name();
        // Completion offers it from its first letters, with its signature.
        let prefix = &name[..name.len().min(3)];
        let (_, offered) = completions(prefix, &[]);
        if !offered.contains(&(f.signature().to_string(), format!("{name}("))) {
            failures.push(format!("completion of `{prefix}` misses {name}"));
        }
        // The hint while its call is open is its signature.
        if open_call(&format!("x = {name}(")).map(|(sig, _)| sig) != Some(f.signature()) {
            failures.push(format!("no signature hint for {name}"));
        }
        // `:help NAME` shows its page, which has an example.
        let page = run_ok(&mut s, &format!(":help {name}"));
        if !page.starts_with(f.signature()) || !page.contains(f.help()) {
            failures.push(format!(":help {name} is not its page"));
        }
        if !f.help().contains("Example") {
            failures.push(format!("the help of {name} has no example"));
        }
        // The overview lists it.
        if !run_ok(&mut s, ":help").contains(f.signature()) {
            failures.push(format!(":help does not list {name}"));
        }
        // The parser knows it is a function: `3.name` points to `name(3)`.
        match parse_expr(&format!("3.{name}")) {
            Err(e) if e.hint.as_deref() == Some(format!("write {name}(3)").as_str()) => {}
            other => failures.push(format!("3.{name}: {other:?}")),
        }
        // The evaluator: a bare name, an assignment and one argument too many.
        let too_many = vec!["1"; f.arity().end() + 1].join(", ");
        let out = run_text(&mut s, &format!("{name}\n{name} = 1\n{name}({too_many})"));
        let not_assignable = if cgcalc::syntax::parser::RESERVED.contains(&name) {
            format!("cannot assign to `{name}`: it is a reserved name")
        } else {
            format!("`{name}` is a function name and cannot be assigned")
        };
        let expected = [
            format!("`{name}` is a function: call it as `{name}(...)`"),
            not_assignable,
            format!("`{}` takes", f.signature()),
        ];
        for e in expected {
            if !out.contains(&e) {
                failures.push(format!("{name}: missing `{e}` in\n{out}"));
            }
        }
        // A misspelling suggests it (its name with the last letter doubled).
        let typo = format!("{name}{}", &name[name.len() - 1..]);
        let out = run_text(&mut s, &format!("{typo}(1)"));
        if functions::lookup(&typo).is_none() && !out.contains(&format!("did you mean `{name}`?")) {
            failures.push(format!("{typo}(1) does not suggest {name}: {out}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn names_outside_the_table_are_not_functions() {
    // Modules still to come are not half-known: the parser and the evaluator agree.
    let mut s = Session::new();
    let name = "nosuchthing";
    assert!(functions::lookup(name).is_none());
    let out = run_text(&mut s, &format!("{name}(1)\n{name}\n3.{name}"));
    assert!(out.contains(&format!("unknown function `{name}`")), "{out}");
    assert!(out.contains(&format!("unknown variable `{name}`")), "{out}");
    assert!(!out.contains("is a function"), "{out}");
}

#[test]
fn every_command_is_known_everywhere() {
    let mut s = Session::new();
    let overview = run_ok(&mut s, ":help");
    for c in commands::COMMANDS {
        let (_, offered) = completions(&format!(":{}", &c.name[..2]), &[]);
        assert!(
            offered.contains(&(c.usage.to_string(), format!(":{} ", c.name))),
            "completion of :{}",
            c.name
        );
        for topic in [c.name.to_string(), format!(":{}", c.name)] {
            let page = run_ok(&mut s, &format!(":help {topic}"));
            assert!(
                page.starts_with(c.usage) && page.contains(c.help),
                ":help {topic}"
            );
        }
        assert!(overview.contains(c.summary), ":help lists :{}", c.name);
        // A prefix of the name suggests it.
        let short = &c.name[..c.name.len() - 1];
        if commands::lookup(short).is_none() {
            let out = run_text(&mut s, &format!(":{short}"));
            assert!(out.contains("did you mean `:"), "{out}");
        }
    }
    // Aliases run their command.
    assert_eq!(run_ok(&mut s, ":h :vars"), run_ok(&mut s, ":help :vars"));
}
