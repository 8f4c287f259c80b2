//! Rectangular boards, shared by the grid games: cell sets as bit sets (`bits.rs`), boards of
//! empty and blocked cells with their regions and symmetries (`geometry.rs`, with the 8x8
//! fast paths of `bytes.rs`), domino counting for Domineering and Cram (`dominoes.rs`), boards
//! whose cells hold pieces, with the components and symmetries their rules allow
//! (`pieces.rs`: Clobber, Konane, Amazons, Toads and Frogs), board strings (`parse.rs`) and
//! chess-style square names (`squares.rs`).

mod bits;
mod bytes;
mod dominoes;
mod geometry;
mod parse;
mod pieces;
mod squares;

pub use bits::{Bits, Wide, extract_bits, ones};
pub(crate) use dominoes::{LineTable, row_dominoes};
pub use geometry::{Adjacency, Grid};
pub use parse::board_rows;
pub use pieces::{Cell, Direction, Legend, PieceBoard, PieceGame, Steps, Symmetries, TwoPlanes};
pub use squares::{cell_name, square_name};
