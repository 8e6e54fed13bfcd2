#!/usr/bin/env python3
"""Builds Tabla's container image as an OCI image archive, with no container daemon and no registry.

Why this way: a base image would come from a container registry, which the build machines cannot reach
(only Maven Central, Debian and npm), and Jib's tar output still needs one. So the image is assembled here
from what the machine has:
  layer 1, the runtime: a Java runtime cut with jlink to the modules the jars use (jdeps), the shared
           libraries it links against (found with ldd, copied from this Debian system), /etc/passwd with an
           unprivileged user 10001, /tmp and /data;
  layer 2, the application: the unpacked distribution under /opt/tabla.
The result is an OCI image layout in a tar (index.json, blobs/sha256/…) that also carries Docker's
manifest.json, so `podman load -i`, `docker load -i` and `skopeo copy oci-archive:…` all read it.
Layers are reproducible: sorted names, fixed times and owners.
"""
import argparse
import gzip
import hashlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile

EPOCH = 1767225600  # 2026-01-01T00:00:00Z: every file's time, so the same inputs give the same layers
EXTRA_MODULES = ["java.logging", "java.management", "java.xml", "jdk.crypto.ec", "jdk.zipfs", "jdk.localedata"]
USER = 10001


def run(cmd):
    return subprocess.run(cmd, check=True, capture_output=True, text=True).stdout


def modules(jdk, app_lib):
    jars = sorted(os.path.join(app_lib, j) for j in os.listdir(app_lib) if j.endswith(".jar"))
    out = run([os.path.join(jdk, "bin", "jdeps"), "--ignore-missing-deps", "--print-module-deps",
               "--multi-release", "17", "--class-path", os.pathsep.join(jars)] + jars)
    found = out.strip().splitlines()[-1].split(",")
    return sorted(set(m.strip() for m in found if m.strip()) | set(EXTRA_MODULES))


def jlink(jdk, mods, dest):
    run([os.path.join(jdk, "bin", "jlink"), "--add-modules", ",".join(mods), "--output", dest,
         "--strip-debug", "--no-header-files", "--no-man-pages", "--compress=2"])


def native_libraries(root):
    """Every shared library the runtime's ELF files load, by the path the loader finds them at."""
    libs = set()
    for d, _, files in os.walk(root):
        for f in files:
            p = os.path.join(d, f)
            if os.path.islink(p) or not (f.endswith(".so") or d.endswith("/bin")):
                continue
            with open(p, "rb") as fh:
                if fh.read(4) != b"\x7fELF":
                    continue
            try:
                out = run(["ldd", p])
            except subprocess.CalledProcessError:
                continue
            for line in out.splitlines():
                m = re.search(r"=>\s+(/\S+)", line) or re.match(r"\s*(/\S+)\s+\(", line)
                if m and not m.group(1).startswith(root):
                    libs.add(m.group(1))
    return sorted(libs)


class Layer:
    """A reproducible tar layer built in memory."""

    def __init__(self):
        self.buf = io.BytesIO()
        self.tar = tarfile.open(fileobj=self.buf, mode="w", format=tarfile.PAX_FORMAT)
        self.dirs = set()

    def _info(self, name, kind, mode, uid=0):
        ti = tarfile.TarInfo(name)
        ti.type, ti.mode, ti.mtime, ti.uid, ti.gid, ti.uname, ti.gname = kind, mode, EPOCH, uid, uid, "", ""
        return ti

    def dir(self, name, mode=0o755, uid=0):
        parts = name.strip("/").split("/")
        for i in range(1, len(parts) + 1):
            p = "/".join(parts[:i])
            if p not in self.dirs:
                self.dirs.add(p)
                last = i == len(parts)
                self.tar.addfile(self._info(p, tarfile.DIRTYPE, mode if last else 0o755, uid if last else 0))

    def file(self, name, data, mode=0o644):
        name = name.strip("/")
        self.dir(os.path.dirname(name)) if "/" in name else None
        ti = self._info(name, tarfile.REGTYPE, mode)
        ti.size = len(data)
        self.tar.addfile(ti, io.BytesIO(data))

    def symlink(self, name, target):
        name = name.strip("/")
        self.dir(os.path.dirname(name))
        ti = self._info(name, tarfile.SYMTYPE, 0o777)
        ti.linkname = target
        self.tar.addfile(ti)

    def tree(self, src, dest):
        entries = []
        for d, dirs, files in os.walk(src):
            dirs.sort()
            for n in sorted(dirs + files):
                entries.append(os.path.join(d, n))
        self.dir(dest)
        for p in sorted(entries):
            rel = os.path.join(dest, os.path.relpath(p, src)).strip("/")
            if os.path.islink(p):
                self.symlink(rel, os.readlink(p))
            elif os.path.isdir(p):
                self.dir(rel, os.stat(p).st_mode & 0o777)
            else:
                with open(p, "rb") as fh:
                    self.file(rel, fh.read(), os.stat(p).st_mode & 0o777)

    def finish(self):
        self.tar.close()
        raw = self.buf.getvalue()
        gz = io.BytesIO()
        with gzip.GzipFile(fileobj=gz, mode="wb", mtime=0) as g:
            g.write(raw)
        return raw, gz.getvalue()


