#!/usr/bin/env python3
"""Totals of scripts/gnubg-batch.sh runs: matches won (Wilson 95% interval) and points per game (normal 95% CI).

Usage: python3 scripts/gnubg-tally.py [--finished] OUTDIR [OUTDIR ...]
  reads every OUTDIR/chunk_*/gnubg.log, finished or not; with --finished only the chunks that ended
  (those with a summary.txt), whose tally is final while the run goes on.
"""
import os
import glob
import math
import re
import sys


def wilson(won, n, z=1.96):
    p = won / n
    c = (p + z * z / (2 * n)) / (1 + z * z / n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return c - h, c + h


def tally(d, finished):
    """Matches (won, finished) and the bot's points of every game in OUTDIR d."""
    won = n = 0
    pts = []
    for f in sorted(glob.glob(d + "/chunk_*/gnubg.log")):
        if finished and not os.path.exists(os.path.join(os.path.dirname(f), "summary.txt")):
            continue
        t = open(f, errors="replace").read()
        m = re.findall(r"(bot|gnubg) has won the match\.", t)
        won += m.count("bot")
        n += len(m)
        for who, _, p in re.findall(r"(bot|gnubg) wins an? (single game|gammon|backgammon) and (\d+) points?\.", t):
            pts.append(int(p) if who == "bot" else -int(p))
    return won, n, pts


def report(name, won, n, pts):
    if n:
        lo, hi = wilson(won, n)
        print("%s: matches %d, bot won %d (%.1f%%), Wilson 95%% [%.1f%%, %.1f%%]" % (name, n, won, 100 * won / n, 100 * lo, 100 * hi))
    if len(pts) > 1:
        k = len(pts)
        mean = sum(pts) / k
        sd = math.sqrt(sum((x - mean) ** 2 for x in pts) / (k - 1))
        h = 1.96 * sd / math.sqrt(k)
        print("%s: games %d, won %d, bot points per game %+.3f, 95%% CI [%+.3f, %+.3f]" % (name, k, sum(p > 0 for p in pts), mean, mean - h, mean + h))


finished = "--finished" in sys.argv[1:]
dirs = [a for a in sys.argv[1:] if a != "--finished"]
total = [0, 0, []]
for d in dirs:
    won, n, pts = tally(d, finished)
    report(d, won, n, pts)
    total = [total[0] + won, total[1] + n, total[2] + pts]
if len(dirs) > 1:
    report("together", *total)
