//! Sets of cells as bit sets ([`Bits`]): `u64` for boards of up to 64 cells, [`Wide`] for up
//! to 256, and the word operations the boards are built from (bit gather and scatter, occluded
//! fills).

use std::fmt::Debug;
use std::hash::Hash;

/// A set of cells: the operations the grid needs from a bit set.
pub trait Bits: Copy + Eq + Ord + Hash + Debug + Send + Sync + 'static {
    /// How many cells a set can hold.
    const CAPACITY: usize;
    const EMPTY: Self;
    /// The cells `0..n`.
    fn first(n: usize) -> Self;
    fn bit(i: usize) -> Self;
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn and_not(self, o: Self) -> Self;
    /// Shifted towards higher cells; cells shifted out are lost (a shift by `CAPACITY` or
    /// more gives the empty set).
    fn shl(self, n: usize) -> Self;
    fn shr(self, n: usize) -> Self;
    fn count(self) -> u32;
    /// The lowest cell in the set.
    fn lowest(self) -> Option<usize>;
    /// The highest cell in the set.
    fn highest(self) -> Option<usize>;
    /// The cells of the set, lowest first.
    fn ones(self) -> impl Iterator<Item = usize>;
    /// Cells 0..64 as a word.
    fn low_u64(self) -> u64;
    /// The set of the bits of `x` (cells 0..64).
    fn from_u64(x: u64) -> Self;

    fn is_empty(self) -> bool {
        self == Self::EMPTY
    }

    fn has(self, i: usize) -> bool {
        !self.and(Self::bit(i)).is_empty()
    }
}

/// `u32` for boards of up to 32 cells (half the key of a `u64` board: more of the value
/// table fits in cache and less memory is zeroed as it grows), `u64` for up to 64, `u128`
/// for up to 128 (9x9 to 11x11 Domineering: half of [`Wide`]'s key, and shifts without
/// carries between four words).
macro_rules! word_bits {
    ($word:ty) => {
        impl Bits for $word {
            const CAPACITY: usize = <$word>::BITS as usize;
            const EMPTY: $word = 0;

            #[inline]
            fn first(n: usize) -> $word {
                if n >= Self::CAPACITY {
                    <$word>::MAX
                } else {
                    (1 << n) - 1
                }
            }
            #[inline]
            fn bit(i: usize) -> $word {
                1 << i
            }
            #[inline]
            fn and(self, o: $word) -> $word {
                self & o
            }
            #[inline]
            fn or(self, o: $word) -> $word {
                self | o
            }
            #[inline]
            fn and_not(self, o: $word) -> $word {
                self & !o
            }
            #[inline]
            fn shl(self, n: usize) -> $word {
                self.checked_shl(n as u32).unwrap_or(0)
            }
            #[inline]
            fn shr(self, n: usize) -> $word {
                self.checked_shr(n as u32).unwrap_or(0)
            }
            #[inline]
            fn count(self) -> u32 {
                self.count_ones()
            }
            #[inline]
            fn lowest(self) -> Option<usize> {
                (self != 0).then(|| self.trailing_zeros() as usize)
            }
            #[inline]
            fn highest(self) -> Option<usize> {
                (self != 0).then(|| Self::CAPACITY - 1 - self.leading_zeros() as usize)
            }
            #[inline]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline]
            fn from_u64(x: u64) -> $word {
                x as $word
            }
            #[inline]
            fn ones(self) -> impl Iterator<Item = usize> {
                let mut m = self;
                std::iter::from_fn(move || {
                    let i = m.lowest()?;
                    m &= m - 1;
                    Some(i)
                })
            }
        }
    };
}

word_bits!(u32);
word_bits!(u64);
word_bits!(u128);

/// A set of up to 256 cells (four words, lowest cells in word 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Wide([u64; 4]);

impl Bits for Wide {
    const CAPACITY: usize = 256;
    const EMPTY: Wide = Wide([0; 4]);

    fn first(n: usize) -> Wide {
        let mut w = [0u64; 4];
        for (k, word) in w.iter_mut().enumerate() {
            *word = u64::first(n.saturating_sub(64 * k));
        }
        Wide(w)
    }
    fn bit(i: usize) -> Wide {
        let mut w = [0u64; 4];
        w[i / 64] = 1 << (i % 64);
        Wide(w)
    }
    fn and(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|k| self.0[k] & o.0[k]))
    }
    fn or(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|k| self.0[k] | o.0[k]))
    }
    fn and_not(self, o: Wide) -> Wide {
        Wide(std::array::from_fn(|k| self.0[k] & !o.0[k]))
    }
    fn shl(self, n: usize) -> Wide {
        let (words, bits) = (n / 64, n % 64);
        Wide(std::array::from_fn(|k| {
            let Some(src) = k.checked_sub(words) else {
                return 0;
            };
            let low = if bits > 0 && src > 0 {
                self.0[src - 1] >> (64 - bits)
            } else {
                0
            };
            (self.0[src] << bits) | low
        }))
    }
    fn shr(self, n: usize) -> Wide {
        let (words, bits) = (n / 64, n % 64);
        Wide(std::array::from_fn(|k| {
            let src = k + words;
            if src >= 4 {
                return 0;
            }
            let high = if bits > 0 && src + 1 < 4 {
                self.0[src + 1] << (64 - bits)
            } else {
                0
            };
            (self.0[src] >> bits) | high
        }))
    }
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    fn lowest(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .find(|(_, w)| **w != 0)
            .map(|(k, w)| 64 * k + w.trailing_zeros() as usize)
    }
    fn highest(self) -> Option<usize> {
        self.0
            .iter()
            .enumerate()
            .rfind(|(_, w)| **w != 0)
            .map(|(k, w)| 64 * k + 63 - w.leading_zeros() as usize)
    }
    fn ones(self) -> impl Iterator<Item = usize> {
        self.0
            .into_iter()
            .enumerate()
            .flat_map(|(k, w)| w.ones().map(move |i| 64 * k + i))
    }
    fn low_u64(self) -> u64 {
        self.0[0]
    }
    fn from_u64(x: u64) -> Wide {
        Wide([x, 0, 0, 0])
    }
}

