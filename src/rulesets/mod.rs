//! Game modules: rules of real games, valued by the search engine. Each ruleset is one file
//! (its rules, components and symmetries) plus its rows in [`CONSTRUCTORS`], the game-module
//! part of the calculator's function table.

pub mod conditional_nim;
pub mod cram;
pub mod domineering;
pub mod elkies;
pub mod endgame;
pub mod grid;
pub mod pawns;
pub mod regio;
pub mod regio_experiment;

use std::ops::RangeInclusive;

use crate::search::{Position, Searched};
use cram::Cram;
use pawns::{PawnStructure, Pawns};

/// An argument of a constructor call: the calculator passes integers and strings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Arg {
    Int(i64),
    /// An integer outside the `i64` range, in decimal.
    BigInt(String),
    Str(String),
    /// Any other value (a game that is not an integer, a list, ...), by its type name.
    Other(&'static str),
}

/// Why a constructor refused its arguments: `arg` is the index of the argument at fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArgError {
    pub arg: Option<usize>,
    pub message: String,
}

impl ArgError {
    pub fn at(arg: usize, message: impl Into<String>) -> ArgError {
        ArgError {
            arg: Some(arg),
            message: message.into(),
        }
    }

    pub fn call(message: impl Into<String>) -> ArgError {
        ArgError {
            arg: None,
            message: message.into(),
        }
    }
}

/// Builds a position from the arguments of a constructor call.
pub type Build = fn(&[Arg]) -> Result<Box<dyn Position>, ArgError>;

/// A game-module constructor: one row of the function table.
pub struct Constructor {
    pub name: &'static str,
    pub signature: &'static str,
    pub arity: RangeInclusive<usize>,
    /// One line for `:help`.
    pub summary: &'static str,
    /// The help page, with an example.
    pub help: &'static str,
    pub build: Build,
}

