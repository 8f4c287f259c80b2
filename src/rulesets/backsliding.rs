//! Backsliding Toads and Frogs (CGSuite's `game.strip.BackslidingToadsAndFrogs`,
//! `GenToadsAndFrogs(1, backsliding => true)`), a loopy game: Toads and Frogs where a piece
//! may also slide one cell backwards into an empty cell. Left's toads `t` move one cell
//! right into an empty cell, jump one frog immediately to their right into the empty cell
//! beyond, or slide one cell left into an empty cell; Right's frogs `f` the same mirrored.
//! Nothing is captured; who cannot move loses. A piece can slide to and fro for ever, so
//! the positions form a graph whose play need not end: values are stoppers or
//! `onside & offside` ([`crate::game::threat::Threats::from_graph`] over every position
//! reachable).
//!
//! Strips read as Toads and Frogs' ([`super::toadsandfrogs`]): `t`, `f`, `.` empty, and `#`
//! (cgcalc's), a blocked cell that nothing enters or jumps.

use super::loopy_graph::{Move, explore, value_of};
use crate::calc::args::{Args, CallResult};
use crate::calc::catalogue::{Function, Fuzz, FuzzCheck, Ruleset, no_caches};
use crate::calc::context::Context;
use crate::function;

pub use super::toadsandfrogs::MAX_CELLS;

/// The most positions the graph of one call may hold.
pub const MAX_POSITIONS: usize = 2_000_000;

/// A strip: its length and blocked cells (which never change), and the pieces of the start.
/// Cell `i` is bit `i`, cell 0 the leftmost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strip {
    pub len: u32,
    pub blocked: u64,
    pub toads: u64,
    pub frogs: u64,
}

/// The pieces of a position: (toads, frogs).
pub type Pieces = (u64, u64);

impl Strip {
    /// Parses CGSuite's strip: `t` a toad (Left's), `f` a frog (Right's), `.` empty, and `#`
    /// a blocked cell; at most [`MAX_CELLS`] cells.
    pub fn parse(s: &str) -> Result<Strip, String> {
        let c = super::toadsandfrogs::parse_cells(s, "Backsliding Toads and Frogs")?;
        Ok(Strip {
            len: c.len as u32,
            blocked: c.blocked,
            toads: c.toads,
            frogs: c.frogs,
        })
    }

    /// Whether cell `i` (any integer) is on the strip and empty in `pieces`.
    fn empty(&self, (toads, frogs): Pieces, i: i64) -> bool {
        (0..self.len as i64).contains(&i) && (self.blocked | toads | frogs) >> i & 1 == 0
    }

    /// Appends the positions Left (`left`: toads, moving right) or Right (frogs, moving left)
    /// can move to from `pieces`: a step forward, a jump over an enemy piece, a step back.
    pub fn moves(&self, pieces: Pieces, left: bool, out: &mut Vec<Pieces>) {
        let (toads, frogs) = pieces;
        let (mine, theirs, dir) = if left {
            (toads, frogs, 1)
        } else {
            (frogs, toads, -1)
        };
        let mut rest = mine;
        while rest != 0 {
            let i = rest.trailing_zeros() as i64;
            rest &= rest - 1;
            let ahead = i + dir;
            let jump = (0..self.len as i64).contains(&ahead)
                && theirs >> ahead & 1 == 1
                && self.empty(pieces, i + 2 * dir);
            let targets = [
                self.empty(pieces, ahead).then_some(ahead),
                jump.then_some(i + 2 * dir),
                self.empty(pieces, i - dir).then_some(i - dir),
            ];
            for to in targets.into_iter().flatten() {
                let moved = mine ^ (1u64 << i) ^ (1u64 << to);
                out.push(if left {
                    (moved, frogs)
                } else {
                    (toads, moved)
                });
            }
        }
    }

    /// The strip with `pieces`, as written.
    pub fn describe(&self, (toads, frogs): Pieces) -> String {
        (0..self.len)
            .map(|i| {
                if toads >> i & 1 == 1 {
                    't'
                } else if frogs >> i & 1 == 1 {
                    'f'
                } else if self.blocked >> i & 1 == 1 {
                    '#'
                } else {
                    '.'
                }
            })
            .collect()
    }
}

