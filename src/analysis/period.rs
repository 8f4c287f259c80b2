//! Periodicity of finite sequences: the preperiod, period and saltus of a(0), a(1), ...
//!
//! A sequence is *periodic* with preperiod e and period p when a(n + p) = a(n) for every
//! n >= e, and *arithmetic-periodic* with saltus s when a(n + p) = a(n) + s for every n >= e
//! (octal games: Winning Ways ch. 4; Siegel, CGT, IV.2). From finitely many terms the claim
//! needs evidence: the relation must hold on at least two whole periods after the preperiod
//! (a(e .. e+2p-1) seen), three for a nonzero saltus, whose value is itself read off the data.
//! Among the candidates that qualify, the one with the least preperiod + period is chosen
//! (then the least period), so the answer does not drift to spurious short periods at the
//! end of the data as more terms are added.

use std::ops::Sub;

/// The periodicity found: a(n + period) = a(n) + saltus for n >= preperiod.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity<S> {
    pub preperiod: usize,
    pub period: usize,
    pub saltus: S,
}

/// The least e such that `same(n)` holds for every n in e..end (end when none does).
fn tail_start(end: usize, same: impl Fn(usize) -> bool) -> usize {
    (0..end).rev().find(|&n| !same(n)).map_or(0, |n| n + 1)
}

/// Ordinary periodicity (saltus zero): the candidate with the least preperiod + period whose
/// relation holds on two whole periods after the preperiod. `None` when there is none.
pub fn periodicity<T: PartialEq>(seq: &[T]) -> Option<Periodicity<()>> {
    let n = seq.len();
    let mut best: Option<Periodicity<()>> = None;
    for p in 1..=n / 2 {
        if best.as_ref().is_some_and(|b| b.preperiod + b.period <= p) {
            break;
        }
        let e = tail_start(n - p, |i| seq[i + p] == seq[i]);
        if n - e >= 2 * p && best.as_ref().is_none_or(|b| e + p < b.preperiod + b.period) {
            best = Some(Periodicity {
                preperiod: e,
                period: p,
                saltus: (),
            });
        }
    }
    best
}

/// Arithmetic periodicity: a(n + p) = a(n) + s with s read off the last terms; a zero saltus
/// needs two whole periods after the preperiod, another saltus three. The candidate with the
/// least preperiod + period wins (ties: the shorter period).
pub fn arithmetic_periodicity<T>(seq: &[T], zero: &T) -> Option<Periodicity<T>>
where
    T: Clone + PartialEq + Sub<Output = T>,
{
    let n = seq.len();
    let mut best: Option<Periodicity<T>> = None;
    for p in 1..=n / 2 {
        if best.as_ref().is_some_and(|b| b.preperiod + b.period <= p) {
            break;
        }
        let s = seq[n - 1].clone() - seq[n - 1 - p].clone();
        let e = tail_start(n - p, |i| seq[i + p].clone() - seq[i].clone() == s);
        let periods = if s == *zero { 2 } else { 3 };
        if n - e >= periods * p && best.as_ref().is_none_or(|b| e + p < b.preperiod + b.period) {
            best = Some(Periodicity {
                preperiod: e,
                period: p,
                saltus: s,
            });
        }
    }
    best
}

/// The Octal Periodicity Theorem (Guy and Smith 1956; WW ch. 4; Siegel, CGT, ch. IV.2) for a
/// take-and-break game whose moves remove at most `max_take` tokens and leave at most
/// `max_heaps` heaps, with no constraint on their sizes: if G(n + p) = G(n) for every n with
/// e <= n < N, where N = h·max(e, 1) + (h - 1)·p + t (h = `max_heaps`, at least 1; t =
/// `max_take`), then G(n + p) = G(n) for every n >= e. For octal games (h = 2) this is the
/// book's N = 2e + p + t. The proof for h heaps is the book's: past N, a move from n + p
/// leaves a heap of at least e + p, whose value is that of the same heap made p smaller (a
/// move from n), and conversely; e is taken at least 1 so that heap is never emptied.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PeriodTheorem {
    pub max_heaps: usize,
    pub max_take: usize,
}

