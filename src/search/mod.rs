//! The game-independent search engine: rulesets implement [`game::Game`]; [`local`] values
//! positions exactly with decomposition, a transposition table and worker threads.

pub mod game;
pub mod local;
pub mod outcome;

pub use game::{Game, Player};
pub use local::{Budget, LocalSearch, SearchStats, parallel_value};
pub use outcome::OutcomeSearch;
