//! Property tests of the game algebra over random canonical games, checked against theorems of
//! combinatorial game theory (Siegel, *Combinatorial Game Theory*, AMS 2013, ch. II; Conway,
//! *On Numbers and Games* (ONAG); Berlekamp–Conway–Guy, *Winning Ways* (WW)), plus known values
//! derived by hand.
//!
//! Random games come from [`crate::common::GamePool`]: built bottom-up with `Arena::game` from small
//! values, birthdays up to 5. Run with `--release` for the full 10,000+ cases per law.

use std::collections::HashMap;

use crate::common::{Rng, game_of, iterations, setup};
use cgcalc::game::{Arena, Dyadic, GameId, Relation};
use cgcalc::lang::Session;

const N: usize = 10_000;

// ---------------------------------------------------------------------------------------------
// An independent, naive solver: plays a *formal* sum of game trees (no canonical forms, no
// arena arithmetic) by brute force. Only `left_options`/`right_options` of the components are
// used. A component `(g, false)` is `g`, `(g, true)` is `-g`, whose Left options are the
// negatives of g's Right options.
// ---------------------------------------------------------------------------------------------

#[derive(Default)]
struct Naive {
    memo: HashMap<(Vec<(GameId, bool)>, bool), bool>,
}

impl Naive {
    /// Does the player to move (`left_moves`) win the formal sum `comps` moving first?
    fn wins_first(&mut self, a: &mut Arena, comps: &[(GameId, bool)], left_moves: bool) -> bool {
        let mut key: Vec<(GameId, bool)> = comps.to_vec();
        key.sort_unstable();
        if let Some(&w) = self.memo.get(&(key.clone(), left_moves)) {
            return w;
        }
        let mut win = false;
        'outer: for i in 0..key.len() {
            let (g, negated) = key[i];
            // Left moves a positive component to a Left option, a negated one to a Right option.
            let opts = if left_moves != negated {
                a.left_options(g)
            } else {
                a.right_options(g)
            };
            for o in opts {
                let mut next = key.clone();
                next[i] = (o, negated);
                if !self.wins_first(a, &next, !left_moves) {
                    win = true;
                    break 'outer;
                }
            }
        }
        self.memo.insert((key, left_moves), win);
        win
    }

    /// Forgets the memo once it is large (it only speeds the search up).
    fn trim(&mut self) {
        if self.memo.len() > 4_000_000 {
            self.memo.clear();
        }
    }

    fn wins_left_first(&mut self, a: &mut Arena, g: GameId) -> bool {
        self.wins_first(a, &[(g, false)], true)
    }

    fn wins_right_first(&mut self, a: &mut Arena, g: GameId) -> bool {
        self.wins_first(a, &[(g, false)], false)
    }

    /// `G <= H` iff Left wins `H - G` moving second (ONAG ch. 1; Siegel, CGT, §II.1).
    fn leq(&mut self, a: &mut Arena, g: GameId, h: GameId) -> bool {
        !self.wins_first(a, &[(h, false), (g, true)], false)
    }

    /// Is the formal sum `pos - neg` equal to 0 (a second-player win)?
    fn is_zero(&mut self, a: &mut Arena, pos: &[GameId], neg: &[GameId]) -> bool {
        let comps: Vec<(GameId, bool)> = pos
            .iter()
            .map(|&g| (g, false))
            .chain(neg.iter().map(|&g| (g, true)))
            .collect();
        !self.wins_first(a, &comps, true) && !self.wins_first(a, &comps, false)
    }
}

/// Stops by their definition on the canonical tree (WW ch. 3; Siegel, §II.5): a number is
/// its own stop; otherwise LS(G) = max RS(G^L), RS(G) = min LS(G^R).
fn naive_stops(
    a: &mut Arena,
    g: GameId,
    memo: &mut HashMap<GameId, (Dyadic, Dyadic)>,
) -> (Dyadic, Dyadic) {
    if let Some(&s) = memo.get(&g) {
        return s;
    }
    let s = if let Some(x) = a.as_number(g) {
        (x, x)
    } else {
        let ls = a
            .left_options(g)
            .into_iter()
            .map(|o| naive_stops(a, o, memo).1)
            .max()
            .expect("a non-number has Left options");
        let rs = a
            .right_options(g)
            .into_iter()
            .map(|o| naive_stops(a, o, memo).0)
            .min()
            .expect("a non-number has Right options");
        (ls, rs)
    };
    memo.insert(g, s);
    s
}

// ---------------------------------------------------------------------------------------------
// Group laws (short games modulo equality form an abelian group: ONAG ch. 1; Siegel, §II.1).
// ---------------------------------------------------------------------------------------------

#[test]
fn inverse_g_plus_minus_g_is_zero() {
    let (mut a, mut pool, mut rng) = setup(1);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let ng = a.neg(g);
        assert_eq!(a.add(g, ng), a.zero(), "G + -G for G = {}", a.display(g));
        assert_eq!(a.sub(g, g), a.zero());
    }
}

