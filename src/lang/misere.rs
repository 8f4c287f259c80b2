//! Misère impartial games in the language: `*[...]` forms, `misere(G)` of what is written,
//! the misère sum, and the functions on misère forms (Conway, ONAG ch. 12; WW ch. 13;
//! Siegel, CGT, ch. V). Forms live in the process-wide store ([`crate::game::misere::shared`]).

use super::builtins::{Builtin, CallError, CallResult};
use super::session::Session;
use crate::calc::value::Value;
use crate::function;
use crate::game::misere::{self, GENUS_TERMS, MisereId, MisereStore};
use crate::game::{Arena, Dyadic, GameId, Outcome};
use crate::syntax::ast::{BinOp, Expr, ExprKind, Literal};
use crate::syntax::error::CgError;
use crate::syntax::span::Span;

/// The error for an element of `*[...]` that is no heap, list or misère game.
const WHAT_A_FORM_HOLDS: &str = "a misère game is written with nim heaps (integers), lists of options and misère games, e.g. *[[4, 2], 3] or *[2[2]]";

impl Session {
    /// `*[a, b, ...]`: one element is that game; several are the options (CGSuite's reading).
    pub(crate) fn misere_list(&mut self, items: &[Expr]) -> Result<Value, CgError> {
        let mut values = Vec::with_capacity(items.len());
        for it in items {
            values.push((self.eval(it)?, it.span));
        }
        let mut store = misere::shared();
        let g = if let [(v, at)] = values.as_slice() {
            misere_of_item(&mut store, &self.arena, v, *at)?
        } else {
            let options = values
                .iter()
                .map(|(v, at)| misere_of_item(&mut store, &self.arena, v, *at))
                .collect::<Result<Vec<_>, _>>()?;
            store.game(options)
        };
        Ok(Value::Misere(g))
    }

    /// `a op b` where one side is a misère game: only the misère sum of two misère games.
    pub(crate) fn misere_binary(
        &mut self,
        op: BinOp,
        lhs: &Value,
        rhs: &Value,
        span: Span,
    ) -> Result<Value, CgError> {
        match (op, lhs, rhs) {
            (BinOp::Add, Value::Misere(a), Value::Misere(b)) => {
                Ok(Value::Misere(misere::shared().add(*a, *b)))
            }
            (BinOp::Add, _, _) => {
                let other = if matches!(lhs, Value::Misere(_)) {
                    rhs
                } else {
                    lhs
                };
                Err(CgError::at(
                    span,
                    format!(
                        "a misère game adds only to a misère game, not to a {}",
                        other.type_name()
                    ),
                )
                .with_hint("write the other summand as a misère form too: *[3] for a nim heap, or misere(G)"))
            }
            _ => Err(CgError::at(
                span,
                format!(
                    "misère games have the sum `+` only, not `{}` (an impartial game is its own negative only in normal play)",
                    op.as_str()
                ),
            )),
        }
    }

    /// The misère form of an expression as written (`misere(G)`): nimbers are nim heaps,
    /// `+` the misère sum, `{a, b | a, b}` the game of those options; anything else is
    /// evaluated and read as a misère game (a position of an impartial ruleset by its own
    /// game tree; a normal-play value only where it is a nimber, which is all it still
    /// knows).
    fn misere_expr(&mut self, e: &Expr) -> Result<MisereId, CgError> {
        match &e.kind {
            ExprKind::Literal(lit) if let Some(n) = literal_heap(lit) => {
                let n = u32::try_from(n).map_err(|_| {
                    CgError::at(
                        e.span,
                        format!("nim heap {n} is too large for a misère form"),
                    )
                })?;
                Ok(misere::shared().nimber(n))
            }
            ExprKind::Game { left, right } => {
                let mut sides = [Vec::new(), Vec::new()];
                for (side, options) in [left, right].into_iter().enumerate() {
                    for o in options {
                        sides[side].push(self.misere_expr(o)?);
                    }
                    sides[side].sort_unstable();
                    sides[side].dedup();
                }
                if sides[0] != sides[1] {
                    return Err(CgError::at(
                        e.span,
                        "a misère form is of an impartial game: Left's and Right's options must be the same, e.g. {0, *|0, *}",
                    ));
                }
                let [options, _] = sides;
                Ok(misere::shared().game(options))
            }
            ExprKind::Chain { first, rest } if rest.iter().all(|(op, _)| *op == BinOp::Add) => {
                let mut acc = self.misere_expr(first)?;
                for (_, term) in rest {
                    let t = self.misere_expr(term)?;
                    acc = misere::shared().add(acc, t);
                }
                Ok(acc)
            }
            _ => {
                let v = self.eval(e)?;
                self.misere_of_value(v, e.span)
            }
        }
    }

