//! Elkies' pawn game with stopped files: the tables of section 6.3 of "Higher Nimbers in Pawn
//! Endgames on Large Chessboards", timed. `cargo bench --bench elkies` runs everything (several
//! minutes and about 4 GB for the exhaustive sweep to length 43); `-- quick` stops the sweep at
//! length 37 and every sixth file at length 21208; `-- sweep=N` and `-- six=N` set those limits.
//! First comes the search of the actual game: single components and every word up to length
//! 10 (`-- check=N`), compared with the recursion.
//! Each row prints the time and the process's peak resident memory so far (Linux `VmHWM`); a
//! progress line goes to standard error every 10 seconds.

mod common;

use std::time::Instant;

use cgcalc::game::Arena;
use cgcalc::game::threat::Threats;
use cgcalc::rulesets::elkies::board::Board;
use cgcalc::rulesets::elkies::epsilon::{Progress, epsilon, progress_printer, word_string};
use cgcalc::rulesets::elkies::tables::{
    PeriodicReport, every, periodic, sweep, word_at, word_counts,
};
use cgcalc::search::{Budget, GtResult, GtSearch};

/// Runs a periodic pattern to length `n`, recording the time at which each length was reached.
fn timed_periodic(pattern: &[bool], n: usize) -> (PeriodicReport, Vec<f64>) {
    let mut print = progress_printer();
    let start = Instant::now();
    let mut times = vec![0.0; n + 1];
    let mut cb = |p: &Progress| {
        times[p.length] = start.elapsed().as_secs_f64();
        print(p);
    };
    let rep = periodic(pattern, n, Some(&mut cb));
    (rep, times)
}

fn row(what: &str, expected: &str, found: &str, secs: f64) {
    println!(
        "{what:<34} {expected:>10} {found:>10} {secs:>9.2} s {:>9.0} MiB",
        common::peak_mib()
    );
}

/// Section 6.3's proportions (percent, two significant figures), m = 35..42, values 0..9.
const PAPER: [[f64; 10]; 8] = [
    [24.0, 26.0, 19.0, 15.0, 5.4, 5.7, 2.7, 2.5, 0.51, 0.25],
    [22.0, 27.0, 18.0, 15.0, 5.5, 5.7, 2.6, 2.8, 0.54, 0.27],
    [26.0, 22.0, 14.0, 19.0, 5.8, 5.5, 2.8, 2.8, 0.55, 0.31],
    [25.0, 23.0, 16.0, 17.0, 5.7, 5.7, 3.1, 2.7, 0.56, 0.35],
    [22.0, 26.0, 19.0, 14.0, 5.6, 5.9, 3.0, 3.0, 0.59, 0.37],
    [24.0, 24.0, 16.0, 18.0, 5.9, 5.7, 3.0, 3.2, 0.61, 0.40],
    [26.0, 22.0, 15.0, 19.0, 5.9, 5.8, 3.3, 3.1, 0.61, 0.44],
    [22.0, 24.0, 18.0, 15.0, 5.8, 6.0, 3.3, 3.2, 0.63, 0.47],
];

/// Section 6.3's least lengths of *k, k = 1..16.
const LEAST: [usize; 16] = [1, 4, 6, 9, 11, 14, 16, 20, 22, 25, 27, 30, 32, 37, 39, 43];

/// `x` rounded to two significant figures.
fn two_figures(x: f64) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let scale = 10f64.powi(1 - x.abs().log10().floor() as i32);
    (x * scale).round() / scale
}

/// Every valid word of length `m`.
fn words(m: usize) -> Vec<Vec<bool>> {
    (0..word_counts(m)[m]).map(|r| word_at(m, r)).collect()
}

