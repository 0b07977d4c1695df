#!/usr/bin/env python3
"""bench/pairs_recheck.py — one reuse policy on chosen pairs of an earlier `bench_pairs` run, without searching the
references again (issue "Reuse that beats search").

`bench_pairs` runs β's and α's 1000-trial full searches for every pair (about 3 minutes a pair), so a change to a
reuse policy costs a whole chunk to measure. This tool keeps β's full search in a cache of its own under WORK
(searched once, by `etotune tune --mode full`, then reused by every later run), and instead of α's search it
re-times α's best recipe that the earlier run kept in pairs.csv. Per pair:

  1. WORK/beta-<hash>/db: β's full search (--beta-trials, default 1000; seed 1), run once;
  2. a copy of that cache (β's records only, as bench_pairs gives each method), and in it
     `etotune reuse LIST --from β --to α --policy P` (every trial printed with its round);
  3. α-full's recipe (pairs.csv) and the run's best program re-timed alternately, --rounds times, by `etotune
     measure --recipe` (median of each): the throughput ratio is measured side by side in this run.

Prints a Markdown table (and writes it to --out): per pair the policy's trials and seconds, its best against α's
full search (re-timed), where in the run its best came (trial and round), its best within the first 100 trials,
and the ratio the earlier run measured, for comparison. Each finished pair is kept in WORK/LABEL.rows.jsonl: the
same command run again (after a session's end) takes those pairs from there and runs only the others.

  python3 bench/pairs_recheck.py --etotune build/src/cli/etotune --csv bench/out/pairs_seeded_c12345678/pairs.csv \
      --pairs p7,p8,p24 --work bench/out/pairs_recheck --label seeded --out bench/out/pairs_recheck/seeded.md
"""
import argparse
import csv
import hashlib
import json
import math
import os
import re
import shutil
import statistics
import sys
import time

from retune import retime, run  # the same re-timing (etotune measure --recipe) and logged run as bench/retune.py


def key2line(key):
    """A workload key as a line of an operators.list (the parser's key, keys with two equal values as one)."""
    kind, rest = key.split(":", 1)
    segs = rest.split(";")
    out = [kind] + segs[0].split(",")
    for seg in segs[1:]:
        name, val = seg.split("=", 1)
        if name == "dtype":
            if val != "float32":
                out.append(seg)
            continue
        vs = val.split(",")
        out.append("%s=%s" % (name, vs[0] if all(v == vs[0] for v in vs) else val))
    return " ".join(out)


# a trial line of `etotune reuse`: #, round, B, program, status, ms, GFLOP/s, and "*" where it is a new best
TRIAL = re.compile(r"^\s+(\d+)\s+(\d+)\s+(\d+)\s+(.*?)\s+(ok|\S+)\s+([0-9.]+)\s+([0-9.]+)(\s+\*)?\s*$")


