//! Exact dyadic rationals `m / 2^k` of any size, the numbers of short games.
//!
//! Every short game that is a number has a dyadic value (ONAG ch. 0; Siegel, CGT, II.3).
//! A [`Dyadic`] is `Copy` and 16 bytes: values whose numerator fits in an `i64` (and whose
//! denominator exponent is small) are stored inline and computed with checked machine
//! arithmetic; any other value is interned once in a global table of big numbers
//! (`num-bigint`) and the `Dyadic` holds its index. Interning keeps equality and hashing
//! structural, so numbers remain valid hash keys and `Nus` stays `Copy`. Nothing overflows
//! silently: operations that need a machine integer (`numerator`, `floor`) on a value too
//! large for one unwind with [`Interrupt::Overflow`].

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Shl, Shr, Sub};
use std::sync::{OnceLock, RwLock};

use num_bigint::BigInt;
use rustc_hash::FxHashMap;

use crate::game::interrupt::Interrupt;

/// A dyadic rational in lowest terms (`exp == 0` or the numerator odd).
///
/// Inline form: `num / 2^exp` with `exp <= MAX_INLINE_EXP`. Big form: `exp == BIG` and
/// `num` is the index of `(numerator, exponent)` in the big-number table.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Dyadic {
    num: i64,
    exp: u32,
}

/// Marks the big form.
const BIG: u32 = u32::MAX;

/// Largest denominator exponent of the inline form (keeps aligned `i64` shifts meaningful).
const MAX_INLINE_EXP: u32 = 62;

/// Largest denominator exponent at all: 2^-MAX_EXP is far below anything a short game of
/// practical size reaches, and it bounds the work of one operation.
const MAX_EXP: u32 = 1 << 16;

fn overflow() -> ! {
    Interrupt::Overflow.raise()
}

/// The interned big numbers.
#[derive(Default)]
struct BigTable {
    values: Vec<(BigInt, u32)>,
    index: FxHashMap<(BigInt, u32), i64>,
}

fn table() -> &'static RwLock<BigTable> {
    static TABLE: OnceLock<RwLock<BigTable>> = OnceLock::new();
    TABLE.get_or_init(Default::default)
}

impl Dyadic {
    pub const ZERO: Dyadic = Dyadic { num: 0, exp: 0 };
    pub const ONE: Dyadic = Dyadic { num: 1, exp: 0 };
    pub const MINUS_ONE: Dyadic = Dyadic { num: -1, exp: 0 };

    /// `num / 2^exp`, reduced to lowest terms.
    pub fn new(num: i64, exp: u32) -> Dyadic {
        if exp <= MAX_INLINE_EXP {
            Dyadic::new_inline(num, exp)
        } else {
            Dyadic::from_big(BigInt::from(num), exp)
        }
    }

    /// The stored representation `(num, exp)`, for packing into a game node; undone exactly by
    /// [`Dyadic::from_parts`] (the big form's table index included).
    #[inline]
    pub(crate) fn to_parts(self) -> (i64, u32) {
        (self.num, self.exp)
    }

    /// The dyadic whose [`Dyadic::to_parts`] gave `(num, exp)`.
    #[inline]
    pub(crate) fn from_parts(num: i64, exp: u32) -> Dyadic {
        Dyadic { num, exp }
    }

    pub fn from_int(n: i64) -> Dyadic {
        Dyadic { num: n, exp: 0 }
    }

    /// `n / 2^exp` from a big numerator, reduced and stored inline when it fits.
    fn from_big(mut n: BigInt, mut exp: u32) -> Dyadic {
        if n.sign() == num_bigint::Sign::NoSign {
            return Dyadic::ZERO;
        }
        let tz = n.trailing_zeros().unwrap_or(0).min(exp as u64) as u32;
        if tz > 0 {
            n >>= tz;
            exp -= tz;
        }
        if exp > MAX_EXP {
            overflow();
        }
        if exp <= MAX_INLINE_EXP
            && let Ok(small) = i64::try_from(&n)
        {
            return Dyadic { num: small, exp };
        }
        let key = (n, exp);
        if let Some(&i) = table().read().expect("big-number table").index.get(&key) {
            return Dyadic { num: i, exp: BIG };
        }
        let mut t = table().write().expect("big-number table");
        if let Some(&i) = t.index.get(&key) {
            return Dyadic { num: i, exp: BIG };
        }
        let i = t.values.len() as i64;
        t.values.push(key.clone());
        t.index.insert(key, i);
        Dyadic { num: i, exp: BIG }
    }

