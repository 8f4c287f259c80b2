//! The evaluator: statements and expressions of the AST to values, in a [`Session`] that owns
//! the game arena and the variables.

use std::collections::BTreeMap;
use std::ops::Neg;
use std::time::{Duration, Instant};

use super::ast::*;
use super::builtins::{self, BuiltinError};
use super::error::CgError;
use super::parser;
use super::span::Span;
use super::value::{Value, display_value};
use crate::game::display::{Uptimal, UptimalShape};
use crate::game::{Arena, Dyadic, GameId, Nus, Relation, interrupt};

/// User-visible settings changed by meta commands.
#[derive(Clone, Debug)]
pub struct Settings {
    /// Characters of printed output before a summary is shown instead (`:print-limit`).
    pub print_limit: usize,
    /// Report the time of each statement (`:time on`).
    pub show_time: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            print_limit: crate::game::display::DEFAULT_PRINT_LIMIT,
            show_time: false,
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
    vars: BTreeMap<String, Value>,
    pub settings: Settings,
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
            vars: BTreeMap::new(),
            settings: Settings::default(),
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
            Err(message) => (
                None,
                Some(at.render(&CgError::at(stmt.span, message), src)),
                false,
            ),
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
        match display_value(&mut self.arena, v, self.settings.print_limit) {
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
                let l = self.games(left, "Left option")?;
                let r = self.games(right, "Right option")?;
                Ok(Value::Game(self.arena.game(l, r)))
            }
            ExprKind::List(items) => {
                let mut out = Vec::with_capacity(items.len());
                for it in items {
                    out.push(self.eval(it)?);
                }
                Ok(Value::List(out))
            }
            ExprKind::Neg(x) => {
                let g = self.game(x)?;
                Ok(Value::Game(self.arena.neg(g)))
            }
            ExprKind::Switch(x) => {
                let g = self.game(x)?;
                Ok(Value::Game(self.arena.switch(g)))
            }
            ExprKind::SwitchSet(items) => {
                let gs = self.games(items, "option")?;
                Ok(Value::Game(self.arena.switch_set(&gs)))
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
        match self.eval(e)? {
            Value::Game(g) => Ok(g),
            other => Err(CgError::at(
                e.span,
                format!("expected a game, but this is a {}", other.type_name()),
            )),
        }
    }

    fn games(&mut self, es: &[Expr], what: &str) -> Result<Vec<GameId>, CgError> {
        let mut out = Vec::with_capacity(es.len());
        for e in es {
            match self.eval(e)? {
                Value::Game(g) => out.push(g),
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
        if matches!(name, "on" | "off" | "over" | "under" | "dud") {
            return Err(CgError::at(
                span,
                format!(
                    "`{name}` is a loopy game; this build handles it only where language.md's threat games allow"
                ),
            ));
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
        let Some(b) = builtins::lookup(name) else {
            let mut err = CgError::at(name_span, format!("unknown function `{name}`"));
            if let Some(close) = closest(name, builtins::names()) {
                err = err.with_hint(format!(
                    "did you mean `{close}`? (`:help` lists the functions)"
                ));
            }
            return Err(err);
        };
        if !b.arity.contains(&args.len()) {
            return Err(CgError::at(
                span,
                format!(
                    "`{}` takes {}, not {}",
                    b.signature,
                    arity_text(&b.arity),
                    args.len()
                ),
            ));
        }
        let mut values = Vec::with_capacity(args.len());
        for a in args {
            values.push(self.eval(a)?);
        }
        (b.run)(&mut self.arena, &values).map_err(|e| match e {
            BuiltinError::Arg(i, m) => CgError::at(args[i].span, m),
            BuiltinError::Call(m) => CgError::at(span, m),
        })
    }

    fn binary(&mut self, op: BinOp, lhs: &Expr, rhs: &Expr) -> EvalResult {
        let a = self.game(lhs)?;
        let b = self.game(rhs)?;
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

    fn compare_values(
        &mut self,
        op: CmpOp,
        l: &Value,
        r: &Value,
        span: Span,
    ) -> Result<bool, CgError> {
        let rel = match (l, r) {
            (Value::Game(a), Value::Game(b)) => self.arena.relation(*a, *b),
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

    fn values_equal(&mut self, l: &Value, r: &Value) -> bool {
        match (l, r) {
            (Value::Game(a), Value::Game(b)) => a == b,
            (Value::Bool(a), Value::Bool(b)) => a == b,
            (Value::Str(a), Value::Str(b)) => a == b,
            (Value::Outcome(a), Value::Outcome(b)) => a == b,
            (Value::Relation(a), Value::Relation(b)) => a == b,
            (Value::Thermograph(a), Value::Thermograph(b)) => a == b,
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

    fn stats_text(&self) -> String {
        let s = self.arena.stats();
        let mut out = format!(
            "arena: {} games, {} option slots, about {:.1} MiB\n",
            s.games,
            s.option_pool,
            self.arena.approx_bytes() as f64 / (1024.0 * 1024.0)
        );
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
    ":quit",
];

fn check_assignable(name: &str, span: Span) -> Result<(), CgError> {
    if parser::RESERVED.contains(&name) {
        return Err(CgError::at(
            span,
            format!("`{name}` is reserved and cannot be assigned"),
        ));
    }
    if builtins::lookup(name).is_some() {
        return Err(CgError::at(
            span,
            format!("`{name}` is a function name and cannot be assigned"),
        ));
    }
    Ok(())
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
