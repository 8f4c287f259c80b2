//! Hackenbush and Childish Hackenbush: values from Winning Ways and by hand, random graphs
//! against a brute force written here from the rules (its own graphs and its own strings),
//! and the properties G + -G = 0 and {left(P) | right(P)} = P.

use std::collections::HashMap;

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use cgcalc::lang::Session;

/// Values from the theory, each derived in its comment.
#[test]
fn values_from_the_theory() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            // Blue-red stalks by Berlekamp's sign-expansion rule (WW ch. 2, "Hackenbush
            // strings"): the run before the first change of colour counts 1 an edge, each
            // later edge half the one before, + blue, - red.
            // lrlrrllr: 1 - 1/2 + 1/4 - 1/8 - 1/16 + 1/32 + 1/64 - 1/128 = 77/128.
            ("hackenbush(\"lrlrrllr\")", "77/128"),
            // llr: 2 - 1/2; rrl: -2 + 1/2; lrr: 1 - 1/2 - 1/4; lllll: 5.
            ("hackenbush(\"llr\")", "3/2"),
            ("hackenbush(\"rrl\")", "-3/2"),
            ("hackenbush(\"lrr\")", "1/4"),
            ("hackenbush(\"lllll\")", "5"),
            // Pieces on the ground add: lr + rl = 1/2 - 1/2 = 0; l;l;r = 1.
            ("hackenbush(\"lr;rl\")", "0"),
            ("hackenbush(\"l;l;r\")", "1"),
            // Green stalks are nim heaps (WW ch. 1): e^n = *n; two of them, *3 + *5 = *6.
            ("hackenbush(\"eeeeeee\")", "*7"),
            ("hackenbush(\"eee;eeeee\")", "*6"),
            // A green tree by the colon principle (WW ch. 7): the branches e, ee, eee at the
            // top of a green edge are *1 + *2 + *3 = 0, so the tree is a stalk of 1 edge: *;
            // on a trunk of two edges, the branches e and ee give *3, the tree *5.
            ("hackenbush(\"e(e;ee;eee)\")", "*"),
            ("hackenbush(\"ee(e;ee)\")", "*5"),
            // A blue-red tree: an edge carrying x is the ordinal sum 1 : x (Siegel, CGT II.4);
            // l(l;rl): the branches l and rl are 1 + (-1/2) = 1/2, and 1 : 1/2 has the sign
            // expansion + + -, that is 2 - 1/2 = 3/2. l(l;r): 1 : (1 - 1) = 1 : 0 = 1.
            ("hackenbush(\"l(l;rl)\")", "3/2"),
            ("hackenbush(\"l(l;r)\")", "1"),
            // Cycles by hand. A blue triangle on the ground: Left's cuts leave ll or l;l,
            // both 2; Right has none: {2|} = 3.
            ("hackenbush(\":G lll :G\")", "3"),
            // l-r-l on a triangle through the ground: Left cuts a blue edge, leaving the
            // stalk lr = 1/2; Right cuts the red one, leaving l;l = 2: {1/2 | 2} = 1.
            ("hackenbush(\":Glrl:G\")", "1"),
            // A green triangle on the ground: cutting a ground edge leaves a green stalk of 2
            // (*2), the top edge two stalks of 1 (0): mex{2, 0} = 1, *. WW ch. 7's fusion
            // agrees: the cycle fuses into three loops on the ground, * + * + * = *.
            ("hackenbush(\":Geee:G\")", "*"),
            // Fusion (WW ch. 7): a green triangle on top of a green edge fuses into three
            // loops, *1 + *1 + *1 = *1, carried by the edge: *2 (colon principle).
            ("hackenbush(\"e:Aeee:A\")", "*2"),
            // A loop at the ground is an edge whose cut removes only it: 1, -1, *.
            ("hackenbush(\":Gl:G\")", "1"),
            ("hackenbush(\":Gr:G;e\")", "-1*"),
            // The empty graph (ground only) is 0.
            ("hackenbush(\"\")", "0"),
            // Childish Hackenbush (CGSuite's rule: a blue or red edge only when nothing else
            // falls with it). ll: Left cuts the top, leaving l = 1: {1|} = 2. lr: Left may
            // not cut the bottom l (r would fall), Right cuts r leaving l: {|1} = 0.
            // le: Left and Right cut e (green, free), leaving l: {1|1} = 1*.
            ("childishhackenbush(\"ll\")", "2"),
            ("childishhackenbush(\"lr\")", "0"),
            ("childishhackenbush(\"le\")", "1*"),
            // el: Left cuts the top l, leaving e = *; either cuts e (taking l with it, green
            // edges are not childish), leaving 0: {*, 0 | 0} = ^*... Left {0,*}, Right {0}:
            // {0,*|0} = ^*.
            ("childishhackenbush(\"el\")", "^*"),
        ],
    );
}

