//! The `cgcalc` binary: `-e`, script files, exit status, `--json` on piped standard input,
//! input that is not UTF-8, output that cannot be written.

use std::process::{Command, Output, Stdio};

use crate::common::cgcalc_to;

fn cgcalc(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    cgcalc_to(args, stdin, Stdio::piped())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn temp_script(name: &str, contents: impl AsRef<[u8]>) -> std::path::PathBuf {
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
    assert_eq!(field(lines[3], "input").as_deref(), Some("x = 3;"));
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

// Input that is not UTF-8. The error names the line and the column (in characters) of the
// first bad byte, shows the line (the bad bytes as U+FFFD) with a caret, and fails the run.

#[test]
fn invalid_utf8_on_stdin_fails_with_its_position() {
    let o = cgcalc(&[], b"1+1\nassert 1 == 1\nx = {0|\xff}\nassert 1 == 2\n");
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "2\n");
    assert_eq!(
        text(&o.stderr),
        "<stdin>:3:8: error: invalid UTF-8 (byte 0xff)\n    x = {0|\u{fffd}}\n           ^\n"
    );
}

#[test]
fn invalid_utf8_column_counts_characters() {
    // `é` and `↑` are one column each; 0xc3 followed by `(` is the bad sequence.
    let o = cgcalc(&[], b"1\n# \xc3\xa9\xe2\x86\x91 \xc3(\n");
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.starts_with("<stdin>:2:6: error: invalid UTF-8 (byte 0xc3)\n"),
        "{err}"
    );
}

#[test]
fn invalid_utf8_on_stdin_with_keep_going_runs_the_rest() {
    let o = cgcalc(&["--keep-going"], b"1\n\xff\n2\nassert 1 == 2\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "1\n2\n");
    let err = text(&o.stderr);
    assert!(
        err.starts_with("<stdin>:2:1: error: invalid UTF-8 (byte 0xff)\n"),
        "{err}"
    );
    assert!(
        err.contains("<stdin>:4:8: error: assertion failed"),
        "{err}"
    );
}

#[test]
fn invalid_utf8_inside_a_multi_line_statement_skips_that_statement() {
    // Lines 1-3 are one statement; it is not run, and its last line is not run on its own.
    let o = cgcalc(&["--keep-going"], b"g = {1,\n \xff |\n -1}\n3\n");
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stdout), "3\n");
    let err = text(&o.stderr);
    assert!(
        err.starts_with("<stdin>:2:2: error: invalid UTF-8 (byte 0xff)\n"),
        "{err}"
    );
    assert_eq!(err.matches("error:").count(), 1, "{err}");
}

#[test]
fn invalid_utf8_on_stdin_is_a_json_record() {
    let o = cgcalc(&["--json"], b"1\nx\xff\n2\n");
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3, "{out}");
    assert_eq!(field(lines[0], "output").as_deref(), Some("1"));
    assert_eq!(field(lines[1], "input").as_deref(), Some("x\u{fffd}"));
    let e = field(lines[1], "error").unwrap();
    assert!(
        e.starts_with("<stdin>:2:2: error: invalid UTF-8 (byte 0xff)\n"),
        "{e}"
    );
    assert_eq!(field(lines[2], "output").as_deref(), Some("2"));
}

#[test]
fn unreadable_stdin_is_an_error() {
    // Reading a directory fails (EISDIR) after it was opened.
    let dir = std::fs::File::open(std::env::temp_dir()).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_cgcalc"))
        .env("NO_COLOR", "1")
        .stdin(dir)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        text(&o.stderr),
        "cgcalc: cannot read standard input: Is a directory (os error 21)\n"
    );
}

#[test]
fn invalid_utf8_in_a_script_fails_with_its_position() {
    let p = temp_script("bad-utf8.cgt", b"1\nassert 2 == 2\ny = \xe2\x82\n3\n");
    let path = p.to_string_lossy().into_owned();
    let o = cgcalc(&[&path], "");
    assert_eq!(o.status.code(), Some(1));
    // The file is checked before any of it runs, as a syntax error would be.
    assert_eq!(text(&o.stdout), "");
    assert_eq!(
        text(&o.stderr),
        format!("{path}:3:5: error: invalid UTF-8 (byte 0xe2)\n    y = \u{fffd}\n        ^\n")
    );
}

