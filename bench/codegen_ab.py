#!/usr/bin/env python3
"""bench/codegen_ab.py LIST BUILD_A BUILD_B [--programs 8] [--seed 1] [--rounds 2] [--out F.md]

Two code generators on the same programs: `etotune measure LIST --programs N --seed S` samples the same random
programs of every operator of LIST with both builds (sampling does not depend on the code generator), each build
compiles, verifies and times them, alternately A, B, A, B for --rounds rounds, never at once. Per program the
median over the rounds; per operator kind the median and geometric mean of B/A over the programs that both ran
correctly, the count of programs more than 5% slower or faster, and the same over each operator's best quarter
of programs (the ones a search keeps). Prints a table, and writes it to --out with the commands."""
import argparse
import collections
import json
import math
import statistics
import subprocess
import sys


def run(bin_, a):
    cmd = [bin_, "measure", a.list, "--programs", str(a.programs), "--seed", str(a.seed), "--threads",
           str(a.threads), "--min-repeat-ms", str(a.min_repeat_ms), "--format", "json"]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    d = json.loads(out)
    r = {}
    for o in d["operators"]:
        for i, p in enumerate(o.get("programs", [])):
            if p.get("status") == "ok" and p.get("gflops"):
                r[(o["key"], i, p["recipe"])] = p["gflops"]
    return r, " ".join(cmd)


def summary(rs):
    g = math.exp(sum(math.log(x) for x in rs) / len(rs))
    return (f"{len(rs)} | {statistics.median(rs):.3f} | {g:.3f} | {sum(x < 0.95 for x in rs)} | "
            f"{sum(x > 1.05 for x in rs)}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("list")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--programs", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--min-repeat-ms", type=int, default=20)
    ap.add_argument("--out")
    a = ap.parse_args()
    runs = {"a": collections.defaultdict(list), "b": collections.defaultdict(list)}
    cmds = {}
    for rnd in range(a.rounds):
        for which in ("a", "b"):
            r, cmds[which] = run(getattr(a, which), a)
            for k, v in r.items():
                runs[which][k].append(v)
            print(f"round {rnd + 1} build {which}: {len(r)} programs ok", file=sys.stderr, flush=True)
    both = [k for k in runs["a"] if k in runs["b"] and len(runs["a"][k]) == a.rounds and len(runs["b"][k]) == a.rounds]
    med = {k: (statistics.median(runs["a"][k]), statistics.median(runs["b"][k])) for k in both}
    by_kind = collections.defaultdict(list)
    best_by_kind = collections.defaultdict(list)
    by_op = collections.defaultdict(list)
    for k in both:
        by_op[k[0]].append(k)
    for op, ks in by_op.items():
        kind = op.split(":")[0]
        ks.sort(key=lambda k: -med[k][0])
        for j, k in enumerate(ks):
            ratio = med[k][1] / med[k][0]
            by_kind[kind].append(ratio)
            if j < max(1, len(ks) // 4):
                best_by_kind[kind].append(ratio)
    lines = [f"A: {cmds.get('a', '')}", f"B: {cmds.get('b', '')}", f"{a.rounds} rounds alternately, per program the median",
             "", "| kind | programs | median B/A | geomean B/A | B >5% slower | B >5% faster | best quarter: programs | median | geomean | slower | faster |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    allr, allb = [], []
    for kind in sorted(by_kind):
        lines.append(f"| {kind} | {summary(by_kind[kind])} | {summary(best_by_kind[kind])} |")
        allr += by_kind[kind]
        allb += best_by_kind[kind]
    if allr:
        lines.append(f"| **all** | {summary(allr)} | {summary(allb)} |")
    text = "\n".join(lines) + "\n"
    print(text)
    if a.out:
        open(a.out, "w").write(text)


if __name__ == "__main__":
    main()