/// Every game-module constructor.
pub static CONSTRUCTORS: &[Constructor] = &[
    Constructor {
        name: "domineering",
        signature: "domineering(board)",
        arity: 1..=1,
        summary: "a Domineering position and its value",
        help: "domineering(\".#..|....\") is the Domineering position with those rows (`.` empty,\n`#` filled, rows separated by `|`); Left places vertical dominoes, Right horizontal ones\n(WW ch. 5). It prints its canonical value and acts as that value in algebra.\nExample: domineering(\".#|..\") is *.",
        build: |a| domineering::parse_position(text(a, 0)?).map_err(|m| ArgError::at(0, m)),
    },
    Constructor {
        name: "dom",
        signature: "dom(m, n)",
        arity: 2..=2,
        summary: "the empty m x n Domineering board",
        help: "dom(m, n) is the empty Domineering board with m rows and n columns (at most 256\ncells: 16x16, or strips such as 2x100).\nExample: dom(2,2) is +-1, dom(2,3) is {2|-1/2}, dom(4,4) is +-{0,{{2|0},2Tiny(2)|{2|0},Miny(2)}}.\n`d = dom(6,6);` then `outcome(d)` finds who wins without computing the value.",
        build: |a| {
            let (m, n) = (int(a, 0, 0..=256)?, int(a, 1, 0..=256)?);
            domineering::position_of(m, n).map_err(ArgError::call)
        },
    },
    Constructor {
        name: "cram",
        signature: "cram(m, n) or cram(board)",
        arity: 1..=2,
        summary: "a Cram position (impartial Domineering) and its nimber",
        help: "cram(m, n) is the empty m x n Cram board (at most 256 cells), cram(\".#..|....\") the board with those rows\n(`.` empty, `#` filled). Either player places a domino either way; values are nimbers,\nfound by mex over the options. Even-by-even boards are 0, even-by-odd boards are first-player\nwins, and cram(1, n) is Dawson's Kayles (octal 0.07). Example: cram(2, 3) is *, cram(4, 5) is *2, cram(3, 6) is *4.",
        build: |a| match a {
            [_] => position(Cram::parse(text(a, 0)?).map_err(|m| ArgError::at(0, m))?),
            _ => position(
                Cram::rectangle(int(a, 0, 0..=256)?, int(a, 1, 0..=256)?)
                    .map_err(ArgError::call)?,
            ),
        },
    },
    Constructor {
        name: "pawns",
        signature: "pawns(fen), pawns(fen, files, ranks), pawns(fen, \"noep\") or pawns(fen, files, ranks, \"noep\")",
        arity: 1..=4,
        summary: "a chess pawn structure valued with global threats (GTSearch)",
        help: "pawns(\"8/8/4p3/3p4/8/3PP3/8/8\") is the chess pawn structure with that FEN placement\n(ranks 8 to 1, P White = Left, p Black = Right, digits for empty squares); pawns(fen, files,\nranks) sets a generalised board (up to 16 x 16). The kings are assumed bound in mutual\nzugzwang (Elkies; Maeser, thesis ch. 7): only pawns move, and whoever runs out of pawn\nmoves loses. Pawns step, double-step from their second rank and capture.\nEn passant is on by default, as a local right (as Maeser's program played it: the thesis'\nvalues of 7.3.5 nos. 9 and 10 need it): after a double step beside an enemy pawn, the\nopponent's next move in that chunk may take the pawn en passant, and any other move in the\nchunk, by either side, ends the right. In a sum of chunks a move in another chunk would end\nthe right in real chess; a chunk's value cannot express that, so there it is an\napproximation (when chunks race and the board is searched as one game, any move ends it).\npawns(fen, \"noep\") and pawns(fen, files, ranks, \"noep\") play without en passant.\nPromotion wins the whole game (a global threat), so values may hold `on`/`off` threats,\nor be `win`/`loss` when a side forces a promotion. The structure splits into chunks\n(thesis 7.3.1), each valued by GTSearch; it prints the sum and, with several chunks, each\nchunk's value; moves(P) lists each chunk's moves, outcomes, search nodes and the winning\nmoves.\nExample: pawns(\"8/8/4p3/3p4/8/3PP3/8/8\") is *, pawns(\"8/1pp5/p7/8/P1P5/1P6/8/8\") is\n{1/2|||0||0,{on|v}|off||||-1|-2} (thesis 7.3.5 no. 9), and {0||-1|-2} with \"noep\".",
        build: |a| {
            let (a, en_passant) = match a.split_last() {
                Some((Arg::Str(rule), rest)) if !rest.is_empty() => match rule.as_str() {
                    "noep" => (rest, false),
                    "ep" => (rest, true),
                    _ => {
                        return Err(ArgError::at(
                            rest.len(),
                            "expected \"noep\" (no en passant) or \"ep\" (en passant, the default)",
                        ));
                    }
                },
                _ => (a, true),
            };
            let misplaced = |arg: &Arg| matches!(arg, Arg::Str(r) if r == "noep" || r == "ep");
            if let Some(i) = (1..a.len()).find(|&i| misplaced(&a[i])) {
                return Err(ArgError::at(
                    i,
                    "the rule goes last: pawns(fen, \"noep\") or pawns(fen, files, ranks, \"noep\")",
                ));
            }
            let (files, ranks) = match a {
                [_] => (8, 8),
                [_, _] => {
                    return Err(ArgError::call(
                        "give both the number of files and of ranks: pawns(fen, files, ranks)",
                    ));
                }
                [_, _, _] => (
                    int(a, 1, 1..=pawns::MAX_FILES as i64)?,
                    int(a, 2, 3..=pawns::MAX_RANKS as i64)?,
                ),
                _ => {
                    return Err(ArgError::at(
                        3,
                        "expected \"noep\" (no en passant) or \"ep\" (en passant, the default)",
                    ));
                }
            };
            let fen = match &a[0] {
                Arg::Str(s) => s,
                other => {
                    return Err(ArgError::at(
                        0,
                        format!(
                            "expected a FEN placement such as \"8/8/8/8/8/p7/P7/8\", not {}",
                            describe(other)
                        ),
                    ));
                }
            };
            let board = Pawns::parse(fen, files, ranks).map_err(|m| ArgError::at(0, m))?;
            let board = if en_passant {
                board
            } else {
                board.without_en_passant()
            };
            Ok(Box::new(PawnStructure::new(board, files)))
        },
    },
    Constructor {
        name: "elkies",
        signature: "elkies(word), elkies(m) or elkies(word, \"search\")",
        arity: 1..=2,
        summary: "a position of Elkies' pawn game with stopped files, valued by his theorems",
        help: "elkies(\"1000\") is the component [[1000]] of Elkies' pawn game (Higher nimbers in pawn\nendgames, 3.1 and 6.1): 3 rows, an initial file holds a White pawn on the bottom row and a\nBlack pawn on the top row; digit j of the word is file j, 1 = stopped (no two adjacent).\nPawns step or capture forward (captures optional, no double steps); reaching the far row\nof an unstopped file wins at once, on a stopped file the pawn just stays. elkies(7) is [7],\nseven unstopped files; elkies(\"1000 0 010\") holds several components, separated by an\nempty file. The value is the nim sum of the components' values *ε(w), from Elkies'\ntheorems without search: Theorem 2's closed form for [m] (any m), Theorem 3's recursion\n(epsilon(w), O(n^3) steps and 10 bytes per window) for words with stops; a comment names\nthe theorem. moves(P) lists each move in chess notation with the threat game it leads to,\nbuilt from the continuations of 6.1 (as the search finds them). elkies(w, \"search\") values\nthe actual game by GTSearch instead (at most 64 files; 9 or more take seconds to minutes);\nelkiescheck(n) compares the two.\nExample: elkies(\"1000\") is *2, elkies(4) is *, elkies(1000) is 0, elkies(\"0 0\") is 0.",
        build: build_elkies,
    },
    Constructor {
        name: "regio",
        signature: "regio(board), regio(board, depth) or regio(board, depth, \"canonical\")",
        arity: 1..=3,
        summary: "a Regio position, its score mapped to a game through reduced canonical form",
        help: "regio(\"..|..|..|..\") is a Regio position (Maeser, thesis ch. 8): a move colours an\nuncoloured node and its uncoloured neighbours, the score is Left's coloured nodes minus\nRight's. Grids: `.` uncoloured, `L`/`R` coloured by Left/Right (they count in the score),\n`#` no node, rows separated by `|`, orthogonal neighbours. Graphs: an edge list such as\n\"a-b b-c c-a d\" (names of letters, digits and _; `a-b-c` is a path; a lone name is a node;\na string of the letters L and R alone reads as a grid of coloured cells).\nThe value maps finished positions to their score and interior ones to the reduced canonical\nform of {G^L | G^R} (8.2.3); regio(board, d) searches d plies and counts the rest as 0\n(LocalHSearch, 8.3.2), regio(board, d, \"canonical\") keeps the plain canonical form (d = -1:\nexact). Separate regions are valued apart and added.\nExample: regio(\"..|..|..|..\") is +-{8|6||2|0}, regio(\"..|..|..|..\", 1) is {4|-4}.",
        build: |a| {
            let board = text(a, 0)?;
            let position = regio::Regio::parse(board).map_err(|m| ArgError::at(0, m))?;
            let mut depth = None;
            let mut mapping = regio::Mapping::Reduced;
            let (mut seen_depth, mut seen_mapping) = (false, false);
            for (i, arg) in a.iter().enumerate().skip(1) {
                let repeated = match arg {
                    Arg::Int(_) => std::mem::replace(&mut seen_depth, true),
                    _ => std::mem::replace(&mut seen_mapping, true),
                };
                if repeated {
                    return Err(ArgError::at(i, "given twice"));
                }
                match arg {
                    Arg::Int(-1) => depth = None,
                    Arg::Int(d) if *d >= 0 && *d <= 1000 => depth = Some(*d as u32),
                    Arg::Str(m) if m == "canonical" => mapping = regio::Mapping::Canonical,
                    Arg::Str(m) if m == "reduced" => mapping = regio::Mapping::Reduced,
                    _ => {
                        return Err(ArgError::at(
                            i,
                            "expected a depth in plies (0 to 1000, -1 for exact) or \"canonical\"",
                        ));
                    }
                }
            }
            Ok(Box::new(regio::RegioPosition {
                position,
                depth,
                mapping,
            }))
        },
    },
    Constructor {
        name: "primenim",
        signature: "primenim(h1, h2, ...)",
        arity: 0..=64,
        summary: "a Prime-Nim position: a conditional game, legal moves in context",
        help: "primenim(5, 3, 4) is Prime-Nim (Mueller, Conditional combinatorial games, 2003, 3.1):\nNim where the total number of tokens must be prime after every move; the starting total\nneed not be. It is a conditional game: a heap's legal moves depend on the whole position,\nso values do not add. It prints each heap's legal moves in context (the paper's\n`*3: {*2}`), the nim value and outcome of the whole position and the winning moves;\nmoves(P) lists every move, isolated(P) each heap's options under every condition value.\n`+` joins it only with Prime-Nim positions: primenim(5, 3) + primenim(4) is\nprimenim(5, 3, 4); sums and comparisons with games are refused.\nExample: primenim(5, 3, 4) has nim value 2; its winning moves clear the 5-heap and 3 -> 2.",
        build: conditional_nim::build_primenim,
    },
    Constructor {
        name: "condnim",
        signature: "condnim(condition, h1, h2, ...)",
        arity: 1..=65,
        summary: "conditional Nim: a condition on the total after every move",
        help: "condnim(\"square\", 5, 3) is Nim where the total after every move must satisfy the\ncondition: \"prime\" (Prime-Nim), \"square\", \"odd\", \"even\" or \"fibonacci\" (0 counts as\na square, even and Fibonacci). \"prime free 1\" also lets a player remove at most 1 token\nwithout the condition: a heap then has both *2 and *2_P among its options, and the\nsecond is pruned as dominated (same game, more specific condition; Mueller 3.4), as\nisolated(condnim(\"prime free 1\", 3)) shows. Like primenim, a conditional game: no\nalgebra with games, `+` only within one family.\nExample: condnim(\"even\", 3, 5).",
        build: conditional_nim::build_condnim,
    },
];

