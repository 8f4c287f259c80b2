//! Positions of Elkies' pawn game valued by his theorems instead of by search.
//!
//! # What the theorems cover
//! Theorems 1-3 (*Higher nimbers in pawn endgames on large chessboards*, 3.3 and 6.2) value
//! every *quiescent* component: a run of initial files (a White pawn on the bottom row and a
//! Black pawn on the top row of each), separated from the rest by empty (or closed) files,
//! with no two stopped files adjacent, of any length. Such a component `[[w]]` is the nimber
//! `*ε(w)`: Theorem 2 gives ε in closed form when no file is stopped (`[m]`), Theorem 3's
//! recursion otherwise ([`super::epsilon`]). A position made of quiescent components is
//! their sum, the nim sum of the ε. Every position `elkies(...)` builds is of this kind, so
//! none needs a search board; `elkies(w, "search")` asks for the search of the actual game
//! instead (at most 64 files), and `elkiescheck` compares the two. Theorem 3 is used as
//! seed-notes.md reconstructs its garbled statement; search and recursion agree on every
//! word up to length 10.
//!
//! The theorems do not value an *entailing* component (a pawn on the middle row, in the
//! middle of a skirmish) as a game: they say which moves into one are loony and what the
//! others are equivalent to. The positions here never hold one; the moves into them, listed
//! by `moves(P)`, get the threat games of [`super::moves`], built from the continuations of
//! 6.1 and the values ε of what they leave.
//!
//! # What is out of reach
//! `[m]` costs nothing for any m. The recursion for a word with stops takes O(n³) steps and
//! [`epsilon::recursion_bytes`] of memory (ten bytes a window, 1 GB at 14,000 files): a word
//! whose tables exceed the memory limit is refused with that reason, and one longer than
//! [`epsilon::MAX_WORD`] files at once, as its values could pass 15 bits. `moves(P)` lists at
//! most [`MAX_MOVE_ROWS`] moves.

use std::sync::OnceLock;

use super::epsilon::{self, EndValues};
use super::moves::white_move_values;
use crate::game::Outcome;
use crate::game::interrupt::Interrupt;
use crate::rulesets::grid::square_name;
use crate::search::{
    Budget, MoveRow, Part, Player, Position, PositionValue, SearchEnv, mover_wins,
};

/// Most moves `moves(P)` lists (two per file).
pub const MAX_MOVE_ROWS: u64 = 1_000_000;

/// A quiescent component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Component {
    /// `[m]`: m unstopped initial files, given as a number (any m >= 1).
    Files(u64),
    /// `[[w]]`: digit j of the word is file j, `true` = stopped; no two adjacent.
    Word(Vec<bool>),
}

impl Component {
    /// Number of files.
    pub fn len(&self) -> u64 {
        match self {
            Component::Files(m) => *m,
            Component::Word(w) => w.len() as u64,
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn has_stops(&self) -> bool {
        matches!(self, Component::Word(w) if w.contains(&true))
    }

    /// Elkies' notation: `[7]` or `[[1000]]`.
    pub fn text(&self) -> String {
        match self {
            Component::Files(m) => format!("[{m}]"),
            Component::Word(w) => format!("[[{}]]", epsilon::word_string(w)),
        }
    }

    /// The theorem that values it.
    pub fn theorem(&self) -> &'static str {
        if self.has_stops() {
            "Elkies' Theorem 3"
        } else {
            "Elkies' Theorem 2"
        }
    }

    /// Refuses (unwinding with a budget error) a word whose recursion tables would pass the
    /// memory limit.
    fn check_memory(&self, budget: &Budget) {
        if let Err(e) = epsilon::check_recursion_memory(
            "Theorem 3's recursion",
            self.len() as usize,
            budget.memory,
        ) {
            Interrupt::Budget(e).raise();
        }
    }

    /// Theorem 3's recursion for a component with stops: ε of every prefix and suffix (see
    /// [`epsilon::end_values`]; the whole word's is the last prefix). `None` without stops,
    /// where Theorem 2 gives them in closed form.
    fn recursion(&self, budget: &Budget) -> Option<EndValues> {
        match self {
            Component::Word(w) if self.has_stops() => {
                self.check_memory(budget);
                Some(epsilon::end_values(w))
            }
            _ => None,
        }
    }

    /// ε, from the component's [`Component::recursion`].
    fn epsilon(&self, recursion: Option<&EndValues>) -> u16 {
        match recursion {
            Some(ends) => ends.prefix[ends.prefix.len() - 1],
            None => epsilon::unstopped_epsilon(self.len()),
        }
    }

    /// ε of every prefix and suffix, from the component's [`Component::recursion`] or by
    /// Theorem 2; `len()` must fit in memory.
    fn end_values(&self, recursion: Option<&EndValues>) -> EndValues {
        match recursion {
            Some(ends) => ends.clone(),
            None => {
                let values: Vec<u16> = (0..=self.len()).map(epsilon::unstopped_epsilon).collect();
                EndValues {
                    suffix: values.iter().rev().copied().collect(),
                    prefix: values,
                }
            }
        }
    }

    fn word(&self) -> Vec<bool> {
        match self {
            Component::Files(m) => vec![false; *m as usize],
            Component::Word(w) => w.clone(),
        }
    }
}

/// A sum of quiescent components, valued by Theorems 2 and 3 (see the module doc).
#[derive(Debug)]
pub struct TheoremPosition {
    components: Vec<Component>,
    /// Each component's [`Component::recursion`], once computed: the value and the moves
    /// both read it.
    recursion: OnceLock<Vec<Option<EndValues>>>,
}

impl TheoremPosition {
    /// The sum of `components` (none of them empty).
    pub fn new(components: Vec<Component>) -> TheoremPosition {
        TheoremPosition {
            components,
            recursion: OnceLock::new(),
        }
    }

