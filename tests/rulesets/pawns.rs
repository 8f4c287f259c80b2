//! Chess pawn structures (`pawns(fen)`) against the published values of Mäser's thesis
//! *Divide and Conquer in Game Tree Search* (ch. 6–7) and his global-threats paper: same-file
//! pairs, formula 7.1, the worked figures, the game positions of 7.1.1, 7.3.2 and 7.3.5, the
//! `moves(P)` report, argument errors, and the early promotion detector against plain search.
//!
//! Each published value is checked under both rules, en passant as a local right (the
//! default) and without it (`"noep"`): in none of these structures (all but two) can a
//! double step land beside an enemy pawn, so the source's rule does not matter. The two
//! where it does, thesis 7.3.5 nos. 9 and 10, print the thesis' values only with en passant:
//! the thesis' program played it (issue 26; `seed-notes.md`).

use crate::common::{Rng, assert_outputs, run_ok, run_text};
use cgcalc::lang::Session;
use cgcalc::rulesets::pawns::{PawnStructure, Pawns};
use cgcalc::search::{Budget, Position, PositionValue, SearchEnv};

/// The FEN placement of a `files` x `ranks` board holding `pawns`: (`'P'` or `'p'`, file from
/// 0 = a, rank from 1 as in chess).
fn fen(files: usize, ranks: usize, pawns: &[(char, usize, usize)]) -> String {
    let mut rows = Vec::new();
    for rank in (1..=ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..files {
            match pawns.iter().find(|p| p.1 == file && p.2 == rank) {
                Some(&(c, _, _)) => {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    rows.join("/")
}

/// The last arguments of `pawns(...)` for the two rules: en passant (the default), none.
const RULES: [&str; 2] = ["", ", \"noep\""];

/// `src` with `rule` added as the last argument of every `pawns(...)` call in it.
fn with_rule(src: &str, rule: &str) -> String {
    let mut out = String::new();
    let mut rest = src;
    while let Some(i) = rest.find("pawns(") {
        out.push_str(&rest[..i + 6]);
        rest = &rest[i + 6..];
        // The call's closing parenthesis (FEN strings hold none).
        let mut depth = 1;
        let close = rest
            .char_indices()
            .find(|&(_, c)| {
                depth += match c {
                    '(' => 1,
                    ')' => -1,
                    _ => 0,
                };
                depth == 0
            })
            .map(|(j, _)| j)
            .expect("a closed pawns( call");
        out.push_str(&with_rule(&rest[..close], rule));
        out.push_str(rule);
        rest = &rest[close..];
    }
    out.push_str(rest);
    out
}

/// [`run_ok`] of `src` under `rule`.
fn run_rule(s: &mut Session, rule: &str, src: &str) -> String {
    run_ok(s, &with_rule(src, rule))
}

/// [`assert_outputs`] under `rule`.
fn assert_outputs_rule(s: &mut Session, rule: &str, cases: &[(&str, &str)]) {
    let cases: Vec<(String, &str)> = cases
        .iter()
        .map(|&(src, out)| (with_rule(src, rule), out))
        .collect();
    let cases: Vec<(&str, &str)> = cases.iter().map(|(a, b)| (a.as_str(), *b)).collect();
    assert_outputs(s, &cases);
}

/// [`assert_outputs`] under both rules.
fn assert_outputs_both_rules(s: &mut Session, cases: &[(&str, &str)]) {
    for rule in RULES {
        assert_outputs_rule(s, rule, cases);
    }
}

/// The value after `player`'s move `mv` in a `moves(P)` report: a move row is the player, the
/// move (which may end in ` e.p.`), its chunk's value, then the whole position's and who wins
/// it.
fn move_value(report: &str, player: &str, mv: &str) -> String {
    for line in report.lines() {
        let words: Vec<&str> = line.split_whitespace().collect();
        if words.len() >= 3 && words[0] == player && words[1] == mv && words[2] != "e.p." {
            return words[2].to_string();
        }
    }
    panic!("no move {player} {mv} in the report:\n{report}");
}

/// The `winning moves:` line of a report.
fn winning_moves(report: &str) -> &str {
    report
        .lines()
        .find(|l| l.starts_with("winning moves:"))
        .unwrap_or_else(|| panic!("no winning moves line in:\n{report}"))
}

// Thesis 7.1.2 and Figure 7.2 (Elkies): a White pawn on rank r1 facing a Black pawn on rank r2
// of the same file of an 8x8 board; the value does not depend on the file.
#[test]
fn same_file_pairs_on_every_file() {
    let table = [
        (2, 3, "0"),
        (2, 4, "*"),
        (2, 5, "^"),
        (2, 6, "^^*"),
        (2, 7, "0"),
        (3, 5, "*"),
        (3, 6, "0"),
        (3, 7, "vv*"),
        (4, 6, "*"),
        (4, 7, "v"),
        (5, 7, "*"),
    ];
    let mut s = Session::new();
    let mut failures = Vec::new();
    for (r1, r2, value) in table {
        for file in 0..8 {
            let f = fen(8, 8, &[('P', file, r1), ('p', file, r2)]);
            for rule in RULES {
                let call = format!("pawns(\"{f}\"{rule})");
                let got = run_ok(&mut s, &call);
                if got != value {
                    failures.push(format!(
                        "{call} (ranks {r1},{r2}): expected {value}, got {got}"
                    ));
                }
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

// Thesis 7.1.2, Figure 7.2: one row between the pawns is * and two rows 0 (no double steps).
#[test]
fn same_file_parity_without_double_steps() {
    let mut s = Session::new();
    assert_outputs_both_rules(
        &mut s,
        &[
            ("pawns(\"8/8/8/3p4/8/3P4/8/8\")", "*"),
            ("pawns(\"8/8/3p4/8/8/3P4/8/8\")", "0"),
        ],
    );
}

// Thesis formula 7.1: White pawn on its start square, Black pawn without a double step, s
// empty squares apart, on a board tall enough (8 x 12, and 1 x 12: the width is irrelevant).
#[test]
fn formula_7_1_on_a_tall_board() {
    let expected = ["0", "*", "^", "^^*", "^3", "^4*", "^5", "^6*"];
    let expressions = ["0", "*", "^", "^^*", "3.^", "4.^ + *", "5.^", "6.^ + *"];
    let mut s = Session::new();
    assert_eq!(run_ok(&mut s, "3.^"), "^3", "how 3.^ prints");
    for sq in 0..8 {
        let black = 3 + sq;
        for (files, file) in [(8, 0), (8, 4), (8, 7), (1, 0)] {
            let f = fen(files, 12, &[('P', file, 2), ('p', file, black)]);
            for rule in RULES {
                let call = format!("pawns(\"{f}\", {files}, 12{rule})");
                assert_eq!(run_ok(&mut s, &call), expected[sq], "s = {sq}: {call}");
                assert_eq!(
                    run_ok(&mut s, &format!("{call} == {}", expressions[sq])),
                    "true",
                    "s = {sq}: {call}"
                );
            }
        }
    }
}

// Thesis Figure 6.1 / GT paper Figure 2: White d3 e3, Black d5 e6 is *, and its options.
#[test]
fn figure_6_1_values() {
    let mut s = Session::new();
    assert_outputs_both_rules(
        &mut s,
        &[
            ("pawns(\"8/8/4p3/3p4/8/3PP3/8/8\")", "*"),
            // after 1.e3-e4
            ("pawns(\"8/8/4p3/3p4/4P3/3P4/8/8\")", "{*,{on|*}|*,{*|off}}"),
            // after 1.d3-d4
            ("pawns(\"8/8/4p3/3p4/3P4/4P3/8/8\")", "0"),
            // after 1...e6-e5
            ("pawns(\"8/8/8/3pp3/8/3PP3/8/8\")", "0"),
            ("pawns(\"8/8/4p3/3p4/8/3PP3/8/8\") == *", "true"),
            ("outcome(pawns(\"8/8/4p3/3p4/8/3PP3/8/8\"))", "N"),
        ],
    );
}

// Thesis 6.2 on Figure 6.1: the moves d3-d4 and e6-e5 go to 0, e3-e4 to {*,{on|*}|*,{*|off}}.
#[test]
fn figure_6_1_moves_report() {
    let mut s = Session::new();
    for rule in RULES {
        let report = run_rule(&mut s, rule, "moves(pawns(\"8/8/4p3/3p4/8/3PP3/8/8\"))");
        assert!(
            report.starts_with(&format!(
                "position 8/8/4p3/3p4/8/3PP3/8/8{} = *\n",
                if rule.is_empty() {
                    ""
                } else {
                    " (no en passant)"
                }
            )),
            "{report}"
        );
        assert!(
            report.contains("White first: White wins; Black first: Black wins"),
            "{report}"
        );
        assert!(
            report.contains("chunk 1: White d3 e3, Black d5 e6 = *"),
            "{report}"
        );
        assert_eq!(
            move_value(&report, "White", "e3-e4"),
            "{*,{on|*}|*,{*|off}}"
        );
        assert_eq!(move_value(&report, "White", "d3-d4"), "0");
        assert_eq!(move_value(&report, "Black", "e6-e5"), "0");
        assert_eq!(
            winning_moves(&report),
            "winning moves: White d3-d4, Black e6-e5"
        );
    }
}

// Thesis 6.3 Figure 6.2 (position read from the prose: each side's only move lets the other
// capture and promote): White d4, Black e6 is {{on|off}|{on|off}} = 0.
#[test]
fn figure_6_2_mutual_zugzwang() {
    let mut s = Session::new();
    for rule in RULES {
        assert_eq!(
            run_rule(&mut s, rule, "pawns(\"8/8/4p3/8/3P4/8/8/8\")"),
            "0"
        );
        let report = run_rule(&mut s, rule, "moves(pawns(\"8/8/4p3/8/3P4/8/8/8\"))");
        assert_eq!(move_value(&report, "White", "d4-d5"), "loss");
        assert_eq!(move_value(&report, "Black", "e6-e5"), "win");
        assert_eq!(winning_moves(&report), "winning moves: none");
    }
}

// Thesis 6.3.2, Figures 6.5-6.6 (position read from the prose: White d3 d4, Black e6):
// {{on|*}|} = 1, d4-d5 goes to {on|*} and e6-e5 loses to d4xe5.
#[test]
fn figure_6_5_example() {
    let mut s = Session::new();
    for rule in RULES {
        assert_eq!(
            run_rule(&mut s, rule, "pawns(\"8/8/4p3/8/3P4/3P4/8/8\")"),
            "1"
        );
        let report = run_rule(&mut s, rule, "moves(pawns(\"8/8/4p3/8/3P4/3P4/8/8\"))");
        assert_eq!(move_value(&report, "White", "d4-d5"), "{on|*}");
        assert_eq!(move_value(&report, "Black", "e6-e5"), "win");
    }
}

// Thesis 6.3.2 ({{on|*}|} = 1) and 7.2 (the value of Figure 7.3): threat games simplify by the
// ordinary rules.
#[test]
fn threat_simplification() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("{{on|*}|} == 1", "true"),
            ("{{on|*}|}", "1"),
            ("{{on|0,{0|off}}|{0,{on|0}|off}} == 0", "true"),
            ("{{on|0,{0|off}}|{0,{on|0}|off}}", "0"),
            ("{{on|off}|{on|off}}", "0"),
        ],
    );
}

// Thesis 7.2, Figure 7.3: White b2 c2, Black b4 c4 = {{on|0,{0|off}}|{0,{on|0}|off}} = 0.
#[test]
fn figure_7_3_two_against_two() {
    let mut s = Session::new();
    for rule in RULES {
        let p = "pawns(\"8/8/8/8/1pp5/8/1PP5/8\")";
        assert_eq!(run_rule(&mut s, rule, p), "0");
        assert_eq!(run_rule(&mut s, rule, &format!("outcome({p})")), "P");
        let report = run_rule(&mut s, rule, &format!("moves({p})"));
        for mv in ["b2-b3", "c2-c3"] {
            assert_eq!(move_value(&report, "White", mv), "{on|0,{0|off}}", "{mv}");
        }
        for mv in ["b4-b3", "c4-c3"] {
            assert_eq!(move_value(&report, "Black", mv), "{0,{on|0}|off}", "{mv}");
        }
        assert!(
            report.contains("White first: Black wins; Black first: White wins"),
            "{report}"
        );
        assert_eq!(winning_moves(&report), "winning moves: none");
    }
}

// Thesis 7.2, Figure 7.4 (the breakthrough): White a5 b5 c5, Black a7 b7 c7 is
// {on | {0,{on|0}|off}}; White to play wins with 1.b5-b6!, Black's only safe move is b7-b6.
#[test]
fn figure_7_4_breakthrough() {
    let mut s = Session::new();
    for rule in RULES {
        let p = "pawns(\"8/ppp5/8/PPP5/8/8/8/8\")";
        assert_eq!(run_rule(&mut s, rule, p), "{on||0,{on|0}|off}");
        assert_eq!(
            run_rule(&mut s, rule, &format!("{p} == {{on | {{0,{{on|0}}|off}}}}")),
            "true"
        );
        assert_eq!(run_rule(&mut s, rule, &format!("outcome({p})")), "L");
        let report = run_rule(&mut s, rule, &format!("moves({p})"));
        assert!(
            report.contains("White first: White wins; Black first: White wins"),
            "{report}"
        );
        assert_eq!(move_value(&report, "White", "b5-b6"), "win");
        assert_eq!(move_value(&report, "Black", "b7-b6"), "{0,{on|0}|off}");
        assert_eq!(move_value(&report, "Black", "a7-a6"), "win");
        assert_eq!(move_value(&report, "Black", "c7-c6"), "win");
        assert_eq!(winning_moves(&report), "winning moves: White b5-b6");
    }
}

// Thesis 7.1.1, Figure 7.1 (Sveda-Sika, Brno 1929): queenside ^, kingside vv*, sum v*, a
// first-player win: White wins with 1.h3-h4!, Black with 1...a6-a5!.
#[test]
fn sveda_sika() {
    let mut s = Session::new();
    assert_outputs_both_rules(
        &mut s,
        &[
            ("pawns(\"8/1p6/p7/8/8/8/PP6/8\")", "^"),
            ("pawns(\"8/7p/8/8/8/7P/8/8\")", "vv*"),
            (
                "pawns(\"8/1p5p/p7/8/8/7P/PP6/8\")",
                "v*\n# chunk 1: White a2 b2, Black a6 b7 = ^\n# chunk 2: White h3, Black h7 = vv*",
            ),
            ("pawns(\"8/1p5p/p7/8/8/7P/PP6/8\") == v*", "true"),
            ("outcome(pawns(\"8/1p5p/p7/8/8/7P/PP6/8\"))", "N"),
        ],
    );
    for rule in RULES {
        let report = run_rule(&mut s, rule, "moves(pawns(\"8/1p5p/p7/8/8/7P/PP6/8\"))");
        assert!(
            report.contains("White first: White wins; Black first: Black wins"),
            "{report}"
        );
        // G2 = {v | 0}: h3-h4 goes to v, h7-h6 to 0; G3 = {0 | *}: a6-a5 goes to *.
        assert_eq!(move_value(&report, "White", "h3-h4"), "v");
        assert_eq!(move_value(&report, "Black", "h7-h6"), "0");
        assert_eq!(move_value(&report, "Black", "a6-a5"), "*");
        let line = winning_moves(&report);
        assert!(line.contains("White h3-h4"), "{line}");
        assert!(line.contains("Black a6-a5"), "{line}");
        assert_eq!(
            line.matches(", ").count(),
            1,
            "exactly two winning moves: {line}"
        );
    }
}

// Thesis 7.3.5 no. 4 (Paoli-Michel): the Sveda-Sika queenside with colours reversed (White a3
// b2, Black a7 b7) is v, the negative of ^.
#[test]
fn paoli_michel_queenside_is_the_colour_mirror() {
    let mut s = Session::new();
    assert_outputs_both_rules(
        &mut s,
        &[
            ("pawns(\"8/pp6/8/8/8/P7/1P6/8\")", "v"),
            (
                "pawns(\"8/pp6/8/8/8/P7/1P6/8\") + pawns(\"8/1p6/p7/8/8/8/PP6/8\")",
                "0",
            ),
        ],
    );
}

// Thesis 7.3.2, Figure 7.6 (Popov-Dankov, Albena 1978): the kingside White g2 g3, Black g7 h6
// is {0 | -1}; 1.g3-g4 goes to 0 and 1...h6-h5 to -1.
#[test]
fn popov_dankov_kingside() {
    let mut s = Session::new();
    for rule in RULES {
        let p = "pawns(\"8/6p1/7p/8/8/6P1/6P1/8\")";
        assert_eq!(run_rule(&mut s, rule, p), "{0|-1}");
        assert_eq!(run_rule(&mut s, rule, &format!("outcome({p})")), "N");
        let report = run_rule(&mut s, rule, &format!("moves({p})"));
        assert_eq!(move_value(&report, "White", "g3-g4"), "0");
        assert_eq!(move_value(&report, "Black", "h6-h5"), "-1");
        assert_eq!(
            winning_moves(&report),
            "winning moves: White g3-g4, Black h6-h5"
        );
    }
}

// Thesis 7.3.5 no. 8 (Ranits-Wirius, Austria 1998): the kingside White f2 g2 h3, Black f6 g7
// h7 is 0; after 1...h7-h5, 2.f2-f4 leads to 0 and 2.g2-g3 to 1/4.
#[test]
fn ranits_wirius_kingside() {
    let mut s = Session::new();
    assert_outputs_both_rules(
        &mut s,
        &[
            ("pawns(\"8/6pp/5p2/8/8/7P/5PP1/8\")", "0"),
            // after 1...h7-h5 2.f2-f4
            ("pawns(\"8/6p1/5p2/7p/5P2/7P/6P1/8\")", "0"),
            // after 1...h7-h5 2.g2-g3
            ("pawns(\"8/6p1/5p2/7p/8/6PP/5P2/8\")", "1/4"),
        ],
    );
    for rule in RULES {
        let report = run_rule(&mut s, rule, "moves(pawns(\"8/6p1/5p2/7p/8/7P/5PP1/8\"))");
        assert_eq!(move_value(&report, "White", "f2-f4"), "0");
        assert_eq!(move_value(&report, "White", "g2-g3"), "1/4");
    }
}

// Thesis 7.3.5 no. 9 (Nehlert-Precour, Baden 1992): the queenside White a4 b3 c4, Black a6 b7
// c7 is {{1/2 | {0 | {0,{on|v}|off}}} | {-1|-2}}, temperature 7/8, only with en passant (the
// thesis' program played it; issue 26). White's winning move is the game's 1.b3-b4!, to the
// Left option; Black's move to the Right option {-1|-2} (negative: a win for Black moving
// first) is a6-a5. Without en passant the brute force (tests/pawns_brute.rs,
// `en_passant_structures`) gives {0||-1|-2}.
#[test]
fn nehlert_precour_queenside_needs_en_passant() {
    let mut s = Session::new();
    let p = "pawns(\"8/1pp5/p7/8/P1P5/1P6/8/8\")";
    let thesis = "{{1/2 | {0 | {0,{on|v}|off}}} | {-1|-2}}";
    assert_eq!(run_ok(&mut s, p), "{1/2|||0||0,{on|v}|off||||-1|-2}");
    assert_eq!(run_ok(&mut s, &format!("{p} == {thesis}")), "true");
    assert_eq!(run_ok(&mut s, &format!("outcome({p})")), "N");
    let report = run_ok(&mut s, &format!("moves({p})"));
    assert_eq!(
        move_value(&report, "White", "b3-b4"),
        "{1/2|||0||0,{on|v}|off}"
    );
    assert_eq!(move_value(&report, "Black", "a6-a5"), "{-1|-2}");
    assert_eq!(
        winning_moves(&report),
        "winning moves: White b3-b4, Black a6-a5"
    );
    let noep = with_rule(p, RULES[1]);
    assert_eq!(run_ok(&mut s, &noep), "{0||-1|-2}");
    assert_eq!(run_ok(&mut s, &format!("{noep} == {thesis}")), "false");
}

// Thesis 7.3.5 no. 10 (Jacek-Miler, Czech Rep. 1996): the kingside White f4 g3 h2, Black f7
// g6 h7 has the thesis' long value {2 | A, B, C, D} || 0, * (braces written out in
// tests/pawns_brute.rs, `en_passant_structures`), a first-player win; "White's only winning
// move is 1.g3-g4, and Black's only winning move is 1... h7-h5". Only with en passant; without
// it the brute force gives another value, whose Right option is 0 alone.
#[test]
fn jacek_miler_kingside_needs_en_passant() {
    let mut s = Session::new();
    let p = "pawns(\"8/5p1p/6p1/8/5P2/6P1/7P/8\")";
    let thesis = "{{2 | {2,{on|0}|off}, {{on|2,{2|off}}|{0,{on|0}|off}}, {{on|0},^|-2}, \
                  {0|{{on|0},^|-2}}} | 0, *}";
    assert_eq!(run_ok(&mut s, &format!("{p} == {thesis}")), "true");
    assert_eq!(run_ok(&mut s, p), "{2|{2,{on|0}|off},{^,{on|0}|-2}||0,*}");
    assert_eq!(run_ok(&mut s, &format!("outcome({p})")), "N");
    let report = run_ok(&mut s, &format!("moves({p})"));
    assert_eq!(
        winning_moves(&report),
        "winning moves: White g3-g4, Black h7-h5"
    );
    let noep = with_rule(p, RULES[1]);
    assert_eq!(
        run_ok(&mut s, &noep),
        "{{^^*|0},{on||^^*|0}|*,{*|off}||0|||0}"
    );
    assert_eq!(run_ok(&mut s, &format!("{noep} == {thesis}")), "false");
}

// Thesis 6.3 (result types win/loss): a lone passed pawn is a forced win. Forced wins of both
// sides in different chunks have no sum (on + off = dud), so the whole board is searched: the
// faster pawn wins the race.
#[test]
fn forced_promotions() {
    let mut s = Session::new();
    for rule in RULES {
        assert_outputs_rule(
            &mut s,
            rule,
            &[
                ("pawns(\"8/8/8/P7/8/8/8/8\")", "win"),
                ("pawns(\"8/8/8/8/8/8/p7/8\")", "loss"),
                ("outcome(pawns(\"8/8/8/P7/8/8/8/8\"))", "L"),
            ],
        );
        // White a5 promotes in three moves, Black h7 needs five (h7-h5 first): White wins
        // whoever starts, though the chunks alone are `win` and `loss`.
        assert_eq!(
            run_rule(&mut s, rule, "pawns(\"8/7p/8/P7/8/8/8/8\")"),
            "win\n# chunk 1: White a5 = win\n# chunk 2: Black h7 = loss"
        );
        assert_eq!(
            run_rule(&mut s, rule, "outcome(pawns(\"8/7p/8/P7/8/8/8/8\"))"),
            "L"
        );
        // Equal distances (White a6, Black h3: two moves each): whoever starts promotes first.
        assert_eq!(
            run_rule(&mut s, rule, "pawns(\"8/8/P7/8/8/7p/8/8\")")
                .lines()
                .next(),
            Some("{on|off}")
        );
        assert_eq!(
            run_rule(&mut s, rule, "outcome(pawns(\"8/8/P7/8/8/7p/8/8\"))"),
            "N"
        );
    }
}

/// The rendered error of `src` (which must fail) and its column.
fn error_of(s: &mut Session, src: &str) -> (String, usize) {
    let text = run_text(s, src);
    assert!(text.contains("error:"), "{src} should fail, got {text}");
    let first = text.lines().next().unwrap_or_default();
    // `t.cgt:1:COL: error: ...`
    let col = first
        .split(':')
        .nth(2)
        .and_then(|c| c.parse().ok())
        .unwrap_or_else(|| panic!("no column in {first}"));
    (text, col)
}

// The pawns(...) help in src/rulesets/mod.rs: bad placements and arguments are errors at the
// argument at fault, never panics.
#[test]
fn argument_errors() {
    let mut s = Session::new();
    // (call, column of the argument at fault, words of the message)
    let cases: &[(&str, usize, &str)] = &[
        ("pawns(\"8/8/8/8/8/8/8\")", 7, "7 ranks"),
        ("pawns(\"8/8/8/8/8/8/8/8/8\")", 7, "9 ranks"),
        ("pawns(\"\")", 7, "1 rank"),
        ("pawns(\"8/8/8/8/9/8/8/8\")", 7, "rank 4 has 9 squares"),
        ("pawns(\"8/8/8/8/7/8/8/8\")", 7, "rank 4 has 7 squares"),
        ("pawns(\"8/8/8/8/PPPPPPPPP/8/8/8\")", 7, "9 squares"),
        (
            "pawns(\"8/8/8/8/99999999999999999999/8/8/8\")",
            7,
            "squares",
        ),
        ("pawns(\"P7/8/8/8/8/8/8/8\")", 7, "a8"),
        ("pawns(\"8/8/8/8/8/8/8/p7\")", 7, "a1"),
        ("pawns(\"8/8/8/8/8/8/8/3P4\")", 7, "d1"),
        ("pawns(\"4k3/8/8/8/8/8/8/8\")", 7, "only pawns"),
        ("pawns(\"8/8/8/8/3K4/8/8/8\")", 7, "only pawns"),
        ("pawns(\"8/8/8/8/3N4/8/8/8\")", 7, "only pawns"),
        ("pawns(\"8/8/8/8/3q4/8/8/8\")", 7, "only pawns"),
        ("pawns(\"8/8/8/8/3x4/8/8/8\")", 7, "'x'"),
        ("pawns(\"8/8/8/8/3.4/8/8/8\")", 7, "'.'"),
        (
            "pawns(\"8/8/8/8/8/8/8/8\", 8)",
            1,
            "both the number of files and of ranks",
        ),
        ("pawns(\"8/8/8\", 0, 3)", 16, "from 1 to 16"),
        ("pawns(\"8/8/8\", 17, 3)", 16, "from 1 to 16"),
        ("pawns(\"8/8/8\", -1, 3)", 16, "from 1 to 16"),
        ("pawns(\"8/8\", 8, 2)", 17, "from 3 to 16"),
        ("pawns(\"8/8\", 8, 17)", 17, "from 3 to 16"),
        ("pawns(\"8/8/8\", \"8\", 3)", 16, "integer"),
        ("pawns(3)", 7, "the integer 3"),
        ("pawns(*)", 7, "not the game *"),
        ("pawns()", 1, "takes 1 to 4 arguments"),
        ("pawns(\"8\", 1, 1, 1, 1)", 1, "takes 1 to 4 arguments"),
        // The rule argument: "noep" or "ep", last.
        (
            "pawns(\"8/8/8/8/8/8/8/8\", \"nope\")",
            26,
            "expected \"noep\"",
        ),
        ("pawns(\"8/8/8\", 8, 3, \"EP\")", 22, "expected \"noep\""),
        ("pawns(\"8\", 1, 1, 1)", 18, "expected \"noep\""),
        ("pawns(\"8/8/8\", \"noep\", 8, 3)", 16, "goes last"),
        (
            "pawns(\"8/8/8/8/8/8/8/8\", 8, \"noep\")",
            1,
            "both the number of files and of ranks",
        ),
        ("pawns(\"8/8/8\", \"noep\", 3)", 16, "goes last"),
    ];
    let mut failures = Vec::new();
    for &(src, col, words) in cases {
        let (text, got_col) = error_of(&mut s, src);
        if got_col != col || !text.contains(words) {
            failures.push(format!(
                "{src}: expected column {col} and {words:?}, got:\n{text}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // Sizes at the limits are accepted.
    assert_outputs(
        &mut s,
        &[
            ("pawns(\"1/p/1/P/1\", 1, 5)", "*"),
            ("pawns(\"3/3/3\", 3, 3)", "0"),
            ("pawns(\"8/8/8/8/8/8/8/8\")", "0"),
            ("pawns(\"3/3/3\", 3, 3, \"noep\")", "0"),
            ("pawns(\"8/8/8/8/8/8/8/8\", \"noep\")", "0"),
            ("pawns(\"8/8/8/8/8/8/8/8\", \"ep\")", "0"),
        ],
    );
}

/// The value of a structure as text, searched with or without the early detector, with en
/// passant or without (`rule` as in [`RULES`]).
fn value_text(
    s: &mut Session,
    (fen, files, ranks): (&str, usize, usize),
    rule: &str,
    detector: bool,
) -> String {
    let board = Pawns::parse(fen, files, ranks).expect("a valid placement");
    let board = if rule.is_empty() {
        board
    } else {
        board.without_en_passant()
    };
    let mut p = PawnStructure::new(board, files);
    if !detector {
        p = p.without_detector();
    }
    let mut env = SearchEnv {
        arena: &mut s.arena,
        threats: &mut s.threats,
        threads: 1,
        budget: Budget::default(),
        last: None,
    };
    let v: PositionValue = p.value(&mut env);
    let t = v.to_threat(&mut s.threats);
    s.threats.display(&mut s.arena, t)
}

// Seed notes on thesis 7.3.5: the early detector of unstoppable pawns must be sound, so each
// published position has the same value with and without it, under both rules.
#[test]
fn detector_agrees_on_the_published_positions() {
    let mut s = Session::new();
    let mut boards: Vec<(&str, usize, usize)> = [
        "8/8/4p3/3p4/8/3PP3/8/8",
        "8/8/4p3/3p4/4P3/3P4/8/8",
        "8/8/4p3/8/3P4/3P4/8/8",
        "8/8/8/8/1pp5/8/1PP5/8",
        "8/ppp5/8/PPP5/8/8/8/8",
        "8/1p5p/p7/8/8/7P/PP6/8",
        "8/6p1/7p/8/8/6P1/6P1/8",
        "8/6pp/5p2/8/8/7P/5PP1/8",
        "8/6p1/5p2/7p/8/7P/5PP1/8",
        "8/8/8/P7/8/8/8/8",
        "8/1pp5/p7/8/P1P5/1P6/8/8",
        "8/5p1p/6p1/8/5P2/6P1/7P/8",
    ]
    .into_iter()
    .map(|f| (f, 8, 8))
    .collect();
    // White b2, Black a4 on 2 x 6 (tests/pawns_brute.rs, `en_passant_structures`): after
    // b2-b4 the pawn on b4 would outrun a4 if it were free, but a4xb3 e.p. takes it.
    boards.push(("2/2/p1/2/1P/2", 2, 6));
    for board in boards {
        for rule in RULES {
            let with = value_text(&mut s, board, rule, true);
            let without = value_text(&mut s, board, rule, false);
            assert_eq!(with, without, "{board:?}{rule}");
        }
    }
}

// Seed notes on thesis 7.3.5: the detector against plain search on random small structures
// (6 files x 8 ranks, up to four pawns a side).
#[test]
fn detector_agrees_on_random_structures() {
    let mut rng = Rng::xorshift64(0x7a3e_51c9);
    let mut s = Session::new();
    for _ in 0..crate::common::iterations(500) {
        // Pairs of a White pawn and a Black pawn ahead of it on the same or a neighbouring
        // file, so that most structures block instead of racing.
        let mut pawns: Vec<(char, usize, usize)> = Vec::new();
        for _ in 0..1 + rng.below(4) {
            let file = rng.below(6);
            let white = 2 + rng.below(3);
            let other = (file + rng.below(3)).saturating_sub(1).min(5);
            let black = white + 1 + rng.below(7 - white);
            for p in [('P', file, white), ('p', other, black)] {
                if !pawns.iter().any(|q| q.1 == p.1 && q.2 == p.2) {
                    pawns.push(p);
                }
            }
        }
        let f = fen(6, 8, &pawns);
        for rule in RULES {
            let with = value_text(&mut s, (&f, 6, 8), rule, true);
            let without = value_text(&mut s, (&f, 6, 8), rule, false);
            assert_eq!(with, without, "{f} (6 x 8){rule}");
        }
    }
}
