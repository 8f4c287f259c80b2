//! Explanations of canonical forms: the simplification steps of `{L | R}` (`explain(G)`) and
//! the canonical game tree drawn as indented text (`tree(G, depth)`).
//!
//! `explain` does not simplify by itself: it runs the arena's canonicaliser with a trace
//! attached ([`Arena::game_traced`]) and words each recorded step. The rules are the ones of
//! Siegel, CGT, §II.2 (Mäser, thesis 2.2.5): a Left option `A` is dominated by `B` when
//! `A <= B` (Right: `A >= B`); a Left option `A` is reversible through its Right option `A^R`
//! when `A^R <= G`, and is then replaced by the Left options of `A^R` (dually for Right).

use std::fmt::Write;

use crate::game::display::MAX_SLASHES;
use crate::game::{Arena, CanonStep, Dyadic, GameId};

/// Writes the game `{left | right}` given by option lists (not necessarily canonical, not
/// interned) as the printer writes games: options in printing order, braced when a side has
/// several, and the fewest bars.
pub fn options_text(a: &mut Arena, left: &[GameId], right: &[GameId]) -> String {
    let mut sides = Vec::with_capacity(2);
    let mut bars = 1;
    for opts in [left, right] {
        let sorted = a.sort_for_display(opts.to_vec());
        let mut parts = Vec::with_capacity(sorted.len());
        for &o in &sorted {
            let (text, b) = a.display_option(o, sorted.len() > 1);
            bars = bars.max(b + 1);
            parts.push(text);
        }
        sides.push(parts.join(","));
    }
    let bars = bars.min(MAX_SLASHES);
    format!("{{{}{}{}}}", sides[0], "|".repeat(bars), sides[1])
}

/// The options `opts` as a list in words: `none`, `0`, or `0, *`.
fn list_text(a: &mut Arena, opts: &[GameId]) -> String {
    if opts.is_empty() {
        return "none".into();
    }
    let sorted = a.sort_for_display(opts.to_vec());
    let parts: Vec<String> = sorted.iter().map(|&g| a.display(g)).collect();
    parts.join(", ")
}

/// Canonicalises `{left | right}` and explains every step. Returns the canonical game and the
/// text: the game as given, then each round of simplification (dominated options deleted,
/// reversible options bypassed), then the canonical form.
pub fn explain(a: &mut Arena, left: Vec<GameId>, right: Vec<GameId>) -> (GameId, String) {
    let mut out = format!("G = {}", options_text(a, &left, &right));
    let given = (left.len(), right.len());
    let (g, steps) = a.game_traced(left, right);
    let mut round = 0;
    // The game of the current round after its dominated options went: the game that
    // reversibility compares with.
    let mut pruned: (Vec<GameId>, Vec<GameId>) = (Vec::new(), Vec::new());
    let mut steps_in_round = 0;
    for step in &steps {
        match step {
            CanonStep::Round { left, right } => {
                if round > 0 && steps_in_round == 0 {
                    out.push_str("\n  no dominated or reversible options");
                }
                round += 1;
                steps_in_round = 0;
                if round == 1 && (left.len(), right.len()) != given {
                    out.push_str("\n  an option listed twice counts once");
                }
                let text = options_text(a, left, right);
                if round > 1 {
                    let _ = write!(out, "\nround {round}: G = {text}");
                }
                pruned = (left.clone(), right.clone());
            }
            CanonStep::Number { lo, hi, value } => {
                steps_in_round += 1;
                out.push('\n');
                out.push_str(&number_text(*lo, *hi, *value));
            }
            CanonStep::Dominated { left, option, by } => {
                steps_in_round += 1;
                let (side, rel) = if *left {
                    ("Left", "<=")
                } else {
                    ("Right", ">=")
                };
                let (o, b) = (a.display(*option), a.display(*by));
                let _ = write!(
                    out,
                    "\n  {side} option {o} is dominated by {b} ({o} {rel} {b}): deleted"
                );
                let list = if *left { &mut pruned.0 } else { &mut pruned.1 };
                list.retain(|x| x != option);
            }
            CanonStep::Reversible {
                left,
                option,
                through,
                replacement,
            } => {
                steps_in_round += 1;
                let (side, other, rel) = if *left {
                    ("Left", "Right", "<=")
                } else {
                    ("Right", "Left", ">=")
                };
                let o = a.display(*option);
                let t = a.display(*through);
                let gtext = options_text(a, &pruned.0, &pruned.1);
                let repl = list_text(a, replacement);
                let _ = write!(
                    out,
                    "\n  {side} option {o} is reversible through its {other} option {t} \
                     ({t} {rel} {gtext}): replaced by the {side} options of {t}: {repl}"
                );
            }
        }
    }
    if steps_in_round == 0 {
        out.push_str("\n  no dominated or reversible options");
    }
    let _ = write!(out, "\ncanonical form: {}", a.display(g));
    (g, out)
}

