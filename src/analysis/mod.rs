//! Analysis of games built on the algebra: cooling and heating, reduced canonical forms, atomic
//! weights, incentives, powers, structure counts, nim arithmetic and thermograph plots.
//! (Thermographs, mean and temperature themselves live in [`crate::game`]: the printer needs
//! the mean to write `Tiny`/`Miny`.)
//!
//! Functions that memoise run on an [`Analysis`]: the session's arena together with the
//! session-level [`AnalysisCaches`], so the arena never holds analysis state.

pub mod atomic;
pub mod cooling;
pub mod explain;
pub mod incentives;
pub mod nimber;
pub mod period;
pub mod plot;
pub mod powers;
pub mod quotient;
pub mod rcf;
pub mod structure;
pub mod takeandbreak;
pub mod why;

use crate::game::cache::{BoundedCache, NamedStats};
use crate::game::{Arena, Dyadic, GameId};

/// Entries a memo table of [`AnalysisCaches`] holds before it is flushed.
pub const ANALYSIS_CACHE_CAPACITY: usize = 1 << 20;

/// The memo tables of the analysis functions, owned by the session (one per session, like the
/// arena whose ids they hold).
pub struct AnalysisCaches {
    pub(crate) cool: BoundedCache<(GameId, Dyadic), GameId>,
    pub(crate) heat: BoundedCache<(GameId, GameId), GameId>,
    pub(crate) overheat: BoundedCache<(GameId, GameId, GameId), GameId>,
    pub(crate) rcf: BoundedCache<GameId, GameId>,
    /// The atomic weight, or `None` when the game is not atomic.
    pub(crate) atomic_weight: BoundedCache<GameId, Option<GameId>>,
    /// CGSuite's naive atomic weight (see `atomic.rs`).
    pub(crate) naive_aw: BoundedCache<GameId, GameId>,
    /// `1 +` the largest nimber among the followers (the far star's index).
    pub(crate) far_star: BoundedCache<GameId, u32>,
}

impl Default for AnalysisCaches {
    fn default() -> Self {
        let n = ANALYSIS_CACHE_CAPACITY;
        AnalysisCaches {
            cool: BoundedCache::new(n),
            heat: BoundedCache::new(n),
            overheat: BoundedCache::new(n),
            rcf: BoundedCache::new(n),
            atomic_weight: BoundedCache::new(n),
            naive_aw: BoundedCache::new(n),
            far_star: BoundedCache::new(n),
        }
    }
}

impl AnalysisCaches {
    /// Sizes and hit rates, for `:stats`.
    pub fn stats(&self) -> Vec<NamedStats> {
        vec![
            ("cool", self.cool.stats()),
            ("heat", self.heat.stats()),
            ("overheat", self.overheat.stats()),
            ("rcf", self.rcf.stats()),
            ("atomic weight", self.atomic_weight.stats()),
            ("naive aw", self.naive_aw.stats()),
            ("far star", self.far_star.stats()),
        ]
    }

    /// Forgets every memoised result (the ids would be stale in another arena).
    pub fn clear(&mut self) {
        *self = AnalysisCaches::default();
    }
}

/// The memoised analysis functions: an arena and the memo tables that go with it.
pub struct Analysis<'a> {
    pub arena: &'a mut Arena,
    pub(crate) memo: &'a mut AnalysisCaches,
}

impl<'a> Analysis<'a> {
    pub fn new(arena: &'a mut Arena, memo: &'a mut AnalysisCaches) -> Analysis<'a> {
        Analysis { arena, memo }
    }
}
