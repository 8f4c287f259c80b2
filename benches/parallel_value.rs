//! Speed-up of the parallel searches against worker threads: `cargo bench --bench
//! parallel_value` prints, for each case, the time to its answer (a position's value, or an
//! outcome) in a fresh session with 1, 2, 4, ... threads up to the cores present, the speed-up
//! against one thread, and whether every thread count printed the same answer. Options (in any order): `threads=1,2,8` for other
//! counts (a bigger machine), and calculator expressions for other positions, e.g.
//! `cargo bench --bench parallel_value -- threads=1,2 'domineering("......|......|......|......|......|......")'`
//! for the 6x6 value.

mod common;

use std::time::Instant;

use cgcalc::lang::Session;

/// Positions a single component of which takes a second or more on one thread, and the 8x8
/// Domineering outcome (the parallel outcome search).
const CASES: &[&str] = &[
    "outcome(dom(8,8))",
    "domineering(\"......|......|......|......|......\")",
    "domineering(\"......|......|......|......|......|......\")",
    "konane(\"xoxoxo|oxoxox|xox.xo|oxoxox\")",
    "fission(\"......|......|..x...|......|...x..\")",
    "skijumps(\"L.L...|.R.R..|L.L...|.R.R..|......\")",
];

/// The output (or error) of `src` in session `s`, and the seconds it took.
fn run(s: &mut Session, src: &str) -> (String, f64) {
    let mut out = Vec::new();
    let t = Instant::now();
    s.run_source(src, "bench", false, &mut |r| {
        out.push(r.output.clone().or(r.error.clone()).unwrap_or_default())
    });
    (out.join("\n"), t.elapsed().as_secs_f64())
}

fn main() {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut threads: Vec<usize> = std::iter::successors(Some(1), |&t| Some(t * 2))
        .take_while(|&t| t < cores)
        .chain([cores])
        .collect();
    threads.dedup();
    let mut cases: Vec<String> = Vec::new();
    for arg in std::env::args().skip(1).filter(|a| a != "--bench") {
        match arg.strip_prefix("threads=") {
            Some(list) => threads = list.split(',').filter_map(|t| t.parse().ok()).collect(),
            None => cases.push(arg),
        }
    }
    if cases.is_empty() {
        cases = CASES.iter().map(|c| c.to_string()).collect();
    }
    print!("{:<46}", "position");
    for t in &threads {
        print!(
            " {:>15}",
            format!("{t} thread{}", if *t == 1 { "" } else { "s" })
        );
    }
    println!("  same  peak MiB  value");
    for case in &cases {
        print!("{:<46}", format!("{:.46}", case));
        let (mut first, mut base, mut same) = (None::<String>, None::<f64>, true);
        for &t in &threads {
            let mut s = Session::new();
            run(&mut s, &format!(":threads {t}"));
            let (out, secs) = run(&mut s, case);
            let base = *base.get_or_insert(secs);
            print!(" {:>7.3} s {:>4.2}x", secs, base / secs);
            match &first {
                None => first = Some(out),
                Some(f) => same &= *f == out,
            }
        }
        let value = first.unwrap_or_default();
        println!(
            "  {:<4}  {:>8.1}  {:.40}",
            if same { "yes" } else { "NO" },
            common::peak_mib(),
            value
        );
    }
}
