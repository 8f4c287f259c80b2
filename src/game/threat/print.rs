//! CGSuite's plain text for loopy games: `on`, `off`, `over`, `5over`, `{on|*}`,
//! `{on||0|off}`, `^[on]`, `+-over`, `a{0||||0|||a|*||*}`, `1 & 0`, `dud`.
//!
//! A position's own option prints `pass`; an option that is a position still being printed
//! (an enclosing one) prints as a label, and that position gets the label before its braces.

use rustc_hash::FxHashMap;

use super::{ThreatId, ThreatKind, Threats};
use crate::game::arena::{Arena, Nus};
use crate::game::display::{MAX_SLASHES, write_nus};
use crate::game::number::Dyadic;

#[derive(Default)]
struct Printer {
    /// Positions being printed, innermost last.
    stack: Vec<ThreatId>,
    labels: FxHashMap<ThreatId, String>,
}

impl Printer {
    fn label(&mut self, t: ThreatId) -> String {
        let n = self.labels.len();
        self.labels
            .entry(t)
            .or_insert_with(|| {
                if n < 26 {
                    ((b'a' + n as u8) as char).to_string()
                } else {
                    format!("N{}", n - 25)
                }
            })
            .clone()
    }
}

impl Threats {
    /// CGSuite plain text of `t`.
    pub fn display(&mut self, arena: &mut Arena, t: ThreatId) -> String {
        if let ThreatKind::Sided(s, o) = *self.kind(t) {
            if s == self.on() && o == self.off() {
                return "dud".to_string();
            }
            let (a, b) = (self.display(arena, s), self.display(arena, o));
            return format!("{a} & {b}");
        }
        self.append(arena, t, true, &mut Printer::default()).0
    }

    /// The text of `t` as an option (braced when `braced`) and its outermost bar count.
    fn append(
        &mut self,
        arena: &mut Arena,
        t: ThreatId,
        braced: bool,
        p: &mut Printer,
    ) -> (String, usize) {
        match self.kind(t).clone() {
            ThreatKind::Short(g) => arena.display_option(g, braced),
            ThreatKind::On => ("on".to_string(), 0),
            ThreatKind::Off => ("off".to_string(), 0),
            ThreatKind::Over(x) => (with_number(x, "over", 0), 0),
            ThreatKind::Under(x) => (with_number(x, "under", 0), 0),
            ThreatKind::Sided(..) => (self.display(arena, t), 0),
            ThreatKind::Raw(_) | ThreatKind::NegRaw(_) => ("<raw>".to_string(), 0),
            ThreatKind::Node(..) | ThreatKind::Cycle(..) => {
                if p.stack.contains(&t) {
                    return (p.label(t), 0);
                }
                if self.has_loop[t.0 as usize] {
                    let forms: [(UponParts, &str, &str); 2] = [
                        (Self::upon_parts, "^[on]", "v[on]"),
                        (Self::uponth_parts, "^<on>", "v<on>"),
                    ];
                    for (parts, up, down) in forms {
                        if let Some(text) = self.upon_text(arena, t, parts, up, down) {
                            return (text, 0);
                        }
                    }
                }
                if let Some(text) = self.tiny_text(arena, t, p) {
                    return (text, 0);
                }
                if let Some(text) = self.switch_text(arena, t, p) {
                    return (text, 0);
                }
                p.stack.push(t);
                let mut slashes = 1;
                let mut sides = Vec::new();
                for left in [true, false] {
                    let opts = self.options(arena, t, left);
                    let opts = self.display_order(arena, &opts, p);
                    let mut text = String::new();
                    for (i, &o) in opts.iter().enumerate() {
                        if i > 0 {
                            text.push(',');
                        }
                        if o == t {
                            text.push_str("pass");
                            continue;
                        }
                        let (s, bars) = self.append(arena, o, opts.len() > 1, p);
                        slashes = slashes.max(bars + 1);
                        text.push_str(&s);
                    }
                    sides.push(text);
                }
                p.stack.pop();
                let label = p.labels.get(&t).cloned();
                let braces = braced || slashes >= MAX_SLASHES || label.is_some();
                let mut out = label.unwrap_or_default();
                if braces {
                    out.push('{');
                }
                out.push_str(&sides[0]);
                out.push_str(&"|".repeat(slashes));
                out.push_str(&sides[1]);
                if braces {
                    out.push('}');
                }
                (out, if braces { 0 } else { slashes })
            }
        }
    }

