//! The syntax layer: source text to an AST with byte spans, and the errors that point into
//! it. It imports only the game store's memory limits (a test checks it): which names are
//! functions and commands, the one thing the parser asks of the rest of the calculator,
//! comes in as an argument ([`parser::Names`]).

pub mod ast;
pub mod error;
pub(crate) mod lexer;
pub mod parser;
pub mod source;
pub mod span;
