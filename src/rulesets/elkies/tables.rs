//! The tables of Elkies' section 6.3: least lengths and proportions of values over all words
//! (an exhaustive sweep), and the values of periodic patterns of stops (the window engine of
//! [`super::epsilon`]).
//!
//! The sweep computes every valid word of each length m in lexicographic order (0 < 1), ε and
//! the flags of each in O(m) from tables of all shorter words. A word of length L is stored at
//! its lexicographic rank among the valid words of that length: with `count(L)` such words (the
//! Fibonacci number F(L + 2)), `rank(w) = Σ count(L - 1 - i)` over the positions i where `w`
//! has a 1. A word needs its suffixes (ranks by suffix sums) and its prefixes: the rank `A(j)`
//! of the prefix of length j obeys `A(j + 1) = A(j) + A(j - 1) + w[j] + w[j - 1]` (because
//! `count(k) = count(k - 1) + count(k - 2)`, with `count(-1) = 1`), so it follows each change
//! of digit in O(1). Enumerating in lexicographic order, the prefixes of the words of a chunk
//! run through their tables in order and the long suffixes nearly so: the big tables are read
//! as streams.
//!
//! The interior moves need the flags of the reversed prefixes (see [`super::epsilon`]), so each
//! entry holds ε and the four flags `U(w)`, `S(w)`, `U(reverse w)`, `S(reverse w)`: two bytes
//! per word, about 3.2·count(m) bytes for a sweep to length m.

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::epsilon::{Progress, ProgressFn, Windows, check_pattern, word_string};
use crate::game::interrupt::check_cancel;

/// Table entry: ε in the low byte, then `U`, `S` of the word and of its reversal.
const EPS_MASK: u16 = 0xff;
const TAB_U: u16 = 1 << 8;
const TAB_S: u16 = 1 << 9;
const TAB_UR: u16 = 1 << 10;
const TAB_SR: u16 = 1 << 11;
/// A packed side of an interior move: ε (below 64), and this bit when that side makes the move
/// loony.
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

