//! Deep values read back (language.md R9 at depth): games born on day 5000 print, parse
//! (`parser::MAX_DEPTH`) and evaluate to the same id, from an ordinary test thread (the
//! session runs each statement on a big stack). Texts that would nest deeper than the parser
//! accepts are not printed but summarised, saying why.

use crate::common::{Rng, run_ok, run_text};
use cgcalc::calc::value::Value;
use cgcalc::game::{Dyadic, GameId};
use cgcalc::lang::Session;
use cgcalc::syntax::parser::MAX_DEPTH;

/// Runs `f` on a thread with a 1 GiB stack (building deep games recurses along birthdays).
fn big_stack<T: Send>(f: impl FnOnce() -> T + Send) -> T {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(cgcalc::STACK_SIZE)
            .spawn_scoped(scope, f)
            .unwrap()
            .join()
            .unwrap()
    })
}

/// A game of `depth` levels: each level puts the previous game in template `template` (0 or
/// 1: `{1, G | -1}`, `{2, G | -1/2}`, both one brace level per day), or in a random one of
/// five for `template` 2 (these often collapse to shallow values). Constants only, so that
/// the games stay small while they get deep.
fn deep_game(s: &mut Session, rng: &mut Rng, depth: usize, template: usize) -> GameId {
    let a = &mut s.arena;
    let (one, two, minus_one) = (a.integer(1), a.integer(2), a.integer(-1));
    let (half, minus_half, star) = (
        a.number(Dyadic::new(1, 1)),
        a.number(Dyadic::new(-1, 1)),
        a.nimber(1),
    );
    let mut g = a.game(vec![one], vec![minus_one]);
    for _ in 0..depth {
        let t = if template < 2 { template } else { rng.below(5) };
        g = match t {
            0 => a.game(vec![one, g], vec![minus_one]),
            1 => a.game(vec![two, g], vec![minus_half]),
            2 => a.game(vec![one], vec![g]),
            3 => a.game(vec![g, half], vec![star, minus_one]),
            _ => a.game(vec![g, star], vec![minus_one]),
        };
    }
    g
}

/// Deepest nesting of brackets in `text`.
fn nesting(text: &str) -> usize {
    let (mut depth, mut max) = (0usize, 0usize);
    for c in text.bytes() {
        match c {
            b'{' | b'(' | b'[' => {
                depth += 1;
                max = max.max(depth);
            }
            b'}' | b')' | b']' => depth -= 1,
            _ => {}
        }
    }
    max
}

/// Prints the variable `x` in full, reads the text back as `y` and checks it is the same id.
fn round_trip(s: &mut Session, g: GameId) -> String {
    s.set_variable("x", Value::Game(g));
    let text = run_ok(s, "x");
    run_ok(s, &format!("y = {text}"));
    match s.variable("y") {
        Some(Value::Game(h)) => assert_eq!(
            *h,
            g,
            "{}... reads back as a different value",
            &text[..80.min(text.len())]
        ),
        other => panic!("reads back as {other:?}"),
    }
    text
}

#[test]
fn deep_games_read_back() {
    let mut s = Session::new();
    run_ok(&mut s, ":print-limit 0");
    let mut rng = Rng::xorshift64(15);
    let mut deepest = 0;
    for depth in [10, 200, 790, 2000, 5000] {
        for template in 0..3 {
            let (t, g, rng2) = big_stack(move || {
                let mut rng = rng;
                let g = deep_game(&mut s, &mut rng, depth, template);
                (s, g, rng)
            });
            (s, rng) = (t, rng2);
            let text = round_trip(&mut s, g);
            deepest = deepest.max(nesting(&text));
            assert!(!text.starts_with('<'), "depth {depth}: {text:.200}");
        }
    }
    assert!(deepest >= 5000, "deepest nesting {deepest}");
}

/// A chain `{n | {n-1 | ... {1|-1}}}` prints with one brace per four days; born on day
/// 5002 it needs about 1250 brace levels and 3750 slash levels, which the old limit of
/// 200 levels refused on input.
#[test]
fn a_printed_chain_of_5000_levels_reads_back() {
    let mut s = Session::new();
    run_ok(&mut s, ":print-limit 0");
    run_text(&mut s, "k = {1|-1}\nfor i in 1..5000 { k = {i|k}; }");
    let text = run_ok(&mut s, "k");
    assert!(text.len() > 30_000, "{}", text.len());
    run_ok(&mut s, &format!("r = {text}"));
    assert_eq!(run_ok(&mut s, "r == k"), "true");
    assert_eq!(run_ok(&mut s, "birthday(r)"), "5002");
}

/// Input nested deeper than the limit is an error, not a crash; at the limit it works.
#[test]
fn input_deeper_than_the_limit_is_an_error() {
    let mut s = Session::new();
    let at = format!(
        "{}1{}",
        "(".repeat(MAX_DEPTH - 1),
        ")".repeat(MAX_DEPTH - 1)
    );
    assert_eq!(run_ok(&mut s, &at), "1");
    let over = format!(
        "{}1{}",
        "(".repeat(MAX_DEPTH + 1),
        ")".repeat(MAX_DEPTH + 1)
    );
    let err = run_text(&mut s, &over);
    assert!(
        err.contains(&format!("nested too deeply (more than {MAX_DEPTH} levels)")),
        "{err:.300}"
    );
    // The error echoes a window of the line, not 40,000 characters.
    assert!(err.len() < 1000, "{}", err.len());
    assert_eq!(run_ok(&mut s, "1 + 1"), "2");
}

/// A game printed deeper than input may nest is summarised with the reason, not printed in
/// a form that would not read back.
#[test]
fn games_deeper_than_the_input_limit_are_summarised() {
    let mut s = Session::new();
    run_ok(&mut s, ":print-limit 0");
    // {1, {1, {... | -1} | -1} | -1}: one brace level per day
    let g = big_stack(|| {
        let a = &mut s.arena;
        let (one, minus_one) = (a.integer(1), a.integer(-1));
        let mut g = a.game(vec![one], vec![minus_one]);
        for _ in 0..MAX_DEPTH * 5 / 4 {
            g = a.game(vec![one, g], vec![minus_one]);
        }
        g
    });
    s.set_variable("x", Value::Game(g));
    let out = run_ok(&mut s, "x");
    assert!(out.starts_with("<game with birthday"), "{out:.300}");
    assert!(out.contains("nested too deeply"), "{out:.300}");
    assert!(out.len() < 400, "{out}");
    assert_eq!(run_ok(&mut s, "x == x"), "true");
}
