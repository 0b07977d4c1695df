#!/usr/bin/env python3
"""bench/reseed_share.py REPORT.json [--objective latency|relative|R] — what the driver's reseeding (step 5) reached
of what it promised, from an `etotune tune --report` JSON (bench/RESULTS.md AV.3, AW).

A node is beaten when a reuse child of the run reached ETO_DRV_RESEED_GAIN x its GFLOP/s: reached when its row has
`reseeded_from`, not reached when its message says the budget ran out. Its promise is the part of the run's
objective its weighted latency saves at its child's speed (driver/run.c `objective_saving`: freq x latency x (1 - its
GFLOP/s / the child's) for the latency objective, freq x log(gain) for the relative one). Prints the beaten nodes
(in the report's order) and the share of the promise that the reached ones hold, against the share that as many of
the most promising would hold."""
import json
import math
import re
import sys


def saving(w, lat, gain, r):
    if abs(r - 1) < 1e-9:
        return w * math.log(gain)
    return w * (lat ** (1 - r) - (lat / gain) ** (1 - r)) / (1 - r)


def main():
    args = sys.argv[1:]
    if not args:
        sys.exit(__doc__)
    r = 0.0
    if "--objective" in args:
        i = args.index("--objective")
        v = args[i + 1]
        r = {"latency": 0.0, "balanced": 0.5, "relative": 1.0}.get(v)
        r = float(v) if r is None else r
        del args[i:i + 2]
    ops = json.load(open(args[0]))["operators"]
    by = {o["workload"]: o for o in ops}
    rows = []
    for o in ops:
        if o.get("reseeded_from"):
            child, gn, reached = o["reseeded_from"], o["reseed_gflops"], True
        elif "not reseeded" in (o.get("message") or ""):
            m = re.search(r"child (\S+), not reseeded", o["message"])
            if not m or m.group(1) not in by:
                continue
            child, gn, reached = m.group(1), o["gflops"], False
        else:
            continue
        flops = o["gflops"] * 1e9 * o["latency_s"]
        lat = flops / (gn * 1e9)
        gc = by[child]["gflops"]
        rows.append((o["workload"], o["freq"], lat, gn, gc, saving(o["freq"], lat, gc / gn, r), reached,
                     o.get("gflops", 0)))
    if not rows:
        print("no node beaten by a reuse child")
        return
    total = sum(x[5] for x in rows)
    nr = sum(1 for x in rows if x[6])
    top = sorted((x[5] for x in rows), reverse=True)[:nr]
    print("| node | freq | latency ms | GFLOP/s | child's | promise | reached: GFLOP/s after |")
    print("|---|---:|---:|---:|---:|---:|---|")
    for w, f, lat, gn, gc, s, reached, after in rows:
        print(f"| {w} | {f} | {lat * 1e3:.4g} | {gn:.1f} | {gc:.1f} | {s:.4g} | {'%.1f' % after if reached else '-'} |")
    print()
    print(f"beaten: {len(rows)}; reached: {nr}; the reached hold {sum(x[5] for x in rows if x[6]) / total:.1%} of the "
          f"promise, the {nr} most promising {sum(top) / total:.1%}")


main()
