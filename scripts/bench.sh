#!/usr/bin/env bash
# ./tabla bench [JMH options]: builds the JMH jar and runs it on one thread.
#   ./tabla bench                      every benchmark, with the settings in the classes
#   ./tabla bench MoveGen -f 1 -i 5    a quicker run
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
mvn -q -B -ntp -DskipTests -pl bench -am package >&2
CORPUS="$ROOT/core/src/test/resources/corpus"
exec java -Dtabla.corpus="$CORPUS" -jar bench/target/benchmarks.jar -jvmArgsAppend "-Dtabla.corpus=$CORPUS" "$@"
