//! Property tests of the analysis layer (thermographs, mean and temperature, cooling and
//! heating, reduced canonical forms), checked against theorems of combinatorial game theory
//! (Siegel, *Combinatorial Game Theory*, AMS 2013, II.5 and II.6; Berlekamp–Conway–Guy,
//! *Winning Ways* (WW) ch. 6; Grossman & Siegel, "Reductions of partizan games"), plus the known
//! values of the analysis issue, evaluated through a [`Session`] and compared as printed text.
//!
//! Random games come from [`crate::common::GamePool`] (birthdays up to 5). Every law runs on 4,000 random
//! games (or pairs) in `--release`, a tenth of that in debug builds.
//!
//! Conventions (CGSuite's, also this crate's): the thermograph is defined on `t >= -1`; an
//! integer is a mast from `t = -1`, a number `m/2^k` (odd `m`, `k >= 1`) has temperature
//! `-1/2^k`; `G_t` is `{G^L_t - t | G^R_t + t}` except above the temperature of `G`, where it is
//! the mean (Siegel's definition of cooling, which numbers obey too: `cool(1/4, -1/4) = 1/4*`).

use crate::common::{GamePool, Rng, assert_outputs, game_of, iterations, run_ok, setup};
use cgcalc::analysis::powers::PowError;
use cgcalc::analysis::{Analysis, AnalysisCaches};
use cgcalc::game::{Arena, Dyadic, GameId};
use cgcalc::lang::Session;
use cgcalc::lang::parse_expr;

/// Random games (or pairs of games) per law in release builds.
const N: usize = 4_000;

/// The memoised analysis functions on `a` with the memo tables `c`.
fn an<'a>(a: &'a mut Arena, c: &'a mut AnalysisCaches) -> Analysis<'a> {
    Analysis::new(a, c)
}

fn d(num: i64, exp: u32) -> Dyadic {
    Dyadic::new(num, exp)
}

/// Non-negative temperatures used for cooling and heating: 0, 1/8, 1/4, 1/2, 3/4, 1, 3/2, 2, 3.
fn temperatures() -> Vec<Dyadic> {
    vec![
        Dyadic::ZERO,
        d(1, 3),
        d(1, 2),
        d(1, 1),
        d(3, 2),
        Dyadic::ONE,
        d(3, 1),
        d(2, 0),
        d(3, 0),
    ]
}

/// Subzero temperatures in `(-1, 0)`: -7/8, -3/4, -1/2, -1/4, -1/8, -1/16.
fn subzero_temperatures() -> Vec<Dyadic> {
    vec![d(-7, 3), d(-3, 2), d(-1, 1), d(-1, 2), d(-1, 3), d(-1, 4)]
}

// ---------------------------------------------------------------------------------------------
// Mean and temperature of sums.
// ---------------------------------------------------------------------------------------------

/// The mean is additive (WW ch. 6, "the mean value theorem"; Siegel, CGT, §II.5: `m(G + H)
/// = m(G) + m(H)`), and `m(-G) = -m(G)`. Holds for all short games, numbers included.
#[test]
fn mean_is_additive() {
    let (mut a, mut pool, mut rng) = setup(101);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let gh = a.add(g, h);
        let (mg, mh, mgh) = (a.mean(g), a.mean(h), a.mean(gh));
        assert_eq!(
            mgh,
            mg + mh,
            "mean(G+H) for G = {}, H = {}",
            a.display(g),
            a.display(h)
        );
        let ng = a.neg(g);
        assert_eq!(a.mean(ng), -mg, "mean(-G) for G = {}", a.display(g));
    }
}

