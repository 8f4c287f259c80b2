//! Programs beyond single expressions (language.md, "Research workflow"): blocks, `for` loops,
//! `if`, user functions (memoised on their arguments, recursion bounded by the stack),
//! generators `expr for x in xs`, integer ranges, indexing and the last result `_`.
//!
//! Scopes: variables assigned at the top level (loop variables included) are the session's
//! variables. A user function's call opens a frame holding its parameters and everything its
//! body assigns; its body sees that frame and the session's variables, never its caller's
//! locals. A generator opens a frame for its loop variables on top of the current scope.

use std::sync::Arc;

use rustc_hash::{FxHashMap, FxHashSet};

use super::session::Session;
use crate::calc::value::{MAX_LIST_LEN, MAX_LIST_VALUES, Table, Value, too_many_values};
use crate::game::cache::BoundedCache;
use crate::game::threat::ThreatId;
use crate::game::{GameId, interrupt, memory};
use crate::syntax::ast::*;
use crate::syntax::error::CgError;
use crate::syntax::span::Span;

/// Results a user function remembers before its memo is flushed (see [`BoundedCache`]).
const MEMO_CAPACITY: usize = 1 << 20;

/// A user function `f(a, b) = body`.
pub(crate) struct UserFunction {
    pub name: String,
    pub params: Vec<String>,
    pub body: Expr,
    /// The source text the definition was parsed from: `body`'s spans point into it.
    pub source: Arc<str>,
    /// The whole definition within `source`.
    pub span: Span,
    /// Names the body reads that are not its parameters (variables and user functions it
    /// calls): when one of them changes, the memo is forgotten.
    pub free: Vec<String>,
}

impl UserFunction {
    /// The definition as written, e.g. `f(n) = n + 1`.
    pub fn text(&self) -> &str {
        self.span.text(&self.source)
    }

    /// `f(a, b)`.
    pub fn signature(&self) -> String {
        format!("{}({})", self.name, self.params.join(", "))
    }
}

/// A scope of local variables: a function call's (`barrier`: names outside it are the
/// session's variables) or a generator's.
#[derive(Default)]
pub(crate) struct Frame {
    pub vars: FxHashMap<String, Value>,
    pub barrier: bool,
}

/// A memo key: argument values that are equal exactly when their keys are.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(crate) enum MemoKey {
    Game(GameId),
    Threat(ThreatId),
    Bool(bool),
    Str(String),
    List(Vec<MemoKey>),
}

/// The key of a value, if it has one (positions, thermographs and tables have none: calls
/// with them are not memoised).
fn memo_key(v: &Value) -> Option<MemoKey> {
    Some(match v {
        Value::Game(g) => MemoKey::Game(*g),
        Value::Threat(t) => MemoKey::Threat(*t),
        Value::Bool(b) => MemoKey::Bool(*b),
        Value::Str(s) => MemoKey::Str(s.clone()),
        Value::List(items) => MemoKey::List(items.iter().map(memo_key).collect::<Option<_>>()?),
        _ => return None,
    })
}

/// An address on the current thread's stack (the stack grows down on every supported
/// platform; only differences of these are used).
#[inline(never)]
pub(crate) fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// The poll between two steps of the interpreter (an item of a loop, a statement of a block,
/// a call, a row of a generator): Ctrl-C, the statement's time limit and, every few steps,
/// its memory limit ([`interrupt::poll_step`]), as an error at `span`. Without it an empty
/// loop body would never meet a check, and `:limit time` would not stop
/// `for i in 1..1000000 { for j in 1..1000000 { } }`.
pub(crate) fn step(span: Span) -> Result<(), CgError> {
    interrupt::poll_step().map_err(|i| CgError::at(span, i.message()))
}

