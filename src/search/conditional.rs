//! Conditional combinatorial games (Müller, "Conditional combinatorial games and their
//! application to analyzing capturing races in Go", *Information Sciences* 154, 2003, §3).
//!
//! A CCG's move from `G` to `H` may carry a *context condition* `C`, a predicate on the global
//! state: the move `H_C` is legal only where `C` holds. A sum of CCG is played move by move
//! like a disjunctive sum (commutative, associative, 0 neutral), but it has no inverses, its
//! values do not add and it does not decompose: a component's legal moves depend on the rest.
//! So a sum is searched as one whole game ([`ConditionalSum`] implements [`Game`]), with the
//! engine's transposition tables keyed on the sum with its components sorted.
//!
//! Conditions here are conjunctions of a family's *atoms* (the empty conjunction is `true`).
//! `C1` is more specific than `C2` when `C1` implies `C2`; for conjunctions of opaque atoms we
//! use the implication that always holds, `atoms(C2) ⊆ atoms(C1)`.

use std::any::Any;
use std::fmt;
use std::hash::Hash;

use rustc_hash::FxHashSet;

use super::game::{Game, Player};
use super::position::{MoveRow, NoAlgebra, Position, PositionValue, SearchEnv, Searched};
use crate::game::Outcome;

/// The most atoms one condition joins.
pub const MAX_CONDITION_ATOMS: usize = 4;

/// A context condition: a conjunction of at most [`MAX_CONDITION_ATOMS`] atoms, sorted,
/// without repeats (none: `true`). Stored inline: move generation builds one per option.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Condition<A> {
    atoms: [A; MAX_CONDITION_ATOMS],
    len: u8,
}

impl<A: Ord + Copy + Default> Condition<A> {
    /// The condition that always holds.
    pub fn always() -> Condition<A> {
        Condition {
            atoms: [A::default(); MAX_CONDITION_ATOMS],
            len: 0,
        }
    }

    /// The conjunction of `atoms`. Panics with more than [`MAX_CONDITION_ATOMS`] distinct
    /// atoms (a family's rules, not user input, build conditions).
    pub fn all(atoms: impl IntoIterator<Item = A>) -> Condition<A> {
        let mut c = Condition::always();
        for a in atoms {
            if c.atoms().contains(&a) {
                continue;
            }
            assert!(
                (c.len as usize) < MAX_CONDITION_ATOMS,
                "a condition joins at most {MAX_CONDITION_ATOMS} atoms"
            );
            c.atoms[c.len as usize] = a;
            c.len += 1;
        }
        c.atoms[..c.len as usize].sort();
        c
    }

    pub fn atoms(&self) -> &[A] {
        &self.atoms[..self.len as usize]
    }

    /// Whether `self` implies `other` (every atom of `other` is one of `self`'s).
    pub fn implies(&self, other: &Condition<A>) -> bool {
        other.atoms().iter().all(|a| self.atoms().contains(a))
    }
}

/// One option of a component in the isolated view: the local state it leads to and the
/// condition under which the move is legal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConditionalOption<L, A> {
    pub to: L,
    pub condition: Condition<A>,
}

/// A family of conditional games that can be summed: the rules of one component and how its
/// context conditions read the global state (the multiset of all components).
pub trait ConditionalFamily: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// One component's local state.
    type Local: Clone + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static;
    /// An atomic context condition.
    type Atom: Copy + Default + Eq + Ord + Hash + fmt::Debug + Send + Sync + 'static;

    /// The family's name, e.g. `primenim`.
    const NAME: &'static str;

    /// The conditional options of `local` for `player`, before pruning.
    fn options(
        &self,
        local: &Self::Local,
        player: Player,
    ) -> Vec<ConditionalOption<Self::Local, Self::Atom>>;

    /// Whether `atom` holds for the move of component `index` of `sum` to `to`: the global
    /// state it reads is the sum after that move. It must not depend on the order of `sum`.
    fn holds(&self, atom: Self::Atom, sum: &[Self::Local], index: usize, to: &Self::Local) -> bool;

    /// Whether both players always have the same options.
    fn is_impartial(&self) -> bool;

    /// A component that neither moves nor changes any condition (a Nim heap of 0): dropped
    /// from sums.
    fn is_inert(&self, _local: &Self::Local) -> bool {
        false
    }

    /// A component in the paper's notation, e.g. `*3`.
    fn local_text(&self, local: &Self::Local) -> String;

    /// An atom's subscript, e.g. `P`.
    fn atom_text(&self, atom: Self::Atom) -> String;

    /// What an atom means, for reports (e.g. "the total is prime").
    fn atom_meaning(&self, atom: Self::Atom) -> String;

    /// A move of one component, e.g. `3 -> 2`.
    fn move_text(&self, from: &Self::Local, to: &Self::Local) -> String;
}

