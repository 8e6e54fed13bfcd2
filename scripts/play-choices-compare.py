#!/usr/bin/env python3
"""Compares two outputs of scripts/play-choices.jsh (OLD NEW): differing best plays, largest equity differences,
and the plays a rollout values per move (the 21 rolls' legal plays together)."""
import statistics
import sys

old, new = (open(f).read().split('\n') for f in sys.argv[1:3])
decisions = plays = moved_full = moved_inc = 0
worst_full = worst_inc = 0.0
per_move = {}
for a, b in zip(old, new):
    if not a:
        continue
    fa, fb = a.split(), b.split()
    assert fa[:2] == fb[:2], (fa[:2], fb[:2])
    decisions += 1
    moved_full += fa[2] != fb[2]
    moved_inc += fa[4] != fb[4]
    for x, y in zip(fa[6:], fb[6:]):
        old_full = float(x.split('/')[0])
        new_full, new_inc = map(float, y.split('/'))
        worst_full = max(worst_full, abs(new_full - old_full))
        worst_inc = max(worst_inc, abs(new_inc - old_full))
        plays += 1
    per_move[fa[0]] = per_move.get(fa[0], 0) + len(fa) - 6
print(f"{decisions} decisions (position x roll), {plays} plays")
print(f"best play differs: full evaluation {moved_full}, incremental {moved_inc}")
print(f"largest |equity difference| of a play against OLD's full evaluation: full {worst_full:.2e}, "
      f"incremental {worst_inc:.2e}")
v = list(per_move.values())
print(f"plays valued per move over the 21 rolls: mean {statistics.mean(v):.1f}, median {statistics.median(v)}, "
      f"max {max(v)}")
