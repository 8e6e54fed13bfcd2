#!/usr/bin/env bash
# Puts two built checkouts' packs side by side for before-after.sh, under the 64 MiB a device call carries:
#   scripts/device/pair.sh BEFORE_CHECKOUT AFTER_CHECKOUT     (each built: ./tabla --version)
# Writes .device-pack/ here: jre.txz (after's), before-after.sh, before/{tabla-cli.jar,lib.txz},
# after/{tabla-cli.jar,lib.txz,same.txt} where after's lib.txz holds only the jars that differ from before's.
set -euo pipefail
B="$(cd "$1" && pwd)"; A="$(cd "$2" && pwd)"; HERE="$(cd "$(dirname "$0")" && pwd)"; OUT="$(pwd)/.device-pack"
for c in "$B" "$A"; do [ -f "$c/cli/target/tabla-cli.jar" ] || { echo "build $c first: ./tabla --version"; exit 1; }; done
(cd "$A" && bash "$HERE/pack.sh") # jre.txz and after's jars, into $A/.device-pack
[ "$A/.device-pack" = "$OUT" ] || { rm -rf "$OUT"; cp -r "$A/.device-pack" "$OUT"; }
mkdir -p "$OUT/before" "$OUT/after"
mv "$OUT/tabla-cli.jar" "$OUT/after/"; rm -f "$OUT/lib.txz"
cp "$B/cli/target/tabla-cli.jar" "$OUT/before/"; tar cJf "$OUT/before/lib.txz" -C "$B/cli/target" lib
T=$(mktemp -d); mkdir "$T/lib"; : > "$OUT/after/same.txt"
for f in "$A"/cli/target/lib/*.jar; do
  n=$(basename "$f")
  if [ -f "$B/cli/target/lib/$n" ] && cmp -s "$f" "$B/cli/target/lib/$n"; then echo "$n" >> "$OUT/after/same.txt"; else cp "$f" "$T/lib/"; fi
done
tar cJf "$OUT/after/lib.txz" -C "$T" lib; rm -rf "$T"
cp "$HERE/before-after.sh" "$OUT/"
echo "jars that differ: $(tar tJf "$OUT/after/lib.txz" | grep -c '\.jar$')"; du -sh "$OUT"
