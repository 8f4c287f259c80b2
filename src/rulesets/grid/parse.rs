//! Board strings: rows separated by `|` or newlines, as CGSuite writes grids.

use super::bits::Bits;
use super::geometry::Grid;
use crate::syntax::source::character_number;

/// The rows of a board string (separated by `|` or newlines, blanks around rows ignored) and
/// its width; an error unless the rows are equally long and hold at most `capacity` cells.
pub fn board_rows(s: &str, capacity: usize) -> Result<(Vec<&str>, usize), String> {
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
    if rows.len() * cols > capacity {
        return Err(format!(
            "the board has {} cells; boards hold at most {capacity}",
            rows.len() * cols
        ));
    }
    Ok((rows, cols))
}

impl<B: Bits> Grid<B> {
    /// Parses a board: rows separated by `|` or newlines, `.` free, `#` (or `x`) filled.
    pub fn parse(s: &str) -> Result<Grid<B>, String> {
        let (rows, cols) = board_rows(s, B::CAPACITY)?;
        let mut free = B::EMPTY;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                match ch {
                    '.' => free = free.or(B::bit(r * cols + c)),
                    '#' | 'x' | 'X' => {}
                    other => {
                        return Err(format!(
                            "unexpected `{other}` at character {} (row {}): use `.` for empty and `#` for filled cells",
                            character_number(s, row, c),
                            r + 1
                        ));
                    }
                }
            }
        }
        Ok(Grid {
            rows: rows.len() as u16,
            cols: cols as u16,
            free,
        })
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rulesets::grid::Wide;

    #[test]
    fn parses_and_prints_boards() {
        let g: Grid = Grid::parse(".#|..").unwrap();
        assert_eq!(g.board_string(), ".#|..");
        assert!(Grid::<u64>::parse("..|.").is_err());
        assert!(Grid::<u64>::parse("..|.?").is_err());
        assert!(Grid::<u64>::rectangle(9, 9).is_err());
        assert!(Grid::<Wide>::rectangle(16, 16).is_ok());
        assert!(Grid::<Wide>::rectangle(1, 257).is_err());
    }
}
