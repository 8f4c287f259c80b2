//! The game-independent search engine: rulesets implement [`game::Game`]; [`local`] values
//! positions exactly with decomposition, a transposition table ([`table`]) and worker
//! threads; [`outcome`] finds who wins; [`impartial`] gives nim values; [`global_threats`]
//! values games with global threats (GTSearch) and [`threat_position`] makes them calculator
//! values; [`conditional`] plays conditional games; [`sum_play`] picks moves in sums;
//! [`position`] wraps any ruleset as the calculator's position values; [`budget`] bounds and
//! counts every search and reports its progress.

pub mod budget;
mod claims;
pub mod conditional;
pub mod game;
pub mod global_threats;
pub mod impartial;
pub mod local;
pub mod misere;
pub mod outcome;
pub mod position;
pub mod shared;
pub mod sum_play;
pub mod table;
pub mod threat_position;

pub use budget::{Budget, SearchStats};
pub use game::{Game, Player, SearchMove};
pub use global_threats::{GtResult, GtSearch};
pub use impartial::NimSearch;
pub use local::{LocalSearch, parallel_value};
pub use outcome::{OutcomeSearch, RootProgress};
pub use position::{
    HeapMoves, HeapSequence, MoveRow, NimPosition, NoAlgebra, Part, Position, PositionValue,
    SearchEnv, Searched, mover_wins,
};
pub use threat_position::ThreatPosition;
