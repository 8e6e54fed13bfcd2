#!/usr/bin/env bash
# Writes random engine matches as .sgf and .mat (RandomMatchFiles, test code), loads each in GNU
# Backgammon 1.07 and checks that gnubg sees the same games: every play legal
# (scripts/gnubg/audit_match.sh) and, per game, the same winner, points and resignation.
#   scripts/check-records-vs-gnubg.sh [SEEDS=10] [OUT=a new temp dir]      (~6 min for 10 seeds)
# .mat keeps no rules: the money sets without Jacoby are imported after `set jacoby off`.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SEEDS="${1:-10}" OUT="${2:-$(mktemp -d)}"
[ -x /usr/games/gnubg ] || { echo "gnubg not installed (apt-get install gnubg)" >&2; exit 1; }
cd "$ROOT"
mvn -q -B -ntp -pl core test-compile >&2
mkdir -p "$OUT/frommat"
java -cp core/target/classes:core/target/test-classes tabla.core.record.RandomMatchFiles "$OUT" "$SEEDS"
cat > "$OUT/view.py" <<'PY'
# Runs inside gnubg: each file's games as gnubg sees them; .mat files are also saved as .sgf.
import gnubg, os, json
out, d = open(os.environ["VIEW_OUT"], "w"), os.environ["VIEW_DIR"]
for fn in sorted(f for f in os.listdir(d) if f.endswith((".sgf", ".mat"))):
    name, ext = fn.rsplit(".", 1)
    if ext == "mat":
        gnubg.command("set jacoby " + ("off" if any(k in name for k in ("nojacoby", "beaver", "nocube")) else "on"))
        gnubg.command("import mat " + os.path.join(d, fn))
        gnubg.command("save match " + os.path.join(d, "frommat", name + ".sgf"))
    else:
        gnubg.command("load match " + os.path.join(d, fn))
    res = []
    for g in gnubg.match(0, 0, 0, 0)["games"]:
        i = g["info"]
        if i.get("winner"):
            res.append(("W+" if i["winner"] == "X" else "B+") + str(i["points-won"]) + ("R" if i["resigned"] else ""))
    out.write(json.dumps({"file": fn, "results": res}) + "\n")
PY
VIEW_OUT="$OUT/gnubg.jsonl" VIEW_DIR="$OUT" /usr/games/gnubg -q -t -r -p "$OUT/view.py" > "$OUT/gnubg.log" 2>&1
python3 - "$OUT/expected.tsv" "$OUT/gnubg.jsonl" <<'PY'
import json, sys
exp = {l.split("\t")[0]: l.rstrip("\n").split("\t")[1:-1] for l in open(sys.argv[1])}
seen = {"sgf": [0, 0], "mat": [0, 0]}
for l in open(sys.argv[2]):
    r = json.loads(l)
    name, ext = r["file"].rsplit(".", 1)
    same = r["results"] == exp[name]
    seen[ext][0 if same else 1] += 1
    if not same:
        print("DIFFERS %s: gnubg %s, Tabla %s" % (r["file"], r["results"], exp[name]))
for ext, (ok, bad) in seen.items():
    print("gnubg reads the .%s files: %d with the same game results as Tabla, %d differ" % (ext, ok, bad))
sys.exit(1 if seen["sgf"][1] or seen["mat"][1] else 0)
PY
echo "legality of every play, .sgf as written:"
bash "$ROOT/scripts/gnubg/audit_match.sh" "$OUT"/*.sgf
echo "legality of every play, .mat as gnubg imported it:"
bash "$ROOT/scripts/gnubg/audit_match.sh" "$OUT"/frommat/*.sgf
echo "files: $OUT"
