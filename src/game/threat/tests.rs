//! Tests of threat games against hand-derived values (Siegel, CGT, ch. VI; WW ch. 11).

use super::*;
use crate::game::rng::Rng;

struct Ctx {
    a: Arena,
    t: Threats,
}

impl Ctx {
    fn new() -> Ctx {
        Ctx {
            a: Arena::new(),
            t: Threats::new(),
        }
    }
    fn int(&mut self, n: i64) -> ThreatId {
        let g = self.a.integer(n);
        self.t.short(g)
    }
    fn num(&mut self, n: i64, e: u32) -> ThreatId {
        let g = self.a.number(Dyadic::new(n, e));
        self.t.short(g)
    }
    fn star(&mut self) -> ThreatId {
        let g = self.a.nimber(1);
        self.t.short(g)
    }
    fn up(&mut self) -> ThreatId {
        let g = self.a.up_multiple(1, 0);
        self.t.short(g)
    }
    fn on(&mut self) -> ThreatId {
        self.t.on()
    }
    fn off(&mut self) -> ThreatId {
        self.t.off()
    }
    fn g(&mut self, l: Vec<ThreatId>, r: Vec<ThreatId>) -> ThreatId {
        self.t.node(&mut self.a, l, r).unwrap()
    }
    fn show(&mut self, x: ThreatId) -> String {
        self.t.display(&mut self.a, x)
    }
    fn rel(&mut self, x: ThreatId, y: ThreatId) -> Relation {
        self.t.relation(&mut self.a, x, y).unwrap()
    }
    fn leq(&mut self, x: ThreatId, y: ThreatId) -> bool {
        self.t.leq(&mut self.a, x, y).unwrap()
    }
    fn add(&mut self, x: ThreatId, y: ThreatId) -> Result<ThreatId, String> {
        self.t.add(&mut self.a, x, y)
    }
    fn neg(&mut self, x: ThreatId) -> ThreatId {
        self.t.neg(&mut self.a, x)
    }
}

#[test]
fn on_on_is_on() {
    let mut c = Ctx::new();
    let on = c.on();
    let g = c.g(vec![on], vec![on]);
    assert_eq!(g, on);
    assert_eq!(c.show(g), "on");
    let off = c.off();
    let h = c.g(vec![off], vec![off]);
    assert_eq!(h, off);
    // {on|} is on, {|off} is off.
    assert_eq!(c.g(vec![on], vec![]), on);
    assert_eq!(c.g(vec![], vec![off]), off);
}

#[test]
fn on_star_bypasses_to_one() {
    let mut c = Ctx::new();
    let (on, star) = (c.on(), c.star());
    let a = c.g(vec![on], vec![star]);
    assert_eq!(c.show(a), "{on|*}");
    // {{on|*}|}: * <= G, so {on|*} reverses through * to *'s Left option 0: G = {0|} = 1.
    let g = c.g(vec![a], vec![]);
    let one = c.int(1);
    assert_eq!(g, one);
    assert_eq!(c.show(g), "1");
}

#[test]
fn siegel_example_is_zero() {
    let mut c = Ctx::new();
    let (on, off, zero) = (c.on(), c.off(), c.int(0));
    let zero_off = c.g(vec![zero], vec![off]);
    let on_zero = c.g(vec![on], vec![zero]);
    let l = c.g(vec![on], vec![zero, zero_off]);
    let r = c.g(vec![zero, on_zero], vec![off]);
    let g = c.g(vec![l], vec![r]);
    assert_eq!(g, zero);
    assert_eq!(c.show(g), "0");
}

#[test]
fn on_star_confused_with_one() {
    // {on|*} - 1: Right moves to * - 1 and Left, after *->0, faces -1 and loses; 1 - {on|*}:
    // Right moves to 1 + off and passes until Left runs out. So neither is >=.
    let mut c = Ctx::new();
    let (on, star, one) = (c.on(), c.star(), c.int(1));
    let a = c.g(vec![on], vec![star]);
    assert_eq!(c.rel(a, one), Relation::Confused);
    // {on|*} > 0: Right's only move leaves *, which Left wins; Left moving first goes to on.
    let zero = c.int(0);
    assert_eq!(c.rel(a, zero), Relation::Greater);
    // {on|*} <> *: in {on|*} + * Right moves to * + * = 0 and Left loses; in * + {*|off} Right
    // moves to * + off and passes until Left runs out; Left moving first in {on|*} + * wins.
    assert_eq!(c.rel(a, star), Relation::Confused);
}

