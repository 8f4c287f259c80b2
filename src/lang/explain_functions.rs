//! Functions that explain and typeset values (`explain`, `why`, `tree`, `latex`, `tikz`) and
//! the impartial-game helpers (`mex`, `nim`, `nimsum`, `nimprod`). One block of rows
//! in the function table ([`super::functions`]), after the endgame functions.

use std::sync::Arc;

use super::builtins::{Builtin, CallError};
use super::session::Session;
use crate::analysis::explain;
use crate::analysis::nimber;
use crate::analysis::why::{self, Fact, Limits};
use crate::calc::args::Args;
use crate::calc::value::Value;
use crate::function;
use crate::game::{Dyadic, GameId, Thermograph};
use crate::syntax::ast::{CmpOp, Expr, ExprKind};
use crate::syntax::error::CgError;

type CallResult = Result<Value, CallError>;

/// Default depth of `tree(G)`.
const TREE_DEPTH: i64 = 3;
/// Most lines `tree` prints.
const TREE_LINES: usize = 200;
/// Most plies `why` plays out.
const WHY_MAX_DEPTH: i64 = 40;

/// The rows, in the order `:help` lists them.
pub static EXPLAIN_FUNCTIONS: &[Builtin] = &[
    Builtin {
        quoted: true,
        ..function!(
            "explain",
            "explain({L | R})",
            1..=1,
            Explain,
            "the steps that simplify {L | R} to its canonical form",
            "explain({L | R}) shows how the game with the options L and R becomes canonical (Siegel,\nCGT, II.2; Maeser, thesis 2.2.5): each round deletes dominated options (a Left option\nA <= another Left option B is dominated by B; for Right, A >= B) and bypasses reversible\nones (a Left option A with a Right option A^R <= G is replaced by the Left options of A^R;\na Right option B with a Left option B^L >= G by the Right options of B^L), until nothing\nchanges; games whose options are all numbers become the simplest number between them.\nBraces inside the options are explained first. A value that is not written in braces is\nalready canonical and is shown with its options.\nExample: explain({-1, * | 0, *}): -1 is dominated by *, Right's * reverses through 0, giving v.",
            |s, v| explain_call(s, &v[0])
        )
    },
    Builtin {
        quoted: true,
        ..function!(
            "why",
            "why(G >= H) or why(G >= H, depth)",
            1..=2,
            Explain,
            "a checkable winning strategy that shows why a comparison holds or fails",
            "why(G >= H) tells whether G >= H and shows why, as play in the difference X - Y with X = G\nand Y = H: G >= H iff Left wins it when Right moves first, and G <= H iff Right wins it\nwhen Left moves first. A player winning moving first gets one move to a position they win\nmoving second; a player winning moving second gets every move of the opponent, each with a\nwinning reply. Moves are canonical options (Left moves X to a Left option or Y to a Right\noption, Right the other way round), written `1.2. Left moves X: * -> 0; now 0 - *`, so each\nstep can be checked with left() and right(). Play stops at `depth` plies (default 8) or 60\nlines with a claim such as `Right wins from here moving second: 0 <= 1` that the calculator\ncan check. Where no reply fits (depth 1, or more moves than lines) the opponent's first moves\nare listed alone, each with the claim that the winner wins from there moving first (X |> Y\nfor Left, X <| Y for Right). == != < > <> combine both facts and show both; <| and |> are\none fact each.\nExample: why({0|*} >= *) shows Right's winning move {0|*} -> * and the replies to Left.",
            |s, v| why_call(s, v)
        )
    },
    function!(
        "tree",
        "tree(G) or tree(G, depth)",
        1..=2,
        Explain,
        "the canonical game tree, drawn to a depth",
        "tree(G, depth) draws the game tree of G's canonical form as indented text, one line per\noption (`L` for a Left option, `R` for a Right option), to `depth` levels (default 3); a\ngame with options below the last level ends in `...`. At most 200 lines are drawn.\nExample: tree({1|{0|-1}}, 2).",
        |s, v| {
            let g = Args::new(v).game(0)?;
            let depth = if v.len() > 1 {
                Args::new(v).int(&mut s.arena, 1, 0..=1000)?
            } else {
                TREE_DEPTH
            };
            Ok(Value::Text(explain::tree(
                &mut s.arena,
                g,
                depth as usize,
                TREE_LINES,
            )))
        }
    ),
    function!(
        "latex",
        "latex(G)",
        1..=1,
        Explain,
        "LaTeX for a value, in the style of CGT papers",
        "latex(G) writes G for LaTeX math mode: \\{3 \\mathrel{\\|} 2{\\ast} \\mid 1{\\ast}\\} for {3||2*|1*}.\nNumbers are integers or \\frac{1}{2}; * is {\\ast}, *3 {\\ast}3; ^ {\\uparrow}, ^^ {\\Uparrow},\n^3 3{\\cdot}{\\uparrow} (v: {\\downarrow}); ^<3> {\\uparrow}^{3}, ^[3] {\\uparrow}^{\\to 3};\n+-1 \\pm 1; Tiny(2) \\mathrm{Tiny}(2). Symbols are braced so TeX spaces them as ordinary\nsymbols. A number is followed directly by a symbol (\\frac{1}{2}{\\uparrow}{\\ast}) and by `+`\notherwise (1+3{\\cdot}{\\uparrow}, 2+\\mathrm{Tiny}(2)). Bars: one \\mid, two \\mathrel{\\|},\nthree \\mathrel{|\\|}, four \\mathrel{\\|\\|}. A list gives its elements separated by commas.\nExample: latex({3||2*|1*}), latex(1/2v*).",
        |s, v| latex_value(s, &v[0]).map_err(|m| CallError::Arg(0, m))
    ),
    function!(
        "tikz",
        "tikz(T) or tikz(T, file)",
        1..=2,
        Explain,
        "a TikZ picture of thermographs",
        "tikz(thermo(G)) gives a TikZ picture (\\begin{tikzpicture} ... \\end{tikzpicture}, needs\n\\usepackage{tikz}) of the thermograph of G, drawn as svg() draws it: temperature upward,\nvalues growing to the left, both axes on one scale, the mast's foot marked and labelled.\ntikz([thermo(G), thermo(H)]) overlays several; tikz(T, \"t.tex\") writes the picture to a file.\nExample: tikz(thermo({3||2*|1*})).",
        |s, v| {
            let graphs = Args::new(v).thermographs(&mut s.arena, 0)?;
            let refs: Vec<&Thermograph> = graphs.iter().map(Arc::as_ref).collect();
            let labels: Vec<String> = if refs.len() > 1 {
                (1..=refs.len()).map(|i| i.to_string()).collect()
            } else {
                Vec::new()
            };
            let text =
                crate::analysis::plot::tikz(&refs, &labels).map_err(|m| CallError::Arg(0, m))?;
            match v.get(1) {
                None => Ok(Value::Text(text.trim_end().to_string())),
                Some(Value::Str(path)) => {
                    let written = crate::lang::files::write_whole(path, text.as_bytes())
                        .map_err(|e| CallError::Arg(1, format!("cannot write {path}: {e}")))?;
                    Ok(Value::Text(format!(
                        "wrote {path} ({} bytes){}",
                        text.len(),
                        written.note()
                    )))
                }
                Some(_) => Err(CallError::Arg(
                    1,
                    "expected a file name in quotes, e.g. \"t.tex\"".into(),
                )),
            }
        }
    ),
    function!(
        "mex",
        "mex(a, b, ...)",
        0..=64,
        Impartial,
        "the least excluded nimber: *k for the least k not among the arguments",
        "mex(a, b, ...) is the minimum excludant as a nimber: *k for the least natural number k\nthat is not among the arguments. Arguments are nimbers or natural numbers (read as\nnimbers: 3 counts as *3); lists are read element by element, so mex(left(G)) works. The\nresult is always a nimber, so mex results add by nim addition, as Sprague-Grundy requires:\nan impartial game's value is the mex of its options' values (WW ch. 3; Siegel, CGT, IV.1).\nnimval(mex(...)) gives the integer k.\nExample: mex(0, 1, 3) is *2; mex(*, *2) is 0; Grundy's game (split a heap into two unequal\nheaps) is gr(n) = mex([gr(a) + gr(n-a) for a in 1..n-1 if a < n - a]).",
        |s, v| mex_call(s, v)
    ),
    function!(
        "nim",
        "nim(k)",
        1..=1,
        Impartial,
        "the Nim heap of k tokens: the nimber *k",
        "nim(k) is the nimber *k, the value of a Nim heap of k tokens, for any integer expression\nk from 0 to 2^32 - 1. It turns an integer into a nimber, so nim(a) + nim(b) is the nim sum;\nnimval(nim(k)) is k.\nExample: nim(3) + nim(5) is *6; [nim(n) for n in 0..3] is [0, *, *2, *3].",
        |s, v| {
            let k = Args::new(v).int(&mut s.arena, 0, 0..=i64::from(u32::MAX))?;
            Ok(Value::Game(s.arena.nimber(k as u32)))
        }
    ),
    function!(
        "nimsum",
        "nimsum(a, b, ...)",
        0..=64,
        Impartial,
        "the nim sum (exclusive or) of natural numbers",
        "nimsum(a, b, ...) is the nim sum of natural numbers below 2^64: their bitwise exclusive\nor (ONAG ch. 6; WW ch. 3), the n with *a + *b + ... = *n. Lists are read element by\nelement. Nimbers are refused: they already add by nim addition (*a + *b), and nimval(*a)\nis the integer a.\nExample: nimsum(5, 3) is 6; nimsum(1..7) is 0.",
        |s, v| {
            let xs = naturals(s, v, "nimsum")?;
            Ok(natural(s, nimber::nim_sum(xs)))
        }
    ),
    function!(
        "nimprod",
        "nimprod(a, b)",
        2..=2,
        Impartial,
        "the nim product of two natural numbers",
        "nimprod(a, b) is the nim product of natural numbers below 2^64: Conway's multiplication\na.b = mex{a'.b + a.b' + a'.b' : a' < a, b' < b} with nim sums (ONAG ch. 6), computed by\nLenstra's recursion on the Fermat 2-powers F = 2, 4, 16, 256, ... (F.F = F + F/2). With\nnimsum it makes the naturals below 2^(2^k) a field; results stay below 2^64.\nExample: nimprod(2, 2) is 3, nimprod(4, 4) is 6, nimprod(16, 16) is 24.",
        |s, v| {
            let xs = naturals(s, v, "nimprod")?;
            Ok(natural(s, nimber::nim_product(xs[0], xs[1])))
        }
    ),
];

