#!/bin/bash
# Long runs against GNU Backgammon in checkpointed chunks (resumable: a chunk with a summary is skipped).
#
# Usage: scripts/gnubg-batch.sh OUTDIR PORT CHUNKS PER_CHUNK FIRST_SEED [play_vs_gnubg.sh options...]
#   The bot must already listen on 127.0.0.1:PORT, e.g.  ./tabla gnubg-player --port PORT --plies 2 &
#   Chunk i plays PER_CHUNK games (money) or matches (--match L) with gnubg's dice seed FIRST_SEED + i,
#   through scripts/gnubg/play_vs_gnubg.sh, niced by GNUBG_NICE (default 10; 0 for a run that has the machine's
#   priority); its files go to OUTDIR/chunk_i.
#   Progress: OUTDIR/progress.log.  Totals (matches won with a Wilson interval, points per game):
#   python3 scripts/gnubg-tally.py OUTDIR
# Example (the README's five-point matches):
#   scripts/gnubg-batch.sh /tmp/m5 18813 16 25 5000 --match 5 --cube on
set -u
[ $# -ge 5 ] || { sed -n 2,13p "$0"; exit 2; }
HERE="$(cd "$(dirname "$0")" && pwd)"
PLAY="$HERE/gnubg/play_vs_gnubg.sh"
OUT=$1; PORT=$2; NC=$3; CS=$4; SB=$5; shift 5
mkdir -p "$OUT"
for i in $(seq 0 $((NC - 1))); do
  C="$OUT/chunk_$i"
  [ -f "$C/summary.txt" ] && continue
  rm -rf "$C"
  nice -n "${GNUBG_NICE:-10}" "$PLAY" 127.0.0.1:"$PORT" "$CS" --seed $((SB + i)) --out "$C" --no-audit "$@" > "$C.tmp" 2>&1
  mv "$C.tmp" "$C/summary.txt"
  echo "$(date -u +%H:%M:%S) chunk $i seed $((SB + i)): $(grep -E '^matches|^bot points' "$C/summary.txt" | tr '\n' ' ')" >> "$OUT/progress.log"
done
echo "done $(date -u +%H:%M:%S)" >> "$OUT/progress.log"
