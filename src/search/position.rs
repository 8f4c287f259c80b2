//! Positions of any ruleset as the calculator holds them: an object-safe [`Position`] trait
//! (describe, value, outcome, moves), the three kinds of [`PositionValue`], and [`Searched`],
//! which gives every [`Game`] these operations through the engine's searches.

use std::any::Any;
use std::fmt;

use super::budget::{Budget, SearchStats};
use super::game::{Game, Player};
use super::impartial::NimSearch;
use super::local::{LocalSearch, parallel_value};
use super::misere::MisereSearch;
use super::outcome::parallel_outcome;
use crate::game::misere::{MisereId, MisereStore};
use crate::game::threat::{ThreatId, ThreatKind, Threats};
use crate::game::{Arena, GameId, Outcome};

/// The value of a position: a short game, a threat game (with `on`/`off`), or a forced
/// global win for one side, which is not a game at all (Mäser's GTSearch result types).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionValue {
    Game(GameId),
    Threat(ThreatId),
    Win(Player),
}

impl PositionValue {
    /// A threat game as a position value: `on` and `off` are forced wins, short games are
    /// games.
    pub fn of_threat(threats: &Threats, t: ThreatId) -> PositionValue {
        match threats.kind(t) {
            ThreatKind::On => PositionValue::Win(Player::Left),
            ThreatKind::Off => PositionValue::Win(Player::Right),
            ThreatKind::Short(g) => PositionValue::Game(*g),
            _ => PositionValue::Threat(t),
        }
    }

    /// The outcome class: a forced win is L or R; an error where the threat algebra does not
    /// order the value (it holds threats of both sides).
    pub fn outcome(self, arena: &mut Arena, threats: &mut Threats) -> Result<Outcome, String> {
        match self {
            PositionValue::Game(g) => Ok(arena.outcome(g)),
            PositionValue::Threat(t) => threats.outcome(arena, t),
            PositionValue::Win(Player::Left) => Ok(Outcome::L),
            PositionValue::Win(Player::Right) => Ok(Outcome::R),
        }
    }

    /// The sum of `values` in the threat algebra (a forced win is `on` or `off`, which absorbs
    /// the finite rest); `None` when the sum is no stopper (forced wins or threats of both
    /// sides: `on + off = dud`).
    pub fn sum(
        values: impl IntoIterator<Item = PositionValue>,
        arena: &mut Arena,
        threats: &mut Threats,
    ) -> Option<PositionValue> {
        let zero = arena.zero();
        let mut acc = threats.short(zero);
        for v in values {
            let t = v.to_threat(threats);
            acc = threats.add(arena, acc, t).ok()?;
        }
        threats
            .is_stopper(acc)
            .then(|| PositionValue::of_threat(threats, acc))
    }

    /// The value as a threat game: a forced win for Left is `on`, for Right `off`.
    pub fn to_threat(self, threats: &mut Threats) -> ThreatId {
        match self {
            PositionValue::Game(g) => threats.short(g),
            PositionValue::Threat(t) => t,
            PositionValue::Win(Player::Left) => threats.on(),
            PositionValue::Win(Player::Right) => threats.off(),
        }
    }
}

/// What a search needs from the session: the stores its values go into, its threads and
/// budget, and where it reports its counters.
pub struct SearchEnv<'a> {
    pub arena: &'a mut Arena,
    pub threats: &'a mut Threats,
    pub threads: usize,
    pub budget: Budget,
    /// The counters of the last search run through this environment.
    pub last: Option<SearchStats>,
}

