#!/usr/bin/env python3
"""bench/dispatch_median.py — several bench_dispatch tables of one export, each from its own run, as one table of
per-length medians (issue "Dynamic-shape BERT").

Within one bench_dispatch run the rounds agree, but a memory-bound length (a dense layer at a few rows against
megabytes of weights) moves by up to 2.6x from one run to another, oneDNN's side too (bench/RESULTS.md P.5): the
host's memory and cache state sets it for minutes at a time, so runs spread over time say more than runs in a row.
"Every length >= 0.8 of oneDNN" is judged here on the median of the runs' ratios. Prints, per family and over all, the median and the lowest of the per-length medians and the
lengths under 0.8 and 0.85, then every length whose median is under 0.85 with the ratio of each process.

  python3 bench/dispatch_median.py bench/out/dynamic_s33/dispatch3.md bench/out/dynamic_s33/dispatch3_p2.md ...
"""
import statistics
import sys


def table(path):
    """(family, length) -> (served by, dispatched / oneDNN) of one bench_dispatch table."""
    out = {}
    for line in open(path):
        cells = [c.strip() for c in line.split("|")]
        if len(cells) < 8 or not cells[2].isdigit():
            continue
        try:
            out[(cells[1], int(cells[2]))] = (cells[3], float(cells[6]))
        except ValueError:
            continue
    return out


def summary(values):
    return (f"{statistics.median(values):.3f} / {min(values):.3f} | {sum(v < 0.8 for v in values)} | "
            f"{sum(v < 0.85 for v in values)}")


def main():
    paths = sys.argv[1:]
    if len(paths) < 2:
        sys.exit("usage: dispatch_median.py TABLE.md TABLE.md [...] (bench_dispatch tables of one export, one per run)")
    tables = [table(p) for p in paths]
    keys = [k for k in tables[0] if all(k in t for t in tables[1:])]
    med = {k: statistics.median(t[k][1] for t in tables) for k in keys}
    print(f"{len(paths)} runs, {len(keys)} lengths in all of them: the median ratio of each length\n")
    print("| family | median / min | under 0.8 | under 0.85 |\n|---|---|---:|---:|")
    for fam in dict.fromkeys(k[0] for k in keys):
        print(f"| {fam} | {summary([med[k] for k in keys if k[0] == fam])} |")
    print(f"| all | {summary(list(med.values()))} |\n")
    print("| family | length | served by (first table) | median | each run |\n|---|---:|---|---:|---|")
    for k in keys:
        if med[k] < 0.85:
            each = ", ".join(f"{t[k][1]:.3f}" for t in tables)
            print(f"| {k[0]} | {k[1]} | {tables[0][k][0]} | {med[k]:.3f} | {each} |")


if __name__ == "__main__":
    main()