#[test]
fn on_and_off_are_extremes() {
    let mut c = Ctx::new();
    let (on, off) = (c.on(), c.off());
    let mut shorts = vec![c.int(0), c.int(5), c.int(-7), c.num(3, 2), c.star(), c.up()];
    let h = c.int(100);
    let mh = c.int(-100);
    let sw = c.g(vec![h], vec![mh]);
    assert_eq!(c.show(sw), "+-100");
    shorts.push(sw);
    for g in shorts {
        assert_eq!(c.rel(on, g), Relation::Greater);
        assert_eq!(c.rel(off, g), Relation::Less);
        assert_eq!(c.rel(g, on), Relation::Less);
    }
    assert_eq!(c.rel(on, off), Relation::Greater);
}

#[test]
fn sums_with_on_and_off() {
    let mut c = Ctx::new();
    let (on, off, five) = (c.on(), c.off(), c.int(5));
    assert_eq!(c.add(on, five).unwrap(), on);
    assert_eq!(c.add(off, five).unwrap(), off);
    let dud = c.add(on, off).unwrap();
    assert_eq!(dud, c.t.dud());
    assert_eq!(c.show(dud), "dud");
    assert!(!c.t.is_stopper(dud));
    assert_eq!(c.neg(on), off);
    assert_eq!(c.neg(off), on);
    // dud = on & off compares side by side: on > 5 > off, so dud is confused with 5.
    assert_eq!(c.rel(dud, five), Relation::Confused);
    // The threat algebra leaves sided values to the loopy sum: dud + G = dud.
    assert!(c.add(dud, five).is_err());
    assert_eq!(c.t.sum(&mut c.a, dud, five).unwrap(), dud);
    assert_eq!(c.t.sum(&mut c.a, dud, dud).unwrap(), dud);
    // A sum holding both on and off (other than on + off) is an error.
    let star = c.star();
    let a = c.g(vec![on], vec![star]);
    let e = c.add(a, off).unwrap_err();
    assert!(e.contains("both on and off"), "{e}");
    let b = c.neg(a);
    assert!(c.add(a, b).is_err());
    // on absorbs a stopper without off.
    assert_eq!(c.add(on, a).unwrap(), on);
}

#[test]
fn threat_sums_recursively() {
    let mut c = Ctx::new();
    let (on, star, one) = (c.on(), c.star(), c.int(1));
    let a = c.g(vec![on], vec![star]);
    // {on|*} + 1 = {on | 1*} (on + 1 = on; Left's move in 1 is dominated...).
    let s = c.add(a, one).unwrap();
    assert_eq!(c.show(s), "{on|1*}");
    let x = c.int(1);
    let one_star = c.add(x, star).unwrap();
    let expect = c.g(vec![on], vec![one_star]);
    assert_eq!(s, expect);
    // {on|*} + {on|*} = {on | {on|*} + *} and {on|*} + * = {on|0}. The Right option {on|0}
    // is reversible through its Left option on (on >= everything), and on has no Right
    // options, so the sum is {on|} = on: Left can always answer Right's move by moving to on.
    let a_star = c.add(a, star).unwrap();
    assert_eq!(c.show(a_star), "{on|0}");
    let d = c.add(a, a).unwrap();
    assert_eq!(d, on);
    let raw = c.t.raw(vec![on], vec![a_star]);
    assert_eq!(c.rel(raw, on), Relation::Equal);
}

