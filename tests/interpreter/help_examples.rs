//! Every `:help` example of the form `CALL is VALUE` runs (issue 28: a help example that goes
//! stale fails the build): CALL is evaluated in a fresh session and its first printed line
//! must be VALUE.

use cgcalc::lang::Session;
use cgcalc::lang::functions;

use crate::common::help::help_examples as examples;

/// `(call) == (value)` evaluates to true: the example names the same game another way
/// (`regio(..., 1) is {4|-4}`, printed `+-4`).
fn holds(s: &mut Session, call: &str, value: &str) -> bool {
    let mut yes = false;
    s.run_source(
        &format!("({call}) == ({value})"),
        "<help>",
        true,
        &mut |r| {
            yes |= r.output.as_deref() == Some("true");
        },
    );
    yes
}

/// The example goes on in words (`period(...) is preperiod 2, period 2`): the printed text
/// begins with its first word.
fn sentence(value: &str, got: &str) -> bool {
    value.chars().all(|c| c.is_ascii_lowercase()) && got.starts_with(&format!("{value} "))
}

#[test]
fn help_examples_hold() {
    let mut checked = 0;
    let mut wrong = Vec::new();
    for f in functions::all() {
        for (call, value) in examples(f.help()) {
            let mut s = Session::new();
            let mut first = None;
            s.run_source(&call, "<help>", true, &mut |r| {
                let text = match (&r.output, &r.error) {
                    (_, Some(e)) => e.clone(),
                    (Some(o), None) => o.clone(),
                    (None, None) => String::new(),
                };
                first.get_or_insert(text.lines().next().unwrap_or("").to_string());
            });
            checked += 1;
            let got = first.unwrap_or_default();
            if got == value || holds(&mut s, &call, &value) || sentence(&value, &got) {
                continue;
            }
            wrong.push(format!(
                "{}: {call} is {value}, but printed {got}",
                f.name()
            ));
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {checked} help examples:\n{}",
        wrong.len(),
        wrong.join("\n")
    );
    assert!(checked >= 60, "only {checked} help examples found");
    eprintln!("{checked} help examples hold");
}

/// `:help` finds topics by the words of rulesets' titles (`chess`) and the loopy values
/// (issue 28, migration hints), and the loopy page's examples hold.
#[test]
fn help_topics_by_word() {
    let chess = cgcalc::lang::commands::help("chess").unwrap();
    assert!(chess.contains("pawns(fen"), "{chess}");
    assert!(chess.contains("dtm(fen)"), "{chess}");
    assert!(!chess.contains("domineering"), "{chess}");
    let loopy = cgcalc::lang::commands::help("loopy").unwrap();
    assert!(loopy.contains("on = {on|}"), "{loopy}");
    assert_eq!(cgcalc::lang::commands::help("over"), Ok(loopy.clone()));
    let mut s = Session::new();
    for (stmt, value) in [
        ("on > 5", "true"),
        ("over > 0", "true"),
        ("over > 1/1024", "false"),
        ("over + 1", "1over"),
        ("on + off", "dud"),
    ] {
        assert!(loopy.contains(stmt), "{stmt} is not on the page");
        let mut out = None;
        s.run_source(stmt, "<help>", true, &mut |r| out = r.output.clone());
        assert_eq!(out.as_deref(), Some(value), "{stmt}");
    }
    assert!(cgcalc::lang::commands::help("nosuchtopic").is_err());
}
