//! Regio (`regio(...)`, Mäser, *Divide and conquer*, ch. 8) against the thesis and against an
//! independent oracle.
//!
//! The thesis fixes the 4x2 rectangle of Figure 8.7 at every search depth (8.4.4), its plain
//! canonical value (8.2.1) and the sum it equals; 8.4.3 lists the algebra every Regio value
//! obeys (`G + G = 0`, `G = -G`, leftscore = -rightscore >= 0, mean 0). The oracle here has its
//! own parser of grids and edge lists, its own graph (closed neighbourhoods as `u64` masks) and
//! a plain minimax with a memo; by 8.2.2 (no zugzwang in Regio) its value with Left (Right)
//! moving first is the leftscore (rightscore) of the mapped game. Everything is run through the
//! calculator (`Session`), never through `cgcalc::rulesets::regio`.

use std::collections::HashMap;

use crate::common::{Rng, iterations, run_ok, run_text};
use cgcalc::lang::Session;

// ---------------------------------------------------------------------------------------------
// The oracle: boards, parsing and minimax.
// ---------------------------------------------------------------------------------------------

/// A Regio position: each node's closed neighbourhood, the uncoloured nodes and the score so far.
#[derive(Clone, Debug)]
struct Board {
    closed: Vec<u64>,
    uncoloured: u64,
    score: i64,
}

impl Board {
    /// A grid: rows separated by `|`; `.` uncoloured, `L`/`R` coloured, `#` no node; orthogonal
    /// neighbours.
    fn grid(s: &str) -> Board {
        let rows: Vec<Vec<char>> = s.split('|').map(|r| r.chars().collect()).collect();
        let (h, w) = (rows.len(), rows[0].len());
        assert!(
            rows.iter().all(|r| r.len() == w),
            "test grid {s} is not rectangular"
        );
        assert!(h * w <= 64, "test grid {s} is too big for the oracle");
        let node = |r: usize, c: usize| rows[r][c] != '#';
        let mut closed = vec![0u64; h * w];
        let mut uncoloured = 0u64;
        let mut score = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                if cell == '#' {
                    continue;
                }
                let i = r * w + c;
                match cell {
                    '.' => uncoloured |= 1 << i,
                    'L' => score += 1,
                    'R' => score -= 1,
                    other => panic!("test grid {s} has {other:?}"),
                }
                closed[i] |= 1 << i;
                let near = [
                    (r > 0).then(|| (r - 1, c)),
                    (r + 1 < h).then(|| (r + 1, c)),
                    (c > 0).then(|| (r, c - 1)),
                    (c + 1 < w).then(|| (r, c + 1)),
                ];
                for (rr, cc) in near.into_iter().flatten() {
                    if node(rr, cc) {
                        closed[i] |= 1 << (rr * w + cc);
                    }
                }
            }
        }
        Board {
            closed,
            uncoloured,
            score,
        }
    }

    /// An edge list: tokens separated by spaces or commas, names in a token joined by `-` are
    /// a path, a lone name is a node.
    fn edges(s: &str) -> Board {
        let mut names: Vec<&str> = Vec::new();
        let mut pairs = Vec::new();
        for token in s.split([' ', ',']).filter(|t| !t.is_empty()) {
            let ids: Vec<usize> = token
                .split('-')
                .map(|n| match names.iter().position(|m| *m == n) {
                    Some(i) => i,
                    None => {
                        names.push(n);
                        names.len() - 1
                    }
                })
                .collect();
            pairs.extend(ids.windows(2).map(|w| (w[0], w[1])));
        }
        assert!(
            names.len() <= 64,
            "test graph {s} is too big for the oracle"
        );
        let mut closed: Vec<u64> = (0..names.len()).map(|i| 1u64 << i).collect();
        for (a, b) in pairs {
            closed[a] |= 1 << b;
            closed[b] |= 1 << a;
        }
        Board {
            uncoloured: closed.iter().fold(0, |acc, m| acc | m),
            closed,
            score: 0,
        }
    }

    fn nodes(&self) -> u32 {
        self.uncoloured.count_ones()
    }

    /// The components of the graph induced by the uncoloured nodes.
    fn components(&self) -> Vec<u64> {
        let mut out = Vec::new();
        let mut rest = self.uncoloured;
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            loop {
                let mut grown = comp;
                for v in ones(comp) {
                    grown |= self.closed[v] & rest;
                }
                if grown == comp {
                    break;
                }
                comp = grown;
            }
            rest &= !comp;
            out.push(comp);
        }
        out
    }

    /// The final score under optimal play from this position, `left` moving first, searching
    /// `depth` plies and counting the rest as the score so far.
    fn minimax(&self, left: bool, depth: u32) -> i64 {
        let mut memo = HashMap::new();
        self.score + self.gain(self.uncoloured, left, depth, &mut memo)
    }

    /// The score the rest of the game adds to the position whose uncoloured nodes are `set`.
    fn gain(
        &self,
        set: u64,
        left: bool,
        depth: u32,
        memo: &mut HashMap<(u64, bool, u32), i64>,
    ) -> i64 {
        // A game on `set` lasts at most |set| plies: deeper limits are the same search.
        let depth = depth.min(set.count_ones());
        if depth == 0 {
            return 0;
        }
        if let Some(&v) = memo.get(&(set, left, depth)) {
            return v;
        }
        let mut best = if left { i64::MIN } else { i64::MAX };
        for v in ones(set) {
            let taken = self.closed[v] & set;
            let c = i64::from(taken.count_ones());
            let after = self.gain(set & !taken, !left, depth - 1, memo);
            best = if left {
                best.max(c + after)
            } else {
                best.min(after - c)
            };
        }
        memo.insert((set, left, depth), best);
        best
    }
}