#[test]
fn on_zero_and_zero_off() {
    let mut c = Ctx::new();
    let (on, off, zero, star, one) = (c.on(), c.off(), c.int(0), c.star(), c.int(1));
    let a = c.g(vec![on], vec![zero]); // {on|0}
    let b = c.g(vec![zero], vec![off]); // {0|off} = -{on|0}
    assert_eq!(c.neg(a), b);
    assert_eq!(c.show(a), "{on|0}");
    assert_eq!(c.show(b), "{0|off}");
    // {on|0} vs 0: Right moving first goes to 0 and Left is stuck; Left moving first goes to on
    // and Right is stuck. A hot game: confused with 0.
    assert_eq!(c.rel(a, zero), Relation::Confused);
    // {on|0} vs *: in {on|0} + *, if Right takes {on|0} -> 0 Left answers * -> 0; if Right takes
    // * -> 0 Left goes to on. So {on|0} >= *; Left moving first in {on|0} + * goes to on, so
    // not <=: {on|0} > *.
    assert_eq!(c.rel(a, star), Relation::Greater);
    // {on|0} vs 1: Right's move to 0 leaves Left stuck in -1; Left's move to on beats -1.
    assert_eq!(c.rel(a, one), Relation::Confused);
    // {0|off} by symmetry: confused with 0, less than *, less than 1 (1 + {on|0}: Right's only
    // useful move leaves 1, which Left wins), confused with -1.
    assert_eq!(c.rel(b, zero), Relation::Confused);
    assert_eq!(c.rel(b, star), Relation::Less);
    assert_eq!(c.rel(b, one), Relation::Less);
    let m1 = c.int(-1);
    assert_eq!(c.rel(b, m1), Relation::Confused);
    // {on|0} - {0|off} = {on|0} + {on|0}: whatever Right does, Left reaches on.
    assert_eq!(c.rel(a, b), Relation::Greater);
    // {on|off} is confused with 0 and less than {on|0} (Right answers by moving to off).
    let sw = c.g(vec![on], vec![off]);
    assert_eq!(c.show(sw), "{on|off}");
    assert_eq!(c.rel(sw, zero), Relation::Confused);
    assert_eq!(c.rel(sw, a), Relation::Less);
    // {on|0} and {on|*} are confused: in {on|0} + {*|off} Right moves to {*|off} (Left to *,
    // Right to 0); in {on|*} + {0|off} Right moves to * + {0|off} and Left loses.
    let os = c.g(vec![on], vec![star]);
    assert_eq!(c.rel(a, os), Relation::Confused);
}

#[test]
fn nested_threat_printing() {
    let mut c = Ctx::new();
    let (on, off, zero) = (c.on(), c.off(), c.int(0));
    let b = c.g(vec![zero], vec![off]);
    let g = c.g(vec![on], vec![b]);
    assert_eq!(c.show(g), "{on||0|off}");
    let h = c.neg(g);
    assert_eq!(c.show(h), "{on|0||off}");
}

