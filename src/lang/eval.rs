//! Expression evaluation: the AST of one expression to a [`Value`], in a [`Session`].

use std::ops::Neg;

use super::builtins::CallError;
use super::functions::{self, Function};
use super::session::Session;
use crate::calc::args::Args;
use crate::calc::value::{ModulePosition, Value};
use crate::game::display::{Uptimal, UptimalShape};
use crate::game::threat::ThreatId;
use crate::game::{Arena, Dyadic, GameId, Nus, Relation, interrupt};
use crate::search::PositionValue;
use crate::syntax::ast::*;
use crate::syntax::error::CgError;
use crate::syntax::span::Span;

type EvalResult = Result<Value, CgError>;

impl Session {
    pub(crate) fn assert(&mut self, e: &Expr, src: &str) -> Result<(), CgError> {
        if let ExprKind::Compare { op, lhs, rhs } = &e.kind {
            let (l, r) = self.comparands(lhs, rhs)?;
            if self.compare_values(*op, &l, &r, e.span)? {
                return Ok(());
            }
            let (ls, rs) = (self.show(&l), self.show(&r));
            return Err(CgError::at(
                e.span,
                format!(
                    "assertion failed: `{}`: left side is {ls}, right side is {rs}",
                    e.span.text(src)
                ),
            ));
        }
        match self.eval(e)? {
            Value::Bool(true) => Ok(()),
            Value::Bool(false) => Err(CgError::at(
                e.span,
                format!("assertion failed: `{}` is false", e.span.text(src)),
            )),
            other => Err(CgError::at(
                e.span,
                format!(
                    "assert needs a boolean, but this is a {}",
                    other.type_name()
                ),
            )),
        }
    }

    /// Evaluates an expression. An interrupt (Ctrl-C, a budget, a number too large) that
    /// stops an operation becomes an error pointing at that operation.
    pub fn eval(&mut self, e: &Expr) -> EvalResult {
        match &e.kind {
            ExprKind::Name(name) => self.name(name, e.span),
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            _ => stopped_at(e.span, || self.eval_compound(e)),
        }
    }

    fn eval_compound(&mut self, e: &Expr) -> EvalResult {
        match &e.kind {
            ExprKind::Literal(lit)
                if matches!(lit.ups, Some(UpsLit::Upon(_) | UpsLit::UponTh(_))) =>
            {
                self.upon_literal(lit, e.span)
            }
            ExprKind::Literal(lit) if lit.tiny.is_some() => self.tiny_literal(lit, e.span),
            ExprKind::Literal(lit) => self.literal(lit, e.span).map(Value::Game),
            ExprKind::Name(_) | ExprKind::Str(_) => self.eval(e),
            ExprKind::Call {
                name,
                name_span,
                args,
            } => self.call(name, *name_span, args, e.span),
            ExprKind::Game { left, right } if super::loopy::has_pass(left, right) => {
                self.loopy_game(e)
            }
            ExprKind::Labelled { .. } => self.loopy_game(e),
            ExprKind::Sides { onside, offside } => self.sides_value(onside, offside, e.span),
            ExprKind::Game { left, right } => {
                let l = self.options(left, "Left option")?;
                let r = self.options(right, "Right option")?;
                self.build_game(l, r, e.span)
            }
            ExprKind::List(items) => {
                if let [
                    Expr {
                        kind: ExprKind::Generator { body, clauses },
                        ..
                    },
                ] = items.as_slice()
                {
                    return Ok(Value::List(self.generator(body, clauses)?.as_list()));
                }
                let mut out = Vec::with_capacity(items.len());
                let mut values = 1;
                for it in items {
                    let v = self.eval(it)?;
                    values = super::flow::count_values(values, &v, it.span)?;
                    out.push(v);
                }
                Ok(Value::List(out))
            }
            ExprKind::Neg(x) => match self.operand(x)? {
                Operand::Short(g) => Ok(Value::Game(self.arena.neg(g))),
                Operand::Threat(t) => {
                    let n = self.threats.neg(&mut self.arena, t);
                    Ok(self.threat_value(n))
                }
            },
            ExprKind::Switch(x) => {
                let o = self.operand(x)?;
                self.switch_of(&[o], e.span)
            }
            ExprKind::SwitchSet(items) => {
                let os = self.options(items, "option")?;
                self.switch_of(&os, e.span)
            }
            ExprKind::Chain { first, rest } => self.chain(first, rest),
            ExprKind::Compare { op, lhs, rhs } => {
                let (l, r) = self.comparands(lhs, rhs)?;
                self.compare_values(*op, &l, &r, e.span).map(Value::Bool)
            }
            ExprKind::Range { lo, hi } => self.range_value(lo, hi, e.span),
            ExprKind::MisereForm(spec) => {
                Ok(Value::Misere(crate::game::misere::shared().from_spec(spec)))
            }
            ExprKind::MisereList(items) => self.misere_list(items),
            ExprKind::Index { base, index } => self.index_value(base, index, e.span),
            ExprKind::If { .. } => self.if_value(e),
            ExprKind::Generator { body, clauses } => Ok(Value::Table(std::sync::Arc::new(
                self.generator(body, clauses)?,
            ))),
        }
    }

