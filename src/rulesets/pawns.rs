//! Chess pawn structures (Elkies, *On numbers and endgames*; Mäser, *Divide and conquer*,
//! ch. 7): White (Left) and Black (Right) move only pawns, the kings being bound in mutual
//! zugzwang, and the player who runs out of pawn moves loses. Pawns step one square forward,
//! two from their own second rank, and capture diagonally forward; there is no en passant (a
//! right that lapses after a move elsewhere has no local value). Promotion wins the whole game
//! at once: it is a global threat, valued by GTSearch ([`crate::search::global_threats`]).
//!
//! A position is held file by file in a fixed array (no allocation per move): one word per
//! file, White's pawns in the low 16 bits and Black's in the high 16, bit r for rank r + 1. Components are the chunks of thesis 7.3.1.
//! Positions are the same game when shifted sideways (the board's edge never matters: a
//! capture needs a pawn to take) or mirrored left to right; the colour mirror (ranks reversed,
//! colours swapped) is the negative.

use std::fmt::Write as _;

use super::grid::square_name;
use crate::search::{Game, Player, ThreatPosition};

/// Most files and ranks of a board.
pub const MAX_FILES: usize = 16;
pub const MAX_RANKS: usize = 16;

/// White's bits of a file word; Black's are above them.
const WHITE: u32 = 0xFFFF;
const BLACK_SHIFT: usize = 16;

/// A pawn structure on a board of `ranks` ranks; `files[i]` is file `offset + i` for
/// `i < width`, and the words beyond `width` are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pawns {
    ranks: u8,
    offset: u8,
    width: u8,
    files: [u32; MAX_FILES],
}

/// A pawn: its colour, file and rank (0-based).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pawn {
    pub player: Player,
    pub file: usize,
    pub rank: usize,
}