/// The set bits of `m`.
fn ones(m: u64) -> impl Iterator<Item = usize> {
    (0..64).filter(move |i| m >> i & 1 == 1)
}

/// More plies than any game on the oracle's boards lasts.
const EXACT: u32 = 64;

// ---------------------------------------------------------------------------------------------
// Random boards.
// ---------------------------------------------------------------------------------------------

/// Node names: letters, digits and `_`, none made only of `L`, `R`, `l`, `r` (a string of
/// such names would read as a grid).
const NAMES: [&str; 16] = [
    "a", "b", "c", "x1", "_q", "node7", "B", "c_2", "9", "zz", "Q_", "k0k", "m", "n3", "o_o", "p9",
];

/// A random edge list on up to `max` nodes (names from `NAMES`, prefixed with `prefix`):
/// random edges, sometimes written as paths, lone names for some nodes, shuffled tokens.
fn random_graph(rng: &mut Rng, max: usize, prefix: &str) -> String {
    let n = 1 + rng.below(max).max(rng.below(max));
    let names: Vec<String> = (0..n).map(|i| format!("{prefix}{}", NAMES[i])).collect();
    let density = [(1, 6), (1, 3), (1, 2), (4, 5)][rng.below(4)];
    let mut tokens = Vec::new();
    if n > 2 && rng.chance(1, 3) {
        let len = 2 + rng.below(n - 1);
        let path: Vec<&str> = (0..len).map(|_| names[rng.below(n)].as_str()).collect();
        tokens.push(path.join("-"));
    }
    for a in 0..n {
        for b in a + 1..n {
            if rng.chance(density.0, density.1) {
                let (x, y) = if rng.chance(1, 2) { (a, b) } else { (b, a) };
                tokens.push(format!("{}-{}", names[x], names[y]));
            }
        }
    }
    // Every node appears: as a lone name where no edge names it, and sometimes anyway.
    for name in &names {
        let named = tokens
            .iter()
            .any(|t| t.split('-').any(|part| part == name.as_str()));
        if !named || rng.chance(1, 4) {
            tokens.push(name.clone());
        }
    }
    for i in (1..tokens.len()).rev() {
        tokens.swap(i, rng.below(i + 1));
    }
    let sep = [" ", ", ", ",", "  "][rng.below(4)];
    tokens.join(sep)
}

