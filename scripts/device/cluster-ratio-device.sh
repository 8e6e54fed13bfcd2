#!/usr/bin/env bash
# Device: issue 30's CPU per action, 3 nodes against 1 (scripts/cluster-ratio.sh), each node on cores of its own.
# Runs in the repository root with .devpack-cluster/ (scripts/device/pack-cluster.sh) carried:
#   bash scripts/device/cluster-ratio-device.sh [loadtest options]    (cluster-ratio.sh's defaults when none)
# Unpacks the runtime and PostgreSQL/HAProxy into TABLA_DEVICE_DIR (default /tmp/tabla-cluster), puts the CLI where
# ./tabla looks for it, starts a PostgreSQL of its own on 127.0.0.1:TABLA_DEVICE_PG_PORT (default 55432; made once,
# kept for a second call on the same machine) as user 65534 when run as root (PostgreSQL refuses root), then runs the
# series. Cores (taskset lists, 16 cores by default): TABLA_NODE_CPUS "0-1 2-3 4-5" (node i on the i-th),
# TABLA_PG_CPUS 6-9, TABLA_PROXY_CPUS 10-11, TABLA_LOADTEST_CPUS 12-15. TABLA_RATIO_SERIES (default "1 3") and
# TABLA_LOADTEST_WARMUP (default 120 s) and TABLA_LOADTEST_IDLE (default 15 s: the nodes' idle CPU before each warm-up) as
# in cluster-ratio.sh: a run is about 210 s with the defaults, so "1 3"
# fits in one 600 s call; a second call with "3 1" makes the interleaved four. RATIO_TIMEOUT (default 560 s) stops
# the series in time to bring the results back. Results in $OUT: ratio.txt (the series' output), ratio.log,
# machine.txt, logs.tgz (nodes, PostgreSQL).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"; cd "$ROOT"
P="$ROOT/.devpack-cluster"; RES="${OUT:-/tmp/out}"; D="${TABLA_DEVICE_DIR:-/tmp/tabla-cluster}"
[ -f "$P/pgha.txz" ] || { echo "cluster-ratio-device.sh: no $P/pgha.txz (scripts/device/pack-cluster.sh, carried)" >&2; exit 1; }
mkdir -p "$RES" "$D"; chmod 755 "$D"
[ -x "$D/jre/bin/java" ] || tar xJf "$P/jre.txz" -C "$D"
[ -x "$D/tools/bin/psql" ] || { mkdir -p "$D/tools"; tar xJf "$P/pgha.txz" -C "$D/tools"; chmod -R a+rX "$D/tools"; }
# the CLI where ./tabla and cluster.sh look for it, newer than every source so that neither rebuilds (no Maven here)
mkdir -p cli/target; rm -rf cli/target/lib; tar xJf "$P/lib.txz" -C cli/target
cp "$P/tabla-cli.jar" cli/target/; touch cli/target/tabla-cli.jar
export PATH="$D/tools/bin:$D/jre/bin:$PATH"
# Debian's PostgreSQL reads time zones from /usr/share/zoneinfo, which a bare machine may lack; GMT is built in. The
# JVMs take TZ too, so the JDBC driver asks for GMT as well.
export TZ=GMT
# cluster-ratio.sh's DROP SCHEMA … CASCADE would list every table it drops
export PGOPTIONS="-c client_min_messages=warning"

NODE_CPUS="${TABLA_NODE_CPUS:-0-1 2-3 4-5}"; PG_CPUS="${TABLA_PG_CPUS:-6-9}"
export TABLA_NODE_CPUS="$NODE_CPUS" TABLA_PROXY_CPUS="${TABLA_PROXY_CPUS:-10-11}" \
  TABLA_LOADTEST_CPUS="${TABLA_LOADTEST_CPUS:-12-15}"
for c in $NODE_CPUS "$PG_CPUS" "$TABLA_PROXY_CPUS" "$TABLA_LOADTEST_CPUS"; do
  taskset -c "$c" true || { echo "cluster-ratio-device.sh: no cores $c here ($(nproc) cores; see the TABLA_*_CPUS)" >&2; exit 2; }
