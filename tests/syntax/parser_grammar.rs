//! Every `(* example: ... *)` in grammar/cgcalc.ebnf must parse.

use cgcalc::lang::parse_program;

fn examples(text: &str) -> Vec<String> {
    let marker = "(* example: ";
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find(marker) {
        rest = &rest[i + marker.len()..];
        // The example ends at the first " *)" that closes its line.
        let mut end = None;
        let mut from = 0;
        while let Some(j) = rest[from..].find(" *)") {
            let k = from + j;
            let after = &rest[k + 3..];
            if after.is_empty() || after.starts_with('\n') || after.starts_with("\r\n") {
                end = Some(k);
                break;
            }
            from = k + 3;
        }
        let end = end.expect("unterminated example comment");
        out.push(rest[..end].trim().to_string());
        rest = &rest[end..];
    }
    out
}

#[test]
fn grammar_examples_parse() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/cgcalc.ebnf");
    let text = std::fs::read_to_string(path).expect("grammar file");
    let ex = examples(&text);
    assert!(ex.len() >= 40, "only {} examples", ex.len());
    let mut failures = Vec::new();
    for e in &ex {
        if let Err(err) = parse_program(e) {
            failures.push(err.render(e, "<example>"));
        }
    }
    assert!(
        failures.is_empty(),
        "{} examples failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn grammar_examples_are_single_statements_or_programs() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/cgcalc.ebnf");
    let text = std::fs::read_to_string(path).expect("grammar file");
    // The comment syntax itself must not be broken by an example containing "*)" early.
    for e in examples(&text) {
        assert!(!e.contains("*)"), "example contains `*)`: {e}");
    }
}

/// The alternatives of the production `name = "a" | "b" | ... ;` in the grammar.
fn production(text: &str, name: &str) -> Vec<String> {
    let start = text
        .find(&format!("\n{name} "))
        .unwrap_or_else(|| panic!("the grammar has no production `{name}`"));
    let body = &text[start..];
    let body = &body[body.find('=').expect("=") + 1..body.find(" ;").expect(";")];
    body.split('|')
        .map(|alt| alt.trim().trim_matches('"').to_string())
        .collect()
}

#[test]
fn grammar_lists_exactly_the_function_table() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/grammar/cgcalc.ebnf");
    let text = std::fs::read_to_string(path).expect("grammar file");
    // The built-ins are listed; the rulesets' names come from their registrations.
    use cgcalc::lang::functions::{self, Function};
    let builtins: Vec<String> = functions::all()
        .filter(|f| matches!(f, Function::Context(_) | Function::Builtin(_)))
        .map(|f| f.name().to_string())
        .collect();
    assert_eq!(production(&text, "builtin_name"), builtins);
    assert_eq!(
        production(&text, "function_name"),
        ["builtin_name", "ruleset_name"]
    );
    let ruleset_names: Vec<&str> = functions::all()
        .filter(|f| f.ruleset().is_some())
        .map(|f| f.name())
        .collect();
    assert!(ruleset_names.contains(&"domineering") && ruleset_names.contains(&"dtm"));
    for name in ruleset_names {
        assert!(
            name.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
                && !builtins.iter().any(|b| b == name),
            "a ruleset's name is a lower-case word no built-in has: {name}"
        );
    }
    let commands: Vec<String> = cgcalc::lang::commands::names().map(String::from).collect();
    assert_eq!(production(&text, "meta_name"), commands);
}
