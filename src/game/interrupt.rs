//! Non-local exits from deep game recursion: Ctrl-C, budgets and numeric overflow.
//!
//! Game algebra recurses deeply and returns plain ids; threading `Result` through every sum and
//! comparison would cost speed and clarity. Instead a long computation polls [`check_cancel`]
//! and overflowing arithmetic calls [`Interrupt::raise`]; both unwind to the statement boundary
//! (`lang::eval`), which turns the payload back into an ordinary error. Every arena mutation is
//! completed before the next poll, so the arena stays consistent after an interrupt.

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::memory;

/// Why a computation stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interrupt {
    /// The user pressed Ctrl-C.
    Cancelled,
    /// A number left the exact range of the implementation.
    Overflow,
    /// A budget (nodes, memory, time) set with `:limit` ran out.
    Budget(String),
    /// The computation cannot go on, for the reason the message gives: a structural limit
    /// (the depth of the stack, the size of a number, an index that would not fit its type)
    /// would be passed, or the system refused an allocation.
    Limit(String),
}

static CANCEL: AtomicBool = AtomicBool::new(false);

impl Interrupt {
    /// Unwinds the current computation with this interrupt as payload.
    pub fn raise(self) -> ! {
        std::panic::resume_unwind(Box::new(self))
    }

    pub fn message(&self) -> String {
        match self {
            Interrupt::Cancelled => "computation cancelled (Ctrl-C)".to_string(),
            Interrupt::Overflow => {
                "number too large for this operation (it needs a machine integer, at most 2^63)"
                    .to_string()
            }
            Interrupt::Budget(what) => format!("budget exhausted: {what}"),
            Interrupt::Limit(what) => what.clone(),
        }
    }
}

/// Requests cancellation of the running computation (called from the Ctrl-C handler).
pub fn request_cancel() {
    CANCEL.store(true, Ordering::Relaxed);
}

/// Clears a pending cancellation (called before each statement).
pub fn clear_cancel() {
    CANCEL.store(false, Ordering::Relaxed);
}

/// Starts a statement: clears a pending cancellation, unless `stop` is set. A driver that
/// stops the session (its output pipe closed: `cli::watch_stdout`) sets `stop`, then requests
/// cancellation; a request that came after the check of `stop` before this statement must not
/// be lost with the clearing. With a fence here and one in the driver between its two stores,
/// either the load below sees `stop` or the driver's request lands after the clearing.
pub fn begin_statement(stop: &std::sync::atomic::AtomicBool) {
    clear_cancel();
    std::sync::atomic::fence(Ordering::SeqCst);
    if stop.load(Ordering::Relaxed) {
        request_cancel();
    }
}

/// Whether Ctrl-C was pressed during the running statement (for loops that stop with an
/// ordinary error instead of unwinding).
pub fn cancel_requested() -> bool {
    CANCEL.load(Ordering::Relaxed)
}

/// Unwinds with [`Interrupt::Cancelled`] if cancellation was requested. The flag stays set
/// until the next statement starts, so every worker thread of a search stops too.
///
/// This is also the poll of the statement's budget ([`StatementBudget`]): every
/// [`STEPS_PER_CHECK`] calls on a thread that runs a budgeted statement it checks the time
/// limit and, every few milliseconds, the memory limit (the node limit is checked where the
/// arena grows, [`note_growth`]).
///
/// It is the poll of the stack too: below the floor set by [`limit_stack`] it unwinds with
/// [`Interrupt::Limit`] instead of letting the recursion overflow the stack, which would
/// abort the process.
#[inline]
pub fn check_cancel() {
    if CANCEL.load(Ordering::Relaxed) {
        Interrupt::Cancelled.raise()
    }
    if stack_here() < STACK_FLOOR.get() {
        stack_exhausted()
    }
    let n = STEPS.get().wrapping_add(1);
    STEPS.set(n);
    if n.is_multiple_of(STEPS_PER_CHECK) {
        check_time_and_memory();
    }
}

/// The check of [`check_cancel`] every [`STEPS_PER_CHECK`] polls: the time limit, and the
/// memory limit when [`MEMORY_CHECK_INTERVAL`] has passed since the last look at it. Work
/// that allocates without adding games (a thermograph's walls, a printed summary) is seen
/// here: the sum of 90 switches once reached 1.4 GB under `:limit memory 1G` while its mean
/// was computed.
#[cold]
fn check_time_and_memory() {
    check_time();
    let now = Instant::now();
    if LAST_MEMORY_CHECK
        .get()
        .is_none_or(|t| now.duration_since(t) >= MEMORY_CHECK_INTERVAL)
    {
        LAST_MEMORY_CHECK.set(Some(now));
        if let Err(i) = memory_left(|| 0) {
            i.raise()
        }
    }
}

