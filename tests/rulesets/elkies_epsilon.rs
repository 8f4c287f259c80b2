//! Elkies' pawn game with stopped files: the recursion of Theorems 1-3 and the tables of
//! section 6.3 ("Higher Nimbers in Pawn Endgames on Large Chessboards"), as stated in
//! `seed-notes.md`, section "Elkies: pawn games on tall boards". The fast engines (windows of a
//! word or of a periodic pattern, and the exhaustive sweep) are checked against a literal
//! transcription of the recursion that shares no code with them, then against the paper.

use std::collections::HashMap;

use cgcalc::rulesets::elkies::epsilon::{
    check_pattern, end_values, epsilon, loony_flags, parse_word, unstopped_epsilon,
};
use cgcalc::rulesets::elkies::tables::{
    eventual_period, every, least_lengths, periodic, periodic_flags, proportions, word_at,
    word_counts,
};

fn w(s: &str) -> Vec<bool> {
    parse_word(s).expect("a valid word")
}

/// The recursion transcribed word for word from seed-notes (Theorem 3 as reconstructed), on
/// explicit words, memoised.
#[derive(Default)]
struct Reference {
    eps: HashMap<Vec<bool>, u16>,
    u: HashMap<Vec<bool>, bool>,
    s: HashMap<Vec<bool>, bool>,
}

impl Reference {
    /// `U(x)`: a move to `[[:x]]` is loony.
    fn u(&mut self, x: &[bool]) -> bool {
        assert!(!x.is_empty());
        if let Some(&b) = self.u.get(x) {
            return b;
        }
        let r = if x.len() == 1 {
            true
        } else {
            let (i, w) = (x[0], &x[1..]);
            let n = if i { self.s(w) } else { self.u(w) };
            !n && self.eps(&w[1..]) == self.eps(w)
        };
        self.u.insert(x.to_vec(), r);
        r
    }

    /// `S(x)`, x starting with 0: the same with the advanced pawn on a stopped file.
    #[allow(clippy::nonminimal_bool)] // transcribed as written in seed-notes
    fn s(&mut self, x: &[bool]) -> bool {
        assert!(!x.is_empty() && !x[0]);
        if let Some(&b) = self.s.get(x) {
            return b;
        }
        let r = if x.len() <= 2 {
            true
        } else {
            let (i, w) = (x[1], &x[2..]);
            let n = if i { self.s(w) } else { self.u(w) };
            !(!n && self.eps(&w[1..]) == self.eps(&x[1..]))
        };
        self.s.insert(x.to_vec(), r);
        r
    }

    fn end_move(&mut self, u: &[bool]) -> Option<u16> {
        let loony = if u[0] {
            self.s(&u[1..])
        } else {
            self.u(&u[1..])
        };
        (!loony).then(|| self.eps(&u[2..]))
    }

    fn eps(&mut self, u: &[bool]) -> u16 {
        if u.len() <= 1 {
            return u.len() as u16;
        }
        if let Some(&v) = self.eps.get(u) {
            return v;
        }
        let m = u.len();
        let mut vals = Vec::new();
        vals.extend(self.end_move(u));
        let rev: Vec<bool> = u.iter().rev().copied().collect();
        vals.extend(self.end_move(&rev));
        for j in 1..=m - 2 {
            let (l, c, r) = (u[j - 1], u[j], u[j + 1]);
            let w1 = &u[..j - 1];
            let w2 = &u[j + 2..];
            let mut zw2 = vec![false];
            zw2.extend_from_slice(w2);
            let mut zw1 = vec![false];
            zw1.extend(w1.iter().rev());
            let ok = if c {
                !self.s(&zw2) && !self.s(&zw1)
            } else {
                match (l, r) {
                    (false, false) => !self.u(&zw2) && !self.u(&zw1),
                    (true, false) => !self.u(&zw2),
                    (false, true) => !self.u(&zw1),
                    (true, true) => true,
                }
            };
            if ok {
                vals.push(self.eps(w1) ^ self.eps(w2));
            }
        }
        let v = (0..).find(|k| !vals.contains(k)).unwrap();
        self.eps.insert(u.to_vec(), v);
        v
    }
}

/// Every valid word of length m, in lexicographic order.
fn words(m: usize) -> Vec<Vec<bool>> {
    (0..word_counts(m)[m]).map(|r| word_at(m, r)).collect()
}

#[test]
fn parse_word_accepts_and_rejects() {
    assert_eq!(w(""), Vec::<bool>::new());
    assert_eq!(w("1001"), vec![true, false, false, true]);
    let e = parse_word("10110").unwrap_err();
    assert!(e.contains("files 3 and 4"), "{e}");
    let e = parse_word("10x").unwrap_err();
    assert!(e.contains("character 3"), "{e}");
}

