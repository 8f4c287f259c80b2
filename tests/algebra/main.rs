//! The algebra of games and its analysis, through the calculator: laws, printing and reading back, numbers, thermographs, explanations.
//! One test binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod algebra;
mod analysis_props;
mod deep_roundtrip;
mod explain;
mod loopy;
mod misere;
mod misere_quotient;
mod numbers;
mod plot;
mod roundtrip;
