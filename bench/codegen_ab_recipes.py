#!/usr/bin/env python3
"""bench/codegen_ab_recipes.py BUILD_A BUILD_B EXPORT.jsonl... [--records best|trial|both] [--select all|vector-tile|
       vector-tile-odd|vector-s4-odd|vector-wide-odd] [--lanes 16] [--max 32] [--rounds 2] [--threads 2]
       [--min-repeat-ms 100] [--out F.md]

Two code generators on the same stored programs: the records of caches exported by `etotune db export` (a best
record's or trial's workload and recipe), each compiled, verified and timed by `etotune measure LIST --recipe R` of
both builds, alternately A, B, B, A, ... for --rounds pairs of rounds, never at once; per program the median
GFLOP/s and compile time of each build. --select vector-tile keeps the multi-level programs whose register tile has
no S4 factor above 1 and an S3 factor that is a multiple of --lanes (the programs src/lower lowers with a vector tile
since BM.2; vector-tile-odd: those of them whose vector loop codegen v6 splits, BO.1; vector-s4-odd: the programs
whose S4 vector loop v6 splits, BO.1; vector-wide-odd: those whose vector loop of no multiple of the lanes v7
splits, BO.3); --max takes that many, evenly spaced over the selection in key order (distinct workload and recipe).
Prints per operator kind the median and geometric mean of B/A in GFLOP/s and in compile time, and writes the table
and every program's figures to --out."""
import argparse
import collections
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from codegen_ab import summary  # noqa: E402


def _axes(recipe):
    """A multi-level recipe's space factors, one [S0..S4] list per axis; None for another sketch."""
    m = re.search(r" s=([\d./]+)", recipe)
    if not recipe.startswith("v1 mlt") or not m:
        return None
    return [[int(x) for x in a.split(".")] for a in m.group(1).split("/")]


def vector_tile(recipe, lanes):
    axes = _axes(recipe)
    return bool(axes) and all(a[4] == 1 for a in axes) and any(a[3] % lanes == 0 for a in axes)


def _odd(cols, lanes):
    f = cols // lanes
    return f & (f - 1) != 0


def vector_tile_odd_run(recipe, lanes):
    """A vector_tile program whose vector axis (the last one with an S3 factor that is a multiple of the lanes) has
    an S3 factor that is not the lanes times a power of two (48, 96 with 16 lanes): codegen v5 made that whole factor
    its vector loop, v6 the largest lanes x 2^j run that divides it (lower.c mlt_vector_tile)."""
    if not vector_tile(recipe, lanes):
        return False
    return _odd([a[3] for a in _axes(recipe) if a[3] % lanes == 0][-1], lanes)


def vector_s4_odd_run(recipe, lanes):
    """A multi-level program whose vector axis (the last one with an S4 factor that is a multiple of the lanes) has an
    S4 factor that is not the lanes times a power of two (S4 = 48 with 16 lanes): a vector loop of that many columns
    up to codegen v5, the largest lanes x 2^j run that divides it inside an unrolled S3 loop in v6."""
    axes = _axes(recipe)
    if not axes or all(a[4] == 1 for a in axes):
        return False
    v = [a[4] for a in axes if a[4] % lanes == 0]
    return bool(v) and _odd(v[-1], lanes)