#[test]
fn commutativity() {
    let (mut a, mut pool, mut rng) = setup(2);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        assert_eq!(a.add(g, h), a.add(h, g));
    }
}

#[test]
fn associativity() {
    let (mut a, mut pool, mut rng) = setup(3);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let k = pool.any(&mut rng);
        let gh = a.add(g, h);
        let hk = a.add(h, k);
        assert_eq!(
            a.add(gh, k),
            a.add(g, hk),
            "(G+H)+K vs G+(H+K) for {}, {}, {}",
            a.display(g),
            a.display(h),
            a.display(k)
        );
    }
}

#[test]
fn zero_is_identity_and_negation_is_an_involution() {
    let (mut a, mut pool, mut rng) = setup(4);
    let zero = a.zero();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        assert_eq!(a.add(g, zero), g);
        assert_eq!(a.add(zero, g), g);
        let ng = a.neg(g);
        assert_eq!(a.neg(ng), g);
        // -G is canonical with the negated options swapped (ONAG ch. 1).
        let mut l: Vec<GameId> = a.right_options(g).into_iter().map(|x| a.neg(x)).collect();
        let mut r: Vec<GameId> = a.left_options(g).into_iter().map(|x| a.neg(x)).collect();
        let (mut nl, mut nr) = (a.left_options(ng), a.right_options(ng));
        for v in [&mut l, &mut r, &mut nl, &mut nr] {
            v.sort_unstable();
        }
        assert_eq!((l, r), (nl, nr));
    }
}

// ---------------------------------------------------------------------------------------------
// Order laws: <= is a partial order compatible with +, and G <= H iff H - G >= 0
// (Siegel, §II.1 and the definition of the order on the group of games).
// ---------------------------------------------------------------------------------------------

#[test]
fn leq_agrees_with_difference_sign() {
    let (mut a, mut pool, mut rng) = setup(5);
    let zero = a.zero();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let d = a.sub(h, g);
        assert_eq!(a.leq(g, h), a.leq(zero, d), "G <= H iff H - G >= 0");
        // relation() is consistent with leq().
        let expect = match (a.leq(g, h), a.leq(h, g)) {
            (true, true) => Relation::Equal,
            (true, false) => Relation::Less,
            (false, true) => Relation::Greater,
            (false, false) => Relation::Confused,
        };
        assert_eq!(a.relation(g, h), expect);
    }
}

#[test]
fn antisymmetry_equal_values_have_equal_ids() {
    // Canonical forms are unique (Siegel, CGT, §II.2), so G <= H <= G iff the ids agree.
    let (mut a, mut pool, mut rng) = setup(6);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        // Pick H close to G often, so that equal values actually occur.
        let h = if rng.chance(1, 3) {
            let x = pool.any(&mut rng);
            let gx = a.add(g, x);
            a.sub(gx, x)
        } else {
            pool.any(&mut rng)
        };
        assert_eq!(a.leq(g, h) && a.leq(h, g), g == h);
    }
}

#[test]
fn transitivity() {
    let (mut a, mut pool, mut rng) = setup(7);
    let mut chains = 0;
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let k = pool.any(&mut rng);
        // Arrange some triples as chains so the premise holds often.
        let mut t = [g, h, k];
        t.sort_by(|&x, &y| {
            if a.lt(x, y) {
                std::cmp::Ordering::Less
            } else if a.lt(y, x) {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        });
        for [x, y, z] in [[g, h, k], t] {
            if a.leq(x, y) && a.leq(y, z) {
                chains += 1;
                assert!(a.leq(x, z), "transitivity");
            }
        }
    }
    assert!(chains > iterations(N) / 10, "too few chains: {chains}");
}

#[test]
fn order_is_compatible_with_addition() {
    let (mut a, mut pool, mut rng) = setup(8);
    let mut premises = 0;
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let k = pool.any(&mut rng);
        let (gk, hk) = (a.add(g, k), a.add(h, k));
        // G <= H iff G + K <= H + K (the order is translation invariant).
        assert_eq!(a.leq(g, h), a.leq(gk, hk));
        if a.leq(g, h) {
            premises += 1;
        }
    }
    assert!(premises > 0);
}

#[test]
fn comparisons_agree_with_brute_force_play() {
    // G <= H iff Left wins H - G moving second; checked on the formal difference of the two
    // canonical trees with the naive solver (no arena arithmetic involved).
    let (mut a, mut pool, mut rng) = setup(9);
    let mut naive = Naive::default();
    for i in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = if i % 4 == 0 { g } else { pool.any(&mut rng) };
        check_leq(&mut a, &mut naive, g, h);
    }
}

/// Asserts the arena's `G <= H` against the naive solver's (whose memo is cleared when large).
fn check_leq(a: &mut Arena, naive: &mut Naive, g: GameId, h: GameId) {
    assert_eq!(
        a.leq(g, h),
        naive.leq(a, g, h),
        "G <= H for G = {}, H = {}",
        a.display(g),
        a.display(h)
    );
    naive.trim();
}

