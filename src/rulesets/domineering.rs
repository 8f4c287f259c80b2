//! Domineering (WW ch. 5; Berlekamp 1988): Left places vertical dominoes, Right horizontal
//! ones, on the empty cells of a board. Only rules, decomposition and symmetries live here.
//!
//! A board of at most 64 cells is a bitboard (`bit r*cols + c` set when the cell is empty).
//! Components are the 4-connected regions of empty cells, cropped to their bounding box.
//! Mirror images and the half turn preserve the value; transposing the board (and the
//! quarter turns) exchanges the players, so it gives the negative.

use crate::game::{Arena, GameId};
use crate::search::{Game, Player};

/// A Domineering position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domineering {
    rows: u8,
    cols: u8,
    empty: u64,
}

fn bit(i: usize) -> u64 {
    1u64 << i
}

impl Domineering {
    /// The empty `rows` x `cols` board (at most 64 cells).
    pub fn rectangle(rows: usize, cols: usize) -> Result<Domineering, String> {
        if rows * cols > 64 {
            return Err(format!(
                "a {rows}x{cols} board has {} cells; boards hold at most 64",
                rows * cols
            ));
        }
        let n = rows * cols;
        let empty = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        Ok(Domineering {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        })
    }

    /// Parses a board: rows separated by `|` or newlines, `.` empty, `#` (or `x`) filled.
    pub fn parse(s: &str) -> Result<Domineering, String> {
        let rows: Vec<&str> = s
            .split(['|', '\n'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        if rows.is_empty() {
            return Ok(Domineering {
                rows: 0,
                cols: 0,
                empty: 0,
            });
        }
        let cols = rows[0].chars().count();
        if let Some((i, r)) = rows
            .iter()
            .enumerate()
            .find(|(_, r)| r.chars().count() != cols)
        {
            return Err(format!(
                "row {} has {} cells but row 1 has {cols}: boards must be rectangular",
                i + 1,
                r.chars().count()
            ));
        }
        if rows.len() * cols > 64 {
            return Err(format!(
                "the board has {} cells; boards hold at most 64",
                rows.len() * cols
            ));
        }
        let mut empty = 0u64;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => empty |= bit(r * cols + c),
                    '#' | 'x' | 'X' => {}
                    other => {
                        return Err(format!(
                            "unexpected `{other}` in row {}: use `.` for empty and `#` for filled cells",
                            r + 1
                        ));
                    }
                }
            }
        }
        Ok(Domineering {
            rows: rows.len() as u8,
            cols: cols as u8,
            empty,
        })
    }

    fn is_empty_cell(&self, r: usize, c: usize) -> bool {
        self.empty & bit(r * self.cols as usize + c) != 0
    }

    /// Cells `i` such that `i` and the cell below are empty (Left's moves).
    fn vertical_pairs(&self) -> u64 {
        self.empty & (self.empty >> self.cols)
    }

    /// Cells `i` such that `i` and the cell to its right are empty (Right's moves).
    fn horizontal_pairs(&self) -> u64 {
        let (_, last_col) = self.edges();
        self.empty & (self.empty >> 1) & !last_col
    }

    /// Masks of the first and the last column.
    fn edges(&self) -> (u64, u64) {
        let cols = self.cols as usize;
        if cols == 0 {
            return (0, 0);
        }
        let mut first = 0u64;
        for r in 0..self.rows as usize {
            first |= bit(r * cols);
        }
        (first, first << (cols - 1))
    }

    /// The board with cell set `cells` (in this board's coordinates) cropped to its bounding box.
    fn crop(&self, cells: u64) -> Domineering {
        let cols = self.cols as usize;
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        let mut m = cells;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, c) = (i / cols, i % cols);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let (rows, ncols) = (r1 - r0 + 1, c1 - c0 + 1);
        let mut empty = 0u64;
        let mut m = cells;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, c) = (i / cols, i % cols);
            empty |= bit((r - r0) * ncols + (c - c0));
        }
        Domineering {
            rows: rows as u8,
            cols: ncols as u8,
            empty,
        }
    }

    /// `m` and its 4-neighbours among the empty cells (`edges` from [`Self::edges`]).
    fn spread(&self, m: u64, (left_edge, right_edge): (u64, u64)) -> u64 {
        let cols = self.cols as usize;
        (m | ((m & !right_edge) << 1) | ((m & !left_edge) >> 1) | (m << cols) | (m >> cols))
            & self.empty
    }

    /// The board transformed by `f(r, c) -> (r', c')` into a `rows' x cols'` board.
    fn transform(
        &self,
        rows: usize,
        cols: usize,
        f: impl Fn(usize, usize) -> (usize, usize),
    ) -> Domineering {
        let mut empty = 0u64;
        let mut m = self.empty;
        let sc = self.cols as usize;
        while m != 0 {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            let (r, c) = f(i / sc, i % sc);
            empty |= bit(r * cols + c);
        }
        Domineering {
            rows: rows as u8,
            cols: cols as u8,
            empty,
        }
    }

    /// Board text: rows separated by `|`.
    pub fn board_string(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows as usize {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols as usize {
                s.push(if self.is_empty_cell(r, c) { '.' } else { '#' });
            }
        }
        s
    }

    fn cell_name(&self, i: usize) -> String {
        let cols = self.cols as usize;
        let c = i % cols;
        let col = if c < 26 {
            ((b'a' + c as u8) as char).to_string()
        } else {
            format!("c{}", c + 1)
        };
        format!("{col}{}", i / cols + 1)
    }
}