impl Pawns {
    /// Parses a FEN placement of pawns (ranks from the top, `P` White, `p` Black, digits for
    /// runs of empty squares) on a board of `files` x `ranks`.
    pub fn parse(fen: &str, files: usize, ranks: usize) -> Result<Pawns, String> {
        if !(1..=MAX_FILES).contains(&files) {
            return Err(format!("a board has 1 to {MAX_FILES} files, not {files}"));
        }
        if !(3..=MAX_RANKS).contains(&ranks) {
            return Err(format!("a board has 3 to {MAX_RANKS} ranks, not {ranks}"));
        }
        let rows: Vec<&str> = fen.trim().split('/').collect();
        if rows.len() != ranks {
            return Err(format!(
                "the placement has {} rank{} separated by '/', but the board has {ranks}",
                rows.len(),
                if rows.len() == 1 { "" } else { "s" }
            ));
        }
        let mut p = Pawns {
            ranks: ranks as u8,
            offset: 0,
            width: files as u8,
            files: [0; MAX_FILES],
        };
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i;
            let mut file = 0usize;
            let mut chars = row.chars().peekable();
            while let Some(c) = chars.next() {
                match c {
                    '1'..='9' => {
                        let mut n = c.to_digit(10).unwrap_or(0) as usize;
                        while let Some(d) = chars.peek().and_then(|d| d.to_digit(10)) {
                            n = n.saturating_mul(10).saturating_add(d as usize);
                            chars.next();
                        }
                        file = file.saturating_add(n);
                    }
                    'P' | 'p' => {
                        if rank == 0 || rank == ranks - 1 {
                            return Err(format!(
                                "a pawn on {}: pawns cannot stand on the first or last rank",
                                square_name(file, rank)
                            ));
                        }
                        if file < files {
                            let player = if c == 'P' {
                                Player::Left
                            } else {
                                Player::Right
                            };
                            p.files[file] |= Self::bit(player, rank);
                        }
                        file = file.saturating_add(1);
                    }
                    'K' | 'k' | 'Q' | 'q' | 'R' | 'r' | 'B' | 'b' | 'N' | 'n' => {
                        return Err(format!(
                            "'{c}' on rank {}: a pawn structure holds only pawns (P White, p Black); the kings are assumed bound in mutual zugzwang",
                            rank + 1
                        ));
                    }
                    _ => {
                        return Err(format!(
                            "'{c}' on rank {}: expected P, p or a digit 1-9",
                            rank + 1
                        ));
                    }
                }
            }
            if file != files {
                // Runs of digits saturate the count rather than overflow it.
                let count = match file {
                    usize::MAX => "too many squares to count".to_string(),
                    1 => "1 square".to_string(),
                    n => format!("{n} squares"),
                };
                return Err(format!(
                    "rank {} has {count} but the board has {files} files",
                    rank + 1
                ));
            }
        }
        Ok(p)
    }

    pub fn ranks(&self) -> usize {
        self.ranks as usize
    }

    /// The pawns, file by file from the left, then by rank.
    pub fn pawns(&self) -> Vec<Pawn> {
        let mut out = Vec::new();
        for (i, &w) in self.used().iter().enumerate() {
            for (player, bits) in [(Player::Left, w & WHITE), (Player::Right, w >> BLACK_SHIFT)] {
                for rank in 0..self.ranks() {
                    if bits >> rank & 1 == 1 {
                        out.push(Pawn {
                            player,
                            file: self.offset as usize + i,
                            rank,
                        });
                    }
                }
            }
        }
        out
    }

    /// The words of the files in use.
    fn used(&self) -> &[u32] {
        &self.files[..self.width as usize]
    }

    fn at(&self, file: usize, rank: usize) -> Option<Player> {
        let w = self.files[file];
        if w >> rank & 1 == 1 {
            Some(Player::Left)
        } else if w >> (rank + BLACK_SHIFT) & 1 == 1 {
            Some(Player::Right)
        } else {
            None
        }
    }

    fn bit(player: Player, rank: usize) -> u32 {
        match player {
            Player::Left => 1 << rank,
            Player::Right => 1 << (rank + BLACK_SHIFT),
        }
    }

    /// `player`'s pawns on the file word `w`.
    fn side(w: u32, player: Player) -> u32 {
        match player {
            Player::Left => w & WHITE,
            Player::Right => w >> BLACK_SHIFT,
        }
    }

    /// The chunks of thesis 7.3.1: pawns of opposite colours interact when they stand on the
    /// same or adjacent files and have not passed each other (White's rank below Black's);
    /// pawns of one colour when on the same or adjacent files. Chunks are the classes of the
    /// transitive closure, each kept on its own span of files.
    pub fn chunks(&self) -> Vec<Pawns> {
        let pawns = self.pawns();
        let n = pawns.len();
        let mut parent: Vec<usize> = (0..n).collect();
        fn find(p: &mut [usize], mut i: usize) -> usize {
            while p[i] != i {
                p[i] = p[p[i]];
                i = p[i];
            }
            i
        }
        for i in 0..n {
            for j in i + 1..n {
                let (a, b) = (pawns[i], pawns[j]);
                if a.file.abs_diff(b.file) > 1 {
                    continue;
                }
                let interact = match (a.player, b.player) {
                    (Player::Left, Player::Right) => a.rank < b.rank,
                    (Player::Right, Player::Left) => b.rank < a.rank,
                    _ => true,
                };
                if interact {
                    let (ra, rb) = (find(&mut parent, i), find(&mut parent, j));
                    parent[ra] = rb;
                }
            }
        }
        let mut groups: Vec<(usize, Vec<Pawn>)> = Vec::new();
        for (i, &p) in pawns.iter().enumerate() {
            let r = find(&mut parent, i);
            match groups.iter_mut().find(|(root, _)| *root == r) {
                Some((_, g)) => g.push(p),
                None => groups.push((r, vec![p])),
            }
        }
        groups
            .into_iter()
            .map(|(_, g)| {
                let lo = g.iter().map(|p| p.file).min().unwrap_or(0);
                let hi = g.iter().map(|p| p.file).max().unwrap_or(0);
                let mut files = [0; MAX_FILES];
                for p in g {
                    files[p.file - lo] |= Self::bit(p.player, p.rank);
                }
                Pawns {
                    ranks: self.ranks,
                    offset: lo as u8,
                    width: (hi - lo + 1) as u8,
                    files,
                }
            })
            .collect()
    }

    /// Pawns of `player` at `rank` would promote there.
    fn promotes(&self, player: Player, rank: usize) -> bool {
        match player {
            Player::Left => rank == self.ranks() - 1,
            Player::Right => rank == 0,
        }
    }

    /// The fewest moves `player`'s pawn on `rank` needs to promote on an empty file.
    fn distance(&self, player: Player, rank: usize) -> usize {
        let top = self.ranks() - 1;
        match player {
            Player::Left => (top - rank) - usize::from(rank == 1 && top >= 3),
            Player::Right => rank - usize::from(rank == top - 1 && rank >= 2),
        }
    }

    /// The fewest moves in which one of `player`'s free pawns promotes (see
    /// [`Game::forced_winner`]), if it has one.
    fn fastest_free_pawn(&self, player: Player) -> Option<usize> {
        let used = self.used();
        let own: usize = used
            .iter()
            .map(|&w| Self::side(w, player).count_ones() as usize)
            .sum();
        // Pawns on `rank` or nearer their own first rank than it, seen from `player`.
        let beyond = |bits: u32, rank: usize| -> bool {
            match player {
                Player::Left => bits >> rank >> 1 != 0,
                Player::Right => bits & ((1u32 << rank) - 1) != 0,
            }
        };
        let mut best: Option<usize> = None;
        for (f, &w) in used.iter().enumerate() {
            for rank in ranks_of(Self::side(w, player)) {
                if beyond(Self::side(w, player), rank) {
                    continue; // a pawn of ours stands ahead on this file
                }
                // An enemy pawn beyond `rank` within `own` files could reach this file or a
                // neighbour with the captures left to it.
                let reach = own.max(1);
                let lo = f.saturating_sub(reach);
                let hi = (f + reach).min(used.len() - 1);
                let blocked = (lo..=hi).any(|g| beyond(Self::side(used[g], player.other()), rank));
                if !blocked {
                    let d = self.distance(player, rank);
                    best = Some(best.map_or(d, |b| b.min(d)));
                }
            }
        }
        best
    }

    /// The text of the position: its pawns, White's then Black's, in square names.
    pub fn pawn_list(&self) -> String {
        let pawns = self.pawns();
        let mut out = String::new();
        for (player, name) in [(Player::Left, "White"), (Player::Right, "Black")] {
            let squares: Vec<String> = pawns
                .iter()
                .filter(|p| p.player == player)
                .map(|p| square_name(p.file, p.rank))
                .collect();
            if squares.is_empty() {
                continue;
            }
            if !out.is_empty() {
                out.push_str(", ");
            }
            let _ = write!(out, "{name} {}", squares.join(" "));
        }
        if out.is_empty() {
            out.push_str("no pawns");
        }
        out
    }

    /// The FEN placement of the position on a board `files` wide.
    pub fn fen(&self, files: usize) -> String {
        let mut out = String::new();
        for rank in (0..self.ranks()).rev() {
            let mut empty = 0;
            for file in 0..files {
                let here = file
                    .checked_sub(self.offset as usize)
                    .filter(|&i| i < self.width as usize)
                    .and_then(|i| self.at(i, rank));
                match here {
                    None => empty += 1,
                    Some(p) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(if p == Player::Left { 'P' } else { 'p' });
                    }
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        out
    }

    /// The move from `self` to `to` in chess notation: `e3-e4`, `d5xe4`.
    fn move_name(&self, to: &Pawns, player: Player) -> String {
        let mine = |p: &Pawns| -> Vec<(usize, usize)> {
            p.pawns()
                .into_iter()
                .filter(|q| q.player == player)
                .map(|q| (q.file, q.rank))
                .collect()
        };
        let (before, after) = (mine(self), mine(to));
        let from = before.iter().find(|s| !after.contains(s));
        let dest = after.iter().find(|s| !before.contains(s));
        match (from, dest) {
            (Some(&(f0, r0)), Some(&(f1, r1))) => format!(
                "{}{}{}",
                square_name(f0, r0),
                if f0 == f1 { '-' } else { 'x' },
                square_name(f1, r1)
            ),
            _ => "?".to_string(),
        }
    }
}

/// The set bits of `x` (ranks), lowest first.
fn ranks_of(mut x: u32) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros() as usize;
            x &= x - 1;
            i
        })
    })
}