def parse_reuse(log):
    """Trials (index, round, status, ms) and the best recipe of an `etotune reuse` output."""
    trials, best, secs = [], None, None
    lines = open(log).read().splitlines()
    for i, l in enumerate(lines):
        m = TRIAL.match(l)
        if m and m.group(5) == "ok":
            trials.append((int(m.group(1)), int(m.group(2)), float(m.group(6))))
        elif re.match(r"^\s+\d+\s+\d+\s+\d+\s", l):
            trials.append((int(l.split()[0]), int(l.split()[1]), None))
        if l.startswith("best: ") and i + 1 < len(lines):
            best = lines[i + 1].strip()
        m2 = re.match(r"^trials: (\d+) measured .*, ([0-9.]+) s$", l)
        if m2:
            secs = float(m2.group(2))
    return trials, best, secs


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--etotune", default="build/src/cli/etotune")
    ap.add_argument("--csv", required=True, help="pairs.csv of an earlier bench_pairs run (α-full's recipes)")
    ap.add_argument("--pairs", required=True, help="pair ids, e.g. p7,p8,p24")
    ap.add_argument("--work", default="bench/out/pairs_recheck", help="β's caches and the runs' logs")
    ap.add_argument("--policy", default="seeded", help="etotune reuse --policy (eto, seeded, topk)")
    ap.add_argument("--label", default=None, help="name of this run's logs (default: the policy)")
    ap.add_argument("--beta-trials", type=int, default=1000)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--min-repeat-ms", type=int, default=25)
    ap.add_argument("--rounds", type=int, default=3, help="alternated re-timings of the two programs")
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    label = a.label or a.policy
    rows = {r["pair"]: r for r in csv.DictReader(open(a.csv))}
    os.makedirs(a.work, exist_ok=True)
    # each finished pair's row goes to WORK/LABEL.rows.jsonl at once; a later run of the same label takes the rows
    # found there instead of running those pairs again, so a session's end loses at most the pair under way
    done_path = os.path.join(a.work, f"{label}.rows.jsonl")
    done = {}
    if os.path.exists(done_path):
        for l in open(done_path):
            if l.strip():
                t = json.loads(l)
                done[t[0]] = tuple(t)
    table = []
    for pid in a.pairs.split(","):
        if pid in done:
            table.append(done[pid])
            print(f"{pid}: taken from {done_path}", file=sys.stderr)
            continue
        r = rows.get(pid)
        if not r or not r["alpha_full_recipe"]:
            print(f"{pid}: not in {a.csv} or without α-full's recipe", file=sys.stderr)
            continue
        lst = os.path.join(a.work, f"{pid}.list")
        with open(lst, "w") as f:
            f.write(key2line(r["beta"]) + "\n" + key2line(r["alpha"]) + "\n")
        bdir = os.path.join(a.work, "beta-" + hashlib.sha1(r["beta"].encode()).hexdigest()[:10])
        os.makedirs(bdir, exist_ok=True)
        blst = os.path.join(bdir, "beta.list")
        with open(blst, "w") as f:
            f.write(key2line(r["beta"]) + "\n")
        # the cache is not kept in git (bench/out/*/db): on a fresh machine β is searched again. Its end is marked
        # inside the cache (db/searched), not by bdir/done, which git keeps: a search killed part-way left a db
        # beside a done of an earlier machine and was taken as whole. `etotune tune` resumes a partial cache.
        if not os.path.exists(os.path.join(bdir, "db", "searched")):
            t0 = time.time()
            rc = run([a.etotune, "tune", blst, "--mode", "full", "--trials", str(a.beta_trials), "--seed", "1",
                      "--threads", str(a.threads), "--min-repeat-ms", str(a.min_repeat_ms), "--db",
                      os.path.join(bdir, "db")], os.path.join(bdir, "tune.log"))
            if rc != 0:
                print(f"{pid}: β's full search failed (see {bdir}/tune.log)", file=sys.stderr)
                continue
            open(os.path.join(bdir, "done"), "w").write("%.1f s\n" % (time.time() - t0))
            open(os.path.join(bdir, "db", "searched"), "w").write("%.1f s\n" % (time.time() - t0))
        rdir = os.path.join(a.work, f"run-{label}-{pid}")
        shutil.rmtree(rdir, ignore_errors=True)
        shutil.copytree(os.path.join(bdir, "db"), os.path.join(rdir, "db"))
        log = os.path.join(a.work, f"{label}-{pid}.log")
        t0 = time.time()
        run([a.etotune, "reuse", lst, "--from", "1", "--to", "2", "--policy", a.policy, "--seed", "1", "--threads",
             str(a.threads), "--min-repeat-ms", str(a.min_repeat_ms), "--db", os.path.join(rdir, "db")], log)
        wall = time.time() - t0
        shutil.rmtree(rdir, ignore_errors=True)
        trials, best, secs = parse_reuse(log)
        ok = [t for t in trials if t[2] is not None]
        if not best or not ok:
            print(f"{pid}: no program (see {log})", file=sys.stderr)
            continue
        bi = min(ok, key=lambda t: t[2])
        b100 = min((t[2] for t in ok if t[0] <= 100), default=None)
        tf, tp, tmp = [], [], os.path.join(a.work, f"{pid}_retime.list")
        for _ in range(a.rounds):
            tf.append(retime(a.etotune, key2line(r["alpha"]), r["alpha_full_recipe"], a.threads, tmp, a.min_repeat_ms))
            tp.append(retime(a.etotune, key2line(r["alpha"]), best, a.threads, tmp, a.min_repeat_ms))
        os.remove(tmp)
        if any(math.isnan(x) for x in tf + tp):
            print(f"{pid}: re-timing failed", file=sys.stderr)
            continue
        ratio = statistics.median(tf) / statistics.median(tp)
        at100 = ratio * bi[2] / b100 if b100 else float("nan")
        prev = float(r["seeded_over_full"]) if r.get("seeded_over_full") else float("nan")
        table.append((pid, r["kind"], len(trials), secs if secs is not None else wall, ratio, bi[0], bi[1], at100,
                      prev, int(float(r["seeded_trials"])) if r.get("seeded_trials") else 0))
        with open(done_path, "a") as f:
            f.write(json.dumps(table[-1]) + "\n")
        print(f"{pid}: {len(trials)} trials, {ratio:.3f} of α-full (re-timed), best at trial {bi[0]} (round {bi[1]})",
              file=sys.stderr)
    head = (f"policy {a.policy} ({label}); {a.etotune}; β: {a.beta_trials}-trial full search; α-full: the recipe of "
            f"{a.csv}, re-timed with the run's best, {a.rounds} alternations, median\n\n"
            "| pair | kind | trials | s | / α-full (re-timed) | best at trial (round) | within 100 trials | "
            "earlier run: / α-full (trials) |\n|---|---|---:|---:|---:|---:|---:|---:|\n")
    body = "".join(f"| {p} | {k} | {n} | {s:.1f} | {q:.3f} | {bt} ({br}) | {h:.3f} | {pv:.3f} ({pt}) |\n"
                   for p, k, n, s, q, bt, br, h, pv, pt in table)
    if table:
        qs = [t[4] for t in table]
        ns = [t[2] for t in table]
        pv = [t[8] for t in table]
        body += (f"| median | | {statistics.median(ns):.0f} | | {statistics.median(qs):.3f} | | "
                 f"{statistics.median([t[7] for t in table]):.3f} | {statistics.median(pv):.3f} |\n")
    print(head + body)
    if a.out:
        with open(a.out, "w") as f:
            f.write(head + body)


if __name__ == "__main__":
    main()
