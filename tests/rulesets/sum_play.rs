//! Sum play (Mäser, thesis 4.2.3 and 8.4.5): the strategies' choices on sums of canonical
//! values, checked against the definitions and against a full evaluation of the sum.

use cgcalc::calc::value::Value;
use cgcalc::game::{Arena, GameId, Relation};
use cgcalc::lang::session::Session;
use cgcalc::search::Player;
use cgcalc::search::sum_play::{self, Strategy};
use std::collections::HashMap;

use crate::common::pawn_judge::{EnPassant, PawnJudge, random_structure};
use crate::common::{GamePool, Rng, iterations, run_ok};

/// A random sum of 1 to 4 games from the pool.
fn random_sum(a: &mut Arena, pool: &mut GamePool, rng: &mut Rng) -> Vec<GameId> {
    (0..1 + rng.below(4)).map(|_| pool.fresh(a, rng)).collect()
}

/// Where one move's incentive exceeds every other's, every strategy picks it (a dominated
/// incentive is never better in any sum).
#[test]
fn a_dominating_incentive_is_picked_by_every_strategy() {
    let (mut a, mut pool, mut rng) = crate::common::setup(8_231);
    let mut checked = 0;
    for _ in 0..iterations(600) {
        let comps = random_sum(&mut a, &mut pool, &mut rng);
        for player in [Player::Left, Player::Right] {
            let moves = sum_play::moves_of(&mut a, &comps, player);
            let inc: Vec<GameId> = moves
                .iter()
                .map(|m| sum_play::incentive(&mut a, &comps, m, player))
                .collect();
            let dominant = (0..moves.len()).find(|&i| {
                (0..moves.len()).all(|j| j == i || a.relation(inc[i], inc[j]) == Relation::Greater)
            });
            let Some(d) = dominant else { continue };
            checked += 1;
            for s in Strategy::ALL {
                let got = sum_play::pick(&mut a, &comps, &moves, player, s);
                assert_eq!(got, Some(d), "{s:?} on {comps:?} for {player:?}");
            }
        }
    }
    assert!(checked > 20, "only {checked} sums had a dominating move");
}

/// Optimal's move wins the sum whenever the player to move can win it: checked against the
/// sum's value (the mover wins moving first iff some option of the sum is a second-player
/// win for them).
#[test]
fn optimal_wins_whenever_the_sum_is_won() {
    let (mut a, mut pool, mut rng) = crate::common::setup(4_407);
    let mut won = 0;
    for _ in 0..iterations(800) {
        let comps = random_sum(&mut a, &mut pool, &mut rng);
        let total = comps.iter().fold(a.zero(), |acc, &g| a.add(acc, g));
        for player in [Player::Left, Player::Right] {
            let moves = sum_play::moves_of(&mut a, &comps, player);
            let wins_after = |a: &mut Arena, comp: usize, option: GameId| {
                let rest = a.sub(total, comps[comp]);
                let after = a.add(rest, option);
                let zero = a.zero();
                match player {
                    Player::Left => a.leq(zero, after),
                    Player::Right => a.leq(after, zero),
                }
            };
            let can_win = moves
                .iter()
                .any(|m| wins_after(&mut a, m.component, m.option));
            let Some(i) = sum_play::pick(&mut a, &comps, &moves, player, Strategy::Optimal) else {
                assert!(moves.is_empty());
                continue;
            };
            if can_win {
                won += 1;
                assert!(
                    wins_after(&mut a, moves[i].component, moves[i].option),
                    "optimal lost a won sum {comps:?} for {player:?}"
                );
            }
        }
    }
    assert!(won > 100, "only {won} won sums");
}

/// `bestmove` in the calculator: the sum's summands are its components, and a module
/// position keeps its moves' names.
#[test]
fn bestmove_names_component_and_move() {
    let mut s = Session::new();
    let out = run_ok(&mut s, "bestmove({4|-4} + {3|-3} + {1|-1})");
    assert!(out.starts_with("Left to move in +-4 + +-3 + +-1"), "{out}");
    // Left's move to 4 has incentive {8|0}, more than {6|0} and {2|0}: every strategy.
    assert_eq!(
        out.matches("component 1 (+-4): to 4; incentive {8|0}")
            .count(),
        4,
        "{out}"
    );
    // Left's compound wall is t on [0,1], 1 on [1,3], 4 - t on [3,4]: the top of its best
    // stretch is 3, where only +-4 is still wide.
    assert!(out.contains("ambient temperature 3"), "{out}");
    let out = run_ok(&mut s, "bestmove({4|-4} + {3|-3}, \"right\")");
    assert!(out.contains("component 1 (+-4): to -4"), "{out}");
    let out = run_ok(&mut s, "bestmove(regio(\"..\") + 1)");
    assert!(
        out.contains("component 1 (+-2): a1 to 2") || out.contains("b1 to 2"),
        "{out}"
    );
    let out = crate::common::run_text(&mut s, "bestmove(1, \"up\")");
    assert!(out.contains("expected \"left\" or \"right\""), "{out}");
}