/// `backslidingtoadsandfrogs(strip)`.
fn run(c: &mut Context, a: Args) -> CallResult {
    let strip = a.parsed(c.arena, 0, "a strip such as \"ttt..fff\"", Strip::parse)?;
    let mut next = Vec::new();
    let g = explore(
        (strip.toads, strip.frogs),
        MAX_POSITIONS,
        "Backsliding Toads and Frogs",
        |&p, left, out| {
            next.clear();
            strip.moves(p, left, &mut next);
            out.extend(next.iter().map(|&q| Move::To(q)));
        },
    )?;
    value_of(c, &g)
}

/// The fuzzer's check: the strip reads or is refused.
fn fuzz_strip(s: &str) -> Result<bool, String> {
    Ok(Strip::parse(s).is_ok())
}

static FUNCTIONS: &[Function] = &[function!(
    "backslidingtoadsandfrogs",
    "backslidingtoadsandfrogs(strip)",
    1..=1,
    Ruleset,
    "a Backsliding Toads and Frogs strip (CGSuite's `t`, `f`, `.`) and its loopy value",
    "backslidingtoadsandfrogs(\"ttt..fff\") is the value of the Backsliding Toads and Frogs strip with\nthose cells (CGSuite's BackslidingToadsAndFrogs; strips as for toadsandfrogs: `t` Left's\ntoads, `f` Right's frogs, `.` empty, `#` blocked; at most 64 cells). Toads and Frogs where a\npiece may also slide one cell backwards into an empty cell: a toad moves one cell right into an\nempty cell, jumps one frog into the empty cell beyond, or slides one cell left into an empty\ncell; frogs the same mirrored. Pieces can slide to and fro for ever, so the value is a loopy\ngame: a stopper, or onside & offside, found over every position reachable from the strip (at\nmost 2,000,000). Where the loopy engine finds no stopper for a side, the call is an error\nthat says so.\nExample: backslidingtoadsandfrogs(\"t.\") is on, backslidingtoadsandfrogs(\"t.f\") is 0, backslidingtoadsandfrogs(\".tf\") is *, backslidingtoadsandfrogs(\"t.#.f\") is dud, backslidingtoadsandfrogs(\"ttt..fff\") is ({on||0|-1/2} & {1/2|0||off}) (CGSuite's value).",
    run
)];

/// Backsliding Toads and Frogs' registration.
pub static RULESET: Ruleset = Ruleset {
    title: "Backsliding Toads and Frogs",
    constructors: &[],
    functions: FUNCTIONS,
    fuzz: &[Fuzz {
        name: "backslidingtoadsandfrogs",
        check: FuzzCheck::Text(fuzz_strip),
    }],
    cgsuite_names: &[("BackslidingToadsAndFrogs", "backslidingtoadsandfrogs")],
    caches: no_caches,
};

#[cfg(test)]
mod tests {
    use super::*;

    fn moves(s: &str, left: bool) -> Vec<String> {
        let strip = Strip::parse(s).unwrap();
        let mut out = Vec::new();
        strip.moves((strip.toads, strip.frogs), left, &mut out);
        out.iter().map(|&p| strip.describe(p)).collect()
    }

    /// Steps forward, jumps and steps back, never onto a piece or `#`, nor off the strip.
    #[test]
    fn moves_by_hand() {
        assert_eq!(moves("t.", true), [".t"]);
        assert_eq!(moves(".t", true), ["t."]);
        assert_eq!(moves(".tf.", true), ["..ft", "t.f."]);
        assert_eq!(moves(".tf.", false), ["ft..", ".t.f"]);
        assert_eq!(moves(".tf..", false), ["ft...", ".t.f."]);
        assert_eq!(moves("..tf.", false), [".ft..", "..t.f"]);
        assert_eq!(moves("#t.f", true), ["#.tf"]);
        assert_eq!(moves("tf", true), Vec::<String>::new());
        assert_eq!(moves("tf", false), Vec::<String>::new());
        assert_eq!(moves(".t.t.", true), ["..tt.", "t..t.", ".t..t", ".tt.."]);
    }

    #[test]
    fn strips_are_read_or_refused_at_the_character() {
        assert!(Strip::parse("tt..ff#").is_ok());
        let e = Strip::parse("tt.x").unwrap_err();
        assert!(e.contains("unexpected `x` at character 4"), "{e}");
        assert!(Strip::parse(&".".repeat(65)).is_err());
    }
}
