//! Elkies' pawn game's functions besides its constructor: the recursion (`epsilon`,
//! `loony`), the search checked against it (`elkiescheck`) and the tables of Elkies' 6.3
//! (`leastlengths`, `proportions`, `stopped`, `stopvalues`).

use std::fmt::Write;

use super::board::{Board, PlusNim};
use super::epsilon::{self, progress_printer};
use super::moves::white_move_values;
use super::tables;
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::calc::value::{MAX_LIST_LEN, Value};
use crate::function;
use crate::game::Arena;
use crate::search::{Game, GtResult, GtSearch, Player, Position};

/// Elkies' pawn game's registration: positions valued by the theorems (or searched), the
/// recursion and the paper's tables.
pub static RULESET: Ruleset = Ruleset {
    title: "Elkies' pawn game (Higher nimbers in pawn endgames)",
    constructors: &[Constructor {
        name: "elkies",
        signature: "elkies(word), elkies(m) or elkies(word, \"search\")",
        arity: 1..=2,
        summary: "a position of Elkies' pawn game with stopped files, valued by his theorems",
        help: "elkies(\"1000\") is the component [[1000]] of Elkies' pawn game (Higher nimbers in pawn\nendgames, 3.1 and 6.1): 3 rows, an initial file holds a White pawn on the bottom row and a\nBlack pawn on the top row; digit j of the word is file j, 1 = stopped (no two adjacent).\nPawns step or capture forward (captures optional, no double steps); reaching the far row\nof an unstopped file wins at once, on a stopped file the pawn just stays. elkies(7) is [7],\nseven unstopped files; elkies(\"1000 0 010\") holds several components, separated by an\nempty file. The value is the nim sum of the components' values *ε(w), from Elkies'\ntheorems without search: Theorem 2's closed form for [m] (any m), Theorem 3's recursion\n(epsilon(w), O(n^3) steps and 10 bytes per window) for words with stops; a comment names\nthe theorem. moves(P) lists each move in chess notation with the threat game it leads to,\nbuilt from the continuations of 6.1 (as the search finds them). elkies(w, \"search\") values\nthe actual game by GTSearch instead (at most 64 files; 9 or more take seconds to minutes);\nelkiescheck(n) compares the two.\nExample: elkies(\"1000\") is *2, elkies(4) is *, elkies(1000) is 0, elkies(\"0 0\") is 0.",
        build: build_elkies,
    }],
    functions: FUNCTIONS,
    fuzz: &[
        Fuzz {
            name: "elkies",
            check: FuzzCheck::Position,
        },
        Fuzz {
            name: "epsilon",
            check: FuzzCheck::Text(|word| Ok(epsilon::parse_word(word).is_ok())),
        },
    ],
    cgsuite_names: &[],
    caches: no_caches,
};