/// Adds what `v` holds to `values`, the running count of a list being built; an error at
/// `span` once the list would pass [`MAX_LIST_VALUES`].
pub(crate) fn count_values(values: usize, v: &Value, span: Span) -> Result<usize, CgError> {
    match v.footprint(MAX_LIST_VALUES.saturating_sub(values)) {
        Some(f) => Ok(values + f.values),
        None => Err(CgError::at(span, too_many_values())),
    }
}

/// A copy of `v` (reading a variable copies its value): a large list is first checked
/// against the memory limit, since a copy has no check inside and doubles what the list
/// holds.
pub(crate) fn copy_value(v: &Value, span: Span) -> Result<Value, CgError> {
    if let Value::List(_) = v
        && let Some(f) = v.footprint(MAX_LIST_VALUES)
    {
        memory::room_for(f.bytes, "a copy of this list")
            .map_err(|m| CgError::at(span, interrupt::Interrupt::Budget(m).message()))?;
    }
    Ok(v.clone())
}

/// Every name an expression reads and every user function it calls (a superset of what it
/// depends on: names it binds itself are included too).
fn free_names(e: &Expr, out: &mut Vec<String>) {
    let add = |n: &str, out: &mut Vec<String>| {
        if !out.iter().any(|x| x == n) {
            out.push(n.to_string());
        }
    };
    match &e.kind {
        ExprKind::Name(n) => add(n, out),
        ExprKind::Literal(l) => {
            if let Some((_, x)) = &l.tiny {
                free_names(x, out);
            }
        }
        ExprKind::Str(_) => {}
        ExprKind::Call { name, args, .. } => {
            if super::functions::lookup(name).is_none() {
                add(name, out);
            }
            args.iter().for_each(|a| free_names(a, out));
        }
        ExprKind::Game { left, right } => {
            left.iter().chain(right).for_each(|a| free_names(a, out));
        }
        ExprKind::Labelled { game, .. } => free_names(game, out),
        ExprKind::Sides { onside, offside } => {
            free_names(onside, out);
            free_names(offside, out);
        }
        ExprKind::MisereForm(_) => {}
        ExprKind::List(items) | ExprKind::SwitchSet(items) | ExprKind::MisereList(items) => {
            items.iter().for_each(|a| free_names(a, out))
        }
        ExprKind::Neg(x) | ExprKind::Switch(x) => free_names(x, out),
        ExprKind::Chain { first, rest } => {
            free_names(first, out);
            rest.iter().for_each(|(_, a)| free_names(a, out));
        }
        ExprKind::Compare { lhs, rhs, .. } => {
            free_names(lhs, out);
            free_names(rhs, out);
        }
        ExprKind::Range { lo, hi } => {
            free_names(lo, out);
            free_names(hi, out);
        }
        ExprKind::Index { base, index } => {
            free_names(base, out);
            free_names(index, out);
        }
        ExprKind::If {
            cond,
            then,
            otherwise,
        } => {
            free_names(cond, out);
            block_names(then, out);
            if let Some(b) = otherwise {
                block_names(b, out);
            }
        }
        ExprKind::Generator { body, clauses } => {
            free_names(body, out);
            for c in clauses {
                match c {
                    Clause::For { iter, .. } => free_names(iter, out),
                    Clause::If(x) => free_names(x, out),
                }
            }
        }
    }
}

fn block_names(b: &Block, out: &mut Vec<String>) {
    for st in &b.statements {
        match &st.kind {
            StmtKind::Expr(e) | StmtKind::Assert(e) => free_names(e, out),
            StmtKind::Assign { value, .. } => free_names(value, out),
            StmtKind::For { iter, body, .. } => {
                free_names(iter, out);
                block_names(body, out);
            }
            StmtKind::Def { body, .. } => free_names(body, out),
            StmtKind::Meta { .. } => {}
        }
    }
}

