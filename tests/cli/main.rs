//! The binary: command line, REPL input and pipes.
//! One test binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod cli;
mod pipe;
