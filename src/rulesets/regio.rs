//! Regio (Mäser, *Divide and conquer*, ch. 8): two players on an undirected graph; a move
//! colours an uncoloured node and all its uncoloured neighbours, and the score is Left's
//! coloured nodes minus Right's. A zero-sum game without zugzwang, mapped to a combinatorial
//! game (thesis 8.2): a finished position is the number of its score, and an interior one the
//! reduced canonical form of `{G^L | G^R}` (8.2.3; the plain canonical form on request).
//!
//! A position is the score so far plus the uncoloured part, a set of nodes; colouring `v`
//! scores the uncoloured nodes of its closed neighbourhood and removes them. The uncoloured
//! part splits into the components of the graph it induces, valued separately and added.
//! LocalHSearch (8.3.2) stops at a depth limit, counted in plies, and evaluates the rest as 0
//! (the current score): depth 1 lets one player move (Figure 8.7: `{4|-4}` for the 4x2 grid).

use std::fmt::Write;

use rustc_hash::FxHashMap;

use super::grid::{Bits, Wide, board_rows, square_name};
use crate::analysis::{Analysis, AnalysisCaches};
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::function;
use crate::game::{Arena, GameId, Outcome};
use crate::search::budget::{Meter, Usage};
use crate::search::{Budget, MoveRow, Player, Position, PositionValue, SearchEnv, SearchStats};

/// Most nodes of a graph.
pub const MAX_NODES: usize = 256;

/// How interior positions are mapped to games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Mapping {
    /// The reduced canonical form (thesis 8.2.3): options that only fight for the last move go.
    Reduced,
    /// The plain canonical form (thesis 8.2.1).
    Canonical,
}

/// A Regio graph: each node's closed neighbourhood, its name, and the grid it came from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Graph {
    closed: Vec<Wide>,
    names: Vec<String>,
    /// Rows and columns when the graph is a grid (node r * cols + c).
    grid: Option<(usize, usize)>,
}

/// A Regio position: a graph, its uncoloured nodes and the score so far.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Regio {
    graph: Graph,
    uncoloured: Wide,
    score: i64,
}

impl Regio {
    /// Parses a grid (`.` uncoloured, `L`/`R` coloured by Left/Right, `#` no node; rows
    /// separated by `|`, orthogonal neighbours) or an edge list (`a-b b-c c`: names joined by
    /// `-` are neighbours, a lone name is a node; separated by spaces or commas).
    pub fn parse(s: &str) -> Result<Regio, String> {
        // Edge lists never hold `.`, `#` or `|`; a string of grid letters only (`LL`, a grid of
        // coloured cells) is a grid too, so node names made of L and R alone read as grids.
        let grid_letters =
            !s.trim().is_empty() && s.trim().chars().all(|c| ".#LRlr|\n".contains(c));
        if s.contains(['.', '#', '|']) || grid_letters {
            Regio::parse_grid(s)
        } else {
            Regio::parse_edges(s)
        }
    }

