//! Pawn structures (`pawns(...)`) checked against an independent brute-force oracle.
//!
//! The module values a structure with Mäser's GTSearch (the cutoff algorithm, thesis 6.3) per
//! independent chunk, with a normalised transposition table and an early detector of
//! unstoppable passed pawns, and adds the chunk values in the threat-game algebra. The oracle
//! here shares none of that: it has its own board, FEN writer and move generator (it never
//! calls `cgcalc::rulesets::pawns`), looks at the whole board at once (no chunks, no
//! detector, no mirror normalisation) and uses the *loopy-games model* of Mäser (thesis 6.2;
//! *Global threats in combinatorial games*, section 2): the value of a position is the threat
//! game `{ Left's options | Right's options }`, where a move that promotes a pawn is the option
//! `on` (White) or `off` (Black) and every other move is the value of the position it leads
//! to, built bottom-up in the crate's threat store (which only simplifies: dominated options,
//! reversible options). By Mäser's lemmas this is the value GTSearch computes; a whole-board
//! value of `on` (`off`) is a forced win for White (Black), which the module prints as `win`
//! (`loss`).
//!
//! Where both sides hold forced wins or promotion threats in different chunks, the chunk
//! values have no sum in the threat algebra (`on + off = dud`); the module then searches the
//! whole board as one game, so it never reports `dud` and every structure is compared. The
//! tests count any `dud` and require none.

mod common;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Instant;

use cgcalc::game::Arena;
use cgcalc::game::threat::{ThreatId, ThreatKind, Threats};
use cgcalc::lang::Session;
use cgcalc::lang::value::{ModulePosition, Value};
use cgcalc::rulesets::pawns::{PawnStructure, Pawns};
use common::{Rng, iterations, run_ok, run_text};

// ---------------------------------------------------------------------------------------------
// The oracle: a board, its moves and the loopy-model value.
// ---------------------------------------------------------------------------------------------

/// A square's content.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
enum Cell {
    Empty,
    White,
    Black,
}

/// A board of `files` x `ranks`; `cells[rank * files + file]`, rank 0 at the bottom (White's
/// side).
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Board {
    files: usize,
    ranks: usize,
    cells: Vec<Cell>,
}

/// What a move does: promote (which ends the whole game) or lead to another board.
enum Move {
    Promotes,
    To(Board),
}

impl Board {
    fn empty(files: usize, ranks: usize) -> Board {
        Board {
            files,
            ranks,
            cells: vec![Cell::Empty; files * ranks],
        }
    }

    fn get(&self, file: usize, rank: usize) -> Cell {
        self.cells[rank * self.files + file]
    }

    fn set(&mut self, file: usize, rank: usize, c: Cell) {
        self.cells[rank * self.files + file] = c;
    }

    /// Reads a FEN placement of pawns (top rank first).
    fn from_fen(fen: &str, files: usize, ranks: usize) -> Board {
        let mut b = Board::empty(files, ranks);
        let rows: Vec<&str> = fen.split('/').collect();
        assert_eq!(rows.len(), ranks, "{fen}");
        for (i, row) in rows.iter().enumerate() {
            let rank = ranks - 1 - i;
            let mut file = 0;
            for c in row.chars() {
                match c {
                    'P' => {
                        b.set(file, rank, Cell::White);
                        file += 1;
                    }
                    'p' => {
                        b.set(file, rank, Cell::Black);
                        file += 1;
                    }
                    d => file += d.to_digit(10).expect("digit") as usize,
                }
            }
            assert_eq!(file, files, "{fen}");
        }
        b
    }

    /// The FEN placement (top rank first).
    fn fen(&self) -> String {
        let mut rows = Vec::new();
        for rank in (0..self.ranks).rev() {
            let mut row = String::new();
            let mut run = 0;
            for file in 0..self.files {
                let c = match self.get(file, rank) {
                    Cell::Empty => {
                        run += 1;
                        continue;
                    }
                    Cell::White => 'P',
                    Cell::Black => 'p',
                };
                if run > 0 {
                    row.push_str(&run.to_string());
                    run = 0;
                }
                row.push(c);
            }
            if run > 0 {
                row.push_str(&run.to_string());
            }
            rows.push(row);
        }
        rows.join("/")
    }