#[test]
fn patterns() {
    assert_eq!(every(4, 1), w("1000"));
    assert_eq!(every(6, 10), w("000100"));
    assert!(check_pattern(&w("0100")).is_ok());
    let e = check_pattern(&w("1001")).unwrap_err();
    assert!(e.contains("files 4 and 1"), "{e}");
    assert!(check_pattern(&[]).is_err());
}

#[test]
fn words_are_ranked_lexicographically() {
    for m in 0..=12 {
        let all = words(m);
        assert_eq!(all.len() as u64, word_counts(m)[m]);
        assert!(all.windows(2).all(|p| p[0] < p[1]), "length {m}");
        assert!(all.iter().all(|x| !x.windows(2).any(|p| p[0] && p[1])));
    }
    // Fibonacci: 2^m words minus those with adjacent 1s.
    assert_eq!(word_counts(10)[10], 144);
}

/// The window engine (`epsilon`, `loony_flags`) agrees with the transcription on every word up
/// to length 13, and the sweep's counts agree with it too.
#[test]
fn engines_agree_with_the_transcription() {
    let mut r = Reference::default();
    for m in 0..=13 {
        let mut counts: Vec<u64> = Vec::new();
        for x in words(m) {
            let v = r.eps(&x);
            assert_eq!(epsilon(&x), v, "ε({x:?})");
            if m > 0 {
                let (u, s) = loony_flags(&x);
                assert_eq!(u, r.u(&x), "U({x:?})");
                assert_eq!(s, !x[0] && r.s(&x), "S({x:?})");
            }
            if counts.len() <= v as usize {
                counts.resize(v as usize + 1, 0);
            }
            counts[v as usize] += 1;
        }
        assert_eq!(proportions(m), counts, "length {m}");
    }
}

/// `end_values` (one run of the engine) gives ε of every prefix and suffix, as the
/// transcription finds them word by word, on every word up to length 11.
#[test]
fn end_values_are_the_prefixes_and_suffixes() {
    let mut r = Reference::default();
    for m in 0..=11 {
        for x in words(m) {
            let ends = end_values(&x);
            for k in 0..=m {
                assert_eq!(ends.prefix[k], r.eps(&x[..k]), "{x:?} prefix {k}");
                assert_eq!(ends.suffix[k], r.eps(&x[k..]), "{x:?} suffix {k}");
            }
        }
    }
}

/// Windows of a periodic pattern are windows of a long finite word.
#[test]
fn periodic_windows_agree_with_words() {
    let mut r = Reference::default();
    // The last two patterns are not their own reversals (up to rotation).
    for pat in [
        "000100",
        "0100",
        "00101",
        "1000",
        "0000010000001",
        "0010100001000",
        "101001000",
    ] {
        let p = w(pat);
        let rep = periodic(&p, 40, None);
        let flags = periodic_flags(&p, 40);
        for len in 1..=40 {
            let x: Vec<bool> = (0..len).map(|i| p[i % p.len()]).collect();
            assert_eq!(rep.values[len - 1], r.eps(&x), "{pat} length {len}");
            assert_eq!(flags[len - 1].0, r.u(&x), "U {pat} length {len}");
            assert_eq!(flags[len - 1].1, !x[0] && r.s(&x), "S {pat} length {len}");
        }
    }
}

/// Theorem 2 (section 3.3): ε(m) = 0 iff m ≡ 0, 2, 3, 6, 9 (mod 10), else 1; the move to [:m]
/// is loony iff m ≡ ±1 (mod 5). Here [m] is the all-zero word 0^m and "[:m] is loony" is
/// U(0^m).
#[test]
fn theorem_2_up_to_3000() {
    let n = 3000;
    let rep = periodic(&[false], n, None);
    let flags = periodic_flags(&[false], n);
    for m in 1..=n {
        let zero = matches!(m % 10, 0 | 2 | 3 | 6 | 9);
        assert_eq!(rep.values[m - 1], if zero { 0 } else { 1 }, "ε({m})");
        assert_eq!(
            unstopped_epsilon(m as u64),
            rep.values[m - 1],
            "closed form ε({m})"
        );
        assert_eq!(flags[m - 1].0, matches!(m % 5, 1 | 4), "[:{m}] loony");
    }
    assert_eq!(rep.max, 1);
    assert_eq!(rep.period, Some((10, 1)));
    // The finite-word engine agrees on a few lengths.
    for m in [1, 2, 5, 10, 37, 100] {
        assert_eq!(epsilon(&vec![false; m]), rep.values[m - 1]);
        assert_eq!(loony_flags(&vec![false; m]).0, flags[m - 1].0);
    }
}

/// Sections 5 and 6.3: ε(1000) = 2 (Diag. 7A), its reversal too; *4, *8 and *16 at lengths 9,
/// 20 and 43 for the words the paper gives.
#[test]
fn paper_words() {
    assert_eq!(epsilon(&w("1000")), 2);
    assert_eq!(epsilon(&w("0001")), 2);
    assert_eq!(epsilon(&w("101001000")), 4);
    assert_eq!(epsilon(&w("10100100010100001000")), 8);
    let x = w("1010010001000000010100010000000101000100101");
    assert_eq!(x.len(), 43);
    assert_eq!(epsilon(&x), 16);
}

