#!/usr/bin/env python3
"""bench/trial_cost_cross.py OUT OLD_ETOTUNE NEW_ETOTUNE [--ops dwconv,conv] [--rounds 3] [--extra LABEL=ETOTUNE ...]

After bench/trial_cost.sh: is a quality difference between the two builds' searches a difference of the programs
they found, or of how each build compiles the same program (LLVM 14 against LLVM 19)? For every operator and seed in
OUT, the best programs of both builds' 1000-trial searches (the largest budget) are each timed by both builds,
`etotune measure --recipe` (the full protocol, no screen), alternately, --rounds rounds; the medians go to
OUT/cross.md and OUT/cross.json (--name NAME: OUT/NAME.md and .json). --extra adds a build that times both programs
too (e.g. a later commit), one more column per program."""
import argparse
import glob
import json
import os
import re
import statistics
import subprocess


def gflops(bin_, lst, recipe, threads):
    out = subprocess.run([bin_, "measure", lst, "--recipe", recipe, "--threads", str(threads), "--format", "json"],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)["operators"][0]["programs"][0].get("gflops", 0)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--ops", default="dwconv,conv")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--extra", action="append", default=[], help="LABEL=ETOTUNE: one more build that times both programs")
    ap.add_argument("--name", default="cross")
    a = ap.parse_args()
    builds = {"old": a.old, "new": a.new}
    for x in a.extra:
        label, _, bin_ = x.partition("=")
        builds[label] = bin_
    rows = []
    for op in a.ops.split(","):
        lst = os.path.join(a.out, f"{op}.list")
        seeds = sorted({int(m[1]) for p in glob.glob(os.path.join(a.out, f"{op}_s*_old_*.json"))
                        if (m := re.search(r"_s(\d+)_old_", p))})
        for s in seeds:
            T = max(int(re.search(r"_(\d+)\.json$", p)[1]) for p in glob.glob(os.path.join(a.out, f"{op}_s{s}_old_*.json")))
            rec = {}
            for b in ("old", "new"):
                p = os.path.join(a.out, f"{op}_s{s}_{b}_{T}.json")
                if os.path.exists(p):
                    rec[b] = json.load(open(p))["operators"][0]["recipe"]
            if len(rec) < 2:
                continue
            g = {(p, b): [] for p in rec for b in builds}
            for _ in range(a.rounds):
                for p in ("old", "new"):
                    for b in builds:
                        g[(p, b)].append(gflops(builds[b], lst, rec[p], a.threads))
            med = {k: statistics.median(v) for k, v in g.items()}
            rows.append({"op": op, "seed": s, "recipes": rec, "gflops": {f"{p} program, {b} build": v for (p, b), v in med.items()}})
            print(op, s, {f"{p}/{b}": round(v, 1) for (p, b), v in med.items()}, flush=True)
    with open(os.path.join(a.out, a.name + ".json"), "w") as f:
        json.dump(rows, f, indent=1)
    cols = [(p, b) for p in ("old", "new") for b in builds]
    with open(os.path.join(a.out, a.name + ".md"), "w") as f:
        f.write("builds: " + ", ".join(f"{b} = {builds[b]}" for b in builds) + "\n\n")
        f.write("| operator | seed | " + " | ".join(f"{p}'s program: {b} build" for p, b in cols) + " |\n")
        f.write("|---|---|" + "---:|" * len(cols) + "\n")
        for r in rows:
            x = r["gflops"]
            f.write(f"| {r['op']} | {r['seed']} | " + " | ".join(f"{x[f'{p} program, {b} build']:.1f}" for p, b in cols) + " |\n")

if __name__ == "__main__":
    main()