/// How often [`check_cancel`] looks at the process's memory: reading the resident set costs
/// a system call (about a microsecond), and in 2 ms no computation allocates more than a few
/// megabytes.
const MEMORY_CHECK_INTERVAL: Duration = Duration::from_millis(2);

/// Polls between two time checks (a power of two; each poll is one recursive step of the
/// algebra, well under a microsecond).
pub const STEPS_PER_CHECK: u64 = 1024;

/// The limits of `:limit` as they apply to one statement's algebra and analysis (sums,
/// comparisons, canonical forms, thermographs, cooling): searches have their own meter.
#[derive(Clone, Copy, Debug)]
pub struct StatementBudget {
    /// New games the session's arena may take in (`:limit nodes`).
    pub nodes: u64,
    /// Bytes the session's arena and its tables may hold (`:limit memory`).
    pub memory: usize,
    /// Wall time of the statement (`:limit time`).
    pub time: Duration,
}

#[derive(Clone, Copy)]
struct Running {
    budget: StatementBudget,
    start: Instant,
    /// Games in the arena when the statement started.
    games_at_start: usize,
}

thread_local! {
    static STEPS: Cell<u64> = const { Cell::new(0) };
    /// When [`check_time_and_memory`] last read the resident set.
    static LAST_MEMORY_CHECK: Cell<Option<Instant>> = const { Cell::new(None) };
    static RUNNING: Cell<Option<Running>> = const { Cell::new(None) };
    /// The lowest stack address this thread's statement may use (0: no bound).
    static STACK_FLOOR: Cell<usize> = const { Cell::new(0) };
}

/// An address in the caller's stack frame (the stack grows down on every supported platform;
/// only comparisons of these are used).
#[inline(always)]
pub fn stack_here() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker) as *const u8 as usize
}

/// Stack kept free below the floor: headroom for the frames that run between two polls, for
/// unwinding and for what the thread used before the statement (1/16 of the stack, at least
/// this much).
const STACK_HEADROOM: usize = 256 << 10;

/// Bounds the stack that recursion on this thread may use from here on: a poll
/// ([`check_cancel`]) that finds the stack more than 15/16 of `thread_stack` (the size of
/// this thread's stack, in bytes) below this point unwinds with [`Interrupt::Limit`]. A
/// bound already in force (a `:load`ed file's statements run inside the `:load`) is kept: it
/// was measured nearer the top of the stack.
pub fn limit_stack(thread_stack: usize) -> StackGuard {
    let previous = STACK_FLOOR.get();
    if previous == 0 {
        let usable = thread_stack.saturating_sub((thread_stack / 16).max(STACK_HEADROOM));
        STACK_FLOOR.set(stack_here().saturating_sub(usable).max(1));
    }
    StackGuard { previous }
}

/// Restores the stack bound that was in force before [`limit_stack`].
pub struct StackGuard {
    previous: usize,
}

impl Drop for StackGuard {
    fn drop(&mut self) {
        STACK_FLOOR.set(self.previous);
    }
}

#[cold]
#[inline(never)]
fn stack_exhausted() -> ! {
    Interrupt::Limit(
        "recursion too deep: the games in this operation are nested more deeply than the stack allows (games born on very late days, or chains of options millions long)"
            .to_string(),
    )
    .raise()
}

/// Puts `budget` in force on this thread until the guard is dropped; `games` is the size of
/// the arena the statement grows. The memory limit goes into force too ([`memory::enter_limit`]): large allocations on this
/// thread check against it.
pub fn enter_budget(budget: StatementBudget, games: usize) -> BudgetGuard {
    let previous = RUNNING.replace(Some(Running {
        budget,
        start: Instant::now(),
        games_at_start: games,
    }));
    BudgetGuard {
        previous,
        _memory: memory::enter_limit(budget.memory),
    }
}

/// Restores the budget that was in force before [`enter_budget`] (a `:load`ed file's
/// statements run inside the `:load` statement).
pub struct BudgetGuard {
    previous: Option<Running>,
    _memory: memory::LimitGuard,
}

impl Drop for BudgetGuard {
    fn drop(&mut self) {
        RUNNING.set(self.previous);
    }
}

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 10.0 {
        format!("{s:.0} s")
    } else {
        format!("{s:.1} s")
    }
}

#[cold]
fn check_time() {
    if let Err(i) = time_left() {
        i.raise()
    }
}

/// `Err` with the budget error once the running statement is past its time limit.
fn time_left() -> Result<(), Interrupt> {
    if let Some(r) = RUNNING.get() {
        let elapsed = r.start.elapsed();
        if elapsed > r.budget.time {
            return Err(Interrupt::Budget(format!(
                "time limit of {} s reached after {}; raise it with `:limit time N` (seconds) or lift the limits with `:limit off`",
                r.budget.time.as_secs(),
                seconds(elapsed)
            )));
        }
    }
    Ok(())
}

