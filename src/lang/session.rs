//! The session driver: a [`Session`] owns the game stores, the variables and the settings, and
//! runs source text statement by statement, producing one [`Reply`] per statement.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rustc_hash::FxHashMap;

use super::commands;
use super::flow::{Frame, MemoKey, UserFunction};
use crate::analysis::{Analysis, AnalysisCaches};
use crate::calc::context::{Context, RulesetStates};
use crate::calc::value::{ModulePosition, Value};
use crate::game::cache::{BoundedCache, CacheStats};
use crate::game::threat::Threats;
use crate::game::{Arena, GameId, Outcome, interrupt, memory};
use crate::search::PositionValue;
use crate::syntax::ast::{Statement, StmtKind};
use crate::syntax::error::CgError;
use crate::syntax::parser;
use crate::syntax::span::Span;

/// The stack of a thread spawned without a size (Rust's default), assumed until
/// [`Session::set_stack_size`] says otherwise.
const DEFAULT_THREAD_STACK: usize = 2 << 20;

pub use crate::calc::context::{SearchSettings, Settings};

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
    /// Where the statement comes from: the file name, `-e`, `<stdin>`, `<repl:N>`.
    pub origin: String,
    /// The line of `origin` where the statement starts (1-based).
    pub line: usize,
    /// For an error with a position: its line and column (1-based, columns in characters).
    pub error_at: Option<(usize, usize)>,
}

/// What a statement did.
pub enum Executed {
    /// Its text to print, if any.
    Value(Option<String>),
    Quit,
}

/// One calculator session: the arena of games, the variables and the settings.
pub struct Session {
    pub arena: Arena,
    /// Threat games and loopy constants (`on`, `off`, `over`, `under`, `dud`).
    pub threats: Threats,
    /// Memo tables of the analysis functions (cooling, rcf, atomic weight, ...).
    pub analysis: AnalysisCaches,
    pub(crate) vars: BTreeMap<String, Value>,
    pub settings: Settings,
    /// Search settings and the statistics of the last search.
    pub search: SearchSettings,
    /// Each ruleset's own state (solved endgame tables, ...), kept for the session.
    pub states: RulesetStates,
    /// Files being loaded, to refuse recursive `:load`.
    pub(crate) loading: Vec<String>,
    /// Set when the driver asks to stop running statements.
    stop: Arc<AtomicBool>,
    /// User functions (`f(n) = ...`), by name.
    pub(crate) functions: BTreeMap<String, Arc<UserFunction>>,
    /// Each user function's remembered results.
    pub(crate) memos: FxHashMap<String, BoundedCache<Vec<MemoKey>, Value>>,
    /// Scopes of the running user functions and generators (empty at the top level).
    pub(crate) frames: Vec<Frame>,
    /// The last result, `_`.
    pub(crate) last: Option<Value>,
    /// What the running statement has printed so far (loops and `if` blocks print lines).
    pub(crate) out: Vec<String>,
    /// The source text that the running expression's spans point into.
    pub(crate) src: Arc<str>,
    /// Where the stack stood when the running statement started.
    pub(crate) stack_base: usize,
    /// The stack of the thread that runs this session, in bytes (`Session::set_stack_size`):
    /// user-function recursion stops with an error when it has used half of it.
    pub(crate) stack_size: usize,
    /// How many user-function calls are running, one inside the other.
    pub(crate) call_depth: usize,
    /// Whether a person types the statements (the REPL): commands that only change a setting
    /// then say what it is now; in scripts they are silent, so transcripts stay short.
    pub interactive: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session::new()
    }
}

impl Session {
    pub fn new() -> Session {
        let mut arena = Arena::new();
        arena.metered = true;
        Session {
            arena,
            threats: Threats::new(),
            analysis: AnalysisCaches::default(),
            vars: BTreeMap::new(),
            settings: Settings::default(),
            search: SearchSettings::default(),
            states: RulesetStates::default(),
            loading: Vec::new(),
            stop: Arc::new(AtomicBool::new(false)),
            functions: BTreeMap::new(),
            memos: FxHashMap::default(),
            frames: Vec::new(),
            last: None,
            out: Vec::new(),
            src: Arc::from(""),
            stack_base: 0,
            stack_size: DEFAULT_THREAD_STACK,
            call_depth: 0,
            interactive: false,
        }
    }

