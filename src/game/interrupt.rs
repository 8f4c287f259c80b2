//! Non-local exits from deep game recursion: Ctrl-C, budgets and numeric overflow.
//!
//! Game algebra recurses deeply and returns plain ids; threading `Result` through every sum and
//! comparison would cost speed and clarity. Instead a long computation polls [`check_cancel`]
//! and overflowing arithmetic calls [`Interrupt::raise`]; both unwind to the statement boundary
//! (`lang::eval`), which turns the payload back into an ordinary error. Every arena mutation is
//! completed before the next poll, so the arena stays consistent after an interrupt.

use std::sync::atomic::{AtomicBool, Ordering};

/// Why a computation stopped early.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Interrupt {
    /// The user pressed Ctrl-C.
    Cancelled,
    /// A number left the exact range of the implementation.
    Overflow,
    /// A budget (nodes, memory, time) set with `:limit` ran out.
    Budget(String),
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

/// Whether Ctrl-C was pressed during the running statement (for loops that stop with an
/// ordinary error instead of unwinding).
pub fn cancel_requested() -> bool {
    CANCEL.load(Ordering::Relaxed)
}

/// Unwinds with [`Interrupt::Cancelled`] if cancellation was requested. The flag stays set
/// until the next statement starts, so every worker thread of a search stops too.
#[inline]
pub fn check_cancel() {
    if CANCEL.load(Ordering::Relaxed) {
        Interrupt::Cancelled.raise()
    }
}

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
