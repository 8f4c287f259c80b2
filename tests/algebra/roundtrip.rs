//! Round trip (language.md R9): every printed game reads back as the same value.
//!
//! Games are built directly in a session's arena, printed with `Arena::display`, parsed with
//! `parse_expr` and evaluated by the same session, so equal values have equal ids.

use crate::common::{GamePool, Rng, iterations};
use cgcalc::calc::value::Value;
use cgcalc::game::display::{Uptimal, UptimalShape};
use cgcalc::game::{Dyadic, GameId, Nus};
use cgcalc::lang::Session;
use cgcalc::lang::parse_expr;

fn read_back(s: &mut Session, text: &str) -> Value {
    let e = parse_expr(text).unwrap_or_else(|e| {
        panic!(
            "printed {text:?} does not parse:\n{}",
            e.render(text, "<printed>")
        )
    });
    s.eval(&e).unwrap_or_else(|e| {
        panic!(
            "printed {text:?} does not evaluate:\n{}",
            e.render(text, "<printed>")
        )
    })
}

fn check(s: &mut Session, g: GameId) {
    let text = s.arena.display(g);
    match read_back(s, &text) {
        Value::Game(h) => {
            if h != g {
                let back = s.arena.display(h);
                panic!("{text:?} reads back as a different value, printed {back:?}");
            }
        }
        other => panic!("{text:?} reads back as a {}", other.type_name()),
    }
}

fn random_dyadic(rng: &mut Rng) -> Dyadic {
    let exp = rng.below(6) as u32;
    let num = rng.below(81) as i64 - 40;
    Dyadic::new(num, exp)
}

/// A random "special" value: number-up-star, uptimals, switches, Tiny/Miny, shifted.
fn special(s: &mut Session, pool: &mut GamePool, rng: &mut Rng) -> GameId {
    let a = &mut s.arena;
    let x = random_dyadic(rng);
    match rng.below(7) {
        0 => a.number(x),
        1 => a.nus(Nus {
            number: if rng.chance(1, 2) { Dyadic::ZERO } else { x },
            ups: rng.below(11) as i64 - 5,
            nim: rng.below(9) as u32,
        }),
        2 => a.uptimal_value(Uptimal {
            number: if rng.chance(1, 2) { Dyadic::ZERO } else { x },
            shape: if rng.chance(1, 2) {
                UptimalShape::UpNth
            } else {
                UptimalShape::UpTo
            },
            n: 1 + rng.below(6) as u32,
            negative: rng.chance(1, 2),
            nim: rng.below(4) as u32,
        }),
        3 => {
            let g = if rng.chance(1, 2) {
                pool.fresh(a, rng)
            } else {
                a.number(x)
            };
            a.switch(g)
        }
        4 | 5 => {
            let g = if rng.chance(1, 2) {
                pool.fresh(a, rng)
            } else {
                let y = random_dyadic(rng).abs();
                a.number(y)
            };
            let t = if rng.chance(1, 2) {
                a.tiny(g)
            } else {
                a.miny(g)
            };
            let shift = a.number(if rng.chance(1, 2) { Dyadic::ZERO } else { x });
            a.add(t, shift)
        }
        _ => {
            let g = pool.fresh(a, rng);
            let h = pool.any(rng);
            a.ordinal_sum(g, h)
        }
    }
}

#[test]
fn random_games_read_back() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(21);
    let mut pool = GamePool::new(&mut s.arena);
    for _ in 0..iterations(10_000) {
        let g = pool.fresh(&mut s.arena, &mut rng);
        check(&mut s, g);
    }
}

#[test]
fn special_values_and_random_sums_read_back() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(22);
    let mut pool = GamePool::new(&mut s.arena);
    pool.warm_up(&mut s.arena, &mut rng, 300);
    for i in 0..iterations(10_000) {
        let g = special(&mut s, &mut pool, &mut rng);
        check(&mut s, g);
        // Sums of two or three games, mixing special values and random ones.
        let h = if i % 2 == 0 {
            pool.any(&mut rng)
        } else {
            special(&mut s, &mut pool, &mut rng)
        };
        let mut sum = s.arena.add(g, h);
        if i % 3 == 0 {
            let k = pool.any(&mut rng);
            sum = s.arena.add(sum, k);
        }
        check(&mut s, sum);
    }
}

#[test]
fn hand_picked_values_read_back() {
    let mut s = Session::new();
    for text in [
        "0",
        "-7",
        "3/8",
        "-1/2",
        "73/16v9*8",
        "1/2v*",
        "-1/2v*",
        "6^*",
        "9/8*",
        "^3*2",
        "v3",
        "^<2>",
        "^<5>",
        "v<3>*",
        "^[4]",
        "v[2]*",
        "3^<2>",
        "-5/4v[3]",
        "Tiny(2)",
        "2Tiny(2)",
        "Miny({5||3|1})",
        "-3Miny(1/2)",
        "+-1",
        "+-^^",
        "+-(1*)",
        "+-{1,1*}",
        "+-{10|8||6|4|||4|2||0|-2}",
        "{3||2*|1*}",
        "{1|^^||^}",
        "{^3|vv}",
        "{0|*||*|||*||||*}",
        "{5||3|1|||0||||0}",
        "{1,1+*|-1,-1+*}",
        "{0||0|-2}",
        "{2||1|0|||0||||-1}",
        "4611686018427387903",
        "-4611686018427387903/4611686018427387904",
    ] {
        let g = match read_back(&mut s, text) {
            Value::Game(g) => g,
            v => panic!("{text} is a {}", v.type_name()),
        };
        check(&mut s, g);
    }
}