/// `explain(...)`: every brace group in the argument, innermost first, or the canonical form
/// of a value given otherwise.
fn explain_call(s: &mut Session, arg: &Value) -> CallResult {
    let Value::Quoted(e) = arg else {
        return Err(CallError::Arg(0, "expected a game".into()));
    };
    let mut sections = Vec::new();
    let g = explain_expr(s, e, &mut sections).map_err(CallError::Eval)?;
    if sections.is_empty() {
        let (l, r) = (s.arena.left_options(g), s.arena.right_options(g));
        let braces = explain::options_text(&mut s.arena, &l, &r);
        let text = s.arena.display(g);
        return Ok(Value::Text(format!(
            "{text} is already canonical: {braces}. Write a game in braces to see it simplified, e.g. explain({{-1,*|0,*}})"
        )));
    }
    Ok(Value::Text(sections.join("\n\n")))
}

fn explain_expr(s: &mut Session, e: &Expr, sections: &mut Vec<String>) -> Result<GameId, CgError> {
    if let ExprKind::Game { left, right } = &e.kind {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, opts) in [left, right].into_iter().enumerate() {
            for o in opts {
                sides[side].push(explain_expr(s, o, sections)?);
            }
        }
        let [l, r] = sides;
        let (g, text) = explain::explain(&mut s.arena, l, r);
        sections.push(text);
        return Ok(g);
    }
    let v = s.eval(e)?;
    match s.game_value(v, e.span)? {
        Value::Game(g) => Ok(g),
        Value::Threat(_) => Err(CgError::at(
            e.span,
            "explain works on short games; this is a loopy game (with on, off or cycles)",
        )),
        other => Err(CgError::at(
            e.span,
            crate::calc::value::expected_game(&other),
        )),
    }
}

