//! Witnesses for comparisons (`why(G >= H)`): a winning strategy in the difference `G - H`
//! that a reader can replay move by move.
//!
//! `G >= H` holds iff Left wins `G - H` when Right moves first, and `G <= H` iff Right wins it
//! when Left moves first (ONAG ch. 1; Siegel, CGT, §II.1). The play is kept on the two
//! components: a position is written `X - Y` (the first component `G`, the second `H`); Left
//! moves `G` to one of its Left options or `H` to one of its Right options, Right moves `G`
//! to a Right option or `H` to a Left option. Every option is a canonical option, so each
//! step can be checked with `left(X)` and `right(X)`.
//!
//! The witness of a player winning *moving first* is one move to a position where they win
//! moving second; the witness of winning *moving second* lists every move of the opponent,
//! each with one winning reply. Lines are numbered like an outline (`1.2.1.`), and the play
//! stops at a bounded depth or line count with a claim (`Right wins from here moving second:
//! X <= Y`) that the reader can check with the calculator's own comparison. At the root, where
//! the limits leave no room for a reply, the opponent's moves are listed with claims that the
//! winner wins from there moving first (`X |> Y`).

use std::fmt::Write;

use crate::game::{Arena, GameId};

/// The two players.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Side {
    Left,
    Right,
}

impl Side {
    pub fn name(self) -> &'static str {
        match self {
            Side::Left => "Left",
            Side::Right => "Right",
        }
    }

    fn other(self) -> Side {
        match self {
            Side::Left => Side::Right,
            Side::Right => Side::Left,
        }
    }
}

/// A position `g - h` of the difference game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Pos {
    g: GameId,
    h: GameId,
}

/// A move: which component (`0` for G, `1` for H), and the component before and after.
#[derive(Clone, Copy, Debug)]
struct Move {
    component: usize,
    from: GameId,
    to: GameId,
    after: Pos,
}

/// Limits of a witness: plies from the root and lines written.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub depth: usize,
    pub lines: usize,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            depth: 8,
            lines: 60,
        }
    }
}

/// The basic facts a comparison is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fact {
    /// `G >= H`: Left wins `G - H` moving second.
    Geq,
    /// `G <= H`: Right wins `G - H` moving second.
    Leq,
}

impl Fact {
    fn symbol(self) -> &'static str {
        match self {
            Fact::Geq => ">=",
            Fact::Leq => "<=",
        }
    }

    /// The player who wins moving second when the fact holds.
    fn second_player(self) -> Side {
        match self {
            Fact::Geq => Side::Left,
            Fact::Leq => Side::Right,
        }
    }
}

/// The convention line printed under each witness.
pub const MOVES_NOTE: &str = "(in X - Y, Left moves X to a Left option or Y to a Right option; \
Right moves X to a Right option or Y to a Left option)";

/// Whether `fact` holds for `g` and `h`, and its witness: the header line, then the numbered
/// play. When the fact holds, the player it favours wins moving second (every opening move of
/// the opponent gets a winning reply); when it fails, the opponent wins moving first.
pub fn witness(a: &mut Arena, g: GameId, h: GameId, fact: Fact, limits: Limits) -> (bool, String) {
    let holds = match fact {
        Fact::Geq => a.geq(g, h),
        Fact::Leq => a.leq(g, h),
    };
    let (gs, hs) = (a.display(g), a.display(h));
    let mut w = Writer {
        a,
        lines: Vec::new(),
        reserved: 0,
        limits,
    };
    let root = Pos { g, h };
    let sym = fact.symbol();
    let header = if holds {
        let winner = fact.second_player();
        let mover = winner.other();
        w.second_at_root(root, winner);
        format!(
            "{gs} {sym} {hs} is true: {} wins {gs} - {hs} when {} moves first",
            winner.name(),
            mover.name()
        )
    } else {
        // The fact fails: the other player wins moving first.
        let winner = fact.second_player().other();
        w.first(root, winner, "1", 0);
        format!(
            "{gs} {sym} {hs} is false: {} wins {gs} - {hs} moving first",
            winner.name()
        )
    };
    let mut out = header;
    let _ = write!(out, "\n{MOVES_NOTE}");
    for l in w.lines {
        out.push('\n');
        out.push_str(&l);
    }
    (holds, out)
}

