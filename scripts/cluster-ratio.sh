#!/usr/bin/env bash
# Issue 30's figure: the nodes' CPU per action with 3 nodes against 1 (goal ≤ 1.3), from an interleaved series of
# scripts/cluster-loadtest.sh runs, each on a fresh schema of TABLA_DB_URL's database (made and dropped with psql):
#   TABLA_DB_URL=jdbc:postgresql://localhost:5432/DB TABLA_DB_USER=U TABLA_DB_PASSWORD=P \
#     scripts/cluster-ratio.sh [loadtest options]      (default: --games 100 --users 40 --match-length 3 --seconds 45)
# (not more than about 100 games: HAProxy takes at most 256 connections from one address, and the load test opens
# two sockets a game besides its HTTP connections — with 200 games it meets resets)
# TABLA_RATIO_SERIES (default "1 3 1 3") is the series of node counts; TABLA_LOADTEST_WARMUP (default 45) the
# uncounted warm-up of each run (the CPU is counted only after it: steady state); TABLA_LOADTEST_IDLE (default 20)
# the seconds of no load, before each run's warm-up, over which the nodes' idle CPU is read; TABLA_LOADTEST_THREADS=1 adds each
# run's CPU by thread, TABLA_LOADTEST_JFR=1 each node's hottest methods. About 2 minutes a run on quiet cores. The
# ratio is printed with the JIT compiler threads counted and without them. Every run's report goes to
# TABLA_CLUSTER_DIR/ratio.log (default data/cluster/ratio.log).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SERIES="${TABLA_RATIO_SERIES:-1 3 1 3}"
URL="${TABLA_DB_URL:?TABLA_DB_URL: a PostgreSQL database of its own (jdbc:postgresql://HOST:PORT/DB)}"
: "${TABLA_DB_USER:?TABLA_DB_USER}" "${TABLA_DB_PASSWORD:?TABLA_DB_PASSWORD}"
[[ "$URL" =~ ^jdbc:postgresql://([^/:?]+)(:([0-9]+))?/([A-Za-z0-9_]+)$ ]] \
  || { echo "cluster-ratio.sh: TABLA_DB_URL must be jdbc:postgresql://HOST[:PORT]/DB, without parameters" >&2; exit 2; }
PGHOST_="${BASH_REMATCH[1]}" PGPORT_="${BASH_REMATCH[3]:-5432}" PGDB_="${BASH_REMATCH[4]}"
sql() { PGPASSWORD="$TABLA_DB_PASSWORD" psql -h "$PGHOST_" -p "$PGPORT_" -U "$TABLA_DB_USER" -d "$PGDB_" -v ON_ERROR_STOP=1 -qc "$1"; }
[ $# -gt 0 ] || set -- --games 100 --users 40 --match-length 3 --seconds 45
export TABLA_LOADTEST_WARMUP="${TABLA_LOADTEST_WARMUP:-45}" TABLA_FIBS_PORT="${TABLA_FIBS_PORT:-off}" \
  TABLA_LOADTEST_IDLE="${TABLA_LOADTEST_IDLE:-20}"
DIR="${TABLA_CLUSTER_DIR:-$ROOT/data/cluster}"
mkdir -p "$DIR"
LOG="$DIR/ratio.log"
RESULTS="$(mktemp)"
trap 'rm -f "$RESULTS"' EXIT
echo "cluster-ratio.sh $(date -u +%FT%TZ): series $SERIES, warm-up $TABLA_LOADTEST_WARMUP s (not counted), idle" \
  "$TABLA_LOADTEST_IDLE s before each warm-up, options $*" | tee -a "$LOG"
run=0
for n in $SERIES; do
  run=$((run + 1))
  schema="ratio_$(date +%s)_$run"
  sql "CREATE SCHEMA $schema"
  echo "run $run: $n node(s), schema $schema, load average $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$LOG"
  TABLA_DB_URL="$URL?currentSchema=$schema" "$ROOT/scripts/cluster-loadtest.sh" "$n" "$@" 2>&1 | tee -a "$LOG" \
    | grep -E "actions accepted|per accepted action|^idle: " | tee -a /dev/stderr \
    | sed -nE -e "s/.*per accepted action: ([0-9.]+) ms.*/$n all \\1/p" \
      -e "s/.*per accepted action without them: ([0-9.]+) ms.*/$n nojit \\1/p" \
      -e "s/^idle: ([0-9.]+) ms .*without the JIT compiler threads: ([0-9.]+) ms.*/$n idle \\1 \\2/p" >> "$RESULTS" \
    || true
  sql "DROP SCHEMA $schema CASCADE"
done
# "N all MS", "N nojit MS", "N idle MS MS_NOJIT" per run
awk '$2 == "idle" { idle[$1] += $3; idlej[$1] += $4; icnt[$1]++; next }
  { k = $1 " " $2; sum[k] += $3; cnt[k]++; runs[k] = runs[k] " " $3 }
  END {
    for (k in sum) {
      split(k, p, " ")
      printf "%s node(s): %.2f ms of CPU per action in steady state, %s (mean of%s)\n", p[1], sum[k] / cnt[k],
        p[2] == "all" ? "JIT compilers included" : "JIT compilers excluded", runs[k]
    }
    for (n in icnt) printf "%s node(s) idle: %.2f ms of CPU per node per second (%.2f without the JIT compilers)\n", n,
      idle[n] / icnt[n], idlej[n] / icnt[n]
    if (cnt["1 all"] && cnt["3 all"]) printf "ratio 3 nodes / 1 node: %.2f, JIT compilers included (goal: at most 1.3)\n",
      (sum["3 all"] / cnt["3 all"]) / (sum["1 all"] / cnt["1 all"])
    if (cnt["1 nojit"] && cnt["3 nojit"]) printf "ratio 3 nodes / 1 node: %.2f, JIT compilers excluded\n",
      (sum["3 nojit"] / cnt["3 nojit"]) / (sum["1 nojit"] / cnt["1 nojit"])
  }' "$RESULTS" | sort | tee -a "$LOG"