    #[inline]
    fn is_big(self) -> bool {
        self.exp == BIG
    }

    /// Numerator and denominator exponent as a big integer.
    fn parts(self) -> (BigInt, u32) {
        if self.is_big() {
            table().read().expect("big-number table").values[self.num as usize].clone()
        } else {
            (BigInt::from(self.num), self.exp)
        }
    }

    /// Parses decimal digit strings `numerator / denominator`; `Err` explains why the value is
    /// not a dyadic rational.
    pub fn from_fraction_digits(num: &str, den: Option<&str>) -> Result<Dyadic, String> {
        let n: BigInt = num
            .parse()
            .map_err(|_| format!("`{num}` is not a number"))?;
        let Some(den) = den else {
            return Ok(Dyadic::from_big(n, 0));
        };
        let d: BigInt = den
            .parse()
            .map_err(|_| format!("`{den}` is not a number"))?;
        if d.sign() == num_bigint::Sign::NoSign {
            return Err("division by zero".to_string());
        }
        // n/d is dyadic iff d / gcd(n, d) is a power of two.
        let g = gcd(n.clone(), d.clone());
        let (n, d) = (n / &g, d / &g);
        let exp = d.trailing_zeros().unwrap_or(0);
        if d.magnitude() != &(num_bigint::BigUint::from(1u8) << exp) {
            return Err(format!(
                "{num}/{den} is not a dyadic rational: games have dyadic values (denominator a power of 2)"
            ));
        }
        if exp > MAX_EXP as u64 {
            return Err(format!(
                "denominator {den} is too large (at most 2^{MAX_EXP})"
            ));
        }
        let n = if d.sign() == num_bigint::Sign::Minus {
            -n
        } else {
            n
        };
        Ok(Dyadic::from_big(n, exp as u32))
    }

    /// The numerator, if it fits in an `i64`; unwinds with an overflow otherwise.
    pub fn numerator(self) -> i64 {
        if self.is_big() {
            overflow()
        }
        self.num
    }

    /// The exponent k of the denominator 2^k.
    #[inline]
    pub fn den_exp(self) -> u32 {
        if self.is_big() {
            self.parts().1
        } else {
            self.exp
        }
    }

    /// The value as an `i64` if it is an integer that fits.
    pub fn to_i64(self) -> Option<i64> {
        (!self.is_big() && self.exp == 0).then_some(self.num)
    }

    /// The value as a `u64` if it is a natural number below 2^64.
    pub fn to_u64(self) -> Option<u64> {
        if !self.is_big() {
            return (self.exp == 0)
                .then(|| u64::try_from(self.num).ok())
                .flatten();
        }
        let (n, exp) = self.parts();
        (exp == 0).then(|| u64::try_from(&n).ok()).flatten()
    }

    /// The value as an `f64` when that is exact (an inline numerator below 2^53 in magnitude),
    /// else NaN, which compares false with everything: a filter that skips work when `a > b`
    /// stays exact on these keys.
    #[inline]
    pub fn exact_f64_or_nan(self) -> f64 {
        if !self.is_big() && self.num.unsigned_abs() < (1 << 53) {
            // both conversions are exact: the numerator has 53 bits, the scale is a power of 2
            self.num as f64 * f64::from_bits((1023 - self.exp as u64) << 52)
        } else {
            f64::NAN
        }
    }

    /// A floating-point approximation (for drawing).
    pub fn to_f64(self) -> f64 {
        let (n, e) = self.parts();
        let x: f64 = n.to_string().parse().unwrap_or(f64::NAN);
        x / 2f64.powi(e as i32)
    }

    #[inline]
    pub fn is_zero(self) -> bool {
        self.num == 0 && !self.is_big()
    }

    #[inline]
    pub fn is_integer(self) -> bool {
        self.den_exp() == 0
    }

    /// Whether the value is an even integer.
    pub fn is_even_integer(self) -> bool {
        let (n, e) = self.parts();
        e == 0 && n.trailing_zeros().is_none_or(|z| z > 0)
    }

    #[inline]
    pub fn signum(self) -> i32 {
        if self.is_big() {
            match self.parts().0.sign() {
                num_bigint::Sign::Minus => -1,
                num_bigint::Sign::NoSign => 0,
                num_bigint::Sign::Plus => 1,
            }
        } else {
            self.num.signum() as i32
        }
    }

