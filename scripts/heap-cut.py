#!/usr/bin/env python3
# SPDX-License-Identifier: AGPL-3.0-or-later
"""What would a reference cost if it were gone? A headless look into an HPROF heap dump (jcmd PID GC.heap_dump),
standard library only (dev tool; docs/measurements/2026-11-27-heap-per-match-2.md).

    scripts/heap-cut.py DUMP N [CUT ...]

N divides every figure (e.g. the live matches in the dump). Without CUTs: the classes by shallow bytes. Each CUT is
one or more items joined by '+', each 'full.Class.Name#field' (references through that field are dropped) or
'full.Class.Name' (every reference to its instances is dropped); printed: the bytes that would no longer be reachable
from the GC roots, per N, by class. Sizes are estimates (12-byte headers, 4-byte references, 8-byte alignment).
"""
import collections
import struct
import sys

TSIZE = {2: 8, 4: 1, 5: 2, 6: 4, 7: 8, 8: 1, 9: 2, 10: 4, 11: 8}
PRIM = {4: 'boolean[]', 5: 'char[]', 6: 'float[]', 7: 'double[]', 8: 'byte[]', 9: 'short[]', 10: 'int[]', 11: 'long[]'}
ROOT_SKIP = {0xFF: 8, 0x01: 16, 0x02: 16, 0x03: 16, 0x04: 12, 0x05: 8, 0x06: 12, 0x07: 8, 0x08: 16}
U8, U4, U2 = struct.Struct('>Q'), struct.Struct('>I'), struct.Struct('>H')


def load(path):
    """(names by object, sizes by object, edges: object -> [(child, field)], roots)."""
    data = open(path, 'rb').read()
    p = data.index(b'\0') + 1
    if U4.unpack_from(data, p)[0] != 8:
        sys.exit('only 8-byte identifiers')
    p += 12
    strings, classname, segments = {}, {}, []
    while p < len(data):
        tag, length = data[p], U4.unpack_from(data, p + 5)[0]
        body, p = p + 9, p + 9 + length
        if tag == 0x01:
            strings[U8.unpack_from(data, body)[0]] = data[body + 8:body + length].decode('utf-8', 'replace')
        elif tag == 0x02:
            classname[U8.unpack_from(data, body + 4)[0]] = strings.get(U8.unpack_from(data, body + 16)[0], '?').replace('/', '.')
        elif tag in (0x0C, 0x1C):
            segments.append((body, body + length))
    roots, classes, instances = set(classname), {}, []
    name, size, edges = {}, {}, collections.defaultdict(list)
    for q, end in segments:
        while q < end:
            sub = data[q]
            q += 1
            if sub in ROOT_SKIP:
                roots.add(U8.unpack_from(data, q)[0])
                q += ROOT_SKIP[sub]
            elif sub == 0x20:  # class: constant pool, statics, instance fields
                cid, sup = U8.unpack_from(data, q)[0], U8.unpack_from(data, q + 12)[0]
                q += 64
                ncp = U2.unpack_from(data, q)[0]
                q += 2
                for _ in range(ncp):  # constant pool: index, type, value
                    q += 3 + TSIZE[data[q + 2]]
                nstat = U2.unpack_from(data, q)[0]
                q += 2
                for _ in range(nstat):
                    field, t = strings.get(U8.unpack_from(data, q)[0], '?'), data[q + 8]
                    if t == 2 and U8.unpack_from(data, q + 9)[0]:
                        edges[cid].append((U8.unpack_from(data, q + 9)[0], 'static ' + field))
                    q += 9 + TSIZE[t]
                nf = U2.unpack_from(data, q)[0]
                q += 2
                fields = []
                for _ in range(nf):
                    fields.append((strings.get(U8.unpack_from(data, q)[0], '?'), data[q + 8]))
                    q += 9
                classes[cid] = (sup, fields)
            elif sub == 0x21:
                oid, cid, n = U8.unpack_from(data, q)[0], U8.unpack_from(data, q + 12)[0], U4.unpack_from(data, q + 20)[0]
                instances.append((oid, cid, q + 24))
                size[oid] = (12 + n + 7) // 8 * 8
                q += 24 + n
            elif sub == 0x22:
                oid, n, acid = U8.unpack_from(data, q)[0], U4.unpack_from(data, q + 12)[0], U8.unpack_from(data, q + 16)[0]
                name[oid], size[oid] = classname.get(acid, '?'), (16 + 4 * n + 7) // 8 * 8
                kids = edges[oid]
                for i in range(n):
                    c = U8.unpack_from(data, q + 24 + 8 * i)[0]
                    if c:
                        kids.append((c, '[]'))
                q += 24 + 8 * n
            elif sub == 0x23:
                oid, n, t = U8.unpack_from(data, q)[0], U4.unpack_from(data, q + 12)[0], data[q + 16]
                name[oid], size[oid] = PRIM[t], (16 + TSIZE[t] * n + 7) // 8 * 8
                q += 17 + TSIZE[t] * n
            else:
                sys.exit('unknown heap dump record %x' % sub)
    layout = {}
    for oid, cid, q in instances:
        if cid not in layout:
            fs, c = [], cid
            while c:
                fs.extend(classes[c][1])
                c = classes[c][0]
            layout[cid] = fs
        name[oid] = classname.get(cid, '?')
        kids = edges[oid]
        for field, t in layout[cid]:
            if t == 2:
                c = U8.unpack_from(data, q)[0]
                if c:
                    kids.append((c, field))
            q += TSIZE[t]
    for cid in classname:
        name.setdefault(cid, classname[cid] + '.class')
    return name, size, edges, roots


def reach(name, edges, roots, fields=frozenset(), classes=frozenset()):
    seen = {r for r in roots if name.get(r) not in classes}
    stack = list(seen)
    while stack:
        o = stack.pop()
        owner = name.get(o)
        for c, f in edges.get(o, ()):
            if c in seen or (owner, f) in fields or name.get(c) in classes:
                continue
            seen.add(c)
            stack.append(c)
    return seen


def main():
    path, n, cuts = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
    name, size, edges, roots = load(path)
    live = reach(name, edges, roots)
    print('reachable: %d objects, %.1f MB, %d bytes per %d' % (len(live), sum(size.get(o, 0) for o in live) / 1e6,
                                                               sum(size.get(o, 0) for o in live) // n, n))
    if not cuts:
        by, count = collections.Counter(), collections.Counter()
        for o in live:
            by[name.get(o)] += size.get(o, 0)
            count[name.get(o)] += 1
        for k, b in by.most_common(50):
            print('%9d %8.2f  %s' % (b // n, count[k] / n, k))
    for cut in cuts:
        items = cut.split('+')
        kept = reach(name, edges, roots, frozenset(tuple(i.split('#')) for i in items if '#' in i),
                     frozenset(i for i in items if '#' not in i))
        by, count = collections.Counter(), collections.Counter()
        for o in live - kept:
            by[name.get(o)] += size.get(o, 0)
            count[name.get(o)] += 1
        print('=== without %s: %d bytes per %d fewer (%d objects); by class, bytes and objects per %d:'
              % (cut, sum(by.values()) // n, n, sum(count.values()), n))
        for k, b in by.most_common(12):
            print('   %8d %8.2f  %s' % (b // n, count[k] / n, k))


if __name__ == '__main__':
    main()
