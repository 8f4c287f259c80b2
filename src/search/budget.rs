//! Budgets of a search (nodes, memory, time), its counters, and the meter that enforces them.

use std::time::{Duration, Instant};

use crate::game::interrupt::{Interrupt, check_cancel};
use crate::game::memory;

/// Writes one line of progress or diagnostics to standard error. A line that cannot be
/// written (standard error full or closed) is dropped: it must not end the computation it
/// reports on (`eprintln!` panics then).
pub fn progress_line(line: std::fmt::Arguments) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

/// How often long computations report by default (`:limit progress`).
pub const PROGRESS_EVERY: Duration = Duration::from_secs(10);

/// The progress lines of one long computation: at most one per interval, written by
/// [`progress_line`].
#[derive(Clone, Copy, Debug)]
pub struct ProgressReporter {
    /// The interval; `None`: silent.
    every: Option<Duration>,
    start: Instant,
    last: Instant,
}

impl ProgressReporter {
    /// A reporter whose first line is due `every` from now.
    pub fn new(every: Option<Duration>) -> ProgressReporter {
        let now = Instant::now();
        ProgressReporter {
            every,
            start: now,
            last: now,
        }
    }

    /// Writes the line `line` makes from the seconds since the start, if a line is due
    /// (`line` is not called otherwise).
    pub fn report(&mut self, line: impl FnOnce(f64) -> String) {
        if let Some(every) = self.every
            && self.last.elapsed() >= every
        {
            self.last = Instant::now();
            progress_line(format_args!("{}", line(self.start.elapsed().as_secs_f64())));
        }
    }
}

/// Limits on a search; exceeding one unwinds with [`Interrupt::Budget`].
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Maximum nodes (positions expanded) per search.
    pub nodes: u64,
    /// Maximum bytes the process may hold resident (measured at the meter's checks; tables
    /// check before they double).
    pub memory: usize,
    /// Maximum wall time.
    pub time: Duration,
    /// Print a progress line to standard error this often during long searches.
    pub progress: Option<Duration>,
}

impl Default for Budget {
    fn default() -> Self {
        Budget {
            nodes: u64::MAX,
            memory: memory::default_limit().bytes,
            time: Duration::from_secs(24 * 3600),
            progress: Some(PROGRESS_EVERY),
        }
    }
}

/// Counters a search reports.
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchStats {
    /// Components expanded (their moves generated and valued).
    pub nodes: u64,
    /// Components found in the transposition table.
    pub table_hits: u64,
    /// Components valued directly by the rules.
    pub direct: u64,
    /// Entries in the transposition table(s) at the end.
    pub table_size: usize,
    /// Deepest line searched, in moves (GTSearch; 0 where not measured).
    pub depth: usize,
    pub elapsed: Duration,
    pub threads: usize,
}

impl SearchStats {
    pub fn merge(&mut self, o: &SearchStats) {
        self.nodes += o.nodes;
        self.table_hits += o.table_hits;
        self.direct += o.direct;
        self.table_size += o.table_size;
        self.depth = self.depth.max(o.depth);
    }
}

/// What a progress line reports besides the counters.
pub(crate) struct Usage {
    pub table_entries: usize,
    pub arena_games: usize,
    /// What the search's arena and tables hold by their own count (the memory limit is
    /// checked against the larger of this and the process's resident set).
    pub bytes: usize,
}

/// Counts the nodes of one search and enforces its [`Budget`]: cancellation (Ctrl-C), the node,
/// time and memory limits, and periodic progress lines.
pub(crate) struct Meter {
    pub stats: SearchStats,
    budget: Budget,
    start: Instant,
    progress: ProgressReporter,
    /// Nodes between checks, less one (a power of two less one).
    check_mask: u64,
    /// Moves generated since the last check (see [`Meter::add_work`]).
    work: u64,
    /// The budget's memory limit, in force on this thread while the search runs, so that
    /// its tables check it before they double.
    _limit: memory::LimitGuard,
}

/// Moves generated between budget checks, whatever the node count (see [`Meter::add_work`]).
const WORK_PER_CHECK: u64 = 1 << 16;

impl Meter {
    pub fn new(budget: Budget) -> Meter {
        Meter {
            stats: SearchStats {
                threads: 1,
                ..Default::default()
            },
            budget,
            start: Instant::now(),
            progress: ProgressReporter::new(budget.progress),
            check_mask: 1023,
            work: 0,
            _limit: memory::enter_limit(budget.memory),
        }
    }

