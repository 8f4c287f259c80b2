//! Misère quotients of heap games (Plambeck, "Taming the wild in impartial combinatorial
//! games", INTEGERS 5 (2005) #G05; Plambeck and Siegel, "Misère quotients for impartial
//! games", JCTA 115 (2008)).
//!
//! Positions of a heap game are words: multisets of heaps. Two positions are
//! indistinguishable when adding any position gives both the same misère outcome; the
//! classes form a commutative monoid `Q`, the misère quotient, with `P` the classes of
//! P-positions and `Φ` the map from heaps to classes. `Q_n` is the quotient of the positions
//! with heaps of at most `n` tokens.
//!
//! [`quotient`] builds `Q_n` heap by heap, as MisereSolver does (Plambeck and Siegel, §6;
//! Siegel's program of 2005): from `Q_{n-1}`, a candidate for `Q_n` is proposed, its `P`
//! marked by induction, and the candidate checked on every position ([`check`]); a correct
//! candidate reduced ([`Monoid::reduced`]) is `Q_n`, since the reduction of any correct
//! candidate is the quotient (its classes are exactly the indistinguishability classes). The
//! candidates, in order: heap `n` acting as an element of `Q_{n-1}` (the quotient does not
//! grow); `Q_{n-1}` times a new cyclic factor for heap `n`; and, while the check finds a
//! position read wrongly, cyclic factors also for the heaps of that position, larger each
//! time (the heaps' images are refined until the outcome of every position is read right).
//! The candidates' order and refinement are ours; correctness rests only on the check.

pub mod check;
pub mod monoid;

use rustc_hash::FxHashMap;

use self::check::{HeapOptions, Verdict, check, mark_p};
use self::monoid::{Element, IDENTITY, Monoid, Word, word_cmp};
use crate::analysis::period::{PeriodTheorem, periodicity};
use crate::game::interrupt::check_cancel;

/// The largest candidate monoid tried before giving up.
pub const MAX_ELEMENTS: usize = 20_000;

/// The most candidates tried for one heap.
pub const MAX_ROUNDS: usize = 1000;

/// A computed quotient `Q_n`.
#[derive(Clone, Debug)]
pub struct Quotient {
    /// `Q_n` with `P`, reduced; heap `h` acts as `Φ(h)`.
    pub monoid: Monoid,
    /// Heaps whose image is not a product of smaller heaps' images (each adds a generator).
    pub generators: Vec<usize>,
    /// Where `Φ` is periodic and the periodicity theorem proves `Q_n` is the whole quotient.
    pub stable: Option<Stable>,
}

/// `Φ(h + period) = Φ(h)` for every `h >= preperiod`, proven at heap `proven_at`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stable {
    pub preperiod: usize,
    pub period: usize,
    pub proven_at: usize,
}

/// Cyclic factors of a candidate: heap -> (index, period) of `⟨t | t^(index+period) =
/// t^index⟩`.
type Factors = Vec<(usize, u16, u16)>;