    fn parse_grid(s: &str) -> Result<Regio, String> {
        let (rows, cols) = board_rows(s, MAX_NODES)?;
        let n = rows.len() * cols;
        let mut present = Wide::EMPTY;
        let mut uncoloured = Wide::EMPTY;
        let mut score = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                let i = r * cols + c;
                match ch {
                    '.' => uncoloured = uncoloured.or(Wide::bit(i)),
                    'L' | 'l' => score += 1,
                    'R' | 'r' => score -= 1,
                    '#' => continue,
                    other => {
                        return Err(format!(
                            "unexpected `{other}` in row {}: use `.` for an uncoloured node, `L`/`R` for coloured ones and `#` for no node",
                            r + 1
                        ));
                    }
                }
                present = present.or(Wide::bit(i));
            }
        }
        let mut closed = vec![Wide::EMPTY; n];
        for (i, slot) in closed.iter_mut().enumerate() {
            if !present.has(i) {
                continue;
            }
            let (r, c) = (i / cols, i % cols);
            let mut nb = Wide::bit(i);
            let mut near = |j: usize| {
                if present.has(j) {
                    nb = nb.or(Wide::bit(j));
                }
            };
            if r > 0 {
                near(i - cols);
            }
            if r + 1 < rows.len() {
                near(i + cols);
            }
            if c > 0 {
                near(i - 1);
            }
            if c + 1 < cols {
                near(i + 1);
            }
            *slot = nb;
        }
        let names = (0..n)
            .map(|i| cell_name(i / cols, i % cols, rows.len(), cols))
            .collect();
        Ok(Regio {
            graph: Graph {
                closed,
                names,
                grid: Some((rows.len(), cols)),
            },
            uncoloured,
            score,
        })
    }

    fn parse_edges(s: &str) -> Result<Regio, String> {
        let mut names: Vec<String> = Vec::new();
        let mut edges = Vec::new();
        let index = |name: &str, names: &mut Vec<String>| -> Result<usize, String> {
            if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
                return Err(format!(
                    "`{name}` is not a node name (letters, digits and _), in an edge list such as \"a-b b-c c\""
                ));
            }
            Ok(match names.iter().position(|n| n == name) {
                Some(i) => i,
                None => {
                    names.push(name.to_string());
                    names.len() - 1
                }
            })
        };
        for token in s.split([' ', ',', '\n', '\t']).filter(|t| !t.is_empty()) {
            let parts: Vec<&str> = token.split('-').collect();
            let ids = parts
                .iter()
                .map(|p| index(p, &mut names))
                .collect::<Result<Vec<_>, _>>()?;
            for w in ids.windows(2) {
                edges.push((w[0], w[1]));
            }
        }
        if names.is_empty() {
            return Err(
                "expected a grid such as \"..|..\" or an edge list such as \"a-b b-c\"".into(),
            );
        }
        if names.len() > MAX_NODES {
            return Err(format!(
                "the graph has {} nodes; at most {MAX_NODES} fit",
                names.len()
            ));
        }
        let mut closed: Vec<Wide> = (0..names.len()).map(Wide::bit).collect();
        for (a, b) in edges {
            closed[a] = closed[a].or(Wide::bit(b));
            closed[b] = closed[b].or(Wide::bit(a));
        }
        Ok(Regio {
            uncoloured: Wide::first(names.len()),
            graph: Graph {
                closed,
                names,
                grid: None,
            },
            score: 0,
        })
    }

    /// The score so far (Left's coloured nodes minus Right's).
    pub fn score(&self) -> i64 {
        self.score
    }

    /// The uncoloured nodes.
    pub fn uncoloured(&self) -> Wide {
        self.uncoloured
    }

    /// The uncoloured nodes `v` would colour.
    pub fn colours(&self, v: usize) -> Wide {
        self.graph.closed[v].and(self.uncoloured)
    }

    /// The position after `player` colours `v`.
    pub fn after(&self, v: usize, player: Player) -> Regio {
        let taken = self.colours(v);
        let c = taken.count() as i64;
        Regio {
            graph: self.graph.clone(),
            uncoloured: self.uncoloured.and_not(taken),
            score: self.score + if player == Player::Left { c } else { -c },
        }
    }

    /// The name of node `v` (a square such as `b3` on grids).
    pub fn name(&self, v: usize) -> &str {
        &self.graph.names[v]
    }

    /// The position as text: the grid with `L`/`R` for nodes whose colour the score counts
    /// (only their number matters) or the edge list.
    pub fn describe(&self) -> String {
        let prefix = if self.score != 0 {
            format!("score {} + ", self.score)
        } else {
            String::new()
        };
        match self.graph.grid {
            Some((rows, cols)) => {
                let mut out = String::new();
                for r in 0..rows {
                    if r > 0 {
                        out.push('|');
                    }
                    for c in 0..cols {
                        let i = r * cols + c;
                        out.push(if self.uncoloured.has(i) {
                            '.'
                        } else if self.graph.closed[i].is_empty() {
                            '#'
                        } else {
                            'o'
                        });
                    }
                }
                format!("{prefix}{out}")
            }
            None => {
                let live: Vec<&str> = self
                    .uncoloured
                    .ones()
                    .map(|v| self.graph.names[v].as_str())
                    .collect();
                format!("{prefix}uncoloured {}", live.join(" "))
            }
        }
    }

    /// The components of the graph induced by `set`.
    pub fn components(&self, set: Wide) -> Vec<Wide> {
        let mut out = Vec::new();
        let mut rest = set;
        while let Some(start) = rest.lowest() {
            let mut comp = Wide::bit(start);
            let mut frontier = comp;
            while let Some(v) = frontier.lowest() {
                frontier = frontier.and_not(Wide::bit(v));
                let new = self.graph.closed[v].and(rest).and_not(comp);
                comp = comp.or(new);
                frontier = frontier.or(new);
            }
            rest = rest.and_not(comp);
            out.push(comp);
        }
        out
    }
}

