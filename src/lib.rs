//! cgcalc: a combinatorial games calculator in the style of the Gamesman's Toolkit.
//!
//! Data flows one way: text → [`lang::parser`] → AST → [`lang::eval`] → [`lang::value::Value`]
//! → printed text. All games live in the [`game::Arena`]; see `ARCHITECTURE.md`.

pub mod analysis;
pub mod calc;
pub mod cli;
#[doc(hidden)]
pub mod fuzzing;
pub mod game;
pub mod lang;
pub mod repl;
pub mod rulesets;
pub mod search;
pub mod syntax;
pub mod transcript;

/// Stack size of the evaluation thread: game recursion depth follows birthdays.
pub const STACK_SIZE: usize = 1 << 30;
