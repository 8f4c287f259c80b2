//! Pawn-structure benchmark: `cargo bench --bench pawns` prints, for each example of Mäser's
//! thesis that the text fixes and for random structures of 8, 12 and 16 pawns, the GTSearch
//! nodes, the deepest line and the time: with chunks (thesis 7.3.1) and the early detector of
//! unstoppable pawns, without the detector, and without chunks (the whole board searched as one
//! game). Compare with thesis Figure 7.7 and the Popov–Dankov numbers of 7.3.2 (under 1,000
//! nodes with decomposition, almost 200,000 without).

use std::time::{Duration, Instant};

use cgcalc::game::Arena;
use cgcalc::game::rng::Rng;
use cgcalc::game::threat::Threats;
use cgcalc::rulesets::pawns::Pawns;
use cgcalc::search::{Budget, GtResult, GtSearch, SearchStats};

#[path = "../tests/common/fen.rs"]
mod fen;

/// One way of searching a structure.
#[derive(Clone, Copy)]
enum Mode {
    /// Chunks searched separately, with the detector (what `pawns(...)` does).
    Chunks,
    /// Chunks, without the early detector.
    NoDetector,
    /// The whole structure as one game (no decomposition), with the detector.
    Whole,
}

/// Nodes a search may expand before the benchmark gives up on it.
const NODE_LIMIT: u64 = 2_000_000;

/// Searches `p` in `mode` in fresh stores: total counters, elapsed time and the value's text;
/// `None` when the search passes [`NODE_LIMIT`].
fn run(p: &Pawns, mode: Mode) -> Option<(SearchStats, Duration, String)> {
    cgcalc::game::interrupt::catch(|| run_unlimited(p, mode)).ok()
}

fn run_unlimited(p: &Pawns, mode: Mode) -> (SearchStats, Duration, String) {
    let mut arena = Arena::new();
    let mut threats = Threats::new();
    let t = Instant::now();
    let parts = match mode {
        Mode::Whole => vec![*p],
        _ => p.chunks(),
    };
    let mut total = SearchStats::default();
    let mut texts = Vec::new();
    for c in parts {
        let budget = Budget {
            nodes: NODE_LIMIT,
            progress: None,
            ..Budget::default()
        };
        let mut search = GtSearch::new(&mut arena, &mut threats, budget)
            .with_detector(!matches!(mode, Mode::NoDetector));
        let r = search.result(&c, None);
        total.merge(&search.finish());
        texts.push(r);
    }
    let el = t.elapsed();
    let text = texts
        .into_iter()
        .map(|r| match r {
            GtResult::Win(cgcalc::search::Player::Left) => "win".to_string(),
            GtResult::Win(_) => "loss".to_string(),
            GtResult::Value(v) => threats.display(&mut arena, v),
        })
        .collect::<Vec<_>>()
        .join(" + ");
    (total, el, text)
}

/// A random 8x8 structure of `n` pawns, half of each colour, as in a game: White's on ranks 2
/// to 4, Black's on ranks 5 to 7 (no pawn has passed an enemy pawn yet).
fn random_structure(rng: &mut Rng, n: usize) -> Pawns {
    let mut squares = [[' '; 8]; 8];
    let mut placed = 0;
    while placed < n {
        let f = rng.below(8);
        let r = if placed % 2 == 0 { 1 } else { 4 } + rng.below(3);
        if squares[r][f] == ' ' {
            squares[r][f] = if placed % 2 == 0 { 'P' } else { 'p' };
            placed += 1;
        }
    }
    Pawns::parse(&fen::placement(&squares), 8, 8).expect("a valid structure")
}

/// Nodes as a table cell: `>2000000` when the search gave up.
fn cell(r: &Option<(SearchStats, Duration, String)>) -> String {
    match r {
        Some((s, _, _)) => s.nodes.to_string(),
        None => format!(">{NODE_LIMIT}"),
    }
}