impl PeriodTheorem {
    /// The largest heap whose value the hypothesis reads for preperiod `e` and period `p`:
    /// N - 1 + p.
    pub fn last_heap(&self, preperiod: usize, period: usize) -> usize {
        let h = self.max_heaps.max(1);
        h * preperiod.max(1) + (h - 1) * period + self.max_take + period - 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plain(e: usize, p: usize) -> Option<Periodicity<()>> {
        Some(Periodicity {
            preperiod: e,
            period: p,
            saltus: (),
        })
    }

    fn arith(e: usize, p: usize, s: i64) -> Option<Periodicity<i64>> {
        Some(Periodicity {
            preperiod: e,
            period: p,
            saltus: s,
        })
    }

    #[test]
    fn pure_periods() {
        assert_eq!(periodicity(&[1, 2, 3, 1, 2, 3, 1, 2, 3]), plain(0, 3));
        assert_eq!(periodicity(&[7, 7]), plain(0, 1));
        // Subtraction game {2,3}: G(n) = mex{G(n-2), G(n-3)} = 0 0 1 1 2, repeated.
        let s23 = [0, 0, 1, 1, 2, 0, 0, 1, 1, 2, 0];
        assert_eq!(periodicity(&s23), plain(0, 5));
        // Subtraction game {1,3,4}: 0 1 0 1 2 3 2, repeated (worked out term by term).
        let s134 = [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0];
        assert_eq!(periodicity(&s134), plain(0, 7));
    }

    #[test]
    fn preperiods() {
        assert_eq!(periodicity(&[5, 5, 0, 1, 0, 1, 0, 1]), plain(2, 2));
        assert_eq!(periodicity(&[9, 1, 2, 3, 1, 2, 3]), plain(1, 3));
        // The preperiod ends where the last mismatch is: 4 and 3 differ from 1 and 2.
        assert_eq!(periodicity(&[4, 3, 1, 2, 1, 2, 1, 2, 1, 2]), plain(2, 2));
    }

    #[test]
    fn not_enough_evidence() {
        assert_eq!(periodicity::<i32>(&[]), None);
        assert_eq!(periodicity(&[1]), None);
        assert_eq!(periodicity(&[1, 2, 3, 4, 5]), None);
        // One and a half periods of 1 2 3 are not two.
        assert_eq!(periodicity(&[1, 2, 3, 1, 2]), None);
    }

    #[test]
    fn least_preperiod_plus_period_wins() {
        // The tail 8 8 alone would be "period 1 from 8"; the whole is period 4 from 0.
        let seq = [1, 2, 8, 8, 1, 2, 8, 8];
        assert_eq!(periodicity(&seq), plain(0, 4));
    }

    #[test]
    fn arithmetic_periods() {
        assert_eq!(
            arithmetic_periodicity(&[0, 1, 2, 3, 4, 5], &0),
            arith(0, 1, 1)
        );
        // 0 0 1 1 2 2 3 3: period 2, saltus 1 (not period 1 at the very end).
        assert_eq!(
            arithmetic_periodicity(&[0, 0, 1, 1, 2, 2, 3, 3], &0),
            arith(0, 2, 1)
        );
        // Decreasing after a preperiod: 10, then -1 -2 -3 ... (saltus -1 from 1).
        assert_eq!(
            arithmetic_periodicity(&[10, -1, -2, -3, -4, -5], &0),
            arith(1, 1, -1)
        );
        // A zero saltus is ordinary periodicity.
        assert_eq!(
            arithmetic_periodicity(&[0, 1, 0, 1, 0, 1], &0),
            arith(0, 2, 0)
        );
        // Three terms of a progression are not enough for period 2 (needs 6), but are for 1.
        assert_eq!(arithmetic_periodicity(&[0, 5, 10], &0), arith(0, 1, 5));
        assert_eq!(arithmetic_periodicity(&[0, 5], &0), None);
        // Period 3, saltus 2, with a preperiod of one term.
        let seq = [7, 0, 1, 1, 2, 3, 3, 4, 5, 5, 6];
        assert_eq!(arithmetic_periodicity(&seq, &0), arith(1, 3, 2));
    }

    /// Kayles (0.77) is periodic from 71 with period 12; the theorem reads heaps up to
    /// 2·71 + 12 + 2 - 1 + 12 = 167 (WW ch. 4). Dawson's Kayles (0.07): from 52 with
    /// period 34, heaps up to 173.
    #[test]
    fn octal_periodicity_theorem_bounds() {
        let octal = PeriodTheorem {
            max_heaps: 2,
            max_take: 2,
        };
        assert_eq!(octal.last_heap(71, 12), 167);
        assert_eq!(octal.last_heap(52, 34), 173);
        // A subtraction game (one heap left, removing at most t): e + t - 1 + p.
        let subtraction = PeriodTheorem {
            max_heaps: 1,
            max_take: 3,
        };
        assert_eq!(subtraction.last_heap(0, 4), 1 + 3 - 1 + 4);
    }
}
