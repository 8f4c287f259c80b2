//! Games of a constraint strategy against a defender, the gradings of Laros §6.3 and §7.2, the
//! genetic algorithm of §6, and the comparison with perfect play.
//!
//! Readings the paper leaves open, fixed here:
//! - **Starts**: the pieces are placed uniformly at random on distinct squares, White to move;
//!   a placement is drawn again when the kings touch, Black is in check, or the Black king
//!   touches a White piece (so no start hangs a piece at once).
//! - **A game** gives White 50 moves (§6.3); mate wins, a capture loses (§6.3: "if a piece is
//!   captured, the game is lost"), stalemate is a win under the §6.3 grading and a loss under
//!   the §7.2 one, and 50 moves without mate are a draw.
//! - **Grades**: §6.3 gives a win 100 minus White's moves, a draw 25, a loss 0; §7.2 counts
//!   only mates (100 minus the moves), everything else 0. A strategy's grade is its mean over
//!   the generation's starts, the same starts for every candidate of a generation.
//! - **The algorithm** (§6, 6.1, 6.2, 7.1): a population of 50; the 5 best survive (elitist
//!   selection); each other child comes from two survivors by uniform crossover with a random
//!   mask over the genes (per piece: anchor, dx, dy, x flag, y flag) and is mutated (each gene
//!   with probability 1/5: a coordinate moves by ±1 or ±2 within -7..7, a flag flips, an
//!   anchor is drawn again). Anchors stay on the enemy king unless evolution is asked to vary
//!   them, as in the paper's experiments (§7). It stops when one strategy has mated every game
//!   in 3 generations in a row (150 fresh starts with 50 games each), or after the generation
//!   limit.

use std::time::Instant;

use crate::game::interrupt::check_cancel;
use crate::game::rng::Rng;

use super::board::{Board, Kind, Piece, adjacent};
use super::solver::{Tables, Verdict};
use super::strategy::{Anchor, PieceStrategy, Strategy};

/// White's moves before a game is drawn.
pub const MOVE_LIMIT: u32 = 50;

/// Parses a material such as `KR`, `RR` or `KBN` (White's pieces; the king is optional).
pub fn parse_material(text: &str) -> Result<Vec<Kind>, String> {
    let mut kinds = Vec::new();
    for c in text.chars() {
        match Kind::from_letter(c.to_ascii_uppercase()) {
            Some(k) => kinds.push(k),
            None => return Err(format!("`{c}` is no White piece (K Q R B N)")),
        }
    }
    kinds.sort();
    if kinds.iter().filter(|&&k| k == Kind::King).count() > 1 {
        return Err("White has one king at most".into());
    }
    let others = kinds.iter().filter(|&&k| k != Kind::King).count();
    if others == 0 || others > super::board::MAX_PIECES {
        return Err(format!(
            "White needs 1 to {} pieces besides the king, not {others}",
            super::board::MAX_PIECES
        ));
    }
    Ok(kinds)
}

/// A random legal start for `kinds`, White to move (see the module notes).
pub fn random_start(kinds: &[Kind], rng: &mut Rng) -> Board {
    loop {
        let bk = rng.below(64) as u8;
        let mut used = 1u64 << bk;
        let mut white = super::board::Pieces::new();
        for &kind in kinds {
            let s = loop {
                let s = rng.below(64) as u8;
                if used & (1 << s) == 0 {
                    break s;
                }
            };
            used |= 1 << s;
            white.push(Piece { kind, square: s });
        }
        let b = Board {
            white,
            black_king: bk,
            white_to_move: true,
        };
        if b.illegality().is_none() && !b.white.iter().any(|p| adjacent(p.square, bk)) {
            return b;
        }
    }
}

/// Who plays Black.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defender {
    /// A uniformly random legal move.
    Random,
    /// The solver's move: a draw if one exists, else the longest resistance.
    Perfect,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    Mate,
    Stalemate,
    /// Black took a White piece.
    Capture,
    /// White's 50 moves passed without mate.
    MoveLimit,
    /// White had no legal move.
    WhiteStuck,
}

impl Ending {
    pub fn text(self) -> &'static str {
        match self {
            Ending::Mate => "mate",
            Ending::Stalemate => "stalemate",
            Ending::Capture => "piece lost",
            Ending::MoveLimit => "draw (50 moves)",
            Ending::WhiteStuck => "draw (White cannot move)",
        }
    }
}

