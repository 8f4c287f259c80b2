//! Loopy games as written: `{pass|3/2}`, `a{0|a}`, `upon` (language.md, *Loopy games*).
//! The braces become a graph of positions (a label or `pass` names a position being
//! written) that [`crate::game::threat::Threats::from_graph`] values.

use super::builtins::{CallError, Function};
use super::session::Session;
use crate::calc::context::Context;
use crate::calc::value::Value;
use crate::function;
use crate::game::threat::{Opt, RawGraph, ThreatId};
use crate::syntax::ast::{Expr, ExprKind, Literal, TinyKind, UpsLit};
use crate::syntax::error::CgError;
use crate::syntax::span::Span;

type EvalResult = Result<Value, CgError>;

/// Whether a game's own options hold `pass`.
pub(super) fn has_pass(left: &[Expr], right: &[Expr]) -> bool {
    left.iter()
        .chain(right)
        .any(|o| matches!(&o.kind, ExprKind::Name(n) if n == "pass"))
}

/// The error for `pass` outside braces.
pub(super) fn pass_outside(span: Span) -> CgError {
    CgError::at(
        span,
        "`pass` is a move to the game itself: it stands only as an option",
    )
    .with_hint("write {pass|3/2} (3/2under) or label the game: a{0|a} (over)")
}

/// `upon` = {pass|*} (WW ch. 11; CGSuite prints it `^[on]`).
pub(super) fn upon(s: &mut Session, span: Span) -> Result<ThreatId, CgError> {
    let mut g = RawGraph::new();
    let v = g.node();
    let star = s.arena.nimber(1);
    let star = s.threats.short(star);
    g.set_options(v, vec![Opt::Node(v)], vec![Opt::Game(star)]);
    s.threats
        .from_graph(&mut s.arena, &g, v)
        .map_err(|m| CgError::at(span, m))
}

/// uponth = {0||0|0,pass} (CGSuite prints it `^<on>`).
fn uponth(s: &mut Session, span: Span) -> Result<ThreatId, CgError> {
    let mut g = RawGraph::new();
    let (v, w) = (g.node(), g.node());
    let zero = s.threats.short(s.arena.zero());
    g.set_options(v, vec![Opt::Game(zero)], vec![Opt::Node(w)]);
    g.set_options(
        w,
        vec![Opt::Game(zero)],
        vec![Opt::Game(zero), Opt::Node(w)],
    );
    s.threats
        .from_graph(&mut s.arena, &g, v)
        .map_err(|m| CgError::at(span, m))
}

impl Session {
    /// `x^[on]*k` = x + upon + *k and `x^<on>*k` = x + uponth + *k, with uponth =
    /// {0||0|0,pass}; `v` for the negatives (CGSuite's printed upon forms, read back).
    pub(super) fn upon_literal(&mut self, lit: &Literal, span: Span) -> EvalResult {
        let (is_upon, up) = match lit.ups {
            Some(UpsLit::Upon(up)) => (true, up),
            Some(UpsLit::UponTh(up)) => (false, up),
            _ => unreachable!("checked by the caller"),
        };
        if lit.tiny.is_some() {
            return Err(CgError::at(span, "an upon form takes no Tiny or Miny part"));
        }
        let base = Literal {
            ups: None,
            ..lit.clone()
        };
        let base = self.literal(&base, span)?;
        let base = self.threats.short(base);
        let form = if is_upon {
            upon(self, span)?
        } else {
            uponth(self, span)?
        };
        let form = if up {
            form
        } else {
            self.threats.neg(&mut self.arena, form)
        };
        let t = self
            .threats
            .sum(&mut self.arena, base, form)
            .map_err(|m| CgError::at(span, m))?;
        Ok(self.threat_value(t))
    }

