//! One function per game: a position in cgcalc's notation to cgt's canonical form.

use std::str::FromStr;

use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;

/// The canonical form of `position` in the game `game`, as cgt computes it.
pub fn value(game: &str, position: &str) -> Result<CanonicalForm, String> {
    match game {
        "domineering" => domineering(position),
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