/// A random grid of `rows` x `cols`: mostly `.`, some `#`, and with `coloured` some `L`/`R`.
fn random_cells(rng: &mut Rng, rows: usize, cols: usize, coloured: bool) -> Vec<String> {
    (0..rows)
        .map(|_| {
            (0..cols)
                .map(|_| match rng.below(12) {
                    0 | 1 => '#',
                    2 if coloured => 'L',
                    3 if coloured => 'R',
                    _ => '.',
                })
                .collect()
        })
        .collect()
}

/// A random grid of up to `rows` x `cols` cells, larger sizes likelier.
fn random_grid_of(rng: &mut Rng, rows: usize, cols: usize, coloured: bool) -> String {
    let rows = 1 + rng.below(rows).max(rng.below(rows));
    let cols = 1 + rng.below(cols).max(rng.below(cols));
    random_cells(rng, rows, cols, coloured).join("|")
}

/// A random grid of up to 3 x 4 cells.
fn random_grid(rng: &mut Rng, coloured: bool) -> String {
    random_grid_of(rng, 3, 4, coloured)
}

/// A calculator string literal.
fn lit(board: &str) -> String {
    format!("\"{board}\"")
}

/// Binds `name` to `expr` silently (panics on an error).
fn bind(s: &mut Session, name: &str, expr: &str) {
    let out = run_text(s, &format!("{name} = {expr};"));
    assert!(out.is_empty(), "{name} = {expr}: {out}");
}

/// Asserts that the calculator says `true` for each of `checks` (about `what`).
fn assert_all_true(s: &mut Session, what: &str, checks: &[String]) {
    for check in checks {
        assert_eq!(run_ok(s, check), "true", "{what}: {check}");
    }
}

/// The integer `expr` prints (stops and temperatures of Regio values are integers).
fn int(s: &mut Session, expr: &str) -> i64 {
    let out = run_ok(s, expr);
    out.parse()
        .unwrap_or_else(|_| panic!("{expr} printed {out}, not an integer"))
}

// ---------------------------------------------------------------------------------------------
// 1. Figure 8.7 (thesis 8.4.4, in the Regio section 8.4; the mappings of 8.2.1 and 8.2.3).
// ---------------------------------------------------------------------------------------------