#[test]
fn invalid_utf8_in_a_script_is_a_json_record_and_the_next_file_runs() {
    let bad = temp_script("bad-utf8-json.cgt", b"*\xff\n");
    let good = temp_script("good-after-bad.cgt", "*2 + *3\n");
    let bad = bad.to_string_lossy().into_owned();
    let good = good.to_string_lossy().into_owned();
    let o = cgcalc(&["--json", &bad, &good], "");
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let e = field(lines[0], "error").unwrap();
    assert!(
        e.starts_with(&format!("{bad}:1:2: error: invalid UTF-8 (byte 0xff)\n")),
        "{e}"
    );
    assert_eq!(field(lines[1], "output").as_deref(), Some("*"));
}

// A UTF-8 byte-order mark at the start of a script or of standard input is skipped.

#[test]
fn byte_order_mark_at_the_start_of_a_script_is_skipped() {
    let p = temp_script("bom.cgt", b"\xef\xbb\xbf*2 + *3\nassert ^ + ^ == ^^\n");
    let o = cgcalc(&[&p.to_string_lossy()], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "*\n");
}

#[test]
fn byte_order_mark_is_not_a_column() {
    let p = temp_script("bom-bad.cgt", b"\xef\xbb\xbfab\xff\n");
    let path = p.to_string_lossy().into_owned();
    let o = cgcalc(&[&path], "");
    assert_eq!(o.status.code(), Some(1));
    let err = text(&o.stderr);
    assert!(
        err.starts_with(&format!("{path}:1:3: error: invalid UTF-8 (byte 0xff)\n")),
        "{err}"
    );
}

#[test]
fn byte_order_mark_at_the_start_of_stdin_is_skipped() {
    let o = cgcalc(&[], b"\xef\xbb\xbf1+1\n2\n");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    assert_eq!(text(&o.stdout), "2\n2\n");
    // Only at the very start: on a later line it is a character like any other.
    let o = cgcalc(&[], b"1\n\xef\xbb\xbf2\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(text(&o.stderr).starts_with("<stdin>:2:1: error:"));
}

// Output that cannot be written: one line on standard error, exit status 1, nothing more runs.

fn dev_full() -> Stdio {
    let f = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .expect("open /dev/full");
    Stdio::from(f)
}

const NO_SPACE: &str = "cgcalc: cannot write output: No space left on device (os error 28)\n";

#[test]
fn full_disk_on_eval_fails() {
    let o = cgcalc_to(&["-e", "1+1"], "", dev_full());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stderr), NO_SPACE);
    let o = cgcalc_to(&["--json", "-e", "1+1"], "", dev_full());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stderr), NO_SPACE);
}

#[test]
fn full_disk_on_a_script_fails() {
    let p = temp_script("full.cgt", "1\n2\nassert 1 == 2\n");
    let o = cgcalc_to(&["--keep-going", &p.to_string_lossy()], "", dev_full());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stderr), NO_SPACE);
}

#[test]
fn full_disk_on_stdin_stops_at_once() {
    // The failing assert after the first statement does not run (no message about it).
    let o = cgcalc_to(&["--keep-going"], "1\nassert 1 == 2\n2\n", dev_full());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stderr), NO_SPACE);
    let o = cgcalc_to(&["--json"], "1\nassert 1 == 2\n", dev_full());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stderr), NO_SPACE);
}

#[test]
fn closed_pipe_fails_quietly() {
    // A pipe whose reading end is closed before cgcalc starts: every write fails (EPIPE).
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let o = cgcalc_to(&["-e", "1", "-e", "2"], "", Stdio::from(writer));
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stderr), "");
}

#[test]
fn files_dash_and_eval_run_in_command_line_order() {
    let a = temp_script("order-a.cgt", "a = 2\n");
    let b = temp_script("order-b.cgt", "b = a + c\n");
    let (a, b) = (a.to_string_lossy(), b.to_string_lossy());
    let o = cgcalc(&["-e", "x = 1", &a, "-", &b, "-e", "b + x"], "c = 7\n");
    assert_eq!(text(&o.stdout), "1\n2\n7\n9\n10\n", "{}", text(&o.stderr));
    assert_eq!(o.status.code(), Some(0));
}