    /// Evaluates an expression that must be a game.
    pub fn game(&mut self, e: &Expr) -> Result<GameId, CgError> {
        let v = self.eval(e)?;
        match self.game_value(v, e.span)? {
            Value::Game(g) => Ok(g),
            other => Err(CgError::at(
                e.span,
                crate::calc::value::expected_game(&other),
            )),
        }
    }

    /// The options written at `es`: a game each, or the games of a list or a generator, which
    /// stand for their elements (language.md, options from lists).
    pub(super) fn options(&mut self, es: &[Expr], what: &str) -> Result<Vec<Operand>, CgError> {
        let mut out = Vec::with_capacity(es.len());
        for e in es {
            let v = match &e.kind {
                ExprKind::Generator { body, clauses } => {
                    Value::List(self.generator(body, clauses)?.as_list())
                }
                _ => self.eval(e)?,
            };
            let (items, from_list) = match self.game_value(v, e.span)? {
                Value::List(items) => (items, true),
                Value::Table(t) => (t.as_list(), true),
                v => (vec![v], false),
            };
            for (i, item) in items.into_iter().enumerate() {
                match self.game_value(item, e.span)? {
                    Value::Game(g) => out.push(Operand::Short(g)),
                    Value::Threat(t) => out.push(Operand::Threat(t)),
                    other => {
                        let which = if from_list {
                            format!(" (element {} of the list)", i + 1)
                        } else {
                            String::new()
                        };
                        return Err(CgError::at(
                            e.span,
                            format!(
                                "a {what}{which} must be a game, but this is a {}",
                                other.type_name()
                            ),
                        ));
                    }
                }
            }
        }
        Ok(out)
    }

    /// Evaluates an operand of game algebra.
    fn operand(&mut self, e: &Expr) -> Result<Operand, CgError> {
        let v = self.eval(e)?;
        self.operand_of(v, e.span)
    }

    /// A value as an operand of game algebra.
    fn operand_of(&mut self, v: Value, span: Span) -> Result<Operand, CgError> {
        match self.game_value(v, span)? {
            Value::Game(g) => Ok(Operand::Short(g)),
            Value::Threat(t) => Ok(Operand::Threat(t)),
            other => Err(CgError::at(span, crate::calc::value::expected_game(&other))),
        }
    }

    /// A position stands for its value (searched if needed): a game or a threat game. A
    /// forced global win is no game, so it is an error here. Other values pass unchanged.
    pub(crate) fn game_value(&mut self, v: Value, span: Span) -> EvalResult {
        if let Value::Dtm(d) = &v {
            return self.dtm_game(d, span);
        }
        let Value::Position(p) = &v else {
            return Ok(v);
        };
        refuse_algebra(&v, span)?;
        match self.searched_value(p, span)? {
            PositionValue::Game(g) => Ok(Value::Game(g)),
            PositionValue::Threat(t) => Ok(Value::Threat(t)),
            PositionValue::Win(who) => {
                let [left, right] = p.position.player_names();
                let name = if who == crate::search::Player::Left {
                    left
                } else {
                    right
                };
                Err(CgError::at(
                    span,
                    format!(
                        "this {} position is a forced win for {name} (`{}`): it is not a game, so it has no sums, options or comparisons",
                        p.position.ruleset(),
                        crate::calc::value::win_text(who)
                    ),
                ))
            }
        }
    }

    pub(super) fn threat_id(&mut self, o: Operand) -> ThreatId {
        match o {
            Operand::Short(g) => self.threats.short(g),
            Operand::Threat(t) => t,
        }
    }

    /// A threat id as a value: plain short games become `Value::Game`.
    pub(super) fn threat_value(&self, t: ThreatId) -> Value {
        Value::loopy(&self.threats, t)
    }