    /// Tells the session how large the stack of the thread that runs it is (the calculator's
    /// evaluation thread has [`crate::STACK_SIZE`]; the default assumes a plain thread's
    /// 2 MiB). Recursion of user functions stops with an error at half of it.
    pub fn set_stack_size(&mut self, bytes: usize) {
        self.stack_size = bytes;
    }

    /// The user functions' definitions as written, in name order.
    pub fn function_definitions(&self) -> Vec<String> {
        self.functions
            .values()
            .map(|f| f.text().to_string())
            .collect()
    }

    /// The memoised analysis functions on this session's arena.
    pub fn analysis(&mut self) -> Analysis<'_> {
        Analysis::new(&mut self.arena, &mut self.analysis)
    }

    /// The value of a variable.
    pub fn variable(&self, name: &str) -> Option<&Value> {
        self.vars.get(name)
    }

    /// Sets a variable (for programs that embed the calculator).
    pub fn set_variable(&mut self, name: &str, value: Value) {
        self.vars.insert(name.to_string(), value);
    }

    /// Variable and user-function names, for completion.
    pub fn variable_names(&self) -> Vec<String> {
        self.vars
            .keys()
            .chain(self.functions.keys())
            .cloned()
            .collect()
    }

    /// `name = value` for every variable, one per line.
    pub(crate) fn variables_text(&mut self) -> String {
        let vars: Vec<(String, Value)> = self
            .vars
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let mut lines = self.function_definitions();
        for (n, v) in vars {
            // Listing variables starts no search: a position not valued yet says so.
            lines.push(format!("{n} = {}", self.context().show_computed(&v)));
        }
        lines.join("\n")
    }

    /// The text `:save` writes for a value, if it reads back as that value: games, booleans,
    /// strings, threat games and misère forms as printed, a position as the expression that built it
    /// (`dom(3, 3)`: it reads back as the same position), lists item by item.
    fn saved_text(&mut self, v: &Value) -> Option<String> {
        match v {
            Value::Game(_)
            | Value::Bool(_)
            | Value::Str(_)
            | Value::Threat(_)
            | Value::Misere(_) => Some(self.show_full(v)),
            Value::Position(p) => p.source().map(str::to_string),
            Value::List(items) => {
                let mut parts = Vec::with_capacity(items.len());
                for x in items {
                    parts.push(self.saved_text(x)?);
                }
                Some(format!("[{}]", parts.join(", ")))
            }
            _ => None,
        }
    }

    /// The script `:save` writes: the user functions as defined, then `name = value` for
    /// every variable whose value reads back. Returns it with the numbers of functions and
    /// variables written and the variables left out (with their types).
    pub(crate) fn session_script(&mut self) -> (String, usize, usize, Vec<String>) {
        let mut text =
            String::from("# cgcalc session written by :save; `:load FILE` restores it\n");
        let defs = self.function_definitions();
        for d in &defs {
            text.push_str(d);
            text.push_str(";\n");
        }
        let vars: Vec<(String, Value)> = self
            .vars
            .iter()
            .map(|(k, v)| (k.clone(), v.clone()))
            .collect();
        let (mut written, mut skipped) = (0, Vec::new());
        for (name, v) in vars {
            if let Some(shown) = self.saved_text(&v) {
                text.push_str(&format!("{name} = {shown};\n"));
                written += 1;
            } else {
                text.push_str(&format!(
                    "# {name}: a {} (not written: it does not read back)\n",
                    v.type_name()
                ));
                skipped.push(format!("{name} ({})", v.type_name()));
            }
        }
        (text, defs.len(), written, skipped)
    }

    /// Forgets every variable and user function (and the last result); returns how many
    /// variables and functions there were.
    pub(crate) fn clear_variables(&mut self) -> (usize, usize) {
        let n = (self.vars.len(), self.functions.len());
        self.vars.clear();
        self.functions.clear();
        self.memos.clear();
        self.last = None;
        n
    }

    /// `:gc`: compacts the arena to the games that variables, `_`, user functions' memos,
    /// positions' values and threat games still refer to (`Arena::compact`), renames the ids
    /// they hold and forgets the analysis memos. Returns what was freed.
    pub fn gc(&mut self) -> crate::game::arena::GcReport {
        /// Collects the games of `v`, and its positions once each (a position may be shared).
        fn roots(v: &Value, out: &mut Vec<GameId>, positions: &mut Vec<Arc<ModulePosition>>) {
            match v {
                Value::Game(g) => out.push(*g),
                Value::List(items) => items.iter().for_each(|x| roots(x, out, positions)),
                Value::Table(t) => t
                    .rows
                    .iter()
                    .flat_map(|(k, c)| k.iter().chain(c))
                    .for_each(|x| roots(x, out, positions)),
                Value::Position(p) => {
                    if let Some(PositionValue::Game(g)) = p.known_value() {
                        out.push(g);
                        if !positions.iter().any(|q| Arc::ptr_eq(p, q)) {
                            positions.push(p.clone());
                        }
                    }
                }
                _ => {}
            }
        }
        fn key_roots(k: &MemoKey, out: &mut Vec<GameId>) {
            match k {
                MemoKey::Game(g) => out.push(*g),
                MemoKey::List(ks) => ks.iter().for_each(|x| key_roots(x, out)),
                _ => {}
            }
        }
        fn remap(v: &mut Value, map: &FxHashMap<GameId, GameId>) {
            match v {
                Value::Game(g) => *g = map[g],
                Value::List(items) => items.iter_mut().for_each(|x| remap(x, map)),
                Value::Table(t) => {
                    let t = Arc::make_mut(t);
                    for (k, c) in &mut t.rows {
                        k.iter_mut().chain(c.iter_mut()).for_each(|x| remap(x, map));
                    }
                }
                // positions are renamed once each, below
                _ => {}
            }
        }
        fn remap_key(k: &mut MemoKey, map: &FxHashMap<GameId, GameId>) {
            match k {
                MemoKey::Game(g) => *g = map[g],
                MemoKey::List(ks) => ks.iter_mut().for_each(|x| remap_key(x, map)),
                _ => {}
            }
        }
        type Entries = Vec<(Vec<MemoKey>, Value)>;
        let mut memos: Vec<(String, Entries)> = self
            .memos
            .iter_mut()
            .map(|(name, m)| (name.clone(), m.take_entries()))
            .collect();
        let mut ids = self.threats.short_games();
        let mut positions = Vec::new();
        for v in self.vars.values().chain(&self.last) {
            roots(v, &mut ids, &mut positions);
        }
        for frame in &self.frames {
            frame
                .vars
                .values()
                .for_each(|v| roots(v, &mut ids, &mut positions));
        }
        for (_, entries) in &memos {
            for (keys, v) in entries {
                keys.iter().for_each(|k| key_roots(k, &mut ids));
                roots(v, &mut ids, &mut positions);
            }
        }
        let (map, report) = self.arena.compact(&ids);
        self.threats.remap_games(&map);
        for p in &positions {
            p.remap_value(&map);
        }
        for v in self.vars.values_mut().chain(self.last.as_mut()) {
            remap(v, &map);
        }
        for frame in &mut self.frames {
            frame.vars.values_mut().for_each(|v| remap(v, &map));
        }
        for (name, entries) in &mut memos {
            let memo = self.memos.get_mut(name).expect("memo taken above");
            for (mut keys, mut v) in std::mem::take(entries) {
                keys.iter_mut().for_each(|k| remap_key(k, &map));
                remap(&mut v, &map);
                memo.insert(keys, v);
            }
        }
        self.analysis = AnalysisCaches::default();
        report
    }

    /// Runs `src`, calling `on_reply` after each statement. The text is read one statement
    /// group at a time (a line, continued while brackets are open), so an error in one group
    /// does not keep the others from running; with `stop_on_error` the run stops at the first
    /// error. Returns `false` if any statement failed.
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
    /// Stops after `:quit`, and before the next statement once [`Session::stop_flag`] is set.
    pub fn run_source_at(
        &mut self,
        src: &str,
        origin: &str,
        first_line: usize,
        stop_on_error: bool,
        on_reply: &mut dyn FnMut(&Reply),
    ) -> bool {
        let mut ok = true;
        let mut groups = statement_groups(src).peekable();
        while let Some(group) = groups.next() {
            let at = Origin {
                name: origin,
                first_line: first_line + group.line - 1,
            };
            // A group cut short by a line that begins a new statement: that line, for the hint.
            let cut_by = groups.peek().filter(|_| group.cut).map(|next| {
                (
                    first_line + next.line - 1,
                    next.text.lines().next().unwrap_or(""),
                )
            });
            let (group_ok, quit) = self.run_group(group.text, &at, cut_by, stop_on_error, on_reply);
            ok &= group_ok;
            if quit || (!ok && stop_on_error) || self.stop.load(Ordering::Relaxed) {
                break;
            }
        }
        ok
    }

    /// A flag that stops [`Session::run_source`] before its next statement (set by a driver
    /// that can no longer write its output).
    pub fn stop_flag(&self) -> Arc<AtomicBool> {
        self.stop.clone()
    }

    /// Parses and runs one statement group. `cut_by` is the line (number and text) that ended
    /// the group early by beginning a new statement while a bracket was open
    /// ([`parser::first_group`]). Returns whether every statement succeeded and whether
    /// `:quit` was given.
    fn run_group(
        &mut self,
        src: &str,
        at: &Origin,
        cut_by: Option<(usize, &str)>,
        stop_on_error: bool,
        on_reply: &mut dyn FnMut(&Reply),
    ) -> (bool, bool) {
        let parsed = {
            let _limit = memory::enter_limit(self.search.budget.memory);
            parser::parse_program_at(src, at.first_line, super::NAMES)
        };
        let program = match parsed {
            Ok(p) => p,
            Err(mut e) => {
                if let Some((line, text)) = cut_by {
                    let cut = format!(
                        "line {line} begins a new statement at column 1 (`{}`), so it is read on its own",
                        text.trim_end()
                    );
                    e.hint = Some(match e.hint.take() {
                        Some(h) => format!("{h}\nhint: {cut}"),
                        None => cut,
                    });
                }
                // The whole statement group, as written: the statement that failed to parse.
                let start = src.len() - src.trim_start().len();
                let error_at = e.span.map(|s| at.line_col(src, s.start));
                on_reply(&Reply {
                    input: src.trim().to_string(),
                    output: None,
                    error: Some(at.render(&e, src)),
                    elapsed: Duration::ZERO,
                    quit: false,
                    timed: false,
                    origin: at.name.to_string(),
                    line: at.line_col(src, start).0,
                    error_at,
                });
                return (false, false);
            }
        };
        let mut ok = true;
        for stmt in &program.statements {
            if self.stop.load(Ordering::Relaxed) {
                break;
            }
            let reply = self.run_statement(stmt, src, at);
            let (failed, quit) = (reply.error.is_some(), reply.quit);
            on_reply(&reply);
            ok &= !failed;
            if quit {
                return (ok, true);
            }
            if failed && stop_on_error {
                break;
            }
        }
        (ok, false)
    }

    fn run_statement(&mut self, stmt: &Statement, src: &str, at: &Origin) -> Reply {
        // As written, with the `;` that keeps it from printing (a transcript runs it again).
        let text = stmt.span.text(src).trim();
        let input = if stmt.print {
            text.to_string()
        } else {
            format!("{text};")
        };
        interrupt::begin_statement(&self.stop);
        let start = Instant::now();
        // A statement of a `:load`ed file runs inside the `:load` statement: keep its state.
        let saved = (
            std::mem::replace(&mut self.src, Arc::from(src)),
            self.stack_base,
            std::mem::take(&mut self.out),
            std::mem::take(&mut self.frames),
            std::mem::replace(&mut self.call_depth, 0),
        );
        let caught = on_big_stack(self, |s, thread_stack| {
            s.stack_base = super::flow::stack_address();
            // Game recursion (birthdays deep) stops with an error before the stack runs out.
            let _stack = interrupt::limit_stack(thread_stack);
            let b = s.search.budget;
            let caught = {
                let _budget = interrupt::enter_budget(
                    interrupt::StatementBudget {
                        nodes: b.nodes,
                        memory: b.memory,
                        time: b.time,
                    },
                    s.arena.len(),
                );
                // Interrupts inside an expression carry the span of the operation they
                // stopped; one that escapes (while printing, say) points at the whole
                // statement.
                interrupt::catch(|| s.execute(stmt))
            };
            if !matches!(caught, Ok(Ok(_))) {
                s.free_after_failure(b.memory);
            }
            caught
        });
        let printed = std::mem::take(&mut self.out);
        (
            self.src,
            self.stack_base,
            self.out,
            self.frames,
            self.call_depth,
        ) = saved;
        let elapsed = start.elapsed();
        let partial = (!printed.is_empty()).then(|| printed.join("\n"));
        let mut error_at = None;
        let (output, error, quit) = match caught {
            Ok(Ok(Executed::Value(text))) => (text, None, false),
            Ok(Ok(Executed::Quit)) => (None, None, true),
            Ok(Err(e)) => {
                error_at = e.span.map(|s| at.line_col(src, s.start));
                (partial, Some(at.render(&e, src)), false)
            }
            Err(message) => {
                error_at = Some(at.line_col(src, stmt.span.start));
                (
                    partial,
                    Some(at.render(&CgError::at(stmt.span, message), src)),
                    false,
                )
            }
        };
        Reply {
            input,
            output,
            error,
            elapsed,
            quit,
            timed: self.settings.show_time,
            origin: at.name.to_string(),
            line: at.line_col(src, stmt.span.start).0,
            error_at,
        }
    }

    /// After a statement that failed with the process near the memory limit (within an
    /// eighth of it): frees the games the statement left behind, as `:gc` does, so that the
    /// session can go on under the limit (a full arena would otherwise stop the next
    /// statement's first new game). Runs outside the statement's budget; if even that fails,
    /// the arena stays as it was.
    fn free_after_failure(&mut self, limit: usize) {
        if memory::over(limit - limit / 8, 0).is_some() {
            let _ = interrupt::catch(|| self.gc());
        }
    }

    fn execute(&mut self, stmt: &Statement) -> Result<Executed, CgError> {
        if let StmtKind::Meta { command, args } = &stmt.kind {
            // A `;` after the command silences its reply, as after any statement.
            return match commands::run(self, command, args, stmt.span)? {
                Executed::Value(_) if !stmt.print => Ok(Executed::Value(None)),
                done => Ok(done),
            };
        }
        if let Some(v) = self.exec(stmt, true)? {
            self.set_last(v);
        }
        let lines = std::mem::take(&mut self.out);
        Ok(Executed::Value(
            (!lines.is_empty()).then(|| lines.join("\n")),
        ))
    }

    /// Prints a value within the print limit, or its summary. Positions get their values
    /// computed first.
    pub fn show(&mut self, v: &Value) -> String {
        self.context().show(v)
    }

    /// Prints a value in full (no print limit, ASCII), as `:save` and the exports write it.
    pub(crate) fn show_full(&mut self, v: &Value) -> String {
        self.context().show_full(v)
    }

    /// Prints a statement's value with its position's report ([`Context::show_with_parts`]).
    pub(crate) fn show_with_parts(&mut self, v: &Value) -> String {
        self.context().show_with_parts(v)
    }

    /// What a function may use of the session ([`Context`]).
    pub fn context(&mut self) -> Context<'_> {
        Context {
            arena: &mut self.arena,
            threats: &mut self.threats,
            analysis: &mut self.analysis,
            search: &mut self.search,
            settings: &self.settings,
            states: &mut self.states,
        }
    }

    /// The value of a position, searched for the first time it is needed and then kept.
    pub fn position_value(&mut self, p: &ModulePosition) -> PositionValue {
        self.context().position_value(p)
    }

    /// The outcome class of a position: from its value when that is known, otherwise by the
    /// ruleset's outcome search (which does not compute the value).
    pub fn position_outcome(&mut self, p: &ModulePosition) -> Result<Outcome, String> {
        self.context().position_outcome(p)
    }

    /// The text of `:stats`.
    pub(crate) fn stats_text(&self) -> String {
        let s = self.arena.stats();
        let mut out = format!(
            "arena: {} games, {} option slots, about {:.1} MiB\n",
            s.games,
            s.option_pool,
            self.arena.approx_bytes() as f64 / (1024.0 * 1024.0)
        );
        if let Some(st) = &self.search.last {
            let _ = writeln!(
                out,
                "last search: {} nodes, {} table hits, {} valued by the rules, table {} entries, {} thread{}, {:.3} s",
                st.nodes,
                st.table_hits,
                st.direct,
                st.table_size,
                st.threads,
                if st.threads == 1 { "" } else { "s" },
                st.elapsed.as_secs_f64()
            );
        }
        out.push_str(
            "cache            entries   capacity       hits     misses  hit rate  flushes",
        );
        let caches = s
            .caches
            .into_iter()
            .chain(self.threats.stats())
            .chain(self.analysis.stats())
            .chain(super::functions::rulesets().flat_map(|r| (r.caches)(&self.states)))
            .chain([(
                "user memos",
                CacheStats::total(self.memos.values().map(BoundedCache::stats)),
            )])
            .chain(crate::game::cache::shared_stats());
        for (name, c) in caches {
            let _ = write!(
                out,
                "\n{name:<14} {:>9} {:>10} {:>10} {:>10} {:>8.1}% {:>8}",
                c.len,
                c.capacity,
                c.hits,
                c.misses,
                100.0 * c.hit_rate(),
                c.flushes
            );
        }
        out
    }
}