    /// A value read as a misère game: a misère form, a position of an impartial ruleset
    /// (valued by its game tree), or a nimber.
    fn misere_of_value(&mut self, v: Value, span: Span) -> Result<MisereId, CgError> {
        match v {
            Value::Misere(g) => Ok(g),
            Value::Position(p) => {
                let found = {
                    let mut store = misere::shared();
                    let mut ctx = self.context();
                    ctx.with_search(|env| p.position.misere_form(env, &mut store))
                };
                found.ok_or_else(|| {
                    CgError::at(
                        span,
                        format!(
                            "{} is not an impartial game, so it has no misère canonical form",
                            p.position.ruleset()
                        ),
                    )
                })
            }
            Value::Game(g) => match nimber_of(&self.arena, g) {
                Some(n) => Ok(misere::shared().nimber(n)),
                None => Err(CgError::at(
                    span,
                    "this game is not impartial (not a nimber), so it has no misère form",
                )),
            },
            other => Err(CgError::at(
                span,
                format!("expected a game, not a {}", other.type_name()),
            )),
        }
    }
}

/// The nim heap a literal writes: `0`, `*`, `*5` (no number, ups or Tiny part beside a
/// nimber, or the number 0 alone).
fn literal_heap(lit: &Literal) -> Option<u64> {
    let zero = |n: &crate::syntax::ast::NumLit| {
        n.denominator.is_none() && n.numerator.bytes().all(|b| b == b'0')
    };
    if lit.ups.is_some() || lit.tiny.is_some() || lit.negative {
        return None;
    }
    match (&lit.number, lit.nim) {
        (None, Some(n)) => Some(n),
        (Some(n), None) if zero(n) => Some(0),
        _ => None,
    }
}

/// The heap size of a nimber value `*n`.
fn nimber_of(arena: &Arena, g: GameId) -> Option<u32> {
    let v = arena.get_nus(g)?;
    (v.number == Dyadic::ZERO && v.ups == 0).then_some(v.nim)
}

/// An element of `*[...]`: an integer is a nim heap, a list the game of its elements, a
/// misère game itself.
fn misere_of_item(
    store: &mut MisereStore,
    arena: &Arena,
    v: &Value,
    span: Span,
) -> Result<MisereId, CgError> {
    match v {
        Value::Misere(g) => Ok(*g),
        Value::Game(g) => match heap_size_of(arena, *g) {
            Some(n) => Ok(store.nimber(n)),
            None => Err(CgError::at(span, WHAT_A_FORM_HOLDS)),
        },
        Value::List(items) => {
            let options = items
                .iter()
                .map(|it| misere_of_item(store, arena, it, span))
                .collect::<Result<Vec<_>, _>>()?;
            Ok(store.game(options))
        }
        _ => Err(CgError::at(span, WHAT_A_FORM_HOLDS)),
    }
}

/// A non-negative integer up to [`misere::MAX_HEAP`] as a heap size.
fn heap_size_of(arena: &Arena, g: GameId) -> Option<u32> {
    let n = arena.as_number(g)?.to_i64()?;
    u32::try_from(n).ok().filter(|&n| n <= misere::MAX_HEAP)
}

/// The misère game argument `i`.
fn form(v: &[Value], i: usize) -> Result<MisereId, CallError> {
    match &v[i] {
        Value::Misere(g) => Ok(*g),
        other => Err(CallError::arg(
            i,
            format!(
                "expected a misère game, e.g. *[2] or misere(G), not a {}",
                other.type_name()
            ),
        )),
    }
}

fn boolean(v: &[Value], f: fn(&mut MisereStore, MisereId) -> bool) -> CallResult {
    let g = form(v, 0)?;
    Ok(Value::Bool(f(&mut misere::shared(), g)))
}

