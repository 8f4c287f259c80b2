//! A closed output pipe stops the calculator at once (`cgcalc -e '...' | head -1`): the
//! running statement is interrupted, nothing more runs, and it exits without a message.

use std::io::{BufRead, BufReader, Read};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::cgcalc_bin;

/// `{1|-1} + ... + {90|-90}` runs for hours.
fn endless() -> String {
    (1..=90)
        .map(|i| format!("{{{i}|-{i}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

/// Starts cgcalc with `args`, reads its first line, closes the pipe and returns how long the
/// process took to exit after that, with its standard error.
fn first_line_then_close(args: &[&str]) -> (String, Duration, String) {
    let mut child = Command::new(cgcalc_bin())
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start cgcalc");
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    out.read_line(&mut line).unwrap();
    drop(out);
    let closed = Instant::now();
    let deadline = closed + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() {
        if Instant::now() > deadline {
            child.kill().unwrap();
            panic!("cgcalc {args:?} still runs 20 s after its output was closed");
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    let elapsed = closed.elapsed();
    let mut err = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (line, elapsed, err)
}

#[test]
fn closed_pipe_stops_a_long_statement() {
    let sum = endless();
    for args in [
        vec!["-e", "1", "-e", sum.as_str(), "-e", "2"],
        vec!["--json", "-e", "1", "-e", sum.as_str()],
        vec![
            "-e",
            "1",
            "-e",
            "for i in 1..1000000 { x = {i|-i} + {1|-1}; }",
        ],
    ] {
        let (line, elapsed, err) = first_line_then_close(&args);
        assert!(line.contains('1'), "{line}");
        assert!(elapsed < Duration::from_secs(5), "{args:?}: {elapsed:?}");
        assert_eq!(err, "", "{args:?}: quiet exit");
    }
}