/// The simplicity-theorem step in words.
fn number_text(lo: Option<Dyadic>, hi: Option<Dyadic>, value: Dyadic) -> String {
    let why = match (lo, hi) {
        (None, None) => "there are no options".to_string(),
        (Some(l), None) => format!("every option is a number, Left's best is {l}, Right has none"),
        (None, Some(h)) => format!("every option is a number, Right's best is {h}, Left has none"),
        (Some(l), Some(h)) => {
            format!("every option is a number and Left's best {l} is below Right's best {h}")
        }
    };
    let range = match (lo, hi) {
        (None, None) => "0".to_string(),
        (Some(l), None) => format!("the simplest number above {l}"),
        (None, Some(h)) => format!("the simplest number below {h}"),
        (Some(l), Some(h)) => format!("the simplest number between {l} and {h}"),
    };
    if lo.is_none() && hi.is_none() {
        return format!("  {why}: G = {value}");
    }
    format!("  {why}: G is {range}, {value} (simplicity theorem)")
}

/// The canonical game tree of `g` to `depth` levels as indented text: one line per option,
/// `L` or `R` for whose option it is. A node whose options lie beyond `depth` ends in ` ...`.
/// At most `max_lines` lines are written; the rest is counted in a last line.
pub fn tree(a: &mut Arena, g: GameId, depth: usize, max_lines: usize) -> String {
    let mut out = Vec::new();
    let mut cut = 0usize;
    let head = node_text(a, g, depth == 0);
    out.push(head);
    walk(a, g, 1, depth, max_lines, &mut out, &mut cut);
    let mut text = out.join("\n");
    if cut > 0 {
        let _ = write!(
            text,
            "\n... {cut} more line{} (a smaller depth shows less)",
            if cut == 1 { "" } else { "s" }
        );
    }
    text
}

fn node_text(a: &mut Arena, g: GameId, at_limit: bool) -> String {
    let mut t = a.display(g);
    if at_limit && !is_leaf(a, g) {
        t.push_str(" ...");
    }
    t
}

fn is_leaf(a: &Arena, g: GameId) -> bool {
    g == a.zero()
}

fn walk(
    a: &mut Arena,
    g: GameId,
    level: usize,
    depth: usize,
    max_lines: usize,
    out: &mut Vec<String>,
    cut: &mut usize,
) {
    if level > depth {
        return;
    }
    for left in [true, false] {
        let opts = if left {
            a.left_options(g)
        } else {
            a.right_options(g)
        };
        let opts = a.sort_for_display(opts);
        for o in opts {
            crate::game::interrupt::check_cancel();
            if out.len() >= max_lines {
                *cut += 1 + subtree_lines(a, o, level, depth, max_lines);
                continue;
            }
            let text = node_text(a, o, level == depth);
            out.push(format!(
                "{}{} {text}",
                "  ".repeat(level),
                if left { "L" } else { "R" }
            ));
            walk(a, o, level + 1, depth, max_lines, out, cut);
        }
    }
}

