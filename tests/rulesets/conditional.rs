//! Conditional combinatorial games (Müller, Information Sciences 154, 2003, §3) and Prime-Nim:
//! the paper's examples, nim values against brute forces written here (with their own prime
//! tests), pruning of dominated conditions on a CCG built for the purpose, and the calculator
//! refusing algebra with conditional games.

use std::collections::{BTreeMap, BTreeSet};

use crate::common::{Rng, run_ok, run_text};
use cgcalc::lang::session::Session;
use cgcalc::rulesets::conditional_nim::{ConditionalNim, TotalCondition, p_positions};
use cgcalc::search::conditional::{
    Condition, ConditionalFamily, ConditionalOption, ConditionalSum, embedded_moves, isolated_view,
    pruned_options,
};
use cgcalc::search::{Budget, NimSearch, Player};

/// Primes below `n` by the sieve of Eratosthenes (independent of the ruleset's trial division).
fn sieve(n: usize) -> Vec<bool> {
    let mut prime = vec![true; n.max(2)];
    prime[0] = false;
    prime[1] = false;
    let mut i = 2;
    while i * i < n {
        if prime[i] {
            (i * i..n).step_by(i).for_each(|j| prime[j] = false);
        }
        i += 1;
    }
    prime
}

/// Grundy value of conditional Nim on a multiset of heaps, straight from the rules: a move
/// takes k >= 1 tokens from one heap and is legal when the new total passes `ok`, or when
/// k <= `free`.
fn brute_grundy(
    heaps: &[u32],
    ok: &dyn Fn(u64) -> bool,
    free: u32,
    memo: &mut BTreeMap<Vec<u32>, u32>,
) -> u32 {
    let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let total: u64 = key.iter().map(|&h| h as u64).sum();
    let mut seen = BTreeSet::new();
    for i in 0..key.len() {
        for k in 1..=key[i] {
            if k <= free || ok(total - k as u64) {
                let mut next = key.clone();
                next[i] -= k;
                seen.insert(brute_grundy(&next, ok, free, memo));
            }
        }
    }
    let v = (0..).find(|x| !seen.contains(x)).unwrap();
    memo.insert(key, v);
    v
}

fn nim_value(family: ConditionalNim, heaps: &[u32]) -> u32 {
    NimSearch::new(Budget::default()).nim_value(&ConditionalSum::new(family, heaps.to_vec()))
}

/// §3.1: in `*5 + *3 + *4` the legal moves reach 11 tokens (one token from any heap) or 7
/// (clearing the 5-heap), and the 3-heap's moves are `{*2}`; in `*3 + *6` they are `{*1}`.
#[test]
fn the_papers_examples() {
    let p = ConditionalNim::PRIME;
    let sum = [5, 3, 4];
    let mut moves = Vec::new();
    for i in 0..3 {
        for to in embedded_moves(&p, &sum, i, Player::Left) {
            let total: u32 = sum.iter().sum::<u32>() - sum[i] + to;
            assert!(total == 11 || total == 7, "{i} -> {to}");
            moves.push((sum[i], to));
        }
    }
    moves.sort();
    assert_eq!(moves, vec![(3, 2), (4, 3), (5, 0), (5, 4)]);
    assert_eq!(embedded_moves(&p, &sum, 1, Player::Left), vec![2]);
    assert_eq!(embedded_moves(&p, &[3, 6], 0, Player::Left), vec![1]);
    assert_eq!(embedded_moves(&p, &[3, 6], 0, Player::Right), vec![1]);

    let mut s = Session::new();
    let out = run_ok(&mut s, "primenim(5, 3, 4)");
    for line in ["# *5: {*0, *4}", "# *3: {*2}", "# *4: {*3}"] {
        assert!(out.contains(line), "{line} in {out}");
    }
    let out = run_ok(&mut s, "primenim(3, 6)");
    assert!(out.contains("# *3: {*1}"), "{out}");
}

/// A single heap n: its options are the prime heaps below n, so by induction its nim value is
/// the number of primes below n.
#[test]
fn single_heaps_count_the_primes_below() {
    let prime = sieve(31);
    for n in 0..=30u32 {
        let below = (0..n as usize).filter(|&m| prime[m]).count() as u32;
        assert_eq!(nim_value(ConditionalNim::PRIME, &[n]), below, "heap {n}");
    }
}

