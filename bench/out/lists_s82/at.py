#!/usr/bin/env python3
"""lists_s82/at.py FULL_DIR SECONDS RUN.out... (#19, session 66) — each operator's weighted loss against the stored full
search (freq x (its best then - the full search's) over the full search's total, in %) and its trials, SECONDS into
each run (progress lines; the reseed step left out), side by side: where the runs' curves part."""
import csv, sys

import runlog

full = {r["key"]: (float(r["full_latency_ms"]), int(r["freq"])) for r in csv.DictReader(open(sys.argv[1] + "/operators.csv"))}
tot = sum(l * f for l, f in full.values())
T = int(sys.argv[2])
res = {}
for path in sys.argv[3:]:
    best, tr = {}, {}
    for k, t, g, s, _ in runlog.rounds(path):
        if s <= T:
            best[k] = g
            tr[k] = t
    res[path] = (best, tr, runlog.flops(path))
print(f"loss at {T}s (freq*(lat-full)/total %), trials")
for k, (l, f) in sorted(full.items(), key=lambda kv: -kv[1][0] * kv[1][1]):
    s = f"{k[7:45]:38s} w{l*f/tot*100:5.1f}"
    for p, (b, tr, fl) in res.items():
        if k in b:
            s += f" | {f*(fl[k]/(b[k]*1e9)*1e3-l)/tot*100:5.1f} {tr[k]:4d}"
        else:
            s += " |   -     -"
    print(s)
