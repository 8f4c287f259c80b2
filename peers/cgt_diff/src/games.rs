//! One function per game: a position in cgcalc's notation to cgt's canonical form.

use std::str::FromStr;

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::numeric::nimber::Nimber;
use cgt::short::impartial::games::subtraction::Sub;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;

/// The canonical form of `position` in the game `game`, as cgt computes it.
pub fn value(game: &str, position: &str) -> Result<CanonicalForm, String> {
    match game {
        "domineering" => domineering(position),
        "subtraction" => subtraction(position),
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

/// Subtraction games: `2,3,7;9,4` is the set {2, 3, 7} and heaps 9 and 4 (cgcalc's
/// `subtraction([2, 3, 7], [9, 4])`). cgt gives the Grundy sequence of a set; the value of
/// heaps is the nimber of the nim sum of their Grundy values.
fn subtraction(position: &str) -> Result<CanonicalForm, String> {
    let (set, heaps) = position
        .split_once(';')
        .ok_or_else(|| format!("expected SET;HEAPS, not {position:?}"))?;
    let numbers = |text: &str| -> Result<Vec<u32>, String> {
        text.split(',')
            .filter(|t| !t.is_empty())
            .map(|t| t.trim().parse::<u32>().map_err(|e| format!("{t:?}: {e}")))
            .collect()
    };
    let (set, heaps) = (numbers(set)?, numbers(heaps)?);
    if set.is_empty() {
        return Err("cgt's sequence needs a nonempty subtraction set".into());
    }
    let largest = heaps.iter().copied().max().unwrap_or(0) as usize;
    let sequence: Vec<Nimber> = Sub::new(set).grundy_sequence().take(largest + 1).collect();
    let nim_sum = heaps
        .iter()
        .fold(0, |x, &h| x ^ sequence[h as usize].value());
    Ok(CanonicalForm::new_nimber(
        DyadicRationalNumber::new_integer(0),
        Nimber::new(nim_sum),
    ))
}