    pub fn mul_int(self, n: i64) -> Dyadic {
        if !self.is_big()
            && let Some(m) = self.num.checked_mul(n)
        {
            return Dyadic::new_inline(m, self.exp);
        }
        let (a, e) = self.parts();
        Dyadic::from_big(a * n, e)
    }

    /// `num / 2^exp` for inline parts, normalised without a detour through big integers.
    #[inline]
    fn new_inline(num: i64, exp: u32) -> Dyadic {
        if num == 0 {
            return Dyadic::ZERO;
        }
        let tz = num.trailing_zeros().min(exp);
        Dyadic {
            num: num >> tz,
            exp: exp - tz,
        }
    }

    /// An integer of any size.
    pub fn from_u128(n: u128) -> Dyadic {
        match i64::try_from(n) {
            Ok(n) => Dyadic::from_int(n),
            Err(_) => Dyadic::from_big(BigInt::from(n), 0),
        }
    }

    /// The birthday of this number as a game, exactly: `|n|` for an integer `n`, and
    /// `floor(|x|) + k + 1` for `x = m/2^k` with `m` odd, `k >= 1` (ONAG ch. 0; Siegel, CGT,
    /// §II.3: the integers `0, 1, ..., floor(|x|) + 1` come first, then one halving per day).
    pub fn birthday(self) -> Dyadic {
        let a = self.abs();
        let k = a.den_exp();
        if k == 0 {
            a
        } else {
            a.floor_dyadic() + Dyadic::from_int(i64::from(k) + 1)
        }
    }

    /// The largest integer `<= self`.
    pub fn floor_dyadic(self) -> Dyadic {
        if !self.is_big() {
            return Dyadic::from_int(self.num >> self.exp);
        }
        let (n, e) = self.parts();
        // `>>` on a negative BigInt rounds toward negative infinity.
        Dyadic::from_big(n >> e, 0)
    }

    /// The smallest integer `>= self`.
    pub fn ceil_dyadic(self) -> Dyadic {
        -((-self).floor_dyadic())
    }

    /// The largest integer `<= self` as an `i64` (unwinds if it does not fit).
    pub fn floor(self) -> i64 {
        self.floor_dyadic().numerator()
    }

    /// The smallest integer `>= self` as an `i64` (unwinds if it does not fit).
    pub fn ceil(self) -> i64 {
        self.ceil_dyadic().numerator()
    }

    pub fn abs(self) -> Dyadic {
        if self.signum() < 0 { -self } else { self }
    }

    /// The simplest number strictly between `lo` and `hi` (`None` meaning unbounded):
    /// the simplicity theorem (Siegel, CGT, §II.3). Requires `lo < hi`.
    pub fn simplest_between(lo: Option<Dyadic>, hi: Option<Dyadic>) -> Dyadic {
        // Integers first: the one of least absolute value.
        let lo_int = lo.map(|l| l.floor_dyadic() + Dyadic::ONE); // smallest integer > lo
        let hi_int = hi.map(|h| h.ceil_dyadic() - Dyadic::ONE); // largest integer < hi
        let fits = |n: Dyadic| lo_int.is_none_or(|a| n >= a) && hi_int.is_none_or(|b| n <= b);
        if fits(Dyadic::ZERO) {
            return Dyadic::ZERO;
        }
        match (lo_int, hi_int) {
            (Some(a), _) if a > Dyadic::ZERO && fits(a) => return a,
            (_, Some(b)) if b < Dyadic::ZERO && fits(b) => return b,
            _ => {}
        }
        // No integer in between: both bounds exist and lie in one unit interval.
        let (lo, hi) = (lo.expect("bounded"), hi.expect("bounded"));
        if lo.is_big() || hi.is_big() {
            // the loop below would take one step per bit of a denominator of any size
            return Dyadic::simplest_fraction_between(lo, hi);
        }
        let mut k = 1;
        loop {
            // the smallest m / 2^k above lo
            let cand = ((lo << k).floor_dyadic() + Dyadic::ONE) >> k;
            if cand < hi {
                return cand;
            }
            k += 1;
        }
    }
}

