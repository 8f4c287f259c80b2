//! Sum play (Mäser, thesis 4.2.3 and 8.4.5): the strategies' choices on sums of canonical
//! values, checked against the definitions and against a full evaluation of the sum.

mod common;

use cgcalc::game::{Arena, GameId, Relation};
use cgcalc::lang::session::Session;
use cgcalc::lang::value::Value;
use cgcalc::search::Player;
use cgcalc::search::sum_play::{self, Strategy};
use common::{GamePool, Rng, iterations, run_ok};

/// A random sum of 1 to 4 games from the pool.
fn random_sum(a: &mut Arena, pool: &mut GamePool, rng: &mut Rng) -> Vec<GameId> {
    (0..1 + rng.below(4)).map(|_| pool.fresh(a, rng)).collect()
}

/// Where one move's incentive exceeds every other's, every strategy picks it (a dominated
/// incentive is never better in any sum).
#[test]
fn a_dominating_incentive_is_picked_by_every_strategy() {
    let (mut a, mut pool, mut rng) = common::setup(8_231);
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
    let (mut a, mut pool, mut rng) = common::setup(4_407);
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
    let out = common::run_text(&mut s, "bestmove(1, \"up\")");
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
    let (mut a, mut pool, mut rng) = common::setup(9_117);
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
