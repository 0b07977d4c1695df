#!/usr/bin/env python3
"""bench/pairs_budget.py — what a reuse policy reaches within a trial cap, from the runs bench/pairs_recheck.py kept
(issue "Reuse that beats search": goal >= 97% of alpha's full search at >= 10x fewer trials).

A policy's proposals do not depend on its cap (the cap only ends the run), so a run of up to 256 trials also shows
every shorter run: its best within the first N trials. Per pair and run, the ratio to alpha's full search at cap N is
the run's re-timed ratio (the table's "/ alpha-full (re-timed)") times its final best latency over its best latency
within N trials (both as the search measured them). Prints, per cap, the median over the pairs of each pair's median
over the runs, the pairs under 0.9 and the lowest.

  python3 bench/pairs_budget.py --work bench/out/pairs_recheck --labels fix,fixb,fixc
"""
import argparse
import statistics

from pairs_kinds import read  # a pairs_recheck table
from pairs_recheck import parse_reuse  # the trials of an `etotune reuse` log, as pairs_recheck.py reads them


def ratios(work, label):
    """pair -> the run's re-timed ratio to alpha-full, from WORK/LABEL.md."""
    return {pair: ratio for pair, (_, ratio, _) in read(f"{work}/{label}.md").items()}


def trials(work, label, pair):
    """The run's trials as (index, round, latency in ms or None where it failed), from WORK/LABEL-PAIR.log."""
    return parse_reuse(f"{work}/{label}-{pair}.log")[0]


def stop_index(tr, patience, cap, gain=0.01, batch=16):
    """Where the seeded policy (tuner/seeded.c) would have stopped the run of trials tr with another patience and
    cap: its search (round 20) checks before each batch of 16 whether cap trials are spent or patience trials have
    passed since the last gain of 1% (counted from the search's start); seeds and ETO's rounds run whole."""
    best, last_gain, start = float("inf"), 0, None
    for i, rnd, ms in tr:
        if rnd >= 20:
            if start is None:
                start = last_gain = i - 1
            if (i - 1 - start) % batch == 0 and (i - 1 >= cap or i - 1 - last_gain >= patience):
                return i - 1
        if ms is not None and ms < best:
            if best == float("inf") or ms < best * (1 - gain):
                last_gain = i
            best = ms
    return tr[-1][0]


def best_within(tr, cap):
    """The lowest latency among the trials numbered up to cap (failed ones count as trials)."""
    return min(ms for i, _, ms in tr if i <= cap and ms is not None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--work", default="bench/out/pairs_recheck")
    ap.add_argument("--labels", required=True, help="runs of one policy, comma-separated (pairs_recheck --label)")
    ap.add_argument("--caps", default="25,50,75,100,125,150,200,256")
    ap.add_argument("--stops", default=None, help="patience/cap pairs, e.g. 64/256,32/100: where the policy's own "
                    "stop rule with that patience and cap would have ended each run (a run that stopped earlier than "
                    "the rule would has its own end), with the median trials")
    a = ap.parse_args()
    if a.stops:
        return stops(a)
    labels, caps = a.labels.split(","), [int(c) for c in a.caps.split(",")]
    per = {}  # pair -> cap -> ratios over the runs
    for label in labels:
        for pair, final in ratios(a.work, label).items():
            tr = trials(a.work, label, pair)
            if not any(ms is not None for _, _, ms in tr):
                continue
            best = best_within(tr, max(i for i, _, _ in tr))
            for cap in caps:
                per.setdefault(pair, {}).setdefault(cap, []).append(final * best / best_within(tr, cap))
    print(f"runs {', '.join(labels)}: {len(per)} pairs\n")
    print("| trial cap | median | pairs under 0.9 | lowest |\n|---:|---:|---:|---:|")
    for cap in caps:
        v = [statistics.median(per[p][cap]) for p in per]
        print(f"| {cap} | {statistics.median(v):.3f} | {sum(x < 0.9 for x in v)} | {min(v):.3f} |")


def stops(a):
    labels = a.labels.split(",")
    print(f"runs {', '.join(labels)}\n")
    print("| patience / cap | median | pairs under 0.9 | lowest | median trials |\n|---|---:|---:|---:|---:|")
    for st in a.stops.split(","):
        patience, cap = (int(x) for x in st.split("/"))
        per, used = {}, []
        for label in labels:
            for pair, final in ratios(a.work, label).items():
                tr = trials(a.work, label, pair)
                if not any(ms is not None for _, _, ms in tr):
                    continue
                n = stop_index(tr, patience, cap)
                used.append(n)
                per.setdefault(pair, []).append(final * best_within(tr, 10**9) / best_within(tr, n))
        v = [statistics.median(r) for r in per.values()]
        print(f"| {patience} / {cap} | {statistics.median(v):.3f} | {sum(x < 0.9 for x in v)} | {min(v):.3f} | "
              f"{statistics.median(used):.0f} |")


if __name__ == "__main__":
    main()