    /// `xTiny(G)` / `xMiny(G)`; with a loopy `G` (`Tiny(on)` = {0||0|off}) through the store.
    pub(super) fn tiny_literal(&mut self, lit: &Literal, span: Span) -> EvalResult {
        let Some((kind, arg)) = &lit.tiny else {
            unreachable!("checked by the caller")
        };
        let sub = match self.eval(arg)? {
            Value::Threat(t) => t,
            _ => return self.literal(lit, span).map(Value::Game),
        };
        let base = Literal {
            tiny: None,
            ..lit.clone()
        };
        let base = self.literal(&base, span)?;
        let t = (|| {
            let tiny = tiny_of(
                &mut self.arena,
                &mut self.threats,
                sub,
                *kind == TinyKind::Miny,
            )?;
            let b = self.threats.short(base);
            self.threats.sum(&mut self.arena, b, tiny)
        })()
        .map_err(|m| CgError::at(span, m))?;
        Ok(self.threat_value(t))
    }

    /// `s & t`: the game with onside `s` and offside `t` (stoppers, `t <= s`).
    pub(super) fn sides_value(&mut self, onside: &Expr, offside: &Expr, span: Span) -> EvalResult {
        let side = |s: &mut Self, e: &Expr| -> Result<ThreatId, CgError> {
            let o = s.options(std::slice::from_ref(e), "side")?;
            let [o] = o.as_slice() else {
                return Err(CgError::at(e.span, "a side is one game"));
            };
            let t = s.threat_id(*o);
            if !s.threats.is_stopper(t) {
                return Err(CgError::at(e.span, "a side must be a stopper"));
            }
            Ok(t)
        };
        let a = side(self, onside)?;
        let b = side(self, offside)?;
        let t = self
            .threats
            .make_sided(&mut self.arena, a, b)
            .map_err(|m| CgError::at(span, m))?;
        Ok(self.threat_value(t))
    }

    /// A game with `pass` among its options or a label: its graph, valued.
    pub(super) fn loopy_game(&mut self, e: &Expr) -> EvalResult {
        let mut g = RawGraph::new();
        let mut labels: Vec<(String, u32)> = Vec::new();
        let root = self.loopy_position(e, &mut g, &mut labels)?;
        let t = crate::game::interrupt::catch(|| {
            self.threats
                .from_graph(&mut self.arena, &g, root)
                .map_err(|m| CgError::at(e.span, m))
        })
        .unwrap_or_else(|m| Err(CgError::at(e.span, m)))?;
        Ok(self.threat_value(t))
    }

    /// Adds the position written at `e` (braces, possibly labelled) to `g`.
    fn loopy_position(
        &mut self,
        e: &Expr,
        g: &mut RawGraph,
        labels: &mut Vec<(String, u32)>,
    ) -> Result<u32, CgError> {
        let (label, game) = match &e.kind {
            ExprKind::Labelled { label, game } => (Some(label), &**game),
            _ => (None, e),
        };
        let ExprKind::Game { left, right } = &game.kind else {
            return Err(CgError::at(
                e.span,
                "a label names a game in braces: a{0|a}",
            ));
        };
        let v = g.node();
        if let Some(l) = label {
            labels.push((l.clone(), v));
        }
        let mut sides = [Vec::new(), Vec::new()];
        for (k, (opts, what)) in [(left, "Left option"), (right, "Right option")]
            .into_iter()
            .enumerate()
        {
            for o in opts {
                match &o.kind {
                    ExprKind::Name(n) if n == "pass" => sides[k].push(Opt::Node(v)),
                    ExprKind::Name(n) if labels.iter().any(|(l, _)| l == n) => {
                        let &(_, w) = labels.iter().rev().find(|(l, _)| l == n).expect("found");
                        sides[k].push(Opt::Node(w));
                    }
                    ExprKind::Game { .. } | ExprKind::Labelled { .. } => {
                        let w = self.loopy_position(o, g, labels)?;
                        sides[k].push(Opt::Node(w));
                    }
                    _ => {
                        for op in self.options(std::slice::from_ref(o), what)? {
                            let t = self.threat_id(op);
                            sides[k].push(Opt::Game(t));
                        }
                    }
                }
            }
        }
        if label.is_some() {
            labels.pop();
        }
        let [l, r] = sides;
        g.set_options(v, l, r);
        Ok(v)
    }
}

