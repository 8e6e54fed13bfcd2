#!/usr/bin/env bash
# ./tabla loadtest through HAProxy against a fresh cluster of N nodes (README "Running a cluster"):
#   scripts/cluster-loadtest.sh NODES [loadtest options…]
# (TABLA_LOADTEST_WARMUP=SECONDS: an uncounted load test first, see below; TABLA_LOADTEST_THREADS=1: the nodes' CPU
# during the play by thread, the JVM's names with their numbers removed, summed over the nodes; TABLA_LOADTEST_CPUS:
# the load generator's cores, a taskset CPU list, beside cluster.sh's TABLA_NODE_CPUS and TABLA_PROXY_CPUS;
# TABLA_LOADTEST_IDLE=SECONDS: before any play, the nodes' CPU with no load over that long, per node and second;
# TABLA_LOADTEST_JFR=1: a JFR recording (settings=profile) of each node during the counted play, its hottest
# methods printed and the recordings left in TABLA_CLUSTER_DIR/nI-play.jfr)
# Starts the cluster (scripts/cluster.sh, on TABLA_DB_URL, which should be an empty database or schema), plays,
# prints the load test's report and the nodes' CPU time during the play (from "set up" to the end, /proc) per
# accepted action, with and without the JIT compiler threads (a compiler thread that ended during the play is not
# subtracted), then stops the cluster. PostgreSQL's and HAProxy's own CPU is not counted.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
NODES="${1:?usage: scripts/cluster-loadtest.sh NODES [loadtest options]}"; shift
export TABLA_CLUSTER_NODES="$NODES" TABLA_RATE_LIMITS="${TABLA_RATE_LIMITS:-off}"
DIR="${TABLA_CLUSTER_DIR:-$ROOT/data/cluster}"
PORT="${TABLA_CLUSTER_PORT:-8080}"
"$ROOT/scripts/cluster.sh" start
trap '"$ROOT/scripts/cluster.sh" stop' EXIT
HZ="$(getconf CLK_TCK)"
GEN=("$ROOT/tabla") # the load generator, on its own cores if asked
[ -n "${TABLA_LOADTEST_CPUS:-}" ] && GEN=(taskset -c "$TABLA_LOADTEST_CPUS" "$ROOT/tabla")
cpu() { # the nodes' user+system CPU seconds so far
  local t=0
  for i in $(seq 1 "$NODES"); do
    t=$((t + $(awk '{print $14 + $15}' "/proc/$(cat "$DIR/n$i.pid")/stat")))
  done
  echo "$t"
}
threads() { # "name PID/task/TID ticks" for every thread of every node, the digits and spaces of its name removed (qtp12-3 → qtp-)
  local name stat
  for i in $(seq 1 "$NODES"); do
    for t in /proc/"$(cat "$DIR/n$i.pid")"/task/*; do
      { read -r name < "$t/comm" && read -r stat < "$t/stat"; } 2>/dev/null || continue # ended meanwhile
      set -- ${stat##*) } # the fields after the name: utime and stime are the 12th and 13th
      echo "${name//[0-9 ]/} ${t#/proc/} $(( ${12} + ${13} ))"
    done
  done
}
# "PID/TID ticks" of every JIT compiler thread of every node ("C2 CompilerThread0": /proc keeps 15 characters)
compiler_ticks() {
  local name stat
  for i in $(seq 1 "$NODES"); do
    for t in /proc/"$(cat "$DIR/n$i.pid")"/task/*; do
      { read -r name < "$t/comm" && read -r stat < "$t/stat"; } 2>/dev/null || continue
      case "$name" in C1\ CompilerThr*|C2\ CompilerThr*) ;; *) continue ;; esac
      set -- ${stat##*) }
      echo "${t#/proc/} $(( ${12} + ${13} ))"
    done
  done
}
# the compiler threads' CPU ticks since the snapshot in file $1, thread by thread: the JVM starts and ends compiler
# threads as the work comes, so a sum of the totals would lose an ended thread's earlier ticks (one that ended since
# is not counted; one that started counts from 0)
compilers_since() { compiler_ticks | awk 'NR == FNR { s[$1] = $2; next } { d += $2 - s[$1] } END { print d + 0 }' "$1" -; }
pids() { for i in $(seq 1 "$NODES"); do cat "$DIR/n$i.pid"; done; }
rm -f "$DIR/cpu-start" "$DIR/report" "$DIR/threads-start" "$DIR/threads-end" "$DIR/compilers-start" "$DIR/compilers-idle"
# TABLA_LOADTEST_IDLE=SECONDS: the nodes' own cost with nobody playing (lease renewal and scans, presence, the
# listening connection, the pool's housekeeping, HAProxy's health checks), read before the first play: after it, the
# play's tail (rooms leaving memory, sockets closing, the JIT still compiling what it saw) would count as well
if [ -n "${TABLA_LOADTEST_IDLE:-}" ]; then
  sleep 5
  a="$(cpu)"; compiler_ticks > "$DIR/compilers-idle"; sleep "$TABLA_LOADTEST_IDLE"
  b="$(cpu)"; jit="$(compilers_since "$DIR/compilers-idle")"
  awk -v a="$a" -v b="$b" -v ca=0 -v cb="$jit" -v hz="$HZ" -v s="$TABLA_LOADTEST_IDLE" -v nodes="$NODES" 'BEGIN {
    printf "idle: %.2f ms of CPU per node per second over %d s (without the JIT compiler threads: %.2f ms)\n",
      (b - a) / hz * 1000 / nodes / s, s, ((b - a) - (cb - ca)) / hz * 1000 / nodes / s }'
fi
# TABLA_LOADTEST_WARMUP=SECONDS: a load test of that length first, not counted: each node's JIT compiles the hot code
# after so many calls, so in a short run N nodes, each with 1/N of the calls, would be measured colder than one
if [ -n "${TABLA_LOADTEST_WARMUP:-}" ]; then
  echo "warming up for ${TABLA_LOADTEST_WARMUP} s (not counted)…"
  warm=() # the same options, its own --seconds
  skip=0
  for a in "$@"; do
    if [ "$skip" = 1 ]; then skip=0; continue; fi
    case "$a" in --seconds) skip=1 ;; --seconds=*) ;; *) warm+=("$a") ;; esac
  done
  "${GEN[@]}" loadtest --url "http://127.0.0.1:$PORT" --actions http "${warm[@]}" --seconds "$TABLA_LOADTEST_WARMUP" \
    | grep -E "^(set up|games held)" || true
fi
# the load test's exit status says whether it saw errors; its report says how many: go on to the CPU either way
# actions posted over HTTP: a game socket on a node that does not run its game refuses actions (docs/api.md)
"${GEN[@]}" loadtest --url "http://127.0.0.1:$PORT" --actions http "$@" | while IFS= read -r line; do
  echo "$line"
  case "$line" in
    "set up "*)
      cpu > "$DIR/cpu-start"; compiler_ticks > "$DIR/compilers-start"
      [ "${TABLA_LOADTEST_THREADS:-}" = 1 ] && threads > "$DIR/threads-start"
      if [ "${TABLA_LOADTEST_JFR:-}" = 1 ]; then
        for p in $(pids); do jcmd "$p" JFR.start name=play settings=profile > /dev/null; done
      fi ;;
    *"actions accepted"*) echo "$line" > "$DIR/report" ;;
  esac
done || true
end="$(cpu)"; jit="$(compilers_since "$DIR/compilers-start")"
[ "${TABLA_LOADTEST_THREADS:-}" = 1 ] && threads > "$DIR/threads-end" # now: the JFR dump below is not the play's
if [ "${TABLA_LOADTEST_JFR:-}" = 1 ]; then
  i=0
  for p in $(pids); do
    i=$((i + 1)); rm -f "$DIR/n$i-play.jfr"
    jcmd "$p" JFR.stop name=play filename="$DIR/n$i-play.jfr" > /dev/null || continue
    echo "node n$i's hottest methods during the play (JFR execution samples: top frame; first tabla frame):"
    jfr print --events jdk.ExecutionSample "$DIR/n$i-play.jfr" | awk '
      /stackTrace = \[/ { top = 1; mine = 1; n++; next }
      top && NF { f = $1; sub(/\(.*/, "", f); tops[f]++; top = 0 }
      mine && $1 ~ /^tabla\./ { f = $1; sub(/\(.*/, "", f); ours[f]++; mine = 0 }
      /^\]/ || /^ *\]$/ { mine = 0 }
      END {
        for (f in tops) printf "  top   %5.1f %%  %s\n", 100 * tops[f] / n, f
        for (f in ours) printf "  tabla %5.1f %%  %s\n", 100 * ours[f] / n, f
        printf "  (%d samples)\n", n
      }' | sort -k1,1 -k2,2rn | awk '$1 == "top" && t++ < 12 || $1 == "tabla" && o++ < 12 || /samples/'
  done
