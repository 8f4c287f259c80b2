//! Chess endgames against a lone king (Laros 2003): the rules, the retrograde solver against
//! the classical longest mates and an independent mate search, constraint strategies against
//! the paper's worked examples, and evolution.

use crate::common::{Rng, cache_stats, run_ok, run_text};
use cgcalc::lang::session::Session;
use cgcalc::rulesets::endgame::board::{Board, Kind, Status};
use cgcalc::rulesets::endgame::evolve::{
    self, Defender, Ending, Settings, parse_material, random_start,
};
use cgcalc::rulesets::endgame::solver::{Tables, Verdict};
use cgcalc::rulesets::endgame::strategy::{Anchor, PieceStrategy, SOFT_WEIGHT, Strategy};

/// The classical longest forced mates with White to move, in White's moves: KQK 10, KRK 16,
/// KBBK 19, KBNK 33 (Ströhlein 1970; Thompson 1986; the bishops on opposite colours).
#[test]
fn longest_mates_are_the_classical_ones() {
    use Kind::*;
    let mut tables = Tables::default();
    for (kinds, longest) in [
        (vec![King, Queen], 10),
        (vec![King, Rook], 16),
        (vec![King, Bishop, Bishop], 19),
        (vec![King, Bishop, Knight], 33),
    ] {
        let t = tables.table(&kinds).unwrap();
        let (moves, at) = t.longest_mate();
        assert_eq!(moves, longest, "{kinds:?}");
        let at = at.unwrap();
        assert_eq!(
            tables.verdict(&at).unwrap().moves_to_mate(),
            Some(longest),
            "{}",
            at.fen()
        );
    }
}

/// Mate in `n` White moves by plain search over the rules (independent of the tables).
fn mate_in(b: &Board, n: u32) -> bool {
    if n == 0 {
        return false;
    }
    b.moves().into_iter().any(|m| {
        let after = b.after(m);
        match after.status() {
            Status::Checkmate => true,
            Status::Stalemate => false,
            Status::Playing => after
                .moves()
                .into_iter()
                .all(|r| !after.captures(r) && mate_in(&after.after(r), n - 1)),
        }
    })
}

/// The table's short mates agree with a plain search: mate in m, and not in m - 1.
#[test]
fn short_mates_agree_with_search() {
    let mut tables = Tables::default();
    let mut rng = Rng::seeded(11);
    let mut checked = 0;
    for material in ["KR", "KQ", "RR"] {
        let kinds = parse_material(material).unwrap();
        let mut tries = 0;
        while tries < 4000
            && checked
                < 40 * (1 + ["KR", "KQ", "RR"]
                    .iter()
                    .position(|&m| m == material)
                    .unwrap())
        {
            tries += 1;
            let b = random_start(&kinds, &mut rng);
            let v = tables.verdict(&b).unwrap();
            let Some(m) = v.moves_to_mate() else { continue };
            if m > 2 {
                continue;
            }
            assert!(mate_in(&b, m), "{} {v:?}", b.fen());
            assert!(!mate_in(&b, m - 1), "{} {v:?}", b.fen());
            checked += 1;
        }
    }
    assert!(checked >= 60, "{checked}");
}

/// Perfect play is consistent: White's best move keeps the distance one ply shorter, and a
/// strategy never mates the perfect defender faster than the table says.
#[test]
fn perfect_play_is_consistent() {
    let mut tables = Tables::default();
    let mut rng = Rng::seeded(5);
    let kinds = parse_material("KR").unwrap();
    let s = Strategy::parse("k(1,1)11 k(0,2)10", 2).unwrap();
    for _ in 0..200 {
        let b = random_start(&kinds, &mut rng);
        let v = tables.verdict(&b).unwrap();
        if let Verdict::Wins(p) = v {
            let (m, after) = tables.best_move(&b).unwrap().unwrap();
            assert_eq!(after, Verdict::Loses(p - 1), "{}", b.fen());
            let next = b.after(m);
            if p > 1 {
                for r in next.moves() {
                    let w = tables.verdict(&next.after(r)).unwrap();
                    assert!(
                        matches!(w, Verdict::Wins(q) if q <= p - 2) || next.captures(r),
                        "{}",
                        next.fen()
                    );
                }
            }
        }
        let g = evolve::play(&s, &b, Defender::Perfect, &mut rng, &mut tables, false).unwrap();
        if g.ending == Ending::Mate {
            assert!(g.white_moves >= v.moves_to_mate().unwrap(), "{}", b.fen());
        }
    }
}