/// Moves an error raised inside a function's body to the call: its span pointed into the
/// definition's text, so the message says where and the caret marks the call.
fn relocate(mut e: CgError, f: &UserFunction, call: Span) -> CgError {
    if !e.relocated {
        let at: String = e
            .span
            .map(|s| s.text(&f.source).trim().to_string())
            .unwrap_or_default();
        let at = if at.chars().count() > 60 {
            format!("{}...", at.chars().take(57).collect::<String>())
        } else {
            at
        };
        e.message = if at.is_empty() {
            format!("{} (in `{}`)", e.message, f.signature())
        } else {
            format!("{} (in `{}`, at `{at}`)", e.message, f.signature())
        };
        e.relocated = true;
    }
    e.span = Some(call);
    e
}

impl Session {
    /// Runs a statement of a program or block: its text goes to the output when `print` (and
    /// it is not ended by `;`). Returns its value, if it has one.
    pub(crate) fn exec(&mut self, stmt: &Statement, print: bool) -> Result<Option<Value>, CgError> {
        let print = print && stmt.print;
        match &stmt.kind {
            StmtKind::Expr(e) => {
                if let ExprKind::If { .. } = e.kind {
                    return self.run_if(e, print);
                }
                let v = self.eval(e)?;
                if print {
                    let t = self.show_with_parts(&v);
                    self.out.push(t);
                }
                Ok(Some(v))
            }
            StmtKind::Assign {
                name,
                name_span,
                value,
            } => {
                super::session::check_assignable(name, *name_span)?;
                let v = self.eval(value)?;
                if print {
                    let t = self.show_with_parts(&v);
                    self.out.push(t);
                }
                self.assign(name, copy_value(&v, stmt.span)?);
                Ok(Some(v))
            }
            StmtKind::Assert(e) => {
                let src = self.src.clone();
                self.assert(e, &src)?;
                Ok(None)
            }
            StmtKind::For {
                var,
                var_span,
                iter,
                body,
            } => {
                let items = self.iterable(iter)?;
                for item in items {
                    step(*var_span)?;
                    self.assign(var, item);
                    self.run_block(body, print)?;
                }
                Ok(None)
            }
            StmtKind::Def {
                name,
                name_span,
                params,
                body,
            } => {
                let text = self.define(name, *name_span, params, body, stmt.span)?;
                if print {
                    self.out.push(text);
                }
                Ok(None)
            }
            StmtKind::Meta { .. } => Err(CgError::at(
                stmt.span,
                "meta commands go at the start of a line",
            )),
        }
    }

    /// Runs a block's statements; its value is its last statement's.
    fn run_block(&mut self, b: &Block, print: bool) -> Result<Option<Value>, CgError> {
        let mut last = None;
        for st in &b.statements {
            step(st.span)?;
            last = self.exec(st, print)?;
        }
        Ok(last)
    }

    /// A condition: an expression that must be `true` or `false`.
    fn condition(&mut self, c: &Expr, what: &str) -> Result<bool, CgError> {
        match self.eval(c)? {
            Value::Bool(b) => Ok(b),
            other => Err(CgError::at(
                c.span,
                format!(
                    "the condition of `{what}` must be true or false, but this is a {}",
                    other.type_name()
                ),
            )
            .with_hint("compare, e.g. `n == 0`, or use a predicate such as `iszero(G)`")),
        }
    }

    /// `if c { } else { }`: runs the block chosen (printing as statements do when `print`)
    /// and gives its value.
    pub(crate) fn run_if(&mut self, e: &Expr, print: bool) -> Result<Option<Value>, CgError> {
        let ExprKind::If {
            cond,
            then,
            otherwise,
        } = &e.kind
        else {
            unreachable!("an if expression")
        };
        if self.condition(cond, "if")? {
            self.run_block(then, print)
        } else {
            match otherwise {
                Some(b) => self.run_block(b, print),
                None => Ok(None),
            }
        }
    }