impl Game for Domineering {
    fn moves(&self, player: Player) -> Vec<Domineering> {
        let (mut pairs, step) = match player {
            Player::Left => (self.vertical_pairs(), self.cols as usize),
            Player::Right => (self.horizontal_pairs(), 1),
        };
        let mut out = Vec::with_capacity(pairs.count_ones() as usize);
        while pairs != 0 {
            let i = pairs.trailing_zeros() as usize;
            pairs &= pairs - 1;
            out.push(Domineering {
                empty: self.empty & !(bit(i) | bit(i + step)),
                ..*self
            });
        }
        out
    }

    fn components(&self) -> Vec<Domineering> {
        let mut rest = self.empty;
        let mut out = Vec::new();
        let edges = self.edges();
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            loop {
                let grown = self.spread(comp, edges);
                if grown == comp {
                    break;
                }
                comp = grown;
            }
            rest &= !comp;
            if comp.count_ones() >= 2 {
                out.push(self.crop(comp));
            }
        }
        out
    }

    fn normalize(&self) -> (Domineering, bool) {
        let (r, c) = (self.rows as usize, self.cols as usize);
        let same = [
            *self,
            self.transform(r, c, |i, j| (i, c - 1 - j)),
            self.transform(r, c, |i, j| (r - 1 - i, j)),
            self.transform(r, c, |i, j| (r - 1 - i, c - 1 - j)),
        ];
        let swapped = [
            self.transform(c, r, |i, j| (j, i)),
            self.transform(c, r, |i, j| (c - 1 - j, i)),
            self.transform(c, r, |i, j| (j, r - 1 - i)),
            self.transform(c, r, |i, j| (c - 1 - j, r - 1 - i)),
        ];
        let best_same = *same.iter().min().expect("four symmetries");
        let best_swapped = *swapped.iter().min().expect("four symmetries");
        if best_swapped < best_same {
            (best_swapped, true)
        } else {
            (best_same, false)
        }
    }

    /// A region where only one player can move is an integer: the number of dominoes that
    /// player can still place, `floor(run/2)` summed over the runs of empty cells.
    fn direct_value(&self, arena: &mut Arena) -> Option<GameId> {
        let v = self.vertical_pairs();
        let h = self.horizontal_pairs();
        if v != 0 && h != 0 {
            return None;
        }
        let (rows, cols) = (self.rows as usize, self.cols as usize);
        let mut count = 0i64;
        if v != 0 {
            for c in 0..cols {
                let mut run = 0;
                for r in 0..=rows {
                    if r < rows && self.is_empty_cell(r, c) {
                        run += 1;
                    } else {
                        count += run / 2;
                        run = 0;
                    }
                }
            }
        } else if h != 0 {
            for r in 0..rows {
                let mut run = 0;
                for c in 0..=cols {
                    if c < cols && self.is_empty_cell(r, c) {
                        run += 1;
                    } else {
                        count -= run / 2;
                        run = 0;
                    }
                }
            }
        }
        Some(arena.integer(count))
    }

    fn describe_move(&self, to: &Domineering, player: Player) -> String {
        let mut taken = self.empty & !to.empty;
        let a = taken.trailing_zeros() as usize;
        taken &= taken - 1;
        let b = taken.trailing_zeros() as usize;
        let who = match player {
            Player::Left => "L",
            Player::Right => "R",
        };
        format!("{who} {}-{}", self.cell_name(a), self.cell_name(b))
    }

    fn describe(&self) -> String {
        self.board_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_boards() {
        let d = Domineering::parse(".#|..").unwrap();
        assert_eq!(d.board_string(), ".#|..");
        assert!(Domineering::parse("..|.").is_err());
        assert!(Domineering::parse("..|.?").is_err());
    }

    #[test]
    fn moves_and_components() {
        let d = Domineering::rectangle(2, 2).unwrap();
        assert_eq!(d.moves(Player::Left).len(), 2);
        assert_eq!(d.moves(Player::Right).len(), 2);
        // ..#.. splits into two 1x2 strips
        let s = Domineering::parse("..#..").unwrap();
        assert_eq!(s.components().len(), 2);
    }

    #[test]
    fn transpose_is_negative() {
        let a = Domineering::parse("...|...").unwrap();
        let b = Domineering::parse("..|..|..").unwrap();
        let (ka, na) = a.normalize();
        let (kb, nb) = b.normalize();
        assert_eq!(ka, kb);
        assert_ne!(na, nb);
    }
}