/// One move of a position and the value it leads to.
#[derive(Clone, Debug)]
pub struct MoveRow {
    /// Who makes the move (`None`: either player, in an impartial game).
    pub player: Option<Player>,
    /// The move in the ruleset's notation.
    pub text: String,
    pub value: PositionValue,
    /// The index of the part the move is in ([`Position::parts`]; 0 without parts). With
    /// parts, `value` is the value of that part after the move, not of the whole position.
    pub part: usize,
    /// The value of the whole position after the move (nobody to move): `value` itself
    /// without parts; with parts, the sum of the parts' values with this part moved. `None`
    /// where those values have no sum (promotion threats of both sides in different parts: a
    /// race, whose winner is searched instead).
    pub whole: Option<PositionValue>,
    /// Whether the player making the move wins the whole position after it, the opponent
    /// moving next (in an impartial game: whether the position left is a P-position); `None`
    /// where the threat algebra leaves it open.
    pub mover_wins: Option<bool>,
}

impl MoveRow {
    /// A row of a position without parts: the move's value is the whole position's.
    pub fn whole(
        env: &mut SearchEnv,
        player: Option<Player>,
        text: String,
        value: PositionValue,
    ) -> MoveRow {
        MoveRow {
            player,
            text,
            value,
            part: 0,
            whole: Some(value),
            mover_wins: mover_wins(env.arena, env.threats, player, value),
        }
    }
}

/// Whether the player who just moved (`None`: either, in an impartial game) wins the
/// position `after`, the opponent moving next; `None` where the threat algebra leaves it open.
pub fn mover_wins(
    arena: &mut Arena,
    threats: &mut Threats,
    mover: Option<Player>,
    after: PositionValue,
) -> Option<bool> {
    let outcome = after.outcome(arena, threats).ok()?;
    Some(match mover {
        Some(Player::Left) => matches!(outcome, Outcome::L | Outcome::P),
        Some(Player::Right) => matches!(outcome, Outcome::R | Outcome::P),
        None => outcome == Outcome::P,
    })
}

/// An independent part of a position (a chunk of pawns), valued on its own: the position is
/// the sum of its parts.
#[derive(Clone, Debug)]
pub struct Part {
    /// The part in the ruleset's words, e.g. `White d3 e3, Black d5 e6`.
    pub text: String,
    pub value: PositionValue,
    /// The counters of the search that valued this part.
    pub stats: SearchStats,
    /// Where the value comes from when no search found it (a theorem, e.g. "Elkies'
    /// Theorem 3"): reports then name it instead of the search counters.
    pub source: Option<String>,
}

/// A position of some ruleset, behind a trait object: everything the calculator does with a
/// position goes through these methods, so a new ruleset needs no code outside its own file.
/// A family without ordinary algebra says so through capabilities ([`Position::no_algebra`],
/// [`Position::value_text`], [`Position::join`], [`Position::report`]), not a hook of its own.
/// (`Any` lets a family recognise its own positions in [`Position::join`].)
pub trait Position: Any + fmt::Debug + Send + Sync {
    /// The ruleset's name, e.g. `domineering`.
    fn ruleset(&self) -> &'static str;

    /// A short text of the position (a board diagram), for listings.
    fn describe(&self) -> String;

    /// The position's exact value.
    fn value(&self, env: &mut SearchEnv) -> PositionValue;

    /// Who wins, found without computing the value where the ruleset can; an error where the
    /// ruleset's model leaves it open.
    fn outcome(&self, env: &mut SearchEnv) -> Result<Outcome, String>;

    /// Every move with the value it leads to: of the whole position, or of its part when the
    /// position has [`Position::parts`].
    fn moves(&self, env: &mut SearchEnv) -> Vec<MoveRow>;

    /// The options of `player` as positions of the same ruleset, each with its move in the
    /// ruleset's notation (in an impartial game both players have the same options); `None`
    /// where the ruleset values positions without building their options (by a theorem).
    fn options(&self, _player: Player) -> Option<Vec<(String, Box<dyn Position>)>> {
        None
    }

    /// The misère canonical form of the position (ONAG ch. 12) in `store`; `None` for a
    /// ruleset that is not impartial (misère canonical forms are of impartial games).
    fn misere_form(&self, _env: &mut SearchEnv, _store: &mut MisereStore) -> Option<MisereId> {
        None
    }

