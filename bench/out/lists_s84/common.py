#!/usr/bin/env python3
"""lists_s84/common.py A.jsonl B.jsonl — the programs two runs both measured (etotune db export of each cache; the
same workload and recipe), per workload the median of B's speed over A's (each program's fastest stored trial)."""
import json
import statistics
import sys


def load(p):
    d = {}
    for line in open(p):
        r = json.loads(line)
        if r.get("type") == "trial" and r.get("status") == "ok" and r.get("latency_s"):
            d.setdefault((r["workload"], r["recipe"]), []).append(r["latency_s"])
    return d


a, b = load(sys.argv[1]), load(sys.argv[2])
by = {}
for k in a:
    if k in b:
        by.setdefault(k[0], []).append(min(a[k]) / min(b[k]))
every = []
print("| workload | programs | B's speed / A's, median |\n|---|---:|---:|")
for w, v in sorted(by.items(), key=lambda x: -len(x[1])):
    every += v
    print(f"| {w} | {len(v)} | {statistics.median(v):.3f} |")
print(f"| **all** | {len(every)} | {statistics.median(every):.3f} |")
