//! Exact dyadic rationals `m / 2^k`, the numbers of short games.
//!
//! Every short game that is a number has a dyadic value (Siegel, CGT, Thm II.3.?; ONAG ch. 0).
//! The numerator is an `i64`; arithmetic is checked and an overflow unwinds with
//! [`Interrupt::Overflow`](crate::game::Interrupt) instead of wrapping silently.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Shl, Shr, Sub};

use crate::game::interrupt::Interrupt;

/// A dyadic rational `num / 2^exp` in lowest terms (`exp == 0` or `num` odd).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

/// Largest denominator exponent we allow (keeps shifts of `i64` exact).
const MAX_EXP: u32 = 62;

fn overflow() -> ! {
    Interrupt::Overflow.raise()
}

impl Dyadic {
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };
    pub const MINUS_ONE: Dyadic = Dyadic { num: -1, exp: 0 };

    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        if exp > MAX_EXP {
            overflow();
        }
        let mut d = Dyadic { num, exp };
        d.normalize();
        d
    }

    pub fn from_int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// Parses decimal digit strings `numerator / denominator`; `Err` explains why the value is
    /// not a dyadic rational or does not fit.
    pub fn from_fraction_digits(num: &str, den: Option<&str>) -> Result<Dyadic, String> {
        let n: i64 = num
            .parse()
            .map_err(|_| format!("number {num} is too large (numbers are limited to 2^62)"))?;
        let Some(den) = den else {
            return Ok(Dyadic::from_int(n));
        };
        let d: i64 = den
            .parse()
            .map_err(|_| format!("denominator {den} is too large"))?;
        if d == 0 {
            return Err("division by zero".to_string());
        }
        // reduce n/d, then require d to be a power of two
        let g = gcd(n.unsigned_abs(), d.unsigned_abs()) as i64;
        let (n, d) = (n / g, d / g);
        if d.count_ones() != 1 {
            return Err(format!(
                "{num}/{den} is not a dyadic rational: games have dyadic values (denominator a power of 2)"
            ));
        }
        let exp = d.trailing_zeros();
        if exp > MAX_EXP {
            return Err(format!("denominator {den} is too large"));
        }
        Ok(Dyadic::new(n, exp))
    }

    fn normalize(&mut self) {
        if self.num == 0 {
            self.exp = 0;
            return;
        }
        let tz = self.num.trailing_zeros().min(self.exp);
        self.num >>= tz;
        self.exp -= tz;
    }

    pub fn numerator(self) -> i64 {
        self.num
    }

    /// The exponent k of the denominator 2^k.
    pub fn den_exp(self) -> u32 {
        self.exp
    }

    pub fn is_zero(self) -> bool {
        self.num == 0
    }

    pub fn is_integer(self) -> bool {
        self.exp == 0
    }

    pub fn signum(self) -> i32 {
        self.num.signum() as i32
    }

    /// Brings two numbers to a common denominator exponent.
    fn align(a: Dyadic, b: Dyadic) -> (i64, i64, u32) {
        let e = a.exp.max(b.exp);
        let sa = shl(a.num, e - a.exp);
        let sb = shl(b.num, e - b.exp);
        (sa, sb, e)
    }

    pub fn mul_int(self, n: i64) -> Dyadic {
        Dyadic::new(
            self.num.checked_mul(n).unwrap_or_else(|| overflow()),
            self.exp,
        )
    }

    /// The average `(a + b) / 2`.
    pub fn mid(self, other: Dyadic) -> Dyadic {
        self.add(other).shr(1)
    }

    /// Largest integer `<= self`.
    pub fn floor(self) -> i64 {
        self.num >> self.exp
    }

    /// Smallest integer `>= self`.
    pub fn ceil(self) -> i64 {
        -(self.neg().floor())
    }

    pub fn abs(self) -> Dyadic {
        if self.num < 0 { self.neg() } else { self }
    }

    /// The simplest number strictly between `lo` and `hi` (`None` meaning unbounded):
    /// the simplicity theorem (Siegel, CGT, Thm II.3.?; ONAG Thm 11). Requires `lo < hi`.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        // Integers first: the one of least absolute value.
        let lo_int = lo.map(|l| l.floor() + 1); // smallest integer > lo
        let hi_int = hi.map(|h| h.ceil() - 1); // largest integer < hi
        let fits = |n: i64| lo_int.is_none_or(|a| n >= a) && hi_int.is_none_or(|b| n <= b);
        if fits(0) {
            return Dyadic::ZERO;
        }
        match (lo_int, hi_int) {
            (Some(a), _) if a > 0 && fits(a) => return Dyadic::from_int(a),
            (_, Some(b)) if b < 0 && fits(b) => return Dyadic::from_int(b),
            _ => {}
        }
        // No integer in between: both bounds exist and lie in [n, n+1].
        let (lo, hi) = (lo.expect("bounded"), hi.expect("bounded"));
        let mut k = 1;
        loop {
            // smallest m with m / 2^k > lo
            let scaled = lo.shl(k);
            let m = scaled.floor() + 1;
            let cand = Dyadic::new(m, k);
            if cand < hi {
                return cand;
            }
            k += 1;
        }
    }
}

