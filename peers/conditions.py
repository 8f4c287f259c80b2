#!/usr/bin/env python3
"""How long one cgcalc run takes depending on what ran just before it (peers/results.md, at
e0db8c8): our own run, a process that touches and frees 160 MiB, a cgt run of the same
position, or a 3 s busy loop that touches no memory. On this virtual machine the host takes
back memory a guest has left free for a few seconds, so a run is slow when nothing freed
memory shortly before it.

    python3 peers/conditions.py [rounds] [game] [board]

Prints the median and range of cgcalc's whole-process wall time after each. Defaults: 5
rounds of Fission 5x6 (the benchmark table's row). cgcalc is `CGCALC_BIN` or the release
build; cgt's driver is built as `peers/cgt_diff.py` builds it.
"""

import statistics
import subprocess
import sys
import time

from cgt_diff import CGCALC, peer_binary

rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 5
game = sys.argv[2] if len(sys.argv) > 2 else "fission"
board = sys.argv[3] if len(sys.argv) > 3 else "......|......|..x...|......|...x.."
expression = f'{game}("{board}")'
peer = peer_binary(parallel=True)


def ours():
    """One cgcalc run of the position; its whole-process wall time."""
    start = time.perf_counter()
    subprocess.run([CGCALC, "-e", expression], capture_output=True, check=True)
    return time.perf_counter() - start


TOUCH = "b = bytearray(160 << 20)\nfor i in range(0, len(b), 4096): b[i] = 1"
SPIN = "import time\nt = time.time()\nwhile time.time() - t < 3: pass"
BEFORE = {
    "our own run": ours,
    "160 MiB touched and freed": lambda: subprocess.run(["python3", "-c", TOUCH]),
    "cgt, same position": lambda: subprocess.run(
        [peer], input=f"{game}\t{board}\n", capture_output=True, text=True),
    "3 s busy loop": lambda: subprocess.run(["python3", "-c", SPIN]),
}

times = {name: [] for name in BEFORE}
for _ in range(rounds):
    for name, before in BEFORE.items():
        before()
        times[name].append(ours())
print(f"{expression}, {rounds} rounds, whole-process wall time of cgcalc after each:")
for name, xs in times.items():
    xs.sort()
    print(f"  {name:28s} median {statistics.median(xs):.3f} s  range {xs[0]:.3f}-{xs[-1]:.3f}")