/// An option dropped by [`pruned_options`] and the option that dominates it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dominated<L, A> {
    pub option: ConditionalOption<L, A>,
    pub by: ConditionalOption<L, A>,
}

/// The options of `local` for `player` with the dominated ones removed (Müller §3.4): when
/// `B_C` and `B_D` lead to the same game and `D` is more specific than `C`, `B_C >= B_D`
/// and `B_D` goes. Of two options with the same condition the first stays.
#[allow(clippy::type_complexity)]
pub fn pruned_options<F: ConditionalFamily>(
    family: &F,
    local: &F::Local,
    player: Player,
) -> (
    Vec<ConditionalOption<F::Local, F::Atom>>,
    Vec<Dominated<F::Local, F::Atom>>,
) {
    let all = family.options(local, player);
    // Only options to the same game compare: group them by their target.
    let mut order: Vec<usize> = (0..all.len()).collect();
    order.sort_by(|&a, &b| all[a].to.cmp(&all[b].to).then(a.cmp(&b)));
    let mut better: Vec<Option<usize>> = vec![None; all.len()];
    let mut start = 0;
    while start < order.len() {
        let mut end = start + 1;
        while end < order.len() && all[order[end]].to == all[order[start]].to {
            end += 1;
        }
        let group = &order[start..end];
        for &i in group {
            let o = &all[i];
            better[i] = group.iter().copied().find(|&j| {
                let p = &all[j];
                j != i
                    && o.condition.implies(&p.condition)
                    && (!p.condition.implies(&o.condition) || j < i)
            });
        }
        start = end;
    }
    let mut kept = Vec::new();
    let mut dropped = Vec::new();
    for (i, o) in all.iter().enumerate() {
        match better[i] {
            Some(j) => dropped.push(Dominated {
                option: o.clone(),
                by: all[j].clone(),
            }),
            None => kept.push(o.clone()),
        }
    }
    (kept, dropped)
}

/// The most atoms [`isolated_view`] enumerates truth values for (2^12 rows).
pub const ISOLATED_MAX_ATOMS: usize = 12;

/// One row of the isolated view: truth values of the atoms and the successors legal then.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IsolatedRow<L, A> {
    pub values: Vec<(A, bool)>,
    pub successors: Vec<L>,
}

/// The isolated view of a component (Müller §3.2): for every combination of truth values of
/// the atoms its (pruned) options use, the successors legal for `player`. `None` with more
/// than [`ISOLATED_MAX_ATOMS`] atoms.
pub fn isolated_view<F: ConditionalFamily>(
    family: &F,
    local: &F::Local,
    player: Player,
) -> Option<Vec<IsolatedRow<F::Local, F::Atom>>> {
    let (options, _) = pruned_options(family, local, player);
    let mut atoms: Vec<F::Atom> = options
        .iter()
        .flat_map(|o| o.condition.atoms().iter().copied())
        .collect();
    atoms.sort();
    atoms.dedup();
    if atoms.len() > ISOLATED_MAX_ATOMS {
        return None;
    }
    let rows = (0..1u32 << atoms.len())
        .map(|mask| {
            let values: Vec<(F::Atom, bool)> = atoms
                .iter()
                .enumerate()
                .map(|(k, &a)| (a, mask & (1 << k) != 0))
                .collect();
            let holds = |a: &F::Atom| values.iter().any(|(b, v)| b == a && *v);
            let successors = options
                .iter()
                .filter(|o| o.condition.atoms().iter().all(holds))
                .map(|o| o.to.clone())
                .collect();
            IsolatedRow { values, successors }
        })
        .collect();
    Some(rows)
}