#[test]
fn rules_and_fen() {
    // Mate, stalemate, and a king that may take an undefended rook but not a defended one.
    let mate = Board::from_fen("k7/1Q6/1K6/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(mate.status(), Status::Checkmate);
    let stale = Board::from_fen("k7/2Q5/2K5/8/8/8/8/8 b - - 0 1").unwrap();
    assert_eq!(stale.status(), Status::Stalemate);
    let take = Board::from_fen("8/8/8/8/8/8/1R6/k7 b - - 0 1").unwrap();
    assert!(take.moves().iter().any(|&m| take.captures(m)));
    let guarded = Board::from_fen("8/8/8/8/8/2K5/1R6/k7 b - - 0 1").unwrap();
    assert!(!guarded.moves().iter().any(|&m| guarded.captures(m)));
    // The king may not hide behind itself on a rook's line.
    let line = Board::from_fen("8/8/8/8/8/8/8/R3k3 b - - 0 1").unwrap();
    let names: Vec<String> = line.moves().iter().map(|&m| line.move_text(m)).collect();
    assert!(!names.iter().any(|n| n.ends_with("f1")), "{names:?}");
    // FEN round trip and errors.
    let fen = "8/8/8/4k3/8/8/R7/R7 w - - 0 1";
    assert_eq!(Board::from_fen(fen).unwrap().fen(), fen);
    for (bad, why) in [
        ("8/8/8/4k3/8/8/r7/R7 w", "Black has only its king"),
        ("8/8/8/4k3/8/8/R7 w", "8 ranks"),
        ("8/8/8/3Kk3/8/8/R7/8 w", "side by side"),
        ("8/8/8/4k3/8/8/8/4R3 w", "Black is in check"),
        ("8/8/8/8/8/8/R7/R7 w", "Black has no king"),
        ("8/8/8/4k3/8/8/8/8 w", "White has no pieces"),
        ("8/8/8/4k3/8/8/P7/R7 w", "no pawns"),
        ("8/8/8/4k3/8/8/R7/R6K w KQ", "no castling"),
        ("9/8/8/4k3/8/8/R7/R7 w", "bad empty-square count"),
        ("8/8/8/4k3/8/QQ6/R7/R7 w", "at most 3"),
    ] {
        let e = Board::from_fen(bad).unwrap_err();
        assert!(e.contains(why), "{bad}: {e}");
    }
}

/// Laros 4.4's worked examples: a rook anchored on the king with special square (1, 1) and
/// constraints (0, 1) at (3, -2) has penalty 3 (+0 soft, +3 hard) and 0 after moving to
/// (3, 1); with (1, -1) and (0, 1) at (1, -1) the soft constraint fails: 15.
#[test]
fn penalties_follow_the_papers_examples() {
    let rook = PieceStrategy {
        anchor: Anchor::EnemyKing,
        dx: 1,
        dy: 1,
        hard_x: false,
        hard_y: true,
    };
    assert_eq!(rook.penalty(3, -2, 0, 0), 3);
    assert_eq!(rook.penalty(3, 1, 0, 0), 0);
    let close = PieceStrategy {
        dx: 1,
        dy: -1,
        ..rook
    };
    assert_eq!(close.penalty(1, -1, 0, 0), SOFT_WEIGHT);
    // The board version: king c6, rook f4, special square d7 -> the rook goes to f7.
    let b = Board::from_fen("8/8/2k5/8/5R2/8/8/8 w - - 0 1").unwrap();
    let s = Strategy { pieces: vec![rook] };
    assert_eq!(s.penalty(&b), 3);
    let m = s.choose(&b).unwrap();
    assert_eq!(b.move_text(m), "Rf4-f7");
    // Parsing and printing.
    let text = "k(2,-1)01 k(2,0)01";
    assert_eq!(Strategy::parse(text, 2).unwrap().to_string(), text);
    assert_eq!(
        Strategy::parse("k(1,1)11 1(0,2)10", 2).unwrap().pieces[1].anchor,
        Anchor::Own(0)
    );
    for bad in [
        "k(2,-1)01",
        "k(9,0)01 k(0,0)01",
        "k(2,-1)02 k(0,0)01",
        "x(1,1)01 k(0,0)01",
        "1(1,1)01 k(0,0)01",
    ] {
        assert!(Strategy::parse(bad, 2).is_err(), "{bad}");
    }
}

/// Role swap (Laros 5): two rooks may exchange their strategies. With the checker's entry
/// first, the rook on the lower square (the blocker, a4) would get the checker's constraint
/// (1 off) and the other the blocker's (1 off); swapped, both are met.
#[test]
fn rooks_swap_roles() {
    let s = Strategy::parse("k(2,0)01 k(2,-1)01", 2).unwrap();
    // King d5, rooks a4 (blocker, (-3,-1)) and h5 (checker, (4,0)).
    let b = Board::from_fen("8/8/8/3k3R/R7/8/8/8 b - - 0 1").unwrap();
    assert_eq!(s.penalty(&b), 0);
    let [checker, blocker] = [s.pieces[0], s.pieces[1]];
    assert_eq!(checker.penalty(0, 3, 3, 4) + blocker.penalty(7, 4, 3, 4), 2);
}

/// Evolution (Laros 6-7) for two rooks: a seeded run finds a strategy that mates every game
/// of a generation, anchored on the enemy king, and it mates nearly always on fresh starts.
#[test]
fn evolution_finds_a_mating_strategy_for_two_rooks() {
    let mut tables = Tables::default();
    let kinds = parse_material("RR").unwrap();
    let settings = Settings {
        seed: 8,
        games: 50,
        generations: 60,
        ..Settings::default()
    };
    let mut lines = 0;
    let e = evolve::evolve(&kinds, &settings, &mut tables, &mut |_| lines += 1);
    assert!(e.solved, "{}", e.best);
    assert_eq!(lines, e.generations);
    assert!(e.best.pieces.iter().all(|p| p.anchor == Anchor::EnemyKing));
    let r = evolve::report(&kinds, &e.best, 300, 3, &mut tables).unwrap();
    assert!(evolve::mates(&r.random) >= 290, "{} {:?}", e.best, r.random);
}

#[test]
fn calculator_commands() {
    let mut s = Session::new();
    let out = run_ok(&mut s, "dtm(\"7K/8/8/8/8/8/2k5/1R6 w - - 0 1\")");
    assert!(out.contains("White mates in 16 (31 plies)"), "{out}");
    let out = run_ok(&mut s, "dtm(\"k7/1Q6/1K6/8/8/8/8/8 b - - 0 1\")");
    assert!(out.contains("Black is mated"), "{out}");
    let out = run_ok(
        &mut s,
        "playstrategy(\"k(2,-1)01 k(2,0)01\", \"8/8/8/4k3/8/8/R7/R7 w - - 0 1\", \"random\", 3)",
    );
    let last = out.lines().last().unwrap();
    assert!(
        [
            "mate after",
            "stalemate after",
            "piece lost after",
            "draw (50 moves) after"
        ]
        .iter()
        .any(|e| last.starts_with(e)),
        "{out}"
    );
    // The printed game replays legally from the start.
    let mut b = Board::from_fen("8/8/8/4k3/8/8/R7/R7 w - - 0 1").unwrap();
    let moves: Vec<&str> = out
        .split_whitespace()
        .filter(|w| w.len() >= 5 && (w.starts_with('K') || w.starts_with('R')))
        .collect();
    assert!(!moves.is_empty());
    for text in moves {
        let m = b
            .moves()
            .into_iter()
            .find(|&m| b.move_text(m) == text)
            .unwrap_or_else(|| panic!("{text} is not legal in {}", b.fen()));
        b = b.after(m);
    }
    let out = run_ok(
        &mut s,
        "strategyreport(\"RR\", \"k(0,-2)10 k(0,-3)10\", 50, 1)",
    );
    assert!(out.contains("random defender:  mate"), "{out}");
    for (bad, why) in [
        ("dtm(\"8/8/8/4k3/8/8/r7/R7 w\")", "Black has only its king"),
        ("dtm(\"8/8/8/4k3/8/R7/R7/RR6 w\")", "at most 3"),
        (
            "playstrategy(\"k(2,-1)01\", \"8/8/8/4k3/8/8/R7/R7 w\")",
            "needs 2 entries",
        ),
        ("evolve(\"RX\", 1)", "no White piece"),
        (
            "strategyreport(\"KQRB\", \"k(1,1)11 k(1,1)11 k(1,1)11 k(1,1)11\", 10, 1)",
            "at most 3",
        ),
    ] {
        let out = run_text(&mut s, bad);
        assert!(out.contains(why), "{bad}: {out}");
    }
}

/// Issue 26: `dtm` returns a value, the number of White moves to mate, that prints its
/// sentence as a statement and its number in lists and tables, and computes and compares as
/// that integer; a draw is `draw`, has no best move and compares only for equality.
///
/// The KRK positions: Kh8 Rb1 / Kc2 is the classical longest KRK mate, 16 moves, and no KRK
/// position needs more (Ströhlein 1970), so it is the maximum of any list holding it; Kb6 Rh1
/// / Ka8 is mated by Rh8 (1); Kc6 Rb1 / Ka8 by Kc7 Ka7 Ra1 (2); Kc6 Ra8 / Kc8 with Black to
/// move is mated already (0). The short ones are checked by the plain search `mate_in`. The
/// draw: Black to move takes the undefended rook on b1 (Kb2xb1), leaving king against king.
#[test]
fn dtm_is_a_value() {
    let krk = [
        ("7K/8/8/8/8/8/2k5/1R6 w - - 0 1", 16),
        ("k7/8/1K6/8/8/8/8/7R w - - 0 1", 1),
        ("k7/8/2K5/8/8/8/8/1R6 w - - 0 1", 2),
        ("R1k5/8/2K5/8/8/8/8/8 b - - 0 1", 0),
    ];
    for (fen, n) in &krk[1..3] {
        let b = Board::from_fen(fen).unwrap();
        assert!(mate_in(&b, *n) && !mate_in(&b, n - 1), "{fen}");
    }
    assert_eq!(
        Board::from_fen(krk[3].0).unwrap().status(),
        Status::Checkmate
    );
    let mut s = Session::new();
    let list: Vec<String> = krk.iter().map(|(f, _)| format!("\"{f}\"")).collect();
    run_text(&mut s, &format!("ps = [{}];", list.join(", ")));
    let draw = "8/8/8/8/8/8/1k6/1R5K b - - 0 1";
    run_text(&mut s, &format!("d = dtm(\"{draw}\");"));
    let checks: [(&str, &str); 12] = [
        ("max([dtm(p) for p in ps])", "16"),
        ("min([dtm(p) for p in ps])", "0"),
        ("[dtm(p) for p in ps]", "[16, 1, 2, 0]"),
        ("dtm(ps[1]) + 1", "2"),
        ("dtm(ps[2]) > dtm(ps[1])", "true"),
        ("dtm(ps[2]) == 2", "true"),
        ("sum([dtm(p) for p in ps])", "19"),
        ("isinteger(dtm(ps[0]))", "true"),
        ("[d]", "[draw]"),
        ("d == d", "true"),
        ("d == dtm(ps[0])", "false"),
        (
            "dtm(ps[1])",
            "k7/8/1K6/8/8/8/8/7R w - - 0 1: White mates in 1 (1 plies); best move Rh1-h8",
        ),
    ];
    for (src, expected) in checks {
        assert_eq!(run_ok(&mut s, src), expected, "{src}");
    }
    let table = run_ok(&mut s, "table(dtm(p) for p in ps)");
    let column: Vec<&str> = table
        .lines()
        .skip(2)
        .filter_map(|l| l.split_whitespace().last())
        .collect();
    assert_eq!(column, ["16", "1", "2", "0"], "{table}");
    // A draw prints its verdict without a best move, and refuses arithmetic and order.
    assert_eq!(
        run_ok(&mut s, "d"),
        format!("{draw}: a draw: White cannot force mate")
    );
    for (bad, why) in [
        (
            "d + 1",
            "a draw (White cannot force mate): it has no distance to mate",
        ),
        (
            "d < 3",
            "a drawn endgame has no distance to mate: only == and != compare it",
        ),
        (
            "max([dtm(ps[0]), d])",
            "max compares numbers, but this holds a draw",
        ),
    ] {
        let out = run_text(&mut s, bad);
        assert!(out.contains(why), "{bad}: {out}");
    }
    // The session keeps its variables after those errors.
    assert_eq!(run_ok(&mut s, "max([dtm(p) for p in ps]) + len(ps)"), "20");
}

/// The solved tables are a memo that `:stats` lists. King and rook need the tables of what a
/// capture leaves (each piece removed): the rook alone, the king alone, and both of those
/// need the bare kings: four tables, each solved once (the second `dtm` only reads them).
#[test]
fn solved_tables_are_listed_by_stats() {
    let mut s = Session::new();
    for _ in 0..2 {
        run_ok(&mut s, "dtm(\"7K/8/8/8/8/8/2k5/1R6 w - - 0 1\")");
    }
    let [entries, capacity, hits, misses, flushes] = cache_stats(&mut s, "endgame tables")[..]
    else {
        panic!("five numbers")
    };
    assert_eq!((entries, capacity, misses, flushes), (4, 64, 4, 0));
    assert!(hits >= 1);
}
