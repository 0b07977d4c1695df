#!/usr/bin/env python3
"""vectile_s88/root.py: each root.sh run's best GFLOP/s after 100, 200 and 400 trials (the cache's trials in stored
order), per build, operator and seed, with the mean and median; how many trials were programs whose code v6 changed
(bench/codegen_ab_recipes.py v6_changed, 16 lanes), the best of them, and how many final programs are such."""
import json
import os
import statistics as st
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../"))
from codegen_ab_recipes import v6_changed  # noqa: E402

FL = {"up": 2 * 128 * 3072 * 768, "down": 2 * 128 * 768 * 3072}
print("| operator | build | best GFLOP/s after 100 / 200 / 400 trials: seeds 1-4 | mean at 400 | split programs: "
      "trials, best GFLOP/s, final |\n|---|---|---|---:|---|")
for op in ("up", "down"):
    for v, name in (("s86c", "v5 (748b0c4)"), ("s88b", "v6 (8981adf)")):
        at = {100: [], 200: [], 400: []}
        nodd, bodd, fodd = 0, 0.0, 0
        for s in range(1, 5):
            path = f"/tmp/root88/{v}_{op}_t{s}.jsonl"
            if not os.path.exists(path):
                continue
            tr = [json.loads(l) for l in open(path)]
            tr = [r for r in tr if r.get("type") == "trial"]
            best, rec = float("inf"), ""
            for i, r in enumerate(tr):
                ok = r["status"] == "ok" and r["latency_s"] > 0
                if ok and v6_changed(r["recipe"], 16):
                    nodd += 1
                    bodd = max(bodd, FL[op] / r["latency_s"] / 1e9)
                if ok and r["latency_s"] < best:
                    best, rec = r["latency_s"], r["recipe"]
                if i + 1 in at:
                    at[i + 1].append(FL[op] / best / 1e9)
            fodd += v6_changed(rec, 16)
        if not at[400]:
            continue
        cells = " / ".join(" ".join(f"{x:.1f}" for x in at[k]) for k in at)
        print(f"| FFN {op} | {name} | {cells} | {st.mean(at[400]):.1f} | {nodd}, {bodd:.1f}, {fodd} of {len(at[400])} |")
