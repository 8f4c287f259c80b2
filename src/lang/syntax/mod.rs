//! The syntax layer: source text to an AST with byte spans, and the errors that point into
//! it. It imports nothing above itself in `lang/` (a test checks it): which names are
//! functions, the one thing the parser asks of the rest of the calculator, comes in as an
//! argument ([`parser::IsFunction`]).

pub mod ast;
pub mod error;
pub(crate) mod lexer;
pub mod parser;
pub mod source;
pub mod span;
