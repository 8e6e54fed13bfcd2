#!/bin/bash
# Usage: gen_corpus.sh [OUT.jsonl] [N] [GAMES] [SEED]
set -euo pipefail
HERE="$(cd "$(dirname "$0")" && pwd)"
export PATH="$PATH:/usr/games"
export HARNESS_DIR="$HERE"
export CORPUS_OUT="$(realpath -m "${1:-movegen_corpus.jsonl}")"
export CORPUS_N="${2:-2000}" CORPUS_GAMES="${3:-150}" CORPUS_SEED="${4:-12345}"
gnubg -q -t -r -p "$HERE/gen_corpus.py" > /dev/null
