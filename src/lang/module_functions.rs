//! Functions of the game modules that are not positions: the recursion and the tables of
//! Elkies' pawn game. They join the function table next to the built-ins ([`super::functions`]).

use std::fmt::Write;

use super::builtins::{Builtin, CallError, Topic, builtin};
use super::session::Session;
use super::value::{MAX_LIST_LEN, Value};
use crate::game::Arena;
use crate::rulesets::elkies::board::{Board, PlusNim};
use crate::rulesets::elkies::epsilon::{self, progress_printer};
use crate::rulesets::elkies::moves::white_move_values;
use crate::rulesets::elkies::tables;
use crate::search::{Game, GtResult, GtSearch, Player};

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
pub static MODULE_FUNCTIONS: &[Builtin] = &[
    builtin!(
        "epsilon",
        "epsilon(word) or epsilon(m)",
        1..=1,
        Tables,
        "the nim value ε(w) of an Elkies component, by the recursion",
        "epsilon(\"1000\") is the nimber *ε(w) of the component [[w]] of Elkies' pawn game\n(digit j = file j, 1 = stopped, no two adjacent 1s), computed by the recursion of\nTheorems 1-3 (Elkies, Higher nimbers, 3.2 and 6.2, as fixed in seed-notes.md); epsilon(m)\nis [m] = m unstopped files (Theorem 2: 0 iff m = 0, 2, 3, 6, 9 mod 10). The search value of\nelkies(w) is the same nimber (elkiescheck).\nExample: epsilon(\"1000\") is *2, epsilon(\"101001000\") is *4, epsilon(7) is *.",
        |s, v| {
            let word = word_arg(s, v, 0)?;
            Ok(Value::Game(s.arena.nimber(epsilon::epsilon(&word) as u32)))
        }
    ),
    builtin!(
        "loony",
        "loony(word)",
        1..=1,
        Tables,
        "the loony flags U(w), S(w) of the recursion",
        "loony(\"0100\") is [U, S]: U is true when a move to [[:w]] (the pawn of the file before\nw advanced, attacking w's first file, that file unstopped) is loony, S the same when the\nadvanced pawn's own file is stopped (defined for words starting with 0; false otherwise).\nTheorem 2: a move to [:m] is loony iff m = 1 or 4 (mod 5), i.e. loony(m) starts with true.\nExample: loony(4) is [true, true], loony(2) is [false, true].",
        |s, v| {
            let word = word_arg(s, v, 0)?;
            let (u, st) = epsilon::loony_flags(&word);
            Ok(Value::List(vec![Value::Bool(u), Value::Bool(st)]))
        }
    ),
    builtin!(
        "elkiescheck",
        "elkiescheck(n) or elkiescheck(from, n)",
        1..=2,
        Tables,
        "search and recursion compared on every word up to length n",
        "elkiescheck(n) values every component [[w]] of length 1 to n (n <= 10) twice: by\nGTSearch of the actual pawn game, and by the recursion (epsilon). They agree when the\nsearch value is exactly the nimber *ε(w), so that [[w]] + *k is a second-player win exactly\nwhen k = ε(w); for words up to length 7 that is also checked literally, by searching\n[[w]] + *k as one game for k = 0 .. ε(w) + 1. Every move from each word is compared too:\nthe search's value of the position after it against the value moves(elkies(w)) lists\nwithout search. It reports the words, moves, nodes and time, and every disagreement. elkiescheck(from, n) checks the lengths from..n only. All words up to\nlength 10 take about 40 s; every file more about seven times as long.\nExample: elkiescheck(5), elkiescheck(9, 9).",
        |s, v| {
            let (from, n) = match v {
                [_] => (1, int_arg(&mut s.arena, v, 0, 1..=CHECK_MAX)? as usize),
                _ => {
                    let from = int_arg(&mut s.arena, v, 0, 1..=CHECK_MAX)?;
                    (
                        from as usize,
                        int_arg(&mut s.arena, v, 1, from..=CHECK_MAX)? as usize,
                    )
                }
            };
            Ok(Value::Text(check(s, from, n)))
        }
    ),
    builtin!(
        "leastlengths",
        "leastlengths(k)",
        1..=1,
        Tables,
        "the least word length with value *j, for j = 1..k",
        "leastlengths(k) sweeps every word of each length (words are stored: memory grows as\nthe Fibonacci numbers) and lists, for j = 1 to k, the least length m with a word of value\n*j and the first such word. The paper's table (6.3): 1, 4, 6, 9, 11, 14, 16, 20, 22, 25, 27,\n30, 32, 37, 39, 43 for k = 1..16 (k = 16 takes minutes and 3.5 GB). Not as the paper says:\nat length 4 the words of value *2 are 1000, 0001, 0101 and 1010, not only 1000 and its\nreversal (see proportions(4)).\nExample: leastlengths(8).",
        |s, v| {
            let k = int_arg(&mut s.arena, v, 0, 1..=64)? as u16;
            Ok(Value::Text(least_lengths(k)))
        }
    ),
    builtin!(
        "proportions",
        "proportions(m)",
        1..=1,
        Tables,
        "how many words of length m have each value",
        "proportions(m) counts the words of length m (no two adjacent stops) by their value\nε(w), with each share (Elkies, 6.3, whose table covers m = 35..42; m = 42 takes about\ntwo minutes). proportions(4) shows four words of value *2, where the paper names only\n1000 and its reversal.\nExample: proportions(4).",
        |s, v| {
            let m = int_arg(&mut s.arena, v, 0, 1..=SWEEP_MAX)? as usize;
            Ok(Value::Text(proportions(m)))
        }
    ),
    builtin!(
        "stopped",
        "stopped(pattern, n) or stopped(p, first, n)",
        2..=3,
        Tables,
        "components with a periodic stop pattern, lengths 1..n",
        "stopped(\"000100\", n) values the components made of the first 1 to n files of the\ninfinite word repeating the pattern (files counted from 1; stopped(6, 4, n) is the same:\nevery sixth file stopped, from file 4). Only p windows of each length are computed\n(Elkies 6.3), in memory linear in n, with a progress line and Ctrl-C. It reports the first\nlength reaching *2^a, the largest value and the eventual period when one shows (the last\nvalues repeat with that period over at least three periods). Paper values: every sixth file\nfrom file 4 first reaches *8, *16, ... *4096 at lengths 51, 111, 202, 497, 1414, 3545,\n8255, 21208, 61985, 187193; stops at files 14r and 14r + 5 counted from 0\n(\"10000100000000\") have period 504 (from file 1 the period is 126). Not as the paper\nsays: every fourth file stopped never becomes periodic (*1024 first at length 19112).\nExample: stopped(6, 4, 600).",
        |s, v| {
            let (pattern, n) = pattern_args(&mut s.arena, v)?;
            Ok(Value::Text(stopped_report(&pattern, n)))
        }
    ),
    builtin!(
        "stopvalues",
        "stopvalues(pattern, n) or stopvalues(p, first, n)",
        2..=3,
        Tables,
        "the values of the first 1..n files of a periodic stop pattern",
        "stopvalues(\"000100\", n) is the list of the nimbers ε of the components made of the\nfirst 1, 2, ..., n files of the repeated pattern (see stopped).\nExample: stopvalues(\"0\", 10) is [*, 0, 0, *, *, 0, *, *, 0, 0] (Theorem 2).",
        |s, v| {
            let (pattern, n) = pattern_args(&mut s.arena, v)?;
            if n > MAX_LIST_LEN {
                return Err(CallError::Call(format!(
                    "{n} values would pass the list limit of {MAX_LIST_LEN}"
                )));
            }
            let report = tables::periodic(&pattern, n, Some(&mut progress_printer()));
            let a = &mut s.arena;
            Ok(Value::List(
                report
                    .values
                    .iter()
                    .map(|&e| Value::Game(a.nimber(e as u32)))
                    .collect(),
            ))
        }
    ),
    builtin!(
        "regioexperiment",
        "regioexperiment(n)",
        1..=1,
        Tables,
        "Maeser's Regio experiment: greedy hotstrat against alpha-beta",
        "regioexperiment(n) plays Maeser's experiment (thesis 8.4.5, Appendix C, Figure 8.10) on the\nfirst n of our seeded 15x15 boards divided into independent local games (a seeded wall\nbuilder: see src/rulesets/regio_experiment.rs): decomposition search with greedy hotstrat\n(each region valued by depth-4 LocalHSearch, rcf mapping, tables kept between moves)\nagainst full-width alpha-beta to depth 4 on the whole board, both with the score as\nevaluation; each plays first once. It lists the local games, each side's final score as\nfirst player and the nodes it searched (alpha-beta: positions; hotstrat: LocalHSearch\nexpansions). The last two columns are ours, not the thesis's: the same decomposition search\nwith thermostrat (Winning Ways, ch. 6) as first player against alpha-beta. About a second\nper board.\nExample: regioexperiment(2).",
        |s, v| {
            let n = int_arg(&mut s.arena, v, 0, 1..=100)? as u64;
            let mut out = String::from(
                "board  local games  hotstrat score  hotstrat nodes  alpha-beta score  alpha-beta nodes  thermostrat score  thermostrat nodes",
            );
            for seed in 1..=n {
                let r = crate::rulesets::regio_experiment::run(seed);
                let _ = write!(
                    out,
                    "\n{seed:>5}  {:>11}  {:>14}  {:>14}  {:>16}  {:>16}  {:>17}  {:>17}",
                    r.local_games,
                    r.hot_score,
                    r.hot_nodes,
                    r.ab_score,
                    r.ab_nodes,
                    r.thermo_score,
                    r.thermo_nodes
                );
            }
            Ok(Value::Text(out))
        }
    ),
    builtin!(
        "ppositions",
        "ppositions(k, n) or ppositions(k, n, condition)",
        2..=3,
        Tables,
        "the P-positions of Prime-Nim (or conditional Nim) with k heaps of 1 to n",
        "ppositions(k, n) lists the Prime-Nim positions with k heaps of 1 to n tokens (a1 <= ... <= ak)\nthat the second player wins (nim value 0), searched as whole positions with one table;\nppositions(k, n, \"square\") does the same for conditional Nim with another condition on the\ntotal (see condnim). The last line counts them and the positions the search tabled.\nExample: ppositions(2, 12) starts (1, 1) (3, 3) (3, 4).",
        |s, v| {
            use crate::rulesets::conditional_nim::{ConditionalNim, p_positions};
            use crate::search::conditional::ConditionalExpression;
            let k = int_arg(&mut s.arena, v, 0, 1..=8)? as usize;
            let n = int_arg(&mut s.arena, v, 1, 1..=1000)? as u32;
            let family = match v.get(2) {
                None => ConditionalNim::PRIME,
                Some(Value::Str(c)) => {
                    ConditionalNim::parse(c).map_err(|m| CallError::Arg(2, m))?
                }
                Some(other) => {
                    return Err(CallError::Arg(
                        2,
                        format!(
                            "expected a condition such as \"square\", not a {}",
                            other.type_name()
                        ),
                    ));
                }
            };
            let (found, tabled) = s.with_search(|env| p_positions(family, k, n, env.budget));
            let mut out = String::new();
            for (i, heaps) in found.iter().enumerate() {
                if i > 0 {
                    out.push(if i % 8 == 0 { '\n' } else { ' ' });
                }
                let parts: Vec<String> = heaps.iter().map(|h| h.to_string()).collect();
                let _ = write!(out, "({})", parts.join(", "));
            }
            if !found.is_empty() {
                out.push('\n');
            }
            let _ = write!(
                out,
                "{} P-positions of {} with {k} heap{} of 1 to {n}; {tabled} positions tabled",
                found.len(),
                family.family_text(),
                if k == 1 { "" } else { "s" }
            );
            Ok(Value::Text(out))
        }
    ),
];