#[test]
fn over_and_under() {
    let mut c = Ctx::new();
    let over = c.t.over();
    let under = c.t.under();
    let (zero, star, up) = (c.int(0), c.star(), c.up());
    assert_eq!(c.show(over), "over");
    assert_eq!(c.neg(over), under);
    // over > 0: Right's pass leaves Left the move to 0; Left moving first also moves to 0.
    assert_eq!(c.rel(over, zero), Relation::Greater);
    assert_eq!(c.rel(under, zero), Relation::Less);
    // over < 1/64 (and < 1/2^n): in over - 1/64 Right passes until Left runs out of moves; in
    // 1/64 + under Left passes until Right ends under, leaving Left a positive number.
    for e in [0u32, 3, 6, 10] {
        let x = c.num(1, e);
        assert_eq!(c.rel(over, x), Relation::Less, "over vs 1/2^{e}");
    }
    // over > *: in over + * whatever Right does, Left's last move to 0 leaves Right stuck;
    // in * + under Right plays * -> 0 and Left, with only the pass under -> under, is then
    // stuck after Right's under -> 0.
    assert_eq!(c.rel(over, star), Relation::Greater);
    // over > ^ (same kind of argument: ^ + under loses for Left after Right's ^ -> *).
    assert_eq!(c.rel(over, up), Relation::Greater);
    // over > under (over + over: Right's passes run out of Left moves only after Right is
    // stuck).
    assert_eq!(c.rel(over, under), Relation::Greater);
    let on = c.on();
    assert_eq!(c.rel(on, over), Relation::Greater);
    // 5 + over prints 5over, -1/2 + under prints -1/2under.
    let five = c.int(5);
    let fo = c.add(five, over).unwrap();
    assert_eq!(c.show(fo), "5over");
    let h = c.num(-1, 1);
    let hu = c.add(h, under).unwrap();
    assert_eq!(c.show(hu), "-1/2under");
    assert_eq!(c.neg(hu), c.t.over_shifted(Dyadic::new(1, 1)));
    // 5over > over (cyclic search: both players can pass forever in over + under) and
    // 5 < 5over < 5 + 1/64.
    assert_eq!(c.rel(fo, over), Relation::Greater);
    assert_eq!(c.rel(fo, five), Relation::Greater);
    let f2 = c.num(5 * 64 + 1, 6);
    assert_eq!(c.rel(fo, f2), Relation::Less);
    // Unsupported sums are errors.
    assert!(c.add(over, over).is_err());
    assert!(c.add(over, under).is_err());
    assert!(c.add(over, star).is_err());
    assert!(c.add(on, over).is_err());
    assert_eq!(c.add(on, under).unwrap(), on);
    let a = c.g(vec![on], vec![star]);
    assert!(c.add(a, over).is_err());
    // ... and the loopy sum computes them (WW ch. 11: over is idempotent).
    assert_eq!(c.t.sum(&mut c.a, over, over).unwrap(), over);
    // over is a stopper, dud is not; dud = on & off compares side by side: over <= on,
    // over > off.
    assert!(c.t.is_stopper(over));
    let dud = c.t.dud();
    assert_eq!(
        c.t.relation(&mut c.a, over, dud).unwrap(),
        Relation::Confused
    );
}

#[test]
fn cyclic_search_terminates() {
    let mut c = Ctx::new();
    let (on, off, zero) = (c.on(), c.off(), c.int(0));
    // off + {on|0} and similar positions loop through Right's passes in off.
    let a = c.g(vec![on], vec![zero]);
    let b = c.g(vec![on], vec![off]);
    let x = c.g(vec![a, b], vec![off, a]);
    for y in [a, b, x, on, off, zero] {
        let _ = c.rel(x, y);
        let _ = c.rel(y, x);
    }
    assert_eq!(c.rel(on, on), Relation::Equal);
    assert_eq!(c.rel(off, on), Relation::Less);
    // on - on = on + off: endless play, survival for both: on == on by search too.
    let z = c.a.zero();
    let state = c.t.state(&mut c.a, z, vec![on, off], false);
    assert!(c.t.survives(&mut c.a, state));
}

fn random_game(c: &mut Ctx, rng: &mut Rng, depth: u32, pool: &[ThreatId]) -> (ThreatId, ThreatId) {
    if depth == 0 || rng.below(3) == 0 {
        let t = pool[rng.below(pool.len())];
        return (t, t);
    }
    let side = |c: &mut Ctx, rng: &mut Rng| -> Vec<ThreatId> {
        let n = rng.below(3);
        (0..n)
            .map(|_| random_game(c, rng, depth - 1, pool).1)
            .collect()
    };
    let l = side(c, rng);
    let r = side(c, rng);
    let raw = c.t.raw(l.clone(), r.clone());
    let g = c.g(l, r);
    (raw, g)
}