    /// `{left | right}`: canonical in the arena, or a simplified threat game.
    fn build_game(&mut self, left: Vec<Operand>, right: Vec<Operand>, span: Span) -> EvalResult {
        let all_short = left
            .iter()
            .chain(right.iter())
            .all(|o| matches!(o, Operand::Short(_)));
        if all_short {
            let l = left.into_iter().map(Operand::short).collect();
            let r = right.into_iter().map(Operand::short).collect();
            return Ok(Value::Game(self.arena.game(l, r)));
        }
        let l = left.into_iter().map(|o| self.threat_id(o)).collect();
        let r = right.into_iter().map(|o| self.threat_id(o)).collect();
        let t = self
            .threats
            .node(&mut self.arena, l, r)
            .map_err(|m| CgError::at(span, m))?;
        Ok(self.threat_value(t))
    }

    /// `+-{a, b, ...}` = `{a, b, ... | -a, -b, ...}`.
    fn switch_of(&mut self, opts: &[Operand], span: Span) -> EvalResult {
        let mut negs = Vec::with_capacity(opts.len());
        for &o in opts {
            negs.push(match o {
                Operand::Short(g) => Operand::Short(self.arena.neg(g)),
                Operand::Threat(t) => Operand::Threat(self.threats.neg(&mut self.arena, t)),
            });
        }
        self.build_game(opts.to_vec(), negs, span)
    }

    pub(super) fn literal(&mut self, lit: &Literal, span: Span) -> Result<GameId, CgError> {
        let mut number = match &lit.number {
            Some(n) => Dyadic::from_fraction_digits(&n.numerator, n.denominator.as_deref())
                .map_err(|m| CgError::at(span, m))?,
            None => Dyadic::ZERO,
        };
        if lit.negative {
            number = number.neg();
        }
        let nim = match lit.nim {
            Some(n) => u32::try_from(n).map_err(|_| CgError::at(span, "nimber too large"))?,
            None => 0,
        };
        let mut g = match lit.ups {
            None => self.arena.nus(Nus {
                number,
                ups: 0,
                nim,
            }),
            Some(UpsLit::Ups(k)) => self.arena.nus(Nus {
                number,
                ups: k,
                nim,
            }),
            Some(UpsLit::Upon(_) | UpsLit::UponTh(_)) => {
                return Err(CgError::at(
                    span,
                    "^[on] and ^<on> are loopy games, not short ones",
                ));
            }
            Some(UpsLit::UpNth(k)) | Some(UpsLit::UpTo(k)) => {
                let n = u32::try_from(k.unsigned_abs())
                    .ok()
                    .filter(|&n| (1..=1000).contains(&n))
                    .ok_or_else(|| {
                        CgError::at(
                            span,
                            "the index of ^<n> and ^[n] must be between 1 and 1000",
                        )
                    })?;
                let shape = if matches!(lit.ups, Some(UpsLit::UpNth(_))) {
                    UptimalShape::UpNth
                } else {
                    UptimalShape::UpTo
                };
                self.arena.uptimal_value(Uptimal {
                    number,
                    shape,
                    n,
                    negative: k < 0,
                    nim,
                })
            }
        };
        if let Some((kind, arg)) = &lit.tiny {
            let sub = self.game(arg)?;
            let t = match kind {
                TinyKind::Tiny => self.arena.tiny(sub),
                TinyKind::Miny => self.arena.miny(sub),
            };
            g = self.arena.add(g, t);
        }
        Ok(g)
    }

    fn name(&mut self, name: &str, span: Span) -> EvalResult {
        match name {
            "true" => return Ok(Value::Bool(true)),
            "false" => return Ok(Value::Bool(false)),
            _ => {}
        }
        if let Some(v) = self.var_ref(name) {
            return super::flow::copy_value(v, span);
        }
        if name == "_" {
            return Err(CgError::at(
                span,
                "`_` is the last result, and there is none yet",
            ));
        }
        let constant = match name {
            "on" => Some(self.threats.on()),
            "off" => Some(self.threats.off()),
            "over" => Some(self.threats.over()),
            "under" => Some(self.threats.under()),
            "dud" => Some(self.threats.dud()),
            "upon" => Some(super::loopy::upon(self, span)?),
            "pass" => return Err(super::loopy::pass_outside(span)),
            _ => None,
        };
        if let Some(t) = constant {
            return Ok(Value::Threat(t));
        }
        if functions::lookup(name).is_some() || self.functions.contains_key(name) {
            return Err(CgError::at(
                span,
                format!("`{name}` is a function: call it as `{name}(...)`"),
            ));
        }
        let mut err = CgError::at(span, format!("unknown variable `{name}`"));
        if let Some(c) = super::cgsuite_names::lookup(name) {
            // CGSuite's `g.Mean` parses as the Norton product of g and a variable `Mean`.
            let hint = match (c.form, c.ours) {
                (None, Some(f)) => format!("{}: write {f}(G), not G.{}", c.sentence(), c.cgsuite),
                _ => c.sentence(),
            };
            return Err(err.with_hint(hint));
        }
        if let Some(close) = functions::closest(name, self.vars.keys().map(String::as_str)) {
            err = err.with_hint(format!("did you mean `{close}`?"));
        }
        Err(err)
    }

