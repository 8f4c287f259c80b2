//! Col (WW ch. 2; CGSuite's `game.graph.Col`): a move colours an uncoloured vertex with the
//! mover's colour, never next to a vertex of the mover's own colour. The rules shared with
//! Snort are in [`super::graph::colouring`].

use super::graph::colouring::{Colouring, ColouringRule};
use super::graph::strings::Notation;
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::search::{Player, Searched};

/// Col's rule: a vertex next to the mover's own colour is forbidden.
pub struct ColRule;

impl ColouringRule for ColRule {
    const NAME: &'static str = "col";
    const TITLE: &'static str = "Col";
    const NOTATION: Notation = Notation {
        vertex_labels: "LR",
        edge_labels: "",
        plain_edges: true,
        shared_root: false,
        summary: "A Col graph is CGSuite's graph string (`.` an uncoloured vertex, `L`/`R` one next to Left's/Right's colour, `-` an edge, `(a;b)` branches, `:A` or `:{name}` names a vertex, `;` starts another piece, e.g. \"L-.-.-.-L\", \".-.-.(-.;-.)\") or a grid (`.`, `L`, `R`, `#` for no vertex, rows separated by `|`, e.g. \"..|..\").",
    };

    fn forbidding(player: Player) -> Player {
        player
    }
}

/// A Col position.
pub type Col = Colouring<ColRule>;

/// Col's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Col",
    constructors: &[Constructor {
        name: "col",
        signature: "col(graph)",
        arity: 1..=1,
        summary: "a Col position (CGSuite's graph string, or a grid) and its value",
        help: "col(\".-.-.\") is Col on the graph of CGSuite's graph string (`.` an uncoloured vertex,\n`L`/`R` one next to Left's/Right's colour, `-` an edge, `(a;b)` branches, `:A` or `:{name}`\nnames a vertex, `;` starts another piece) or on a grid (\"..|..\", `#` no vertex). A move\ncolours an uncoloured vertex in the mover's colour, never next to the mover's own colour\n(WW ch. 2); only Right may colour an `L` vertex. Connected pieces are valued apart.\nExample: col(\".\") is *, col(\"L\") is -1, col(\".-.\") is 0, col(\"L-.\") is -1/2.",
        build: |c, a| {
            let g = a.parsed(c.arena, 0, "a Col graph string such as \".-.-.\"", Col::parse)?;
            Ok(Box::new(Searched(g)))
        },
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "col",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Col", "col")],
    caches: no_caches,
};
