//! Ctrl-C: a long statement stops within a bound once cancellation is requested, the error
//! says so, and the session goes on with its variables.
//!
//! Cancellation is one process-wide flag, so this file holds a single test: tests of one file
//! run on parallel threads and would cancel each other.

mod common;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use cgcalc::game::interrupt::{self, Interrupt};
use cgcalc::game::{Arena, Dyadic};
use cgcalc::lang::Session;
use common::{run_ok, run_text};

/// Runs `src` while another thread requests cancellation every 50 ms from `delay` on, and
/// returns the statement's output or error and how long it took.
fn run_cancelled(s: &mut Session, src: &str, delay: Duration) -> (String, Duration) {
    let done = Arc::new(AtomicBool::new(false));
    let flag = done.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(delay);
        // Repeated, because each statement clears a pending request when it starts.
        while !flag.load(Ordering::Relaxed) {
            interrupt::request_cancel();
            std::thread::sleep(Duration::from_millis(50));
        }
    });
    let start = Instant::now();
    let out = run_text(s, src);
    let elapsed = start.elapsed();
    done.store(true, Ordering::Relaxed);
    canceller.join().unwrap();
    interrupt::clear_cancel();
    (out, elapsed)
}

/// Runs `f` with cancellation requested and returns its result (`Err` with the message when it
/// unwound).
fn with_cancel_requested<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    interrupt::request_cancel();
    let r = interrupt::catch(f);
    interrupt::clear_cancel();
    r
}

#[test]
fn ctrl_c_stops_long_statements_and_keeps_the_session() {
    let cancelled = Interrupt::Cancelled.message();

    // A statement starting after a driver stopped the session (a closed output pipe sets the
    // stop flag, then requests cancellation) keeps the request, even when the request came
    // between the check before the statement and the statement's own clearing of the flag;
    // without a stop, a stale request is cleared. (A `cgcalc -e 1 -e <long> | head -1` once
    // ran on for 20 s in CI: the request had landed in that window.)
    let stop = AtomicBool::new(true);
    interrupt::request_cancel();
    interrupt::begin_statement(&stop);
    assert!(interrupt::cancel_requested());
    stop.store(false, Ordering::Relaxed);
    interrupt::begin_statement(&stop);
    assert!(!interrupt::cancel_requested());

    // A general game with 30,000 Left options, the nimbers *1 to *30000: they are pairwise
    // incomparable, so deleting dominated options compares every pair (about 4.5e8
    // comparisons; 3,000 options take a quarter of a second, so this takes about half a
    // minute). Before the loops over options polled for Ctrl-C, the first request went
    // unnoticed for many seconds. (`{*30000 | 0}` served here until its reversibility tests
    // came to be decided by stops, in a moment.)
    let mut s = Session::new();
    run_ok(&mut s, "x = ^*5");
    let (out, elapsed) = run_cancelled(
        &mut s,
        "{nim(k) for k in 1..30000 | 0}",
        Duration::from_millis(300),
    );
    eprintln!("ELAPSED {elapsed:?}");
    assert!(
        out.contains(&cancelled),
        "expected a cancellation, got {out}"
    );
    assert!(
        elapsed < Duration::from_secs(5),
        "Ctrl-C took {elapsed:?} to stop the statement"
    );
    // The session keeps its variables and the next statement works.
    assert_eq!(run_ok(&mut s, "x + *5"), "^");

    // `birthday(*30000)` used to build every `*k` below and their options (O(n^2)) without
    // polling: it ran for about ten seconds whether or not Ctrl-C was pressed. Now it is a
    // closed form and answers before the request comes.
    let (out, elapsed) = run_cancelled(&mut s, "birthday(*30000)", Duration::from_millis(300));
    assert_eq!(out, "30000");
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");

    // Loops of the language poll between steps: a hundred million steps stop at once, and
    // the loop variable keeps the value it had.
    let (out, elapsed) = run_cancelled(
        &mut s,
        "for a in 1..100000 { for b in 1..1000 { c = {a | b}; } }",
        Duration::from_millis(300),
    );
    assert!(
        out.contains(&cancelled),
        "expected a cancellation, got {out}"
    );
    assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
    assert_eq!(run_ok(&mut s, "isinteger(a)"), "true");

    // A loop whose steps copy large lists: `x = [x, x]` was deaf to Ctrl-C until its step
    // ended, and its steps grew without bound. A list now holds at most four million values,
    // so a step is one bounded copy and the request is seen at the next step. (y holds 2^20
    // - 1 values after 19 doublings.)
    run_text(&mut s, "y = 0; for i in 1..19 { y = [y, y]; }");
    let (out, elapsed) = run_cancelled(
        &mut s,
        "for i in 1..1000000 { z = [y, y]; }",
        Duration::from_millis(300),
    );
    assert!(
        out.contains(&cancelled),
        "expected a cancellation, got {out}"
    );
    assert!(elapsed < Duration::from_secs(3), "took {elapsed:?}");
    assert_eq!(run_ok(&mut s, "len(y)"), "2");

    // The loops over followers poll too: with cancellation requested they stop at once.
    let mut a = Arena::new();
    let big = a.nimber(5000);
    let one = a.integer(1);
    let g = a.game(vec![one], vec![big]);
    assert_eq!(
        with_cancel_requested(|| a.count_followers(g)).err(),
        Some(cancelled.clone())
    );
    assert_eq!(
        with_cancel_requested(|| a.followers(g, 1_000_000).is_ok()).err(),
        Some(cancelled.clone())
    );
    // Materialising the options of a nimber is a loop of its own (here 4 * 10^9 of them).
    let huge = a.nimber(4_000_000_000);
    assert_eq!(
        with_cancel_requested(|| a.left_options(huge).len()).err(),
        Some(cancelled.clone())
    );
    // Nothing was left half-built: g, 0, 1 and *1, ..., *5000.
    assert_eq!(a.count_followers(g), Dyadic::from_int(5003));
    assert_eq!(a.followers(g, 1_000_000).map(|f| f.len()), Ok(5003));

    // `:load` of a named pipe waited for a writer in a read that Ctrl-C does not interrupt;
    // the first Ctrl-C ends the wait now.
    #[cfg(unix)]
    {
        let fifo = std::env::temp_dir().join(format!("cgcalc-cancel-{}.fifo", std::process::id()));
        let _ = std::fs::remove_file(&fifo);
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(made.is_ok_and(|s| s.success()), "mkfifo");
        let (out, elapsed) = run_cancelled(
            &mut s,
            &format!(":load {}", fifo.display()),
            Duration::from_millis(300),
        );
        assert!(out.contains(&cancelled), "{out}");
        assert!(elapsed < Duration::from_secs(5), "took {elapsed:?}");
        assert_eq!(run_ok(&mut s, "x + *5"), "^");
        // The reader it left waiting was released: nobody reads the pipe any more, so a
        // writer that will not wait is refused (ENXIO).
        #[cfg(target_os = "linux")]
        {
            use std::os::unix::fs::OpenOptionsExt;
            std::thread::sleep(Duration::from_millis(200));
            let writer = std::fs::OpenOptions::new()
                .write(true)
                .custom_flags(0o4000) // O_NONBLOCK
                .open(&fifo);
            assert_eq!(
                writer.err().and_then(|e| e.raw_os_error()),
                Some(6),
                "ENXIO"
            );
        }
        let _ = std::fs::remove_file(&fifo);
    }
}