impl Dyadic {
    /// The simplest number strictly between `lo < hi`, which lie in one unit interval
    /// `[n, n + 1]`: the one with the smallest denominator (Siegel, CGT, §II.3), found from
    /// bits instead of trying one denominator after another. With `L = (lo - n)·2^e` and
    /// `H = (hi - n)·2^e` for a common exponent `e` one above both bounds' (so `H - L >= 2`),
    /// the largest `2^d` with a multiple in `[L + 1, H - 1]` comes from the highest bit where
    /// `L` and `H - 1` differ, and that multiple is `(floor(L / 2^d) + 1)·2^d`.
    fn simplest_fraction_between(lo: Dyadic, hi: Dyadic) -> Dyadic {
        let n = lo.floor_dyadic();
        let ((a, ea), (b, eb)) = ((lo - n).parts(), (hi - n).parts());
        let e = ea.max(eb) + 1;
        let l = (a << (e - ea)).into_parts().1;
        let h = (b << (e - eb)).into_parts().1 - 1u8;
        let d = (&l ^ &h).bits() - 1;
        let m = (l >> d) + 1u8;
        let d = u32::try_from(d).expect("below the exponent");
        Dyadic::from_big(BigInt::from(m), e - d) + n
    }
}

/// Sign expansions (ONAG ch. 3; for Hackenbush strings, WW ch. 2): a number is reached from
/// 0 by a sequence of signs, `+` for "the simplest number above here" and `-` for "below",
/// within the interval its earlier signs left open. `x = m + N/2^k` (`m >= 0`, `N` odd,
/// `k >= 1`) has `m + 1` pluses, a minus, then one sign per bit of `N >> 1` (`k - 1` bits,
/// highest first: `1` is `+`); an integer `p > 0` has `p` pluses; negatives mirror them.
/// While an end of the open interval is infinite, a sign towards it moves one unit; once
/// both ends are finite, every sign halves the interval and moves to its new midpoint.
impl Dyadic {
    /// The ordinal sum `self : y` of two numbers in canonical form: the number whose sign
    /// expansion is that of `self` followed by that of `y` (the ordinal sum of Hackenbush
    /// strings stacks one on the other; WW ch. 2). From `x`, the signs of `y > 0` move
    /// up: by units while nothing bounds them (`x` an integer `>= 0`: `x + y`), else by
    /// halvings of `x`'s interval `(x - w, x + w)` (`w = 2^-k` for `x = M/2^k`, `w = 1` for a
    /// negative integer): `x + w·S(y)`, where `S(y)` reads every sign of `y` as a halving
    /// ([`Dyadic::halving_sum`]). Negative `y` mirror: `x : y = -((-x) : (-y))`. Unwinds
    /// with [`Interrupt::Limit`] when the result needs a denominator beyond `2^65536`.
    pub fn ordinal_sum(self, y: Dyadic) -> Dyadic {
        match y.signum() {
            0 => self,
            s if s < 0 => -((-self).ordinal_sum(-y)),
            _ if self.is_integer() && self.signum() >= 0 => self + y,
            _ => {
                let e = self.den_exp();
                match y.halving_sum() {
                    Some((num, r)) if u64::from(e) + r <= u64::from(MAX_EXP) => {
                        self + Dyadic::from_big(num, e + r as u32)
                    }
                    _ => Interrupt::Limit(format!(
                        "the ordinal sum {self} : {y} is a number whose denominator would pass \
                         2^{MAX_EXP}, too large to compute"
                    ))
                    .raise(),
                }
            }
        }
    }

    /// For `y > 0` with signs `t_1 ... t_r` (`+1` for `+`, `-1` for `-`): `S = Σ t_i 2^-i`,
    /// as the numerator over `2^r`. With `B` the `r`-bit integer whose bits are the signs
    /// (`1` for `+`), `S = (2B - 2^r + 1) / 2^r`: `B = 2^p - 1` for an integer `p`, and
    /// `B = (2^(m+1) - 1)·2^k + (N >> 1)` for `y = m + N/2^k`. `None` when `y` has more
    /// than about `2^16` signs (the sum would need a larger denominator).
    fn halving_sum(self) -> Option<(BigInt, u64)> {
        let (n, k) = self.parts();
        let m = &n >> k;
        let m = u64::try_from(&m)
            .ok()
            .filter(|&m| m <= u64::from(MAX_EXP))?;
        let one = BigInt::from(1u8);
        let (b, r) = if k == 0 {
            ((&one << m) - 1u8, m)
        } else {
            let frac = &n - (BigInt::from(m) << k);
            (
                (((&one << (m + 1)) - 1u8) << k) + (frac >> 1u8),
                m + u64::from(k) + 1,
            )
        };
        Some(((b << 1u8) - (&one << r) + 1u8, r))
    }

