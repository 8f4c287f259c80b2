//! Core benchmarks: `cargo bench --bench core` prints a table.
//!
//! (a) canonical form of `{1|-1} + {2|-2} + ... + {N|-N} + ^ + *` for N = 10, 16, 24, 40 in a
//!     fresh arena (the peers keep values as trees and need tens of seconds for N = 12..16);
//! (b) 1,000 comparisons `G <= H` of random games (seeded generator below, birthday <= 5);
//! (c) start the binary and evaluate one expression (`cgcalc -e '{0|1}'`), median of 20 runs;
//! (d) analysis: `heat(*14, 1)` in a fresh arena (goal: under 50 ms), and the thermograph of the
//!     values of the 4x4 and 4x6 Domineering boards (goal: under 10 ms each). The board value is
//!     searched in one arena, then imported into a fresh arena, so that no cache of the search
//!     helps, and only `Arena::thermograph` is timed. Each (d) row is the median of 5 runs, each
//!     in its own fresh arena.

use std::process::Command;
use std::time::{Duration, Instant};

use cgcalc::analysis::{Analysis, AnalysisCaches};
use cgcalc::game::rng::Rng;
use cgcalc::game::{Arena, GameId};
use cgcalc::rulesets::domineering::Domineering;
use cgcalc::search::{Budget, parallel_value};
use rustc_hash::FxHashMap;

fn switches(n: i64) -> (Duration, usize, String) {
    let mut a = Arena::new();
    let t = Instant::now();
    let mut acc = a.zero();
    for k in 1..=n {
        let p = a.integer(k);
        let s = a.switch(p);
        acc = a.add(acc, s);
    }
    let up = a.up_multiple(1, 0);
    let star = a.nimber(1);
    acc = a.add(acc, up);
    acc = a.add(acc, star);
    let el = t.elapsed();
    let followers = a.count_followers(acc).to_string();
    (el, a.len(), followers)
}

/// Random games of birthday <= 5: day by day, each new game takes 0-3 Left and 0-3 Right
/// options from the games of earlier days (xorshift64* from 2026).
fn random_games(a: &mut Arena, count: usize) -> Vec<GameId> {
    let mut rng = Rng::xorshift64_star(2026);
    let mut days: Vec<Vec<GameId>> = vec![vec![a.zero()]];
    for _day in 1..=5 {
        let pool: Vec<GameId> = days.iter().flatten().copied().collect();
        let mut today = Vec::new();
        for _ in 0..(count / 4).max(8) {
            let nl = below(&mut rng, 4);
            let nr = below(&mut rng, 4);
            let l = (0..nl).map(|_| pool[below(&mut rng, pool.len())]).collect();
            let r = (0..nr).map(|_| pool[below(&mut rng, pool.len())]).collect();
            today.push(a.game(l, r));
        }
        days.push(today);
    }
    let all: Vec<GameId> = days.into_iter().flatten().collect();
    (0..count)
        .map(|_| all[below(&mut rng, all.len())])
        .collect()
}

/// Uniform in `0..n` from the whole output, as these games have always been drawn (so the
/// benchmark's games stay the same; [`Rng::below`] takes the top bits).
fn below(rng: &mut Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

fn comparisons() -> (Duration, usize) {
    let mut a = Arena::new();
    let games = random_games(&mut a, 2000);
    a.clear_op_caches();
    let t = Instant::now();
    let mut less = 0;
    for pair in games.chunks(2) {
        if a.leq(pair[0], pair[1]) {
            less += 1;
        }
    }
    (t.elapsed(), less)
}

fn startup() -> Duration {
    let bin = env!("CARGO_BIN_EXE_cgcalc");
    let mut times = Vec::new();
    for _ in 0..20 {
        let t = Instant::now();
        let out = Command::new(bin)
            .args(["-e", "{0|1}"])
            .output()
            .expect("run cgcalc");
        times.push(t.elapsed());
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "1/2");
    }
    times.sort();
    times[times.len() / 2]
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// `heat(*14, 1)` in a fresh arena each run; returns the median time and the heated game's
/// number of followers.
fn heat_star14() -> (Duration, String) {
    let mut times = Vec::new();
    let mut followers = String::new();
    for _ in 0..5 {
        let mut a = Arena::new();
        let mut caches = AnalysisCaches::default();
        let star14 = a.nimber(14);
        let one = a.integer(1);
        let t = Instant::now();
        let h = Analysis::new(&mut a, &mut caches).heat(star14, one);
        times.push(t.elapsed());
        followers = a.count_followers(h).to_string();
    }
    (median(times), followers)
}

/// The thermograph of the value of the `rows x cols` Domineering rectangle. Returns the
/// search time (once), the median thermograph time over fresh arenas, the value's number of
/// followers, and the mast and temperature.
fn domineering_thermo(rows: usize, cols: usize) -> (Duration, Duration, String, String) {
    let board = Domineering::<u64>::rectangle(rows, cols).expect("board");
    let mut searched = Arena::new();
    let t = Instant::now();
    let (v, _stats) = parallel_value(&mut searched, &board, 1, Budget::default());
    let search = t.elapsed();
    let mut times = Vec::new();
    let mut followers = String::new();
    let mut summary = String::new();
    for _ in 0..5 {
        let mut fresh = Arena::new();
        let mut memo = FxHashMap::default();
        let w = fresh.import(&searched, v, &mut memo);
        let t = Instant::now();
        let th = fresh.thermograph(w);
        times.push(t.elapsed());
        followers = fresh.count_followers(w).to_string();
        summary = format!("mast {}, temp {}", th.mast, th.temperature);
    }
    (search, median(times), followers, summary)
}

fn main() {
    println!(
        "{:<44} {:>12} {:>10} {:>12}",
        "case", "time", "arena", "followers"
    );
    for n in [10, 16, 24, 40] {
        let (t, games, followers) = switches(n);
        println!(
            "{:<44} {:>9.3} ms {:>10} {:>12}",
            format!("(a) switches N={n}: +-1+-2...+-{n}+^+*"),
            t.as_secs_f64() * 1e3,
            games,
            followers
        );
    }
    let (t, less) = comparisons();
    println!(
        "{:<44} {:>9.3} ms   ({less} of 1000 were <=)",
        "(b) 1000 comparisons, birthday <= 5",
        t.as_secs_f64() * 1e3
    );
    let t = startup();
    println!(
        "{:<44} {:>9.3} ms",
        "(c) start binary + evaluate `{0|1}` (median)",
        t.as_secs_f64() * 1e3
    );
    let (t, followers) = heat_star14();
    println!(
        "{:<44} {:>9.3} ms {:>10} {:>12}   (goal < 50 ms)",
        "(d) heat(*14, 1), fresh arena (median of 5)",
        t.as_secs_f64() * 1e3,
        "",
        followers
    );
    for (rows, cols) in [(4, 4), (4, 6)] {
        let (search, t, followers, summary) = domineering_thermo(rows, cols);
        println!(
            "{:<44} {:>9.3} ms {:>10} {:>12}   (goal < 10 ms; {summary}; search took {:.1} ms)",
            format!("(d) thermo(Domineering {rows}x{cols}), fresh arena"),
            t.as_secs_f64() * 1e3,
            "",
            followers,
            search.as_secs_f64() * 1e3
        );
    }
}
