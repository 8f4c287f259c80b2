//! The tables of Elkies' section 6.3: least lengths and proportions of values over all words
//! (an exhaustive sweep), and the values of periodic patterns of stops (the window engine of
//! [`super::epsilon`]).
//!
//! The sweep computes every valid word of each length m in lexicographic order (0 < 1), ε and
//! the flags `U`, `S` of each in O(m) from tables of all shorter words. A word of length L is
//! stored at its lexicographic rank among the valid words of that length: with `count(L)` such
//! words (the Fibonacci number F(L + 2)), `rank(w) = Σ count(L - 1 - i)` over the positions i
//! where `w` has a 1. The suffixes of a word are then found by suffix sums, and the reversed
//! prefixes (which the interior moves need, see [`super::epsilon`]) by prefix sums of
//! `count(i)`. Memory: one byte per stored word, about 1.6·count(m) bytes in all.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::epsilon::{Progress, ProgressFn, Windows, check_pattern, word_string};
use crate::game::interrupt::check_cancel;

/// Table entry: ε in the low six bits, then `U` and `S`.
const EPS_MASK: u8 = 0x3f;
const TAB_U: u8 = 0x40;
const TAB_S: u8 = 0x80;
/// A packed side of an interior move: ε, and this bit when that side makes the move loony.
const SIDE_LOONY: u8 = 0x80;
/// Words per unit of work handed to a thread.
const CHUNK: usize = 1 << 16;

/// The number of valid words of each length `0..=max` (F(L + 2)).
pub fn word_counts(max: usize) -> Vec<u64> {
    let mut c = vec![1u64, 2];
    while c.len() <= max {
        let k = c.len();
        c.push(c[k - 1] + c[k - 2]);
    }
    c.truncate(max + 1);
    c
}

/// The valid word of length `m` with lexicographic rank `r`.
pub fn word_at(m: usize, mut r: u64) -> Vec<bool> {
    let count = word_counts(m);
    let mut w = Vec::with_capacity(m);
    let mut prev = false;
    for i in 0..m {
        let rest = count[m - 1 - i];
        let one = !prev && r >= rest;
        if one {
            r -= rest;
        }
        w.push(one);
        prev = one;
    }
    w
}

/// What one length of the sweep found: how many words have each value, and the
/// lexicographically first word of each value (its rank).
#[derive(Clone, Debug)]
struct LevelStats {
    counts: Vec<u64>,
    first: Vec<u64>,
}

impl LevelStats {
    fn new() -> LevelStats {
        LevelStats {
            counts: vec![0; 64],
            first: vec![u64::MAX; 64],
        }
    }

    fn merge(&mut self, o: &LevelStats) {
        for v in 0..64 {
            self.counts[v] += o.counts[v];
            self.first[v] = self.first[v].min(o.first[v]);
        }
    }
}

/// The exhaustive sweep: `tables[L][rank]` for every stored length L.
struct Sweep {
    count: Vec<u64>,
    tables: Vec<Vec<u8>>,
}

impl Sweep {
    /// Runs the sweep up to length `m_max`; `level(m, stats)` sees each length's statistics and
    /// returns `false` to stop. Lengths below `m_max` are stored (the last one is not needed).
    fn run(
        m_max: usize,
        mut progress: ProgressFn,
        mut level: impl FnMut(usize, &LevelStats) -> bool,
    ) {
        let mut sweep = Sweep {
            count: word_counts(m_max.max(1)),
            tables: Vec::new(),
        };
        for m in 0..=m_max {
            check_cancel();
            let store = m < m_max;
            let (table, stats) = sweep.level(m, store, &mut progress);
            if store {
                sweep.tables.push(table);
            }
            if !level(m, &stats) {
                break;
            }
        }
    }

