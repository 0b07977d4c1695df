#!/usr/bin/env python3
"""lists_s82/reach.py FULL_OPERATORS_CSV RUN.out... (#19, session 66) — how many of its own trials each operator of an
etotune tune run spent before its best first reached 90% / 97% of the stored full search's program (its 1000-trial
latency in FULL_OPERATORS_CSV, e.g. bench/out/lists_s52/resnet50_full/operators.csv), from the run's progress lines
("KEY: round R, T/B trials, best G GFLOP/s, S s elapsed"; the reseed step after the run is left out), and the sum
over the operators (a lower bound on the trials any schedule needs for every operator at that quality, if each
operator's search went as in this run). The operator's FLOPs come from the run's report (RUN.json beside RUN.out)."""
import csv, statistics, sys

import runlog

full = {r["key"]: float(r["full_latency_ms"]) for r in csv.DictReader(open(sys.argv[1]))}
for path in sys.argv[2:]:
    flops = runlog.flops(path)
    rs = runlog.rounds(path)
    seen = {}
    for k, t, g, _, _ in rs:
        seen.setdefault(k, []).append((t, g))
    secs = rs[-1][3] if rs else None
    tot_trials = sum(v[-1][0] for v in seen.values())
    out = {}
    for q in (0.90, 0.97):
        need, never = [], 0
        for k, v in seen.items():
            if k not in full:
                continue
            gf_full = flops[k] / (full[k] * 1e-3) / 1e9
            t = next((t for t, g in v if g >= q * gf_full), None)
            if t is None:
                never += 1
            else:
                need.append(t)
        out[q] = (sum(need), statistics.median(need) if need else 0, len(need), never)
    print(f"{path}: {tot_trials} trials in {secs} s ({secs / tot_trials:.3f} s/trial) before the reseed step")
    for q, (s, med, n, never) in out.items():
        print(f"  {q:.0%} of the full search's program: {n} operators reached it after {s} trials in all (median "
              f"{med}; {s * secs / tot_trials:.0f} s at the run's s/trial), {never} never")