#[test]
fn random_threat_games_are_consistent() {
    let mut c = Ctx::new();
    let mut pool = vec![
        c.int(0),
        c.int(1),
        c.int(-1),
        c.num(1, 1),
        c.star(),
        c.up(),
        c.on(),
        c.off(),
    ];
    let one = c.int(1);
    let m1 = c.int(-1);
    let sw = c.g(vec![one], vec![m1]);
    pool.push(sw);
    let mut rng = Rng::xorshift64(0x9e37_79b9_7f4a_7c15);
    let mut games = Vec::new();
    for _ in 0..2000 {
        let (raw, g) = random_game(&mut c, &mut rng, 4, &pool);
        // Simplification keeps the value (checked by search, not by ids).
        assert!(
            c.leq(raw, g) && c.leq(g, raw),
            "simplification changed a value"
        );
        assert!(c.leq(g, g));
        // Negation reverses the order.
        let ng = c.neg(g);
        let nraw = c.neg(raw);
        assert!(c.leq(nraw, ng) && c.leq(ng, nraw));
        // Grow the leaf pool with threat games so later games nest deeper.
        if matches!(c.t.kind(g), ThreatKind::Node(..)) && pool.len() < 80 && !pool.contains(&g) {
            pool.push(g);
        }
        games.push(g);
    }
    let mut equal_pairs = 0;
    for i in 0..games.len() {
        let (g, h) = (games[i], games[(i * 7 + 1) % games.len()]);
        let gh = c.leq(g, h);
        let hg = c.leq(h, g);
        if gh && hg {
            equal_pairs += 1;
            assert_eq!(g, h);
            let (sg, sh) = (c.show(g), c.show(h));
            assert_eq!(sg, sh);
        }
        let (ng, nh) = (c.neg(g), c.neg(h));
        assert_eq!(c.leq(nh, ng), gh, "negation reverses <=");
        let k = games[(i * 13 + 5) % games.len()];
        let hk = c.leq(h, k);
        if gh && hk {
            assert!(c.leq(g, k), "transitivity");
        }
    }
    assert!(
        equal_pairs > 10,
        "too few equal pairs to test: {equal_pairs}"
    );
    let mut distinct = games.clone();
    distinct.sort();
    distinct.dedup();
    let threats = distinct
        .iter()
        .filter(|&&g| matches!(c.t.kind(g), ThreatKind::Node(..)))
        .count();
    eprintln!(
        "random: {} distinct, {threats} threat nodes, {equal_pairs} equal pairs",
        distinct.len()
    );
    // Every pair of distinct simplest forms differs in value.
    for (i, &g) in distinct.iter().enumerate() {
        for &h in &distinct[i + 1..] {
            assert!(
                !(c.leq(g, h) && c.leq(h, g)),
                "equal values, different forms"
            );
        }
    }
    for &g in distinct.iter().rev().take(8) {
        eprintln!("  {}", c.show(g));
    }
}

/// The survival search agrees with the arena's order on short games written as raw nodes.
#[test]
fn search_agrees_with_arena_on_short_games() {
    let mut c = Ctx::new();
    let mut shorts = vec![c.int(0), c.int(1), c.int(-1), c.num(1, 1), c.star(), c.up()];
    let mut rng = Rng::xorshift64(12345);
    for _ in 0..40 {
        let l: Vec<ThreatId> = (0..rng.below(3))
            .map(|_| shorts[rng.below(shorts.len())])
            .collect();
        let r: Vec<ThreatId> = (0..rng.below(3))
            .map(|_| shorts[rng.below(shorts.len())])
            .collect();
        let g = c.g(l, r);
        shorts.push(g);
    }
    for _ in 0..300 {
        let (l, r) = (
            shorts[rng.below(shorts.len())],
            shorts[rng.below(shorts.len())],
        );
        let h = shorts[rng.below(shorts.len())];
        let raw = c.t.raw(vec![l], vec![r]);
        let canon = c.g(vec![l], vec![r]);
        let (gc, hs) = (c.t.as_short(canon).unwrap(), c.t.as_short(h).unwrap());
        assert_eq!(c.leq(raw, h), c.a.leq(gc, hs));
        assert_eq!(c.leq(h, raw), c.a.leq(hs, gc));
    }
}

/// A starting pool for random threat games: 0, 1, -1/2, *, ^, +-1, on and off.
fn leaves_and_switch(c: &mut Ctx) -> Vec<ThreatId> {
    let one = c.int(1);
    let m1 = c.int(-1);
    let sw = c.g(vec![one], vec![m1]);
    vec![
        c.int(0),
        one,
        c.num(-1, 1),
        c.star(),
        c.up(),
        sw,
        c.on(),
        c.off(),
    ]
}

