//! The parallel value search: every worker count gives the value one thread gives, on random
//! positions of rulesets with and without symmetries, decomposition and the raw-position
//! cache; and a node budget stops it with the budget's error.

use crate::common::{Rng, iterations, run_text};
use cgcalc::lang::Session;

/// A random board of `rows` x `cols` cells drawn from `cells`, rows joined by `|`.
fn board(rng: &mut Rng, rows: usize, cols: usize, cells: &[char]) -> String {
    (0..rows)
        .map(|_| (0..cols).map(|_| *rng.pick(cells)).collect::<String>())
        .collect::<Vec<_>>()
        .join("|")
}

/// A session that searches with `threads` workers.
fn session(threads: usize) -> Session {
    let mut s = Session::new();
    let out = run_text(&mut s, &format!(":threads {threads}"));
    assert!(!out.contains("error"), "{out}");
    s
}

/// Each position valued with one, two and three workers prints the same value.
#[test]
fn every_worker_count_gives_the_one_thread_value() {
    let mut rng = Rng::seeded(0x5eed_2911);
    let mut sessions = [session(1), session(2), session(3)];
    let stones = ['x', 'o', '.', 'x', 'o'];
    for _ in 0..iterations(6) {
        let positions = [
            format!("konane(\"{}\")", board(&mut rng, 4, 5, &stones)),
            format!(
                "clobber(\"{}\")",
                board(&mut rng, 3, 5, &['x', 'o', 'x', 'o', '.'])
            ),
            format!(
                "domineering(\"{}\")",
                board(&mut rng, 5, 5, &['.', '.', '.', '.', '#'])
            ),
            format!(
                "fission(\"{}\")",
                board(&mut rng, 4, 5, &['.', '.', '.', 'x', '#'])
            ),
            format!(
                "toadsandfrogs(\"{}\")",
                board(&mut rng, 1, 14, &['t', 'f', '.', '.'])
            ),
            format!(
                "amazons(\"{}\")",
                board(&mut rng, 3, 3, &['.', '.', '.', 'x', 'o', '#'])
            ),
        ];
        for p in positions {
            let values: Vec<String> = sessions.iter_mut().map(|s| run_text(s, &p)).collect();
            assert!(!values[0].contains("error"), "{p}: {}", values[0]);
            assert_eq!(values[1], values[0], "{p} with two workers");
            assert_eq!(values[2], values[0], "{p} with three workers");
        }
    }
}

/// A node budget too small for the search ends it with the budget's error, with several
/// workers as with one, and the session goes on.
#[test]
fn a_node_budget_stops_every_worker() {
    let mut s = session(2);
    let out = run_text(&mut s, ":limit nodes 1000");
    assert!(!out.contains("error"), "{out}");
    let out = run_text(&mut s, "konane(\"xoxoxo|oxoxox|xox.xo|oxoxox\")");
    assert!(out.contains("budget"), "{out}");
    assert_eq!(run_text(&mut s, "1 + 1"), "2");
}

/// The parallel outcome search (lazy SMP) answers as one thread does, and as the exact value
/// says: random Domineering boards with blocked cells (up to 6x6, large enough that the
/// workers search below the root before the exact values take over), and Konane boards,
/// with one, two and three workers. `outcome(G)` of a value is read off its sign.
#[test]
fn every_worker_count_gives_the_one_thread_outcome() {
    let mut rng = Rng::seeded(0x0b5e_9001);
    let mut sessions = [session(1), session(2), session(3)];
    for _ in 0..iterations(8) {
        let (r, c) = (4 + rng.below(3), 4 + rng.below(3));
        let positions = [
            format!(
                "domineering(\"{}\")",
                board(&mut rng, r, c, &['.', '.', '.', '.', '.', '#'])
            ),
            format!(
                "konane(\"{}\")",
                board(&mut rng, 4, 4, &['x', 'o', '.', 'x', 'o'])
            ),
        ];
        for p in positions {
            let outcomes: Vec<String> = sessions
                .iter_mut()
                .map(|s| run_text(s, &format!("outcome({p})")))
                .collect();
            assert!(!outcomes[0].contains("error"), "{p}: {}", outcomes[0]);
            let by_value = run_text(&mut sessions[0], &format!("outcome({p} + 0)"));
            assert_eq!(
                outcomes[0], by_value,
                "{p}: outcome search against the value"
            );
            assert_eq!(outcomes[1], outcomes[0], "{p} with two workers");
            assert_eq!(outcomes[2], outcomes[0], "{p} with three workers");
        }
    }
    // 7x7 and 8x8 are first-player wins (8x8: Breuker, Uiterwijk and van den Herik 2000), and
    // 6 rows of 8 a win for the horizontal player (Right), as Obsequi finds
    // (scripts/domineering-outcomes.cgt)
    for (board, outcome) in [("dom(7,7)", "N"), ("dom(8,8)", "N"), ("dom(6,8)", "R")] {
        for s in sessions.iter_mut().take(2) {
            assert_eq!(
                run_text(s, &format!("outcome({board})")),
                outcome,
                "{board}"
            );
        }
    }
}

/// A node budget stops the parallel outcome search with the budget's error, which says how
/// far the root got, and the session goes on.
#[test]
fn a_node_budget_stops_every_outcome_worker() {
    let mut s = session(2);
    let out = run_text(&mut s, ":limit nodes 2000");
    assert!(!out.contains("error"), "{out}");
    let out = run_text(&mut s, "outcome(dom(9,9))");
    assert!(out.contains("budget"), "{out}");
    assert!(out.contains("had settled 0 of 72 first moves"), "{out}");
    assert_eq!(run_text(&mut s, "1 + 1"), "2");
}
