#!/usr/bin/env bash
# ./tabla loadtest against a server started as its own process, as `./tabla serve` starts it (README "Running the
# server", the think-time table):
#   scripts/think-loadtest.sh [loadtest options…]        e.g. --think 2-6 --games 5000 --users 300 --seconds 40
# A fresh H2 folder each run (TABLA_THINK_DIR, default data/think), port TABLA_THINK_PORT (default 18080), the server's
# garbage collections logged to gc.log there. TABLA_SERVER_HOME runs the server from another checkout's build (a
# "before" jar); the load generator is always this checkout's. Prints the load test's report, then each process's CPU
# time during the play (from "set up" to the report, /proc) per accepted action, the server's RSS at the end and at
# its peak and its threads, the load average, both processes' longest GC pauses (gc-generator.log), and the server's
# largest classes after a full collection (jcmd) with the matches still open. TABLA_JAVA_OPTS is added to the server's
# JVM options (as ./tabla serve does), TABLA_GENERATOR_OPTS to the load generator's (e.g. another collector).
# TABLA_SERVER_CPUS and TABLA_GENERATOR_CPUS (taskset lists, e.g. 0 and 1) pin each process to its own cores.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
HOME_DIR="${TABLA_SERVER_HOME:-$ROOT}"
DIR="${TABLA_THINK_DIR:-$ROOT/data/think}"
PORT="${TABLA_THINK_PORT:-18080}"
HZ="$(getconf CLK_TCK)"
cp_of() { echo "$1/cli/target/tabla-cli.jar:$1/cli/target/lib/*"; }
"$ROOT/tabla" help > /dev/null # builds this checkout if stale
rm -rf "$DIR" && mkdir -p "$DIR"
# the server's JVM as ./tabla serve starts it (TABLA_JAVA_OPTS after, as there)
pin() { if [ -n "$1" ]; then echo taskset -c "$1"; fi; }
# shellcheck disable=SC2086,SC2046
TABLA_DATA="$DIR/h2" TABLA_RATE_LIMITS=off nice -n 19 $(pin "${TABLA_SERVER_CPUS:-}") java -XX:+UseSerialGC -XX:TieredStopAtLevel=4 -Xmx768m -Xss512k \
  "-Xlog:gc:file=$DIR/gc.log" ${TABLA_JAVA_OPTS:-} -cp "$(cp_of "$HOME_DIR")" tabla.cli.Main serve --port "$PORT" \
  > "$DIR/server.log" 2>&1 &
SERVER=$!
trap 'kill "$SERVER" 2>/dev/null || true; [ -n "${GEN:-}" ] && kill "$GEN" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  curl -s -o /dev/null "http://127.0.0.1:$PORT/" && break
  sleep 1
done
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
: > "$DIR/loadtest.log"
# shellcheck disable=SC2086,SC2046
nice -n 19 $(pin "${TABLA_GENERATOR_CPUS:-}") java -XX:+UseSerialGC "-Xlog:gc:file=$DIR/gc-generator.log" ${TABLA_GENERATOR_OPTS:-} -cp "$(cp_of "$ROOT")" tabla.cli.Main loadtest \
  --url "http://127.0.0.1:$PORT" "$@" \
  > "$DIR/loadtest.log" 2>&1 &
GEN=$!
s0=""; g0=""; load0=""
while kill -0 "$GEN" 2>/dev/null; do
  if [ -z "$s0" ] && grep -q "^set up " "$DIR/loadtest.log"; then
    s0="$(cpu "$SERVER")"; g0="$(cpu "$GEN")"; load0="$(cut -d' ' -f1 /proc/loadavg)"
  fi
  if grep -q "actions accepted" "$DIR/loadtest.log"; then
    s1="$(cpu "$SERVER")"; g1="$(cpu "$GEN")"; load1="$(cut -d' ' -f1 /proc/loadavg)"
    rss="$(awk '/VmRSS/ {print $2}' "/proc/$SERVER/status")"; peak="$(awk '/VmHWM/ {print $2}' "/proc/$SERVER/status")"
    threads="$(awk '/Threads/ {print $2}' "/proc/$SERVER/status")"
    jcmd "$SERVER" GC.class_histogram > "$DIR/histogram.txt" # the matches still open: the generator closes them after
    break
  fi
  sleep 0.5
done
wait "$GEN" || true
cat "$DIR/loadtest.log"
[ -n "$s0" ] && [ -n "${s1:-}" ] || { echo "think-loadtest.sh: the load test did not finish" >&2; exit 1; }
actions="$(sed -nE 's/.*actions accepted: ([0-9]+).*/\1/p' "$DIR/loadtest.log")"
awk -v s0="$s0" -v s1="$s1" -v g0="$g0" -v g1="$g1" -v hz="$HZ" -v n="$actions" -v rss="$rss" -v peak="$peak" \
  -v l0="$load0" -v l1="$load1" -v th="$threads" 'BEGIN {
  printf "CPU during the play: server %.1f s (%.2f ms per accepted action), load generator %.1f s (%.2f ms)\n",
    (s1 - s0) / hz, (n > 0 ? (s1 - s0) / hz * 1000 / n : 0), (g1 - g0) / hz, (n > 0 ? (g1 - g0) / hz * 1000 / n : 0)
  printf "server RSS at the end %.0f MB, at its peak %.0f MB, %d threads; load average %s -> %s\n", rss / 1024,
    peak / 1024, th, l0, l1 }'
for log in gc.log gc-generator.log; do
  echo "GC pauses ($log): $(grep -c Pause "$DIR/$log") in all, the longest:"
  grep Pause "$DIR/$log" | awk '{print $NF, $0}' | sort -rn | head -3 | cut -d' ' -f2-
done
echo "the server's heap after a full collection at the end of the play, sockets open (jcmd GC.class_histogram):"
sed -n '4,13p;$p' "$DIR/histogram.txt"
