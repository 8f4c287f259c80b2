//! Prime-Nim benchmark: `cargo bench --bench conditional` prints the time to find the nim
//! values of every position with k heaps of 0 to n tokens (k = 4, n = 40 and k = 5, n = 60 by
//! default; `k=K n=N` for one case), each position searched as a whole game with one shared
//! table, and the table's size, peak memory and how many positions are P-positions.

mod common;

use std::time::Instant;

use cgcalc::rulesets::conditional_nim::{ConditionalNim, for_each_sorted_tuple};
use cgcalc::search::conditional::ConditionalSum;
use cgcalc::search::{Budget, NimSearch};

fn run(k: usize, n: u32) {
    let t = Instant::now();
    let mut search = NimSearch::new(Budget::default());
    let mut positions = 0u64;
    let mut p_positions = 0u64;
    let mut checksum = 0u64;
    for_each_sorted_tuple(k, 0, n, &mut |heaps| {
        let v = search.nim_value(&ConditionalSum::new(ConditionalNim::PRIME, heaps.to_vec()));
        positions += 1;
        p_positions += (v == 0) as u64;
        checksum = checksum.wrapping_mul(31).wrapping_add(v as u64);
    });
    let stats = search.finish();
    println!(
        "{:<6} {:>4} {:>10} {:>10} {:>9.2} s {:>10} {:>9.0}  {checksum:016x}",
        k,
        n,
        positions,
        p_positions,
        t.elapsed().as_secs_f64(),
        stats.table_size,
        common::peak_mib()
    );
}

fn main() {
    let arg = |name: &str| {
        std::env::args()
            .skip(1)
            .find_map(|a| a.strip_prefix(name)?.parse::<u32>().ok())
    };
    println!(
        "{:<6} {:>4} {:>10} {:>10} {:>11} {:>10} {:>9}  checksum",
        "heaps", "max", "positions", "P", "time", "table", "peak MiB"
    );
    match (arg("k="), arg("n=")) {
        (Some(k), Some(n)) => run(k as usize, n),
        _ => {
            run(4, 40);
            run(5, 60);
        }
    }
}
