//! The recursion of Elkies' pawn game with stopped files ("Higher Nimbers in Pawn Endgames on
//! Large Chessboards", Theorems 1-3), as stated in `seed-notes.md`, section "Elkies: pawn games
//! on tall boards".
//!
//! A component `[[w]]` is a word over {0, 1} with no two adjacent 1s: digit j is the j-th file
//! from the left, 1 a stopped file. Its value is the nimber `*ε(w)`. Two loony flags describe
//! an end move: `U(x)` is "a move to `[[:x]]` is loony" (the advanced end pawn on an unstopped
//! file, `x` the rest of the component starting with the attacked file) and `S(x)` the same
//! when the advanced pawn's file is stopped (`x` then starts with 0):
//!
//! - `U(x)`, `|x| = 1`: loony. For `x = i w` with `w` non-empty: `N = S(w)` if `i = 1`, else
//!   `U(w)`; `U(x) = !N && ε(w[1..]) == ε(w)`.
//! - `S("0")`, `S("0 i")`: loony. For `x = 0 i w` with `w` non-empty, `N` as above:
//!   `S(x) = !(!N && ε(w[1..]) == ε(i w))`.
//! - `ε(empty) = 0`, `ε(digit) = 1`, and for `|u| = m >= 2`, `ε(u)` is the mex over non-loony
//!   moves of: the left end move (loony flag `U(u[1..])` if `u[0] = 0`, else `S(u[1..])`;
//!   value `ε(u[2..])`), the right end move (the same on `reverse(u)`), and the interior moves
//!   at `1 <= j <= m - 2` (value `ε(u[..j-1]) ^ ε(u[j+2..])`; loony by the rules under
//!   "Interior moves" below).
//!
//! # Interior moves
//! With `L = u[j-1]`, `C = u[j]`, `R = u[j+1]`, `w1 = u[..j-1]`, `w2 = u[j+2..]`, the move is
//! non-loony: if `C = 1`, iff neither `S(0 w2)` nor `S(0 reverse(w1))`; if `L = R = 0`, iff
//! neither `U(0 w2)` nor `U(0 reverse(w1))`; if `L = 1, R = 0`, iff not `U(0 w2)`; if
//! `L = 0, R = 1`, iff not `U(0 reverse(w1))`; if `L = R = 1`, always. When `R = 0`, the word
//! `0 w2` is `u[j+1..]`, and when `L = 0`, `0 reverse(w1)` is `reverse(u[..j])`: the engine
//! reads the flags of those windows.
//!
//! # Theorems 1 and 2 (no stops)
//! The all-zero word `0^m` is Elkies' `[m]`, so `ε(0^m) = ε(m)`; the move to `[:m]` (an end
//! pawn advanced, `m` initial files left in the component) is loony iff `U(0^m)` (the attacked
//! file and the `m - 1` beyond it). Theorem 2: `ε(0^m) = 0` iff `m ≡ 0, 2, 3, 6, 9 (mod 10)`,
//! and `U(0^m)` iff `m ≡ ±1 (mod 5)`.
//!
//! # The window engine
//! Every quantity above is a function of a window (a run of consecutive files) of the word.
//! `Windows` computes, by increasing length, ε and the flags of every window of a finite word
//! or of the infinite periodic word `digit(i) = pattern[i mod p]` (where a window is known by
//! its start class `i mod p` and its length). Each window of length m costs O(m): its interior
//! moves read two arrays sequentially, one indexed by the window's start (the left part and
//! its flag) and one by its end (the right part), packed as `value | loony << 15`.

use crate::game::interrupt::check_cancel;
use crate::search::budget::{PROGRESS_EVERY, ProgressReporter};

/// Bit of a packed entry saying the move whose side it describes is loony.
const LOONY: u16 = 0x8000;
/// Flag bits of a window: `U` of the window read forward (or reversed), `S` likewise.
const FLAG_U: u8 = 1;
const FLAG_S: u8 = 2;
/// A level (one window length) with at least this many window-moves runs on two threads.
const PARALLEL_WORK: usize = 1 << 18;

