//! Shared helpers for the property tests: the library's seeded generator ([`Rng`], Marsaglia's
//! xorshift64 here) and a random generator of canonical games built bottom-up in an [`Arena`].

#![allow(dead_code)]

mod fen;
pub mod help;
pub mod pawn_judge;
mod peak;

pub use peak::{PeakRun, peak_run};

pub use cgcalc::game::rng::Rng;
use cgcalc::game::{Arena, Dyadic, GameId};
use cgcalc::lang::{Reply, Session};

/// Number of iterations for a property: `release` in release builds, a tenth in debug builds.
pub fn iterations(release: usize) -> usize {
    if cfg!(debug_assertions) {
        (release / 10).max(1)
    } else {
        release
    }
}

/// Small canonical values used as the seed pool: 0, ±1, ±2, ±1/2, ±1/4, *, *2, ^, v, ^*, v*,
/// ±1 (the switch), Tiny(1), Miny(1).
pub fn base_values(a: &mut Arena) -> Vec<GameId> {
    let mut v = vec![a.zero()];
    for n in [1, -1, 2, -2] {
        v.push(a.integer(n));
    }
    for (num, exp) in [(1, 1), (-1, 1), (1, 2), (-3, 2)] {
        v.push(a.number(Dyadic::new(num, exp)));
    }
    v.push(a.nimber(1));
    v.push(a.nimber(2));
    v.push(a.up_multiple(1, 0));
    v.push(a.up_multiple(-1, 0));
    v.push(a.up_multiple(1, 1));
    v.push(a.up_multiple(-1, 1));
    let one = a.integer(1);
    v.push(a.switch(one));
    v.push(a.tiny(one));
    v.push(a.miny(one));
    v
}

/// A pool of canonical games that grows as random games are built from it.
///
/// Each new game is `arena.game(L, R)` with 0–3 options per side drawn from the pool; only
/// games of birthday <= `max_option_birthday` are used as options, so birthdays stay at most
/// `max_option_birthday + 1` (4–5 by default) and the algebra stays fast.
pub struct GamePool {
    pub games: Vec<GameId>,
    /// Games usable as options (birthday small enough).
    options: Vec<GameId>,
    /// Usable options of birthday >= 3.
    deep: Vec<GameId>,
    pub max_option_birthday: u64,
}

impl GamePool {
    pub fn new(a: &mut Arena) -> GamePool {
        GamePool::with_birthday(a, 4)
    }

    pub fn with_birthday(a: &mut Arena, max_option_birthday: u64) -> GamePool {
        let games = base_values(a);
        let mut pool = GamePool {
            options: Vec::new(),
            deep: Vec::new(),
            games: Vec::new(),
            max_option_birthday,
        };
        for g in games {
            pool.push(a, g);
        }
        pool
    }

    fn push(&mut self, a: &mut Arena, g: GameId) {
        self.games.push(g);
        let b = a.birthday(g);
        if b <= self.max_option_birthday {
            self.options.push(g);
            if b >= 3 {
                self.deep.push(g);
            }
        }
    }

    /// Builds a fresh random game from the pool (and adds it to the pool). Random option lists
    /// often collapse to 0 or another tiny value; up to four tries are made for birthday >= 2.
    pub fn fresh(&mut self, a: &mut Arena, rng: &mut Rng) -> GameId {
        let mut g = self.fresh_once(a, rng);
        for _ in 0..3 {
            if a.birthday(g) >= 2 {
                break;
            }
            g = self.fresh_once(a, rng);
        }
        g
    }

    fn fresh_once(&mut self, a: &mut Arena, rng: &mut Rng) -> GameId {
        // 0–3 options per side, mostly 1–3 (empty sides make integers).
        let nl = if rng.chance(1, 12) {
            0
        } else {
            1 + rng.below(3)
        };
        let nr = if rng.chance(1, 12) {
            0
        } else {
            1 + rng.below(3)
        };
        let left: Vec<GameId> = (0..nl).map(|_| *self.pick_option(rng)).collect();
        let right: Vec<GameId> = (0..nr).map(|_| *self.pick_option(rng)).collect();
        let g = a.game(left, right);
        self.push(a, g);
        g
    }