/// Parses `text` as a game.
fn value(s: &mut Session, text: &str) -> GameId {
    run_ok(s, &format!("scratch = {text}"));
    match s.variable("scratch") {
        Some(Value::Game(g)) => *g,
        _ => panic!("{text} is no game"),
    }
}

/// Thermostrat (WW ch. 6) on sums whose thermographs are worked out by hand.
///
/// `{10|0} + {6|-6}`: walls `LW = 10 - t, RW = t` (to 5) and `6 - t, t - 6` (to 6). Left's
/// compound wall `ΣRW + max width` is `(2t - 6) + (12 - 2t) = 6` on [0,5], then `11 - t`: the
/// ambient temperature is 5, where `{10|0}` has width 0 and `+-6` width 2.
///
/// `{0|-1} + {3/8|-1} + {1/4|0||-3/4|-3}` (temperatures 1/2, 11/16, 7/8): the compound wall is
/// -11/8 on [0, 11/16] and `-11/16 - t` above, so the ambient temperature is 11/16; there only
/// the third component is wide (width `(1/8 - t) + 3/4 = 3/16`), and Left moves it to
/// `{1/4|0}`, after which the sum's right stop is -1 (the move to 3/8 would leave -11/8).
#[test]
fn thermostrat_plays_where_the_compound_thermograph_says() {
    let mut s = Session::new();
    let cases: [(&[&str], &str, usize, &str); 2] = [
        (&["{10|0}", "{6|-6}"], "5", 1, "6"),
        (
            &["{0|-1}", "{3/8|-1}", "{1/4|0||-3/4|-3}"],
            "11/16",
            2,
            "{1/4|0}",
        ),
    ];
    for (parts, ambient, component, option) in cases {
        let comps: Vec<GameId> = parts.iter().map(|p| value(&mut s, p)).collect();
        let a = &mut s.arena;
        let t = sum_play::ambient_temperature(a, &comps, Player::Left);
        assert_eq!(t.to_string(), ambient, "{parts:?}");
        let moves = sum_play::moves_of(a, &comps, Player::Left);
        let i = sum_play::pick(a, &comps, &moves, Player::Left, Strategy::Thermostrat).unwrap();
        assert_eq!(moves[i].component, component, "{parts:?}");
        assert_eq!(a.display(moves[i].option), option, "{parts:?}");
    }
}

/// Thermostrat is symmetric: Right in `-G1 + ... + -Gn` plays the mirror of Left's move in
/// `G1 + ... + Gn`, at the same ambient temperature.
#[test]
fn thermostrat_for_right_mirrors_left() {
    let (mut a, mut pool, mut rng) = crate::common::setup(9_117);
    for _ in 0..iterations(500) {
        let comps = random_sum(&mut a, &mut pool, &mut rng);
        let negs: Vec<GameId> = comps.iter().map(|&g| a.neg(g)).collect();
        let left = sum_play::moves_of(&mut a, &comps, Player::Left);
        let right = sum_play::moves_of(&mut a, &negs, Player::Right);
        assert_eq!(
            sum_play::ambient_temperature(&mut a, &comps, Player::Left),
            sum_play::ambient_temperature(&mut a, &negs, Player::Right),
            "{comps:?}"
        );
        let l = sum_play::pick(&mut a, &comps, &left, Player::Left, Strategy::Thermostrat);
        let r = sum_play::pick(&mut a, &negs, &right, Player::Right, Strategy::Thermostrat);
        match (l, r) {
            (None, None) => {}
            (Some(l), Some(r)) => {
                assert_eq!(left[l].component, right[r].component, "{comps:?}");
                let mirrored = a.neg(left[l].option);
                assert_eq!(mirrored, right[r].option, "{comps:?}");
            }
            other => panic!("{other:?} on {comps:?}"),
        }
    }
}

/// The move optimal picks in a `bestmove` report (`optimal  component k (...): MOVE to ...`).
fn optimal_move(out: &str) -> String {
    let line = out
        .lines()
        .find(|l| l.starts_with("optimal"))
        .unwrap_or_else(|| panic!("no optimal line in:\n{out}"));
    let after = line.split("): ").nth(1).unwrap_or("");
    after.split(" to ").next().unwrap_or("").to_string()
}