/// A random graph on the ground 0 and up to 4 more vertices: a spanning tree of random
/// edges, then a few more (cycles, loops, parallel edges), random colours.
fn random_graph(rng: &mut Rng, colours: &[char]) -> Vec<(usize, usize, char)> {
    let n = 1 + rng.below(4);
    let mut edges: Vec<(usize, usize, char)> = (1..=n)
        .map(|v| (rng.below(v), v, *rng.pick(colours)))
        .collect();
    for _ in 0..rng.below(3) {
        edges.push((rng.below(n + 1), rng.below(n + 1), *rng.pick(colours)));
    }
    edges
}

/// The graph as a Hackenbush graph string, written here with every vertex named `:{v}`:
/// a depth-first walk from the ground that writes each edge once.
fn graph_string(edges: &[(usize, usize, char)]) -> String {
    fn walk(
        v: usize,
        edges: &[(usize, usize, char)],
        done: &mut [bool],
        seen: &mut [bool],
    ) -> Vec<String> {
        seen[v] = true;
        let mut items = Vec::new();
        for i in 0..edges.len() {
            let (a, b, c) = edges[i];
            if done[i] || (a != v && b != v) {
                continue;
            }
            done[i] = true;
            let w = if a == v { b } else { a };
            let mut item = format!("{c}:{{{w}}}");
            if !seen[w] {
                let rest = walk(w, edges, done, seen);
                match rest.len() {
                    0 => {}
                    1 => item.push_str(&rest[0]),
                    _ => item.push_str(&format!("({})", rest.join(";"))),
                }
            }
            items.push(item);
        }
        items
    }
    let n = edges.iter().map(|e| e.0.max(e.1)).max().unwrap_or(0) + 1;
    let items = walk(0, edges, &mut vec![false; edges.len()], &mut vec![false; n]);
    format!(":{{0}}{}", items.join(";"))
}

/// The edges of `kept` (a bit set of `edges`) still connected to the ground.
fn grounded(edges: &[(usize, usize, char)], kept: u32) -> u32 {
    let mut reached = vec![0usize];
    let mut out = 0u32;
    loop {
        let before = out;
        for (i, &(a, b, _)) in edges.iter().enumerate() {
            if kept >> i & 1 == 1 && (reached.contains(&a) || reached.contains(&b)) {
                out |= 1 << i;
                for x in [a, b] {
                    if !reached.contains(&x) {
                        reached.push(x);
                    }
                }
            }
        }
        if out == before {
            return out;
        }
    }
}

/// Defines in the session, for each position reached (a set of edges), a variable holding
/// its game {left options | right options} straight from the rules, and returns the name of
/// the variable of `kept`.
fn brute(
    s: &mut Session,
    edges: &[(usize, usize, char)],
    kept: u32,
    childish: bool,
    names: &mut HashMap<u32, String>,
) -> String {
    if let Some(name) = names.get(&kept) {
        return name.clone();
    }
    let mut sides = [Vec::new(), Vec::new()];
    for (side, own) in [(0, 'l'), (1, 'r')] {
        for (i, &(_, _, c)) in edges.iter().enumerate() {
            if kept >> i & 1 == 0 || (c != own && c != 'e') {
                continue;
            }
            let after = grounded(edges, kept & !(1 << i));
            if childish && c != 'e' && after.count_ones() + 1 != kept.count_ones() {
                continue;
            }
            let option = brute(s, edges, after, childish, names);
            sides[side].push(option);
        }
    }
    let name = format!("h{}", names.len());
    run_text(
        s,
        &format!(
            "{name} = {{{} | {}}};",
            sides[0].join(", "),
            sides[1].join(", ")
        ),
    );
    names.insert(kept, name.clone());
    name
}