    /// For a position of heaps of an impartial heap ruleset (take-and-break, subtraction and
    /// coin-turning games, Fibonacci Nim): the nim values of heaps 0 to `through` (`None`: to
    /// the largest heap of the position), and the periodicity theorem that can prove the
    /// sequence periodic, or why none applies; `None` for other rulesets.
    fn heap_sequence(&self, _through: Option<usize>) -> Option<HeapSequence> {
        None
    }

    /// For a position of a ruleset whose positions are disjunctive sums of heaps
    /// (take-and-break and subtraction games): the moves of heaps 0 to `through`, for misère
    /// quotients; `None` for other rulesets (coin-turning games and Fibonacci Nim are sums of
    /// heaps only in normal play).
    fn heap_moves(&self, _through: usize) -> Option<HeapMoves> {
        None
    }

    /// The independent parts the ruleset values separately, for reports (empty: the position
    /// is reported as a whole).
    fn parts(&self, _env: &mut SearchEnv) -> Vec<Part> {
        Vec::new()
    }

    /// What the players are called in this ruleset's reports.
    fn player_names(&self) -> [&'static str; 2] {
        ["Left", "Right"]
    }

    /// Whether the position takes part in the algebra of games: `None` (every ordinary
    /// position) when its value adds to and compares with games; otherwise why not, in the
    /// words the calculator prints (a family whose legal moves depend on the whole position,
    /// or whose values do not add, refuses).
    fn no_algebra(&self) -> Option<NoAlgebra> {
        None
    }

    /// The position's text as a value when it prints as something other than its value (the
    /// expression that builds it, for a position that has no game value); `None`: it prints
    /// as its value.
    fn value_text(&self) -> Option<String> {
        None
    }

    /// `self + other` as one position, for a family whose positions combine under `+` into
    /// one position searched whole. `None` when `+` does not join them (the calculator then
    /// adds their values, or refuses as [`Position::no_algebra`] says); `Some(Err(why))` when
    /// `other` is of a kindred family that cannot combine with this one.
    fn join(&self, _other: &dyn Position) -> Option<Result<Box<dyn Position>, String>> {
        None
    }

    /// The lines reported under the printed position (as comments), given its searched
    /// `value`; `None`: the calculator reports its [`Position::parts`].
    fn report(&self, _value: PositionValue, _env: &mut SearchEnv) -> Option<Vec<String>> {
        None
    }
}

/// An impartial position its ruleset values by a nim value alone (Sprague-Grundy: the
/// position is the nimber `*g`), without search: heaps, coins and coordinates read from tables
/// the session keeps. Every [`Position`] method follows from these ones (the impl below).
pub trait NimPosition: fmt::Debug + Send + Sync + Sized + 'static {
    /// The ruleset's name ([`Position::ruleset`]).
    fn ruleset(&self) -> &'static str;

    /// The constructor call of the position ([`Position::describe`]).
    fn describe(&self) -> String;

    /// The position's nim value.
    fn nim_value(&self) -> u32;

    /// Every move, as its text and the position it leaves.
    fn nim_options(&self) -> Vec<(String, Self)>;

    /// The nim values of `options` (of [`Self::nim_options`]); a ruleset that reads them
    /// from one table overrides it.
    fn option_nim_values(&self, options: &[(String, Self)]) -> Vec<u32> {
        options.iter().map(|(_, o)| o.nim_value()).collect()
    }

    /// [`Position::heap_sequence`].
    fn heap_sequence(&self, _through: Option<usize>) -> Option<HeapSequence> {
        None
    }

    /// [`Position::heap_moves`].
    fn heap_moves(&self, _through: usize) -> Option<HeapMoves> {
        None
    }

    /// The position as a disjunctive sum of smaller positions of the ruleset (its heaps),
    /// when it is one; `None`: it is valued whole.
    fn summands(&self) -> Option<Vec<Self>> {
        None
    }
}

