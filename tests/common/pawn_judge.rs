//! A brute-force judge of chess pawn structures played on the whole board: who wins with a
//! given side to move, straight from the rules of Mäser's model (thesis 7.1: the kings are
//! bound in mutual zugzwang, so only pawns move; a promotion wins at once; a side without a
//! move loses). No chunks, no values, no threat algebra, no detector: plain minimax with a
//! memo of whole boards, sharing nothing with `cgcalc::rulesets::pawns`.
//!
//! En passant is optional, in two forms: as in chess (only the opponent's immediate reply may
//! capture the pawn that just made a double step), or as a right local to a group of files
//! (the chunk model of issue 26: the opponent's next move *in that group* may capture; any
//! other move in the group ends the right, moves elsewhere keep it).

#![allow(dead_code)]

use std::collections::HashMap;

use super::Rng;

/// How en passant is played.
#[derive(Clone, Debug)]
pub enum EnPassant {
    Off,
    /// The opponent's immediate reply only.
    Chess,
    /// The right lasts until the next move in the double-stepped pawn's group; `groups[f]` is
    /// the group of file f.
    Local(Vec<usize>),
}

/// An en-passant right: the square passed over and who may capture onto it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Right {
    file: usize,
    rank: usize,
    white_captures: bool,
}

/// A whole board with the side to move and the open en-passant rights (one slot per group).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct State {
    /// `cells[rank * files + file]`: 1 White, -1 Black, 0 empty; rank 0 at the bottom.
    cells: Vec<i8>,
    white_to_move: bool,
    rights: Vec<Option<Right>>,
}

/// What a move leads to.
enum After {
    Promotes,
    To(State),
}

/// The judge of one board size and en-passant rule, with its memo.
pub struct PawnJudge {
    files: usize,
    ranks: usize,
    ep: EnPassant,
    memo: HashMap<State, bool>,
}

impl PawnJudge {
    pub fn new(files: usize, ranks: usize, ep: EnPassant) -> PawnJudge {
        PawnJudge {
            files,
            ranks,
            ep,
            memo: HashMap::new(),
        }
    }

    /// Every move of the side `white` in the FEN placement `fen` (no en-passant right open),
    /// named as the calculator names them (`a2-a4`, `b4xc5`), with whether the mover wins the
    /// whole board after it.
    pub fn moves(&mut self, fen: &str, white: bool) -> Vec<(String, bool)> {
        let state = self.parse(fen, white);
        self.moves_of(&state)
            .into_iter()
            .map(|(name, after)| {
                let wins = match after {
                    After::Promotes => true,
                    After::To(next) => !self.mover_to_play_wins(&next),
                };
                (name, wins)
            })
            .collect()
    }

    /// The moves of `white` that win the whole board.
    pub fn winning_moves(&mut self, fen: &str, white: bool) -> Vec<String> {
        self.moves(fen, white)
            .into_iter()
            .filter(|(_, w)| *w)
            .map(|(m, _)| m)
            .collect()
    }

    fn groups(&self) -> usize {
        match &self.ep {
            EnPassant::Off | EnPassant::Chess => 1,
            EnPassant::Local(g) => g.iter().max().map_or(1, |m| m + 1),
        }
    }

    fn group_of(&self, file: usize) -> usize {
        match &self.ep {
            EnPassant::Local(g) => g[file],
            _ => 0,
        }
    }

    fn parse(&self, fen: &str, white: bool) -> State {
        let rows: Vec<&str> = fen.split('/').collect();
        assert_eq!(rows.len(), self.ranks, "{fen}");
        let mut cells = vec![0; self.files * self.ranks];
        for (i, row) in rows.iter().enumerate() {
            let rank = self.ranks - 1 - i;
            let mut file = 0;
            for c in row.chars() {
                match c {
                    'P' | 'p' => {
                        cells[rank * self.files + file] = if c == 'P' { 1 } else { -1 };
                        file += 1;
                    }
                    d => file += d.to_digit(10).expect("a digit") as usize,
                }
            }
            assert_eq!(file, self.files, "{fen}");
        }
        State {
            cells,
            white_to_move: white,
            rights: vec![None; self.groups()],
        }
    }