#[test]
fn dash_errors_name_stdin() {
    let o = cgcalc(&["-"], "1\nfoo\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("<stdin>:2:1: error"),
        "{}",
        text(&o.stderr)
    );
}

#[test]
fn dash_twice_is_a_usage_error() {
    let o = cgcalc(&["-", "-"], "");
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn set_gives_scripts_parameters() {
    let p = temp_script("params.cgt", "n + 1\n");
    let o = cgcalc(
        &[
            "--set",
            "n={0|}",
            "--set=m=3",
            &p.to_string_lossy(),
            "-e",
            "m",
        ],
        "",
    );
    assert_eq!(text(&o.stdout), "2\n3\n", "{}", text(&o.stderr));
    let o = cgcalc(&["--set", "2n=3", "-e", "1"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(text(&o.stderr).contains("not a variable name"));
    let o = cgcalc(&["--set", "n=foo(", "-e", "1"], "");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        text(&o.stderr).contains("--set n:1:"),
        "{}",
        text(&o.stderr)
    );
}

/// A number field `"key": N` of a JSON Lines record.
fn number(line: &str, key: &str) -> Option<f64> {
    let pat = format!("\"{key}\": ");
    let start = line.find(&pat)? + pat.len();
    let end = line[start..].find([',', '}'])? + start;
    line[start..end].parse().ok()
}

/// A statement that fails to parse is shown whole by `--echo` and in the JSON `input` (the
/// issue: only its last line was), with its first line as `line`; an unclosed bracket is
/// reported at the bracket, in the file's line and column, and the line after it that begins
/// a new statement at column 1 runs on its own instead of being swallowed.
#[test]
fn a_statement_that_fails_to_parse_is_shown_whole() {
    let p = temp_script(
        "whole.cgt",
        "k = [1,\n  2 3]\ny = temp({2|-1}\n\n# a note\nz = 5\nz\n",
    );
    let path = p.to_string_lossy().into_owned();
    let o = cgcalc(&["--json", &path], "");
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert_eq!(field(lines[0], "input").as_deref(), Some("k = [1,\n  2 3]"));
    assert_eq!(number(lines[0], "line"), Some(1.0));
    assert_eq!(number(lines[0], "error_line"), Some(2.0));
    assert_eq!(number(lines[0], "error_column"), Some(5.0));
    // The blank line and the comment stay with the unfinished statement; `z = 5` does not.
    assert_eq!(
        field(lines[1], "input").as_deref(),
        Some("y = temp({2|-1}\n\n# a note")
    );
    assert_eq!(number(lines[1], "line"), Some(3.0));
    assert_eq!(number(lines[1], "error_line"), Some(3.0));
    assert_eq!(number(lines[1], "error_column"), Some(9.0));
    let e = field(lines[1], "error").unwrap();
    assert!(
        e.starts_with(&format!(
            "{path}:3:9: error: unclosed `(`: the statement ends before its `)`\n    y = temp({{2|-1}}\n            ^\n"
        )),
        "{e}"
    );
    assert!(
        e.ends_with(
            "hint: line 6 begins a new statement at column 1 (`z = 5`), so it is read on its own"
        ),
        "{e}"
    );
    assert_eq!(field(lines[2], "input").as_deref(), Some("z = 5"));
    assert_eq!(field(lines[3], "output").as_deref(), Some("5"));

    // --echo writes a transcript: errors go where the output goes, without file and line.
    let echoed = "> k = [1,\n  2 3]\nerror: expected `,` or `]` in the list, found `3`\n      2 3]\n        ^\n\
                  > y = temp({2|-1}\n\n# a note\nerror: unclosed `(`: the statement ends before its `)`\n    y = temp({2|-1}\n            ^\n\
                  hint: line 6 begins a new statement at column 1 (`z = 5`), so it is read on its own\n\
                  > z = 5\n5\n> z\n5\n";
    let o = cgcalc(&["--echo", "--keep-going", &path], "");
    assert_eq!(text(&o.stdout), echoed);
    assert_eq!(o.status.code(), Some(1));
    // Standard input reads the same statements.
    let o = cgcalc(&["--echo", "--keep-going"], std::fs::read(&p).unwrap());
    assert_eq!(text(&o.stdout), echoed);
}

#[test]
fn json_records_carry_file_line_time_and_error_position() {
    let p = temp_script(
        "json-pos.cgt",
        "g = {0|1}\n\n# note\nk = {g |\n  h}\n:time on\ng\n",
    );
    let path = p.to_string_lossy().into_owned();
    let o = cgcalc(&["--json", &path, "-e", "g"], "");
    let out = text(&o.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 5, "{out}");
    assert_eq!(field(lines[0], "file").as_deref(), Some(path.as_str()));
    assert_eq!(number(lines[0], "line"), Some(1.0));
    assert_eq!(number(lines[0], "time_ms"), None);
    // The error is on the second line of a statement that starts on line 4.
    assert_eq!(number(lines[1], "line"), Some(4.0));
    assert_eq!(number(lines[1], "error_line"), Some(5.0));
    assert_eq!(number(lines[1], "error_column"), Some(3.0));
    assert!(
        field(lines[1], "error")
            .unwrap()
            .contains(":5:3: error: unknown variable `h`")
    );
    assert_eq!(number(lines[3], "line"), Some(7.0));
    assert!(number(lines[3], "time_ms").is_some(), "{}", lines[3]);
    assert_eq!(field(lines[4], "file").as_deref(), Some("-e"));
    assert_eq!(field(lines[4], "output").as_deref(), Some("1/2"));
}

#[test]
fn interactive_after_a_failing_script_keeps_its_variables() {
    let p = temp_script("fails.cgt", "kept = ^\nnope\nnever = 1\n");
    // Standard input is not a terminal, so the REPL reads it as lines.
    let o = cgcalc(&[&p.to_string_lossy(), "-i"], "kept + kept\nnever\n");
    let out = text(&o.stdout);
    assert!(out.contains("^^"), "{out}");
    let err = text(&o.stderr);
    assert!(err.contains("unknown variable `nope`"), "{err}");
    assert!(err.contains("unknown variable `never`"), "{err}");
    assert_eq!(o.status.code(), Some(1), "the script failed");
}

#[test]
fn help_mentions_the_new_options() {
    let o = cgcalc(&["--help"], "");
    let out = text(&o.stdout);
    for w in [
        "--set NAME=VALUE",
        "error_column",
        "time_ms",
        "130",
        "`-` reads",
    ] {
        assert!(out.contains(w), "{w} missing from --help");
    }
}

#[test]
fn help_and_version_to_a_full_disk_or_a_closed_pipe() {
    // These printed with println!, which panics (exit 101) when the write fails. Like any
    // output now: status 1, with a message for a full disk and none for a closed pipe.
    for flag in ["--help", "-V"] {
        let o = cgcalc_to(&[flag], "", dev_full());
        assert_eq!(o.status.code(), Some(1), "{flag}: {}", text(&o.stderr));
        assert_eq!(text(&o.stderr), NO_SPACE, "{flag}");
        // A pipe whose reader is gone before the first byte (`cgcalc --help | head -1` once
        // `head` has exited).
        let (reader, writer) = std::io::pipe().expect("pipe");
        drop(reader);
        let o = cgcalc_to(&[flag], "", Stdio::from(writer));
        assert_eq!(o.status.code(), Some(1), "{flag}: {}", text(&o.stderr));
        assert_eq!(text(&o.stderr), "", "{flag}");
    }
    let o = cgcalc(&["--help"], "");
    assert_eq!(o.status.code(), Some(0));
    assert!(text(&o.stdout).starts_with("usage: cgcalc"));
}

#[test]
fn progress_lines_to_a_full_stderr_do_not_end_the_run() {
    // Progress lines (a search's, every second here; evolve's summary, always) went through
    // eprintln!, whose panic on a full standard error failed the statement. They are dropped
    // now. dom(5,6) is -3/2 (tests/domineering.rs).
    let o = Command::new(crate::common::cgcalc_bin())
        .args([
            "-e",
            ":limit progress 1",
            "-e",
            "dom(5,6)",
            "-e",
            "evolve(\"RR\", 1);",
            "-e",
            "1 + 1",
        ])
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stderr(dev_full())
        .output()
        .expect("run cgcalc");
    assert_eq!(o.status.code(), Some(0));
    // `:limit` in a script is silent; the values follow.
    assert_eq!(text(&o.stdout), "-3/2\n2\n");
}

#[test]
fn control_characters_reach_the_terminal_only_as_pictures() {
    // A string holding ESC and BEL, an echoed statement and an error quoting a line with
    // ESC ... BEL (an xterm title command) and a C1 CSI: the terminal would have obeyed them.
    // Strings print escapes that read back; echoed input and errors show U+2400 + code (and
    // U+FFFD for C1), one character each, so the caret stays under the offending character.
    let src = "x = \"a\u{1b}[2Jb\u{7}\"\nfoo\u{1b}]0;title\u{7} + 1\ny = \"\u{9b}\" + 1\n";
    let o = cgcalc(&["--keep-going", "--echo"], src);
    let (out, err) = (text(&o.stdout), text(&o.stderr));
    for c in ['\u{1b}', '\u{7}', '\u{9b}'] {
        assert!(
            !out.contains(c) && !err.contains(c),
            "{c:?} in\n{out}\n{err}"
        );
    }
    assert!(
        out.starts_with("> x = \"a\u{241b}[2Jb\u{2407}\"\n\"a\\u{1b}[2Jb\\u{7}\"\n"),
        "{out}"
    );
    // With --echo the errors are part of the transcript on standard output.
    assert!(
        out.contains(
            "error: unexpected character `\u{241b}`\n    foo\u{241b}]0;title\u{2407} + 1\n       ^\n"
        ),
        "{out}"
    );
    assert!(out.contains("    y = \"\u{fffd}\" + 1\n"), "{out}");
    // Without it they go to standard error, with their place.
    let o = cgcalc(&["--keep-going"], src);
    let err = text(&o.stderr);
    assert!(!err.contains('\u{1b}') && !err.contains('\u{9b}'), "{err}");
    assert!(
        err.contains(
            "<stdin>:2:4: error: unexpected character `\u{241b}`\n    foo\u{241b}]0;title\u{2407} + 1\n       ^\n"
        ),
        "{err}"
    );
    assert!(err.contains("    y = \"\u{fffd}\" + 1\n"), "{err}");
    // --json escapes them as JSON does.
    let o = cgcalc(&["--json"], "\"\u{1b}\u{9b}\"\n");
    assert!(
        text(&o.stdout).contains(r#""output": "\"\\u{1b}\\u{9b}\"""#),
        "{}",
        text(&o.stdout)
    );
}

/// Transcripts as tests (language.md): what `--echo` prints is a transcript; `--check`
/// re-runs it, a changed expected line fails with a diff naming the statement's line and
/// exit status 1, and `--bless` writes the outputs back.
#[test]
fn check_reads_what_echo_writes() {
    let tour = concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/tour.cgt");
    let o = cgcalc(&["--echo", tour], "");
    assert_eq!(o.status.code(), Some(0));
    let recorded = text(&o.stdout);
    let statements = recorded.lines().filter(|l| l.starts_with("> ")).count();
    let p = temp_script("tour.t", &recorded);
    let path = p.to_string_lossy().into_owned();
    let o = cgcalc(&["--check", &path], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert_eq!(text(&o.stdout), format!("{statements} passed, 0 failed\n"));

    // `{0|1}` is 1/2 (the simplest number between 0 and 1); claim 3/4 instead.
    let changed = recorded.replacen("> {0|1}\n1/2\n", "> {0|1}\n3/4\n", 1);
    assert_ne!(changed, recorded, "tour.cgt begins with {{0|1}}");
    let line = changed.lines().position(|l| l == "> {0|1}").unwrap() + 1;
    std::fs::write(&p, &changed).unwrap();
    let o = cgcalc(&["--check", &path], "");
    assert_eq!(o.status.code(), Some(1));
    let out = text(&o.stdout);
    assert!(
        out.contains(&format!("--- {path}:{line} (expected)\n")),
        "{out}"
    );
    assert!(out.contains("\n-3/4\n+1/2\n"), "{out}");
    assert!(
        out.ends_with(&format!("{} passed, 1 failed\n", statements - 1)),
        "{out}"
    );

    let o = cgcalc(&["--check", "--bless", &path], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&p).unwrap(), recorded);
    let o = cgcalc(&["--bless", &path], "");
    assert_eq!(o.status.code(), Some(2), "--bless alone is a usage error");
}

/// A transcript keeps comments and blank lines between statements, and checks errors and
/// statements of several lines; a report's `#` lines right after its value are output.
#[test]
fn check_covers_errors_comments_and_blocks() {
    let script = temp_script(
        "demo.cgt",
        "x = 3\nfor n in 0..2 {\n  n + x\n}\ny = q + 1\n{1|\n0}\npawns(\"8/p6p/8/8/8/8/P6P/8\")\n",
    );
    let o = cgcalc(&["--echo", "--keep-going", &script.to_string_lossy()], "");
    assert_eq!(
        o.status.code(),
        Some(1),
        "the unknown variable fails the run"
    );
    let recorded = text(&o.stdout);
    // 0 + 3, 1 + 3, 2 + 3; the error without its file and line.
    assert!(
        recorded.contains("> for n in 0..2 {\n  n + x\n}\n3\n4\n5\n"),
        "{recorded}"
    );
    assert!(
        recorded.contains("> y = q + 1\nerror: unknown variable `q`\n"),
        "{recorded}"
    );
    // Two blocked pawn pairs, each 0 (a chunk apiece).
    assert!(
        recorded
            .ends_with("0\n# chunk 1: White a2, Black a7 = 0\n# chunk 2: White h2, Black h7 = 0\n"),
        "{recorded}"
    );
    let with_comments = format!(
        "# a transcript\n\n{}",
        recorded.replace("> y = q", "\n# an error on purpose\n> y = q")
    );
    let p = temp_script("demo.t", &with_comments);
    let path = p.to_string_lossy().into_owned();
    let o = cgcalc(&["--check", &path], "");
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert_eq!(text(&o.stdout), "5 passed, 0 failed\n");
    // Blessing an unchanged transcript leaves it, comments included, as it was.
    let o = cgcalc(&["--check", "--bless", &path], "");
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(std::fs::read_to_string(&p).unwrap(), with_comments);
}

/// README's examples are a transcript checked in CI (`tests/transcripts/readme.t`): its
/// statements are exactly the README's `> ` lines (a trailing comment is not part of a
/// statement, `a; b` is two), every output the README shows is the one printed, and
/// `cgcalc --check` passes, run in a fresh folder since two examples write files.
#[test]
fn readme_examples_are_a_checked_transcript() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let mut shown: Vec<(String, Vec<String>)> = Vec::new();
    let mut in_text = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_text = line == "```text";
            continue;
        }
        if !in_text {
            continue;
        }
        if let Some(statement) = line.strip_prefix("> ") {
            let parts: Vec<&str> = without_comment(statement).split("; ").collect();
            for (k, part) in parts.iter().enumerate() {
                let semicolon = if k + 1 < parts.len() { ";" } else { "" };
                shown.push((format!("{}{semicolon}", part.trim()), Vec::new()));
            }
        } else if let Some((_, output)) = shown.last_mut() {
            output.push(line.to_string());
        }
    }
    let path = format!("{root}/tests/transcripts/readme.t");
    let t = cgcalc::transcript::Transcript::parse(&std::fs::read_to_string(&path).unwrap());
    let recorded: Vec<&str> = t.entries.iter().map(|e| e.statement.as_str()).collect();
    let written: Vec<&str> = shown.iter().map(|(s, _)| s.as_str()).collect();
    assert_eq!(
        recorded, written,
        "README's examples and tests/transcripts/readme.t"
    );
    assert!(written.len() >= 20, "{} README examples", written.len());
    for ((statement, output), entry) in shown.iter().zip(&t.entries) {
        if !output.is_empty() {
            assert_eq!(output, &entry.expected, "README's output of `{statement}`");
        }
    }
    let dir = std::env::temp_dir().join(format!("cgcalc-readme-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let o = Command::new(env!("CARGO_BIN_EXE_cgcalc"))
        .args(["--check", &path])
        .current_dir(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    assert!(text(&o.stdout).ends_with(&format!("{} passed, 0 failed\n", written.len())));
}

/// A statement without its trailing `# comment` (a `#` inside a string stays).
fn without_comment(statement: &str) -> &str {
    let mut in_string = false;
    for (k, c) in statement.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '#' if !in_string => return statement[..k].trim_end(),
            _ => {}
        }
    }
    statement.trim_end()
}
