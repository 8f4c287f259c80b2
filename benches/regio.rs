//! Regio benchmark: `cargo bench --bench regio` prints, for n x 4 grids of growing n, the exact
//! value's time, nodes, table size and peak memory (rcf mapping, components split).

mod common;

use std::time::Instant;

use cgcalc::analysis::AnalysisCaches;
use cgcalc::game::Arena;
use cgcalc::rulesets::regio::{Mapping, Regio, RegioSearch};
use cgcalc::search::Budget;

/// Thesis 8.4.5 / Figure 8.10: greedy hotstrat against alpha-beta, depth 4, on 10 divided
/// 15x15 boards.
fn experiment(positions: u64) {
    println!(
        "{:<4} {:>6}  {:>9} {:>12}  {:>9} {:>12}  {:>8}",
        "pos", "games", "hot score", "hot nodes", "ab score", "ab nodes", "time"
    );
    let all = Instant::now();
    for seed in 1..=positions {
        let t = Instant::now();
        let row = cgcalc::rulesets::regio_experiment::run(seed);
        println!(
            "{:<4} {:>6}  {:>9} {:>12}  {:>9} {:>12}  {:>6.1} s",
            seed,
            row.local_games,
            row.hot_score,
            row.hot_nodes,
            row.ab_score,
            row.ab_nodes,
            t.elapsed().as_secs_f64()
        );
    }
    println!(
        "total {:.1} s, peak {:.0} MiB",
        all.elapsed().as_secs_f64(),
        common::peak_mib()
    );
}

fn main() {
    if let Some(n) = std::env::args()
        .skip(1)
        .find_map(|a| a.strip_prefix("experiment=")?.parse().ok())
    {
        experiment(n);
        return;
    }
    let max: usize = std::env::args()
        .skip(1)
        .find_map(|a| a.strip_prefix("max=")?.parse().ok())
        .unwrap_or(8);
    println!(
        "{:<8} {:>9} {:>10} {:>10} {:>9}  value",
        "grid", "time", "nodes", "table", "peak MiB"
    );
    for n in 1..=max {
        let board = vec!["...."; n].join("|");
        let position = Regio::parse(&board).expect("a grid");
        let mut arena = Arena::new();
        let mut caches = AnalysisCaches::default();
        let t = Instant::now();
        let mut search = RegioSearch::new(
            &mut arena,
            &mut caches,
            &position,
            Mapping::Reduced,
            Budget::default(),
        );
        let v = search.value(position.uncoloured(), None);
        let stats = search.finish();
        let el = t.elapsed();
        let text = arena
            .display_limited(v, 50)
            .unwrap_or_else(|| "(long)".into());
        println!(
            "{:<8} {:>7.3} s {:>10} {:>10} {:>9.0}  {text}",
            format!("{n}x4"),
            el.as_secs_f64(),
            stats.nodes,
            stats.table_size,
            common::peak_mib()
        );
    }
}
