//! Does `:limit memory 1G` bound the process? `cargo bench --bench limits` runs one statement
//! of each kind of search (and one of algebra), each big enough to reach the limit, in a
//! child process of its own: the release `cgcalc` binary with `:limit memory 1G`. The child's
//! peak resident set (its `ru_maxrss`, from `wait4`) is the statement's, since nothing else
//! runs there. A row shows the statement, its result (the value, or the error that stopped
//! it), the time, the peak and whether the peak stayed within 1.1 GB (the limit plus 10%,
//! issue 26).
//!
//! `-- NAME,NAME` runs only those rows (value, outcome, gtsearch, elkies, regio, primenim,
//! endgame, algebra); `time=SECONDS` is each statement's `:limit time` (default 600: Regio
//! grows slowly, see its row's note).

use std::process::Command;
use std::time::Instant;

/// The memory limit under test.
const LIMIT: &str = "1G";
/// What the peak may reach: the limit plus 10%.
const ALLOWED_BYTES: u64 = (1 << 30) + (1 << 30) / 10;

struct Case {
    name: &'static str,
    statement: &'static str,
}

const CASES: &[Case] = &[
    // value search (LocalSearch: the value table, the arena)
    Case {
        name: "value",
        statement: "dom(5,8)",
    },
    // outcome search: its outcome table and the value search of small positions
    Case {
        name: "outcome",
        statement: "outcome(dom(9,9))",
    },
    // GTSearch of chess pawns: its table and the threat store
    Case {
        name: "gtsearch",
        statement: "pawns(\"8/pppppppp/8/8/8/8/PPPPPPPP/8\")",
    },
    // GTSearch of Elkies' game, decomposed at empty files
    Case {
        name: "elkies",
        statement: "elkies(\"10010001001000\", \"search\")",
    },
    // Regio: shapes to values, the arena (each node builds and reduces a game)
    Case {
        name: "regio",
        statement: "regio(\"......|......|......|......|......|......|......\", -1, \"canonical\")",
    },
    // Prime-Nim: nim values of heap lists (keys own their heaps)
    Case {
        name: "primenim",
        statement: "ppositions(4, 200)",
    },
    // endgame tables: the largest material tabled (king, queen, rook)
    Case {
        name: "endgame",
        statement: "dtm(\"8/8/8/4k3/8/8/8/KQR5 w - - 0 1\")",
    },
    // algebra: a sum of switches whose canonical form has exponentially many followers
    Case {
        name: "algebra",
        statement: "SWITCHES",
    },
];

/// `{1|-1} + {2|-2} + ... + {n|-n}`.
fn switches(n: usize) -> String {
    (1..=n)
        .map(|i| format!("{{{i}|-{i}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

#[path = "../tests/common/peak.rs"]
mod peak;

/// Runs `statement` in a child `cgcalc` under the memory limit and `seconds` of time; returns
/// its output (the value or the error), the wall time and the child's peak resident bytes.
fn run(statement: &str, seconds: u64) -> (String, f64, u64) {
    let start = Instant::now();
    let run = peak::peak_run(Command::new(env!("CARGO_BIN_EXE_cgcalc")).args([
        "-e",
        &format!(":limit memory {LIMIT}"),
        "-e",
        &format!(":limit time {seconds}"),
        "-e",
        ":limit progress off",
        "-e",
        statement,
    ]));
    let elapsed = start.elapsed().as_secs_f64();
    let result = match run.code {
        // An abort (a refused allocation, a stack overflow) ends the child by a signal.
        None => "killed by a signal".to_string(),
        Some(_) => result_of(&(run.stdout + &run.stderr)),
    };
    (result, elapsed, run.peak)
}

/// The statement's own output: the last line that is not a `:limit` echo or an echo of
/// the input under an error.
fn result_of(out: &str) -> String {
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| !l.starts_with("search limits:"))
        .collect();
    let line = lines
        .iter()
        .find(|l| l.contains("error:"))
        .map(|l| l.split_once("error: ").map_or(*l, |(_, m)| m))
        .or_else(|| lines.first().copied())
        .unwrap_or("(no output)");
    let mut t: String = line.chars().take(110).collect();
    if line.chars().count() > 110 {
        t.push_str("...");
    }
    t
}

fn main() {
    let mut seconds = 600;
    let mut only: Option<Vec<String>> = None;
    for a in std::env::args().skip(1) {
        if let Some(s) = a.strip_prefix("time=") {
            seconds = s.parse().expect("time=SECONDS");
        } else if !a.starts_with('-') {
            only = Some(a.split(',').map(str::to_string).collect());
        }
    }
    println!(
        "each statement in its own process under `:limit memory {LIMIT}` and `:limit time {seconds}`\n"
    );
    println!(
        "{:<9} {:>8} {:>10}  {:<8} statement / result",
        "kind", "time", "peak RSS", "<=1.1 GB"
    );
    let mut all_within = true;
    for case in CASES {
        if only
            .as_ref()
            .is_some_and(|o| !o.iter().any(|n| n == case.name))
        {
            continue;
        }
        let statement = if case.statement == "SWITCHES" {
            switches(90)
        } else {
            case.statement.to_string()
        };
        let (result, secs, peak) = run(&statement, seconds);
        let within = peak <= ALLOWED_BYTES;
        all_within &= within;
        let shown: String = statement.chars().take(60).collect();
        println!(
            "{:<9} {:>6.0} s {:>6} MiB  {:<8} {shown}{}\n{:>38} -> {result}",
            case.name,
            secs,
            peak >> 20,
            if within { "yes" } else { "NO" },
            if statement.len() > 60 { "..." } else { "" },
            ""
        );
    }
    println!(
        "\n{}",
        if all_within {
            "every peak within the limit plus 10%"
        } else {
            "SOME PEAK PASSED THE LIMIT PLUS 10%"
        }
    );
}
