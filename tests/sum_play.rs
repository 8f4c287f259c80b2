//! Sum play (Mäser, thesis 4.2.3 and 8.4.5): the strategies' choices on sums of canonical
//! values, checked against the definitions and against a full evaluation of the sum.

mod common;

use cgcalc::game::{Arena, GameId, Relation};
use cgcalc::lang::session::Session;
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
        3,
        "{out}"
    );
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
