//! Marking and checking a candidate quotient: an assignment of monoid elements to heaps is
//! correct when the outcome of every position is read off its element, `o⁻(w) = P` iff
//! `Φ(w) ∈ P` (Plambeck and Siegel, JCTA 2008, §2 and §6, the idea behind MisereSolver's
//! verification).
//!
//! The check here is our own induction on positions. A position is a word (a multiset of
//! heaps). In misère play a terminal position is an N-position, and any other is a
//! P-position iff none of its options is. So `Φ` is correct iff, for every word `w`,
//! * if `Φ(w) ∈ P`, then `w` has a move and no option of `w` maps into `P`; and
//! * if `Φ(w) ∉ P` and `w` has a move, some option of `w` maps into `P`.
//!
//! An option of `w` replaces one heap `h` of it by an option `t` of `h`: its element is
//! `Φ(w - h)·Φ(t)`. The first condition depends on `w` only through `x = Φ(w - h)` and `h`,
//! so it is checked on every element and heap ([`p_failure`]). The second depends on more
//! than `Φ(w)`: we explore the pairs `(Φ(w), {elements of w's options})`, which appending a
//! heap `h` to `w` changes to `(eΦ(h), TΦ(h) ∪ e·T(h))` ([`n_failure`]). There are finitely
//! many pairs, and a pair whose option set contains a nonempty set already explored with the
//! same element can be skipped: any failure reached from it is reached, with fewer options,
//! from the other.

use std::collections::VecDeque;

use super::monoid::{Element, IDENTITY, Monoid, Word, word_cmp};
use crate::game::interrupt::check_cancel;

/// The options of each heap: `options[h]` lists the positions a move from a heap of `h`
/// leaves, each a list of nonempty heaps.
pub type HeapOptions = [Vec<Vec<usize>>];

/// Why a candidate was refused: a position whose outcome its elements get wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub word: Word,
}

/// Marks `P` on a monoid given by heap actions (any `P` given is ignored): by induction on
/// each element's least word, an element is in `P` iff its least word has a move and none
/// of that word's options maps into `P`. (Options of the least word are smaller words, whose
/// elements have smaller least words and are marked already.) A correct candidate must
/// mark every word this way; [`first_failure`] checks the others.
pub fn mark_p(m: Monoid, options: &HeapOptions) -> (Monoid, Vec<Word>) {
    let words = m.least_words();
    let mut order: Vec<Element> = (0..m.order() as Element).collect();
    order.sort_by(|&a, &b| word_cmp(&words[a as usize], &words[b as usize]));
    let mut p = vec![false; m.order()];
    let mut marked = vec![false; m.order()];
    for &y in &order {
        check_cancel();
        let is_p = p_by_options(&m, options, &words[y as usize], |z| {
            debug_assert!(marked[z as usize], "options come first");
            p[z as usize]
        });
        p[y as usize] = is_p;
        marked[y as usize] = true;
    }
    (m.with_p(p), words)
}

/// Whether the position `word` is a misère P-position when its options' elements are read
/// by `in_p`: it has a move, and no option's element is in `P`.
pub fn p_by_options(
    m: &Monoid,
    options: &HeapOptions,
    word: &[u16],
    in_p: impl Fn(Element) -> bool,
) -> bool {
    let mut has_move = false;
    for (i, &k) in word.iter().enumerate() {
        let h = i + 1;
        if k == 0 || options[h].is_empty() {
            continue;
        }
        has_move = true;
        let mut rest = word.to_vec();
        rest[i] -= 1;
        let x = m.times_word(IDENTITY, &rest);
        if options[h].iter().any(|t| in_p(m.times_parts(x, t))) {
            return false;
        }
    }
    has_move
}

/// The first condition of the module doc, on every element `x` and heap `h`: if `xΦ(h) ∈ P`
/// then `h` has a move and `xΦ(t) ∉ P` for each option `t` of `h`. A failure is the word of
/// `x` with one more `h`.
fn p_failure(m: &Monoid, options: &HeapOptions, words: &[Word]) -> Option<Failure> {
    for x in 0..m.order() as Element {
        check_cancel();
        for h in 1..=m.heaps() {
            if !m.in_p(m.times_heap(x, h)) {
                continue;
            }
            if options[h].iter().any(|t| m.in_p(m.times_parts(x, t))) {
                let mut word = words[x as usize].clone();
                word[h - 1] += 1;
                return Some(Failure { word });
            }
        }
    }
    // a terminal word in P: one of heaps without moves (the identity, if no heap has none)
    let terminal: Vec<usize> = (1..=m.heaps()).filter(|&h| options[h].is_empty()).collect();
    let mut seen = vec![false; m.order()];
    let mut stack = vec![(IDENTITY, vec![0u16; m.heaps()])];
    seen[IDENTITY as usize] = true;
    while let Some((x, w)) = stack.pop() {
        if m.in_p(x) {
            return Some(Failure { word: w });
        }
        for &h in &terminal {
            let y = m.times_heap(x, h);
            if !seen[y as usize] {
                seen[y as usize] = true;
                let mut v = w.clone();
                v[h - 1] += 1;
                stack.push((y, v));
            }
        }
    }
    None
}

