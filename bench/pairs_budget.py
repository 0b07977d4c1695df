#!/usr/bin/env python3
"""bench/pairs_budget.py — what a reuse policy reaches within a trial cap, from the runs bench/pairs_recheck.py kept
(issue "Reuse that beats search": goal >= 97% of alpha's full search at >= 10x fewer trials).

A policy's proposals do not depend on its cap (the cap only ends the run), so a run of up to 256 trials also shows
every shorter run: its best within the first N trials. Per pair and run, the ratio to alpha's full search at cap N is
the run's re-timed ratio (the table's "/ alpha-full (re-timed)") times its final best latency over its best latency
within N trials (both as the search measured them). Prints, per cap, the median over the pairs of each pair's median
over the runs, the pairs under 0.9 and the lowest.

  python3 bench/pairs_budget.py --work bench/out/pairs_recheck --labels fix,fixb,fixc

--stops replays the policy's stop rule with another patience and cap, --eto-patience an end to ETO's rounds (rounds
11-14) after P of their trials in a row without a gain of 1%; both per operator kind.

  python3 bench/pairs_budget.py --labels ad1,ad2,ad3+ae1,ae2,ae3 --stops 48/256,32/256   (the 48 pairs, two CSVs)
"""
import argparse
import statistics

from pairs_kinds import cells, read  # a kind's table cells; a pairs_recheck table
from pairs_recheck import parse_reuse  # the trials of an `etotune reuse` log, as pairs_recheck.py reads them


def runs(work, labels):
    """Each kept run of the labels that measured a program, as (pair, kind, its re-timed ratio to alpha-full, its
    trials as (index, round, latency in ms or None where it failed)), from WORK/LABEL.md and WORK/LABEL-PAIR.log.
    labels: comma-separated; groups separated by + number their pairs apart (tables of another pairs CSV), and a
    pair is (group, pair id)."""
    for g, group in enumerate(labels.split("+")):
        for label in group.split(","):
            for pair, (kind, final, _) in read(f"{work}/{label}.md").items():
                tr = parse_reuse(f"{work}/{label}-{pair}.log")[0]
                if any(ms is not None for _, _, ms in tr):
                    yield (g, pair), kind, final, tr


def kind_rows(key, per):
    """Prints per kind and for all pairs one table row from per: pair -> (kind, [(ratio, trials)] over its runs)."""
    for kind in sorted({k for k, _ in per.values()}) + ["all"]:
        print(f"| {key} | {kind} | {cells([r for k, r in per.values() if kind in ('all', k)])} |")


def stop_index(tr, patience, cap, gain=0.01, batch=16, carry=False):
    """Where the seeded policy (tuner/seeded.c) would have stopped the run of trials tr with another patience and
    cap: its search (round 20) checks before each batch of 16 whether cap trials are spent or patience trials have
    passed since the last gain of 1% (counted from the search's start; with carry, from the run's last gain, the
    seeds' and ETO's rounds' included); seeds and ETO's rounds run whole."""
    best, last_gain, start = float("inf"), 0, None
    for i, rnd, ms in tr:
        if rnd >= 20:
            if start is None:
                start = i - 1
                if not carry:
                    last_gain = start
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
    ap.add_argument("--labels", required=True, help="runs of one policy, comma-separated (pairs_recheck --label); "
                    "groups of another pairs CSV's numbering after +, e.g. ad1,ad2,ad3+ae1,ae2,ae3")
    ap.add_argument("--caps", default="25,50,75,100,125,150,200,256")
    ap.add_argument("--stops", default=None, help="patience/cap pairs, e.g. 64/256,32/100: where the policy's own "
                    "stop rule with that patience and cap would have ended each run (a run that stopped earlier than "
                    "the rule would has its own end), with the median trials; 32/256c: the patience counted from "
                    "the run's last gain, not from the search's start")
    ap.add_argument("--eto-patience", default=None, help="e.g. 16,24,1000: per kind, the runs with ETO's rounds ended "
                    "after that many of their trials in a row without a gain of 1%% (their later trials dropped, the "
                    "search's kept as they ran: the search would have started from fewer programs, which this "
                    "cannot show)")
    a = ap.parse_args()
    if a.stops:
        return stops(a)
    if a.eto_patience:
        return eto_stops(a)
    caps = [int(c) for c in a.caps.split(",")]
    per = {}  # pair -> cap -> ratios over the runs
    for pair, _, final, tr in runs(a.work, a.labels):
        best = best_within(tr, max(i for i, _, _ in tr))
        for cap in caps:
            per.setdefault(pair, {}).setdefault(cap, []).append(final * best / best_within(tr, cap))
    print(f"runs {a.labels}: {len(per)} pairs\n")
    print("| trial cap | median | pairs under 0.9 | lowest |\n|---:|---:|---:|---:|")
    for cap in caps:
        v = [statistics.median(per[p][cap]) for p in per]
        print(f"| {cap} | {statistics.median(v):.3f} | {sum(x < 0.9 for x in v)} | {min(v):.3f} |")


def stops(a):
    print(f"runs {a.labels}\n")
    print("| patience / cap | kind | pairs | median | under 0.9 | lowest | median trials | 1000 / trials |")
    print("|---|---|---:|---:|---:|---:|---:|---:|")
    for st in a.stops.split(","):
        carry = st.endswith("c")
        patience, cap = (int(x) for x in st.rstrip("c").split("/"))
        per = {}  # pair -> (kind, [(ratio, trials)])
        for pair, kind, final, tr in runs(a.work, a.labels):
            n = stop_index(tr, patience, cap, carry=carry)
            per.setdefault(pair, (kind, []))[1].append((final * best_within(tr, 10**9) / best_within(tr, n), n))
        kind_rows(f"{patience} / {cap}", per)


def eto_cut(tr, patience, gain=0.01):
    """The trials of tr that remain when ETO's rounds (rounds 11-14) end after patience of their trials in a row have
    not improved the best by gain (trials before and after ETO's rounds are kept)."""
    best, since, cut, out = float("inf"), 0, False, []
    for i, rnd, ms in tr:
        eto = 10 <= rnd < 20
        if eto and cut:
            continue
        out.append((len(out) + 1, rnd, ms))
        gained = ms is not None and (best == float("inf") or ms < best * (1 - gain))
        if ms is not None and ms < best:
            best = ms
        if eto:
            since = 0 if gained else since + 1
        if eto and since >= patience:
            cut = True
    return out


def eto_stops(a):
    print(f"runs {a.labels}\n")
    print("| ETO patience | kind | pairs | median | under 0.9 | lowest | median trials | 1000 / trials |")
    print("|---:|---|---:|---:|---:|---:|---:|---:|")
    for patience in (int(x) for x in a.eto_patience.split(",")):
        per = {}  # pair -> (kind, [(ratio, trials)])
        for pair, kind, final, tr in runs(a.work, a.labels):
            kept = eto_cut(tr, patience)
            r = final * best_within(tr, 10**9) / best_within(kept, 10**9)
            per.setdefault(pair, (kind, []))[1].append((r, len(kept)))
        kind_rows(patience, per)


if __name__ == "__main__":
    main()
