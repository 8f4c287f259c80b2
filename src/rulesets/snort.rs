//! Snort (WW ch. 2; CGSuite's `game.graph.Snort`): a move colours an uncoloured vertex with
//! the mover's colour, never next to a vertex of the opponent's colour. The rules shared with
//! Col are in [`super::graph::colouring`].

use super::graph::colouring::{Colouring, ColouringRule};
use super::graph::strings::Notation;
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::search::{Player, Searched};

/// Snort's rule: a vertex next to the opponent's colour is forbidden.
pub struct SnortRule;

impl ColouringRule for SnortRule {
    const NAME: &'static str = "snort";
    const TITLE: &'static str = "Snort";
    const NOTATION: Notation = Notation {
        vertex_labels: "LR",
        edge_labels: "",
        plain_edges: true,
        shared_root: false,
        summary: "A Snort graph is CGSuite's graph string (`.` an uncoloured vertex, `L`/`R` one next to Left's/Right's colour, `-` an edge, `(a;b)` branches, `:A` or `:{name}` names a vertex, `;` starts another piece, e.g. \"L-.-.-.-L\", \".-.-.(-.;-.)\") or a grid (`.`, `L`, `R`, `#` for no vertex, rows separated by `|`, e.g. \"..|..\").",
    };

    fn forbidding(player: Player) -> Player {
        player.other()
    }
}

/// A Snort position.
pub type Snort = Colouring<SnortRule>;

/// Snort's registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Snort",
    constructors: &[Constructor {
        name: "snort",
        signature: "snort(graph)",
        arity: 1..=1,
        summary: "a Snort position (CGSuite's graph string, or a grid) and its value",
        help: "snort(\".-.-.\") is Snort on the graph of CGSuite's graph string (`.` an uncoloured vertex,\n`L`/`R` one next to Left's/Right's colour, `-` an edge, `(a;b)` branches, `:A` or `:{name}`\nnames a vertex, `;` starts another piece) or on a grid (\"..|..\", `#` no vertex). A move\ncolours an uncoloured vertex in the mover's colour, never next to the opponent's colour\n(WW ch. 2); only Left may colour an `L` vertex. Connected pieces are valued apart.\nExample: snort(\".\") is *, snort(\"L\") is 1, snort(\".-.\") is +-1, snort(\"L-.\") is {1|0}.",
        build: |c, a| {
            let g = a.parsed(c.arena, 0, "a Snort graph string such as \".-.-.\"", Snort::parse)?;
            Ok(Box::new(Searched(g)))
        },
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "snort",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("Snort", "snort")],
    caches: no_caches,
};
