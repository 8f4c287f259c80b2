//! Rectangular boards, shared by the grid games: cell sets as bit sets ([`bits`]), boards of
//! empty and blocked cells with their regions and symmetries ([`geometry`], with the 8x8
//! fast paths of [`bytes`]), domino counting for Domineering and Cram ([`dominoes`]), board
//! strings ([`parse`]) and chess-style square names ([`squares`]).

mod bits;
mod bytes;
mod dominoes;
mod geometry;
mod parse;
mod squares;

pub use bits::{Bits, Wide, ones};
pub(crate) use dominoes::row_dominoes;
pub use geometry::Grid;
pub use parse::board_rows;
pub use squares::{cell_name, square_name};