/// A finished game.
#[derive(Clone, Debug)]
pub struct Game {
    pub ending: Ending,
    /// White's moves played.
    pub white_moves: u32,
    /// The moves in long algebraic notation, when recorded.
    pub record: Vec<String>,
}

/// Plays `strategy` from `start` (White to move) against `defender`.
pub fn play(
    strategy: &Strategy,
    start: &Board,
    defender: Defender,
    rng: &mut Rng,
    tables: &mut Tables,
    record: bool,
) -> Result<Game, String> {
    let mut board = *start;
    let mut moves = Vec::new();
    let mut white_moves = 0;
    let ending = loop {
        if white_moves == MOVE_LIMIT {
            break Ending::MoveLimit;
        }
        let Some(m) = strategy.choose(&board) else {
            break Ending::WhiteStuck;
        };
        if record {
            moves.push(board.move_text(m));
        }
        board = board.after(m);
        white_moves += 1;
        let replies = board.moves();
        if replies.is_empty() {
            break if board.black_in_check() {
                Ending::Mate
            } else {
                Ending::Stalemate
            };
        }
        let reply = match defender {
            Defender::Random => replies[rng.below(replies.len())],
            Defender::Perfect => match tables.best_move(&board)? {
                Some((m, _)) => m,
                None => break Ending::Stalemate,
            },
        };
        if record {
            moves.push(board.move_text(reply));
        }
        let captured = board.captures(reply);
        board = board.after(reply);
        if captured {
            break Ending::Capture;
        }
    };
    Ok(Game {
        ending,
        white_moves,
        record: moves,
    })
}

/// A grading of games (§6.3 or §7.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grading {
    /// §6.3: a win (mate or stalemate) is 100 minus the moves, a draw 25, a loss 0.
    Score,
    /// §7.2: only a mate counts (100 minus the moves); everything else is 0.
    MateOnly,
}

impl Grading {
    pub fn grade(self, g: &Game) -> f64 {
        let win = 100.0 - g.white_moves as f64;
        match (self, g.ending) {
            (_, Ending::Mate) => win,
            (Grading::Score, Ending::Stalemate) => win,
            (Grading::Score, Ending::MoveLimit | Ending::WhiteStuck) => 25.0,
            _ => 0.0,
        }
    }
}

/// The settings of an evolution run.
#[derive(Clone, Debug)]
pub struct Settings {
    pub population: usize,
    pub survivors: usize,
    /// Games against the random defender per strategy and generation.
    pub games: usize,
    pub generations: usize,
    pub grading: Grading,
    pub free_anchors: bool,
    pub seed: u64,
    /// Consecutive generations (fresh starts each) in which one strategy must mate every
    /// game before the run stops.
    pub confirm: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            population: 50,
            survivors: 5,
            games: 20,
            generations: 200,
            grading: Grading::MateOnly,
            free_anchors: false,
            seed: 1,
            confirm: 3,
        }
    }
}

/// One generation's summary, for the progress line.
#[derive(Clone, Debug)]
pub struct Generation {
    pub index: usize,
    pub best: Strategy,
    pub best_grade: f64,
    pub best_mates: usize,
    pub mean_grade: f64,
}

/// The result of a run.
#[derive(Clone, Debug)]
pub struct Evolved {
    pub best: Strategy,
    pub generations: usize,
    /// Strategies graded (each over `games` games).
    pub evaluated: u64,
    pub seconds: f64,
    /// Whether the best strategy mated in every game of its generation.
    pub solved: bool,
}

fn random_piece(kinds: &[Kind], i: usize, free_anchors: bool, rng: &mut Rng) -> PieceStrategy {
    PieceStrategy {
        anchor: random_anchor(kinds, i, free_anchors, rng),
        dx: rng.below(15) as i8 - 7,
        dy: rng.below(15) as i8 - 7,
        hard_x: rng.chance(1, 2),
        hard_y: rng.chance(1, 2),
    }
}

fn random_anchor(kinds: &[Kind], i: usize, free: bool, rng: &mut Rng) -> Anchor {
    if !free || kinds.len() < 2 || rng.chance(1, 2) {
        return Anchor::EnemyKing;
    }
    let j = rng.below(kinds.len() - 1);
    Anchor::Own(if j >= i { j + 1 } else { j })
}

