//! Octal games (WW ch. 4; Siegel, CGT, ch. IV.2): codes, Grundy sequences and mex.
//!
//! An octal code `d0.d1d2d3...` has octal digits; digit `dk` (k >= 1) says how a player may
//! remove `k` tokens from one heap: bit 1 if that may take the whole heap, bit 2 if it may
//! leave one nonempty heap, bit 4 if it may leave two nonempty heaps (splitting the rest).
//! `d0` is 0, or 4 for games that may split a heap in two without removing anything
//! (`4.07`); a pass (bit 2 of `d0`) is refused, since it would make the game loopy.
//! Dawson's Kayles is `0.07`, Dawson's Chess `0.137`, Kayles `0.77`.
//!
//! The Grundy value of a heap of `n` is the mex of its options' values; an option with two
//! heaps has the nim sum (xor) of their values (Sprague-Grundy).

use crate::game::interrupt::check_cancel;

/// The largest heap [`grundy_sequence`] computes (its work grows with the square of `n`).
pub const MAX_HEAP: usize = 100_000;

/// A parsed octal code: `moves[k]` holds the bits of digit `k` (index 0 is `d0`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OctalCode {
    digits: Vec<u8>,
}

impl OctalCode {
    /// Parses `"0.07"`, `"0.137"`, `"4.07"`, `".07"` or `"0.7"`; trailing zeros are allowed.
    pub fn parse(code: &str) -> Result<OctalCode, String> {
        let code = code.trim();
        let (head, tail) = code.split_once('.').ok_or_else(|| {
            format!(
                "an octal code is written d0.d1d2... with a point, e.g. \"0.07\", not \"{code}\""
            )
        })?;
        let d0 = match head {
            "" | "0" => 0,
            "4" => 4,
            other => {
                return Err(format!(
                    "the digit before the point must be 0 or 4 (4: a heap may be split without taking anything), not \"{other}\""
                ));
            }
        };
        if tail.is_empty() {
            return Err(format!(
                "the octal code \"{code}\" has no digits after the point, e.g. \"0.07\""
            ));
        }
        let mut digits = vec![d0];
        for c in tail.chars() {
            match c.to_digit(8) {
                Some(d) => digits.push(d as u8),
                None => {
                    return Err(format!(
                        "`{c}` is not an octal digit (0-7) in the code \"{code}\""
                    ));
                }
            }
        }
        while digits.len() > 1 && digits.last() == Some(&0) {
            digits.pop();
        }
        Ok(OctalCode { digits })
    }

    /// The code written back in the usual form (`0.07`).
    pub fn text(&self) -> String {
        let tail: String = self.digits[1..]
            .iter()
            .map(|d| char::from(b'0' + d))
            .collect();
        format!(
            "{}.{}",
            self.digits[0],
            if tail.is_empty() { "0" } else { &tail }
        )
    }

    /// Extends `seq` (the Grundy values of heaps `0..seq.len()`) to heaps `0..=n`.
    pub fn extend(&self, seq: &mut Vec<u32>, n: usize) {
        if seq.is_empty() {
            seq.push(0);
        }
        let mut seen: Vec<u64> = Vec::new();
        while seq.len() <= n {
            let m = seq.len();
            if m.is_multiple_of(64) {
                check_cancel();
            }
            seen.iter_mut().for_each(|w| *w = 0);
            for (k, &d) in self.digits.iter().enumerate() {
                if d == 0 || k > m {
                    continue;
                }
                let r = m - k;
                if d & 1 != 0 && r == 0 {
                    mark(0, &mut seen);
                }
                if d & 2 != 0 && r >= 1 && k >= 1 {
                    mark(seq[r], &mut seen);
                }
                if d & 4 != 0 && r >= 2 {
                    for a in 1..=r / 2 {
                        mark(seq[a] ^ seq[r - a], &mut seen);
                    }
                }
            }
            seq.push(mex_bits(&seen));
        }
    }
}

/// Adds `v` to the bit set.
fn mark(v: u32, seen: &mut Vec<u64>) {
    let (w, b) = ((v / 64) as usize, v % 64);
    if seen.len() <= w {
        seen.resize(w + 1, 0);
    }
    seen[w] |= 1 << b;
}

/// The least value not set in the bit set.
fn mex_bits(seen: &[u64]) -> u32 {
    for (i, &w) in seen.iter().enumerate() {
        if w != u64::MAX {
            return i as u32 * 64 + (!w).trailing_zeros();
        }
    }
    seen.len() as u32 * 64
}

/// The Grundy values of heaps `0..=n` in the octal game `code`.
pub fn grundy_sequence(code: &str, n: usize) -> Result<Vec<u32>, String> {
    if n > MAX_HEAP {
        return Err(format!("heaps up to {MAX_HEAP} only, not {n}"));
    }
    let c = OctalCode::parse(code)?;
    let mut seq = Vec::new();
    c.extend(&mut seq, n);
    Ok(seq)
}

/// The minimum excludant: the least natural number not among `values`.
pub fn mex(values: impl IntoIterator<Item = u32>) -> u32 {
    let mut v: Vec<u32> = values.into_iter().collect();
    v.sort_unstable();
    v.dedup();
    let mut m = 0;
    for x in v {
        if x != m {
            break;
        }
        m += 1;
    }
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        assert_eq!(OctalCode::parse("0.07").unwrap().text(), "0.07");
        assert_eq!(OctalCode::parse(".070").unwrap().text(), "0.07");
        assert_eq!(OctalCode::parse("4.07").unwrap().text(), "4.07");
        assert!(
            OctalCode::parse("0.08")
                .unwrap_err()
                .contains("octal digit")
        );
        assert!(OctalCode::parse("2.07").unwrap_err().contains("0 or 4"));
        assert!(OctalCode::parse("007").unwrap_err().contains("point"));
        assert!(OctalCode::parse("0.").unwrap_err().contains("no digits"));
    }

    /// Nim is 0.333...: the value of a heap of n is n. 0.1 (take one token only if it is the
    /// whole heap) gives 0, 1, 0, 0, ...
    #[test]
    fn small_games() {
        let nim = "0.".to_string() + &"3".repeat(20);
        assert_eq!(
            grundy_sequence(&nim, 20).unwrap(),
            (0..=20).collect::<Vec<_>>()
        );
        assert_eq!(grundy_sequence("0.1", 3).unwrap(), vec![0, 1, 0, 0]);
        // 0.07 (Dawson's Kayles) starts 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3 (WW ch. 4).
        assert_eq!(
            grundy_sequence("0.07", 11).unwrap(),
            vec![0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
        );
    }

    #[test]
    fn mexes() {
        assert_eq!(mex([0, 1, 3]), 2);
        assert_eq!(mex([]), 0);
        assert_eq!(mex([1, 2]), 0);
        assert_eq!(mex([2, 0, 1, 1]), 3);
        assert_eq!(mex_bits(&[u64::MAX]), 64);
        assert_eq!(mex_bits(&[u64::MAX, 0b1011]), 66);
    }
}
