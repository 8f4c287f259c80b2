//! GTSearch: values of local games with global threats (Mäser, *Divide and conquer*, 6.3;
//! Mäser, *Global threats in combinatorial games*, 3).
//!
//! A global threat is a move that wins the whole sum at once (a pawn promotes). Executing one
//! dominates every other move, and a move that lets the opponent execute one is reversible
//! through `off` (or `on`) and is dropped, so the search cuts the tree off before any global
//! win is played. Each position gets a *result type*: a forced win for one side whoever starts
//! (passes allowed), or a finite value `{G^L | G^R}` built from the options of that type, in
//! which `on` and `off` appear only as threats.
//!
//! The result of a position depends on who is to move there: after a Left move the child is
//! searched with Right to move and vice versa; at the root nobody is. The transposition table
//! therefore stores what does not depend on it (each side's best option type and its finite
//! options) and composes the result with the player to move on lookup.

use rustc_hash::FxHashMap;

use crate::game::Outcome;

use super::budget::{Budget, Meter, SearchStats, Usage};
use super::game::{Game, Player};
use crate::game::interrupt::Interrupt;
use crate::game::threat::{ThreatId, ThreatKind, Threats};
use crate::game::{Arena, memory};

/// The result type of a position with global threats (thesis Figure 6.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GtResult {
    /// This player executes a global threat by force: `win` for Left, `loss` for Right.
    Win(Player),
    /// Neither side can force a global win: a finite value, possibly with `on`/`off` threats.
    /// At the root, a position where the first player wins by force is `{on|off}`.
    Value(ThreatId),
}

/// What one player's moves achieve, independently of who is to move.
#[derive(Clone, Debug)]
enum Side {
    /// Some move leads to a position this player wins by force (the search stopped there).
    Wins,
    /// The values of the moves of result type CGT; empty when every move loses by force (or
    /// there is none).
    Options(Vec<ThreatId>),
}

/// The table entry of a position: its results by who is to move ([`slot`]), once known.
/// The sides' options are not kept: a result for another player to move searches the moves
/// again, and their results come from the table.
type Results = [Option<GtResult>; 3];

/// The index of `to_play` in [`Results`].
fn slot(to_play: Option<Player>) -> usize {
    match to_play {
        None => 0,
        Some(Player::Left) => 1,
        Some(Player::Right) => 2,
    }
}

/// The sums [`GtSearch::sum_winner`] has searched: the parts (each by its representative)
/// and the player to move, with the winner.
pub type RaceMemo<G> = FxHashMap<(Vec<G>, Player), Player>;

/// A GTSearch over positions of `G`, writing values into an arena and a threat store.
pub struct GtSearch<'a, G: Game> {
    arena: &'a mut Arena,
    threats: &'a mut Threats,
    table: FxHashMap<G, Results>,
    meter: Meter,
    /// Ask the ruleset's early detector of forced global wins ([`Game::forced_winner`]).
    detector: bool,
    /// Split positions into independent components during the search.
    decompose: bool,
    /// Values of positions made of several parts (`None`: no stopper, searched whole).
    sums: FxHashMap<G, Option<ThreatId>>,
    depth: usize,
}

impl<'a, G: Game> GtSearch<'a, G> {
    pub fn new(arena: &'a mut Arena, threats: &'a mut Threats, budget: Budget) -> Self {
        GtSearch {
            arena,
            threats,
            table: FxHashMap::default(),
            meter: Meter::new(budget),
            detector: true,
            decompose: false,
            sums: FxHashMap::default(),
            depth: 0,
        }
    }

    /// Splits positions into independent components during the search (off by default): a
    /// sum's value is the sum of its parts' values, exact in the loopy model (Mäser, thesis
    /// 6.2), and the result for the player to move is read off that value. It pays where
    /// positions fall apart into many small parts (Elkies' pawn game: captures empty files);
    /// on chess pawn structures it costs more nodes than it saves (it loses the cutoff on the
    /// mover's winning move inside each part), so the pawns ruleset leaves it off.
    pub fn with_decomposition(mut self, on: bool) -> Self {
        self.decompose = on;
        self
    }

    /// Turns the ruleset's early win detector on or off (off: only executed global threats end
    /// the search; used to check that the detector is sound).
    pub fn with_detector(mut self, on: bool) -> Self {
        self.detector = on;
        self
    }