    /// Prefers options of birthday 3 or more, so that birthdays climb to 4–5.
    fn pick_option(&self, rng: &mut Rng) -> &GameId {
        if !self.deep.is_empty() && rng.chance(1, 2) {
            &self.deep[rng.below(self.deep.len())]
        } else {
            &self.options[rng.below(self.options.len())]
        }
    }

    /// A random game already in the pool.
    pub fn any(&self, rng: &mut Rng) -> GameId {
        *rng.pick(&self.games)
    }

    /// Builds `n` games to warm the pool up.
    pub fn warm_up(&mut self, a: &mut Arena, rng: &mut Rng, n: usize) {
        for _ in 0..n {
            self.fresh(a, rng);
        }
    }
}

/// A fresh arena with a warmed-up pool of random games (300 games) and the generator that
/// made them, seeded with `seed`.
pub fn setup(seed: u64) -> (Arena, GamePool, Rng) {
    let mut a = Arena::new();
    let mut rng = Rng::xorshift64(seed);
    let mut pool = GamePool::new(&mut a);
    pool.warm_up(&mut a, &mut rng, 300);
    (a, pool, rng)
}

/// Runs `src` in the session and returns the printed output of its last statement (panics on
/// an error or when nothing is printed).
pub fn run_ok(s: &mut Session, src: &str) -> String {
    let mut out = None;
    let mut err = None;
    s.run_source(src, "<test>", true, &mut |r| {
        out = r.output.clone();
        err = r.error.clone();
    });
    if let Some(e) = err {
        panic!("{src}: {e}");
    }
    out.unwrap_or_else(|| panic!("{src}: no output"))
}

/// The game `src` denotes, in the calculator's notation (panics if it is not a game).
pub fn game_of(s: &mut Session, src: &str) -> GameId {
    let e = cgcalc::lang::parse_expr(src).unwrap_or_else(|_| panic!("parse error in {src}"));
    s.game(&e)
        .unwrap_or_else(|_| panic!("evaluation error in {src}"))
}

/// The numbers of the `:stats` row of the cache `name`: entries, capacity, hits, misses and
/// flushes (the hit rate, a percentage, is left out).
pub fn cache_stats(s: &mut Session, name: &str) -> Vec<u64> {
    let stats = run_ok(s, ":stats");
    let row = stats
        .lines()
        .find_map(|l| l.strip_prefix(name).filter(|r| r.starts_with(' ')))
        .unwrap_or_else(|| panic!("no row {name} in\n{stats}"));
    row.split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect()
}

/// Runs `src` (all statements, going on after errors) and returns each statement's output or
/// rendered error, one per line; silent statements give empty lines.
pub fn run_text(s: &mut Session, src: &str) -> String {
    let mut out = Vec::new();
    s.run_source(src, "t.cgt", false, &mut |r: &Reply| {
        out.push(r.output.clone().or(r.error.clone()).unwrap_or_default())
    });
    out.join("\n")
}

/// Asserts that each input prints its expected output, reporting every mismatch at once.
pub fn assert_outputs(s: &mut Session, cases: &[(&str, &str)]) {
    let mut failures = Vec::new();
    for (src, expected) in cases {
        let got = run_ok(s, src);
        if got != *expected {
            failures.push(format!("{src}: expected {expected}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The cgcalc binary under test: this build's, or `CGCALC_TEST_BIN` to check another build.
pub fn cgcalc_bin() -> String {
    std::env::var("CGCALC_TEST_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_cgcalc").to_string())
}

/// Runs the cgcalc binary with `args`, `stdin` piped in and its standard output going to
/// `stdout` (`Stdio::piped()` to capture it); `NO_COLOR` is set.
pub fn cgcalc_to(
    args: &[&str],
    stdin: impl AsRef<[u8]>,
    stdout: std::process::Stdio,
) -> std::process::Output {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(cgcalc_bin())
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("run cgcalc");
    // A child that exits early closes its end: a failed write is not the test's concern.
    let _ = child.stdin.take().expect("stdin").write_all(stdin.as_ref());
    child.wait_with_output().expect("cgcalc output")
}

/// Runs the cgcalc binary with `args` (standard input empty) and measures its peak resident
/// set (see [`peak_run`]).
pub fn cgcalc_peak(args: &[&str]) -> PeakRun {
    let mut cmd = std::process::Command::new(cgcalc_bin());
    cmd.args(args);
    peak_run(&mut cmd)
}
