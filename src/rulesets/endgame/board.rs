//! Chess endgames against a lone king: White has at most one king and up to three queens,
//! rooks, bishops or knights; Black has only its king. Legal moves with check, mate and
//! stalemate (FIDE Laws 3 and 5); no pawns, castling or en passant. White may have no king at
//! all (Laros's two rooks against a lone king).

use std::fmt;

use crate::rulesets::grid;

/// A square: `rank * 8 + file`, a1 = 0, h1 = 7, a8 = 56.
pub type Square = u8;

/// The kinds of White pieces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    King,
    Queen,
    Rook,
    Bishop,
    Knight,
}

impl Kind {
    pub fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
        }
    }

    pub fn from_letter(c: char) -> Option<Kind> {
        Some(match c {
            'K' => Kind::King,
            'Q' => Kind::Queen,
            'R' => Kind::Rook,
            'B' => Kind::Bishop,
            'N' => Kind::Knight,
            _ => return None,
        })
    }
}

/// The most White pieces besides the king.
pub const MAX_PIECES: usize = 3;

pub fn file(s: Square) -> i8 {
    (s % 8) as i8
}

pub fn rank(s: Square) -> i8 {
    (s / 8) as i8
}

/// The square at (`file`, `rank`), if on the board.
pub fn at(file: i8, rank: i8) -> Option<Square> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| (rank * 8 + file) as Square)
}

/// The square's name (`a1`, `h8`): [`grid::square_name`] of its file and rank.
pub fn square_name(s: Square) -> String {
    grid::square_name(file(s) as usize, rank(s) as usize)
}

const KING_STEPS: [(i8, i8); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];
const KNIGHT_STEPS: [(i8, i8); 8] = [
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
];
const ROOK_LINES: [(i8, i8); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];
const BISHOP_LINES: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Whether two squares are a king's step apart.
pub fn adjacent(a: Square, b: Square) -> bool {
    a != b && (file(a) - file(b)).abs() <= 1 && (rank(a) - rank(b)).abs() <= 1
}

/// A White piece on its square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Piece {
    pub kind: Kind,
    pub square: Square,
}

/// Squares a piece of `kind` on `from` reaches, stopping at occupied squares (`occupied`
/// is a bit set of squares); the first occupied square on a line is included.
pub fn reach(kind: Kind, from: Square, occupied: u64, out: &mut Vec<Square>) {
    let (f, r) = (file(from), rank(from));
    let steps = |list: &[(i8, i8)], out: &mut Vec<Square>| {
        for &(df, dr) in list {
            if let Some(s) = at(f + df, r + dr) {
                out.push(s);
            }
        }
    };
    let lines = |list: &[(i8, i8)], out: &mut Vec<Square>| {
        for &(df, dr) in list {
            let (mut x, mut y) = (f + df, r + dr);
            while let Some(s) = at(x, y) {
                out.push(s);
                if occupied & (1 << s) != 0 {
                    break;
                }
                x += df;
                y += dr;
            }
        }
    };
    match kind {
        Kind::King => steps(&KING_STEPS, out),
        Kind::Knight => steps(&KNIGHT_STEPS, out),
        Kind::Rook => lines(&ROOK_LINES, out),
        Kind::Bishop => lines(&BISHOP_LINES, out),
        Kind::Queen => {
            lines(&ROOK_LINES, out);
            lines(&BISHOP_LINES, out);
        }
    }
}

