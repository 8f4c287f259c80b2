//! Boards of at most 64 cells as bitboards, shared by the grid games (Domineering, Cram): bit
//! `r * cols + c` is set when cell (r, c) is free. Regions are the 4-connected sets of free
//! cells, cropped to their bounding boxes; the eight symmetries of the rectangle are split into
//! the four that keep rows as rows and the four that transpose the board.

/// Most cells a board may have.
pub const MAX_CELLS: usize = 64;

/// A rectangular board with a set of free cells.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Grid {
    rows: u8,
    cols: u8,
    free: u64,
}

fn bit(i: usize) -> u64 {
    1u64 << i
}

/// `x >> n`, 0 when `n` is 64 (a 1 x 64 board shifts by a whole row).
fn shr(x: u64, n: usize) -> u64 {
    x.checked_shr(n as u32).unwrap_or(0)
}

/// `x << n`, 0 when `n` is 64.
fn shl(x: u64, n: usize) -> u64 {
    x.checked_shl(n as u32).unwrap_or(0)
}

impl Grid {
    /// The board with `rows` x `cols` free cells (at most [`MAX_CELLS`]).
    pub fn rectangle(rows: usize, cols: usize) -> Result<Grid, String> {
        let n = rows
            .checked_mul(cols)
            .filter(|&n| n <= MAX_CELLS)
            .ok_or_else(|| {
                format!(
                    "a {rows}x{cols} board has {} cells; boards hold at most {MAX_CELLS}",
                    rows.saturating_mul(cols)
                )
            })?;
        Ok(Grid {
            rows: rows as u8,
            cols: cols as u8,
            free: if n == 64 { u64::MAX } else { bit(n) - 1 },
        })
    }

