#!/usr/bin/env python3
"""lists_s79/rounds.py OUT... — when each full search (the plan's roots) got its rounds, from etotune tune's progress
lines ("full search KEY: round R, N/1000 trials, best G GFLOP/s, S s elapsed"): per root, the second at which its
second round ended, the second of its last round, its trials and its best GFLOP/s; the ops' shapes shortened."""
import re
import sys

pat = re.compile(r"full search ([a-z_0-9]+:[^;]*);.*?: round (\d+), (\d+)/\d+ trials, best ([0-9.]+) GFLOP/s, (\d+) s elapsed")
for path in sys.argv[1:]:
    roots = {}
    for line in open(path):
        m = pat.search(line)
        if m:
            roots.setdefault(m.group(1), []).append((int(m.group(2)), int(m.group(3)), float(m.group(4)), int(m.group(5))))
    print(path)
    for k, rs in roots.items():
        second = next((r[3] for r in rs if r[0] == 2), None)
        print(f"  {k[:60]:60s} round 2 at {second if second is not None else '-':>4} s, last (round {rs[-1][0]}) at "
              f"{rs[-1][3]:4d} s, {rs[-1][1]} trials, {rs[-1][2]:.1f} GFLOP/s")
