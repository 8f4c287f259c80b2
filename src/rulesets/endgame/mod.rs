//! Chess endgames against a lone king (Laros, *Ideas regarding chess endgames*, 2003): the
//! rules ([`board`]), perfect play by retrograde analysis ([`solver`]), constraint strategies
//! ([`strategy`]) and their evolution by a genetic algorithm ([`evolve`]).

pub mod board;
pub mod evolve;
pub mod functions;
pub mod solver;
pub mod strategy;

pub use functions::RULESET;
