//! cgcalc: a combinatorial games calculator.
pub mod analysis;
pub mod game;