struct Writer<'a> {
    a: &'a mut Arena,
    lines: Vec<String>,
    /// Lines promised to opponent moves not yet written (two each: the move and the reply),
    /// so that the play stays within `limits.lines`.
    reserved: usize,
    limits: Limits,
}

impl Writer<'_> {
    /// Does `winner` win `p` when the opponent moves first?
    fn wins_second(&mut self, p: Pos, winner: Side) -> bool {
        match winner {
            Side::Left => self.a.geq(p.g, p.h),
            Side::Right => self.a.leq(p.g, p.h),
        }
    }

    /// The moves of `side` from `p`, in printing order (G's first).
    fn moves(&mut self, p: Pos, side: Side) -> Vec<Move> {
        let mut out = Vec::new();
        // Left: G to a Left option, H to a Right option; Right the other way round.
        for component in 0..2 {
            let from = if component == 0 { p.g } else { p.h };
            let left_options = (component == 0) == (side == Side::Left);
            let opts = if left_options {
                self.a.left_options(from)
            } else {
                self.a.right_options(from)
            };
            for to in self.a.sort_for_display(opts) {
                let after = if component == 0 {
                    Pos { g: to, h: p.h }
                } else {
                    Pos { g: p.g, h: to }
                };
                out.push(Move {
                    component,
                    from,
                    to,
                    after,
                });
            }
        }
        out
    }

    /// One line of the play.
    fn line(&mut self, label: &str, side: Side, m: Move, tail: &str) {
        let comp = if m.component == 0 { "X" } else { "Y" };
        let (from, to) = (self.a.display(m.from), self.a.display(m.to));
        let (x, y) = (self.a.display(m.after.g), self.a.display(m.after.h));
        self.lines.push(format!(
            "{label}. {} moves {comp}: {from} -> {to}; now {x} - {y}{tail}",
            side.name()
        ));
    }

    /// `winner` moves first from `p` and wins: the move (to a position where they win moving
    /// second), then that position's witness. The caller knows such a move exists.
    fn first(&mut self, p: Pos, winner: Side, label: &str, depth: usize) {
        let mut best: Option<(u64, Move)> = None;
        for m in self.moves(p, winner) {
            if self.wins_second(m.after, winner) {
                let size = self.a.birthday(m.after.g) + self.a.birthday(m.after.h);
                if best.is_none_or(|(s, _)| size < s) {
                    best = Some((size, m));
                }
            }
        }
        let (_, m) = best.expect("a player who wins moving first has a winning move");
        let idx = self.lines.len();
        self.line(label, winner, m, "");
        let tail = self.second(m.after, winner, label, depth + 1);
        self.lines[idx].push_str(&tail);
    }

    /// The witness of `winner` winning the root `p` moving second. A claim about the root
    /// itself would only repeat the header, so where the limits leave no room for the
    /// opponent's moves with their replies (depth 1, or more moves than lines) the moves are
    /// listed alone, each with the checkable claim that `winner` wins from there moving first
    /// (`X |> Y` for Left, `X <| Y` for Right); with more moves than lines, a line says so.
    fn second_at_root(&mut self, p: Pos, winner: Side) {
        let tail = self.second(p, winner, "", 0);
        if tail.is_empty() {
            return;
        }
        let mover = winner.other();
        let moves = self.moves(p, mover);
        let (x, y) = (self.a.display(p.g), self.a.display(p.h));
        if moves.is_empty() {
            self.lines
                .push(format!("{} has no move in {x} - {y}", mover.name()));
            return;
        }
        if moves.len() > self.limits.lines {
            self.lines.push(format!(
                "(no move shown: {} has {} moves in {x} - {y}, more than the {} lines of a witness)",
                mover.name(),
                moves.len(),
                self.limits.lines
            ));
            return;
        }
        let rel = if winner == Side::Left { "|>" } else { "<|" };
        for (i, m) in moves.into_iter().enumerate() {
            let (x, y) = (self.a.display(m.after.g), self.a.display(m.after.h));
            let claim = format!(
                "; {} wins from here moving first: {x} {rel} {y}",
                winner.name()
            );
            self.line(&(i + 1).to_string(), mover, m, &claim);
        }
    }

    /// `winner` wins `p` moving second: every move of the opponent, each with a winning
    /// reply. Returns what to append to the line that led here (`; Left has no move`, or the
    /// claim that stands for the rest of the play when the limits are reached).
    fn second(&mut self, p: Pos, winner: Side, label: &str, depth: usize) -> String {
        let mover = winner.other();
        let moves = self.moves(p, mover);
        if moves.is_empty() {
            return format!("; {} has no move", mover.name());
        }
        let needed = self.lines.len() + self.reserved + 2 * moves.len();
        if depth + 2 > self.limits.depth || needed > self.limits.lines {
            let (x, y) = (self.a.display(p.g), self.a.display(p.h));
            let rel = if winner == Side::Left { ">=" } else { "<=" };
            return format!(
                "; {} wins from here moving second: {x} {rel} {y}",
                winner.name()
            );
        }
        self.reserved += 2 * moves.len();
        for (i, m) in moves.into_iter().enumerate() {
            self.reserved -= 2;
            let sub = if label.is_empty() {
                format!("{}", i + 1)
            } else {
                format!("{label}.{}", i + 1)
            };
            self.line(&sub, mover, m, "");
            // The opponent's move leaves a position where `winner` moves first and wins.
            self.first(m.after, winner, &format!("{sub}.1"), depth + 1);
        }
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// ^ >= * fails: Right moves ^ to *, and * - * = 0 is lost by Left moving first.
    #[test]
    fn up_is_not_above_star() {
        let mut a = Arena::new();
        let (up, star) = (a.up_multiple(1, 0), a.nimber(1));
        let (holds, text) = witness(&mut a, up, star, Fact::Geq, Limits::default());
        assert!(!holds);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "^ >= * is false: Right wins ^ - * moving first");
        assert_eq!(lines[2], "1. Right moves X: ^ -> *; now * - *");
        assert_eq!(lines[3], "1.1. Left moves X: * -> 0; now 0 - *");
        assert_eq!(
            lines[4],
            "1.1.1. Right moves Y: * -> 0; now 0 - 0; Left has no move"
        );
        assert_eq!(lines[5], "1.2. Left moves Y: * -> 0; now * - 0");
        assert_eq!(
            lines[6],
            "1.2.1. Right moves X: * -> 0; now 0 - 0; Left has no move"
        );
        assert_eq!(lines.len(), 7);
    }

    /// ^ >= 0 holds: Right's only move ^ -> * is answered by * -> 0.
    #[test]
    fn up_is_positive() {
        let mut a = Arena::new();
        let (up, zero) = (a.up_multiple(1, 0), a.zero());
        let (holds, text) = witness(&mut a, up, zero, Fact::Geq, Limits::default());
        assert!(holds);
        assert_eq!(
            text,
            format!(
                "^ >= 0 is true: Left wins ^ - 0 when Right moves first\n{MOVES_NOTE}\n\
                 1. Right moves X: ^ -> *; now * - 0\n\
                 1.1. Left moves X: * -> 0; now 0 - 0; Right has no move"
            )
        );
    }

    /// At depth 1 there is no room for a reply: Right's only move ^ -> * is shown with the
    /// claim that Left wins * - 0 moving first (* |> 0: * is fuzzy with 0).
    #[test]
    fn depth_one_shows_the_opponents_moves() {
        let mut a = Arena::new();
        let (up, zero) = (a.up_multiple(1, 0), a.zero());
        let limits = Limits {
            depth: 1,
            lines: 60,
        };
        let (holds, text) = witness(&mut a, up, zero, Fact::Geq, limits);
        assert!(holds);
        assert_eq!(
            text,
            format!(
                "^ >= 0 is true: Left wins ^ - 0 when Right moves first\n{MOVES_NOTE}\n\
                 1. Right moves X: ^ -> *; now * - 0; Left wins from here moving first: * |> 0"
            )
        );
        // 0 >= 0: Right has no move at all.
        let (holds, text) = witness(&mut a, zero, zero, Fact::Geq, Limits::default());
        assert!(holds);
        assert!(text.ends_with("\nRight has no move in 0 - 0"), "{text}");
    }

    /// Limits turn the rest of the play into a checkable claim.
    #[test]
    fn claims_at_the_limit() {
        let mut a = Arena::new();
        let (five, six) = (a.integer(5), a.integer(6));
        let limits = Limits {
            depth: 1,
            lines: 60,
        };
        let (holds, text) = witness(&mut a, five, six, Fact::Geq, limits);
        assert!(!holds);
        assert!(
            text.ends_with(
                "1. Right moves Y: 6 -> 5; now 5 - 5; Right wins from here moving second: 5 <= 5"
            ),
            "{text}"
        );
    }
}
