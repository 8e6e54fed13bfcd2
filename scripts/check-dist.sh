#!/usr/bin/env bash
# Checks what `./tabla dist` made, as a club would use it:
#  0. the tarball carries its CycloneDX bill of materials, naming what lib/ holds;
#  1. the tarball, unpacked in a scratch folder, runs `bin/tabla serve` with only a Java runtime: a fake `mvn`
#     first on the PATH records any call (there must be none), and the site answers /healthz;
#  2. the OCI image archive is well formed (index, manifest, config and layer digests), and its layers,
#     unpacked into a root folder, run the server under chroot (skipped where chroot is not permitted).
# Usage: scripts/check-dist.sh [--no-build]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
[ "${1:-}" = "--no-build" ] || bash scripts/dist.sh >/dev/null
VERSION="$(sed -n 's:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -n 1)"
TARBALL="$ROOT/target/dist/tabla-$VERSION.tar.gz"
IMAGE="$ROOT/target/dist/tabla-$VERSION-image.tar"
SCRATCH="$(mktemp -d /tmp/tabla-dist-check.XXXXXX)"
PIDS=()
MOUNTED=""
cleanup() {
  for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null || true; done
  for p in "${PIDS[@]}"; do wait "$p" 2>/dev/null || true; done
  if [ -n "$MOUNTED" ]; then umount "$MOUNTED" || umount -l "$MOUNTED" || true; fi
  # never rm through a mount that is still there
  if [ -z "$MOUNTED" ] || ! mountpoint -q "$MOUNTED"; then rm -rf "$SCRATCH"; fi
}
trap cleanup EXIT

free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'; }
wait_ok() { # URL SECONDS
  for _ in $(seq 1 "$2"); do
    if curl -fsS "$1" >/dev/null 2>&1; then return 0; fi
    sleep 1
  done
  return 1
}

echo "== tarball: $TARBALL"
mkdir -p "$SCRATCH/unpacked" "$SCRATCH/fakebin"
tar -xzf "$TARBALL" -C "$SCRATCH/unpacked"
python3 - "$SCRATCH/unpacked/tabla-$VERSION" <<'PY'
import json, os, sys
home = sys.argv[1]
bom = json.load(open(os.path.join(home, "sbom/tabla-bom.json")))
assert bom["bomFormat"] == "CycloneDX", bom.get("bomFormat")
names = {c["name"]: c.get("version") for c in bom.get("components", [])}
for needed in ("javalin", "jackson-databind", "jetty-server", "flyway-core", "logback-classic", "tabla-core", "tabla-server"):
    assert needed in names, "the BOM lacks " + needed
for test_only in ("junit-jupiter", "assertj-core", "playwright"):
    assert test_only not in names, "the BOM lists the test dependency " + test_only
# every third-party jar under lib/ is in the BOM, at the version the jar's name says
jars = [j for j in os.listdir(os.path.join(home, "lib")) if j.endswith(".jar") and not j.startswith("tabla-")]
missing = [j for j in jars if not any(j == f"{n}-{v}.jar" for n, v in names.items())]
assert not missing, "jars under lib/ that the BOM does not list: " + ", ".join(sorted(missing))
print(f"ok: sbom/tabla-bom.json (CycloneDX {bom['specVersion']}) lists {len(names)} components, all {len(jars)} jars of lib/ among them;",
      "javalin", names["javalin"], "jackson-databind", names["jackson-databind"])
PY
printf '#!/bin/sh\necho "$0 $*" >> %s/mvn-called\nexit 1\n' "$SCRATCH" > "$SCRATCH/fakebin/mvn"
chmod +x "$SCRATCH/fakebin/mvn"
JAVA_BIN="$(dirname "$(readlink -f "$(command -v java)")")"
PORT="$(free_port)"
(cd "$SCRATCH" && env -i HOME="$SCRATCH" PATH="$SCRATCH/fakebin:$JAVA_BIN:/usr/bin:/bin" TABLA_DATA="$SCRATCH/data" \
  "$SCRATCH/unpacked/tabla-$VERSION/bin/tabla" serve --port "$PORT" > "$SCRATCH/serve.log" 2>&1) &
PIDS+=($!)
if ! wait_ok "http://127.0.0.1:$PORT${HEALTH_PATH:-/healthz}" 90; then
  echo "FAIL: the unpacked distribution did not answer /healthz"; tail -30 "$SCRATCH/serve.log"; exit 1