/// How far a long computation has got, passed to a progress callback. The callback is called
/// often (at every length, or every chunk of words): the caller decides when to print.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// The window or word length being computed.
    pub length: usize,
    /// Work done so far and in total (window-moves for the window engine, words of the current
    /// length for the exhaustive sweep of `tables`).
    pub done: u64,
    pub total: u64,
}

/// A progress callback, see [`Progress`].
pub type ProgressFn<'a> = Option<&'a mut dyn FnMut(&Progress)>;

/// A progress callback that reports on standard error every [`PROGRESS_EVERY`].
pub fn progress_printer() -> impl FnMut(&Progress) {
    let mut reporter = ProgressReporter::new(Some(PROGRESS_EVERY));
    move |p: &Progress| {
        reporter.report(|secs| {
            format!(
                "elkies: length {}, {}/{} done, {secs:.0} s",
                p.length, p.done, p.total
            )
        })
    }
}

/// Parses a word of `0` (unstopped file) and `1` (stopped file); no two 1s may be adjacent.
/// The empty word is allowed.
pub fn parse_word(s: &str) -> Result<Vec<bool>, String> {
    let mut word = Vec::with_capacity(s.len());
    for (i, ch) in s.chars().enumerate() {
        match ch {
            '0' => word.push(false),
            '1' => {
                if i > 0 && word[i - 1] {
                    return Err(format!(
                        "files {i} and {} are both stopped (1): no two stopped files may be adjacent",
                        i + 1
                    ));
                }
                word.push(true)
            }
            other => {
                return Err(format!(
                    "character {} is {other:?}: a word has only 0 (unstopped file) and 1 (stopped file)",
                    i + 1
                ));
            }
        }
    }
    Ok(word)
}

/// The word as a string of 0s and 1s.
pub fn word_string(word: &[bool]) -> String {
    word.iter().map(|&b| if b { '1' } else { '0' }).collect()
}

/// Checks a periodic pattern: non-empty, no two adjacent stops, counting the wrap from the last
/// file of one period to the first of the next.
pub fn check_pattern(pattern: &[bool]) -> Result<(), String> {
    if pattern.is_empty() {
        return Err("the pattern is empty".to_string());
    }
    let p = pattern.len();
    for i in 0..p {
        if pattern[i] && pattern[(i + 1) % p] {
            return Err(if p == 1 {
                "a pattern of period 1 with a stop stops every file: adjacent stops".to_string()
            } else if i + 1 == p {
                format!("files {p} and 1 are both stopped: adjacent when the pattern repeats")
            } else {
                format!(
                    "files {} and {} are both stopped: no two stopped files may be adjacent",
                    i + 1,
                    i + 2
                )
            });
        }
    }
    Ok(())
}

/// Theorem 2: ε of `[m]`, m unstopped initial files: 0 if `m ≡ 0, 2, 3, 6, 9 (mod 10)`,
/// else 1 (Elkies proves it from Theorem 1's recursion through m = 23, twice the period plus
/// the most files a move removes).
pub fn unstopped_epsilon(m: u64) -> u16 {
    if [0, 2, 3, 6, 9].contains(&(m % 10)) {
        0
    } else {
        1
    }
}

/// ε of a word (the quiescent component `[[word]]`): O(n³) time and about 5·n² bytes for a
/// word of length n. Panics if two stopped files are adjacent (see [`parse_word`]).
pub fn epsilon(word: &[bool]) -> u16 {
    check_word(word);
    let mut w = Windows::finite(word);
    w.run(word.len(), None);
    w.es[0][word.len()]
}

/// The loony flags of an end move into `word`: `U(word)` ("a move to `[[:word]]` is loony",
/// the advanced pawn on an unstopped file next to the word's first file) and, if the word
/// starts with 0, `S(word)` (the same with the advanced pawn on a stopped file; `false` when the
/// word starts with 1, where no such move exists). The empty word has neither move: `(false,
/// false)`. Panics if two stopped files are adjacent.
pub fn loony_flags(word: &[bool]) -> (bool, bool) {
    check_word(word);
    let n = word.len();
    if n == 0 {
        return (false, false);
    }
    let mut w = Windows::finite(word);
    w.run(n, None);
    let f = w.fwd[n][n];
    (f & FLAG_U != 0, f & FLAG_S != 0)
}

