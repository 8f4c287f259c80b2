//! Uptimal expansions: games equal to `x + d1·↑ + d2·↑^2 + ... + dn·↑^n + *m`, written
//! `x*m.d1d2...dn` as CGSuite writes them (Siegel, CGT, II.4; WW ch. 9; CGSuite's
//! `UptimalExpansion`).
//!
//! Recognition works from the options: an uptimal whose last digit is positive has exactly one
//! Right option, which is again an uptimal whose digits are one less (and whose nimber differs
//! by `*`). So from the Right option's expansion we know every digit but how many trailing ones
//! the game has; the Left options bound that length. Each candidate is built and compared with
//! the game itself (canonical forms are unique, so this is an exact test). Expansions whose last
//! digit is negative are found through the negative.

use std::cmp::Ordering;
use std::fmt::Write;

use super::arena::{Arena, GameId, Nus};
use super::interrupt::check_cancel;
use super::number::Dyadic;

/// `number + Σ coeffs[i-1]·↑^i + *nim`, with no trailing zero coefficients.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct UptimalExpansion {
    pub number: Dyadic,
    pub nim: u32,
    coeffs: Vec<i64>,
}

impl UptimalExpansion {
    /// The expansion with these digits (`coeffs[0]` is the coefficient of `↑`); trailing zeros
    /// are dropped.
    pub fn new(number: Dyadic, nim: u32, mut coeffs: Vec<i64>) -> UptimalExpansion {
        while coeffs.last() == Some(&0) {
            coeffs.pop();
        }
        UptimalExpansion {
            number,
            nim,
            coeffs,
        }
    }

    /// The index of the last non-zero digit (0 when there is none).
    pub fn len(&self) -> usize {
        self.coeffs.len()
    }

    pub fn is_empty(&self) -> bool {
        self.coeffs.is_empty()
    }

    /// The digit `d_n` (one-based; 0 beyond the length).
    pub fn coefficient(&self, n: usize) -> i64 {
        if n == 0 || n > self.coeffs.len() {
            0
        } else {
            self.coeffs[n - 1]
        }
    }

    pub fn negate(&self) -> UptimalExpansion {
        UptimalExpansion {
            number: -self.number,
            nim: self.nim,
            coeffs: self.coeffs.iter().map(|&c| -c).collect(),
        }
    }

    /// At most one non-zero digit, and it is `±1`: `x ± ↑^n + *m`, printed `x^<n>*m`.
    pub fn is_unit(&self) -> bool {
        let mut nonzero = self.coeffs.iter().filter(|&&c| c != 0);
        match (nonzero.next(), nonzero.next()) {
            (None, _) => true,
            (Some(&c), None) => c.abs() == 1,
            _ => false,
        }
    }

    /// All digits equal to `1`, or all equal to `-1`: `x ± ↑^→n + *m`, printed `x^[n]*m`.
    pub fn is_unit_sum(&self) -> bool {
        match self.coeffs.first() {
            None => true,
            Some(&c) => c.abs() == 1 && self.coeffs.iter().all(|&d| d == c),
        }
    }

    /// CGSuite's order of uptimals (used to order printed options): by number part, then the
    /// digits from the first on, then the shorter expansion first, then the nimber.
    pub fn cgsuite_cmp(&self, other: &UptimalExpansion) -> Ordering {
        self.number
            .cmp(&other.number)
            .then_with(|| {
                self.coeffs
                    .iter()
                    .zip(other.coeffs.iter())
                    .map(|(a, b)| a.cmp(b))
                    .find(|o| o.is_ne())
                    .unwrap_or(Ordering::Equal)
            })
            .then(self.coeffs.len().cmp(&other.coeffs.len()))
            .then(self.nim.cmp(&other.nim))
    }

    /// CGSuite's text: the number part (left out when it is 0 and a nimber follows), the
    /// nimber, a point, then the digits (`0` when there are none). Digits 10 to 35 are letters
    /// `A`..`Z`, larger ones are written `(d)`, and a negative digit is followed by `-`.
    pub fn to_cgsuite_string(&self) -> String {
        let mut out = String::new();
        if self.nim == 0 || !self.number.is_zero() {
            let _ = write!(out, "{}", self.number);
        }
        match self.nim {
            0 => {}
            1 => out.push('*'),
            n => {
                let _ = write!(out, "*{n}");
            }
        }
        out.push('.');
        if self.coeffs.is_empty() {
            out.push('0');
        }
        for &d in &self.coeffs {
            let a = d.unsigned_abs();
            match a {
                0..=9 => out.push(char::from(b'0' + a as u8)),
                10..=35 => out.push(char::from(b'A' + (a - 10) as u8)),
                _ => {
                    let _ = write!(out, "({a})");
                }
            }
            if d < 0 {
                out.push('-');
            }
        }
        out
    }