/// `why(G op H)` and `why(G op H, depth)`.
fn why_call(s: &mut Session, v: &[Value]) -> CallResult {
    let Value::Quoted(e) = &v[0] else {
        return Err(CallError::Arg(0, "expected a comparison".into()));
    };
    let ExprKind::Compare { op, lhs, rhs } = &e.kind else {
        return Err(CallError::Arg(
            0,
            "why needs a comparison, e.g. why({0|*} >= *)".into(),
        ));
    };
    let g = s.game(lhs).map_err(CallError::Eval)?;
    let h = s.game(rhs).map_err(CallError::Eval)?;
    let depth = if v.len() > 1 {
        Args::new(v).int(&mut s.arena, 1, 1..=WHY_MAX_DEPTH)? as usize
    } else {
        Limits::default().depth
    };
    let limits = Limits {
        depth,
        ..Limits::default()
    };
    let facts: &[Fact] = match op {
        CmpOp::Ge | CmpOp::LessOrConfused => &[Fact::Geq],
        CmpOp::Le | CmpOp::GreaterOrConfused => &[Fact::Leq],
        _ => &[Fact::Geq, Fact::Leq],
    };
    let mut results = Vec::new();
    let mut texts = Vec::new();
    for &f in facts {
        let (holds, text) = why::witness(&mut s.arena, g, h, f, limits);
        results.push(holds);
        texts.push(text);
    }
    let (gs, hs) = (s.arena.display(g), s.arena.display(h));
    let sym = op.as_str();
    let summary = match (op, results.as_slice()) {
        (CmpOp::Ge | CmpOp::Le, _) => None,
        (CmpOp::LessOrConfused, [geq]) => Some((!geq, "G <| H means: not G >= H")),
        (CmpOp::GreaterOrConfused, [leq]) => Some((!leq, "G |> H means: not G <= H")),
        (CmpOp::Eq, [geq, leq]) => Some((*geq && *leq, "G == H means: G >= H and G <= H")),
        (CmpOp::Ne, [geq, leq]) => {
            Some((!(*geq && *leq), "G != H means: not both G >= H and G <= H"))
        }
        (CmpOp::Lt, [geq, leq]) => Some((!geq && *leq, "G < H means: G <= H and not G >= H")),
        (CmpOp::Gt, [geq, leq]) => Some((*geq && !leq, "G > H means: G >= H and not G <= H")),
        (CmpOp::Confused, [geq, leq]) => {
            Some((!geq && !leq, "G <> H means: neither G >= H nor G <= H"))
        }
        _ => None,
    };
    let body = texts.join("\n\n");
    Ok(Value::Text(match summary {
        None => body,
        Some((holds, meaning)) => {
            format!("{gs} {sym} {hs} is {holds} ({meaning})\n\n{body}")
        }
    }))
}