    /// The number whose sign expansion is that of `self > 0` without its first sign (which is
    /// `+`): `self - 1` for `self >= 1`; below 1, the negative `-u` with `1 : -u = self`,
    /// that is `S(u) = 1 - self` ([`Dyadic::halving_sum`], inverted: the bits of
    /// `B = (N + 2^r - 1)/2` for `1 - self = N/2^r` are the signs of `u`, `q >= 1` leading
    /// pluses and then, unless that is all, a minus and the bits of `u`'s fraction).
    /// `None` for `self <= 0`.
    pub fn without_first_sign(self) -> Option<Dyadic> {
        if self.signum() <= 0 {
            return None;
        }
        if self >= Dyadic::ONE {
            return Some(self - Dyadic::ONE);
        }
        let (n, r) = (Dyadic::ONE - self).parts();
        let one = BigInt::from(1u8);
        let all = (&one << r) - 1u8;
        let b = (n + &all) >> 1u8;
        let rest = &all - &b;
        let q = u64::from(r) - rest.bits();
        let u = if rest.sign() == num_bigint::Sign::NoSign {
            Dyadic::from_big(BigInt::from(r), 0)
        } else {
            let k = u64::from(r) - q;
            let f = b & ((&one << (k - 1)) - 1u8);
            Dyadic::from_big(BigInt::from(q - 1), 0) + Dyadic::from_big((f << 1u8) + 1u8, k as u32)
        };
        Some(-u)
    }
}

fn gcd(mut a: BigInt, mut b: BigInt) -> BigInt {
    use num_bigint::Sign::NoSign;
    while b.sign() != NoSign {
        let r = &a % &b;
        a = b;
        b = r;
    }
    if a.sign() == NoSign {
        BigInt::from(1)
    } else {
        a.magnitude().clone().into()
    }
}

/// `n << k` on inline numerators, or `None` if it leaves the `i64` range.
fn checked_shl(n: i64, k: u32) -> Option<i64> {
    if n == 0 {
        return Some(0);
    }
    if k >= 63 {
        return None;
    }
    let r = n << k;
    ((r >> k) == n).then_some(r)
}

impl Add for Dyadic {
    type Output = Dyadic;
    #[inline]
    fn add(self, other: Dyadic) -> Dyadic {
        if self.exp != BIG && other.exp != BIG {
            // exact in i128 (see `cmp`); back to inline form when the reduced sum fits
            let e = self.exp.max(other.exp);
            let s =
                ((self.num as i128) << (e - self.exp)) + ((other.num as i128) << (e - other.exp));
            if s == 0 {
                return Dyadic::ZERO;
            }
            let tz = s.trailing_zeros().min(e);
            if let Ok(n) = i64::try_from(s >> tz) {
                return Dyadic {
                    num: n,
                    exp: e - tz,
                };
            }
        }
        self.add_general(other)
    }
}

impl Dyadic {
    #[inline(never)]
    fn add_general(self, other: Dyadic) -> Dyadic {
        if !self.is_big() && !other.is_big() {
            let e = self.exp.max(other.exp);
            if let (Some(a), Some(b)) = (
                checked_shl(self.num, e - self.exp),
                checked_shl(other.num, e - other.exp),
            ) && let Some(s) = a.checked_add(b)
            {
                return Dyadic::new_inline(s, e);
            }
        }
        let ((a, ea), (b, eb)) = (self.parts(), other.parts());
        let e = ea.max(eb);
        Dyadic::from_big((a << (e - ea)) + (b << (e - eb)), e)
    }
}

impl Sub for Dyadic {
    type Output = Dyadic;
    fn sub(self, other: Dyadic) -> Dyadic {
        self + (-other)
    }
}

impl Neg for Dyadic {
    type Output = Dyadic;
    #[inline]
    fn neg(self) -> Dyadic {
        if !self.is_big()
            && let Some(n) = self.num.checked_neg()
        {
            return Dyadic {
                num: n,
                exp: self.exp,
            };
        }
        let (n, e) = self.parts();
        Dyadic::from_big(-n, e)
    }
}

