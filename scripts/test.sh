#!/usr/bin/env bash
# ./tabla test: every test of every module. Installs what the tests need when it is missing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
if [ ! -d "$ROOT/../shared/corpus" ]; then
  echo "tabla test: ../shared/corpus is missing (the legal-play corpora the tests read)" >&2
  exit 1
fi
command -v mvn >/dev/null || { apt-get update -qq && apt-get install -y -qq maven; }
mvn -B -ntp verify "$@"