/// The 4x2 rectangle at search depths 1 to 4 and exactly, with the stops and temperatures the
/// thesis lists, the sum it equals and its plain canonical value.
#[test]
fn figure_8_7_four_by_two_rectangle() {
    let mut s = Session::new();
    let board = lit("..|..|..|..");
    // (depth, value as the thesis prints it, leftscore, rightscore, temperature)
    let rows = [
        ("1", "{4|-4}", 4, -4, 4),
        ("2", "{7|1||-1|-7}", 1, -1, 4),
        ("3", "{8|6||2|0|||0|-2||-6|-8}", 2, -2, 4),
        ("4", "{8|6||2|0|||0|-2||-6|-8}", 2, -2, 4),
        ("-1", "{8|6||2|0|||0|-2||-6|-8}", 2, -2, 4),
    ];
    for (depth, value, l0, r0, t0) in rows {
        let g = format!("regio({board}, {depth})");
        assert_eq!(run_ok(&mut s, &format!("{g} == {value}")), "true", "{g}");
        assert_eq!(int(&mut s, &format!("lstop({g})")), l0, "leftscore of {g}");
        assert_eq!(int(&mut s, &format!("rstop({g})")), r0, "rightscore of {g}");
        assert_eq!(int(&mut s, &format!("temp({g})")), t0, "temperature of {g}");
    }
    // The default is the exact rcf value, printed as the calculator writes it; depths 1 and 2
    // in the calculator's notation too.
    assert_eq!(run_ok(&mut s, &format!("regio({board})")), "+-{8|6||2|0}");
    for (depth, value) in [("1", "+-4"), ("2", "+-{7|1}"), ("3", "+-{8|6||2|0}")] {
        let g = format!("regio({board}, {depth})");
        assert_eq!(run_ok(&mut s, &format!("{g} == {value}")), "true", "{g}");
        assert_eq!(run_ok(&mut s, &g), value, "{g}");
    }
    // "Note that the value of game G is equal to the sum {4|-4} + {3|-3} + {1|-1}."
    bind(&mut s, "g", &format!("regio({board})"));
    bind(&mut s, "total", "{4|-4} + {3|-3} + {1|-1}");
    assert_eq!(run_ok(&mut s, "g == total"), "true");
    assert_eq!(run_ok(&mut s, "mean(g)"), "0");
    // The plain canonical value (8.2.1), as the thesis prints it.
    let canonical = "{6,{8|6},{8,{8|6}|2,{4|2}} | 2,{2|0},{6,{6|4}|0,{2|0}} \
                     || -2,{0|-2},{0,{0|-2}|-6,{-4|-6}} | -6,{-6|-8},{-2,{-2|-4}|-8,{-6|-8}}}";
    bind(&mut s, "c", &format!("regio({board}, -1, \"canonical\")"));
    assert_eq!(run_ok(&mut s, &format!("c == {canonical}")), "true");
    // It is only infinitesimally close to the rcf value: not equal, same stops, and its reduced
    // canonical form is the rcf value (8.2.3).
    assert_eq!(run_ok(&mut s, "c == total"), "false");
    assert_eq!(run_ok(&mut s, "isinfinitesimal(c - total)"), "true");
    assert_eq!(run_ok(&mut s, "isinfinitesimal(c - g)"), "true");
    assert_eq!(run_ok(&mut s, "rcf(c) == g"), "true");
    assert_eq!(int(&mut s, "lstop(c)"), 2);
    assert_eq!(int(&mut s, "rstop(c)"), -2);
    assert_eq!(run_ok(&mut s, "outcome(g)"), "N");
}

// ---------------------------------------------------------------------------------------------
// 2. The algebra of Regio values (thesis 8.4.3).
// ---------------------------------------------------------------------------------------------

/// The identities of 8.4.3 for `board` (a fresh position: no score so far), under the rcf
/// mapping at exact depth, at a random depth, and under the plain canonical mapping.
fn check_algebra(s: &mut Session, rng: &mut Rng, board: &str) {
    let depth = 1 + rng.below(4);
    for expr in [
        format!("regio({})", lit(board)),
        format!("regio({}, {depth})", lit(board)),
        format!("regio({}, -1, \"canonical\")", lit(board)),
    ] {
        bind(s, "g", &expr);
        assert_all_true(
            s,
            &expr,
            &[
                "g + g == 0".into(),
                "g == -g".into(),
                "lstop(g) == -rstop(g)".into(),
                "mean(g) == 0".into(),
            ],
        );
        let l0 = int(s, "lstop(g)");
        assert!(l0 >= 0, "{expr}: leftscore {l0} < 0");
    }
}

#[test]
fn algebra_on_random_fresh_graphs() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(8431);
    for _ in 0..iterations(500) {
        let board = random_graph(&mut rng, 9, "");
        check_algebra(&mut s, &mut rng, &board);
    }
}

#[test]
fn algebra_on_random_fresh_grids() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(8432);
    for _ in 0..iterations(500) {
        let board = random_grid(&mut rng, false);
        check_algebra(&mut s, &mut rng, &board);
    }
}

// ---------------------------------------------------------------------------------------------
// 3. Leftscore and rightscore against minimax (thesis 8.2.2, 8.4.2).
// ---------------------------------------------------------------------------------------------