    /// Computes every word of length `m`: its table (when `store`) and statistics.
    fn level(&self, m: usize, store: bool, progress: &mut ProgressFn) -> (Vec<u8>, LevelStats) {
        let total = self.count[m];
        let mut table = if store {
            vec![0u8; total as usize]
        } else {
            Vec::new()
        };
        let mut stats = LevelStats::new();
        // Work list: (first rank, output slice).
        let mut work: Vec<(u64, Option<&mut [u8]>)> = Vec::new();
        if store {
            for (i, ch) in table.chunks_mut(CHUNK).enumerate() {
                work.push(((i * CHUNK) as u64, Some(ch)));
            }
        } else {
            let mut lo = 0;
            while lo < total {
                work.push((lo, None));
                lo += CHUNK as u64;
            }
        }
        work.reverse(); // popped from the end: lowest ranks first
        let queue = Mutex::new(work);
        let done = AtomicU64::new(0);
        let worker = |report: &mut dyn FnMut(u64)| -> LevelStats {
            let mut stats = LevelStats::new();
            let mut state = WordState::new(m);
            loop {
                check_cancel();
                let item = queue.lock().unwrap_or_else(|e| e.into_inner()).pop();
                let Some((lo, out)) = item else { break };
                let hi = (lo + CHUNK as u64).min(total);
                self.chunk(&mut state, lo, hi, out, &mut stats);
                report(done.fetch_add(hi - lo, Ordering::Relaxed) + (hi - lo));
            }
            stats
        };
        let mut report = |d: u64| {
            if let Some(p) = progress.as_mut() {
                p(&Progress {
                    length: m,
                    done: d,
                    total,
                });
            }
        };
        if total as usize > 2 * CHUNK {
            std::thread::scope(|s| {
                let h = s.spawn(|| worker(&mut |_| {}));
                stats.merge(&worker(&mut report));
                match h.join() {
                    Ok(st) => stats.merge(&st),
                    Err(payload) => std::panic::resume_unwind(payload),
                }
            });
        } else {
            stats.merge(&worker(&mut report));
        }
        (table, stats)
    }

    /// The words of length `state.m` with ranks `lo..hi`, in order.
    fn chunk(
        &self,
        st: &mut WordState,
        lo: u64,
        hi: u64,
        mut out: Option<&mut [u8]>,
        stats: &mut LevelStats,
    ) {
        let m = st.m;
        let count = &self.count;
        st.u = word_at(m, lo);
        let mut from = 0; // first digit changed since the last word
        for r in lo..hi {
            if r > lo {
                from = st.advance();
            }
            let entry = if m == 0 {
                0
            } else if m == 1 {
                1 | TAB_U | if st.u[0] { 0 } else { TAB_S }
            } else {
                self.word(st, from, count)
            };
            let eps = (entry & EPS_MASK) as usize;
            stats.counts[eps] += 1;
            if stats.first[eps] == u64::MAX {
                stats.first[eps] = r;
            }
            if let Some(o) = out.as_deref_mut() {
                o[(r - lo) as usize] = entry;
            }
        }
    }