    /// The result of `pos` with `to_play` to move (`None` at the root: nobody is). At the root
    /// the split cells of Figure 6.4 give the threat values `{G^L | off}` and `{on | G^R}`,
    /// and a position that the first player wins by force is `{on|off}`.
    pub fn result(&mut self, pos: &G, to_play: Option<Player>) -> GtResult {
        if let Some(p) = pos.global_winner() {
            return GtResult::Win(p);
        }
        if self.detector
            && let Some(p) = pos.forced_winner(to_play)
        {
            self.meter.stats.direct += 1;
            return GtResult::Win(p);
        }
        if self.decompose {
            let sum = match self.sums.get(pos) {
                Some(&s) => s,
                None => {
                    let parts = pos.components();
                    if parts.len() == 1 {
                        None
                    } else {
                        let s = self.sum_of_parts(&parts);
                        memory::reserve_map(&mut self.sums, 1, "the GTSearch table of sums");
                        self.sums.insert(pos.clone(), s);
                        s
                    }
                }
            };
            if let Some(v) = sum {
                return self.result_of_value(v, to_play);
            }
        }
        let (key, negated) = pos.normalize();
        if negated {
            let r = self.normalized_result(&key, to_play.map(Player::other));
            self.negate(r)
        } else {
            self.normalized_result(&key, to_play)
        }
    }

    /// The value of a sum of independent parts: the sum of their values at the root (a forced
    /// win is `on` or `off`). `None` when the sum is no stopper (threats of both sides in
    /// different parts): then the race between them is searched as one game.
    fn sum_of_parts(&mut self, parts: &[G]) -> Option<ThreatId> {
        let zero = self.arena.zero();
        let mut acc = self.threats.short(zero);
        for p in parts {
            let v = match self.result(p, None) {
                GtResult::Win(Player::Left) => self.threats.on(),
                GtResult::Win(Player::Right) => self.threats.off(),
                GtResult::Value(v) => v,
            };
            acc = self.threats.add(self.arena, acc, v).ok()?;
        }
        self.threats.is_stopper(acc).then_some(acc)
    }

    /// The result with `to_play` to move of a position whose value at the root is `v`: `on`
    /// and `off` are forced wins, and the player to move wins by force exactly when `v`, in
    /// simplest form, gives that player a move to `on` (Right: `off`). Such a move is never
    /// dominated nor reversible, so this is Figure 6.4 read off the value.
    fn result_of_value(&mut self, v: ThreatId, to_play: Option<Player>) -> GtResult {
        let has = |th: &Threats, opts: &[ThreatId], kind: ThreatKind| {
            opts.iter().any(|&o| *th.kind(o) == kind)
        };
        match self.threats.kind(v) {
            ThreatKind::On => GtResult::Win(Player::Left),
            ThreatKind::Off => GtResult::Win(Player::Right),
            ThreatKind::Node(l, r) => match to_play {
                Some(Player::Left) if has(self.threats, l, ThreatKind::On) => {
                    GtResult::Win(Player::Left)
                }
                Some(Player::Right) if has(self.threats, r, ThreatKind::Off) => {
                    GtResult::Win(Player::Right)
                }
                _ => GtResult::Value(v),
            },
            _ => GtResult::Value(v),
        }
    }