    fn mover_to_play_wins(&mut self, s: &State) -> bool {
        if let Some(&w) = self.memo.get(s) {
            return w;
        }
        let mut wins = false;
        for (_, after) in self.moves_of(s) {
            wins = match after {
                After::Promotes => true,
                After::To(next) => !self.mover_to_play_wins(&next),
            };
            if wins {
                break;
            }
        }
        self.memo.insert(s.clone(), wins);
        wins
    }

    /// The side to move's moves: steps, double steps from the second rank, captures and
    /// en-passant captures, each named and with what it leads to.
    fn moves_of(&self, s: &State) -> Vec<(String, After)> {
        let (files, ranks) = (self.files, self.ranks);
        let me: i8 = if s.white_to_move { 1 } else { -1 };
        let at = |f: usize, r: usize| s.cells[r * files + f];
        let name = |f0: usize, r0: usize, f1: usize, r1: usize| {
            let sq = |f: usize, r: usize| format!("{}{}", (b'a' + f as u8) as char, r + 1);
            format!(
                "{}{}{}",
                sq(f0, r0),
                if f0 == f1 { '-' } else { 'x' },
                sq(f1, r1)
            )
        };
        let far = if s.white_to_move { ranks - 1 } else { 0 };
        let second = if s.white_to_move { 1 } else { ranks - 2 };
        let mut out = Vec::new();
        // The position after moving (f0, r0) to (f1, r1), also removing `taken`.
        let play = |f0: usize, r0: usize, f1: usize, r1: usize, taken: Option<(usize, usize)>| {
            if r1 == far {
                return After::Promotes;
            }
            let mut next = s.clone();
            next.cells[r0 * files + f0] = 0;
            next.cells[r1 * files + f1] = me;
            if let Some((tf, tr)) = taken {
                next.cells[tr * files + tf] = 0;
            }
            next.white_to_move = !s.white_to_move;
            match &self.ep {
                EnPassant::Off => {}
                EnPassant::Chess => next.rights[0] = None,
                EnPassant::Local(_) => {
                    for f in [f0, f1] {
                        next.rights[self.group_of(f)] = None;
                    }
                }
            }
            if !matches!(self.ep, EnPassant::Off) && r0.abs_diff(r1) == 2 {
                next.rights[self.group_of(f0)] = Some(Right {
                    file: f0,
                    rank: (r0 + r1) / 2,
                    white_captures: !s.white_to_move,
                });
            }
            After::To(next)
        };
        for r in 0..ranks {
            for f in 0..files {
                if at(f, r) != me || r == far {
                    continue;
                }
                let ahead = if s.white_to_move { r + 1 } else { r - 1 };
                if at(f, ahead) == 0 {
                    out.push((name(f, r, f, ahead), play(f, r, f, ahead, None)));
                    if r == second && ranks >= 4 {
                        let two = if s.white_to_move { r + 2 } else { r - 2 };
                        if at(f, two) == 0 {
                            out.push((name(f, r, f, two), play(f, r, f, two, None)));
                        }
                    }
                }
                for g in [f.wrapping_sub(1), f + 1] {
                    if g >= files {
                        continue;
                    }
                    if at(g, ahead) == -me {
                        out.push((name(f, r, g, ahead), play(f, r, g, ahead, None)));
                    }
                    let ep = s.rights.iter().flatten().any(|right| {
                        right.white_captures == s.white_to_move
                            && right.file == g
                            && right.rank == ahead
                    });
                    if ep && at(g, ahead) == 0 && at(g, r) == -me {
                        out.push((name(f, r, g, ahead), play(f, r, g, ahead, Some((g, r)))));
                    }
                }
            }
        }
        out
    }
}

/// A random structure of several chunks with no pawn on its own second rank (so no double
/// step, and en passant never arises): 2 to 6 pawns, White on ranks 3 to 7, Black on 2 to 6.
pub fn random_structure(rng: &mut Rng) -> String {
    let mut cells = [[' '; 8]; 8];
    let n = 2 + rng.below(5);
    for _ in 0..n {
        let file = rng.below(8);
        let (c, rank) = if rng.chance(1, 2) {
            ('P', 2 + rng.below(5))
        } else {
            ('p', 1 + rng.below(5))
        };
        cells[rank][file] = c;
    }
    super::fen::placement(&cells)
}