    /// CGSuite's class path `game.grid.Domineering(...)` (Norton products to the parser): an
    /// error naming our form, or `None` when the chain is no such path (`game` is a variable).
    fn cgsuite_path(&self, first: &Expr, rest: &[(BinOp, Expr)]) -> Option<CgError> {
        let ExprKind::Name(root) = &first.kind else {
            return None;
        };
        if root != "game" || self.vars.contains_key(root) {
            return None;
        }
        let mut path = vec![root.as_str()];
        for (i, (op, e)) in rest.iter().enumerate() {
            if *op != BinOp::Norton {
                return None;
            }
            match &e.kind {
                ExprKind::Name(n) => path.push(n),
                ExprKind::Call { name, .. } if i + 1 == rest.len() => path.push(name),
                _ => return None,
            }
        }
        let last = rest.last()?;
        let span = first.span.to(last.1.span);
        let class = path.join(".");
        let err = CgError::at(span, format!("`{class}` is a CGSuite class path"));
        let name = path.last().copied().unwrap_or_default();
        Some(match super::cgsuite_names::lookup(name) {
            Some(c) => match (c.form, c.ours) {
                (None, Some(f)) => err.with_hint(format!("{}: write {f}(...)", c.sentence())),
                _ => err.with_hint(c.sentence()),
            },
            None => err.with_hint(format!(
                "cgcalc names its rulesets and functions in lower case without a path; `:help` lists them{}",
                functions::lookup(&name.to_ascii_lowercase())
                    .map(|_| format!(" (try `{}`)", name.to_ascii_lowercase()))
                    .unwrap_or_default()
            )),
        })
    }

    /// A call of a function of the table: arity, arguments, then the row's implementation.
    fn call(&mut self, name: &str, name_span: Span, args: &[Expr], span: Span) -> EvalResult {
        let Some(f) = functions::lookup(name) else {
            if let Some(u) = self.user_function(name) {
                let mut values = Vec::with_capacity(args.len());
                for a in args {
                    values.push(self.eval(a)?);
                }
                return self.call_user(&u, values, span);
            }
            let mut err = CgError::at(name_span, format!("unknown function `{name}`"));
            if let Some(c) = super::cgsuite_names::lookup(name) {
                let hint = match (c.form, c.ours) {
                    (None, Some(f)) => format!("{}: write {f}(...)", c.sentence()),
                    _ => c.sentence(),
                };
                return Err(err.with_hint(hint));
            }
            let mut candidates: Vec<&str> = functions::names().collect();
            candidates.extend(self.functions.keys().map(String::as_str));
            if let Some(close) = functions::closest(name, candidates.into_iter()) {
                err = err.with_hint(format!(
                    "did you mean `{close}`? (`:help` lists the functions)"
                ));
            }
            return Err(err);
        };
        check_arity(f, args.len(), span)?;
        let takes = f.takes();
        let mut values = Vec::with_capacity(args.len());
        for (i, a) in args.iter().enumerate() {
            let summands = match &a.kind {
                ExprKind::Chain { first, rest }
                    if takes.summands && i == 0 && rest.iter().all(|(op, _)| *op == BinOp::Add) =>
                {
                    Some(std::iter::once(&**first).chain(rest.iter().map(|(_, e)| e)))
                }
                _ => None,
            };
            if takes.quoted && i == 0 {
                values.push(Value::Quoted(Box::new(a.clone())));
                continue;
            }
            if let ExprKind::Name(fname) = &a.kind
                && takes.function
                && i == 0
                && self.var_ref(fname).is_none()
                && (functions::lookup(fname).is_some() || self.functions.contains_key(fname))
            {
                values.push(Value::Func(fname.clone()));
                continue;
            }
            match summands {
                Some(terms) => {
                    let mut list = Vec::new();
                    for t in terms {
                        list.push(self.eval(t)?);
                    }
                    values.push(Value::List(list));
                }
                None => values.push(self.eval(a)?),
            }
        }
        if !takes.positions {
            for (v, a) in values.iter_mut().zip(args) {
                *v = self.plain_value(std::mem::replace(v, Value::Bool(false)), a.span)?;
            }
        }
        self.run_function(f, values)
            .map_err(|e| call_error(e, args, span))
    }