impl Add for Dyadic {
    type Output = Dyadic;
    fn add(self, other: Dyadic) -> Dyadic {
        let (a, b, e) = Dyadic::align(self, other);
        Dyadic::new(a.checked_add(b).unwrap_or_else(|| overflow()), e)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self.add(other.neg())
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    fn neg(self) -> Dyadic {
        Dyadic {
            num: self.num.checked_neg().unwrap_or_else(|| overflow()),
            exp: self.exp,
        }
    }
}

/// `self * 2^-k`.
impl Shr<u32> for Dyadic {
    type Output = Dyadic;
    fn shr(self, k: u32) -> Dyadic {
        Dyadic::new(
            self.num,
            self.exp.checked_add(k).unwrap_or_else(|| overflow()),
        )
    }
}

/// `self * 2^k`.
impl Shl<u32> for Dyadic {
    type Output = Dyadic;
    fn shl(self, k: u32) -> Dyadic {
        if k <= self.exp {
            Dyadic::new(self.num, self.exp - k)
        } else {
            Dyadic::new(shl(self.num, k - self.exp), 0)
        }
    }
}

impl Mul for Dyadic {
    type Output = Dyadic;
    fn mul(self, other: Dyadic) -> Dyadic {
        Dyadic::new(
            self.num
                .checked_mul(other.num)
                .unwrap_or_else(|| overflow()),
            self.exp
                .checked_add(other.exp)
                .unwrap_or_else(|| overflow()),
        )
    }
}

fn shl(n: i64, k: u32) -> i64 {
    if k >= 63 {
        if n == 0 {
            return 0;
        }
        overflow();
    }
    let r = n << k;
    if (r >> k) != n {
        overflow();
    }
    r
}

fn gcd(mut a: u64, mut b: u64) -> u64 {
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Ord for Dyadic {
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if self.exp == other.exp {
            return self.num.cmp(&other.num);
        }
        // compare signs first to avoid needless overflow
        let (s1, s2) = (self.num.signum(), other.num.signum());
        if s1 != s2 {
            return s1.cmp(&s2);
        }
        let (a, b, _) = Dyadic::align(*self, *other);
        a.cmp(&b)
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.exp == 0 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, 1u64 << self.exp)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e)
    }

    #[test]
    fn normalizes_and_prints() {
        assert_eq!(d(2, 2).to_string(), "1/2");
        assert_eq!(d(-6, 2).to_string(), "-3/2");
        assert_eq!(d(8, 3).to_string(), "1");
        assert_eq!(d(0, 5), Dyadic::ZERO);
    }

    #[test]
    fn arithmetic() {
        assert_eq!(d(1, 1).add(d(1, 2)), d(3, 2));
        assert_eq!(d(1, 1).sub(d(3, 2)), d(-1, 2));
        assert_eq!(d(-3, 1).floor(), -2);
        assert_eq!(d(-3, 1).ceil(), -1);
        assert!(d(1, 1) > d(1, 2));
        assert!(d(-1, 1) < d(-1, 2));
    }

    #[test]
    fn simplest_numbers() {
        let s = |a: Option<Dyadic>, b: Option<Dyadic>| Dyadic::simplest_between(a, b);
        assert_eq!(s(None, None), Dyadic::ZERO);
        assert_eq!(s(Some(d(0, 0)), None), d(1, 0));
        assert_eq!(s(None, Some(d(-2, 0))), d(-3, 0));
        assert_eq!(s(Some(d(0, 0)), Some(d(1, 0))), d(1, 1));
        assert_eq!(s(Some(d(1, 1)), Some(d(1, 0))), d(3, 2));
        assert_eq!(s(Some(d(-1, 0)), Some(d(3, 0))), Dyadic::ZERO);
        assert_eq!(s(Some(d(3, 2)), Some(d(3, 0))), d(1, 0));
    }

    #[test]
    fn fractions() {
        assert_eq!(
            Dyadic::from_fraction_digits("6", Some("8")).unwrap(),
            d(3, 2)
        );
        assert!(Dyadic::from_fraction_digits("1", Some("3")).is_err());
        assert!(Dyadic::from_fraction_digits("1", Some("0")).is_err());
    }
}
