//! Domineering benchmark: `cargo bench --bench domineering` prints, for each empty board, the
//! time to its canonical value on one thread in a fresh arena, the search counters, and the
//! process's peak resident memory so far. The same cases as `../shared/bench/peer_compare.sh
//! dom:RxC` (peer: the `cgt` crate 0.11, single thread).

mod common;

use std::time::Instant;

use cgcalc::game::Arena;
use cgcalc::rulesets::domineering::Domineering;
use cgcalc::search::{Budget, LocalSearch};

fn main() {
    let cases: Vec<(usize, usize)> = match std::env::args().nth(1).filter(|a| a.contains('x')) {
        Some(list) => list
            .split(',')
            .filter_map(|c| c.split_once('x'))
            .filter_map(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .collect(),
        None => vec![(4, 4), (4, 5), (3, 6), (4, 6), (5, 5), (5, 6)],
    };
    println!(
        "{:<8} {:>10} {:>10} {:>12} {:>10} {:>12}  value",
        "board", "time", "nodes", "table hits", "table", "peak MiB"
    );
    for (r, c) in cases {
        let board = Domineering::<u64>::rectangle(r, c).expect("board fits in 64 cells");
        let mut arena = Arena::new();
        let t = Instant::now();
        let mut search = LocalSearch::new(&mut arena, Budget::default());
        let v = search.value(&board);
        let stats = search.finish();
        let el = t.elapsed();
        let text = arena
            .display_limited(v, 60)
            .unwrap_or_else(|| "(long)".into());
        println!(
            "{:<8} {:>8.3} s {:>10} {:>12} {:>10} {:>12.1}  {text}",
            format!("{r}x{c}"),
            el.as_secs_f64(),
            stats.nodes,
            stats.table_hits,
            stats.table_size,
            common::peak_mib()
        );
        if std::env::var_os("CACHE_STATS").is_some() {
            let a = arena.stats();
            println!(
                "         arena {} games, option pool {}",
                a.games, a.option_pool
            );
            for (name, c) in a.caches.iter().filter(|(_, c)| c.hits + c.misses > 0) {
                println!(
                    "         {name}: {} hits, {} misses, {} flushes",
                    c.hits, c.misses, c.flushes
                );
            }
        }
    }
}
