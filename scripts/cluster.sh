#!/usr/bin/env bash
# A Tabla cluster on this machine (README "Running a cluster"): PostgreSQL (Debian's, started if it is not
# running), HAProxy in front on TABLA_CLUSTER_PORT (default 8080, WebSockets included) and TABLA_CLUSTER_NODES
# nodes (default 3) on the loopback ports after it. Events between nodes go through PostgreSQL (LISTEN/NOTIFY), so
# there is no Redis to start.
#   scripts/cluster.sh start | stop | status | config
# (config: only write HAProxy's configuration and error answer into TABLA_CLUSTER_DIR; the HAProxy test uses it.)
# The database: TABLA_DB_URL, TABLA_DB_USER, TABLA_DB_PASSWORD (default jdbc:postgresql://localhost:5432/tabla,
# user tabla); it must exist (createdb). State, logs and the HAProxy configuration: TABLA_CLUSTER_DIR (default
# data/cluster).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="${TABLA_CLUSTER_DIR:-$ROOT/data/cluster}"
PORT="${TABLA_CLUSTER_PORT:-8080}"
NODES="${TABLA_CLUSTER_NODES:-3}"
DB_URL="${TABLA_DB_URL:-jdbc:postgresql://localhost:5432/tabla}"
DB_USER="${TABLA_DB_USER:-tabla}"
DB_PASSWORD="${TABLA_DB_PASSWORD:-}"
JAR="$ROOT/cli/target/tabla-cli.jar"
# Other layouts (the HAProxy test): TABLA_CLUSTER_NODE_PORTS ("8081 8082 …") names the nodes' ports, and
# TABLA_CLUSTER_PROXY_SOURCE the address HAProxy connects to the nodes from, which the nodes then trust as the proxy
# (the default, 127.0.0.1, is also the address of a client on this machine: its own X-Forwarded-For would count).
NODE_PORTS="${TABLA_CLUSTER_NODE_PORTS:-}"
PROXY_SOURCE="${TABLA_CLUSTER_PROXY_SOURCE:-}"
# Cores of their own (issue 30's CPU figure on a many-core machine): TABLA_NODE_CPUS, one taskset CPU list per node
# ("0-1 2-3 4-5": node i on the i-th), and TABLA_PROXY_CPUS, HAProxy's; unset, they run wherever the kernel puts them.
NODE_CPUS="${TABLA_NODE_CPUS:-}"
PROXY_CPUS="${TABLA_PROXY_CPUS:-}"

node_port() {
  if [ -n "$NODE_PORTS" ]; then local ports=($NODE_PORTS); echo "${ports[$(($1 - 1))]}"; else echo $((PORT + $1)); fi
}
alive() { [ -f "$1" ] && kill -0 "$(cat "$1")" 2>/dev/null; }
# "taskset -c CPUS" when CPUS is given ($1), else nothing: the command that follows runs on those cores
pin() { [ -n "$1" ] && echo "taskset -c $1"; true; }
node_cpus() { [ -n "$NODE_CPUS" ] || return 0; local cpus=($NODE_CPUS); echo "${cpus[$(($1 - 1))]:-}"; }

start_postgres() {
  local hostport host port
  hostport="$(sed -E 's#^jdbc:postgresql://([^/?]+).*#\1#' <<<"$DB_URL")"
  host="${hostport%%:*}"; port="${hostport##*:}"; [ "$port" = "$hostport" ] && port=5432
  if pg_isready -q -h "$host" -p "$port"; then
    echo "PostgreSQL: running on $host:$port"
    return
  fi
  if command -v pg_ctlcluster >/dev/null && [[ "$host" =~ ^(localhost|127\.0\.0\.1)$ ]]; then
    local version; version="$(pg_lsclusters -h | awk -v p="$port" '$3 == p {print $1 " " $2; exit}')"
    [ -n "$version" ] || { echo "cluster.sh: no local PostgreSQL cluster on port $port (apt install postgresql)" >&2; exit 1; }
    echo "PostgreSQL: starting cluster $version"
    pg_ctlcluster $version start
    echo "$version" > "$DIR/postgres-started"
    for _ in $(seq 30); do pg_isready -q -h "$host" -p "$port" && return; sleep 1; done
  fi
  echo "cluster.sh: PostgreSQL at $host:$port does not answer" >&2
  exit 1
}

