#!/usr/bin/env bash
# ./tabla dist: the distribution a club installs, built here once; running it needs only a Java 17+ runtime.
#   target/dist/tabla-VERSION.tar.gz      bin/tabla (launcher), lib/*.jar, LICENSE, README.md, docs/, deploy/,
#                                         sbom/tabla-bom.json (CycloneDX: every jar under lib/, its version and licence)
#   target/dist/tabla-VERSION-image.tar   an OCI image (docker load / podman load / skopeo), made without any
#                                         container daemon or registry: see scripts/oci-image.py
# Options: --no-image (tarball only).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
IMAGE=1
for a in "$@"; do
  case "$a" in
    --no-image) IMAGE=0 ;;
    *) echo "tabla dist: unknown option $a" >&2; exit 2 ;;
  esac
done

VERSION="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -n 1)"
echo "tabla dist: building $VERSION (mvn package, CycloneDX bill of materials)…" >&2
# the BOM aggregates the modules built here (not bench); a fixed time keeps the tarball reproducible
mvn -q -B -ntp -DskipTests -Dproject.build.outputTimestamp=2026-01-01T00:00:00Z -pl cli -am package \
  org.cyclonedx:cyclonedx-maven-plugin:makeAggregateBom >&2

OUT="$ROOT/target/dist"
NAME="tabla-$VERSION"
STAGE="$OUT/$NAME"
rm -rf "$STAGE" "$OUT/$NAME.tar.gz"
mkdir -p "$STAGE/bin" "$STAGE/lib" "$STAGE/docs" "$STAGE/sbom"
cp cli/target/tabla-cli.jar cli/target/lib/*.jar "$STAGE/lib/"
cp target/tabla-bom.json "$STAGE/sbom/"
cp LICENSE README.md "$STAGE/"
cp docs/operating.md "$STAGE/docs/"
cp -r deploy "$STAGE/deploy"
cat > "$STAGE/bin/tabla" <<'LAUNCHER'
#!/bin/sh
# Tabla's launcher: needs only a Java 17 or later runtime (JAVA_HOME, else java on the PATH).
#   tabla serve             the site (settings: docs/operating.md)
#   tabla backup | admin …  operations; tabla help lists every command
# JVM options: TABLA_JAVA_OPTS (e.g. "-Xmx1g -Dlogback.configurationFile=/etc/tabla/logback.xml"); serve's own
# defaults (-XX:+UseSerialGC -Xmx768m -Xss512k) come first, so these override them.
set -e
SELF="$(readlink -f "$0")"
HOME_DIR="$(cd "$(dirname "$SELF")/.." && pwd)"
if [ -n "$JAVA_HOME" ]; then JAVA="$JAVA_HOME/bin/java"; else JAVA="java"; fi
if ! command -v "$JAVA" >/dev/null 2>&1; then
  echo "tabla: no Java runtime found: install one (apt-get install openjdk-17-jre-headless) or set JAVA_HOME" >&2
  exit 1
fi
# The site: a capped heap (memory stays near what it uses) and small thread stacks; TABLA_JAVA_OPTS, after, wins.
SERVE_OPTS=""
[ "${1:-}" = serve ] && SERVE_OPTS="-XX:+UseSerialGC -Xmx768m -Xss512k"
# shellcheck disable=SC2086
exec "$JAVA" $SERVE_OPTS ${TABLA_JAVA_OPTS:-} -cp "$HOME_DIR/lib/*" tabla.cli.Main "$@"
LAUNCHER
chmod 755 "$STAGE/bin/tabla"
# Reproducible: sorted names, fixed owner and time.
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime='2026-01-01 00:00Z' -C "$OUT" -czf "$OUT/$NAME.tar.gz" "$NAME"
echo "$OUT/$NAME.tar.gz"

if [ "$IMAGE" = 1 ]; then
  JDK="${TABLA_IMAGE_JDK:-/usr/lib/jvm/java-17-openjdk-amd64}"
  if [ ! -d "$JDK/jmods" ]; then
    echo "tabla dist: installing openjdk-17-jmods (jlink needs them for the image's runtime)" >&2
    if [ "$(id -u)" -eq 0 ]; then apt-get install -y -qq openjdk-17-jmods >&2; else sudo -n apt-get install -y -qq openjdk-17-jmods >&2; fi
  fi
  python3 "$ROOT/scripts/oci-image.py" --jdk "$JDK" --app "$STAGE" --version "$VERSION" --out "$OUT/$NAME-image.tar"
fi
