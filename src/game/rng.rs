//! The crate's one seeded pseudo-random generator, for its own random choices (Laros's genetic
//! algorithm, the Regio experiment's boards) and for the tests, benchmarks and fuzz targets:
//! small, deterministic, and the same sequence for the same seed on every machine.
//!
//! Two classic steps, so that every existing seed keeps its sequence: Marsaglia's xorshift64
//! (shifts 13, 7, 17; "Xorshift RNGs", J. Stat. Software 8, 2003), which the tests use, and
//! Vigna's xorshift64* (shifts 12, 25, 27, output times 2685821657736338717; "An experimental
//! exploration of Marsaglia's xorshift generators, scrambled", ACM TOMS 42, 2016), whose
//! sequences the calculator's seeded functions print.

/// Vigna's multiplier for xorshift64*.
const STAR_MULTIPLIER: u64 = 0x2545_F491_4F6C_DD1D;

/// 2^64 / golden ratio: spreads a small seed over the whole word.
const GOLDEN: u64 = 0x9E37_79B9_7F4A_7C15;

/// A seeded generator (see the module documentation).
#[derive(Clone, Debug)]
pub struct Rng {
    state: u64,
    /// xorshift64* rather than xorshift64.
    star: bool,
}

impl Rng {
    /// Marsaglia's xorshift64 from `seed` (0, which would stay 0 for ever, becomes 1).
    pub fn xorshift64(seed: u64) -> Rng {
        Rng {
            state: seed.max(1),
            star: false,
        }
    }

    /// Vigna's xorshift64* from the state `state` (not 0).
    pub fn xorshift64_star(state: u64) -> Rng {
        Rng {
            state: state.max(1),
            star: true,
        }
    }

    /// xorshift64* from any `seed`, 0 and small seeds included (multiplied by 2^64 over the
    /// golden ratio, lowest bit set): the generator of the calculator's seeded functions.
    pub fn seeded(seed: u64) -> Rng {
        Rng::xorshift64_star(seed.wrapping_mul(GOLDEN) | 1)
    }

    /// The next 64-bit output.
    pub fn next_u64(&mut self) -> u64 {
        let mut x = self.state;
        if self.star {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            self.state = x;
            x.wrapping_mul(STAR_MULTIPLIER)
        } else {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            self.state = x;
            x
        }
    }

    /// Uniform in `0..n` (up to the bias of a remainder); 0 when `n` is 0. xorshift64* takes
    /// its output's top 31 bits (its low bits are its weakest).
    pub fn below(&mut self, n: usize) -> usize {
        let x = if self.star {
            self.next_u64() >> 33
        } else {
            self.next_u64()
        };
        (x % n.max(1) as u64) as usize
    }

    /// True with probability `num / den`.
    pub fn chance(&mut self, num: usize, den: usize) -> bool {
        self.below(den) < num
    }

    /// One of `items` (not empty), uniformly.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

/// A random canonical short game of birthday at most `depth` (integers -1, 0, 1 at the
/// leaves, up to two options a side), built through the arena: for tests.
#[cfg(test)]
pub(crate) fn random_game(arena: &mut super::Arena, rng: &mut Rng, depth: u32) -> super::GameId {
    if depth == 0 || rng.below(4) == 0 {
        return arena.integer(rng.below(3) as i64 - 1);
    }
    let side = |arena: &mut super::Arena, rng: &mut Rng| -> Vec<super::GameId> {
        (0..rng.below(3))
            .map(|_| random_game(arena, rng, depth - 1))
            .collect()
    };
    let (l, r) = (side(arena, rng), side(arena, rng));
    arena.game(l, r)
}

#[cfg(test)]
mod tests {
    use super::Rng;

    /// Both steps against first outputs worked out by hand from the recurrences:
    /// xorshift64 from 1 is 1 ^ 1<<13 = 0x2001, then ^ >>7 (0x40), then ^ <<17; xorshift64*
    /// from 1 is 1 ^ 1<<25 = 0x2000001, ^ >>27 (0), times the multiplier.
    #[test]
    fn first_outputs_follow_the_recurrences() {
        let mut x = Rng::xorshift64(1);
        let s = 0x2001u64 ^ (0x2001 >> 7);
        assert_eq!(x.next_u64(), s ^ (s << 17));
        let mut y = Rng::xorshift64_star(1);
        assert_eq!(
            y.next_u64(),
            0x200_0001u64.wrapping_mul(0x2545_F491_4F6C_DD1D)
        );
        // A zero seed would be a fixed point; it is moved off it.
        assert_ne!(Rng::xorshift64(0).next_u64(), 0);
    }

    /// `below` stays in range and reaches every value; `chance(1, 2)` is near a half.
    #[test]
    fn below_covers_its_range() {
        for mut rng in [Rng::xorshift64(7), Rng::seeded(7)] {
            let mut seen = [0u32; 10];
            for _ in 0..10_000 {
                seen[rng.below(10)] += 1;
            }
            assert!(seen.iter().all(|&c| (800..1200).contains(&c)), "{seen:?}");
            let heads = (0..10_000).filter(|_| rng.chance(1, 2)).count();
            assert!((4_700..5_300).contains(&heads), "{heads}");
            assert_eq!(rng.below(0), 0);
        }
    }
}
