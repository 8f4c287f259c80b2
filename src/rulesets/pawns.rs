//! Chess pawn structures (Elkies, *On numbers and endgames*; Mäser, *Divide and conquer*,
//! ch. 7): White (Left) and Black (Right) move only pawns, the kings being bound in mutual
//! zugzwang, and the player who runs out of pawn moves loses. Pawns step one square forward,
//! two from their own second rank, and capture diagonally forward. Promotion wins the whole
//! game at once: it is a global threat, valued by GTSearch ([`crate::search::global_threats`]).
//!
//! **En passant is a local right** (on by default, as Mäser's program played it: thesis 7.3.5
//! nos. 9 and 10 come out only with it; `seed-notes.md`, "Rules we adopt for pawn
//! structures"). After a double step that lands beside an enemy pawn, the opponent's next move
//! *in the game being searched* (a chunk, or the whole board when chunks race) may capture the
//! pawn en passant; any other move there ends the right, a second move by the same side too (a
//! local game lets a side move twice). In a sum, a move in another chunk would end the right in
//! real chess; a local value cannot express that, so the chunk values are an approximation
//! there. [`Pawns::without_en_passant`] keeps the plain rule (`pawns(fen, "noep")`).
//!
//! A position is held file by file in a fixed array (no allocation per move): one word per
//! file, White's pawns in the low 16 bits and Black's in the high 16, bit r for rank r + 1,
//! and the open en-passant right in one byte. Components are the chunks of thesis 7.3.1.
//! Positions are the same game when shifted sideways (the board's edge never matters: a
//! capture needs a pawn to take) or mirrored left to right; the colour mirror (ranks reversed,
//! colours swapped) is the negative. The right is part of the position (equality, hashing and
//! order, so the search tables key on it) and every symmetry maps it.

use std::fmt::Write as _;