/// `Q_n` for heaps `1..=n` whose moves are `options` (`options[h]` for `h <= n`), telling
/// `progress` the heap and order after each heap. With `theorem` (for take-and-break codes
/// the Octal Periodicity Theorem applies: [`stable_after`]) the result says whether `Q_n` is
/// final, and with `until_stable` the computation stops at the first heap that proves it.
pub fn quotient(
    options: &HeapOptions,
    n: usize,
    theorem: Option<PeriodTheorem>,
    until_stable: bool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Quotient, String> {
    let mut q = Monoid::trivial();
    for h in 1..=n {
        q = next_heap(&q, &options[..=h], h).map_err(|why| {
            format!(
                "{why} (the quotient of heaps to {} has order {})",
                h - 1,
                q.order()
            )
        })?;
        progress(h, q.order());
        if until_stable
            && let Some(t) = theorem
            && stable_after(&phi(&q), t).is_some()
        {
            break;
        }
    }
    Ok(finish(q, theorem))
}

/// `Φ(0), ..., Φ(n)` of a monoid of heaps `1..=n`.
fn phi(q: &Monoid) -> Vec<Element> {
    (0..=q.heaps()).map(|h| q.heap(h)).collect()
}

/// `Q_h` from `Q_{h-1}`.
pub fn next_heap(q: &Monoid, options: &HeapOptions, h: usize) -> Result<Monoid, String> {
    // a heap without moves is the game 0
    if options[h].is_empty() {
        return Ok(with_heap(q, |x| x));
    }
    if let Some(m) = conservative(q, options, h) {
        return Ok(m);
    }
    // Each round's candidate is the last one, marked and reduced, times new factors: the
    // reduction keeps the candidates small (a product of factors alone grows too fast).
    let mut base = q.clone();
    let mut factors: Factors = vec![(h, 1, 2)];
    for _ in 0..MAX_ROUNDS {
        check_cancel();
        let m = candidate(&base, h, &factors)?;
        let (m, words) = mark_p(m, options);
        match check(&m, options, &words) {
            Verdict::Correct => return Ok(m.reduced().0),
            Verdict::TooLarge => {
                return Err(format!(
                    "the check of a candidate for heap {h} ({} elements) explored more option sets than it keeps",
                    m.order()
                ));
            }
            Verdict::Fails(f) => {
                base = m.reduced().0;
                factors = refine(&base, options, h, &f.word)?;
            }
        }
    }
    Err(format!(
        "no candidate for heap {h} passed the check in {MAX_ROUNDS} rounds"
    ))
}

/// `q` with heap `h = q.heaps() + 1` acting as `x -> image(x)`.
fn with_heap(q: &Monoid, image: impl Fn(Element) -> Element) -> Monoid {
    let mut act: Vec<Vec<Element>> = (1..=q.heaps())
        .map(|g| {
            (0..q.order() as Element)
                .map(|x| q.times_heap(x, g))
                .collect()
        })
        .collect();
    act.push((0..q.order() as Element).map(image).collect());
    let p = (0..q.order() as Element).map(|x| q.in_p(x)).collect();
    Monoid::from_actions(act, p)
}

/// Heap `h` as an element `x` of `Q_{h-1}`, if one passes the check (the first such `x`).
/// Most `x` fail on the heap alone or on `x·Φ(h)`: those tests come first.
fn conservative(q: &Monoid, options: &HeapOptions, h: usize) -> Option<Monoid> {
    let words = q.least_words();
    let option_elements: Vec<Element> = options[h]
        .iter()
        .map(|t| q.times_parts(IDENTITY, t))
        .collect();
    let heap_in_p = !option_elements.iter().any(|&t| q.in_p(t));
    for x in 0..q.order() as Element {
        check_cancel();
        if q.in_p(x) != heap_in_p {
            continue;
        }
        // y·x ∈ P needs every y·Φ(t) outside P
        let clash = (0..q.order() as Element).any(|y| {
            q.in_p(q.times(y, x, &words)) && options[h].iter().any(|t| q.in_p(q.times_parts(y, t)))
        });
        if clash {
            continue;
        }
        let m = with_heap(q, |y| q.times(y, x, &words));
        let (marked, mwords) = mark_p(m, options);
        // the candidate keeps Q_{h-1}'s P (marking agrees with it on words without h)
        if (0..q.order() as Element).any(|y| marked.in_p(y) != q.in_p(y)) {
            continue;
        }
        if let Verdict::Correct = check(&marked, options, &mwords) {
            return Some(marked.reduced().0);
        }
    }
    None
}

/// The candidate `Q_{h-1} × ∏ C(index, period)`, restricted to the products of heaps: heap
/// `g < h` acts as `(Φ(g), t_g)` (`t_g` the generator of its factor, if it has one) and heap
/// `h` as `(1, t_h)`.
fn candidate(q: &Monoid, h: usize, factors: &Factors) -> Result<Monoid, String> {
    let factor_of: FxHashMap<usize, usize> =
        factors.iter().enumerate().map(|(i, f)| (f.0, i)).collect();
    // an element: (its part in q, its factors' exponents packed in one word, 8 bits each)
    if factors.len() > 8 || factors.iter().any(|f| f.1 + f.2 > 255) {
        return Err(format!(
            "a candidate for heap {h} needs more factors than it can hold"
        ));
    }
    let bump = |packed: u64, j: usize| -> u64 {
        let (_, index, period) = factors[j];
        let e = (packed >> (8 * j)) & 0xff;
        let next = if e + 1 < u64::from(index + period) {
            e + 1
        } else {
            u64::from(index)
        };
        packed & !(0xff << (8 * j)) | next << (8 * j)
    };
    let mut index: FxHashMap<(Element, u64), Element> = FxHashMap::default();
    let mut elements: Vec<(Element, u64)> = vec![(IDENTITY, 0)];
    index.insert((IDENTITY, 0), IDENTITY);
    let mut act: Vec<Vec<Element>> = vec![Vec::new(); h];
    let mut i = 0;
    while i < elements.len() {
        check_cancel();
        let (x, exps) = elements[i];
        for g in 1..=h {
            let base = if g <= q.heaps() {
                q.times_heap(x, g)
            } else {
                x
            };
            let e = match factor_of.get(&g) {
                Some(&j) => bump(exps, j),
                None => exps,
            };
            let next = index.len() as Element;
            let y = *index.entry((base, e)).or_insert_with(|| {
                elements.push((base, e));
                next
            });
            act[g - 1].push(y);
        }
        if elements.len() > MAX_ELEMENTS {
            return Err(format!(
                "a candidate for heap {h} has more than {MAX_ELEMENTS} elements"
            ));
        }
        i += 1;
    }
    let p = vec![false; elements.len()];
    Ok(Monoid::from_actions(act, p))
}

/// The factors after a candidate read `word` wrongly: the fewest of the word's heaps (one,
/// then two, ...) whose own factors make the word read right (as MisereSolver recalibrates:
/// Plambeck and Siegel, §6), factors that tell the word's count of the heap from one less
/// and one more first, then ones that count up to it exactly; if none does, all of them.
fn refine(q: &Monoid, options: &HeapOptions, h: usize, word: &[u16]) -> Result<Factors, String> {
    let heaps: Vec<usize> = (0..word.len())
        .filter(|&i| word[i] > 0)
        .map(|i| i + 1)
        .collect();
    // light factors first: t^(k-1) = t^(k+1) tells k copies from k - 1 and k + 1 (the parity
    // beyond); heavy ones count up to k + 1 exactly
    let with = |chosen: &[usize], heavy: bool| -> Factors {
        chosen
            .iter()
            .map(|&g| {
                let k = word[g - 1];
                let index = if heavy {
                    k + 1
                } else {
                    (k.saturating_sub(1)).max(power_index(q, g))
                };
                // longer counts get longer periods, as in MisereSolver's recalibration
                (g, index, 2 * (index.saturating_sub(4) / 2).max(1))
            })
            .collect()
    };
    for heavy in [false, true] {
        for size in 1..=heaps.len() {
            for chosen in subsets(&heaps, size) {
                check_cancel();
                let f = with(&chosen, heavy);
                let m = candidate(q, h, &f)?;
                let (m, _) = mark_p(m, options);
                if reads_right(&m, options, word) {
                    return Ok(f);
                }
            }
        }
    }
    Ok(with(&heaps, true))
}

/// The index of `Φ(g)` in `q`: the least `i` with `Φ(g)^i = Φ(g)^(i+p)` for some `p >= 1`
/// (0 for a heap `q` has no action for yet).
fn power_index(q: &Monoid, g: usize) -> u16 {
    if g > q.heaps() {
        return 0;
    }
    let mut powers = vec![IDENTITY];
    loop {
        let next = q.times_heap(*powers.last().expect("nonempty"), g);
        if let Some(i) = powers.iter().position(|&y| y == next) {
            return i as u16;
        }
        powers.push(next);
    }
}

/// The subsets of `items` with `size` elements, in lexicographic order.
fn subsets(items: &[usize], size: usize) -> Vec<Vec<usize>> {
    if size == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        for mut rest in subsets(&items[i + 1..], size - 1) {
            rest.insert(0, items[i]);
            out.push(rest);
        }
    }
    out
}