/// `t(G + H) <= max(t(G), t(H))` (Siegel, CGT, II.5: the thermograph of a sum lies within the
/// thermographs' "sum", so the walls of `G + H` meet no later than the later of the two).
///
/// The statement in the literature is for `t >= 0`, i.e. about cooled sums of games that are
/// not numbers; with the subzero convention for numbers (`m/2^k` has temperature `-1/2^k`) it
/// still holds: a sum of numbers has a denominator at most the larger one, and adding a number
/// `x` to a non-number `H` only translates `H`'s thermograph, so `t(x + H) = t(H)`. So the law
/// is checked on all pairs, then once more on pairs of non-numbers only (the textbook case).
#[test]
fn temperature_of_a_sum_is_at_most_the_larger_temperature() {
    let (mut a, mut pool, mut rng) = setup(102);
    let check = |a: &mut Arena, g: GameId, h: GameId| {
        let gh = a.add(g, h);
        let (tg, th, tgh) = (a.temperature(g), a.temperature(h), a.temperature(gh));
        assert!(
            tgh <= tg.max(th),
            "temp(G+H) = {tgh} > max({tg}, {th}) for G = {}, H = {}",
            a.display(g),
            a.display(h)
        );
        // A number added to a game only translates its thermograph.
        if let Some(x) = a.as_number(h)
            && !a.is_number(g)
        {
            assert_eq!(tgh, tg, "temp(G + {x}) for G = {}", a.display(g));
            assert_eq!(a.mean(gh), a.mean(g) + x);
        }
    };
    // All pairs, numbers included.
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        check(&mut a, g, h);
    }
    // The textbook case: pairs of non-numbers (temperatures >= 0).
    let mut pairs = 0;
    while pairs < iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        if a.is_number(g) || a.is_number(h) {
            continue;
        }
        check(&mut a, g, h);
        pairs += 1;
    }
}

/// Numbers have negative temperature (`m/2^k`: `-1/2^k`; integers `-1`), non-numbers a
/// temperature `>= 0` (Siegel, CGT, II.5: `G` is a number iff `t(G) < 0`).
#[test]
fn temperature_is_negative_exactly_for_numbers() {
    let (mut a, mut pool, mut rng) = setup(103);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let t = a.temperature(g);
        assert!(t >= Dyadic::MINUS_ONE);
        match a.as_number(g) {
            Some(x) => {
                let expected = if x.is_integer() {
                    Dyadic::MINUS_ONE
                } else {
                    d(-1, x.den_exp())
                };
                assert_eq!(t, expected, "temp({x})");
                assert_eq!(a.mean(g), x);
            }
            None => assert!(t >= Dyadic::ZERO, "temp({}) = {t}", a.display(g)),
        }
    }
}