/// A set of nodes as a table key: on grids the set moved to the top left corner and turned
/// to the least of its eight images (rotations and reflections keep orthogonal neighbours), as
/// its bounding box's height, width and cells row by row; on other graphs the set itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Shape(u16, u16, Wide);

impl Regio {
    fn shape(&self, set: Wide) -> Shape {
        let Some((_, cols)) = self.graph.grid else {
            return Shape(0, 0, set);
        };
        let cells: Vec<(usize, usize)> = set.ones().map(|i| (i / cols, i % cols)).collect();
        let (r0, c0) = cells
            .iter()
            .fold((usize::MAX, usize::MAX), |(r, c), &(a, b)| {
                (r.min(a), c.min(b))
            });
        let h = cells.iter().map(|&(r, _)| r - r0 + 1).max().unwrap_or(0);
        let w = cells.iter().map(|&(_, c)| c - c0 + 1).max().unwrap_or(0);
        let mut best: Option<Shape> = None;
        for t in 0..8 {
            let (th, tw) = if t & 4 == 0 { (h, w) } else { (w, h) };
            let mut bits = Wide::EMPTY;
            for &(r, c) in &cells {
                let (mut y, mut x) = (r - r0, c - c0);
                if t & 1 != 0 {
                    y = h - 1 - y;
                }
                if t & 2 != 0 {
                    x = w - 1 - x;
                }
                if t & 4 != 0 {
                    std::mem::swap(&mut y, &mut x);
                }
                bits = bits.or(Wide::bit(y * tw + x));
            }
            let s = Shape(th as u16, tw as u16, bits);
            best = Some(best.map_or(s, |b| b.min(s)));
        }
        best.unwrap_or(Shape(0, 0, Wide::EMPTY))
    }
}

/// A grid cell's name: chess style (`a1` bottom left) on grids up to 26 columns, else `r3c4`.
fn cell_name(r: usize, c: usize, rows: usize, cols: usize) -> String {
    if cols <= 26 {
        square_name(c, rows - 1 - r)
    } else {
        format!("r{}c{}", r + 1, c + 1)
    }
}

/// Values of node sets by shape and depth.
pub type ShapeTable = FxHashMap<(Shape, u32), GameId>;

/// LocalHSearch over the uncoloured part of a Regio position.
pub struct RegioSearch<'a> {
    analysis: Analysis<'a>,
    position: &'a Regio,
    mapping: Mapping,
    /// Values by shape (grids: up to the eight symmetries of the square) and depth.
    table: ShapeTable,
    meter: Meter,
}

/// Depth for "no limit".
const EXACT: u32 = u32::MAX;

impl<'a> RegioSearch<'a> {
    pub fn new(
        arena: &'a mut Arena,
        caches: &'a mut AnalysisCaches,
        position: &'a Regio,
        mapping: Mapping,
        budget: Budget,
    ) -> Self {
        RegioSearch {
            analysis: Analysis::new(arena, caches),
            position,
            mapping,
            table: FxHashMap::default(),
            meter: Meter::new(budget).checking_every_node(),
        }
    }

