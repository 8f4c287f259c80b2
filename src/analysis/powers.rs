//! Powers of a game `{0 | H}`: `G^→x` ("up to the x") and `G^x` ("up-nth"), for numbers `x`
//! (Siegel, CGT, II.4 for `↑^n` and `↑^→n`; CGSuite's `Pow` and `PowTo`, which extend them to
//! dyadic exponents through the blow-up of the exponent).
//!
//! * `powto(G, 0) = 0`, and for `x > 0`, `powto(G, x) = G : b(x)`, the ordinal sum of `G` with
//!   the blow-up `b(x)` of `x`: `b(n) = n - 1` for integers; for `x = m/2^k` (`k >= 1`),
//!   `b(x)` is the simplest number strictly between `b(x - 2^-k)` and `b(x + 2^-k)`, with no
//!   lower bound when `x - 2^-k = 0`. So `powto(^, n) = ^[n]` and `powto(^, 7/4) = ^ : 3/4`.
//! * `pow(G, x) = {0 | H - powto(G, x - 1)}` for `G = {0 | H}` and `x >= 1`, so
//!   `pow(^, n) = {0 | v[n-1]*} = ^<n>`.

use crate::game::ops::MAX_ORDINAL_DAYS;
use crate::game::{Arena, Dyadic, GameId};

/// Why a power could not be taken.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PowError {
    /// `pow` needs a base of the form `{0 | H}`.
    Base,
    /// The exponent is out of range (negative for `powto`, below 1 for `pow`).
    Exponent,
    /// The power is an ordinal sum `G : b` (G not a number) whose recursion would follow `b`
    /// down through this many days, more than [`MAX_ORDINAL_DAYS`].
    TooLate(Dyadic),
}

impl std::fmt::Display for PowError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PowError::Base => write!(f, "pow needs a game of the form {{0|H}}"),
            PowError::Exponent => write!(
                f,
                "the exponent must be a number >= 1 for pow and >= 0 for powto"
            ),
            PowError::TooLate(days) => write!(
                f,
                "the exponent is too large: the power is the ordinal sum G : b with b born on day {days}, and that recursion follows b's birthday, at most {MAX_ORDINAL_DAYS} days (only a number G has a closed form)"
            ),
        }
    }
}

/// The blow-up of a positive number (see the module documentation): the number whose sign
/// expansion is that of `x` without its first `+` ([`Dyadic::without_first_sign`]), in time
/// linear in the size of `x` (the definition recurses twice per halving, exponentially).
/// Dropping the first sign maps the numbers above 0 onto all numbers, keeping order and
/// "simplest between": `x = m/2^k` is the simplest number between its neighbours
/// `x ± 2^-k`, so its image is the simplest between theirs, as the definition says; for
/// integers it gives `n - 1`. The tests check it against the definition.
pub fn blowup(x: Dyadic) -> Result<Dyadic, PowError> {
    x.without_first_sign().ok_or(PowError::Exponent)
}

impl Arena {
    /// `G^→x`: 0 for `x = 0`, else the ordinal sum `G : b(x)`.
    pub fn powto(&mut self, g: GameId, x: Dyadic) -> Result<GameId, PowError> {
        if x.is_zero() {
            return Ok(self.zero());
        }
        let b = blowup(x)?;
        if self.as_number(g).is_none() && b.birthday() > Dyadic::from_int(MAX_ORDINAL_DAYS) {
            return Err(PowError::TooLate(b.birthday()));
        }
        let b = self.number(b);
        Ok(self.ordinal_sum(g, b))
    }

    /// `G^x = {0 | H - G^→(x-1)}` for `G = {0 | H}`.
    pub fn pow(&mut self, g: GameId, x: Dyadic) -> Result<GameId, PowError> {
        let left = self.left_options(g);
        let right = self.right_options(g);
        if left.len() != 1 || left[0] != self.zero() || right.len() != 1 {
            return Err(PowError::Base);
        }
        if x < Dyadic::ONE {
            return Err(PowError::Exponent);
        }
        let below = self.powto(g, x - Dyadic::ONE)?;
        let r = self.sub(right[0], below);
        let zero = self.zero();
        Ok(self.game(vec![zero], vec![r]))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e)
    }

    /// The blow-up by its definition (module documentation), memoised: exponential without.
    fn blowup_by_definition(
        x: Dyadic,
        memo: &mut std::collections::HashMap<Dyadic, Dyadic>,
    ) -> Dyadic {
        if x.is_integer() {
            return x - Dyadic::ONE;
        }
        if let Some(&b) = memo.get(&x) {
            return b;
        }
        let step = Dyadic::new(1, x.den_exp());
        let hi = blowup_by_definition(x + step, memo);
        let lo = (!(x - step).is_zero()).then(|| blowup_by_definition(x - step, memo));
        let b = Dyadic::simplest_between(lo, Some(hi));
        memo.insert(x, b);
        b
    }

    /// Dropping the first sign is the blow-up: every m/2^k in (0, 6) with k <= 9, and numbers
    /// with 40- and 60-bit denominators (2^40 and more calls of the unmemoised definition).
    #[test]
    fn blowup_is_the_definition() {
        let mut memo = std::collections::HashMap::new();
        for k in 0..=9u32 {
            for m in 1..(6i64 << k) {
                let x = d(m, k);
                assert_eq!(blowup(x), Ok(blowup_by_definition(x, &mut memo)), "b({x})");
            }
        }
        for x in [
            d(366_503_875_925, 40),
            d(768_614_336_404_564_651, 60),
            d(3, 0) + d(768_614_336_404_564_651, 60),
            d(1, 60),
        ] {
            assert_eq!(blowup(x), Ok(blowup_by_definition(x, &mut memo)), "b({x})");
        }
    }

    #[test]
    fn blowups() {
        assert_eq!(blowup(d(3, 0)), Ok(d(2, 0)));
        assert_eq!(blowup(d(1, 1)), Ok(Dyadic::MINUS_ONE));
        assert_eq!(blowup(d(3, 1)), Ok(d(1, 1)));
        assert_eq!(blowup(d(7, 2)), Ok(d(3, 2)));
        assert_eq!(blowup(Dyadic::ZERO), Err(PowError::Exponent));
    }

    /// `pow(^, n) = ^<n>` and `powto(^, n) = ^[n]` (Siegel, CGT, II.4).
    #[test]
    fn up_powers_are_up_nth() {
        let a = &mut crate::game::Arena::new();
        let up = a.up_multiple(1, 0);
        for n in 1..8u32 {
            let x = Dyadic::from_int(n as i64);
            assert_eq!(a.pow(up, x), Ok(a.up_nth(n)));
            assert_eq!(a.powto(up, x), Ok(a.up_to(n)));
        }
    }
}