/// The valid word of length `m` with lexicographic rank `r` (`r < word_counts(m)[m]`).
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
    tables: Vec<Vec<u16>>,
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
    fn level(&self, m: usize, store: bool, progress: &mut ProgressFn) -> (Vec<u16>, LevelStats) {
        let total = self.count[m];
        let mut table = if store {
            let what = format!("the table of the words of length {m}");
            crate::game::memory::filled_vec(total as usize, 0u16, &what)
        } else {
            Vec::new()
        };
        let mut stats = LevelStats::new();
        // Work list: (first rank, output slice), popped from the end: lowest ranks first.
        let mut work: Vec<(u64, Option<&mut [u16]>)> = Vec::new();
        if store {
            for (i, ch) in table.chunks_mut(CHUNK).enumerate() {
                work.push(((i * CHUNK) as u64, Some(ch)));
            }
        } else {
            work.extend((0..total).step_by(CHUNK).map(|lo| (lo, None)));
        }
        work.reverse();
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
        mut out: Option<&mut [u16]>,
        stats: &mut LevelStats,
    ) {
        let m = st.m;
        st.set(&word_at(m, lo));
        let mut from = 0; // first digit changed since the last word
        for r in lo..hi {
            if r > lo {
                from = st.advance();
            }
            let entry = match m {
                0 => 0,
                1 => {
                    let s = if st.u[0] == 0 { TAB_S | TAB_SR } else { 0 };
                    1 | TAB_U | TAB_UR | s
                }
                _ => self.word(st, from),
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

    /// The table entry of the current word (length >= 2), whose digits from `from` on changed.
    fn word(&self, st: &mut WordState, from: usize) -> u16 {
        let m = st.m;
        let t = &self.tables;
        let count = &self.count;
        let u = &st.u;
        // Loony flag of an end move into the entry's word (`fwd`) or its reversal, from a
        // stopped file (`stopped` = 1) or not.
        let fwd = |e: u16, stopped: u8| e & (TAB_U << stopped) != 0;
        let rev = |e: u16, stopped: u8| e & (TAB_UR << stopped) != 0;
        let eps = |e: u16| (e & EPS_MASK) as u8;
        // Prefixes: ranks A(j) and entries g[j] = T[j][A(j)], then the left sides
        // left[j] = ε(u[..j-1]) | loony(move at j by its left side: U/S of reverse(u[..j])).
        for j in (from + 1)..m {
            let a = if j == 1 {
                u[0] as u64
            } else {
                st.a[j - 1] + st.a[j - 2] + (u[j - 1] + u[j - 2]) as u64
            };
            st.a[j] = a;
            st.g[j] = t[j][a as usize];
        }
        for j in from.max(1)..m - 1 {
            let loony = u[j - 1] == 0 && rev(st.g[j], u[j]);
            st.left[j] = eps(st.g[j - 1]) | if loony { SIDE_LOONY } else { 0 };
        }
        // Suffixes, in one pass with the interior moves: e(k) = T[k][rank of u[m-k..]] is the
        // entry of the suffix of length k; the move at j = m-1-k has the right side
        // ε(u[m-k+1..]) = ε(e(k-1)), loony by that side per U/S of u[m-k..] (R = u[m-k]).
        let mut set = 0u64;
        let mut rank = 0u64;
        let (mut e2, mut e1) = (0u16, t[0][0]); // e(k-2), e(k-1)
        // k = 1..m-1 with s = m - k: the digits (u[s-1], u[s]), left[s-1], count[k-1], T[k].
        let steps = u[1..m]
            .windows(2)
            .rev()
            .zip(st.left[1..m - 1].iter().rev())
            .zip(&count[..m - 2])
            .zip(&t[1..m - 1]);
        for (((pair, &a), &weight), table) in steps {
            let (c, r) = (pair[0], pair[1]);
            rank += r as u64 * weight;
            let ek = table[rank as usize];
            // Loony by the right side: R = 0 and the flag U (C = 0) or S (C = 1) of u[s..].
            let loony = ((ek >> (8 + c)) as u8 & (r ^ 1) & 1) << 7;
            let b = eps(e1) | loony;
            let keep = (((a | b) >> 7) as u64).wrapping_sub(1);
            set |= (1u64 << ((a ^ b) & 63)) & keep;
            (e2, e1) = (e1, ek);
        }
        rank += u[1] as u64 * count[m - 2];
        let first = t[m - 1][rank as usize]; // e(m-1): the entry of u[1..]
        let (e_m3, e_m2, e_m1) = (e2, e1, first);
        let g = &st.g;
        // The two end moves.
        if !fwd(e_m1, u[0]) {
            set |= 1 << eps(e_m2);
        }
        if !rev(g[m - 1], u[m - 1]) {
            set |= 1 << eps(g[m - 2]);
        }
        let value = (!set).trailing_zeros() as u16;
        assert!(
            value < 63,
            "nim value {value} is beyond the sweep's 64-bit sets of values"
        );
        // The flags of the word and of its reversal.
        let mut entry = value;
        if !fwd(e_m1, u[0]) && eps(e_m2) == eps(e_m1) {
            entry |= TAB_U;
        }
        // S = not (N not loony and ε(w[1..]) == ε(i w)), N the flag of w = u[2..].
        if u[0] == 0 && (m == 2 || fwd(e_m2, u[1]) || eps(e_m3) != eps(e_m1)) {
            entry |= TAB_S;
        }
        if !rev(g[m - 1], u[m - 1]) && eps(g[m - 2]) == eps(g[m - 1]) {
            entry |= TAB_UR;
        }
        if u[m - 1] == 0 && (m == 2 || rev(g[m - 2], u[m - 2]) || eps(g[m - 3]) != eps(g[m - 1])) {
            entry |= TAB_SR;
        }
        entry
    }
}

/// The current word of a sweep and the arrays derived from it.
struct WordState {
    m: usize,
    /// The digits, 0 or 1.
    u: Vec<u8>,
    /// `a[j]`: rank of the prefix u[..j]; `g[j]` its table entry (j < m).
    a: Vec<u64>,
    g: Vec<u16>,
    /// `left[j]`: ε(u[..j-1]), marked when the move at j is loony by its left side.
    left: Vec<u8>,
}

impl WordState {
    fn new(m: usize) -> WordState {
        let n = m.max(1);
        WordState {
            m,
            u: vec![0; m],
            a: vec![0; n],
            g: vec![0; n],
            left: vec![0; n],
        }
    }

    fn set(&mut self, word: &[bool]) {
        for (d, &b) in self.u.iter_mut().zip(word) {
            *d = b as u8;
        }
    }

    /// Moves to the next valid word in lexicographic order; returns the first changed position.
    fn advance(&mut self) -> usize {
        let u = &mut self.u;
        let i = (0..u.len())
            .rev()
            .find(|&i| u[i] == 0 && (i == 0 || u[i - 1] == 0))
            .expect("a next word exists");
        u[i] = 1;
        for d in &mut u[i + 1..] {
            *d = 0;
        }
        i
    }
}

/// What the sweep found at one length.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LengthSummary {
    pub length: usize,
    /// `counts[k]`: the number of words of value k (ending at the largest value present).
    pub counts: Vec<u64>,
    /// `first[k]`: the lexicographic rank of the first word of value k (see [`word_at`]).
    pub first: Vec<Option<u64>>,
}

/// The exhaustive sweep over every valid word of length `0..=m_max`, in increasing length;
/// `on_length` sees each length's summary and returns `false` to stop. Memory: the tables of
/// every length below `m_max`, about 3.2·F(m_max + 2) bytes (0.9 GB for m_max = 40, 3.6 GB for
/// 43); the words of each length are shared by two threads.
pub fn sweep(
    m_max: usize,
    progress: ProgressFn,
    mut on_length: impl FnMut(&LengthSummary) -> bool,
) {
    Sweep::run(m_max, progress, |m, stats| {
        let top = stats
            .counts
            .iter()
            .rposition(|&c| c > 0)
            .map_or(0, |k| k + 1);
        on_length(&LengthSummary {
            length: m,
            counts: stats.counts[..top].to_vec(),
            first: stats.first[..top]
                .iter()
                .map(|&r| (r != u64::MAX).then_some(r))
                .collect(),
        })
    });
}

/// A value k, and the least length of a word of that value with the first such word.
pub type LeastLength = (u16, Option<(usize, Vec<bool>)>);

/// For each k in `1..=k_max`, the least length m <= `m_max` of a word of value k and the
/// lexicographically first such word (`None` when there is none up to `m_max`). The sweep
/// stops at the first length where every k has been found.
pub fn least_lengths(k_max: u16, m_max: usize, progress: ProgressFn) -> Vec<LeastLength> {
    let mut found: Vec<LeastLength> = (1..=k_max).map(|k| (k, None)).collect();
    sweep(m_max, progress, |sum| {
        for (k, slot) in found.iter_mut() {
            if slot.is_none()
                && let Some(Some(r)) = sum.first.get(*k as usize)
            {
                *slot = Some((sum.length, word_at(sum.length, *r)));
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
    sweep(m, progress, |sum| {
        if sum.length == m {
            counts = sum.counts.clone();
        }
        true
    });
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
