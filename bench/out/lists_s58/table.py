#!/usr/bin/env python3
"""lists_s58: MobileNetV2's runs beside run.sh's full search: throughput at points in time (the full search's final
weighted latency over the mode's), the full search's time to reach each mode's final latency, and per operator
(seeded / full search of the same operator). Usage: python3 bench/out/lists_s58/table.py [RUN:MODE ...]"""
import csv, os, sys
o = 'bench/out/lists_s58'
runs = sys.argv[1:] or ['mobilenetv2:eto', 'mobilenetv2:seeded', 'mobilenetv2_roots:seeded', 'mobilenetv2_s2:seeded']
runs = [r for r in runs if os.path.exists(f"{o}/{r.split(':')[0]}/curves.csv")]
def curve(run, mode):
    return [(float(r['seconds']), float(r['weighted_latency_ms']))
            for r in csv.DictReader(open(f'{o}/{run}/curves.csv')) if r['mode'] == mode]
def at(c, t):
    v = None
    for s, w in c:
        if s <= t: v = w
    return v
def time_to(c, w):
    for s, x in c:
        if x <= w * (1 + 1e-6): return s
    return None
F = curve('mobilenetv2_full', 'full')
fw = F[-1][1]
pts = [60, 120, 158, 300, 450, 600, 800, 1200, 2596]
print('| run | final: s, throughput | full search to the same | ' + ' | '.join(f'{t} s' for t in pts) + ' |')
print('|---|---|---|' + '---:|' * len(pts))
print(f'| full search | {F[-1][0]:.0f} s, 100.0% | - | ' +
      ' | '.join(f'{100*fw/at(F,t):.1f}%' if at(F, t) else '-' for t in pts) + ' |')
for r in runs:
    run, mode = r.split(':')
    S = curve(run, mode)
    tt = time_to(F, S[-1][1])
    print(f'| {run} {mode} | {S[-1][0]:.0f} s, {100*fw/S[-1][1]:.1f}% | {tt:.0f} s ({tt/S[-1][0]:.2f}x) | ' +
          ' | '.join(f'{100*fw/at(S,t):.1f}%' if at(S, t) else '-' for t in pts) + ' |')
print()
ops = {r: {x['index']: x for x in csv.DictReader(open(f"{o}/{r.split(':')[0]}/operators.csv"))} for r in runs}
first = ops[runs[0]]
print('| # | operator | freq | full ms | ' + ' | '.join(runs) + ' |')
print('|---:|---|---:|---:|' + '---:|' * len(runs))
for i in first:
    k = first[i]['key'].split(';')[0].replace('conv2d:n=1,', '').replace('depthwise_', 'dw ')
    k = k.replace(',multiplier=1', '') + (' s2' if 'stride=2' in first[i]['key'] else '')
    cells = []
    for r in runs:
        x, mode = ops[r][i], r.split(':')[1]
        cells.append(f"{float(x[mode + '_normalized']):.3f}{' (root)' if x[mode + '_method'] == 'full' else ''}")
    print(f"| {i} | {k} | {first[i]['freq']} | {float(first[i]['full_latency_ms']):.4f} | " + ' | '.join(cells) + ' |')