    /// Parses a board: rows separated by `|` or newlines, `.` free, `#` (or `x`) filled.
    pub fn parse(s: &str) -> Result<Grid, String> {
        let rows: Vec<&str> = s
            .split(['|', '\n'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        let cols = rows.first().map_or(0, |r| r.chars().count());
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
        if rows.len() * cols > MAX_CELLS {
            return Err(format!(
                "the board has {} cells; boards hold at most {MAX_CELLS}",
                rows.len() * cols
            ));
        }
        let mut free = 0u64;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => free |= bit(r * cols + c),
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
        Ok(Grid {
            rows: rows.len() as u8,
            cols: cols as u8,
            free,
        })
    }

    pub fn rows(&self) -> usize {
        self.rows as usize
    }

    pub fn cols(&self) -> usize {
        self.cols as usize
    }

    /// The free cells as a bit set.
    pub fn free(&self) -> u64 {
        self.free
    }

    pub fn is_free(&self, r: usize, c: usize) -> bool {
        self.free & bit(r * self.cols() + c) != 0
    }

    /// The board with the cells of `mask` filled.
    pub fn without(&self, mask: u64) -> Grid {
        Grid {
            free: self.free & !mask,
            ..*self
        }
    }

    /// Cells `i` such that `i` and the cell below are free (the vertical domino at `i`).
    pub fn vertical_pairs(&self) -> u64 {
        self.free & shr(self.free, self.cols())
    }

    /// Cells `i` such that `i` and the cell to its right are free (the horizontal domino at `i`).
    pub fn horizontal_pairs(&self) -> u64 {
        let (_, last_col) = self.edges();
        self.free & (self.free >> 1) & !last_col
    }

    /// Masks of the first and the last column.
    fn edges(&self) -> (u64, u64) {
        let cols = self.cols();
        if cols == 0 {
            return (0, 0);
        }
        let mut first = 0u64;
        for r in 0..self.rows() {
            first |= bit(r * cols);
        }
        (first, first << (cols - 1))
    }

    /// `m` and its 4-neighbours among the free cells (`edges` from [`Self::edges`]).
    fn spread(&self, m: u64, (left_edge, right_edge): (u64, u64)) -> u64 {
        let cols = self.cols();
        (m | ((m & !right_edge) << 1) | ((m & !left_edge) >> 1) | shl(m, cols) | shr(m, cols))
            & self.free
    }

    /// The 4-connected regions of free cells with at least `min_cells` cells, each cropped to
    /// its bounding box.
    pub fn regions(&self, min_cells: u32) -> Vec<Grid> {
        let mut rest = self.free;
        let mut out = Vec::new();
        let edges = self.edges();
        while rest != 0 {
            let mut region = rest & rest.wrapping_neg();
            loop {
                let grown = self.spread(region, edges);
                if grown == region {
                    break;
                }
                region = grown;
            }
            rest &= !region;
            if region.count_ones() >= min_cells {
                out.push(self.crop(region));
            }
        }
        out
    }

    /// The board with cell set `cells` (in this board's coordinates) cropped to its bounding box.
    fn crop(&self, cells: u64) -> Grid {
        let cols = self.cols();
        let (mut r0, mut r1, mut c0, mut c1) = (usize::MAX, 0, usize::MAX, 0);
        for i in ones(cells) {
            let (r, c) = (i / cols, i % cols);
            r0 = r0.min(r);
            r1 = r1.max(r);
            c0 = c0.min(c);
            c1 = c1.max(c);
        }
        let ncols = c1 - c0 + 1;
        let mut free = 0u64;
        for i in ones(cells) {
            free |= bit((i / cols - r0) * ncols + (i % cols - c0));
        }
        Grid {
            rows: (r1 - r0 + 1) as u8,
            cols: ncols as u8,
            free,
        }
    }

    /// The board transformed by `f(r, c) -> (r', c')` into a `rows' x cols'` board.
    fn transform(
        &self,
        rows: usize,
        cols: usize,
        f: impl Fn(usize, usize) -> (usize, usize),
    ) -> Grid {
        let sc = self.cols();
        let mut free = 0u64;
        for i in ones(self.free) {
            let (r, c) = f(i / sc, i % sc);
            free |= bit(r * cols + c);
        }
        Grid {
            rows: rows as u8,
            cols: cols as u8,
            free,
        }
    }

    /// The four images that keep rows as rows (identity, mirrors, half turn), and the four
    /// that exchange rows and columns (transpose, quarter turns, anti-transpose).
    pub fn symmetries(&self) -> ([Grid; 4], [Grid; 4]) {
        let (r, c) = (self.rows(), self.cols());
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
        (same, swapped)
    }

    /// Board text: rows separated by `|`.
    pub fn board_string(&self) -> String {
        let mut s = String::new();
        for r in 0..self.rows() {
            if r > 0 {
                s.push('|');
            }
            for c in 0..self.cols() {
                s.push(if self.is_free(r, c) { '.' } else { '#' });
            }
        }
        s
    }

    /// Chess-style name of cell `i`: column letter, then row number from the top (`a1`).
    pub fn cell_name(&self, i: usize) -> String {
        let cols = self.cols();
        let c = i % cols;
        let col = if c < 26 {
            ((b'a' + c as u8) as char).to_string()
        } else {
            format!("c{}", c + 1)
        };
        format!("{col}{}", i / cols + 1)
    }

    /// Names the domino covering the two cells of `taken` (`a1-a2`).
    pub fn domino_name(&self, taken: u64) -> String {
        let mut cells = ones(taken);
        let a = cells.next().unwrap_or(0);
        let b = cells.next().unwrap_or(a);
        format!("{}-{}", self.cell_name(a), self.cell_name(b))
    }

    /// Runs of consecutive free cells along each column (`vertical`) or row, by length.
    pub fn runs(&self, vertical: bool) -> Vec<usize> {
        let (outer, inner) = if vertical {
            (self.cols(), self.rows())
        } else {
            (self.rows(), self.cols())
        };
        let mut out = Vec::new();
        for a in 0..outer {
            let mut run = 0;
            for b in 0..=inner {
                let free = b < inner
                    && if vertical {
                        self.is_free(b, a)
                    } else {
                        self.is_free(a, b)
                    };
                if free {
                    run += 1;
                } else if run > 0 {
                    out.push(run);
                    run = 0;
                }
            }
        }
        out
    }
}

/// The indices of the set bits of `m`, lowest first.
pub fn ones(mut m: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let i = m.trailing_zeros() as usize;
            m &= m - 1;
            i
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints_boards() {
        let g = Grid::parse(".#|..").unwrap();
        assert_eq!(g.board_string(), ".#|..");
        assert!(Grid::parse("..|.").is_err());
        assert!(Grid::parse("..|.?").is_err());
        assert!(Grid::rectangle(9, 9).is_err());
    }

    #[test]
    fn sixty_four_columns_and_rows() {
        // A 1 x 64 strip has no vertical pair and 63 horizontal ones; a 64 x 1 strip the reverse.
        let wide = Grid::rectangle(1, 64).unwrap();
        assert_eq!(wide.vertical_pairs(), 0);
        assert_eq!(wide.horizontal_pairs().count_ones(), 63);
        assert_eq!(wide.regions(1).len(), 1);
        assert_eq!(wide.runs(false), vec![64]);
        let tall = Grid::rectangle(64, 1).unwrap();
        assert_eq!(tall.horizontal_pairs(), 0);
        assert_eq!(tall.vertical_pairs().count_ones(), 63);
        assert_eq!(tall.regions(1).len(), 1);
        // Splitting the strip in the middle gives two regions of 31 and 32 cells.
        let split = wide.without(1 << 31);
        let sizes: Vec<u32> = split
            .regions(1)
            .iter()
            .map(|g| g.free().count_ones())
            .collect();
        assert_eq!(sizes, vec![31, 32]);
    }

    #[test]
    fn regions_are_cropped() {
        let g = Grid::parse("..#..|##...").unwrap();
        let r = g.regions(2);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].board_string(), "..");
        assert_eq!(r[1].board_string(), "#..|...");
    }
}
