//! Every cgcalc_input of the CGSuite short-games checks parses (except the `!!` error rows,
//! which are checked where the contract says the parser must reject them).

use cgcalc::lang::parser::parse_program;

const PATH: &str = "/work/shared/checks/data/cgsuite_short_games.tsv";

fn rows() -> Option<Vec<(String, String)>> {
    let text = std::fs::read_to_string(PATH).ok()?;
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next()?.split('\t').collect();
    let exp = header.iter().position(|h| *h == "expected")?;
    let inp = header.iter().position(|h| *h == "cgcalc_input")?;
    Some(
        lines
            .filter(|l| !l.trim().is_empty())
            .map(|l| {
                let f: Vec<&str> = l.split('\t').collect();
                (
                    f.get(exp).unwrap_or(&"").to_string(),
                    f.get(inp).unwrap_or(&"").to_string(),
                )
            })
            .collect(),
    )
}

#[test]
fn tsv_inputs_parse() {
    let Some(rows) = rows() else {
        eprintln!("skipping: {PATH} not found");
        return;
    };
    let mut n = 0;
    let mut failures = Vec::new();
    for (expected, input) in &rows {
        if expected.starts_with("!!") {
            continue;
        }
        n += 1;
        if let Err(e) = parse_program(input) {
            failures.push(e.render(input, "<tsv>"));
        }
    }
    assert!(n > 900, "only {n} rows");
    assert!(
        failures.is_empty(),
        "{} failed:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn tsv_syntax_error_rows() {
    let Some(rows) = rows() else {
        eprintln!("skipping: {PATH} not found");
        return;
    };
    for (expected, input) in &rows {
        if !expected.starts_with("!!") {
            continue;
        }
        let r = parse_program(input);
        match input.as_str() {
            "{3|2|1}" => {
                let e = r.expect_err("ambiguous bars");
                assert!(e.message.contains("ambiguous"), "{}", e.message);
            }
            "+-(1,1+*)" => {
                let e = r.expect_err("tuple after +-");
                assert_eq!(
                    e.hint.as_deref(),
                    Some("for the switch {a,b|-a,-b} write +-{1,1+*}")
                );
            }
            // Evaluation errors: the parser must accept these.
            _ => assert!(r.is_ok(), "{input}: {:?}", r.err()),
        }
    }
}