/// The loopy game argument `i`: a threat id (short games wrapped).
fn loopy_arg(
    s: &mut Context,
    v: &crate::calc::args::Args,
    i: usize,
) -> Result<ThreatId, CallError> {
    match &v[i] {
        Value::Threat(t) => Ok(*t),
        Value::Game(g) => Ok(s.threats.short(*g)),
        other => Err(CallError::Arg(
            i,
            format!("expected a game, but this is a {}", other.type_name()),
        )),
    }
}

fn at0(m: String) -> CallError {
    CallError::Arg(0, m)
}

/// The functions on loopy games, in the order `:help loopy` lists them. `lstop`, `rstop`,
/// `outcome` and `followers` also take loopy games (see the built-ins).
pub static LOOPY_FUNCTIONS: &[Function] = &[
    function!(
        "onside",
        "onside(G)",
        1..=1,
        Loopy,
        "the onside of a loopy game (G itself for a stopper)",
        "onside(G) is the stopper G+ that G equals when endless play counts as a win for Left\n(Siegel, CGT, VI.3; WW ch. 11, sidling). A game that is not a stopper prints as\nonside & offside.\nExample: onside(dud) is on; onside(a{{|a}|}) is 1.",
        |s, v| {
            let t = loopy_arg(s, &v, 0)?;
            let on = s.threats.sides(t).0;
            Ok(Value::loopy(s.threats, on))
        }
    ),
    function!(
        "offside",
        "offside(G)",
        1..=1,
        Loopy,
        "the offside of a loopy game (G itself for a stopper)",
        "offside(G) is the stopper G- that G equals when endless play counts as a win for Right.\nExample: offside(dud) is off; offside(a{{|a}|}) is 0.",
        |s, v| {
            let t = loopy_arg(s, &v, 0)?;
            let off = s.threats.sides(t).1;
            Ok(Value::loopy(s.threats, off))
        }
    ),
    function!(
        "isstopper",
        "isstopper(G)",
        1..=1,
        Loopy,
        "whether no play from G goes on for ever with the players alternating",
        "isstopper(G): true when no follower of G starts an endless run of alternating moves\n(Siegel, CGT, Def. VI.2.1); stoppers have simplest forms and compare by survival.\nExample: isstopper(over) is true; isstopper(dud) is false.",
        |s, v| {
            let t = loopy_arg(s, &v, 0)?;
            Ok(Value::Bool(s.threats.is_stopper(t)))
        }
    ),
    function!(
        "isplumtree",
        "isplumtree(G)",
        1..=1,
        Loopy,
        "whether a stopper's only cycles are passes",
        "isplumtree(G): true for a stopper whose graph has no cycle longer than a pass (Siegel,\nCGT, VI.2); every stopper in Winning Ways is one.\nExample: isplumtree(upon) is true; isplumtree(a{0||||0|||a|*||*}) is false.",
        |s, v| {
            let t = loopy_arg(s, &v, 0)?;
            s.threats
                .is_plumtree(s.arena, t)
                .map(Value::Bool)
                .map_err(at0)
        }
    ),
    function!(
        "degree",
        "degree(G)",
        1..=1,
        Loopy,
        "the degree of a stopper: the onside of G - G",
        "degree(G) is the onside of G - G (Siegel, CGT, VI.5): 0 for a game without cycles, the\nmeasure of how far G fails to cancel.\nExample: degree(over) is over; degree(on) is on.",
        |s, v| {
            let t = loopy_arg(s, &v, 0)?;
            let d = s.threats.degree(s.arena, t).map_err(at0)?;
            Ok(Value::loopy(s.threats, d))
        }
    ),
    function!(
        "variety",
        "variety(G)",
        1..=1,
        Loopy,
        "the variety of a stable stopper",
        "variety(G): with d = degree(G) idempotent, the stopper that both G + ((-G) + -d) taken\nwith endless play for Right inside and for Left outside, and its mirror image, equal\n(Siegel, CGT, VI.5; CGSuite's Variety); an error when d is not idempotent or the two\ndiffer (G is not stable).\nExample: variety(over) is over; variety(+-over) is +-over.",
        |s, v| {
            let t = loopy_arg(s, &v, 0)?;
            let d = s.threats.variety(s.arena, t).map_err(at0)?;
            Ok(Value::loopy(s.threats, d))
        }
    ),
    function!(
        "isidempotent",
        "isidempotent(G)",
        1..=1,
        Loopy,
        "whether G + G = G",
        "isidempotent(G): true when G + G = G, as for on, off and over.\nExample: isidempotent(over) is true; isidempotent({pass|3/2}) is false.",
        |s, v| {
            let t = loopy_arg(s, &v, 0)?;
            s.threats
                .is_idempotent(s.arena, t)
                .map(Value::Bool)
                .map_err(at0)
        }
    ),
];

