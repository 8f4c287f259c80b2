//! The language: parser (nom tokens, recursive descent) → AST with spans → evaluator → values.
//!
//! [`session`] runs statements, [`eval`] evaluates expressions, [`commands`] holds the meta
//! commands and [`functions`] the function table (built-ins from [`builtins`] and the
//! game-module constructors of [`crate::rulesets`]).

pub mod ast;
mod bestmove;
pub mod builtins;
pub mod cgsuite_names;
pub mod commands;
pub mod endgame_functions;
pub mod error;
pub mod eval;
pub mod explain_functions;
pub mod files;
mod flow;
pub mod functions;
mod lexer;
pub mod list_functions;
pub mod module_functions;
pub mod parser;
mod report;
pub mod session;
pub mod source;
pub mod span;
pub mod value;

#[cfg(test)]
pub(crate) mod test_util;

pub use error::CgError;
pub use session::{Reply, Session};
