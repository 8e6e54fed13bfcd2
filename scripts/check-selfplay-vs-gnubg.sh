#!/usr/bin/env bash
# The match issue's acceptance check: N random seven-point matches with doubling from ./tabla selfplay,
# written as .sgf and as .mat, are loaded by GNU Backgammon 1.07; every play must be legal
# (scripts/gnubg/audit_match.sh) and gnubg's final score of each match must equal ours.
#   scripts/check-selfplay-vs-gnubg.sh [N=200] [SEED=1] [OUT=a new temp dir]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-200}" SEED="${2:-1}" OUT="${3:-$(mktemp -d)}"
[ -x /usr/games/gnubg ] || { apt-get update -qq && apt-get install -y -qq gnubg; }
mkdir -p "$OUT/frommat"
"$ROOT/tabla" selfplay --games "$N" --match 7 --seed "$SEED" --out "$OUT/m.sgf" --scores "$OUT/scores-sgf.tsv"
"$ROOT/tabla" selfplay --games "$N" --match 7 --seed "$SEED" --out "$OUT/m.mat" --scores "$OUT/scores-mat.tsv"
cat > "$OUT/scores.py" <<'PY'
# Runs inside gnubg: the final score of every file as gnubg replays it (.mat files also saved as .sgf).
import gnubg, os, json
out, d = open(os.environ["VIEW_OUT"], "w"), os.environ["VIEW_DIR"]
for fn in sorted(f for f in os.listdir(d) if f.endswith((".sgf", ".mat"))):
    name, ext = fn.rsplit(".", 1)
    if ext == "mat":
        gnubg.command("import mat " + os.path.join(d, fn))
        gnubg.command("save match " + os.path.join(d, "frommat", name + ".sgf"))
    else:
        gnubg.command("load match " + os.path.join(d, fn))
    score = [0, 0]
    for g in gnubg.match(0, 0, 0, 0)["games"]:
        i = g["info"]
        if i.get("winner"):
            score[0 if i["winner"] == "X" else 1] += i["points-won"]
    out.write(json.dumps({"file": fn, "score": score}) + "\n")
PY
VIEW_OUT="$OUT/gnubg.jsonl" VIEW_DIR="$OUT" /usr/games/gnubg -q -t -r -p "$OUT/scores.py" > "$OUT/gnubg.log" 2>&1
python3 - "$OUT" <<'PY'
import json, sys, os
d = sys.argv[1]
ours = {}
for t in ("scores-sgf.tsv", "scores-mat.tsv"):
    for l in open(os.path.join(d, t)):
        f, a, b = l.split()
        ours[f] = [int(a), int(b)]
same = bad = 0
for l in open(os.path.join(d, "gnubg.jsonl")):
    r = json.loads(l)
    if r["score"] == ours[r["file"]]:
        same += 1
    else:
        bad += 1
        print("DIFFERS", r["file"], "gnubg", r["score"], "tabla", ours[r["file"]])
print("final scores: %d files equal to gnubg's, %d differ (of %d written)" % (same, bad, len(ours)))
sys.exit(1 if bad or same != len(ours) else 0)
PY
echo "legality of every play, .sgf as written:"
bash "$ROOT/scripts/gnubg/audit_match.sh" "$OUT"/*.sgf
echo "legality of every play, .mat as gnubg imported it:"
bash "$ROOT/scripts/gnubg/audit_match.sh" "$OUT"/frommat/*.sgf
echo "files: $OUT"