/// The list of two-heap P-positions with 1 <= a <= b <= 12, checked against the
/// brute force and against `p_positions` (the table command's search).
#[test]
fn two_heap_p_positions() {
    let prime = sieve(64);
    let ok = |t: u64| prime[t as usize];
    let mut memo = BTreeMap::new();
    let mut brute = Vec::new();
    for a in 1..=12u32 {
        for b in a..=12 {
            if brute_grundy(&[a, b], &ok, 0, &mut memo) == 0 {
                brute.push(vec![a, b]);
            }
        }
    }
    let expected: Vec<Vec<u32>> = [
        (1, 1),
        (3, 3),
        (3, 4),
        (5, 5),
        (5, 6),
        (7, 7),
        (7, 8),
        (7, 9),
        (7, 10),
        (8, 8),
        (8, 9),
        (11, 11),
        (11, 12),
    ]
    .iter()
    .map(|&(a, b)| vec![a, b])
    .collect();
    assert_eq!(brute, expected);
    let (found, tabled) = p_positions(ConditionalNim::PRIME, 2, 12, Budget::default());
    assert_eq!(found, expected);
    assert!(tabled >= 78, "{tabled}");
    let mut s = Session::new();
    let out = run_ok(&mut s, "ppositions(2, 12)");
    assert!(out.starts_with("(1, 1) (3, 3) (3, 4) (5, 5)"), "{out}");
    assert!(
        out.contains("13 P-positions of Prime-Nim with 2 heaps of 1 to 12;"),
        "{out}"
    );
}

/// The values: `5 + 3 + 4` has nim value 2, won by clearing the 5-heap or 3 -> 2;
/// `3 + 6` has nim value 4, won by 6 -> 4. Checked by the brute force, then in the calculator.
#[test]
fn nim_values_and_winning_moves() {
    let prime = sieve(64);
    let ok = |t: u64| prime[t as usize];
    let mut memo = BTreeMap::new();
    assert_eq!(brute_grundy(&[5, 3, 4], &ok, 0, &mut memo), 2);
    assert_eq!(brute_grundy(&[3, 6], &ok, 0, &mut memo), 4);
    // The winning moves are those to a P-position.
    assert_eq!(brute_grundy(&[0, 3, 4], &ok, 0, &mut memo), 0);
    assert_eq!(brute_grundy(&[5, 2, 4], &ok, 0, &mut memo), 0);
    assert_eq!(brute_grundy(&[3, 4], &ok, 0, &mut memo), 0);

    let mut s = Session::new();
    let out = run_ok(&mut s, "primenim(5, 3, 4)");
    assert!(out.contains("nim value 2, outcome N"), "{out}");
    assert!(
        out.contains("# winning moves: 3 -> 2, clear the 5-heap"),
        "{out}"
    );
    let out = run_ok(&mut s, "primenim(3, 6)");
    assert!(out.contains("nim value 4, outcome N"), "{out}");
    assert!(out.contains("# winning moves: 6 -> 4"), "{out}");
    assert_eq!(run_ok(&mut s, "nimval(primenim(5, 3, 4))"), "2");
    assert_eq!(run_ok(&mut s, "outcome(primenim(3, 4))"), "P");
    let moves = run_ok(&mut s, "moves(primenim(3, 6))");
    assert!(moves.contains("winning moves: 6 -> 4"), "{moves}");
}

/// Every condition (and `free` moves) on random positions of up to four heaps: the engine's
/// whole-position search against the brute force, each with its own reading of the condition.
#[test]
fn conditional_nim_matches_brute_force() {
    let square = |t: u64| (0..=t).any(|r| r * r == t);
    let fib = |t: u64| {
        let mut f = vec![0u64, 1];
        while *f.last().unwrap() < t {
            let n = f[f.len() - 1] + f[f.len() - 2];
            f.push(n);
        }
        f.contains(&t)
    };
    let prime = sieve(200);
    let mut rng = Rng::xorshift64(31);
    for cond in TotalCondition::ALL {
        let ok: Box<dyn Fn(u64) -> bool> = match cond {
            TotalCondition::Prime => Box::new(|t| prime[t as usize]),
            TotalCondition::Square => Box::new(square),
            TotalCondition::Odd => Box::new(|t| t % 2 == 1),
            TotalCondition::Even => Box::new(|t: u64| t.is_multiple_of(2)),
            TotalCondition::Fibonacci => Box::new(fib),
        };
        for free in [0, 1, 2] {
            let family = ConditionalNim {
                condition: cond,
                free,
            };
            let mut memo = BTreeMap::new();
            for _ in 0..crate::common::iterations(40) {
                let heaps: Vec<u32> = (0..1 + rng.below(4))
                    .map(|_| rng.below(13) as u32)
                    .collect();
                assert_eq!(
                    nim_value(family, &heaps),
                    brute_grundy(&heaps, &*ok, free, &mut memo),
                    "{cond:?} free {free} on {heaps:?}"
                );
            }
        }
    }
}

