#!/usr/bin/env python3
"""lists_s80/dbcurve.py REPORT.json EXPORT.jsonl REF_MS (#19, session 64): the list's weighted latency against time
rebuilt from a run's cache (`etotune db --db DIR export -`: every trial with its Unix second), for a run whose
progress lines were lost (resnet50_s2_groots.out, cut to its first 65 lines by a checkout), at the points of
lists_s74/curve.py; seconds from the run's first trial (the progress lines count from the engine run's start, a
few seconds before: checked on a run with both)."""
import json
import sys

rep, exp, ref = json.load(open(sys.argv[1])), sys.argv[2], float(sys.argv[3])
freq = {o['workload']: o['freq'] for o in rep['operators'] if not o.get('bridge')}
trials = []
for line in open(exp):
    d = json.loads(line)
    if d['type'] == 'trial' and d['status'] == 'ok' and d['workload'] in freq:
        trials.append((d['time'], d['workload'], d['latency_s']))
trials.sort()
t0, best, out = trials[0][0], {}, {}
points = [60, 120, 180, 240, 300, 450, 600, 750, 900]
for t, w, lat in trials:
    best[w] = min(best.get(w, lat), lat)
    if len(best) == len(freq):
        wl = sum(freq[k] * best[k] for k in freq) * 1e3
        for p in points:
            if t - t0 <= p:
                out[p] = wl
print(' '.join(f'{p}:{ref / out[p] * 100:.1f}' if p in out else f'{p}:-' for p in points),
      f'last {trials[-1][0] - t0} s, {ref / wl * 100:.1f}%')
