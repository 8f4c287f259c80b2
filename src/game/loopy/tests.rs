use super::*;
use crate::game::rng::{Rng, random_game};

/// `on = {on|}`, `off = {|off}`, `over = {0|over}` and `dud = {dud|dud}` in a graph that
/// also holds `0` (Siegel, CGT, §VI.1; WW ch. 11).
struct Constants {
    graph: Graph,
    zero: Node,
    on: Node,
    off: Node,
    over: Node,
    dud: Node,
    upon: Node,
}

fn constants(arena: &mut Arena) -> Constants {
    let mut graph = Graph::new();
    let zero = graph.add_short(arena, arena.zero());
    let star = arena.nimber(1);
    let star = graph.add_short(arena, star);
    let on = graph.node();
    graph.set_options(on, vec![on], vec![]);
    let off = graph.node();
    graph.set_options(off, vec![], vec![off]);
    let over = graph.node();
    graph.set_options(over, vec![zero], vec![over]);
    let dud = graph.node();
    graph.set_options(dud, vec![dud], vec![dud]);
    // upon = {pass | *} (WW ch. 11)
    let upon = graph.node();
    graph.set_options(upon, vec![upon], vec![star]);
    Constants {
        graph,
        zero,
        on,
        off,
        over,
        dud,
        upon,
    }
}

/// On short games the stopper order is the order of games: `G >= H` iff Left survives
/// (here: wins) `G - H` moving second.
#[test]
fn the_order_of_short_games() {
    let mut arena = Arena::new();
    let mut rng = Rng::seeded(11);
    for _ in 0..300 {
        let g = random_game(&mut arena, &mut rng, 3);
        let h = random_game(&mut arena, &mut rng, 3);
        let mut graph = Graph::new();
        let (a, b) = (
            graph.add_short(&mut arena, g),
            graph.add_short(&mut arena, h),
        );
        let expected = arena.leq(h, g);
        assert_eq!(
            graph.survives_second(a, &graph, b),
            expected,
            "{} >= {}",
            arena.display(g),
            arena.display(h)
        );
        assert!(graph.is_stopper(a));
    }
}

/// Play on short games never draws, and its outcome is the game's: Left moving first wins
/// iff `G |> 0`, i.e. not `G <= 0`.
#[test]
fn play_on_short_games() {
    let mut arena = Arena::new();
    let mut rng = Rng::seeded(5);
    for _ in 0..200 {
        let g = random_game(&mut arena, &mut rng, 3);
        let mut graph = Graph::new();
        let v = graph.add_short(&mut arena, g);
        let (left, right) = graph.play();
        let zero = arena.zero();
        let left_wins_first = !arena.leq(g, zero);
        let right_wins_first = !arena.leq(zero, g);
        assert_eq!(left[v as usize] == Play::Win, left_wins_first);
        assert_eq!(right[v as usize] == Play::Win, right_wins_first);
        assert!(left.iter().chain(&right).all(|&p| p != Play::Draw));
    }
}

/// `on` is above every game and `off` below (Siegel, CGT, §VI.1); `over` is positive and
/// below every positive number (WW ch. 11: `over = 1/on`); all three are stoppers, and so
/// is `upon`, but not `dud`, where both players pass for ever.
#[test]
fn loopy_constants() {
    let mut arena = Arena::new();
    let c = constants(&mut arena);
    let graph = &c.graph;
    let mut rng = Rng::seeded(3);
    for _ in 0..50 {
        let g = random_game(&mut arena, &mut rng, 3);
        let mut both = graph.clone();
        let v = both.add_short(&mut arena, g);
        assert!(
            both.survives_second(c.on, &both, v),
            "on >= {}",
            arena.display(g)
        );
        assert!(
            both.survives_second(v, &both, c.off),
            "{} >= off",
            arena.display(g)
        );
    }
    assert!(graph.survives_second(c.over, graph, c.zero));
    assert!(!graph.survives_second(c.zero, graph, c.over));
    let mut with_quarter = graph.clone();
    let quarter = arena.number(crate::game::Dyadic::new(1, 2));
    let q = with_quarter.add_short(&mut arena, quarter);
    assert!(with_quarter.survives_second(q, &with_quarter, c.over));
    assert!(!with_quarter.survives_second(c.over, &with_quarter, q));
    for v in [c.on, c.off, c.over, c.upon, c.zero] {
        assert!(graph.is_stopper(v));
    }
    assert!(!graph.is_stopper(c.dud));
    let (left, right) = graph.play();
    assert_eq!(
        (left[c.dud as usize], right[c.dud as usize]),
        (Play::Draw, Play::Draw)
    );
    assert_eq!(
        (left[c.on as usize], right[c.on as usize]),
        (Play::Win, Play::Loss)
    );
}