/// Whether a marked candidate reads the outcome of `word` right from its options' elements.
fn reads_right(m: &Monoid, options: &HeapOptions, word: &[u16]) -> bool {
    let e = m.times_word(IDENTITY, word);
    m.in_p(e) == check::p_by_options(m, options, word, |z| m.in_p(z))
}

/// The generators and the periodicity of a computed `Q_n`.
fn finish(q: Monoid, theorem: Option<PeriodTheorem>) -> Quotient {
    let n = q.heaps();
    let mut generators = Vec::new();
    for h in 1..=n {
        let below = q.generated_by(h - 1);
        if !below[q.heap(h) as usize] {
            generators.push(h);
        }
    }
    let stable = theorem.and_then(|t| stable_after(&phi(&q), t));
    Quotient {
        monoid: q,
        generators,
        stable,
    }
}

/// Whether `Φ` on heaps `0..=n` proves the quotient final: `Φ(h + p) = Φ(h)` for
/// `e <= h <= n - p` with `n` at least the Octal Periodicity Theorem's last heap for `e` and
/// `p` (WW ch. 4; Siegel, CGT, ch. IV.2). The theorem's proof carries over: past that heap
/// every option of a heap `h` has a part of at least `max(e, 1) + p`, so the options of `h`
/// and of `h - p` have the same images, and heap `h` may act as heap `h - p` does; then the
/// check of [`check`] passes for every heap, and `Q_n` is the whole quotient (the argument
/// of Plambeck and Siegel's Periodicity Theorem for quotients).
pub fn stable_after(phi: &[Element], theorem: PeriodTheorem) -> Option<Stable> {
    let f = periodicity(phi)?;
    let proven_at = theorem.last_heap(f.preperiod, f.period);
    (proven_at < phi.len()).then_some(Stable {
        preperiod: f.preperiod,
        period: f.period,
        proven_at,
    })
}

