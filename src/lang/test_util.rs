//! Helpers for unit tests that read games in the calculator's notation.

use super::parse_expr;
use super::session::Session;
use crate::game::GameId;

/// Evaluates `src`, which must denote a game.
pub fn game(s: &mut Session, src: &str) -> GameId {
    let e = parse_expr(src).unwrap_or_else(|_| panic!("parse error in {src}"));
    s.game(&e)
        .unwrap_or_else(|_| panic!("evaluation error in {src}"))
}

/// Evaluates `src` and prints it back.
pub fn show(s: &mut Session, src: &str) -> String {
    let g = game(s, src);
    s.arena.display(g)
}
