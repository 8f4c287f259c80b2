//! Every ruleset: values against papers and brute force, positions, sum play.
//! One test binary: each module below was a test file of its own.

#[path = "../common/mod.rs"]
mod common;

mod amazons;
mod anticlobber;
mod backsliding;
mod cake;
mod conditional;
mod cram;
mod domineering;
mod elkies;
mod elkies_epsilon;
mod endgame;
mod fibonaccinim;
mod fission;
mod foxandgeese;
mod hackenbush;
mod konane;
mod options;
mod parallel;
mod pawns;
mod pawns_brute;
mod positions;
mod regio;
mod skijumps;
mod snort_col;
mod subtraction;
mod sum_play;
mod takeandbreak;
mod toadsandfrogs;
mod topplingdominoes;
mod turning;
mod wythoff;
