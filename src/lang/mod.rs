//! The language: parser (nom) → AST with spans → evaluator → values.

pub mod ast;
pub mod builtins;
pub mod error;
pub mod eval;
mod lexer;
pub mod modules;
pub mod parser;
pub mod source;
pub mod span;
pub mod value;

pub use error::CgError;
