//! The evaluator: statements and expressions of the AST to values, in a [`Session`] that owns
//! the game arena and the variables.

use std::collections::BTreeMap;
use std::ops::Neg;
use std::time::{Duration, Instant};

use super::ast::*;
use super::builtins::{self, BuiltinError};
use super::error::CgError;
use super::modules;
use super::parser;
use super::span::Span;
use super::value::{Value, display_value};
use crate::game::display::{Uptimal, UptimalShape};
use crate::game::stopper::{TId, Threats};
use crate::game::{Arena, Dyadic, GameId, Nus, Relation, interrupt};
use crate::search::{Budget, SearchStats};

/// User-visible settings changed by meta commands.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Characters of printed output before a summary is shown instead (`:print-limit`).
    pub print_limit: usize,
    /// Report the time of each statement (`:time on`).
    pub show_time: bool,
    /// Print ↑ ↓ ⋆ ± instead of ^ v * +- in game values (`:unicode on`, `--unicode`).
    pub unicode: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            print_limit: crate::game::display::DEFAULT_PRINT_LIMIT,
            show_time: false,
            unicode: false,
        }
    }
}

/// Threads and budgets of module searches (`:limit`, `:threads`), and the last search's report.
#[derive(Clone, Debug)]
pub struct SearchSettings {
    pub threads: usize,
    pub budget: Budget,
    pub last: Option<SearchStats>,
}

impl Default for SearchSettings {
    fn default() -> Self {
        SearchSettings {
            threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            budget: Budget::default(),
            last: None,
        }
    }
}

/// The result of one statement, ready to print.
#[derive(Clone, Debug)]
pub struct Reply {
    /// The statement's source text.
    pub input: String,
    /// What to print (nothing for `;`-terminated statements and assertions that hold).
    pub output: Option<String>,
    /// The rendered error (`file:line:col: error: ...` with the line and a caret).
    pub error: Option<String>,
    /// Time spent evaluating.
    pub elapsed: Duration,
    /// `:quit` was given.
    pub quit: bool,
    /// `:time on` is in force: print the elapsed time.
    pub timed: bool,
}

/// One calculator session: the arena of games, the variables and the settings.
pub struct Session {
    pub arena: Arena,
    /// Threat games and loopy constants (`on`, `off`, `over`, `under`, `dud`).
    pub threats: Threats,
    vars: BTreeMap<String, Value>,
    pub settings: Settings,
    /// Search settings and the statistics of the last search.
    pub search: SearchSettings,
    /// Files being loaded, to refuse recursive `:load`.
    loading: Vec<String>,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

type EvalResult = Result<Value, CgError>;

impl Session {
    pub fn new() -> Session {
        Session {
            arena: Arena::new(),
            threats: Threats::new(),
            vars: BTreeMap::new(),
            settings: Settings::default(),
            search: SearchSettings::default(),
            loading: Vec::new(),
        }
    }

    /// Variable names, for completion and `:vars`.
    pub fn variable_names(&self) -> Vec<String> {
        self.vars.keys().cloned().collect()
    }

    /// Parses and runs `src`, calling `on_reply` after each statement. Stops at the first error
    /// when `stop_on_error`. Returns `false` if any statement failed.
    pub fn run_source(
        &mut self,
        src: &str,
        origin: &str,
        stop_on_error: bool,
        on_reply: &mut dyn FnMut(&Reply),
    ) -> bool {
        self.run_source_at(src, origin, 1, stop_on_error, on_reply)
    }

    /// Like [`Session::run_source`] for text that starts at line `first_line` of `origin`.
    pub fn run_source_at(
        &mut self,
        src: &str,
        origin: &str,
        first_line: usize,
        stop_on_error: bool,
        on_reply: &mut dyn FnMut(&Reply),
    ) -> bool {
        let at = Origin {
            name: origin,
            first_line,
        };
        let program = match parser::parse_program(src) {
            Ok(p) => p,
            Err(e) => {
                let input = e.span.map_or(src, |s| line_of(src, s)).trim().to_string();
                on_reply(&Reply {
                    input,
                    output: None,
                    error: Some(at.render(&e, src)),
                    elapsed: Duration::ZERO,
                    quit: false,
                    timed: false,
                });
                return false;
            }
        };
        let mut ok = true;
        for stmt in &program.statements {
            let reply = self.run_statement(stmt, src, &at);
            let failed = reply.error.is_some();
            let quit = reply.quit;
            on_reply(&reply);
            if failed {
                ok = false;
                if stop_on_error {
                    break;
                }
            }
            if quit {
                break;
            }
        }
        ok
    }

