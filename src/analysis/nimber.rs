//! Nim arithmetic on natural numbers: the nim sum and the nim product (Conway, ONAG ch. 6).
//!
//! The nimbers `*a` add by `*a + *b = *(a xor b)` (Sprague-Grundy; WW ch. 3) and, with Conway's
//! multiplication `a * b = mex { a'b + ab' + a'b' : a' < a, b' < b }` (sums being nim sums),
//! form a field. The nimbers below `2^(2^k)` form a subfield, so the naturals below 2^64 are
//! closed under both operations.
//!
//! The product is computed by Lenstra's recursion on the Fermat 2-powers `F = 2^(2^k)`
//! (Lenstra, *Nim multiplication*, 1977; ONAG ch. 6): below `F^2`, write `a = a1.F + a0` with
//! `a1, a0 < F`. For `x < F` the nim product `x.F` is the ordinary product, and
//! `F.F = F + F/2` (`3F/2`), so
//!
//! ```text
//! a.b = (a1.b1 + a1.b0 + a0.b1).F + a0.b0 + (a1.b1).(F/2)
//! ```
//!
//! and `a1.b0 + a0.b1 + a1.b1 = (a1 + a0).(b1 + b0) + a0.b0`: three products of half the
//! width, and one more by `F/2`.

pub use crate::game::mex::mex;

/// The nim sum of natural numbers: their bitwise exclusive or (ONAG ch. 6; WW ch. 3).
pub fn nim_sum(values: impl IntoIterator<Item = u64>) -> u64 {
    values.into_iter().fold(0, |acc, x| acc ^ x)
}

/// The nim product of two natural numbers below 2^64 (ONAG ch. 6, Lenstra's recursion; see
/// the module documentation). The result is below 2^64 too.
pub fn nim_product(a: u64, b: u64) -> u64 {
    product(a, b, 64)
}

/// The nim product of `a, b < 2^bits`, `bits` a power of two.
fn product(a: u64, b: u64, bits: u32) -> u64 {
    if a < 2 || b < 2 {
        // 0 and 1 multiply as integers.
        return a * b;
    }
    let half = bits / 2;
    let mask = (1u64 << half) - 1;
    let (a1, a0) = (a >> half, a & mask);
    let (b1, b0) = (b >> half, b & mask);
    if a1 == 0 && b1 == 0 {
        return product(a0, b0, half);
    }
    let low = product(a0, b0, half);
    let high = product(a1, b1, half);
    let cross = product(a1 ^ a0, b1 ^ b0, half);
    // (a1.b1 + a1.b0 + a0.b1).F with F = 2^half, then a0.b0 + (a1.b1).(F/2).
    ((cross ^ low) << half) | (low ^ product(high, 1 << (half - 1), half))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Conway's multiplication table of the nimbers below 4 (ONAG ch. 6: {0, 1, 2, 3} is the
    /// field of four elements, 2.2 = 3, 2.3 = 1, 3.3 = 2).
    #[test]
    fn field_of_four() {
        let table = [[0, 0, 0, 0], [0, 1, 2, 3], [0, 2, 3, 1], [0, 3, 1, 2]];
        for (a, row) in table.iter().enumerate() {
            for (b, &p) in row.iter().enumerate() {
                assert_eq!(nim_product(a as u64, b as u64), p, "{a}.{b}");
            }
        }
    }

    #[test]
    fn sums() {
        assert_eq!(nim_sum([5, 3]), 6);
        assert_eq!(nim_sum([]), 0);
        assert_eq!(nim_sum([u64::MAX, 1]), u64::MAX - 1);
    }
}