/// `Err` with the budget error when the process holds more memory than the running
/// statement's limit allows (`estimate`: what the session's games and tables hold by their
/// own count, reported beside the measured figure).
fn memory_left(estimate: impl FnOnce() -> usize) -> Result<(), Interrupt> {
    let Some(r) = RUNNING.get() else {
        return Ok(());
    };
    let estimate = estimate();
    let used = memory::over(r.budget.memory, estimate);
    let Some(used) = used else { return Ok(()) };
    let tables = if estimate > 0 {
        format!(", the games and tables {}", memory::show(estimate))
    } else {
        String::new()
    };
    Err(Interrupt::Budget(format!(
        "memory limit of {} reached (the process holds {}{tables}); raise it with `:limit memory 4G`, or free unused games with `:gc`",
        memory::show(r.budget.memory),
        memory::show(used),
    )))
}

/// Polls between [`memory_left`] checks in [`poll_step`] (a power of two): reading the
/// resident set costs a system call, a loop step may cost less.
const STEPS_PER_MEMORY_CHECK: u64 = 64;

thread_local! {
    static LOOP_STEPS: Cell<u64> = const { Cell::new(0) };
}

/// The poll of an interpreter loop, at every step (an item of a `for`, a statement of a block,
/// a row of a generator): Ctrl-C and the statement's time limit each time, its memory limit
/// every [`STEPS_PER_MEMORY_CHECK`] steps. `Err` is the interrupt to report; loops stop with
/// an ordinary error rather than unwinding through the interpreter's frames.
pub fn poll_step() -> Result<(), Interrupt> {
    if CANCEL.load(Ordering::Relaxed) {
        return Err(Interrupt::Cancelled);
    }
    time_left()?;
    let n = LOOP_STEPS.get().wrapping_add(1);
    LOOP_STEPS.set(n);
    if n.is_multiple_of(STEPS_PER_MEMORY_CHECK) {
        memory_left(|| 0)?;
    }
    Ok(())
}

/// Called by the session's arena each time it has taken in [`GROWTH_CHECK`] more games:
/// enforces the node and memory limits of the running statement (and the time limit).
/// `bytes` is what the arena and its tables hold now.
#[cold]
pub fn note_growth(games: usize, bytes: impl FnOnce() -> usize) {
    let Some(r) = RUNNING.get() else { return };
    let new = games.saturating_sub(r.games_at_start) as u64;
    if new > r.budget.nodes {
        Interrupt::Budget(format!(
            "node limit of {} reached ({new} new games in this statement); raise it with `:limit nodes N` or lift the limits with `:limit off`",
            r.budget.nodes
        ))
        .raise()
    }
    if let Err(i) = memory_left(bytes) {
        i.raise()
    }
    check_time();
}

/// Games the arena takes in between two calls of [`note_growth`] (a power of two).
pub const GROWTH_CHECK: usize = 1024;

/// Runs `f`, converting an [`Interrupt`] unwind into `Err`. Other panics are bugs: they are
/// converted too (with their message) so the session survives, but reported as internal errors.
pub fn catch<T>(f: impl FnOnce() -> T) -> Result<T, String> {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(f)) {
        Ok(v) => Ok(v),
        Err(payload) => Err(if let Some(i) = payload.downcast_ref::<Interrupt>() {
            i.message()
        } else if let Some(s) = payload.downcast_ref::<&str>() {
            format!("internal error: {s}")
        } else if let Some(s) = payload.downcast_ref::<String>() {
            format!("internal error: {s}")
        } else {
            "internal error".to_string()
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A recursion `depth` deep with a frame of about 1 KiB, polling at every level.
    fn descend(depth: u32) -> u32 {
        let frame = std::hint::black_box([depth as u8; 1024]);
        check_cancel();
        if depth == 0 {
            return u32::from(frame[0]);
        }
        descend(depth - 1) + u32::from(frame[1023] & 1)
    }

    /// On an 8 MiB thread, a recursion that needs about 100 MiB stops with an error instead of
    /// overflowing the stack (which aborts the process), and a shallow one still runs.
    #[test]
    fn a_bounded_stack_stops_deep_recursion_with_an_error() {
        const STACK: usize = 8 << 20;
        let run = std::thread::Builder::new()
            .stack_size(STACK)
            .spawn(|| {
                let guard = limit_stack(STACK);
                let deep = catch(|| descend(100_000));
                let shallow = catch(|| descend(1_000));
                drop(guard);
                (deep, shallow, STACK_FLOOR.get())
            })
            .expect("spawn")
            .join()
            .expect("no abort, no panic");
        let (deep, shallow, floor_after) = run;
        let message = deep.expect_err("100,000 frames of 1 KiB do not fit in 8 MiB");
        assert!(message.starts_with("recursion too deep"), "{message}");
        assert!(shallow.is_ok());
        assert_eq!(floor_after, 0, "the guard lifts the bound");
    }
}