impl Game for Pawns {
    const NAME: &'static str = "pawns";

    /// Promotions first (they end the search at once), then captures, then steps.
    fn moves(&self, player: Player) -> Vec<Pawns> {
        let (mut promotions, mut captures, mut steps) = (Vec::new(), Vec::new(), Vec::new());
        let top = self.ranks() - 1;
        let n = self.width as usize;
        let their_shift = match player {
            Player::Left => BLACK_SHIFT,
            Player::Right => 0,
        };
        for f in 0..n {
            let own = Self::side(self.files[f], player);
            for rank in 1..top {
                if own >> rank & 1 == 0 {
                    continue;
                }
                let ahead = match player {
                    Player::Left => rank + 1,
                    Player::Right => rank - 1,
                };
                let mut push = |to: Pawns, dest: usize, list: &mut Vec<Pawns>| {
                    if self.promotes(player, dest) {
                        promotions.push(to);
                    } else {
                        list.push(to);
                    }
                };
                let from_bit = Self::bit(player, rank);
                if self.at(f, ahead).is_none() {
                    let mut to = *self;
                    to.files[f] = to.files[f] & !from_bit | Self::bit(player, ahead);
                    push(to, ahead, &mut steps);
                    let start = match player {
                        Player::Left => 1,
                        Player::Right => top - 1,
                    };
                    if rank == start && top >= 3 {
                        let two = match player {
                            Player::Left => rank + 2,
                            Player::Right => rank - 2,
                        };
                        if self.at(f, two).is_none() {
                            let mut to = *self;
                            to.files[f] = to.files[f] & !from_bit | Self::bit(player, two);
                            push(to, two, &mut steps);
                        }
                    }
                }
                for g in [f.wrapping_sub(1), f + 1] {
                    if g >= n || self.files[g] >> (their_shift + ahead) & 1 == 0 {
                        continue;
                    }
                    let mut to = *self;
                    to.files[f] &= !from_bit;
                    to.files[g] =
                        to.files[g] & !Self::bit(player.other(), ahead) | Self::bit(player, ahead);
                    push(to, ahead, &mut captures);
                }
            }
        }
        promotions.extend(captures);
        promotions.extend(steps);
        promotions
    }