thread_local! {
    /// This thread has a stack of [`crate::STACK_SIZE`] (it runs statements for a session on a
    /// smaller one).
    static BIG_STACK: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Runs `f` on `session` on a stack of [`crate::STACK_SIZE`]: directly when the session's
/// thread has one (the calculator's evaluation thread), otherwise on a helper thread, so
/// that deep games (recursion follows birthdays) and deep input ([`parser::MAX_DEPTH`]) work
/// in any thread that runs a session, such as a test's. The helper costs a thread start per
/// statement; the stack is reserved, not committed. The session's own `stack_size` still
/// bounds user-function recursion, so its limit does not depend on where it runs.
///
/// `f` also receives the size of the stack it runs on.
fn on_big_stack<T: Send>(
    session: &mut Session,
    f: impl FnOnce(&mut Session, usize) -> T + Send,
) -> T {
    if BIG_STACK.get() {
        return f(session, crate::STACK_SIZE);
    }
    if session.stack_size >= crate::STACK_SIZE {
        let size = session.stack_size;
        return f(session, size);
    }
    // Shared with the helper, so the job can still run here if no thread can be started.
    let job = std::sync::Mutex::new(Some((f, session)));
    let take = || {
        job.lock()
            .unwrap_or_else(|e| e.into_inner())
            .take()
            .expect("the statement runs once")
    };
    std::thread::scope(|scope| {
        let spawned = std::thread::Builder::new()
            .name("cgcalc-statement".into())
            .stack_size(crate::STACK_SIZE)
            .spawn_scoped(scope, || {
                BIG_STACK.set(true);
                let (f, session) = take();
                f(session, crate::STACK_SIZE)
            });
        match spawned {
            Ok(handle) => handle
                .join()
                .unwrap_or_else(|payload| std::panic::resume_unwind(payload)),
            // No thread to be had: run here, on the smaller stack.
            Err(_) => {
                let (f, session) = take();
                let size = session.stack_size;
                f(session, size)
            }
        }
    })
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

    /// The line of the origin and the column of byte offset `pos` of `src`.
    fn line_col(&self, src: &str, pos: usize) -> (usize, usize) {
        let (line, col) = crate::syntax::error::line_col(src, pos);
        (line + self.first_line - 1, col)
    }
}

/// A statement group of a source text ([`parser::first_group`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Group<'a> {
    /// The 1-based line where the group starts.
    pub line: usize,
    /// Its text: whole lines, with their line breaks.
    pub text: &'a str,
    /// It ended, with a `(` or `[` open, before a line that begins a new statement.
    pub cut: bool,
}