    /// The calculator expression of this structure.
    fn expr(&self) -> String {
        format!("pawns(\"{}\", {}, {})", self.fen(), self.files, self.ranks)
    }

    /// Squares holding a pawn.
    fn occupied(&self) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for rank in 0..self.ranks {
            for file in 0..self.files {
                if self.get(file, rank) != Cell::Empty {
                    out.push((file, rank));
                }
            }
        }
        out
    }

    /// The moves of White (`white`) or Black, straight from the rules: one step forward onto
    /// an empty square, two from the pawn's own second rank over two empty squares, a
    /// diagonal step forward onto an enemy pawn; reaching the far rank promotes.
    fn moves(&self, white: bool) -> Vec<Move> {
        let (me, enemy) = if white {
            (Cell::White, Cell::Black)
        } else {
            (Cell::Black, Cell::White)
        };
        let last = self.ranks - 1;
        // Rank `steps` squares ahead of `rank`, if it is on the board.
        let ahead = |rank: usize, steps: usize| -> Option<usize> {
            if white {
                Some(rank + steps).filter(|&r| r <= last)
            } else {
                rank.checked_sub(steps)
            }
        };
        let second = if white { 1 } else { self.ranks - 2 };
        let far = if white { last } else { 0 };
        let mut out = Vec::new();
        let mut go = |from: (usize, usize), to: (usize, usize)| {
            if to.1 == far {
                out.push(Move::Promotes);
            } else {
                let mut b = self.clone();
                b.set(from.0, from.1, Cell::Empty);
                b.set(to.0, to.1, me);
                out.push(Move::To(b));
            }
        };
        for (file, rank) in self.occupied() {
            if self.get(file, rank) != me {
                continue;
            }
            let Some(one) = ahead(rank, 1) else {
                continue;
            };
            if self.get(file, one) == Cell::Empty {
                go((file, rank), (file, one));
                if rank == second
                    && let Some(two) = ahead(rank, 2)
                    && self.get(file, two) == Cell::Empty
                {
                    go((file, rank), (file, two));
                }
            }
            for side in [file.checked_sub(1), Some(file + 1)] {
                if let Some(f) = side.filter(|&f| f < self.files)
                    && self.get(f, one) == enemy
                {
                    go((file, rank), (f, one));
                }
            }
        }
        out
    }
}

/// The loopy-model evaluator, with its own arena and threat store.
struct Oracle {
    arena: Arena,
    th: Threats,
    /// Values of whole boards already seen. It caches whole positions only (no chunks, no
    /// shifting or mirroring, unlike the module's normalised chunk table); without it the
    /// interleavings of 8 pawns on 8x8 make the tree far too large (see
    /// `memo_is_only_a_cache`).
    memo: Option<HashMap<Board, ThreatId>>,
    /// Positions valued (memo hits excluded).
    nodes: usize,
}

impl Oracle {
    fn new() -> Oracle {
        Oracle::with_memo(true)
    }

    fn with_memo(memo: bool) -> Oracle {
        Oracle {
            arena: Arena::new(),
            th: Threats::new(),
            memo: memo.then(HashMap::new),
            nodes: 0,
        }
    }

    /// `{ Left's options | Right's options }`, promotions being `on` / `off`.
    fn value(&mut self, b: &Board) -> ThreatId {
        if let Some(&t) = self.memo.as_ref().and_then(|m| m.get(b)) {
            return t;
        }
        self.nodes += 1;
        let mut sides = [Vec::new(), Vec::new()];
        for (side, white) in [(0, true), (1, false)] {
            for m in b.moves(white) {
                let t = match m {
                    Move::Promotes if white => self.th.on(),
                    Move::Promotes => self.th.off(),
                    Move::To(next) => self.value(&next),
                };
                sides[side].push(t);
            }
        }
        let [left, right] = sides;
        let t = self
            .th
            .node(&mut self.arena, left, right)
            .unwrap_or_else(|e| panic!("{}: {e}", b.fen()));
        if let Some(m) = self.memo.as_mut() {
            m.insert(b.clone(), t);
        }
        t
    }

