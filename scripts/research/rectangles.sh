#!/usr/bin/env bash
# Research run: exact values of empty Domineering rectangles (issue 32's table), one board
# per process so that each gets its own time and peak memory.
#
#   scripts/research/rectangles.sh [RxC ...]      (default: the list below)
#
# For each board it runs cgcalc (release build, one thread, :limit memory 16G, :limit time
# 3600) on `g = dom(R,C); g` and writes
#   scripts/research/rectangles/domRxC.txt   the value, as cgcalc prints it (reads back)
#   scripts/research/rectangles/domRxC.log   the search's counters (:stats) and /usr/bin/time -v
# A board that does not finish within the budget leaves only its .log, with the error.
# rectangles.py makes the table from these files and checks them with Obsequi.
set -u
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
bin="${CGCALC_BIN:-$root/target/release/cgcalc}"
out="$here/rectangles"
mkdir -p "$out"
boards=("$@")
if [ ${#boards[@]} -eq 0 ]; then
    for n in $(seq 9 21); do boards+=("2x$n"); done
    boards+=(3x11 3x12 3x13 3x14 4x9 5x7 4x10 5x8)
fi
for b in "${boards[@]}"; do
    r="${b%x*}"; c="${b#*x}"
    script=":threads 1
:limit memory 16G
:limit time 3600
:print-limit 0
g = dom($r,$c);
g
:stats"
    echo "== dom($r,$c) $(date -u +%FT%TZ)" >&2
    /usr/bin/time -v "$bin" -e "$script" > "$out/dom${b}.out" 2> "$out/dom${b}.log"
    status=$?
    # the output is the lines of `:threads` and `:print-limit`, the value, then :stats
    if [ $status -eq 0 ]; then
        awk '/^arena: / { print prev; exit } { prev = $0 }' "$out/dom${b}.out" > "$out/dom${b}.txt"
        grep "last search" "$out/dom${b}.out" >> "$out/dom${b}.log"
    else
        cat "$out/dom${b}.out" >> "$out/dom${b}.log"
    fi
    rm -f "$out/dom${b}.out"
    grep -E "last search|Elapsed|Maximum resident" "$out/dom${b}.log" >&2
done