/// Grades `strategy` on `starts` against the random defender (the game seeds are the start
/// numbers, so every candidate meets the same replies to the same positions).
fn grade(
    strategy: &Strategy,
    starts: &[Board],
    grading: Grading,
    seed: u64,
    tables: &mut Tables,
) -> (f64, usize) {
    let mut total = 0.0;
    let mut mates = 0;
    for (i, s) in starts.iter().enumerate() {
        check_cancel();
        let mut rng = Rng::seeded(seed ^ (i as u64 + 1) << 20);
        let g = play(strategy, s, Defender::Random, &mut rng, tables, false)
            .expect("the random defender needs no table");
        total += grading.grade(&g);
        mates += (g.ending == Ending::Mate) as usize;
    }
    (total / starts.len().max(1) as f64, mates)
}

/// Evolves a strategy for `kinds` (§6); `progress` sees every generation.
pub fn evolve(
    kinds: &[Kind],
    settings: &Settings,
    tables: &mut Tables,
    progress: &mut dyn FnMut(&Generation),
) -> Evolved {
    let start = Instant::now();
    let mut rng = Rng::seeded(settings.seed);
    let n = kinds.len();
    let mut population: Vec<Strategy> = (0..settings.population)
        .map(|_| Strategy {
            pieces: (0..n)
                .map(|i| random_piece(kinds, i, settings.free_anchors, &mut rng))
                .collect(),
        })
        .collect();
    let mut evaluated = 0u64;
    let mut best = population[0].clone();
    let mut solved = false;
    let mut generation = 0;
    // The strategy that mated every game, and in how many generations in a row.
    let mut streak: Option<(Strategy, usize)> = None;
    while generation < settings.generations {
        generation += 1;
        let starts: Vec<Board> = (0..settings.games)
            .map(|_| random_start(kinds, &mut rng))
            .collect();
        let game_seed = rng.below(1 << 30) as u64;
        let mut graded: Vec<(f64, usize, Strategy)> = population
            .drain(..)
            .map(|s| {
                let (g, mates) = grade(&s, &starts, settings.grading, game_seed, tables);
                (g, mates, s)
            })
            .collect();
        evaluated += graded.len() as u64;
        graded.sort_by(|a, b| b.0.total_cmp(&a.0));
        let mean = graded.iter().map(|g| g.0).sum::<f64>() / graded.len() as f64;
        best = graded[0].2.clone();
        progress(&Generation {
            index: generation,
            best: best.clone(),
            best_grade: graded[0].0,
            best_mates: graded[0].1,
            mean_grade: mean,
        });
        // A strategy that mated every game must do it again on the next generations' starts.
        let perfect: Vec<&Strategy> = graded
            .iter()
            .filter(|g| g.1 == settings.games)
            .map(|g| &g.2)
            .collect();
        streak = match streak.take() {
            Some((s, n)) if perfect.contains(&&s) => Some((s, n + 1)),
            _ => perfect.first().map(|s| ((*s).clone(), 1)),
        };
        if let Some((s, n)) = &streak
            && *n >= settings.confirm.max(1)
        {
            best = s.clone();
            solved = true;
            break;
        }
        let mut survivors: Vec<Strategy> = graded
            .into_iter()
            .take(settings.survivors)
            .map(|g| g.2)
            .collect();
        // The strategy on a streak survives to be tried again.
        if let Some((s, _)) = &streak
            && !survivors.contains(s)
        {
            survivors.pop();
            survivors.push(s.clone());
        }
        population = survivors.clone();
        while population.len() < settings.population {
            let a = &survivors[rng.below(survivors.len())];
            let b = &survivors[rng.below(survivors.len())];
            let mut child = crossover(a, b, &mut rng);
            mutate(&mut child, kinds, settings.free_anchors, &mut rng);
            population.push(child);
        }
    }
    Evolved {
        best,
        generations: generation,
        evaluated,
        seconds: start.elapsed().as_secs_f64(),
        solved,
    }
}

/// Uniform crossover (§6.2): each gene from one parent or the other by a random mask.
fn crossover(a: &Strategy, b: &Strategy, rng: &mut Rng) -> Strategy {
    let pieces = a
        .pieces
        .iter()
        .zip(&b.pieces)
        .map(|(x, y)| PieceStrategy {
            anchor: if rng.chance(1, 2) { x.anchor } else { y.anchor },
            dx: if rng.chance(1, 2) { x.dx } else { y.dx },
            dy: if rng.chance(1, 2) { x.dy } else { y.dy },
            hard_x: if rng.chance(1, 2) { x.hard_x } else { y.hard_x },
            hard_y: if rng.chance(1, 2) { x.hard_y } else { y.hard_y },
        })
        .collect();
    Strategy { pieces }
}