    /// The value of an `if` used as an expression (a function's body, a right-hand side).
    pub(crate) fn if_value(&mut self, e: &Expr) -> Result<Value, CgError> {
        match self.run_if(e, false)? {
            Some(v) => Ok(v),
            None => {
                let ExprKind::If { otherwise, .. } = &e.kind else {
                    unreachable!("an if expression")
                };
                Err(CgError::at(
                    e.span,
                    if otherwise.is_none() {
                        "this `if` has no value: its condition is false and it has no `else`"
                    } else {
                        "this `if` has no value: the block that ran ends with a statement without one (a loop or an assert)"
                    },
                ))
            }
        }
    }

    /// The value of the variable `name`, not copied: the innermost scope that has it, else
    /// the session's (`_` is the last result).
    pub(crate) fn var_ref(&self, name: &str) -> Option<&Value> {
        if name == "_" {
            return self.last.as_ref();
        }
        for f in self.frames.iter().rev() {
            if let Some(v) = f.vars.get(name) {
                return Some(v);
            }
            if f.barrier {
                break;
            }
        }
        self.vars.get(name)
    }

    /// `name = v`: a local of the running function, or a session variable (which replaces a
    /// user function of that name and forgets the memos that depend on it).
    pub(crate) fn assign(&mut self, name: &str, v: Value) {
        if let Some(f) = self.frames.iter_mut().rev().find(|f| f.barrier) {
            f.vars.insert(name.to_string(), v);
            return;
        }
        self.vars.insert(name.to_string(), v);
        if self.functions.remove(name).is_some() {
            self.memos.remove(name);
        }
        self.invalidate(name);
    }

    /// Sets the last result `_`.
    pub(crate) fn set_last(&mut self, v: Value) {
        self.last = Some(v);
        self.invalidate("_");
    }

    /// Forgets the memo of every function that reads `name`, and of the functions that call
    /// those.
    fn invalidate(&mut self, name: &str) {
        if self.functions.is_empty() {
            return;
        }
        let mut todo = vec![name.to_string()];
        let mut done: FxHashSet<String> = FxHashSet::default();
        while let Some(n) = todo.pop() {
            for (fname, f) in &self.functions {
                if f.free.contains(&n) && done.insert(fname.clone()) {
                    if let Some(m) = self.memos.get_mut(fname) {
                        m.clear();
                    }
                    todo.push(fname.clone());
                }
            }
        }
    }

    /// `f(a, b) = body`: defines (or redefines) a user function. Returns the text to print.
    fn define(
        &mut self,
        name: &str,
        name_span: Span,
        params: &[String],
        body: &Expr,
        span: Span,
    ) -> Result<String, CgError> {
        if super::functions::lookup(name).is_some() {
            return Err(CgError::at(
                name_span,
                format!("`{name}` is a built-in function: a user function cannot redefine it"),
            ));
        }
        let mut free = Vec::new();
        free_names(body, &mut free);
        free.retain(|n| !params.contains(n));
        let f = UserFunction {
            name: name.to_string(),
            params: params.to_vec(),
            body: body.clone(),
            source: self.src.clone(),
            span,
            free,
        };
        let signature = f.signature();
        let replaced_var = self.vars.remove(name).is_some();
        self.functions.insert(name.to_string(), Arc::new(f));
        self.memos
            .insert(name.to_string(), BoundedCache::new(MEMO_CAPACITY));
        self.invalidate(name);
        Ok(if replaced_var {
            format!("defined {signature} (it replaces the variable {name})")
        } else {
            format!("defined {signature}")
        })
    }

    /// The user function called `name`.
    pub(crate) fn user_function(&self, name: &str) -> Option<Arc<UserFunction>> {
        self.functions.get(name).cloned()
    }

