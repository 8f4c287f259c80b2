//! The interpreter: errors, the research workflow, the scripts' snapshots, :gc.
//! One test binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod errors;
mod gc;
mod help_examples;
mod scripts;
mod workflow;