    /// `x^[on]*k` (`up`) when `parts` finds the number x and nimber k of `t`, or `x v[on]*k`
    /// (`down`) when it finds -x and k in `-t`.
    fn upon_text(
        &mut self,
        arena: &mut Arena,
        t: ThreatId,
        parts: UponParts,
        up: &str,
        down: &str,
    ) -> Option<String> {
        if let Some((x, k)) = parts(self, arena, t) {
            return Some(with_number(x, up, k));
        }
        let n = self.neg(arena, t);
        let (x, k) = parts(self, arena, n)?;
        Some(with_number(-x, down, k))
    }

    /// CGSuite's upon forms (upon = {pass|*}): `x^[on]*k` for `{pass, x | x*}` (`k` = 1) and
    /// `{pass | x*j}` (j != 0, `k` = j xor 1).
    fn upon_parts(&mut self, arena: &mut Arena, t: ThreatId) -> Option<(Dyadic, u32)> {
        if !matches!(self.kind(t), ThreatKind::Cycle(..)) {
            return None;
        }
        let right = self.options(arena, t, false);
        let [r] = right.as_slice() else { return None };
        let nus = arena.get_nus(self.as_short(*r)?)?;
        if nus.ups != 0 {
            return None;
        }
        let mut left = self.options(arena, t, true);
        left.sort();
        let mut want = vec![t];
        if nus.nim == 0 {
            let x = arena.number(nus.number);
            want.push(self.short(x));
        }
        want.sort();
        (left == want).then_some((nus.number, nus.nim ^ 1))
    }

    /// CGSuite's uponth forms (`{0||0|0,pass}` is `^<on>`): `x^<on>*k` for `{x, x*, ... | R}`
    /// where `-R` is the upon form `-x^[on]*m` and the Left options are `x*j` for
    /// j = 0 ..= m xor 1 (`k` = m xor 1).
    fn uponth_parts(&mut self, arena: &mut Arena, t: ThreatId) -> Option<(Dyadic, u32)> {
        if !matches!(self.kind(t), ThreatKind::Node(..)) {
            return None;
        }
        let right = self.options(arena, t, false);
        let [r] = right.as_slice() else { return None };
        let nr = self.neg(arena, *r);
        let (n, m) = self.upon_parts(arena, nr)?;
        let x = -n;
        let mut left = self.options(arena, t, true);
        left.sort();
        let mut want: Vec<ThreatId> = (0..=(m ^ 1))
            .map(|j| {
                let g = arena.nus(Nus {
                    number: x,
                    ups: 0,
                    nim: j,
                });
                self.short(g)
            })
            .collect();
        want.sort();
        (left == want).then_some((x, m ^ 1))
    }

    /// `xTiny(g)` for `{x || x | r}` with x a number and `r - x <= under` (g = x - r), and
    /// `xMiny(g)` for negatives: `{0||0|off}` is `Tiny(on)`, `{on|0||0}` is `Miny(on)`.
    fn tiny_text(&mut self, arena: &mut Arena, t: ThreatId, p: &mut Printer) -> Option<String> {
        if let Some((x, g)) = self.tiny_parts(arena, t) {
            return Some(self.tiny_string(arena, x, "Tiny", g, p));
        }
        let n = self.neg(arena, t);
        let (x, g) = self.tiny_parts(arena, n)?;
        Some(self.tiny_string(arena, -x, "Miny", g, p))
    }

    fn tiny_parts(&mut self, arena: &mut Arena, t: ThreatId) -> Option<(Dyadic, ThreatId)> {
        if !matches!(self.kind(t), ThreatKind::Node(..)) || !self.has_loop_or_threat(t) {
            return None;
        }
        let (left, right) = (self.options(arena, t, true), self.options(arena, t, false));
        let ([l], [r]) = (left.as_slice(), right.as_slice()) else {
            return None;
        };
        let x = arena.as_number(self.as_short(*l)?)?;
        if self.options(arena, *r, true) != [*l] {
            return None;
        }
        let rr = self.options(arena, *r, false);
        let [rr] = rr.as_slice() else { return None };
        if self.as_short(*rr).is_some() {
            return None;
        }
        let d = self.difference(arena, *rr, *l).ok()?;
        let under = self.under();
        if !self.leq(arena, d, under).ok()? {
            return None;
        }
        let g = self.difference(arena, *l, *rr).ok()?;
        Some((x, g))
    }

