#!/usr/bin/env python3
"""lists_s82/oracle.py FULL_DIR RUN.out... (#19, session 66) — the most any schedule of a run's own searches could have
gained in time: each operator's best against its own trials is taken from the run's progress lines (as
lists_s82/reach.py; the reseed step left out), and an oracle that knows every curve in advance gives trials to
whichever operator's next gain lowers the list's weighted latency most per trial (greedy on the curves' steps;
an operator without a program first gets the trials of its first best). Its trials to reach the list's weighted
latency at q of the full search's (FULL_DIR/operators.csv; FULL_DIR/curves.csv: when the full search first had it),
at the run's own seconds per trial, against the full search's seconds: the speed-up bound of these searches. It
ignores that a reuse edge's curve depends on its source's progress (optimistic: a true bound)."""
import csv, sys

import runlog

fdir = sys.argv[1]
full = {r["key"]: (float(r["full_latency_ms"]), int(r["freq"])) for r in csv.DictReader(open(fdir + "/operators.csv"))}
ftot = sum(l * f for l, f in full.values())
curve = [(float(r["seconds"]), float(r["weighted_latency_ms"])) for r in csv.DictReader(open(fdir + "/curves.csv"))
         if r["mode"] == "full"]
qs = (0.80, 0.90, 0.95, 0.97)
print("| run | s/trial | " + " | ".join(f"{q:.0%}: full s / oracle s (x) / run s" for q in qs) + " |")
print("|---|---:|" + "---|" * len(qs))
for path in sys.argv[2:]:
    rs = runlog.rounds(path)
    steps = runlog.curves(rs, runlog.flops(path), full)
    runcur = [(s, w) for _, _, _, s, w in rs if w is not None]
    last = {}
    for k, t, _, _, _ in rs:
        last[k] = t
    # seconds per trial of the run: its elapsed seconds over every trial it measured before the reseed step
    spt = rs[-1][3] / sum(last.values())
    points = [(t, w) for t, w, _ in runlog.oracle(steps, {k: f for k, (_, f) in full.items()})]
    cells = []
    for q in qs:
        target = ftot / q
        fs = next((s for s, w in curve if w <= target), None)
        ot = next((t for t, w in points if w <= target), None)
        run_s = next((s for s, w in runcur if w <= target), None)
        o = ot * spt if ot is not None else None
        cells.append((f"{fs:.0f}" if fs else "never") + " / " + (f"{o:.0f} ({fs / o:.1f}x)" if o and fs else "never")
                     + " / " + (f"{run_s}" if run_s is not None else "never"))
    print(f"| {path.split('/')[-1][:-4]} | {spt:.3f} | " + " | ".join(cells) + " |")
