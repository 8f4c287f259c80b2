"""A plain Python brute force of Prime-Nim nim values, for the ratio in the #11 note:
every position with K heaps of 0 to N tokens, memoised on the sorted heaps.
Usage: python3 benches/peers/primenim.py K N"""
import sys, time
from functools import lru_cache

sys.setrecursionlimit(100000)

def is_prime(n):
    if n < 2:
        return False
    d = 2
    while d * d <= n:
        if n % d == 0:
            return False
        d += 1
    return True

@lru_cache(maxsize=None)
def grundy(heaps):
    total = sum(heaps)
    seen = set()
    for i, h in enumerate(heaps):
        for k in range(1, h + 1):
            if is_prime(total - k):
                nxt = list(heaps)
                nxt[i] -= k
                seen.add(grundy(tuple(sorted(x for x in nxt if x))))
    g = 0
    while g in seen:
        g += 1
    return g

def tuples(k, lo, hi):
    if k == 0:
        yield ()
        return
    for h in range(lo, hi + 1):
        for rest in tuples(k - 1, h, hi):
            yield (h,) + rest

k, n = int(sys.argv[1]), int(sys.argv[2])
t = time.time()
count = zeros = 0
for hs in tuples(k, 0, n):
    count += 1
    zeros += grundy(tuple(x for x in hs if x)) == 0
print(f"python: {k} heaps of 0..{n}: {count} positions, {zeros} P, {time.time() - t:.2f} s, {grundy.cache_info().currsize} tabled")
