//! The language: parser (nom tokens, recursive descent) → AST with spans → evaluator → values.
//!
//! [`session`] runs statements, [`eval`] evaluates expressions, [`commands`] holds the meta
//! commands and [`functions`] the function table (built-ins from [`builtins`] and the
//! constructors and functions every ruleset registers).

mod bestmove;
pub mod builtins;
pub mod cgsuite_names;
pub mod commands;
pub mod display;
pub mod eval;
pub mod explain_functions;
pub mod files;
mod flow;
pub mod functions;
pub mod list_functions;
pub mod loopy;
pub mod misere;
mod report;
pub mod session;

pub use crate::syntax::error::CgError;
pub use session::{Reply, Session};

use crate::syntax;
use crate::syntax::ast::{Expr, Program};

/// Parses a whole script or REPL input, with this calculator's function names
/// ([`syntax::parser::parse_program`]).
pub fn parse_program(src: &str) -> Result<Program, CgError> {
    syntax::parser::parse_program(src, NAMES)
}

/// Parses one expression, with this calculator's function names
/// ([`syntax::parser::parse_expr`]).
pub fn parse_expr(src: &str) -> Result<Expr, CgError> {
    syntax::parser::parse_expr(src, NAMES)
}

/// Whether the input is unfinished, with the calculator's names
/// ([`syntax::parser::is_incomplete`]): the REPL and standard input keep reading lines.
pub fn is_incomplete(src: &str) -> bool {
    syntax::parser::is_incomplete(src, NAMES)
}

/// The calculator's function and command names, as the parser needs them.
pub const NAMES: syntax::parser::Names = syntax::parser::Names {
    is_function: functions::is_function,
    is_command: |name| commands::lookup(name).is_some(),
};