# HAProxy's answer when no node answered: the API's JSON 503 (an errorfile is a whole HTTP response, sent as it is)
node_gone_answer() {
  local body='{"error":"the server running this request stopped; another takes over within seconds: try again"}'
  printf 'HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json\r\nRetry-After: 2\r\n'
  printf 'Cache-Control: no-store\r\nContent-Length: %d\r\nConnection: close\r\n\r\n%s' "${#body}" "$body"
}

haproxy_config() {
  cat <<CFG
# Written by scripts/cluster.sh: HTTP and WebSockets to $NODES Tabla nodes.
global
  # two descriptors a connection: within the usual limit of 20,000 open files
  maxconn 9000
defaults
  mode http
  option forwardfor
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # a WebSocket (a board, the site socket) stays open while the page is: the tunnel timeout, not the client's
  timeout tunnel 1h
  # issue 30: a request (headers and body) arrives whole within 10 s, and HAProxy holds it until then, so a client
  # that sends a byte at a time holds no node's request thread
  timeout http-request 10s
  option http-buffer-request
  # a node that dies mid-request: the client's retry goes to another one
  retries 2
  option redispatch
  # issue 30: a request in flight when its node dies gets the API's JSON 503 with Retry-After (the action's version
  # makes a retry safe), not HAProxy's HTML 502/504
  errorfile 502 $DIR/node-gone.http
  errorfile 503 $DIR/node-gone.http
  errorfile 504 $DIR/node-gone.http
frontend tabla
  bind 127.0.0.1:$PORT
  # at most 256 open connections per client address (the nodes see only HAProxy's, which they do not count)
  stick-table type ip size 100k expire 60s store conn_cur
  tcp-request connection track-sc0 src
  tcp-request connection reject if { sc_conn_cur(0) gt 256 }
  # only nodes may mark a request as forwarded by a node, and only HAProxy as sent to its game's node (below)
  http-request del-header X-Tabla-Node
  http-request del-header X-Tabla-Home
  # sign-up, guest accounts and log-in are limited per address in each node's memory: all of one address's go to
  # one node (by a hash of the address), so its counts hold across the cluster (a node's death resets its share)
  acl accounts path /api/register /api/guest /api/login
  use_backend by_address if accounts METH_POST
  # issue 30, affinity: a game's requests and its sockets go to one node, chosen by the game's id alone (so that
  # /api/games/7/actions and /ws/games/7 meet); that node takes the game's lease from whichever node created it
  # (X-Tabla-Home, which only HAProxy may send), so its actions are neither forwarded nor told by notices
  acl game_path path_reg ^/(api|ws)/games/[0-9]+(/|\$)
  use_backend by_game if game_path
  default_backend nodes
backend nodes
  balance roundrobin
  option httpchk GET /healthz
  default-server check inter 1s fall 2 rise 1
${PROXY_SOURCE:+  source $PROXY_SOURCE}
CFG
  for i in $(seq 1 "$NODES"); do echo "  server n$i 127.0.0.1:$(node_port "$i")"; done
  cat <<CFG
backend by_game
  # the id is the 4th field of /api/games/ID/… and /ws/games/ID; consistent hashing: a dead node's games (and only
  # they) move to the others, and come back when it returns
  http-request set-var(txn.game) path,field(4,/)
  balance hash var(txn.game)
  hash-type consistent
  http-request set-header X-Tabla-Home 1
${PROXY_SOURCE:+  source $PROXY_SOURCE}
CFG
  # a node's state as the nodes backend checks it (one health check a second per node, not one per backend)
  for i in $(seq 1 "$NODES"); do echo "  server n$i 127.0.0.1:$(node_port "$i") track nodes/n$i"; done
  cat <<CFG
backend by_address
  balance source
  hash-type consistent
${PROXY_SOURCE:+  source $PROXY_SOURCE}
CFG
  for i in $(seq 1 "$NODES"); do echo "  server n$i 127.0.0.1:$(node_port "$i") track nodes/n$i"; done
}