/// Sums and negation of short games embedded in a graph agree with the arena's, in the
/// order (equal both ways); `on + off` is not a stopper (both players pass for ever: `dud`,
/// WW ch. 11), `over + over` is one and is positive.
#[test]
fn sums_and_negation() {
    let mut arena = Arena::new();
    let mut rng = Rng::seeded(17);
    for _ in 0..100 {
        let g = random_game(&mut arena, &mut rng, 2);
        let h = random_game(&mut arena, &mut rng, 2);
        let sum = arena.add(g, h);
        let diff = {
            let nh = arena.neg(h);
            arena.add(g, nh)
        };
        let mut graph = Graph::new();
        let (a, b) = (
            graph.add_short(&mut arena, g),
            graph.add_short(&mut arena, h),
        );
        let s = graph.add(a, b);
        let nb = graph.negate(b);
        let d = graph.add(a, nb);
        let (es, ed) = (
            graph.add_short(&mut arena, sum),
            graph.add_short(&mut arena, diff),
        );
        for (x, y) in [(s, es), (d, ed)] {
            assert!(graph.survives_second(x, &graph, y) && graph.survives_second(y, &graph, x));
        }
    }
    let c = constants(&mut arena);
    let mut graph = c.graph.clone();
    let on_off = graph.add(c.on, c.off);
    assert!(!graph.is_stopper(on_off));
    let (left, right) = graph.play();
    assert_eq!(
        (left[on_off as usize], right[on_off as usize]),
        (Play::Draw, Play::Draw)
    );
    let twice = graph.add(c.over, c.over);
    assert!(graph.is_stopper(twice));
    assert!(graph.survives_second(twice, &graph, c.over));
    assert!(!graph.survives_second(c.zero, &graph, twice));
    // over is idempotent (CGSuite's loopy tests): over + over = over
    assert!(graph.survives_second(c.over, &graph, twice));
    // a{{|a}|}, whose sides are 1 & 0 in CGSuite's tests, is no stopper: Left moves to
    // {|a}, Right back to a, for ever
    let a = graph.node();
    let b = graph.node();
    graph.set_options(a, vec![b], vec![]);
    graph.set_options(b, vec![], vec![a]);
    assert!(!graph.is_stopper(a));
}

/// The threat game `t` as positions of `graph` (its followers, `on`'s pass included).
fn threat_graph(
    graph: &mut Graph,
    threats: &mut crate::game::threat::Threats,
    arena: &mut Arena,
    t: crate::game::threat::ThreatId,
) -> Node {
    let mut map: FxHashMap<crate::game::threat::ThreatId, Node> = FxHashMap::default();
    let mut order = vec![t];
    map.insert(t, graph.node());
    let mut i = 0;
    while i < order.len() {
        let u = order[i];
        let mut sides = [Vec::new(), Vec::new()];
        for (k, left) in [true, false].into_iter().enumerate() {
            for o in threats.options(arena, u, left) {
                let n = *map.entry(o).or_insert_with(|| {
                    order.push(o);
                    graph.node()
                });
                sides[k].push(n);
            }
        }
        let [l, r] = sides;
        graph.set_options(map[&u], l, r);
        i += 1;
    }
    map[&t]
}

/// The pawn module's threat games (short games with `on`/`off` leaves, and `over`, `under`)
/// are ordered the same by this engine as by their own (`game::threat`): two independent
/// implementations of survival.
#[test]
fn agrees_with_the_threat_engine() {
    use crate::game::threat::{ThreatId, Threats};
    let mut arena = Arena::new();
    let mut threats = Threats::new();
    let mut rng = Rng::seeded(23);
    fn random_threat(
        arena: &mut Arena,
        threats: &mut Threats,
        rng: &mut Rng,
        depth: u32,
    ) -> ThreatId {
        if depth == 0 || rng.below(3) == 0 {
            return match rng.below(5) {
                0 => threats.on(),
                1 => threats.off(),
                _ => {
                    let g = random_game(arena, rng, 1);
                    threats.short(g)
                }
            };
        }
        let l = (0..rng.below(3))
            .map(|_| random_threat(arena, threats, rng, depth - 1))
            .collect();
        let r = (0..rng.below(3))
            .map(|_| random_threat(arena, threats, rng, depth - 1))
            .collect();
        threats
            .node(arena, l, r)
            .expect("options are short, on, off or threats")
    }
    let mut compared = 0;
    for k in 0..300 {
        let a = match k % 10 {
            0 => threats.over(),
            1 => threats.under(),
            _ => random_threat(&mut arena, &mut threats, &mut rng, 3),
        };
        let b = random_threat(&mut arena, &mut threats, &mut rng, 3);
        let (Ok(ab), Ok(ba)) = (threats.leq(&mut arena, a, b), threats.leq(&mut arena, b, a))
        else {
            continue;
        };
        let mut graph = Graph::new();
        let x = threat_graph(&mut graph, &mut threats, &mut arena, a);
        let y = threat_graph(&mut graph, &mut threats, &mut arena, b);
        if !(graph.is_stopper(x) && graph.is_stopper(y)) {
            continue;
        }
        assert_eq!(graph.survives_second(y, &graph, x), ab, "{k}: a <= b");
        assert_eq!(graph.survives_second(x, &graph, y), ba, "{k}: b <= a");
        compared += 1;
    }
    assert!(compared > 200, "{compared} pairs compared");
}