/// The misère canonical form of a [`NimPosition`]: the misère sum of its summands' forms, or
/// the canonical game of its options' forms, each position valued once (`memo`, by its
/// constructor call).
fn nim_misere_form<T: NimPosition>(
    p: &T,
    store: &mut MisereStore,
    memo: &mut rustc_hash::FxHashMap<String, MisereId>,
) -> MisereId {
    let key = p.describe();
    if let Some(&g) = memo.get(&key) {
        return g;
    }
    let g = match p.summands() {
        Some(parts) if parts.len() > 1 => parts.iter().fold(store.zero(), |acc, q| {
            let h = nim_misere_form(q, store, memo);
            store.add(acc, h)
        }),
        _ => {
            let options = p.nim_options();
            let forms = options
                .iter()
                .map(|(_, o)| nim_misere_form(o, store, memo))
                .collect();
            store.game(forms)
        }
    };
    memo.insert(key, g);
    g
}

impl<T: NimPosition> Position for T {
    fn ruleset(&self) -> &'static str {
        NimPosition::ruleset(self)
    }

    fn describe(&self) -> String {
        NimPosition::describe(self)
    }

    fn value(&self, env: &mut SearchEnv) -> PositionValue {
        PositionValue::Game(env.arena.nimber(self.nim_value()))
    }

    /// A nimber is a P-position exactly when it is 0.
    fn outcome(&self, _env: &mut SearchEnv) -> Result<Outcome, String> {
        Ok(if self.nim_value() == 0 {
            Outcome::P
        } else {
            Outcome::N
        })
    }

    fn moves(&self, env: &mut SearchEnv) -> Vec<MoveRow> {
        let options = self.nim_options();
        let values = self.option_nim_values(&options);
        options
            .into_iter()
            .zip(values)
            .map(|((text, _), g)| {
                let value = PositionValue::Game(env.arena.nimber(g));
                MoveRow::whole(env, None, text, value)
            })
            .collect()
    }

    /// An impartial game lists its moves as Left's.
    fn options(&self, _player: Player) -> Option<Vec<(String, Box<dyn Position>)>> {
        let options = self.nim_options().into_iter();
        Some(
            options
                .map(|(text, o)| (text, Box::new(o) as Box<dyn Position>))
                .collect(),
        )
    }

    fn heap_sequence(&self, through: Option<usize>) -> Option<HeapSequence> {
        NimPosition::heap_sequence(self, through)
    }

    fn heap_moves(&self, through: usize) -> Option<HeapMoves> {
        NimPosition::heap_moves(self, through)
    }

    fn misere_form(&self, _env: &mut SearchEnv, store: &mut MisereStore) -> Option<MisereId> {
        Some(nim_misere_form(
            self,
            store,
            &mut rustc_hash::FxHashMap::default(),
        ))
    }
}

/// The nim values of heaps `0..values.len()` of a heap ruleset ([`Position::heap_sequence`]).
#[derive(Clone, Debug)]
pub struct HeapSequence {
    /// The constructor call of a heap: the text before and after the heap
    /// (`takeandbreak("0.77", ` and `)`), so that messages can name the call that reaches
    /// further.
    pub call: (String, String),
    pub values: Vec<u32>,
    /// The largest heap the ruleset takes.
    pub max_heap: usize,
    /// The Octal Periodicity Theorem for the ruleset, or why it does not apply.
    pub theorem: Result<crate::analysis::period::PeriodTheorem, String>,
}

/// The moves of single heaps of a ruleset whose positions are sums of heaps
/// ([`Position::heap_moves`]).
pub struct HeapMoves {
    /// The constructor call of a heap, as in [`HeapSequence::call`].
    pub call: (String, String),
    /// `options[h]`: for each move from a heap of `h`, the nonempty heaps it leaves.
    pub options: Vec<Vec<Vec<usize>>>,
    /// The largest heap the ruleset takes.
    pub max_heap: usize,
    /// The Octal Periodicity Theorem for the ruleset, or why it does not apply.
    pub theorem: Result<crate::analysis::period::PeriodTheorem, String>,
}

