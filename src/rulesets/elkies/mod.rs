//! Elkies' pawn game with stopped files (*Higher nimbers in pawn endgames on large
//! chessboards*): the game itself ([`board`], searched like any ruleset with global threats),
//! the recursion of Theorems 1-3 for the nim value ε(w) of a component ([`epsilon`]), the
//! values of a component's moves built from it ([`moves`]), positions valued by the theorems
//! without search ([`position`]), and the paper's tables ([`tables`]).

pub mod board;
pub mod epsilon;
pub mod functions;
pub mod moves;
pub mod position;
pub mod tables;

pub use functions::RULESET;
