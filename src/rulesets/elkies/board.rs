//! Elkies' pawn game (*Higher nimbers in pawn endgames on large chessboards*, 3.1 and 6.1;
//! rules as fixed in seed-notes.md): n files and 3 rows. An *initial file* holds a White pawn
//! on the bottom row and a Black pawn on the top row. Pawns step one square forward onto an
//! empty square or capture one square diagonally forward (captures are optional); there are no
//! double steps. A pawn reaching the far row of an *unstopped* file wins at once (a global
//! threat, valued by GTSearch); on a *stopped* file it stays there without further moves.
//! Otherwise the player without a move loses.
//!
//! A board is six bit rows (White's and Black's pawns on each row, bit f for file f) and the
//! set of stopped files. Empty files separate components for good: a pawn enters a file only
//! by capturing on it.

use crate::rulesets::grid::square_name;
use crate::search::{Game, Player};

/// Most files of a board.
pub const MAX_FILES: usize = 64;

/// A position of the pawn game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Board {
    width: u8,
    /// Stopped files.
    stops: u64,
    /// White's pawns by row (0 = bottom).
    white: [u64; 3],
    /// Black's pawns by row.
    black: [u64; 3],
}

impl Board {
    /// The component of initial files described by `word` (`true` = stopped file).
    pub fn initial(word: &[bool]) -> Result<Board, String> {
        Board::components(&[word.to_vec()])
    }

    /// Components of initial files side by side, each word a component, separated by one
    /// empty file.
    pub fn components(words: &[Vec<bool>]) -> Result<Board, String> {
        let width = words.iter().map(Vec::len).sum::<usize>() + words.len().saturating_sub(1);
        if width > MAX_FILES {
            return Err(format!(
                "the board would have {width} files; at most {MAX_FILES} fit"
            ));
        }
        let mut b = Board {
            width: width as u8,
            stops: 0,
            white: [0; 3],
            black: [0; 3],
        };
        let mut f = 0;
        for w in words {
            for (i, &stopped) in w.iter().enumerate() {
                if stopped && i > 0 && w[i - 1] {
                    return Err(format!(
                        "files {} and {} are both stopped; no two adjacent files may be",
                        f,
                        f + 1
                    ));
                }
                let bit = 1u64 << f;
                b.white[0] |= bit;
                b.black[2] |= bit;
                if stopped {
                    b.stops |= bit;
                }
                f += 1;
            }
            f += 1;
        }
        Ok(b)
    }

    pub fn width(&self) -> usize {
        self.width as usize
    }

    fn mask(&self) -> u64 {
        if self.width as usize >= 64 {
            u64::MAX
        } else {
            (1u64 << self.width) - 1
        }
    }

    fn occupied(&self) -> u64 {
        self.white.iter().chain(&self.black).fold(0, |a, &r| a | r)
    }

    fn rows(&self, player: Player) -> &[u64; 3] {
        match player {
            Player::Left => &self.white,
            Player::Right => &self.black,
        }
    }

    /// The board shifted right by `lo` files and cut to `width` files.
    fn window(&self, lo: usize, width: usize) -> Board {
        let m = if width >= 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let cut = |x: u64| (x >> lo) & m;
        Board {
            width: width as u8,
            stops: cut(self.stops),
            white: self.white.map(cut),
            black: self.black.map(cut),
        }
    }

    /// The board mirrored left to right.
    fn mirrored(&self) -> Board {
        let w = self.width as u32;
        let rev = |x: u64| {
            if w == 0 {
                0
            } else {
                x.reverse_bits() >> (64 - w)
            }
        };
        Board {
            width: self.width,
            stops: rev(self.stops),
            white: self.white.map(rev),
            black: self.black.map(rev),
        }
    }

    /// Colours swapped and rows reversed: the negative.
    fn colour_mirrored(&self) -> Board {
        Board {
            width: self.width,
            stops: self.stops,
            white: [self.black[2], self.black[1], self.black[0]],
            black: [self.white[2], self.white[1], self.white[0]],
        }
    }

