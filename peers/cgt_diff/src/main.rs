//! Values of positions by the `cgt` crate, for differential tests of cgcalc's rulesets.
//!
//! Reads lines `GAME<TAB>POSITION` (the position in cgcalc's notation, as the cgcalc
//! constructor `GAME(POSITION)` takes it) and prints, per line, the canonical form cgt finds
//! in CGSuite's notation (which cgcalc reads back), `error: ...` when cgt cannot take the
//! position, or the time it took with `--time` (`value<TAB>seconds`).

use std::io::{self, BufRead, Write};
use std::time::Instant;

use cgt::short::partizan::canonical_form::CanonicalForm;

mod games;

fn main() {
    let timed = std::env::args().any(|a| a == "--time");
    let stdin = io::stdin();
    let mut out = io::stdout().lock();
    for line in stdin.lock().lines() {
        let line = line.expect("read standard input");
        if line.trim().is_empty() {
            continue;
        }
        let Some((game, position)) = line.split_once('\t') else {
            let _ = writeln!(out, "error: expected GAME<TAB>POSITION, not {line:?}");
            continue;
        };
        let start = Instant::now();
        let result: Result<CanonicalForm, String> = games::value(game, position);
        let secs = start.elapsed().as_secs_f64();
        let _ = match (result, timed) {
            (Ok(g), false) => writeln!(out, "{g}"),
            (Ok(g), true) => writeln!(out, "{g}\t{secs:.6}"),
            (Err(e), _) => writeln!(out, "error: {e}"),
        };
        let _ = out.flush();
    }
}
