#!/usr/bin/env python3
"""dynamic_s65: two exports of one cache, A (every value timed) and B (--picks-from): per family the picks' seconds,
the values B reused, the values whose kernel differs, and B's time at s over A's (each export's own timing) where it
differs. Usage: compare_picks.py A/manifest.json B/manifest.json"""
import json, statistics, sys
a, b = (json.load(open(p)) for p in sys.argv[1:3])
print("| family | picks s, A | picks s, B | values timed | reused by B | kernel differs | B / A time where it differs (median, max) |")
print("|---|---:|---:|---:|---:|---:|---|")
for fa, fb in zip(a["families"], b["families"]):
    if fa.get("picks") != "measured":
        continue
    ta = {r[0]: r for r in fa["timed"]}
    tb = {r[0]: r for r in fb["timed"]}
    diff = [s for s in ta if s in tb and (ta[s][1], ta[s][2]) != (tb[s][1], tb[s][2])]
    ratios = [tb[s][3] / ta[s][3] for s in diff]
    r = f"{statistics.median(ratios):.3f}, {max(ratios):.3f}" if ratios else "-"
    print(f"| {fa['name'].split('.')[-1]} | {fa['picks_seconds']} | {fb['picks_seconds']} | {len(ta)} | "
          f"{fb.get('picks_reused', 0)} | {len(diff)} | {r} |")
