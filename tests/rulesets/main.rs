//! Every ruleset: values against papers and brute force, positions, sum play.
//! One test binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod conditional;
mod cram;
mod domineering;
mod elkies;
mod elkies_epsilon;
mod endgame;
mod options;
mod pawns;
mod pawns_brute;
mod positions;
mod regio;
mod skijumps;
mod sum_play;
mod takeandbreak;
mod toadsandfrogs;
mod topplingdominoes;