/// A partizan CCG built to exercise pruning (§3.4). A component `n` lets Left move to `n - 1`
/// always and under `A`, and to `n - 2` under `A` and under `A and B`; Right moves to `n - 1`
/// under `A` and under `B`. `A` holds when the total after the move is even, `B` when it is a
/// multiple of 3.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Ladder;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Atom {
    #[default]
    A,
    B,
}

impl ConditionalFamily for Ladder {
    type Local = u32;
    type Atom = Atom;
    const NAME: &'static str = "ladder";

    fn options(&self, n: &u32, player: Player) -> Vec<ConditionalOption<u32, Atom>> {
        let opt = |to: u32, atoms: &[Atom]| ConditionalOption {
            to,
            condition: Condition::all(atoms.iter().copied()),
        };
        let mut out = Vec::new();
        match player {
            Player::Left => {
                if *n >= 1 {
                    out.push(opt(n - 1, &[]));
                    out.push(opt(n - 1, &[Atom::A]));
                }
                if *n >= 2 {
                    out.push(opt(n - 2, &[Atom::A]));
                    out.push(opt(n - 2, &[Atom::A, Atom::B]));
                }
            }
            Player::Right => {
                if *n >= 1 {
                    out.push(opt(n - 1, &[Atom::A]));
                    out.push(opt(n - 1, &[Atom::B]));
                }
            }
        }
        out
    }

    fn holds(&self, atom: Atom, sum: &[u32], index: usize, to: &u32) -> bool {
        let total: u32 = sum.iter().sum::<u32>() - sum[index] + to;
        match atom {
            Atom::A => total.is_multiple_of(2),
            Atom::B => total.is_multiple_of(3),
        }
    }

    fn is_impartial(&self) -> bool {
        false
    }

    fn local_text(&self, n: &u32) -> String {
        format!("L{n}")
    }

    fn atom_text(&self, atom: Atom) -> String {
        format!("{atom:?}")
    }

    fn atom_meaning(&self, atom: Atom) -> String {
        format!("{atom:?}")
    }

    fn move_text(&self, from: &u32, to: &u32) -> String {
        format!("{from} -> {to}")
    }
}

#[test]
fn pruning_drops_options_with_more_specific_conditions() {
    let (kept, dropped) = pruned_options(&Ladder, &5, Player::Left);
    let kept: Vec<(u32, Vec<Atom>)> = kept
        .iter()
        .map(|o| (o.to, o.condition.atoms().to_vec()))
        .collect();
    // `4_A` loses to `4` (true is less specific than A); `3_AB` loses to `3_A`.
    assert_eq!(kept, vec![(4, vec![]), (3, vec![Atom::A])]);
    let dropped: Vec<(u32, Vec<Atom>, Vec<Atom>)> = dropped
        .iter()
        .map(|d| {
            (
                d.option.to,
                d.option.condition.atoms().to_vec(),
                d.by.condition.atoms().to_vec(),
            )
        })
        .collect();
    assert_eq!(
        dropped,
        vec![
            (4, vec![Atom::A], vec![]),
            (3, vec![Atom::A, Atom::B], vec![Atom::A])
        ]
    );
    // A and B are incomparable: neither of Right's options goes.
    let (kept, dropped) = pruned_options(&Ladder, &5, Player::Right);
    assert_eq!(kept.len(), 2);
    assert!(dropped.is_empty());
    // The isolated view of Left's side: one atom (A) after pruning, two rows.
    let rows = isolated_view(&Ladder, &5, Player::Left).unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0].values, vec![(Atom::A, false)]);
    assert_eq!(rows[0].successors, vec![4]);
    assert_eq!(rows[1].successors, vec![4, 3]);
    // Right's side: A and B, four rows; with neither, no move.
    let rows = isolated_view(&Ladder, &5, Player::Right).unwrap();
    assert_eq!(rows.len(), 4);
    assert!(rows[0].successors.is_empty());

    // Pruning never changes the game: the sum's moves equal those of the unpruned options.
    let mut rng = Rng::xorshift64(5);
    for _ in 0..200 {
        let sum: Vec<u32> = (0..1 + rng.below(3)).map(|_| rng.below(7) as u32).collect();
        for i in 0..sum.len() {
            for player in [Player::Left, Player::Right] {
                let mut all: Vec<u32> = Ladder
                    .options(&sum[i], player)
                    .into_iter()
                    .filter(|o| {
                        o.condition
                            .atoms()
                            .iter()
                            .all(|&a| Ladder.holds(a, &sum, i, &o.to))
                    })
                    .map(|o| o.to)
                    .collect();
                all.dedup();
                let mut pruned = embedded_moves(&Ladder, &sum, i, player);
                pruned.dedup();
                assert_eq!(all, pruned, "{sum:?} component {i} {player:?}");
            }
        }
    }

    // In the calculator: conditional Nim with one free token has both *2 and *2_P.
    let mut s = Session::new();
    let out = run_ok(&mut s, "isolated(condnim(\"prime free 1\", 3))");
    assert!(out.starts_with("*3 = {*2, *0_P, *1_P}"), "{out}");
    assert!(out.contains("pruned: *2_P (dominated by *2"), "{out}");
    // A heap of a million tokens: its million options are summarised, not listed.
    let out = run_ok(&mut s, "isolated(primenim(1000000))");
    assert!(
        out.contains("*999999_P (1000000 in all)"),
        "{}",
        &out[..200]
    );
    assert!(out.len() < 1000, "{} characters", out.len());
    // Prime-Nim never prunes.
    let out = run_ok(&mut s, "isolated(primenim(5, 3, 4))");
    assert!(!out.contains("pruned"), "{out}");
    assert!(out.contains("*3 = {*0_P, *1_P, *2_P}"), "{out}");
}