/// The mean value theorem (WW ch. 6; Siegel, CGT, II.5): the stops of `n·G` stay within the
/// temperature of `n·m(G)`: `n·m(G) - t(G) <= RS(n·G) <= LS(n·G) <= n·m(G) + t(G)`, for
/// non-numbers `G` (temperature `>= 0`) and `n = 1..5`.
#[test]
fn mean_value_theorem() {
    let (mut a, mut pool, mut rng) = setup(113);
    let mut checked = 0;
    while checked < iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        if a.is_number(g) {
            continue;
        }
        checked += 1;
        let (m, t) = (a.mean(g), a.temperature(g));
        for n in 1..=5 {
            let ng = a.multiple(n, g);
            let (ls, rs) = (a.left_stop(ng), a.right_stop(ng));
            let nm = m.mul_int(n);
            assert!(
                nm - t <= rs && ls <= nm + t,
                "stops of {n}.G are {ls}, {rs}; mean {m}, temperature {t}, G = {}",
                a.display(g)
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Cooling and heating.
// ---------------------------------------------------------------------------------------------

/// Heating by `t > 0` then cooling by `t` gives `G` back: `(∫^t G)_t = G` (WW ch. 6; Siegel,
/// CGT, II.5). Heating raises the temperature of a non-number to at least `t`, so cooling by `t`
/// never reaches the "above the temperature" clause and undoes each `± t` exactly; numbers are
/// fixed by both operators.
#[test]
fn heating_then_cooling_is_the_identity() {
    let (mut a, mut pool, mut rng) = setup(104);
    let mut c = AnalysisCaches::default();
    let ts: Vec<Dyadic> = temperatures()
        .into_iter()
        .filter(|t| *t > Dyadic::ZERO)
        .collect();
    for i in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let t = ts[i % ts.len()];
        let tg = a.number(t);
        let heated = an(&mut a, &mut c).heat(g, tg);
        let back = an(&mut a, &mut c).cool(heated, t);
        assert_eq!(
            back,
            g,
            "cool(heat(G, {t}), {t}) = {} for G = {} (heated: {})",
            a.display(back),
            a.display(g),
            a.display(heated)
        );
    }
}

/// Cooling then heating is *not* the identity: `G = {2*|-1}` cools by 1 to `{1|0}` (the star
/// is lost: `2*` cooled by 1 is the number 1, as 1 exceeds its temperature 0), which heats back
/// to `{2|-1}`, not `G`.
#[test]
fn cooling_then_heating_is_not_the_identity() {
    let mut s = Session::new();
    assert_eq!(run_ok(&mut s, "cool({2*|-1}, 1)"), "{1|0}");
    assert_eq!(run_ok(&mut s, "heat(cool({2*|-1}, 1), 1)"), "{2|-1}");
    assert_eq!(
        run_ok(&mut s, "heat(cool({2*|-1}, 1), 1) == {2*|-1}"),
        "false"
    );
    // ... while heating then cooling the same game does give it back.
    assert_eq!(run_ok(&mut s, "cool(heat({2*|-1}, 1), 1)"), "{2*|-1}");
}

/// Cooling is a homomorphism: `(G + H)_t = G_t + H_t` (Siegel, CGT, §II.5; WW ch. 6).
///
/// With Siegel's definition (cool by the recursion up to the temperature, the mean above it)
/// this holds for every `t >= 0` whether `t` is below, between or above the two temperatures:
/// above `t(G)`, `G_t` is the number `m(G)`, and `G + H` then cools like `m(G) + H`. It is
/// checked below for the non-negative temperatures, then for subzero `t` in `(-1, 0)` as well,
/// where only numbers (temperatures `-1/2^k`) and their sums are affected.
#[test]
fn cooling_is_additive() {
    assert_cooling_additive(105, &temperatures());
}

#[test]
fn cooling_is_additive_at_subzero_temperatures() {
    assert_cooling_additive(106, &subzero_temperatures());
}

/// `cool(G + H, t) == cool(G, t) + cool(H, t)` over random pairs, cycling through `ts`.
fn assert_cooling_additive(seed: u64, ts: &[Dyadic]) {
    let (mut a, mut pool, mut rng) = setup(seed);
    let mut c = AnalysisCaches::default();
    for i in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let h = pool.any(&mut rng);
        let t = ts[i % ts.len()];
        let gh = a.add(g, h);
        let lhs = an(&mut a, &mut c).cool(gh, t);
        let (cg, ch) = (an(&mut a, &mut c).cool(g, t), an(&mut a, &mut c).cool(h, t));
        let rhs = a.add(cg, ch);
        assert_eq!(
            lhs,
            rhs,
            "cool(G+H, {t}) = {} but cool(G,t) + cool(H,t) = {} for G = {}, H = {}",
            a.display(lhs),
            a.display(rhs),
            a.display(g),
            a.display(h)
        );
    }
}

/// Cooling by 0 is the identity on games of temperature `>= 0`, and cooling composes:
/// `(G_s)_t = G_{s+t}` for `s, t >= 0` (Siegel, CGT, II.5).
#[test]
fn cooling_by_zero_and_composition() {
    let (mut a, mut pool, mut rng) = setup(107);
    let mut c = AnalysisCaches::default();
    let ts = temperatures();
    for i in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        if !a.is_number(g) {
            assert_eq!(
                an(&mut a, &mut c).cool(g, Dyadic::ZERO),
                g,
                "cool({}, 0)",
                a.display(g)
            );
        }
        let s = ts[i % ts.len()];
        let t = ts[(i / ts.len()) % ts.len()];
        let gs = an(&mut a, &mut c).cool(g, s);
        let gst = an(&mut a, &mut c).cool(gs, t);
        let direct = an(&mut a, &mut c).cool(g, s + t);
        assert_eq!(
            gst,
            direct,
            "cool(cool(G, {s}), {t}) = {} but cool(G, {}) = {} for G = {}",
            a.display(gst),
            s + t,
            a.display(direct),
            a.display(g)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Freezing and chilling.
// ---------------------------------------------------------------------------------------------

/// `freeze(G) = G_{t(G)}` for non-numbers. At its own temperature a
/// game is infinitesimally close to its mean (that is where the walls meet), so both stops of
/// `freeze(G)` are `m(G)`.
#[test]
fn freeze_is_cooling_by_the_temperature() {
    let (mut a, mut pool, mut rng) = setup(108);
    let mut c = AnalysisCaches::default();
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        if a.is_number(g) {
            // `Arena::freeze` cools a non-integer number by its (negative) temperature, which
            // gives `x*`; the language's `freeze` leaves numbers unchanged (checked in
            // `hand_derived_values`). The law is stated for non-numbers only.
            continue;
        }
        let f = an(&mut a, &mut c).freeze(g);
        let t = a.temperature(g);
        assert_eq!(f, an(&mut a, &mut c).cool(g, t), "freeze({})", a.display(g));
        let m = a.mean(g);
        assert_eq!(
            (a.left_stop(f), a.right_stop(f)),
            (m, m),
            "stops of freeze({}) = {}",
            a.display(g),
            a.display(f)
        );
    }
}

/// `chill(G) = cool(G, 1)`, through the language: the printed `G` is read back inside
/// `chill(...)` and the result compared with `Arena::cool` in the same session (equal values
/// have equal ids there).
#[test]
fn chill_is_cooling_by_one() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(109);
    let mut pool = GamePool::new(&mut s.arena);
    pool.warm_up(&mut s.arena, &mut rng, 300);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut s.arena, &mut rng);
        let text = s.arena.display(g);
        let e = parse_expr(&format!("chill({text})")).expect("parses");
        let chilled = s.game(&e).expect("evaluates");
        let cooled = s.analysis().cool(g, Dyadic::ONE);
        assert_eq!(chilled, cooled, "chill({text})");
    }
}