/// `latex(G)`: a game's LaTeX; a list gives its elements' LaTeX separated by commas.
fn latex_value(s: &mut Session, v: &Value) -> Result<Value, String> {
    fn text(s: &mut Session, v: &Value) -> Result<String, String> {
        match v {
            Value::Game(g) => Ok(s.arena.latex(*g)),
            Value::List(items) => {
                let mut parts = Vec::with_capacity(items.len());
                for it in items {
                    parts.push(text(s, it)?);
                }
                Ok(parts.join(", "))
            }
            other => Err(crate::calc::value::expected_game(other)),
        }
    }
    text(s, v).map(Value::Text)
}

/// `mex(...)`: natural numbers and nimbers, lists read element by element; the result is the
/// nimber `*k` of the least excluded k (language.md, nim arithmetic).
fn mex_call(s: &mut Session, v: &[Value]) -> CallResult {
    fn collect(s: &mut Session, x: &Value, i: usize, out: &mut Vec<u32>) -> Result<(), CallError> {
        match x {
            Value::List(items) => {
                for it in items {
                    collect(s, it, i, out)?;
                }
                Ok(())
            }
            Value::Game(g) => match s.arena.get_nus(*g) {
                Some(n) if n.number.is_zero() && n.ups == 0 => {
                    out.push(n.nim);
                    Ok(())
                }
                Some(n) if n.is_number() && n.number.is_integer() && n.number.signum() >= 0 => {
                    let k = n
                        .number
                        .to_i64()
                        .and_then(|k| u32::try_from(k).ok())
                        .ok_or_else(|| CallError::Arg(i, "this integer is too large".into()))?;
                    out.push(k);
                    Ok(())
                }
                _ => Err(CallError::Arg(
                    i,
                    format!(
                        "mex takes natural numbers and nimbers, not {}",
                        s.arena.display(*g)
                    ),
                )),
            },
            other => Err(CallError::Arg(
                i,
                format!(
                    "mex takes natural numbers and nimbers, not a {}",
                    other.type_name()
                ),
            )),
        }
    }
    let mut values = Vec::new();
    for (i, x) in v.iter().enumerate() {
        collect(s, x, i, &mut values)?;
    }
    Ok(Value::Game(s.arena.nimber(nimber::mex(values))))
}

