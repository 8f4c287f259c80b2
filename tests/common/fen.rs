//! FEN placements of 8x8 boards, for the tests and the pawn bench (benches include this file
//! by path).

/// The FEN placement of `cells`, indexed `[rank][file]` from White's first rank, with `' '`
/// for an empty square: ranks from the eighth down, runs of empty squares as digits.
pub fn placement(cells: &[[char; 8]; 8]) -> String {
    let rows: Vec<String> = cells
        .iter()
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for &c in rank {
                if c == ' ' {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                    empty = 0;
                }
                row.push(c);
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    rows.join("/")
}
