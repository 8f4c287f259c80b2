//! The value of every move of a quiescent component `[[w]]` of Elkies' pawn game, without
//! search: the threat game GTSearch finds for the position after the move, built from the
//! continuations the move entails (Elkies, *Higher nimbers*, 6.1) and the values ε of the
//! quiescent components they leave (Theorem 3, [`super::epsilon`]).
//!
//! A move from `[[w]]` (w of length at least 2) puts a pawn on the middle row, threatening to
//! capture; the opponent must answer in the component (an answer elsewhere lets the pawn
//! capture and promote, GTSearch's `on`). Write `T_s(x)` for the position after White
//! advanced an end pawn next to the initial files `x`, its own file stopped if `s = 1` (6.1:
//! `[[:x]]` and its stopped form), Black to move. For `x = i w`:
//!
//! - `T_0(i w) = {on | {ε(w) | off}, -T_i(w)}`: Black captures and White must recapture,
//!   leaving `[[w]]` with Black to move; or Black advances the attacked pawn, which now
//!   threatens `w` from a file of stop status `i` (`0` instead when `w` is empty: every file
//!   is blocked).
//! - `T_1(0 y) = {on | {ε(y) | off}, {T_j(v) | off}}` with `y = j v`: the capture as before;
//!   the advance forces White to advance the next pawn in turn (6.1: a stopped closed file
//!   still acts for one turn), which threatens `v` from a file of stop status `j`. The
//!   second option is `{0 | off}` when `v` is empty and `0` when `y` is.
//!
//! An end move is `T_{w[0]}(w[1..])` (the right end: the same on the reversed word). A move
//! at an interior file `c` (neighbours `l`, `r`, with `w1` the files left of `l`, `w2` those
//! right of `r`) attacks two pawns; Black captures with one and White recaptures from the
//! capturing pawn's file, so the new White pawn threatens the other side:
//! `A = {ε(w1) + T_c(0 w2) | off}` after a capture from the left, `B = {ε(w2) + T_c(0
//! reverse(w1)) | off}` from the right (each used only when that neighbour is unstopped, so
//! it is the `0`). The move leads to `{on | A, B}` when neither neighbour is stopped,
//! `{on | A}` when only `l` is (6.1: `[[w1 1 : 0 w2]]` is a move to `[[w1]] + [[:0 w2]]`),
//! `{on | B}` when only `r` is, and `{on | {ε(w1) + ε(w2) | off}}` when both are (6.1:
//! `[[w1 1 : 1 w2]]` is a move to `[[w1]] + [[w2]]`). Black's move at a file leads to the
//! negative of White's (the colour mirror), and a one-file component's move to 0.
//!
//! A move is loony in Elkies' sense exactly when this value gives the answering side a
//! winning reply whatever the other components are (e.g. `{on | 0, {0 | off}}`); no move
//! from a quiescent component loses at once, so none of these values is `win` or `loss`.
//! These forms are not stated in the paper: they are its continuations written as threat
//! games, and they equal GTSearch's values on every move of every word up to length 10
//! (`elkiescheck(10)`: 6330 moves; the tests run it to length 9).

use super::epsilon::EndValues;
use crate::game::Arena;
use crate::game::interrupt::{Interrupt, check_cancel};
use crate::game::threat::{ThreatId, Threats};

/// Builds the threat games of the moves of one component in a session's stores.
struct Forms<'a> {
    arena: &'a mut Arena,
    threats: &'a mut Threats,
}

