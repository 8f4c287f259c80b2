//! Snort and Col: values by hand (WW ch. 2), random graphs against a brute force written
//! here from the rules (coloured vertices, not tints: a tinted vertex is modelled as one
//! with a coloured neighbour of its own), and G + -G = 0, {left(P) | right(P)} = P.

use std::collections::HashMap;

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use cgcalc::lang::Session;

/// Values derived by hand.
#[test]
fn values_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            // A lone vertex: both may colour it, {0|0} = *. Tinted L: in Snort only Left may
            // colour it ({0|} = 1), in Col only Right (-1).
            ("snort(\".\")", "*"),
            ("snort(\"L\")", "1"),
            ("col(\"L\")", "-1"),
            ("col(\"R\")", "1"),
            // An edge: in Snort, Left's colouring tints the other vertex L (= 1), Right's R:
            // {1|-1} = +-1. In Col the tint forbids the mover: {-1|1} = 0.
            ("snort(\".-.\")", "+-1"),
            ("col(\".-.\")", "0"),
            // L-. in Snort: Left colours either vertex, leaving an L vertex (1); Right may
            // colour only the untinted one, which removes the L one (now next to both
            // colours): {1|0}. In Col: Left colours the untinted one, leaving L (-1); Right
            // colours the L one (leaving R, 1) or the other (removing both, 0): {-1|0} = -1/2.
            ("snort(\"L-.\")", "{1|0}"),
            ("col(\"L-.\")", "-1/2"),
            // A path of three. Snort: Left's best is the middle (L;L = 2; an end leaves
            // L-. = {1|0} < 2), Right's likewise: +-2. Col: Left colours an end (L-. = -1/2)
            // rather than the middle (L;L = -2), Right mirrors: {-1/2|1/2} = 0.
            ("snort(\".-.-.\")", "+-2"),
            ("col(\".-.-.\")", "0"),
            // The 2x2 grid is a 4-cycle. Snort: Left's move leaves L-.-L, where Left colours
            // anything to 2 and Right only the middle, removing the ends: {2|0}; so the
            // cycle is {{2|0}|{0|-2}} = 0 (whoever moves first leaves a switch the other
            // player takes to 0, and wins). Col: Left's move leaves L-.-L, where Left colours the
            // middle (L;L = -2) and Right an end (R-L = {-1|1} = 0) or the middle (0):
            // {-2|0} = -1; so {-1|1} = 0.
            ("snort(\"..|..\")", "0"),
            ("snort(\"L-.-L\")", "{2|0}"),
            ("col(\"..|..\")", "0"),
            ("snort(\"..|..\") == snort(\".:A-.-.-.-.:A\")", "true"),
            // Separate pieces add: L;R is 1 - 1 = 0 in Snort; a # is no vertex.
            ("snort(\"L;R\")", "0"),
            ("snort(\"L#R\")", "0"),
            ("col(\"L;L\")", "-2"),
        ],
    );
}

/// A random graph: up to 5 vertices, random tints, random edges (perhaps disconnected).
fn random_graph(rng: &mut Rng) -> (Vec<char>, Vec<(usize, usize)>) {
    let n = 1 + rng.below(5);
    let tints: Vec<char> = (0..n).map(|_| *rng.pick(&['.', '.', 'L', 'R'])).collect();
    let mut edges = Vec::new();
    for _ in 0..rng.below(2 * n) {
        let (a, b) = (rng.below(n), rng.below(n));
        if a != b {
            edges.push((a.min(b), a.max(b)));
        }
    }
    (tints, edges)
}