// ---------------------------------------------------------------------------------------------
// Thermographs.
// ---------------------------------------------------------------------------------------------

/// The thermograph is, by definition, the stops of the cooled game: `LW(t) = LS(G_t)` and
/// `RW(t) = RS(G_t)` (Siegel, CGT, §II.5). `Arena::thermograph` computes the walls by the
/// scaffold recursion and `Arena::cool` by cooling the tree, so this compares two independent
/// computations, at `t = -1/2, -1/4, 0, 1/8, ..., 3`. Consequences checked as well:
/// `LW(0) = LS(G)` and `RW(0) = RS(G)` (cooling by 0 changes no stop, numbers included);
/// `LW >= RW`; above the temperature both walls are the mast; the mast is the mean;
/// `t(G) >= -1`.
#[test]
fn thermograph_walls_are_the_stops_of_the_cooled_game() {
    let (mut a, mut pool, mut rng) = setup(110);
    let mut c = AnalysisCaches::default();
    let mut ts = vec![d(-1, 1), d(-1, 2)];
    ts.extend(temperatures());
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let th = a.thermograph(g);
        let show = a.display(g);
        assert!(th.temperature >= Dyadic::MINUS_ONE);
        assert_eq!(th.mast, a.mean(g), "mast vs mean for {show}");
        assert_eq!(th.temperature, a.temperature(g));
        assert_eq!(
            th.left.eval(Dyadic::ZERO),
            a.left_stop(g),
            "LW(0) for {show}"
        );
        assert_eq!(
            th.right.eval(Dyadic::ZERO),
            a.right_stop(g),
            "RW(0) for {show}"
        );
        for &t in &ts {
            let (lw, rw) = (th.left.eval(t), th.right.eval(t));
            assert!(lw >= rw, "LW({t}) < RW({t}) for {show}");
            if t >= th.temperature {
                assert_eq!((lw, rw), (th.mast, th.mast), "walls above t(G) for {show}");
            }
            let c = an(&mut a, &mut c).cool(g, t);
            assert_eq!(
                (lw, rw),
                (a.left_stop(c), a.right_stop(c)),
                "walls at {t} vs stops of cool(G, {t}) = {} for G = {show}",
                a.display(c)
            );
        }
        // Just below the temperature the walls have not met yet (for games hotter than -1).
        if th.temperature > Dyadic::MINUS_ONE {
            let below = th.temperature - d(1, 12);
            assert!(
                th.left.eval(below) > th.right.eval(below),
                "walls already meet below t(G) = {} for {show}",
                th.temperature
            );
        }
    }
}

