//! Mäser's Regio experiment (thesis 8.4.5, Appendix C): decomposition search with greedy
//! hotstrat against full-width alpha-beta on 15x15 boards divided into independent local
//! games, both with the score as evaluation and a depth of 4 plies, each playing both sides.
//!
//! The thesis does not say how the boards were divided. Ours: from the full 15x15 grid, a
//! seeded generator draws a largest region size from 10 to 34 cells, then repeatedly takes the
//! largest region and walls it off along a random row or column inside it (those cells become
//! `#`; a two-wide strip loses one cell instead) until every region is at most that size.

use rustc_hash::FxHashMap;

use super::grid::{Bits, Wide};
use super::regio::{Mapping, Regio, RegioSearch, ShapeTable};
use crate::analysis::AnalysisCaches;
use crate::game::rng::Rng;
use crate::game::{Arena, GameId};
use crate::search::sum_play::{self, Move, Strategy};
use crate::search::{Budget, Player};

/// Plies both players search.
pub const DEPTH: u32 = 4;

/// The 15x15 board of `seed`, divided by walls, as a grid string.
pub fn divided_board(seed: u64) -> String {
    let n = 15;
    let mut cell = vec![true; n * n];
    let mut rng = Rng::seeded(seed);
    let max_region = 10 + rng.below(25);
    loop {
        let board = board_string(&cell, n);
        let regio = Regio::parse(&board).expect("a grid");
        let regions = regio.components(regio.uncoloured());
        let Some(big) = regions.iter().max_by_key(|r| r.count()).copied() else {
            return board;
        };
        if big.count() as usize <= max_region {
            return board;
        }
        let cells: Vec<usize> = big.ones().collect();
        let (r0, r1) = (
            cells.iter().map(|i| i / n).min().unwrap_or(0),
            cells.iter().map(|i| i / n).max().unwrap_or(0),
        );
        let (c0, c1) = (
            cells.iter().map(|i| i % n).min().unwrap_or(0),
            cells.iter().map(|i| i % n).max().unwrap_or(0),
        );
        // Cut across the longer side, not at its edges.
        if r1 - r0 >= c1 - c0 && r1 - r0 >= 2 {
            let r = r0 + 1 + rng.below(r1 - r0 - 1);
            for &i in &cells {
                if i / n == r {
                    cell[i] = false;
                }
            }
        } else if c1 - c0 >= 2 {
            let c = c0 + 1 + rng.below(c1 - c0 - 1);
            for &i in &cells {
                if i % n == c {
                    cell[i] = false;
                }
            }
        } else {
            // A 2-wide strip: remove one cell.
            cell[cells[rng.below(cells.len())]] = false;
        }
    }
}