/// Section 6.3 says 1000 and its reversal are the only length-4 words of value *2. Seed-notes
/// (and a brute-force solver of the game) say 0101 and 1010 are *2 as well; the recursion
/// agrees with seed-notes.
#[test]
fn length_4_words_of_value_2() {
    let twos: Vec<String> = words(4)
        .into_iter()
        .filter(|x| epsilon(x) == 2)
        .map(|x| x.iter().map(|&b| if b { '1' } else { '0' }).collect())
        .collect();
    assert_eq!(twos, ["0001", "0101", "1000", "1010"]);
}

/// Section 6.3, the table of least lengths: *k first appears at length 1, 4, 6, 9, 11, 14, 16,
/// 20, 22, 25, 27, 30 for k = 1..12.
#[test]
fn least_lengths_up_to_12() {
    let found = least_lengths(12, 30, None);
    let lengths: Vec<usize> = found
        .iter()
        .map(|(_, f)| f.as_ref().expect("found").0)
        .collect();
    assert_eq!(lengths, [1, 4, 6, 9, 11, 14, 16, 20, 22, 25, 27, 30]);
    for (k, f) in &found {
        let (m, x) = f.as_ref().unwrap();
        assert_eq!(x.len(), *m);
        if *m <= 22 {
            assert_eq!(epsilon(x), *k, "witness of *{k}");
        }
    }
    // The first *2 in lexicographic order.
    assert_eq!(found[1].1.as_ref().unwrap().1, w("0001"));
    // Values not reached by the length limit.
    let short = least_lengths(10, 21, None);
    assert_eq!(short.len(), 10);
    assert!(short[..8].iter().all(|(_, f)| f.is_some()));
    assert_eq!(short[8], (9, None));
    assert_eq!(short[9], (10, None));
}

/// Section 6.3: with files 6r + 4 stopped, the first *2^α for α = 3..8 is at length 51, 111,
/// 202, 497, 1414, 3545.
#[test]
fn every_sixth_file() {
    assert_eq!(every(6, 4), w("000100"));
    let rep = periodic(&every(6, 4), 3545, None);
    let firsts: Vec<(u32, usize)> = rep
        .first_power
        .iter()
        .copied()
        .filter(|&(a, _)| (3..=8).contains(&a))
        .collect();
    assert_eq!(
        firsts,
        [(3, 51), (4, 111), (5, 202), (6, 497), (7, 1414), (8, 3545)]
    );
    assert_eq!(rep.max, 256);
}

/// Section 6.3: stopping files 14r and 14r + 5 "produces a period of 504 = 36·14". With the
/// files counted from 1 (files 5, 14, 19, 28, ... stopped), the windows starting at file 1
/// settle into period 126 = 9·14 from length 21; windows starting at other files have period
/// 504 (for instance from file 14, the pattern 10000100000000), so 504 is the period of the
/// family of all windows, and of the windows from file 0 if the files are counted from 0.
#[test]
fn period_504() {
    let mut p = [false; 14];
    p[4] = true; // file 5
    p[13] = true; // file 14
    let from = |start: usize, n: usize| {
        let rotated: Vec<bool> = (0..14).map(|i| p[(i + start) % 14]).collect();
        periodic(&rotated, n, None).period
    };
    assert_eq!(from(0, 3000), Some((126, 21)));
    assert_eq!(from(13, 6000), Some((504, 1408)));
    assert_eq!(504 % 126, 0, "the family of all windows has period 504");
    // The rule "three periods of evidence" can be fooled near the end of a short run: at
    // length 3100 the windows from file 14 look like period 14 from length 3050 on.
    assert_eq!(from(13, 3100), Some((14, 3050)));
}

/// Seed-notes: stopping every fourth file (files 4r + 1) does not become periodic, although
/// section 6.3 says every pattern of period at most 4 soon does; *1024 first appears at length
/// 19112. We see no period up to 19112 and the powers of two keep coming.
#[test]
fn every_fourth_file() {
    let rep = periodic(&every(4, 1), 19112, None);
    assert_eq!(rep.period, None);
    assert_eq!(rep.first_power.last(), Some(&(10, 19112)));
    let firsts: Vec<usize> = rep.first_power.iter().map(|&(_, n)| n).collect();
    assert_eq!(
        firsts,
        [1, 4, 16, 40, 96, 232, 552, 1226, 2948, 6802, 19112]
    );
    assert_eq!(rep.max, 1024);
}

#[test]
fn eventual_period_finds_the_least() {
    let v: Vec<u16> = (0..100)
        .map(|i| if i < 7 { 9 } else { (i % 4) as u16 })
        .collect();
    assert_eq!(eventual_period(&v), Some((4, 8)));
    assert_eq!(eventual_period(&[1, 2, 3]), None);
}
