#!/usr/bin/env python3
"""lists_s80/restarts.py OUT... (#19, session 64): what each restart of an early-released edge paid, from the runs'
progress lines (etotune tune's stderr, LIST_sS_TAG.out): per restart ("its source ... improved from A to B ms;
reuse restarted"), the source's gain A/B and the edge's best before it against its best after the first 16 trials of
the restarted policy (or up to its next restart or the run's end); counted and averaged per run for source gains
over 1.25x and under."""
import re
import sys

ROUND = re.compile(r'etotune: (?:full|seeded) search (\S+): round \d+, (\d+)/\d+ trials, best ([\d.]+) GFLOP/s, (\d+) s')
RESTART = re.compile(r'seeded search: (\S+): its source \S+ improved from ([\d.]+) to ([\d.]+) ms')
K = 16

for f in sys.argv[1:]:
    best, trials, now, open_, done = {}, {}, 0, {}, []
    for line in open(f, errors='replace'):
        m = ROUND.search(line)
        if m:
            k, t, g, now = m.group(1), int(m.group(2)), float(m.group(3)), int(m.group(4))
            best[k], trials[k] = g, t
            r = open_.get(k)
            if r:
                r['after'] = g
                if t - r['t0'] >= K:
                    done.append(open_.pop(k))
            continue
        m = RESTART.search(line)
        if m:
            k = m.group(1)
            if k in open_:
                done.append(open_.pop(k))
            g = best.get(k, 0)
            open_[k] = {'key': k, 'at': now, 'gain': float(m.group(2)) / float(m.group(3)), 'before': g, 'after': g,
                        't0': trials.get(k, 0)}
    done += open_.values()
    print(f'{f}: {len(done)} restarts')
    for lo, hi, name in ((1.25, 1e9, 'source over 1.25x'), (0, 1.25, 'source under 1.25x')):
        rs = [r for r in done if lo <= r['gain'] < hi and r['before'] > 0]
        if not rs:
            continue
        ys = [r['after'] / r['before'] for r in rs]
        print(f'  {name}: {len(rs)}, the edge over 5% after {K} trials at {sum(y > 1.05 for y in ys)}, '
              f'mean {sum(ys) / len(ys):.2f}x, median source gain {sorted(r["gain"] for r in rs)[len(rs) // 2]:.2f}x, '
              f'median at {sorted(r["at"] for r in rs)[len(rs) // 2]} s')
