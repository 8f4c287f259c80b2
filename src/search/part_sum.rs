//! A sum of positions of one ruleset played as one game: a move is a move in one of them.
//!
//! GTSearch values the parts of a position separately and adds the values in the threat
//! algebra, which is exact unless both sides hold promotion threats in different parts: then
//! the sum is no stopper (`on + off = dud`; Mäser, thesis 6.3, and *Global threats in
//! combinatorial games*, 3) because a value with `on` says that Left wins *eventually*, not
//! how fast, and who wins the race depends on the timing. Such a sum is searched as this
//! game, whose global win is the first promotion in any part. The parts keep their places
//! (part `i` stays part `i`), so the sum needs no way to join boards.

use std::fmt::Write as _;

use super::game::{Game, Player};

/// The sum of `parts`, played as one game.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PartSum<G>(pub Vec<G>);

impl<G: Game> Game for PartSum<G> {
    const NAME: &'static str = G::NAME;

    /// Each part's moves in turn, the other parts unchanged.
    fn moves(&self, player: Player) -> Vec<Self> {
        let mut out = Vec::new();
        for (i, part) in self.0.iter().enumerate() {
            for m in part.moves(player) {
                let mut next = self.0.clone();
                next[i] = m;
                out.push(PartSum(next));
            }
        }
        out
    }

    /// Each part by its ruleset's representative, where that is the same game (not its
    /// negative): equal keys are the same sum.
    fn normalize(&self) -> (Self, bool) {
        let parts = self
            .0
            .iter()
            .map(|p| match p.normalize() {
                (key, false) => key,
                (_, true) => p.clone(),
            })
            .collect();
        (PartSum(parts), false)
    }

    /// A part whose game is won is a won sum: a global win ends the whole game.
    fn global_winner(&self) -> Option<Player> {
        self.0.iter().find_map(Game::global_winner)
    }

    fn describe_move(&self, to: &Self, player: Player) -> String {
        self.0
            .iter()
            .zip(&to.0)
            .find(|(a, b)| a != b)
            .map_or_else(String::new, |(a, b)| a.describe_move(b, player))
    }

    fn describe(&self) -> String {
        let mut out = String::new();
        for (i, p) in self.0.iter().enumerate() {
            if i > 0 {
                out.push_str(" + ");
            }
            let _ = write!(out, "{}", p.describe());
        }
        out
    }
}