/// `elkies(word)`, `elkies(m)` or `elkies(word, "search")`: a [`TheoremPosition`] of
/// quiescent components, or (asked for) the actual game on a board for GTSearch.
///
/// [`TheoremPosition`]: elkies::position::TheoremPosition
fn build_elkies(a: &[Arg]) -> Result<Box<dyn Position>, ArgError> {
    use elkies::epsilon::{MAX_WORD, parse_word, word_string};
    use elkies::position::{Component, TheoremPosition};
    let search = match a.get(1) {
        None => false,
        Some(Arg::Str(m)) if m == "search" => true,
        Some(_) => {
            return Err(ArgError::at(
                1,
                "expected \"search\" (to search the actual game instead of using the theorems)",
            ));
        }
    };
    let components = match &a[0] {
        Arg::Int(m) if *m >= 1 => vec![Component::Files(*m as u64)],
        Arg::Int(_) => return Err(ArgError::at(0, "expected a number of files, at least 1")),
        Arg::Str(s) => {
            let words = s
                .split_whitespace()
                .map(parse_word)
                .collect::<Result<Vec<_>, _>>()
                .map_err(|m| ArgError::at(0, m))?;
            if words.is_empty() {
                return Err(ArgError::at(0, "expected a word such as \"1000\""));
            }
            if let Some(w) = words
                .iter()
                .find(|w| w.len() > MAX_WORD && w.contains(&true))
            {
                return Err(ArgError::at(
                    0,
                    format!(
                        "a component of {} files with stopped files is out of reach: Theorem 3's recursion keeps nim values in 15 bits, enough for {MAX_WORD} files (without stops any length is valued by Theorem 2)",
                        w.len()
                    ),
                ));
            }
            words.into_iter().map(Component::Word).collect()
        }
        other => {
            return Err(ArgError::at(
                0,
                format!(
                    "expected a word such as \"1000\" or a number of files, not {}",
                    describe(other)
                ),
            ));
        }
    };
    if !search {
        return Ok(Box::new(TheoremPosition::new(components)));
    }
    let width = components
        .iter()
        .fold(0u64, |a, c| a.saturating_add(c.len() + 1))
        - 1;
    if width > elkies::board::MAX_FILES as u64 {
        return Err(ArgError::at(
            0,
            format!(
                "the search board holds at most {} files, this position has {width}; without \"search\" the theorems value any length",
                elkies::board::MAX_FILES
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
    let board = elkies::board::Board::components(&words).map_err(|m| ArgError::at(0, m))?;
    let text = words
        .iter()
        .map(|w| format!("[[{}]]", word_string(w)))
        .collect::<Vec<_>>()
        .join(" + ");
    Ok(Box::new(
        crate::search::ThreatPosition::of(board, text, ["White", "Black"]).with_decomposition(),
    ))
}

/// Looks up a constructor by name.
pub fn lookup(name: &str) -> Option<&'static Constructor> {
    CONSTRUCTORS.iter().find(|c| c.name == name)
}

/// A ruleset position valued by the search engine.
fn position<G: crate::search::Game + std::fmt::Debug>(g: G) -> Result<Box<dyn Position>, ArgError> {
    Ok(Box::new(Searched(g)))
}

/// Argument `i` as an integer in `range`.
fn int(args: &[Arg], i: usize, range: RangeInclusive<i64>) -> Result<usize, ArgError> {
    let shown = match &args[i] {
        Arg::Int(n) if range.contains(n) => return Ok(*n as usize),
        Arg::Int(n) => n.to_string(),
        Arg::BigInt(n) => n.clone(),
        other => {
            return Err(ArgError::at(
                i,
                format!("expected a non-negative integer, not {}", describe(other)),
            ));
        }
    };
    Err(ArgError::at(
        i,
        format!(
            "expected an integer between {} and {}, not {shown}",
            range.start(),
            range.end()
        ),
    ))
}

/// Argument `i` as a string.
fn text(args: &[Arg], i: usize) -> Result<&str, ArgError> {
    match &args[i] {
        Arg::Str(s) => Ok(s),
        other => Err(ArgError::at(
            i,
            format!(
                "expected a board string such as \".#|..\", not {}",
                describe(other)
            ),
        )),
    }
}

fn describe(a: &Arg) -> String {
    match a {
        Arg::Int(n) => format!("the integer {n}"),
        Arg::BigInt(n) => format!("the integer {n}"),
        Arg::Str(_) => "a string".to_string(),
        Arg::Other(t) => format!("a {t}"),
    }
}