/// A genus as CGSuite's plain text writes it: `0^120`, with commas and parentheses when a
/// term has two digits (`12^(12,14)`).
pub fn genus_text(g: u32, gammas: &[u32]) -> String {
    let terms: Vec<String> = gammas.iter().map(u32::to_string).collect();
    if gammas.iter().any(|&x| x >= 10) {
        format!("{g}^({})", terms.join(","))
    } else {
        format!("{g}^{}", terms.concat())
    }
}

/// The functions on misère games, in the order `:help` lists them.
pub static MISERE_FUNCTIONS: &[Builtin] = &[
    Builtin {
        quoted: true,
        ..function!(
            "misere",
            "misere(G)",
            1..=1,
            Misere,
            "the misère canonical form of an impartial game, as written",
            "misere(G) is the canonical form of the impartial game G in misère play, where the player\nwho moves last loses (Conway, ONAG ch. 12; Siegel, CGT, ch. V): options are made canonical,\nthen G is replaced by K, an option of an option, when K's options are all options of G, every\nother option of G has K as an option, and (if K is 0) some option of G is a misère\nP-position. G is read as written: *n is the nim heap n, + the misère sum and {a, b | a, b}\nthe game with those options, so misere(*2 + *2) is *[2[2]] (normal play would first make\nit 0). A position of an impartial ruleset is valued by its own game tree, in parts where it\nsplits into a sum: misere(takeandbreak(\"4!.0\", 9)) for Grundy's game, misere(cram(\"...|...\")).\nForms print in CGSuite's notation (`:help misere`).\nExample: misere(*2 + *2) is *[2[2]]; misere({0, *2 | 0, *2}) is *[1] (Conway's reduction).",
            |s, v| {
                let Value::Quoted(e) = &v[0] else {
                    return Err(CallError::arg(0, "expected a game"));
                };
                s.misere_expr(e).map(Value::Misere).map_err(CallError::Eval)
            }
        )
    },
    function!(
        "genus",
        "genus(G)",
        1..=1,
        Misere,
        "Conway's genus of a misère game",
        "genus(G) is Conway's genus g^(γ0 γ1 ...) of the misère game G (ONAG ch. 12): g is its\nnormal-play nim value, γn the misère nim value of G + *2 + ... + *2 (n heaps of 2); the\nsequence alternates from some point on and is written up to there, as CGSuite writes it.\nExample: genus(*[0]) is 0^120, genus(*[1]) is 1^031, genus(*[2]) is 2^20.",
        |_, v| {
            let g = form(v, 0)?;
            let (n, gammas) = misere::shared().genus(g, GENUS_TERMS);
            Ok(Value::Text(genus_text(n, &gammas)))
        }
    ),
    function!(
        "miserenimval",
        "miserenimval(G)",
        1..=1,
        Misere,
        "the misère nim value of a misère game",
        "miserenimval(G) is the misère nim value of G (γ0 of its genus): 1 for 0, otherwise the least\nvalue no option has; it is 0 exactly when G is a misère P-position.\nExample: miserenimval(*[0]) is 1, miserenimval(*[2[2]]) is 0.",
        |s, v| {
            let g = form(v, 0)?;
            let n = misere::shared().misere_grundy(g);
            Ok(Value::Game(s.arena.integer(i64::from(n))))
        }
    ),
    function!(
        "misereoutcome",
        "misereoutcome(G)",
        1..=1,
        Misere,
        "P or N: who wins a misère game",
        "misereoutcome(G) is P when the previous player wins G in misère play (every move leads to\na position the next player wins; 0 is not one: its player to move has no move and wins),\nN otherwise.\nExample: misereoutcome(*[0]) is N, misereoutcome(*[1]) is P.",
        |_, v| {
            let g = form(v, 0)?;
            let p = misere::shared().is_p_position(g);
            Ok(Value::Outcome(if p { Outcome::P } else { Outcome::N }))
        }
    ),
    function!(
        "mate",
        "mate(G)",
        1..=1,
        Misere,
        "Conway's mate of a misère game",
        "mate(G) is Conway's mate of G (ONAG ch. 12): the mate of 0 is *, of any other game the\ngame of its options' mates.\nExample: mate(*[0]) is *[1], mate(*[1]) is *[0], mate(*[2#0]) is *[2#1].",
        |_, v| {
            let g = form(v, 0)?;
            Ok(Value::Misere(misere::shared().mate(g)))
        }
    ),
    function!(
        "istame",
        "istame(G)",
        1..=1,
        Misere,
        "whether a misère game and all its followers have Nim's genera",
        "istame(G) is true when G and every position of it have the genus of a misère Nim position:\n0^120, 1^031 or a^(a, a xor 2) (Conway's tame games, ONAG ch. 12; WW ch. 13): tame games\nadd like Nim positions.\nExample: istame(*[2#]) is true, istame(*[2#0]) is false.",
        |_, v| boolean(v, MisereStore::is_tame)
    ),
    function!(
        "isrestive",
        "isrestive(G)",
        1..=1,
        Misere,
        "whether a misère game is restive",
        "isrestive(G) is true when G is not tame, all its options are tame and its normal-play nim\nvalue is 0 or 1 (WW ch. 13; CGSuite's hereditarily restive games).\nExample: isrestive(*[2#0]) is true.",
        |_, v| boolean(v, MisereStore::is_restive)
    ),
    function!(
        "isrestless",
        "isrestless(G)",
        1..=1,
        Misere,
        "whether a misère game is restless",
        "isrestless(G) is true when G is not tame, all its options are tame, its normal-play nim\nvalue is 2 or more and its misère nim value 0 or 1 (CGSuite's restless games).\nExample: isrestless(*[2#1]) is true.",
        |_, v| boolean(v, MisereStore::is_restless)
    ),
    function!(
        "parts",
        "parts(G)",
        1..=1,
        Misere,
        "the proper parts of a misère game: the H with G = H + K",
        "parts(G) lists the proper parts of the misère game G (ONAG ch. 12): the games H, other than\n0 and G, with G = H + K for some K, each in its even form (of H and H + *, the one born\nfirst: parts come in such pairs, as * + * = 0). Every option of A + B has A or B as a part,\nso the parts are found among the options' parts and checked by adding the difference back.\nExample: parts(*[2[2]]) is [*[2]]; parts(*[4[2#]]) has Norton's two pairs; len(parts(*[5])) is 0.",
        |_, v| {
            let g = form(v, 0)?;
            let parts = misere::shared().parts(g);
            Ok(Value::List(parts.into_iter().map(Value::Misere).collect()))
        }
    ),
    function!(
        "partitions",
        "partitions(G)",
        1..=1,
        Misere,
        "the ways to write a misère game as a sum of primes",
        "partitions(G) lists the ways to write the misère game G as a sum of even primes (plus * where\nthe parities ask), each a list: 0 and * have the one empty partition, a prime its even form\nalone. Norton found that partitions are not unique (ONAG ch. 12): *[4[2#]], the game whose\none option is *[4] + *[2], is *[2] + K and *[4] + L for two primes K and L.\nExample: partitions(*[2[2]]) is [[*[2], *[2]]]; len(partitions(*[4[2#]])) is 2.",
        |_, v| {
            let g = form(v, 0)?;
            let partitions = misere::shared().partitions(g);
            Ok(Value::List(
                partitions
                    .into_iter()
                    .map(|p| Value::List(p.into_iter().map(Value::Misere).collect()))
                    .collect(),
            ))
        }
    ),
    function!(
        "isprime",
        "isprime(G)",
        1..=1,
        Misere,
        "whether a misère game is prime",
        "isprime(G) is true when G is not 0 or * and has no proper parts: in any way to write it as\nA + B, A or B is 0 or * (ONAG ch. 12).\nExample: isprime(*[2]) is true, isprime(*[2[2]]) is false.",
        |_, v| boolean(v, MisereStore::is_prime)
    ),
    function!(
        "isextraverted",
        "isextraverted(G)",
        1..=1,
        Misere,
        "whether each option of a misère game is a part of it",
        "isextraverted(G) is true when each option of the misère game G is a part of G (ONAG\nch. 12; by the extraversion-introversion theorem, exactly when G is a part of {G}).\nExample: isextraverted(*[2#]) is true, isextraverted(*[2#0]) is false.",
        |_, v| boolean(v, MisereStore::is_extraverted)
    ),
    function!(
        "isintroverted",
        "isintroverted(G)",
        1..=1,
        Misere,
        "whether a misère game is a part of each of its options",
        "isintroverted(G) is true when G is a part of each of its options (a summand of each);\nby Conway's extraversion-introversion theorem only 0 and * are (ONAG ch. 12).\nExample: isintroverted(*[1]) is true, isintroverted(*[2]) is false.",
        |_, v| boolean(v, MisereStore::is_introverted)
    ),
];