/// Splits source text into statement groups ([`parser::first_group`]): runs of whole lines
/// that end where no bracket or string is left open, or before a line that begins a new
/// statement at column 1 while a `(` or `[` is open (the unit the REPL and stdin read too).
pub fn statement_groups(src: &str) -> impl Iterator<Item = Group<'_>> {
    let mut rest = src;
    let mut line = 1;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let end = parser::first_group(rest, super::NAMES);
        let (text, tail) = rest.split_at(end.len);
        rest = tail;
        let group = Group {
            line,
            text,
            cut: end.cut,
        };
        line += text.matches('\n').count();
        Some(group)
    })
}

pub(crate) fn check_assignable(name: &str, span: Span) -> Result<(), CgError> {
    if parser::RESERVED.contains(&name) {
        return Err(CgError::at(
            span,
            format!("`{name}` is reserved and cannot be assigned"),
        ));
    }
    if super::functions::lookup(name).is_some() {
        return Err(CgError::at(
            span,
            format!("`{name}` is a function name and cannot be assigned"),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::statement_groups;

    #[test]
    fn groups_follow_open_brackets() {
        let src = "a = 1\n{1,\n2|3}\n\n:help\nb";
        let groups: Vec<(usize, &str)> = statement_groups(src).map(|g| (g.line, g.text)).collect();
        assert_eq!(
            groups,
            vec![
                (1, "a = 1\n"),
                (2, "{1,\n2|3}\n"),
                (4, "\n"),
                (5, ":help\n"),
                (6, "b")
            ]
        );
    }
}