#[test]
fn printed_lists_read_back() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(23);
    let mut pool = GamePool::new(&mut s.arena);
    for _ in 0..iterations(2_000) {
        let n = rng.below(4);
        let games: Vec<GameId> = (0..n).map(|_| pool.fresh(&mut s.arena, &mut rng)).collect();
        let texts: Vec<String> = games.iter().map(|&g| s.arena.display(g)).collect();
        let src = format!("[{}]", texts.join(", "));
        // The REPL prints the list ...
        let mut printed = Vec::new();
        s.run_source(&src, "<list>", true, &mut |r| {
            assert!(r.error.is_none(), "{src}: {:?}", r.error);
            printed.push(r.output.clone().unwrap_or_default());
        });
        assert_eq!(printed, vec![src.clone()], "a list prints as [a, b]");
        // ... and the printed text reads back as the same list.
        match read_back(&mut s, &printed[0]) {
            Value::List(items) => {
                let ids: Vec<GameId> = items
                    .iter()
                    .map(|v| match v {
                        Value::Game(g) => *g,
                        v => panic!("list item is a {}", v.type_name()),
                    })
                    .collect();
                assert_eq!(ids, games);
            }
            v => panic!("{src} reads back as a {}", v.type_name()),
        }
    }
    // Lists returned by functions print and read back too.
    for src in [
        "left({3|2})",
        "right(+-{1,1*})",
        "left(^<3>)",
        "[[1, *], []]",
    ] {
        let mut out = String::new();
        s.run_source(src, "<list>", true, &mut |r| {
            assert!(r.error.is_none(), "{src}: {:?}", r.error);
            out = r.output.clone().unwrap();
        });
        let mut again = String::new();
        s.run_source(&out, "<list>", true, &mut |r| {
            assert!(r.error.is_none(), "{out}: {:?}", r.error);
            again = r.output.clone().unwrap();
        });
        assert_eq!(out, again, "{src}");
    }
}

/// Regression test for a fixed bug (src/game/display.rs `recognise_uptimal` gives up above birthday 200, while literals
/// accept `^[n]` up to n = 1000): `^[1000]` prints as 3210 characters of nested braces around
/// `^[199]`, within the default print limit, and that text does not read back
/// ("expression nested too deeply (more than 200 levels)"), breaking R9. `^[n]` for
/// 200 <= n < 1000 reads back but is not printed as `^[n]`.
/// Reproducer: `cgcalc -e "$(cgcalc -e '^[1000]')"`.
#[test]
fn large_uptimals_print_compactly_and_read_back() {
    let mut s = Session::new();
    for n in [200u32, 500, 1000] {
        let g = s.arena.up_to(n);
        assert_eq!(s.arena.display(g), format!("^[{n}]"));
        check(&mut s, g);
    }
}

/// Regression test (see `up_nth_values` in tests/algebra.rs): the literal `^<3>` once evaluated to `^`.
/// ^<3> = {0 | v[2]*} (WW ch. 9), which must print as `^<3>`.
#[test]
fn up_nth_literals_have_their_values() {
    let mut s = Session::new();
    let expect = [
        ("^<3>", "{0|v[2]*}"),
        ("^<4>", "{0|v[3]*}"),
        ("v<3>", "{^[2]*|0}"), // -{0|v[2]*} = {^[2]*|0}
    ];
    for (lit, game) in expect {
        let (a, b) = match (read_back(&mut s, lit), read_back(&mut s, game)) {
            (Value::Game(a), Value::Game(b)) => (a, b),
            _ => unreachable!(),
        };
        assert_eq!(a, b, "{lit} == {game}");
        assert_eq!(s.arena.display(b), lit);
    }
}

/// Strings print their control characters as escapes that read back (`\t`, `\u{1b}`), so a
/// printed string cannot send commands to the terminal (ESC, BEL, a C1 CSI) and `:save`d
/// strings load as they were.
#[test]
fn strings_with_control_characters_print_escaped_and_read_back() {
    let mut s = Session::new();
    let raw = "a\u{1b}[31mred\u{7}\tb\u{9b}c\u{7f}\r\"\\\n";
    s.set_variable("x", Value::Str(raw.to_string()));
    let mut printed = String::new();
    s.run_source("x", "<t>", true, &mut |r| {
        printed = r.output.clone().unwrap();
    });
    assert_eq!(
        printed,
        r#""a\u{1b}[31mred\u{7}\tb\u{9b}c\u{7f}\u{d}\"\\\n""#
    );
    assert!(!printed.chars().any(char::is_control), "{printed:?}");
    match read_back(&mut s, &printed) {
        Value::Str(back) => assert_eq!(back, raw),
        v => panic!("reads back as a {}", v.type_name()),
    }
    // An escape that is not one stays as written, as before: `\u` without braces, a code
    // point that is no character.
    match read_back(&mut s, r#""C:\users\u{d800}\u{110000}""#) {
        Value::Str(back) => assert_eq!(back, r"C:\users\u{d800}\u{110000}"),
        v => panic!("reads back as a {}", v.type_name()),
    }
}