/// `self * 2^-k`.
impl Shr<u32> for Dyadic {
    type Output = Dyadic;
    fn shr(self, k: u32) -> Dyadic {
        if !self.is_big() && self.exp + k.min(MAX_INLINE_EXP + 1) <= MAX_INLINE_EXP {
            return Dyadic::new_inline(self.num, self.exp + k);
        }
        let (n, e) = self.parts();
        let e = e
            .checked_add(k)
            .filter(|&e| e <= MAX_EXP)
            .unwrap_or_else(|| overflow());
        Dyadic::from_big(n, e)
    }
}

/// `self * 2^k`.
impl Shl<u32> for Dyadic {
    type Output = Dyadic;
    fn shl(self, k: u32) -> Dyadic {
        if !self.is_big() {
            if k <= self.exp {
                return Dyadic::new_inline(self.num, self.exp - k);
            }
            if let Some(n) = checked_shl(self.num, k - self.exp) {
                return Dyadic::from_int(n);
            }
        }
        let (n, e) = self.parts();
        if k <= e {
            Dyadic::from_big(n, e - k)
        } else {
            if k - e > MAX_EXP {
                overflow();
            }
            Dyadic::from_big(n << (k - e), 0)
        }
    }
}

impl Mul for Dyadic {
    type Output = Dyadic;
    fn mul(self, other: Dyadic) -> Dyadic {
        if !self.is_big()
            && !other.is_big()
            && let Some(n) = self.num.checked_mul(other.num)
            && self.exp + other.exp <= MAX_INLINE_EXP
        {
            return Dyadic::new_inline(n, self.exp + other.exp);
        }
        let ((a, ea), (b, eb)) = (self.parts(), other.parts());
        let e = ea
            .checked_add(eb)
            .filter(|&e| e <= MAX_EXP)
            .unwrap_or_else(|| overflow());
        Dyadic::from_big(a * b, e)
    }
}

impl Ord for Dyadic {
    #[inline]
    fn cmp(&self, other: &Dyadic) -> Ordering {
        if self.exp == other.exp && self.exp != BIG {
            // the usual case in searches: integers, or halves against halves
            return self.num.cmp(&other.num);
        }
        if self.exp != BIG && other.exp != BIG {
            // inline values: |num| < 2^63 and exponents <= 62, so the aligned numerators fit
            // in an i128 exactly
            let e = self.exp.max(other.exp);
            let a = (self.num as i128) << (e - self.exp);
            let b = (other.num as i128) << (e - other.exp);
            return a.cmp(&b);
        }
        self.cmp_general(other)
    }
}

impl Dyadic {
    /// Comparison when the exponents differ or a value is big (kept out of line so the
    /// common case inlines).
    #[inline(never)]
    fn cmp_general(&self, other: &Dyadic) -> Ordering {
        if !self.is_big() && !other.is_big() {
            let (s1, s2) = (self.num.signum(), other.num.signum());
            if s1 != s2 {
                return s1.cmp(&s2);
            }
            let e = self.exp.max(other.exp);
            if let (Some(a), Some(b)) = (
                checked_shl(self.num, e - self.exp),
                checked_shl(other.num, e - other.exp),
            ) {
                return a.cmp(&b);
            }
        }
        let ((a, ea), (b, eb)) = (self.parts(), other.parts());
        let e = ea.max(eb);
        (a << (e - ea)).cmp(&(b << (e - eb)))
    }
}