fi
if [ "${TABLA_LOADTEST_THREADS:-}" = 1 ] && [ -f "$DIR/threads-start" ]; then
  # thread by thread, summed by name: one that ended during the play is not counted; one that started counts from 0
  awk -v hz="$HZ" 'NR == FNR { start[$2] = $3; next } { d[$1] += $3 - start[$2] }
    END { for (n in d) if (d[n] > 0) printf "  %-28s %7.2f s\n", n, d[n] / hz }' \
    "$DIR/threads-start" "$DIR/threads-end" | sort -k2 -rn | head -15 | sed '1i the nodes'"'"' CPU during the play by thread:'
fi
[ -f "$DIR/cpu-start" ] && [ -f "$DIR/report" ] || { echo "cluster-loadtest.sh: the load test did not finish" >&2; exit 1; }
start="$(cat "$DIR/cpu-start")"
actions="$(sed -E 's/.*actions accepted: ([0-9]+).*/\1/' "$DIR/report")"
awk -v a="$start" -v b="$end" -v ca=0 -v cb="$jit" -v hz="$HZ" -v n="$actions" \
    -v nodes="$NODES" 'BEGIN {
  all = (b - a) / hz; jit = (cb - ca) / hz
  printf "nodes: %d; their CPU during the play: %.1f s; per accepted action: %.2f ms\n", nodes, all,
    (n > 0 ? all * 1000 / n : 0)
  printf "JIT compiler threads during the play: %.1f s; per accepted action without them: %.2f ms\n", jit,
    (n > 0 ? (all - jit) * 1000 / n : 0) }'
# requests that reached a node other than their game's and were sent on (affinity should leave none), per node
fwd=""
for i in $(seq 1 "$NODES"); do
  n="$(curl -fs "http://127.0.0.1:$((PORT + i))/metrics" | awk '/^tabla_cluster_forwarded_total/ { printf "%d", $2 }' || true)"
  fwd="$fwd n$i ${n:-?}"
done
echo "requests forwarded to another node, by node:$fwd"
