#!/usr/bin/env bash
# Packs what a load test needs on a lent device machine (no Java there): a jlink'd Java runtime cut to the modules
# the jars use, the CLI's jars, and loadtest.sh. Run from the project root after building (./tabla --version).
# Writes .device-pack/ (about 45 MB; add "/.device-pack/" to .git/info/exclude), then call the device with
#   carry [".device-pack"], command "bash .device-pack/before-after.sh" (see scripts/device/README.md).
# DEVICE_PACK: another folder under the root to write (pack-cluster.sh's .devpack-cluster).
set -euo pipefail
ROOT=$(pwd); OUT="$ROOT/${DEVICE_PACK:-.device-pack}"; HERE="$(cd "$(dirname "$0")" && pwd)"
[ -f cli/target/tabla-cli.jar ] || { echo "build first: ./tabla --version"; exit 1; }
rm -rf "$OUT" && mkdir -p "$OUT"; T=$(mktemp -d)
mods=$(jdeps --ignore-missing-deps --multi-release 17 --print-module-deps --class-path "cli/target/lib/*" \
  cli/target/tabla-cli.jar cli/target/lib/*.jar 2>/dev/null | tail -1)
jlink --add-modules "$mods,java.logging,java.management,java.xml,jdk.crypto.ec,jdk.zipfs,jdk.localedata,jdk.jfr,jdk.unsupported,java.net.http,java.sql,jdk.management,jdk.jcmd,jdk.attach" \
  --strip-debug --no-header-files --no-man-pages --output "$T/jre"
tar cJf "$OUT/jre.txz" -C "$T" jre
tar cJf "$OUT/lib.txz" -C cli/target lib
cp cli/target/tabla-cli.jar "$OUT/"; cp "$HERE/before-after.sh" "$OUT/"
rm -rf "$T"; du -sh "$OUT"