const HELP_LOOPY: &str =
    "Loopy games: positions may repeat (WW ch. 11; Siegel, CGT, ch. VI; CGSuite's notation).
  {pass|3/2}                 `pass` is a move to the game itself: 3/2under
  a{0|a}  x{0||||0|||x|*||*} a label names the game of its braces for use inside them
  on = {on|}  off = {|off}   a win that never runs out of moves: Left's, Right's
  over = {0|over}  under     the infinitesimals of pass-like play (under = -over); 5over
  upon = {pass|*}            printed ^[on]; upon + * is ^[on]*
  dud = {dud|dud}            deathless universal draw: on + off
  s & t                      the game with onside s and offside t: over & v
A stopper (no endless play with the players alternating) simplifies to its simplest form:
dominated options deleted, reversible ones bypassed, equal positions fused; special forms
print as CGSuite prints them (5over, ^[on]*, -1/4v[on], ^<on>, +-(5over), Tiny(on)), and a
cycle that remains prints with labels. Stoppers compare in the stopper order (G >= H when
Left, moving second in G - H, survives: wins or plays for ever). Chess pawn values (pawns)
are stoppers with on and off among their followers ({on|0}, {1|off}).
A game that is not a stopper is given by its sides, printed onside & offside (on & off
prints dud): a{{|a}|} is 1 & 0, {0|{dud|},*} is ^ & v*, {2&-2|1&-2} is {2|1} & -2*. Sums
add onsides and offsides (upsum and downsum); comparison is side by side; n.G is n copies. The onside is
found among unravellings of the game's cycles and proved equal to the game; a game whose
sides are not stoppers (Bach's Carousel) is an error.
lstop, rstop, outcome and followers take loopy games too (the outcome of a sided game is
L, R, N, P, NHat, PHat, NCheck, PCheck or D).
Example: on > 5 is true, over > 0 is true, over > 1/1024 is false, over + 1 is 1over,
on + off is dud, over + over is over.";

/// `:help loopy`: the notation, then every function on loopy games.
pub fn help_page() -> String {
    let mut page = HELP_LOOPY.to_string();
    page.push_str("\n\nFunctions (`:help NAME` for details):\n");
    for f in LOOPY_FUNCTIONS {
        page.push_str(&format!("  {:<26} {}\n", f.signature, f.summary));
    }
    page.trim_end().to_string()
}

/// `Tiny(G)` = {0||0|-G} or `Miny(G)` = {G|0||0} for a loopy `G`.
fn tiny_of(
    a: &mut crate::game::Arena,
    th: &mut crate::game::threat::Threats,
    sub: ThreatId,
    miny: bool,
) -> Result<ThreatId, String> {
    let zero = th.short(a.zero());
    if miny {
        let inner = th.node(a, vec![sub], vec![zero])?;
        th.node(a, vec![inner], vec![zero])
    } else {
        let n = th.neg(a, sub);
        let inner = th.node(a, vec![zero], vec![n])?;
        th.node(a, vec![zero], vec![inner])
    }
}

/// The `Tiny` and `Miny` built-ins for a loopy argument.
pub(super) fn tiny(s: &mut Context, t: ThreatId, miny: bool) -> crate::calc::args::CallResult {
    let r = tiny_of(s.arena, s.threats, t, miny).map_err(at0)?;
    Ok(Value::loopy(s.threats, r))
}