    /// Runs a row of the function table on arguments already prepared as it takes them: a
    /// built-in on the session, a ruleset's function on the narrow context, a constructor
    /// to a position that remembers its call.
    fn run_function(&mut self, f: Function, values: Vec<Value>) -> Result<Value, CallError> {
        match f {
            Function::Builtin(b) => (b.run)(self, &values),
            Function::Context(b) => (b.run)(&mut self.context(), Args::new(&values)),
            Function::Ruleset(r, _) => (r.run)(&mut self.context(), Args::new(&values)),
            Function::Constructor(c, _) => {
                let position = (c.build)(&mut self.context(), Args::new(&values))?;
                let source = constructor_call(&self.arena, c.name, &values);
                Ok(Value::Position(std::sync::Arc::new(
                    ModulePosition::new(position).with_source(source),
                )))
            }
        }
    }

    /// Applies the function called `name` (a built-in or a user function) to values, for
    /// `map` and `filter`; errors point at `span`.
    pub(crate) fn apply(&mut self, name: &str, args: Vec<Value>, span: Span) -> EvalResult {
        if let Some(u) = self.user_function(name) {
            return self.call_user(&u, args, span);
        }
        let Some(f) = functions::lookup(name) else {
            return Err(CgError::at(span, format!("unknown function `{name}`")));
        };
        check_arity(f, args.len(), span)?;
        let mut values = Vec::with_capacity(args.len());
        for v in args {
            values.push(if f.takes().positions {
                v
            } else {
                self.plain_value(v, span)?
            });
        }
        stopped_at(span, || {
            self.run_function(f, values).map_err(|e| match e {
                CallError::Arg(_, m) | CallError::ArgAt(_, _, m) | CallError::Call(m) => {
                    CgError::at(span, m)
                }
                CallError::Eval(e) => e,
            })
        })
    }

    /// A distance to mate in algebra: its number of moves; a draw has none, an error.
    fn dtm_game(&mut self, d: &crate::calc::value::DistanceToMate, span: Span) -> EvalResult {
        match d.moves {
            Some(n) => Ok(Value::Game(self.arena.integer(i64::from(n)))),
            None => Err(CgError::at(
                span,
                "this endgame is a draw (White cannot force mate): it has no distance to mate to compute with",
            )),
        }
    }

    /// `a + b` of two values (for `sum`).
    pub(crate) fn add_values(&mut self, a: Value, b: Value, span: Span) -> EvalResult {
        let a = self.game_value(a, span)?;
        let b = self.game_value(b, span)?;
        stopped_at(span, || self.binary(BinOp::Add, a, b, span))
    }

    /// The items of a list with every position replaced by its value, for a function that
    /// takes positions as they are but reads this argument (number `arg`) as games.
    pub(crate) fn plain_items(
        &mut self,
        items: Vec<Value>,
        arg: usize,
    ) -> Result<Vec<Value>, CallError> {
        items
            .into_iter()
            .map(|x| {
                self.plain_value(x, Span::default())
                    .map_err(|e| CallError::Arg(arg, e.message))
            })
            .collect()
    }

    /// A value with every position in it (lists included) replaced by its value.
    fn plain_value(&mut self, v: Value, span: Span) -> EvalResult {
        match v {
            Value::Position(_) => self.game_value(v, span),
            // A draw stays itself: `max` and the like say what it is.
            Value::Dtm(ref d) if d.moves.is_some() => self.game_value(v, span),
            Value::List(items) => items
                .into_iter()
                .map(|x| self.plain_value(x, span))
                .collect::<Result<Vec<_>, _>>()
                .map(Value::List),
            other => Ok(other),
        }
    }

    /// `a op1 b op2 c ...`, left to right; an interrupt points at the part evaluated so far.
    fn chain(&mut self, first: &Expr, rest: &[(BinOp, Expr)]) -> EvalResult {
        if let Some(err) = self.cgsuite_path(first, rest) {
            return Err(err);
        }
        let mut acc = self.eval(first)?;
        let mut acc_span = first.span;
        if rest.is_empty() {
            return self.game_value(acc, acc_span);
        }
        for (op, e) in rest {
            let rhs = self.eval(e)?;
            let span = first.span.to(e.span);
            if *op == BinOp::Add
                && let Some(joined) = join_positions(&acc, &rhs)
            {
                acc = joined.map_err(|why| CgError::at(span, why))?;
                acc_span = span;
                continue;
            }
            if matches!(acc, Value::Misere(_)) || matches!(rhs, Value::Misere(_)) {
                acc = self.misere_binary(*op, &acc, &rhs, span)?;
                acc_span = span;
                continue;
            }
            let lhs = self.game_value(acc, acc_span)?;
            let rhs = self.game_value(rhs, e.span)?;
            acc = stopped_at(span, || self.binary(*op, lhs, rhs, span))?;
            acc_span = span;
        }
        Ok(acc)
    }