    /// Who wins the sum of `parts` (independent positions of the ruleset) played as one game,
    /// `to_play` to move. Where the parts' values add in the threat algebra (the sum is a
    /// stopper) the winner is read off the sum; where they do not, both sides hold promotion
    /// threats in different parts, a race whose outcome depends on how fast each threat is,
    /// which a value with `on` does not record (it says Left wins *eventually*: Mäser, thesis
    /// 6.3; `on + off = dud`): then every move is tried, a promotion winning at once, down to
    /// sums whose values add again. `memo` keeps the sums searched.
    pub fn sum_winner(&mut self, parts: &[G], to_play: Player, memo: &mut RaceMemo<G>) -> Player {
        if let Some(p) = parts.iter().find_map(Game::global_winner) {
            return p;
        }
        let key: Vec<G> = parts
            .iter()
            .map(|p| match p.normalize() {
                (k, false) => k,
                (_, true) => p.clone(),
            })
            .collect();
        let key = (key, to_play);
        if let Some(&w) = memo.get(&key) {
            self.meter.stats.table_hits += 1;
            return w;
        }
        self.tick_race(memo, parts.len());
        let w = match self.winner_of_sum(parts, to_play) {
            Some(w) => w,
            None => {
                let mut wins = false;
                'moves: for (i, part) in parts.iter().enumerate() {
                    for m in part.moves(to_play) {
                        if m.global_winner() == Some(to_play) {
                            wins = true;
                            break 'moves;
                        }
                        let next: Vec<G> = parts[..i]
                            .iter()
                            .cloned()
                            .chain(m.components())
                            .chain(parts[i + 1..].iter().cloned())
                            .collect();
                        if self.sum_winner(&next, to_play.other(), memo) == to_play {
                            wins = true;
                            break 'moves;
                        }
                    }
                }
                if wins { to_play } else { to_play.other() }
            }
        };
        memo.insert(key, w);
        w
    }

    /// The winner of the sum of `parts` with `to_play` to move, read off the sum of their
    /// values; `None` where the values have no sum (a race).
    fn winner_of_sum(&mut self, parts: &[G], to_play: Player) -> Option<Player> {
        let v = self.sum_of_parts(parts)?;
        match self.result_of_value(v, Some(to_play)) {
            GtResult::Win(p) => Some(p),
            GtResult::Value(t) => Some(match self.threats.outcome(self.arena, t).ok()? {
                Outcome::L => Player::Left,
                Outcome::R => Player::Right,
                Outcome::N => to_play,
                Outcome::P => to_play.other(),
            }),
        }
    }

    /// Counts a node of [`GtSearch::sum_winner`] against the budget, its memo included.
    fn tick_race(&mut self, memo: &RaceMemo<G>, parts: usize) {
        let (arena, threats, table) = (&*self.arena, &*self.threats, &self.table);
        // A memo key owns a vector of `parts` positions besides the map's slot.
        let memo_bytes = memory::map_bytes::<(Vec<G>, Player), Player>(memo.capacity())
            + memo.len() * parts * std::mem::size_of::<G>();
        self.meter.tick(|| Usage {
            table_entries: table.len() + memo.len(),
            arena_games: arena.len(),
            bytes: arena.approx_bytes()
                + threats.approx_bytes()
                + memory::map_bytes::<G, Results>(table.capacity())
                + memo_bytes,
        });
    }

    fn negate(&mut self, r: GtResult) -> GtResult {
        match r {
            GtResult::Win(p) => GtResult::Win(p.other()),
            GtResult::Value(t) => GtResult::Value(self.threats.neg(self.arena, t)),
        }
    }

    fn normalized_result(&mut self, key: &G, to_play: Option<Player>) -> GtResult {
        if let Some(results) = self.table.get(key) {
            self.meter.stats.table_hits += 1;
            if let Some(r) = results[slot(to_play)] {
                return r;
            }
        } else {
            self.tick();
        }
        // The player to move searches first: a winning move wins whatever the other side could
        // do (Figure 6.4, the split cells), so the other side is not searched.
        let first = to_play.unwrap_or(Player::Left);
        let a = self.side(key, first);
        let r = if to_play.is_some() && matches!(a, Side::Wins) {
            GtResult::Win(first)
        } else {
            let b = self.side(key, first.other());
            match first {
                Player::Left => self.compose(a, b, to_play),
                Player::Right => self.compose(b, a, to_play),
            }
        };
        memory::reserve_map(&mut self.table, 1, "the GTSearch table");
        self.table.entry(key.clone()).or_default()[slot(to_play)] = Some(r);
        r
    }

    /// What `player`'s moves from `pos` achieve (steps 2 and 3 of GTSearch, with the cutoff on
    /// the first move that wins by force).
    fn side(&mut self, pos: &G, player: Player) -> Side {
        self.depth += 1;
        self.meter.stats.depth = self.meter.stats.depth.max(self.depth);
        let mut options = Vec::new();
        let mut wins = false;
        for m in pos.moves(player) {
            match self.result(&m, Some(player.other())) {
                GtResult::Win(p) if p == player => {
                    wins = true;
                    break;
                }
                GtResult::Win(_) => {}
                GtResult::Value(v) => options.push(v),
            }
        }
        self.depth -= 1;
        if wins {
            Side::Wins
        } else {
            options.sort_unstable();
            options.dedup();
            Side::Options(options)
        }
    }

    /// Figure 6.4: the result from both sides' best option types and the player to move.
    fn compose(&mut self, left: Side, right: Side, to_play: Option<Player>) -> GtResult {
        use Side::{Options, Wins};
        let (gl, gr) = match (left, right) {
            (Wins, Wins) => match to_play {
                Some(p) => return GtResult::Win(p),
                None => (vec![self.threats.on()], vec![self.threats.off()]),
            },
            (Wins, Options(gr)) if gr.is_empty() => return GtResult::Win(Player::Left),
            (Options(gl), Wins) if gl.is_empty() => return GtResult::Win(Player::Right),
            (Wins, Options(gr)) => match to_play {
                Some(Player::Left) => return GtResult::Win(Player::Left),
                _ => (vec![self.threats.on()], gr),
            },
            (Options(gl), Wins) => match to_play {
                Some(Player::Right) => return GtResult::Win(Player::Right),
                _ => (gl, vec![self.threats.off()]),
            },
            (Options(gl), Options(gr)) => (gl, gr),
        };
        match self.threats.node(self.arena, gl, gr) {
            Ok(v) => GtResult::Value(v),
            // Options are short games, on, off and threat nodes, which `node` always accepts.
            Err(e) => Interrupt::Budget(format!("threat game not built: {e}")).raise(),
        }
    }

    fn tick(&mut self) {
        let (arena, threats, table, sums) = (&*self.arena, &*self.threats, &self.table, &self.sums);
        self.meter.tick(|| Usage {
            table_entries: table.len(),
            arena_games: arena.len(),
            bytes: arena.approx_bytes()
                + threats.approx_bytes()
                + memory::map_bytes::<G, Results>(table.capacity())
                + memory::map_bytes::<G, Option<ThreatId>>(sums.capacity()),
        });
    }

    pub fn finish(self) -> SearchStats {
        self.meter.finish(self.table.len())
    }
}