    fn text(&mut self, t: ThreatId) -> String {
        self.th.display(&mut self.arena, t)
    }
}

// ---------------------------------------------------------------------------------------------
// Comparing the module with the oracle.
// ---------------------------------------------------------------------------------------------

/// The module's verdict on a structure, from the first printed line of its value.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Module {
    Win,
    Loss,
    Dud,
    /// A finite value (possibly with threats), held in the session variable it was assigned
    /// to; the printed text is kept for messages.
    Value(String),
}

/// Assigns `expr` to `var` in the session and reads the first printed line.
fn module_value(s: &mut Session, var: &str, expr: &str) -> Module {
    let out = run_ok(s, &format!("{var} = {expr}"));
    classify(&out)
}

fn classify(out: &str) -> Module {
    match out.lines().next().unwrap_or("") {
        "win" => Module::Win,
        "loss" => Module::Loss,
        "dud" => Module::Dud,
        v => Module::Value(v.to_string()),
    }
}

/// How a comparison of the module with the oracle went.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    Agree {
        forced: bool,
    },
    Dud,
    /// Module's text, oracle's text.
    Differ(String, String),
}

fn compare(s: &mut Session, oracle: &mut Oracle, b: &Board) -> Verdict {
    let m = module_value(s, "p", &b.expr());
    if m == Module::Dud {
        return Verdict::Dud;
    }
    let t = oracle.value(b);
    let text = oracle.text(t);
    let kind = oracle.th.kind(t).clone();
    let agree = match (&m, kind) {
        (Module::Win, ThreatKind::On) | (Module::Loss, ThreatKind::Off) => {
            return Verdict::Agree { forced: true };
        }
        (Module::Win | Module::Loss, _) | (_, ThreatKind::On | ThreatKind::Off) => false,
        _ => run_ok(s, &format!("p == {text}")) == "true",
    };
    if agree {
        Verdict::Agree { forced: false }
    } else {
        let shown = match m {
            Module::Win => "win".to_string(),
            Module::Loss => "loss".to_string(),
            Module::Dud => "dud".to_string(),
            Module::Value(v) => v,
        };
        Verdict::Differ(shown, text)
    }
}

/// Removes pawns one at a time while `fails` still holds: a minimal failing structure.
fn shrink(b: &Board, mut fails: impl FnMut(&Board) -> bool) -> Board {
    let mut b = b.clone();
    'outer: loop {
        for (file, rank) in b.occupied() {
            let mut smaller = b.clone();
            smaller.set(file, rank, Cell::Empty);
            if fails(&smaller) {
                b = smaller;
                continue 'outer;
            }
        }
        return b;
    }
}

/// A minimal structure on which the module and the oracle differ, with both values.
fn report_difference(b: &Board) -> String {
    let differs = |c: &Board| {
        let mut s = Session::new();
        let mut o = Oracle::new();
        matches!(compare(&mut s, &mut o, c), Verdict::Differ(..))
    };
    let small = shrink(b, differs);
    let mut s = Session::new();
    let mut o = Oracle::new();
    let Verdict::Differ(module, oracle) = compare(&mut s, &mut o, &small) else {
        unreachable!()
    };
    format!(
        "{} differs from the brute force; minimal: {} = {module}, brute force {oracle}",
        b.expr(),
        small.expr()
    )
}

// ---------------------------------------------------------------------------------------------
// Random structures.
// ---------------------------------------------------------------------------------------------

/// `n` pawns of random colours on random free squares of ranks 2 to `ranks - 1`.
fn random_board(rng: &mut Rng, files: usize, ranks: usize, n: usize) -> Board {
    let mut b = Board::empty(files, ranks);
    let mut placed = 0;
    while placed < n {
        let (file, rank) = (rng.below(files), 1 + rng.below(ranks - 2));
        if b.get(file, rank) == Cell::Empty {
            let c = if rng.chance(1, 2) {
                Cell::White
            } else {
                Cell::Black
            };
            b.set(file, rank, c);
            placed += 1;
        }
    }
    b
}

