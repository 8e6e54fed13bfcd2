#!/usr/bin/env bash
# Cubeless money rollouts by GNU Backgammon of every position in FILE (gnubg position IDs, player on roll about
# to roll), one gnubg process for all: prints "ID EQUITY SE" per position, then gnubg's CPU and wall seconds.
#   scripts/gnubg-rollout.sh FILE TRIALS THREADS [TRUNCATE] [SEED]
# gnubg prints rollout results only to a terminal, hence `script` (a pseudo-terminal). Settings match
# `./tabla rollout --positions FILE --trials TRIALS --threads THREADS [--truncate N]`: 0-ply checker play,
# variance reduction, quasi-random dice, games stopped once both sides are in the one-sided bear-off database.
set -euo pipefail
FILE=$1 TRIALS=$2 THREADS=$3 TRUNCATE=${4:-0} SEED=${5:-1}
CMD=$(mktemp) OUT=$(mktemp)
{
  echo "set player 0 human"; echo "set player 1 human"; echo "set jacoby off"; echo "set cube use off"
  echo "set threads $THREADS"; echo "set rollout trials $TRIALS"; echo "set rollout cubeful off"
  echo "set rollout varredn on"; echo "set rollout quasirandom on"; echo "set rollout seed $SEED"
  echo "set rollout chequerplay plies 0"
  if [ "$TRUNCATE" -gt 0 ]; then
    echo "set rollout truncation enable on"; echo "set rollout truncation plies $TRUNCATE"
    echo "set rollout truncation chequerplay plies 0"
  else
    echo "set rollout truncation enable off"
  fi
  echo "new game"
  while read -r id; do
    [ -z "$id" ] && continue
    echo "set gnubgid $id:MAEAAAAAAAAE"; echo "rollout"
  done < "$FILE"
} > "$CMD"
START=$(date +%s.%N)
/usr/bin/time -f "%U %S" -o "$OUT.time" script -qc "/usr/games/gnubg -t -q -r < $CMD" /dev/null > "$OUT" 2>&1
END=$(date +%s.%N)
tr '\r' '\n' < "$OUT" | awk '/Rollout done/ {done=1} done && /CL [+-]/ {eq=$NF} done && /^ \[.*CL/ {gsub(/\]/,""); se=$(NF-1); print eq, se; done=0}' \
  | paste -d' ' <(grep -v '^$' "$FILE") -
read -r U S < "$OUT.time"
echo "gnubg: user+sys CPU $(echo "$U + $S" | bc) s, wall $(echo "$END - $START" | bc) s" >&2
rm -f "$CMD" "$OUT" "$OUT.time"