/// `elkies(word)`, `elkies(m)` or `elkies(word, "search")`: a [`TheoremPosition`] of
/// quiescent components, or (asked for) the actual game on a board for GTSearch.
///
/// [`TheoremPosition`]: elkies::position::TheoremPosition
fn build_elkies(c: &mut Context<'_>, a: Args) -> Result<Box<dyn Position>, CallError> {
    use super::epsilon::{MAX_WORD, parse_word, word_string};
    use super::position::{Component, TheoremPosition};
    let search = match a.get(1) {
        None => false,
        Some(_) if a.is_word(1, "search") => true,
        Some(_) => {
            return Err(a.expected(
                c.arena,
                1,
                "\"search\" (to search the actual game instead of using the theorems)",
            ));
        }
    };
    let components = match (a.integer_value(c.arena, 0), &a[0]) {
        (Some(m), _) if m >= 1 => vec![Component::Files(m as u64)],
        (Some(_), _) => return Err(a.expected(c.arena, 0, "a number of files, at least 1")),
        (None, Value::Str(s)) => {
            let words = s
                .split_whitespace()
                .map(parse_word)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| CallError::arg(0, m))?;
            if words.is_empty() {
                return Err(CallError::arg(0, "expected a word such as \"1000\""));
            }
            if let Some(w) = words
                .iter()
                .find(|w| w.len() > MAX_WORD && w.contains(&true))
            {
                return Err(CallError::arg(
                    0,
                    format!(
                        "a component of {} files with stopped files is out of reach: Theorem 3's recursion keeps nim values in 15 bits, enough for {MAX_WORD} files (without stops any length is valued by Theorem 2)",
                        w.len()
                    ),
                ));
            }
            words.into_iter().map(Component::Word).collect()
        }
        _ => {
            return Err(a.expected(c.arena, 0, "a word such as \"1000\" or a number of files"));
        }
    };
    if !search {
        return Ok(Box::new(TheoremPosition::new(components)));
    }
    let width = components
        .iter()
        .fold(0u64, |a, c| a.saturating_add(c.len() + 1))
        - 1;
    if width > super::board::MAX_FILES as u64 {
        return Err(CallError::arg(
            0,
            format!(
                "the search board holds at most {} files, this position has {width}; without \"search\" the theorems value any length",
                super::board::MAX_FILES
            ),
        ));
    }
    let words: Vec<Vec<bool>> = components
        .iter()
        .map(|c| match c {
            Component::Files(m) => vec![false; *m as usize],
            Component::Word(w) => w.clone(),
        })
        .collect();
    let board = super::board::Board::components(&words).map_err(|m| CallError::arg(0, m))?;
    let text = words
        .iter()
        .map(|w| format!("[[{}]]", word_string(w)))
        .collect::<Vec<_>>()
        .join(" + ");
    Ok(Box::new(
        crate::search::ThreatPosition::of(board, text, ["White", "Black"]).with_decomposition(),
    ))
}

/// Longest words `elkiescheck` searches (length 8 takes about a minute; each file more
/// multiplies the search by about 10).
const CHECK_MAX: i64 = 10;
/// Longest words for which `elkiescheck` also searches [[w]] + *k as one game.
const LITERAL_MAX: usize = 7;
/// Longest words whose searches share one table in `elkiescheck`.
const SHARED_MAX: usize = 8;
/// Longest words the exhaustive sweeps enumerate (length 43 takes minutes and 3.5 GB).
const SWEEP_MAX: i64 = 45;
/// Longest windows of a periodic pattern (every sixth file reaches *4096 at 187193).
const WINDOWS_MAX: i64 = 1_000_000;