/// The oracle's minimax values (Left first, Right first) against `lstop`/`rstop` of the exact
/// value under both mappings; for a position whose uncoloured part is connected, also the
/// depth-limited minimax against the depth-`d` value (LocalHSearch, 8.3.2, evaluates the rest
/// as the score so far). Returns the number of comparisons.
fn check_minimax(s: &mut Session, rng: &mut Rng, text: &str, oracle: &Board) -> usize {
    let b = lit(text);
    let l0 = oracle.minimax(true, EXACT);
    let r0 = oracle.minimax(false, EXACT);
    // Proposition 8.3 and equation 8.1 on the oracle's side: a sanity check of the oracle.
    assert!(
        l0 >= oracle.score && r0 <= oracle.score,
        "{text}: {l0} {r0}"
    );
    assert_eq!(l0 - oracle.score, oracle.score - r0, "{text}: 8.1");
    let mut compared = 0;
    for expr in [
        format!("regio({b})"),
        format!("regio({b}, -1, \"canonical\")"),
    ] {
        bind(s, "g", &expr);
        assert_eq!(
            int(s, "lstop(g)"),
            l0,
            "{expr}: leftscore vs minimax, Left first"
        );
        assert_eq!(
            int(s, "rstop(g)"),
            r0,
            "{expr}: rightscore vs minimax, Right first"
        );
        compared += 2;
    }
    if oracle.components().len() == 1 {
        let d = 1 + rng.below(oracle.nodes() as usize);
        bind(s, "g", &format!("regio({b}, {d})"));
        let (l, r) = (
            oracle.minimax(true, d as u32),
            oracle.minimax(false, d as u32),
        );
        assert_eq!(
            int(s, "lstop(g)"),
            l,
            "regio({b}, {d}): leftscore vs minimax"
        );
        assert_eq!(
            int(s, "rstop(g)"),
            r,
            "regio({b}, {d}): rightscore vs minimax"
        );
        compared += 2;
    }
    compared
}

#[test]
fn stops_equal_minimax_on_random_graphs() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(8221);
    let mut compared = 0;
    for _ in 0..iterations(600) {
        let text = random_graph(&mut rng, 10, "");
        compared += check_minimax(&mut s, &mut rng, &text, &Board::edges(&text));
    }
    assert!(compared >= iterations(600) * 4);
}

#[test]
fn stops_equal_minimax_on_random_grids_with_coloured_nodes() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(8222);
    let mut scored = 0;
    for i in 0..iterations(600) {
        // Half of them up to 3x4, the rest up to 4x4 (16 cells).
        let text = if i % 2 == 0 {
            random_grid(&mut rng, true)
        } else {
            random_grid_of(&mut rng, 4, 4, true)
        };
        let oracle = Board::grid(&text);
        scored += usize::from(oracle.score != 0);
        check_minimax(&mut s, &mut rng, &text, &oracle);
    }
    // The score so far must have been exercised.
    assert!(
        scored * 4 >= iterations(600),
        "only {scored} boards carried a score"
    );
}

/// Bigger boards, fewer of them: graphs of 11 to 16 nodes and grids of up to 4 x 5 cells.
#[test]
fn stops_equal_minimax_on_larger_boards() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(8223);
    for i in 0..iterations(80) {
        let (text, oracle) = if i % 2 == 0 {
            let mut text = random_graph(&mut rng, 16, "");
            while Board::edges(&text).nodes() < 11 {
                text = random_graph(&mut rng, 16, "");
            }
            let oracle = Board::edges(&text);
            (text, oracle)
        } else {
            let text = random_cells(&mut rng, 4, 5, true).join("|");
            let oracle = Board::grid(&text);
            (text, oracle)
        };
        check_minimax(&mut s, &mut rng, &text, &oracle);
    }
}

