//! Toppling Dominoes: values derived by hand and from the paper (Fink, Nowakowski, Siegel,
//! Wolfe, *Toppling Dominoes*), values against the rules written out here on plain strings,
//! negatives, options, errors.

use std::collections::HashMap;

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use crate::toadsandfrogs::define_by_rules;
use cgcalc::lang::Session;

/// Toppling Dominoes on a plain string (CGSuite's rules): each of the player's dominoes (`l`
/// for Left, `r` for Right) or a grey `e` clears the cells from the start of its row to itself,
/// or from itself to the end of its row; rows are separated by `|`.
fn toppling_options(position: &str, left: bool) -> Vec<String> {
    let cells: Vec<char> = position.chars().collect();
    let mine = if left { 'l' } else { 'r' };
    let mut out = Vec::new();
    for i in 0..cells.len() {
        if cells[i] != mine && cells[i] != 'e' {
            continue;
        }
        let start = (0..i).rev().find(|&j| cells[j] == '|').map_or(0, |j| j + 1);
        let end = (i..cells.len())
            .find(|&j| cells[j] == '|')
            .unwrap_or(cells.len());
        for range in [start..i + 1, i..end] {
            let mut next = cells.clone();
            for c in &mut next[range] {
                *c = '.';
            }
            out.push(next.into_iter().collect());
        }
    }
    out
}

/// By hand. A row of n blue dominoes is n (Fink et al.: Left topples the end one and keeps
/// n - 1; Right has no move). `lr`: Left's best is to topple right, clearing the row (0; left
/// leaves `r` = -1), Right's likewise: {0|0} = *. `lrl`: Left can clear or leave `rl` = *,
/// Right leaves `l` = 1 either way: {0, *|1}, and * reverses through 0 (0 <= G) to nothing:
/// {0|1} = 1/2. `le`: Left leaves `e` = *, 0 or `l` = 1, Right 0 or 1: {1|0}. Grey rows are
/// nim heaps: `eee` = *3. Rows add: `l|r` = 1 - 1 = 0, and a gap changes nothing in CGSuite's
/// rules (`l.r` = `lr`). `lrrll` = {1|*} is the value in cgt's own tests (cgt 0.11.0,
/// toppling_dominoes.rs).
#[test]
fn values_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("topplingdominoes(\"l\")", "1"),
            ("topplingdominoes(\"lll\")", "3"),
            ("topplingdominoes(\"rrrr\")", "-4"),
            ("topplingdominoes(\"lr\")", "*"),
            ("topplingdominoes(\"rl\")", "*"),
            ("topplingdominoes(\"lrl\")", "1/2"),
            ("topplingdominoes(\"rlr\")", "-1/2"),
            ("topplingdominoes(\"le\")", "{1|0}"),
            ("topplingdominoes(\"eee\")", "*3"),
            ("topplingdominoes(\"l|r\")", "0"),
            ("topplingdominoes(\"l.r\")", "*"),
            ("topplingdominoes(\"\")", "0"),
            ("topplingdominoes(\"lrrll\")", "{1|*}"),
        ],
    );
}

/// Random rows (one or two, with gaps and grey dominoes): the ruleset's value is the value of
/// the rules written out on strings.
#[test]
fn values_agree_with_the_rules_on_strings() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(2019);
    let mut memo = HashMap::new();
    for _ in 0..iterations(150) {
        let rows: Vec<String> = (0..1 + rng.below(2))
            .map(|_| {
                (0..rng.below(6))
                    .map(|_| *rng.pick(&['l', 'r', 'e', '.', 'l', 'r']))
                    .collect()
            })
            .collect();
        let row = rows.join("|");
        let v = define_by_rules(&mut s, &mut memo, &row, &toppling_options);
        let check = format!("topplingdominoes(\"{row}\") == {v}");
        assert_eq!(run_ok(&mut s, &check), "true", "{check}");
    }
}

/// G + -G = 0 with -G the colours exchanged, a row reversed keeps its value, and
/// G = {left(G) | right(G)}, on random rows of up to 14 dominoes.
#[test]
fn negatives_mirrors_and_options_on_random_rows() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(5);
    for _ in 0..iterations(60) {
        let n = 1 + rng.below(14);
        let row: String = (0..n)
            .map(|_| *rng.pick(&['l', 'r', 'e', 'l', 'r']))
            .collect();
        let neg: String = row
            .chars()
            .map(|c| match c {
                'l' => 'r',
                'r' => 'l',
                c => c,
            })
            .collect();
        let rev: String = row.chars().rev().collect();
        for check in [
            format!("topplingdominoes(\"{row}\") + topplingdominoes(\"{neg}\") == 0"),
            format!("topplingdominoes(\"{row}\") == topplingdominoes(\"{rev}\")"),
        ] {
            assert_eq!(run_ok(&mut s, &check), "true", "{check}");
        }
        let check = format!("P = topplingdominoes(\"{row}\"); {{left(P) | right(P)}} == P");
        let got = run_text(&mut s, &check);
        assert_eq!(got.lines().last(), Some("true"), "{check}");
    }
}

#[test]
fn bad_rows_are_refused_at_the_character() {
    let mut s = Session::new();
    let err = run_text(&mut s, "topplingdominoes(\"lrxl\")");
    assert!(err.contains("unexpected `x` at character 3"), "{err}");
    assert!(
        err.contains("`l` (blue, Left's), `r` (red, Right's), `e` (grey"),
        "{err}"
    );
    let long = "l".repeat(65);
    let err = run_text(&mut s, &format!("topplingdominoes(\"{long}\")"));
    assert!(
        err.contains("65 cells") && err.contains("at most 64"),
        "{err}"
    );
    let err = run_text(&mut s, "TopplingDominoes(\"lr\")");
    assert!(err.contains("topplingdominoes"), "{err}");
}

#[test]
fn moves_are_named_by_domino_and_direction() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            (
                "[lastmove(q) for q in right(topplingdominoes(\"lrrll\"))]",
                "[\"2<\", \"2>\", \"3<\", \"3>\"]",
            ),
            // 2< leaves `rll` = {1|0} (Left's best leaves `l`, Right's clears), 2> `l` = 1,
            // 3< `ll` = 2, 3> `lr` = *.
            ("right(topplingdominoes(\"lrrll\"))", "[{1|0}, 1, 2, *]"),
            // A lone domino toppled either way leaves the same row: one name for both.
            (
                "[lastmove(q) for q in left(topplingdominoes(\"l|rl\"))]",
                "[\"1:1>\", \"1:1>\", \"2:2<\", \"2:2>\"]",
            ),
        ],
    );
}