    /// Calls a user function: from its memo, or by evaluating its body in a new frame.
    pub(crate) fn call_user(
        &mut self,
        f: &Arc<UserFunction>,
        args: Vec<Value>,
        span: Span,
    ) -> Result<Value, CgError> {
        step(span)?;
        if args.len() != f.params.len() {
            let n = f.params.len();
            return Err(CgError::at(
                span,
                format!(
                    "`{}` takes {n} argument{}, not {}",
                    f.signature(),
                    if n == 1 { "" } else { "s" },
                    args.len()
                ),
            ));
        }
        let key: Option<Vec<MemoKey>> = args.iter().map(memo_key).collect();
        if let Some(k) = &key
            && let Some(v) = self.memos.get_mut(&f.name).and_then(|m| m.get(k))
        {
            return Ok(v);
        }
        let used = self.stack_base.abs_diff(stack_address());
        if used > self.stack_size / 2 {
            let mut e = CgError::at(
                span,
                format!(
                    "recursion too deep: {} nested calls of user functions (in `{}`) reached the stack limit",
                    self.call_depth,
                    f.signature()
                ),
            )
            .with_hint(format!(
                "compute smaller arguments first, e.g. `for k in 1..n {{ {}(k); }}`: results are memoised, so each call then recurses one level",
                f.name
            ));
            e.relocated = true;
            return Err(e);
        }
        let mut frame = Frame {
            vars: FxHashMap::default(),
            barrier: true,
        };
        for (p, a) in f.params.iter().zip(args) {
            frame.vars.insert(p.clone(), a);
        }
        self.frames.push(frame);
        let saved_src = std::mem::replace(&mut self.src, f.source.clone());
        self.call_depth += 1;
        let r = self.eval(&f.body);
        self.call_depth -= 1;
        self.src = saved_src;
        self.frames.pop();
        match r {
            Ok(v) => {
                if let Some(k) = key
                    && let Some(m) = self.memos.get_mut(&f.name)
                {
                    m.insert(k, v.clone());
                }
                Ok(v)
            }
            Err(e) => Err(relocate(e, f, span)),
        }
    }

    /// An integer argument of the language (a range's end, an index).
    pub(crate) fn int_value(&mut self, e: &Expr, what: &str) -> Result<i64, CgError> {
        let v = self.eval(e)?;
        let v = self.game_value(v, e.span)?;
        let n = match &v {
            Value::Game(g) => self.arena.as_number(*g).filter(|x| x.is_integer()),
            _ => None,
        };
        match n {
            Some(x) => x
                .to_i64()
                .ok_or_else(|| CgError::at(e.span, format!("{what} {x} is too large"))),
            None => {
                let shown = self.show(&v);
                Err(CgError::at(
                    e.span,
                    format!("{what} must be an integer, but this is {shown}"),
                ))
            }
        }
    }

    /// `lo..hi`: the integers from lo to hi, both included (empty when hi < lo).
    pub(crate) fn range_value(
        &mut self,
        lo: &Expr,
        hi: &Expr,
        span: Span,
    ) -> Result<Value, CgError> {
        let a = self.int_value(lo, "the start of a range")?;
        let b = self.int_value(hi, "the end of a range")?;
        if b < a {
            return Ok(Value::List(Vec::new()));
        }
        let len = (b as i128 - a as i128 + 1) as u128;
        if len > MAX_LIST_LEN as u128 {
            return Err(CgError::at(
                span,
                format!(
                    "the range {a}..{b} has {len} integers, more than a list may hold (at most {MAX_LIST_LEN})"
                ),
            ));
        }
        // A million integers take a noticeable time to intern: Ctrl-C is polled on the way.
        let mut items = Vec::with_capacity(len as usize);
        for n in a..=b {
            if n % 4096 == 0 {
                step(span)?;
            }
            items.push(Value::Game(self.arena.integer(n)));
        }
        Ok(Value::List(items))
    }

    /// `xs[i]`, 0-based.
    pub(crate) fn index_value(
        &mut self,
        base: &Expr,
        index: &Expr,
        span: Span,
    ) -> Result<Value, CgError> {
        let b = self.eval(base)?;
        let items = match b.into_items() {
            Ok(items) => items,
            Err(other) => {
                return Err(CgError::at(
                    base.span,
                    format!(
                        "only lists (and tables and reports) can be indexed, but this is a {}",
                        other.type_name()
                    ),
                ));
            }
        };
        let i = self.int_value(index, "an index")?;
        match usize::try_from(i).ok().and_then(|i| items.get(i)) {
            Some(v) => Ok(v.clone()),
            None => Err(CgError::at(
                span,
                if items.is_empty() {
                    format!("index {i} is out of range: the list is empty")
                } else {
                    format!(
                        "index {i} is out of range: the list has {} item{} (indices 0 to {})",
                        items.len(),
                        if items.len() == 1 { "" } else { "s" },
                        items.len() - 1
                    )
                },
            )),
        }
    }