/// The whole sum of a partizan CCG is an ordinary game: the engine's value of a Ladder sum
/// equals the canonical form built here from the embedded moves.
#[test]
fn partizan_sums_are_searched_as_whole_games() {
    use cgcalc::game::{Arena, GameId};
    use cgcalc::search::{Game, LocalSearch};
    type Memo = std::collections::HashMap<ConditionalSum<Ladder>, GameId>;
    fn build(a: &mut Arena, sum: &ConditionalSum<Ladder>, memo: &mut Memo) -> GameId {
        if let Some(&g) = memo.get(sum) {
            return g;
        }
        let l: Vec<GameId> = sum
            .moves(Player::Left)
            .iter()
            .map(|m| build(a, m, memo))
            .collect();
        let r: Vec<GameId> = sum
            .moves(Player::Right)
            .iter()
            .map(|m| build(a, m, memo))
            .collect();
        let g = a.game(l, r);
        memo.insert(sum.clone(), g);
        g
    }
    let mut memo = Memo::new();
    let mut a = Arena::new();
    let mut rng = Rng::xorshift64(17);
    for _ in 0..60 {
        let parts: Vec<u32> = (0..1 + rng.below(3)).map(|_| rng.below(6) as u32).collect();
        let sum = ConditionalSum::new(Ladder, parts.clone());
        let direct = build(&mut a, &sum, &mut memo);
        let mut search = LocalSearch::new(&mut a, Budget::default());
        let searched = search.value(&sum);
        drop(search);
        assert_eq!(searched, direct, "{parts:?}");
    }
}

/// Conditional games refuse algebra with games, with the reason; `+` joins positions of one
/// family; the session keeps its variables after the errors; printed positions read back.
#[test]
fn honest_algebra() {
    let mut s = Session::new();
    run_ok(&mut s, "p = primenim(5, 3, 4)");
    for bad in [
        "p + 1",
        "1 + p",
        "p - p",
        "-p",
        "p == *2",
        "p < 1",
        "left(p)",
        "p + dom(2, 2)",
    ] {
        let out = run_text(&mut s, bad);
        assert!(
            out.contains("is a conditional game") && out.contains("do not")
                || out.contains("has no value"),
            "{bad}: {out}"
        );
    }
    let out = run_text(&mut s, "primenim(2) + condnim(\"even\", 3)");
    assert!(out.contains("different families"), "{out}");
    let out = run_text(&mut s, "bestmove(primenim(3) + 1)");
    assert!(out.contains("conditional game"), "{out}");
    // The session still has p.
    assert!(run_ok(&mut s, "p").starts_with("primenim(5, 3, 4)"));
    // Joining: the combined position, printed as the expression that builds it.
    let joined = run_ok(&mut s, "primenim(5, 3) + primenim(4)");
    assert_eq!(joined, run_ok(&mut s, "p"));
    let sq = run_ok(&mut s, "condnim(\"square\", 2) + condnim(\"square\", 7)");
    assert!(sq.starts_with("condnim(\"square\", 2, 7)"), "{sq}");
    // Round trip: the first printed line builds the same position.
    for text in [
        "primenim(5, 3, 4)",
        "condnim(\"prime free 2\", 4, 4)",
        "condnim(\"fibonacci\", 6)",
    ] {
        let out = run_ok(&mut s, text);
        let first = out.lines().next().unwrap();
        assert_eq!(first, text);
        assert_eq!(run_ok(&mut s, first), out);
    }
    // Bad arguments point at themselves.
    let out = run_text(&mut s, "condnim(\"cube\", 3)");
    assert!(out.contains("unknown condition `cube`"), "{out}");
    let out = run_text(&mut s, "primenim(3, -1)");
    assert!(
        out.contains("expected a heap of 0 to 1048576 tokens, not the integer -1"),
        "{out}"
    );
}

