//! Chess-style names of squares and cells (`a1`), shared by the board games: Domineering's
//! and Cram's dominoes, pawn structures, Elkies' boards, Regio's grids and the endgames.

use super::bits::Bits;
use super::geometry::Grid;

/// A file's (column's) name: its letter while there are letters (`a` is file 0), past `z`
/// `past_z` followed by the file counted from 1.
fn file_name(file: usize, past_z: char) -> String {
    if file < 26 {
        ((b'a' + file as u8) as char).to_string()
    } else {
        format!("{past_z}{}", file + 1)
    }
}

/// A square's name in chess style: the file's letter (`a` is file 0; files past `z` are
/// `f27`, `f28`, ...) and the rank counted from 1.
pub fn square_name(file: usize, rank: usize) -> String {
    format!("{}{}", file_name(file, 'f'), rank + 1)
}

/// Chess-style name of cell `i` of a board `cols` wide: column letter (`c27`, `c28`, ...
/// past `z`), then row number from the top (`a1`).
pub fn cell_name(i: usize, cols: usize) -> String {
    format!("{}{}", file_name(i % cols, 'c'), i / cols + 1)
}

impl<B: Bits> Grid<B> {
    /// Chess-style name of cell `i`: column letter, then row number from the top (`a1`).
    pub fn cell_name(&self, i: usize) -> String {
        cell_name(i, self.cols())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_of_squares_and_cells() {
        // Files a..z, then the number; ranks and rows count from 1.
        assert_eq!(square_name(0, 0), "a1");
        assert_eq!(square_name(7, 7), "h8");
        assert_eq!(square_name(25, 2), "z3");
        assert_eq!(square_name(26, 0), "f271");
        assert_eq!(cell_name(9, 8), "b2");
        assert_eq!(cell_name(30, 40), "c311");
        assert_eq!(cell_name(25, 26), "z1");
    }
}