done

# PostgreSQL: as root, run it as user 65534 (nobody), which initdb and postgres must find in /etc/passwd
AS=()
if [ "$(id -u)" = 0 ]; then
  grep -q '^[^:]*:[^:]*:65534:' /etc/passwd || echo 'nobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin' >> /etc/passwd
  AS=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
  mkdir -p "$D/pg"; chown 65534:65534 "$D/pg"
else
  mkdir -p "$D/pg"
fi
PGPORT_="${TABLA_DEVICE_PG_PORT:-55432}"; PGDATA_="$D/pg/data"
if [ ! -f "$PGDATA_/PG_VERSION" ]; then
  (cd "$D" && "${AS[@]}" initdb -D "$PGDATA_" -U tabla --auth=trust --locale=C --encoding=UTF8 --no-sync) > "$D/initdb.log"
  # TCP on the loopback only: Debian's default socket folder (/var/run/postgresql) need not exist; no JIT (not packed)
  printf "port = %s\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = ''\nmax_connections = 200\n%s\n" \
    "$PGPORT_" "jit = off
timezone = 'GMT'
log_timezone = 'GMT'" >> "$PGDATA_/postgresql.conf"
fi
if ! pg_isready -q -h 127.0.0.1 -p "$PGPORT_"; then
  (cd "$D" && "${AS[@]}" taskset -c "$PG_CPUS" pg_ctl -D "$PGDATA_" -l "$D/pg/postgres.log" -w -t 60 start) > /dev/null
fi
trap 'cd "$D" && "${AS[@]}" pg_ctl -D "$PGDATA_" -m fast stop > /dev/null || true' EXIT
q() { psql -h 127.0.0.1 -p "$PGPORT_" -U tabla -d postgres -v ON_ERROR_STOP=1 -qtAc "$1"; }
q "ALTER ROLE tabla PASSWORD 'tabla'"
[ "$(q "SELECT 1 FROM pg_database WHERE datname = 'tabla_ratio'")" = 1 ] || q "CREATE DATABASE tabla_ratio"

{ echo "cores: $(nproc); $(grep -m1 'model name' /proc/cpuinfo)"; free -g | head -2; cat "$D/tools/VERSIONS"
  java -version 2>&1 | sed -n 1p; echo "programs: $(command -v java haproxy psql pg_isready | tr '\n' ' ')"
  echo "nodes on $NODE_CPUS; PostgreSQL on $PG_CPUS; HAProxy on $TABLA_PROXY_CPUS; load generator on $TABLA_LOADTEST_CPUS"
  q "SELECT 'PostgreSQL share: ' || setting FROM pg_config WHERE name = 'SHAREDIR'"; } > "$RES/machine.txt"
cat "$RES/machine.txt"

export TABLA_DB_URL="jdbc:postgresql://127.0.0.1:$PGPORT_/tabla_ratio" TABLA_DB_USER=tabla TABLA_DB_PASSWORD=tabla \
  TABLA_CLUSTER_DIR="$D/cluster" TABLA_CLUSTER_PORT="${TABLA_CLUSTER_PORT:-18080}" \
  TABLA_RATIO_SERIES="${TABLA_RATIO_SERIES:-1 3}" TABLA_LOADTEST_WARMUP="${TABLA_LOADTEST_WARMUP:-120}" \
  TABLA_LOADTEST_THREADS="${TABLA_LOADTEST_THREADS:-1}" TABLA_LOADTEST_IDLE="${TABLA_LOADTEST_IDLE:-15}"
rc=0
timeout "${RATIO_TIMEOUT:-560}" scripts/cluster-ratio.sh "$@" > "$RES/ratio.txt" 2>&1 || rc=$?
# a series cut short by the timeout leaves its cluster running
[ "$rc" = 0 ] || scripts/cluster.sh stop > /dev/null 2>&1 || true
cat "$RES/ratio.txt"; cp "$D/cluster/ratio.log" "$RES/" 2>/dev/null || true
(cd "$D" && tar czf "$RES/logs.tgz" cluster/*.log cluster/haproxy.cfg pg/postgres.log) || true
exit "$rc"
