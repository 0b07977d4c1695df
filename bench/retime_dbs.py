#!/usr/bin/env python3
"""bench/retime_dbs.py: two caches' best programs of one list, re-timed side by side in one run.

A kept full search's stored latencies compare only with runs on the same host in the same state; when the host has
since slowed or sped up (bench/RESULTS.md AZ.1: 9-17% slower on identical candidates after some hours), its best
programs and a later run's are re-timed here alternately (`etotune measure --recipe`, ROUNDS rounds, median per
program), and the weighted throughput of B is given against A's.

usage: bench/retime_dbs.py --etotune E LIST DB_A DB_B [--rounds 3] [--threads 2] [--min-repeat-ms 25] [--out JSON]
LIST's operators (`etotune check --format json`: workload keys, freqs, lines) are matched to the caches' best records
by workload key; an operator missing from either cache is an error.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from retune import retime  # noqa: E402


def bests(etotune, db, tmp):
    """{workload: recipe} of the cache's best records (etotune db export)."""
    if subprocess.run([etotune, "db", "--db", db, "export", tmp], capture_output=True).returncode != 0:
        sys.exit(f"retime_dbs.py: cannot export {db}")
    out = {}
    for line in open(tmp):
        r = json.loads(line)
        if r.get("type") == "best":
            out[r["workload"]] = r["recipe"]
    return out


def list_ops(etotune, path):
    """[(line, workload key, freq)] of the list's operators, in order (one etotune check of the whole list)."""
    r = subprocess.run([etotune, "check", path, "--format", "json"], capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"retime_dbs.py: etotune check {path} failed:\n{r.stderr}")
    text = open(path).read().splitlines()
    return [(text[o["line"] - 1].split("#", 1)[0].strip(), o["key"], o.get("freq", 1))
            for o in json.loads(r.stdout)["files"][0]["operators"]]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--etotune", required=True)
    ap.add_argument("list")
    ap.add_argument("db_a")
    ap.add_argument("db_b")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--min-repeat-ms", type=float, default=25)
    ap.add_argument("--out")
    a = ap.parse_args()
    tmpd = tempfile.TemporaryDirectory(prefix="retime_dbs")
    tmpdir = tmpd.name
    tmp = os.path.join(tmpdir, "x")
    ba, bb = bests(a.etotune, a.db_a, tmp), bests(a.etotune, a.db_b, tmp)
    ops = []
    for line, k, f in list_ops(a.etotune, a.list):
        if k not in ba or k not in bb:
            sys.exit(f"retime_dbs.py: no best program of {k} in {a.db_a if k not in ba else a.db_b}")
        ops.append((line, k, f, ba[k], bb[k]))
    lat = [[[], []] for _ in ops]
    for _ in range(a.rounds):
        for i, (line, _k, _f, ra, rb) in enumerate(ops):
            for s, rec in enumerate((ra, rb)):
                lat[i][s].append(retime(a.etotune, line, rec, a.threads, os.path.join(tmpdir, "op.list"),
                                        a.min_repeat_ms))
    med = [[statistics.median(v) for v in l] for l in lat]
    wa = sum(o[2] * m[0] for o, m in zip(ops, med))
    wb = sum(o[2] * m[1] for o, m in zip(ops, med))
    print(f"| operator | freq | A ms | B ms | B vs A |\n|---|---:|---:|---:|---:|")
    for o, m in zip(ops, med):
        print(f"| {o[0]} | {o[2]} | {m[0] * 1e3:.4f} | {m[1] * 1e3:.4f} | {m[0] / m[1]:.3f} |")
    print(f"\nweighted latency: A {wa * 1e3:.3f} ms, B {wb * 1e3:.3f} ms: B's weighted throughput {100 * wa / wb:.1f}% of A's")
    if a.out:
        json.dump({"list": a.list, "db_a": a.db_a, "db_b": a.db_b, "rounds": a.rounds,
                   "operators": [{"line": o[0], "workload": o[1], "freq": o[2], "a_s": l[0], "b_s": l[1]}
                                 for o, l in zip(ops, lat)],
                   "weighted_a_s": wa, "weighted_b_s": wb}, open(a.out, "w"), indent=1)
    tmpd.cleanup()


if __name__ == "__main__":
    main()
