#!/usr/bin/env python3
"""Differential test and benchmark of cgcalc's rulesets against the `cgt` crate.

  peers/cgt_diff.py diff GAME [--count N] [--seed S] [--max-cells K]
      random positions of GAME valued by both; prints the count and every difference
      (exit status 1 on any difference)
  peers/cgt_diff.py bench GAME POSITION... [--runs N] [--cores one|all]
      times both on each position (whole-process wall time, median of --runs) and prints a
      table with the ratio
  peers/cgt_diff.py table [--cases peers/bench.tsv] [--runs N] [--cores one|all]
      the benchmark table per ruleset: every case of the file timed with cgcalc and, where
      the `cgt` crate has the game, with it too, in one run, the two taking turns run by run;
      prints a Markdown table (the median ratio of the pairs, and their range)

--cores all (the default) times both tools on every core: cgcalc as it starts (a thread per
core) and cgt built with its `rayon` feature; --cores one times both on one thread.

Run from the project's root after `cargo build --release`. The peer driver (peers/cgt_diff,
crates.io cgt 0.11.0) is built on first use under ${PEER_BENCH_DIR:-/tmp/cgcalc-peers}.
A position is written as cgcalc's constructor takes it; GAMES below says, per game, how to
make random ones and how cgcalc is called.
"""

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
PEER_DIR = os.environ.get("PEER_BENCH_DIR", "/tmp/cgcalc-peers")
CGCALC = os.environ.get("CGCALC_BIN", os.path.join(ROOT, "target/release/cgcalc"))


def grid(rng, rows, cols, cells):
    """A board string of rows x cols cells drawn from `cells`, rows joined by `|`."""
    return "|".join("".join(rng.choice(cells) for _ in range(cols)) for _ in range(rows))


