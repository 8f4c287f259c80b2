#!/usr/bin/env python3
"""The table of Domineering rectangle values (issue 32) and their independent check with Obsequi.

rectangles.sh computes each value with cgcalc into rectangles/domRxC.txt (the value) and
domRxC.log (the search's counters and /usr/bin/time -v). This script

  table                  prints the Markdown table: board, value, outcome, components, CPU
                         time, peak memory;
  check OBSEQUI [RxC..]  checks each stored value with Obsequi, Bullock's win/loss solver,
                         which knows nothing of values.

The check. A value V predicts the outcome of the board beside any region of known value r:
it is the outcome of V + r. Obsequi finds that outcome on one board, the rectangle with the
regions below it and again with them to its right (blocked cells between), each searched
once with each player first. Obsequi answers some such boards wrongly (rectangles.md): a sum
whose two layouts get different outcomes is reported and not counted. The regions have
values derived by hand:

  vertical domino   .|.        1    (Left's one move; Right has none)
  horizontal domino ..|##     -1
  2x2 square        ..|..      {1|-1}  (each player's domino leaves one of theirs)
  L-tetromino       ...|.##   -1/2  (Left's only move leaves a horizontal domino, -1;
                                     Right's best leaves two lone cells, 0: {-1|0})
  L-tromino         ..|.#      *    (either player's domino leaves a lone cell)
  Q                 ...|.#.|.##  3/4  (cells a b c / d _ e / f: Left's moves a-d, d-f, c-e
                                     leave *, -1/2 (an L-tetromino) and {0,-1|1} = 1/2;
                                     Right's a-b and b-c leave 2 and 1: {1/2|1} = 3/4)
  q                 ...|.##|..#  -3/4 (Q transposed: the players exchange)

For each board, the sums tried are chosen around V's stops, where a wrong value would
most likely show: k vertical (or horizontal) dominoes with k next to -LS(V) and -RS(V),
with and without the L-tetromino, the square, the tromino and Q or q, and the board alone.
For a number V with denominator at most 4 one of these sums is exactly -V, a difference
board that must be a second-player win.

Usage: rectangles.py table | check OBSEQUI_BINARY [RxC ...]
(build Obsequi with ../shared/bench/obsequi_peer.sh SRC BUILD --build-only; BUILD/Obsequi).
Exit status 0 when every prediction holds.
"""

import json
import os
import re
import subprocess
import sys
import time
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
DIR = os.path.join(HERE, "rectangles")
ROOT = os.path.dirname(os.path.dirname(HERE))
CGCALC = os.environ.get("CGCALC_BIN", os.path.join(ROOT, "target/release/cgcalc"))

# name: (rows of the region, its value as cgcalc reads it)
REGIONS = {
    "V": ([".", "."], "1"),
    "H": (["..", "##"], "-1"),
    "S": (["..", ".."], "{1|-1}"),
    "L": (["...", ".##"], "-1/2"),
    "T": (["..", ".#"], "*"),
    "Q": (["...", ".#.", ".##"], "3/4"),
    "q": (["...", ".##", "..#"], "-3/4"),
}

OUTCOMES = {"VH": "N", "VV": "L", "HH": "R", "HV": "P"}


def boards():
    """The boards with a stored value, in the order of rows then columns."""
    found = []
    for name in os.listdir(DIR):
        m = re.fullmatch(r"dom(\d+)x(\d+)\.txt", name)
        if m:
            found.append((int(m.group(1)), int(m.group(2))))
    return sorted(found)


def value_text(r, c):
    with open(os.path.join(DIR, f"dom{r}x{c}.txt")) as f:
        return f.read().strip()


def log_figures(r, c):
    """Components searched, CPU seconds (user and system: the runs are one thread, and the
    machine was shared, so wall time would overstate) and peak MiB of the board's run."""
    text = open(os.path.join(DIR, f"dom{r}x{c}.log")).read()
    nodes = re.search(r"last search: (\d+) nodes", text)
    user = re.search(r"User time \(seconds\): (\S+)", text)
    system = re.search(r"System time \(seconds\): (\S+)", text)
    rss = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
    return (int(nodes.group(1)) if nodes else None,
            float(user.group(1)) + float(system.group(1)),
            int(rss.group(1)) / 1024 if rss else None)


def cgcalc(statements):
    """Runs statements in one cgcalc session; the output lines, one per statement."""
    out = subprocess.run([CGCALC, "--json", "-"], input="\n".join(statements) + "\n",
                         capture_output=True, text=True)
    lines = [json.loads(l) for l in out.stdout.splitlines() if l.startswith("{")]
    for l in lines:
        if "error" in l:
            sys.exit(f"cgcalc: {l['input']}: {l['error']}")
    return [l["output"] for l in lines]


def table():
    print("| board | value | outcome | components | CPU s | peak MiB |")
    print("|---|---|---|---|---|---|")
    for r, c in boards():
        v = value_text(r, c)
        (outcome,) = cgcalc([f"outcome({v})"])
        shown = v if len(v) <= 60 else f"{len(v)} characters, in `rectangles/dom{r}x{c}.txt`"
        nodes, seconds, mib = log_figures(r, c)
        shown = shown.replace("|", "\\|")
        print(f"| {r}x{c} | {shown} | {outcome} | {nodes:,} | {seconds:.2f} | {mib:.0f} |")
    return 0


