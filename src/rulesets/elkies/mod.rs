//! Elkies' pawn game with stopped files: the game itself ([`board`]), searched like any
//! ruleset with global threats.

pub mod board;