/// Lines the subtree of `g` below `level` would take (counted up to `cap`).
fn subtree_lines(a: &mut Arena, g: GameId, level: usize, depth: usize, cap: usize) -> usize {
    if level >= depth {
        return 0;
    }
    let mut n = 0;
    for o in a.all_options(g) {
        if n >= cap {
            break;
        }
        n += 1 + subtree_lines(a, o, level + 1, depth, cap);
    }
    n
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Mäser, thesis 2.2.5: {-1, * | 0, *} = {* | 0} = v. Left's -1 <= * is dominated;
    /// Right's * has the Left option 0 and 0 >= {* | 0, *} (that game is < 0: Right wins it
    /// whoever starts), so * is replaced by the Right options of 0, of which there are none.
    #[test]
    fn thesis_example() {
        let mut a = Arena::new();
        let (m1, s, z) = (a.integer(-1), a.nimber(1), a.zero());
        let (g, text) = explain(&mut a, vec![m1, s], vec![z, s]);
        assert_eq!(g, a.up_multiple(-1, 0));
        assert_eq!(
            text,
            "G = {-1,*|0,*}\n  \
             Left option -1 is dominated by * (-1 <= *): deleted\n  \
             Right option * is reversible through its Left option 0 (0 >= {*|0,*}): \
             replaced by the Right options of 0: none\n\
             round 2: G = {*|0}\n  \
             no dominated or reversible options\n\
             canonical form: v"
        );
    }

    /// {1 | 3} is the simplest number between 1 and 3: 2. {|} is 0.
    #[test]
    fn numbers() {
        let mut a = Arena::new();
        let (one, three) = (a.integer(1), a.integer(3));
        let (g, text) = explain(&mut a, vec![one], vec![three]);
        assert_eq!(g, a.integer(2));
        assert!(
            text.contains("the simplest number between 1 and 3, 2"),
            "{text}"
        );
        let (g, text) = explain(&mut a, vec![], vec![]);
        assert_eq!(g, a.zero());
        assert!(text.contains("there are no options: G = 0"), "{text}");
    }

    /// G = {^ | v} = * (G + * is a second-player win: Left's moves to ^* and to G, Right's to
    /// v* and to G, all lose). Left's ^ = {0|*} has the Right option * <= G, so ^ reverses
    /// through * and is replaced by *'s Left option 0; dually Right's v becomes 0: {0|0}.
    /// {0, * | 0, *} = *2 has nothing to simplify.
    #[test]
    fn reversal_on_both_sides() {
        let mut a = Arena::new();
        let (up, down) = (a.up_multiple(1, 0), a.up_multiple(-1, 0));
        let (g, text) = explain(&mut a, vec![up], vec![down]);
        assert_eq!(g, a.nimber(1));
        assert!(
            text.contains(
                "Left option ^ is reversible through its Right option * (* <= {^|v}): \
                 replaced by the Left options of *: 0"
            ),
            "{text}"
        );
        assert!(
            text.contains(
                "Right option v is reversible through its Left option * (* >= {^|v}): \
                 replaced by the Right options of *: 0"
            ),
            "{text}"
        );
        let (s2opts, text) = {
            let (z, s) = (a.zero(), a.nimber(1));
            explain(&mut a, vec![z, s], vec![z, s])
        };
        assert_eq!(s2opts, a.nimber(2));
        assert!(
            text.contains("no dominated or reversible options"),
            "{text}"
        );
    }

    #[test]
    fn trees() {
        let mut a = Arena::new();
        let up = a.up_multiple(1, 0);
        assert_eq!(
            tree(&mut a, up, 5, 100),
            "^\n  L 0\n  R *\n    L 0\n    R 0"
        );
        assert_eq!(tree(&mut a, up, 1, 100), "^\n  L 0\n  R * ...");
        assert_eq!(tree(&mut a, up, 0, 100), "^ ...");
        let s3 = a.nimber(3);
        let t = tree(&mut a, s3, 1, 3);
        assert_eq!(
            t,
            "*3\n  L 0\n  L * ...\n... 4 more lines (a smaller depth shows less)"
        );
    }
}