use super::grid::square_name;
use crate::calc::args::{Args, CallError};
use crate::calc::catalogue::{Constructor, Function, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::search::{Game, Player, Position, ThreatPosition};

/// Most files and ranks of a board.
pub const MAX_FILES: usize = 16;
pub const MAX_RANKS: usize = 16;

/// White's bits of a file word; Black's are above them.
const WHITE: u32 = 0xFFFF;
const BLACK_SHIFT: usize = 16;

/// The flag of [`Pawns::ep`] for a right against a Black pawn (below it: the file index + 1).
const EP_BLACK: u8 = 0x20;

/// A pawn structure on a board of `ranks` ranks; `files[i]` is file `offset + i` for
/// `i < width`, and the words beyond `width` are 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pawns {
    ranks: u8,
    offset: u8,
    width: u8,
    /// Whether a double step gives the opponent an en-passant right (the default).
    en_passant: bool,
    /// The open en-passant right: 0 for none, else 1 + the index in `files` of the pawn that
    /// just stepped two squares beside an enemy pawn, plus [`EP_BLACK`] if it is Black's. Only
    /// set when a capture is possible, so equal games have equal positions.
    ep: u8,
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
            en_passant: true,
            ep: 0,
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

    /// The same structure under the rule without en passant (`pawns(fen, "noep")`).
    pub fn without_en_passant(mut self) -> Pawns {
        self.en_passant = false;
        self.ep = 0;
        self
    }

    /// Whether double steps give the opponent an en-passant right.
    pub fn has_en_passant(&self) -> bool {
        self.en_passant
    }

    /// The open en-passant right: the index in `files` of the pawn that just stepped two
    /// squares and whose pawn it is (the opponent may take it).
    fn ep_pawn(&self) -> Option<(usize, Player)> {
        match self.ep {
            0 => None,
            e if e & EP_BLACK != 0 => Some(((e & !EP_BLACK) as usize - 1, Player::Right)),
            e => Some((e as usize - 1, Player::Left)),
        }
    }

    /// The code of [`Pawns::ep`] for a right against `player`'s pawn on file index `f`.
    fn ep_code(f: usize, player: Player) -> u8 {
        (f as u8 + 1)
            | match player {
                Player::Left => 0,
                Player::Right => EP_BLACK,
            }
    }

    /// `player`'s second rank, from which a pawn may step two squares.
    fn start_rank(&self, player: Player) -> usize {
        match player {
            Player::Left => 1,
            Player::Right => self.ranks() - 2,
        }
    }

    /// The rank `steps` squares ahead of `rank` for `player` (which must be on the board).
    fn ahead(player: Player, rank: usize, steps: usize) -> usize {
        match player {
            Player::Left => rank + steps,
            Player::Right => rank - steps,
        }
    }

    /// The rank a double step by `player` lands on: where a pawn may be taken en passant.
    fn ep_rank(&self, player: Player) -> usize {
        Self::ahead(player, self.start_rank(player), 2)
    }

    /// Whether `player` has a pawn beside file index `f` on `rank` (the files in use only).
    fn beside(&self, f: usize, rank: usize, player: Player) -> bool {
        let n = self.width as usize;
        [f.wrapping_sub(1), f + 1]
            .into_iter()
            .any(|g| g < n && self.at(g, rank) == Some(player))
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
    /// transitive closure, each kept on its own span of files. A pawn that may be taken en
    /// passant stands level with its takers, which the rule counts as passed: while the right
    /// is open they interact too, and the right goes with their chunk.
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
                } || self.takes_en_passant(a, b)
                    || self.takes_en_passant(b, a);
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
        let ep_pawn = self.ep_pawn().map(|(f, player)| Pawn {
            player,
            file: self.offset as usize + f,
            rank: self.ep_rank(player),
        });
        groups
            .into_iter()
            .map(|(_, g)| {
                let lo = g.iter().map(|p| p.file).min().unwrap_or(0);
                let hi = g.iter().map(|p| p.file).max().unwrap_or(0);
                let mut files = [0; MAX_FILES];
                let mut ep = 0;
                for p in g {
                    files[p.file - lo] |= Self::bit(p.player, p.rank);
                    if Some(p) == ep_pawn {
                        ep = Self::ep_code(p.file - lo, p.player);
                    }
                }
                Pawns {
                    ranks: self.ranks,
                    offset: lo as u8,
                    width: (hi - lo + 1) as u8,
                    en_passant: self.en_passant,
                    ep,
                    files,
                }
            })
            .collect()
    }

    /// Whether `taker` may capture `pawn` en passant now (the open right is against `pawn`,
    /// and `taker` is an enemy pawn beside it).
    fn takes_en_passant(&self, taker: Pawn, pawn: Pawn) -> bool {
        self.ep_pawn().is_some_and(|(f, player)| {
            pawn.player == player
                && pawn.file == self.offset as usize + f
                && pawn.rank == self.ep_rank(player)
                && taker.player == player.other()
                && taker.rank == pawn.rank
                && taker.file.abs_diff(pawn.file) == 1
        })
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
        let taken_en_passant = self.ep_pawn().filter(|&(_, p)| p == player);
        let mut best: Option<usize> = None;
        for (f, &w) in used.iter().enumerate() {
            for rank in ranks_of(Self::side(w, player)) {
                if beyond(Self::side(w, player), rank) {
                    continue; // a pawn of ours stands ahead on this file
                }
                if taken_en_passant == Some((f, player)) && rank == self.ep_rank(player) {
                    continue; // the enemy may take it en passant
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
        if let Some((f, player)) = self.ep_pawn() {
            let square = square_name(self.offset as usize + f, self.ep_rank(player));
            let _ = write!(out, " ({square} may be taken en passant)");
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

    /// `player`'s en-passant captures: when the open right is against an enemy pawn that just
    /// stepped two squares, each of `player`'s pawns beside it may take it, moving to the
    /// square it passed over (never a promotion: that square is the enemy's third rank).
    fn en_passant_captures(&self, player: Player) -> Vec<Pawns> {
        let Some((f, stepper)) = self.ep_pawn().filter(|&(_, p)| p == player.other()) else {
            return Vec::new();
        };
        let rank = self.ep_rank(stepper);
        let passed = Self::ahead(player, rank, 1);
        let n = self.width as usize;
        let mut out = Vec::new();
        for g in [f.wrapping_sub(1), f + 1] {
            if g >= n || self.at(g, rank) != Some(player) || self.at(f, passed).is_some() {
                continue;
            }
            let mut to = Pawns { ep: 0, ..*self };
            to.files[g] &= !Self::bit(player, rank);
            to.files[f] = to.files[f] & !Self::bit(stepper, rank) | Self::bit(player, passed);
            out.push(to);
        }
        out
    }

    /// The move from `self` to `to` in chess notation: `e3-e4`, `d5xe4`, `b4xa3 e.p.`.
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
            (Some(&(f0, r0)), Some(&(f1, r1))) => {
                // A capture onto an empty square is en passant.
                let file = f1.checked_sub(self.offset as usize);
                let en_passant = f0 != f1
                    && file.is_some_and(|i| i < self.width as usize && self.at(i, r1).is_none());
                format!(
                    "{}{}{}{}",
                    square_name(f0, r0),
                    if f0 == f1 { '-' } else { 'x' },
                    square_name(f1, r1),
                    if en_passant { " e.p." } else { "" }
                )
            }
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

    /// Promotions first (they end the search at once), then captures (en passant among
    /// them), then steps. Every move ends an open en-passant right; a double step that lands
    /// beside an enemy pawn opens one (see the module comment).
    fn moves(&self, player: Player) -> Vec<Pawns> {
        let (mut promotions, mut captures, mut steps) = (Vec::new(), Vec::new(), Vec::new());
        let top = self.ranks() - 1;
        let n = self.width as usize;
        let their_shift = match player {
            Player::Left => BLACK_SHIFT,
            Player::Right => 0,
        };
        let base = Pawns { ep: 0, ..*self };
        for f in 0..n {
            let own = Self::side(self.files[f], player);
            for rank in 1..top {
                if own >> rank & 1 == 0 {
                    continue;
                }
                let ahead = Self::ahead(player, rank, 1);
                let mut push = |to: Pawns, dest: usize, list: &mut Vec<Pawns>| {
                    if self.promotes(player, dest) {
                        promotions.push(to);
                    } else {
                        list.push(to);
                    }
                };
                let from_bit = Self::bit(player, rank);
                if self.at(f, ahead).is_none() {
                    let mut to = base;
                    to.files[f] = to.files[f] & !from_bit | Self::bit(player, ahead);
                    push(to, ahead, &mut steps);
                    if rank == self.start_rank(player) && top >= 3 {
                        let two = Self::ahead(player, rank, 2);
                        if self.at(f, two).is_none() {
                            let mut to = base;
                            to.files[f] = to.files[f] & !from_bit | Self::bit(player, two);
                            if self.en_passant && to.beside(f, two, player.other()) {
                                to.ep = Self::ep_code(f, player);
                            }
                            push(to, two, &mut steps);
                        }
                    }
                }
                for g in [f.wrapping_sub(1), f + 1] {
                    if g >= n || self.files[g] >> (their_shift + ahead) & 1 == 0 {
                        continue;
                    }
                    let mut to = base;
                    to.files[f] &= !from_bit;
                    to.files[g] =
                        to.files[g] & !Self::bit(player.other(), ahead) | Self::bit(player, ahead);
                    push(to, ahead, &mut captures);
                }
            }
        }
        captures.extend(self.en_passant_captures(player));
        promotions.extend(captures);
        promotions.extend(steps);
        promotions
    }

    fn components(&self) -> Vec<Pawns> {
        self.chunks()
    }

    /// Shifted to the left edge and the smaller of the position and its left-right mirror; or
    /// the colour mirror (the negative) when that is smaller still. An open en-passant right
    /// moves with its pawn: to its shifted or mirrored file, and to the other side in the
    /// colour mirror (White's fourth rank is Black's fifth).
    fn normalize(&self) -> (Pawns, bool) {
        let used = self.used();
        let lo = used.iter().position(|&w| w != 0).unwrap_or(0);
        let hi = used.iter().rposition(|&w| w != 0).map_or(lo, |i| i + 1);
        let words = &used[lo..hi.max(lo)];
        let top = self.ranks() - 1;
        let flip = |b: u32| (b as u16).reverse_bits() as u32 >> (15 - top);
        let colour_mirror = |w: u32| flip(w >> BLACK_SHIFT) | flip(w & WHITE) << BLACK_SHIFT;
        let last = words.len().saturating_sub(1);
        // The right's file after the shift (`reversed`: and the mirror), and its side.
        let ep = |reversed: bool, negated: bool| {
            self.ep_pawn().map_or(0, |(f, player)| {
                let i = f - lo;
                let file = if reversed { last - i } else { i };
                let side = if negated { player.other() } else { player };
                Self::ep_code(file, side)
            })
        };
        let make = |word: &dyn Fn(usize) -> u32, reversed: bool, negated: bool| {
            let mut files = [0; MAX_FILES];
            for (i, f) in files.iter_mut().enumerate().take(words.len()) {
                *f = word(i);
            }
            Pawns {
                ranks: self.ranks,
                offset: 0,
                width: words.len() as u8,
                en_passant: self.en_passant,
                ep: ep(reversed, negated),
                files,
            }
        };
        let same = make(&|i| words[i], false, false);
        let same_rev = make(&|i| words[last - i], true, false);
        let neg = make(&|i| colour_mirror(words[i]), false, true);
        let neg_rev = make(&|i| colour_mirror(words[last - i]), true, true);
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
    /// brings an enemy pawn one file closer but uses up one of our pawns; an en-passant
    /// capture too). A pawn that may be taken en passant is not free: the enemy pawn beside
    /// it is level with it, so not beyond its rank, yet may take it.
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
    /// The structure `board` on a board `width` files wide (printed as its FEN placement, and
    /// the size and rule where they are not the default).
    pub fn new(board: Pawns, width: usize) -> PawnStructure {
        let mut text = board.fen(width);
        if width != 8 || board.ranks() != 8 {
            let _ = write!(text, " ({width} x {})", board.ranks());
        }
        if !board.has_en_passant() {
            text.push_str(" (no en passant)");
        }
        ThreatPosition::of(board, text, ["White", "Black"])
    }
}

/// The pawn structures' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "chess pawn structures (Maeser's global threats)",
    constructors: &[Constructor {
        name: "pawns",
        signature: "pawns(fen), pawns(fen, files, ranks), pawns(fen, \"noep\") or pawns(fen, files, ranks, \"noep\")",
        arity: 1..=4,
        summary: "a chess pawn structure valued with global threats (GTSearch)",
        help: "pawns(\"8/8/4p3/3p4/8/3PP3/8/8\") is the chess pawn structure with that FEN placement\n(ranks 8 to 1, P White = Left, p Black = Right, digits for empty squares); pawns(fen, files,\nranks) sets a generalised board (up to 16 x 16). The kings are assumed bound in mutual\nzugzwang (Elkies; Maeser, thesis ch. 7): only pawns move, and whoever runs out of pawn\nmoves loses. Pawns step, double-step from their second rank and capture.\nEn passant is on by default, as a local right (as Maeser's program played it: the thesis'\nvalues of 7.3.5 nos. 9 and 10 need it): after a double step beside an enemy pawn, the\nopponent's next move in that chunk may take the pawn en passant, and any other move in the\nchunk, by either side, ends the right. In a sum of chunks a move in another chunk would end\nthe right in real chess; a chunk's value cannot express that, so there it is an\napproximation (when chunks race and the board is searched as one game, any move ends it).\npawns(fen, \"noep\") and pawns(fen, files, ranks, \"noep\") play without en passant.\nPromotion wins the whole game (a global threat), so values may hold `on`/`off` threats,\nor be `win`/`loss` when a side forces a promotion. The structure splits into chunks\n(thesis 7.3.1), each valued by GTSearch; it prints the sum and, with several chunks, each\nchunk's value; moves(P) lists each chunk's moves, outcomes, search nodes and the winning\nmoves.\nExample: pawns(\"8/8/4p3/3p4/8/3PP3/8/8\") is *, pawns(\"8/1pp5/p7/8/P1P5/1P6/8/8\") is\n{1/2|||0||0,{on|v}|off||||-1|-2} (thesis 7.3.5 no. 9), and {0||-1|-2} with \"noep\".",
        build: build_pawns,
    }],
    functions: &[] as &[Function],
    fuzz: &[Fuzz {
        name: "pawns",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[],
    caches: no_caches,
};

/// The rule argument's error.
const RULE: &str = "expected \"noep\" (no en passant) or \"ep\" (en passant, the default)";

/// `pawns(fen)`, `pawns(fen, files, ranks)`, each with an optional rule last.
fn build_pawns(c: &mut Context<'_>, a: Args) -> Result<Box<dyn Position>, CallError> {
    let n = a.len();
    let (given, en_passant) = match a.values().last() {
        Some(Value::Str(rule)) if n > 1 => match rule.as_str() {
            "noep" => (n - 1, false),
            "ep" => (n - 1, true),
            _ => return Err(CallError::arg(n - 1, RULE)),
        },
        _ => (n, true),
    };
    let misplaced = |v: &Value| matches!(v, Value::Str(r) if r == "noep" || r == "ep");
    if let Some(i) = (1..given).find(|&i| misplaced(&a[i])) {
        return Err(CallError::arg(
            i,
            "the rule goes last: pawns(fen, \"noep\") or pawns(fen, files, ranks, \"noep\")",
        ));
    }
    let (files, ranks) = match given {
        1 => (8, 8),
        2 => {
            return Err(CallError::call(
                "give both the number of files and of ranks: pawns(fen, files, ranks)",
            ));
        }
        3 => (
            a.count(c.arena, 1, 1..=MAX_FILES)?,
            a.count(c.arena, 2, 3..=MAX_RANKS)?,
        ),
        _ => return Err(CallError::arg(3, RULE)),
    };
    let fen = a.str(c.arena, 0, "a FEN placement such as \"8/8/8/8/8/p7/P7/8\"")?;
    let board = Pawns::parse(fen, files, ranks).map_err(|m| CallError::arg(0, m))?;
    let board = if en_passant {
        board
    } else {
        board.without_en_passant()
    };
    Ok(Box::new(PawnStructure::new(board, files)))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The position after `player`'s move named `name` (as [`Game::describe_move`] names it).
    fn after(p: &Pawns, player: Player, name: &str) -> Pawns {
        p.moves(player)
            .into_iter()
            .find(|m| p.describe_move(m, player) == name)
            .unwrap_or_else(|| panic!("no move {name} in {}", p.describe()))
    }

    fn names(p: &Pawns, player: Player) -> Vec<String> {
        p.moves(player)
            .iter()
            .map(|m| p.describe_move(m, player))
            .collect()
    }

    fn board(fen: &str) -> Pawns {
        Pawns::parse(fen, 8, 8).unwrap()
    }

    // White a2, Black b4: a2-a4 lands beside b4, which may take it on a3 as its next move.
    #[test]
    fn a_double_step_beside_an_enemy_pawn_may_be_taken_en_passant() {
        let p = board("8/8/8/8/1p6/8/P7/8");
        let q = after(&p, Player::Left, "a2-a4");
        assert_eq!(
            q.describe(),
            "White a4, Black b4 (a4 may be taken en passant)"
        );
        assert_eq!(names(&q, Player::Right), ["b4xa3 e.p.", "b4-b3"]);
        let taken = after(&q, Player::Right, "b4xa3 e.p.");
        assert_eq!(taken, board("8/8/8/8/8/p7/8/8"));
        // Any other move ends the right: Black's, and a second White move in the local game.
        let r = after(&q, Player::Right, "b4-b3");
        assert_eq!(r, board("8/8/8/8/P7/1p6/8/8"));
        let w = after(&q, Player::Left, "a4-a5");
        assert_eq!(names(&w, Player::Right), ["b4-b3"]);
        // a2-a3 and a double step with no enemy pawn beside the landing square open nothing.
        let a3 = after(&p, Player::Left, "a2-a3");
        assert_eq!(a3, board("8/8/8/8/1p6/P7/8/8"));
        let far = board("8/8/8/8/2p5/8/P7/8");
        assert_eq!(
            after(&far, Player::Left, "a2-a4"),
            board("8/8/8/8/P1p5/8/8/8")
        );
    }

    // The same for Black (h7-h5 beside White g5), and without the rule nothing opens.
    #[test]
    fn black_double_steps_and_the_rule_without_en_passant() {
        let p = board("8/7p/8/6P1/8/8/8/8");
        let q = after(&p, Player::Right, "h7-h5");
        assert_eq!(names(&q, Player::Left), ["g5xh6 e.p.", "g5-g6"]);
        assert_eq!(
            after(&q, Player::Left, "g5xh6 e.p."),
            board("8/8/7P/8/8/8/8/8")
        );
        let noep = p.without_en_passant();
        let q = after(&noep, Player::Right, "h7-h5");
        assert_eq!(names(&q, Player::Left), ["g5-g6"]);
        assert_eq!(q.describe(), "White g5, Black h5");
    }

    // The right is part of the position and every symmetry maps it: White a2-a4 beside b4 is
    // the shifted mirror of White f2-f4 beside e4 (the same key), and the colour mirror of
    // Black a7-a5 beside White b5 (the same key, negated); without the right the key differs.
    #[test]
    fn normalize_maps_the_right() {
        let a = after(&board("8/8/8/8/1p6/8/P7/8"), Player::Left, "a2-a4");
        let f = after(&board("8/8/8/8/4p3/8/5P2/8"), Player::Left, "f2-f4");
        let black = after(&board("8/p7/8/1P6/8/8/8/8"), Player::Right, "a7-a5");
        let (ka, na) = a.normalize();
        assert_eq!(f.normalize(), (ka, na));
        assert_eq!(black.normalize(), (ka, !na));
        let plain = board("8/8/8/8/Pp6/8/8/8");
        assert_ne!(plain.normalize().0, ka);
        // Normalising keeps the right usable: the key's mover still has the capture.
        let mover = if na { Player::Left } else { Player::Right };
        assert_eq!(ka.moves(mover).len(), 2);
    }

    // Pawns level with each other have passed (thesis 7.3.1), but not while one may take the
    // other en passant: then they are one chunk, which keeps the right.
    #[test]
    fn chunks_keep_a_pawn_with_its_takers() {
        let q = after(&board("8/8/8/8/1p6/8/P7/8"), Player::Left, "a2-a4");
        let chunks = q.chunks();
        assert_eq!(chunks.len(), 1);
        assert_eq!(chunks[0].ep_pawn(), Some((0, Player::Left)));
        assert_eq!(board("8/8/8/8/Pp6/8/8/8").chunks().len(), 2);
        // A far pawn is a chunk of its own, and the right stays with a4 and b4, on its file.
        let q = after(&board("8/7p/8/8/1p6/8/P7/8"), Player::Left, "a2-a4");
        let chunks = q.chunks();
        assert_eq!(chunks.len(), 2);
        let with_right: Vec<_> = chunks.iter().filter(|c| c.ep_pawn().is_some()).collect();
        assert_eq!(with_right.len(), 1);
        assert_eq!(
            with_right[0].describe(),
            q.describe().replace(", Black b4 h7", ", Black b4")
        );
    }

    // White b2, Black a4 on 2 files x 6 ranks: after b2-b4, b4 needs two moves and a4 three,
    // so a free b4 would win; but a4 takes it en passant, so it is not free. Without the rule
    // it is, and White wins by force.
    #[test]
    fn a_pawn_that_may_be_taken_en_passant_is_not_free() {
        let p = Pawns::parse("2/2/p1/2/1P/2", 2, 6).unwrap();
        let q = after(&p, Player::Left, "b2-b4");
        assert_eq!(q.forced_winner(Some(Player::Right)), None);
        assert_eq!(q.forced_winner(None), None);
        let q = after(&p.without_en_passant(), Player::Left, "b2-b4");
        assert_eq!(q.forced_winner(Some(Player::Right)), Some(Player::Left));
    }
}
