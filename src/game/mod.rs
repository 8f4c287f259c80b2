//! The algebra of short games: the hash-consed arena of canonical forms and its operations.

pub mod arena;
pub mod cache;
pub mod canonical;
pub mod compare;
pub mod display;
mod index;
pub mod interrupt;
pub mod latex;
pub mod loopy;
pub mod memory;
pub mod mex;
pub mod misere;
pub mod number;
pub mod ops;
pub mod pages;
pub mod reserved;
pub mod rng;
pub mod shared;
pub mod thermograph;
pub mod threat;
pub mod uptimal;

pub use arena::{Arena, GameId, Nus, StopSides};
pub use canonical::CanonStep;
pub use compare::{Outcome, Relation};
pub use interrupt::Interrupt;
pub use number::Dyadic;
pub use thermograph::{Thermograph, Trajectory};
pub use uptimal::UptimalExpansion;