    /// The text of the board: rows from the top separated by `|`, `P`/`p` pawns, `.` empty,
    /// and the stopped files below as `^`.
    pub fn diagram(&self) -> String {
        let mut out = String::new();
        for row in (0..3).rev() {
            for f in 0..self.width() {
                let bit = 1u64 << f;
                out.push(if self.white[row] & bit != 0 {
                    'P'
                } else if self.black[row] & bit != 0 {
                    'p'
                } else {
                    '.'
                });
            }
            out.push('|');
        }
        for f in 0..self.width() {
            out.push(if self.stops >> f & 1 == 1 { '^' } else { ' ' });
        }
        out.trim_end().to_string()
    }

    /// The word of a board made only of initial files, e.g. `[[1000]]`; components are
    /// separated by spaces.
    pub fn word(&self) -> Option<String> {
        let mut out = String::new();
        for f in 0..self.width() {
            let bit = 1u64 << f;
            let initial = self.white[0] & bit != 0 && self.black[2] & bit != 0;
            let empty = self.occupied() & bit == 0;
            let others = (self.white[1] | self.white[2] | self.black[0] | self.black[1]) & bit;
            if others != 0 || (!initial && !empty) {
                return None;
            }
            out.push(match (empty, self.stops >> f & 1 == 1) {
                (true, _) => ' ',
                (false, true) => '1',
                (false, false) => '0',
            });
        }
        Some(out)
    }
}

impl Board {
    /// `player` has a move onto an unstopped far square (a step or a capture).
    fn promotes_now(&self, player: Player) -> bool {
        let (near, far, enemy_far) = match player {
            Player::Left => (self.white[1], 2, self.black[2]),
            Player::Right => (self.black[1], 0, self.white[0]),
        };
        let open = !self.stops & self.mask();
        let empty_far = !(self.white[far] | self.black[far]);
        let step = near & empty_far & open;
        let capture = ((near << 1) | (near >> 1)) & enemy_far & open;
        step | capture != 0
    }

    /// `player` has a pawn before an empty unstopped far square that no enemy pawn can take.
    fn unstoppable_step(&self, player: Player) -> bool {
        let (near, far, enemy_far) = match player {
            Player::Left => (self.white[1], 2, self.black[2]),
            Player::Right => (self.black[1], 0, self.white[0]),
        };
        let open = !self.stops & self.mask();
        let empty_far = !(self.white[far] | self.black[far]);
        let attacked = (enemy_far << 1) | (enemy_far >> 1);
        near & empty_far & open & !attacked != 0
    }
}

impl Game for Board {
    const NAME: &'static str = "elkies";

    /// Captures first (they threaten or execute a win), then steps.
    fn moves(&self, player: Player) -> Vec<Board> {
        let mut captures = Vec::new();
        let mut steps = Vec::new();
        let (from_rows, dir): (&[usize], isize) = match player {
            Player::Left => (&[0, 1], 1),
            Player::Right => (&[2, 1], -1),
        };
        let mask = self.mask();
        for &r in from_rows {
            let to = (r as isize + dir) as usize;
            let own = self.rows(player)[r];
            let theirs = self.rows(player.other())[to];
            let empty = !(self.white[to] | self.black[to]) & mask;
            let place = |b: &mut Board, from: u64, dest: u64| {
                let (mine, other) = match player {
                    Player::Left => (&mut b.white, &mut b.black),
                    Player::Right => (&mut b.black, &mut b.white),
                };
                mine[r] &= !from;
                mine[to] |= dest;
                other[to] &= !dest;
            };
            let mut movers = own & empty;
            while movers != 0 {
                let bit = movers & movers.wrapping_neg();
                movers &= movers - 1;
                let mut b = *self;
                place(&mut b, bit, bit);
                steps.push(b);
            }
            // Capturing towards the lower file (f -> f-1), then towards the higher.
            let mut down = own & (theirs << 1);
            while down != 0 {
                let bit = down & down.wrapping_neg();
                down &= down - 1;
                let mut b = *self;
                place(&mut b, bit, bit >> 1);
                captures.push(b);
            }
            let mut up = own & (theirs >> 1);
            while up != 0 {
                let bit = up & up.wrapping_neg();
                up &= up - 1;
                let mut b = *self;
                place(&mut b, bit, bit << 1);
                captures.push(b);
            }
        }
        captures.extend(steps);
        captures
    }