/// 300 random games of depth 3 over `pool`, which grows by the first 40 distinct general
/// nodes among them, so later games nest earlier ones.
fn grown_random_games(c: &mut Ctx, rng: &mut Rng, pool: &mut Vec<ThreatId>) -> Vec<ThreatId> {
    let mut games = Vec::new();
    for _ in 0..300 {
        let (_, g) = random_game(c, rng, 3, pool);
        if matches!(c.t.kind(g), ThreatKind::Node(..)) && pool.len() < 40 && !pool.contains(&g) {
            pool.push(g);
        }
        games.push(g);
    }
    games
}

/// Sums agree with the search run on the separate components: X <= G + H iff Left survives
/// G + H - X moving second, computed once with the sum and once with G and H apart.
#[test]
fn sums_agree_with_component_search() {
    let mut c = Ctx::new();
    let mut pool = leaves_and_switch(&mut c);
    let mut rng = Rng::xorshift64(0xdead_beef_1234_5678);
    let games = grown_random_games(&mut c, &mut rng, &mut pool);
    let z = c.a.zero();
    let mut checked = 0;
    for i in 0..300 {
        let g = games[i];
        let h = games[(i * 11 + 3) % games.len()];
        let x = games[(i * 17 + 7) % games.len()];
        let Ok(s) = c.add(g, h) else {
            // Only sums holding both on and off may fail here.
            let both = (c.t.contains_on(g) && c.t.contains_off(h))
                || (c.t.contains_off(g) && c.t.contains_on(h));
            assert!(both);
            continue;
        };
        if !c.t.is_stopper(s) {
            continue;
        }
        let (nx, ng, nh, ns) = (c.neg(x), c.neg(g), c.neg(h), c.neg(s));
        for (together, apart) in [
            (vec![s, nx], vec![g, h, nx]),
            (vec![x, ns], vec![x, ng, nh]),
        ] {
            let st = c.t.state(&mut c.a, z, together, false);
            let sa = c.t.state(&mut c.a, z, apart, false);
            let a = c.t.survives(&mut c.a, st);
            let b = c.t.survives(&mut c.a, sa);
            if a != b {
                let t: Vec<String> = [g, h, x, s].iter().map(|&q| c.show(q)).collect();
                panic!("sum disagrees with its components: {t:?} {a} {b}");
            }
        }
        checked += 1;
    }
    assert!(checked > 150, "{checked}");
}

#[test]
fn big_number_shift_is_fast() {
    let mut c = Ctx::new();
    let (on, star, zero, off) = (c.on(), c.star(), c.int(0), c.off());
    let a = c.g(vec![on], vec![star]);
    let b = c.g(vec![zero], vec![off]);
    let ab = c.g(vec![a], vec![b]);
    let big = c.int(20000);
    let t = std::time::Instant::now();
    let s = c.add(ab, big).unwrap();
    eprintln!("{} in {:?}", c.show(s), t.elapsed());
    let s2 = c.add(a, big).unwrap();
    assert_eq!(c.show(s2), "{on|20000*}");
    // A sum that nests too deeply is an error, not a stack overflow; a shallower one works.
    let (h, mh) = (c.int(1400), c.int(-1400));
    let sw = c.g(vec![h], vec![mh]);
    let t = std::time::Instant::now();
    let ok = c.add(a, sw).unwrap();
    eprintln!("{{on|*}} + +-1400 = {} in {:?}", c.show(ok), t.elapsed());
    // A chain {0|{0|...{0|*}}} of 1600 levels: no number shortcut applies. (Added to `a`,
    // which holds `on` among its Left options, it would translate in one step: `ab` is
    // {on|*||0|off}, whose own options are threats, so the sum recurses into the chain.)
    let zero_g = c.a.zero();
    let mut chain = c.a.nimber(1);
    for _ in 0..1600 {
        chain = c.a.game(vec![zero_g], vec![chain]);
    }
    let deep = c.t.short(chain);
    let t = std::time::Instant::now();
    let e = c.add(ab, deep).unwrap_err();
    eprintln!("deep chain error in {:?}", t.elapsed());
    assert!(e.contains("deeper"), "{e}");
}

