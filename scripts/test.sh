#!/usr/bin/env bash
# ./tabla test: every test of every module. Installs what the tests need when it is missing (Maven,
# PostgreSQL, Chromium for the browser tests, Node.js for the web pages' unit tests, GNU Backgammon for the
# bot bridge's), and runs the server's database tests against a real PostgreSQL as well as H2: it installs Debian's
# postgresql when missing, starts its cluster, makes a role and a fresh database, and passes them to
# the tests as TABLA_TEST_PG_URL, TABLA_TEST_PG_USER and TABLA_TEST_PG_PASSWORD. The role may create databases: each
# of the server's test JVMs after the first makes its own beside that one (tabla_test_f2, …; TestDb). Safe to run again.
# Set TABLA_TEST_PG_URL yourself to use another PostgreSQL (its schema "public" is dropped and made again).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"

# Root runs as is (CI); anyone else needs sudo without a password prompt.
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -n "$@"; fi
}
as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then su postgres -s /bin/sh -c "$1"; else sudo -n -u postgres sh -c "$1"; fi
}
apt_install() {
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"
}

command -v mvn >/dev/null || apt_install maven
# web/src/test/js runs under Node's built-in test runner (node --test, Node 18 or later): no npm package
command -v node >/dev/null || { echo "tabla test: installing Node.js for the web unit tests" >&2; apt_install nodejs; }
# the bot bridge's tests play GNU Backgammon (Debian's package, an outside program) through ./tabla bot-bridge
[ -x /usr/games/gnubg ] || { echo "tabla test: installing GNU Backgammon for the bot bridge's tests" >&2; apt_install gnubg; }

PG_DB=tabla_test
PG_ROLE=tabla_test
PG_PASSWORD=tabla_test
start_postgres() {
  if ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || ! command -v pg_ctlcluster >/dev/null; then
    echo "tabla test: installing PostgreSQL" >&2
    apt_install postgresql
  fi
  local version port
  version="$(ls /usr/lib/postgresql | sort -V | tail -n 1)"
  if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { found = 1 } END { exit !found }'; then
    as_root pg_createcluster "$version" main >/dev/null
  fi
  port="$(pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" { print $3 }')"
  if ! pg_lsclusters -h | awk -v v="$version" '$1 == v && $2 == "main" && $4 == "online" { found = 1 } END { exit !found }'; then
    as_root pg_ctlcluster "$version" main start
  fi
  for _ in $(seq 1 60); do
    pg_isready -q -h localhost -p "$port" && break
    sleep 1
  done
  pg_isready -q -h localhost -p "$port" || { echo "tabla test: PostgreSQL $version did not start" >&2; exit 1; }
  # The role (made once) and a fresh, empty database for every run.
  as_postgres "psql -q -p $port -v ON_ERROR_STOP=1 -d postgres" <<SQL
SELECT 'CREATE ROLE $PG_ROLE LOGIN' WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$PG_ROLE')\gexec
ALTER ROLE $PG_ROLE LOGIN CREATEDB PASSWORD '$PG_PASSWORD';
DROP DATABASE IF EXISTS $PG_DB WITH (FORCE);
CREATE DATABASE $PG_DB OWNER $PG_ROLE;
SELECT format('DROP DATABASE %I WITH (FORCE)', datname) FROM pg_database WHERE datname LIKE '${PG_DB}\_f%'\gexec
SQL
  export TABLA_TEST_PG_URL="jdbc:postgresql://localhost:$port/$PG_DB"
  export TABLA_TEST_PG_USER="$PG_ROLE"
  export TABLA_TEST_PG_PASSWORD="$PG_PASSWORD"
  echo "tabla test: PostgreSQL $version on port $port, database $PG_DB" >&2
}
if [ -z "${TABLA_TEST_PG_URL:-}" ]; then
  start_postgres
fi

# The browser tests drive Debian's Chromium through Playwright (which must never download a browser).
if [ ! -x "${TABLA_CHROMIUM:-/usr/bin/chromium}" ]; then
  echo "tabla test: installing Chromium for the browser tests" >&2
  apt_install chromium fonts-dejavu-core fonts-liberation
fi
export TABLA_E2E=1
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1

mvn -B -ntp verify "$@"