/// The module functions, in the order `:help` lists them.
/// The functions, in the order `:help` lists them.
static FUNCTIONS: &[Function] = &[
    function!(
        "epsilon",
        "epsilon(word) or epsilon(m)",
        1..=1,
        Ruleset,
        "the nim value ε(w) of an Elkies component, by the recursion",
        "epsilon(\"1000\") is the nimber *ε(w) of the component [[w]] of Elkies' pawn game\n(digit j = file j, 1 = stopped, no two adjacent 1s), computed by the recursion of\nTheorems 1-3 (Elkies, Higher nimbers, 3.2 and 6.2, as fixed in seed-notes.md); epsilon(m)\nis [m] = m unstopped files (Theorem 2: 0 iff m = 0, 2, 3, 6, 9 mod 10). The search value of\nelkies(w) is the same nimber (elkiescheck).\nExample: epsilon(\"1000\") is *2, epsilon(\"101001000\") is *4, epsilon(7) is *.",
        |s, v| {
            let word = word_arg(s, v, 0)?;
            Ok(Value::Game(s.arena.nimber(epsilon::epsilon(&word) as u32)))
        }
    ),
    function!(
        "loony",
        "loony(word)",
        1..=1,
        Ruleset,
        "the loony flags U(w), S(w) of the recursion",
        "loony(\"0100\") is [U, S]: U is true when a move to [[:w]] (the pawn of the file before\nw advanced, attacking w's first file, that file unstopped) is loony, S the same when the\nadvanced pawn's own file is stopped (defined for words starting with 0; false otherwise).\nTheorem 2: a move to [:m] is loony iff m = 1 or 4 (mod 5), i.e. loony(m) starts with true.\nExample: loony(4) is [true, true], loony(2) is [false, true].",
        |s, v| {
            let word = word_arg(s, v, 0)?;
            let (u, st) = epsilon::loony_flags(&word);
            Ok(Value::List(vec![Value::Bool(u), Value::Bool(st)]))
        }
    ),
    function!(
        "elkiescheck",
        "elkiescheck(n) or elkiescheck(from, n)",
        1..=2,
        Ruleset,
        "search and recursion compared on every word up to length n",
        "elkiescheck(n) values every component [[w]] of length 1 to n (n <= 10) twice: by\nGTSearch of the actual pawn game, and by the recursion (epsilon). They agree when the\nsearch value is exactly the nimber *ε(w), so that [[w]] + *k is a second-player win exactly\nwhen k = ε(w); for words up to length 7 that is also checked literally, by searching\n[[w]] + *k as one game for k = 0 .. ε(w) + 1. Every move from each word is compared too:\nthe search's value of the position after it against the value moves(elkies(w)) lists\nwithout search. It reports the words, moves, nodes and time, and every disagreement. elkiescheck(from, n) checks the lengths from..n only. All words up to\nlength 10 take about 40 s; every file more about seven times as long.\nExample: elkiescheck(5), elkiescheck(9, 9).",
        |s, v| {
            let (from, n) = match v.values() {
                [_] => (1, v.int(s.arena, 0, 1..=CHECK_MAX)? as usize),
                _ => {
                    let from = v.int(s.arena, 0, 1..=CHECK_MAX)?;
                    (from as usize, v.int(s.arena, 1, from..=CHECK_MAX)? as usize)
                }
            };
            Ok(Value::Text(check(s, from, n)))
        }
    ),
    function!(
        "leastlengths",
        "leastlengths(k)",
        1..=1,
        Ruleset,
        "the least word length with value *j, for j = 1..k",
        "leastlengths(k) sweeps every word of each length (words are stored: memory grows as\nthe Fibonacci numbers) and lists, for j = 1 to k, the least length m with a word of value\n*j and the first such word. The paper's table (6.3): 1, 4, 6, 9, 11, 14, 16, 20, 22, 25, 27,\n30, 32, 37, 39, 43 for k = 1..16 (k = 16 takes minutes and 3.5 GB). Not as the paper says:\nat length 4 the words of value *2 are 1000, 0001, 0101 and 1010, not only 1000 and its\nreversal (see proportions(4)).\nExample: leastlengths(8).",
        |s, v| {
            let k = v.int(s.arena, 0, 1..=64)? as u16;
            Ok(Value::Text(least_lengths(k)))
        }
    ),
    function!(
        "proportions",
        "proportions(m)",
        1..=1,
        Ruleset,
        "how many words of length m have each value",
        "proportions(m) counts the words of length m (no two adjacent stops) by their value\nε(w), with each share (Elkies, 6.3, whose table covers m = 35..42; m = 42 takes about\ntwo minutes). proportions(4) shows four words of value *2, where the paper names only\n1000 and its reversal.\nExample: proportions(4).",
        |s, v| {
            let m = v.int(s.arena, 0, 1..=SWEEP_MAX)? as usize;
            Ok(Value::Text(proportions(m)))
        }
    ),
    function!(
        "stopped",
        "stopped(pattern, n) or stopped(p, first, n)",
        2..=3,
        Ruleset,
        "components with a periodic stop pattern, lengths 1..n",
        "stopped(\"000100\", n) values the components made of the first 1 to n files of the\ninfinite word repeating the pattern (files counted from 1; stopped(6, 4, n) is the same:\nevery sixth file stopped, from file 4). Only p windows of each length are computed\n(Elkies 6.3), in memory linear in n, with a progress line and Ctrl-C. It reports the first\nlength reaching *2^a, the largest value and the eventual period when one shows (the last\nvalues repeat with that period over at least three periods). Paper values: every sixth file\nfrom file 4 first reaches *8, *16, ... *4096 at lengths 51, 111, 202, 497, 1414, 3545,\n8255, 21208, 61985, 187193; stops at files 14r and 14r + 5 counted from 0\n(\"10000100000000\") have period 504 (from file 1 the period is 126). Not as the paper\nsays: every fourth file stopped never becomes periodic (*1024 first at length 19112).\nExample: stopped(6, 4, 600).",
        |s, v| {
            let (pattern, n) = pattern_args(s.arena, v)?;
            Ok(Value::Text(stopped_report(&pattern, n)))
        }
    ),
    function!(
        "stopvalues",
        "stopvalues(pattern, n) or stopvalues(p, first, n)",
        2..=3,
        Ruleset,
        "the values of the first 1..n files of a periodic stop pattern",
        "stopvalues(\"000100\", n) is the list of the nimbers ε of the components made of the\nfirst 1, 2, ..., n files of the repeated pattern (see stopped).\nExample: stopvalues(\"0\", 10) is [*, 0, 0, *, *, 0, *, *, 0, 0] (Theorem 2).",
        |s, v| {
            let (pattern, n) = pattern_args(s.arena, v)?;
            if n > MAX_LIST_LEN {
                return Err(CallError::Call(format!(
                    "{n} values would pass the list limit of {MAX_LIST_LEN}"
                )));
            }
            let report = tables::periodic(&pattern, n, Some(&mut progress_printer()));
            let a = &mut *s.arena;
            Ok(Value::List(
                report
                    .values
                    .iter()
                    .map(|&e| Value::Game(a.nimber(e as u32)))
                    .collect(),
            ))
        }
    ),
];