#[test]
fn stop_sides_and_comparisons_with_numbers_agree_with_brute_force_play() {
    // The arena keeps, for every game, whether G <= LS(G) and whether G >= RS(G), and decides
    // comparisons with numbers from them. Both against the naive solver, for numbers at the
    // stops and a quarter either side.
    let (mut a, mut pool, mut rng) = setup(16);
    let mut naive = Naive::default();
    let quarter = Dyadic::new(1, 2);
    let mut seen = [[0usize; 2]; 2];
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let (ls, rs) = (a.left_stop(g), a.right_stop(g));
        let sides = a.stop_sides(g);
        let (at_ls, at_rs) = (a.number(ls), a.number(rs));
        let shown = a.display(g);
        assert_eq!(
            sides.leq_left_stop,
            naive.leq(&mut a, g, at_ls),
            "G <= LS(G) for G = {shown}"
        );
        assert_eq!(
            sides.geq_right_stop,
            naive.leq(&mut a, at_rs, g),
            "G >= RS(G) for G = {shown}"
        );
        seen[0][sides.leq_left_stop as usize] += 1;
        seen[1][sides.geq_right_stop as usize] += 1;
        for x in [ls, rs, ls + quarter, rs - quarter] {
            let x = a.number(x);
            check_leq(&mut a, &mut naive, g, x);
            check_leq(&mut a, &mut naive, x, g);
        }
    }
    // both answers of both questions occurred
    assert!(
        seen.iter().flatten().all(|&n| n > iterations(N) / 50),
        "{seen:?}"
    );
}

#[test]
fn comparisons_with_tied_stops_agree_with_brute_force_play() {
    // Pairs whose stops tie (LS(G) = RS(H), LS(G) = LS(H) or RS(G) = RS(H)) are the ones
    // the arena may decide from how each game sits against its stops; check them all.
    let (mut a, mut pool, mut rng) = setup(17);
    let mut naive = Naive::default();
    let mut tied = 0;
    while tied < iterations(N) {
        let (g, h) = (pool.fresh(&mut a, &mut rng), pool.any(&mut rng));
        let (gl, gr) = (a.left_stop(g), a.right_stop(g));
        let (hl, hr) = (a.left_stop(h), a.right_stop(h));
        if gl != hr && gl != hl && gr != hr {
            continue;
        }
        tied += 1;
        check_leq(&mut a, &mut naive, g, h);
        check_leq(&mut a, &mut naive, h, g);
    }
}

#[test]
fn sums_agree_with_brute_force_play() {
    // G + H - (G+H) is a second-player win iff the computed sum is right; played on the formal
    // sum of three canonical trees.
    let (mut a, mut pool, mut rng) = setup(10);
    let mut naive = Naive::default();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let s = a.add(g, h);
        assert!(
            naive.is_zero(&mut a, &[g, h], &[s]),
            "{} + {} computed as {}",
            a.display(g),
            a.display(h),
            a.display(s)
        );
        naive.trim();
    }
}

// ---------------------------------------------------------------------------------------------
// Canonical forms.
// ---------------------------------------------------------------------------------------------

#[test]
fn canonical_form_is_a_fixed_point_and_unique() {
    // Siegel, CGT, §II.2: the canonical form is unique, so rebuilding G from its own options,
    // or from option lists with extra dominated / reversible options, gives the same id.
    let (mut a, mut pool, mut rng) = setup(11);
    let one = a.integer(1);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let (l, r) = (a.left_options(g), a.right_options(g));
        assert_eq!(a.game(l.clone(), r.clone()), g, "rebuild {}", a.display(g));

        // Dominated options (Siegel, §II.2): G^L - 1 < G^L and G^R + 1 > G^R.
        if let Some(&gl) = l.first() {
            let worse = a.sub(gl, one);
            let mut l2 = l.clone();
            l2.push(worse);
            assert_eq!(a.game(l2, r.clone()), g, "dominated Left option");
        }
        if let Some(&gr) = r.first() {
            let worse = a.add(gr, one);
            let mut r2 = r.clone();
            r2.push(worse);
            assert_eq!(a.game(l.clone(), r2), g, "dominated Right option");
        }

        // Reversible options: A = {Y | G} has A^R = G <= G, so as a Left option of G it reverses
        // through G and is replaced by G's own Left options (Siegel, §II.2). Dually
        // B = {G | Y} as a Right option.
        let y = pool.any(&mut rng);
        let a_opt = a.game(vec![y], vec![g]);
        let mut l3 = l.clone();
        l3.push(a_opt);
        assert_eq!(a.game(l3, r.clone()), g, "reversible Left option {{Y|G}}");
        let b_opt = a.game(vec![g], vec![y]);
        let mut r3 = r.clone();
        r3.push(b_opt);
        assert_eq!(a.game(l.clone(), r3), g, "reversible Right option {{G|Y}}");

        // Gift horse principle (Siegel, §II.2; WW ch. 3): if A <| G then {A, G^L | G^R} = G,
        // and if B |> G then {G^L | G^R, B} = G.
        let x = pool.any(&mut rng);
        if !a.leq(g, x) {
            let mut l4 = l.clone();
            l4.push(x);
            assert_eq!(a.game(l4, r.clone()), g, "gift horse (Left)");
        }
        if !a.leq(x, g) {
            let mut r4 = r.clone();
            r4.push(x);
            assert_eq!(a.game(l.clone(), r4), g, "gift horse (Right)");
        }
    }
}

