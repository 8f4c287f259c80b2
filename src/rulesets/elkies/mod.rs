//! Elkies' pawn game on tall boards with stopped files: the recursion for its nim values.

pub mod epsilon;
pub mod tables;