    fn run_statement(&mut self, stmt: &Statement, src: &str, at: &Origin) -> Reply {
        let input = stmt.span.text(src).trim().to_string();
        interrupt::clear_cancel();
        let start = Instant::now();
        let caught = interrupt::catch(|| self.execute(stmt, src, at.name));
        let elapsed = start.elapsed();
        let (output, error, quit) = match caught {
            Ok(Ok(Executed::Value(Some(text)))) => (Some(text), None, false),
            Ok(Ok(Executed::Value(None))) => (None, None, false),
            Ok(Ok(Executed::Quit)) => (None, None, true),
            Ok(Err(e)) => (None, Some(at.render(&e, src)), false),
            // Interrupts (Ctrl-C, overflow) concern the whole statement: no caret.
            Err(message) => (None, Some(at.render(&CgError::new(message), src)), false),
        };
        Reply {
            input,
            output,
            error,
            elapsed,
            quit,
            timed: self.settings.show_time,
        }
    }

    fn execute(&mut self, stmt: &Statement, src: &str, origin: &str) -> Result<Executed, CgError> {
        match &stmt.kind {
            StmtKind::Expr(e) => {
                let v = self.eval(e)?;
                Ok(Executed::Value(stmt.print.then(|| self.show(&v))))
            }
            StmtKind::Assign {
                name,
                name_span,
                value,
            } => {
                check_assignable(name, *name_span)?;
                let v = self.eval(value)?;
                let text = stmt.print.then(|| self.show(&v));
                self.vars.insert(name.clone(), v);
                Ok(Executed::Value(text))
            }
            StmtKind::Assert(e) => {
                self.assert(e, src)?;
                Ok(Executed::Value(None))
            }
            StmtKind::Meta { command, args } => self.meta(command, args, stmt.span, origin),
        }
    }

    /// Prints a value within the print limit, or its summary.
    pub fn show(&mut self, v: &Value) -> String {
        let text = self.show_ascii(v);
        if self.settings.unicode && !matches!(v, Value::Str(_) | Value::Text(_)) {
            unicode_symbols(&text)
        } else {
            text
        }
    }

    fn show_ascii(&mut self, v: &Value) -> String {
        match display_value(
            &mut self.arena,
            &mut self.threats,
            v,
            self.settings.print_limit,
        ) {
            Some(s) => s,
            None => match v {
                Value::Game(g) => self.arena.summary(*g),
                _ => format!(
                    "<{} too long to print: `:print-limit 0` prints it in full>",
                    v.type_name()
                ),
            },
        }
    }

