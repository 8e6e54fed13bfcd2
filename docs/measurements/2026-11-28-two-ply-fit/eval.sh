#!/usr/bin/env bash
# Scores a weights file against the shipped nets: held-out errors, 0-ply and 1-ply duplicate duels with the luck out,
# and cubeless rollouts of the 100 agreement positions against gnubg's. Usage: eval.sh W OUTDIR (about 15 min on 2 cores)
set -euo pipefail
W=$1 OUT=$2
mkdir -p "$OUT"
OUT=$(realpath "$OUT"); W=$(realpath "$W")
cd "$(dirname "$0")/../../.."    # the repository
J=${J:-"cli/target/tabla-cli.jar:cli/target/lib/*"}   # a copy of the jar and lib/ when the tree may change meanwhile
T="java -XX:+UseSerialGC -cp $J tabla.cli.Main"
$T heldout --plies 0,1,2 --compare --weights "$W" > "$OUT/heldout.txt" 2>&1
$T duel --variant backgammon --a search:0 --b search:0 --weights-a "$W" --games 2000 --seed 1300000 --duplicate --luck --threads 2 > "$OUT/duel-0ply.txt" 2>&1
$T duel --variant backgammon --a search:1 --b search:1 --weights-a "$W" --games 2000 --seed 1400000 --duplicate --luck --threads 2 > "$OUT/duel-1ply.txt" 2>&1
$T rollout --positions docs/measurements/2026-11-27-rollout-positions.txt --trials 324 --threads 2 --quiet --weights "$W" > "$OUT/tabla-324.txt" 2> "$OUT/rollout.err"
python3 docs/measurements/2026-11-28-rollout-agreement/compare.py docs/measurements/2026-11-28-rollout-agreement/gnubg-324.txt "$OUT/tabla-324.txt" > "$OUT/compare.txt"
echo done > "$OUT/done"
