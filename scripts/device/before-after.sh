#!/usr/bin/env bash
# Device: before/after load tests in one sitting. Server on cores 0-1, generator on 8-15, H2 in /tmp.
# Per build (before, after): closed loop; think-time 5000 matches with the server's live heap (after a full GC)
# read idle and with the matches open.
# SERVER_OPTS: the servers' JVM options (default as ./tabla serve: -XX:+UseSerialGC -Xmx768m -Xss512k).
# THINK: the think-time runs' load test options (default 5,000 matches, 30 s); GEN_TIMEOUT: the load generator's
# limit in seconds (default 230: set-up and play), longer with a longer --seconds. OPT_THINK: the AFTER_OPTS runs'
# load test options (default THINK), e.g. a longer play where the collections are rare.
# ONLYOPTS=1: only the AFTER_OPTS runs (a second device call, each call being limited to 10 minutes).
# AFTER_OPTS: more option sets for the after build's think-time run, separated by ';' (each one more run, labelled
# think5000-opt1, -opt2, …), e.g. AFTER_OPTS="-XX:+UseParallelGC -XX:ParallelGCThreads=2 -Xmx768m -Xss512k".
set -u
SERVER_OPTS=${SERVER_OPTS:--XX:+UseSerialGC -Xmx768m -Xss512k}
P="$(cd "$(dirname "$0")" && pwd)"; RES=${OUT:-/tmp/out}; OUT=/tmp/logs; mkdir -p "$OUT" "$RES"
D=/tmp/tabla; mkdir -p "$D"; [ -d "$D/jre" ] || tar xJf "$P/jre.txz" -C "$D"; J="$D/jre/bin/java"; JC="$D/jre/bin/jcmd"
for b in before after; do mkdir -p "$D/$b"; [ -d "$D/$b/lib" ] || tar xJf "$P/$b/lib.txz" -C "$D/$b"; done
# after/lib holds only the jars that differ; the rest come from before's
if [ -f "$P/after/same.txt" ]; then while read -r f; do cp -n "$D/before/lib/$f" "$D/after/lib/" 2>/dev/null; done < "$P/after/same.txt"; fi
cpu() { awk '{print $14 + $15}' "/proc/$1/stat"; }
live() { "$JC" "$1" GC.run >/dev/null 2>&1; "$JC" "$1" GC.heap_info 2>/dev/null | awk '/generation/ {for(i=1;i<=NF;i++) if($i=="used") {v=$(i+1); sub(/K,?/,"",v); s+=v}} END{printf "%.1f", s/1024}'; }
run() { # $1 build, $2 label, $3 loadtest args, $4 the server's JVM options
  local b=$1 L=$2 CP="$P/$1/tabla-cli.jar:$D/$1/lib/*" port=18$((RANDOM % 900 + 100)) log="$OUT/$1-$2"
  # shellcheck disable=SC2086
  rm -rf "$D/data"; TABLA_DATA="$D/data" TABLA_RATE_LIMITS=off TABLA_FIBS_PORT=off taskset -c 0-1 "$J" $4 \
    -Xlog:gc,gc+cpu:file="$log-gc.log" -Xlog:gc*,gc+age=trace:file="$log-gcx.log" -cp "$CP" tabla.cli.Main serve --port "$port" > "$log-server.log" 2>&1 &
  local S=$!; for _ in $(seq 1 120); do curl -s -o /dev/null "http://127.0.0.1:$port/" && break; sleep 0.5; done
  local idle; idle=$(live $S)
  timeout "${GEN_TIMEOUT:-230}" taskset -c 8-15 "$J" -XX:+UseSerialGC -Xmx4g -cp "$CP" tabla.cli.Main loadtest --url "http://127.0.0.1:$port" $3 > "$log-loadtest.log" 2>&1 &
  local G=$! s0="" s1="" t0="" busy="" n g0=0 g1=0
  while kill -0 $G 2>/dev/null; do
    if [ -z "$s0" ] && grep -q "^set up " "$log-loadtest.log"; then s0=$(cpu $S); t0=$SECONDS; g0=$(wc -l < "$log-gc.log"); fi
    if [ -z "${NOHEAP:-}" ] && [ -n "$t0" ] && [ -z "$busy" ] && [ $((SECONDS - t0)) -ge 12 ]; then busy=$(live $S); fi
    grep -q "actions accepted" "$log-loadtest.log" && { s1=$(cpu $S); g1=$(wc -l < "$log-gc.log"); break; }
    sleep 0.5
  done
  wait $G
  n=$(sed -nE 's/.*actions accepted: ([0-9]+).*/\1/p' "$log-loadtest.log" | head -1)
  { echo "### $b $L: $3"; echo "server JVM: $4"; grep -v "^\s*at " "$log-loadtest.log" | tail -n 12
    [ -n "$s0" ] && [ -n "$s1" ] && awk -v a="$s0" -v c="$s1" -v n="${n:-0}" 'BEGIN{printf "server CPU %.1f s (%.3f ms per action)\n",(c-a)/100,(n>0?(c-a)*10/n:0)}'
    echo "server live heap after full GC: idle ${idle} MB, during play ${busy:-?} MB"
    echo "server GC pauses: $(grep -c Pause "$log-gc.log"), longest: $(grep Pause "$log-gc.log" | grep -v "Full\|GC.run\|Diagnostic" | awk '{print $NF}' | sort -rn | head -3 | tr '\n' ' ')"
    # the play's young collections (between "set up" and the report): how many, their sum and the longest
    sed -n "$((g0 + 1)),${g1}p" "$log-gc.log" | grep "Pause Young" | awk '{v=$NF; sub(/ms/,"",v); n++; s+=v; if (v>m) m=v}
      END {printf "young pauses during the play: %d, %.0f ms in all, longest %.1f ms\n", n, s, m}'
    echo; } >> "$OUT/summary.md"; cp "$OUT/summary.md" "$RES/"
  kill $S; wait $S 2>/dev/null
}
THINK=${THINK:---think 2-6 --games 5000 --users 300 --seconds 30}
[ -n "${ONLYTHINK:-}" ] || for b in before after; do run $b closed "--games 200 --seconds 20 --users 40" "$SERVER_OPTS"; done
[ -n "${ONLYOPTS:-}" ] || for b in after before; do run $b think5000 "$THINK" "$SERVER_OPTS"; done
i=0; IFS=';' read -ra more <<< "${AFTER_OPTS:-}"
for o in "${more[@]}"; do i=$((i + 1)); run after "think5000-opt$i" "${OPT_THINK:-$THINK}" "$o"; done
cat "$OUT/summary.md"; cp "$OUT/summary.md" "$RES/"; tar czf "$RES/logs.tgz" -C "$OUT" .