/// Argument `i` as a word for the recursion: a string of 0s and 1s, or an integer m for m
/// unstopped files; refused when the recursion's tables would pass the memory limit.
fn word_arg(s: &mut Context<'_>, v: Args, i: usize) -> Result<Vec<bool>, CallError> {
    let word = match &v[i] {
        Value::Str(w) => epsilon::parse_word(w).map_err(|m| CallError::Arg(i, m))?,
        _ => vec![false; v.int(s.arena, i, 0..=WINDOWS_MAX)? as usize],
    };
    if word.len() > epsilon::MAX_WORD && word.contains(&true) {
        return Err(CallError::Arg(
            i,
            format!(
                "a word of {} files with stopped files is out of reach: the recursion keeps nim values in 15 bits, enough for {} files",
                word.len(),
                epsilon::MAX_WORD
            ),
        ));
    }
    epsilon::check_recursion_memory(
        "the recursion of Theorems 1-3",
        word.len(),
        s.search.budget.memory,
    )
    .map_err(|m| CallError::Arg(i, m))?;
    Ok(word)
}

/// `(pattern, n)` or `(p, first, n)`.
fn pattern_args(a: &mut Arena, v: Args) -> Result<(Vec<bool>, usize), CallError> {
    let (pattern, last) = match v.values() {
        [Value::Str(s), _] => {
            let p = epsilon::parse_word(s).map_err(|m| CallError::Arg(0, m))?;
            if p.is_empty() {
                return Err(CallError::Arg(0, "the pattern is empty".into()));
            }
            epsilon::check_pattern(&p).map_err(|m| CallError::Arg(0, m))?;
            (p, 1)
        }
        [_, _, _] => {
            let p = v.int(a, 0, 2..=1000)? as usize;
            let first = v.int(a, 1, 1..=p as i64)? as usize;
            (tables::every(p, first), 2)
        }
        _ => {
            return Err(CallError::Arg(
                0,
                "expected a pattern string such as \"000100\", or the period and first stopped file: stopped(6, 4, n)".into(),
            ));
        }
    };
    let n = v.int(a, last, 1..=WINDOWS_MAX)? as usize;
    Ok((pattern, n))
}

