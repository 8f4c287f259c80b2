//! `:gc` and `:clear` compact the arena to the games still referred to, report what they
//! freed, and every value reads the same afterwards.

use crate::common::{run_ok, run_text};
use cgcalc::lang::Session;

fn switches(n: usize) -> String {
    (1..=n)
        .map(|i| format!("{{{i}|-{i}}}"))
        .collect::<Vec<_>>()
        .join("+")
}

/// The number in `text` right after `word` (`freed 123 games`).
fn number_after(text: &str, word: &str) -> usize {
    let rest = &text[text
        .find(word)
        .unwrap_or_else(|| panic!("{word:?} in {text}"))
        + word.len()..];
    rest.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn gc_frees_garbage_and_keeps_every_value() {
    let mut s = Session::new();
    let definitions = [
        "x = {2|1}",
        "y = [x, *3, {x|-x}, ^^*2, 1/8]",
        "z = {{5|4}|-3/2v*}",
        "f(n) = if n == 0 { x } else { {f(n - 1) | -n} }",
        "w = f(6)",
        "t = table(f(n) for n in 0..3)",
        "th = {on|*} + z",
        "p = dom(2,3)",
        "q = p + x",
        "h = {1|-1} + {2|-2} + {3|-3}",
    ];
    for d in definitions {
        run_text(&mut s, d);
    }
    let names = ["x", "y", "z", "w", "t", "th", "p", "q", "h", "f(4)"];
    let before: Vec<String> = names.iter().map(|n| run_ok(&mut s, n)).collect();
    run_ok(&mut s, "last = {x|z}");
    // Garbage: a sum with tens of thousands of followers, referred to by nothing.
    run_text(&mut s, &format!("{};", switches(25)));
    run_ok(&mut s, "0");
    let games_before = s.arena.len();
    assert!(games_before > 10_000, "{games_before}");

    let report = run_ok(&mut s, ":gc");
    let freed = number_after(&report, "freed");
    let kept = number_after(&report, "keeps");
    assert!(report.contains(" MiB)"), "{report}");
    assert_eq!(freed + kept, games_before, "{report}");
    assert_eq!(kept, s.arena.len(), "{report}");
    assert!(kept < 500, "{report}");

    // Every value prints as before, and new work agrees with the old ids.
    let after: Vec<String> = names.iter().map(|n| run_ok(&mut s, n)).collect();
    assert_eq!(before, after);
    assert_eq!(run_ok(&mut s, "last == {x|z}"), "true");
    assert_eq!(run_ok(&mut s, "w == f(6)"), "true");
    assert_eq!(run_ok(&mut s, "x + {2|1} - x"), "{2|1}");
    assert_eq!(run_ok(&mut s, "y[2] == {{2|1}|{-1|-2}}"), "true");
    assert_eq!(run_ok(&mut s, "q - p == x"), "true");
    assert_eq!(run_ok(&mut s, "temp(h)"), "3");
    // The work above made a little garbage; after collecting it, nothing is left to free.
    run_ok(&mut s, ":gc");
    let again = run_ok(&mut s, ":gc");
    assert!(again.starts_with("freed 0 games"), "{again}");

    // :clear forgets the variables and frees their games too.
    let cleared = run_ok(&mut s, ":clear");
    assert!(
        cleared.starts_with("cleared 10 variables and 1 function; freed "),
        "{cleared}"
    );
    // (threat games are kept with the short games they refer to)
    assert!(s.arena.len() < 50, "{cleared}");
    assert_eq!(run_ok(&mut s, "{2|1} + {1|-1}"), "{3|2||1|0}");
}