/// Issue 26: a pawn structure with several chunks is the sum of its chunks. Sveda-Sika (thesis
/// 7.1.1, `^ + vv* = v*`): White's only winning move is h3-h4 (to `^ + v = 0`), Black's
/// a6-a5 (to `* + vv* = vv`); the race `8/7p/8/8/8/8/P7/8` is won by a2-a4 and h7-h5 (each
/// pawn then needs one move fewer than the other). The brute-force judge of the whole board
/// (no chunks; en passant off, as in chess, or local to a chunk's files) confirms that each
/// is the only winning move, so optimal must pick it.
#[test]
fn bestmove_plays_pawn_chunks_as_a_sum() {
    let mut s = Session::new();
    let cases = [
        (
            "8/1p5p/p7/8/8/7P/PP6/8",
            "h3-h4",
            "a6-a5",
            [0, 0, 1, 1, 1, 1, 1, 1],
        ),
        (
            "8/7p/8/8/8/8/P7/8",
            "a2-a4",
            "h7-h5",
            [0, 1, 1, 1, 1, 1, 1, 1],
        ),
    ];
    for (fen, white, black, groups) in cases {
        for ep in [
            EnPassant::Off,
            EnPassant::Chess,
            EnPassant::Local(groups.to_vec()),
        ] {
            let mut judge = PawnJudge::new(8, 8, ep);
            assert_eq!(judge.winning_moves(fen, true), [white], "{fen}");
            assert_eq!(judge.winning_moves(fen, false), [black], "{fen}");
        }
        let left = run_ok(&mut s, &format!("bestmove(pawns(\"{fen}\"))"));
        assert_eq!(optimal_move(&left), white, "{left}");
        let right = run_ok(&mut s, &format!("bestmove(pawns(\"{fen}\"), \"right\")"));
        assert_eq!(optimal_move(&right), black, "{right}");
        // Every line says who wins the whole position after its move.
        for line in left.lines().skip(1).chain(right.lines().skip(1)) {
            assert!(
                line.ends_with("Left wins")
                    || line.ends_with("Right wins")
                    || line.contains("no pick"),
                "{line}"
            );
        }
    }
    let out = run_ok(&mut s, "bestmove(pawns(\"8/1p5p/p7/8/8/7P/PP6/8\"))");
    assert!(out.starts_with("Left to move in ^ + vv*\n"), "{out}");
    // h3-h4 takes the kingside chunk vv* = {v|0,*} to v: incentive v - vv* = ^*, and the
    // whole position to ^ + v = 0 with Right to move.
    assert!(
        out.contains(
            "optimal          component 2 (vv*: White h3, Black h7): h3-h4 to v; incentive ^*, temperature 0 -> 0; leaves 0, Right to move: Left wins"
        ),
        "{out}"
    );
    // Where the mover cannot win, optimal says so: vv* alone is a Right win.
    let out = run_ok(&mut s, "bestmove(pawns(\"8/7p/8/8/8/7P/8/8\"))");
    assert!(out.contains("(every move loses)"), "{out}");
}

/// Random pawn structures of several chunks (races between chunks included): optimal's move
/// wins the whole board whenever some move does, by the brute-force judge.
#[test]
fn bestmove_wins_random_pawn_structures_whenever_possible() {
    let mut rng = Rng::xorshift64(7_919);
    let mut s = Session::new();
    let mut won = 0;
    for _ in 0..iterations(120) {
        let fen = random_structure(&mut rng);
        let mut judge = PawnJudge::new(8, 8, EnPassant::Off);
        for (white, side) in [(true, "left"), (false, "right")] {
            let moves = judge.moves(&fen, white);
            if moves.is_empty() {
                continue;
            }
            let out = run_ok(&mut s, &format!("bestmove(pawns(\"{fen}\"), \"{side}\")"));
            let picked = optimal_move(&out);
            let wins = moves
                .iter()
                .find(|(m, _)| *m == picked)
                .unwrap_or_else(|| panic!("{fen}: optimal picked {picked}:\n{out}"))
                .1;
            if moves.iter().any(|(_, w)| *w) {
                won += 1;
                assert!(wins, "{fen}: optimal's {picked} loses:\n{out}");
            } else {
                assert!(out.contains("(every move loses)"), "{fen}:\n{out}");
            }
        }
    }
    assert!(won > 50, "only {won} won positions");
}

