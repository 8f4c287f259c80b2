//! Misère quotients of take-and-break games (`analysis::quotient`) against a plain misère-play
//! search of sums of heaps written here, which knows nothing of monoids: the quotient must
//! read every position's outcome off its element, and its elements must be exactly the
//! classes of positions that no added position tells apart.

use std::collections::HashMap;

use cgcalc::analysis::quotient::monoid::{Element, IDENTITY};
use cgcalc::analysis::quotient::{Quotient, quotient};
use cgcalc::analysis::takeandbreak::TakeBreakCode;

/// The moves of heaps `0..=n`: each leaves a list of nonempty heaps.
fn heap_options(code: &str, n: usize) -> Vec<Vec<Vec<usize>>> {
    let code = TakeBreakCode::parse(code).unwrap();
    (0..=n)
        .map(|h| {
            let mut v = Vec::new();
            code.for_each_move(h, |_, parts| v.push(parts.to_vec()));
            v
        })
        .collect()
}

fn quotient_of(code: &str, n: usize) -> Quotient {
    let theorem = TakeBreakCode::parse(code).unwrap().period_theorem().ok();
    quotient(&heap_options(code, n), n, theorem, false, |_, _| {}).unwrap()
}

/// Misère outcomes of sums of heaps by brute force: a position (heaps in increasing order)
/// is a P-position iff it has a move and every move leads to an N-position.
struct Outcomes {
    options: Vec<Vec<Vec<usize>>>,
    memo: HashMap<Vec<usize>, bool>,
}

impl Outcomes {
    fn new(code: &str, n: usize) -> Outcomes {
        Outcomes::of(heap_options(code, n))
    }

    fn of(options: Vec<Vec<Vec<usize>>>) -> Outcomes {
        Outcomes {
            options,
            memo: HashMap::new(),
        }
    }

    fn is_p(&mut self, heaps: &[usize]) -> bool {
        let mut key: Vec<usize> = heaps
            .iter()
            .copied()
            .filter(|&h| !self.options[h].is_empty())
            .collect();
        key.sort_unstable();
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut has_move = false;
        let mut to_p = false;
        'all: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            for t in self.options[key[i]].clone() {
                has_move = true;
                let mut next: Vec<usize> = key[..i].to_vec();
                next.extend_from_slice(&key[i + 1..]);
                next.extend_from_slice(&t);
                if self.is_p(&next) {
                    to_p = true;
                    break 'all;
                }
            }
        }
        let p = has_move && !to_p;
        self.memo.insert(key, p);
        p
    }
}