/// Number translation (used for threat game + number) agrees with the full recursive sum.
#[test]
fn translation_matches_full_recursion() {
    let mut c = Ctx::new();
    let mut pool = leaves_and_switch(&mut c);
    let mut rng = Rng::xorshift64(77);
    let numbers = [c.int(2), c.num(3, 1), c.num(-5, 2), c.int(-3)];
    let mut compared = 0;
    for _ in 0..400 {
        let (_, g) = random_game(&mut c, &mut rng, 3, &pool);
        if !matches!(c.t.kind(g), ThreatKind::Node(..)) {
            continue;
        }
        if pool.len() < 40 && !pool.contains(&g) {
            pool.push(g);
        }
        for &x in &numbers {
            c.t.full_sums = false;
            c.t.sum_memo.clear();
            let fast = c.add(g, x).unwrap();
            c.t.full_sums = true;
            c.t.sum_memo.clear();
            let full = c.add(g, x).unwrap();
            assert_eq!(fast, full, "translation differs");
            compared += 1;
        }
    }
    c.t.full_sums = false;
    assert!(compared > 200, "{compared}");
}

/// The shortcuts of the order (a threat carried out at once decides a comparison or a state;
/// a decisive move ends a state's expansion) agree with the plain survival search over the
/// whole reachable graph, on random threat games over a pool with nim heaps.
#[test]
fn order_shortcuts_match_the_plain_search() {
    let mut c = Ctx::new();
    let mut pool = leaves_and_switch(&mut c);
    for k in [2, 3, 5] {
        let g = c.a.nimber(k);
        pool.push(c.t.short(g));
    }
    let mut rng = Rng::xorshift64(4242);
    let games = grown_random_games(&mut c, &mut rng, &mut pool);
    let mut compared = 0;
    for i in 0..games.len() {
        let (g, h) = (games[i], games[(i * 7 + 3) % games.len()]);
        c.t.plain_order = false;
        c.t.survival.clear();
        let fast = (c.leq(g, h), c.leq(h, g));
        c.t.plain_order = true;
        c.t.survival.clear();
        let plain = (c.leq(g, h), c.leq(h, g));
        assert_eq!(fast, plain, "{} vs {}", c.show(g), c.show(h));
        compared += 1;
    }
    c.t.plain_order = false;
    assert!(compared >= 300);
}

/// Translation by a short game (G + x = G with x added to each short option, for G all of
/// whose nodes hold `on` among the Left or `off` among the Right options) agrees with the
/// full recursive sum, for numbers, nim heaps, ^ and a switch.
#[test]
fn guarded_translation_matches_full_recursion() {
    let mut c = Ctx::new();
    let mut pool = leaves_and_switch(&mut c);
    let (on, off) = (c.on(), c.off());
    let mut rng = Rng::xorshift64(99);
    let mut shorts = vec![c.int(2), c.num(-3, 1), c.up(), pool[5]];
    for k in [1, 2, 3, 6] {
        let g = c.a.nimber(k);
        shorts.push(c.t.short(g));
    }
    let mut compared = 0;
    let mut translated = 0;
    for _ in 0..300 {
        let (_, g) = random_game(&mut c, &mut rng, 2, &pool);
        let (_, h) = random_game(&mut c, &mut rng, 2, &pool);
        // A node guarded by `on` or by `off`, over random options.
        let t = if rng.below(2) == 0 {
            c.g(vec![on], vec![g, h])
        } else {
            c.g(vec![g, h], vec![off])
        };
        if matches!(c.t.kind(t), ThreatKind::Node(..)) && pool.len() < 30 && !pool.contains(&t) {
            pool.push(t);
        }
        for &x in &shorts {
            let s = c.t.as_short(x).unwrap();
            if c.t.translate_guarded(&mut c.a, t, s).is_some() {
                translated += 1;
            }
            // The full sum first: it simplifies its own options, so the translate (interned
            // as a simplest form) cannot be taken for it.
            c.t.full_sums = true;
            c.t.sum_memo.clear();
            let full = c.add(t, x).unwrap();
            c.t.full_sums = false;
            c.t.sum_memo.clear();
            let fast = c.add(t, x).unwrap();
            assert_eq!(fast, full, "{} + {}", c.show(t), c.show(x));
            compared += 1;
        }
    }
    c.t.full_sums = false;
    assert!(
        compared > 1000 && translated > 300,
        "{compared} {translated}"
    );
}