fn board_string(cell: &[bool], n: usize) -> String {
    cell.chunks(n)
        .map(|row| {
            row.iter()
                .map(|&c| if c { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("|")
}

/// One player's choice of node to colour, and the nodes its search expanded.
trait Chooser {
    fn choose(&mut self, pos: &Regio, player: Player) -> usize;
    fn nodes(&self) -> u64;
}

/// Decomposition search: each region valued by depth-4 LocalHSearch (rcf mapping), the move
/// picked by a sum-play strategy (the experiment's is greedy hotstrat). The search tables
/// persist between moves (values by shape).
struct SumPlayer {
    strategy: Strategy,
    arena: Arena,
    caches: AnalysisCaches,
    table: ShapeTable,
    nodes: u64,
}

impl SumPlayer {
    fn new(strategy: Strategy) -> SumPlayer {
        SumPlayer {
            strategy,
            arena: Arena::new(),
            caches: AnalysisCaches::default(),
            table: ShapeTable::default(),
            nodes: 0,
        }
    }
}

impl Chooser for SumPlayer {
    fn choose(&mut self, pos: &Regio, player: Player) -> usize {
        let regions = pos.components(pos.uncoloured());
        let mut search = RegioSearch::new(
            &mut self.arena,
            &mut self.caches,
            pos,
            Mapping::Reduced,
            Budget::default(),
        )
        .with_table(std::mem::take(&mut self.table));
        let mut comps: Vec<GameId> = Vec::new();
        let mut moves: Vec<Move> = Vec::new();
        let mut nodes_of: Vec<usize> = Vec::new();
        for (i, &r) in regions.iter().enumerate() {
            comps.push(search.value(r, Some(DEPTH)));
            for v in r.ones() {
                let taken = pos.colours(v).and(r);
                let rest = search.value(r.and_not(taken), Some(DEPTH - 1));
                let c = taken.count() as i64;
                let arena = search.arena();
                let gain = arena.integer(if player == Player::Left { c } else { -c });
                let option = arena.add(gain, rest);
                moves.push(Move {
                    component: i,
                    option,
                    text: String::new(),
                    gain: Some(c),
                });
                nodes_of.push(v);
            }
        }
        self.table = search.take_table();
        self.nodes += search.finish().nodes;
        let pick = sum_play::pick(&mut self.arena, &comps, &moves, player, self.strategy)
            .expect("a board with uncoloured nodes has moves");
        nodes_of[pick]
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Full-width alpha-beta to depth 4 on the whole board, the score as evaluation, moves
/// ordered by the nodes they colour, with a table of searched positions.
struct AlphaBeta {
    table: FxHashMap<(Wide, u32), (i64, u8)>,
    nodes: u64,
}

/// Exact, lower or upper bound stored in the table.
const EXACT: u8 = 0;
const LOWER: u8 = 1;
const UPPER: u8 = 2;

impl AlphaBeta {
    /// The negamax value for the player to move (its score gain from here), `depth` plies.
    fn search(&mut self, pos: &Regio, set: Wide, depth: u32, mut alpha: i64, mut beta: i64) -> i64 {
        if set.is_empty() || depth == 0 {
            return 0;
        }
        self.nodes += 1;
        if self.nodes & 4095 == 0 {
            crate::game::interrupt::check_cancel();
        }
        let original = alpha;
        if let Some(&(v, kind)) = self.table.get(&(set, depth)) {
            match kind {
                EXACT => return v,
                LOWER => alpha = alpha.max(v),
                _ => beta = beta.min(v),
            }
            if alpha >= beta {
                return v;
            }
        }
        let mut moves: Vec<(i64, Wide)> = set
            .ones()
            .map(|v| {
                let taken = pos.colours(v).and(set);
                (taken.count() as i64, taken)
            })
            .collect();
        moves.sort_by_key(|m| std::cmp::Reverse(m.0));
        let mut best = i64::MIN;
        for (c, taken) in moves {
            let v = c - self.search(pos, set.and_not(taken), depth - 1, -beta, -alpha);
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        let kind = if best <= original {
            UPPER
        } else if best >= beta {
            LOWER
        } else {
            EXACT
        };
        self.table.insert((set, depth), (best, kind));
        best
    }
}

impl Chooser for AlphaBeta {
    fn choose(&mut self, pos: &Regio, _player: Player) -> usize {
        let set = pos.uncoloured();
        let mut best = (i64::MIN, 0);
        for v in set.ones() {
            let taken = pos.colours(v).and(set);
            let c = taken.count() as i64;
            let value = c - self.search(pos, set.and_not(taken), DEPTH - 1, i64::MIN + 1, i64::MAX);
            if value > best.0 {
                best = (value, v);
            }
        }
        self.nodes += 1;
        best.1
    }

    fn nodes(&self) -> u64 {
        self.nodes
    }
}

/// Plays a whole game; returns the final score for the first player and each side's nodes.
fn play(board: &str, first: &mut dyn Chooser, second: &mut dyn Chooser) -> i64 {
    let mut pos = Regio::parse(board).expect("a grid");
    let mut player = Player::Left;
    while !pos.uncoloured().is_empty() {
        let v = match player {
            Player::Left => first.choose(&pos, player),
            Player::Right => second.choose(&pos, player),
        };
        pos = pos.after(v, player);
        player = player.other();
    }
    pos.score()
}

/// One row of the experiment (Figure 8.10).
pub struct Row {
    pub local_games: usize,
    /// Greedy hotstrat's final score as first player, and its nodes over both games.
    pub hot_score: i64,
    pub hot_nodes: u64,
    pub ab_score: i64,
    pub ab_nodes: u64,
    /// The same decomposition search with thermostrat (WW ch. 6) instead of greedy hotstrat,
    /// as first player against alpha-beta (not in the thesis: a comparison of our own).
    pub thermo_score: i64,
    pub thermo_nodes: u64,
}

/// The experiment on the board of `seed`: each algorithm plays first once.
pub fn run(seed: u64) -> Row {
    let board = divided_board(seed);
    let regio = Regio::parse(&board).expect("a grid");
    let local_games = regio.components(regio.uncoloured()).len();
    let mut hot = SumPlayer::new(Strategy::GreedyHotstrat);
    let mut ab = AlphaBeta {
        table: FxHashMap::default(),
        nodes: 0,
    };
    let hot_score = play(&board, &mut hot, &mut ab);
    let ab_first = play(&board, &mut ab, &mut hot);
    let mut thermo = SumPlayer::new(Strategy::Thermostrat);
    let mut ab_again = AlphaBeta {
        table: FxHashMap::default(),
        nodes: 0,
    };
    let thermo_score = play(&board, &mut thermo, &mut ab_again);
    Row {
        local_games,
        hot_score,
        hot_nodes: hot.nodes(),
        ab_score: ab_first,
        ab_nodes: ab.nodes(),
        thermo_score,
        thermo_nodes: thermo.nodes(),
    }
}
