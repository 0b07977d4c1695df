#!/usr/bin/env python3
"""Re-times labelled recipes of one operator side by side (etotune measure --recipe, bench/retune.py's retime):
ROUNDS alternations, each recipe once per round in the given order, median latency per recipe.
Usage: probe.py ETOTUNE 'LIST LINE' LABEL=RECIPE... [--rounds N]"""
import os, statistics, sys, tempfile
sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../.."))
from retune import retime

args = sys.argv[1:]
rounds = 3
if "--rounds" in args:
    i = args.index("--rounds"); rounds = int(args[i + 1]); del args[i:i + 2]
etotune, line, specs = args[0], args[1], [s.split("=", 1) for s in args[2:]]
tmp = tempfile.mktemp(suffix=".list")
t = {lab: [] for lab, _ in specs}
for _ in range(rounds):
    for lab, rec in specs:
        t[lab].append(retime(etotune, line, rec, 2, tmp))
print(f"# {line}; {etotune}; {rounds} alternations, median")
best = min(statistics.median(v) for v in t.values())
for lab, rec in specs:
    m = statistics.median(t[lab])
    print(f"{lab:14} {m*1e3:9.4f} ms  {best/m:6.3f} of the fastest  [{' '.join(f'{x*1e3:.4f}' for x in t[lab])}]  {rec}")
