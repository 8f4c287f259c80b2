//! Game modules: rules of real games, valued by the search engine. Each ruleset is one module
//! (a file, or a folder for a large one) that holds its rules, components and symmetries and
//! declares everything it adds to the calculator in one [`Ruleset`] registration:
//! constructors, its own functions, its `:help` section, fuzz families and CGSuite's names.
//! [`ALL`] lists the registrations; it is the only name the interpreter reads from here.

pub mod graph;
pub mod grid;
pub mod heaps;
pub mod loopy_graph;
pub mod regio_experiment;
pub mod sequences;
pub mod word;

use crate::calc::catalogue::Ruleset;

/// Declares each ruleset's module and lists its registration (`MODULE::RULESET`) in [`ALL`]:
/// adding a ruleset is one name here.
macro_rules! registry {
    ($($ruleset:ident),* $(,)?) => {
        $(pub mod $ruleset;)*

        /// Every ruleset, in the order `:help` lists them.
        pub static ALL: &[&Ruleset] = &[$(&$ruleset::RULESET),*];
    };
}

registry![
    domineering,
    cram,
    pawns,
    elkies,
    regio,
    conditional_nim,
    endgame,
    clobber,
    takeandbreak,
    subtraction,
    partizansubtraction,
    cake,
    wythoff,
    fibonaccinim,
    turning,
    toadsandfrogs,
    elephantsandrhinos,
    topplingdominoes,
    hackenbush,
    snort,
    col,
    konane,
    amazons,
    fission,
    anticlobber,
    skijumps,
    foxandgeese,
    backsliding,
];
