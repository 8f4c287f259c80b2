//! Chess-endgame benchmark (Laros 2003): `cargo bench --bench endgame` prints the retrograde
//! tables' sizes and solve times and the strategies graded per second on one core;
//! `-- rr=20` evolves two rooks against the king with seeds 1..20 and measures every best
//! strategy on 1,000 starts (the paper's first result), `-- kr=10` does the same for KRK
//! (the second result); `games=N` sets the games per strategy and generation (default 50). Each measured strategy is also played against the perfect defender.

mod common;

use std::collections::BTreeMap;
use std::time::Instant;

use cgcalc::rulesets::endgame::board::Kind;
use cgcalc::rulesets::endgame::evolve::{self, Settings, parse_material};
use cgcalc::rulesets::endgame::solver::Tables;
use cgcalc::rulesets::endgame::strategy::{Anchor, Strategy};

fn tables() {
    use Kind::*;
    println!(
        "{:<6} {:>10} {:>10} {:>9} {:>8} {:>9}",
        "table", "entries", "positions", "longest", "time", "peak MiB"
    );
    for kinds in [
        vec![King, Queen],
        vec![King, Rook],
        vec![Rook, Rook],
        vec![King, Bishop, Bishop],
        vec![King, Bishop, Knight],
    ] {
        // A fresh cache: the time includes the smaller tables captures lead to.
        let mut t = Tables::default();
        let start = Instant::now();
        let table = t.table(&kinds).unwrap();
        let name: String = kinds.iter().map(|k| k.letter()).collect();
        println!(
            "{:<6} {:>10} {:>10} {:>9} {:>6.2} s {:>9.0}",
            format!("{name}K"),
            table.entries(),
            table.positions,
            table.longest_mate().0,
            start.elapsed().as_secs_f64(),
            common::peak_mib()
        );
    }
}

fn speed() {
    let mut t = Tables::default();
    for (material, games) in [("RR", 20), ("RR", 50), ("KR", 20)] {
        let kinds = parse_material(material).unwrap();
        let settings = Settings {
            seed: 99,
            games,
            generations: 20,
            ..Settings::default()
        };
        let e = evolve::evolve(&kinds, &settings, &mut t, &mut |_| {});
        println!(
            "{material}: {} strategies graded in {:.2} s = {:.0} per second ({games} games each, {:.0} games per second)",
            e.evaluated,
            e.seconds,
            e.evaluated as f64 / e.seconds,
            e.evaluated as f64 * games as f64 / e.seconds
        );
    }
}

fn measure(material: &str, seeds: u64, generations: usize, games: usize) {
    let mut t = Tables::default();
    let kinds = parse_material(material).unwrap();
    let mut found: BTreeMap<String, (u64, usize)> = BTreeMap::new();
    println!(
        "{:<5} {:<22} {:>5} {:>7} | {:>6} {:>6} {:>6} | {:>7} {:>7} | perfect defender",
        "seed", "strategy", "gens", "time", "mates", "draws", "lost", "moves", "perfect"
    );
    for seed in 1..=seeds {
        let settings = Settings {
            seed,
            games,
            generations,
            ..Settings::default()
        };
        let e = evolve::evolve(&kinds, &settings, &mut t, &mut |_| {});
        let r = evolve::report(&kinds, &e.best, 1000, 1000 + seed, &mut t).unwrap();
        let mates = evolve::mates(&r.random);
        let lost = r
            .random
            .iter()
            .filter(|x| x.0 == evolve::Ending::Capture)
            .map(|x| x.1)
            .sum::<usize>();
        let perfect: Vec<String> = r
            .perfect
            .iter()
            .map(|(e, n)| format!("{} {n}", e.text()))
            .collect();
        println!(
            "{:<5} {:<22} {:>5} {:>5.1} s | {:>6} {:>6} {:>6} | {:>7.2} {:>7.2} | {}",
            seed,
            e.best.to_string(),
            e.generations,
            e.seconds,
            mates,
            1000 - mates - lost,
            lost,
            r.mean_moves_to_mate,
            r.mean_perfect_of_mated,
            perfect.join(", ")
        );
        // A strategy found by several runs is measured on each run's starts: keep its best.
        let entry = found.entry(e.best.to_string()).or_insert((seed, 0));
        entry.1 = entry.1.max(mates);
    }
    let all_king = |s: &str| {
        Strategy::parse(s, kinds.len())
            .map(|st| st.pieces.iter().all(|p| p.anchor == Anchor::EnemyKing))
            .unwrap_or(false)
    };
    let perfect: Vec<&String> = found
        .iter()
        .filter(|(s, (_, m))| *m == 1000 && all_king(s))
        .map(|(s, _)| s)
        .collect();
    println!(
        "{} distinct best strategies; {} of them mated all 1,000 games of a run with every piece anchored on the enemy king: {}",
        found.len(),
        perfect.len(),
        perfect
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("; ")
    );
}

fn main() {
    let arg = |name: &str| {
        std::env::args()
            .skip(1)
            .find_map(|a| a.strip_prefix(name)?.parse::<u64>().ok())
    };
    // Games per strategy and generation (50 by default, as `evolve` in the calculator).
    let games = arg("games=").unwrap_or(50) as usize;
    if let Some(n) = arg("rr=") {
        measure("RR", n, 100, games);
        return;
    }
    if let Some(n) = arg("kr=") {
        measure("KR", n, 100, games);
        return;
    }
    tables();
    speed();
}
