//! The `cgcalc` binary: `-e`, script files, exit status, `--json` on piped standard input.

use std::io::Write;
use std::process::{Command, Output, Stdio};

fn cgcalc(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_cgcalc"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cgcalc");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp_script(name: &str, contents: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("cgcalc-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p
}

#[test]
fn eval_flag_prints_value() {
    let o = cgcalc(&["-e", "{0|1}"], "");
    assert_eq!(text(&o.stdout), "1/2\n");
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn eval_flag_error_exits_one_with_position() {
    let o = cgcalc(&["-e", "lefft(1)"], "");
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.contains("-e:1:1: error: unknown function `lefft`"),
        "{err}"
    );
}

#[test]
fn script_with_failing_assert_exits_one_and_says_where() {
    let p = temp_script("failing.cgt", "g = {0|1}\n\nassert g + g == 2\n");
    let path = p.to_string_lossy().into_owned();
    let o = cgcalc(&[&path], "");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "1/2\n");
    let err = text(&o.stderr);
    assert!(
        err.contains(&format!("{path}:3:8: error: assertion failed")),
        "{err}"
    );
    assert!(err.contains("left side is 1, right side is 2"), "{err}");
}

#[test]
fn passing_script_exits_zero() {
    let p = temp_script("ok.cgt", "# comment\nassert ^ + ^ == ^^\n*2 + *3\n");
    let o = cgcalc(&[&p.to_string_lossy()], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "*\n");
}

#[test]
fn examples_script_passes() {
    let p = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/examples.cgt");
    let o = cgcalc(&[p], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
}

/// Extracts `"key": "value"` from one JSON Lines object produced by cgcalc (string values
/// only; enough for these tests without a JSON crate).
fn field(line: &str, key: &str) -> Option<String> {
    let pat = format!("\"{key}\": \"");
    let start = line.find(&pat)? + pat.len();
    let mut out = String::new();
    let mut chars = line[start..].chars();
    while let Some(c) = chars.next() {
        match c {
            '"' => return Some(out),
            '\\' => match chars.next()? {
                'n' => out.push('\n'),
                c => out.push(c),
            },
            c => out.push(c),
        }
    }
    None
}

#[test]
fn json_lines_on_piped_stdin_continue_after_errors() {
    let o = cgcalc(&["--json"], "{0|1}\nfoo\n^ + ^\nx = 3;\n");
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    for l in &lines {
        assert!(l.starts_with('{') && l.ends_with('}'), "{l}");
        assert!(field(l, "input").is_some(), "{l}");
        assert!(
            field(l, "output").is_some() != field(l, "error").is_some(),
            "{l}"
        );
    }
    assert_eq!(field(lines[0], "input").as_deref(), Some("{0|1}"));
    assert_eq!(field(lines[0], "output").as_deref(), Some("1/2"));
    assert_eq!(field(lines[1], "input").as_deref(), Some("foo"));
    let e = field(lines[1], "error").unwrap();
    assert!(e.contains("unknown variable `foo`"), "{e}");
    assert!(e.contains("\n    foo\n    ^^^"), "{e}");
    assert_eq!(field(lines[2], "output").as_deref(), Some("^^"));
    assert_eq!(field(lines[3], "input").as_deref(), Some("x = 3"));
    assert_eq!(field(lines[3], "output").as_deref(), Some(""));
    assert_eq!(o.status.code(), Some(1), "an error makes the exit status 1");
}

#[test]
fn stdin_statement_spanning_lines() {
    let o = cgcalc(&[], "g = {1,\n  1* |\n  -1}\ng + g\n");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    // {1,1*|-1} + itself: the switch-like game; check against the one-line form.
    let one_line = cgcalc(&["-e", "g = {1,1*|-1}\ng + g"], "");
    assert_eq!(text(&o.stdout), text(&one_line.stdout));
    assert_eq!(text(&o.stdout).lines().count(), 2);
}

#[test]
fn stdin_multi_line_json() {
    let o = cgcalc(&["--json"], "{0|\n 1}\n");
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 1, "{out}");
    assert_eq!(field(lines[0], "output").as_deref(), Some("1/2"));
    assert_eq!(field(lines[0], "input").as_deref(), Some("{0|\n 1}"));
}

#[test]
fn json_continues_after_a_syntax_error() {
    let o = cgcalc(&["--json"], "1\n{3|2|1}\n2\n");
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(field(lines[0], "output").as_deref(), Some("1"));
    assert!(
        field(lines[1], "error")
            .unwrap()
            .contains("ambiguous slash notation")
    );
    assert_eq!(field(lines[2], "output").as_deref(), Some("2"));
    assert_eq!(o.status.code(), Some(1));
}