    fn assert(&mut self, e: &Expr, src: &str) -> Result<(), CgError> {
        if let ExprKind::Compare { op, lhs, rhs } = &e.kind {
            let l = self.eval(lhs)?;
            let r = self.eval(rhs)?;
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

    /// Evaluates an expression.
    pub fn eval(&mut self, e: &Expr) -> EvalResult {
        match &e.kind {
            ExprKind::Literal(lit) => self.literal(lit, e.span).map(Value::Game),
            ExprKind::Name(name) => self.name(name, e.span),
            ExprKind::Str(s) => Ok(Value::Str(s.clone())),
            ExprKind::Call {
                name,
                name_span,
                args,
            } => self.call(name, *name_span, args, e.span),
            ExprKind::Game { left, right } => {
                let l = self.options(left, "Left option")?;
                let r = self.options(right, "Right option")?;
                self.build_game(l, r, e.span)
            }
            ExprKind::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(self.eval(it)?);
                }
                Ok(Value::List(out))
            }
            ExprKind::Neg(x) => match self.operand(x)? {
                Operand::Short(g) => Ok(Value::Game(self.arena.neg(g))),
                Operand::Loopy(t) => {
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
            ExprKind::Binary { op, lhs, rhs } => self.binary(*op, lhs, rhs),
            ExprKind::Compare { op, lhs, rhs } => {
                let l = self.eval(lhs)?;
                let r = self.eval(rhs)?;
                self.compare_values(*op, &l, &r, e.span).map(Value::Bool)
            }
        }
    }

    /// Evaluates an expression that must be a game.
    pub fn game(&mut self, e: &Expr) -> Result<GameId, CgError> {
        let v = self.eval(e)?;
        v.as_game().ok_or_else(|| {
            CgError::at(
                e.span,
                format!("expected a game, but this is a {}", v.type_name()),
            )
        })
    }

    /// Evaluates options of a game: short games or threat games.
    fn options(&mut self, es: &[Expr], what: &str) -> Result<Vec<Operand>, CgError> {
        let mut out = Vec::with_capacity(es.len());
        for e in es {
            match self.eval(e)? {
                Value::Game(g) => out.push(Operand::Short(g)),
                Value::Position(p) => out.push(Operand::Short(p.value)),
                Value::Threat(t) => out.push(Operand::Loopy(t)),
                other => {
                    return Err(CgError::at(
                        e.span,
                        format!(
                            "a {what} must be a game, but this is a {}",
                            other.type_name()
                        ),
                    ));
                }
            }
        }
        Ok(out)
    }

    /// Evaluates an operand of game algebra.
    fn operand(&mut self, e: &Expr) -> Result<Operand, CgError> {
        match self.eval(e)? {
            Value::Game(g) => Ok(Operand::Short(g)),
            Value::Position(p) => Ok(Operand::Short(p.value)),
            Value::Threat(t) => Ok(Operand::Loopy(t)),
            other => Err(CgError::at(
                e.span,
                format!("expected a game, but this is a {}", other.type_name()),
            )),
        }
    }

    fn threat_id(&mut self, o: Operand) -> TId {
        match o {
            Operand::Short(g) => self.threats.short(g),
            Operand::Loopy(t) => t,
        }
    }

    /// A threat id as a value: plain short games become `Value::Game`.
    fn threat_value(&self, t: TId) -> Value {
        match self.threats.as_short(t) {
            Some(g) => Value::Game(g),
            None => Value::Threat(t),
        }
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
                Operand::Loopy(t) => Operand::Loopy(self.threats.neg(&mut self.arena, t)),
            });
        }
        self.build_game(opts.to_vec(), negs, span)
    }

    fn literal(&mut self, lit: &Literal, span: Span) -> Result<GameId, CgError> {
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
        if let Some(v) = self.vars.get(name) {
            return Ok(v.clone());
        }
        let loopy = match name {
            "on" => Some(self.threats.on()),
            "off" => Some(self.threats.off()),
            "over" => Some(self.threats.over()),
            "under" => Some(self.threats.under()),
            "dud" => Some(self.threats.dud()),
            _ => None,
        };
        if let Some(t) = loopy {
            return Ok(Value::Threat(t));
        }
        if builtins::lookup(name).is_some() {
            return Err(CgError::at(
                span,
                format!("`{name}` is a function: call it as `{name}(...)`"),
            ));
        }
        let mut err = CgError::at(span, format!("unknown variable `{name}`"));
        if let Some(close) = closest(name, self.vars.keys().map(String::as_str)) {
            err = err.with_hint(format!("did you mean `{close}`?"));
        }
        Err(err)
    }

