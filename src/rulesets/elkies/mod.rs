//! Elkies' pawn game with stopped files (*Higher nimbers in pawn endgames on large
//! chessboards*): the game itself ([`board`], searched like any ruleset with global threats),
//! the recursion of Theorems 1-3 for the nim value ε(w) of a component ([`epsilon`]), and the
//! paper's tables ([`tables`]).

pub mod board;
pub mod epsilon;
pub mod tables;