/// A set of elements as a bitset.
#[derive(Clone, PartialEq, Eq, Hash)]
struct Set(Vec<u64>);

impl Set {
    fn empty(n: usize) -> Set {
        Set(vec![0; n.div_ceil(64)])
    }
    fn insert(&mut self, x: Element) {
        self.0[x as usize / 64] |= 1 << (x % 64);
    }
    fn is_empty(&self) -> bool {
        self.0.iter().all(|&b| b == 0)
    }
    fn is_subset(&self, other: &Set) -> bool {
        self.0.iter().zip(&other.0).all(|(a, b)| a & !b == 0)
    }
    fn meets(&self, other: &Set) -> bool {
        self.0.iter().zip(&other.0).any(|(a, b)| a & b != 0)
    }
    fn elements(&self) -> impl Iterator<Item = Element> + '_ {
        self.0.iter().enumerate().flat_map(|(i, &b)| {
            let mut bits = b;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let j = bits.trailing_zeros();
                    bits &= bits - 1;
                    (i * 64) as Element + j
                })
            })
        })
    }
}

/// The most option-set pairs [`n_failure`] explores before giving up on a candidate.
pub const MAX_PAIRS: usize = 2_000_000;

/// The most bytes of option sets [`n_failure`] keeps (pairs of large candidates hold more).
const MAX_SET_BYTES: usize = 1 << 28;

/// The second condition of the module doc: a word not in `P` with a move but no option into
/// `P`, found by exploring (element, option set) pairs breadth first from the empty word;
/// `Err` if the exploration passes [`MAX_PAIRS`] (fewer for large candidates: at most
/// [`MAX_SET_BYTES`] of sets).
fn n_failure(m: &Monoid, options: &HeapOptions) -> Result<Option<Failure>, ()> {
    let n = m.order();
    let mut p_set = Set::empty(n);
    for x in 0..n as Element {
        if m.in_p(x) {
            p_set.insert(x);
        }
    }
    // explored pairs: per element, the option sets (minimal ones, nonempty) with their node
    let mut explored: Vec<Vec<(Set, usize)>> = vec![Vec::new(); n];
    let mut nodes: Vec<(Element, Set, usize, usize)> = Vec::new(); // (e, T, parent, heap)
    let max_pairs = MAX_PAIRS.min(MAX_SET_BYTES / (8 * n.div_ceil(64)));
    let mut queue = VecDeque::new();
    nodes.push((IDENTITY, Set::empty(n), usize::MAX, 0));
    queue.push_back(0usize);
    let mut empty_seen = vec![false; n];
    empty_seen[IDENTITY as usize] = true;
    while let Some(i) = queue.pop_front() {
        check_cancel();
        let (e, tr) = (nodes[i].0, nodes[i].1.clone());
        for h in 1..=m.heaps() {
            let e2 = m.times_heap(e, h);
            // the options of w + h: those of w with h added, and w with h replaced
            let mut tr2 = Set::empty(n);
            for y in tr.elements() {
                tr2.insert(m.times_heap(y, h));
            }
            for t in &options[h] {
                tr2.insert(m.times_parts(e, t));
            }
            let word = || {
                let mut w = vec![0u16; m.heaps()];
                w[h - 1] += 1;
                let mut j = i;
                while j != 0 {
                    w[nodes[j].3 - 1] += 1;
                    j = nodes[j].2;
                }
                w
            };
            if tr2.is_empty() {
                if !empty_seen[e2 as usize] {
                    empty_seen[e2 as usize] = true;
                    nodes.push((e2, tr2, i, h));
                    queue.push_back(nodes.len() - 1);
                }
                continue;
            }
            if !m.in_p(e2) && !tr2.meets(&p_set) {
                return Ok(Some(Failure { word: word() }));
            }
            let known = &mut explored[e2 as usize];
            if known.iter().any(|(s, _)| s.is_subset(&tr2)) {
                continue;
            }
            known.retain(|(s, _)| !tr2.is_subset(s));
            if nodes.len() >= max_pairs {
                return Err(());
            }
            nodes.push((e2, tr2.clone(), i, h));
            known.push((tr2, nodes.len() - 1));
            queue.push_back(nodes.len() - 1);
        }
    }
    Ok(None)
}

/// What checking a candidate found.
pub enum Verdict {
    /// Every position's outcome is read correctly off its element.
    Correct,
    /// This position's is not.
    Fails(Failure),
    /// The check passed its bound ([`MAX_PAIRS`]) without an answer.
    TooLarge,
}

/// Checks a marked candidate ([`mark_p`]) against both conditions of the module doc.
pub fn check(m: &Monoid, options: &HeapOptions, words: &[Word]) -> Verdict {
    if let Some(f) = p_failure(m, options, words) {
        return Verdict::Fails(f);
    }
    match n_failure(m, options) {
        Ok(Some(f)) => Verdict::Fails(f),
        Ok(None) => Verdict::Correct,
        Err(()) => Verdict::TooLarge,
    }
}