    fn recursion(&self, budget: &Budget) -> &[Option<EndValues>] {
        self.recursion.get_or_init(|| {
            self.components
                .iter()
                .map(|c| c.recursion(budget))
                .collect()
        })
    }

    /// ε of each component.
    fn values(&self, budget: &Budget) -> Vec<u16> {
        self.components
            .iter()
            .zip(self.recursion(budget))
            .map(|(c, r)| c.epsilon(r.as_ref()))
            .collect()
    }

    /// The rows of component `part`: White's moves by file, then Black's.
    fn rows_of(&self, part: usize, env: &mut SearchEnv, rows: &mut Vec<MoveRow>) {
        let c = &self.components[part];
        let ends = c.end_values(self.recursion(&env.budget)[part].as_ref());
        let word = c.word();
        let white = white_move_values(&word, &ends, env.arena, env.threats);
        // The other components are nimbers: the whole position after a move in this one is
        // the move's threat game plus their nim sum.
        let others = self
            .values(&env.budget)
            .iter()
            .enumerate()
            .filter(|&(i, _)| i != part)
            .fold(0, |a, (_, &v)| a ^ v);
        let others = PositionValue::Game(env.arena.nimber(others as u32));
        for (player, from, to) in [(Player::Left, 0, 1), (Player::Right, 2, 1)] {
            for (j, &t) in white.iter().enumerate() {
                let t = match player {
                    Player::Left => t,
                    Player::Right => env.threats.neg(env.arena, t),
                };
                let value = PositionValue::of_threat(env.threats, t);
                let whole = PositionValue::sum([value, others], env.arena, env.threats);
                let mover_wins =
                    whole.and_then(|w| mover_wins(env.arena, env.threats, Some(player), w));
                rows.push(MoveRow {
                    player: Some(player),
                    text: format!("{}-{}", square_name(j, from), square_name(j, to)),
                    value,
                    part,
                    whole,
                    mover_wins,
                });
            }
        }
    }
}

impl Position for TheoremPosition {
    fn ruleset(&self) -> &'static str {
        "elkies"
    }

    fn describe(&self) -> String {
        self.components
            .iter()
            .map(Component::text)
            .collect::<Vec<_>>()
            .join(" + ")
    }

    /// The nim sum of the components' ε.
    fn value(&self, env: &mut SearchEnv) -> PositionValue {
        let x = self.values(&env.budget).iter().fold(0, |a, &v| a ^ v);
        PositionValue::Game(env.arena.nimber(x as u32))
    }

    fn outcome(&self, env: &mut SearchEnv) -> Result<Outcome, String> {
        self.value(env).outcome(env.arena, env.threats)
    }

    /// White's and Black's moves in each component with the threat game they lead to (see
    /// [`super::moves`]), in the order the search lists them.
    fn moves(&self, env: &mut SearchEnv) -> Vec<MoveRow> {
        let total = self
            .components
            .iter()
            .fold(0u64, |a, c| a.saturating_add(c.len().saturating_mul(2)));
        if total > MAX_MOVE_ROWS {
            Interrupt::Budget(format!(
                "{} has {total} moves, more than moves(P) lists (at most {MAX_MOVE_ROWS})",
                self.describe_short()
            ))
            .raise();
        }
        let mut rows = Vec::with_capacity(total as usize);
        for i in 0..self.components.len() {
            self.rows_of(i, env, &mut rows);
        }
        rows
    }

    fn parts(&self, env: &mut SearchEnv) -> Vec<Part> {
        let values = self.values(&env.budget);
        self.components
            .iter()
            .zip(values)
            .map(|(c, v)| Part {
                text: c.text(),
                value: PositionValue::Game(env.arena.nimber(v as u32)),
                stats: Default::default(),
                source: Some(c.theorem().to_string()),
            })
            .collect()
    }

    fn player_names(&self) -> [&'static str; 2] {
        ["White", "Black"]
    }
}

impl TheoremPosition {
    /// The position's text, cut short for messages.
    fn describe_short(&self) -> String {
        let text = self.describe();
        if text.chars().count() <= 60 {
            text
        } else {
            let head: String = text.chars().take(50).collect();
            let files = self
                .components
                .iter()
                .fold(0u64, |a, c| a.saturating_add(c.len()));
            format!("{head}... ({files} files)")
        }
    }
}
