#!/usr/bin/env python3
"""lists_s74/curve.py OUT... — the list's weighted latency against seconds from etotune tune's progress lines
("N s elapsed | list weighted latency X ms"), at fixed points in time, and the run's totals, per output file;
relative to REF ms (AF.1's full search on this fingerprint, 40.4829 ms) where given with --ref. The reseed step's
engine run counts its seconds from 0: they are added after the run before it."""
import re
import sys

ref = None
args = sys.argv[1:]
if args and args[0] == "--ref":
    ref, args = float(args[1]), args[2:]
points = [60, 120, 180, 240, 300, 450, 600, 750, 900, 1200]
print("| run | " + " | ".join(f"{p} s" for p in points) + " | final: s, trials, weighted ms |")
print("|---|" + "---:|" * (len(points) + 1))
for path in args:
    cur, tot, wl, off, last = [], "", None, 0, 0
    for line in open(path):
        m = re.search(r"(\d+) s elapsed \| list weighted latency ([0-9.]+) ms", line)
        if m:  # a later engine run (the reseed step) counts its seconds from 0: after the one before
            t = int(m.group(1))
            if t + off < last:
                off = last
            last = t + off
            cur.append((last, float(m.group(2))))
        m = re.match(r"totals: (\d+) trials.* ([0-9.]+) s$", line.strip())
        if m:
            tot = (float(m.group(2)), int(m.group(1)))
        m = re.match(r"frequency-weighted latency of the list: ([0-9.]+) ms", line.strip())
        if m:
            wl = float(m.group(1))

    def at(t):
        v = None
        for s, w in cur:
            if s <= t:
                v = w
        return v

    def fmt(w):
        return "-" if w is None else (f"{w:.2f}" if ref is None else f"{ref / w * 100:.1f}%")
    print(f"| {path} | " + " | ".join(fmt(at(p)) for p in points) +
          f" | {tot[0]:.0f} s, {tot[1]}, {wl:.4f}" + ("" if ref is None else f" ({ref / wl * 100:.1f}%)") + " |")