    /// The table entry of the current word (length >= 2); its digits from `from` on changed.
    fn word(&self, st: &mut WordState, from: usize, count: &[u64]) -> u8 {
        let m = st.m;
        let t = &self.tables;
        let u = &st.u;
        let pick = |f: u8, stopped: bool| f & if stopped { TAB_S } else { TAB_U } != 0;
        // Reversed-prefix ranks and the left sides, from the first changed digit on.
        for j in from..m {
            st.pre[j + 1] = st.pre[j] + if u[j] { count[j] } else { 0 };
        }
        for j in from.max(1)..m - 1 {
            let a = t[j - 1][st.pre[j - 1] as usize] & EPS_MASK;
            let loony = !u[j - 1] && pick(t[j][st.pre[j] as usize], u[j]);
            st.left[j] = a | if loony { SIDE_LOONY } else { 0 };
        }
        // Suffix ranks and the right sides: right[k] is the side of length k (u[m-k..]).
        st.suf[m] = 0;
        for j in (0..m).rev() {
            st.suf[j] = st.suf[j + 1] + if u[j] { count[m - 1 - j] } else { 0 };
        }
        for k in 1..m - 1 {
            let s = m - k;
            let b = t[k - 1][st.suf[s + 1] as usize] & EPS_MASK;
            let loony = !u[s] && pick(t[k][st.suf[s] as usize], u[s - 1]);
            st.right[k] = b | if loony { SIDE_LOONY } else { 0 };
        }
        // The mex over non-loony moves.
        let mut set = 0u64;
        let first = t[m - 1][st.suf[1] as usize];
        if !pick(first, u[0]) {
            set |= 1 << (t[m - 2][st.suf[2] as usize] & EPS_MASK);
        }
        if !pick(t[m - 1][st.pre[m - 1] as usize], u[m - 1]) {
            set |= 1 << (t[m - 2][st.pre[m - 2] as usize] & EPS_MASK);
        }
        let left = &st.left[1..m - 1];
        let right = &st.right[1..m - 1];
        for (&a, &b) in left.iter().zip(right.iter().rev()) {
            let keep = (((a | b) >> 7) as u64).wrapping_sub(1);
            set |= (1u64 << ((a ^ b) & EPS_MASK)) & keep;
        }
        let eps = (!set).trailing_zeros() as u8;
        assert!(
            eps < EPS_MASK,
            "nim value {eps} is beyond the sweep's six-bit table entries"
        );
        // The flags of the word itself.
        let second = t[m - 2][st.suf[2] as usize];
        let n = pick(first, u[0]);
        let mut entry = eps;
        if !n && (second & EPS_MASK) == (first & EPS_MASK) {
            entry |= TAB_U;
        }
        if !u[0] {
            let s = if m == 2 {
                true
            } else {
                let n = pick(second, u[1]);
                let third = t[m - 3][st.suf[3] as usize];
                // S = not (N not loony and ε(w[1..]) == ε(i w)).
                n || (third & EPS_MASK) != (first & EPS_MASK)
            };
            if s {
                entry |= TAB_S;
            }
        }
        entry
    }
}

/// The current word of a sweep and the arrays derived from it.
struct WordState {
    m: usize,
    u: Vec<bool>,
    /// `pre[j]`: rank of reverse(u[..j]) among words of length j.
    pre: Vec<u64>,
    /// `suf[j]`: rank of u[j..] among words of length m - j.
    suf: Vec<u64>,
    /// `left[j]`: ε(u[..j-1]), marked when the move at j is loony by its left side.
    left: Vec<u8>,
    /// `right[k]`: ε(u[m-k+1..]), marked when the move at m-k-1 is loony by its right side.
    right: Vec<u8>,
}

impl WordState {
    fn new(m: usize) -> WordState {
        WordState {
            m,
            u: vec![false; m],
            pre: vec![0; m + 1],
            suf: vec![0; m + 1],
            left: vec![0; m.max(1)],
            right: vec![0; m.max(1)],
        }
    }

    /// Moves to the next valid word in lexicographic order; returns the first changed position.
    fn advance(&mut self) -> usize {
        let u = &mut self.u;
        let i = (0..u.len())
            .rev()
            .find(|&i| !u[i] && (i == 0 || !u[i - 1]))
            .expect("a next word exists");
        u[i] = true;
        for d in &mut u[i + 1..] {
            *d = false;
        }
        i
    }
}

/// A value k, and the least length of a word of that value with the first such word.
pub type LeastLength = (u16, Option<(usize, Vec<bool>)>);

/// For each k in `1..=k_max`, the least length m <= `m_max` of a word of value k and the
/// lexicographically first such word (`None` when there is none up to `m_max`). The sweep
/// stops at the first length where every k has been found.
pub fn least_lengths(k_max: u16, m_max: usize, progress: ProgressFn) -> Vec<LeastLength> {
    let mut found: Vec<LeastLength> = (1..=k_max).map(|k| (k, None)).collect();
    Sweep::run(m_max, progress, |m, stats| {
        for (k, slot) in found.iter_mut() {
            let v = *k as usize;
            if slot.is_none() && v < 64 && stats.first[v] != u64::MAX {
                *slot = Some((m, word_at(m, stats.first[v])));
            }
        }
        found.iter().any(|(_, s)| s.is_none())
    });
    found
}

/// How many words of length `m` have each value: entry k counts the words of value k (the
/// vector ends at the largest value present).
pub fn proportions(m: usize) -> Vec<u64> {
    proportions_with_progress(m, None)
}