def tinted_graph(rng, k):
    """A random Snort/Col position of up to k vertices: a grid half the time, else a graph
    string with every vertex named (`L:{0}-.:{1}...`), random tints and edges."""
    if rng.random() < 0.5:
        rows = rng.randint(1, 3)
        return grid(rng, rows, rng.randint(1, max(1, k // rows)), "....LR#")
    n = rng.randint(1, k)
    tints = [rng.choice("..LR") for _ in range(n)]
    edges = []
    for v in range(1, n):
        edges.append((rng.randrange(v), v))
    for _ in range(rng.randint(0, n)):
        a, b = rng.randrange(n), rng.randrange(n)
        if a != b:
            edges.append((min(a, b), max(a, b)))
    edges = [e for e in edges if rng.random() < 0.85]
    done, seen = [False] * len(edges), [False] * n

    def walk(v):
        seen[v] = True
        items = []
        for i, (a, b) in enumerate(edges):
            if done[i] or v not in (a, b):
                continue
            done[i] = True
            w = b if a == v else a
            item = f"-{tints[w]}:{{{w}}}"
            if not seen[w]:
                rest = walk(w)
                item += rest[0] if len(rest) == 1 else (f"({';'.join(rest)})" if rest else "")
            items.append(item)
        return items

    pieces = []
    for v in range(n):
        if not seen[v]:
            rest = walk(v)
            tail = rest[0] if len(rest) == 1 else (f"({';'.join(rest)})" if rest else "")
            pieces.append(f"{tints[v]}:{{{v}}}{tail}")
    return ";".join(pieces)


def amazons_board(rng, rows, cols):
    """An Amazons board: cells empty or arrows (`#`, one in four), then one or two amazons of
    each colour on random cells (fewer on a small board)."""
    cells = [rng.choice("...#") for _ in range(rows * cols)]
    spots = rng.sample(range(rows * cols), min(rows * cols, rng.randint(1, 4)))
    for i, spot in enumerate(spots):
        cells[spot] = "xo"[i % 2]
    return "|".join("".join(cells[r * cols:(r + 1) * cols]) for r in range(rows))


def quoted(position):
    return '"' + position.replace("\\", "\\\\").replace('"', '\\"') + '"'


# Each game: a generator of random positions (rng, max_cells) -> position string, and the
# cgcalc call of a position. Positions are strings in cgcalc's notation; the peer converts.
GAMES = {
    "domineering": (
        lambda rng, k: grid(rng, rng.randint(1, 4), rng.randint(1, max(1, k // 4)), "...#"),
        lambda p: f"domineering({quoted(p)})",
    ),
    # "2,3,7;9,4": the subtraction set, then the heaps.
    "subtraction": (
        lambda rng, k: ",".join(str(s) for s in sorted(rng.sample(range(1, k + 1), rng.randint(1, 4))))
        + ";" + ",".join(str(rng.randint(0, 40 * k)) for _ in range(rng.randint(1, 3))),
        lambda p: "subtraction([{}], [{}])".format(*p.split(";")),
    ),
    "toadsandfrogs": (
        lambda rng, k: "".join(rng.choice("tf...tf#") for _ in range(rng.randint(1, k))),
        lambda p: f"toadsandfrogs({quoted(p)})",
    ),
    "topplingdominoes": (
        lambda rng, k: "|".join(
            "".join(rng.choice("lr") for _ in range(rng.randint(1, max(1, k // 2))))
            for _ in range(rng.randint(1, 2))
        ),
        lambda p: f"topplingdominoes({quoted(p)})",
    ),
    "skijumps": (
        lambda rng, k: grid(rng, rng.randint(1, 4), rng.randint(1, max(1, k // 3)), ".....LRlr"),
        lambda p: f"skijumps({quoted(p)})",
    ),
    "snort": (tinted_graph, lambda p: f"snort({quoted(p)})"),
    "col": (tinted_graph, lambda p: f"col({quoted(p)})"),
    "konane": (
        lambda rng, k: grid(rng, rng.randint(1, 4), rng.randint(1, max(1, k // 4)), "xo..#"),
        lambda p: f"konane({quoted(p)})",
    ),
    # A few amazons on a board of empty cells and arrows: no more than two of each colour.
    "amazons": (
        lambda rng, k: amazons_board(rng, rng.randint(1, 4), rng.randint(1, max(1, k // 4))),
        lambda p: f"amazons({quoted(p)})",
    ),
    "fission": (
        lambda rng, k: grid(rng, rng.randint(1, 4), rng.randint(1, max(1, k // 4)), "x...#"),
        lambda p: f"fission({quoted(p)})",
    ),
}


def peer_binary(parallel=False):
    """The cgt driver; with `parallel`, built with cgt's `rayon` feature (its search spread
    over all cores), else the crate's default (one thread)."""
    name = "cgt_diff_rayon" if parallel else "cgt_diff"
    exe = os.path.join(PEER_DIR, name)
    if not os.path.exists(exe):
        print(f"building the cgt differential driver (crates.io cgt 0.11.0) as {name} ...",
              file=sys.stderr)
        os.makedirs(PEER_DIR, exist_ok=True)
        env = dict(os.environ, CARGO_TARGET_DIR=os.path.join(PEER_DIR, "target"))
        features = ["--features", "rayon"] if parallel else []
        subprocess.run(["cargo", "build", "--release", "-q"] + features,
                       cwd=os.path.join(HERE, "cgt_diff"), env=env, check=True)
        os.replace(os.path.join(PEER_DIR, "target/release/cgt_diff"), exe)
    return exe


def engines(cores):
    """The cgcalc command prefix and the cgt driver for `--cores`: `one` times both on one
    thread (cgcalc's `:threads 1`, cgt's default build), `all` both on every core (cgcalc's
    default, cgt built with `rayon`)."""
    if cores == "one":
        return [CGCALC, "-e", ":threads 1"], peer_binary(False)
    return [CGCALC], peer_binary(True)


def peer_values(game, positions):
    lines = "".join(f"{game}\t{p}\n" for p in positions)
    out = subprocess.run([peer_binary()], input=lines, capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def diff(args):
    make, call = GAMES[args.game]
    rng = random.Random(args.seed)
    positions = [make(rng, args.max_cells) for _ in range(args.count)]
    values = peer_values(args.game, positions)
    script = []
    checked = []
    for p, v in zip(positions, values):
        if v.startswith("error:"):
            print(f"cgt refuses {p!r}: {v}")
            continue
        checked.append((p, v))
        script.append(f"{call(p)} == {v}")
    out = subprocess.run([CGCALC], input="\n".join(script) + "\n", capture_output=True, text=True)
    answers = out.stdout.splitlines()
    bad = 0
    for (p, v), a in zip(checked, answers):
        if a != "true":
            bad += 1
            shown = subprocess.run([CGCALC, "-e", call(p)], capture_output=True, text=True).stdout.strip()
            print(f"DIFFERENT {args.game} {p!r}: cgt {v}, cgcalc {shown} ({a})")
    if len(answers) != len(checked):
        print(f"cgcalc answered {len(answers)} of {len(checked)}: {out.stderr.strip()}")
        bad += 1
    print(f"{args.game}: {len(checked)} positions, {bad} differences")
    return 1 if bad else 0


def paired_times(mine, theirs, runs):
    """`runs` wall times of each of two commands (argument list and stdin; `theirs` may be
    None), taking turns: a change in the machine's speed meanwhile (a shared virtual machine
    drifts by 30% within minutes) falls on both alike. The last output line of each, and the
    times."""
    commands = [mine] + ([theirs] if theirs else [])
    lasts, times = [""] * len(commands), [[] for _ in commands]
    for _ in range(runs):
        for k, (cmd, stdin) in enumerate(commands):
            t = time.perf_counter()
            run = subprocess.run(cmd, input=stdin, capture_output=True, text=True, check=True)
            times[k].append(time.perf_counter() - t)
            lasts[k] = run.stdout.strip().splitlines()[-1] if run.stdout.strip() else ""
    results = list(zip(lasts, times)) + [("", [])]
    return results[0], results[1]


def bench(args):
    _, call = GAMES[args.game]
    mine_cmd, peer = engines(args.cores)
    print(f"{'position':<28} {'cgcalc s':>10} {'cgt s':>10} {'cgt/cgcalc':>11}")
    for p in args.positions:
        # A statement that forces the value (positions are lazy) and prints little.
        (_, mine), (_, theirs) = paired_times(
            (mine_cmd + ["-e", f"temp({call(p)});"], None), ([peer], f"{args.game}\t{p}\n"), args.runs)
        ratio = statistics.median(u / t for t, u in zip(mine, theirs))
        print(f"{p:<28} {statistics.median(mine):>10.3f} {statistics.median(theirs):>10.3f} {ratio:>10.1f}x")
    return 0


def read_cases(path):
    """The cases of a benchmark file: tab-separated lines `ruleset, cgcalc expression, cgt
    game, cgt position` (the last two `-` where cgt lacks the game); `#` starts a comment."""
    cases = []
    with open(path) as f:
        for n, line in enumerate(f, 1):
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.rstrip("\n").split("\t")
            if len(fields) != 4:
                sys.exit(f"{path}:{n}: expected 4 tab-separated fields, found {len(fields)}")
            cases.append(fields)
    return cases


def table(args):
    """Each case timed `--runs` times, cgcalc and cgt taking turns (one run of each, then the
    next pair), so that a change in the machine's speed during the table (a shared virtual
    machine drifts by 30% within minutes) falls on both tools alike; the ratio shown is the
    median of the pairs' ratios, with their range when there are several runs."""
    mine_cmd, peer = engines(args.cores)
    spread = args.runs > 1
    print("| ruleset | position | value | cgcalc s | cgt s | cgt/cgcalc |"
          + (" ratio range |" if spread else ""))
    print("|---|---|---|---|---|---|" + ("---|" if spread else ""))
    for ruleset, expression, game, position in read_cases(args.cases):
        # `g = X; g` prints the value after valuing it: the time is the search's
        cgcalc = (mine_cmd + ["-e", f"g = {expression}; g"], None)
        if game == "-":
            (value, mine), _ = paired_times(cgcalc, None, args.runs)
            cells = ["-", "-"] + (["-"] if spread else [])
        else:
            (value, mine), (peer_value, theirs) = paired_times(
                cgcalc, ([peer], f"{game}\t{position}\n"), args.runs)
            # the peer must give the same value: the table times the same positions
            check = subprocess.run([CGCALC, "-e", f"{expression} == {peer_value}"],
                                   capture_output=True, text=True).stdout.strip()
            if check != "true":
                sys.exit(f"{expression}: cgcalc {value}, cgt {peer_value}")
            ratios = [u / t for t, u in zip(mine, theirs)]
            cells = [f"{statistics.median(theirs):.3f}", f"{statistics.median(ratios):.1f}x"]
            if spread:
                cells.append(f"{min(ratios):.1f}-{max(ratios):.1f}x")
        shown = expression.replace("|", "\\|")
        # a long value would swamp the table: its first 40 characters
        value = (value if len(value) <= 40 else value[:37] + "...").replace("|", "\\|")
        row = [ruleset, f"`{shown}`", value, f"{statistics.median(mine):.3f}"] + cells
        print("| " + " | ".join(row) + " |", flush=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    d = sub.add_parser("diff")
    d.add_argument("game", choices=sorted(GAMES))
    d.add_argument("--count", type=int, default=200)
    d.add_argument("--seed", type=int, default=1)
    d.add_argument("--max-cells", type=int, default=16)
    b = sub.add_parser("bench")
    b.add_argument("game", choices=sorted(GAMES))
    b.add_argument("positions", nargs="+")
    b.add_argument("--runs", type=int, default=3)
    b.add_argument("--cores", choices=["one", "all"], default="all")
    t = sub.add_parser("table")
    t.add_argument("--cases", default=os.path.join(HERE, "bench.tsv"))
    t.add_argument("--runs", type=int, default=1)
    t.add_argument("--cores", choices=["one", "all"], default="all")
    args = ap.parse_args()
    sys.exit({"diff": diff, "bench": bench, "table": table}[args.cmd](args))


if __name__ == "__main__":
    main()