    /// `a op b` for evaluated operands (`span` covers both).
    fn binary(&mut self, op: BinOp, lhs: Value, rhs: Value, span: Span) -> EvalResult {
        let oa = self.operand_of(lhs, span)?;
        let ob = self.operand_of(rhs, span)?;
        let (a, b) = match (oa, ob) {
            (Operand::Short(a), Operand::Short(b)) => (a, b),
            _ => return self.threat_binary(op, oa, ob, span),
        };
        let g = match op {
            BinOp::Add => self.arena.add(a, b),
            BinOp::Sub => self.arena.sub(a, b),
            BinOp::PlusMinus => {
                let s = self.arena.switch(b);
                self.arena.add(a, s)
            }
            BinOp::Ordinal => self.arena.ordinal_sum(a, b),
            BinOp::Norton => self.arena.norton(a, b),
        };
        Ok(Value::Game(g))
    }

    /// Sums and differences involving threat games and loopy constants.
    fn threat_binary(&mut self, op: BinOp, a: Operand, b: Operand, span: Span) -> EvalResult {
        let ta = self.threat_id(a);
        let tb = self.threat_id(b);
        let r = match op {
            BinOp::Add => self.threats.sum(&mut self.arena, ta, tb),
            BinOp::Sub => self.threats.difference(&mut self.arena, ta, tb),
            BinOp::PlusMinus => {
                let sw = self.switch_of(&[b], span)?;
                let ts = self.threat_of(&sw);
                self.threats.sum(&mut self.arena, ta, ts)
            }
            BinOp::Norton if self.threats.as_short(ta).is_some() => {
                let g = self.threats.as_short(ta).expect("checked");
                match self.arena.as_number(g).filter(|x| x.is_integer()).and_then(|x| x.to_i64()) {
                    Some(n) => self.copies(n, tb),
                    None => Err(
                        "a loopy game's Norton product is taken with an integer: n.G is n copies of G"
                            .to_string(),
                    ),
                }
            }
            BinOp::Ordinal | BinOp::Norton => Err(format!(
                "`{}` is defined for short games only, not for loopy games such as on and off (n.G with an integer n is n copies of G)",
                op.as_str()
            )),
        };
        let t = r.map_err(|m| CgError::at(span, m))?;
        Ok(self.threat_value(t))
    }

    /// `n.G` for a loopy G: n copies of G (-n copies of -G for negative n), by doubling.
    fn copies(&mut self, n: i64, g: ThreatId) -> Result<ThreatId, String> {
        let mut base = if n < 0 {
            self.threats.neg(&mut self.arena, g)
        } else {
            g
        };
        let mut k = n.unsigned_abs();
        let zero = self.arena.zero();
        let mut acc = self.threats.short(zero);
        while k > 0 {
            if k & 1 == 1 {
                acc = self.threats.sum(&mut self.arena, acc, base)?;
            }
            k >>= 1;
            if k > 0 {
                base = self.threats.sum(&mut self.arena, base, base)?;
            }
        }
        Ok(acc)
    }

    fn compare_values(
        &mut self,
        op: CmpOp,
        l: &Value,
        r: &Value,
        span: Span,
    ) -> Result<bool, CgError> {
        let (l, r) = (&self.game_view(l), &self.game_view(r));
        if matches!(l, Value::Dtm(_)) || matches!(r, Value::Dtm(_)) {
            let equal = self.values_equal(l, r);
            return equality_only(op, equal, span, || {
                "a drawn endgame has no distance to mate: only == and != compare it".to_string()
            });
        }
        if matches!(l, Value::Misere(_)) || matches!(r, Value::Misere(_)) {
            let equal = self.values_equal(l, r);
            return equality_only(op, equal, span, || {
                "misère games compare only by == and != (equal canonical forms)".to_string()
            });
        }
        if let Some(equal) = self.compare_wins(l, r) {
            return equality_only(op, equal, span, || {
                "a forced global win is not a game: only == and != compare it".to_string()
            });
        }
        let rel = match (l, r) {
            (Value::Game(a), Value::Game(b)) => self.arena.relation(*a, *b),
            (Value::Game(_) | Value::Threat(_), Value::Game(_) | Value::Threat(_)) => {
                let ta = self.threat_of(l);
                let tb = self.threat_of(r);
                self.threats
                    .relation(&mut self.arena, ta, tb)
                    .map_err(|m| CgError::at(span, m))?
            }
            _ => {
                let equal = self.values_equal(l, r);
                return equality_only(op, equal, span, || {
                    format!(
                        "it compares games, not a {} with a {}",
                        l.type_name(),
                        r.type_name()
                    )
                });
            }
        };
        Ok(match op {
            CmpOp::Eq => rel == Relation::Equal,
            CmpOp::Ne => rel != Relation::Equal,
            CmpOp::Lt => rel == Relation::Less,
            CmpOp::Le => matches!(rel, Relation::Less | Relation::Equal),
            CmpOp::Gt => rel == Relation::Greater,
            CmpOp::Ge => matches!(rel, Relation::Greater | Relation::Equal),
            CmpOp::Confused => rel == Relation::Confused,
            CmpOp::LessOrConfused => matches!(rel, Relation::Less | Relation::Confused),
            CmpOp::GreaterOrConfused => matches!(rel, Relation::Greater | Relation::Confused),
        })
    }