/// Whether a piece of `kind` on `from` attacks `target` with `occupied` blocking lines.
pub fn attacks(kind: Kind, from: Square, target: Square, occupied: u64) -> bool {
    if from == target {
        return false;
    }
    let (df, dr) = (file(target) - file(from), rank(target) - rank(from));
    let line = |straight: bool| {
        let ok = if straight {
            df == 0 || dr == 0
        } else {
            df.abs() == dr.abs()
        };
        if !ok {
            return false;
        }
        let (sf, sr) = (df.signum(), dr.signum());
        let (mut x, mut y) = (file(from) + sf, rank(from) + sr);
        while (x, y) != (file(target), rank(target)) {
            let s = (y * 8 + x) as Square;
            if occupied & (1 << s) != 0 {
                return false;
            }
            x += sf;
            y += sr;
        }
        true
    };
    match kind {
        Kind::King => adjacent(from, target),
        Kind::Knight => (df.abs() == 1 && dr.abs() == 2) || (df.abs() == 2 && dr.abs() == 1),
        Kind::Rook => line(true),
        Kind::Bishop => line(false),
        Kind::Queen => line(true) || line(false),
    }
}

/// White's pieces, held inline (a position is copied for every move tried).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Pieces {
    items: [Piece; MAX_PIECES + 1],
    len: u8,
}

impl Pieces {
    pub fn new() -> Pieces {
        Pieces {
            items: [Piece {
                kind: Kind::King,
                square: 0,
            }; MAX_PIECES + 1],
            len: 0,
        }
    }

    /// Adds a piece; White has at most a king and [`MAX_PIECES`] others.
    pub fn push(&mut self, p: Piece) {
        assert!((self.len as usize) <= MAX_PIECES, "too many White pieces");
        self.items[self.len as usize] = p;
        self.len += 1;
    }

    pub fn retain(&mut self, keep: impl Fn(&Piece) -> bool) {
        let mut n = 0;
        for i in 0..self.len as usize {
            if keep(&self.items[i]) {
                self.items[n] = self.items[i];
                n += 1;
            }
        }
        self.len = n as u8;
    }
}

impl Default for Pieces {
    fn default() -> Self {
        Pieces::new()
    }
}

impl std::ops::Deref for Pieces {
    type Target = [Piece];
    fn deref(&self) -> &[Piece] {
        &self.items[..self.len as usize]
    }
}

impl std::ops::DerefMut for Pieces {
    fn deref_mut(&mut self) -> &mut [Piece] {
        &mut self.items[..self.len as usize]
    }
}

impl FromIterator<Piece> for Pieces {
    fn from_iter<I: IntoIterator<Item = Piece>>(iter: I) -> Pieces {
        let mut out = Pieces::new();
        for p in iter {
            out.push(p);
        }
        out
    }
}

/// An endgame position: White's pieces (in the material's order: king, queens, rooks,
/// bishops, knights), Black's king, and the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub white: Pieces,
    pub black_king: Square,
    pub white_to_move: bool,
}

/// A move: White piece `piece` (an index into `white`) to `to`, or the Black king to `to`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    White { piece: usize, to: Square },
    Black { to: Square },
}

/// How a position stands for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    Checkmate,
    Stalemate,
}

impl Board {
    /// The occupied squares.
    pub fn occupied(&self) -> u64 {
        self.white
            .iter()
            .fold(1u64 << self.black_king, |acc, p| acc | 1 << p.square)
    }

    /// Whether a White piece attacks `target`, with `occupied` blocking lines.
    pub fn white_attacks(&self, target: Square, occupied: u64) -> bool {
        self.white
            .iter()
            .any(|p| attacks(p.kind, p.square, target, occupied))
    }

    pub fn black_in_check(&self) -> bool {
        self.white_attacks(self.black_king, self.occupied())
    }

    pub fn white_king(&self) -> Option<Square> {
        self.white
            .iter()
            .find(|p| p.kind == Kind::King)
            .map(|p| p.square)
    }

