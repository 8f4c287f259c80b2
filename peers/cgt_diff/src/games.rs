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
use cgt::graph::adjacency_matrix::undirected::UndirectedGraph;
use cgt::graph::{Graph, VertexIndex};
use cgt::short::partizan::games::col::{Col, VertexColor as ColTint};
use cgt::short::partizan::games::snort::{Snort, VertexColor as SnortTint, VertexKind};
use cgt::short::partizan::games::amazons::Amazons;
use cgt::short::partizan::games::fission::Fission;
use cgt::short::partizan::games::konane::Konane;
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
        "snort" => snort(position),
        "col" => col(position),
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

/// A graph read from cgcalc's Snort/Col notation: vertex tints (`.`, `L` next to Left's
/// colour, `R` next to Right's) and edges. Grids (`|` between rows, `#` no vertex) and
/// CGSuite's graph strings (`-` edges, `(a;b)` branches, `:A`/`:{name}` names, `;` pieces).
fn tinted_graph(s: &str) -> Result<(Vec<char>, Vec<(usize, usize)>), String> {
    if s.contains('|') || s.chars().all(|c| ".LR#".contains(c)) {
        let rows: Vec<Vec<char>> = s.split('|').map(|r| r.chars().collect()).collect();
        let mut index = vec![vec![None; rows[0].len()]; rows.len()];
        let mut tints = Vec::new();
        for (r, row) in rows.iter().enumerate() {
            for (c, &cell) in row.iter().enumerate() {
                if cell != '#' {
                    index[r][c] = Some(tints.len());
                    tints.push(cell);
                }
            }
        }
        let mut edges = Vec::new();
        for r in 0..rows.len() {
            for c in 0..rows[r].len() {
                let Some(v) = index[r][c] else { continue };
                if let Some(Some(w)) = index[r].get(c + 1) {
                    edges.push((v, *w));
                }
                if let Some(Some(w)) = index.get(r + 1).and_then(|row| row.get(c)) {
                    edges.push((v, *w));
                }
            }
        }
        return Ok((tints, edges));
    }
    let chars: Vec<char> = s.chars().filter(|c| !c.is_whitespace()).collect();
    let mut p = GraphReader { chars, at: 0, tints: Vec::new(), edges: Vec::new(), names: Vec::new() };
    loop {
        let v = p.vertex()?;
        p.path(v)?;
        match p.peek() {
            None => break,
            Some(';') => p.at += 1,
            Some(c) => return Err(format!("unexpected {c}")),
        }
    }
    Ok((p.tints, p.edges))
}

struct GraphReader {
    chars: Vec<char>,
    at: usize,
    tints: Vec<char>,
    edges: Vec<(usize, usize)>,
    names: Vec<(String, usize)>,
}

impl GraphReader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn path(&mut self, mut v: usize) -> Result<(), String> {
        loop {
            match self.peek() {
                None | Some(';') | Some(')') => return Ok(()),
                Some('(') => {
                    self.at += 1;
                    loop {
                        self.path(v)?;
                        match self.peek() {
                            Some(';') => self.at += 1,
                            Some(')') => {
                                self.at += 1;
                                return Ok(());
                            }
                            _ => return Err("unclosed (".into()),
                        }
                    }
                }
                Some('-') => {
                    self.at += 1;
                    let w = self.vertex()?;
                    self.edges.push((v, w));
                    v = w;
                }
                Some(c) => return Err(format!("unexpected {c}")),
            }
        }
    }

    fn vertex(&mut self) -> Result<usize, String> {
        let tint = match self.peek() {
            Some(c @ ('.' | 'L' | 'R')) => {
                self.at += 1;
                c
            }
            _ => '.',
        };
        if self.peek() != Some(':') {
            self.tints.push(tint);
            return Ok(self.tints.len() - 1);
        }
        self.at += 1;
        let name: String = if self.peek() == Some('{') {
            let end = self.chars[self.at..].iter().position(|&c| c == '}').ok_or("unclosed {")?;
            let name = self.chars[self.at + 1..self.at + end].iter().collect();
            self.at += end + 1;
            name
        } else {
            let c = self.peek().ok_or("name expected")?;
            self.at += 1;
            c.to_string()
        };
        if let Some(&(_, v)) = self.names.iter().find(|(n, _)| *n == name) {
            return Ok(v);
        }
        self.tints.push(tint);
        self.names.push((name, self.tints.len() - 1));
        Ok(self.tints.len() - 1)
    }
}

/// The undirected graph of cgt with vertex data `vertex(tint)`, loops left out.
fn cgt_graph<V: Clone>(s: &str, vertex: impl Fn(char) -> V) -> Result<UndirectedGraph<V>, String> {
    let (tints, edges) = tinted_graph(s)?;
    let vertices: Vec<V> = tints.iter().map(|&t| vertex(t)).collect();
    let edges: Vec<(VertexIndex, VertexIndex)> = edges
        .iter()
        .filter(|(a, b)| a != b)
        .map(|&(a, b)| (VertexIndex { index: a }, VertexIndex { index: b }))
        .collect();
    Ok(UndirectedGraph::from_edges(&edges, &vertices))
}

/// Snort: cgt's tint is who may colour the vertex, which in Snort is the colour next to it:
/// `L` is `TintLeft`.
fn snort(position: &str) -> Result<CanonicalForm, String> {
    let graph = cgt_graph(position, |t| {
        VertexKind::Single(match t {
            'L' => SnortTint::TintLeft,
            'R' => SnortTint::TintRight,
            _ => SnortTint::Empty,
        })
    })?;
    Ok(canonical(&Snort::new(graph)))
}

/// Col: cgt's tint is who may colour the vertex, in Col the opposite of the colour next to
/// it: `L` (next to Left's colour, only Right may colour it) is `TintRight`.
fn col(position: &str) -> Result<CanonicalForm, String> {
    let graph = cgt_graph(position, |t| match t {
        'L' => ColTint::TintRight,
        'R' => ColTint::TintLeft,
        _ => ColTint::Empty,
    })?;
    Ok(canonical(&Col::new(graph)))
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
