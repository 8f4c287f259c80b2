//! Loopy games through the calculator and the library: CGSuite's loopy notation (`pass`,
//! labels, on/off/over/under/upon/dud, `s & t`), simplest forms of stoppers, sided values and
//! the stopper order.
//!
//! Expected texts come from CGSuite's own test suite (EvalTest, CanonicalStopperTestCase,
//! SidedValueTestCase) and from identities of Winning Ways ch. 11 and Siegel, *Combinatorial
//! Game Theory*, ch. VI. The property tests check the engine's simplification and order
//! against a plain survival search written here, on explicit game graphs, which knows nothing
//! of simplest forms.

use std::collections::HashMap;

use crate::common::{assert_outputs, run_ok, run_text};
use cgcalc::game::threat::{Opt, RawGraph, ThreatId, Threats};
use cgcalc::game::{Arena, Dyadic, GameId};
use cgcalc::lang::Session;

// ------------------------------------------------------------ CGSuite's outputs

/// Inputs and CGSuite's printed outputs, in the order of its tests. `uponth` is
/// `{0||0|0,pass}`, defined before the table runs (as in CGSuite's test).
///
/// Sources: CGSuite EvalTest (loopy section), CanonicalStopperTestCase, SidedValueTestCase.
const CGSUITE_VALUES: &[(&str, &str)] = &[
    ("on", "on"),
    ("off", "off"),
    ("over", "over"),
    ("under", "under"),
    ("{pass|pass}", "dud"),
    ("{pass|*}", "^[on]"),
    ("{pass,0|0}", "^[on]*"),
    ("{*|pass}", "v[on]"),
    ("{0|0,pass}", "v[on]*"),
    ("{0||0|0,pass}", "^<on>"),
    ("{0,*||*|pass}", "^<on>*"),
    ("{0,pass|0||0}", "v<on>"),
    ("{pass|*||0,*}", "v<on>*"),
    ("over+5", "5over"),
    ("5+over", "5over"),
    ("under+5", "5under"),
    ("over-5", "-5over"),
    ("5 + upon", "5^[on]"),
    ("over+^", "over"),
    ("x{0|x}", "over"),
    ("x{x|0}", "under"),
    ("x{0||||0|||x|*||*}", "a{0||||0|||a|*||*}"),
    ("{pass|3/2}", "3/2under"),
    ("{-1/4+*|pass}", "-1/4v[on]"),
    ("{0|uponth||-uponth}", "{0|^<on>||v<on>}"),
    ("{0|||0||0|off}", "{0|Tiny(on)}"),
    ("{on|0||0}", "Miny(on)"),
    ("{0||0|under}", "Tiny(over)"),
    ("+-{0|pass}", "+-over"),
    ("+-{5|pass}", "+-(5over)"),
    ("+-{0|uponth}", "+-{0|^<on>}"),
    // a cycle whose sum with * simplifies to a short game
    ("+-(uponth+*)", "0"),
    // SidedValueTestCase
    ("a{{|a}|}", "1 & 0"),
    ("{0|{dud|},*}", "^ & v*"),
    ("a{1||a|0}", "2 & +-1"),
    ("{2&-2|1&-2}", "{2|1} & -2*"),
    ("over & v", "over & v"),
];

/// Properties of loopy games, from CGSuite's CanonicalStopperTestCase and SidedValueTestCase.
/// The game-valued ones are also read back (the `bool` is true for those).
const CGSUITE_PROPERTIES: &[(&str, &str, bool)] = &[
    ("degree(over)", "over", true),
    ("degree(on)", "on", true),
    ("degree({pass|3/2})", "over", true),
    ("lstop({pass|3/2})", "3/2under", true),
    ("rstop({pass|3/2})", "3/2under", true),
    ("lstop(+-{5|pass})", "5over", true),
    ("rstop(+-{5|pass})", "-5under", true),
    ("isidempotent(over)", "true", false),
    ("isidempotent({pass|3/2})", "false", false),
    ("isplumtree(x{0||||0|||x|*||*})", "false", false),
    ("isplumtree({pass|3/2})", "true", false),
    ("len(followers({pass|3/2}))", "5", false),
    ("outcome(dud)", "D", false),
    ("outcome(a{{|a}|})", "PHat", false),
    ("outcome({0|{dud|},*})", "NHat", false),
    ("outcome(over)", "L", false),
];

