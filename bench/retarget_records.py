#!/usr/bin/env python3
"""bench/retarget_records.py EXPORT.jsonl FINGERPRINT CODEGEN [--lanes 16] > records.jsonl

A cache's records (`etotune db export`) carried over a codegen version bump, for this machine's target: every record
of the export's target rewritten for target FINGERPRINT and codegen version CODEGEN (this build's, as `etotune db
export` of any cache it made shows them), checksums computed again, except the records of programs whose generated
code the bump changed, which are left out (their latencies were measured with the old code). Then

    etotune db --db DIR import records.jsonl

keeps a kept reference (a 1000-trial search's cache, bench_reproduce --full-from) usable by the new build without
searching again. Programs whose code changed, by version:
  4 -> 5 (80da094, bench/RESULTS.md BM.2): multi-level programs whose register tile has every S4 factor 1 and an S3
         factor that is a multiple of the target's SIMD lanes (--lanes).
  5 -> 6 (bench/RESULTS.md BO.1): of those, the ones whose vector axis's S3 factor over the lanes is not a power of
         two (48 or 96 columns of 16 lanes), and the programs whose vector axis's S4 factor over the lanes is not.
  4 -> 6: both rules' programs.
  6 -> 7 (BO.3): the programs whose vector axis's S4 factor is wider than the lanes, no multiple of them, not a power
         of two, and divided by half the lanes (24, 40, 56 columns of 16 lanes).
  5 -> 7, 4 -> 7: the rules' programs together.
Prints to stderr how many records were rewritten and left out, and each operator whose best program was left out
(that operator has no best record in the new cache: search it, or re-time its trials)."""
import argparse
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from codegen_ab_recipes import v6_changed, vector_tile, vector_wide_odd_run  # noqa: E402
from manifest_records import fnv_hex  # noqa: E402  (the cache's record checksum)

STEP = {5: vector_tile, 6: v6_changed, 7: vector_wide_odd_run}  # version: the programs it changed against the one before


def changed_rule(old, new):
    """The programs whose code differs between codegen versions old and new: those any step between them changed
    (none for the same version); None for an older new version or where a step has no rule."""
    if old == new:
        return lambda r, lanes: False
    if not (old.isdigit() and new.isdigit()) or int(old) > int(new):
        return None
    steps = range(int(old) + 1, int(new) + 1)
    if any(v not in STEP for v in steps):
        return None
    return lambda r, lanes: any(STEP[v](r, lanes) for v in steps)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("export")
    ap.add_argument("fingerprint")
    ap.add_argument("codegen")
    ap.add_argument("--lanes", type=int, default=16)
    a = ap.parse_args()
    lines = [ln.rstrip("\n") for ln in open(a.export) if ln.strip()]
    docs = [json.loads(ln) for ln in lines]
    metas = [d for d in docs if d.get("type") == "meta"]
    if len(metas) != 1:
        sys.exit(f"retarget_records.py: {a.export}: {len(metas)} targets; export one target's cache")
    old_fp = metas[0]["fingerprint"]
    m = re.search(r"codegen v(\w+)", metas[0]["description"])
    if not m:
        sys.exit("retarget_records.py: the target's description names no codegen version")
    old_cg = m.group(1)
    changed = changed_rule(old_cg, a.codegen)
    if changed is None:
        sys.exit(f"retarget_records.py: no rule for codegen {old_cg} -> {a.codegen}")
    kept = dropped = 0
    lost = []
    for ln, d in zip(lines, docs):
        if d.get("fingerprint") != old_fp:
            continue
        if d.get("recipe") and changed(d["recipe"], a.lanes):
            dropped += 1
            if d["type"] == "best":
                lost.append(d["workload"])
            continue
        j = ln.rindex(',"checksum":"')
        body = ln[:j].replace(f'"fingerprint":"{old_fp}"', f'"fingerprint":"{a.fingerprint}"', 1)
        if d["type"] == "meta":
            body = body.replace(f"codegen v{old_cg}", f"codegen v{a.codegen}", 1)
        elif d["type"] == "best":
            body = body.replace(f'"codegen_version":"{old_cg}"', f'"codegen_version":"{a.codegen}"', 1)
        print(body + ',"checksum":"%s"}' % fnv_hex(body.encode()))
        kept += 1
    print(f"retarget_records.py: {kept} records for {a.fingerprint} (codegen {old_cg} -> {a.codegen}), {dropped} left out "
          f"(their code changed){', the best programs of:' if lost else ''}", file=sys.stderr)
    for w in lost:
        print(f"  {w}", file=sys.stderr)


if __name__ == "__main__":
    main()
