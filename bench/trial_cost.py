#!/usr/bin/env python3
"""bench/trial_cost.py OUT — the table of bench/trial_cost.sh: per operator, seconds per trial of the old and the
new build at each budget, the searches' best GFLOP/s, and the re-timed best programs (median over the rounds)."""
import glob
import json
import os
import re
import statistics
import sys


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "bench/out/trial_cost"
    runs = {}  # (op, seed, build, T) -> report
    for path in glob.glob(os.path.join(out, "*_s*_*_*.json")):
        m = re.match(r"(\w+)_s(\d+)_(old|new)_(\d+)\.json$", os.path.basename(path))
        if m:
            runs[(m[1], int(m[2]), m[3], int(m[4]))] = json.load(open(path))
    if not runs:
        sys.exit(f"no reports in {out}")
    ops = sorted({k[0] for k in runs}, key=["gemm", "conv", "dwconv", "norm", "dense"].index)
    budgets = sorted({k[3] for k in runs})
    if os.path.exists(os.path.join(out, "host.txt")):
        print("".join("    " + l for l in open(os.path.join(out, "host.txt"))))
    head = "| operator | seeds |"
    rule = "|---|---|"
    for T in budgets:
        head += f" s/trial old → new @{T} (x) | best GFLOP/s old → new @{T} |"
        rule += "---|---|"
    head += " re-timed best old → new (new/old) | screened / pruned (new) |"
    rule += "---|---|"
    print(head)
    print(rule)
    for op in ops:
        seeds = sorted({k[1] for k in runs if k[0] == op})
        row = f"| {op} | {','.join(map(str, seeds))} |"
        for T in budgets:
            spt = {}
            best = {}
            for b in ("old", "new"):
                secs = trials = 0
                gf = []
                for s in seeds:
                    r = runs.get((op, s, b, T))
                    if not r:
                        continue
                    # the time to reach T: this step plus the earlier budgets' steps (the cache carries on)
                    for T0 in budgets:
                        if T0 <= T and (op, s, b, T0) in runs:
                            secs += runs[(op, s, b, T0)]["totals"]["seconds"]
                    trials += r["totals"]["trials"]
                    gf.append(r["operators"][0]["gflops"] or 0)
                spt[b] = secs / trials if trials else float("nan")
                best[b] = statistics.median(gf) if gf else float("nan")
            row += f" {spt['old']:.3f} → {spt['new']:.3f} ({spt['old'] / spt['new']:.2f}x) |"
            row += f" {best['old']:.1f} → {best['new']:.1f} |"
        ratios = []
        olds, news = [], []
        for s in seeds:
            p = os.path.join(out, f"{op}_s{s}_retime.json")
            if not os.path.exists(p):
                continue
            rt = json.load(open(p))
            o = statistics.median(x["gflops"] for x in rt if x["build"] == "old")
            n = statistics.median(x["gflops"] for x in rt if x["build"] == "new")
            olds.append(o)
            news.append(n)
            ratios.append(n / o)
        if ratios:
            row += f" {statistics.median(olds):.1f} → {statistics.median(news):.1f} ({statistics.median(ratios):.3f}) |"
        else:
            row += " – |"
        Tl = budgets[-1]
        sc = pr = nt = 0
        for s in seeds:
            r = runs.get((op, s, "new", Tl))
            if r:
                # the last step only: earlier steps' counts are in their own reports
                for T0 in budgets:
                    q = runs.get((op, s, "new", T0))
                    if q:
                        sc += q["totals"].get("screened_trials", 0)
                        pr += q["totals"].get("pruned_trials", 0)
                        nt += q["totals"]["new_trials"]
        row += f" {sc}/{pr} of {nt} |"
        print(row)


if __name__ == "__main__":
    main()
