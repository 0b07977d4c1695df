#!/usr/bin/env python3
"""lists_s59: runs of one list beside its kept full search: final throughput (the full search's final weighted
latency over the run's), the full search's time to the run's final latency, throughput at points in time, and per
operator (the run's latency over the full search's of the same operator; > 1 = faster).
Usage: python3 bench/out/lists_s59/table.py FULL_DIR POINTS RUN_DIR[:MODE] ...   (POINTS: seconds, comma-separated;
MODE: seeded unless given), e.g. table.py bench/out/lists_s58/mobilenetv2_full 60,158,300,600 bench/out/lists_s58/mobilenetv2"""
import csv, os, sys
full_dir, pts, runs = sys.argv[1], [int(x) for x in sys.argv[2].split(',')], sys.argv[3:]
runs = [r if ':' in r else r + ':seeded' for r in runs]
runs = [r for r in runs if os.path.exists(f"{r.split(':')[0]}/curves.csv")]
def curve(d, mode):
    return [(float(r['seconds']), float(r['weighted_latency_ms']))
            for r in csv.DictReader(open(f'{d}/curves.csv')) if r['mode'] == mode]
def at(c, t):
    v = None
    for s, w in c:
        if s <= t: v = w
    return v
def time_to(c, w):
    for s, x in c:
        if x <= w * (1 + 1e-6): return s
    return None
def name(r):
    d, mode = r.split(':')
    return os.path.basename(d) + ('' if mode == 'seeded' else ' ' + mode)
F = curve(full_dir, 'full')
fw = F[-1][1]
print('| run | final: s, throughput | full search to the same | ' + ' | '.join(f'{t} s' for t in pts) + ' |')
print('|---|---|---|' + '---:|' * len(pts))
print(f'| full search | {F[-1][0]:.0f} s, 100.0% | - | ' +
      ' | '.join(f'{100*fw/at(F,t):.1f}%' if at(F, t) else '-' for t in pts) + ' |')
for r in runs:
    d, mode = r.split(':')
    S = curve(d, mode)
    tt = time_to(F, S[-1][1])
    reach = f'{tt:.0f} s ({tt/S[-1][0]:.2f}x)' if tt is not None else 'never'
    print(f'| {name(r)} | {S[-1][0]:.0f} s, {100*fw/S[-1][1]:.1f}% | {reach} | ' +
          ' | '.join(f'{100*fw/at(S,t):.1f}%' if at(S, t) else '-' for t in pts) + ' |')
print()
ops = {r: {x['index']: x for x in csv.DictReader(open(f"{r.split(':')[0]}/operators.csv"))} for r in runs}
first = ops[runs[0]]
print('| # | operator | freq | full ms | ' + ' | '.join(name(r) for r in runs) + ' |')
print('|---:|---|---:|---:|' + '---:|' * len(runs))
for i in first:
    k = first[i]['key'].split(';')[0].replace('conv2d:n=1,', '').replace('depthwise_', 'dw ')
    k = k.replace(',multiplier=1', '') + (' s2' if 'stride=2' in first[i]['key'] else '')
    cells = []
    for r in runs:
        x, mode = ops[r][i], r.split(':')[1]
        cells.append(f"{float(x[mode + '_normalized']):.3f}{' (root)' if x[mode + '_method'] == 'full' else ''}")
    print(f"| {i} | {k} | {first[i]['freq']} | {float(first[i]['full_latency_ms']):.4f} | " + ' | '.join(cells) + ' |')
