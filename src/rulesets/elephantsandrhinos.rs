//! Elephants and Rhinos (CGSuite's `game.strip.ElephantsAndRhinos`, defined there as
//! `GenToadsAndFrogs(0)`): Toads and Frogs without jumps. Left's elephants `t` move one cell
//! right into an empty cell, Right's rhinos `f` one cell left; nobody ever retreats or jumps,
//! so a piece facing an enemy piece head-on is stuck until it leaves. The rules, components
//! (without jumps a stuck piece splits the strip on both sides) and the mirror symmetry are
//! those of [`super::toadsandfrogs`], with `JUMPS` false.

use super::toadsandfrogs::Leaping;
use crate::calc::catalogue::{Constructor, Fuzz, FuzzCheck, Ruleset, no_caches};

/// An Elephants and Rhinos strip.
pub type ElephantsAndRhinos = Leaping<false>;

/// Elephants and Rhinos' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Elephants and Rhinos",
    constructors: &[Constructor {
        name: "elephantsandrhinos",
        signature: "elephantsandrhinos(strip)",
        arity: 1..=1,
        summary: "an Elephants and Rhinos strip (CGSuite's `t`, `f`, `.`) and its value",
        help: "elephantsandrhinos(\"tt..ff\") is the Elephants and Rhinos strip with those cells (CGSuite's\nstrip, as for Toads and Frogs: `t` Left's elephants, `f` Right's rhinos, `.` empty; cgcalc also\nreads `#`, a blocked cell; at most 64 cells). Toads and Frogs without jumps (CGSuite's\nGenToadsAndFrogs(0)): an elephant moves one cell right into an empty cell, a rhino one cell\nleft; who cannot move loses. Pieces that can never move split the strip; the strip reversed\nwith the pieces exchanged is the negative.\nExample: elephantsandrhinos(\"t.f\") is *, elephantsandrhinos(\"t..f\") is 0, elephantsandrhinos(\"tt..\") is 4, elephantsandrhinos(\"tf.t.\") is 1.",
        build: |c, a| {
            let strip = a.parsed(
                c.arena,
                0,
                "a strip such as \"tt..ff\"",
                ElephantsAndRhinos::parse,
            )?;
            Ok(strip.searched())
        },
    }],
    functions: &[],
    fuzz: &[Fuzz {
        name: "elephantsandrhinos",
        check: FuzzCheck::Position,
    }],
    cgsuite_names: &[("ElephantsAndRhinos", "elephantsandrhinos")],
    caches: no_caches,
};