/// Why a position takes no part in the algebra of games, in the calculator's words.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoAlgebra {
    /// The error for using the position as a game: in a sum, difference or comparison, or
    /// as the argument of a function of games.
    pub as_game: String,
    /// Why it cannot be a component of sum play (`bestmove` of a sum), completing the
    /// sentence "component N ...".
    pub as_component: String,
}

/// A [`Game`] valued by the engine: exact local search (in parallel over independent
/// components), outcome search, and nim values by mex for impartial positions.
#[derive(Clone, Debug)]
pub struct Searched<G>(pub G);

/// Positions with at most this many moves (both players together) are valued exactly by the
/// outcome search instead of searched further.
const OUTCOME_EXACT_BELOW: usize = 14;

impl<G: Game + fmt::Debug> Searched<G> {
    /// The position's nimber, by the nim-value search.
    fn nimber(&self, env: &mut SearchEnv) -> GameId {
        let mut search = NimSearch::new(env.budget);
        let n = search.nim_value(&self.0);
        env.last = Some(search.finish());
        env.arena.nimber(n)
    }
}

impl<G: Game + fmt::Debug> Position for Searched<G> {
    fn ruleset(&self) -> &'static str {
        G::NAME
    }

    fn describe(&self) -> String {
        self.0.describe()
    }

    fn value(&self, env: &mut SearchEnv) -> PositionValue {
        let g = if self.0.is_impartial() {
            self.nimber(env)
        } else {
            let (v, stats) = parallel_value(env.arena, &self.0, env.threads, env.budget);
            env.last = Some(stats);
            v
        };
        PositionValue::Game(g)
    }

    fn outcome(&self, env: &mut SearchEnv) -> Result<Outcome, String> {
        if self.0.is_impartial() {
            let v = self.nimber(env);
            return Ok(env.arena.outcome(v));
        }
        let (left_first, right_first, stats) = parallel_outcome(
            env.arena,
            &self.0,
            env.threads,
            env.budget,
            OUTCOME_EXACT_BELOW,
        );
        env.last = Some(stats);
        Ok(Outcome::from_first_player_wins(left_first, right_first))
    }

    fn misere_form(&self, env: &mut SearchEnv, store: &mut MisereStore) -> Option<MisereId> {
        if !self.0.is_impartial() {
            return None;
        }
        let mut search = MisereSearch::new(env.budget);
        let g = search.form(store, &self.0);
        env.last = Some(search.finish());
        Some(g)
    }

    fn options(&self, player: Player) -> Option<Vec<(String, Box<dyn Position>)>> {
        // An impartial game lists its moves as Left's (see `moves` below).
        let player = if self.0.is_impartial() {
            Player::Left
        } else {
            player
        };
        let options = self.0.moves(player).into_iter().map(|m| {
            let text = self.0.describe_move(&m, player);
            (text, Box::new(Searched(m)) as Box<dyn Position>)
        });
        Some(options.collect())
    }

    fn moves(&self, env: &mut SearchEnv) -> Vec<MoveRow> {
        let mut rows = Vec::new();
        if self.0.is_impartial() {
            let mut search = NimSearch::new(env.budget);
            for m in self.0.moves(Player::Left) {
                // Describing a move may cost as much as listing them all (Prime-Nim): the
                // list of a big position is bounded by the time limit, not only its nodes.
                search.poll();
                let n = search.nim_value(&m);
                let value = PositionValue::Game(env.arena.nimber(n));
                rows.push(MoveRow::whole(
                    env,
                    None,
                    self.0.describe_move(&m, Player::Left),
                    value,
                ));
            }
            env.last = Some(search.finish());
            return rows;
        }
        let mut search = LocalSearch::new(env.arena, env.budget);
        let mut found = Vec::new();
        for player in [Player::Left, Player::Right] {
            for m in self.0.moves(player) {
                search.poll();
                let v = search.value(&m);
                found.push((player, self.0.describe_move(&m, player), v));
            }
        }
        env.last = Some(search.finish());
        found
            .into_iter()
            .map(|(player, text, v)| {
                MoveRow::whole(env, Some(player), text, PositionValue::Game(v))
            })
            .collect()
    }
}
