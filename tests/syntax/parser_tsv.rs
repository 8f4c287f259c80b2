//! Every cgcalc_input of the CGSuite short-games checks parses (except the `!!` error rows,
//! which are checked where the contract says the parser must reject them).

use cgcalc::lang::parse_program;

/// The acceptance-check data, in `shared/` next to the crate.
const PATH: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/../shared/checks/data/cgsuite_short_games.tsv"
);

/// The `(expected, cgcalc_input)` rows of the data file at `path`. Panics, naming the file,
/// when it is missing or lacks those columns: these tests must not pass without their data.
fn read_rows(path: &str) -> Vec<(String, String)> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| {
        panic!(
            "cannot read the CGSuite test data {path}: {e} (it belongs to the shared checks \
             next to the crate)"
        )
    });
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().unwrap_or("").split('\t').collect();
    let column = |name: &str| {
        header
            .iter()
            .position(|h| *h == name)
            .unwrap_or_else(|| panic!("{path}: no `{name}` column in the header"))
    };
    let (exp, inp) = (column("expected"), column("cgcalc_input"));
    lines
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (
                f.get(exp).unwrap_or(&"").to_string(),
                f.get(inp).unwrap_or(&"").to_string(),
            )
        })
        .collect()
}

fn rows() -> Vec<(String, String)> {
    read_rows(PATH)
}

#[test]
#[should_panic(expected = "cannot read the CGSuite test data /nonexistent/cgsuite_short_games.tsv")]
fn missing_data_file_fails() {
    read_rows("/nonexistent/cgsuite_short_games.tsv");
}

#[test]
fn tsv_inputs_parse() {
    let rows = rows();
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
    let rows = rows();
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