impl PartialOrd for Dyadic {
    fn partial_cmp(&self, other: &Dyadic) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for Dyadic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if !self.is_big() {
            return if self.exp == 0 {
                write!(f, "{}", self.num)
            } else {
                write!(f, "{}/{}", self.num, 1u64 << self.exp)
            };
        }
        let (n, e) = self.parts();
        if e == 0 {
            write!(f, "{n}")
        } else {
            write!(f, "{n}/{}", num_bigint::BigUint::from(1u8) << e)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_f64_keys() {
        assert_eq!(Dyadic::new(3, 2).exact_f64_or_nan(), 0.75);
        assert_eq!(Dyadic::new(-5, 3).exact_f64_or_nan(), -0.625);
        assert_eq!(Dyadic::from_int(-7).exact_f64_or_nan(), -7.0);
        assert_eq!(Dyadic::new(1, 62).exact_f64_or_nan(), 2f64.powi(-62));
        assert!(Dyadic::from_int(1 << 53).exact_f64_or_nan().is_nan());
        assert!(Dyadic::from_int(i64::MAX).exact_f64_or_nan().is_nan());
        let big = Dyadic::from_int(i64::MAX).add(Dyadic::from_int(i64::MAX));
        assert!(big.exact_f64_or_nan().is_nan());
    }

    fn d(n: i64, e: u32) -> Dyadic {
        Dyadic::new(n, e)
    }

    fn parse(s: &str) -> Dyadic {
        let (n, den) = match s.split_once('/') {
            Some((n, d)) => (n, Some(d)),
            None => (s, None),
        };
        Dyadic::from_fraction_digits(n, den).unwrap()
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
        assert_eq!(d(1, 1) + d(1, 2), d(3, 2));
        assert_eq!(d(1, 1) - d(3, 2), d(-1, 2));
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
        assert_eq!(s(Some(d(3, 1)), Some(d(3, 0))), d(2, 0));
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

    /// The bit computation of the simplest number between two bounds agrees with trying
    /// denominators one by one, and handles bounds with denominators of 60,000 bits at once.
    #[test]
    fn simplest_fractions_from_bits() {
        let mut rng = crate::game::rng::Rng::xorshift64(0x9e37_79b9_7f4a_7c15);
        for _ in 0..20_000 {
            let x = rng.next_u64();
            let e = (x % 12) as u32;
            let n = ((x >> 8) % 64) as i64 - 32;
            let w = ((x >> 20) % 40) as i64 + 1;
            let lo = d(n, e);
            let hi = lo + d(w, (x >> 30) as u32 % 12);
            let lo_int = lo.floor_dyadic() + Dyadic::ONE;
            if lo_int < hi {
                continue; // an integer in between: not this case
            }
            assert_eq!(
                Dyadic::simplest_fraction_between(lo, hi),
                Dyadic::simplest_between(Some(lo), Some(hi)),
                "between {lo} and {hi}"
            );
        }
        // 1 - 2^-60000 < 1 - 2^-60001 < 1
        let eps = Dyadic::ONE >> 60_000;
        let lo = Dyadic::ONE - eps;
        assert_eq!(
            Dyadic::simplest_between(Some(lo), Some(Dyadic::ONE)),
            Dyadic::ONE - (eps >> 1)
        );
        assert_eq!(
            Dyadic::simplest_between(Some(-Dyadic::ONE), Some(-lo)),
            -Dyadic::ONE + (eps >> 1)
        );
        assert_eq!(
            Dyadic::simplest_between(Some(eps), Some(eps << 1)),
            eps + (eps >> 1)
        );
    }

    /// Beyond 64 bits the values stay exact: 2^100 + 1 - 2^100 = 1, and big values print,
    /// compare and reduce like small ones.
    #[test]
    fn big_numbers_are_exact() {
        let two100 = parse("1267650600228229401496703205376");
        assert_eq!(two100, Dyadic::ONE << 100);
        assert_eq!((two100 + Dyadic::ONE) - two100, Dyadic::ONE);
        assert_eq!(two100.to_string(), "1267650600228229401496703205376");
        assert!(two100 > parse("9223372036854775807"));
        assert!(-two100 < parse("-9223372036854775808"));
        let tiny = Dyadic::ONE >> 100;
        assert_eq!(tiny.to_string(), "1/1267650600228229401496703205376");
        assert_eq!(tiny << 100, Dyadic::ONE);
        assert_eq!(
            parse("3/1267650600228229401496703205376"),
            Dyadic::new(3, 0) >> 100
        );
        assert_eq!(
            (parse("9223372036854775807") + Dyadic::ONE).to_string(),
            "9223372036854775808"
        );
        assert_eq!(
            parse("-9223372036854775808").floor_dyadic().to_string(),
            "-9223372036854775808"
        );
        // i64::MIN negates to a big number and back
        let min = Dyadic::from_int(i64::MIN);
        assert_eq!(-(-min), min);
        assert!(two100.is_even_integer());
        assert!(!(two100 + Dyadic::ONE).is_even_integer());
        // simplest number between big bounds
        let s = Dyadic::simplest_between(Some(two100), Some(two100 + Dyadic::ONE));
        assert_eq!(s, two100 + (Dyadic::ONE >> 1));
    }
}