/// Each wall is continuous and piecewise linear from `t = -1`, with breakpoints in
/// `[-1, t(G)]` and a vertical mast (slope 0) on top. The Left wall has slopes 0 or -1 (it is
/// `max RW(G^L) - t`, and Right walls have slopes 0 or 1), the Right wall slopes 0 or 1.
#[test]
fn thermograph_walls_have_unit_slopes() {
    let (mut a, mut pool, mut rng) = setup(111);
    for _ in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let th = a.thermograph(g);
        let show = a.display(g);
        for (wall, sign) in [(&th.left, -1), (&th.right, 1)] {
            let pieces = wall.pieces();
            assert_eq!(pieces[0].start, Dyadic::MINUS_ONE, "wall of {show}");
            assert_eq!(pieces.last().unwrap().slope, 0, "mast of {show}");
            for w in pieces.windows(2) {
                assert!(w[0].start < w[1].start);
                assert!(
                    w[1].start <= th.temperature,
                    "breakpoint above t for {show}"
                );
                let end = w[0].value + (w[1].start - w[0].start).mul_int(w[0].slope);
                assert_eq!(end, w[1].value, "wall of {show} is not continuous");
            }
            for p in pieces {
                assert!(
                    p.slope == 0 || p.slope == sign,
                    "slope {} in a wall of {show}",
                    p.slope
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Reduced canonical form.
// ---------------------------------------------------------------------------------------------

/// `rcf(G)` is infinitesimally close to `G` (`LS(G - rcf G) = RS(G - rcf G) = 0`), is a fixed
/// point of `rcf`, and depends only on `G` modulo infinitesimals: `rcf(G + e) = rcf(G)` for
/// infinitesimal `e`, and `rcf(G + H) = rcf(rcf(G) + rcf(H))` (Grossman & Siegel: every game
/// has a unique reduced canonical form, and `G ≡ H (mod Inf)` iff their reduced forms are
/// equal).
#[test]
fn rcf_is_infinitesimally_close_and_idempotent() {
    let (mut a, mut pool, mut rng) = setup(112);
    let mut c = AnalysisCaches::default();
    let one = a.integer(1);
    let infinitesimals = [
        a.nimber(1),
        a.up_multiple(1, 0),
        a.up_multiple(-2, 1),
        a.tiny(one),
        a.miny(one),
        a.nimber(2),
    ];
    for i in 0..iterations(N) {
        let g = pool.fresh(&mut a, &mut rng);
        let r = an(&mut a, &mut c).rcf(g);
        let diff = a.sub(g, r);
        assert_eq!(
            (a.left_stop(diff), a.right_stop(diff)),
            (Dyadic::ZERO, Dyadic::ZERO),
            "G - rcf(G) for G = {}, rcf = {}",
            a.display(g),
            a.display(r)
        );
        assert!(an(&mut a, &mut c).geq_inf(g, r) && an(&mut a, &mut c).geq_inf(r, g));
        assert_eq!(
            an(&mut a, &mut c).rcf(r),
            r,
            "rcf(rcf(G)) for G = {}, rcf = {}",
            a.display(g),
            a.display(r)
        );
        // G + H ≡ rcf(G) + rcf(H) (mod Inf), so both sums have the same reduced form.
        let h = pool.any(&mut rng);
        let gh = a.add(g, h);
        let rh = an(&mut a, &mut c).rcf(h);
        let (rgh, rsum) = (an(&mut a, &mut c).rcf(gh), a.add(r, rh));
        let rrsum = an(&mut a, &mut c).rcf(rsum);
        assert_eq!(
            rgh,
            rrsum,
            "rcf(G+H) vs rcf(rcf G + rcf H) for G = {}, H = {}",
            a.display(g),
            a.display(h)
        );
        let e = infinitesimals[i % infinitesimals.len()];
        let ge = a.add(g, e);
        let re = an(&mut a, &mut c).rcf(ge);
        assert_eq!(
            re,
            r,
            "rcf(G + {}) = {} but rcf(G) = {} for G = {}",
            a.display(e),
            a.display(re),
            a.display(r),
            a.display(g)
        );
    }
}

// ---------------------------------------------------------------------------------------------
// Known values (the analysis issue), through the language.
// ---------------------------------------------------------------------------------------------

#[test]
fn known_values() {
    let mut s = Session::new();
    let cases = [
        ("temp({1|-1})", "1"),
        ("mean({3||2*|1*})", "9/4"),
        ("temp({3||2*|1*})", "3/4"),
        ("cool({2|-1}, 1)", "{1|0}"),
        ("cool({2|-1}, 3/2)", "1/2*"),
        ("cool({2|-1}, 2)", "1/2"),
        ("heat(*, 2)", "+-2"),
        ("heat(^, 2)", "{2||0|-4}"),
        ("overheat(7/16, 0, 0)", "^[3]"),
        ("(1/2).^", "{^^*|v*}"),
        ("aw({^3|vv})", "{1|0}"),
        ("aw({1|^^||^})", "2"),
        ("rcf({3||2*|1*})", "{3||2|1}"),
        ("rcf({{2|0},1*|*})", "{1|0}"),
    ];
    assert_outputs(&mut s, &cases);
}

/// A few more values derived by hand (derivations in the comments).
#[test]
fn hand_derived_values() {
    let mut s = Session::new();
    let cases = [
        // {3||2*|1*}: the inner {2*|1*} has walls 2 - t and 1 + t from t = 0, meeting at
        // t = 1/2, value 3/2; so RW(G) = 3/2 + t from 1/2, LW(G) = 3 - t: they meet at
        // t = 3/4, value 9/4. The Right wall bends at 0 (the stars) and at 1/2.
        (
            "thermo({3||2*|1*})",
            "Thermograph(9/4,[3/4],[0,-1],9/4,[3/4,1/2,0],[0,1,0,1])",
        ),
        ("thermo({1|-1})", "Thermograph(0,[1],[0,-1],0,[1],[0,1])"),
        // ^ = {0|*}: LW = -t up to 0; RW = LW(*) + t = 0 below 0.
        ("thermo(^)", "Thermograph(0,[0],[0,-1],0,[],[0])"),
        // 3/4 = {1/2|1}: LW = RW(1/2) - t = 1 below -1/2, 1/2 - t up to -1/4; RW = 1 + t.
        (
            "thermo(3/4)",
            "Thermograph(3/4,[-1/4,-1/2],[0,-1,0],3/4,[-1/4],[0,1])",
        ),
        ("temp(3/4)", "-1/4"),
        ("temp(5)", "-1"),
        ("temp(^*)", "0"),
        // freeze({3||2*|1*}) = G cooled by 3/4: {3 - 3/4 | {2*|1*}_{3/4} + 3/4} and the inner
        // game is above its temperature 1/2, so it is 3/2: {9/4 | 9/4} = 9/4*.
        ("freeze({3||2*|1*})", "9/4*"),
        ("freeze(3/4)", "3/4"),
        ("freeze(5)", "5"),
        ("chill({2|-1})", "{1|0}"),
        // cool(1/4, -1/4) = {0 + 1/4 | (1/2)_{-1/4} - 1/4} = {1/4 | 1/4} (1/2 is above its
        // temperature -1/2 there).
        ("cool(1/4, -1/4)", "1/4*"),
        ("mean({3|1} + {5|-1})", "4"),
        // heat(*2, 1) = {0 + 1, heat(*) + 1 | 0 - 1, heat(*) - 1} = {1, {2|0} | -1, {0|-2}}: the
        // Left options are incomparable ({2|0} - 1 = +-1) and nothing reverses.
        ("heat(*2, 1)", "+-{1,{2|0}}"),
        // The benchmark game: heating *14 by 1 then cooling by 1 gives *14 back.
        ("cool(heat(*14, 1), 1)", "*14"),
        ("temp(heat(*14, 1))", "1"),
    ];
    assert_outputs(&mut s, &cases);
}

// ---------------------------------------------------------------------------------------------
// Atomic weight.
// ---------------------------------------------------------------------------------------------

/// A random all-small game: options from a pool of all-small games, at least one per side
/// (so every follower but 0 has options on both sides). Games of birthday <= 4 join the pool.
fn all_small(a: &mut Arena, pool: &mut Vec<GameId>, rng: &mut Rng) -> GameId {
    let nl = 1 + rng.below(3);
    let nr = 1 + rng.below(3);
    let left: Vec<GameId> = (0..nl).map(|_| *rng.pick(pool)).collect();
    let right: Vec<GameId> = (0..nr).map(|_| *rng.pick(pool)).collect();
    let g = a.game(left, right);
    if a.birthday(g) <= 4 {
        pool.push(g);
    }
    g
}

/// On all-small games the atomic weight is additive, `aw(G + H) = aw(G) + aw(H)`, odd,
/// `aw(-G) = -aw(G)`, and obeys the two-ahead rule: `aw(G) >= 2` implies `G > 0`, `aw(G) <= -2`
/// implies `G < 0` (WW ch. 7-8; Siegel, CGT, II.7). Every all-small game is atomic.
#[test]
fn atomic_weight_is_additive_on_all_small_games() {
    let mut a = Arena::new();
    let mut c = AnalysisCaches::default();
    let mut rng = Rng::xorshift64(114);
    let mut pool = vec![
        a.zero(),
        a.nimber(1),
        a.nimber(2),
        a.up_multiple(1, 0),
        a.up_multiple(-1, 0),
        a.up_multiple(1, 1),
        a.up_multiple(2, 0),
    ];
    for _ in 0..300 {
        all_small(&mut a, &mut pool, &mut rng);
    }
    let (zero, two, minus_two) = (a.zero(), a.integer(2), a.integer(-2));
    let mut nonzero = 0;
    for _ in 0..iterations(N) {
        let g = all_small(&mut a, &mut pool, &mut rng);
        let h = *rng.pick(&pool);
        assert!(a.is_all_small(g));
        let gh = a.add(g, h);
        let weights = [g, h, gh].map(|x| {
            an(&mut a, &mut c)
                .atomic_weight(x)
                .unwrap_or_else(|| panic!("all-small {} is not atomic", a.display(x)))
        });
        let [wg, wh, wgh] = weights;
        let sum = a.add(wg, wh);
        assert_eq!(
            wgh,
            sum,
            "aw(G+H) = {} but aw(G) + aw(H) = {} for G = {}, H = {}",
            a.display(wgh),
            a.display(sum),
            a.display(g),
            a.display(h)
        );
        let ng = a.neg(g);
        let wng = an(&mut a, &mut c).atomic_weight(ng).expect("atomic");
        assert_eq!(wng, a.neg(wg), "aw(-G) for G = {}", a.display(g));
        if a.geq(wg, two) {
            assert!(
                a.lt(zero, g),
                "two-ahead: aw = {} but G = {} is not > 0",
                a.display(wg),
                a.display(g)
            );
        }
        if a.leq(wg, minus_two) {
            assert!(
                a.lt(g, zero),
                "two-ahead: aw = {} but G = {} is not < 0",
                a.display(wg),
                a.display(g)
            );
        }
        if wg != zero {
            nonzero += 1;
        }
    }
    assert!(
        nonzero >= iterations(N) / 2,
        "mostly non-zero weights ({nonzero})"
    );
}

// ---------------------------------------------------------------------------------------------
// CGSuite's own test rows (shared/checks/data), read in the calculator's notation.
// ---------------------------------------------------------------------------------------------

/// CGSuite's GameTest.scala rows for `Pow` and `PowTo` (shared/checks/data).
#[test]
fn cgsuite_powers() {
    let mut s = Session::new();
    let rows = [
        ("^", d(7, 2), true, "{0||0,v*|0,{0,v*|0,*}}"),
        ("^", d(3, 0), true, "^<3>"),
        ("{0||0|-2}", d(3, 0), true, "{0||0|-2,{0|-2,{0|-2}}}"),
        ("^", d(7, 2), false, "{^|*,^[2]||*,^[2]}"),
        ("^", d(3, 0), false, "^[3]"),
        ("+-1", d(3, 0), false, "{1,{1,+-1|-1}|-1}"),
        ("{0||0|-2}", d(3, 0), false, "{Tiny(2)||0|-2|||0|-2}"),
    ];
    for (base, x, is_pow, want) in rows {
        let g = game_of(&mut s, base);
        let r = if is_pow {
            s.arena.pow(g, x)
        } else {
            s.arena.powto(g, x)
        }
        .expect(base);
        let got = s.arena.display(r);
        let want_g = game_of(&mut s, want);
        assert_eq!(r, want_g, "{base} {x}: got {got}");
    }
    let pm = game_of(&mut s, "+-1");
    assert_eq!(s.arena.pow(pm, d(3, 0)), Err(PowError::Base));
    assert_eq!(run_ok(&mut s, "^<5>"), "^<5>");
}

/// The printed games, sorted.
fn texts(s: &mut Session, gs: Vec<GameId>) -> Vec<String> {
    let mut v: Vec<String> = gs.into_iter().map(|g| s.arena.display(g)).collect();
    v.sort();
    v
}

/// Rows of CGSuite's CanonicalShortGameTestCase.scala (shared/checks/data): incentives,
/// left incentives, right incentives.
#[test]
fn cgsuite_incentives() {
    // (game, incentives, left incentives, right incentives)
    type Row<'a> = (&'a str, &'a [&'a str], &'a [&'a str], &'a [&'a str]);
    let rows: [Row; 6] = [
        ("0", &[], &[], &[]),
        ("5", &["-1"], &["-1"], &[]),
        ("-1/2", &["-1/2"], &["-1/2"], &["-1/2"]),
        ("v*", &["^*"], &["^*"], &["v", "v*"]),
        (
            "*8",
            &["*10", "*11", "*12", "*13", "*14", "*15", "*8", "*9"],
            &["*10", "*11", "*12", "*13", "*14", "*15", "*8", "*9"],
            &["*10", "*11", "*12", "*13", "*14", "*15", "*8", "*9"],
        ),
        (
            "{0||0|vvv}",
            &["{^3,{^3|0}|0}"],
            &["{^3|0||0}"],
            &["{^3,{^3|0}|0}"],
        ),
    ];
    let mut s = Session::new();
    for (src, all, left, right) in rows {
        let g = game_of(&mut s, src);
        let got = s.arena.incentives(g);
        assert_eq!(texts(&mut s, got), all, "incentives({src})");
        let got = s.arena.left_incentives(g);
        assert_eq!(texts(&mut s, got), left, "linc({src})");
        let got = s.arena.right_incentives(g);
        assert_eq!(texts(&mut s, got), right, "rinc({src})");
    }
}

