//! Game modules: rules of real games, valued by the search engine. Each ruleset is one module
//! (a file, or a folder for a large one) that holds its rules, components and symmetries and
//! declares everything it adds to the calculator in one [`Ruleset`] registration:
//! constructors, its own functions, its `:help` section, fuzz families and CGSuite's names.
//! [`ALL`] lists the registrations; it is the only name the interpreter reads from here.

pub mod conditional_nim;
pub mod cram;
pub mod domineering;
pub mod elkies;
pub mod endgame;
pub mod grid;
pub mod pawns;
pub mod regio;
pub mod regio_experiment;

use crate::calc::catalogue::Ruleset;

/// Every ruleset, in the order `:help` lists them.
pub static ALL: &[&Ruleset] = &[
    &domineering::RULESET,
    &cram::RULESET,
    &pawns::RULESET,
    &elkies::functions::RULESET,
    &regio::RULESET,
    &conditional_nim::RULESET,
    &endgame::functions::RULESET,
];
