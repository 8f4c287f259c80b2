//! Properties of loopy games: stops, followers, plumtrees, degree, idempotence, outcome of a
//! sided value (Siegel, CGT, ch. VI; WW ch. 11; CGSuite's `CanonicalStopper`).

use std::cmp::Ordering;

use rustc_hash::FxHashMap;

use super::{ThreatId, ThreatKind, Threats};
use crate::game::arena::Arena;
use crate::game::number::Dyadic;

/// A pseudonumber's place in the order `off < x under < x < x over < on`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Pseudo {
    Off,
    Finite(Dyadic, i8),
    On,
}

impl Threats {
    /// The Left stop (`left`) or Right stop of a stopper: the pseudonumber (number, `on`,
    /// `off`, `x over`, `x under`) reached when that player starts and both play
    /// alternately and optimally until one is reached (Siegel, CGT, §VI.2). In a stopper
    /// alternating play always ends, so the recursion is finite.
    pub fn stop(&mut self, arena: &mut Arena, t: ThreatId, left: bool) -> Result<ThreatId, String> {
        if !self.is_stopper(t) {
            return Err(
                "stops are defined for stoppers; take them of onside(G) or offside(G)".to_string(),
            );
        }
        let mut memo = FxHashMap::default();
        Ok(self.stop_memo(arena, t, left, &mut memo).1)
    }

    fn pseudo(&self, arena: &Arena, t: ThreatId) -> Option<Pseudo> {
        match *self.kind(t) {
            ThreatKind::Short(g) => arena.as_number(g).map(|x| Pseudo::Finite(x, 0)),
            ThreatKind::On => Some(Pseudo::On),
            ThreatKind::Off => Some(Pseudo::Off),
            ThreatKind::Over(x) => Some(Pseudo::Finite(x, 1)),
            ThreatKind::Under(x) => Some(Pseudo::Finite(x, -1)),
            _ => None,
        }
    }

    fn stop_memo(
        &mut self,
        arena: &mut Arena,
        t: ThreatId,
        left: bool,
        memo: &mut FxHashMap<(ThreatId, bool), (Pseudo, ThreatId)>,
    ) -> (Pseudo, ThreatId) {
        if let Some(p) = self.pseudo(arena, t) {
            return (p, t);
        }
        if let Some(g) = self.as_short(t) {
            let x = if left {
                arena.left_stop(g)
            } else {
                arena.right_stop(g)
            };
            let n = arena.number(x);
            return (Pseudo::Finite(x, 0), self.short(n));
        }
        if let Some(&r) = memo.get(&(t, left)) {
            return r;
        }
        let mut best: Option<(Pseudo, ThreatId)> = None;
        for o in self.options(arena, t, left) {
            let r = self.stop_memo(arena, o, !left, memo);
            let better = match best {
                None => true,
                Some((b, _)) => {
                    let c = r.0.cmp(&b);
                    if left {
                        c == Ordering::Greater
                    } else {
                        c == Ordering::Less
                    }
                }
            };
            if better {
                best = Some(r);
            }
        }
        // no move: the player to move is stuck, the worst for them
        let r = best.unwrap_or_else(|| {
            if left {
                (Pseudo::Off, self.off())
            } else {
                (Pseudo::On, self.on())
            }
        });
        memo.insert((t, left), r);
        r
    }

    /// The distinct followers of a stopper, `t` first.
    pub fn followers(
        &mut self,
        arena: &mut Arena,
        t: ThreatId,
        cap: usize,
    ) -> Result<Vec<ThreatId>, String> {
        if !self.is_stopper(t) {
            return Err(
                "followers are listed for stoppers; take them of onside(G) or offside(G)"
                    .to_string(),
            );
        }
        let mut seen: FxHashMap<ThreatId, ()> = FxHashMap::default();
        seen.insert(t, ());
        let mut out = vec![t];
        let mut i = 0;
        while i < out.len() {
            crate::game::interrupt::check_cancel();
            let u = out[i];
            for left in [true, false] {
                for o in self.options(arena, u, left) {
                    if seen.insert(o, ()).is_none() {
                        if out.len() >= cap {
                            return Err(format!("this game has more than {cap} followers"));
                        }
                        out.push(o);
                    }
                }
            }
            i += 1;
        }
        Ok(out)
    }

    /// Whether `t` is a plumtree: a stopper whose only cycles are passes (Siegel, CGT,
    /// §VI.2; every stopper of Winning Ways is one).
    pub fn is_plumtree(&mut self, arena: &mut Arena, t: ThreatId) -> Result<bool, String> {
        let all = self.followers(arena, t, usize::MAX)?;
        Ok(all.iter().all(|&f| match *self.kind(f) {
            ThreatKind::Cycle(c, _) => self.cycle_ids[c as usize].len() == 1,
            _ => true,
        }))
    }

    /// The degree of a stopper: the onside of `G - G` (Siegel, CGT, §VI.5; 0 exactly for
    /// games without cycles, `over` for `over`).
    pub fn degree(&mut self, arena: &mut Arena, t: ThreatId) -> Result<ThreatId, String> {
        if !self.is_stopper(t) {
            return Err("the degree is defined for stoppers".to_string());
        }
        let d = self.difference(arena, t, t)?;
        Ok(self.sides(d).0)
    }

    /// The variety of a stable stopper (Siegel, CGT, §VI.5): with `d` = degree(G), which must
    /// be idempotent, `G ↑+ ((-G) ↓+ (-d))` and `G ↓+ ((-G) ↑+ d)` must agree, and that is it.
    pub fn variety(&mut self, arena: &mut Arena, t: ThreatId) -> Result<ThreatId, String> {
        let d = self.degree(arena, t)?;
        if !self.is_idempotent(arena, d)? {
            return Err(format!(
                "the degree {} is not idempotent, so G has no variety",
                self.display(arena, d)
            ));
        }
        let (nt, nd) = (self.neg(arena, t), self.neg(arena, d));
        let inner = self.side_sum(arena, nt, nd, false)?;
        let up = self.side_sum(arena, t, inner, true)?;
        let inner = self.side_sum(arena, nt, d, true)?;
        let down = self.side_sum(arena, t, inner, false)?;
        if up != down {
            return Err(format!(
                "this game is not stable: its up-variety {} and down-variety {} differ",
                self.display(arena, up),
                self.display(arena, down)
            ));
        }
        Ok(up)
    }

    /// Whether `G + G = G`.
    pub fn is_idempotent(&mut self, arena: &mut Arena, t: ThreatId) -> Result<bool, String> {
        Ok(self.sum(arena, t, t)? == t)
    }

    /// The outcome of a game given by its sides, from its sides' outcomes (CGSuite's
    /// names): `L`, `R`, `N`, `P` when they agree, `NHat` (N̂), `PHat`, `D` (a draw),
    /// `NCheck` (Ň), `PCheck`.
    pub fn sided_outcome(
        &mut self,
        arena: &mut Arena,
        t: ThreatId,
    ) -> Result<&'static str, String> {
        use crate::game::compare::Outcome::*;
        let (s, o) = self.sides(t);
        let a = self.outcome(arena, s)?;
        let b = self.outcome(arena, o)?;
        Ok(match (a, b) {
            (L, L) => "L",
            (L, N) => "NHat",
            (L, P) => "PHat",
            (L, R) => "D",
            (N, N) => "N",
            (N, R) => "NCheck",
            (P, P) => "P",
            (P, R) => "PCheck",
            (R, R) => "R",
            _ => return Err("internal error: an offside above its onside".to_string()),
        })
    }
}
