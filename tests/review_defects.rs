//! Regression tests for the defects the review found by using cgcalc as a new user would
//! (issue 7). They drive the binary, so they can be run against another build:
//! `CGCALC_TEST_BIN=/path/to/old/cgcalc cargo test --test review_defects` shows each failing
//! before its fix.

mod common;

use std::process::{Output, Stdio};
use std::time::{Duration, Instant};

use common::cgcalc_to;

fn run(args: &[&str], stdin: &str) -> Output {
    cgcalc_to(args, stdin, Stdio::piped())
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn script(name: &str, contents: &str) -> String {
    let dir = std::env::temp_dir().join(format!("cgcalc-review-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, contents).unwrap();
    p.to_string_lossy().into_owned()
}

#[test]
fn domineering_boards_of_full_width() {
    // 1 x 64: Right places 32 dominoes, Left none. A 64-bit shift by the row width made it
    // -31* (and panicked in debug builds).
    let strip = format!("domineering(\"{}#{}\")", ".".repeat(40), ".".repeat(23));
    let out = run(&["-e", "dom(1,64)", "-e", "dom(64,1)", "-e", &strip], "");
    assert_eq!(text(&out.stdout), "-32\n32\n-31\n", "{}", text(&out.stderr));
}

#[test]
fn a_parse_error_in_a_script_does_not_skip_the_rest() {
    let path = script("parse.cgt", "a = 1\nb = {3|2|1}\nc = a + 1\nc\n");
    // Stopping at the first error: what came before it ran.
    let out = run(&[&path], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "1\n");
    assert!(text(&out.stderr).contains(":2:5: error: ambiguous slash notation"));
    // With --keep-going the statements after it run too, as they do from standard input.
    let out = run(&["--keep-going", &path], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(text(&out.stdout), "1\n2\n2\n");
}

#[test]
fn errors_raised_while_evaluating_say_where() {
    // A budget and an overflow each point at the operation they stopped.
    let path = script(
        "eval.cgt",
        ":limit nodes 1000\nx = 1\ny = x + dom(4,5)\nz = ^9223372036854775807 + ^\n",
    );
    let out = run(&["--keep-going", &path], "");
    let err = text(&out.stderr);
    assert!(
        err.contains(":3:9: error: budget exhausted: node limit of 1000 reached"),
        "{err}"
    );
    assert!(
        err.contains("\n            ^^^^^^^^"),
        "caret under dom(4,5): {err}"
    );
    assert!(err.contains(":4:5: error: number too large"), "{err}");
}

#[test]
fn ctrl_c_error_says_where() {
    // Cancel a long computation as the REPL's Ctrl-C handler does (it sets the flag that
    // every long loop polls) and check the error's position.
    use cgcalc::game::interrupt;
    use cgcalc::lang::Session;
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, Ordering};
    let mut s = Session::new();
    let mut err = None;
    let done = Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    // Keep pressing Ctrl-C until the statement gives up (each statement clears the flag
    // when it starts).
    let canceller = std::thread::spawn(move || {
        while !flag.load(Ordering::Relaxed) {
            std::thread::sleep(Duration::from_millis(100));
            interrupt::request_cancel();
        }
    });
    let start = Instant::now();
    let worker = std::thread::Builder::new()
        .stack_size(cgcalc::STACK_SIZE)
        .spawn(move || {
            s.run_source(
                "x = 1\n:limit progress off\ny = x + dom(7,7)\n",
                "t.cgt",
                false,
                &mut |r| {
                    if r.error.is_some() {
                        err = r.error.clone();
                    }
                },
            );
            (s, err)
        })
        .unwrap();
    let (mut s, err) = worker.join().unwrap();
    done.store(true, Ordering::Relaxed);
    canceller.join().unwrap();
    interrupt::clear_cancel();
    assert!(start.elapsed() < Duration::from_secs(30));
    let err = err.expect("cancelled");
    assert!(
        err.starts_with("t.cgt:3:9: error: computation cancelled (Ctrl-C)"),
        "{err}"
    );
    // The session goes on with its variables.
    let mut out = None;
    s.run_source("x + 1", "t.cgt", true, &mut |r| out = r.output.clone());
    assert_eq!(out.as_deref(), Some("2"));
}

#[test]
fn a_sum_of_1_7_million_terms() {
    // Each `+` nested the tree one level deeper: evaluation overflowed the stack.
    let terms = 1_700_000;
    let src = vec!["1"; terms].join("+");
    let out = run(&[], &format!("{src}\n"));
    assert_eq!(
        text(&out.stdout),
        format!("{terms}\n"),
        "{}",
        text(&out.stderr)
    );
    assert_eq!(out.status.code(), Some(0));
    // Ordinal sums and Norton products chain the same way.
    let src = vec!["1"; 200_000].join(":");
    let out = run(&[], &format!("{src}\n"));
    assert_eq!(text(&out.stdout), "200000\n", "{}", text(&out.stderr));
}

// ---------------------------------------------------------------------------------------------
// Issue 26, part 7: hostile input that ended the session (an abort, a panic, a runaway).
// Each reproduction must end with a value or an error, and the session must go on.
// ---------------------------------------------------------------------------------------------

/// Whether the process ended by itself with an exit status (not killed by a signal, such as
/// the SIGABRT of a stack overflow, and not 101, Rust's status for a panic).
#[track_caller]
fn ended_cleanly(out: &Output) {
    let code = out.status.code();
    assert!(
        code.is_some() && code != Some(101) && code != Some(134),
        "status {:?}\nstderr: {}",
        out.status,
        text(&out.stderr)
    );
}

#[test]
fn deep_ordinal_sums_and_powers_end_with_a_value_or_an_error() {
    // These overflowed the stack (exit 134). Numbers have closed forms: 1 : n is n + 1 (a blue
    // Hackenbush string, WW ch. 2) and powto(1, n) = 1 : (n - 1) = n; `* : n` is ^[n]* (a game
    // born on day n + 1) and pow(^, n) is ^<n>, too deep to build for n = 10^7: an error, at
    // once, and the variable set before them is still there.
    let stdin = "x = 5\n1 : 10000000\n* : 10000000\npow({0|*}, 10000000)\n\
                 powto(1, 10000000)\n1 : 100000000000\nx\n";
    let out = run(&["--keep-going"], stdin);
    ended_cleanly(&out);
    assert_eq!(
        text(&out.stdout),
        "5\n10000001\n10000000\n100000000001\n5\n",
        "{}",
        text(&out.stderr)
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("<stdin>:3:1: error: the ordinal sum G : H recurses once per day"),
        "{err}"
    );
    assert!(
        err.contains("<stdin>:4:12: error: the exponent is too large"),
        "{err}"
    );
    assert_eq!(out.status.code(), Some(1));
}

/// Runs the binary with `stdin` and returns its output, or fails if it is still running after
/// `limit` (it is killed then).
fn run_within(args: &[&str], stdin: &str, limit: Duration) -> Output {
    use std::io::Write;
    let mut child = std::process::Command::new(common::cgcalc_bin())
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cgcalc");
    let _ = child.stdin.take().unwrap().write_all(stdin.as_bytes());
    let start = Instant::now();
    while child.try_wait().expect("wait").is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let out = child.wait_with_output().unwrap();
            panic!(
                "still running after {limit:?}; stderr: {}",
                text(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().expect("output")
}

#[test]
fn pictures_of_far_values_stop_within_twice_the_time_limit() {
    // The tick loop of tikz and svg never ended (and grew a list by gigabytes) for values near
    // 10^16 and beyond. Under `:limit time 2` each statement must be over within 4 s; they
    // take a moment now, and the session goes on.
    let svg = std::env::temp_dir().join(format!("cgcalc-far-{}.svg", std::process::id()));
    let svg = svg.to_str().unwrap().replace('\\', "/");
    let stdin = format!(
        ":limit time 2\nx = 7\ntikz(10000000000000000);\nsvg(99999999999999999999, \"{svg}\")\nx\n"
    );
    let out = run_within(&["--keep-going"], &stdin, Duration::from_secs(4));
    let _ = std::fs::remove_file(&svg);
    ended_cleanly(&out);
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("\nwrote {svg} (")), "{stdout}");
    assert!(stdout.ends_with(" bytes)\n7\n"), "x is kept: {stdout}");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[cfg(unix)]
#[test]
fn a_save_killed_mid_write_leaves_the_old_file_whole() {
    // `:save` opened its file with truncation: a process stopped in the middle of the write
    // (here by a file-size limit of 2 blocks, at most 2 KiB, against a 20 KB script) left a
    // fragment. Now the old file stays whole; an ordinary `:save` replaces it and says so.
    let dir = std::env::temp_dir().join(format!("cgcalc-save-kill-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("keep.cgt");
    let old = "# the old session\nx = 1\n";
    std::fs::write(&file, old).unwrap();
    let stdin = format!("xs = [n for n in 1..4000];\n:save {}\n", file.display());
    let mut child = std::process::Command::new("sh")
        .args([
            "-c",
            "ulimit -f 2; exec \"$0\" \"$@\"",
            &common::cgcalc_bin(),
        ])
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    {
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(stdin.as_bytes())
            .unwrap();
    }
    let out = child.wait_with_output().unwrap();
    assert!(!out.status.success(), "the write must fail under the limit");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), old);
    // Without the limit the save goes through, replacing the file.
    let out = run(&[], &stdin);
    assert_eq!(
        text(&out.stdout),
        format!(
            "saved 0 functions and 1 variable to {}, replacing the old file\n",
            file.display()
        ),
        "{}",
        text(&out.stderr)
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    assert!(
        saved.contains("xs = [1, 2, 3,") && saved.len() > 19_000,
        "{saved}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(unix)]
#[test]
fn scripts_from_devices_and_pipes_are_bounded_and_cancellable() {
    // `:load /dev/zero` read until an allocation failed: now at most 64 MiB are read and the
    // session goes on.
    let out = run(&["--keep-going"], "x = 3\n:load /dev/zero\nx\n");
    ended_cleanly(&out);
    assert_eq!(text(&out.stdout), "3\n3\n");
    assert!(
        text(&out.stderr).contains(
            "error: cannot read `/dev/zero`: it holds more than the 64 MiB a script may have"
        ),
        "{}",
        text(&out.stderr)
    );
    // A named pipe as a script argument waited for a writer, deaf to the first Ctrl-C; it
    // stops at once now, with the status of an interrupted run.
    let fifo = std::env::temp_dir().join(format!("cgcalc-review-{}.fifo", std::process::id()));
    let _ = std::fs::remove_file(&fifo);
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo");
    let mut child = std::process::Command::new(common::cgcalc_bin())
        .arg(&fifo)
        .env("NO_COLOR", "1")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    wait_for_thread(child.id(), "cgcalc-read");
    let sent = std::process::Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status();
    assert!(sent.is_ok_and(|s| s.success()), "kill -INT");
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(5) {
            let _ = child.kill();
            panic!("still waiting for the pipe 5 s after one Ctrl-C");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_file(&fifo);
    assert_eq!(out.status.code(), Some(130), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("was cancelled (Ctrl-C)"));
}

/// Waits (up to 10 s) until process `pid` runs a thread named `name`: then it is past its
/// start-up, with its Ctrl-C handler installed. Elsewhere than on Linux, waits a second.
fn wait_for_thread(pid: u32, name: &str) {
    if !cfg!(target_os = "linux") {
        std::thread::sleep(Duration::from_secs(1));
        return;
    }
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        let names = std::fs::read_dir(format!("/proc/{pid}/task"))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|t| std::fs::read_to_string(t.path().join("comm")).ok());
        if names.into_iter().any(|n| n.trim() == name) {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    panic!("no thread {name} in process {pid}");
}
