#!/usr/bin/env python3
"""lists_s82/gap.py FULL_DIR RUN.out Q (#19, session 66) — where a run spent its trials before its list first reached Q (0.9:
90%) of the full search's throughput, against lists_s82/oracle.py's schedule of the same curves: per operator, its part
of the full search's weighted latency, its trials in the run then and in the oracle's schedule, and its plan source;
the operators the run gave most beyond the oracle first."""
import csv, json, sys

import runlog

fdir, path, q = sys.argv[1], sys.argv[2], float(sys.argv[3])
full = {r["key"]: (float(r["full_latency_ms"]), int(r["freq"])) for r in csv.DictReader(open(fdir + "/operators.csv"))}
ftot = sum(l * f for l, f in full.values())
rep = json.load(open(path[:-4] + ".json"))
rs = [r for r in runlog.rounds(path) if r[0] in full]
steps = runlog.curves(rs, runlog.flops(path), full)
target = ftot / q
# the run's time at target and each op's trials then
tr = {}
tq = None
for k, t, _, s, wl in rs:
    tr[k] = t
    if wl and wl <= target:
        tq = s
        break
# the oracle's trials per operator when it first reaches target (or when its curves end)
for trials, wl, pos in runlog.oracle(steps, {k: f for k, (_, f) in full.items()}):
    if wl <= target:
        break
orc = {k: steps[k][pos[k]][0] for k in steps}
print(f"run reaches {q:.0%} at {tq} s with {sum(tr.values())} trials; oracle {trials} trials")
rows = sorted(steps, key=lambda k: -(tr.get(k, 0) - orc[k]))
for k in rows:
    src = next((o.get("source") or "-") for o in rep["operators"] if o["workload"] == k)
    print(f"{k[:60]:60s} w{full[k][0]*full[k][1]/ftot*100:5.1f}% run {tr.get(k,0):5d} oracle {orc[k]:5d}  src {src[:30]}")