/// The cells of `m`, lowest first.
#[inline]
pub fn ones<B: Bits>(m: B) -> impl Iterator<Item = usize> {
    m.ones()
}

/// The bits of `x` at the positions of `mask`, packed into the low bits in order (BMI2 `pext`).
#[inline]
pub fn extract_bits(x: u64, mask: u64) -> u64 {
    gather_or_scatter(x, mask, true)
}

/// The low bits of `x` spread in order to the positions of `mask` (BMI2 `pdep`): the inverse
/// of [`extract_bits`].
#[inline]
pub(super) fn deposit_bits(x: u64, mask: u64) -> u64 {
    gather_or_scatter(x, mask, false)
}

/// [`extract_bits`] (`extract`) or [`deposit_bits`]: one instruction on the x86-64-v3 target
/// this crate is built for, [`move_bits`] elsewhere. `extract` is a constant at every call,
/// so the choice compiles away.
#[inline(always)]
fn gather_or_scatter(x: u64, mask: u64, extract: bool) -> u64 {
    #[cfg(all(target_arch = "x86_64", target_feature = "bmi2"))]
    {
        // SAFETY: the crate is compiled with BMI2 enabled (the cfg above).
        unsafe {
            if extract {
                std::arch::x86_64::_pext_u64(x, mask)
            } else {
                std::arch::x86_64::_pdep_u64(x, mask)
            }
        }
    }
    #[cfg(not(all(target_arch = "x86_64", target_feature = "bmi2")))]
    {
        move_bits(x, mask, extract)
    }
}

/// [`extract_bits`] (`extract`) or [`deposit_bits`] a bit at a time, for targets without BMI2
/// (the tests check it against the instructions).
#[cfg_attr(all(target_arch = "x86_64", target_feature = "bmi2"), allow(dead_code))]
fn move_bits(x: u64, mask: u64, extract: bool) -> u64 {
    let (mut out, mut m, mut k) = (0u64, mask, 0);
    while m != 0 {
        let low = m & m.wrapping_neg();
        match extract {
            true if x & low != 0 => out |= 1 << k,
            false if x >> k & 1 != 0 => out |= low,
            _ => {}
        }
        k += 1;
        m ^= low;
    }
    out
}

/// `generator` grown by repeated shifts of `step` cells (`shift` gives the direction) into the
/// cells of `propagator`, up to `length` steps: the Kogge-Stone occluded fill.
#[inline]
pub(super) fn fill<B: Bits>(
    generator: B,
    propagator: B,
    step: usize,
    length: usize,
    shift: impl Fn(B, usize) -> B,
) -> B {
    let (mut g, mut p, mut k) = (generator, propagator, 1);
    while k < length {
        g = g.or(p.and(shift(g, k * step)));
        p = p.and(shift(p, k * step));
        k *= 2;
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A `u32` set and a `u64` set of the same cells (below 32) answer every operation alike;
    /// shifts past 32 cells empty a `u32` set.
    #[test]
    fn u32_sets_agree_with_u64_sets() {
        let mut x = 0x9E37_79B9u64;
        for _ in 0..2000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (x & 0xFFFF_FFFF, (x >> 32) & 0xFFFF_FFFF);
            let (a32, b32) = (u32::from_u64(a), u32::from_u64(b));
            assert_eq!(a32.and(b32).low_u64(), a.and(b));
            assert_eq!(a32.or(b32).low_u64(), a.or(b));
            assert_eq!(a32.and_not(b32).low_u64(), a.and_not(b));
            assert_eq!(a32.count(), a.count());
            assert_eq!(a32.lowest(), a.lowest());
            assert_eq!(a32.highest(), a.highest());
            assert!(a32.ones().eq(a.ones()));
            let n = (x % 40) as usize;
            assert_eq!(a32.shr(n).low_u64(), a.shr(n));
            assert_eq!(a32.shl(n).low_u64(), a.shl(n) & 0xFFFF_FFFF);
            assert_eq!(u32::first(n).low_u64(), u64::first(n.min(32)));
        }
        assert_eq!(u32::CAPACITY, 32);
        assert!(1u32.shl(32).is_empty());
    }

    /// The bit-at-a-time fallback agrees with `pext`/`pdep`, and depositing undoes extracting.
    #[test]
    fn moved_bits_match_the_instructions() {
        let mut rng = crate::game::rng::Rng::xorshift64(7);
        let mut next = || rng.next_u64();
        for _ in 0..2000 {
            let (x, mask) = (next(), next() & next());
            let packed = extract_bits(x, mask);
            assert_eq!(packed, move_bits(x, mask, true));
            assert_eq!(deposit_bits(packed, mask), move_bits(packed, mask, false));
            assert_eq!(deposit_bits(packed, mask), x & mask);
        }
        assert_eq!(extract_bits(u64::MAX, u64::MAX), u64::MAX);
        assert_eq!(deposit_bits(0b101, 0b1_0110), 0b1_0010);
    }
}