    /// Positions compare as their values (a forced win stays a position), distances to mate
    /// as their numbers of moves (a draw stays itself).
    fn game_view(&mut self, v: &Value) -> Value {
        match v {
            Value::Dtm(d) => match d.moves {
                Some(n) => Value::Game(self.arena.integer(i64::from(n))),
                None => v.clone(),
            },
            Value::Position(p) => match self.position_value(p) {
                PositionValue::Game(g) => Value::Game(g),
                PositionValue::Threat(t) => Value::Threat(t),
                PositionValue::Win(_) => v.clone(),
            },
            // A report compares as its data: period(xs) == [2, 2, 0].
            Value::Report(r) => Value::List(r.items.clone()),
            other => other.clone(),
        }
    }

    /// Both sides of a comparison, evaluated, with the values of positions searched (an
    /// interrupt in that search points at the position's side).
    fn comparands(&mut self, lhs: &Expr, rhs: &Expr) -> Result<(Value, Value), CgError> {
        let l = self.eval(lhs)?;
        refuse_algebra(&l, lhs.span)?;
        if let Value::Position(p) = &l {
            self.searched_value(p, lhs.span)?;
        }
        let r = self.eval(rhs)?;
        refuse_algebra(&r, rhs.span)?;
        if let Value::Position(p) = &r {
            self.searched_value(p, rhs.span)?;
        }
        Ok((l, r))
    }

    /// The value of a position (searched if needed); the search is the position's own work, so
    /// an interrupt in it points at `span`, the position's expression.
    fn searched_value(
        &mut self,
        p: &crate::calc::value::ModulePosition,
        span: Span,
    ) -> Result<PositionValue, CgError> {
        stopped_at(span, || Ok(self.position_value(p)))
    }

    /// When either side is a forced global win: whether both are the same win.
    fn compare_wins(&mut self, l: &Value, r: &Value) -> Option<bool> {
        let win = |v: &Value| match v {
            Value::Position(p) => p.known_value(),
            _ => None,
        };
        match (win(l), win(r)) {
            (None, None) => None,
            (a, b) => Some(a == b),
        }
    }

    /// The threat id of a game value (short games are wrapped).
    fn threat_of(&mut self, v: &Value) -> ThreatId {
        match v {
            Value::Game(g) => self.threats.short(*g),
            Value::Threat(t) => *t,
            _ => unreachable!("only game values reach here"),
        }
    }