/// The graph as a graph string written here: every vertex with its tint and name `:{v}`,
/// a depth-first walk from each vertex not reached yet, pieces joined by `;`.
fn graph_string(tints: &[char], edges: &[(usize, usize)]) -> String {
    fn walk(
        v: usize,
        t: &[char],
        edges: &[(usize, usize)],
        done: &mut [bool],
        seen: &mut [bool],
    ) -> Vec<String> {
        seen[v] = true;
        let mut items = Vec::new();
        for i in 0..edges.len() {
            let (a, b) = edges[i];
            if done[i] || (a != v && b != v) {
                continue;
            }
            done[i] = true;
            let w = if a == v { b } else { a };
            let mut item = format!("-{}:{{{w}}}", t[w]);
            if !seen[w] {
                let rest = walk(w, t, edges, done, seen);
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
    let (mut done, mut seen) = (vec![false; edges.len()], vec![false; tints.len()]);
    let mut pieces = Vec::new();
    for v in 0..tints.len() {
        if seen[v] {
            continue;
        }
        let items = walk(v, tints, edges, &mut done, &mut seen);
        let rest = match items.len() {
            0 => String::new(),
            1 => items[0].clone(),
            _ => format!("({})", items.join(";")),
        };
        pieces.push(format!("{}:{{{v}}}{rest}", tints[v]));
    }
    pieces.join(";")
}

/// Defines in the session a variable per position reached (colours: 0 none, 1 Left, 2
/// Right) holding {left options | right options} from the rules, and returns the name of
/// the variable of `colours`. A vertex tinted `L` counts as having a Left-coloured neighbour.
fn brute(
    s: &mut Session,
    graph: &(Vec<char>, Vec<(usize, usize)>),
    colours: &mut Vec<u8>,
    col: bool,
    names: &mut HashMap<Vec<u8>, String>,
) -> String {
    if let Some(name) = names.get(colours) {
        return name.clone();
    }
    let (tints, edges) = graph;
    let next_to = |colours: &[u8], v: usize, c: u8| {
        tints[v] == ['L', 'R'][c as usize - 1]
            || edges
                .iter()
                .any(|&(a, b)| (a == v && colours[b] == c) || (b == v && colours[a] == c))
    };
    let mut sides = [Vec::new(), Vec::new()];
    for (side, own, other) in [(0, 1u8, 2u8), (1, 2, 1)] {
        for v in 0..tints.len() {
            let forbidden = if col { own } else { other };
            if colours[v] != 0 || next_to(colours, v, forbidden) {
                continue;
            }
            colours[v] = own;
            let option = brute(s, graph, colours, col, names);
            colours[v] = 0;
            sides[side].push(option);
        }
    }
    let name = format!("s{}", names.len());
    run_text(
        s,
        &format!(
            "{name} = {{{} | {}}};",
            sides[0].join(", "),
            sides[1].join(", ")
        ),
    );
    names.insert(colours.clone(), name.clone());
    name
}

#[test]
fn random_graphs_match_the_rules_written_out() {
    let mut rng = Rng::xorshift64(1976);
    for col in [false, true] {
        let mut s = Session::new();
        for _ in 0..iterations(60) {
            let graph = random_graph(&mut rng);
            let mut names = HashMap::new();
            let expected = brute(&mut s, &graph, &mut vec![0; graph.0.len()], col, &mut names);
            let game = if col { "col" } else { "snort" };
            let check = format!(
                "{game}(\"{}\") == {expected}",
                graph_string(&graph.0, &graph.1)
            );
            assert_eq!(run_ok(&mut s, &check), "true", "{check}");
        }
    }
}

/// G + -G = 0 (the tints swapped), and the options' values in braces give the value, on
/// random graphs and random grids.
#[test]
fn negatives_cancel_and_options_give_the_value() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(11);
    for _ in 0..iterations(30) {
        let (tints, edges) = random_graph(&mut rng);
        let graph = graph_string(&tints, &edges);
        let grid: String = (0..2)
            .map(|_| {
                (0..3)
                    .map(|_| *rng.pick(&['.', '.', 'L', 'R', '#']))
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|");
        for g in [graph, grid] {
            let swapped: String = g
                .chars()
                .map(|c| match c {
                    'L' => 'R',
                    'R' => 'L',
                    c => c,
                })
                .collect();
            for game in ["snort", "col"] {
                let check = format!("{game}(\"{g}\") + {game}(\"{swapped}\") == 0");
                assert_eq!(run_ok(&mut s, &check), "true", "{check}");
                let check = format!("P = {game}(\"{g}\"); {{left(P) | right(P)}} == P");
                let got = run_text(&mut s, &check);
                assert_eq!(got.lines().last(), Some("true"), "{check}");
            }
        }
    }
}

#[test]
fn malformed_graphs_are_refused_at_the_character() {
    let mut s = Session::new();
    for (input, expected) in [
        ("snort(\".-.x\")", "unexpected `x` at character 4"),
        ("col(\".-.(-.;-.\")", "a `(` needs its `)`"),
        ("snort(\"L:A-.-:A\")", "labelled `L` before"),
        ("col(\"..|.\")", "row 2 of the board"),
        ("snort(\"..|.x\")", "unexpected `x` at character 5"),
        ("col(\".>.\")", "unexpected `>` at character 2"),
    ] {
        let err = run_text(&mut s, input);
        assert!(err.contains(expected), "{input}: {err}");
        let title = if input.starts_with("snort") {
            "Snort"
        } else {
            "Col"
        };
        assert!(err.contains(&format!("A {title} graph")), "{input}: {err}");
    }
    let big = vec!["."; 65].join("-");
    let err = run_text(&mut s, &format!("snort(\"{big}\")"));
    assert!(err.contains("more than the 64"), "{err}");
}