/// The `AtomicWeight` rows of CGSuite's CanonicalShortGameTestCase.scala
/// (shared/checks/data/cgsuite_short_games.tsv); `None`: "That game is not atomic".
#[test]
fn cgsuite_atomic_weights() {
    let rows: &[(&str, Option<&str>)] = &[
        ("0", Some("0")),
        ("5", None),
        ("-1823437481924", None),
        ("-1/2", None),
        ("25/16", None),
        ("*8", Some("0")),
        ("9/8+*", None),
        ("^", Some("1")),
        ("v*", Some("-1")),
        ("6+^*", None),
        ("^*6", Some("1")),
        ("73/16+v9*8", None),
        ("{0|*||*|||*||||*}", Some("1")),
        ("{0||0|v*}", Some("1")),
        (
            "{0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}}",
            Some("0"),
        ),
        ("{0||0|vvv}", Some("0")),
        ("{^^^|vv}", Some("{1|0}")),
        ("{0||0|-3/2}", Some("0")),
        ("{0|||0||-1|-3}", Some("0")),
        ("{5||3|1|||0||||0}", Some("0")),
        ("{1|^^||^}", Some("2")),
        ("{1|^^^||^}", None),
        ("{3||2+*|1+*}", None),
        ("{3/2+*|1/2||{0|-3},{-1+*,{-1/2|-1+*}|-5/2}}", None),
        // From the task brief (CGSuite values).
        ("{^3|vv}", Some("{1|0}")),
    ];
    let mut s = Session::new();
    for &(src, want) in rows {
        let g = game_of(&mut s, src);
        let got = s.analysis().atomic_weight(g).map(|w| s.arena.display(w));
        assert_eq!(got.as_deref(), want, "aw({src})");
    }
}
