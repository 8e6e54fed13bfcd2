#!/usr/bin/env bash
# Makes core/src/test/resources/gnubg_xgid.jsonl: XGIDs read by GNU Backgammon 1.07 (`set xgid`), with
# what gnubg made of each one (its Position ID and match state). XgidTest checks Xgid against them.
#   scripts/gnubg-xgid-vectors.sh [OUT] [N=60] [SEED=2024]
# The XGIDs are written here in Python, independently of the Java code, from positions of
# core/src/test/resources/corpus/standard_movegen.jsonl plus a few published examples. gnubg 1.07 reads XGIDs but
# cannot write them. Lines with "rejected": true are strings gnubg refuses ("Not a valid XGID").
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="${1:-$ROOT/core/src/test/resources/gnubg_xgid.jsonl}"
N="${2:-60}" SEED="${3:-2024}"
GNUBG=/usr/games/gnubg
[ -x "$GNUBG" ] || { echo "gnubg not installed (apt-get install gnubg)" >&2; exit 1; }
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# 1. The XGIDs to try, one a line: "XGID<TAB>source".
python3 - "$ROOT" "$N" "$SEED" > "$WORK/in.tsv" <<'PY'
import json, random, sys
sys.path.insert(0, sys.argv[1] + "/scripts/gnubg")
import posid

root, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
letters = lambda c, up: "-" if c == 0 else chr((ord("A") if up else ord("a")) + c - 1)

def board_string(opp, roller, turn):
    # gnubg board halves: 25 counts, indices 0..23 = that side's points 1..24, 24 = its bar.
    x, o = (roller, opp) if turn == 1 else (opp, roller)
    s = letters(o[24], False)
    for i in range(1, 25):
        s += letters(x[i - 1], True) if x[i - 1] else letters(o[24 - i], False)
    return s + letters(x[24], True)

entries = [json.loads(l) for l in open(root + "/core/src/test/resources/corpus/standard_movegen.jsonl") if l.strip()]
step = max(1, len(entries) // n)
for k, e in enumerate(entries[::step][:n]):
    opp, roller = posid.decode(e["positionId"])
    turn = rng.choice([1, -1])
    d1, d2 = e["dice"]
    if rng.random() < 0.5:
        d1, d2 = d2, d1
    money = k % 2 == 0
    if money:
        length, sx, so = 0, 0, 0
        flags = rng.randrange(4)
        owner = rng.choice([-1, 0, 1])
        cube = 0 if owner == 0 else rng.randrange(1, 7)
        crawford = False
    else:
        length = rng.choice([1, 3, 5, 7, 9, 11, 15, 25])
        sx, so = rng.randrange(length), rng.randrange(length)
        crawford = (sx == length - 1) != (so == length - 1) and rng.random() < 0.6
        flags = 1 if crawford else 0
        owner = 0 if crawford else rng.choice([-1, 0, 1])
        cube = 0 if owner == 0 else rng.randrange(1, 5)
    r = rng.random()
    dice = "00" if r < 0.25 else ("D" if r < 0.35 and not crawford else "%d%d" % (d1, d2))
    maxcube = rng.choice([10, 10, 10, 8])
    xgid = "XGID=%s:%d:%d:%d:%s:%d:%d:%d:%d:%d" % (
        board_string(opp, roller, turn), cube, owner, turn, dice, sx, so, flags, length, maxcube)
    print(xgid + "\tcorpus " + e["positionId"])

published = [
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", "start, Fortuitous/CubeViz js/bgLog (bglog)"),
    ("XGID=-bb---D-C---dD---c-d---BB-:0:0:1:00:0:0:0:0:10", "nackgammon start, Fortuitous/CubeViz js/bgLog (bglog)"),
    ("XGID=-a-B--E-B-a-dDB--b-bcb----:1:1:-1:63:0:0:0:3:8", "drm00/bgpos position_to_font.py"),
    ("XGID=-b--B-C-CA-AdC-a-c-e-A--A-:3:-1:1:62:0:0:3:0:10", "drm00/bgpos position_to_font.py"),
    ("XGID=-BDB-------------a------e-:1:-1:-1:42:0:0:0:5:8", "XGID/GNUID codec notes, published pair ewMAAD4gAAAAAA"),
    ("XGID=---BBBBAAA---Ac-bbccbAA-A-:1:1:-1:63:4:3:0:5:8", "example in several XGID write-ups"),
    ("XGID=-b----E-C---eE---c-e----B-:0:0:1:53:1:2:1:3:10", "XGID/GNUID codec notes, from 4HPwATDgc/ABMA:8IhuACAACAAE"),
]
for x, src in published:
    print(x + "\t" + src)
# Strings gnubg refuses.
for x in ["XGID=-b----E-C---eE---c-e----B-:0:0:1:71:0:0:0:0:10",
          "XGID=-b----E-C---eE---c-e----B-:0:0:1:0:0:0:0:0:10",
          "XGID=-b----E-C---eE---c-e----Q-:0:0:1:00:0:0:0:0:10",
          "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0",
          "XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10",
          "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:2:1:2:5:10",
          "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:4:0:10",
          "XGID=-b----E-C---eE---c-e----B-:0:0:1:B:0:0:2:0:10",
          "XGID=-b----E-C---eE---c-e----B-:0:0:1:R:0:0:2:0:10"]:
    print(x + "\tbad input")
PY

# 2. gnubg reads each one. A sentinel XGID is set first, so a refused string shows as an unchanged state.
cat > "$WORK/probe.py" <<'PY'
import json, os, gnubg
SENTINEL = "XGID=" + "-" * 21 + "ABC--:0:0:1:00:0:0:0:0:10"
def state():
    ci, pi = gnubg.cubeinfo(), gnubg.posinfo()
    return {"positionId": gnubg.positionid(), "matchId": gnubg.matchid(),
            "cube": ci["cube"], "cubeOwner": ci["cubeowner"], "move": ci["move"], "matchTo": ci["matchto"],
            "score": list(ci["score"]), "crawford": ci["crawford"], "jacoby": ci["jacoby"],
            "dice": list(pi["dice"]), "turn": pi["turn"], "doubled": pi["doubled"]}
gnubg.command("set xgid " + SENTINEL)
sentinel = state()
out = open(os.environ["XG_OUT"], "w")
for line in open(os.environ["XG_IN"]):
    xgid, source = line.rstrip("\n").split("\t")
    gnubg.command("set xgid " + SENTINEL)
    gnubg.command("set xgid " + xgid)
    st = state()
    rec = {"xgid": xgid, "source": source}
    if st == sentinel:
        rec["rejected"] = True
    else:
        rec["gnubg"] = st
    out.write(json.dumps(rec) + "\n")
out.close()
PY
XG_IN="$WORK/in.tsv" XG_OUT="$WORK/out.jsonl" "$GNUBG" -q -t -r -p "$WORK/probe.py" > "$WORK/gnubg.log" 2>&1
{
  echo '{"comment": "gnubg 1.07 set xgid on each XGID; gnubg player 1 is the player on roll (it swaps players when O is on roll); made by scripts/gnubg-xgid-vectors.sh"}'
  cat "$WORK/out.jsonl"
} > "$OUT"
echo "$(grep -c '"gnubg"' "$OUT") XGIDs read by gnubg, $(grep -c '"rejected"' "$OUT") refused -> $OUT" >&2