    /// Adds one to the first `len` digits (digits past the current length become 1) and
    /// toggles `*` in the nimber part.
    fn increment_to(&self, len: usize) -> UptimalExpansion {
        let n = len.max(self.coeffs.len());
        let coeffs = (1..=n)
            .map(|i| self.coefficient(i) + i64::from(i <= len))
            .collect();
        UptimalExpansion::new(self.number, self.nim ^ 1, coeffs)
    }
}

impl Arena {
    /// The game `x + d1·↑ + d2·↑^2 + ... + *m` of an expansion.
    pub fn from_uptimal_expansion(&mut self, e: &UptimalExpansion) -> GameId {
        let mut g = self.nus(Nus {
            number: e.number,
            ups: e.coefficient(1),
            nim: e.nim,
        });
        for n in 2..=e.len() {
            let d = e.coefficient(n);
            if d != 0 {
                let p = self.up_nth(n as u32);
                let m = self.multiple(d, p);
                g = self.add(g, m);
            }
        }
        g
    }

    /// The uptimal expansion of `g`, or `None` if `g` is not an uptimal (CGSuite's
    /// `UptimalExpansion`; every number-up-star value is one).
    pub fn uptimal_expansion(&mut self, g: GameId) -> Option<UptimalExpansion> {
        if let Some(v) = self.get_nus(g) {
            return Some(UptimalExpansion::new(v.number, v.nim, vec![v.ups]));
        }
        if let Some(r) = self.uptimal_memo.get(&g) {
            return r;
        }
        check_cancel();
        let r = if self.left_stop(g) != self.right_stop(g) {
            None
        } else {
            match self.positive_uptimal(g) {
                Some(e) => Some(e),
                None => {
                    let ng = self.neg(g);
                    self.positive_uptimal(ng).map(|e| e.negate())
                }
            }
        };
        self.uptimal_memo.insert(g, r.clone());
        r
    }

    /// Is `g` a number plus a sum of multiples of `↑^n` plus a nimber?
    pub fn is_uptimal(&mut self, g: GameId) -> bool {
        self.uptimal_expansion(g).is_some()
    }

    /// The expansion of `g` if it is an uptimal whose last digit is positive.
    fn positive_uptimal(&mut self, g: GameId) -> Option<UptimalExpansion> {
        let right = self.right_options(g);
        if right.len() != 1 {
            return None;
        }
        let r = self.uptimal_expansion(right[0])?;
        let mut longest = 0;
        for gl in self.left_options(g) {
            let l = self.uptimal_expansion(gl)?;
            if l.number != r.number {
                return None;
            }
            longest = longest.max(l.len());
        }
        // The digits are those of G^R plus one, up to the length of G: either G^R's length
        // (last digit >= 2) or more (trailing ones), at most one past the longest option.
        let lo = r.len().max(1);
        let hi = r.len().max(longest) + 2;
        for len in lo..=hi {
            let cand = r.increment_to(len);
            if cand.coeffs.last().is_none_or(|&c| c <= 0) {
                continue;
            }
            if self.from_uptimal_expansion(&cand) == g {
                return Some(cand);
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn digits_beyond_nine() {
        let e = UptimalExpansion::new(Dyadic::ZERO, 0, vec![10, -35, 36, 0]);
        assert_eq!(e.len(), 3);
        assert_eq!(e.to_cgsuite_string(), "0.AZ-(36)");
    }

    /// Random expansions: building the game and recognising it gives the expansion back.
    #[test]
    fn round_trip_random_expansions() {
        let mut a = Arena::new();
        let mut rng = crate::game::rng::Rng::xorshift64(0x9E37_79B9_7F4A_7C15);
        let mut next = |n: u64| rng.next_u64() % n;
        for _ in 0..300 {
            let len = next(5) as usize;
            let coeffs: Vec<i64> = (0..len).map(|_| next(7) as i64 - 3).collect();
            let number = Dyadic::new(next(9) as i64 - 4, next(3) as u32);
            let e = UptimalExpansion::new(number, next(4) as u32, coeffs);
            let g = a.from_uptimal_expansion(&e);
            assert_eq!(
                a.uptimal_expansion(g),
                Some(e.clone()),
                "{}",
                e.to_cgsuite_string()
            );
        }
    }

    #[test]
    fn unit_shapes() {
        let u = |c: Vec<i64>| UptimalExpansion::new(Dyadic::ZERO, 0, c);
        assert!(u(vec![0, 0, 1]).is_unit());
        assert!(!u(vec![0, 0, 1]).is_unit_sum());
        assert!(u(vec![-1, -1]).is_unit_sum());
        assert!(!u(vec![1, 2]).is_unit_sum());
        assert!(!u(vec![1, 0, 1]).is_unit());
    }
}