/// Small graphs whose minimax values are easy by hand. In the spirit of Figure 8.4 (8.4.2): on
/// the path a-b-c-d-e the moves to b and to c both colour three nodes, but only c wins 3 (b
/// leaves d-e to Right, for 1).
#[test]
fn stops_of_small_known_graphs() {
    let mut s = Session::new();
    for (text, l0) in [
        ("a", 1),
        ("a b", 0),
        ("a-b", 2),
        ("a-b-c", 3),
        ("a-b-c-d", 2),
        ("a-b-c-d-e", 3),
        ("c-a c-b c-d c-e c-f", 6),
        ("a-b b-c c-a d", 2),
    ] {
        let oracle = Board::edges(text);
        assert_eq!(oracle.minimax(true, EXACT), l0, "oracle on {text}");
        assert_eq!(
            int(&mut s, &format!("lstop(regio({}))", lit(text))),
            l0,
            "{text}"
        );
        assert_eq!(
            int(&mut s, &format!("rstop(regio({}))", lit(text))),
            -l0,
            "{text}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 4. Separate regions add (thesis 8.4.1: Regio decomposes into independent subgames).
// ---------------------------------------------------------------------------------------------

#[test]
fn separated_grid_regions_add() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(8411);
    for _ in 0..iterations(300) {
        let rows = 1 + rng.below(3);
        let (ca, cb) = (1 + rng.below(3), 1 + rng.below(3));
        let a = random_cells(&mut rng, rows, ca, true);
        let b = random_cells(&mut rng, rows, cb, true);
        // The separating column: no nodes, or coloured nodes (which carry no moves but count).
        let sep: Vec<char> = (0..rows)
            .map(|_| *rng.pick(&['#', '#', 'L', 'R']))
            .collect();
        let sep_score: i64 = sep
            .iter()
            .map(|c| match c {
                'L' => 1,
                'R' => -1,
                _ => 0,
            })
            .sum();
        let whole: Vec<String> = (0..rows)
            .map(|r| format!("{}{}{}", a[r], sep[r], b[r]))
            .collect();
        let (a, b, whole) = (lit(&a.join("|")), lit(&b.join("|")), lit(&whole.join("|")));
        let d = 1 + rng.below(4);
        assert_all_true(
            &mut s,
            &whole,
            &[
                format!("regio({whole}) == regio({a}) + regio({b}) + {sep_score}"),
                format!("regio({whole}, {d}) == regio({a}, {d}) + regio({b}, {d}) + {sep_score}"),
                format!(
                    "regio({whole}, -1, \"canonical\") == \
                     regio({a}, -1, \"canonical\") + regio({b}, -1, \"canonical\") + {sep_score}"
                ),
            ],
        );
    }
}

#[test]
fn disconnected_edge_lists_add() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(8412);
    for _ in 0..iterations(300) {
        let a = random_graph(&mut rng, 6, "p");
        let b = random_graph(&mut rng, 6, "q");
        let whole = if rng.chance(1, 2) {
            format!("{a} {b}")
        } else {
            format!("{b},{a}")
        };
        let (a, b, whole) = (lit(&a), lit(&b), lit(&whole));
        let d = 1 + rng.below(4);
        assert_all_true(
            &mut s,
            &whole,
            &[
                format!("regio({whole}) == regio({a}) + regio({b})"),
                format!("regio({whole}, {d}) == regio({a}, {d}) + regio({b}, {d})"),
                format!(
                    "regio({whole}, -1, \"canonical\") == \
                     regio({a}, -1, \"canonical\") + regio({b}, -1, \"canonical\")"
                ),
            ],
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 5. Depth semantics (LocalHSearch, thesis 8.3.2 and Figure 8.7).
// ---------------------------------------------------------------------------------------------

/// Depth 0 is the score so far; depth 1 lets one player make one move in each region, worth
/// the biggest closed neighbourhood there; any depth of at least the number of uncoloured nodes
/// is exact, under both mappings.
fn check_depths(s: &mut Session, rng: &mut Rng, text: &str, oracle: &Board) {
    let b = lit(text);
    let n = oracle.nodes() as usize;
    assert_eq!(
        int(s, &format!("regio({b}, 0)")),
        oracle.score,
        "regio({b}, 0)"
    );
    let mut depth1 = format!("{}", oracle.score);
    for comp in oracle.components() {
        let m = ones(comp)
            .map(|v| (oracle.closed[v] & oracle.uncoloured).count_ones())
            .max()
            .unwrap();
        depth1.push_str(&format!(" + {{{m}|-{m}}}"));
    }
    assert_eq!(
        run_ok(s, &format!("regio({b}, 1) == {depth1}")),
        "true",
        "regio({b}, 1) vs {depth1}"
    );
    bind(s, "exact", &format!("regio({b})"));
    bind(s, "exactc", &format!("regio({b}, -1, \"canonical\")"));
    let mut depths = vec![n, n + 1, n + 1 + rng.below(5), 1000];
    depths.dedup();
    for d in depths {
        assert_eq!(
            run_ok(s, &format!("regio({b}, {d}) == exact")),
            "true",
            "regio({b}, {d}) with {n} uncoloured nodes"
        );
        assert_eq!(
            run_ok(s, &format!("regio({b}, {d}, \"canonical\") == exactc")),
            "true",
            "regio({b}, {d}, \"canonical\") with {n} uncoloured nodes"
        );
    }
}

#[test]
fn depth_zero_one_and_deep_enough() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(832);
    for i in 0..iterations(400) {
        let text = if i % 2 == 0 {
            random_graph(&mut rng, 9, "")
        } else {
            random_grid(&mut rng, true)
        };
        let oracle = if i % 2 == 0 {
            Board::edges(&text)
        } else {
            Board::grid(&text)
        };
        check_depths(&mut s, &mut rng, &text, &oracle);
    }
    // The 4x2 rectangle: 8 nodes, but every line of play ends within 4 plies (Figure 8.7).
    let fig = lit("..|..|..|..");
    for d in [4, 5, 8, 9, 1000] {
        assert_eq!(
            run_ok(&mut s, &format!("regio({fig}, {d}) == regio({fig})")),
            "true",
            "depth {d}"
        );
    }
}

// ---------------------------------------------------------------------------------------------
// 6. Errors: a message with a caret under the offending argument, never a panic.
// ---------------------------------------------------------------------------------------------

/// Runs `src` and asserts a rendered error whose message contains `message` and whose carets
/// underline exactly `arg` (the first occurrence of `arg` in `src`).
fn assert_error_at(s: &mut Session, src: &str, arg: &str, message: &str) {
    let out = run_text(s, src);
    let lines: Vec<&str> = out.lines().collect();
    assert!(
        lines.first().is_some_and(|l| l.contains("error")),
        "{src}: expected an error, got {out}"
    );
    assert!(lines[0].contains(message), "{src}: message {out}");
    let caret = lines
        .iter()
        .position(|l| l.contains('^'))
        .unwrap_or_else(|| panic!("{src}: no caret in {out}"));
    assert!(caret >= 1, "{src}: caret line first in {out}");
    let echo = lines[caret - 1];
    let start = echo
        .find(src)
        .unwrap_or_else(|| panic!("{src}: not echoed in {out}"));
    let want = start + src[..src.find(arg).unwrap()].chars().count();
    let carets = lines[caret];
    let at = carets.chars().position(|c| c == '^').unwrap();
    let len = carets.chars().filter(|&c| c == '^').count();
    assert_eq!(
        (at, len),
        (want, arg.chars().count()),
        "{src}: carets should underline {arg}:\n{out}"
    );
}

#[test]
fn malformed_boards_are_errors_with_a_caret() {
    let mut s = Session::new();
    for (src, arg, message) in [
        // Grids must be rectangular.
        (r#"regio("..|.")"#, r#""..|.""#, "rectangular"),
        (r#"regio("...|..")"#, r#""...|..""#, "rectangular"),
        (r#"regio(".|..|.")"#, r#"".|..|.""#, "rectangular"),
        ("regio(\"##|#\")", "\"##|#\"", "rectangular"),
        // Bad characters.
        (r#"regio("..|x.")"#, r#""..|x.""#, "unexpected `x` in row 2"),
        (
            r#"regio(".#.|..?")"#,
            r#"".#.|..?""#,
            "unexpected `?` in row 2",
        ),
        (r#"regio("a-b c!")"#, r#""a-b c!""#, "not a node name"),
        (r#"regio("a-é")"#, r#""a-é""#, "not a node name"),
        // A `.` makes a grid: its letters are then the error.
        (r#"regio("a.b")"#, r#""a.b""#, "unexpected `a` in row 1"),
        // Bad node names.
        (r#"regio("a-")"#, r#""a-""#, "not a node name"),
        (r#"regio("-b")"#, r#""-b""#, "not a node name"),
        (r#"regio("a--b")"#, r#""a--b""#, "not a node name"),
        (r#"regio("a-b b-")"#, r#""a-b b-""#, "not a node name"),
        (r#"regio("-")"#, r#""-""#, "not a node name"),
        // Nothing at all.
        (r#"regio("")"#, r#""""#, "expected a grid"),
        (r#"regio("  ")"#, r#""  ""#, "expected a grid"),
        // Not a string.
        (r#"regio(3)"#, "3", "board"),
    ] {
        assert_error_at(&mut s, src, arg, message);
    }
}

#[test]
fn bad_depth_arguments_are_errors_with_a_caret() {
    let mut s = Session::new();
    let expected = "depth in plies";
    for (src, arg) in [
        (r#"regio("..", "x")"#, r#""x""#),
        (r#"regio("..", 1001)"#, "1001"),
        (r#"regio("..", -2)"#, "-2"),
        (r#"regio("..", 1/2)"#, "1/2"),
        (r#"regio("..", *)"#, "*"),
        (
            r#"regio("..", 99999999999999999999999)"#,
            "99999999999999999999999",
        ),
        (r#"regio("..", "Canonical")"#, r#""Canonical""#),
        (r#"regio("..", 1, "x")"#, r#""x""#),
        (r#"regio("..", "canonical", 5000)"#, "5000"),
    ] {
        assert_error_at(&mut s, src, arg, expected);
    }
    // Too many arguments: the whole call is underlined.
    assert_error_at(
        &mut s,
        r#"regio("..", 1, 2, 3)"#,
        r#"regio("..", 1, 2, 3)"#,
        "1 to 3 arguments",
    );
    // The session goes on after errors; the limits themselves are accepted.
    assert_eq!(
        run_ok(&mut s, r#"regio("..", 1000) == regio("..")"#),
        "true"
    );
    assert_eq!(run_ok(&mut s, r#"regio("..", 0)"#), "0");
    assert_eq!(run_ok(&mut s, r#"regio("..", -1)"#), "+-2");
    assert_eq!(run_ok(&mut s, r#"regio("..", "canonical", 1)"#), "+-2");
}

/// Thesis 8.4.5: the experiment's boards are seeded 15x15 grids split into local games no
/// larger than the size drawn for the board, the same for the same seed; both players finish
/// the game with every node coloured (the final score has the parity of the node count).
#[test]
fn experiment_boards_and_games() {
    use cgcalc::rulesets::regio_experiment::{divided_board, run};
    let board = divided_board(3);
    assert_eq!(board, divided_board(3));
    assert_eq!(board.split('|').count(), 15);
    let nodes = board.chars().filter(|&c| c == '.').count();
    let regions = run(3);
    assert!(regions.local_games >= 2, "{board}");
    for score in [regions.hot_score, regions.ab_score, regions.thermo_score] {
        assert!(score.unsigned_abs() as usize <= nodes);
        assert_eq!(
            (score - nodes as i64).rem_euclid(2),
            0,
            "{score} of {nodes} nodes"
        );
    }
    assert!(regions.hot_nodes > 0 && regions.ab_nodes > 0);
}