    /// What a `for` runs over: a list (a range is one) or a table's rows.
    fn iterable(&mut self, e: &Expr) -> Result<Vec<Value>, CgError> {
        match self.eval(e)? {
            Value::List(items) => Ok(items),
            Value::Table(t) => Ok(t.as_list()),
            other => Err(CgError::at(
                e.span,
                format!(
                    "`for` runs over a list or a range, not a {}",
                    other.type_name()
                ),
            )
            .with_hint("write `for n in 1..10` or `for g in [a, b, c]`")),
        }
    }

    /// A generator `body for x in xs ...` as a table: a key column for each `for` variable and
    /// a column for the body (one for each item when the body is a list `[a, b]`).
    pub(crate) fn generator(&mut self, body: &Expr, clauses: &[Clause]) -> Result<Table, CgError> {
        let src = self.src.clone();
        let keys: Vec<String> = clauses
            .iter()
            .filter_map(|c| match c {
                Clause::For { var, .. } => Some(var.clone()),
                Clause::If(_) => None,
            })
            .collect();
        let columns: Vec<String> = match &body.kind {
            ExprKind::List(items) if !items.is_empty() => items
                .iter()
                .map(|x| x.span.text(&src).trim().to_string())
                .collect(),
            _ => vec![body.span.text(&src).trim().to_string()],
        };
        let mut table = Table {
            keys,
            columns,
            rows: Vec::new(),
        };
        self.frames.push(Frame::default());
        let mut key_values = Vec::new();
        let mut values = 1;
        let r = self.generate(body, clauses, &mut key_values, &mut table, &mut values);
        self.frames.pop();
        r.map(|()| table)
    }

    /// The rows of a generator's table from `clauses` on; `values` counts what the table holds
    /// so far (it may hold [`MAX_LIST_VALUES`], as a list).
    fn generate(
        &mut self,
        body: &Expr,
        clauses: &[Clause],
        keys: &mut Vec<Value>,
        table: &mut Table,
        values: &mut usize,
    ) -> Result<(), CgError> {
        match clauses.split_first() {
            None => {
                let row = match &body.kind {
                    ExprKind::List(items) if !items.is_empty() => {
                        let mut vs = Vec::with_capacity(items.len());
                        for x in items {
                            vs.push(self.eval(x)?);
                        }
                        vs
                    }
                    _ => vec![self.eval(body)?],
                };
                if table.rows.len() >= MAX_LIST_LEN {
                    return Err(CgError::at(
                        body.span,
                        format!("a generator may give at most {MAX_LIST_LEN} rows"),
                    ));
                }
                for v in keys.iter().chain(&row) {
                    *values = count_values(*values, v, body.span)?;
                }
                table.rows.push((keys.clone(), row));
                Ok(())
            }
            Some((
                Clause::For {
                    var,
                    var_span,
                    iter,
                },
                rest,
            )) => {
                let items = self.iterable(iter)?;
                for item in items {
                    step(*var_span)?;
                    if let Some(f) = self.frames.last_mut() {
                        f.vars.insert(var.clone(), item.clone());
                    }
                    keys.push(item);
                    let r = self.generate(body, rest, keys, table, values);
                    keys.pop();
                    r?;
                }
                Ok(())
            }
            Some((Clause::If(c), rest)) => {
                if self.condition(c, "if")? {
                    self.generate(body, rest, keys, table, values)?;
                }
                Ok(())
            }
        }
    }
}