/// The arguments of `nimsum`/`nimprod` as natural numbers below 2^64, lists read element by
/// element. A nimber is refused with the reason: it already adds by nim addition.
fn naturals(s: &mut Session, v: &[Value], name: &str) -> Result<Vec<u64>, CallError> {
    fn collect(
        s: &mut Session,
        x: &Value,
        i: usize,
        name: &str,
        out: &mut Vec<u64>,
    ) -> Result<(), CallError> {
        let g = match x {
            Value::List(items) => {
                for it in items {
                    collect(s, it, i, name, out)?;
                }
                return Ok(());
            }
            Value::Game(g) => *g,
            other => {
                return Err(CallError::Arg(
                    i,
                    format!("{name} takes natural numbers, not a {}", other.type_name()),
                ));
            }
        };
        if let Some(k) = s.arena.as_number(g).and_then(|x| x.to_u64()) {
            out.push(k);
            return Ok(());
        }
        let shown = s.arena.display_brief(g);
        let why = match s.arena.get_nus(g) {
            Some(n) if n.number.is_zero() && n.ups == 0 => format!(
                "{name} takes natural numbers, not the nimber {shown}: nimbers already add by nim addition (*a + *b), and nimval({shown}) is {}",
                n.nim
            ),
            Some(n) if n.is_number() && n.number.is_integer() && n.number.signum() > 0 => {
                format!("{name} takes natural numbers below 2^64, not {shown}")
            }
            _ => format!("{name} takes natural numbers, not {shown}"),
        };
        Err(CallError::Arg(i, why))
    }
    let mut out = Vec::new();
    for (i, x) in v.iter().enumerate() {
        collect(s, x, i, name, &mut out)?;
    }
    Ok(out)
}

/// A natural number below 2^64 as a game.
fn natural(s: &mut Session, n: u64) -> Value {
    Value::Game(s.arena.number(Dyadic::from_u128(u128::from(n))))
}