/// Mutation: each gene with probability 1/5.
fn mutate(s: &mut Strategy, kinds: &[Kind], free_anchors: bool, rng: &mut Rng) {
    let shift = |v: i8, rng: &mut Rng| -> i8 {
        let d = [-2, -1, 1, 2][rng.below(4)];
        (v + d).clamp(-7, 7)
    };
    for (i, p) in s.pieces.iter_mut().enumerate() {
        if rng.chance(1, 5) {
            p.anchor = random_anchor(kinds, i, free_anchors, rng);
        }
        if rng.chance(1, 5) {
            p.dx = shift(p.dx, rng);
        }
        if rng.chance(1, 5) {
            p.dy = shift(p.dy, rng);
        }
        if rng.chance(1, 5) {
            p.hard_x = !p.hard_x;
        }
        if rng.chance(1, 5) {
            p.hard_y = !p.hard_y;
        }
    }
}

/// A strategy measured on `games` random starts: against the random defender (mates, mean
/// moves to mate) and the perfect defender, next to perfect play from the same starts.
#[derive(Clone, Debug, Default)]
pub struct Report {
    pub games: usize,
    /// Against the random defender: games per ending.
    pub random: Vec<(Ending, usize)>,
    /// Mean White moves of the mates against the random defender.
    pub mean_moves_to_mate: f64,
    /// Mean perfect-play moves to mate from the starts of those mated games.
    pub mean_perfect_of_mated: f64,
    /// Starts White wins with perfect play.
    pub perfectly_won: usize,
    /// Against the perfect defender: games per ending.
    pub perfect: Vec<(Ending, usize)>,
    /// Mean White moves of the mates against the perfect defender.
    pub mean_moves_to_mate_perfect: f64,
}

/// Measures `strategy` on `games` starts of seed `seed`.
pub fn report(
    kinds: &[Kind],
    strategy: &Strategy,
    games: usize,
    seed: u64,
    tables: &mut Tables,
) -> Result<Report, String> {
    let mut rng = Rng::seeded(seed);
    let mut r = Report {
        games,
        ..Report::default()
    };
    let count =
        |list: &mut Vec<(Ending, usize)>, e: Ending| match list.iter_mut().find(|x| x.0 == e) {
            Some(x) => x.1 += 1,
            None => list.push((e, 1)),
        };
    let (mut mated, mut moves, mut perfect_moves) = (0usize, 0u64, 0u64);
    let (mut mated_p, mut moves_p) = (0usize, 0u64);
    for _ in 0..games {
        check_cancel();
        let start = random_start(kinds, &mut rng);
        let verdict = tables.verdict(&start)?;
        if let Verdict::Wins(_) = verdict {
            r.perfectly_won += 1;
        }
        let g = play(strategy, &start, Defender::Random, &mut rng, tables, false)?;
        count(&mut r.random, g.ending);
        if g.ending == Ending::Mate {
            mated += 1;
            moves += g.white_moves as u64;
            perfect_moves += verdict.moves_to_mate().unwrap_or(0) as u64;
        }
        let g = play(strategy, &start, Defender::Perfect, &mut rng, tables, false)?;
        count(&mut r.perfect, g.ending);
        if g.ending == Ending::Mate {
            mated_p += 1;
            moves_p += g.white_moves as u64;
        }
    }
    let mean = |a: u64, n: usize| if n == 0 { 0.0 } else { a as f64 / n as f64 };
    r.mean_moves_to_mate = mean(moves, mated);
    r.mean_perfect_of_mated = mean(perfect_moves, mated);
    r.mean_moves_to_mate_perfect = mean(moves_p, mated_p);
    r.random.sort_by_key(|x| std::cmp::Reverse(x.1));
    r.perfect.sort_by_key(|x| std::cmp::Reverse(x.1));
    Ok(r)
}

/// The mates among `r`'s games against the random defender.
pub fn mates(list: &[(Ending, usize)]) -> usize {
    list.iter().find(|x| x.0 == Ending::Mate).map_or(0, |x| x.1)
}
