#!/usr/bin/env bash
# Seeded random games of one variant through the engine, every position validated (VariantsTest), with
# a game count above what `./tabla test` plays: scripts/long-random-games.sh acey-deucey 10000
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VARIANT="${1:?variant}" GAMES="${2:-10000}"
cd "$ROOT"
mvn -B -ntp -q -pl core test -Dtest='VariantsTest#everyVariant*' \
  -Dsurefire.failIfNoSpecifiedTests=false -Dtabla.test.timeout='6 h' -Dtabla.randomGames.only="$VARIANT" -Dtabla.aceyDeuceyGames="$GAMES" -Dtabla.randomGames="$GAMES"