    /// The value of the uncoloured nodes `set` searched `depth` plies deep (`None`: exactly):
    /// the sum of its components' values. Exact values split again wherever a move separates
    /// the graph; a depth-limited search keeps each root component whole, so that its depth
    /// counts the plies of that local game (thesis 8.3.2, Figure 8.7).
    pub fn value(&mut self, set: Wide, depth: Option<u32>) -> GameId {
        let depth = depth.unwrap_or(EXACT);
        let mut acc = self.analysis.arena.zero();
        for comp in self.position.components(set) {
            let v = self.component(comp, depth);
            acc = self.analysis.arena.add(acc, v);
        }
        acc
    }

    /// The value of `set` after a move, `depth` plies left.
    fn rest(&mut self, set: Wide, depth: u32) -> GameId {
        if depth == EXACT {
            self.value(set, None)
        } else {
            self.component(set, depth)
        }
    }

    /// The value of `set` (one component, or several when a depth-limited search keeps a
    /// local game whole) with `depth` plies left.
    fn component(&mut self, set: Wide, depth: u32) -> GameId {
        if set.is_empty() || depth == 0 {
            return self.analysis.arena.zero();
        }
        let shape = self.position.shape(set);
        if let Some(&v) = self.table.get(&(shape, depth)) {
            self.meter.stats.table_hits += 1;
            return v;
        }
        self.tick();
        let next = if depth == EXACT { EXACT } else { depth - 1 };
        let (mut left, mut right) = (Vec::new(), Vec::new());
        for v in set.ones() {
            let taken = self.position.graph.closed[v].and(set);
            let c = self.analysis.arena.integer(taken.count() as i64);
            let mut rest = self.rest(set.and_not(taken), next);
            if self.mapping == Mapping::Reduced {
                // A sum of reduced parts is reduced again: the same game up to infinitesimals,
                // which the reduced form of the whole ignores, and much smaller to work with.
                rest = self.analysis.rcf(rest);
            }
            left.push(self.analysis.arena.add(c, rest));
            let neg = self.analysis.arena.neg(c);
            right.push(self.analysis.arena.add(neg, rest));
        }
        let g = self.analysis.arena.game(left, right);
        let g = match self.mapping {
            Mapping::Reduced => self.analysis.rcf(g),
            Mapping::Canonical => g,
        };
        crate::game::memory::reserve_map(&mut self.table, 1, "the Regio table");
        self.table.insert((shape, depth), g);
        g
    }

    /// Counts a node and enforces the budget, at every node (see
    /// [`Meter::checking_every_node`]).
    fn tick(&mut self) {
        let (arena, table) = (&*self.analysis.arena, &self.table);
        self.meter.tick(|| Usage {
            table_entries: table.len(),
            arena_games: arena.len(),
            bytes: arena.approx_bytes()
                + crate::game::memory::map_bytes::<(Shape, u32), GameId>(table.capacity()),
        });
    }

    /// The arena the values live in.
    pub fn arena(&mut self) -> &mut Arena {
        self.analysis.arena
    }

    /// The table of values by shape, to carry into a search of a later position of the same
    /// graph (shapes do not depend on the position).
    pub fn take_table(&mut self) -> ShapeTable {
        std::mem::take(&mut self.table)
    }

    /// Starts from a table taken from an earlier search of the same graph.
    pub fn with_table(mut self, table: ShapeTable) -> Self {
        self.table = table;
        self
    }

    pub fn finish(self) -> SearchStats {
        self.meter.finish(self.table.len())
    }
}

/// A Regio position as a calculator value, searched exactly or to a depth.
#[derive(Debug)]
pub struct RegioPosition {
    pub position: Regio,
    pub depth: Option<u32>,
    pub mapping: Mapping,
}