/// The embedded view of component `index` of `sum` (Müller §3.2): the successors whose
/// conditions hold in this global position, each once.
///
/// Pruning is not needed here: an option pruned for a more specific condition `D` has a twin
/// with `C`, `D ⇒ C`, so it is legal only where its twin is, and the successors are the same.
pub fn embedded_moves<F: ConditionalFamily>(
    family: &F,
    sum: &[F::Local],
    index: usize,
    player: Player,
) -> Vec<F::Local> {
    let mut out: Vec<F::Local> = Vec::new();
    // Seen targets in a hash set, not `out.contains`: a Prime-Nim heap of a million tokens
    // has some 80,000 legal moves, and the linear test made listing them take seconds.
    let mut seen: FxHashSet<F::Local> = FxHashSet::default();
    for o in family.options(&sum[index], player) {
        if !seen.contains(&o.to)
            && o.condition
                .atoms()
                .iter()
                .all(|&a| family.holds(a, sum, index, &o.to))
        {
            seen.insert(o.to.clone());
            out.push(o.to);
        }
    }
    out
}

/// One option in the paper's notation: `*2_P` (no subscript when it always holds).
pub fn option_text<F: ConditionalFamily>(
    family: &F,
    o: &ConditionalOption<F::Local, F::Atom>,
) -> String {
    let subscript: Vec<String> = o
        .condition
        .atoms()
        .iter()
        .map(|&a| family.atom_text(a))
        .collect();
    if subscript.is_empty() {
        family.local_text(&o.to)
    } else {
        format!("{}_{}", family.local_text(&o.to), subscript.join(""))
    }
}

/// The most items a report lists in full; longer lists show their ends and a count.
const LIST_MAX: usize = 24;

/// `items` joined by commas; a long list keeps its first 20 and last 2 items and says how
/// many it holds.
fn listing(items: &[String]) -> String {
    if items.len() <= LIST_MAX {
        return items.join(", ");
    }
    format!(
        "{}, ..., {} ({} in all)",
        items[..20].join(", "),
        items[items.len() - 2..].join(", "),
        items.len()
    )
}

/// A component's options in the paper's notation: `{*0_P, *1_P | *0_P, *1_P}`, or one set for
/// an impartial family.
pub fn options_text<F: ConditionalFamily>(family: &F, local: &F::Local) -> String {
    let side = |player| {
        let (options, _) = pruned_options(family, local, player);
        let texts: Vec<String> = options.iter().map(|o| option_text(family, o)).collect();
        listing(&texts)
    };
    if family.is_impartial() {
        format!("{{{}}}", side(Player::Left))
    } else {
        format!("{{{} | {}}}", side(Player::Left), side(Player::Right))
    }
}

/// A sum of components of one family, searched as one game: its moves are the embedded views'
/// moves of every component. Equal sums up to order are the same position (the components are
/// kept sorted, inert ones dropped), so the engine's tables share them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ConditionalSum<F: ConditionalFamily> {
    family: F,
    parts: Vec<F::Local>,
}

impl<F: ConditionalFamily> ConditionalSum<F> {
    pub fn new(family: F, mut parts: Vec<F::Local>) -> ConditionalSum<F> {
        parts.retain(|l| !family.is_inert(l));
        parts.sort();
        ConditionalSum { family, parts }
    }

    pub fn family(&self) -> &F {
        &self.family
    }

    /// The components, sorted.
    pub fn parts(&self) -> &[F::Local] {
        &self.parts
    }

    /// The sum after component `index` moves to `to`.
    pub fn after(&self, index: usize, to: F::Local) -> ConditionalSum<F> {
        let mut parts = self.parts.clone();
        parts[index] = to;
        ConditionalSum::new(self.family.clone(), parts)
    }

    /// Every legal move of `player`: (component index, successor), one per distinct
    /// component value.
    pub fn component_moves(&self, player: Player) -> Vec<(usize, F::Local)> {
        let mut out = Vec::new();
        for i in 0..self.parts.len() {
            if i > 0 && self.parts[i] == self.parts[i - 1] {
                continue;
            }
            for to in embedded_moves(&self.family, &self.parts, i, player) {
                out.push((i, to));
            }
        }
        out
    }
}

impl<F: ConditionalFamily> Game for ConditionalSum<F> {
    const NAME: &'static str = F::NAME;

    fn moves(&self, player: Player) -> Vec<Self> {
        self.component_moves(player)
            .into_iter()
            .map(|(i, to)| self.after(i, to))
            .collect()
    }

