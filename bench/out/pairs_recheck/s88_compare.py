#!/usr/bin/env python3
"""s88_compare.py (#19, session 72): s88.sh's labels (bo1-bo3, pairs numbered by pairs_seeded_c1_10/pairs.csv) beside
the last measurement of the 48 pairs: AD.3's ad1-ad3 (40 pairs, numbered by pairs_seeded_c12345678/pairs.csv, mapped
here by their alpha and beta keys) and AE.4's ag1-ag3 (the other 8). Reads each label's finished pairs from
LABEL.rows.jsonl (pairs_recheck.py), so it tables a label that is still running. Per pair the median of its runs;
per kind the issue's goal: median >= 0.97 of alpha's full search, every pair >= 0.9, >= 10x fewer trials (median).
  python3 bench/out/pairs_recheck/s88_compare.py [bo1 bo2 bo3]
"""
import csv
import os
import statistics
import sys

W = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(W, "..")
sys.path.insert(0, os.path.join(OUT, ".."))
from pairs_kinds import read as md_rows, read_rows  # noqa: E402  (pair -> (kind, ratio, trials) of a table, a .jsonl)


def keys(path):
    return {r["pair"]: (r["alpha"], r["beta"]) for r in csv.DictReader(open(os.path.join(OUT, path)))}


def main():
    labels = sys.argv[1:] or ["bo1", "bo2", "bo3"]
    c10 = keys("pairs_seeded_c1_10/pairs.csv")
    by_key = {v: k for k, v in c10.items()}
    c8 = keys("pairs_seeded_c12345678/pairs.csv")
    prev = {}  # c10 pair -> [(kind, ratio, trials)]
    for l in ("ad1", "ad2", "ad3"):
        for p, row in md_rows(os.path.join(W, l + ".md")).items():
            prev.setdefault(by_key[c8[p]], []).append(row)
    for l in ("ag1", "ag2", "ag3"):
        for p, row in md_rows(os.path.join(W, l + ".md")).items():
            prev.setdefault(p, []).append(row)
    new = {}
    used = []
    for l in labels:
        path = os.path.join(W, l + ".rows.jsonl")
        if not os.path.exists(path):
            continue
        used.append(l)
        for p, row in read_rows(path).items():
            new.setdefault(p, []).append(row)
    med = lambda rows, i: statistics.median(r[i] for r in rows)
    print(f"labels: {', '.join(used)}; earlier: AD.3 (ad1-ad3, 49ae786) and AE.4 (ag1-ag3, 13d81d4)\n")
    print("| pair | kind | earlier: median / α-full (runs) | trials | now: median (runs) | trials |")
    print("|---|---|---|---:|---|---:|")
    order = sorted(new, key=lambda p: int(p[1:]))
    for p in order:
        pr = prev.get(p, [])
        print(f"| {p} | {new[p][0][0]} | {med(pr, 1):.3f} ({', '.join('%.3f' % r[1] for r in pr)}) | {med(pr, 2):.0f} | "
              f"**{med(new[p], 1):.3f}** ({', '.join('%.3f' % r[1] for r in new[p])}) | {med(new[p], 2):.0f} |")
    print("\n| kind | pairs | earlier: median, under 0.9, lowest, trials (1000 / it) | now |")
    print("|---|---:|---|---|")
    kinds = sorted({new[p][0][0] for p in new})

    def cell(rows):
        q = [med(r, 1) for r in rows]
        n = statistics.median(med(r, 2) for r in rows)
        return f"{statistics.median(q):.3f}, {sum(x < 0.9 for x in q)}, {min(q):.3f}, {n:.0f} ({1000 / n:.1f}x)"
    for k in kinds + ["all"]:
        sel = [p for p in order if k == "all" or new[p][0][0] == k]
        print(f"| {k} | {len(sel)} | {cell([prev[p] for p in sel])} | **{cell([new[p] for p in sel])}** |")


if __name__ == "__main__":
    main()