fi
[ ! -e "$SCRATCH/mvn-called" ] || { echo "FAIL: Maven was called: $(cat "$SCRATCH/mvn-called")"; exit 1; }
[ -f "$SCRATCH/data/tabla.mv.db" ] || { echo "FAIL: no database under TABLA_DATA"; exit 1; }
echo "ok: bin/tabla serve answered /healthz on port $PORT, no Maven call, database in TABLA_DATA"
# The operator's commands against the running server, through its admin token.
TABLA_CLI() { (cd "$SCRATCH" && env -i HOME="$SCRATCH" PATH="$SCRATCH/fakebin:$JAVA_BIN:/usr/bin:/bin" TABLA_DATA="$SCRATCH/data" \
  "$SCRATCH/unpacked/tabla-$VERSION/bin/tabla" "$@"); }
TABLA_CLI admin motd "Club night on Friday" >/dev/null
curl -fsS "http://127.0.0.1:$PORT/api/notices" | grep -q "Club night on Friday" || { echo "FAIL: tabla admin motd"; exit 1; }
BACKUP="$(TABLA_CLI backup | tail -1)"
[ -s "$BACKUP" ] || { echo "FAIL: tabla backup wrote nothing"; exit 1; }
echo "ok: tabla admin motd reached the running server; tabla backup wrote $(basename "$BACKUP") ($(stat -c %s "$BACKUP") bytes)"
curl -fsS "http://127.0.0.1:$PORT/metrics" | grep -q '^tabla_sockets_open' || { echo "FAIL: /metrics"; exit 1; }
grep -m1 "tabla.access" "$SCRATCH/serve.log" || true
[ ! -e "$SCRATCH/mvn-called" ] || { echo "FAIL: Maven was called: $(cat "$SCRATCH/mvn-called")"; exit 1; }
kill "${PIDS[0]}"; wait "${PIDS[0]}" 2>/dev/null || true

echo "== image: $IMAGE"
python3 - "$IMAGE" "$SCRATCH/rootfs" <<'PY'
import gzip, hashlib, io, json, sys, tarfile
image, rootfs = sys.argv[1], sys.argv[2]
t = tarfile.open(image)
blob = lambda d: t.extractfile("blobs/sha256/" + d.split(":")[1]).read()
def check(desc):
    b = blob(desc["digest"])
    assert len(b) == desc["size"] and "sha256:" + hashlib.sha256(b).hexdigest() == desc["digest"], desc
    return b
assert json.load(t.extractfile("oci-layout"))["imageLayoutVersion"] == "1.0.0"
index = json.load(t.extractfile("index.json"))
manifest = json.loads(check(index["manifests"][0]))
config = json.loads(check(manifest["config"]))
for layer, diff in zip(manifest["layers"], config["rootfs"]["diff_ids"]):
    gz = check(layer)
    assert "sha256:" + hashlib.sha256(gzip.decompress(gz)).hexdigest() == diff, "diff_id"
    raw = tarfile.open(fileobj=io.BytesIO(gz), mode="r:gz")
    raw.extractall(rootfs, filter="tar") if hasattr(tarfile, "data_filter") else raw.extractall(rootfs)
print("ok: image", index["manifests"][0]["annotations"]["io.containerd.image.name"], "entrypoint",
      " ".join(config["config"]["Entrypoint"] + config["config"]["Cmd"]), "layers", [l["size"] for l in manifest["layers"]])
PY
# A container runtime mounts /proc (the dynamic loader and the JVM need it); chroot does not, so bind it.
CHROOT="$(command -v chroot)"
mkdir -p "$SCRATCH/rootfs/proc"
if ! mount --bind /proc "$SCRATCH/rootfs/proc" 2>"$SCRATCH/mount.log"; then
  echo "skipped: cannot mount /proc for the chroot here ($(head -1 "$SCRATCH/mount.log")); the image was checked as files only"
  exit 0
fi
MOUNTED="$SCRATCH/rootfs/proc"
"$CHROOT" "$SCRATCH/rootfs" /opt/java/bin/java -version 2>&1 | head -1
PORT="$(free_port)"
env -i TABLA_BIND=127.0.0.1 TABLA_DATA=/data TABLA_PORT="$PORT" "$CHROOT" "$SCRATCH/rootfs" \
  /opt/java/bin/java -cp '/opt/tabla/lib/*' tabla.cli.Main serve > "$SCRATCH/image-serve.log" 2>&1 &
PIDS+=($!)
if ! wait_ok "http://127.0.0.1:$PORT${HEALTH_PATH:-/healthz}" 90; then
  echo "FAIL: the image's server did not answer /healthz"; tail -30 "$SCRATCH/image-serve.log"; exit 1
fi
echo "ok: the image's own runtime and jars serve /healthz under chroot (port $PORT)"