/// Every valid word of length `m`, in lexicographic order.
fn words(m: usize) -> Vec<Vec<bool>> {
    (0..tables::word_counts(m)[m])
        .map(|r| tables::word_at(m, r))
        .collect()
}

/// The text of `elkiescheck(n)`.
fn check(s: &mut Context<'_>, from: usize, n: usize) -> String {
    let budget = s.search.budget;
    let (mut compared, mut moves, mut literal) = (0, 0, 0);
    let (mut value_failures, mut move_failures, mut sum_failures) =
        (Vec::new(), Vec::new(), Vec::new());
    let mut nodes = 0;
    // Up to length 8 one search per length: the words of a length share many sub-positions,
    // and the table is freed before the next length. Longer words get a search each, so
    // memory stays that of the largest word (about 0.5 GB at length 10).
    for m in from..=n {
        let mut values = Vec::new();
        let groups: Vec<Vec<Vec<bool>>> = if m <= SHARED_MAX {
            vec![words(m)]
        } else {
            words(m).into_iter().map(|w| vec![w]).collect()
        };
        for group in groups {
            let mut search = GtSearch::new(s.arena, s.threats, budget).with_decomposition(true);
            for w in group {
                let board = Board::initial(&w).expect("a valid word");
                let r = search.result(&board, None);
                // Each move's result, the opponent to move (found by the search above).
                let after: Vec<Vec<(String, GtResult)>> = [Player::Left, Player::Right]
                    .iter()
                    .map(|&p| {
                        board
                            .moves(p)
                            .into_iter()
                            .map(|b| {
                                (
                                    board.describe_move(&b, p),
                                    search.result(&b, Some(p.other())),
                                )
                            })
                            .collect()
                    })
                    .collect();
                values.push((w, r, after));
            }
            nodes += search.finish().nodes;
        }
        for (w, r, after) in values {
            compared += 1;
            let e = epsilon::epsilon(&w) as u32;
            let nimber = s.arena.nimber(e);
            let ok = matches!(r, GtResult::Value(t) if s.threats.as_short(t) == Some(nimber));
            if !ok {
                let got = gt_text(s, r);
                value_failures.push(format!(
                    "[[{}]]: search {got}, recursion *{e}",
                    epsilon::word_string(&w)
                ));
            }
            // The values moves(P) lists without search: White's move at file j, Black's the
            // negative; an initial component has one move per file for each player.
            let ends = epsilon::end_values(&w);
            let white = white_move_values(&w, &ends, s.arena, s.threats);
            for (player, found) in [Player::Left, Player::Right].into_iter().zip(after) {
                for ((text, r), &t) in found.into_iter().zip(&white) {
                    moves += 1;
                    let t = match player {
                        Player::Left => t,
                        Player::Right => s.threats.neg(s.arena, t),
                    };
                    if r != GtResult::Value(t) {
                        let got = gt_text(s, r);
                        let want = s.threats.display(s.arena, t);
                        let who = if player == Player::Left {
                            "White"
                        } else {
                            "Black"
                        };
                        move_failures.push(format!(
                            "[[{}]] {who} {text}: search {got}, without search {want}",
                            epsilon::word_string(&w)
                        ));
                    }
                }
            }
        }
    }
    // Literally: [[w]] + *k searched as one game is a second-player win exactly for k = ε.
    for m in from..=n.min(LITERAL_MAX) {
        for w in words(m) {
            let e = epsilon::epsilon(&w) as u32;
            let board = Board::initial(&w).expect("a valid word");
            for k in 0..=e + 1 {
                let mut search = GtSearch::new(s.arena, s.threats, budget);
                let r = search.result(
                    &PlusNim {
                        game: board,
                        heap: k,
                    },
                    None,
                );
                nodes += search.finish().nodes;
                let second_wins = match r {
                    GtResult::Value(t) => {
                        s.threats.outcome(s.arena, t).ok() == Some(crate::game::Outcome::P)
                    }
                    GtResult::Win(_) => false,
                };
                literal += 1;
                if second_wins != (k == e) {
                    sum_failures.push(format!(
                        "[[{}]] + *{k}: the second player {} but ε = {e}",
                        epsilon::word_string(&w),
                        if second_wins { "wins" } else { "does not win" }
                    ));
                }
            }
        }
    }
    let mut out = format!(
        "{compared} words of length {from} to {n}: search value == *epsilon(w) for {} of them\n\
         {moves} moves from them: search value == the value moves(P) lists without search for {} of them\n\
         {literal} sums [[w]] + *k (length <= {}) searched as one game\n{nodes} nodes",
        compared - value_failures.len(),
        moves - move_failures.len(),
        n.min(LITERAL_MAX),
    );
    let failures: Vec<String> = value_failures
        .into_iter()
        .chain(move_failures)
        .chain(sum_failures)
        .collect();
    if failures.is_empty() {
        out.push_str("\nsearch and recursion agree everywhere");
    } else {
        let _ = write!(out, "\n{} disagreements:", failures.len());
        for f in failures {
            let _ = write!(out, "\n  {f}");
        }
    }
    out
}