/// Elkies' three-row pawn game on the whole board (rules of `elkies`, seed-notes.md): every
/// file of the word is an initial file (White pawn on row 1, Black on row 3), `1` stopped.
/// Pawns step forward onto an empty square or capture diagonally forward; a pawn that reaches
/// the far row of an unstopped file wins, on a stopped file it stays; without a move a player
/// loses. Returns each move of `white` (named `d1-d2`, `c1xd2`) and whether the mover wins.
fn elkies_moves(word: &str, white: bool) -> Vec<(String, bool)> {
    type Board = Vec<[i8; 3]>;
    fn moves(b: &Board, stops: &[bool], white: bool) -> Vec<(String, Option<Board>)> {
        let (me, row0, dir): (i8, usize, isize) = if white { (1, 0, 1) } else { (-1, 2, -1) };
        let mut out = Vec::new();
        for f in 0..b.len() {
            for r in 0..3 {
                let to = r as isize + dir;
                if b[f][r] != me || !(0..3).contains(&to) {
                    continue;
                }
                let to = to as usize;
                let far = to == 2 - row0;
                for (g, capture) in [(f, false), (f.wrapping_sub(1), true), (f + 1, true)] {
                    if g >= b.len() || b[g][to] != if capture { -me } else { 0 } {
                        continue;
                    }
                    let name = format!(
                        "{}{}{}{}{}",
                        (b'a' + f as u8) as char,
                        r + 1,
                        if capture { 'x' } else { '-' },
                        (b'a' + g as u8) as char,
                        to + 1
                    );
                    if far && !stops[g] {
                        out.push((name, None));
                        continue;
                    }
                    let mut next = b.clone();
                    next[f][r] = 0;
                    next[g][to] = me;
                    out.push((name, Some(next)));
                }
            }
        }
        out
    }
    fn wins(
        b: &Board,
        stops: &[bool],
        white: bool,
        memo: &mut HashMap<(Board, bool), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(b.clone(), white)) {
            return w;
        }
        let w = moves(b, stops, white)
            .into_iter()
            .any(|(_, next)| match next {
                None => true,
                Some(n) => !wins(&n, stops, !white, memo),
            });
        memo.insert((b.clone(), white), w);
        w
    }
    let stops: Vec<bool> = word.chars().map(|c| c == '1').collect();
    let board: Board = stops.iter().map(|_| [1, 0, -1]).collect();
    let mut memo = HashMap::new();
    moves(&board, &stops, white)
        .into_iter()
        .map(|(name, next)| {
            let w = next.is_none_or(|n| !wins(&n, &stops, !white, &mut memo));
            (name, w)
        })
        .collect()
}

/// Issue 26: `bestmove(elkies("1000"))` said "Left has no move", because every move of the
/// position leads to a threat game (its value `*2` is reached only through reversible
/// moves). It is a sum of one component, `*2`, and optimal plays in the threat algebra: by the
/// brute force d1-d2 is White's only winning move and d3-d2 Black's, and optimal must pick
/// them. On every single-component word up to 6 files its move wins whenever some move
/// does, and it says so when none does.
#[test]
fn bestmove_plays_elkies_positions() {
    assert_eq!(
        elkies_moves("1000", true)
            .into_iter()
            .filter(|m| m.1)
            .map(|m| m.0)
            .collect::<Vec<_>>(),
        ["d1-d2"]
    );
    assert_eq!(
        elkies_moves("1000", false)
            .into_iter()
            .filter(|m| m.1)
            .map(|m| m.0)
            .collect::<Vec<_>>(),
        ["d3-d2"]
    );
    let mut s = Session::new();
    let out = run_ok(&mut s, "bestmove(elkies(\"1000\"))");
    assert!(out.starts_with("Left to move in *2\n"), "{out}");
    assert!(!out.contains("has no move"), "{out}");
    assert_eq!(optimal_move(&out), "d1-d2", "{out}");
    assert!(out.contains("Right to move: Left wins"), "{out}");
    assert_eq!(
        out.matches("no pick: every move leads to a threat game")
            .count(),
        3,
        "{out}"
    );
    let out = run_ok(&mut s, "bestmove(elkies(\"1000\"), \"right\")");
    assert_eq!(optimal_move(&out), "d3-d2", "{out}");
    let mut words = vec![String::new()];
    let mut checked = 0;
    for _ in 0..6 {
        words = words
            .iter()
            .flat_map(|w| {
                let mut next = vec![format!("{w}0")];
                if !w.ends_with('1') {
                    next.push(format!("{w}1"));
                }
                next
            })
            .collect();
        for w in &words {
            for (white, side) in [(true, "left"), (false, "right")] {
                let moves = elkies_moves(w, white);
                if moves.is_empty() {
                    continue;
                }
                let out = run_ok(&mut s, &format!("bestmove(elkies(\"{w}\"), \"{side}\")"));
                let picked = optimal_move(&out);
                let wins = moves
                    .iter()
                    .find(|(m, _)| *m == picked)
                    .unwrap_or_else(|| panic!("{w}: optimal picked {picked}:\n{out}"))
                    .1;
                if moves.iter().any(|m| m.1) {
                    assert!(wins, "{w} {side}: {picked} loses:\n{out}");
                } else {
                    assert!(out.contains("(every move loses)"), "{w}:\n{out}");
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 60, "{checked}");
}
