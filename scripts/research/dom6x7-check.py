#!/usr/bin/env python3
"""An independent check of the 6x7 Domineering value with Obsequi, Bullock's win/loss solver.

cgcalc found dom(6,7) = {5/2|1/2} = 3/2 + {1|-1} (dom6x7-value.txt). G = V iff G - V = 0, a
second-player win, and Obsequi can decide that on one board: the empty 6x7 board beside small
regions worth -V, separated by blocked cells. The regions are textbook values: a 2x2 square is
{1|-1}, a horizontal domino -1, the L-tetromino "...|.##" -1/2 (so they sum to {-1/2|-5/2}).
Three more boards show that the check discriminates, and one checks the L-tetromino.

Usage: dom6x7-check.py OBSEQUI_BINARY   (build it with ../shared/bench/obsequi_peer.sh
SRC BUILD --build-only; BUILD/Obsequi is the binary). Conventions as in obsequi_peer.sh:
"V" is Left (vertical dominoes), "solve rows R cols C bR,C;... V" blocks the listed cells.
Exit status 0 when every board has the expected outcome.
"""

import sys
import time

from rectangles import layout, winner  # the same Obsequi call and layouts, beside this script

# (board rows, what the board is worth if dom(6,7) = {5/2|1/2}, expected outcome)
BOARDS = [
    (
        [".......#..##", ".......#..##", ".......#####",
         ".......#...#", ".......#.###", ".......###.."],
        "G + {1|-1} - 1 - 1/2 = 0",
        "P",
    ),
    (
        [".......#####", ".......#####", ".......#####",
         ".......#...#", ".......#.###", ".......###.."],
        "G - 1 - 1/2 = {1|-1}",
        "N",
    ),
    (
        [".......#..##", ".......#..##", ".......#####",
         ".......#..##", ".......#####", ".......###.."],
        "G + {1|-1} - 1 - 1 = -1/2",
        "R",
    ),
    (["......."] * 6, "G = {5/2|1/2} > 0", "L"),
    # two L-tetrominoes and a vertical domino: -1/2 - 1/2 + 1 = 0
    (["...#...#.", ".###.###."], "L-tetromino check: 0", "P"),
]
# The first three sums again with the regions below the board instead of beside it: Obsequi
# answers some sums wrongly when their regions sit to the right of a rectangle
# (rectangles.md), so each is checked in both layouts.
BOARDS += [
    (layout(6, 7, regions)[0], f"{meaning} (regions below)", expected)
    for regions, (_, meaning, expected) in zip(
        [["S", "H", "L"], ["H", "L"], ["S", "H", "H"]], BOARDS[:3]
    )
]


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    binary = sys.argv[1]
    outcomes = {"VH": "N", "VV": "L", "HH": "R", "HV": "P"}
    failed = 0
    for rows, meaning, expected in BOARDS:
        start = time.time()
        got = outcomes[winner(binary, rows, "V") + winner(binary, rows, "H")]
        ok = got == expected
        failed += not ok
        print(f"{'ok ' if ok else 'BAD'} {'|'.join(rows)}  {meaning}: expected {expected}, "
              f"Obsequi {got} ({time.time() - start:.2f} s)")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