    /// Checks at every node, for searches whose nodes are few and costly (each one builds and
    /// reduces a game), where a thousand nodes can take minutes.
    pub fn checking_every_node(mut self) -> Meter {
        self.check_mask = 0;
        self
    }

    /// Counts a node; every 1024 nodes (or every node, see [`Meter::checking_every_node`])
    /// checks Ctrl-C and the budget (`usage` is only asked then, so it may cost a little).
    #[inline]
    pub fn tick(&mut self, usage: impl FnOnce() -> Usage) {
        self.stats.nodes += 1;
        if self.stats.nodes & self.check_mask == 0 {
            self.check(usage());
        }
    }

    /// Counts `n` moves generated at a node and checks the budget after every 65,536 of
    /// them: a node with many moves (a Prime-Nim heap of a million tokens) costs far more than
    /// one tick, and a thousand such nodes between checks overran a one-second time limit
    /// several times over, deaf to Ctrl-C meanwhile.
    #[inline]
    pub fn add_work(&mut self, n: usize, usage: impl FnOnce() -> Usage) {
        self.work += n as u64;
        if self.work >= WORK_PER_CHECK {
            self.work = 0;
            self.check(usage());
        }
    }

    /// Checks Ctrl-C and the time limit between steps that are not nodes (a move list
    /// valued one move at a time).
    pub fn poll(&mut self) {
        check_cancel();
        self.check_time();
    }

    fn check_time(&self) {
        if self.start.elapsed() > self.budget.time {
            Interrupt::Budget(format!(
                "time limit of {} s reached in a search; raise it with `:limit time N` (seconds) or lift the limits with `:limit off`",
                self.budget.time.as_secs()
            ))
            .raise();
        }
    }

    #[cold]
    fn check(&mut self, u: Usage) {
        check_cancel();
        if self.stats.nodes > self.budget.nodes {
            Interrupt::Budget(format!(
                "node limit of {} reached (positions searched); raise it with `:limit nodes N` or lift the limits with `:limit off`",
                self.budget.nodes
            )).raise();
        }
        self.check_time();
        let stats = &self.stats;
        self.progress.report(|secs| {
            let resident = memory::resident_bytes();
            format!(
                "search: {} nodes, {} table hits, table {} entries, arena {} games, tables {}{}, {secs:.0} s",
                stats.nodes,
                stats.table_hits,
                u.table_entries,
                u.arena_games,
                memory::show(u.bytes),
                resident.map_or(String::new(), |r| format!(", process {}", memory::show(r))),
            )
        });
        if let Some(used) = memory::over(self.budget.memory, u.bytes) {
            Interrupt::Budget(format!(
                "memory limit of {} reached (the process holds {}, the search's tables {}; {} nodes searched); raise it with `:limit memory 4G`",
                memory::show(self.budget.memory),
                memory::show(used),
                memory::show(u.bytes),
                self.stats.nodes
            ))
            .raise();
        }
    }

    /// The counters, with the elapsed time and the final table size.
    pub fn finish(mut self, table_size: usize) -> SearchStats {
        self.stats.table_size = table_size;
        self.stats.elapsed = self.start.elapsed();
        self.stats
    }
}

/// Starts a worker thread of a parallel search: a quarter of the main thread's stack, and
/// the statement's memory limit (`budget.memory`) entered for its allocations.
pub(crate) fn spawn_worker<T: Send + 'static>(
    budget: Budget,
    work: impl FnOnce() -> T + Send + 'static,
) -> std::thread::JoinHandle<T> {
    std::thread::Builder::new()
        .stack_size(crate::STACK_SIZE / 4)
        .spawn(move || {
            let _limit = memory::enter_limit(budget.memory);
            work()
        })
        .expect("spawn a search worker")
}

#[cfg(test)]
mod tests {
    use super::ProgressReporter;
    use std::time::Duration;

    /// A line is made only when one is due: never without an interval, not before the
    /// interval has passed, and at every report with an interval of zero.
    #[test]
    fn reports_only_when_due() {
        let mut made = 0;
        let mut line = |_: f64| {
            made += 1;
            "progress test line".to_string()
        };
        ProgressReporter::new(None).report(&mut line);
        ProgressReporter::new(Some(Duration::from_secs(3600))).report(&mut line);
        let mut every_time = ProgressReporter::new(Some(Duration::ZERO));
        every_time.report(&mut line);
        every_time.report(&mut line);
        assert_eq!(made, 2);
    }
}
