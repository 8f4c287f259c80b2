//! explain, why, tree, latex, tikz, nim arithmetic (mex, nim, nimsum, nimprod), octal and
//! CGSuite's names, through the session and the library. Every expected value was derived by
//! hand (comments give the derivations); `why` witnesses are replayed move by move against the
//! canonical options.

use crate::common::{GamePool, Rng, iterations, run_ok, run_text};
use cgcalc::analysis::why::{self, Fact, Limits};
use cgcalc::calc::value::Value;
use cgcalc::game::{Arena, GameId};
use cgcalc::lang::Session;

fn game_var(s: &mut Session, src: &str) -> GameId {
    run_ok(s, &format!("__g = {src}"));
    match s.variable("__g") {
        Some(Value::Game(g)) => *g,
        other => panic!("{src} is no game: {other:?}"),
    }
}

// ---------------------------------------------------------------- explain

/// Mäser, thesis 2.2.5: G = {-1, * | 0, *}. For Left, -1 <= * (* - (-1) = 1* > 0), so -1 is
/// dominated by *; Right's 0 and * are confused, neither dominates. Right's * has the Left
/// option 0, and 0 >= {* | 0, *} (G <= 0: G has no Left option >= 0, as * <> 0, and 0 has no
/// Right option), so * is reversible through 0 and is replaced by the Right options of 0:
/// none. Left's * is not reversible: its Right option 0 <= G fails (G's Right option 0 <= 0).
/// What remains, {* | 0}, is v.
#[test]
fn explain_thesis_example() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "explain({-1, * | 0, *})"),
        "G = {-1,*|0,*}\n  \
         Left option -1 is dominated by * (-1 <= *): deleted\n  \
         Right option * is reversible through its Left option 0 (0 >= {*|0,*}): \
         replaced by the Right options of 0: none\n\
         round 2: G = {*|0}\n  \
         no dominated or reversible options\n\
         canonical form: v"
    );
}

/// Inner braces are explained first: {{-1,*|0,*} | 1} = {v | 1}; Left's v = {*|0} has the
/// Right option 0 <= {v|1} (that game is 0: v < 0 < 1), so v is replaced by the Left
/// options of 0 (none); Right's 1 = {0|} has the Left option 0 >= {v|1}, replaced by the
/// Right options of 0 (none). {|} = 0.
#[test]
fn explain_nested_and_plain_values() {
    let mut s = Session::new();
    let out = run_ok(&mut s, "explain({{-1,*|0,*} | 1})");
    let sections: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(sections.len(), 2, "{out}");
    assert!(sections[0].starts_with("G = {-1,*|0,*}"), "{out}");
    assert!(sections[0].ends_with("canonical form: v"), "{out}");
    assert_eq!(
        sections[1],
        "G = {v|1}\n  \
         Left option v is reversible through its Right option 0 (0 <= {v|1}): \
         replaced by the Left options of 0: none\n  \
         Right option 1 is reversible through its Left option 0 (0 >= {v|1}): \
         replaced by the Right options of 0: none\n\
         round 2: G = {|}\n  \
         there are no options: G = 0\n\
         canonical form: 0"
    );
    // A value not in braces is already canonical.
    assert_eq!(
        run_ok(&mut s, "explain(^)"),
        "^ is already canonical: {0|*}. Write a game in braces to see it simplified, \
         e.g. explain({-1,*|0,*})"
    );
    // {0, 1 | 3}: all numbers, 1 < 3, the simplest number between them is 2; {0,0|} lists
    // 0 twice and is 1.
    let out = run_ok(&mut s, "explain({0, 1 | 3})");
    assert!(
        out.contains("G is the simplest number between 1 and 3, 2 (simplicity theorem)"),
        "{out}"
    );
    let out = run_ok(&mut s, "explain({0, 0 |})");
    assert!(out.contains("an option listed twice counts once"), "{out}");
    assert!(out.ends_with("canonical form: 1"), "{out}");
}

/// explain agrees with the canonicaliser on random option lists, and every step it reports is
/// true: a dominated option is <= (Left) or >= (Right) the option named, a reversing reply is
/// an option of the reversed option on the other side and compares with the game as stated.
#[test]
fn explain_steps_are_true_on_random_games() {
    let mut a = Arena::new();
    let mut rng = Rng::xorshift64(14);
    let mut pool = GamePool::new(&mut a);
    pool.warm_up(&mut a, &mut rng, 200);
    for _ in 0..iterations(300) {
        let nl = rng.below(4);
        let nr = rng.below(4);
        let left: Vec<GameId> = (0..nl).map(|_| pool.any(&mut rng)).collect();
        let right: Vec<GameId> = (0..nr).map(|_| pool.any(&mut rng)).collect();
        let want = a.game(left.clone(), right.clone());
        let (g, steps) = a.game_traced(left.clone(), right.clone());
        assert_eq!(g, want);
        let (_, text) = cgcalc::analysis::explain::explain(&mut a, left, right);
        assert!(text.ends_with(&format!("canonical form: {}", a.display(g))));
        for st in steps {
            match st {
                cgcalc::game::CanonStep::Dominated { left, option, by } => {
                    assert!(if left {
                        a.leq(option, by)
                    } else {
                        a.geq(option, by)
                    });
                }
                cgcalc::game::CanonStep::Reversible {
                    left,
                    option,
                    through,
                    replacement,
                } => {
                    let (opts, repl) = if left {
                        (a.right_options(option), a.left_options(through))
                    } else {
                        (a.left_options(option), a.right_options(through))
                    };
                    assert!(opts.contains(&through));
                    assert_eq!(replacement, repl);
                    // through <= G (Left) or >= G (Right), G being the game's value.
                    assert!(if left {
                        a.leq(through, g)
                    } else {
                        a.geq(through, g)
                    });
                }
                _ => {}
            }
        }
    }
}

