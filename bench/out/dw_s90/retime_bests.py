#!/usr/bin/env python3
"""dw_s90/retime_bests.py ETOTUNE ROUNDS LABEL... (#19, session 74): the depthwise pairs' runs re-timed together.
pairs_recheck.py re-times each run's best against alpha's reference in that run's own minute (3 alternations); on
this host one program's ratio moved 0.68-1.06 between runs (µs kernels). Here, per pair, alpha's reference and every
distinct best of the LABELs' runs are re-timed alternately ROUNDS times in one pass (median of each), and each
run's ratio is taken from that pass: WORK/LABEL_rt.rows.jsonl in pairs_recheck's row layout (s89_compare.py --work
bench/out/dw_s90 reads them; $SUFFIX: another suffix than _rt, for another pass). Skips a pair whose rows exist for
every label."""
import csv, json, os, statistics, sys, tempfile
sys.path.insert(0, "bench")
from pairs_recheck import key2line
from retune import retime

e, rounds, labels = sys.argv[1], int(sys.argv[2]), sys.argv[3:]
w = os.environ.get("WORK", "bench/out/dw_s90")  # WORK: another folder (cv_s91/run.sh)
sfx = os.environ.get("SUFFIX", "_rt")
rows = {r["pair"]: r for r in csv.DictReader(open(os.path.join(w, "pairs.csv")))}
runs = {l: {json.loads(x)[0]: json.loads(x) for x in open(os.path.join(w, l + ".rows.jsonl"))} for l in labels}
done = {l: {json.loads(x)[0] for x in open(os.path.join(w, l + sfx + ".rows.jsonl"))}
        if os.path.exists(os.path.join(w, l + sfx + ".rows.jsonl")) else set() for l in labels}
tmp = tempfile.mktemp(suffix=".list")
for pid in rows:
    if all(pid in done[l] for l in labels):
        continue
    best = {}
    for l in labels:
        lines = open(os.path.join(w, f"{l}-{pid}.log")).read().splitlines()
        i = next(k for k, x in enumerate(lines) if x.startswith("best: "))
        best[l] = lines[i + 1].strip()
    recs = ["alpha"] + sorted(set(best.values()))
    rec_of = {"alpha": rows[pid]["alpha_full_recipe"]}
    rec_of.update({r: r for r in recs[1:]})
    line = key2line(rows[pid]["alpha"])
    t = {r: [] for r in recs}
    for _ in range(rounds):
        for r in recs:
            t[r].append(retime(e, line, rec_of[r], 2, tmp, 25))
    med = {r: statistics.median(t[r]) for r in recs}
    for l in labels:
        o = runs[l][pid]
        o = [o[0], o[1], o[2], o[3], med["alpha"] / med[best[l]]] + o[5:]
        with open(os.path.join(w, l + sfx + ".rows.jsonl"), "a") as f:
            f.write(json.dumps(o) + "\n")
    print(pid, len(recs) - 1, "bests;", " ".join(f"{l} {med['alpha'] / med[best[l]]:.3f}" for l in labels), flush=True)
os.path.exists(tmp) and os.remove(tmp)