/// Identities of Winning Ways ch. 11 and Siegel, CGT, ch. VI: over = {0|over} is idempotent
/// (over + over = over), on + off = {pass|pass} = dud, dud absorbs every stopper that holds
/// neither on nor off (dud + 1 = dud), {pass|3/2} = 3/2 + under (translation by a number), and
/// dud = on & off.
const IDENTITIES: &[(&str, &str, bool)] = &[
    ("over + over == over", "true", false),
    ("on + off", "dud", true),
    ("dud + 1", "dud", true),
    ("{pass|3/2} == 3/2 + under", "true", false),
    ("onside(dud) == on", "true", false),
    ("offside(dud) == off", "true", false),
];

fn loopy_session() -> Session {
    let mut s = Session::new();
    run_ok(&mut s, "uponth = {0||0|0,pass}");
    s
}

/// The printed output of `src`, or its error.
fn try_run(s: &mut Session, src: &str) -> Result<String, String> {
    let (mut out, mut err) = (None, None);
    s.run_source(src, "<test>", true, &mut |r| {
        out = r.output.clone();
        err = r.error.clone();
    });
    match (out, err) {
        (_, Some(e)) => Err(e),
        (Some(o), None) => Ok(o),
        (None, None) => Err("no output".to_string()),
    }
}

/// Every printed value reads back to an equal value, and prints the same again. Returns the
/// failures.
fn round_trip_failures(s: &mut Session, inputs: &[&str]) -> Vec<String> {
    let mut failures = Vec::new();
    for src in inputs {
        let printed = match try_run(s, src) {
            Ok(p) => p,
            Err(e) => {
                failures.push(format!("{src}: {e}"));
                continue;
            }
        };
        match try_run(s, &printed) {
            Ok(again) if again == printed => {}
            again => failures.push(format!(
                "{src} prints {printed}, which reads back as {again:?}"
            )),
        }
        match try_run(s, &format!("({printed}) == ({src})")) {
            Ok(t) if t == "true" => {}
            got => failures.push(format!("({printed}) == ({src}) gives {got:?}, not true")),
        }
    }
    failures
}

#[test]
fn cgsuite_loopy_values_print_as_in_cgsuite() {
    let mut s = loopy_session();
    assert_outputs(&mut s, CGSUITE_VALUES);
}

#[test]
fn cgsuite_loopy_properties() {
    let mut s = loopy_session();
    let cases: Vec<(&str, &str)> = CGSUITE_PROPERTIES.iter().map(|&(a, b, _)| (a, b)).collect();
    assert_outputs(&mut s, &cases);
}

#[test]
fn loopy_identities_of_winning_ways_and_siegel() {
    let mut s = loopy_session();
    let cases: Vec<(&str, &str)> = IDENTITIES.iter().map(|&(a, b, _)| (a, b)).collect();
    assert_outputs(&mut s, &cases);
}

