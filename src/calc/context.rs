//! The narrow context a function runs in ([`Context`]): the game stores, the analysis caches,
//! the search settings and budgets, the user's settings, and each ruleset's own state. A
//! function that needs no more than this (every ruleset function, most built-ins) is written
//! against it rather than against the interpreter's session.

use std::any::{Any, TypeId};

use rustc_hash::FxHashMap;

use super::value::ModulePosition;
use crate::analysis::{Analysis, AnalysisCaches};
use crate::game::threat::Threats;
use crate::game::{Arena, Outcome};
use crate::search::{Budget, PositionValue, SearchEnv, SearchStats};

/// User-visible settings changed by meta commands.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Characters of printed output before a summary is shown instead (`:print-limit`).
    pub print_limit: usize,
    /// Report the time of each statement (`:time on`).
    pub show_time: bool,
    /// Print ↑ ↓ ⋆ ± instead of ^ v * +- in game values (`:unicode on`, `--unicode`).
    pub unicode: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            print_limit: crate::game::display::DEFAULT_PRINT_LIMIT,
            show_time: false,
            unicode: false,
        }
    }
}

/// Threads and budgets of module searches (`:limit`, `:threads`), and the last search's report.
#[derive(Clone, Debug)]
pub struct SearchSettings {
    pub threads: usize,
    pub budget: Budget,
    pub last: Option<SearchStats>,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            budget: Budget::default(),
            last: None,
        }
    }
}

/// Each ruleset's state for the session (solved endgame tables, ...), one value per type,
/// made with `Default` the first time a function asks for it.
#[derive(Default)]
pub struct RulesetStates {
    states: FxHashMap<TypeId, Box<dyn Any + Send>>,
}

impl RulesetStates {
    /// The state of type `T`, made the first time it is asked for.
    pub fn get<T: Any + Send + Default>(&mut self) -> &mut T {
        self.states
            .entry(TypeId::of::<T>())
            .or_insert_with(|| Box::new(T::default()))
            .downcast_mut::<T>()
            .expect("a state is stored under its own type")
    }

    /// The state of type `T`, if a function has made it.
    pub fn peek<T: Any + Send>(&self) -> Option<&T> {
        self.states.get(&TypeId::of::<T>())?.downcast_ref::<T>()
    }
}

/// What a function may use of the session: borrowed, so the interpreter keeps its variables
/// and scopes to itself.
pub struct Context<'a> {
    pub arena: &'a mut Arena,
    /// Threat games and loopy constants (`on`, `off`, `over`, `under`, `dud`).
    pub threats: &'a mut Threats,
    /// Memo tables of the analysis functions (cooling, rcf, atomic weight, ...).
    pub analysis: &'a mut AnalysisCaches,
    /// Search threads and budgets, and the statistics of the last search.
    pub search: &'a mut SearchSettings,
    pub settings: &'a Settings,
    /// Each ruleset's own state.
    pub states: &'a mut RulesetStates,
}

impl Context<'_> {
    /// The memoised analysis functions on the arena.
    pub fn analysis(&mut self) -> Analysis<'_> {
        Analysis::new(self.arena, self.analysis)
    }

    /// Runs `f` on a search environment over the stores, threads and budget, and keeps its
    /// counters for `:stats`.
    pub fn with_search<T>(&mut self, f: impl FnOnce(&mut SearchEnv) -> T) -> T {
        let mut env = SearchEnv {
            arena: self.arena,
            threats: self.threats,
            threads: self.search.threads,
            budget: self.search.budget,
            last: None,
        };
        let r = f(&mut env);
        if let Some(stats) = env.last {
            self.search.last = Some(stats);
        }
        r
    }

    /// The value of a position, searched for the first time it is needed and then kept.
    pub fn position_value(&mut self, p: &ModulePosition) -> PositionValue {
        if let Some(v) = p.known_value() {
            return v;
        }
        let v = self.with_search(|env| p.position.value(env));
        p.set_value(v);
        v
    }

    /// The outcome class of a position: from its value when that is known, otherwise by the
    /// ruleset's outcome search (which does not compute the value).
    pub fn position_outcome(&mut self, p: &ModulePosition) -> Result<Outcome, String> {
        if let Some(o) = p.known_outcome() {
            return Ok(o);
        }
        let known = p
            .known_value()
            .and_then(|v| v.outcome(self.arena, self.threats).ok());
        let o = match known {
            Some(o) => o,
            None => self.with_search(|env| p.position.outcome(env))?,
        };
        p.set_outcome(o);
        Ok(o)
    }
}