    fn describe_move(&self, to: &Self, player: Player) -> String {
        self.component_moves(player)
            .into_iter()
            .find(|(i, l)| &self.after(*i, l.clone()) == to)
            .map(|(i, l)| self.family.move_text(&self.parts[i], &l))
            .unwrap_or_else(|| to.describe())
    }

    fn describe(&self) -> String {
        let parts: Vec<String> = self
            .parts
            .iter()
            .map(|l| self.family.local_text(l))
            .collect();
        if parts.is_empty() {
            "0".to_string()
        } else {
            parts.join(" + ")
        }
    }

    fn is_impartial(&self) -> bool {
        self.family.is_impartial()
    }
}

/// A family's way to print a sum as the expression that builds it.
pub trait ConditionalExpression: ConditionalFamily {
    /// The constructor call for these components, e.g. `primenim(5, 3, 4)`.
    fn expression(&self, parts: &[Self::Local]) -> String;

    /// The family's name with its parameters, e.g. `Prime-Nim`.
    fn family_text(&self) -> String;
}

/// A sum of conditional games as a calculator position: the whole sum is searched as one game
/// ([`Searched`]); the components keep the order they were given in for reports.
#[derive(Clone, Debug)]
pub struct ConditionalPosition<F: ConditionalExpression> {
    given: Vec<F::Local>,
    searched: Searched<ConditionalSum<F>>,
}

impl<F: ConditionalExpression> ConditionalPosition<F> {
    pub fn new(family: F, given: Vec<F::Local>) -> ConditionalPosition<F> {
        let sum = ConditionalSum::new(family, given.clone());
        ConditionalPosition {
            given,
            searched: Searched(sum),
        }
    }

    fn family(&self) -> &F {
        self.searched.0.family()
    }
}

impl<F: ConditionalExpression> Position for ConditionalPosition<F> {
    fn ruleset(&self) -> &'static str {
        F::NAME
    }

    fn describe(&self) -> String {
        self.expression()
    }

    fn value(&self, env: &mut SearchEnv) -> PositionValue {
        self.searched.value(env)
    }

    fn outcome(&self, env: &mut SearchEnv) -> Result<Outcome, String> {
        self.searched.outcome(env)
    }

    fn moves(&self, env: &mut SearchEnv) -> Vec<MoveRow> {
        self.searched.moves(env)
    }

    /// A sum of CCG has no inverses and its components' moves depend on the rest (Müller
    /// §3.3): no value that adds to or compares with games.
    fn no_algebra(&self) -> Option<NoAlgebra> {
        Some(NoAlgebra {
            as_game: format!(
                "`{}` is a conditional game: a move's legality depends on the whole position, so it has no value that adds to or compares with other games (Mueller 2003, 3.3); `+` joins it only with another {} position",
                self.expression(),
                self.family().family_text()
            ),
            as_component: "is a conditional game: its moves depend on the whole position, so sum play does not apply".to_string(),
        })
    }

    /// Printed as the expression that builds it: it has no game value to print.
    fn value_text(&self) -> Option<String> {
        Some(self.expression())
    }

    /// The sum of two positions of one family is one position with both components (a sum of
    /// CCG is commutative and associative, Müller §3.3); of two families, an error.
    fn join(&self, other: &dyn Position) -> Option<Result<Box<dyn Position>, String>> {
        let other = (other as &dyn Any).downcast_ref::<ConditionalPosition<F>>()?;
        if other.family() != self.family() {
            return Some(Err(format!(
                "`{}` and `{}` are conditional games of different families ({} and {}): their conditions differ, so they do not combine",
                self.expression(),
                other.expression(),
                self.family().family_text(),
                other.family().family_text()
            )));
        }
        let mut given = self.given.clone();
        given.extend(other.given.iter().cloned());
        Some(Ok(Box::new(ConditionalPosition::new(
            self.family().clone(),
            given,
        ))))
    }

    fn report(&self, value: PositionValue, env: &mut SearchEnv) -> Option<Vec<String>> {
        Some(self.report_lines(value, env))
    }
}

impl<F: ConditionalExpression> ConditionalPosition<F> {
    /// The expression that builds this position, e.g. `primenim(5, 3, 4)`: its printed form.
    pub fn expression(&self) -> String {
        self.family().expression(&self.given)
    }