/// Names of generators: `a`, `b`, ..., `z`, then `a1`, `b1`, ...
pub fn generator_name(i: usize) -> String {
    let letter = (b'a' + (i % 26) as u8) as char;
    match i / 26 {
        0 => letter.to_string(),
        k => format!("{letter}{k}"),
    }
}

impl Quotient {
    /// The order of the quotient.
    pub fn order(&self) -> usize {
        self.monoid.order()
    }

    /// The elements of `P`.
    pub fn p_portion(&self) -> Vec<Element> {
        (0..self.order() as Element)
            .filter(|&x| self.monoid.in_p(x))
            .collect()
    }

    /// The monoid on its generators only (heaps that are not generators dropped): the least
    /// words ([`word_cmp`], latest generator first) of every element over the generators.
    fn generator_monoid(&self) -> Monoid {
        let act = self
            .generators
            .iter()
            .map(|&g| {
                (0..self.order() as Element)
                    .map(|x| self.monoid.times_heap(x, g))
                    .collect()
            })
            .collect();
        let p = (0..self.order() as Element)
            .map(|x| self.monoid.in_p(x))
            .collect();
        Monoid::from_actions(act, p)
    }

    /// Each element's name: its least word over the generators, `1` for the identity
    /// (`a^2b`, CGSuite's and the papers' way of writing them).
    pub fn names(&self) -> Vec<String> {
        let g = self.generator_monoid();
        g.least_words().iter().map(|w| word_text(w)).collect()
    }

    /// The presentation's relations: the words over the generators that are not least words
    /// but all of whose proper divisors are, each equal to its element's least word. These
    /// generate every relation (rewriting a word by them reaches its least word, as the order
    /// of words is a well-order compatible with products).
    pub fn relations(&self) -> Vec<(Word, Word)> {
        let g = self.generator_monoid();
        let words = g.least_words();
        let normal: FxHashMap<&Word, Element> = words
            .iter()
            .enumerate()
            .map(|(x, w)| (w, x as Element))
            .collect();
        let is_normal = |w: &Word| {
            normal
                .get(w)
                .is_some_and(|&x| g.times_word(IDENTITY, w) == x)
        };
        let mut out = Vec::new();
        for w in &words {
            for i in 0..g.heaps() {
                let mut v = w.clone();
                v[i] += 1;
                if is_normal(&v) {
                    continue;
                }
                // minimal: removing any one letter leaves a normal word
                let minimal = (0..g.heaps()).all(|j| {
                    if v[j] == 0 {
                        return true;
                    }
                    let mut u = v.clone();
                    u[j] -= 1;
                    is_normal(&u)
                });
                if minimal && !out.iter().any(|(r, _): &(Word, Word)| *r == v) {
                    let value = g.times_word(IDENTITY, &v);
                    out.push((v, words[value as usize].clone()));
                }
            }
        }
        out.sort_by(|a, b| word_cmp(&a.0, &b.0));
        out
    }

    /// `⟨a, b, c | a^2 = 1, b^3 = b, ...⟩`.
    pub fn presentation(&self) -> String {
        let gens: Vec<String> = (0..self.generators.len()).map(generator_name).collect();
        let rels: Vec<String> = self
            .relations()
            .iter()
            .map(|(l, r)| format!("{} = {}", word_text(l), word_text(r)))
            .collect();
        if rels.is_empty() {
            format!("<{}>", gens.join(", "))
        } else {
            format!("<{} | {}>", gens.join(", "), rels.join(", "))
        }
    }
}

/// A word over generators as text: `1`, `a`, `a^2b`.
pub fn word_text(w: &[u16]) -> String {
    let mut s = String::new();
    for (i, &k) in w.iter().enumerate() {
        match k {
            0 => {}
            1 => s.push_str(&generator_name(i)),
            k => s.push_str(&format!("{}^{k}", generator_name(i))),
        }
    }
    if s.is_empty() { "1".into() } else { s }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_by_size() {
        assert_eq!(subsets(&[1, 2, 3], 2), [vec![1, 2], vec![1, 3], vec![2, 3]]);
        assert_eq!(subsets(&[4], 0), [Vec::<usize>::new()]);
    }

    #[test]
    fn words_print_as_the_papers_write_them() {
        assert_eq!(word_text(&[0, 0]), "1");
        assert_eq!(word_text(&[1, 2, 0, 1]), "ab^2d");
        assert_eq!(generator_name(27), "b1");
    }

    /// A heap without moves is 0: the quotient stays trivial (0.07's heap 1).
    #[test]
    fn heaps_without_moves_are_the_identity() {
        let options = vec![vec![], vec![]];
        let q = quotient(&options, 1, None, false, |_, _| {}).unwrap();
        assert_eq!((q.order(), q.monoid.heap(1)), (1, IDENTITY));
        assert_eq!(q.presentation(), "<>");
    }
}
