#!/usr/bin/env python3
"""lists_s82/gap.py FULL_DIR RUN.out Q (#19, session 66) — where a run spent its trials before its list first reached Q (0.9:
90%) of the full search's throughput, against lists_s82/oracle.py's schedule of the same curves: per operator, its part
of the full search's weighted latency, its trials in the run then and in the oracle's schedule, and its plan source;
the operators the run gave most beyond the oracle first."""
import csv, json, re, sys
fdir, path, q = sys.argv[1], sys.argv[2], float(sys.argv[3])
full = {r["key"]: (float(r["full_latency_ms"]), int(r["freq"])) for r in csv.DictReader(open(fdir + "/operators.csv"))}
ftot = sum(l * f for l, f in full.values())
rep = json.load(open(path[:-4] + ".json"))
flops = {o["workload"]: o["gflops"] * o["latency_s"] * 1e9 for o in rep["operators"]}
steps, hist = {}, []
for line in open(path):
    if line.startswith("etotune: reseeding"): break
    m = re.search(r"(full|seeded) search (\S+): round \d+, (\d+)(?:/\d+)? trials, best ([0-9.]+) GFLOP/s, (\d+) s elapsed(?: \| list weighted latency ([0-9.]+))?", line)
    if m:
        k, t, g, s = m.group(2), int(m.group(3)), float(m.group(4)), int(m.group(5))
        if k not in full: continue
        lat = flops[k] / (g * 1e9) * 1e3
        v = steps.setdefault(k, [])
        if not v or lat < v[-1][1]: v.append((t, lat))
        hist.append((s, k, t, m.group(6)))
target = ftot / q
# the run's time at target and each op's trials then
tr = {}
tq = None
for s, k, t, wl in hist:
    tr[k] = t
    if wl and float(wl) <= target:
        tq = s; break
# oracle
pos = {k: 0 for k in steps}; cur = {k: v[0][1] for k, v in steps.items()}; trials = sum(v[0][0] for v in steps.values())
while sum(full[k][1] * cur[k] for k in cur) > target:
    best, bk = 0, None
    for k, v in steps.items():
        i = pos[k]
        for j in range(i + 1, len(v)):
            g = full[k][1] * (v[i][1] - v[j][1]) / max(v[j][0] - v[i][0], 1)
            if g > best: best, bk, bj = g, k, j
    if bk is None: break
    trials += steps[bk][bj][0] - steps[bk][pos[bk]][0]; pos[bk] = bj; cur[bk] = steps[bk][bj][1]
orc = {k: steps[k][pos[k]][0] for k in steps}
print(f"run reaches {q:.0%} at {tq} s with {sum(tr.values())} trials; oracle {trials} trials")
rows = sorted(steps, key=lambda k: -(tr.get(k, 0) - orc[k]))
for k in rows:
    print(f"{k[:60]:60s} w{full[k][0]*full[k][1]/ftot*100:5.1f}% run {tr.get(k,0):5d} oracle {orc[k]:5d}  src {(next((o.get('source') or '-') for o in rep['operators'] if o['workload']==k))[:30]}")