def sums_to_try(r, c):
    """Region multisets (lists of names) around the value's stops."""
    ls, rs = cgcalc([f"g = {value_text(r, c)};", "lstop(g)", "rstop(g)"])[1:]
    stops = [float(Fraction(s)) for s in (ls, rs)]
    tries = [[]]
    for s in stops:
        for k in {int(-s) - 1, int(-s), int(-s) + 1}:
            base = ["V"] * k if k >= 0 else ["H"] * -k
            for extra in ([], ["L"], ["S"], ["T"], ["L", "S"], ["Q"], ["L", "Q"], ["q"], ["L", "q"]):
                t = sorted(base + extra)
                if t not in tries:
                    tries.append(t)
    return tries


def shelves(regions, width):
    """Regions packed left to right into shelves `width` wide (a blocked column between
    neighbours), or None if one is wider."""
    out, shelf, used = [], [], 0
    for g in regions:
        w = len(g[0])
        if w > width:
            return None
        if shelf and used + 1 + w > width:
            out.append(shelf)
            shelf, used = [], 0
        used += w + (1 if shelf else 0)
        shelf.append(g)
    if shelf:
        out.append(shelf)
    return out


def shelf_rows(shelf, width):
    """A shelf's rows, `width` wide, as high as its highest region."""
    height = max(len(g) for g in shelf)
    rows = []
    for i in range(height):
        line = "#".join(g[i] if i < len(g) else "#" * len(g[0]) for g in shelf)
        rows.append(line + "#" * (width - len(line)))
    return rows


def layout(r, c, names):
    """The rectangle and the regions on boards Obsequi takes (at most 30 rows and 30 columns,
    fewer than 128 cells), blocked cells between: the regions on shelves below the rectangle,
    and beside it to the right (the narrowest side that fits); those of the two that fit."""
    regions = [REGIONS[n][0] for n in names]
    if not regions:
        return [["." * c for _ in range(r)]]
    options = []
    width = max([c] + [len(g[0]) for g in regions])
    rows = ["." * c + "#" * (width - c) for _ in range(r)]
    for shelf in shelves(regions, width):
        rows += ["#" * width] + shelf_rows(shelf, width)
    options.append(rows)
    for x in range(1, 30 - c):
        packed = shelves(regions, x)
        if packed is None:
            continue
        side = []
        for shelf in packed:
            side += (["#" * x] if side else []) + shelf_rows(shelf, x)
        height = max(r, len(side))
        board = ["." * c if i < r else "#" * c for i in range(height)]
        side += ["#" * x] * (height - len(side))
        options.append([b + "#" + s for b, s in zip(board, side)])
    fits = [o for o in options if len(o) <= 30 and len(o[0]) <= 30 and len(o) * len(o[0]) < 128]
    below = [o for o in fits[:1] if o is options[0]]
    beside = [o for o in fits if o is not options[0]][:1]
    return below + beside


def winner(binary, rows, first):
    """Who wins `rows` with `first` ("V", Left, or "H") to move, by Obsequi."""
    blocks = ";".join(f"{i},{j}" for i, row in enumerate(rows) for j, x in enumerate(row)
                      if x == "#")
    command = f"solve rows {len(rows)} cols {len(rows[0])} "
    command += (f"b{blocks} " if blocks else "") + first + "\n"
    out = subprocess.run([binary], input=command, capture_output=True, text=True).stdout
    found = [l for l in out.splitlines() if l.startswith("winner ")]
    if not found:
        sys.exit(f"no result from Obsequi for {command!r}:\n{out}")
    return found[-1].split()[1].rstrip(",")


def outcome(binary, rows):
    """The outcome class of a board by Obsequi: one search with each player first."""
    return OUTCOMES[winner(binary, rows, "V") + winner(binary, rows, "H")]


def check(binary, wanted):
    failed = total = too_big = 0
    inconsistent = []
    for r, c in boards():
        if wanted and f"{r}x{c}" not in wanted:
            continue
        tries = sums_to_try(r, c)
        exprs = [" + ".join(["g"] + [f"({REGIONS[n][1]})" for n in t]) for t in tries]
        predicted = cgcalc([f"g = {value_text(r, c)};"] + [f"outcome({e})" for e in exprs])[1:]
        start = time.time()
        for t, p in zip(tries, predicted):
            boards_of = layout(r, c, t)
            if not boards_of:
                too_big += 1
                continue
            # the same sum laid out two ways must have one outcome
            found = [outcome(binary, rows) for rows in boards_of]
            got = found[0]
            if len(set(found)) > 1:
                shapes = ", ".join(f"{len(b)}x{len(b[0])} {o}" for b, o in zip(boards_of, found))
                inconsistent.append(f"{r}x{c} + {'+'.join(t)}: {shapes} (value: {p})")
                continue
            total += 1
            if got != p:
                failed += 1
                print(f"BAD {r}x{c} + {'+'.join(t) or 'nothing'}: value says {p}, Obsequi {got}")
        print(f"{r}x{c}: {len(tries)} predictions, {time.time() - start:.1f} s", flush=True)
    for line in inconsistent:
        print(f"Obsequi contradicts itself, not counted: {line}")
    print(f"{total - failed} of {total} predictions hold ({too_big} more need a board larger "
          f"than Obsequi takes: 30 rows, 30 columns, fewer than 128 cells; {len(inconsistent)} "
          "where Obsequi gives two layouts of one sum different outcomes)")
    return 1 if failed else 0


def main():
    if len(sys.argv) >= 2 and sys.argv[1] == "table":
        return table()
    if len(sys.argv) >= 3 and sys.argv[1] == "check":
        return check(sys.argv[2], set(sys.argv[3:]))
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main())
