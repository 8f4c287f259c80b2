//! Who wins Domineering: `cargo bench --bench domineering_outcome -- [RxC,...] [limit=S]
//! [obsequi=SRC]` times cgcalc's outcome search (both players first, one thread, a fresh
//! arena per board) and, with `obsequi=SRC` (Bullock's source, commit 3a856b2), the same
//! boards solved by Obsequi through `../shared/bench/obsequi_peer.sh`, with the ratio and
//! whether the two agree. Default boards: the table; `all` sweeps every board up to
//! 8x8 and 4xn, 5xn, 6xn up to n = 10.

mod common;

use std::process::Command;
use std::time::{Duration, Instant};

use cgcalc::game::interrupt;
use cgcalc::game::{Arena, Outcome};
use cgcalc::rulesets::domineering::Domineering;
use cgcalc::rulesets::grid::{Bits, Wide};
use cgcalc::search::{Budget, OutcomeSearch, Player};

/// The outcome class of the empty board (`None` past the limit), nodes, seconds, and for a
/// search the limit stopped, how far it got.
fn ours<B: Bits>(r: usize, c: usize, limit: Duration) -> (Option<Outcome>, u64, f64, String) {
    let board = Domineering::<B>::rectangle(r, c).expect("board fits");
    let mut arena = Arena::new();
    let budget = Budget {
        time: limit,
        progress: None,
        ..Budget::default()
    };
    let t = Instant::now();
    let mut s = OutcomeSearch::new(&mut arena, budget, 14);
    let mut left = None;
    let outcome = interrupt::catch(|| {
        let l = s.wins(&board, Player::Left);
        left = Some(l);
        let rr = s.wins(&board, Player::Right);
        Outcome::from_first_player_wins(l, rr)
    })
    .ok();
    let nodes = s.stats().nodes;
    let stopped = match (outcome, left) {
        (Some(_), _) => String::new(),
        (None, l) => {
            let (who, done) = match l {
                None => ("Left (vertical) first", String::new()),
                Some(w) => (
                    "Right (horizontal) first",
                    format!("; Left first {} ", if w { "wins" } else { "loses" }),
                ),
            };
            format!(
                "stopped in {who}: {} of {} first moves searched{done}",
                s.root.done, s.root.moves
            )
        }
    };
    (outcome, nodes, t.elapsed().as_secs_f64(), stopped)
}

/// Obsequi's outcome and wall time from the peer script's RESULT line.
fn peer(src: &str, r: usize, c: usize, limit: u64) -> Option<(String, f64)> {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/bench/obsequi_peer.sh"
    );
    let out = Command::new("bash")
        .args([
            script,
            src,
            concat!(env!("CARGO_MANIFEST_DIR"), "/target/obsequi-build"),
        ])
        .arg(r.to_string())
        .arg(c.to_string())
        .arg(limit.to_string())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("RESULT"))?;
    let f: Vec<&str> = line.split_whitespace().collect();
    Some((f.get(3)?.to_string(), f.get(4)?.parse().ok()?))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let limit = args
        .iter()
        .find_map(|a| a.strip_prefix("limit=")?.parse().ok())
        .unwrap_or(600u64);
    let src = args.iter().find_map(|a| a.strip_prefix("obsequi="));
    let boards: Vec<(usize, usize)> = if args.iter().any(|a| a == "all") {
        let mut b = Vec::new();
        for r in 1..=8 {
            for c in r..=8 {
                b.push((r, c));
            }
        }
        for r in 4..=6 {
            for c in 9..=10 {
                b.push((r, c));
            }
        }
        b
    } else if let Some(list) = args.iter().find(|a| a.contains('x') && !a.contains('=')) {
        list.split(',')
            .filter_map(|c| c.split_once('x'))
            .filter_map(|(r, c)| Some((r.parse().ok()?, c.parse().ok()?)))
            .collect()
    } else {
        vec![(6, 6), (4, 10), (6, 7), (6, 8), (7, 7), (8, 8)]
    };
    println!(
        "{:<6} {:>7} {:>10} {:>12} | {:>7} {:>10} | {:>7}  agree",
        "board", "cgcalc", "time", "nodes", "Obsequi", "time", "ratio"
    );
    let mut disagree = 0;
    for (r, c) in boards {
        let lim = Duration::from_secs(limit);
        let (o, nodes, t, stopped) = if r * c <= 64 {
            ours::<u64>(r, c, lim)
        } else {
            ours::<Wide>(r, c, lim)
        };
        let mine = o.map_or("?".to_string(), |o| o.symbol().to_string());
        let (theirs, pt) = match src.and_then(|s| peer(s, r, c, limit)) {
            Some((o, t)) => (o, Some(t)),
            None => ("-".to_string(), None),
        };
        let ratio = pt.map_or("-".to_string(), |p| format!("{:.1}x", t / p.max(0.005)));
        let agree = if theirs == "-" || theirs == "?" || mine == "?" {
            ""
        } else if theirs == mine {
            "yes"
        } else {
            disagree += 1;
            "NO"
        };
        println!(
            "{:<6} {:>7} {:>8.2} s {:>12} | {:>7} {:>10} | {:>7}  {agree}",
            format!("{r}x{c}"),
            mine,
            t,
            nodes,
            theirs,
            pt.map_or("-".to_string(), |p| format!("{p:.2} s")),
            ratio
        );
        if !stopped.is_empty() {
            println!("       {stopped}");
        }
    }
    println!(
        "peak {:.0} MiB; {disagree} disagreements",
        common::peak_mib()
    );
}
