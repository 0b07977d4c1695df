#!/usr/bin/env python3
"""s89_compare.py (#19, session 73): policies side by side on the 48 pairs, each NAME=LABEL,LABEL... (runs of one
build, read from LABEL.rows.jsonl of pairs_recheck.py, so a label still running is tabled with its finished pairs).
Per pair each policy's median ratio to alpha-full (re-timed) with its runs, per kind the issue's goal
(pairs_kinds.cells: median >= 0.97, every pair >= 0.9, >= 10x fewer trials by the median).
  python3 bench/out/pairs_recheck/s89_compare.py v7=bo1,bo2,bo3 retrain=bp_r_a,bp_r_b,bp_r_c
  python3 bench/out/pairs_recheck/s89_compare.py --work bench/out/dw_s90 tree=dw_a,dw_b vaxis=dw_v1,dw_v2
(--work: another pairs_recheck.py work folder than this one)
"""
import os
import statistics
import sys

W = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(W, "..", ".."))
from pairs_kinds import kinds_table, read_rows  # noqa: E402


def main():
    pols = {}  # name -> pair -> [(kind, ratio, trials)]
    args, work = sys.argv[1:], W
    if args[:1] == ["--work"]:
        work, args = args[1], args[2:]
    for arg in args:
        name, labels = arg.split("=", 1)
        for l in labels.split(","):
            for p, row in read_rows(os.path.join(work, l + ".rows.jsonl")).items():
                pols.setdefault(name, {}).setdefault(p, []).append(row)
    names = list(pols)
    pairs = sorted({p for per in pols.values() for p in per}, key=lambda p: int(p[1:]))
    print("| pair | kind | " + " | ".join(f"{n}: median (runs) | trials" for n in names) + " |")
    print("|---|---|" + "---|---:|" * len(names))
    for p in pairs:
        kind = next(per[p][0][0] for per in pols.values() if p in per)
        row = []
        for n in names:
            runs = pols[n].get(p, [])
            if not runs:
                row += ["", ""]
                continue
            m = statistics.median(r[1] for r in runs)
            row += [f"{'**' if m < 0.9 else ''}{m:.3f}{'**' if m < 0.9 else ''} ("
                    + ", ".join(f"{r[1]:.3f}" for r in runs) + ")",
                    f"{statistics.median(r[2] for r in runs):.0f}"]
        print(f"| {p} | {kind} | " + " | ".join(row) + " |")
    print()
    kinds_table(pols)


if __name__ == "__main__":
    main()