/// GTSearch of the actual game (decomposed at empty files): single components, then every
/// word up to length `check_max` in one search (sub-positions are shared), each compared with
/// the recursion.
fn search_section(check_max: usize) {
    println!(
        "{:<34} {:>10} {:>10} {:>11} {:>13}",
        "search of the actual game", "expected", "found", "time", "nodes"
    );
    let mut arena = Arena::new();
    let mut threats = Threats::new();
    let quiet = Budget {
        progress: None,
        ..Budget::default()
    };
    let cases: Vec<Vec<bool>> = (1..=10)
        .map(|m| vec![false; m])
        .chain(
            ["101001000", "1000000", "1001001"]
                .iter()
                .map(|w| w.chars().map(|c| c == '1').collect()),
        )
        .collect();
    for w in cases {
        let t = Instant::now();
        let mut search = GtSearch::new(&mut arena, &mut threats, quiet).with_decomposition(true);
        let r = search.result(&Board::initial(&w).expect("valid"), None);
        let nodes = search.finish().nodes;
        let found = match r {
            GtResult::Value(v) => threats.display(&mut arena, v),
            GtResult::Win(p) => format!("{p:?}"),
        };
        let expected = match epsilon(&w) {
            0 => "0".to_string(),
            1 => "*".to_string(),
            e => format!("*{e}"),
        };
        println!(
            "{:<34} {expected:>10} {found:>10} {:>9.2} s {nodes:>13}",
            format!("[[{}]]", word_string(&w)),
            t.elapsed().as_secs_f64()
        );
    }
    let t = Instant::now();
    let mut results = Vec::new();
    let mut nodes = 0;
    for m in 1..=check_max {
        // One table per length, as elkiescheck does up to length 8 (then one per word).
        let mut search = GtSearch::new(&mut arena, &mut threats, quiet).with_decomposition(true);
        for w in words(m) {
            let r = search.result(&Board::initial(&w).expect("valid"), None);
            results.push((w, r));
        }
        nodes += search.finish().nodes;
    }
    let count = results.len();
    let agree = results
        .into_iter()
        .filter(|(w, r)| {
            let e = arena.nimber(epsilon(w) as u32);
            matches!(r, GtResult::Value(v) if threats.as_short(*v) == Some(e))
        })
        .count();
    println!(
        "{:<34} {:>10} {:>10} {:>9.2} s {nodes:>13}",
        format!("all {count} words, length 1..{check_max}"),
        count,
        agree,
        t.elapsed().as_secs_f64()
    );
    println!();
}

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let quick = args.iter().any(|a| a == "quick");
    let setting = |name: &str, default: usize| {
        args.iter()
            .find_map(|a| a.strip_prefix(name)?.strip_prefix('=')?.parse().ok())
            .unwrap_or(default)
    };
    let all = Instant::now();
    let sweep_max = setting("sweep", if quick { 37 } else { 43 });
    let six_max = setting("six", if quick { 21208 } else { 187193 });
    search_section(setting("check", if quick { 8 } else { 10 }));

    println!(
        "{:<34} {:>10} {:>10} {:>11} {:>13}",
        "table (section 6.3)", "expected", "found", "time", "peak"
    );

    // Every fourth file (files 4r + 1): *1024 at 19112, no period (seed-notes).
    let (rep, times) = timed_periodic(&every(4, 1), 19112);
    let at = |a: u32| {
        rep.first_power
            .iter()
            .find(|&&(b, _)| b == a)
            .map(|&(_, n)| n)
    };
    row(
        "every(4,1): first *1024",
        "19112",
        &at(10).map_or("-".into(), |n| n.to_string()),
        times[19112],
    );
    row(
        "every(4,1): period up to 19112",
        "none",
        &rep.period
            .map_or("none".into(), |(p, n)| format!("{p}@{n}")),
        times[19112],
    );

    // Files 14r and 14r + 5: period 504 (126 from file 1, 504 from file 14).
    let mut p14 = [false; 14];
    p14[4] = true;
    p14[13] = true;
    for (start, name) in [(0, "from file 1"), (13, "from file 14")] {
        let rotated: Vec<bool> = (0..14).map(|i| p14[(i + start) % 14]).collect();
        let (rep, times) = timed_periodic(&rotated, 6000);
        row(
            &format!("14r, 14r+5 {name}: period"),
            "504",
            &rep.period
                .map_or("none".into(), |(p, n)| format!("{p}@{n}")),
            times[6000],
        );
    }

    // Every sixth file (files 6r + 4): the first *2^α.
    let (rep, times) = timed_periodic(&every(6, 4), six_max);
    let expected = [(9, 8255), (10, 21208), (11, 61985), (12, 187193)];
    for (a, n) in expected {
        if n > six_max {
            continue;
        }
        let found = rep
            .first_power
            .iter()
            .find(|&&(b, _)| b == a)
            .map(|&(_, n)| n);
        row(
            &format!("every(6,4): first *{}", 1u32 << a),
            &n.to_string(),
            &found.map_or("-".into(), |n| n.to_string()),
            found.map_or(times[six_max], |n| times[n]),
        );
    }
    row(
        &format!("every(6,4): max to {six_max}"),
        "",
        &rep.max.to_string(),
        times[six_max],
    );

    // The exhaustive sweep: least lengths and proportions.
    println!();
    println!(
        "sweep to length {sweep_max}: {:>6} {:>14} {:>9} {:>9}  first new values",
        "length", "words", "time", "peak"
    );
    let start = Instant::now();
    let mut cb = progress_printer();
    let mut least: Vec<Option<(usize, Vec<bool>, f64)>> = vec![None; 17];
    let mut props: Vec<(usize, Vec<u64>)> = Vec::new();
    let mut last = start.elapsed().as_secs_f64();
    sweep(sweep_max, Some(&mut cb), |sum| {
        let now = start.elapsed().as_secs_f64();
        let mut new = Vec::new();
        for (k, r) in sum.first.iter().enumerate() {
            if let (Some(r), true) = (r, (1..=16).contains(&k))
                && least[k].is_none()
            {
                least[k] = Some((sum.length, word_at(sum.length, *r), now));
                new.push(format!("*{k}"));
            }
        }
        if sum.length >= 25 {
            println!(
                "{:>29} {:>14} {:>7.2} s {:>5.0} MiB  {}",
                sum.length,
                sum.counts.iter().sum::<u64>(),
                now - last,
                common::peak_mib(),
                new.join(" ")
            );
        }
        last = now;
        if (35..=42).contains(&sum.length) {
            props.push((sum.length, sum.counts.clone()));
        }
        true
    });
    println!();
    println!(
        "{:>3} {:>6} {:>6} {:>10}  first word",
        "k", "paper", "found", "at time"
    );
    for k in 1..=16 {
        match &least[k] {
            Some((m, w, t)) => println!(
                "{k:>3} {:>6} {m:>6} {t:>8.2} s  {}{}",
                LEAST[k - 1],
                word_string(w),
                if *m == LEAST[k - 1] { "" } else { "  MISMATCH" }
            ),
            None => println!(
                "{k:>3} {:>6} {:>6}  (not up to length {sweep_max})",
                LEAST[k - 1],
                "-"
            ),
        }
    }
    if !props.is_empty() {
        println!();
        println!("proportions (percent, two significant figures; paper in brackets)");
        for (m, counts) in &props {
            let total: u64 = counts.iter().sum();
            let mut line = format!("{m:>3}:");
            let mut bad = 0;
            for (v, paper) in PAPER[m - 35].iter().enumerate() {
                let ours =
                    two_figures(100.0 * counts.get(v).copied().unwrap_or(0) as f64 / total as f64);
                if (ours - paper).abs() > 1e-9 {
                    bad += 1;
                }
                line += &format!(" {ours:>5} ({paper:>4})");
            }
            println!("{line}{}", if bad > 0 { "  MISMATCH" } else { "" });
        }
    }
    println!(
        "\ntotal {:.1} s, peak {:.0} MiB",
        all.elapsed().as_secs_f64(),
        common::peak_mib()
    );
}