#[test]
fn canonical_forms_have_no_dominated_or_reversible_options() {
    // The definition of canonical form (Siegel, Def II.2.7).
    let (mut a, mut pool, mut rng) = setup(12);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let (l, r) = (a.left_options(g), a.right_options(g));
        for (i, &x) in l.iter().enumerate() {
            for (j, &y) in l.iter().enumerate() {
                assert!(
                    i == j || !a.leq(x, y),
                    "dominated Left option in {}",
                    a.display(g)
                );
            }
            for xr in a.right_options(x) {
                assert!(!a.leq(xr, g), "reversible Left option in {}", a.display(g));
            }
        }
        for (i, &x) in r.iter().enumerate() {
            for (j, &y) in r.iter().enumerate() {
                assert!(
                    i == j || !a.leq(y, x),
                    "dominated Right option in {}",
                    a.display(g)
                );
            }
            for xl in a.left_options(x) {
                assert!(!a.leq(g, xl), "reversible Right option in {}", a.display(g));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Outcomes and stops.
// ---------------------------------------------------------------------------------------------

#[test]
fn outcome_agrees_with_brute_force_play() {
    // Fundamental theorem (ONAG ch. 1; Siegel, §II.1): G > 0 iff Left wins whoever moves
    // first, G < 0 iff Right does, G = 0 iff the second player wins, G <> 0 iff the first does.
    let (mut a, mut pool, mut rng) = setup(13);
    let mut naive = Naive::default();
    let zero = a.zero();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let lf = naive.wins_left_first(&mut a, g);
        let rf = naive.wins_right_first(&mut a, g);
        let expect = match (lf, rf) {
            (true, false) => Relation::Greater,
            (false, true) => Relation::Less,
            (false, false) => Relation::Equal,
            (true, true) => Relation::Confused,
        };
        assert_eq!(a.relation(g, zero), expect, "outcome of {}", a.display(g));
    }
}

#[test]
fn stops_match_definition_and_left_stop_is_at_least_right_stop() {
    // LS(G) >= RS(G) for every short game (Siegel, §II.5; WW ch. 3).
    let (mut a, mut pool, mut rng) = setup(14);
    let mut memo = HashMap::new();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let s = a.add(g, h);
        for x in [g, s] {
            let (ls, rs) = naive_stops(&mut a, x, &mut memo);
            assert_eq!(
                (a.left_stop(x), a.right_stop(x)),
                (ls, rs),
                "stops of {}",
                a.display(x)
            );
            assert!(ls >= rs, "LS < RS for {}", a.display(x));
        }
    }
}

#[test]
fn numbers_are_recognised() {
    // A game is a number iff its canonical form is {x^L | x^R} of numbers with the simplest
    // number in between; conversely a non-number canonical game has LS >= RS... and a number's
    // stops are itself. Here: G is a number iff every follower of the canonical form's options are
    // numbers with all Left options < all Right options (Siegel, §II.3: a canonical game
    // with number options, L < R, is a number).
    let (mut a, mut pool, mut rng) = setup(15);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let (l, r) = (a.left_options(g), a.right_options(g));
        let all_numbers = l.iter().chain(r.iter()).all(|&x| a.is_number(x));
        let max_l = l.iter().filter_map(|&x| a.as_number(x)).max();
        let min_r = r.iter().filter_map(|&x| a.as_number(x)).min();
        let separated = match (max_l, min_r) {
            (Some(x), Some(y)) => x < y,
            _ => true,
        };
        assert_eq!(a.is_number(g), all_numbers && separated, "{}", a.display(g));
        if let Some(x) = a.as_number(g) {
            assert_eq!((a.left_stop(g), a.right_stop(g)), (x, x));
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Ordinal sum, Norton product, constructors.
// ---------------------------------------------------------------------------------------------

#[test]
fn ordinal_sum_laws() {
    let (mut a, mut pool, mut rng) = setup(16);
    let zero = a.zero();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let k = pool.any(&mut rng);
        // G : 0 = G and 0 : H = H follow from the definition
        // G:H = {G^L, G:H^L | G^R, G:H^R} by induction on H (WW ch. 2; Siegel, ch. II).
        assert_eq!(a.ordinal_sum(g, zero), g);
        assert_eq!(a.ordinal_sum(zero, h), h);
        // Symmetry of the definition: -(G:H) = (-G):(-H) (on the canonical form of G).
        let gh = a.ordinal_sum(g, h);
        let (ng, nh) = (a.neg(g), a.neg(h));
        assert_eq!(a.neg(gh), a.ordinal_sum(ng, nh));
        // Colon principle (WW ch. 7; Siegel, ch. II): H <= K implies G:H <= G:K, so G:H
        // depends only on the value of H; in particular sign(G:H - G) = sign(H).
        let gk = a.ordinal_sum(g, k);
        if a.leq(h, k) {
            assert!(a.leq(gh, gk), "colon principle");
        }
        assert_eq!(
            a.relation(gh, g),
            a.relation(h, zero),
            "G:H vs G has the sign of H"
        );
    }
}

#[test]
fn norton_product_laws() {
    // Norton multiplication by U > 0 (Siegel, ch. II; WW ch. 8): n.U is n copies of U, and
    // x -> x.U is additive and order preserving on numbers; x.1 = x.
    let mut a = Arena::new();
    let mut rng = Rng::xorshift64(17);
    let up = a.up_multiple(1, 0);
    let one = a.integer(1);
    let half = a.number(Dyadic::new(1, 1));
    let us = [up, one, half, a.up_multiple(2, 1)];
    for _ in 0..iterations(2_000) {
        let x = Dyadic::new(rng.below(33) as i64 - 16, rng.below(4) as u32);
        let y = Dyadic::new(rng.below(33) as i64 - 16, rng.below(4) as u32);
        let (gx, gy) = (a.number(x), a.number(y));
        let gxy = a.number(x + y);
        let u = *rng.pick(&us);
        assert_eq!(a.norton(gx, one), gx, "x.1 = x");
        let (xu, yu, xyu) = (a.norton(gx, u), a.norton(gy, u), a.norton(gxy, u));
        assert_eq!(a.add(xu, yu), xyu, "(x+y).U = x.U + y.U");
        assert_eq!(
            a.relation(xu, yu),
            a.relation(gx, gy),
            "x.U vs y.U like x vs y"
        );
    }
    for n in -5i64..=5 {
        let gn = a.integer(n);
        for &u in &us {
            let mut sum = a.zero();
            for _ in 0..n.unsigned_abs() {
                sum = if n > 0 { a.add(sum, u) } else { a.sub(sum, u) };
            }
            assert_eq!(a.norton(gn, u), sum, "{n}.U");
        }
    }
}

#[test]
fn switch_tiny_miny_definitions() {
    let (mut a, mut pool, mut rng) = setup(18);
    let zero = a.zero();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let ng = a.neg(g);
        // +-G = {G | -G}; it is its own negative.
        let s = a.switch(g);
        assert_eq!(s, a.game(vec![g], vec![ng]));
        assert_eq!(a.neg(s), s);
        // Tiny(G) = {0 || 0 | -G}, Miny(G) = -Tiny(G) = {G | 0 || 0}.
        let inner = a.game(vec![zero], vec![ng]);
        let t = a.tiny(g);
        assert_eq!(t, a.game(vec![zero], vec![inner]));
        assert_eq!(a.miny(g), a.neg(t));
    }
    // Tiny(G) for G >= 0... a positive infinitesimal: 0 < Tiny(x) < ^ for numbers x > 0
    // (WW ch. 5: tinies are smaller than every positive multiple of up).
    let up = a.up_multiple(1, 0);
    for n in 1..20 {
        let x = a.integer(n);
        let t = a.tiny(x);
        assert_eq!(a.relation(t, zero), Relation::Greater);
        assert_eq!(a.relation(t, up), Relation::Less);
    }
}

// ---------------------------------------------------------------------------------------------
// Known values, each derived by hand.
// ---------------------------------------------------------------------------------------------

struct Known {
    a: Arena,
}

impl Known {
    fn g(&mut self, l: &[GameId], r: &[GameId]) -> GameId {
        self.a.game(l.to_vec(), r.to_vec())
    }
    fn n(&mut self, num: i64, exp: u32) -> GameId {
        self.a.number(Dyadic::new(num, exp))
    }
    fn show(&mut self, g: GameId) -> String {
        self.a.display(g)
    }
}

#[test]
fn known_values() {
    let mut k = Known { a: Arena::new() };
    let zero = k.a.zero();
    let one = k.a.integer(1);
    let m1 = k.a.integer(-1);
    let star = k.a.nimber(1);
    let up = k.a.up_multiple(1, 0);

    // {0|1} = 1/2: the simplest number between 0 and 1 (simplicity theorem, ONAG ch. 2).
    let half = k.g(&[zero], &[one]);
    assert_eq!(half, k.n(1, 1));
    assert_eq!(k.show(half), "1/2");
    // {0|1,2} = 1/2: Right's option 2 is dominated by 1.
    let two = k.a.integer(2);
    assert_eq!(k.g(&[zero], &[one, two]), half);
    // {|} = 0, {0|} = 1, {|0} = -1, {0|0} = * (ONAG ch. 0).
    assert_eq!(k.g(&[], &[]), zero);
    assert_eq!(k.g(&[zero], &[]), one);
    assert_eq!(k.g(&[], &[zero]), m1);
    assert_eq!(k.g(&[zero], &[zero]), star);
    // {0|*} = ^ by definition of up (WW ch. 3).
    assert_eq!(k.g(&[zero], &[star]), up);
    assert_eq!(k.show(up), "^");
    // ^ + ^ = ^^ = {0 | ^*} (WW ch. 3).
    let upup = k.a.add(up, up);
    assert_eq!(upup, k.a.up_multiple(2, 0));
    let upstar = k.a.up_multiple(1, 1);
    assert_eq!(k.g(&[zero], &[upstar]), upup);
    assert_eq!(k.show(upup), "^^");
    // * + * = 0 (every impartial game is its own negative).
    assert_eq!(k.a.add(star, star), zero);
    // {1|-1} is its own negative, so {1|-1} + {1|-1} = 0.
    let pm1 = k.g(&[one], &[m1]);
    assert_eq!(k.a.add(pm1, pm1), zero);
    assert_eq!(k.show(pm1), "+-1");
    // ^ + v* = *.
    let downstar = k.a.up_multiple(-1, 1);
    assert_eq!(k.a.add(up, downstar), star);
    // {0,*|0} = ^* (WW ch. 3: ^* = {0,*|0}).
    assert_eq!(k.g(&[zero, star], &[zero]), upstar);
    assert_eq!(k.show(upstar), "^*");
    // ^^* = {0 | ^} (WW ch. 3).
    let upupstar = k.a.up_multiple(2, 1);
    assert_eq!(k.g(&[zero], &[up]), upupstar);
    // *2 + *3 = *1 (nim addition: 2 xor 3 = 1); *4 + *7 = *3.
    let (s2, s3, s4, s7) = (k.a.nimber(2), k.a.nimber(3), k.a.nimber(4), k.a.nimber(7));
    assert_eq!(k.a.add(s2, s3), star);
    assert_eq!(k.a.add(s4, s7), s3);
    // *2 = {0, * | 0, *} (ONAG ch. 11).
    assert_eq!(k.g(&[zero, star], &[zero, star]), s2);
    // Norton product (1/2).^: incentives of ^ = {0|*} are v and ^*, so the shifts U + I are
    // 0 and ^^*; (1/2).^ = {0.^ + {0, ^^*} | 1.^ - {0, ^^*}} = {0, ^^* | ^, v*} = {^^* | v*}
    // after deleting dominated options (0 < ^^*, v* < ^); nothing reverses (checked by hand:
    // ^ is not <= G and 0 is not >= G). WW ch. 8 lists the same value.
    let nh = k.a.norton(half, up);
    let dstar = k.a.up_multiple(-1, 1);
    assert_eq!(nh, k.g(&[upupstar], &[dstar]));
    assert_eq!(k.show(nh), "{^^*|v*}");
    // Norton multiplication is additive: (1/2).^ + (1/2).^ = 1.^ = ^.
    assert_eq!(k.a.add(nh, nh), up);
    // +-1 +-2 +-3 +-4: Left's best move is ±4 -> 4, giving +-(4 +-3 +-2 +-1) whose Left option
    // H = {4+3 ±2±1 | 4-3 ±2±1} = {{10|8}|{6|4}} ||| {{4|2}|{0|-2}} (hand-computed with
    // ±2±1 = ±{3|1}); the equality is also confirmed by brute-force play below.
    let sw: Vec<GameId> = (1..=4)
        .map(|n| {
            let x = k.a.integer(n);
            k.a.switch(x)
        })
        .collect();
    let total = k.a.sum_all(&sw);
    assert_eq!(k.show(total), "+-{10|8||6|4|||4|2||0|-2}");
    let mut naive = Naive::default();
    assert!(naive.is_zero(&mut k.a, &sw, &[total]));
    // Birthdays (ONAG ch. 16): 0 on day 0; 1, *, on day 1; ^, *2, 1/2, +-1, ^*, 2 on day 2;
    // ^^ and 3/4 on day 3; 5/2 = {2|3} on day 4.
    let three_q = k.n(3, 2);
    let five_h = k.n(5, 1);
    for (g, b) in [
        (zero, 0),
        (one, 1),
        (star, 1),
        (up, 2),
        (s2, 2),
        (half, 2),
        (pm1, 2),
        (upstar, 2),
        (two, 2),
        (upup, 3),
        (three_q, 3),
        (five_h, 4),
    ] {
        assert_eq!(k.a.birthday(g), b, "birthday of {}", k.show(g));
    }
    // Tiny(2) = {0||0|-2}, printed Tiny(2); {0|v*} = ^<2> (up-second: WW ch. 9).
    let m2 = k.a.integer(-2);
    let inner = k.g(&[zero], &[m2]);
    let tiny2 = k.g(&[zero], &[inner]);
    assert_eq!(tiny2, k.a.tiny(two));
    assert_eq!(k.show(tiny2), "Tiny(2)");
    let up2 = k.g(&[zero], &[dstar]);
    assert_eq!(k.show(up2), "^<2>");
    assert_eq!(up2, k.a.up_nth(2));
    // 0 < ^<2> < ^ (WW ch. 9: ^<2> is infinitesimal compared with ^).
    assert_eq!(k.a.relation(up2, zero), Relation::Greater);
    assert_eq!(k.a.relation(up2, up), Relation::Less);
}

#[test]
fn there_are_22_games_born_by_day_2() {
    // ONAG ch. 16 / Siegel, ch. II: 1, 4, 22 games are born by days 0, 1, 2.
    let mut a = Arena::new();
    let day0 = vec![a.zero()];
    let build = |a: &mut Arena, prev: &[GameId]| -> Vec<GameId> {
        let n = prev.len();
        let mut out = Vec::new();
        for lm in 0..(1u32 << n) {
            for rm in 0..(1u32 << n) {
                let l = (0..n)
                    .filter(|i| lm >> i & 1 == 1)
                    .map(|i| prev[i])
                    .collect();
                let r = (0..n)
                    .filter(|i| rm >> i & 1 == 1)
                    .map(|i| prev[i])
                    .collect();
                out.push(a.game(l, r));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    };
    let day1 = build(&mut a, &day0);
    assert_eq!(day1.len(), 4);
    let day2 = build(&mut a, &day1);
    assert_eq!(day2.len(), 22);
    for g in day2 {
        assert!(a.birthday(g) <= 2);
    }
}

#[test]
fn generator_reaches_birthdays_four_and_five() {
    let (mut a, mut pool, mut rng) = setup(19);
    let mut by_birthday = [0usize; 8];
    let mut distinct = std::collections::HashSet::new();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        distinct.insert(g);
        by_birthday[(a.birthday(g) as usize).min(7)] += 1;
    }
    eprintln!(
        "birthdays of generated games: {by_birthday:?}; distinct: {}",
        distinct.len()
    );
    assert!(
        by_birthday[4] + by_birthday[5] > iterations(N) / 4,
        "{by_birthday:?}"
    );
    assert!(distinct.len() > iterations(N) / 4);
}

#[test]
fn up_to_the_n_is_increasing_and_below_double_up() {
    // ^[n] = ^ + ^<2> + ... + ^<n> with every ^<k> > 0 infinitesimal with respect to ^
    // (WW ch. 9; Siegel, II.4), so ^ < ^[2] < ^[3] < ... < ^^; and ^[n] = {^[n-1] | *}.
    let mut a = Arena::new();
    let up = a.up_multiple(1, 0);
    let upup = a.up_multiple(2, 0);
    let star = a.nimber(1);
    let mut prev = up;
    for n in 2..=12 {
        let u = a.up_to(n);
        assert_eq!(u, a.game(vec![prev], vec![star]));
        assert_eq!(a.relation(prev, u), Relation::Less, "^[{}] < ^[{n}]", n - 1);
        assert_eq!(a.relation(u, upup), Relation::Less, "^[{n}] < ^^");
        assert_eq!(a.birthday(u), n as u64 + 1);
        prev = u;
    }
}

/// Regression test for a fixed bug (src/game/display.rs `Arena::up_nth`): `^<n>` is built as `{0 | v<n-1>*}`, but the
/// up-nth is `^<n> = {0 | v[n-1]*}` (WW ch. 9: ^<3> = {0 | v v<2> *}; Siegel, CGT II.4:
/// `↑^(n+1) = {0 | ↓^(→n) *}`). With the wrong recursion `{0 | v<2>*}` collapses to `^`
/// (its Right option `{^ | *, v<2>}` reverses through `^`), so `^<3> = ^`, `^<4> = ^<2>`, ...
/// Reproducer: `cgcalc -e '^<3>'` prints `^` (expected `^<3>` = `{0|v[2]*}`).
#[test]
fn up_nth_values() {
    let mut a = Arena::new();
    let zero = a.zero();
    let star = a.nimber(1);
    let mut sum = a.up_multiple(1, 0); // ^[1] = ^
    let mut prev = a.up_multiple(1, 0); // ^<1> = ^
    for n in 2..=8u32 {
        // ^<n> = {0 | -^[n-1] + *}.
        let neg = a.neg(sum);
        let right = a.add(neg, star);
        let expected = a.game(vec![zero], vec![right]);
        let got = a.up_nth(n);
        assert_eq!(a.display(got), a.display(expected), "^<{n}>");
        assert_eq!(got, expected, "^<{n}>");
        // 0 < ^<n> < ^<n-1>, birthday n + 1, and ^[n] = ^[n-1] + ^<n>.
        assert_eq!(a.relation(zero, got), Relation::Less);
        assert_eq!(a.relation(got, prev), Relation::Less);
        assert_eq!(a.birthday(got), n as u64 + 1);
        sum = a.add(sum, got);
        assert_eq!(a.up_to(n), sum, "^[{n}] = ^ + ^<2> + ... + ^<{n}>");
        prev = got;
    }
}

/// Regression test for a fixed bug (src/game/arena.rs `impl Neg for Nus`): `-self.ups` wraps for `ups == i64::MIN` in
/// release builds (and panics with "attempt to negate with overflow" in debug builds, which the
/// evaluator reports as an internal error). Reproducer:
/// `cgcalc -e 'x = v9223372036854775807 + v; -x'` prints `v9223372036854775808` (the value
/// itself) instead of `^9223372036854775808` or an overflow error. The printed text also does
/// not read back (`down count ... is too large`), and `x` compares as confused with 0
/// (`relation(x, 0)` is `Confused`; expected `Less`) because the sign test negates too.
#[test]
fn negating_the_most_negative_up_multiple() {
    let outcome = std::panic::catch_unwind(|| {
        let mut a = Arena::new();
        let x = a.up_multiple(i64::MIN, 0);
        let nx = a.neg(x);
        (a.relation(x, a.zero()), nx == x)
    });
    // Either an overflow interrupt, or a correct (different, positive) negative.
    if let Ok((rel, same)) = outcome {
        assert_eq!(rel, Relation::Less);
        assert!(!same, "-x == x for x = v9223372036854775808");
    }
}

/// The ordinal sum by its definition, `G : H = {G^L, G:H^L | G^R, G:H^R}` on the canonical
/// forms, recursing here rather than in the arena (whose sum of two numbers is a closed form).
fn ordinal_sum_by_definition(a: &mut Arena, g: GameId, h: GameId) -> GameId {
    let mut left = a.left_options(g);
    let mut right = a.right_options(g);
    for x in a.left_options(h) {
        left.push(ordinal_sum_by_definition(a, g, x));
    }
    for x in a.right_options(h) {
        right.push(ordinal_sum_by_definition(a, g, x));
    }
    a.game(left, right)
}

/// The numbers born by day `days`: the integers up to `days` in size and, for each exponent
/// k >= 1, the odd multiples of 2^-k whose birthday floor(|x|) + k + 1 is at most `days`.
fn numbers_born_by(days: i64) -> Vec<Dyadic> {
    let mut xs: Vec<Dyadic> = (-days..=days).map(Dyadic::from_int).collect();
    for k in 1..days as u32 {
        let whole = days - i64::from(k) - 1;
        for m in (-(whole + 1) << k)..((whole + 1) << k) {
            if m % 2 != 0 {
                xs.push(Dyadic::new(m, k));
            }
        }
    }
    xs
}

#[test]
fn ordinal_sums_of_numbers_follow_the_definition() {
    // Every pair of numbers born by day 5 (the closed form concatenates sign expansions).
    let mut a = Arena::new();
    let xs = numbers_born_by(5);
    assert_eq!(xs.len(), 63, "2^6 - 1 numbers are born by day 5");
    for &x in &xs {
        for &y in &xs {
            let (g, h) = (a.number(x), a.number(y));
            let want = ordinal_sum_by_definition(&mut a, g, h);
            assert_eq!(a.ordinal_sum(g, h), want, "{x} : {y}");
        }
    }
    // Integers n : m with n >= 0 and m >= 0 are n + m (WW ch. 2: blue Hackenbush strings).
    let (n, m) = (
        a.number(Dyadic::from_int(1)),
        a.number(Dyadic::from_int(10_000_000)),
    );
    assert_eq!(a.ordinal_sum(n, m), a.number(Dyadic::from_int(10_000_001)));
}

/// The `UptimalExpansion` rows of CGSuite's `CanonicalShortGameTestCase.scala`
/// (shared/checks/data/cgsuite_short_games.tsv).
#[test]
fn cgsuite_expansions() {
    let rows = [
        ("0", "0.0"),
        ("5", "5.0"),
        ("-1823437481924", "-1823437481924.0"),
        ("-1/2", "-1/2.0"),
        ("25/16", "25/16.0"),
        ("*8", "*8.0"),
        ("9/8+*", "9/8*.0"),
        ("^", "0.1"),
        ("v*", "*.1-"),
        ("6+^*", "6*.1"),
        ("^*6", "*6.1"),
        ("73/16+v9*8", "73/16*8.9-"),
        ("{0|*||*|||*||||*}", "0.1111"),
        ("{0||0|v*}", "*.12"),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            "0.0202",
        ),
    ];
    let mut s = Session::new();
    for (src, want) in rows {
        let g = game_of(&mut s, src);
        let a = &mut s.arena;
        let e = a.uptimal_expansion(g).expect(src);
        assert_eq!(e.to_cgsuite_string(), want, "{src}");
        assert_eq!(a.from_uptimal_expansion(&e), g, "{src}");
    }
    for src in [
        "{0||0|vvv}",
        "{^^^|vv}",
        "{0||0|-3/2}",
        "{1|^^||^}",
        "{3||2+*|1+*}",
    ] {
        let g = game_of(&mut s, src);
        assert!(s.arena.uptimal_expansion(g).is_none(), "{src}");
    }
}
