#!/usr/bin/env python3
"""lists_s82/oracle.py FULL_DIR RUN.out... (#19, session 66) — the most any schedule of a run's own searches could have
gained in time: each operator's best against its own trials is taken from the run's progress lines (as
lists_s82/reach.py; the reseed step left out), and an oracle that knows every curve in advance gives trials to
whichever operator's next gain lowers the list's weighted latency most per trial (greedy on the curves' steps;
an operator without a program first gets the trials of its first best). Its trials to reach the list's weighted
latency at q of the full search's (FULL_DIR/operators.csv; FULL_DIR/curves.csv: when the full search first had it),
at the run's own seconds per trial, against the full search's seconds: the speed-up bound of these searches. It
ignores that a reuse edge's curve depends on its source's progress (optimistic: a true bound)."""
import csv, json, re, sys

fdir = sys.argv[1]
full = {r["key"]: (float(r["full_latency_ms"]), int(r["freq"])) for r in csv.DictReader(open(fdir + "/operators.csv"))}
ftot = sum(l * f for l, f in full.values())
curve = [(float(r["seconds"]), float(r["weighted_latency_ms"])) for r in csv.DictReader(open(fdir + "/curves.csv"))
         if r["mode"] == "full"]
qs = (0.80, 0.90, 0.95, 0.97)
print("| run | s/trial | " + " | ".join(f"{q:.0%}: full s / oracle s (x) / run s" for q in qs) + " |")
print("|---|---:|" + "---|" * len(qs))
for path in sys.argv[2:]:
    rep = json.load(open(path[:-4] + ".json"))
    flops = {o["workload"]: o["gflops"] * o["latency_s"] * 1e9 for o in rep["operators"]}
    steps, secs, runcur = {}, None, []
    for line in open(path):
        if line.startswith("etotune: reseeding"):
            break
        m = re.search(r"search (\S+): round \d+, (\d+)(?:/\d+)? trials, best ([0-9.]+) GFLOP/s, (\d+) s elapsed", line)
        if m:
            k, t, g = m.group(1), int(m.group(2)), float(m.group(3))
            if k in full:
                lat = flops[k] / (g * 1e9) * 1e3
                v = steps.setdefault(k, [])
                if not v or lat < v[-1][1]:
                    v.append((t, lat))
            secs = int(m.group(4))
        m = re.search(r"(\d+) s elapsed \| list weighted latency ([0-9.]+) ms", line)
        if m:
            runcur.append((int(m.group(1)), float(m.group(2))))
    # seconds per trial of the run: its elapsed seconds over every trial it measured before the reseed step
    last = {}
    for line in open(path):
        if line.startswith("etotune: reseeding"):
            break
        m = re.search(r"search (\S+): round \d+, (\d+)(?:/\d+)? trials", line)
        if m:
            last[m.group(1)] = int(m.group(2))
    spt = secs / sum(last.values())
    # greedy oracle
    pos = {k: -1 for k in steps}  # index of the step taken
    trials = 0
    cur = {}
    def wl():
        return sum(full[k][1] * cur[k] for k in cur) if len(cur) == len(steps) else float("inf")
    # first programs: every operator gets its first step
    for k, v in steps.items():
        pos[k] = 0
        trials += v[0][0]
        cur[k] = v[0][1]
    points = [(trials, wl())]
    while True:
        best, bk = 0, None
        for k, v in steps.items():
            i = pos[k]
            for j in range(i + 1, len(v)):  # the best rate over any later step of this curve (its hull)
                dt = v[j][0] - v[i][0]
                gain = full[k][1] * (v[i][1] - v[j][1]) / max(dt, 1)
                if gain > best:
                    best, bk, bj = gain, k, j
        if bk is None:
            break
        trials += steps[bk][bj][0] - steps[bk][pos[bk]][0]
        pos[bk] = bj
        cur[bk] = steps[bk][bj][1]
        points.append((trials, wl()))
    cells = []
    for q in qs:
        target = ftot / q
        fs = next((s for s, w in curve if w <= target), None)
        ot = next((t for t, w in points if w <= target), None)
        rs = next((s for s, w in runcur if w <= target), None)
        o = ot * spt if ot is not None else None
        cells.append((f"{fs:.0f}" if fs else "never") + " / " + (f"{o:.0f} ({fs / o:.1f}x)" if o and fs else "never")
                     + " / " + (f"{rs}" if rs is not None else "never"))
    print(f"| {path.split('/')[-1][:-4]} | {spt:.3f} | " + " | ".join(cells) + " |")