/// A search result as text: `win`, `loss` or the threat game.
fn gt_text(s: &mut Context<'_>, r: GtResult) -> String {
    match r {
        GtResult::Win(Player::Left) => "win".to_string(),
        GtResult::Win(Player::Right) => "loss".to_string(),
        GtResult::Value(t) => s.threats.display(s.arena, t),
    }
}

/// The text of `leastlengths(k)`.
fn least_lengths(k: u16) -> String {
    let rows = tables::least_lengths(k, SWEEP_MAX as usize, Some(&mut progress_printer()));
    let mut out = String::from("value  least length  first word");
    for (j, found) in rows {
        match found {
            Some((m, w)) => {
                let _ = write!(out, "\n*{j:<5} {m:>12}  {}", epsilon::word_string(&w));
            }
            None => {
                let _ = write!(out, "\n*{j:<5} {:>12}", format!("> {SWEEP_MAX}"));
            }
        }
    }
    out
}

/// The text of `proportions(m)`.
fn proportions(m: usize) -> String {
    let counts = tables::proportions_with_progress(m, Some(&mut progress_printer()));
    let total: u64 = counts.iter().sum();
    let mut out = format!("{total} words of length {m}\nvalue      words    share");
    for (k, &c) in counts.iter().enumerate() {
        let _ = write!(
            out,
            "\n*{k:<4} {c:>10} {:>7.2}%",
            100.0 * c as f64 / total.max(1) as f64
        );
    }
    if m == 4 {
        let twos: Vec<String> = words(4)
            .into_iter()
            .filter(|w| epsilon::epsilon(w) == 2)
            .map(|w| epsilon::word_string(&w))
            .collect();
        let _ = write!(
            out,
            "\nvalue *2: {} (the paper names only 1000 and 0001)",
            twos.join(", ")
        );
    }
    out
}

/// The text of `stopped(pattern, n)`.
fn stopped_report(pattern: &[bool], n: usize) -> String {
    let r = tables::periodic(pattern, n, Some(&mut progress_printer()));
    let mut out = format!(
        "pattern {} repeated, components of 1 to {n} files: largest value *{}",
        epsilon::word_string(pattern),
        r.max
    );
    out.push_str("\nfirst *2^a:");
    if r.first_power.is_empty() {
        out.push_str(" none");
    }
    for (alpha, len) in &r.first_power {
        let _ = write!(out, " *{}@{len}", 1u64 << alpha);
    }
    match r.period {
        Some((p, from)) => {
            let _ = write!(
                out,
                "\neventual period {p} from length {from} (seen over {} periods)",
                (n - from) / p
            );
        }
        None => out.push_str("\nno eventual period up to this length"),
    }
    out
}
