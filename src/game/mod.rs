//! The algebra of short games: the hash-consed arena of canonical forms and its operations.

pub mod arena;
pub mod cache;
pub mod canonical;
pub mod compare;
pub mod display;
pub mod interrupt;
pub mod number;
pub mod ops;
pub mod stopper;

pub use arena::{Arena, GameId, Nus};
pub use compare::Relation;
pub use interrupt::Interrupt;
pub use number::Dyadic;