    fn values_equal(&mut self, l: &Value, r: &Value) -> bool {
        // Positions inside lists compare as their values, as at the top level.
        let (l, r) = match (l, r) {
            (Value::Position(_) | Value::Report(_), _)
            | (_, Value::Position(_) | Value::Report(_)) => {
                (&self.game_view(l), &self.game_view(r))
            }
            _ => (l, r),
        };
        match (l, r) {
            (Value::Game(a), Value::Game(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Str(a), Value::Str(b)) => a == b,
            // `period(xs) == "preperiod 0, period 3"`: a report compares as its text.
            (Value::Text(a), Value::Text(b) | Value::Str(b)) | (Value::Str(b), Value::Text(a)) => {
                a == b
            }
            (Value::Outcome(a), Value::Outcome(b)) => a == b,
            (Value::Relation(a), Value::Relation(b)) => a == b,
            (Value::Thermograph(a), Value::Thermograph(b)) => a == b,
            (Value::Threat(a), Value::Threat(b)) => a == b,
            // canonical misère forms are unique (ONAG Thm 76): equal games, equal ids
            (Value::Misere(a), Value::Misere(b)) => a == b,
            (Value::Dtm(a), Value::Dtm(b)) => a.moves == b.moves,
            (Value::List(a), Value::List(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| self.values_equal(x, y))
            }
            _ => false,
        }
    }
}

/// A game operand: short (in the arena) or a threat game.
#[derive(Clone, Copy)]
pub(super) enum Operand {
    Short(GameId),
    Threat(ThreatId),
}

impl Operand {
    fn short(self) -> GameId {
        match self {
            Operand::Short(g) => g,
            Operand::Threat(_) => unreachable!("checked by the caller"),
        }
    }
}

/// Runs `f`; an interrupt (Ctrl-C, a budget, an overflow) that stops it becomes an error at
/// `span`.
fn stopped_at<T>(span: Span, f: impl FnOnce() -> Result<T, CgError>) -> Result<T, CgError> {
    interrupt::catch(f).unwrap_or_else(|message| Err(CgError::at(span, message)))
}

/// `==` or `!=` of values that have no order; other comparisons are an error saying `why`.
fn equality_only(
    op: CmpOp,
    equal: bool,
    span: Span,
    why: impl FnOnce() -> String,
) -> Result<bool, CgError> {
    match op {
        CmpOp::Eq => Ok(equal),
        CmpOp::Ne => Ok(!equal),
        _ => Err(CgError::at(span, format!("`{}`: {}", op.as_str(), why()))),
    }
}

/// Points a function's error at the offending argument, or at the whole call.
fn call_error(e: CallError, args: &[Expr], call: Span) -> CgError {
    match e {
        CallError::Arg(i, m) if i < args.len() => CgError::at(args[i].span, m),
        CallError::ArgAt(i, at, m) if i < args.len() => {
            CgError::at(character_span(&args[i], at), m)
        }
        CallError::Arg(_, m) | CallError::ArgAt(_, _, m) => CgError::at(call, m),
        CallError::Call(m) => CgError::at(call, m),
        CallError::Eval(e) => e,
    }
}

/// The span of character `at` of a string literal argument, where the source writes the
/// string without escapes (its bytes are then the source's, one quote in); otherwise the
/// whole argument.
fn character_span(arg: &Expr, at: usize) -> Span {
    if let ExprKind::Str(s) = &arg.kind
        && arg.span.end - arg.span.start == s.len() + 2
        && let Some((byte, c)) = s.char_indices().nth(at)
    {
        let start = arg.span.start + 1 + byte;
        return Span::new(start, start + c.len_utf8());
    }
    arg.span
}

/// The error of a call with `n` arguments to `f` when its arity has no room for them.
fn check_arity(f: Function, n: usize, span: Span) -> Result<(), CgError> {
    let arity = f.arity();
    if arity.contains(&n) {
        return Ok(());
    }
    Err(CgError::at(
        span,
        format!("`{}` takes {}, not {n}", f.signature(), arity_text(&arity)),
    ))
}

fn arity_text(r: &std::ops::RangeInclusive<usize>) -> String {
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    if r.start() == r.end() {
        format!("{} {}", r.start(), plural(*r.start()))
    } else {
        format!("{} to {} arguments", r.start(), r.end())
    }
}

/// A position whose family has no algebra of games ([`crate::search::Position::no_algebra`])
/// is no game value: sums, differences and comparisons with it are refused, with its reason.
fn refuse_algebra(v: &Value, span: Span) -> Result<(), CgError> {
    if let Value::Position(p) = v
        && let Some(refusal) = p.position.no_algebra()
    {
        return Err(CgError::at(span, refusal.as_game));
    }
    Ok(())
}

/// `a + b` for two positions their family joins into one ([`crate::search::Position::join`]):
/// the combined position, or why they do not combine; `None` when `+` adds values.
fn join_positions(a: &Value, b: &Value) -> Option<Result<Value, String>> {
    let (Value::Position(p), Value::Position(q)) = (a, b) else {
        return None;
    };
    let joined = match p.position.join(&*q.position)? {
        Ok(joined) => joined,
        Err(why) => return Some(Err(why)),
    };
    let source = p
        .source()
        .zip(q.source())
        .map(|(a, b)| format!("{a} + {b}"));
    Some(Ok(Value::Position(std::sync::Arc::new(
        ModulePosition::new(joined).with_source(source),
    ))))
}

/// The call `name(arg, ...)` that builds a position again, its arguments written as values
/// (`dom(3, 3)`, `pawns("8/8/...")`); `None` when an argument is neither an integer nor a
/// string.
fn constructor_call(arena: &Arena, name: &str, args: &[Value]) -> Option<String> {
    let mut parts = Vec::with_capacity(args.len());
    for a in args {
        parts.push(match a {
            Value::Game(g) => arena.as_number(*g).filter(|x| x.is_integer())?.to_string(),
            Value::Str(s) => {
                let mut q = String::new();
                crate::calc::value::quote(&mut q, s);
                q
            }
            _ => return None,
        });
    }
    Some(format!("{name}({})", parts.join(", ")))
}