/// [`proportions`] with a progress callback.
pub fn proportions_with_progress(m: usize, progress: ProgressFn) -> Vec<u64> {
    let mut counts = Vec::new();
    Sweep::run(m, progress, |l, stats| {
        if l == m {
            counts = stats.counts.clone();
        }
        true
    });
    while counts.last() == Some(&0) {
        counts.pop();
    }
    counts
}

/// The values of a periodic pattern of stops, from its first file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodicReport {
    /// `values[i]`: ε of the window of length `i + 1` starting at the pattern's first file.
    pub values: Vec<u16>,
    /// For each α with some value exactly `2^α`, the least length with that value, by α.
    pub first_power: Vec<(u32, usize)>,
    /// The largest value.
    pub max: u16,
    /// The eventual period: the least P with `values` periodic (period P) from some length n0
    /// to the end with `n - n0 >= 3P`; reported as (P, the least such n0).
    pub period: Option<(usize, usize)>,
}

/// The pattern of period `p` with files `first`, `first + p`, ... stopped, files counted from 1
/// (so `every(6, 4)` is `000100` repeated: files 6r + 4). Panics unless `p >= 2` and
/// `first >= 1`.
pub fn every(p: usize, first: usize) -> Vec<bool> {
    assert!(p >= 2, "a stop every {p} files stops adjacent files");
    assert!(first >= 1, "files are counted from 1");
    (0..p).map(|i| i == (first - 1) % p).collect()
}

/// ε of the windows of the periodic word `pattern[i mod p]` starting at its first file, lengths
/// `1..=n`, with the powers of two, the maximum and the eventual period. Time O(p·n²), memory
/// about 10·p·n bytes; lengths with enough work run on two threads. Panics if the pattern
/// fails [`check_pattern`].
pub fn periodic(pattern: &[bool], n: usize, progress: ProgressFn) -> PeriodicReport {
    let w = run_periodic(pattern, n, progress);
    let values: Vec<u16> = w.es[0][1..=n].to_vec();
    let mut first_power: Vec<(u32, usize)> = Vec::new();
    for (i, &v) in values.iter().enumerate() {
        if v.is_power_of_two() {
            let a = v.trailing_zeros();
            if !first_power.iter().any(|&(b, _)| b == a) {
                first_power.push((a, i + 1));
            }
        }
    }
    first_power.sort_unstable();
    let max = values.iter().copied().max().unwrap_or(0);
    let period = eventual_period(&values);
    PeriodicReport {
        values,
        first_power,
        max,
        period,
    }
}

/// The loony flags `(U, S)` of the windows of the periodic word starting at its first file,
/// lengths `1..=n` (`S` is `false` when the pattern's first file is stopped). For the all-zero
/// pattern, entry m - 1 says whether the move to Elkies' `[:m]` is loony (`U(0^m)`).
pub fn periodic_flags(pattern: &[bool], n: usize) -> Vec<(bool, bool)> {
    let w = run_periodic(pattern, n, None);
    let p = pattern.len();
    (1..=n)
        .map(|len| {
            let f = w.fwd[len % p][len];
            (f & 1 != 0, f & 2 != 0)
        })
        .collect()
}

fn run_periodic(pattern: &[bool], n: usize, progress: ProgressFn) -> Windows {
    if let Err(e) = check_pattern(pattern) {
        panic!("invalid pattern {}: {e}", word_string(pattern));
    }
    let mut w = Windows::periodic(pattern);
    w.run(n, progress);
    w
}

/// The least P such that `values[i] == values[i + P]` for every i from some n0 on, with at
/// least three periods of evidence (n - n0 >= 3P, lengths counted from 1): `(P, n0)`.
pub fn eventual_period(values: &[u16]) -> Option<(usize, usize)> {
    let n = values.len();
    for p in 1..=n / 3 {
        // The last mismatch decides the start of the periodic tail.
        let start = (0..n - p)
            .rev()
            .find(|&i| values[i] != values[i + p])
            .map_or(0, |i| i + 1);
        let n0 = start + 1; // as a length
        if n - n0 >= 3 * p {
            return Some((p, n0));
        }
    }
    None
}