fn main() {
    let examples = [
        ("fig 6.1", "8/8/4p3/3p4/8/3PP3/8/8"),
        ("fig 7.3", "8/8/8/8/1pp5/8/1PP5/8"),
        ("fig 7.4 breakthrough", "8/ppp5/8/PPP5/8/8/8/8"),
        ("Sveda-Sika", "8/1p5p/p7/8/8/7P/PP6/8"),
        ("Popov-Dankov KS", "8/6p1/7p/8/8/6P1/6P1/8"),
        ("Popov KS + fig 7.3", "8/6p1/7p/8/1pp5/6P1/1PP3P1/8"),
        ("Ranits-Wirius KS", "8/6pp/5p2/8/8/7P/5PP1/8"),
        // Thesis 7.3.5 no. 8 with the queenside a4/a6 (= *, as the text says); Figure 7.7
        // gives 57,042 nodes and depth 19 for the whole position.
        ("Ranits-Wirius QS+KS", "8/6pp/p4p2/8/P7/7P/5PP1/8"),
        // Thesis 7.3.5 nos. 9 and 10, whose values need en passant; Figure 7.7 gives 4,011
        // nodes, depth 13 and 17,511 nodes, depth 15 for the whole positions.
        ("Nehlert-Precour QS", "8/1pp5/p7/8/P1P5/1P6/8/8"),
        ("Jacek-Miler KS", "8/5p1p/6p1/8/5P2/6P1/7P/8"),
    ];
    println!(
        "{:<22} {:>9} {:>6} {:>9}   {:>9} {:>9}   value",
        "structure", "nodes", "depth", "time", "no detect", "no chunks"
    );
    for (name, fen) in examples {
        let p = Pawns::parse(fen, 8, 8).expect("example parses");
        let (s, el, text) = run(&p, Mode::Chunks).expect("examples are small");
        let nd = run(&p, Mode::NoDetector);
        if let Some((_, _, nd_text)) = &nd {
            assert_eq!(&text, nd_text, "{name}: the detector changed the value");
        }
        let whole = run(&p, Mode::Whole);
        println!(
            "{:<22} {:>9} {:>6} {:>7.3} s   {:>9} {:>9}   {text}",
            name,
            s.nodes,
            s.depth,
            el.as_secs_f64(),
            cell(&nd),
            cell(&whole)
        );
    }
    println!();
    let samples = 10;
    println!(
        "random game-like structures ({samples} each; White on ranks 2-4, Black on 5-7; searches stop at {NODE_LIMIT} nodes)"
    );
    println!(
        "{:<10} {:>9} {:>9} {:>9} {:>6} {:>9} {:>9}   {:>11} {:>11}",
        "pawns",
        "solved",
        "median",
        "max",
        "depth",
        "mean time",
        "max time",
        "no detect",
        "no chunks"
    );
    // Seeded, so runs are comparable.
    let mut rng = Rng::xorshift64(0x9E37_79B9_7F4A_7C15);
    for n in [8, 12, 16] {
        let mut nodes = Vec::new();
        let (mut depth, mut total, mut worst) = (0, Duration::ZERO, Duration::ZERO);
        let (mut nd_nodes, mut whole_nodes) = (Vec::new(), Vec::new());
        for _ in 0..samples {
            let p = random_structure(&mut rng, n);
            if let Some((s, el, _)) = run(&p, Mode::Chunks) {
                nodes.push(s.nodes);
                depth = depth.max(s.depth);
                total += el;
                worst = worst.max(el);
            }
            nd_nodes.push(run(&p, Mode::NoDetector).map_or(u64::MAX, |r| r.0.nodes));
            whole_nodes.push(run(&p, Mode::Whole).map_or(u64::MAX, |r| r.0.nodes));
        }
        let median = |v: &mut Vec<u64>| -> String {
            v.sort_unstable();
            match v.get(v.len() / 2) {
                Some(&u64::MAX) => format!(">{NODE_LIMIT}"),
                Some(x) => x.to_string(),
                None => "-".to_string(),
            }
        };
        let solved = nodes.len();
        let max = nodes.iter().max().copied().unwrap_or(0);
        println!(
            "{:<10} {:>6}/{samples} {:>9} {:>9} {:>6} {:>7.3} s {:>7.3} s   {:>11} {:>11}",
            n,
            solved,
            median(&mut nodes),
            max,
            depth,
            total.as_secs_f64() / solved.max(1) as f64,
            worst.as_secs_f64(),
            median(&mut nd_nodes),
            median(&mut whole_nodes)
        );
    }
}
