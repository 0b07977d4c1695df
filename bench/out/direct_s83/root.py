#!/usr/bin/env python3
"""direct_s83/root.py: each root.sh run's best GFLOP/s after 100, 200 and 400 trials (the cache's trials in stored
order), per build and seed, with the mean and median; and how many of the 8 final programs read an input directly."""
import json
import statistics as st

FL = 2 * 128 * 3072 * 768
for v, name in (("s81d", "limit 16"), ("s83r32", "limit 32")):
    at = {100: [], 200: [], 400: []}
    direct = 0
    for s in range(1, 9):
        tr = [json.loads(l) for l in open(f"/tmp/root/{v}_t{s}.jsonl")]
        tr = [r for r in tr if r.get("type") == "trial"]
        best, rec = float("inf"), ""
        for i, r in enumerate(tr):
            if r["status"] == "ok" and r["latency_s"] < best:
                best, rec = r["latency_s"], r["recipe"]
            if i + 1 in at:
                at[i + 1].append(FL / best / 1e9)
        direct += " d=" in rec
    for k, xs in at.items():
        print(f"{name}, {k} trials: " + " ".join(f"{x:.1f}" for x in xs) + f"  mean {st.mean(xs):.1f} median {st.median(xs):.1f}")
    print(f"{name}: {direct} of 8 final programs read an input directly")