start() {
  if [ -n "$NODE_CPUS" ] && [ -z "$(node_cpus "$NODES")" ]; then
    echo "cluster.sh: TABLA_NODE_CPUS names fewer CPU lists than the $NODES nodes" >&2; exit 2
  fi
  mkdir -p "$DIR"
  start_postgres
  if [ ! -f "$JAR" ] || [ -n "$(find "$ROOT" \( -name target -o -name .git -o -name data \) -prune -o -type f \
      \( -name '*.java' -o -name pom.xml -o -path '*/src/main/resources/*' \) -newer "$JAR" -print -quit)" ]; then
    echo "building (mvn package)…"
    rm -rf "$ROOT/cli/target/lib"
    (cd "$ROOT" && mvn -q -B -ntp -DskipTests -pl cli -am package)
    touch "$JAR"
  fi
  [ -f "$DIR/secret" ] || head -c 24 /dev/urandom | base64 | tr -d '/+=' > "$DIR/secret"
  for i in $(seq 1 "$NODES"); do
    if alive "$DIR/n$i.pid"; then echo "node n$i: running already"; continue; fi
    TABLA_PORT="$(node_port "$i")" TABLA_NODE_ID="n$i" TABLA_CLUSTER_SECRET="$(cat "$DIR/secret")" \
      TABLA_DB_URL="$DB_URL" TABLA_DB_USER="$DB_USER" TABLA_DB_PASSWORD="$DB_PASSWORD" \
      TABLA_TRUSTED_PROXIES="${PROXY_SOURCE:-127.0.0.1}" TABLA_DATA="$DIR/n$i-data" \
      nohup $(pin "$(node_cpus "$i")") java -XX:+UseSerialGC -cp "$JAR:$ROOT/cli/target/lib/*" tabla.cli.Main serve \
      >> "$DIR/n$i.log" 2>&1 &
    echo $! > "$DIR/n$i.pid"
    echo "node n$i: started on 127.0.0.1:$(node_port "$i") (log $DIR/n$i.log)"
  done
  for i in $(seq 1 "$NODES"); do
    for _ in $(seq 120); do
      curl -fs "http://127.0.0.1:$(node_port "$i")/healthz" >/dev/null && break
      alive "$DIR/n$i.pid" || { echo "cluster.sh: node n$i exited; see $DIR/n$i.log" >&2; tail -20 "$DIR/n$i.log" >&2; exit 1; }
      sleep 1
    done
  done
  config > /dev/null
  if alive "$DIR/haproxy.pid"; then kill "$(cat "$DIR/haproxy.pid")"; sleep 0.5; fi
  $(pin "$PROXY_CPUS") haproxy -f "$DIR/haproxy.cfg" -D -p "$DIR/haproxy.pid"
  echo "HAProxy: http://127.0.0.1:$PORT/ -> $NODES nodes"
}

# HAProxy's configuration and its error answer, written into $DIR; prints the configuration's path
config() {
  mkdir -p "$DIR"
  node_gone_answer > "$DIR/node-gone.http"
  haproxy_config > "$DIR/haproxy.cfg"
  echo "$DIR/haproxy.cfg"
}

stop() {
  if alive "$DIR/haproxy.pid"; then kill "$(cat "$DIR/haproxy.pid")"; echo "HAProxy: stopped"; fi
  rm -f "$DIR/haproxy.pid"
  for f in "$DIR"/n*.pid; do
    [ -f "$f" ] || continue
    if alive "$f"; then
      local pid; pid="$(cat "$f")"
      kill "$pid" # a graceful stop: the node gives its games back, the others take them over at once
      for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
      kill -0 "$pid" 2>/dev/null && kill -9 "$pid"
      echo "node $(basename "$f" .pid): stopped"
    fi
    rm -f "$f"
  done
  if [ -f "$DIR/postgres-started" ]; then
    pg_ctlcluster $(cat "$DIR/postgres-started") stop && echo "PostgreSQL: stopped (this script had started it)"
    rm -f "$DIR/postgres-started"
  fi
}

status() {
  local code=0
  if alive "$DIR/haproxy.pid"; then echo "HAProxy: up on 127.0.0.1:$PORT"; else echo "HAProxy: down"; code=1; fi
  for i in $(seq 1 "$NODES"); do
    if alive "$DIR/n$i.pid" && curl -fs "http://127.0.0.1:$(node_port "$i")/healthz" >/dev/null; then
      echo "node n$i: up on 127.0.0.1:$(node_port "$i")"
    else
      echo "node n$i: down"; code=1
    fi
  done
  return $code
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  status) status ;;
  config) config ;;
  *) echo "usage: scripts/cluster.sh start|stop|status|config" >&2; exit 2 ;;
esac