/// A family without ordinary algebra answers the calculator through the capabilities every
/// `Position` has, not a hook of its own: Prime-Nim refuses algebra (Mueller 3.3: a sum of
/// CCG has no inverses), prints as its expression, joins under `+` only with its own family,
/// and reports its moves in context; `isolated` is Conditional Nim's own function. An
/// ordinary position (Domineering) answers none of them.
#[test]
fn family_capabilities_replace_the_conditional_hook() {
    use cgcalc::calc::args::Args;
    use cgcalc::calc::value::Value;
    use cgcalc::game::Arena;
    use cgcalc::game::threat::Threats;
    use cgcalc::lang::functions::{Function, lookup};
    use cgcalc::rulesets::conditional_nim::isolated;
    use cgcalc::search::{Position, PositionValue, SearchEnv};

    // Positions built by the constructors' rows of the function table.
    let mut session = Session::new();
    let [five, three, four] = [5, 3, 4].map(|n| Value::Game(session.arena.integer(n)));
    let mut build = |name: &str, args: &[Value]| -> Box<dyn Position> {
        let Some(Function::Constructor(c, _)) = lookup(name) else {
            panic!("{name} is a constructor")
        };
        (c.build)(&mut session.context(), Args::new(args))
            .unwrap_or_else(|e| panic!("{name}: {}", e.message()))
    };
    let p = build("primenim", &[five, three.clone()]);
    let q = build("primenim", &[four]);
    let even = build("condnim", &[Value::Str("even".into()), three]);
    let dom = build("domineering", &[Value::Str("..|..".into())]);

    let refusal = p.no_algebra().expect("a conditional game refuses algebra");
    assert!(
        refusal
            .as_game
            .starts_with("`primenim(5, 3)` is a conditional game"),
        "{refusal:?}"
    );
    assert!(refusal.as_game.ends_with("another Prime-Nim position"));
    assert_eq!(p.value_text().as_deref(), Some("primenim(5, 3)"));

    // One family joins: the components of both, in the order given.
    let joined = p.join(&*q).expect("one family joins").unwrap();
    assert_eq!(joined.value_text().as_deref(), Some("primenim(5, 3, 4)"));
    // Two families (the condition differs) refuse to, with the reason.
    let why = p.join(&*even).expect("a kindred family").unwrap_err();
    assert!(why.contains("different families (Prime-Nim and conditional Nim \"even\")"));
    // Positions of other rulesets are not joined: `+` adds values (or refuses).
    assert!(p.join(&*dom).is_none() && dom.join(&*p).is_none());

    let mut arena = Arena::new();
    let mut threats = Threats::new();
    let mut env = SearchEnv {
        arena: &mut arena,
        threats: &mut threats,
        threads: 1,
        budget: Budget::default(),
        last: None,
    };
    // The paper's example 5 + 3 + 4 has nim value 2 (the brute force above agrees).
    let value = joined.value(&mut env);
    assert_eq!(value, PositionValue::Game(env.arena.nimber(2)));
    // Its moves in context (total 12; prime totals 11 and 7 are reachable): the 5-heap goes
    // to 4 (11) or 0 (7), the 3-heap to 2 (11), the 4-heap to 3 (11).
    let lines = joined.report(value, &mut env).expect("a report of its own");
    for line in ["*5: {*0, *4}", "*3: {*2}", "*4: {*3}"] {
        assert!(lines.iter().any(|l| l == line), "{line} in {lines:?}");
    }

    // An ordinary position has its value's algebra, text and report.
    let dom_value = dom.value(&mut env);
    assert!(dom.no_algebra().is_none() && dom.value_text().is_none());
    assert!(dom.join(&*dom).is_none() && dom.report(dom_value, &mut env).is_none());

    // isolated(P) belongs to Conditional Nim: the 3-heap alone is {*0_P, *1_P, *2_P}.
    assert!(
        isolated(Ok(&*p))
            .unwrap()
            .contains("*3 = {*0_P, *1_P, *2_P}")
    );
    let not_ours = isolated(Ok(&*dom)).unwrap_err();
    assert!(not_ours.contains("a domineering position is no conditional game"));
    let not_a_position = isolated(Err("game")).unwrap_err();
    assert!(not_a_position.ends_with("not a game"), "{not_a_position}");
}
