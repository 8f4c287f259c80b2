//! Analysis of games: thermographs, stops, mean and temperature, and the functions built on them.

pub mod cooling;
pub mod plot;
pub mod rcf;
pub mod structure;
pub mod thermograph;

pub use thermograph::{Thermograph, ThermographCache, Trajectory};
