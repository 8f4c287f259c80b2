//! The chess-endgame rows of the function table (Laros, *Ideas regarding chess endgames*):
//! perfect play (`dtm`), a constraint strategy's game (`playstrategy`), evolution
//! (`evolve`) and a strategy measured against perfect play (`strategyreport`).

use std::fmt::Write;
use std::sync::Arc;

use super::board::{Board, Kind};
use super::evolve::{self, Defender, Ending, Grading, Settings, parse_material};
use super::solver::{Tables, Verdict};
use super::strategy::Strategy;
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset};
use crate::calc::value::{DistanceToMate, Value};
use crate::function;
use crate::game::Arena;

/// The chess endgames' registration: no constructors, four functions; `dtm` is fuzzed.
pub static RULESET: Ruleset = Ruleset {
    title: "chess endgames against a lone king (Laros)",
    constructors: &[] as &[Constructor],
    functions: FUNCTIONS,
    fuzz: &[Fuzz {
        name: "dtm",
        check: FuzzCheck::Text(fen_reads_back),
    }],
    cgsuite_names: &[],
    caches: |states| {
        states
            .peek::<Tables>()
            .map_or_else(|| Tables::default().stats(), Tables::stats)
    },
};

static FUNCTIONS: &[Function] = &[
    function!(
        "dtm",
        "dtm(fen)",
        1..=1,
        Ruleset,
        "perfect play in a chess endgame against a lone king: moves to mate (a value), best move",
        "dtm(\"8/8/8/4k3/8/8/R7/R7 w - - 0 1\") solves the position's material by retrograde analysis\n(White: a king or none, and up to three queens, rooks, bishops, knights in all; Black: a lone\nking; at most 3 White pieces in a table, the king included) and prints the distance to mate\nin White's moves with the best move: White's fastest mate, Black's longest defence (a draw\nhas no best move). The result is a value: the number of White moves to mate (0: Black is\nmated), or `draw`; inside lists and tables it prints as that number, and it takes part in\narithmetic and comparisons as the integer (dtm(p) + 1, max([dtm(p) for p in ps]), table);\na draw compares only with == and !=. Tables are kept for the session; KBNK takes a few\nseconds the first time.\nExample: dtm(\"7K/8/8/8/8/8/2k5/1R6 w - - 0 1\") is 16: White mates in 16 moves.",
        |s, v| {
            let board = fen_arg(s.arena, v, 0)?;
            let verdict = s
                .states
                .get::<Tables>()
                .verdict(&board)
                .map_err(|m| CallError::Arg(0, m))?;
            let best = s
                .states
                .get::<Tables>()
                .best_move(&board)
                .map_err(|m| CallError::Arg(0, m))?;
            let mut out = format!("{}: ", board.fen());
            match verdict {
                Verdict::Wins(p) => {
                    let _ = write!(out, "White mates in {} ({p} plies)", p.div_ceil(2));
                }
                Verdict::Loses(0) => out.push_str("Black is mated"),
                Verdict::Loses(p) => {
                    let _ = write!(out, "Black is mated in {} White moves ({p} plies)", p / 2);
                }
                Verdict::Draw => out.push_str("a draw: White cannot force mate"),
            }
            match best {
                // A draw has no best move: every move keeps it.
                Some((m, _)) if verdict != Verdict::Draw => {
                    let who = if board.white_to_move {
                        "best move"
                    } else {
                        "best defence"
                    };
                    let _ = write!(out, "; {who} {}", board.move_text(m));
                }
                Some(_) => {}
                None if verdict == Verdict::Draw => out.push_str("; no legal move (stalemate)"),
                None => {}
            }
            Ok(Value::Dtm(Arc::new(DistanceToMate {
                moves: verdict.moves_to_mate(),
                report: out,
            })))
        }
    ),
    function!(
        "playstrategy",
        "playstrategy(strategy, fen) or playstrategy(strategy, fen, defender, seed)",
        2..=4,
        Ruleset,
        "play a constraint strategy against a random or a perfect defender",
        "playstrategy(\"k(2,-1)01 k(2,0)01\", \"8/8/8/4k3/8/8/R7/R7 w - - 0 1\") plays White by a constraint\nstrategy (Laros 4.4; one entry per White piece in the order king, queens, rooks, bishops,\nknights): anchor k (the enemy king) or a piece number, special square (dx,dy), and x and y\nflags, 1 hard and 0 soft. White moves to the position of least penalty (ties: a move that\nhangs no piece, then the first generated). Black plays \"random\" (default; seed 1) or\n\"perfect\" (the solver's longest defence). White has 50 moves; the game ends at mate,\nstalemate, a lost piece or the move limit.\nExample: playstrategy(\"k(2,-1)01 k(2,0)01\", \"8/8/8/4k3/8/8/R7/R7 w - - 0 1\", \"random\", 3).",
        |s, v| {
            let board = fen_arg(s.arena, v, 1)?;
            if !board.white_to_move {
                return Err(CallError::Arg(
                    1,
                    "the strategy plays White: White must be to move".into(),
                ));
            }
            let strategy = strategy_arg(s.arena, v, 0, board.white.len())?;
            let defender = match v.get(2) {
                None => Defender::Random,
                Some(Value::Str(d)) if d == "random" => Defender::Random,
                Some(Value::Str(d)) if d == "perfect" => Defender::Perfect,
                Some(_) => {
                    return Err(CallError::Arg(
                        2,
                        "the defender is \"random\" or \"perfect\"".into(),
                    ));
                }
            };
            let seed = match v.get(3) {
                None => 1,
                Some(_) => v.int(s.arena, 3, 0..=u32::MAX as i64)? as u64,
            };
            let mut rng = crate::game::rng::Rng::seeded(seed);
            let game = evolve::play(
                &strategy,
                &board,
                defender,
                &mut rng,
                s.states.get::<Tables>(),
                true,
            )
            .map_err(|m| CallError::Arg(1, m))?;
            let mut out = String::new();
            for (i, pair) in game.record.chunks(2).enumerate() {
                if i > 0 {
                    out.push(if i % 8 == 0 { '\n' } else { ' ' });
                }
                let _ = write!(out, "{}. {}", i + 1, pair.join(" "));
            }
            if !out.is_empty() {
                out.push('\n');
            }
            let _ = write!(
                out,
                "{} after {} White moves",
                game.ending.text(),
                game.white_moves
            );
            Ok(Value::Text(out))
        }
    ),
    function!(
        "evolve",
        "evolve(material, seed) or evolve(material, seed, generations, grading)",
        2..=4,
        Ruleset,
        "evolve a constraint strategy for a material by a genetic algorithm",
        "evolve(\"RR\", seed) runs Laros's genetic algorithm (6.1-6.3, 7.1-7.2) for White's material\n(\"RR\": two rooks, no king; \"KR\", \"KQ\", ...; Black has a lone king): a population of 50\nrandom strategies anchored on the enemy king, the 5 best kept (elitist), the rest bred by\nuniform crossover and mutation, each graded on 50 games against a random defender from\nrandom starts (the same for a whole generation). Grading \"mate\" (default, 7.2) counts only\nmates, 100 minus the moves; \"score\" (6.3) also gives stalemate a win and a draw 25. One\nline per generation; it stops when one strategy has mated all 50 games in 3 generations in\na row, or after `generations` (default 100). The strategies-per-second rate goes to standard error.\nExample: evolve(\"RR\", 7).",
        |s, v| {
            let kinds = material_arg(s.arena, v, 0)?;
            let seed = v.int(s.arena, 1, 0..=u32::MAX as i64)? as u64;
            let generations = match v.get(2) {
                None => 100,
                Some(_) => v.int(s.arena, 2, 1..=10_000)? as usize,
            };
            let grading = match v.get(3) {
                None => Grading::MateOnly,
                Some(Value::Str(g)) if g == "mate" => Grading::MateOnly,
                Some(Value::Str(g)) if g == "score" => Grading::Score,
                Some(_) => {
                    return Err(CallError::Arg(
                        3,
                        "the grading is \"mate\" or \"score\"".into(),
                    ));
                }
            };
            let settings = Settings {
                seed,
                generations,
                grading,
                games: 50,
                ..Settings::default()
            };
            let mut out = String::from("generation  best grade  mates  mean grade  best strategy");
            let result = evolve::evolve(&kinds, &settings, s.states.get::<Tables>(), &mut |g| {
                let _ = write!(
                    out,
                    "\n{:>10}  {:>10.2}  {:>2}/{}  {:>10.2}  {}",
                    g.index, g.best_grade, g.best_mates, settings.games, g.mean_grade, g.best
                );
            });
            crate::search::budget::progress_line(format_args!(
                "{} strategies graded in {:.1} s: {:.0} per second ({} games each)",
                result.evaluated,
                result.seconds,
                result.evaluated as f64 / result.seconds.max(1e-9),
                settings.games
            ));
            let _ = write!(
                out,
                "\n{} after {} generations ({} strategies graded): {}",
                if result.solved {
                    "mates every game"
                } else {
                    "best found"
                },
                result.generations,
                result.evaluated,
                result.best
            );
            Ok(Value::Text(out))
        }
    ),
    function!(
        "strategyreport",
        "strategyreport(material, strategy, games, seed)",
        4..=4,
        Ruleset,
        "a constraint strategy against random and perfect defenders, next to perfect play",
        "strategyreport(\"RR\", \"k(2,-1)01 k(2,0)01\", 1000, 1) plays the strategy from `games` random\nstarts (White to move; no piece next to the Black king) against the random defender and\nagainst the perfect one, and prints how the games end, the mean moves to mate, and the mean\nperfect-play distance to mate from the starts of the mated games.\nExample: strategyreport(\"KR\", \"k(1,1)11 k(0,2)10\", 100, 1).",
        |s, v| {
            let kinds = material_arg(s.arena, v, 0)?;
            let strategy = strategy_arg(s.arena, v, 1, kinds.len())?;
            let games = v.int(s.arena, 2, 1..=1_000_000)? as usize;
            let seed = v.int(s.arena, 3, 0..=u32::MAX as i64)? as u64;
            let r = evolve::report(&kinds, &strategy, games, seed, s.states.get::<Tables>())
                .map_err(|m| CallError::Arg(0, m))?;
            let endings = |list: &[(Ending, usize)]| {
                list.iter()
                    .map(|(e, n)| format!("{} {n}", e.text()))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let material: String = kinds.iter().map(|k| k.letter()).collect();
            Ok(Value::Text(format!(
                "{strategy} with {material} against a lone king, {games} random starts ({} won with perfect play)\nrandom defender:  {}\n  mean moves to mate {:.2}; perfect play from the same starts {:.2}\nperfect defender: {}\n  mean moves to mate {:.2}",
                r.perfectly_won,
                endings(&r.random),
                r.mean_moves_to_mate,
                r.mean_perfect_of_mated,
                endings(&r.perfect),
                r.mean_moves_to_mate_perfect
            )))
        }
    ),
];

fn fen_arg(a: &mut Arena, v: Args, i: usize) -> Result<Board, CallError> {
    v.parsed(a, i, "a FEN string", Board::from_fen)
}

fn material_arg(a: &mut Arena, v: Args, i: usize) -> Result<Vec<Kind>, CallError> {
    v.parsed(
        a,
        i,
        "White's material such as \"KR\" or \"RR\"",
        parse_material,
    )
}

fn strategy_arg(a: &mut Arena, v: Args, i: usize, pieces: usize) -> Result<Strategy, CallError> {
    v.parsed(a, i, "a strategy such as \"k(2,-1)01 k(2,0)01\"", |t| {
        Strategy::parse(t, pieces)
    })
}

/// For the fuzzer: whether `fen` reads, and a FEN that reads writes back to a FEN that reads
/// to the same board (its moves and legality are computed too, without solving).
fn fen_reads_back(fen: &str) -> Result<bool, String> {
    let Ok(b) = Board::from_fen(fen) else {
        return Ok(false);
    };
    let again = Board::from_fen(&b.fen())
        .map_err(|e| format!("{fen:?} reads, its FEN {:?} not: {e}", b.fen()))?;
    if again.fen() != b.fen() {
        return Err(format!(
            "{fen:?}: FEN {:?} reads back as {:?}",
            b.fen(),
            again.fen()
        ));
    }
    let _ = b.illegality();
    let _ = b.moves();
    Ok(true)
}