/// Random small graphs: the value (stalk rule, ordinal sums on trees, search on the rest)
/// is the game the rules define, written out by the brute force above.
#[test]
fn random_graphs_match_the_rules_written_out() {
    let mut rng = Rng::xorshift64(1982);
    for childish in [false, true] {
        let mut s = Session::new();
        for round in 0..iterations(60) {
            let colours: &[char] = match round % 3 {
                0 => &['l', 'r'],
                1 => &['e'],
                _ => &['l', 'r', 'e'],
            };
            let edges = random_graph(&mut rng, colours);
            let all = (1u32 << edges.len()) - 1;
            let mut names = HashMap::new();
            let expected = brute(&mut s, &edges, all, childish, &mut names);
            let game = if childish {
                "childishhackenbush"
            } else {
                "hackenbush"
            };
            let check = format!("{game}(\"{}\") == {expected}", graph_string(&edges));
            assert_eq!(run_ok(&mut s, &check), "true", "{check}");
        }
    }
}

/// G + -G = 0 (the colours swapped), and the options' values in braces give the value.
#[test]
fn negatives_cancel_and_options_give_the_value() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(7);
    for _ in 0..iterations(40) {
        let edges = random_graph(&mut rng, &['l', 'r', 'e', 'l', 'r']);
        let g = graph_string(&edges);
        let swapped: String = g
            .chars()
            .map(|c| match c {
                'l' => 'r',
                'r' => 'l',
                c => c,
            })
            .collect();
        for game in ["hackenbush", "childishhackenbush"] {
            let check = format!("{game}(\"{g}\") + {game}(\"{swapped}\") == 0");
            assert_eq!(run_ok(&mut s, &check), "true", "{check}");
            let check = format!("P = {game}(\"{g}\"); {{left(P) | right(P)}} == P");
            let got = run_text(&mut s, &check);
            assert_eq!(got.lines().last(), Some("true"), "{check}");
        }
    }
}

/// A move's position is written as a graph string that reads back to it.
#[test]
fn options_are_written_as_graph_strings() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            // Cutting the r of lrl drops the l above it; cutting the top l leaves lr.
            (
                "[lastmove(q) for q in right(hackenbush(\"lrl\"))]",
                "[\"l\"]",
            ),
            (
                "[lastmove(q) for q in left(hackenbush(\"lrl\"))]",
                "[\"\", \"lr\"]",
            ),
            ("left(hackenbush(\"lrl\"))", "[0, 1/2]"),
        ],
    );
}

#[test]
fn malformed_graph_strings_are_refused_at_the_character() {
    let mut s = Session::new();
    for (input, expected) in [
        ("hackenbush(\"lrx\")", "unexpected `x` at character 3"),
        ("hackenbush(\"l(l;r\")", "a `(` needs its `)`"),
        (
            "hackenbush(\"l(l;r)l\")",
            "a group of branches `(a;b)` ends its path",
        ),
        ("hackenbush(\"l)\")", "unexpected `)` at character 2"),
        (
            "childishhackenbush(\"l:\")",
            "after `:` comes a vertex name",
        ),
        ("hackenbush(\"L-l\")", "unexpected `L` at character 1"),
    ] {
        let err = run_text(&mut s, input);
        assert!(err.contains(expected), "{input}: {err}");
        assert!(err.contains("Hackenbush graph string"), "{input}: {err}");
    }
    let long = "l".repeat(300);
    let err = run_text(&mut s, &format!("hackenbush(\"{long}\")"));
    assert!(err.contains("more than the 256"), "{err}");
}
