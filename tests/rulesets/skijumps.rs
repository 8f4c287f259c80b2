//! Ski Jumps: values from Winning Ways (ch. 1, as the cgt crate's tests quote them) and by
//! hand, values against the rules written out here on plain strings, negatives, options,
//! errors.

use std::collections::HashMap;

use crate::common::{Rng, assert_outputs, iterations, run_ok, run_text};
use crate::toadsandfrogs::define_by_rules;
use cgcalc::lang::Session;

/// Ski Jumps on a plain board string (rows separated by `|`, top first): a skier of the
/// player (`L`/`l` Left moving right, `R`/`r` Right moving left) slides over empty cells along
/// its row, stopping anywhere, or off the board if the way is clear; a jumper (`L`, `R`) jumps
/// an enemy skier directly below onto an empty cell two rows down, and the jumped skier
/// becomes a slipper (`l`, `r`).
fn ski_options(position: &str, left: bool) -> Vec<String> {
    let mut grid: Vec<Vec<char>> = position.split('|').map(|r| r.chars().collect()).collect();
    let (h, w) = (grid.len(), grid[0].len());
    let (jumper, slipper, enemies, enemy_slipper) = if left {
        ('L', 'l', ['R', 'r'], 'r')
    } else {
        ('R', 'r', ['L', 'l'], 'l')
    };
    let show = |g: &Vec<Vec<char>>| {
        g.iter()
            .map(|r| r.iter().collect::<String>())
            .collect::<Vec<_>>()
            .join("|")
    };
    let mut out = Vec::new();
    for y in 0..h {
        for x in 0..w {
            let c = grid[y][x];
            if c != jumper && c != slipper {
                continue;
            }
            let path: Vec<usize> = if left {
                (x + 1..w).collect()
            } else {
                (0..x).rev().collect()
            };
            let mut clear = true;
            for tx in path {
                if grid[y][tx] != '.' {
                    clear = false;
                    break;
                }
                grid[y][x] = '.';
                grid[y][tx] = c;
                out.push(show(&grid));
                grid[y][tx] = '.';
                grid[y][x] = c;
            }
            if clear {
                grid[y][x] = '.';
                out.push(show(&grid));
                grid[y][x] = c;
            }
            if c == jumper
                && y + 2 < h
                && enemies.contains(&grid[y + 1][x])
                && grid[y + 2][x] == '.'
            {
                let mut g = grid.clone();
                g[y][x] = '.';
                g[y + 1][x] = enemy_slipper;
                g[y + 2][x] = jumper;
                out.push(show(&g));
            }
        }
    }
    out
}

fn random_board(rng: &mut Rng, rows: usize, cols: usize) -> String {
    let height = 1 + rng.below(rows);
    let mut board = Vec::new();
    for _ in 0..height {
        let row: String = (0..cols)
            .map(|_| *rng.pick(&['.', '.', '.', 'L', 'R', 'l', 'r']))
            .collect();
        board.push(row);
    }
    board.join("|")
}

/// The first seven are Winning Ways' positions as the cgt crate's tests give them (cgt 0.11.0,
/// ski_jumps.rs), the rest by hand. `L..`: the skier has three moves left (two steps and off):
/// 3. `L.R`: either side steps into the middle and both are stuck: {0|0} = *. `L..R`: each side
/// moves one or two cells: {*, 0 | *, 0} = *2. `L|R|.`: Left slides off (leaving Right's one
/// move, -1) or jumps (leaving `r` and `L` one move each, 0), Right slides off (leaving 1):
/// {-1, 0|1} = 1/2. `L|R|R`: the landing cell is taken, so Left can only slide off (-2), and
/// Right leaves 0 or `L|R|.` = 1/2: {-2|0, 1/2} = -1.
#[test]
fn values_from_winning_ways_and_by_hand() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[
            ("skijumps(\"...L....|..R.....|........\")", "2"),
            (
                "skijumps(\"........|...l....|.......R|........|......L.\")",
                "-1",
            ),
            ("skijumps(\".L...|.R...|.....\")", "5/2"),
            ("skijumps(\"...R.|...L.|.....\")", "-5/2"),
            ("skijumps(\"L....|....R|.....\")", "1/2"),
            ("skijumps(\"L....|R....|.....\")", "9/2"),
            ("skijumps(\"L....|....R|l....\")", "5"),
            ("skijumps(\"L..\")", "3"),
            ("skijumps(\"L.R\")", "*"),
            ("skijumps(\"L..R\")", "*2"),
            ("skijumps(\"L|R|.\")", "1/2"),
            ("skijumps(\"L|R|R\")", "-1"),
            ("skijumps(\"\")", "0"),
        ],
    );
}

/// Random boards up to 3x4: the ruleset's value is the value of the rules on strings.
#[test]
fn values_agree_with_the_rules_on_strings() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(1982);
    let mut memo = HashMap::new();
    for _ in 0..iterations(100) {
        let cols = 1 + rng.below(4);
        let board = random_board(&mut rng, 3, cols);
        let v = define_by_rules(&mut s, &mut memo, &board, &ski_options);
        let check = format!("skijumps(\"{board}\") == {v}");
        assert_eq!(run_ok(&mut s, &check), "true", "{check}");
    }
}

/// G + -G = 0 with -G each row mirrored and the colours exchanged, and G = {left(G) |
/// right(G)}, on random boards up to 4x5.
#[test]
fn negatives_and_options_on_random_boards() {
    let mut s = Session::new();
    let mut rng = Rng::xorshift64(7);
    for _ in 0..iterations(50) {
        let cols = 1 + rng.below(5);
        let board = random_board(&mut rng, 4, cols);
        let neg: String = board
            .split('|')
            .map(|r| {
                r.chars()
                    .rev()
                    .map(|c| match c {
                        'L' => 'R',
                        'R' => 'L',
                        'l' => 'r',
                        'r' => 'l',
                        c => c,
                    })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join("|");
        let check = format!("skijumps(\"{board}\") + skijumps(\"{neg}\") == 0");
        assert_eq!(run_ok(&mut s, &check), "true", "{check}");
        let check = format!("P = skijumps(\"{board}\"); {{left(P) | right(P)}} == P");
        let got = run_text(&mut s, &check);
        assert_eq!(got.lines().last(), Some("true"), "{check}");
    }
}

#[test]
fn bad_boards_are_refused_at_the_character() {
    let mut s = Session::new();
    let err = run_text(&mut s, "skijumps(\"L..|.x.\")");
    assert!(
        err.contains("unexpected `x` at character 6 (row 2, column 2)"),
        "{err}"
    );
    assert!(
        err.contains("`L` and `l` (Left's jumpers and slippers)"),
        "{err}"
    );
    let err = run_text(&mut s, "skijumps(\"L..|..\")");
    assert!(err.contains("row 2 has 2 cells but row 1 has 3"), "{err}");
    let big = ["........"; 9].join("|");
    let err = run_text(&mut s, &format!("skijumps(\"{big}\")"));
    assert!(
        err.contains("72 cells") && err.contains("at most 64"),
        "{err}"
    );
    let err = run_text(&mut s, "SkiJumps(\"L..\")");
    assert!(err.contains("skijumps"), "{err}");
}

#[test]
fn moves_are_named_by_cells() {
    let mut s = Session::new();
    assert_outputs(
        &mut s,
        &[(
            "[lastmove(q) for q in left(skijumps(\"L..|R..|...\"))]",
            "[\"a1-b1\", \"a1-c1\", \"a1-off\", \"a1-a3\"]",
        )],
    );
}
