#!/usr/bin/env bash
# Compares ./tabla moves with GNU Backgammon on fresh positions from random games.
#   scripts/check-vs-gnubg.sh [N=2000] [GAMES=150] [SEED=4242]
# Installs gnubg when missing; uses scripts/gnubg/gen_corpus.sh (about 150 s for 2,000 positions).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
N="${1:-2000}" GAMES="${2:-150}" SEED="${3:-4242}"
[ -x /usr/games/gnubg ] || { apt-get update -qq && apt-get install -y -qq gnubg; }
WORK="$(mktemp -d)"
bash "$ROOT/scripts/gnubg/gen_corpus.sh" "$WORK/gnubg.jsonl" "$N" "$GAMES" "$SEED" >&2
python3 - "$WORK/gnubg.jsonl" > "$WORK/in.txt" <<'PY'
import json, sys
for line in open(sys.argv[1]):
    r = json.loads(line)
    print(r["positionId"], *r["dice"])
PY
"$ROOT/tabla" moves < "$WORK/in.txt" > "$WORK/tabla.jsonl"
python3 - "$WORK/gnubg.jsonl" "$WORK/tabla.jsonl" <<'PY'
import json, sys
exp = [json.loads(l) for l in open(sys.argv[1])]
got = [json.loads(l) for l in open(sys.argv[2])]
assert len(exp) == len(got), (len(exp), len(got))
bad = [e for e, g in zip(exp, got) if e["plays"] != [p["positionId"] for p in g.get("plays", [None])]]
for e in bad[:10]:
    print("MISMATCH", e["positionId"], e["dice"])
print("%d positions compared with gnubg, %d mismatches" % (len(exp), len(bad)))
sys.exit(1 if bad else 0)
PY
