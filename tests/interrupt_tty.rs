//! Ctrl-C in the real program: the REPL driven through a pseudo-terminal (tmux), and a script
//! stopped by SIGINT.
//!
//! The REPL tests need tmux; without it they print a message and pass. Each test runs its own
//! tmux server (`tmux -L NAME`), so they neither see nor disturb anybody else's sessions.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// A `cgcalc` REPL in a private tmux server, killed when dropped.
struct Tty {
    socket: String,
}

impl Tty {
    /// Starts `cgcalc` in a new tmux server, or returns `None` (after saying why) when tmux
    /// is not installed.
    fn start(name: &str) -> Option<Tty> {
        if Command::new("tmux").arg("-V").output().is_err() {
            eprintln!("skipped: tmux is not installed (needed to drive the REPL through a pty)");
            return None;
        }
        let socket = format!("cgcalc-test-{}-{name}", std::process::id());
        let dir = std::env::temp_dir().join(&socket);
        std::fs::create_dir_all(&dir).unwrap();
        let cmd = format!(
            "NO_COLOR=1 CGCALC_HISTORY={} {}",
            dir.join("history").display(),
            common::cgcalc_bin()
        );
        let ok = Command::new("tmux")
            .args(["-L", &socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "150", "-y", "50", &cmd])
            .status()
            .expect("run tmux")
            .success();
        assert!(ok, "tmux new-session failed");
        let tty = Tty { socket };
        // The prompt: rustyline has read the terminal's answers and waits for keys (keys sent
        // before that can be taken for part of an answer).
        tty.wait_for("Ctrl-D to quit.\n>", Duration::from_secs(10));
        Some(tty)
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .stderr(Stdio::null())
            .output()
            .expect("run tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types `line` and Enter.
    fn line(&self, line: &str) {
        self.tmux(&["send-keys", "-t", "0", "-l", line]);
        self.tmux(&["send-keys", "-t", "0", "Enter"]);
    }

    fn ctrl_c(&self) {
        self.tmux(&["send-keys", "-t", "0", "C-c"]);
    }

    /// The screen and its scrollback.
    fn screen(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-S", "-", "-t", "0"])
    }

    /// Waits until the screen holds `text` `n` times; returns how long that took.
    fn wait_count(&self, text: &str, n: usize, limit: Duration) -> Duration {
        let start = Instant::now();
        loop {
            if self.screen().matches(text).count() >= n {
                return start.elapsed();
            }
            assert!(
                start.elapsed() < limit,
                "waited {limit:?} for `{text}` (x{n}); screen:\n{}",
                self.screen()
            );
            std::thread::sleep(Duration::from_millis(10));
        }
    }

    fn wait_for(&self, text: &str, limit: Duration) -> Duration {
        self.wait_count(text, 1, limit)
    }
}

impl Drop for Tty {
    fn drop(&mut self) {
        self.tmux(&["kill-server"]);
        let _ = std::fs::remove_dir_all(std::env::temp_dir().join(&self.socket));
    }
}

const CANCELLED: &str = "computation cancelled (Ctrl-C)";

/// Runs `stmt`, presses Ctrl-C after a second, and checks that the statement stops within a
/// second and that `x` is still 5. `k` is the number of cancellations so far.
fn interrupt(tty: &Tty, stmt: &str, k: usize) {
    tty.line(stmt);
    std::thread::sleep(Duration::from_secs(1));
    assert_eq!(
        tty.screen().matches(CANCELLED).count(),
        k - 1,
        "`{stmt}` ended by itself within a second: pick a longer statement"
    );
    tty.ctrl_c();
    let latency = tty.wait_count(CANCELLED, k, Duration::from_secs(10));
    eprintln!("Ctrl-C stopped `{stmt}` in {latency:?}");
    assert!(
        latency < Duration::from_secs(1),
        "Ctrl-C took {latency:?} to stop `{stmt}`"
    );
    // The prompt is back and the variables are intact.
    tty.line("x + 1000");
    tty.wait_count("\n1005\n", k, Duration::from_secs(5));
}

#[test]
fn ctrl_c_stops_domineering_and_keeps_the_variables() {
    let Some(tty) = Tty::start("dom") else { return };
    tty.line("x = 5");
    tty.wait_for("\n5\n", Duration::from_secs(5));
    interrupt(&tty, "dom(6,6)", 1);
    tty.line("x");
    tty.wait_count("\n5\n", 2, Duration::from_secs(5));
}

#[test]
fn ctrl_c_stops_loops_and_user_functions() {
    let Some(tty) = Tty::start("loops") else {
        return;
    };
    tty.line("x = 5");
    tty.wait_for("\n5\n", Duration::from_secs(5));
    interrupt(
        &tty,
        "for a in 1..1000000 { for b in 1..1000 { c = {a | b}; } }",
        1,
    );
    tty.line("spin(m) = sum(mod(a, 7) for a in 1..m)");
    tty.wait_for("defined spin(m)", Duration::from_secs(5));
    interrupt(&tty, "for k in 1..1000000 { spin(k); }", 2);
    // The loop variable keeps the value it had; the function still works.
    tty.line("spin(8)");
    tty.wait_for("\n22\n", Duration::from_secs(5));
}

#[test]
fn ctrl_c_stops_the_game_modules() {
    let Some(tty) = Tty::start("modules") else {
        return;
    };
    tty.line("x = 5");
    tty.wait_for("\n5\n", Duration::from_secs(5));
    let long = [
        "pawns(\"8/pppppppp/8/8/8/8/PPPPPPPP/8\")",
        "regio(\"......|......|......|......|......\")",
        "elkies(\"0100100100100\", \"search\")",
        "dtm(\"8/8/8/4k3/8/8/8/KBN5 w - - 0 1\")",
        "cram(6,6)",
        "regioexperiment(50)",
        "evolve(\"KBN\", 7, 1000)",
        "strategyreport(\"KR\", \"k(1,1)11 k(0,2)10\", 100000, 1)",
    ];
    for (k, stmt) in long.iter().enumerate() {
        interrupt(&tty, stmt, k + 1);
    }
}

#[test]
fn continuation_prompt_and_bare_quit_hint() {
    let Some(tty) = Tty::start("prompt") else {
        return;
    };
    tty.line("for n in 1..3 {");
    tty.wait_for("\n...", Duration::from_secs(5));
    tty.line("n + 10");
    tty.line("}");
    tty.wait_for("\n11\n12\n13\n", Duration::from_secs(5));
    tty.line("quit");
    tty.wait_for("did you mean :quit?", Duration::from_secs(5));
    // Ctrl-C drops an unfinished statement.
    tty.line("g = {0 |");
    tty.wait_for("\n...", Duration::from_secs(5));
    tty.ctrl_c();
    // as at the start, type only once the new prompt is up: keys sent while rustyline reads
    // the terminal's answers can be taken for part of them (CI lost `1 + 1` that way once)
    tty.wait_for("^C\n>", Duration::from_secs(5));
    tty.line("1 + 1");
    tty.wait_for("\n2\n", Duration::from_secs(5));
    // A missing `)`: the next line, a new statement at column 1, ends the wait; the bracket
    // is reported and the new statement runs.
    tty.line("y = temp({2|-1}");
    tty.line("z = 40 + 2");
    tty.wait_for("error: unclosed `(`", Duration::from_secs(5));
    tty.wait_for("\n42\n", Duration::from_secs(5));
}

#[cfg(unix)]
/// Sends SIGINT to process `pid` (as Ctrl-C in its terminal would).
fn sigint(pid: u32) {
    unsafe extern "C" {
        fn kill(pid: i32, sig: i32) -> i32;
    }
    const SIGINT: i32 = 2;
    // SAFETY: `kill` only sends a signal to the child this test started.
    let r = unsafe { kill(pid as i32, SIGINT) };
    assert_eq!(r, 0, "kill(SIGINT) failed");
}

#[cfg(unix)]
#[test]
fn script_stopped_by_sigint_exits_130() {
    let dir = std::env::temp_dir().join(format!("cgcalc-sigint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = dir.join("long.cgt");
    std::fs::write(
        &script,
        // The limits stop the loop by themselves if the signal were lost: a test that fails
        // must not leave a process behind growing without bound.
        ":limit time 30\n:limit memory 2G\nx = 1\nfor a in 1..1000000 { for b in 1..1000 { c = {a | b}; } }\nx = 2\n",
    )
    .unwrap();
    for extra in [&[][..], &["--keep-going"][..]] {
        let child = Command::new(common::cgcalc_bin())
            .args(extra)
            .arg(&script)
            .env("NO_COLOR", "1")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("run cgcalc");
        // Early: while `1..1000000` is being built (that loop polls too).
        std::thread::sleep(Duration::from_millis(300));
        let start = Instant::now();
        sigint(child.id());
        let out = child.wait_with_output().unwrap();
        let latency = start.elapsed();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(130), "{extra:?}: {err}");
        assert!(err.contains(CANCELLED), "{err}");
        assert!(err.contains("long.cgt:4:"), "says where: {err}");
        // The statement after the loop did not run (the lines before are the limits).
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert_eq!(stdout.lines().last(), Some("1"), "{stdout}");
        assert!(latency < Duration::from_secs(1), "took {latency:?}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
