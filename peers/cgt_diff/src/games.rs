//! One function per game: a position in cgcalc's notation to cgt's canonical form.

use std::str::FromStr;

use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::amazons::Amazons;
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::games::fission::Fission;
use cgt::short::partizan::games::konane::Konane;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;

/// The canonical form of `position` in the game `game`, as cgt computes it.
pub fn value(game: &str, position: &str) -> Result<CanonicalForm, String> {
    match game {
        "domineering" => domineering(position),
        "konane" => konane(position),
        "amazons" => amazons(position),
        "fission" => fission(position),
        other => Err(format!("no game {other} in this driver")),
    }
}

/// A cgt position's canonical form, with a transposition table of its own.
fn canonical<G: PartizanGame + Sync + Send>(g: &G) -> CanonicalForm {
    let tt = ParallelTranspositionTable::new();
    g.canonical_form(&tt)
}

/// Domineering: cgcalc's board strings (`.` empty, `#` filled, `|` between rows) are cgt's.
fn domineering(position: &str) -> Result<CanonicalForm, String> {
    let board: Domineering = Domineering::from_str(position).map_err(|e| format!("{e:?}"))?;
    Ok(canonical(&board))
}

/// Konane: cgcalc's board strings (`x` Left, `o` Right, `.` empty, `#` blocked, `|` between
/// rows) are cgt's.
fn konane(position: &str) -> Result<CanonicalForm, String> {
    let board: Konane = Konane::from_str(position).map_err(|e| format!("{e:?}"))?;
    Ok(canonical(&board))
}

/// Amazons: cgcalc's board strings (`x` Left's amazons, `o` Right's, `.` empty, `#` arrows and
/// blocked cells) are cgt's.
fn amazons(position: &str) -> Result<CanonicalForm, String> {
    let board: Amazons = Amazons::from_str(position).map_err(|e| format!("{e:?}"))?;
    Ok(canonical(&board))
}

/// Fission: cgcalc's board strings (`x` a stone, `.` empty, `#` blocked) are cgt's; Left
/// splits a stone vertically, Right horizontally, in both.
fn fission(position: &str) -> Result<CanonicalForm, String> {
    let board: Fission = Fission::from_str(position).map_err(|e| format!("{e:?}"))?;
    Ok(canonical(&board))
}
