//! Regio benchmark: `cargo bench --bench regio` prints, for n x 4 grids of growing n, the exact
//! value's time, nodes, table size and peak memory (rcf mapping, components split).

mod common;

use std::time::Instant;

use cgcalc::analysis::AnalysisCaches;
use cgcalc::game::Arena;
use cgcalc::rulesets::regio::{Mapping, Regio, RegioSearch};
use cgcalc::search::Budget;

fn main() {
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