/// ε of every prefix and every suffix of a word: `prefix[k] = ε(word[..k])` and
/// `suffix[k] = ε(word[k..])` for `k = 0..=n`. One run of the window engine (the cost of
/// [`epsilon`]: O(n³) time, about [`recursion_bytes`] of memory while it runs); what the
/// values of a component's moves need besides the flags (see `moves.rs`). Panics if two
/// stopped files are adjacent.
pub fn end_values(word: &[bool]) -> EndValues {
    check_word(word);
    let n = word.len();
    let mut w = Windows::finite(word);
    w.run(n, None);
    EndValues {
        prefix: (0..=n).map(|k| w.es[0][k]).collect(),
        suffix: (0..=n).map(|k| w.es[k][n - k]).collect(),
    }
}

/// See [`end_values`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EndValues {
    pub prefix: Vec<u16>,
    pub suffix: Vec<u16>,
}

/// Bytes the window engine holds for a word of `n` files: ten bytes for each of the
/// `(n + 1)(n + 2) / 2` windows (ε from both ends, two flag bytes, the two packed sides).
pub fn recursion_bytes(n: usize) -> usize {
    let windows = (n as u128 + 1) * (n as u128 + 2) / 2;
    usize::try_from(windows * 10).unwrap_or(usize::MAX)
}

/// Refuses a word of `n` files whose window tables ([`recursion_bytes`]) would pass
/// `limit` bytes, saying so; `what` names the recursion (e.g. "Theorem 3's recursion").
/// The tables get their full size at once, so an unchecked word far too long for the
/// machine would fail to allocate or fill memory long before its time ran out.
pub fn check_recursion_memory(what: &str, n: usize, limit: usize) -> Result<(), String> {
    let bytes = recursion_bytes(n);
    if bytes <= limit {
        return Ok(());
    }
    Err(format!(
        "{what} for a component of {n} files needs about {} MiB (ten bytes for each of its {} windows), more than the memory limit of {} MiB; raise it with `:limit memory 8G`",
        bytes >> 20,
        (n as u128 + 1) * (n as u128 + 2) / 2,
        limit >> 20
    ))
}

/// Longest word the engine can value: a nim value is at most the number of moves (`n`), and
/// values are stored in 15 bits (the top bit of a packed entry is the loony flag).
pub const MAX_WORD: usize = LOONY as usize - 1;

fn check_word(word: &[bool]) {
    assert!(
        !word.windows(2).any(|p| p[0] && p[1]),
        "adjacent stopped files in {}",
        word_string(word)
    );
}

/// Stamps marking the nim values seen among a window's moves: `seen[v] == stamp` when `v` was
/// seen. A fresh stamp per window avoids clearing; slot [`LOONY`] absorbs loony moves.
struct Seen {
    seen: Vec<u32>,
    stamp: u32,
}

impl Seen {
    fn new() -> Seen {
        Seen {
            seen: vec![0; LOONY as usize + 1],
            stamp: 0,
        }
    }

    fn next(&mut self) {
        if self.stamp == u32::MAX {
            self.seen.fill(0);
            self.stamp = 0;
        }
        self.stamp += 1;
    }

    fn mex(&self) -> u16 {
        let v = self.seen.iter().position(|&s| s != self.stamp).unwrap_or(0);
        assert!(
            v < LOONY as usize,
            "nim value {v} is beyond the engine's 15-bit range"
        );
        v as u16
    }
}