/// `n` pawns in a window of a few adjacent files, mostly in facing pairs: a White pawn and a
/// Black one ahead of it on the same or an adjacent file. Uniformly random pawns are mostly
/// passed, which makes forced wins and duds; facing pawns block and threaten each other, which
/// makes the finite values and threats this comparison is about.
fn facing_board(rng: &mut Rng, files: usize, ranks: usize, n: usize) -> Board {
    let width = files.min(2 + rng.below(4));
    let lo = rng.below(files - width + 1);
    let mut b = Board::empty(files, ranks);
    let mut placed = 0;
    for _ in 0..100 {
        if placed >= n {
            break;
        }
        let f = lo + rng.below(width);
        let wr = 1 + rng.below(ranks - 3);
        if placed + 1 == n {
            // An odd pawn out: either colour, anywhere in the window.
            let (c, r) = if rng.chance(1, 2) {
                (Cell::White, wr)
            } else {
                (Cell::Black, ranks - 1 - wr)
            };
            if b.get(f, r) == Cell::Empty {
                b.set(f, r, c);
                placed += 1;
            }
            continue;
        }
        let g = match rng.below(3) {
            0 => f.checked_sub(1).filter(|&g| g >= lo).unwrap_or(f),
            1 => f,
            _ => Some(f + 1).filter(|&g| g < lo + width).unwrap_or(f),
        };
        let br = wr + 1 + rng.below(ranks - 2 - wr);
        if b.get(f, wr) == Cell::Empty && b.get(g, br) == Cell::Empty {
            b.set(f, wr, Cell::White);
            b.set(g, br, Cell::Black);
            placed += 2;
        }
    }
    b
}

/// A random structure of 1 to 8 pawns on 8x8, or 1 to 6 on a small board (4x6, 3x5 or 5x5)
/// where lines are deep but cheap: uniformly placed pawns a third of the time, facing pawns
/// otherwise.
fn random_structure(rng: &mut Rng) -> Board {
    let (files, ranks, n) = if rng.chance(2, 3) {
        (8, 8, 1 + rng.below(8))
    } else {
        let (files, ranks) = *rng.pick(&[(4, 6), (4, 6), (3, 5), (5, 5)]);
        (files, ranks, 1 + rng.below(6))
    };
    if rng.chance(1, 3) {
        random_board(rng, files, ranks, n)
    } else {
        facing_board(rng, files, ranks, n)
    }
}