    fn components(&self) -> Vec<Pawns> {
        self.chunks()
    }

    /// Shifted to the left edge and the smaller of the position and its left-right mirror; or
    /// the colour mirror (the negative) when that is smaller still.
    fn normalize(&self) -> (Pawns, bool) {
        let used = self.used();
        let lo = used.iter().position(|&w| w != 0).unwrap_or(0);
        let hi = used.iter().rposition(|&w| w != 0).map_or(lo, |i| i + 1);
        let words = &used[lo..hi.max(lo)];
        let top = self.ranks() - 1;
        let flip = |b: u32| (b as u16).reverse_bits() as u32 >> (15 - top);
        let colour_mirror = |w: u32| flip(w >> BLACK_SHIFT) | flip(w & WHITE) << BLACK_SHIFT;
        let make = |word: &dyn Fn(usize) -> u32| {
            let mut files = [0; MAX_FILES];
            for (i, f) in files.iter_mut().enumerate().take(words.len()) {
                *f = word(i);
            }
            Pawns {
                ranks: self.ranks,
                offset: 0,
                width: words.len() as u8,
                files,
            }
        };
        let last = words.len().saturating_sub(1);
        let same = make(&|i| words[i]);
        let same_rev = make(&|i| words[last - i]);
        let neg = make(&|i| colour_mirror(words[i]));
        let neg_rev = make(&|i| colour_mirror(words[last - i]));
        let best_same = same.min(same_rev);
        let best_neg = neg.min(neg_rev);
        if best_neg < best_same {
            (best_neg, true)
        } else {
            (best_same, false)
        }
    }

    fn global_winner(&self) -> Option<Player> {
        let top = self.ranks() - 1;
        for &w in self.used() {
            if w >> top & 1 == 1 {
                return Some(Player::Left);
            }
            if w >> BLACK_SHIFT & 1 == 1 {
                return Some(Player::Right);
            }
        }
        None
    }

    /// A *free* pawn promotes in [`Pawns::distance`] moves whatever happens: no pawn stands
    /// ahead of it on its file, and no enemy pawn beyond its rank can ever reach its file or a
    /// neighbouring one (an enemy pawn changes file only by capturing, one file per capture,
    /// and there are too few of our pawns to capture). No enemy pawn can promote in fewer
    /// moves than its own distance. The free pawn's side wins by force if it gets there first;
    /// with equal distances only when it is to move. Sound by induction: every enemy move
    /// shortens the enemy's least distance by at most one and keeps the pawn free (a capture
    /// brings an enemy pawn one file closer but uses up one of our pawns).
    fn forced_winner(&self, to_play: Option<Player>) -> Option<Player> {
        for player in [Player::Left, Player::Right] {
            let Some(d) = self.fastest_free_pawn(player) else {
                continue;
            };
            let enemy = player.other();
            let enemy_best = self
                .used()
                .iter()
                .flat_map(|&w| ranks_of(Self::side(w, enemy)))
                .map(|r| self.distance(enemy, r))
                .min()
                .unwrap_or(usize::MAX);
            if d < enemy_best || (d == enemy_best && to_play == Some(player)) {
                return Some(player);
            }
        }
        None
    }

    fn describe_move(&self, to: &Pawns, player: Player) -> String {
        self.move_name(to, player)
    }

    fn describe(&self) -> String {
        self.pawn_list()
    }
}

/// A pawn structure as a calculator position: its chunks, each valued by GTSearch.
pub type PawnStructure = ThreatPosition<Pawns>;

impl ThreatPosition<Pawns> {
    /// The structure `board` on a board `width` files wide (printed as its FEN placement).
    pub fn new(board: Pawns, width: usize) -> PawnStructure {
        let text = board.fen(width);
        let text = if width == 8 && board.ranks() == 8 {
            text
        } else {
            format!("{text} ({width} x {})", board.ranks())
        };
        ThreatPosition::of(board, text, ["White", "Black"])
    }
}