#[test]
fn loopy_printed_values_read_back() {
    let mut s = loopy_session();
    let mut inputs: Vec<&str> = CGSUITE_VALUES.iter().map(|&(src, _)| src).collect();
    inputs.extend(
        CGSUITE_PROPERTIES
            .iter()
            .chain(IDENTITIES)
            .filter(|&&(_, _, value)| value)
            .map(|&(src, _, _)| src),
    );
    let failures = round_trip_failures(&mut s, &inputs);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// ------------------------------------------------------------ errors and sided comparison

#[test]
fn pass_outside_braces_is_an_error_with_a_caret() {
    let mut s = Session::new();
    let text = run_text(&mut s, "pass");
    assert!(text.contains("error"), "{text}");
    let caret = text
        .lines()
        .any(|l| l.trim_start().starts_with('^') && l.trim().chars().all(|c| c == '^'));
    assert!(caret, "no caret line in\n{text}");
}

#[test]
fn sided_values_compare_side_by_side() {
    // dud = on & off; dud >= 0 needs on >= 0 (true) and off >= 0 (false).
    let mut s = Session::new();
    assert_eq!(run_ok(&mut s, "{pass|pass} >= 0"), "false");
    assert_eq!(run_ok(&mut s, "{pass|pass} <= 0"), "false");
    assert_eq!(run_ok(&mut s, "{pass|pass} >= {pass|pass}"), "true");
}

#[test]
fn bachs_carousel_is_refused_and_the_session_goes_on() {
    // Bach's Carousel (WW ch. 11): its sides are not found by this engine (CGSuite prints a
    // graph); the error names the sides, and the session keeps its variables.
    let mut s = Session::new();
    run_ok(&mut s, "g = 5");
    run_ok(&mut s, "h = {pass|3/2}");
    let text = run_text(&mut s, "a{0,{1|1,{*,{1+*|1+*,a}|*}}|0}");
    assert!(text.contains("error"), "{text}");
    assert!(text.contains("sides"), "{text}");
    assert_eq!(run_ok(&mut s, "g"), "5");
    assert_eq!(run_ok(&mut s, "h"), "3/2under");
}

// ------------------------------------------------------------ brute force

/// A small deterministic generator (Marsaglia's xorshift64).
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// An explicit game graph: each position's Left and Right options.
#[derive(Default, Debug)]
struct Explicit {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
}

impl Explicit {
    fn len(&self) -> usize {
        self.left.len()
    }

    fn push(&mut self) -> usize {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.left.len() - 1
    }
}

/// The explicit graph of a short game's whole tree (positions shared by identity).
fn add_short(
    arena: &mut Arena,
    e: &mut Explicit,
    seen: &mut HashMap<GameId, usize>,
    g: GameId,
) -> usize {
    if let Some(&i) = seen.get(&g) {
        return i;
    }
    let i = e.push();
    seen.insert(g, i);
    let left: Vec<usize> = arena
        .left_options(g)
        .into_iter()
        .map(|o| add_short(arena, e, seen, o))
        .collect();
    let right: Vec<usize> = arena
        .right_options(g)
        .into_iter()
        .map(|o| add_short(arena, e, seen, o))
        .collect();
    e.left[i] = left;
    e.right[i] = right;
    i
}

/// The written graph with its short leaves expanded; position `v` of `g` is `v` here.
fn explicit_of_graph(arena: &mut Arena, threats: &Threats, g: &RawGraph) -> Explicit {
    let mut e = Explicit::default();
    for _ in 0..g.len() {
        e.push();
    }
    let mut seen = HashMap::new();
    for v in 0..g.len() {
        for left in [true, false] {
            let opts: Vec<usize> = g
                .options(v as u32, left)
                .iter()
                .map(|o| match *o {
                    Opt::Node(w) => w as usize,
                    Opt::Game(t) => {
                        let s = threats.as_short(t).expect("leaves are short games");
                        add_short(arena, &mut e, &mut seen, s)
                    }
                })
                .collect();
            if left {
                e.left[v] = opts;
            } else {
                e.right[v] = opts;
            }
        }
    }
    e
}

/// The graph of a value of the store, expanded through its options (`over`'s Right option is
/// `over`, a cyclic position's options are its component's, ...); the value is position 0.
fn explicit_of_value(arena: &mut Arena, threats: &mut Threats, t: ThreatId) -> Explicit {
    let mut e = Explicit::default();
    let mut index: HashMap<ThreatId, usize> = HashMap::new();
    let mut order = vec![t];
    index.insert(t, e.push());
    let mut i = 0;
    while i < order.len() {
        let u = order[i];
        for left in [true, false] {
            let mut opts = Vec::new();
            for o in threats.options(arena, u, left) {
                let j = *index.entry(o).or_insert_with(|| {
                    order.push(o);
                    e.left.push(Vec::new());
                    e.right.push(Vec::new());
                    e.left.len() - 1
                });
                opts.push(j);
            }
            if left {
                e.left[i] = opts;
            } else {
                e.right[i] = opts;
            }
        }
        i += 1;
    }
    e
}

/// Whether `attacker` (Left when `attacker_left`) can force the other player to be stuck in
/// `g - h` from `(x, y)` with `left_to_move` moving: the least fixed point of "the attacker
/// has a move to a winning state / every move of the defender (none included) leads to one".
/// Everything else, endless play included, is survival for the defender.
fn forces_a_win(
    g: &Explicit,
    x: usize,
    h: &Explicit,
    y: usize,
    attacker_left: bool,
    left_to_move: bool,
) -> bool {
    let (n, m) = (g.len(), h.len());
    let at = |x: usize, y: usize, l: bool| (x * m + y) * 2 + l as usize;
    // Moves of the game g - h: Left moves g to its Left options or h to its Right options.
    let moves = |x: usize, y: usize, l: bool| -> Vec<usize> {
        let (gx, hy) = if l {
            (&g.left[x], &h.right[y])
        } else {
            (&g.right[x], &h.left[y])
        };
        gx.iter()
            .map(|&x2| at(x2, y, !l))
            .chain(hy.iter().map(|&y2| at(x, y2, !l)))
            .collect()
    };
    let mut win = vec![false; n * m * 2];
    loop {
        let mut changed = false;
        for x in 0..n {
            for y in 0..m {
                for l in [true, false] {
                    let s = at(x, y, l);
                    if win[s] {
                        continue;
                    }
                    let next = moves(x, y, l);
                    let w = if l == attacker_left {
                        next.iter().any(|&t| win[t])
                    } else {
                        next.iter().all(|&t| win[t])
                    };
                    if w {
                        win[s] = true;
                        changed = true;
                    }
                }
            }
        }
        if !changed {
            return win[at(x, y, left_to_move)];
        }
    }
}

/// `G >= H` in the stopper order: Left, moving second, survives `G - H`.
fn geq(g: &Explicit, x: usize, h: &Explicit, y: usize) -> bool {
    !forces_a_win(g, x, h, y, false, false)
}

/// Right, moving second, survives `G - H`.
fn right_survives_second(g: &Explicit, x: usize, h: &Explicit, y: usize) -> bool {
    !forces_a_win(g, x, h, y, true, true)
}

/// Whether no play from a follower of position 0 alternates for ever (Siegel, CGT, Def.
/// VI.2.1): no cycle in the graph of states (position, player to move) among the positions
/// reachable from 0 by any moves.
fn is_stopper(g: &RawGraph) -> bool {
    let n = g.len();
    let mut reach = vec![false; n];
    let mut stack = vec![0usize];
    reach[0] = true;
    while let Some(v) = stack.pop() {
        for left in [true, false] {
            for o in g.options(v as u32, left) {
                if let Opt::Node(w) = *o
                    && !reach[w as usize]
                {
                    reach[w as usize] = true;
                    stack.push(w as usize);
                }
            }
        }
    }
    // state 2v + 1: Left to move at v; 2v: Right to move
    let succ = |s: usize| -> Vec<usize> {
        let (v, left) = (s / 2, s % 2 == 1);
        g.options(v as u32, left)
            .iter()
            .filter_map(|o| match *o {
                Opt::Node(w) => Some(2 * w as usize + (!left) as usize),
                Opt::Game(_) => None,
            })
            .collect()
    };
    // colours: 0 unseen, 1 on the stack, 2 done
    fn cyclic(s: usize, colour: &mut [u8], succ: &dyn Fn(usize) -> Vec<usize>) -> bool {
        colour[s] = 1;
        for t in succ(s) {
            if colour[t] == 1 || (colour[t] == 0 && cyclic(t, colour, succ)) {
                return true;
            }
        }
        colour[s] = 2;
        false
    }
    let mut colour = vec![0u8; 2 * n];
    (0..2 * n).all(|s| !reach[s / 2] || colour[s] != 0 || !cyclic(s, &mut colour, &succ))
}

/// Small short games for the leaves: 0, *, 1, -1, 1/2, -1/2, ^, v, {1|-1}, *2, {1|0}.
fn leaves(arena: &mut Arena) -> Vec<GameId> {
    let one = arena.integer(1);
    let zero = arena.zero();
    vec![
        zero,
        arena.nimber(1),
        one,
        arena.integer(-1),
        arena.number(Dyadic::new(1, 1)),
        arena.number(Dyadic::new(-1, 1)),
        arena.up_multiple(1, 0),
        arena.up_multiple(-1, 0),
        arena.switch(one),
        arena.nimber(2),
        arena.game(vec![one], vec![zero]),
    ]
}

/// A random graph of 1–4 positions whose options are short leaves or positions (self-loops,
/// i.e. `pass`, included); the game is position 0.
fn random_graph(rng: &mut XorShift, threats: &mut Threats, leaves: &[GameId]) -> RawGraph {
    let n = 1 + rng.below(4);
    let mut g = RawGraph::new();
    for _ in 0..n {
        g.node();
    }
    for v in 0..n {
        let mut side = |rng: &mut XorShift| -> Vec<Opt> {
            let k = [0, 1, 1, 2, 2, 3][rng.below(6)];
            (0..k)
                .map(|_| {
                    if rng.below(5) < 2 {
                        Opt::Node(rng.below(n) as u32)
                    } else {
                        Opt::Game(threats.short(leaves[rng.below(leaves.len())]))
                    }
                })
                .collect()
        };
        let left = side(rng);
        let right = side(rng);
        g.set_options(v as u32, left, right);
    }
    g
}

/// A written graph, for failure messages.
fn describe(arena: &mut Arena, threats: &mut Threats, g: &RawGraph) -> String {
    let mut out = Vec::new();
    for v in 0..g.len() {
        let mut sides = Vec::new();
        for left in [true, false] {
            let opts: Vec<String> = g
                .options(v as u32, left)
                .iter()
                .map(|o| match *o {
                    Opt::Node(w) => format!("#{w}"),
                    Opt::Game(t) => threats.display(arena, t),
                })
                .collect();
            sides.push(opts.join(","));
        }
        out.push(format!("#{v} = {{{}|{}}}", sides[0], sides[1]));
    }
    out.join("; ")
}

struct Case {
    graph: RawGraph,
    input: Explicit,
    value: ThreatId,
}

/// Random stoppers (`count` of them) with their values.
fn random_stoppers(
    seed: u64,
    count: usize,
    arena: &mut Arena,
    threats: &mut Threats,
    failures: &mut Vec<String>,
) -> Vec<Case> {
    let mut rng = XorShift(seed);
    let leaves = leaves(arena);
    let mut cases = Vec::new();
    let mut tries = 0;
    while cases.len() < count && tries < 100 * count {
        tries += 1;
        let graph = random_graph(&mut rng, threats, &leaves);
        let mine = is_stopper(&graph);
        if mine != graph.reachable(0).is_stopper() {
            failures.push(format!(
                "stopper test disagrees (here {mine}): {}",
                describe(arena, threats, &graph)
            ));
        }
        if !mine {
            continue;
        }
        let value = match threats.from_graph(arena, &graph, 0) {
            Ok(t) => t,
            Err(e) => {
                failures.push(format!("{}: {e}", describe(arena, threats, &graph)));
                continue;
            }
        };
        if !threats.is_stopper(value) {
            failures.push(format!(
                "{}: a stopper valued as the sided {}",
                describe(arena, threats, &graph),
                threats.display(arena, value)
            ));
            continue;
        }
        let input = explicit_of_graph(arena, threats, &graph);
        cases.push(Case {
            graph,
            input,
            value,
        });
    }
    assert!(
        cases.len() == count,
        "only {} stoppers in {tries} tries",
        cases.len()
    );
    cases
}

const SEEDS: [u64; 2] = [0x5eed_1005, 0xc0ff_ee11];

#[test]
fn random_stoppers_simplify_to_equal_values() {
    let (mut arena, mut threats) = (Arena::new(), Threats::new());
    let mut failures = Vec::new();
    let mut loopy = 0;
    for seed in SEEDS {
        let cases = random_stoppers(seed, 100, &mut arena, &mut threats, &mut failures);
        for c in &cases {
            loopy += threats.as_short(c.value).is_none() as usize;
            let value = explicit_of_value(&mut arena, &mut threats, c.value);
            let text = threats.display(&mut arena, c.value);
            // (a) the simplest form equals the written game in the stopper order
            let ge = geq(&value, 0, &c.input, 0);
            let le = geq(&c.input, 0, &value, 0);
            if !(ge && le) {
                failures.push(format!(
                    "{} simplified to {text}: value >= game {ge}, game >= value {le}",
                    describe(&mut arena, &mut threats, &c.graph)
                ));
            }
            // (b) G - G: both players survive it moving second (G >= G), for the written
            // game and for its simplest form
            for (name, e) in [("game", &c.input), ("value", &value)] {
                if !geq(e, 0, e, 0) || !right_survives_second(e, 0, e, 0) {
                    failures.push(format!(
                        "{} ({name}, {text}): G - G is lost moving second",
                        describe(&mut arena, &mut threats, &c.graph)
                    ));
                }
            }
        }
    }
    // the cases are not all short games in disguise
    assert!(loopy >= 50, "only {loopy} of 200 values are loopy");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn random_stopper_values_read_back() {
    let (mut arena, mut threats) = (Arena::new(), Threats::new());
    let mut failures = Vec::new();
    let mut s = Session::new();
    for seed in SEEDS {
        let cases = random_stoppers(seed, 100, &mut arena, &mut threats, &mut failures);
        for c in &cases {
            let text = threats.display(&mut arena, c.value);
            match try_run(&mut s, &text) {
                Ok(again) if again == text => {}
                again => failures.push(format!(
                    "{} prints {text}, which reads back as {again:?}",
                    describe(&mut arena, &mut threats, &c.graph)
                )),
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn random_stoppers_compare_as_the_survival_search_does() {
    let (mut arena, mut threats) = (Arena::new(), Threats::new());
    let mut failures = Vec::new();
    let cases = random_stoppers(0xabad_cafe, 80, &mut arena, &mut threats, &mut failures);
    let mut rng = XorShift(0x0dd_ba11);
    let (mut trues, mut loopy) = (0, 0);
    for _ in 0..200 {
        let (g, h) = (
            &cases[rng.below(cases.len())],
            &cases[rng.below(cases.len())],
        );
        // G <= H iff Left, moving second, survives H - G
        let expected = geq(&h.input, 0, &g.input, 0);
        trues += expected as usize;
        loopy +=
            (threats.as_short(g.value).is_none() || threats.as_short(h.value).is_none()) as usize;
        match threats.leq(&mut arena, g.value, h.value) {
            Ok(got) if got == expected => {}
            got => {
                let (a, b) = (
                    threats.display(&mut arena, g.value),
                    threats.display(&mut arena, h.value),
                );
                failures.push(format!(
                    "{a} <= {b}: the search says {expected}, leq says {got:?} ({} vs {})",
                    describe(&mut arena, &mut threats, &g.graph),
                    describe(&mut arena, &mut threats, &h.graph)
                ));
            }
        }
    }
    // both answers occur, and most pairs hold a loopy game
    assert!((20..=180).contains(&trues), "{trues} of 200 pairs are <=");
    assert!(loopy >= 100, "only {loopy} of 200 pairs hold a loopy game");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The brute force itself on games whose order is known: over > 0 > under, 0 >= 0,
/// {pass|3/2} = 3/2under < 3/2, upon = {pass|*} > 0 (Siegel, CGT, ch. VI).
#[test]
fn the_survival_search_knows_the_textbook_cases() {
    let (mut arena, mut threats) = (Arena::new(), Threats::new());
    let zero_id = arena.zero();
    let star_id = arena.nimber(1);
    let three_halves = arena.number(Dyadic::new(3, 1));
    let (zero, star, th) = (
        threats.short(zero_id),
        threats.short(star_id),
        threats.short(three_halves),
    );
    let graph = |l: Vec<Opt>, r: Vec<Opt>| {
        let mut g = RawGraph::new();
        let v = g.node();
        g.set_options(v, l, r);
        g
    };
    let over = graph(vec![Opt::Game(zero)], vec![Opt::Node(0)]);
    let under = graph(vec![Opt::Node(0)], vec![Opt::Game(zero)]);
    let zero_g = graph(vec![], vec![]);
    let under_32 = graph(vec![Opt::Node(0)], vec![Opt::Game(th)]);
    let num_32 = graph(
        vec![Opt::Game(threats.short(arena.integer(1)))],
        vec![Opt::Game(threats.short(arena.integer(2)))],
    );
    let upon = graph(vec![Opt::Node(0)], vec![Opt::Game(star)]);
    let e = |g: &RawGraph, arena: &mut Arena| explicit_of_graph(arena, &threats, g);
    let (over, under, zero_g, under_32, num_32, upon) = (
        e(&over, &mut arena),
        e(&under, &mut arena),
        e(&zero_g, &mut arena),
        e(&under_32, &mut arena),
        e(&num_32, &mut arena),
        e(&upon, &mut arena),
    );
    assert!(geq(&over, 0, &zero_g, 0) && !geq(&zero_g, 0, &over, 0));
    assert!(geq(&zero_g, 0, &under, 0) && !geq(&under, 0, &zero_g, 0));
    assert!(geq(&zero_g, 0, &zero_g, 0));
    assert!(geq(&num_32, 0, &under_32, 0) && !geq(&under_32, 0, &num_32, 0));
    assert!(geq(&upon, 0, &zero_g, 0) && !geq(&zero_g, 0, &upon, 0));
    assert!(geq(&over, 0, &over, 0) && right_survives_second(&over, 0, &over, 0));
}

/// The sum of two explicit games: a position per pair, each player moving in either part.
fn explicit_sum(g: &Explicit, h: &Explicit) -> Explicit {
    let mut e = Explicit::default();
    let at = |x: usize, y: usize| x * h.len() + y;
    for _ in 0..g.len() * h.len() {
        e.push();
    }
    for x in 0..g.len() {
        for y in 0..h.len() {
            let v = at(x, y);
            for (opts_g, opts_h, out) in [
                (&g.left[x], &h.left[y], &mut e.left[v]),
                (&g.right[x], &h.right[y], &mut e.right[v]),
            ] {
                out.extend(opts_g.iter().map(|&x2| at(x2, y)));
                out.extend(opts_h.iter().map(|&y2| at(x, y2)));
            }
        }
    }
    e
}

/// upon + upon (WW ch. 11): the engine's value, printed as CGSuite prints it, equals the sum
/// built here position by position, by the survival search of this file, both ways; and it is
/// above upon, as upon > 0.
#[test]
fn upon_plus_upon_matches_the_survival_search() {
    let (mut arena, mut threats) = (Arena::new(), Threats::new());
    let star_id = arena.nimber(1);
    let star = threats.short(star_id);
    let mut g = RawGraph::new();
    let v = g.node();
    g.set_options(v, vec![Opt::Node(v)], vec![Opt::Game(star)]);
    let upon = threats.from_graph(&mut arena, &g, v).unwrap();
    let twice = threats.sum(&mut arena, upon, upon).unwrap();
    assert_eq!(threats.display(&mut arena, twice), "{0|^[on]*}");
    let e = explicit_of_graph(&mut arena, &threats, &g);
    let sum = explicit_sum(&e, &e);
    let value = explicit_of_value(&mut arena, &mut threats, twice);
    assert!(geq(&sum, 0, &value, 0) && geq(&value, 0, &sum, 0));
    // upon + upon > upon (upon > 0)
    assert!(geq(&sum, 0, &e, 0) && !geq(&e, 0, &sum, 0));
}

/// n.G is n copies of G; CGSuite's EvalTest: `10*upon` and `9*(upon & v)`.
#[test]
fn copies_of_upon_print_as_in_cgsuite() {
    let mut s = loopy_session();
    assert_outputs(
        &mut s,
        &[
            ("10.upon", "{0|{0||||0|||0||0|{0||||0|||0||0|^[on]*}}}"),
            ("9.(upon & v)", "{0||||0|||0||0|{0||||0|||0||0|^[on]}} & v9"),
            ("2.over", "over"),
            ("-3.upon == -(3.upon)", "true"),
        ],
    );
}