    /// Report lines: the condition, each component's legal moves in this position (the
    /// embedded view, Müller §3.2), and the whole position's `value` (already searched),
    /// outcome and winning moves.
    fn report_lines(&self, value: PositionValue, env: &mut SearchEnv) -> Vec<String> {
        let family = self.family();
        let mut lines = Vec::new();
        let mut atoms: Vec<F::Atom> = self
            .given
            .iter()
            .flat_map(|l| {
                family
                    .options(l, Player::Left)
                    .into_iter()
                    .chain(family.options(l, Player::Right))
                    .flat_map(|o| o.condition.atoms().to_vec())
            })
            .collect();
        atoms.sort();
        atoms.dedup();
        for &a in &atoms {
            lines.push(format!(
                "{}: {}",
                family.atom_text(a),
                family.atom_meaning(a)
            ));
        }
        for (i, l) in self.given.iter().enumerate() {
            let side = |player| {
                let moves: Vec<String> = embedded_moves(family, &self.given, i, player)
                    .iter()
                    .map(|m| family.local_text(m))
                    .collect();
                listing(&moves)
            };
            let text = if family.is_impartial() {
                format!("{{{}}}", side(Player::Left))
            } else {
                format!("{{{} | {}}}", side(Player::Left), side(Player::Right))
            };
            lines.push(format!("{}: {text}", family.local_text(l)));
        }
        let rows = self.moves(env);
        let PositionValue::Game(g) = value else {
            return lines;
        };
        let outcome = env.arena.outcome(g).symbol();
        let whole = match env.arena.get_nus(g) {
            Some(n) if family.is_impartial() && n.number.is_zero() && n.ups == 0 => {
                format!("nim value {}", n.nim)
            }
            _ => format!("value {}", env.arena.display(g)),
        };
        let zero = env.arena.zero();
        let winning: Vec<String> = rows
            .iter()
            .filter(|r| match (r.player, r.value) {
                (Some(Player::Right), PositionValue::Game(v)) => env.arena.leq(v, zero),
                (_, PositionValue::Game(v)) => env.arena.leq(zero, v),
                _ => false,
            })
            .map(|r| match r.player {
                Some(Player::Left) => format!("Left {}", r.text),
                Some(Player::Right) => format!("Right {}", r.text),
                None => r.text.clone(),
            })
            .collect();
        lines.push(format!(
            "the whole position: {whole}, outcome {outcome} (a conditional game: values do not add)"
        ));
        lines.push(if winning.is_empty() {
            "winning moves: none".to_string()
        } else {
            format!("winning moves: {}", listing(&winning))
        });
        lines
    }

    /// The isolated view of each distinct component (Müller §3.2), with the options pruned
    /// as dominated (§3.4).
    pub fn isolated(&self) -> String {
        let family = self.family();
        let mut seen: Vec<&F::Local> = Vec::new();
        let mut out = Vec::new();
        for l in &self.given {
            if seen.contains(&l) {
                continue;
            }
            seen.push(l);
            out.push(format!(
                "{} = {}",
                family.local_text(l),
                options_text(family, l)
            ));
            let players: &[Player] = if family.is_impartial() {
                &[Player::Left]
            } else {
                &[Player::Left, Player::Right]
            };
            for &player in players {
                let who = if family.is_impartial() {
                    String::new()
                } else if player == Player::Left {
                    "Left ".to_string()
                } else {
                    "Right ".to_string()
                };
                match isolated_view(family, l, player) {
                    Some(rows) => {
                        for row in rows {
                            let values: Vec<String> = row
                                .values
                                .iter()
                                .map(|&(a, v)| format!("{}={v}", family.atom_text(a)))
                                .collect();
                            let succ: Vec<String> = row
                                .successors
                                .iter()
                                .map(|s| family.local_text(s))
                                .collect();
                            let when = if values.is_empty() {
                                "always".to_string()
                            } else {
                                values.join(" ")
                            };
                            out.push(format!("  {who}{when}: {{{}}}", listing(&succ)));
                        }
                    }
                    None => out.push(format!(
                        "  {who}more than {ISOLATED_MAX_ATOMS} conditions: not enumerated"
                    )),
                }
                let (_, dropped) = pruned_options(family, l, player);
                for d in dropped {
                    let text = |o: &ConditionalOption<F::Local, F::Atom>| option_text(family, o);
                    out.push(format!(
                        "  {who}pruned: {} (dominated by {}: same game, less specific condition)",
                        text(&d.option),
                        text(&d.by)
                    ));
                }
            }
        }
        out.join("\n")
    }
}