/// Every multiset of heaps `1..=n` with at most `total` tokens.
fn positions(n: usize, total: usize) -> Vec<Vec<usize>> {
    fn go(max: usize, left: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        out.push(cur.clone());
        for h in (1..=max.min(left)).rev() {
            cur.push(h);
            go(h, left - h, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    go(n, total, &mut Vec::new(), &mut out);
    out
}

fn element(q: &Quotient, heaps: &[usize]) -> Element {
    q.monoid.times_parts(IDENTITY, heaps)
}

/// The quotient reads the outcome of every position of at most `total` tokens right; its
/// elements are told apart by the search (for two elements of a reduced quotient some third
/// one, added to each, gives different outcomes: so the positions of the elements' least
/// words, added to each other, give every element a different row of outcomes); and every
/// position of at most `same` tokens has its element's row.
fn agrees_with_search(code: &str, n: usize, total: usize, same: usize) {
    let q = quotient_of(code, n);
    let mut o = Outcomes::new(code, n);
    for w in positions(n, total) {
        assert_eq!(
            o.is_p(&w),
            q.monoid.in_p(element(&q, &w)),
            "{code}, heaps up to {n}: the outcome of {w:?}"
        );
    }
    let reps: Vec<Vec<usize>> = q
        .monoid
        .least_words()
        .iter()
        .map(|w| {
            w.iter()
                .enumerate()
                .flat_map(|(i, &k)| std::iter::repeat_n(i + 1, k as usize))
                .collect()
        })
        .collect();
    let row = |o: &mut Outcomes, w: &[usize]| -> Vec<bool> {
        reps.iter()
            .map(|x| {
                let mut s = w.to_vec();
                s.extend_from_slice(x);
                o.is_p(&s)
            })
            .collect()
    };
    let rows: Vec<Vec<bool>> = reps.iter().map(|w| row(&mut o, w)).collect();
    let distinct: std::collections::HashSet<&Vec<bool>> = rows.iter().collect();
    assert_eq!(
        distinct.len(),
        q.order(),
        "{code}, heaps up to {n}: the search tells every two elements apart"
    );
    for w in positions(n, same) {
        let e = element(&q, &w);
        assert_eq!(
            row(&mut o, &w),
            rows[e as usize],
            "{code}: {w:?} and its element's word"
        );
    }
}

/// The names of the P-portion's elements.
fn p_names(q: &Quotient) -> Vec<String> {
    let names = q.names();
    q.p_portion()
        .iter()
        .map(|&x| names[x as usize].clone())
        .collect()
}

/// Misère Nim (Bouton): heaps of 1 only give `⟨a | a² = 1⟩` with P = {a}; heaps up to 3
/// give the quotient T₂ = `⟨a, b | a² = 1, b³ = b⟩` of order 6 with P = {a, b²} (Plambeck
/// and Siegel, JCTA 2008, §3; CGSuite's `BipartiteMonoid` has the same table); heaps up to 7
/// give order 10.
#[test]
fn misere_nim_quotients() {
    let q = quotient_of("0.[3]", 1);
    assert_eq!((q.order(), q.presentation()), (2, "<a | a^2 = 1>".into()));
    let q = quotient_of("0.[3]", 3);
    assert_eq!(q.order(), 6);
    assert_eq!(q.presentation(), "<a, b | a^2 = 1, b^3 = b>");
    assert_eq!(p_names(&q), ["a", "b^2"]);
    // heaps 1, 2, 3 are a, b, ab (3 = 1 + 2 in Nim, and misère Nim is tame)
    let names = q.names();
    let phi: Vec<&str> = (0..=3)
        .map(|h| names[q.monoid.heap(h) as usize].as_str())
        .collect();
    assert_eq!(phi, ["1", "a", "b", "ab"]);
    // heaps up to 2^k - 1 give order 2^k + 2: the quotient of Nim is {(n, 1)} ∪ {(0, 0),
    // (1, 0)} in the product of nim addition and the semilattice {0, 1} (Jeřábek's
    // description on MathOverflow, "Analysis of Misère Nim?"), heap n ↦ (n, [n > 1])
    assert_eq!(quotient_of("0.[3]", 7).order(), 10);
    assert_eq!(quotient_of("0.[3]", 15).order(), 18);
    agrees_with_search("0.[3]", 7, 14, 8);
}

/// Bouton's misère Nim rule, read off the quotient of heaps up to 7: a position is a
/// P-position iff either every heap has at most one token and their number is odd, or some
/// heap has two or more and the nim sum is 0.
#[test]
fn misere_nim_quotient_follows_bouton() {
    let q = quotient_of("0.[3]", 7);
    for w in positions(7, 16) {
        let bouton = if w.iter().all(|&h| h <= 1) {
            w.len() % 2 == 1
        } else {
            w.iter().fold(0, |x, &h| x ^ h) == 0
        };
        assert_eq!(q.monoid.in_p(element(&q, &w)), bouton, "{w:?}");
    }
}

/// 0.75: the quotient of order 8 with P-portion {a, b²} (Plambeck, INTEGERS 5 (2005) #G05,
/// and the only bipartite quotient of order 8, Siegel), final from heap 21 by the
/// periodicity theorem: heaps alternate b, ab² from heap 8 on.
#[test]
fn quotient_of_0_75() {
    let q = quotient_of("0.75", 24);
    assert_eq!(q.order(), 8);
    assert_eq!(
        q.presentation(),
        "<a, b, c | a^2 = 1, b^3 = b, bc = ab, c^2 = b^2>"
    );
    assert_eq!(p_names(&q), ["a", "b^2"]);
    let stable = q.stable.expect("0.75 is final by heap 24");
    assert_eq!((stable.preperiod, stable.period), (8, 2));
    agrees_with_search("0.75", 12, 24, 10);
}

/// Dawson's Kayles, 0.07: the partial quotient of heaps up to 30 has 360 elements (Siegel, on
/// MisereSolver, miseregames.wordpress.com, 2007-08-28).
/// Heaps up to 33 give 638 elements, the last partial quotient Plambeck and Siegel report
/// for 0.07 (as a public summary of their paper quotes it; the paper itself was not
/// reachable here).
#[test]
fn dawsons_kayles_to_30_has_order_360() {
    assert_eq!(quotient_of("0.07", 30).order(), 360);
    assert_eq!(quotient_of("0.07", 33).order(), 638);
    agrees_with_search("0.07", 14, 26, 10);
}

/// Kayles, 0.77: heaps up to 12 against the search, and the quotient final by heap 167
/// (Kayles' nim sequence has preperiod 71 and period 12; Φ has the same).
#[test]
fn kayles_quotient() {
    agrees_with_search("0.77", 12, 24, 10);
    let q = quotient_of("0.77", 170);
    let stable = q.stable.expect("Kayles is final by heap 170");
    assert_eq!((stable.preperiod, stable.period), (71, 12));
    assert_eq!(
        q.order() % 2,
        0,
        "misère quotients have even order (Plambeck and Siegel)"
    );
}

/// The wild octal and quaternary games of Appendix B of Plambeck and Siegel's supplement
/// ("Misère quotients for impartial games: supplementary material", arXiv 0705.2404), with
/// the column `p` of its two first tables. The stored copy lost the other columns' headers
/// and the marks over some digits; `p` is read here as the period of the heaps' elements,
/// and every one of these codes, computed until the periodicity theorem proves its quotient
/// final, has exactly that period. Every order is even (Plambeck and Siegel), and a quotient
/// whose P-portion has 2 elements has order 2^k + 2 or 2^k + 4 (Siegel, "The structure and
/// classification of misère quotients", arXiv math/0703070).
#[test]
fn supplement_periods() {
    let table = [
        ("0.34", 8),
        ("0.75", 2),
        ("0.512", 6),
        ("0.712", 6),
        ("0.716", 2),
        ("4.56", 4),
        ("4.74", 2),
        ("0.3101", 2),
        ("0.3131", 2),
        ("0.123", 5),
        ("0.1023", 7),
        ("0.1032", 7),
        ("0.1033", 7),
        ("0.1331", 5),
        ("0.3103", 5),
        ("0.3112", 5),
        ("0.1232", 6),
        ("0.1323", 6),
    ];
    for (code, p) in table {
        let theorem = TakeBreakCode::parse(code).unwrap().period_theorem().ok();
        let q = quotient(&heap_options(code, 200), 200, theorem, true, |_, _| {}).unwrap();
        let stable = q
            .stable
            .unwrap_or_else(|| panic!("{code} is final by heap 200"));
        assert_eq!(stable.period, p, "{code}");
        assert_eq!(q.order() % 2, 0, "{code}");
        if q.p_portion().len() == 2 {
            let k = q.order() - 2;
            assert!(k.is_power_of_two() || (k - 2).is_power_of_two(), "{code}");
        }
    }
}

/// Single heaps of Dawson's Kayles (0.07: a move takes 2 tokens, leaving 0, 1 or 2 heaps)
/// that are misère P-positions, from the quotient and from the search. By hand: heaps 0 and
/// 1 have no move (N: the player to move wins); 2 and 3 move only to 0 and 1 (P); 4 moves
/// to 2 (N); 5 to 3 or 1 + 2 (N, as 3 is P).
#[test]
fn dawsons_kayles_p_heaps() {
    let q = quotient_of("0.07", 30);
    let p: Vec<usize> = (0..=30)
        .filter(|&h| q.monoid.in_p(q.monoid.heap(h)))
        .collect();
    assert_eq!(p[..2], [2, 3]);
    assert!(p[2] > 5);
    let mut o = Outcomes::new("0.07", 30);
    let searched: Vec<usize> = (0..=30).filter(|&h| o.is_p(&[h])).collect();
    assert_eq!(searched, p);
}

/// Subtraction games are sums of heaps too. Subtraction {1, 2} is tame: heap n has the genus
/// of the nim heap n mod 3 (heap 3 = {*2, *1} has genus 0^120, like 0), and tame games of
/// equal genus are indistinguishable (ONAG ch. 12), so the quotient is misère Nim's T₂ on
/// heaps 1, 2 with heap 3 the identity, period 3. Both it and {2, 3, 7} agree with the
/// search on every sum of at most 20 tokens.
#[test]
fn subtraction_games() {
    let options = |set: &[usize], n: usize| -> Vec<Vec<Vec<usize>>> {
        (0..=n)
            .map(|h| {
                set.iter()
                    .filter(|&&s| s <= h)
                    .map(|&s| if h == s { vec![] } else { vec![h - s] })
                    .collect()
            })
            .collect()
    };
    let q = quotient(&options(&[1, 2], 9), 9, None, false, |_, _| {}).unwrap();
    assert_eq!(q.presentation(), "<a, b | a^2 = 1, b^3 = b>");
    let names = q.names();
    let phi: Vec<&str> = (0..=6)
        .map(|h| names[q.monoid.heap(h) as usize].as_str())
        .collect();
    assert_eq!(phi, ["1", "a", "b", "1", "a", "b", "1"]);
    let n = 20;
    for set in [&[1, 2][..], &[2, 3, 7]] {
        let q = quotient(&options(set, n), n, None, false, |_, _| {}).unwrap();
        let mut o = Outcomes::of(options(set, n));
        for w in positions(n, 20) {
            assert_eq!(o.is_p(&w), q.monoid.in_p(element(&q, &w)), "{set:?} {w:?}");
        }
    }
}
