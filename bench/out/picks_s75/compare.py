#!/usr/bin/env python3
"""picks_s75/compare.py OLD.md[,OLD2.md...] NEW.md[,NEW2.md...] — two exports' bench_dispatch tables (each a
comma-separated list of runs) side by side: per family the median of the per-length medians (dispatched / oneDNN)
of each export, the lengths under 0.8, and every length whose pick differs (served by) with both ratios."""
import statistics, sys

sys.path.insert(0, "bench")
from dispatch_median import table  # noqa: E402


def med(paths):
    runs = [table(p) for p in paths.split(",")]
    keys = set.intersection(*(set(r) for r in runs))
    return {k: (runs[0][k][0], statistics.median(r[k][1] for r in runs)) for k in keys}


a, b = med(sys.argv[1]), med(sys.argv[2])
fams = sorted({k[0] for k in a})
print("| family | old median / min, under 0.8 | new median / min, under 0.8 |\n|---|---|---|")
for f in fams + ["all"]:
    va = [v[1] for k, v in a.items() if f in ("all", k[0])]
    vb = [b[k][1] for k in a if f in ("all", k[0]) and k in b]
    print(f"| {f} | {statistics.median(va):.3f} / {min(va):.3f}, {sum(x < 0.8 for x in va)} | "
          f"{statistics.median(vb):.3f} / {min(vb):.3f}, {sum(x < 0.8 for x in vb)} |")
print("\n| family | length | old: served by, ratio | new: served by, ratio |\n|---|---:|---|---|")
diff = [(k, a[k], b[k]) for k in sorted(a) if k in b and a[k][0] != b[k][0]]
for k, x, y in diff:
    print(f"| {k[0]} | {k[1]} | {x[0]}, {x[1]:.3f} | {y[0]}, {y[1]:.3f} |")
if diff:
    print(f"\n{len(diff)} lengths served differently: median ratio old {statistics.median(x[1] for _, x, _ in diff):.3f},"
          f" new {statistics.median(y[1] for _, _, y in diff):.3f}; new/old median "
          f"{statistics.median(y[1] / x[1] for _, x, y in diff):.3f}")