/// ε and the loony flags of every window of a word, by increasing length. See the module doc.
///
/// Columns are indexed by start class `c` (finite word: the start position, `0..=n`) or by end
/// class `e` (one past the last file), then by window length:
/// - `es[c][len]`, `ee[e][len]`: ε of the window;
/// - `fwd[e][len]`: `U`/`S` of the window read forward; `rev[c][len]`: of the window reversed;
/// - `pl[c][len] = ε(window of length len - 1) | LOONY if the move at the file after the window
///   is loony because of its left side`;
/// - `pr[e][len] = ε(window minus its first file) | LOONY if the move at the file before the
///   window is loony because of its right side`.
pub(crate) struct Windows {
    digits: Vec<bool>,
    periodic: bool,
    /// Number of columns: the period, or n + 1 for a finite word.
    cols: usize,
    pub(crate) es: Vec<Vec<u16>>,
    pub(crate) ee: Vec<Vec<u16>>,
    pub(crate) fwd: Vec<Vec<u8>>,
    pub(crate) rev: Vec<Vec<u8>>,
    pl: Vec<Vec<u16>>,
    pr: Vec<Vec<u16>>,
    /// Longest window length computed so far.
    level: usize,
    /// For a periodic word equal to its own reversal (`digit(i) = digit(k - i)`), such a `k`:
    /// the reversal of the window (c, m) is then the window (k + 1 - c - m, m), of equal value.
    mirror: Option<usize>,
}

impl Windows {
    /// Windows of a finite word (they never wrap). Each column gets its final capacity at
    /// once (a column holds one entry per window length that fits), so the memory is the
    /// [`recursion_bytes`] of the word, not up to twice that from growing vectors.
    pub(crate) fn finite(word: &[bool]) -> Windows {
        let n = word.len();
        let mut w = Windows::new(word, false, n + 1);
        // Each column holds its length-0 entry; the windows starting at c have n - c more
        // lengths, those ending at c have c more.
        for c in 0..=n {
            w.es[c].reserve_exact(n - c);
            w.pl[c].reserve_exact(n - c);
            w.rev[c].reserve_exact(n - c);
            w.ee[c].reserve_exact(c);
            w.pr[c].reserve_exact(c);
            w.fwd[c].reserve_exact(c);
        }
        w
    }

    /// Windows of the periodic word `pattern[i mod p]`; the pattern must pass [`check_pattern`].
    pub(crate) fn periodic(pattern: &[bool]) -> Windows {
        if let Err(e) = check_pattern(pattern) {
            panic!("invalid periodic pattern {}: {e}", word_string(pattern));
        }
        let p = pattern.len();
        let mut w = Windows::new(pattern, true, p);
        w.mirror = (0..p).find(|&k| (0..p).all(|i| pattern[(k + p - i) % p] == pattern[i]));
        w
    }

    fn new(digits: &[bool], periodic: bool, cols: usize) -> Windows {
        let col = |v: u16| vec![v; 1];
        Windows {
            digits: digits.to_vec(),
            periodic,
            cols,
            es: (0..cols).map(|_| col(0)).collect(),
            ee: (0..cols).map(|_| col(0)).collect(),
            fwd: (0..cols).map(|_| vec![0u8]).collect(),
            rev: (0..cols).map(|_| vec![0u8]).collect(),
            pl: (0..cols).map(|_| col(0)).collect(),
            pr: (0..cols).map(|_| col(0)).collect(),
            level: 0,
            mirror: None,
        }
    }

    #[inline]
    fn digit(&self, i: usize) -> bool {
        self.view().digit(i)
    }

    /// The column of position `i`.
    #[inline]
    fn col(&self, i: usize) -> usize {
        if self.periodic { i % self.cols } else { i }
    }

    /// Start classes of the windows of length `m`.
    fn classes(&self, m: usize) -> std::ops::Range<usize> {
        if self.periodic {
            0..self.cols
        } else {
            0..(self.cols - 1).saturating_sub(m - 1)
        }
    }

    /// Work (window-moves) of the levels up to `n`, for progress reports.
    fn work_to(&self, n: usize) -> u64 {
        (1..=n as u64)
            .map(|m| m * self.classes(m as usize).len() as u64)
            .sum()
    }