/// Argument `i` as an integer in `range`.
pub(crate) fn int_arg(
    a: &mut Arena,
    v: &[Value],
    i: usize,
    range: std::ops::RangeInclusive<i64>,
) -> Result<i64, CallError> {
    let n = match &v[i] {
        Value::Game(g) => a
            .as_number(*g)
            .filter(|d| d.is_integer())
            .and_then(|d| d.to_i64()),
        _ => None,
    };
    match n {
        Some(n) if range.contains(&n) => Ok(n),
        _ => Err(CallError::Arg(
            i,
            format!(
                "expected an integer from {} to {}",
                range.start(),
                range.end()
            ),
        )),
    }
}

/// Argument `i` as a word for the recursion: a string of 0s and 1s, or an integer m for m
/// unstopped files; refused when the recursion's tables would pass the memory limit.
fn word_arg(s: &mut Session, v: &[Value], i: usize) -> Result<Vec<bool>, CallError> {
    let word = match &v[i] {
        Value::Str(w) => epsilon::parse_word(w).map_err(|m| CallError::Arg(i, m))?,
        _ => vec![false; int_arg(&mut s.arena, v, i, 0..=WINDOWS_MAX)? as usize],
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
fn pattern_args(a: &mut Arena, v: &[Value]) -> Result<(Vec<bool>, usize), CallError> {
    let (pattern, last) = match v {
        [Value::Str(s), _] => {
            let p = epsilon::parse_word(s).map_err(|m| CallError::Arg(0, m))?;
            if p.is_empty() {
                return Err(CallError::Arg(0, "the pattern is empty".into()));
            }
            epsilon::check_pattern(&p).map_err(|m| CallError::Arg(0, m))?;
            (p, 1)
        }
        [_, _, _] => {
            let p = int_arg(a, v, 0, 2..=1000)? as usize;
            let first = int_arg(a, v, 1, 1..=p as i64)? as usize;
            (tables::every(p, first), 2)
        }
        _ => {
            return Err(CallError::Arg(
                0,
                "expected a pattern string such as \"000100\", or the period and first stopped file: stopped(6, 4, n)".into(),
            ));
        }
    };
    let n = int_arg(a, v, last, 1..=WINDOWS_MAX)? as usize;
    Ok((pattern, n))
}

/// Every valid word of length `m`, in lexicographic order.
fn words(m: usize) -> Vec<Vec<bool>> {
    (0..tables::word_counts(m)[m])
        .map(|r| tables::word_at(m, r))
        .collect()
}

/// The text of `elkiescheck(n)`.
fn check(s: &mut Session, from: usize, n: usize) -> String {
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
            let mut search =
                GtSearch::new(&mut s.arena, &mut s.threats, budget).with_decomposition(true);
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
            let white = white_move_values(&w, &ends, &mut s.arena, &mut s.threats);
            for (player, found) in [Player::Left, Player::Right].into_iter().zip(after) {
                for ((text, r), &t) in found.into_iter().zip(&white) {
                    moves += 1;
                    let t = match player {
                        Player::Left => t,
                        Player::Right => s.threats.neg(&mut s.arena, t),
                    };
                    if r != GtResult::Value(t) {
                        let got = gt_text(s, r);
                        let want = s.threats.display(&mut s.arena, t);
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
                let mut search = GtSearch::new(&mut s.arena, &mut s.threats, budget);
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
                        s.threats.outcome(&mut s.arena, t).ok() == Some(crate::game::Outcome::P)
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
fn gt_text(s: &mut Session, r: GtResult) -> String {
    match r {
        GtResult::Win(Player::Left) => "win".to_string(),
        GtResult::Win(Player::Right) => "loss".to_string(),
        GtResult::Value(t) => s.threats.display(&mut s.arena, t),
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
