//! Thermographs: the walls of a game cooled by `t`, as exact piecewise-linear functions of the
//! temperature `t >= -1` (WW ch. 6; Siegel, CGT, II.5; Berlekamp–Wolfe, *Mathematical Go*).
//!
//! `LW(G)(t) = max_L RW(G^L)(t) - t` and `RW(G)(t) = min_R LW(G^R)(t) + t` up to the temperature
//! `T` where they first meet; above `T` both walls are the vertical mast at the mean. Integers
//! are masts from `t = -1`; other numbers follow the same recursion on their canonical options,
//! so `m/2^k` has temperature `-1/2^k` (CGSuite's convention).

use std::fmt;
use std::ops::{Add, Neg, Shr, Sub};
use std::sync::Arc;

use super::arena::{Arena, GameId};
use super::interrupt::check_cancel;
use super::number::Dyadic;

/// One linear piece of a wall: on `[start, next start)` the value is `value + slope·(t - start)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    pub start: Dyadic,
    pub value: Dyadic,
    pub slope: i64,
}

/// A continuous piecewise-linear function on `[-1, ∞)` with dyadic breakpoints.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trajectory {
    pieces: Vec<Piece>,
}

impl Trajectory {
    pub fn constant(x: Dyadic) -> Trajectory {
        Trajectory {
            pieces: vec![Piece {
                start: Dyadic::MINUS_ONE,
                value: x,
                slope: 0,
            }],
        }
    }

    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// Value at temperature `t`.
    pub fn eval(&self, t: Dyadic) -> Dyadic {
        let p = self
            .pieces
            .iter()
            .rev()
            .find(|p| p.start <= t)
            .unwrap_or(&self.pieces[0]);
        p.value.add(t.sub(p.start).mul_int(p.slope))
    }

    /// `self(t) + s·t`.
    pub fn tilt(&self, s: i64) -> Trajectory {
        Trajectory {
            pieces: self
                .pieces
                .iter()
                .map(|p| Piece {
                    start: p.start,
                    value: p.value.add(p.start.mul_int(s)),
                    slope: p.slope + s,
                })
                .collect(),
        }
    }

    /// Pointwise maximum (`max = true`) or minimum.
    pub fn combine(&self, other: &Trajectory, max: bool) -> Trajectory {
        let mut starts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(other.pieces.iter())
            .map(|p| p.start)
            .collect();
        starts.sort();
        starts.dedup();
        let mut out: Vec<Piece> = Vec::new();
        for (i, &a) in starts.iter().enumerate() {
            let end = starts.get(i + 1).copied();
            let pa = self.piece_at(a);
            let pb = other.piece_at(a);
            let (va, vb) = (self.eval(a), other.eval(a));
            let pick = |x: Dyadic, y: Dyadic, sx: i64, sy: i64| -> bool {
                // whether the first function is the chosen one just after the point
                if x != y {
                    (x > y) == max
                } else {
                    (sx >= sy) == max
                }
            };
            let first = pick(va, vb, pa.slope, pb.slope);
            let (v0, s0, s1) = if first {
                (va, pa.slope, pb.slope)
            } else {
                (vb, pb.slope, pa.slope)
            };
            push_piece(&mut out, a, v0, s0);
            // Does the other function overtake the chosen one inside (a, end)?
            let (vo, so) = if first { (vb, s1) } else { (va, s1) };
            let (gap, rate) = if max {
                (v0.sub(vo), so - s0)
            } else {
                (vo.sub(v0), s0 - so)
            };
            if gap > Dyadic::ZERO && rate > 0 {
                let t = a.add(div_small(gap, rate));
                if end.is_none_or(|e| t < e) {
                    let v = v0.add(t.sub(a).mul_int(s0));
                    push_piece(&mut out, t, v, so);
                }
            }
        }
        Trajectory { pieces: out }
    }

    fn piece_at(&self, t: Dyadic) -> Piece {
        *self
            .pieces
            .iter()
            .rev()
            .find(|p| p.start <= t)
            .unwrap_or(&self.pieces[0])
    }

    /// The function up to `t0`, then constant `v0` from `t0` on.
    fn truncate(&self, t0: Dyadic, v0: Dyadic) -> Trajectory {
        let mut out = Vec::new();
        for p in &self.pieces {
            if p.start < t0 {
                push_piece(&mut out, p.start, p.value, p.slope);
            }
        }
        push_piece(&mut out, t0, v0, 0);
        Trajectory { pieces: out }
    }
}

/// `x / d` for a small non-zero integer `d` that is ±1 or ±2 (wall slopes differ by at most 2).
fn div_small(x: Dyadic, d: i64) -> Dyadic {
    let q = match d.abs() {
        1 => x,
        2 => x.shr(1),
        4 => x.shr(2),
        _ => {
            // slopes are -1, 0 or 1 in thermographs of short games; anything else is a bug
            debug_assert!(false, "unexpected slope difference {d}");
            x
        }
    };
    if d < 0 { q.neg() } else { q }
}

fn push_piece(out: &mut Vec<Piece>, start: Dyadic, value: Dyadic, slope: i64) {
    if let Some(last) = out.last() {
        if last.start == start {
            out.pop();
        } else {
            let expected = last.value.add(start.sub(last.start).mul_int(last.slope));
            if last.slope == slope && expected == value {
                return;
            }
        }
    }
    out.push(Piece {
        start,
        value,
        slope,
    });
}

/// The thermograph of a game: its two walls, its mast value (mean) and temperature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thermograph {
    pub left: Trajectory,
    pub right: Trajectory,
    pub mast: Dyadic,
    pub temperature: Dyadic,
}

