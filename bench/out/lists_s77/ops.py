#!/usr/bin/env python3
"""lists_s77/ops.py [--curve FULL_CURVES_CSV] FULL_OPERATORS_CSV REPORT.json... — where a list's runs lose against a stored full search:
per operator kind, the weighted latency each run's programs hold beyond the full search's (freq x (run - full), as
a share of the full search's weighted latency), the operators' median ratio full/run, and the trials the runs
spent on them. FULL_OPERATORS_CSV: bench_reproduce's operators.csv of the full search (e.g.
bench/out/lists_s58/mobilenetv2_full/operators.csv); REPORT.json: etotune tune --report. Cross-run figures: each
run's latencies are its own measurements. With --curve (bench_reproduce's curves.csv of that full search): the
second at which the full search first reached each run's final weighted latency, and that over the run's seconds."""
import csv
import json
import statistics
import sys

args = sys.argv[1:]
curve = None
if args[0] == "--curve":
    curve = [(float(r["seconds"]), float(r["weighted_latency_ms"])) for r in csv.DictReader(open(args[1]))
             if r["mode"] == "full"]
    args = args[2:]
full = {r["key"]: (float(r["full_latency_ms"]), int(r["freq"])) for r in csv.DictReader(open(args[0]))}
total = sum(l * f for l, f in full.values())
print(f"full search: {len(full)} operators, weighted {total:.4f} ms")
for path in args[1:]:
    rep = json.load(open(path))
    kinds = {}
    for o in rep["operators"]:
        if o["workload"] not in full:
            continue  # a bridge
        l, f = full[o["workload"]]
        k = kinds.setdefault(o["workload"].split(":")[0], {"loss": 0.0, "ratios": [], "trials": 0, "n": 0})
        k["loss"] += f * (o["latency_s"] * 1e3 - l)
        k["ratios"].append(l / (o["latency_s"] * 1e3))
        k["trials"] += o["trials"]
        k["n"] += 1
    ws = rep["weighted_latency_s"] * 1e3
    print(f"{path}: {ws:.4f} ms ({total / ws:.1%}), {rep['trials']} trials, {rep['seconds']:.0f} s", end="")
    if curve:
        t = next((c[0] for c in curve if c[1] <= ws), None)
        print(f"; the full search first at it: " + (f"{t:.0f} s ({t / rep['seconds']:.2f}x)" if t else "never"), end="")
    print()
    for name, k in sorted(kinds.items()):
        print(f"  {name:18s} {k['n']:3d} ops  loss {k['loss'] / total:+7.2%}  median ratio {statistics.median(k['ratios']):.3f}"
              f"  min {min(k['ratios']):.3f}  trials {k['trials']}")