    /// Computes every window up to length `n`, polling for Ctrl-C at each length.
    pub(crate) fn run(&mut self, n: usize, mut progress: ProgressFn) {
        let total = if progress.is_some() {
            self.work_to(n)
        } else {
            0
        };
        let mut done = self.work_to(self.level);
        let mut seen = [Seen::new(), Seen::new()];
        while self.level < n {
            check_cancel();
            let m = self.level + 1;
            self.step(m, &mut seen);
            done += (m * self.classes(m).len()) as u64;
            if let Some(p) = progress.as_mut() {
                p(&Progress {
                    length: m,
                    done,
                    total,
                });
            }
        }
    }

    /// Computes the windows of length `m` (all shorter ones are known).
    fn step(&mut self, m: usize, seen: &mut [Seen; 2]) {
        debug_assert_eq!(m, self.level + 1);
        let classes = self.classes(m);
        // Flags of length m (they need only ε of shorter windows), then the packed sides.
        for c in classes.clone() {
            let e = self.col(c + m);
            let (f, r) = self.flags(c, e, m);
            self.fwd[e].push(f);
            self.rev[c].push(r);
        }
        for c in classes.clone() {
            let e = self.col(c + m);
            let last = self.digit(c + m - 1);
            let next = self.digit(c + m);
            let r = self.rev[c][m];
            let left_loony = !last && r & if next { FLAG_S } else { FLAG_U } != 0;
            let v = self.es[c][m - 1] | if left_loony { LOONY } else { 0 };
            self.pl[c].push(v);
            let first = self.digit(c);
            let before = if self.periodic {
                self.digit(c + self.cols - 1)
            } else {
                c > 0 && self.digit(c - 1)
            };
            let f = self.fwd[e][m];
            let right_loony = !first && f & if before { FLAG_S } else { FLAG_U } != 0;
            let v = self.ee[e][m - 1] | if right_loony { LOONY } else { 0 };
            self.pr[e].push(v);
        }
        // ε of length m: with a mirror, only one window of each pair (c, its mirror image).
        let mirror = |c: usize| {
            self.mirror
                .map(|k| (k + 1 + 2 * self.cols - c - m % self.cols) % self.cols)
        };
        let list: Vec<(usize, usize)> = classes
            .filter(|&c| mirror(c).is_none_or(|c2| c <= c2))
            .map(|c| (c, self.col(c + m)))
            .collect();
        let view = self.view();
        let values = if list.len() >= 2 && list.len() * m >= PARALLEL_WORK {
            let (lo, hi) = list.split_at(list.len() / 2);
            let [s0, s1] = seen;
            std::thread::scope(|s| {
                let h = s.spawn(|| view.values(hi, m, s1));
                let mut v = view.values(lo, m, s0);
                match h.join() {
                    Ok(w) => v.extend(w),
                    Err(payload) => std::panic::resume_unwind(payload),
                }
                v
            })
        } else {
            view.values(&list, m, &mut seen[0])
        };
        for (&(c, e), v) in list.iter().zip(values) {
            self.es[c].push(v);
            self.ee[e].push(v);
            if let Some(c2) = mirror(c).filter(|&c2| c2 != c) {
                let e2 = self.col(c2 + m);
                self.es[c2].push(v);
                self.ee[e2].push(v);
            }
        }
        self.level = m;
    }

