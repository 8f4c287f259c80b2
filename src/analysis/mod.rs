//! Analysis of games: thermographs, stops, mean and temperature, and the functions built on them.

pub mod atomic;
pub mod cooling;
pub mod incentives;
pub mod plot;
pub mod powers;
pub mod rcf;
pub mod structure;
pub mod thermograph;
pub mod uptimal;

pub use thermograph::{Thermograph, ThermographCache, Trajectory};
pub use uptimal::UptimalExpansion;

use rustc_hash::FxHashMap;

use crate::game::GameId;

/// Per-id memo tables of the analysis functions, kept on the arena. Each is emptied when it
/// reaches [`ANALYSIS_CACHE_CAPACITY`] entries, so a long session never grows them unboundedly.
#[derive(Default)]
pub struct AnalysisCaches {
    /// `naive atomic weight` of each game (CGSuite's first step; see `atomic.rs`).
    pub(crate) naive_aw: FxHashMap<GameId, GameId>,
    /// The atomic weight, or `None` when the game is not atomic.
    pub(crate) atomic_weight: FxHashMap<GameId, Option<GameId>>,
    /// `1 + ` the largest nimber among the followers (the far star's index).
    pub(crate) far_star: FxHashMap<GameId, u32>,
    /// Uptimal expansions (`None`: not an uptimal).
    pub(crate) uptimal: FxHashMap<GameId, Option<UptimalExpansion>>,
}

/// Entries a memo table of [`AnalysisCaches`] holds before it is flushed.
pub const ANALYSIS_CACHE_CAPACITY: usize = 1 << 20;

/// Inserts into a per-id memo, flushing it first when it is full.
pub(crate) fn memo_insert<V>(map: &mut FxHashMap<GameId, V>, key: GameId, value: V) {
    if map.len() >= ANALYSIS_CACHE_CAPACITY {
        map.clear();
    }
    map.insert(key, value);
}

/// Helpers for the unit tests of the analysis functions.
#[cfg(test)]
pub(crate) mod test_util {
    use crate::game::GameId;
    use crate::lang::eval::Session;
    use crate::lang::parser::parse_expr;

    /// Evaluates `src`, which must denote a game.
    pub fn game(s: &mut Session, src: &str) -> GameId {
        let e = parse_expr(src).unwrap_or_else(|_| panic!("parse error in {src}"));
        s.game(&e)
            .unwrap_or_else(|_| panic!("evaluation error in {src}"))
    }

    /// Evaluates `src` and prints it back.
    pub fn show(s: &mut Session, src: &str) -> String {
        let g = game(s, src);
        s.arena.display(g)
    }
}
