//! `:limit memory` bounds the whole process: each statement here runs in a child process
//! and must stop with the limit's error before the child's peak resident set passes the limit
//! plus 10%.
//!
//! Only child processes run in this test binary. A child's peak (`ru_maxrss`, from `wait4`)
//! is the larger of its own and what this test process had held at its peak when it spawned
//! the child (the kernel counts the memory map the child starts from), so tests that build
//! large values in-process live elsewhere (`tests/resources.rs`, `tests/budgets.rs`).

mod common;

/// `:limit memory` bounds the whole process: a statement under `:limit memory L` stops with
/// an error before the process's peak resident set passes L plus 10% (issue 26). Each case
/// runs in a child process, whose peak (`wait4`) is the statement's alone.
#[track_caller]
fn assert_within(run: &common::PeakRun, limit_mib: u64, needles: &[&str]) {
    assert_eq!(run.code, Some(1), "exit status; stderr: {}", run.stderr);
    for n in needles {
        assert!(run.stderr.contains(n), "expected {n:?} in {}", run.stderr);
    }
    let allowed = (limit_mib << 20) + (limit_mib << 20) / 10;
    assert!(
        run.peak <= allowed,
        "peak {} MiB under a {limit_mib} MiB limit",
        run.peak >> 20
    );
}

/// A ten-megabyte line (`1+1+...+1`, ten million tokens) once cost 2 GB to tokenize and parse
/// under `:limit memory 100M`; now reading it stops at the limit. A line of a hundred
/// thousand tokens still reads (and sums) under the same limit.
#[test]
fn a_ten_megabyte_line_stops_at_the_memory_limit() {
    let dir = std::env::temp_dir().join(format!("cgcalc-resources-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let big = dir.join("big.cgt");
    std::fs::write(&big, format!("{}1\n", "1+".repeat(5_000_000))).unwrap();
    let run = common::cgcalc_peak(&["-e", ":limit memory 100M", big.to_str().unwrap()]);
    assert_within(
        &run,
        100,
        &[
            "big.cgt:1:",
            "budget exhausted: memory limit of 100 MiB reached",
            "reading this input",
        ],
    );
    let small = dir.join("small.cgt");
    std::fs::write(&small, format!("{}1\n", "1+".repeat(50_000))).unwrap();
    let run = common::cgcalc_peak(&["-e", ":limit memory 100M", small.to_str().unwrap()]);
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    assert!(run.stdout.ends_with("50001\n"), "{}", run.stdout);
    std::fs::remove_dir_all(&dir).ok();
}

/// `x = [x, x]` doubles a list with every step; its copies once went past every limit
/// (3.3 GB). Under `:limit memory 100M` the loop stops at the limit.
#[test]
fn list_doubling_stops_at_the_memory_limit() {
    let run = common::cgcalc_peak(&[
        "-e",
        ":limit memory 100M",
        "-e",
        "x = 0; for i in 1..24 { x = [x, x]; }",
    ]);
    assert_within(
        &run,
        100,
        &["budget exhausted: memory limit of 100 MiB reached"],
    );
}

/// `explain({*45000|0})` materialises the options of the nimbers below `*45000` (billions
/// of option ids: explain's textbook route tests the reversibility of `*45000` through each
/// `*k` by comparisons; `{*45000|0}` alone now settles those tests by stops) and once aborted
/// on one 5.9 GB allocation of the option pool; now the pool's growth is checked against the
/// limit first.
#[test]
fn options_of_a_huge_nimber_stop_at_the_memory_limit() {
    let run = common::cgcalc_peak(&["-e", ":limit memory 300M", "-e", "explain({*45000|0})"]);
    assert_within(
        &run,
        300,
        &["budget exhausted: memory limit of 300 MiB reached"],
    );
}

/// An allocation the system refuses (here under an address-space limit, with the default
/// memory limit far above it) ends the statement with an error: exit status 1, not an abort.
#[test]
fn an_allocation_the_system_refuses_ends_the_statement_not_the_process() {
    let mut cmd = std::process::Command::new("sh");
    cmd.args([
        "-c",
        "ulimit -v 1500000 && exec \"$0\" -e 'explain({*45000|0})'",
        &common::cgcalc_bin(),
    ]);
    let run = common::peak_run(&mut cmd);
    assert_eq!(run.code, Some(1), "{}", run.stderr);
    assert!(
        run.stderr.contains("out of memory: the system refused")
            && run.stderr.contains("for the arena's option pool"),
        "{}",
        run.stderr
    );
}