    fn view(&self) -> View<'_> {
        View {
            digits: &self.digits,
            periodic: self.periodic,
            cols: self.cols,
            es: &self.es,
            ee: &self.ee,
            fwd: &self.fwd,
            rev: &self.rev,
            pl: &self.pl,
            pr: &self.pr,
        }
    }

    /// The forward and reversed flags of the window (`c`, `m`) ending at `e`.
    fn flags(&self, c: usize, e: usize, m: usize) -> (u8, u8) {
        let pick = |f: u8, stopped: bool| f & if stopped { FLAG_S } else { FLAG_U } != 0;
        // Forward: x = the window, x = i w with w = (c + 1, m - 1) ending at e.
        let mut f = 0;
        let first = self.digit(c);
        let u = if m == 1 {
            true
        } else {
            let n = pick(self.fwd[e][m - 1], first);
            !n && self.ee[e][m - 2] == self.ee[e][m - 1]
        };
        if u {
            f |= FLAG_U;
        }
        if !first {
            let s = if m <= 2 {
                true
            } else {
                let n = pick(self.fwd[e][m - 2], self.digit(c + 1));
                // S = not (N not loony and ε(w[1..]) == ε(i w)).
                n || self.ee[e][m - 3] != self.ee[e][m - 1]
            };
            if s {
                f |= FLAG_S;
            }
        }
        // Reversed: rev(window) = i w with i its last digit, w = rev(window (c, m - 1)).
        let mut r = 0;
        let last = self.digit(c + m - 1);
        let u = if m == 1 {
            true
        } else {
            let n = pick(self.rev[c][m - 1], last);
            !n && self.es[c][m - 2] == self.es[c][m - 1]
        };
        if u {
            r |= FLAG_U;
        }
        if !last {
            let s = if m <= 2 {
                true
            } else {
                let n = pick(self.rev[c][m - 2], self.digit(c + m - 2));
                // S = not (N not loony and ε(w[1..]) == ε(i w)).
                n || self.es[c][m - 3] != self.es[c][m - 1]
            };
            if s {
                r |= FLAG_S;
            }
        }
        (f, r)
    }
}

/// Read-only view of the columns shared by the threads of one level.
#[derive(Clone, Copy)]
struct View<'a> {
    digits: &'a [bool],
    periodic: bool,
    cols: usize,
    es: &'a [Vec<u16>],
    ee: &'a [Vec<u16>],
    fwd: &'a [Vec<u8>],
    rev: &'a [Vec<u8>],
    pl: &'a [Vec<u16>],
    pr: &'a [Vec<u16>],
}

impl View<'_> {
    /// Digit `i` of the word (past the end of a finite word: unstopped, never used).
    #[inline]
    fn digit(&self, i: usize) -> bool {
        if self.periodic {
            self.digits[i % self.cols]
        } else {
            self.digits.get(i).copied().unwrap_or(false)
        }
    }

    /// The values of the windows in `list`, polling for Ctrl-C and the time limit at each
    /// (a window of a long word is O(m) work: polling once per length would leave a word of
    /// ten thousand files deaf for seconds).
    fn values(&self, list: &[(usize, usize)], m: usize, seen: &mut Seen) -> Vec<u16> {
        list.iter()
            .map(|&(c, e)| {
                check_cancel();
                self.value(c, e, m, seen)
            })
            .collect()
    }

    /// ε of the window (`c`, `m`) ending at `e`, `m >= 1`.
    fn value(&self, c: usize, e: usize, m: usize, seen: &mut Seen) -> u16 {
        if m == 1 {
            return 1;
        }
        seen.next();
        let stamp = seen.stamp;
        let marks = &mut seen.seen[..];
        let pick = |f: u8, stopped: bool| f & if stopped { FLAG_S } else { FLAG_U } != 0;
        // Left end move: [[:u[1..]]] (or its stopped form), worth ε(u[2..]).
        if !pick(self.fwd[e][m - 1], self.digit(c)) {
            marks[self.ee[e][m - 2] as usize] = stamp;
        }
        // Right end move: the same on the reversed window.
        if !pick(self.rev[c][m - 1], self.digit(c + m - 1)) {
            marks[self.es[c][m - 2] as usize] = stamp;
        }
        // Interior moves j = 1..=m-2: left side pl[c][j], right side pr[e][m-1-j].
        let left = &self.pl[c][1..m - 1];
        let right = &self.pr[e][1..m - 1];
        for (&a, &b) in left.iter().zip(right.iter().rev()) {
            let slot = if (a | b) & LOONY != 0 { LOONY } else { a ^ b };
            marks[slot as usize] = stamp;
        }
        seen.mex()
    }
}