// ---------------------------------------------------------------- why

/// One line of a witness.
struct Line {
    label: String,
    side: String,
    component: usize,
    from: String,
    to: String,
    x: String,
    y: String,
    tail: Option<String>,
}

fn parse_line(line: &str) -> Line {
    let (label, rest) = line.split_once(". ").expect("label");
    let (side, rest) = rest.split_once(" moves ").expect("side");
    let (comp, rest) = rest.split_once(": ").expect("component");
    let (mv, rest) = rest.split_once("; now ").expect("now");
    let (from, to) = mv.split_once(" -> ").expect("->");
    let (pos, tail) = match rest.split_once("; ") {
        Some((p, t)) => (p, Some(t.to_string())),
        None => (rest, None),
    };
    let (x, y) = pos.split_once(" - ").expect("X - Y");
    Line {
        label: label.into(),
        side: side.into(),
        component: match comp {
            "X" => 0,
            "Y" => 1,
            other => panic!("component {other}"),
        },
        from: from.into(),
        to: to.into(),
        x: x.into(),
        y: y.into(),
        tail,
    }
}

/// The moves of `side` from (g, h): Left moves g to a Left option or h to a Right option.
fn moves(a: &mut Arena, g: GameId, h: GameId, side: &str) -> Vec<(usize, GameId)> {
    let left = side == "Left";
    let gs = if left {
        a.left_options(g)
    } else {
        a.right_options(g)
    };
    let hs = if left {
        a.right_options(h)
    } else {
        a.left_options(h)
    };
    gs.into_iter()
        .map(|o| (0, o))
        .chain(hs.into_iter().map(|o| (1, o)))
        .collect()
}

fn other(side: &str) -> &'static str {
    if side == "Left" { "Right" } else { "Left" }
}

/// Replays a witness of `g rel h` (the text of one fact) and checks it proves what its header
/// says. Returns whether the fact holds.
fn replay(a: &mut Arena, g: GameId, h: GameId, text: &str) -> bool {
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    let note = lines.next().unwrap();
    assert_eq!(note, why::MOVES_NOTE);
    let holds = header.contains(" is true: ");
    assert!(holds || header.contains(" is false: "), "{header}");
    // The player the witness is for, and whether they move first at the root.
    let winner = if header.contains(": Left wins") {
        "Left"
    } else {
        assert!(header.contains(": Right wins"), "{header}");
        "Right"
    };
    let rel_geq = header.contains(" >= ");
    // >= true: Left wins moving second; >= false: Right wins moving first; dually for <=.
    assert_eq!(winner == "Left", rel_geq == holds, "{header}");
    let rest: Vec<&str> = lines.collect();
    let first = if holds { other(winner) } else { winner };
    // At the root, a witness moving second with no room for replies says so in one line.
    if let [only] = rest.as_slice()
        && !only.starts_with(|c: char| c.is_ascii_digit())
    {
        assert!(holds, "{only}");
        let n = moves(a, g, h, first).len();
        let root = format!("{} - {}", a.display(g), a.display(h));
        if n == 0 {
            assert_eq!(*only, format!("{first} has no move in {root}"));
        } else {
            let lines = only
                .strip_prefix(&format!(
                    "(no move shown: {first} has {n} moves in {root}, more than the "
                ))
                .and_then(|t| t.strip_suffix(" lines of a witness)"))
                .unwrap_or_else(|| panic!("{only}"));
            assert!(lines.parse::<usize>().unwrap() < n, "{only}");
        }
        return holds;
    }
    let parsed: Vec<Line> = rest.iter().map(|l| parse_line(l)).collect();
    // Check the node at `label` (position `pos`, `to_move` to move) and its subtree.
    fn check(
        a: &mut Arena,
        parsed: &[Line],
        prefix: &str,
        pos: (GameId, GameId),
        to_move: &str,
        winner: &str,
    ) {
        let children: Vec<&Line> = parsed
            .iter()
            .filter(|l| {
                let parent = l.label.rsplit_once('.').map_or("", |(p, _)| p);
                parent == prefix
            })
            .collect();
        let legal = moves(a, pos.0, pos.1, to_move);
        if to_move == winner {
            assert_eq!(children.len(), 1, "one winning move at `{prefix}`");
        } else {
            // Every move of the opponent is answered.
            assert_eq!(children.len(), legal.len(), "all answers at `{prefix}`");
        }
        for l in children {
            assert_eq!(l.side, to_move, "{}", l.label);
            let from = if l.component == 0 { pos.0 } else { pos.1 };
            assert_eq!(l.from, a.display(from), "{}: from", l.label);
            let to = legal
                .iter()
                .filter(|(c, _)| *c == l.component)
                .map(|&(_, o)| o)
                .find(|&o| a.display(o) == l.to)
                .unwrap_or_else(|| panic!("{}: {} is no legal option", l.label, l.to));
            let next = if l.component == 0 {
                (to, pos.1)
            } else {
                (pos.0, to)
            };
            assert_eq!(l.x, a.display(next.0), "{}", l.label);
            assert_eq!(l.y, a.display(next.1), "{}", l.label);
            let mover = other(to_move);
            match &l.tail {
                Some(t) if t.ends_with(" has no move") => {
                    assert_eq!(t, &format!("{mover} has no move"));
                    assert!(moves(a, next.0, next.1, mover).is_empty(), "{}", l.label);
                    assert_eq!(to_move, winner, "only the loser runs out of moves");
                }
                Some(t) if t.contains("moving first") => {
                    // Only at the root, where no reply fits: `W wins from here moving first:
                    // X |> Y` (Left) or `X <| Y` (Right), checked by the library.
                    assert!(prefix.is_empty() && to_move != winner, "{}", l.label);
                    let claim = format!(
                        "{winner} wins from here moving first: {} {} {}",
                        l.x,
                        if winner == "Left" { "|>" } else { "<|" },
                        l.y
                    );
                    assert_eq!(t, &claim, "{}", l.label);
                    assert!(if winner == "Left" {
                        !a.leq(next.0, next.1)
                    } else {
                        !a.geq(next.0, next.1)
                    });
                }
                Some(t) => {
                    // `W wins from here moving second: X rel Y`, checked by the library.
                    let claim = format!(
                        "{winner} wins from here moving second: {} {} {}",
                        l.x,
                        if winner == "Left" { ">=" } else { "<=" },
                        l.y
                    );
                    assert_eq!(t, &claim, "{}", l.label);
                    assert!(if winner == "Left" {
                        a.geq(next.0, next.1)
                    } else {
                        a.leq(next.0, next.1)
                    });
                }
                None => check(a, parsed, &l.label, next, mover, winner),
            }
        }
    }
    check(a, &parsed, "", (g, h), first, winner);
    holds
}

