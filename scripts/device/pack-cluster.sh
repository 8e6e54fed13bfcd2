#!/usr/bin/env bash
# Packs what issue 30's cluster series (scripts/cluster-ratio.sh) needs on a lent device machine, which has no Java,
# PostgreSQL or HAProxy and no network: pack.sh's runtime and jars, plus PostgreSQL 15's server and client programs
# (Debian's), HAProxy, setpriv (to run PostgreSQL as a user other than root) and every library they load except
# glibc's own and those the packed Java loads (the device has them: Java runs there), 63.5 MiB in all. Run from the project root after building
# (./tabla --version). Writes .devpack-cluster/ (git-ignored): jre.txz, lib.txz, tabla-cli.jar and pgha.txz; then
#   carry [".devpack-cluster"], command "bash scripts/device/cluster-ratio-device.sh" (scripts/device/README.md).
# PostgreSQL finds its share and library folders relative to its program, so pgha.txz keeps Debian's layout under
# pg/ (pg/lib/postgresql/15/bin, pg/lib/postgresql/15/lib, pg/share/postgresql/15); the libraries go to lib/, named
# by LD_LIBRARY_PATH in the wrappers of bin/ (only these programs get it: Java and curl keep the device's own).
set -euo pipefail
ROOT=$(pwd); PACK=.devpack-cluster; OUT="$ROOT/$PACK"; HERE="$(cd "$(dirname "$0")" && pwd)"
PG=/usr/lib/postgresql/15; PGSHARE=/usr/share/postgresql/15
for f in "$PG/bin/postgres" "$PGSHARE/postgres.bki" /usr/sbin/haproxy /usr/bin/setpriv; do
  [ -e "$f" ] || { echo "pack-cluster.sh: $f missing (apt install postgresql-15 haproxy util-linux)" >&2; exit 1; }
done
DEVICE_PACK="$PACK" bash "$HERE/pack.sh" > /dev/null
rm -f "$OUT/before-after.sh" # pack.sh's device script; this pack's is scripts/device/cluster-ratio-device.sh
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
mkdir -p "$T/pg/lib/postgresql/15/bin" "$T/pg/lib/postgresql/15/lib" "$T/pg/share/postgresql" "$T/sbin" "$T/lib" "$T/bin"
progs=(postgres initdb pg_ctl psql pg_isready)
for p in "${progs[@]}"; do cp "$PG/bin/$p" "$T/pg/lib/postgresql/15/bin/"; done
# the server's loadable modules that initdb and Tabla's schema use: PL/pgSQL and the snowball dictionaries (initdb
# makes them); not the JIT (LLVM's 100 MB; jit is off) nor the extensions, to stay under 64 MiB
cp "$PG/lib/plpgsql.so" "$PG/lib/dict_snowball.so" "$T/pg/lib/postgresql/15/lib/"
cp -r "$PGSHARE" "$T/pg/share/postgresql/"
rm -rf "$T/pg/share/postgresql/15/man" "$T/pg/share/postgresql/15/extension"/*--*--*.sql # man pages, upgrade scripts
cp /usr/sbin/haproxy /usr/bin/setpriv "$T/sbin/"
# every library the programs and modules load, less glibc's own (they must match the device's loader) and those the
# packed runtime loads whenever it runs (the device has them, or pack.sh's Java would not run there: not AWT's)
tar xJf "$OUT/jre.txz" -C "$T" jre/lib
find "$T/jre/lib" \( -name libjvm.so -o -name libjava.so -o -name libjli.so -o -name libzip.so -o -name libnet.so \
  -o -name libnio.so \) -print0 | xargs -0 ldd 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// {print $3}' \
  | sed 's#.*/##' | sort -u > "$T/device-has"
find "$T/pg" "$T/sbin" -type f \( -perm -u+x -o -name '*.so' \) -print0 | xargs -0 ldd 2>/dev/null \
  | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u \
  | grep -vE '/(ld-linux[^/]*|libc|libm|libpthread|libdl|librt|libresolv|libutil|libanl)\.so[^/]*$' \
  | grep -vFf <(sed 's#^#/#; s#$#\n#' "$T/device-has" | grep .) \
  | while read -r l; do cp -L "$l" "$T/lib/"; done
rm -rf "$T/jre" "$T/device-has"
# wrappers on PATH: each program with the packed libraries
for p in "${progs[@]}"; do
  printf '#!/bin/sh\nD=$(cd "$(dirname "$0")/.." && pwd)\nLD_LIBRARY_PATH="$D/lib" exec "$D/pg/lib/postgresql/15/bin/%s" "$@"\n' "$p" > "$T/bin/$p"
done
for p in haproxy setpriv; do
  printf '#!/bin/sh\nD=$(cd "$(dirname "$0")/.." && pwd)\nLD_LIBRARY_PATH="$D/lib" exec "$D/sbin/%s" "$@"\n' "$p" > "$T/bin/$p"
done
chmod +x "$T/bin"/*
# the same programs' versions, to say what was measured
{ "$PG/bin/postgres" --version; /usr/sbin/haproxy -v | sed -n 1p; } > "$T/VERSIONS"
echo "uncompressed: $(du -sh "$T" | cut -f1)"
tar cJf "$OUT/pgha.txz" -C "$T" pg sbin lib bin VERSIONS
ls -l "$OUT"
size=$(du -cb "$OUT"/* | tail -1 | cut -f1)
awk -v s="$size" 'BEGIN { printf "%s: %.1f MiB of the 64 MiB a device call carries\n", "'"$PACK"'", s / 1048576 }'
[ "$size" -le $((64 * 1048576)) ] || { echo "pack-cluster.sh: over 64 MiB" >&2; exit 1; }