def vector_wide_odd_run(recipe, lanes):
    """A multi-level program whose vector axis (no S4 factor a multiple of the lanes: the last one with S4 > 1) runs
    more columns than the lanes, not a power of two, with half the lanes dividing them (24, 40, 56 with 16 lanes):
    the programs whose code codegen v7 changed against v6 (its vector loop split into runs of the largest power of two
    that divides the columns, bench/RESULTS.md BO.3)."""
    axes = _axes(recipe)
    if not axes or any(a[4] % lanes == 0 and a[4] > 1 for a in axes):
        return False
    v = [a[4] for a in axes if a[4] > 1]
    if not v or v[-1] <= lanes or v[-1] & (v[-1] - 1) == 0:
        return False
    return v[-1] % (lanes // 2) == 0


def v6_changed(recipe, lanes):
    """The programs whose code codegen v6 changed against v5 (bench/RESULTS.md BO.1)."""
    return vector_tile_odd_run(recipe, lanes) or vector_s4_odd_run(recipe, lanes)


SELECT = {"vector-tile": vector_tile, "vector-tile-odd": vector_tile_odd_run, "vector-s4-odd": vector_s4_odd_run,
          "vector-wide-odd": vector_wide_odd_run}


def op_line(workload):
    """The list line of a workload key: "conv2d:n=1,k=64,...;stride=1,1;pad=1,1;dtype=float32" ->
    "conv2d n=1 k=64 ... stride=1,1 pad=1,1 freq=1 name=p"."""
    kind, rest = workload.split(":", 1)
    parts = rest.split(";")
    attrs = [x for x in parts[1:] if not x.startswith("dtype=")]
    return f"{kind} {' '.join(parts[0].split(','))} {' '.join(attrs)} freq=1 name=p\n"


def measure(build, workload, recipe, a, tmp):
    path = os.path.join(tmp, "op.list")
    with open(path, "w") as f:
        f.write(op_line(workload))
    cmd = [os.path.join(build, "src/cli/etotune"), "measure", path, "--recipe", recipe, "--threads", str(a.threads),
           "--min-repeat-ms", str(a.min_repeat_ms), "--format", "json"]
    out = subprocess.run(cmd, capture_output=True, text=True).stdout
    try:
        p = json.loads(out)["operators"][0]["programs"][0]
    except (ValueError, KeyError, IndexError):
        return None
    if p.get("status") != "ok":
        return None
    return p["gflops"], p["compile_s"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("exports", nargs="+")
    ap.add_argument("--records", choices=["best", "trial", "both"], default="best")
    ap.add_argument("--select", choices=["all"] + list(SELECT), default="all")
    ap.add_argument("--lanes", type=int, default=16)
    ap.add_argument("--max", type=int, default=32)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--min-repeat-ms", type=int, default=100)
    ap.add_argument("--out")
    a = ap.parse_args()
    seen = set()
    for path in a.exports:
        for line in open(path):
            d = json.loads(line)
            if d.get("type") not in ("best", "trial") or (a.records != "both" and d["type"] != a.records):
                continue
            if d["type"] == "trial" and d.get("status") != "ok":
                continue
            if a.select != "all" and not SELECT[a.select](d["recipe"], a.lanes):
                continue
            seen.add((d["workload"], d["recipe"]))
    progs = sorted(seen)
    if len(progs) > a.max:
        progs = [progs[i * len(progs) // a.max] for i in range(a.max)]
    print(f"{len(seen)} programs selected, {len(progs)} measured", file=sys.stderr, flush=True)
    res = {w: collections.defaultdict(list) for w in ("a", "b")}
    with tempfile.TemporaryDirectory() as tmp:
        for rnd in range(2 * a.rounds):
            for which in ("a", "b") if rnd % 2 == 0 else ("b", "a"):
                for key in progs:
                    r = measure(getattr(a, which), key[0], key[1], a, tmp)
                    if r:
                        res[which][key].append(r)
            print(f"round {rnd + 1} of {2 * a.rounds} done", file=sys.stderr, flush=True)
    n = 2 * a.rounds // 2
    rows, by_kind, cby_kind = [], collections.defaultdict(list), collections.defaultdict(list)
    for key in progs:
        ra, rb = res["a"][key], res["b"][key]
        if len(ra) < n or len(rb) < n:
            rows.append(f"| {key[0]} | `{key[1]}` | failed ({len(ra)} / {len(rb)} runs ok) | | | |")
            continue
        ga, gb = statistics.median(x[0] for x in ra), statistics.median(x[0] for x in rb)
        ca, cb = statistics.median(x[1] for x in ra), statistics.median(x[1] for x in rb)
        kind = key[0].split(":")[0]
        by_kind[kind].append(gb / ga)
        cby_kind[kind].append(cb / ca)
        rows.append(f"| {key[0]} | `{key[1]}` | {ga:.1f} | {gb:.1f} | {ca * 1e3:.0f} | {cb * 1e3:.0f} |")
    lines = [f"A: {a.a}", f"B: {a.b}", f"records: {a.records} of {' '.join(a.exports)}; select {a.select} (lanes "
             f"{a.lanes}); {len(seen)} selected, {len(progs)} measured; rounds A B B A x {a.rounds}, --min-repeat-ms "
             f"{a.min_repeat_ms}, --threads {a.threads}; per program the median", "",
             "| kind | programs | median B/A GFLOP/s | geomean | B >5% slower | B >5% faster | compile: programs | median B/A "
             "| geomean | B >5% faster to build | B >5% slower to build |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    allg, allc = [], []
    for kind in sorted(by_kind):
        lines.append(f"| {kind} | {summary(by_kind[kind])} | {summary(cby_kind[kind])} |")
        allg += by_kind[kind]
        allc += cby_kind[kind]
    if allg:
        lines.append(f"| **all** | {summary(allg)} | {summary(allc)} |")
    lines += ["", "| workload | recipe | A GFLOP/s | B GFLOP/s | A compile ms | B compile ms |", "|---|---|---:|---:|---:|---:|"]
    lines += rows
    text = "\n".join(lines) + "\n"
    print("\n".join(lines[:len(lines) - len(rows) - 3]))
    if a.out:
        open(a.out, "w").write(text)


if __name__ == "__main__":
    main()
