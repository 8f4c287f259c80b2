//! Positions of rulesets with global threats as calculator values: the position's independent
//! parts (pawn chunks, runs of files) are each valued once by GTSearch and summed in the
//! threat algebra.

use std::fmt;
use std::sync::OnceLock;

use super::budget::SearchStats;
use super::game::{Game, Player};
use super::global_threats::{GtResult, GtSearch, RaceMemo};
use super::position::{MoveRow, Part, Position, PositionValue, SearchEnv, mover_wins};
use crate::game::Outcome;

/// A position of a game with global threats, split into its components at the root.
pub struct ThreatPosition<G: Game> {
    whole: G,
    /// How the whole position prints (e.g. a FEN placement).
    text: String,
    players: [&'static str; 2],
    parts: Vec<G>,
    /// Each part's result and the counters of its search, once computed.
    results: OnceLock<Vec<(GtResult, SearchStats)>>,
    /// Use the ruleset's early detector of forced wins (off only to check it is sound).
    detector: bool,
    /// Split positions into components during the search too.
    decompose: bool,
}

impl<G: Game> fmt::Debug for ThreatPosition<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} position {}", G::NAME, self.text)
    }
}

impl<G: Game> ThreatPosition<G> {
    /// The position `whole`, printed as `text`, with the players named `players`.
    pub fn of(whole: G, text: String, players: [&'static str; 2]) -> ThreatPosition<G> {
        let parts = whole.components();
        ThreatPosition {
            whole,
            text,
            players,
            parts,
            results: OnceLock::new(),
            detector: true,
            decompose: false,
        }
    }

    /// The same position, searched without the ruleset's early detector of forced wins.
    pub fn without_detector(mut self) -> Self {
        self.detector = false;
        self
    }

    /// The same position, split into components during the search as well (see
    /// [`GtSearch::with_decomposition`]).
    pub fn with_decomposition(mut self) -> Self {
        self.decompose = true;
        self
    }

    fn search<'e>(&self, env: &'e mut SearchEnv) -> GtSearch<'e, G> {
        GtSearch::new(env.arena, env.threats, env.budget)
            .with_detector(self.detector)
            .with_decomposition(self.decompose)
    }

    /// Each part's result with nobody to move (the root of GTSearch), searched once.
    fn results(&self, env: &mut SearchEnv) -> Vec<(GtResult, SearchStats)> {
        if let Some(r) = self.results.get() {
            return r.clone();
        }
        let mut out = Vec::with_capacity(self.parts.len());
        let mut total = SearchStats::default();
        for c in &self.parts {
            let mut search = self.search(env);
            let r = search.result(c, None);
            let stats = search.finish();
            total.merge(&stats);
            total.elapsed += stats.elapsed;
            out.push((r, stats));
        }
        total.threads = 1;
        env.last = Some(total);
        let _ = self.results.set(out.clone());
        out
    }

    fn part_value(env: &mut SearchEnv, r: GtResult) -> PositionValue {
        match r {
            GtResult::Win(p) => PositionValue::Win(p),
            GtResult::Value(t) => PositionValue::of_threat(env.threats, t),
        }
    }
}

impl<G: Game> Position for ThreatPosition<G> {
    fn ruleset(&self) -> &'static str {
        G::NAME
    }

    fn describe(&self) -> String {
        self.text.clone()
    }

    /// The sum of the parts' values in the threat algebra: a part won by force is `on` or
    /// `off`, which absorbs the finite rest. When both sides hold forced wins or threats in
    /// different parts the sum is no stopper (`on + off = dud`): who wins the race then
    /// decides, so the whole position is searched as one game.
    fn value(&self, env: &mut SearchEnv) -> PositionValue {
        let values: Vec<PositionValue> = self
            .results(env)
            .into_iter()
            .map(|(r, _)| Self::part_value(env, r))
            .collect();
        match PositionValue::sum(values, env.arena, env.threats) {
            Some(v) => v,
            None => {
                let mut search = self.search(env);
                let r = search.result(&self.whole, None);
                let stats = search.finish();
                if let Some(last) = &mut env.last {
                    last.merge(&stats);
                }
                Self::part_value(env, r)
            }
        }
    }

    fn outcome(&self, env: &mut SearchEnv) -> Result<Outcome, String> {
        self.value(env).outcome(env.arena, env.threats)
    }

    /// The whole position's moves, each a position searched the same way.
    fn options(&self, player: Player) -> Option<Vec<(String, Box<dyn Position>)>> {
        let options = self.whole.moves(player).into_iter().map(|m| {
            let text = self.whole.describe_move(&m, player);
            let mut next = ThreatPosition::of(m.clone(), m.describe(), self.players);
            next.detector = self.detector;
            next.decompose = self.decompose;
            (text, Box::new(next) as Box<dyn Position>)
        });
        Some(options.collect())
    }

    /// Each part's moves with the part's result after the move (the opponent to move) and the
    /// whole position after it: the sum of the parts' values with this part moved, and who
    /// wins that; where the values have no sum (threats of both sides in different parts: a
    /// race), who wins is searched on the parts together ([`GtSearch::sum_winner`]).
    fn moves(&self, env: &mut SearchEnv) -> Vec<MoveRow> {
        let values: Vec<PositionValue> = self
            .results(env)
            .into_iter()
            .map(|(r, _)| Self::part_value(env, r))
            .collect();
        let mut found = Vec::new();
        let mut total = SearchStats::default();
        for (i, c) in self.parts.iter().enumerate() {
            let mut search = self.search(env);
            for player in [Player::Left, Player::Right] {
                for m in c.moves(player) {
                    let r = search.result(&m, Some(player.other()));
                    let root = search.result(&m, None);
                    found.push((i, player, c.describe_move(&m, player), r, root, m));
                }
            }
            total.merge(&search.finish());
        }
        let mut rows = Vec::with_capacity(found.len());
        let mut races = Vec::new();
        for (k, (i, player, text, r, root, _)) in found.iter().enumerate() {
            let moved = Self::part_value(env, *root);
            let sum = values
                .iter()
                .enumerate()
                .map(|(j, &v)| if j == *i { moved } else { v });
            let whole = PositionValue::sum(sum, env.arena, env.threats);
            let wins = match whole {
                Some(w) => mover_wins(env.arena, env.threats, Some(*player), w),
                None => {
                    races.push(k);
                    None
                }
            };
            rows.push(MoveRow {
                player: Some(*player),
                text: text.clone(),
                value: Self::part_value(env, *r),
                part: *i,
                whole,
                mover_wins: wins,
            });
        }
        if !races.is_empty() {
            let mut search = self.search(env);
            let mut memo = RaceMemo::default();
            for k in races {
                let (i, player, .., m) = &found[k];
                if let Some(p) = m.global_winner() {
                    rows[k].mover_wins = Some(p == *player);
                    continue;
                }
                let parts: Vec<G> = self.parts[..*i]
                    .iter()
                    .cloned()
                    .chain(m.components())
                    .chain(self.parts[i + 1..].iter().cloned())
                    .collect();
                let winner = search.sum_winner(&parts, player.other(), &mut memo);
                rows[k].mover_wins = Some(winner == *player);
            }
            total.merge(&search.finish());
        }
        env.last = Some(total);
        rows
    }

    fn parts(&self, env: &mut SearchEnv) -> Vec<Part> {
        let results = self.results(env);
        self.parts
            .iter()
            .zip(results)
            .map(|(c, (r, stats))| Part {
                text: c.describe(),
                value: Self::part_value(env, r),
                stats,
                source: None,
            })
            .collect()
    }

    fn player_names(&self) -> [&'static str; 2] {
        self.players
    }
}
