//! One function per game: a position in cgcalc's notation to cgt's canonical form.

use std::str::FromStr;

use cgt::numeric::dyadic_rational_number::DyadicRationalNumber;
use cgt::numeric::nimber::Nimber;
use cgt::short::impartial::games::subtraction::Sub;
use cgt::short::partizan::canonical_form::CanonicalForm;
use cgt::grid::small_bit_grid::SmallBitGrid;
use cgt::short::partizan::games::domineering::Domineering;
use cgt::short::partizan::games::ski_jumps::SkiJumps;
use cgt::short::partizan::games::toads_and_frogs::ToadsAndFrogs;
use cgt::short::partizan::games::toppling_dominoes::{self, TopplingDominoes};
use cgt::short::partizan::partizan_game::PartizanGame;
use cgt::short::partizan::transposition_table::ParallelTranspositionTable;

/// The canonical form of `position` in the game `game`, as cgt computes it.
pub fn value(game: &str, position: &str) -> Result<CanonicalForm, String> {
    match game {
        "domineering" => domineering(position),
        "subtraction" => subtraction(position),
        "toadsandfrogs" => toads_and_frogs(position),
        "topplingdominoes" => toppling_dominoes(position),
        "skijumps" => ski_jumps(position),
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

/// Toads and Frogs: cgcalc's strip (`t` toads, `f` frogs, `.` empty, `#` blocked) is cgt's
/// (`T`, `F`, `.`) part by part; cgt has no blocked cells, so the parts between `#` are
/// valued apart and added (nothing crosses a blocked cell).
fn toads_and_frogs(position: &str) -> Result<CanonicalForm, String> {
    let mut sum = CanonicalForm::new_integer(0);
    for part in position.split('#') {
        let row: String = part
            .chars()
            .map(|c| match c {
                't' => Ok('T'),
                'f' => Ok('F'),
                '.' => Ok('.'),
                other => Err(format!("no Toads and Frogs cell {other:?} in cgt")),
            })
            .collect::<Result<_, _>>()?;
        let strip = ToadsAndFrogs::from_str(&row).map_err(|e| format!("{e:?}"))?;
        sum += canonical(&strip);
    }
    Ok(sum)
}

/// Toppling Dominoes: cgcalc's rows (`l` blue, `r` red, rows separated by `|`) are cgt's rows
/// (`x` blue, `o` red); cgt has neither grey dominoes nor empty cells.
fn toppling_dominoes(position: &str) -> Result<CanonicalForm, String> {
    let mut rows = Vec::new();
    for row in position.split('|') {
        let tiles: Vec<toppling_dominoes::Tile> = row
            .chars()
            .map(|c| match c {
                'l' => Ok(toppling_dominoes::Tile::Blue),
                'r' => Ok(toppling_dominoes::Tile::Red),
                other => Err(format!("no Toppling Dominoes cell {other:?} in cgt")),
            })
            .collect::<Result<_, _>>()?;
        let grid = SmallBitGrid::from_arr(tiles.len() as u8, 1, &tiles).map_err(|e| e.to_string())?;
        rows.push(grid);
    }
    Ok(canonical(&TopplingDominoes::new(rows)))
}

/// Ski Jumps: cgcalc reads cgt's board notation (`L`/`R` jumpers, `l`/`r` slippers, `.`
/// empty, `|` between rows), so the string passes unchanged.
fn ski_jumps(position: &str) -> Result<CanonicalForm, String> {
    let board: SkiJumps = SkiJumps::from_str(position).map_err(|e| format!("{e:?}"))?;
    Ok(canonical(&board))
}
