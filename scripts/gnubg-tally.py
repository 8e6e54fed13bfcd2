#!/usr/bin/env python3
"""Totals of scripts/gnubg-batch.sh runs: matches won (Wilson 95% interval) and points per game (normal 95% CI).

Usage: python3 scripts/gnubg-tally.py OUTDIR [OUTDIR ...]   (reads every OUTDIR/chunk_*/gnubg.log, finished or not)
"""
import glob
import math
import re
import sys


def wilson(won, n, z=1.96):
    p = won / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return c - h, c + h


for d in sys.argv[1:]:
    won = n = 0
    pts = []
    for f in sorted(glob.glob(d + "/chunk_*/gnubg.log")):
        t = open(f, errors="replace").read()
        m = re.findall(r"(bot|gnubg) has won the match\.", t)
        won += m.count("bot")
        n += len(m)
        for who, _, p in re.findall(r"(bot|gnubg) wins an? (single game|gammon|backgammon) and (\d+) points?\.", t):
            pts.append(int(p) if who == "bot" else -int(p))
    if n:
        lo, hi = wilson(won, n)
        print("%s: matches %d, bot won %d (%.1f%%), Wilson 95%% [%.1f%%, %.1f%%]" % (d, n, won, 100 * won / n, 100 * lo, 100 * hi))
    if len(pts) > 1:
        k = len(pts)
        mean = sum(pts) / k
        sd = math.sqrt(sum((x - mean) ** 2 for x in pts) / (k - 1))
        h = 1.96 * sd / math.sqrt(k)
        print("%s: games %d, won %d, bot points per game %+.3f, 95%% CI [%+.3f, %+.3f]" % (d, k, sum(p > 0 for p in pts), mean, mean - h, mean + h))