/// The witness the brief asks for: why({0|*} >= *). ^ - * = ^* is fuzzy, so ^ >= * fails:
/// Right moves ^ to * (* <= *), and in * - * each Left move is mirrored.
#[test]
fn why_up_is_not_above_star_replays() {
    let mut s = Session::new();
    let out = run_ok(&mut s, "why({0|*} >= *)");
    let (g, h) = (game_var(&mut s, "{0|*}"), game_var(&mut s, "*"));
    assert!(out.starts_with("^ >= * is false: Right wins ^ - * moving first\n"));
    assert!(!replay(&mut s.arena, g, h, &out));
    assert!(
        out.contains("1. Right moves X: ^ -> *; now * - *\n"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 7, "{out}");
}

/// why at depth 1: a second-player win has no room for a reply, so the opponent's moves are
/// shown with the claim the winner wins moving first (the issue: only a header was printed).
/// ^ >= 0: Right's one move ^ -> * leaves * - 0 = *, which Left wins moving first (* |> 0).
/// *2 <= *2: Left's four moves (X or Y to 0 or *) each leave a nimber *1, *2 or its mirror,
/// fuzzy with 0, which Right wins moving first.
#[test]
fn why_at_depth_one_shows_what_fits() {
    let mut s = Session::new();
    let out = run_ok(&mut s, "why(^ >= 0, 1)");
    assert_eq!(
        out,
        format!(
            "^ >= 0 is true: Left wins ^ - 0 when Right moves first\n{}\n\
             1. Right moves X: ^ -> *; now * - 0; Left wins from here moving first: * |> 0",
            why::MOVES_NOTE
        )
    );
    let out = run_ok(&mut s, "why(*2 <= *2, 1)");
    let (g, h) = (game_var(&mut s, "*2"), game_var(&mut s, "*2"));
    assert!(replay(&mut s.arena, g, h, &out), "{out}");
    assert_eq!(out.lines().count(), 2 + 4, "{out}");
    assert!(
        out.contains(
            "1. Left moves X: *2 -> 0; now 0 - *2; Right wins from here moving first: 0 <| *2"
        ),
        "{out}"
    );
    // No move at all: said in a line of its own.
    let out = run_ok(&mut s, "why(0 >= 0)");
    assert!(out.ends_with("\nRight has no move in 0 - 0"), "{out}");
    // More moves than the 60 lines of a witness: said plainly, not a bare header.
    let out = run_ok(&mut s, "why(*40 >= *40, 1)");
    assert!(
        out.ends_with("\n(no move shown: Right has 80 moves in *40 - *40, more than the 60 lines of a witness)"),
        "{out}"
    );
}

/// Every comparison operator: the facts shown replay, and the verdict agrees with the
/// operator's own evaluation.
#[test]
fn why_all_operators() {
    let mut s = Session::new();
    let pairs = [
        ("{0|*}", "*"),
        ("^", "0"),
        ("1/2", "1"),
        ("{3||2*|1*}", "2"),
        ("+-1", "*"),
        ("*2", "*2"),
        ("5", "6"),
    ];
    for (gs, hs) in pairs {
        let (g, h) = (game_var(&mut s, gs), game_var(&mut s, hs));
        for op in ["==", "!=", "<", "<=", ">", ">=", "<>", "<|", "|>"] {
            let expr = format!("{gs} {op} {hs}");
            let verdict = run_ok(&mut s, &expr);
            let out = run_ok(&mut s, &format!("why({expr})"));
            let mut sections: Vec<&str> = out.split("\n\n").collect();
            if sections.len() > 1 || matches!(op, "<|" | "|>") {
                let summary = sections.remove(0);
                assert!(
                    summary.ends_with(')') && summary.contains(&format!(" is {verdict} (")),
                    "{expr}: {summary}"
                );
            } else {
                assert!(out.contains(&format!(" is {verdict}: ")), "{expr}: {out}");
            }
            for sec in sections {
                replay(&mut s.arena, g, h, sec);
            }
        }
    }
}

/// Random pairs from the pool: every witness of >= and <= replays, at the default limits and
/// at a depth of 2 (claims).
#[test]
fn why_random_games_replay() {
    let mut a = Arena::new();
    let mut rng = Rng::xorshift64(2205);
    let mut pool = GamePool::new(&mut a);
    pool.warm_up(&mut a, &mut rng, 200);
    for i in 0..iterations(300) {
        let (g, h) = (pool.any(&mut rng), pool.any(&mut rng));
        let fact = if i % 2 == 0 { Fact::Geq } else { Fact::Leq };
        for limits in [
            Limits::default(),
            Limits {
                depth: 2,
                lines: 60,
            },
            Limits {
                depth: 12,
                lines: 9,
            },
            Limits {
                depth: 1,
                lines: 60,
            },
            Limits { depth: 1, lines: 2 },
        ] {
            let (holds, text) = why::witness(&mut a, g, h, fact, limits);
            let want = match fact {
                Fact::Geq => a.geq(g, h),
                Fact::Leq => a.leq(g, h),
            };
            assert_eq!(holds, want);
            assert_eq!(replay(&mut a, g, h, &text), holds, "{text}");
            assert!(text.lines().count() <= 2 + limits.lines);
        }
    }
}

// ---------------------------------------------------------------- tree

/// {1|{0|-1}} = {1||0|-1}: Left's 1 = {0|}, Right's {0|-1}, whose Right option -1 = {|0}.
#[test]
fn tree_depths() {
    let mut s = Session::new();
    assert_eq!(
        run_ok(&mut s, "tree({1|{0|-1}}, 3)"),
        "{1||0|-1}\n  L 1\n    L 0\n  R {0|-1}\n    L 0\n    R -1\n      R 0"
    );
    assert_eq!(
        run_ok(&mut s, "tree({1|{0|-1}}, 1)"),
        "{1||0|-1}\n  L 1 ...\n  R {0|-1} ..."
    );
    assert_eq!(run_ok(&mut s, "tree(0, 0)"), "0");
    // *200 has 400 options: the drawing stops at 200 lines and counts the rest.
    let out = run_ok(&mut s, "tree(*200, 1)");
    assert_eq!(out.lines().count(), 201);
    assert!(
        out.ends_with("... 201 more lines (a smaller depth shows less)"),
        "{out}"
    );
}

// ---------------------------------------------------------------- latex

/// The LaTeX printer's rules (game/latex.rs), value by value, character by character.
const LATEX_CASES: &[(&str, &str)] = &[
    ("{3||2*|1*}", r"\{3 \mathrel{\|} 2{\ast} \mid 1{\ast}\}"),
    ("1/2v*", r"\frac{1}{2}{\downarrow}{\ast}"),
    ("^3*2", r"3{\cdot}{\uparrow}{\ast}2"),
    ("+-{1,1*}", r"\pm\{1, 1{\ast}\}"),
    ("2Tiny(2)", r"2+\mathrm{Tiny}(2)"),
    ("^<3>", r"{\uparrow}^{3}"),
    ("-1/2v[4]*3", r"-\frac{1}{2}{\downarrow}^{\to 4}{\ast}3"),
    ("vv*", r"{\Downarrow}{\ast}"),
    ("+-1", r"\pm 1"),
    ("+-(1*)", r"\pm(1{\ast})"),
    ("*5", r"{\ast}5"),
    ("-7", "-7"),
    ("3/8", r"\frac{3}{8}"),
    (
        "{1|^^||^}",
        r"\{1 \mid {\Uparrow} \mathrel{\|} {\uparrow}\}",
    ),
    (
        "Miny({5||3|1})",
        r"\mathrm{Miny}(\{5 \mathrel{\|} 3 \mid 1\})",
    ),
    ("1+^3", r"1+3{\cdot}{\uparrow}"),
    ("^^", r"{\Uparrow}"),
];

#[test]
fn latex_matches_hand_written_text() {
    let mut s = Session::new();
    let mut failures = Vec::new();
    for (src, want) in LATEX_CASES {
        let got = run_ok(&mut s, &format!("latex({src})"));
        if got != *want {
            failures.push(format!("latex({src}): want {want}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(run_ok(&mut s, "latex([0, ^*])"), r"0, {\uparrow}{\ast}");
}

/// Four bars: the grammar's deepest example needs \mathrel{\|\|} inside braces and a triple
/// bar \mathrel{|\|}.
#[test]
fn latex_bar_runs() {
    let mut s = Session::new();
    let out = run_ok(
        &mut s,
        "latex({0||0,v*|vv|||{0||0,v*|vv|||vv,{0,v*|vv}},{0||0,v*|vv}|{0||0,v*|vv|||vv,{0,v*|vv}||||vv}})",
    );
    assert!(out.contains(r"\mathrel{\|\|}"), "{out}");
    assert!(out.contains(r"\mathrel{|\|}"), "{out}");
    // Braces balance.
    assert_eq!(out.matches(r"\{").count(), out.matches(r"\}").count());
}

fn tex_engine() -> Option<&'static str> {
    ["pdflatex", "lualatex"].into_iter().find(|e| {
        std::process::Command::new(e)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// A LaTeX document with every case above and a TikZ thermograph: snapshot-tested, and
/// compiled when a TeX engine is installed.
#[test]
fn latex_document_compiles() {
    let mut s = Session::new();
    let mut doc = String::from(
        "\\documentclass{article}\n\\usepackage{amsmath}\n\\usepackage{tikz}\n\\begin{document}\n",
    );
    for (src, _) in LATEX_CASES {
        let tex = run_ok(&mut s, &format!("latex({src})"));
        doc.push_str(&format!("\\verb!{src}! is ${tex}$\\par\n"));
    }
    doc.push_str(&run_ok(&mut s, "tikz(thermo({3||2*|1*}))"));
    doc.push_str("\n\n");
    doc.push_str(&run_ok(&mut s, "tikz([thermo({2|-1}), thermo({1|0})])"));
    doc.push_str("\n\\end{document}\n");
    insta::assert_snapshot!("latex_document", doc);
    let Some(engine) = tex_engine() else {
        eprintln!("latex_document_compiles: no pdflatex or lualatex installed; compiling skipped");
        return;
    };
    let dir = std::env::temp_dir().join(format!("cgcalc-latex-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("doc.tex"), &doc).unwrap();
    let out = std::process::Command::new(engine)
        .args(["-interaction=nonstopmode", "-halt-on-error", "doc.tex"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let log = String::from_utf8_lossy(&out.stdout).into_owned();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success(), "{engine} failed:\n{log}");
}

/// tikz draws the walls of {1|-1}: left wall from (value 2, t = -1) up to the mast 0 at t = 1
/// (x is minus the value), right wall from -2 up to the same point.
#[test]
fn tikz_walls() {
    let mut s = Session::new();
    let out = run_ok(&mut s, "tikz(thermo({1|-1}))");
    assert!(out.starts_with("\\begin{tikzpicture}"), "{out}");
    assert!(out.ends_with("\\end{tikzpicture}"), "{out}");
    assert!(out.contains("(-2,-1) -- (0,1) -- (0,"), "{out}");
    assert!(out.contains("(2,-1) -- (0,1) -- (0,"), "{out}");
    assert!(out.contains("mast $0$ at $t=1$"), "{out}");
    let path = std::env::temp_dir().join(format!("cgcalc-tikz-{}.tex", std::process::id()));
    let p = path.to_string_lossy().into_owned();
    let msg = run_ok(&mut s, &format!("tikz(thermo({{1|-1}}), \"{p}\")"));
    assert!(msg.starts_with(&format!("wrote {p}")));
    assert_eq!(std::fs::read_to_string(&path).unwrap().trim_end(), out);
    let _ = std::fs::remove_file(&path);
}

// ---------------------------------------------------------------- nim arithmetic, mex, octal

/// mex is the least excluded nimber (language.md, nim arithmetic): naturals are read as
/// nimbers, lists element by element, and the result is always `*k`.
#[test]
fn mex_values() {
    let mut s = Session::new();
    crate::common::assert_outputs(
        &mut s,
        &[
            // 0, 1 present, 2 missing.
            ("mex(0, 1, 3)", "*2"),
            ("mex()", "0"),
            ("mex(1, 2)", "0"),
            ("mex(*, *2)", "0"),
            ("mex(0, *, *2)", "*3"),
            // left(*3) = [0, *, *2].
            ("mex(left(*3))", "*3"),
            ("mex(left(*3), 3, 5)", "*4"),
            ("nimval(mex(0, 1, 3))", "2"),
            // A mex result adds as a nimber: *2 + *3 = *1 (2 xor 3), not the integer 5.
            ("mex(0, 1) + mex(0, 1, 2)", "*"),
        ],
    );
    let out = run_text(&mut s, "mex(0, -1)\nmex(1/2)\nmex(true)");
    assert!(out.contains("t.cgt:1:8: error: mex takes natural numbers and nimbers, not -1"));
    assert!(out.contains("not 1/2"));
    assert!(out.contains("not a boolean"));
}

/// Grundy's game (a move splits a heap into two unequal nonempty heaps), by the definition in
/// Rust: g(n) = mex { g(a) xor g(n - a) : 1 <= a < n - a }.
fn grundys_game(n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::new();
    for m in 0..=n {
        let seen: Vec<u32> = (1..m)
            .filter(|&a| a < m - a)
            .map(|a| g[a] ^ g[m - a])
            .collect();
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The issue's recursion written the natural way: `mex` returns nimbers, so `+` between
/// them is nim addition. Values: OEIS A002188 (0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3 for
/// n = 0..13; integer addition gave 0 at n = 13), and the brute force above up to n = 60.
#[test]
fn grundys_game_by_mex_adds_as_nimbers() {
    let mut s = Session::new();
    run_ok(
        &mut s,
        "gr(n) = mex([gr(a) + gr(n-a) for a in 1..n-1 if a < n - a])",
    );
    assert_eq!(
        run_ok(&mut s, "[nimval(gr(n)) for n in 0..13]"),
        "[0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3]"
    );
    assert_eq!(
        run_ok(&mut s, "[gr(n) for n in 0..13]"),
        "[0, 0, 0, *, 0, *2, *, 0, *2, *, 0, *2, *, *3]"
    );
    let brute: Vec<String> = grundys_game(60).iter().map(u32::to_string).collect();
    assert_eq!(
        run_ok(&mut s, "[nimval(gr(n)) for n in 0..60]"),
        format!("[{}]", brute.join(", "))
    );
}

/// `period` and `table` take the nimbers mex gives. The subtraction game {1, 2, 3} has
/// G(n) = mex{G(n-1), G(n-2), G(n-3)} = n mod 4 (WW ch. 4): *0, *1, *2, *3 repeated.
#[test]
fn period_and_table_of_nimbers() {
    let mut s = Session::new();
    run_ok(&mut s, "s(n) = mex([s(n-k) for k in 1..3 if k <= n])");
    assert_eq!(
        run_ok(&mut s, "period([s(n) for n in 0..20])"),
        "preperiod 0, period 4"
    );
    assert_eq!(
        run_ok(&mut s, "table([s(n), nimval(s(n))] for n in 3..5)"),
        "n  s(n)  nimval(s(n))\n-  ----  ------------\n3  *3    3\n4  0     0\n5  *     1"
    );
}

/// nim(k) turns an integer into *k; nimsum and nimprod work on natural numbers.
#[test]
fn nim_sum_and_product_in_the_calculator() {
    let mut s = Session::new();
    crate::common::assert_outputs(
        &mut s,
        &[
            // 5 xor 3 = 101 xor 011 = 110.
            ("nimsum(5, 3) == 6", "true"),
            ("nim(3) + nim(5) == *6", "true"),
            ("nim(3) + nim(5)", "*6"),
            ("nim(0)", "0"),
            ("k = 7; nim(k - 2)", "*5"),
            ("nimval(nim(4294967295))", "4294967295"),
            ("[nim(n) for n in 0..3]", "[0, *, *2, *3]"),
            // 1 xor 2 xor ... xor 7 = 0; lists are read element by element.
            ("nimsum(1..7)", "0"),
            ("nimsum([1, 2], 4)", "7"),
            ("nimsum()", "0"),
            // ONAG ch. 6: 2.2 = 3, 4.4 = 6 (= 3.4/2), 16.16 = 24 (= 3.16/2): F.F = 3F/2 for
            // every Fermat 2-power F.
            ("nimprod(2, 2)", "3"),
            ("nimprod(4, 4)", "6"),
            ("nimprod(16, 16)", "24"),
            ("nimprod(4294967296, 4294967296)", "6442450944"),
            ("nimprod(0, 12345)", "0"),
            ("nimprod(1, 12345)", "12345"),
            // 2^64 - 1 is a natural below 2^64; so is its product with itself.
            ("nimprod(18446744073709551615, 1)", "18446744073709551615"),
        ],
    );
    let out = run_text(
        &mut s,
        "nimsum(*3, 1)\nnimsum(-1)\nnimprod(1/2, 1)\nnimsum(18446744073709551616)\nnim(-1)\nnim(*2)\nnimprod(true, 1)",
    );
    for expected in [
        "t.cgt:1:8: error: nimsum takes natural numbers, not the nimber *3: nimbers already add by nim addition (*a + *b), and nimval(*3) is 3",
        "t.cgt:2:8: error: nimsum takes natural numbers, not -1",
        "t.cgt:3:9: error: nimprod takes natural numbers, not 1/2",
        "t.cgt:4:8: error: nimsum takes natural numbers below 2^64, not 18446744073709551616",
        "t.cgt:5:5: error: expected an integer from 0 to 4294967295",
        "t.cgt:6:5: error: expected an integer from 0 to 4294967295",
        "t.cgt:7:9: error: nimprod takes natural numbers, not a boolean",
    ] {
        assert!(out.contains(expected), "missing `{expected}` in\n{out}");
    }
}

/// Conway's definition of the nim product, by brute force: a.b = mex { a'.b + a.b' + a'.b' :
/// a' < a, b' < b } with nim sums (ONAG ch. 6), for a, b < 64 (products below 256: the
/// nimbers below 256 are a field).
#[test]
fn nim_product_agrees_with_conways_definition() {
    use cgcalc::analysis::nimber::nim_product;
    const N: usize = 64;
    let mut p = vec![[0u64; N]; N];
    for a in 0..N {
        for b in 0..N {
            let mut seen = [false; 256];
            for a2 in 0..a {
                for b2 in 0..b {
                    seen[(p[a2][b] ^ p[a][b2] ^ p[a2][b2]) as usize] = true;
                }
            }
            p[a][b] = seen.iter().position(|&x| !x).unwrap() as u64;
        }
    }
    for (a, row) in p.iter().enumerate() {
        for (b, &want) in row.iter().enumerate() {
            assert_eq!(nim_product(a as u64, b as u64), want, "{a}.{b}");
        }
    }
    // The values the brief quotes, from the definition: 2.2 = 3, 4.4 = 6, 16.16 = 24.
    assert_eq!((p[2][2], p[4][4], p[16][16]), (3, 6, 24));
}

/// Above the brute force: the naturals below 2^64 are the field GF(2^64) under nim sum and
/// product (ONAG ch. 6), so the product is commutative, associative and distributes over xor,
/// every Fermat 2-power squares to 3F/2, and x^(2^64 - 1) = 1 for x != 0 (the multiplicative
/// group has 2^64 - 1 elements), checked on random values.
#[test]
fn nim_product_makes_a_field_below_2_pow_64() {
    use cgcalc::analysis::nimber::nim_product;
    fn power(mut x: u64, mut e: u64) -> u64 {
        let mut acc = 1;
        while e > 0 {
            if e & 1 == 1 {
                acc = nim_product(acc, x);
            }
            x = nim_product(x, x);
            e >>= 1;
        }
        acc
    }
    for k in 0..6 {
        let f = 1u64 << (1 << k);
        assert_eq!(nim_product(f, f), f + f / 2, "F = 2^{}", 1 << k);
    }
    let mut rng = Rng::xorshift64(26);
    for _ in 0..iterations(2000) {
        let (a, b, c) = (rng.next_u64(), rng.next_u64(), rng.next_u64());
        assert_eq!(nim_product(a, b), nim_product(b, a));
        assert_eq!(
            nim_product(nim_product(a, b), c),
            nim_product(a, nim_product(b, c))
        );
        assert_eq!(nim_product(a, b ^ c), nim_product(a, b) ^ nim_product(a, c));
        if a != 0 {
            assert_eq!(power(a, u64::MAX), 1, "{a}");
        }
    }
}

#[test]
fn octal_values_and_errors() {
    let mut s = Session::new();
    crate::common::assert_outputs(
        &mut s,
        &[
            // Kayles 0.77: heaps 0..=5 are 0, 1, 2, 3, 1, 4; heap 70 is its last exceptional
            // value, 6 (WW ch. 4: periodic with period 12 afterwards).
            ("octal(\"0.77\", 5)", "*4"),
            ("octal(\"0.77\", 70)", "*6"),
            // Dawson's Kayles: 0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4.
            ("octal(\"0.07\", 14)", "*4"),
            ("octal(\"0.07\", 0)", "0"),
            // Dawson's Chess n is Dawson's Kayles n + 1.
            ("octal(\"0.137\", 13)", "*4"),
            // Nim.
            ("octal(\"0.3333\", 3)", "*3"),
        ],
    );
    let out = run_text(
        &mut s,
        "octal(\"0.x\", 3)\noctal(\"0.07\", 100001)\noctal(7, 3)",
    );
    assert!(
        out.contains(
            "t.cgt:1:10: error: `x` at character 3 is not a digit of a take-and-break code"
        ),
        "{out}"
    );
    assert!(
        out.contains("expected an integer from 0 to 100000"),
        "{out}"
    );
    assert!(
        out.contains("expected a take-and-break code in quotes"),
        "{out}"
    );
}

/// Grundy values by brute force, without the Sprague-Grundy sum theorem: a position is a
/// multiset of heaps (sorted vector), its options are found by removing tokens from one heap
/// and splitting the rest as the code allows, and its value is the mex of its options'.
fn brute_force(code: &[u8], n: usize) -> Vec<u32> {
    use std::collections::HashMap;
    fn value(pos: Vec<usize>, code: &[u8], memo: &mut HashMap<Vec<usize>, u32>) -> u32 {
        if let Some(&v) = memo.get(&pos) {
            return v;
        }
        let mut seen = Vec::new();
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            let heap = pos[i];
            let rest: Vec<usize> = pos[..i].iter().chain(&pos[i + 1..]).copied().collect();
            for (k, &d) in code.iter().enumerate() {
                if k > heap || d == 0 {
                    continue;
                }
                let r = heap - k;
                let mut results: Vec<Vec<usize>> = Vec::new();
                if d & 1 != 0 && r == 0 {
                    results.push(vec![]);
                }
                if d & 2 != 0 && r >= 1 && k >= 1 {
                    results.push(vec![r]);
                }
                if d & 4 != 0 {
                    for a in 1..r {
                        results.push(vec![a, r - a]);
                    }
                }
                for parts in results {
                    let mut next = rest.clone();
                    next.extend(parts);
                    next.sort_unstable();
                    seen.push(value(next, code, memo));
                }
            }
        }
        let mut m = 0;
        while seen.contains(&m) {
            m += 1;
        }
        memo.insert(pos, m);
        m
    }
    let mut memo = HashMap::new();
    (0..=n)
        .map(|h| value(if h == 0 { vec![] } else { vec![h] }, code, &mut memo))
        .collect()
}

/// Grundy values by the mex of options with two heaps valued by xor, written plainly (a
/// second, simple implementation for long sequences).
fn by_xor(code: &[u8], n: usize) -> Vec<u32> {
    let mut g = vec![0u32];
    for m in 1..=n {
        let mut seen = std::collections::HashSet::new();
        for (k, &d) in code.iter().enumerate() {
            if k > m {
                break;
            }
            let r = m - k;
            if d & 1 != 0 && r == 0 {
                seen.insert(0);
            }
            if d & 2 != 0 && r >= 1 && k >= 1 {
                seen.insert(g[r]);
            }
            if d & 4 != 0 {
                for a in 1..r {
                    seen.insert(g[a] ^ g[r - a]);
                }
            }
        }
        let mut v = 0;
        while seen.contains(&v) {
            v += 1;
        }
        g.push(v);
    }
    g
}

/// The smallest period p and preperiod q (g(n + p) = g(n) for all n >= q in the sequence),
/// trusting only periods seen repeating at least three times.
fn period(seq: &[u32]) -> Option<(usize, usize)> {
    let n = seq.len();
    for p in 1..n / 3 {
        // The earliest q from which the sequence repeats with period p to the end.
        let mut q = n - p;
        while q > 0 && seq[q - 1] == seq[q - 1 + p] {
            q -= 1;
        }
        if n - q >= 3 * p {
            return Some((p, q));
        }
    }
    None
}

const KAYLES_PUBLISHED: &[u32] = &[
    0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4, 7, 2,
    1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7, 4, 1, 2, 8,
    1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
];

#[test]
fn octal_sequences() {
    use cgcalc::analysis::takeandbreak::grundy_sequence;
    let n = 500;
    let dk = grundy_sequence("0.07", n).unwrap();
    let dc = grundy_sequence("0.137", n).unwrap();
    let kayles = grundy_sequence("0.77", n).unwrap();
    // Independent computations: brute force on multisets of heaps for small heaps, the plain
    // xor recursion for all of them.
    assert_eq!(dk[..=24], brute_force(&[0, 0, 7], 24)[..]);
    assert_eq!(dc[..=24], brute_force(&[0, 1, 3, 7], 24)[..]);
    assert_eq!(kayles[..=24], brute_force(&[0, 7, 7], 24)[..]);
    assert_eq!(dk, by_xor(&[0, 0, 7], n));
    assert_eq!(dc, by_xor(&[0, 1, 3, 7], n));
    assert_eq!(kayles, by_xor(&[0, 7, 7], n));
    // 4.07 (split without taking, or take two leaving 0-2 heaps) against brute force.
    let g407 = grundy_sequence("4.07", 20).unwrap();
    assert_eq!(g407, brute_force(&[4, 0, 7], 20));
    // Kayles: the published values (the list starts at heap 0).
    assert_eq!(kayles[..KAYLES_PUBLISHED.len()], KAYLES_PUBLISHED[..]);
    // Kayles has period 12 from heap 71 on: 70 is the last exceptional value.
    assert_eq!(period(&kayles), Some((12, 71)));
    assert_ne!(kayles[70], kayles[82]);
    // Dawson's Kayles: period 34 from heap 53 on (52 is its last exceptional value; WW ch. 4
    // lists the exceptions of Dawson's Chess, 0, 14, 16, 17, 31, 34, 51: one heap less).
    assert_eq!(period(&dk), Some((34, 53)));
    // Dawson's Chess heap n is Dawson's Kayles heap n + 1: removing 2 from a row of n + 1 in
    // 0.07 and splitting is removing 3 from a row of n in 0.137 (and the heap ends match).
    for i in 0..n {
        assert_eq!(dc[i], dk[i + 1], "heap {i}");
    }
    assert_eq!(period(&dc), Some((34, 52)));
    for e in [14, 16, 31, 34, 51] {
        assert_ne!(dc[e], dc[e + 68], "Dawson's Chess heap {e} is exceptional");
    }
}

// ---------------------------------------------------------------- CGSuite's names

#[test]
fn cgsuite_names_point_to_ours() {
    let mut s = Session::new();
    let page = run_ok(&mut s, ":help Temperature");
    assert!(
        page.starts_with("CGSuite's Temperature is `temp` here.\n\ntemp(G)"),
        "{page}"
    );
    assert!(run_ok(&mut s, ":help .Mean").starts_with("CGSuite's Mean is `mean` here."));
    assert!(run_ok(&mut s, ":help NimValue").starts_with("CGSuite's NimValue is `nimval` here."));
    assert!(run_ok(&mut s, ":help CanonicalForm").contains("every value prints in canonical form"));
    let out = run_text(&mut s, "Temperature({3|1})\ng = {3|1}; g.Mean\nLeftStop(2)");
    assert!(
        out.contains("t.cgt:1:1: error: unknown function `Temperature`\n    Temperature({3|1})\n    ^^^^^^^^^^^\nhint: CGSuite's Temperature is `temp` here: write temp(...)"),
        "{out}"
    );
    assert!(
        out.contains("hint: CGSuite's Mean is `mean` here: write mean(G), not G.Mean"),
        "{out}"
    );
    assert!(out.contains("CGSuite's LeftStop is `lstop` here"), "{out}");
}

// ---------------------------------------------------------------- errors

#[test]
fn bad_input_is_an_error_with_a_caret() {
    let mut s = Session::new();
    let out = run_text(
        &mut s,
        "why(3)\nwhy(on >= 0)\nexplain({on|*})\nexplain({1|x})\ntree(^, -1)\nlatex(on)\nwhy(1 >= 0, 0)",
    );
    let want = [
        "t.cgt:1:5: error: why needs a comparison, e.g. why({0|*} >= *)\n    why(3)\n        ^",
        "t.cgt:2:5: error: expected a short game: this function does not take loopy games",
        "t.cgt:3:10: error: explain works on short games; this is a loopy game (with on, off or cycles)",
        "t.cgt:4:12: error: unknown variable `x`",
        "t.cgt:5:9: error: expected an integer from 0 to 1000",
        "t.cgt:6:7: error: expected a short game: this function does not take loopy games",
        "t.cgt:7:13: error: expected an integer from 1 to 40",
    ];
    for w in want {
        assert!(out.contains(w), "missing `{w}` in\n{out}");
    }
}