    fn call(&mut self, name: &str, name_span: Span, args: &[Expr], span: Span) -> EvalResult {
        // outcome(dom(6,6)): the outcome class by outcome search, without the exact value.
        if name == "outcome"
            && let [arg] = args
            && let ExprKind::Call {
                name: inner,
                args: inner_args,
                ..
            } = &arg.kind
            && modules::lookup(inner).is_some()
        {
            let mut values = Vec::with_capacity(inner_args.len());
            for a in inner_args {
                values.push(self.eval(a)?);
            }
            if let Some(kind) = modules::construct(self, inner, &values) {
                let kind = kind.map_err(|e| call_error(e, inner_args, arg.span))?;
                return Ok(modules::outcome_by_search(self, &kind));
            }
        }
        if let Some(m) = modules::lookup(name) {
            let values = self.call_args(m.signature, &m.arity, args, span)?;
            return (m.run)(self, &values).map_err(|e| call_error(e, args, span));
        }
        let Some(b) = builtins::lookup(name) else {
            let mut err = CgError::at(name_span, format!("unknown function `{name}`"));
            if let Some(close) = closest(name, builtins::names()) {
                err = err.with_hint(format!(
                    "did you mean `{close}`? (`:help` lists the functions)"
                ));
            }
            return Err(err);
        };
        let values = self.call_args(b.signature, &b.arity, args, span)?;
        (b.run)(&mut self.arena, &values).map_err(|e| call_error(e, args, span))
    }