def sha(b):
    return "sha256:" + hashlib.sha256(b).hexdigest()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--jdk", required=True)
    ap.add_argument("--app", required=True, help="the unpacked distribution (bin/, lib/, …)")
    ap.add_argument("--version", required=True)
    ap.add_argument("--out", required=True)
    a = ap.parse_args()

    work = tempfile.mkdtemp(prefix="tabla-image-")
    try:
        mods = modules(a.jdk, os.path.join(a.app, "lib"))
        rt = os.path.join(work, "java")
        jlink(a.jdk, mods, rt)

        base = Layer()
        base.tree(rt, "opt/java")
        for lib in native_libraries(rt):
            with open(os.path.realpath(lib), "rb") as fh:
                base.file(lib, fh.read(), 0o755)
        base.file("etc/passwd", f"root:x:0:0:root:/root:/sbin/nologin\ntabla:x:{USER}:{USER}:Tabla:/data:/sbin/nologin\n".encode())
        base.file("etc/group", f"root:x:0:\ntabla:x:{USER}:\n".encode())
        for d in ("proc", "sys", "dev"):  # mount points the container runtime fills
            base.dir(d)
        base.dir("tmp", 0o1777)
        base.dir("data", 0o750, USER)
        app = Layer()
        app.tree(a.app, "opt/tabla")
        layers = [base.finish(), app.finish()]

        config = {
            "created": "2026-01-01T00:00:00Z",
            "architecture": "amd64",
            "os": "linux",
            "config": {
                "User": f"{USER}:{USER}",
                "Env": ["PATH=/opt/java/bin:/usr/bin:/bin", "JAVA_HOME=/opt/java", "LANG=C.UTF-8",
                        "TABLA_BIND=0.0.0.0", "TABLA_DATA=/data",
                        # serve's JVM options, as bin/tabla gives them; -e JDK_JAVA_OPTIONS=... replaces them
                        "JDK_JAVA_OPTIONS=-XX:+UseSerialGC -Xmx768m -Xss512k"],
                "Entrypoint": ["/opt/java/bin/java", "-cp", "/opt/tabla/lib/*", "tabla.cli.Main"],
                "Cmd": ["serve"],
                "ExposedPorts": {"8080/tcp": {}},
                "Volumes": {"/data": {}},
                "WorkingDir": "/data",
                "Labels": {
                    "org.opencontainers.image.title": "Tabla",
                    "org.opencontainers.image.version": a.version,
                    "org.opencontainers.image.licenses": "AGPL-3.0-or-later",
                },
            },
            "rootfs": {"type": "layers", "diff_ids": [sha(raw) for raw, _ in layers]},
            "history": [{"created": "2026-01-01T00:00:00Z", "created_by": "jlink " + ",".join(mods) + " + ldd libraries"},
                        {"created": "2026-01-01T00:00:00Z", "created_by": "tabla distribution " + a.version}],
        }
        config_bytes = json.dumps(config, sort_keys=True, separators=(",", ":")).encode()
        manifest = {
            "schemaVersion": 2,
            "mediaType": "application/vnd.oci.image.manifest.v1+json",
            "config": {"mediaType": "application/vnd.oci.image.config.v1+json", "digest": sha(config_bytes),
                       "size": len(config_bytes)},
            "layers": [{"mediaType": "application/vnd.oci.image.layer.v1.tar+gzip", "digest": sha(gz), "size": len(gz)}
                       for _, gz in layers],
        }
        manifest_bytes = json.dumps(manifest, sort_keys=True, separators=(",", ":")).encode()
        tag = f"tabla:{a.version}".lower()
        index = {
            "schemaVersion": 2,
            "mediaType": "application/vnd.oci.image.index.v1+json",
            "manifests": [{"mediaType": "application/vnd.oci.image.manifest.v1+json", "digest": sha(manifest_bytes),
                           "size": len(manifest_bytes),
                           "annotations": {"org.opencontainers.image.ref.name": a.version.lower(),
                                           "io.containerd.image.name": tag}}],
        }
        blobs = {sha(config_bytes): config_bytes, sha(manifest_bytes): manifest_bytes}
        for _, gz in layers:
            blobs[sha(gz)] = gz
        docker = [{"Config": "blobs/sha256/" + sha(config_bytes)[7:], "RepoTags": [tag],
                   "Layers": ["blobs/sha256/" + sha(gz)[7:] for _, gz in layers]}]

        out = Layer()
        out.file("oci-layout", json.dumps({"imageLayoutVersion": "1.0.0"}).encode())
        out.file("index.json", json.dumps(index, sort_keys=True).encode())
        out.file("manifest.json", json.dumps(docker).encode())
        for d in sorted(blobs):
            out.file("blobs/sha256/" + d[7:], blobs[d])
        out.tar.close()
        with open(a.out, "wb") as fh:
            fh.write(out.buf.getvalue())
        print(a.out)
        print(f"image {tag}: {len(mods)} modules, layers {[len(gz) for _, gz in layers]} bytes (gzip)", file=sys.stderr)
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
