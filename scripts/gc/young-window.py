#!/usr/bin/env python3
# Young collections between FROM and TO seconds of a -Xlog:gc*,gc+age=trace log: how many, CPU per pause (gc+cpu),
# wall, what was left in the survivor space and what was promoted:  scripts/gc/young-window.py gcx.log FROM TO [RATE]
# With RATE (accepted actions per second in the window, the load test's report), also per action: bytes allocated
# (the young generation's growth from one collection to the next) and bytes left at age 1 (what lived through one
# collection, i.e. through a think time), each collection's divided by the actions since the one before.
import re,sys
f,a,b=sys.argv[1],float(sys.argv[2]),float(sys.argv[3])
rate=float(sys.argv[4]) if len(sys.argv)>4 else None
g={}
for l in open(f):
    m=re.match(r'\[(\d+\.\d+)s\].*GC\((\d+)\) (.*)',l)
    if not m: continue
    t,i,rest=float(m.group(1)),int(m.group(2)),m.group(3)
    d=g.setdefault(i,{'t':t})
    if rest.startswith('Pause Young') and rest.endswith('ms'): d['wall']=float(rest.split()[-1][:-2]); d['young']=True
    if rest.startswith('Pause Full'): d['full']=True
    c=re.search(r'User=([\d.]+)s Sys=([\d.]+)s',rest)
    if c: d['cpu']=1000*(float(c.group(1))+float(c.group(2)))
    s=re.search(r'- age +1: +(\d+) bytes',rest)
    if s: d['age1']=int(s.group(1))
    o=re.search(r'(Tenured|ParOldGen|PSOldGen): (\d+)K\(\d+K\)->(\d+)K',rest)
    if o: d['prom']=(int(o.group(3))-int(o.group(2)))*1024
    y=re.search(r'(DefNew|PSYoungGen): \d+K\(\d+K\)->(\d+)K',rest)
    if y: d['surv']=int(y.group(2))*1024
    y=re.search(r'(DefNew|PSYoungGen): (\d+)K\(',rest)
    if y: d['before']=int(y.group(2))*1024
ys=[d for d in g.values() if d.get('young') and a<=d['t']<=b]
fu=[d for d in g.values() if d.get('full') and a<=d['t']<=b]
if not ys: print('no young collections'); sys.exit()
avg=lambda k:sum(d.get(k,0) for d in ys)/len(ys)
print(f"{len(ys)} young collections in {b-a:.0f} s (one every {(b-a)/len(ys):.2f} s), {len(fu)} full; per young: CPU {avg('cpu'):.0f} ms (max {max(d.get('cpu',0) for d in ys):.0f}), wall {avg('wall'):.0f} ms (max {max(d['wall'] for d in ys):.0f}), survivors after {avg('surv')/1e6:.1f} MB, promoted {avg('prom')/1e6:.1f} MB")
if rate:
    ids=sorted(i for i,d in g.items() if d.get('young') and 'before' in d and 'surv' in d)
    pairs=[(g[p],g[i]) for p,i in zip(ids,ids[1:]) if a<=g[p]['t'] and g[i]['t']<=b]  # whole intervals in the window
    if not pairs: sys.exit('no two young collections in the window')
    span=pairs[-1][1]['t']-pairs[0][0]['t']
    alloc=sum(d['before']-p['surv'] for p,d in pairs)
    age1=sum(d.get('age1',0)/(rate*(d['t']-p['t'])) for p,d in pairs)/len(pairs)
    print(f"per action at {rate:.0f}/s, {len(pairs)} intervals: allocated {alloc/(rate*span)/1e3:.1f} kB, left at age 1 {age1/1e3:.2f} kB "
          f"(the collection's age 1 over the actions since the one before)")