    /// Checks the number of arguments of a call and evaluates them.
    fn call_args(
        &mut self,
        signature: &str,
        arity: &std::ops::RangeInclusive<usize>,
        args: &[Expr],
        span: Span,
    ) -> Result<Vec<Value>, CgError> {
        if !arity.contains(&args.len()) {
            return Err(CgError::at(
                span,
                format!(
                    "`{signature}` takes {}, not {}",
                    arity_text(arity),
                    args.len()
                ),
            ));
        }
        args.iter().map(|a| self.eval(a)).collect()
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr) -> EvalResult {
        let (oa, ob) = (self.operand(lhs)?, self.operand(rhs)?);
        let (a, b) = match (oa, ob) {
            (Operand::Short(a), Operand::Short(b)) => (a, b),
            _ => return self.loopy_binary(op, oa, ob, lhs.span.to(rhs.span)),
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
    fn loopy_binary(&mut self, op: BinOp, a: Operand, b: Operand, span: Span) -> EvalResult {
        let ta = self.threat_id(a);
        let tb = self.threat_id(b);
        let r = match op {
            BinOp::Add => self.threats.add(&mut self.arena, ta, tb),
            BinOp::Sub => self.threats.sub(&mut self.arena, ta, tb),
            BinOp::PlusMinus => {
                let sw = self.switch_of(&[b], span)?;
                let ts = self.threat_of(&sw);
                self.threats.add(&mut self.arena, ta, ts)
            }
            BinOp::Ordinal | BinOp::Norton => Err(format!(
                "`{}` is defined for short games only, not for loopy games such as on and off",
                op.as_str()
            )),
        };
        let t = r.map_err(|m| CgError::at(span, m))?;
        Ok(self.threat_value(t))
    }

    fn compare_values(
        &mut self,
        op: CmpOp,
        l: &Value,
        r: &Value,
        span: Span,
    ) -> Result<bool, CgError> {
        let (l, r) = (&self.game_view(l), &self.game_view(r));
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
                return match op {
                    CmpOp::Eq => Ok(equal),
                    CmpOp::Ne => Ok(!equal),
                    _ => Err(CgError::at(
                        span,
                        format!(
                            "`{}` compares games, not a {} with a {}",
                            op.as_str(),
                            l.type_name(),
                            r.type_name()
                        ),
                    )),
                };
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

    /// Positions compare as their values.
    fn game_view(&self, v: &Value) -> Value {
        match v {
            Value::Position(p) => Value::Game(p.value),
            other => other.clone(),
        }
    }

    /// The threat id of a game value (short games are wrapped).
    fn threat_of(&mut self, v: &Value) -> TId {
        match v {
            Value::Game(g) => self.threats.short(*g),
            Value::Threat(t) => *t,
            _ => unreachable!("only game values reach here"),
        }
    }

    fn values_equal(&mut self, l: &Value, r: &Value) -> bool {
        match (l, r) {
            (Value::Game(a), Value::Game(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Outcome(a), Value::Outcome(b)) => a == b,
            (Value::Relation(a), Value::Relation(b)) => a == b,
            (Value::Thermograph(a), Value::Thermograph(b)) => a == b,
            (Value::Threat(a), Value::Threat(b)) => a == b,
            (Value::List(a), Value::List(b)) => {
                a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| self.values_equal(x, y))
            }
            _ => false,
        }
    }

    fn meta(
        &mut self,
        command: &str,
        args: &str,
        span: Span,
        origin: &str,
    ) -> Result<Executed, CgError> {
        let text = match command {
            "help" | "h" | "?" => builtins::help(args.trim()).map_err(|m| CgError::at(span, m))?,
            "vars" => {
                let names: Vec<String> = self.vars.keys().cloned().collect();
                if names.is_empty() {
                    "no variables".to_string()
                } else {
                    let mut lines = Vec::new();
                    for n in names {
                        let v = self.vars[&n].clone();
                        lines.push(format!("{n} = {}", self.show(&v)));
                    }
                    lines.join("\n")
                }
            }
            "clear" => {
                let n = self.vars.len();
                self.vars.clear();
                format!("cleared {n} variable{}", if n == 1 { "" } else { "s" })
            }
            "load" => return self.load(args.trim(), span, origin),
            "time" => {
                match args.trim() {
                    "on" => self.settings.show_time = true,
                    "off" => self.settings.show_time = false,
                    "" => self.settings.show_time = !self.settings.show_time,
                    other => {
                        return Err(CgError::at(
                            span,
                            format!("`:time` takes `on` or `off`, not `{other}`"),
                        ));
                    }
                }
                format!(
                    "timing {}",
                    if self.settings.show_time { "on" } else { "off" }
                )
            }
            "stats" => self.stats_text(),
            "unicode" => {
                match args.trim() {
                    "on" => self.settings.unicode = true,
                    "off" => self.settings.unicode = false,
                    other => {
                        return Err(CgError::at(
                            span,
                            format!("`:unicode` takes `on` or `off`, not `{other}`"),
                        ));
                    }
                }
                format!(
                    "unicode output {} (input is always ASCII)",
                    if self.settings.unicode {
                        "on: ↑ ↓ ⋆ ±"
                    } else {
                        "off"
                    }
                )
            }
            "print-limit" => {
                let a = args.trim();
                if a.is_empty() {
                    format!("print limit: {} characters", self.settings.print_limit)
                } else {
                    let n: usize = a.parse().map_err(|_| {
                        CgError::at(
                            span,
                            format!("`:print-limit` takes a number of characters, not `{a}`"),
                        )
                    })?;
                    self.settings.print_limit = if n == 0 { usize::MAX } else { n };
                    if n == 0 {
                        "print limit off: values print in full".to_string()
                    } else {
                        format!("print limit: {n} characters")
                    }
                }
            }
            "threads" => {
                let a = args.trim();
                if !a.is_empty() {
                    let n: usize = a
                        .parse()
                        .ok()
                        .filter(|&n| (1..=256).contains(&n))
                        .ok_or_else(|| {
                            CgError::at(
                                span,
                                format!("`:threads` takes a number from 1 to 256, not `{a}`"),
                            )
                        })?;
                    self.search.threads = n;
                }
                format!(
                    "module searches use {} thread{}",
                    self.search.threads,
                    if self.search.threads == 1 { "" } else { "s" }
                )
            }
            "limit" => self.limit(args.trim(), span)?,
            "quit" | "q" | "exit" => return Ok(Executed::Quit),
            other => {
                let mut err = CgError::at(span, format!("unknown command `:{other}`"));
                if let Some(close) = closest(other, META_COMMANDS.iter().map(|s| &s[1..])) {
                    err = err.with_hint(format!(
                        "did you mean `:{close}`? (`:help` lists the commands)"
                    ));
                }
                return Err(err);
            }
        };
        Ok(Executed::Value(Some(text)))
    }

    fn load(&mut self, path: &str, span: Span, _origin: &str) -> Result<Executed, CgError> {
        if path.is_empty() {
            return Err(CgError::at(span, "`:load` needs a file name"));
        }
        if self.loading.iter().any(|p| p == path) {
            return Err(CgError::at(
                span,
                format!("`{path}` is already being loaded (recursive :load)"),
            ));
        }
        let src = std::fs::read_to_string(path)
            .map_err(|e| CgError::at(span, format!("cannot read `{path}`: {e}")))?;
        self.loading.push(path.to_string());
        let mut lines = Vec::new();
        let mut failure = None;
        let ok = self.run_source(&src, path, true, &mut |r: &Reply| {
            if let Some(o) = &r.output {
                lines.push(o.clone());
            }
            if let Some(e) = &r.error {
                failure = Some(e.clone());
            }
        });
        self.loading.pop();
        if !ok {
            let mut msg = format!("`:load {path}` stopped at an error:\n");
            msg.push_str(&failure.unwrap_or_default());
            return Err(CgError::at(span, msg));
        }
        lines.push(format!("loaded {path}"));
        Ok(Executed::Value(Some(lines.join("\n"))))
    }

    /// `:limit`, `:limit nodes N`, `:limit memory 8G`, `:limit time 600`, `:limit off`.
    fn limit(&mut self, args: &str, span: Span) -> Result<String, CgError> {
        let words: Vec<&str> = args.split_whitespace().collect();
        let bad = |m: String| {
            CgError::at(span, m).with_hint("`:limit nodes 1000000`, `:limit memory 8G`, `:limit time 600` (seconds), `:limit off`")
        };
        match words.as_slice() {
            [] => {}
            ["off"] => self.search.budget = Budget::default(),
            ["progress", "off"] => self.search.budget.progress = None,
            ["progress", secs] => {
                let s: u64 = secs
                    .trim_end_matches('s')
                    .parse()
                    .map_err(|_| bad(format!("`{secs}` is not a number of seconds")))?;
                self.search.budget.progress = Some(std::time::Duration::from_secs(s.max(1)));
            }
            ["nodes", n] => {
                self.search.budget.nodes = n
                    .parse()
                    .map_err(|_| bad(format!("`{n}` is not a node count")))?;
            }
            ["memory", m] => {
                let (digits, unit) =
                    m.split_at(m.trim_end_matches(|c: char| c.is_ascii_alphabetic()).len());
                let n: usize = digits
                    .parse()
                    .map_err(|_| bad(format!("`{m}` is not a size")))?;
                let mult = match unit.to_ascii_uppercase().as_str() {
                    "" | "M" | "MB" | "MIB" => 1 << 20,
                    "G" | "GB" | "GIB" => 1 << 30,
                    "K" | "KB" | "KIB" => 1 << 10,
                    other => return Err(bad(format!("unknown size unit `{other}`"))),
                };
                self.search.budget.memory = n.saturating_mul(mult);
            }
            ["time", t] => {
                let secs: u64 = t
                    .trim_end_matches('s')
                    .parse()
                    .map_err(|_| bad(format!("`{t}` is not a number of seconds")))?;
                self.search.budget.time = std::time::Duration::from_secs(secs);
            }
            _ => return Err(bad(format!("cannot read `:limit {args}`"))),
        }
        let b = self.search.budget;
        let nodes = if b.nodes == u64::MAX {
            "no limit".to_string()
        } else {
            b.nodes.to_string()
        };
        let progress = match b.progress {
            Some(d) => format!("every {} s", d.as_secs()),
            None => "off".to_string(),
        };
        Ok(format!(
            "search limits: nodes {nodes}, memory {} MiB, time {} s; progress reports {progress}",
            b.memory >> 20,
            b.time.as_secs()
        ))
    }

    fn stats_text(&self) -> String {
        let s = self.arena.stats();
        let mut out = format!(
            "arena: {} games, {} option slots, about {:.1} MiB\n",
            s.games,
            s.option_pool,
            self.arena.approx_bytes() as f64 / (1024.0 * 1024.0)
        );
        if let Some(st) = &self.search.last {
            out.push_str(&format!(
                "last search: {} nodes, {} table hits, {} valued by the rules, table {} entries, {} thread{}, {:.3} s\n",
                st.nodes,
                st.table_hits,
                st.direct,
                st.table_size,
                st.threads,
                if st.threads == 1 { "" } else { "s" },
                st.elapsed.as_secs_f64()
            ));
        }
        out.push_str("cache          entries   capacity       hits     misses  hit rate  flushes");
        for (name, c) in &s.caches {
            out.push_str(&format!(
                "\n{name:<12} {:>9} {:>10} {:>10} {:>10} {:>8.1}% {:>8}",
                c.len,
                c.capacity,
                c.hits,
                c.misses,
                100.0 * c.hit_rate(),
                c.flushes
            ));
        }
        out
    }
}

/// Where a source text comes from, for error positions.
struct Origin<'a> {
    name: &'a str,
    first_line: usize,
}

impl Origin<'_> {
    fn render(&self, e: &CgError, src: &str) -> String {
        e.render_from_line(src, self.name, self.first_line)
    }
}

/// A game operand: short (in the arena) or loopy (a threat game).
#[derive(Clone, Copy)]
enum Operand {
    Short(GameId),
    Loopy(TId),
}

impl Operand {
    fn short(self) -> GameId {
        match self {
            Operand::Short(g) => g,
            Operand::Loopy(_) => unreachable!("checked by the caller"),
        }
    }
}

enum Executed {
    Value(Option<String>),
    Quit,
}

/// Meta commands, for completion and help.
pub const META_COMMANDS: &[&str] = &[
    ":help",
    ":vars",
    ":clear",
    ":load",
    ":time",
    ":stats",
    ":print-limit",
    ":threads",
    ":unicode",
    ":limit",
    ":quit",
];

fn check_assignable(name: &str, span: Span) -> Result<(), CgError> {
    if parser::RESERVED.contains(&name) {
        return Err(CgError::at(
            span,
            format!("`{name}` is reserved and cannot be assigned"),
        ));
    }
    if builtins::lookup(name).is_some() || modules::lookup(name).is_some() {
        return Err(CgError::at(
            span,
            format!("`{name}` is a function name and cannot be assigned"),
        ));
    }
    Ok(())
}

/// Points a function's error at the offending argument, or at the whole call.
fn call_error(e: BuiltinError, args: &[Expr], call: Span) -> CgError {
    match e {
        BuiltinError::Arg(i, m) => CgError::at(args[i].span, m),
        BuiltinError::Call(m) => CgError::at(call, m),
    }
}

fn arity_text(r: &std::ops::RangeInclusive<usize>) -> String {
    let plural = |n: usize| if n == 1 { "argument" } else { "arguments" };
    if r.start() == r.end() {
        format!("{} {}", r.start(), plural(*r.start()))
    } else {
        format!("{} to {} arguments", r.start(), r.end())
    }
}

fn line_of(src: &str, span: Span) -> &str {
    let start = span.start.min(src.len());
    let ls = src[..start].rfind('\n').map_or(0, |i| i + 1);
    let le = src[start..].find('\n').map_or(src.len(), |i| start + i);
    &src[ls..le]
}

/// Game text with ↑ ↓ ⋆ ± for `^`, the down `v`, `*` and `+-` (a `v` that follows a letter,
/// as in `over`, is part of a word and stays).
pub fn unicode_symbols(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    let mut prev: Option<char> = None;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '^' => out.push('↑'),
            '*' => out.push('⋆'),
            'v' if !prev.is_some_and(|p| p.is_ascii_alphabetic()) => out.push('↓'),
            '+' if chars.peek() == Some(&'-') => {
                chars.next();
                out.push('±');
            }
            c => out.push(c),
        }
        prev = Some(c);
    }
    out
}

/// The candidate closest to `name` by edit distance, if it is close enough to suggest.
pub fn closest<'a>(name: &str, candidates: impl Iterator<Item = &'a str>) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(&name.to_lowercase(), &c.to_lowercase());
        if d <= 2.max(name.len() / 3) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| c.to_string())
}

fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut cur = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            cur[j] = (prev[j] + 1).min(cur[j - 1] + 1).min(prev[j - 1] + cost);
        }
        prev = cur;
    }
    prev[b.len()]
}