impl RegioPosition {
    /// A search of this position's graph in the session's arena, with its own rcf memo.
    fn with_search<T>(&self, env: &mut SearchEnv, f: impl FnOnce(&mut RegioSearch) -> T) -> T {
        let mut caches = AnalysisCaches::default();
        let mut search = RegioSearch::new(
            env.arena,
            &mut caches,
            &self.position,
            self.mapping,
            env.budget,
        );
        let r = f(&mut search);
        env.last = Some(search.finish());
        r
    }
}

impl Position for RegioPosition {
    fn ruleset(&self) -> &'static str {
        "regio"
    }

    fn describe(&self) -> String {
        self.position.describe()
    }

    fn value(&self, env: &mut SearchEnv) -> PositionValue {
        let (set, depth) = (self.position.uncoloured, self.depth);
        let v = self.with_search(env, |s| s.value(set, depth));
        let score = env.arena.integer(self.position.score);
        PositionValue::Game(env.arena.add(score, v))
    }

    fn outcome(&self, env: &mut SearchEnv) -> Result<Outcome, String> {
        self.value(env).outcome(env.arena, env.threats)
    }

    /// Colouring each uncoloured node, searched to one ply less if the search has a depth.
    fn options(&self, player: Player) -> Option<Vec<(String, Box<dyn Position>)>> {
        let depth = self.depth.map(|d| d.saturating_sub(1));
        let options = self.position.uncoloured.ones().map(|v| {
            let next = RegioPosition {
                position: self.position.after(v, player),
                depth,
                mapping: self.mapping,
            };
            let text = self.position.name(v).to_string();
            (text, Box::new(next) as Box<dyn Position>)
        });
        Some(options.collect())
    }

    /// Every node, for each player, with the value of the position after colouring it (the
    /// depth limit, if any, counts from the position itself: one ply is spent).
    fn moves(&self, env: &mut SearchEnv) -> Vec<MoveRow> {
        let child_depth = self.depth.map(|d| d.saturating_sub(1));
        let children: Vec<(Player, usize, Regio)> = [Player::Left, Player::Right]
            .into_iter()
            .flat_map(|p| {
                self.position
                    .uncoloured
                    .ones()
                    .map(move |v| (p, v, self.position.after(v, p)))
            })
            .collect();
        let values: Vec<GameId> = self.with_search(env, |s| {
            children
                .iter()
                .map(|(_, _, c)| s.value(c.uncoloured, child_depth))
                .collect()
        });
        children
            .iter()
            .zip(values)
            .map(|((player, v, child), value)| {
                let score = env.arena.integer(child.score);
                let value = PositionValue::Game(env.arena.add(score, value));
                MoveRow::whole(
                    env,
                    Some(*player),
                    self.position.name(*v).to_string(),
                    value,
                )
            })
            .collect()
    }
}

