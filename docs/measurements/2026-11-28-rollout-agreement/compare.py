import sys, math, statistics as st
g = {l.split()[0]: (float(l.split()[1]), float(l.split()[2])) for l in open(sys.argv[1]) if len(l.split()) >= 3}
o = {l.split()[0]: (float(l.split()[1]), float(l.split()[2])) for l in open(sys.argv[2]) if len(l.split()) >= 3}
ids = [i for i in g if i in o]
d = [o[i][0] - g[i][0] for i in ids]
ad = [abs(x) for x in d]
# what noise alone would give: E|N(0, s)| = s*sqrt(2/pi), s = sqrt(se_g^2 + se_o^2)
noise = [math.sqrt(g[i][1]**2 + o[i][1]**2) * math.sqrt(2 / math.pi) for i in ids]
z = [abs(o[i][0] - g[i][0]) / max(1e-9, math.sqrt(g[i][1]**2 + o[i][1]**2)) for i in ids]
print(f"positions {len(ids)}; mean |diff| {st.mean(ad):.4f} (median {st.median(ad):.4f}, largest {max(ad):.3f}); mean signed {st.mean(d):+.4f}")
print(f"mean SE gnubg {st.mean(g[i][1] for i in ids):.4f}, ours {st.mean(o[i][1] for i in ids):.4f}; mean |diff| from noise alone {st.mean(noise):.4f}")
print(f"positions beyond 3 combined SE: {sum(1 for x in z if x > 3)}; within 0.02: {sum(1 for x in ad if x <= 0.02)}")
for i in sorted(ids, key=lambda i: -abs(o[i][0]-g[i][0]))[:8]:
    print(f"  {i} gnubg {g[i][0]:+.3f}±{g[i][1]:.3f} ours {o[i][0]:+.3f}±{o[i][1]:.3f} diff {o[i][0]-g[i][0]:+.3f}")