impl Forms<'_> {
    fn nim(&mut self, k: u16) -> ThreatId {
        let g = self.arena.nimber(k as u32);
        self.threats.short(g)
    }

    fn node(&mut self, left: Vec<ThreatId>, right: Vec<ThreatId>) -> ThreatId {
        self.threats
            .node(self.arena, left, right)
            .unwrap_or_else(|e| Interrupt::Budget(format!("move value not built: {e}")).raise())
    }

    /// `{x | off}`: White must answer, and the answer leads to `x`.
    fn forced(&mut self, x: ThreatId) -> ThreatId {
        let off = self.threats.off();
        self.node(vec![x], vec![off])
    }

    /// `{on | rights}`: the position after a White threat, Black to answer.
    fn threat(&mut self, rights: Vec<ThreatId>) -> ThreatId {
        let on = self.threats.on();
        self.node(vec![on], rights)
    }

    /// `*k + t`.
    fn plus(&mut self, k: u16, t: ThreatId) -> ThreatId {
        let n = self.nim(k);
        self.threats
            .add(self.arena, n, t)
            .unwrap_or_else(|e| Interrupt::Budget(format!("move value not built: {e}")).raise())
    }

    /// `T_s(word[k..])` for every `k` in `1..n` and `s` in {0, 1} (`T_1` only where
    /// `word[k]` is unstopped, as no two stops are adjacent): `chain[k][s]`. `suffix[k]` is
    /// `ε(word[k..])`. Built from the right end, each from the next two.
    fn chain(&mut self, word: &[bool], suffix: &[u16]) -> Vec<[Option<ThreatId>; 2]> {
        let n = word.len();
        let mut chain = vec![[None, None]; n + 1];
        for k in (1..n).rev() {
            check_cancel();
            let capture = self.nim(suffix[k + 1]);
            let capture = self.forced(capture);
            // T_0: the attacked pawn advances and threatens word[k+1..] from file k.
            let advance = if k + 1 == n {
                self.nim(0)
            } else {
                let t = chain[k + 1][word[k] as usize].expect("built from the right");
                self.threats.neg(self.arena, t)
            };
            chain[k][0] = Some(self.threat(vec![capture, advance]));
            if !word[k] {
                // T_1: after the advance White must advance word[k+1]'s pawn in turn.
                let advance = if k + 1 == n {
                    self.nim(0)
                } else if k + 2 == n {
                    let z = self.nim(0);
                    self.forced(z)
                } else {
                    let t = chain[k + 2][word[k + 1] as usize].expect("built from the right");
                    self.forced(t)
                };
                chain[k][1] = Some(self.threat(vec![capture, advance]));
            }
        }
        chain
    }
}

/// The threat game each White move of `[[word]]` leads to, Black to move, by file: see the
/// module doc. Black's move at file `j` leads to the negative of entry `j`. `ends` holds ε
/// of every prefix and suffix of the word ([`super::epsilon::end_values`]).
pub fn white_move_values(
    word: &[bool],
    ends: &EndValues,
    arena: &mut Arena,
    threats: &mut Threats,
) -> Vec<ThreatId> {
    let n = word.len();
    let mut f = Forms { arena, threats };
    if n == 1 {
        return vec![f.nim(0)];
    }
    let reversed: Vec<bool> = word.iter().rev().copied().collect();
    // ε of the reversed word's suffixes are those of the word's prefixes.
    let reversed_suffix: Vec<u16> = (0..=n).map(|k| ends.prefix[n - k]).collect();
    let right = f.chain(word, &ends.suffix);
    let left = f.chain(&reversed, &reversed_suffix);
    let t = |chain: &[[Option<ThreatId>; 2]], k: usize, s: bool| {
        chain[k][s as usize].expect("T_1 is asked only before an unstopped file")
    };
    let mut out = Vec::with_capacity(n);
    for j in 0..n {
        check_cancel();
        let c = word[j];
        let v = if j == 0 {
            t(&right, 1, c)
        } else if j == n - 1 {
            t(&left, 1, c)
        } else {
            let (l, r) = (word[j - 1], word[j + 1]);
            let (e1, e2) = (ends.prefix[j - 1], ends.suffix[j + 2]);
            let from_left = |f: &mut Forms| {
                let s = f.plus(e1, t(&right, j + 1, c));
                f.forced(s)
            };
            let from_right = |f: &mut Forms| {
                let s = f.plus(e2, t(&left, n - j, c));
                f.forced(s)
            };
            let answers = match (l, r) {
                (false, false) => vec![from_left(&mut f), from_right(&mut f)],
                (true, false) => vec![from_left(&mut f)],
                (false, true) => vec![from_right(&mut f)],
                (true, true) => {
                    let z = f.nim(e1 ^ e2);
                    vec![f.forced(z)]
                }
            };
            f.threat(answers)
        };
        out.push(v);
    }
    out
}