/// Regio's registration: positions, and Maeser's experiment with sum play.
pub static RULESET: Ruleset = Ruleset {
    title: "Regio (Maeser, thesis ch. 8)",
    constructors: &[Constructor {
        name: "regio",
        signature: "regio(board), regio(board, depth) or regio(board, depth, \"canonical\")",
        arity: 1..=3,
        summary: "a Regio position, its score mapped to a game through reduced canonical form",
        help: HELP,
        build: build_regio,
    }],
    functions: FUNCTIONS,
    fuzz: &[Fuzz {
        name: "regio",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[],
    caches: no_caches,
};

const HELP: &str = "regio(\"..|..|..|..\") is a Regio position (Maeser, thesis ch. 8): a move colours an\nuncoloured node and its uncoloured neighbours, the score is Left's coloured nodes minus\nRight's. Grids: `.` uncoloured, `L`/`R` coloured by Left/Right (they count in the score),\n`#` no node, rows separated by `|`, orthogonal neighbours. Graphs: an edge list such as\n\"a-b b-c c-a d\" (names of letters, digits and _; `a-b-c` is a path; a lone name is a node;\na string of the letters L and R alone reads as a grid of coloured cells).\nThe value maps finished positions to their score and interior ones to the reduced canonical\nform of {G^L | G^R} (8.2.3); regio(board, d) searches d plies and counts the rest as 0\n(LocalHSearch, 8.3.2), regio(board, d, \"canonical\") keeps the plain canonical form (d = -1:\nexact). Separate regions are valued apart and added.\nExample: regio(\"..|..|..|..\") is +-{8|6||2|0}, regio(\"..|..|..|..\", 1) is {4|-4}.";

/// `regio(board)`, `regio(board, depth)`, `regio(board, depth, "canonical")`: the depth and
/// the mapping may come in either order, each at most once.
fn build_regio(c: &mut Context<'_>, a: Args) -> Result<Box<dyn Position>, CallError> {
    let position = a.parsed(
        c.arena,
        0,
        "a board string such as \"..|..\" or a graph such as \"a-b b-c\"",
        Regio::parse,
    )?;
    let mut depth = None;
    let mut mapping = Mapping::Reduced;
    let (mut seen_depth, mut seen_mapping) = (false, false);
    for i in 1..a.len() {
        let n = a.integer_value(c.arena, i);
        let repeated = match n {
            Some(_) => std::mem::replace(&mut seen_depth, true),
            None => std::mem::replace(&mut seen_mapping, true),
        };
        if repeated {
            return Err(CallError::arg(i, "given twice"));
        }
        match (n, &a[i]) {
            (Some(-1), _) => depth = None,
            (Some(d), _) if (0..=1000).contains(&d) => depth = Some(d as u32),
            (None, Value::Str(m)) if m == "canonical" => mapping = Mapping::Canonical,
            (None, Value::Str(m)) if m == "reduced" => mapping = Mapping::Reduced,
            _ => {
                return Err(a.expected(
                    c.arena,
                    i,
                    "a depth in plies (0 to 1000, -1 for exact) or \"canonical\"",
                ));
            }
        }
    }
    Ok(Box::new(RegioPosition {
        position,
        depth,
        mapping,
    }))
}

static FUNCTIONS: &[Function] = &[function!(
    "regioexperiment",
    "regioexperiment(n)",
    1..=1,
    Ruleset,
    "Maeser's Regio experiment: greedy hotstrat against alpha-beta",
    "regioexperiment(n) plays Maeser's experiment (thesis 8.4.5, Appendix C, Figure 8.10) on the\nfirst n of our seeded 15x15 boards divided into independent local games (a seeded wall\nbuilder: see src/rulesets/regio_experiment.rs): decomposition search with greedy hotstrat\n(each region valued by depth-4 LocalHSearch, rcf mapping, tables kept between moves)\nagainst full-width alpha-beta to depth 4 on the whole board, both with the score as\nevaluation; each plays first once. It lists the local games, each side's final score as\nfirst player and the nodes it searched (alpha-beta: positions; hotstrat: LocalHSearch\nexpansions). The last two columns are ours, not the thesis's: the same decomposition search\nwith thermostrat (Winning Ways, ch. 6) as first player against alpha-beta. About a second\nper board.\nExample: regioexperiment(2).",
    |s, v| {
        let n = v.int(s.arena, 0, 1..=100)? as u64;
        let mut out = String::from(
            "board  local games  hotstrat score  hotstrat nodes  alpha-beta score  alpha-beta nodes  thermostrat score  thermostrat nodes",
        );
        for seed in 1..=n {
            let r = super::regio_experiment::run(seed);
            let _ = write!(
                out,
                "\n{seed:>5}  {:>11}  {:>14}  {:>14}  {:>16}  {:>16}  {:>17}  {:>17}",
                r.local_games,
                r.hot_score,
                r.hot_nodes,
                r.ab_score,
                r.ab_nodes,
                r.thermo_score,
                r.thermo_nodes
            );
        }
        Ok(Value::Text(out))
    }
)];