    /// The legal moves of the side to move.
    pub fn moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        if self.white_to_move {
            let occ = self.occupied();
            let mut targets = Vec::with_capacity(28);
            for (i, p) in self.white.iter().enumerate() {
                targets.clear();
                reach(p.kind, p.square, occ, &mut targets);
                for &to in &targets {
                    if occ & (1 << to) != 0 {
                        continue;
                    }
                    if p.kind == Kind::King && adjacent(to, self.black_king) {
                        continue;
                    }
                    out.push(Move::White { piece: i, to });
                }
            }
        } else {
            // The king leaves its square: lines through it open.
            let occ = self.occupied() & !(1 << self.black_king);
            for &(df, dr) in &KING_STEPS {
                let Some(to) = at(file(self.black_king) + df, rank(self.black_king) + dr) else {
                    continue;
                };
                let captured = self.white.iter().position(|p| p.square == to);
                let safe = match captured {
                    Some(i) => !self
                        .white
                        .iter()
                        .enumerate()
                        .any(|(j, p)| j != i && attacks(p.kind, p.square, to, occ)),
                    None => !self.white_attacks(to, occ),
                };
                if safe {
                    out.push(Move::Black { to });
                }
            }
        }
        out
    }

    /// Whether the side to move is mated, stalemated, or has moves.
    pub fn status(&self) -> Status {
        if !self.moves().is_empty() {
            Status::Playing
        } else if !self.white_to_move && self.black_in_check() {
            Status::Checkmate
        } else {
            Status::Stalemate
        }
    }

    /// The position after `m` (a capture removes the White piece).
    pub fn after(&self, m: Move) -> Board {
        let mut b = *self;
        match m {
            Move::White { piece, to } => b.white[piece].square = to,
            Move::Black { to } => {
                b.white.retain(|p| p.square != to);
                b.black_king = to;
            }
        }
        b.white_to_move = !b.white_to_move;
        b
    }

    /// Whether `m` captures a White piece.
    pub fn captures(&self, m: Move) -> bool {
        matches!(m, Move::Black { to } if self.white.iter().any(|p| p.square == to))
    }

    /// The move in long algebraic notation: `Ra1-a7`, `Kd5xe5`.
    pub fn move_text(&self, m: Move) -> String {
        match m {
            Move::White { piece, to } => {
                let p = self.white[piece];
                format!(
                    "{}{}-{}",
                    p.kind.letter(),
                    square_name(p.square),
                    square_name(to)
                )
            }
            Move::Black { to } => {
                let sep = if self.captures(m) { 'x' } else { '-' };
                format!("K{}{sep}{}", square_name(self.black_king), square_name(to))
            }
        }
    }

    /// Why the position cannot arise, if it cannot: pieces on one square, kings side by side,
    /// the side not to move in check.
    pub fn illegality(&self) -> Option<String> {
        let mut seen = 1u64 << self.black_king;
        for p in self.white.iter() {
            if seen & (1 << p.square) != 0 {
                return Some(format!("two pieces on {}", square_name(p.square)));
            }
            seen |= 1 << p.square;
        }
        if let Some(k) = self.white_king()
            && adjacent(k, self.black_king)
        {
            return Some("the kings stand side by side".to_string());
        }
        if self.white_to_move && self.black_in_check() {
            return Some("Black is in check with White to move".to_string());
        }
        None
    }

    /// Parses FEN (the placement, then optionally the side to move; the rest is ignored
    /// except that castling and en passant must be `-`). Errors name the problem.
    pub fn from_fen(text: &str) -> Result<Board, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let Some(placement) = fields.first() else {
            return Err("expected a FEN position such as \"8/8/8/4k3/8/8/R7/R7 w - - 0 1\"".into());
        };
        let ranks: Vec<&str> = placement.split('/').collect();
        if ranks.len() != 8 {
            return Err(format!("a FEN placement has 8 ranks, not {}", ranks.len()));
        }
        let mut white: Vec<Piece> = Vec::new();
        let mut black_king = None;
        for (i, row) in ranks.iter().enumerate() {
            let r = 7 - i as i8;
            let mut f = 0i8;
            for c in row.chars() {
                if let Some(d) = c.to_digit(10) {
                    if d == 0 || d > 8 {
                        return Err(format!("bad empty-square count `{c}` on rank {}", r + 1));
                    }
                    // Checked before adding: a long run of digits must not wrap the i8 count
                    // (a sum of 264 would wrap to 8 and read as a full rank).
                    if f as u32 + d > 8 {
                        return Err(format!("rank {} holds more than 8 squares", r + 1));
                    }
                    f += d as i8;
                    continue;
                }
                let Some(s) = at(f, r) else {
                    return Err(format!("rank {} holds more than 8 squares", r + 1));
                };
                match c {
                    'k' if black_king.is_some() => return Err("Black has two kings".into()),
                    'k' => black_king = Some(s),
                    'q' | 'r' | 'b' | 'n' | 'p' => {
                        return Err(format!(
                            "Black has only its king here (a lone king defends), not `{c}` on {}",
                            square_name(s)
                        ));
                    }
                    'P' => {
                        return Err(format!(
                            "no pawns in these endgames (`P` on {})",
                            square_name(s)
                        ));
                    }
                    _ => match Kind::from_letter(c) {
                        Some(kind) => white.push(Piece { kind, square: s }),
                        None => {
                            return Err(format!("`{c}` is no piece (White: K Q R B N, Black: k)"));
                        }
                    },
                }
                f += 1;
            }
            if f != 8 {
                return Err(format!("rank {} holds {f} squares, not 8", r + 1));
            }
        }
        let Some(black_king) = black_king else {
            return Err("Black has no king".into());
        };
        if white.is_empty() {
            return Err(
                "White has no pieces: these endgames are White's material (a king or none, and \
                 up to three queens, rooks, bishops, knights) against a lone Black king"
                    .into(),
            );
        }
        let kings = white.iter().filter(|p| p.kind == Kind::King).count();
        if kings > 1 {
            return Err("White has two kings".into());
        }
        if white.len() - kings > MAX_PIECES {
            return Err(format!(
                "White has {} pieces besides the king; these endgames allow at most {MAX_PIECES}",
                white.len() - kings
            ));
        }
        let white_to_move = match fields.get(1) {
            None | Some(&"w") => true,
            Some(&"b") => false,
            Some(other) => return Err(format!("the side to move is `w` or `b`, not `{other}`")),
        };
        for (i, f) in fields.iter().enumerate().skip(2).take(2) {
            if *f != "-" {
                let what = if i == 2 { "castling" } else { "en passant" };
                return Err(format!(
                    "no {what} in these endgames: expected `-`, not `{f}`"
                ));
            }
        }
        // The material's order: king, queens, rooks, bishops, knights; each kind a1 ... h8.
        white.sort_by_key(|p| (p.kind, p.square));
        let board = Board {
            white: white.into_iter().collect(),
            black_king,
            white_to_move,
        };
        if let Some(why) = board.illegality() {
            return Err(format!("illegal position: {why}"));
        }
        Ok(board)
    }

    /// The FEN letter of the piece on `s`, if any (`k` for Black's king).
    fn letter_at(&self, s: Square) -> Option<char> {
        if s == self.black_king {
            return Some('k');
        }
        self.white
            .iter()
            .find(|p| p.square == s)
            .map(|p| p.kind.letter())
    }

    /// The position in FEN.
    pub fn fen(&self) -> String {
        let mut rows = Vec::new();
        for r in (0..8).rev() {
            let mut row = String::new();
            let mut empty = 0;
            for f in 0..8 {
                match self.letter_at((r * 8 + f) as Square) {
                    Some(c) => {
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
        let side = if self.white_to_move { 'w' } else { 'b' };
        format!("{} {side} - - 0 1", rows.join("/"))
    }
}

impl fmt::Display for Board {
    /// A diagram: rank 8 at the top, `.` empty.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for r in (0..8).rev() {
            let row: String = (0..8)
                .map(|c| self.letter_at((r * 8 + c) as Square).unwrap_or('.'))
                .collect();
            writeln!(f, "{} {row}", r + 1)?;
        }
        write!(f, "  abcdefgh")
    }
}