/// The colour mirror of a FEN placement: ranks in reverse order, colours swapped.
fn colour_mirror(fen: &str) -> String {
    let rows: Vec<String> = fen
        .split('/')
        .rev()
        .map(|r| {
            r.chars()
                .map(|c| match c {
                    'P' => 'p',
                    'p' => 'P',
                    d => d,
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

// ---------------------------------------------------------------------------------------------
// Tests.
// ---------------------------------------------------------------------------------------------

#[test]
fn random_structures_match_brute_force() {
    let start = Instant::now();
    let mut rng = Rng::new(61_803);
    let mut s = Session::new();
    let mut oracle = Oracle::new();
    let (mut compared, mut forced, mut duds) = (0, 0, 0);
    let mut failures = Vec::new();
    for _ in 0..iterations(1500) {
        let b = random_structure(&mut rng);
        match compare(&mut s, &mut oracle, &b) {
            Verdict::Agree { forced: f } => {
                compared += 1;
                forced += usize::from(f);
            }
            Verdict::Dud => duds += 1,
            Verdict::Differ(..) => failures.push(report_difference(&b)),
        }
    }
    eprintln!(
        "pawns vs brute force: {compared} compared ({forced} forced wins), {duds} skipped as dud, \
         {} oracle positions, {:.1?}",
        oracle.nodes,
        start.elapsed()
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(duds, 0, "races between chunks are searched as one game");
    assert!(compared > forced, "no finite values were compared");
}

#[test]
fn colour_mirror_is_negative() {
    let mut rng = Rng::new(27_182);
    let mut s = Session::new();
    let (mut added, mut negated, mut forced, mut duds) = (0, 0, 0, 0);
    let mut failures = Vec::new();
    for _ in 0..iterations(600) {
        let b = random_structure(&mut rng);
        let (files, ranks) = (b.files, b.ranks);
        let mirror = colour_mirror(&b.fen());
        let p = module_value(&mut s, "p", &b.expr());
        let m = module_value(
            &mut s,
            "m",
            &format!("pawns(\"{mirror}\", {files}, {ranks})"),
        );
        let expected = match &p {
            Module::Win => Some(Module::Loss),
            Module::Loss => Some(Module::Win),
            Module::Dud => Some(Module::Dud),
            Module::Value(_) => None,
        };
        match expected {
            Some(e) => {
                forced += usize::from(e != Module::Dud);
                duds += usize::from(e == Module::Dud);
                if m != e {
                    failures.push(format!("{}: {p:?}, mirror {mirror}: {m:?}", b.expr()));
                }
            }
            None => {
                // A sum holding both `on` and `off` is outside the threat algebra (it is not
                // a stopper): for those, the mirror is checked against the negative only.
                let sum = run_text(&mut s, "p + m == 0");
                let ok = if sum.contains("both on and off") {
                    negated += 1;
                    true
                } else {
                    added += 1;
                    sum == "true"
                };
                if !ok || run_ok(&mut s, "m == -p") != "true" {
                    failures.push(format!("{}: {p:?}, mirror {mirror}: {m:?}", b.expr()));
                }
            }
        }
    }
    eprintln!(
        "colour mirror: {added} sums, {negated} with on and off compared as m == -p, \
         {forced} forced wins, {duds} duds"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(duds, 0, "races between chunks are searched as one game");
}

#[test]
fn separated_chunks_add() {
    let mut rng = Rng::new(14_142);
    let mut s = Session::new();
    let (mut checked, mut skipped) = (0, 0);
    let mut failures = Vec::new();
    for _ in 0..iterations(500) {
        // Files a-c and e-h, with file d empty between them.
        let (nl, nr) = (1 + rng.below(4), 1 + rng.below(4));
        let left = facing_board(&mut rng, 3, 8, nl);
        let right = facing_board(&mut rng, 4, 8, nr);
        let mut both = Board::empty(8, 8);
        let (mut only_left, mut only_right) = (both.clone(), both.clone());
        for rank in 0..8 {
            for file in 0..3 {
                both.set(file, rank, left.get(file, rank));
                only_left.set(file, rank, left.get(file, rank));
            }
            for file in 0..4 {
                both.set(file + 4, rank, right.get(file, rank));
                only_right.set(file + 4, rank, right.get(file, rank));
            }
        }
        let values = [
            module_value(&mut s, "b", &both.expr()),
            module_value(&mut s, "l", &only_left.expr()),
            module_value(&mut s, "r", &only_right.expr()),
        ];
        if !values.iter().all(|v| matches!(v, Module::Value(_))) {
            skipped += 1;
            continue;
        }
        // Threats of both sides in the two halves have no sum in the threat algebra; the
        // module searched such a board whole (compared with the oracle elsewhere).
        let sum = run_text(&mut s, "b == l + r");
        if sum.contains("not a stopper") {
            skipped += 1;
            continue;
        }
        checked += 1;
        if sum != "true" {
            failures.push(format!(
                "{} = {:?}, but {} + {} = {:?} + {:?}",
                both.expr(),
                values[0],
                only_left.fen(),
                only_right.fen(),
                values[1],
                values[2]
            ));
        }
    }
    eprintln!("separated chunks: {checked} sums checked, {skipped} with a forced win or dud");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(checked > 0);
}

/// A structure with an advanced passed pawn: a White pawn on rank 6 or 7 (or a Black one on
/// rank 3 or 2) with every enemy pawn behind it, plus a few random pawns of its own side.
fn passed_pawn_structure(rng: &mut Rng) -> Board {
    let n = rng.below(6);
    let mut b = random_board(rng, 8, 8, n);
    let white = rng.chance(1, 2);
    let (me, enemy) = if white {
        (Cell::White, Cell::Black)
    } else {
        (Cell::Black, Cell::White)
    };
    let rank = if white {
        5 + rng.below(2)
    } else {
        1 + rng.below(2)
    };
    let file = rng.below(8);
    b.set(file, rank, me);
    // Enemy pawns that stand level with it or beyond are moved behind it, when possible.
    for (f, r) in b.occupied() {
        let in_front = if white { r >= rank } else { r <= rank };
        if b.get(f, r) == enemy && in_front {
            b.set(f, r, Cell::Empty);
            let behind = if white {
                1 + rng.below(rank - 1)
            } else {
                rank + 1 + rng.below(6 - rank)
            };
            if b.get(f, behind) == Cell::Empty {
                b.set(f, behind, enemy);
            }
        }
    }
    b
}

#[test]
fn detector_is_sound() {
    let mut rng = Rng::new(31_415);
    let mut s = Session::new();
    let (mut same, mut forced, mut duds) = (0, 0, 0);
    let mut failures = Vec::new();
    for i in 0..iterations(600) {
        let b = if i % 2 == 0 {
            passed_pawn_structure(&mut rng)
        } else {
            random_structure(&mut rng)
        };
        let (fen, files, ranks) = (b.fen(), b.files, b.ranks);
        let p =
            PawnStructure::new(Pawns::parse(&fen, files, ranks).unwrap(), files).without_detector();
        s.set_variable(
            "nd",
            Value::Position(Arc::new(ModulePosition::new(Box::new(p)))),
        );
        let without = run_ok(&mut s, "nd");
        let with = run_ok(&mut s, &format!("p = {}", b.expr()));
        let ok = match (classify(&without), classify(&with)) {
            (Module::Value(_), Module::Value(_)) => {
                same += 1;
                run_ok(&mut s, "nd == p") == "true"
            }
            (Module::Dud, Module::Dud) => {
                duds += 1;
                same_chunks(&mut s, &without, &with)
            }
            (a, b) => {
                forced += 1;
                a == b
            }
        };
        if !ok {
            failures.push(format!(
                "{}: without the detector\n{without}\nwith it\n{with}",
                b.expr()
            ));
        }
    }
    eprintln!("detector: {same} finite values, {forced} forced wins, {duds} duds");
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
    assert_eq!(duds, 0, "races between chunks are searched as one game");
}

/// The `# chunk i: ... = value` lines of two printed `dud` structures give equal values.
fn same_chunks(s: &mut Session, a: &str, b: &str) -> bool {
    let chunks = |out: &str| -> Vec<String> {
        out.lines()
            .filter(|l| l.starts_with("# chunk"))
            .map(|l| l.split_once(" = ").expect("chunk value").1.to_string())
            .collect()
    };
    let (ca, cb) = (chunks(a), chunks(b));
    ca.len() == cb.len()
        && ca.iter().zip(&cb).all(|(x, y)| {
            let forced = |v: &str| v == "win" || v == "loss";
            if forced(x) || forced(y) {
                x == y
            } else {
                run_ok(s, &format!("{x} == {y}")) == "true"
            }
        })
}

/// Fixed structures, each checked against the oracle and against its known value.
#[test]
fn fixed_structures() {
    let cases = [
        // Thesis Figure 6.1: White d3 e3, Black d5 e6 is `*`: whoever moves first wins,
        // and no promotion threat is left in the value.
        ("8/8/4p3/3p4/8/3PP3/8/8", 8, 8, "*"),
        // The classic breakthrough a5 b5 c5 against a7 b7 c7: White to move breaks through
        // (b6!) and promotes by force (the Left option `on`); Black to move reaches a position
        // in which Black threatens to promote (`off`). A threat game, not a short one.
        ("8/ppp5/8/PPP5/8/8/8/8", 8, 8, "{on||0,{on|0}|off}"),
        // No pawns: nobody can move.
        ("8/8/8/8/8/8/8/8", 8, 8, "0"),
        // A blocked pair on one file: nobody can move.
        ("8/8/8/p7/P7/8/8/8", 8, 8, "0"),
        // Figure 6.1 twice, on files a-b and e-f: two chunks, * + * = 0.
        ("8/8/1p3p2/p3p3/8/PP2PP2/8/8", 8, 8, "0"),
        // Both sides promote at once in one chunk (White b7 c2, Black d3 e2): whoever starts
        // wins, `{on|off}`.
        ("8/1P6/8/8/8/3p4/2P1p3/8", 8, 8, "{on|off}"),
    ];
    let mut s = Session::new();
    let mut oracle = Oracle::new();
    for (fen, files, ranks, expected) in cases {
        let b = Board::from_fen(fen, files, ranks);
        assert_eq!(b.fen(), fen);
        let t = oracle.value(&b);
        let text = oracle.text(t);
        assert_eq!(
            run_ok(&mut s, &format!("{text} == {expected}")),
            "true",
            "{fen}: brute force {text}, expected {expected}"
        );
        assert_eq!(
            compare(&mut s, &mut oracle, &b),
            Verdict::Agree { forced: false },
            "{fen}"
        );
        assert_eq!(run_ok(&mut s, &format!("p == {expected}")), "true", "{fen}");
    }
    // Forced wins: lone passed pawns, and a passed pawn (b6) that is faster than the enemy
    // pawn of its chunk (d4, tied to it through c3): whole-board `on` / `off`, which the
    // module prints as `win` / `loss`.
    for (fen, files, ranks, expected) in [
        ("8/8/8/8/8/8/P7/8", 8, 8, Module::Win),
        ("8/8/8/8/8/8/p7/8", 8, 8, Module::Loss),
        ("8/8/1P6/8/3p4/2P5/8/8", 8, 8, Module::Win),
        ("4/1p2/4/4/4/4", 4, 6, Module::Loss),
    ] {
        let b = Board::from_fen(fen, files, ranks);
        let t = oracle.value(&b);
        let kind = oracle.th.kind(t).clone();
        let want = if expected == Module::Win {
            ThreatKind::On
        } else {
            ThreatKind::Off
        };
        assert_eq!(kind, want, "{fen}");
        assert_eq!(module_value(&mut s, "p", &b.expr()), expected, "{fen}");
    }
    // Forced wins of both sides in different chunks (White a7, Black h2): the chunks are `win`
    // and `loss`, whose sum `on + off` is `dud`, so the module searches the whole board: each
    // side promotes in one move, so whoever starts wins, `{on|off}`, as for the oracle.
    let b = Board::from_fen("8/P7/8/8/8/8/7p/8", 8, 8);
    let t = oracle.value(&b);
    assert_eq!(oracle.text(t), "{on|off}");
    assert_eq!(
        compare(&mut s, &mut oracle, &b),
        Verdict::Agree { forced: false }
    );
    let out = run_ok(&mut s, "p");
    assert!(out.contains("# chunk 1: White a7 = win"), "{out}");
    assert!(out.contains("# chunk 2: Black h2 = loss"), "{out}");
    // A race the faster side wins: White a6 needs two moves, Black h2 one, so Black promotes
    // first whoever starts (after a6-a7, h2-h1): a forced win for Black, `off` / `loss`.
    let b = Board::from_fen("8/8/P7/8/8/8/7p/8", 8, 8);
    let t = oracle.value(&b);
    assert_eq!(oracle.th.kind(t).clone(), ThreatKind::Off);
    assert_eq!(module_value(&mut s, "p", &b.expr()), Module::Loss);
}

/// The memo of the oracle caches whole positions only: without it the values are the same
/// (checked on small structures, where the unmemoised tree stays small).
#[test]
fn memo_is_only_a_cache() {
    let mut rng = Rng::new(17_320);
    let mut with = Oracle::new();
    let mut without = Oracle::with_memo(false);
    for _ in 0..iterations(200) {
        let n = 1 + rng.below(4);
        let b = random_board(&mut rng, 4, 6, n);
        let a = with.value(&b);
        let a = with.text(a);
        let c = without.value(&b);
        let c = without.text(c);
        assert_eq!(a, c, "{}", b.fen());
    }
}