    fn has_loop_or_threat(&self, t: ThreatId) -> bool {
        self.has_loop[t.0 as usize] || self.has_on[t.0 as usize] || self.has_off[t.0 as usize]
    }

    fn tiny_string(
        &mut self,
        arena: &mut Arena,
        x: Dyadic,
        word: &str,
        g: ThreatId,
        p: &mut Printer,
    ) -> String {
        let (sub, _) = self.append(arena, g, false, p);
        with_number(x, &format!("{word}({sub})"), 0)
    }

    /// `+-G` for a game equal to its negative whose Left options print as one: `+-over`,
    /// `+-(5over)`, `+-{a,b}`.
    fn switch_text(&mut self, arena: &mut Arena, t: ThreatId, p: &mut Printer) -> Option<String> {
        // Threat games keep their braces ({on|off}, as in Mäser's tables).
        if !self.has_loop[t.0 as usize] || self.neg(arena, t) != t {
            return None;
        }
        let left = self.options(arena, t, true);
        if left.contains(&t) || left.is_empty() {
            return None;
        }
        let left = self.display_order(arena, &left, p);
        p.stack.push(t);
        let mut parts = Vec::new();
        for &o in &left {
            let (s, _) = self.append(arena, o, true, p);
            parts.push(s);
        }
        p.stack.pop();
        if p.labels.contains_key(&t) {
            return None;
        }
        Some(match (left.as_slice(), parts.as_slice()) {
            ([o], [s]) => match self.kind(*o) {
                ThreatKind::Over(x) | ThreatKind::Under(x) if !x.is_zero() => format!("+-({s})"),
                _ => format!("+-{s}"),
            },
            _ => format!("+-{{{}}}", parts.join(",")),
        })
    }
}

impl Threats {
    /// Short options first (in the arena's printed order), then `on`/`off`, then the rest
    /// by their text (printed inside the positions being printed, so cycles end in labels).
    fn display_order(
        &mut self,
        arena: &mut Arena,
        opts: &[ThreatId],
        p: &Printer,
    ) -> Vec<ThreatId> {
        let shorts: Vec<_> = opts.iter().filter_map(|&o| self.as_short(o)).collect();
        let mut out: Vec<ThreatId> = arena
            .sort_for_display(shorts)
            .into_iter()
            .map(|g| self.short(g))
            .collect();
        for special in [ThreatKind::On, ThreatKind::Off] {
            if let Some(&o) = opts.iter().find(|&&o| *self.kind(o) == special) {
                out.push(o);
            }
        }
        let mut rest: Vec<(String, ThreatId)> = Vec::new();
        for &o in opts {
            if self.as_short(o).is_some()
                || matches!(self.kind(o), ThreatKind::On | ThreatKind::Off)
            {
                continue;
            }
            let mut scratch = Printer {
                stack: p.stack.clone(),
                labels: FxHashMap::default(),
            };
            let text = self.append(arena, o, false, &mut scratch).0;
            rest.push((text, o));
        }
        rest.sort();
        out.extend(rest.into_iter().map(|p| p.1));
        out
    }
}

/// Finds the number and nimber of an upon form (see [`Threats::upon_parts`]).
type UponParts = fn(&mut Threats, &mut Arena, ThreatId) -> Option<(Dyadic, u32)>;

/// `word` after the number `x` (left out when 0) and before the nimber `*nim`: `5over`,
/// `-1/4v[on]`, `^[on]*`.
fn with_number(x: Dyadic, word: &str, nim: u32) -> String {
    let mut out = String::new();
    if !x.is_zero() {
        out.push_str(&x.to_string());
    }
    out.push_str(word);
    if nim != 0 {
        let mut star = String::new();
        write_nus(
            &mut star,
            Nus {
                number: Dyadic::ZERO,
                ups: 0,
                nim,
            },
        );
        out.push_str(&star);
    }
    out
}
