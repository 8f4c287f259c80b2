//! Regio benchmark: `cargo bench --bench regio` prints, for n x 4 grids of growing n, the exact
//! value's time, nodes, table size and peak memory (rcf mapping, components split).

mod common;

use std::time::Instant;

use cgcalc::analysis::AnalysisCaches;
use cgcalc::game::Arena;
use cgcalc::rulesets::grid::Bits;
use cgcalc::rulesets::regio::{Mapping, Regio, RegioSearch};
use cgcalc::search::Budget;

/// Thesis 8.4.5 / Figure 8.10: greedy hotstrat against alpha-beta, depth 4, on 10 divided
/// 15x15 boards.
fn experiment(positions: u64) {
    println!(
        "{:<4} {:>6}  {:>9} {:>12}  {:>9} {:>12}  {:>12} {:>12}  {:>8}",
        "pos",
        "games",
        "hot score",
        "hot nodes",
        "ab score",
        "ab nodes",
        "thermo score",
        "thermo nodes",
        "time"
    );
    let all = Instant::now();
    for seed in 1..=positions {
        let t = Instant::now();
        let row = cgcalc::rulesets::regio_experiment::run(seed);
        println!(
            "{:<4} {:>6}  {:>9} {:>12}  {:>9} {:>12}  {:>12} {:>12}  {:>6.1} s",
            seed,
            row.local_games,
            row.hot_score,
            row.hot_nodes,
            row.ab_score,
            row.ab_nodes,
            row.thermo_score,
            row.thermo_nodes,
            t.elapsed().as_secs_f64()
        );
    }
    println!(
        "total {:.1} s, peak {:.0} MiB",
        all.elapsed().as_secs_f64(),
        common::peak_mib()
    );
}

/// Regions larger than this are not valued exactly by the components benchmark: their rcf
/// computations run for minutes, and the time budget is only checked between search nodes.
const EXACT_MAX_CELLS: u32 = 24;

/// Exact values of the experiment boards' regions up to [`EXACT_MAX_CELLS`] cells, each search
/// stopped after 20 s.
fn board_components(positions: u64) {
    use cgcalc::game::interrupt::catch;
    use std::time::Duration;
    println!(
        "{:<6} {:>7} {:>8} {:>9} {:>10}  slowest solved (cells, s)",
        "board", "regions", "largest", "solved", "time"
    );
    for seed in 1..=positions {
        let board = cgcalc::rulesets::regio_experiment::divided_board(seed);
        let position = Regio::parse(&board).expect("a grid");
        let regions = position.components(position.uncoloured());
        let largest = regions.iter().map(|r| r.count()).max().unwrap_or(0);
        let t = Instant::now();
        let (mut solved, mut slowest) = (0, (0, 0.0));
        for r in regions.iter().filter(|r| r.count() <= EXACT_MAX_CELLS) {
            let start = Instant::now();
            let ok = catch(|| {
                let mut arena = Arena::new();
                let mut caches = AnalysisCaches::default();
                let budget = Budget {
                    time: Duration::from_secs(20),
                    progress: None,
                    ..Budget::default()
                };
                let mut search =
                    RegioSearch::new(&mut arena, &mut caches, &position, Mapping::Reduced, budget);
                search.value(*r, None);
            })
            .is_ok();
            let secs = start.elapsed().as_secs_f64();
            if ok {
                solved += 1;
                if secs > slowest.1 {
                    slowest = (r.count(), secs);
                }
            }
        }
        println!(
            "{:<6} {:>7} {:>8} {:>6}/{:<2} {:>8.1} s  ({}, {:.2})",
            seed,
            regions.len(),
            largest,
            solved,
            regions.len(),
            t.elapsed().as_secs_f64(),
            slowest.0,
            slowest.1
        );
    }
}

fn main() {
    if let Some(n) = std::env::args()
        .skip(1)
        .find_map(|a| a.strip_prefix("components=")?.parse().ok())
    {
        board_components(n);
        return;
    }
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