    /// Runs of files with pawns (an empty file can never be entered again).
    fn components(&self) -> Vec<Board> {
        let occ = self.occupied();
        let mut out = Vec::new();
        let mut f = 0;
        while f < self.width() {
            if occ >> f & 1 == 0 {
                f += 1;
                continue;
            }
            let start = f;
            while f < self.width() && occ >> f & 1 == 1 {
                f += 1;
            }
            out.push(self.window(start, f - start));
        }
        out
    }

    fn normalize(&self) -> (Board, bool) {
        let same = (*self).min(self.mirrored());
        let neg = self.colour_mirrored();
        let neg = neg.min(neg.mirrored());
        if neg < same {
            (neg, true)
        } else {
            (same, false)
        }
    }

    fn global_winner(&self) -> Option<Player> {
        if self.white[2] & !self.stops != 0 {
            Some(Player::Left)
        } else if self.black[0] & !self.stops != 0 {
            Some(Player::Right)
        } else {
            None
        }
    }

    /// One move deep: the player to move who can reach an unstopped far square wins; so does
    /// the other player, when the player to move cannot and a pawn of the other one stands
    /// before an empty unstopped far square with no enemy pawn beside that square to take it
    /// (enemy pawns never move back to that row).
    fn forced_winner(&self, to_play: Option<Player>) -> Option<Player> {
        let mover = to_play?;
        if self.promotes_now(mover) {
            return Some(mover);
        }
        let other = mover.other();
        (self.unstoppable_step(other)).then_some(other)
    }

    fn describe_move(&self, to: &Board, player: Player) -> String {
        let (before, after) = (self.rows(player), to.rows(player));
        let mut from = None;
        let mut dest = None;
        for r in 0..3 {
            let gone = before[r] & !after[r];
            let came = after[r] & !before[r];
            if gone != 0 {
                from = Some((gone.trailing_zeros() as usize, r));
            }
            if came != 0 {
                dest = Some((came.trailing_zeros() as usize, r));
            }
        }
        match (from, dest) {
            (Some((f0, r0)), Some((f1, r1))) => format!(
                "{}{}{}",
                square_name(f0, r0),
                if f0 == f1 { '-' } else { 'x' },
                square_name(f1, r1)
            ),
            _ => "?".to_string(),
        }
    }

    fn describe(&self) -> String {
        match self.word() {
            Some(w) => format!("[[{}]]", w.trim()),
            None => self.diagram(),
        }
    }
}

/// A position of any game plus a Nim heap, for checking that a component behaves as the nimber
/// it is claimed to be: `G + *k` is a second-player win exactly when G "is" `*k` in sums.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PlusNim<G> {
    pub game: G,
    pub heap: u32,
}

impl<G: Game + Copy + Ord> Game for PlusNim<G> {
    const NAME: &'static str = G::NAME;

    fn moves(&self, player: Player) -> Vec<Self> {
        let mut out: Vec<Self> = self
            .game
            .moves(player)
            .into_iter()
            .map(|g| PlusNim {
                game: g,
                heap: self.heap,
            })
            .collect();
        out.extend((0..self.heap).map(|h| PlusNim {
            game: self.game,
            heap: h,
        }));
        out
    }

    fn normalize(&self) -> (Self, bool) {
        let (g, neg) = self.game.normalize();
        (
            PlusNim {
                game: g,
                heap: self.heap,
            },
            neg,
        )
    }

    fn global_winner(&self) -> Option<Player> {
        self.game.global_winner()
    }

    /// The game's detector stays sound: a heap move parries no threat.
    fn forced_winner(&self, to_play: Option<Player>) -> Option<Player> {
        self.game.forced_winner(to_play)
    }

    fn describe_move(&self, to: &Self, player: Player) -> String {
        if to.heap != self.heap {
            format!("*{} -> *{}", self.heap, to.heap)
        } else {
            self.game.describe_move(&to.game, player)
        }
    }

    fn describe(&self) -> String {
        format!("{} + *{}", self.game.describe(), self.heap)
    }
}