impl Thermograph {
    fn number(x: Dyadic) -> Thermograph {
        Thermograph {
            left: Trajectory::constant(x),
            right: Trajectory::constant(x),
            mast: x,
            temperature: Dyadic::MINUS_ONE,
        }
    }

    /// Builds the thermograph from the raw (untruncated) walls.
    fn from_scaffolds(left: Trajectory, right: Trajectory) -> Thermograph {
        // D = LW - RW is non-increasing; find the first t >= -1 with D(t) <= 0.
        let mut ts: Vec<Dyadic> = left
            .pieces
            .iter()
            .chain(right.pieces.iter())
            .map(|p| p.start)
            .collect();
        ts.sort();
        ts.dedup();
        let d = |t: Dyadic| left.eval(t).sub(right.eval(t));
        let mut temp = None;
        for (i, &a) in ts.iter().enumerate() {
            let da = d(a);
            if da <= Dyadic::ZERO {
                temp = Some(a);
                break;
            }
            // slope of D on [a, next)
            let sd = left.piece_at(a).slope - right.piece_at(a).slope;
            if sd < 0 {
                let t = a.add(div_small(da, -sd));
                if ts.get(i + 1).is_none_or(|&e| t <= e) {
                    temp = Some(t);
                    break;
                }
            }
        }
        let temperature = temp.expect("walls of a short game always meet");
        let mast = left.eval(temperature);
        Thermograph {
            left: left.truncate(temperature, mast),
            right: right.truncate(temperature, mast),
            mast,
            temperature,
        }
    }
}

/// Entries of the thermograph memo before it is flushed.
pub(crate) const THERMOGRAPH_CACHE_CAPACITY: usize = 1 << 20;

impl Arena {
    /// The thermograph of `g`.
    pub fn thermograph(&mut self, g: GameId) -> Arc<Thermograph> {
        if let Some(t) = self.thermographs.get(&g) {
            return t;
        }
        check_cancel();
        let result = match self.as_number(g) {
            Some(x) if x.is_integer() => Thermograph::number(x),
            _ => {
                let mut lw: Option<Trajectory> = None;
                for gl in self.left_options(g) {
                    let w = self.thermograph(gl).right.tilt(-1);
                    lw = Some(match lw {
                        None => w,
                        Some(acc) => acc.combine(&w, true),
                    });
                }
                let mut rw: Option<Trajectory> = None;
                for gr in self.right_options(g) {
                    let w = self.thermograph(gr).left.tilt(1);
                    rw = Some(match rw {
                        None => w,
                        Some(acc) => acc.combine(&w, false),
                    });
                }
                Thermograph::from_scaffolds(
                    lw.expect("non-integers have Left options"),
                    rw.expect("non-integers have Right options"),
                )
            }
        };
        let rc = Arc::new(result);
        self.thermographs.insert(g, rc.clone());
        rc
    }

    /// The mean value: the mast of the thermograph (WW ch. 6; Siegel, CGT, §II.5).
    pub fn mean(&mut self, g: GameId) -> Dyadic {
        if let Some(v) = self.get_nus(g) {
            return v.number;
        }
        self.thermograph(g).mast
    }

    /// The temperature: where the walls meet (`-1/2^k` for `m/2^k`, `-1` for integers, `0` for
    /// a number plus a non-zero infinitesimal `k·↑ + *n`; Siegel, CGT, §II.5). Compact values
    /// take the closed form: their thermographs would visit every follower (`*n` has `n`
    /// options, and `m/2^k` a chain of `k` halvings).
    pub fn temperature(&mut self, g: GameId) -> Dyadic {
        if let Some(v) = self.get_nus(g) {
            return match v.number.den_exp() {
                _ if !v.is_number() => Dyadic::ZERO,
                0 => Dyadic::MINUS_ONE,
                k => -(Dyadic::ONE >> k),
            };
        }
        self.thermograph(g).temperature
    }
}

impl fmt::Display for Trajectory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.pieces.iter().enumerate() {
            if i > 0 {
                write!(f, "; ")?;
            }
            write!(f, "from {}: {} slope {}", p.start, p.value, p.slope)?;
        }
        Ok(())
    }
}

/// CGSuite's text form `Thermograph(mast,[left temps],[left slopes],mast,[right temps],[right slopes])`:
/// each wall is listed from the mast downwards by the temperatures where its slope changes.
pub fn cgsuite_text(t: &Thermograph) -> String {
    fn wall(tr: &Trajectory) -> (String, String) {
        let temps: Vec<String> = tr
            .pieces
            .iter()
            .skip(1)
            .rev()
            .map(|p| p.start.to_string())
            .collect();
        let slopes: Vec<String> = tr
            .pieces
            .iter()
            .rev()
            .map(|p| p.slope.to_string())
            .collect();
        (temps.join(","), slopes.join(","))
    }
    let (lt, ls) = wall(&t.left);
    let (rt, rs) = wall(&t.right);
    format!(
        "Thermograph({m},[{lt}],[{ls}],{m},[{rt}],[{rs}])",
        m = t.mast
    )
}

#[cfg(test)]
mod tests {
    use crate::game::{Arena, Dyadic, Nus};

    /// The closed-form temperatures of number-up-star values agree with their thermographs.
    #[test]
    fn compact_temperatures_match_thermographs() {
        let mut a = Arena::new();
        for (num, exp) in [(0, 0), (3, 0), (-2, 0), (1, 1), (-3, 2), (13, 3), (7, 5)] {
            for ups in -3..=3 {
                for nim in 0..6 {
                    let number = Dyadic::new(num, exp);
                    let g = a.nus(Nus { number, ups, nim });
                    let t = a.thermograph(g).temperature;
                    assert_eq!(a.temperature(g), t, "{}", a.display(g));
                }
            }
        }
    }
}
