#!/usr/bin/env python3
"""bench/pairs_kinds.py — the pair benchmark's goal per operator kind, from tables of bench/pairs_recheck.py
(issue "Reuse that beats search": per kind, median >= 97% of alpha's 1000-trial full search, every pair >= 90%, at
>= 10x fewer trials by the median).

Each argument is LABEL=TABLE.md (a pairs_recheck --out table); a pair measured in several tables of one label
(e.g. runs 1-3 of one policy: seeded=a.md,b.md) counts with the median of its runs. LABEL@SET=TABLE.md puts the
tables' pairs in a set of their own under LABEL: tables whose pair ids come from another numbering (another pairs
CSV) add their pairs to the label's instead of merging with pairs of the same id. Prints one row per kind and
label: pairs, the median ratio to alpha-full (re-timed), the pairs under 0.9, the lowest, the median trials and
1000 over it.

  python3 bench/pairs_kinds.py seeded=bench/out/pairs_recheck/ac1.md topk=bench/out/pairs_recheck/actopk.md
  python3 bench/pairs_kinds.py seeded@c8=ad1.md,ad2.md,ad3.md seeded@c10=ae1.md,ae2.md,ae3.md   (48 pairs)
"""
import json
import os
import re
import statistics
import sys


def read(path):
    """pair -> (kind, ratio, trials) of one pairs_recheck table."""
    out = {}
    for line in open(path):
        c = [x.strip() for x in line.split("|")]
        if len(c) > 5 and re.fullmatch(r"p\d+", c[1]):
            out[c[1]] = (c[2], float(c[5]), int(c[3]))
    return out


def read_rows(path):
    """pair -> (kind, ratio, trials) of one pairs_recheck LABEL.rows.jsonl (the pairs it has finished; none when it
    does not exist), as read() gives of its table."""
    out = {}
    for line in open(path) if os.path.exists(path) else []:
        t = json.loads(line)
        out[t[0]] = (t[1], t[4], t[2])
    return out


def cells(sel):
    """The table cells after the row's key for pairs sel, each the list of its runs' (ratio, trials): pairs, the
    median of the pairs' median ratios, those under 0.9, the lowest, the median of their median trials, 1000 / it."""
    q = [statistics.median(r for r, _ in runs) for runs in sel]
    n = statistics.median(statistics.median(t for _, t in runs) for runs in sel)
    return (f"{len(sel)} | {statistics.median(q):.3f} | {sum(x < 0.9 for x in q)} | {min(q):.3f} | {n:.0f} | "
            f"{1000 / n:.1f}x")


def kinds_table(runs):
    """Prints the goal per kind and label of runs: label -> pair -> [(kind, ratio, trials)] (its runs)."""
    print("| kind | policy | pairs | median / α-full | under 0.9 | lowest | median trials | 1000 / trials |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    kinds = sorted({r[0] for per in runs.values() for rows in per.values() for r in rows})
    for kind in kinds + ["all"]:
        for label, per in runs.items():
            sel = [[r[1:] for r in rows] for rows in per.values() if kind == "all" or rows[0][0] == kind]
            if sel:
                print(f"| {kind} | {label} | {cells(sel)} |")


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    runs = {}  # label -> pair -> [(kind, ratio, trials)]
    for arg in sys.argv[1:]:
        label, paths = arg.split("=", 1)
        label, _, pset = label.partition("@")
        for path in paths.split(","):
            for pair, row in read(path).items():
                runs.setdefault(label, {}).setdefault((pset, pair), []).append(row)
    kinds_table(runs)


if __name__ == "__main__":
    main()
