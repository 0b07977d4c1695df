#!/usr/bin/env python3
"""lists_s53 (and, with LISTS=DIR, another folder of such runs): the seeded default's runs beside AF.1's full search:
summary, curve points, per-operator (stdout)."""
import csv, json, os, sys
o = os.environ.get('LISTS', 'bench/out/lists_s53')  # LISTS=bench/out/lists_s56: the runs of another folder
runs = [r for r in sys.argv[1:]] or ['p0', 'p256', 'p0s2', 'p256s2']
full_w = None
def curve(label, mode):
    return [(float(r['seconds']), float(r['weighted_latency_ms']))
            for r in csv.DictReader(open(f'{o}/{label}/curves.csv')) if r['mode'] == mode]
def at(c, t):
    v = None
    for s, w in c:
        if s <= t: v = w
    return v
pts = [60, 120, 186, 300, 456, 600, 700, 900, 1200, 2726]
have = [r for r in runs if os.path.exists(f'{o}/{r}/curves.csv')]
F = curve(have[0], 'full')
fw = F[-1][1]
print('| run | ' + ' | '.join(f'{t} s' for t in pts) + ' |')
print('|---|' + '---:|' * len(pts))
print('| full search | ' + ' | '.join(f'{100*fw/at(F,t):.1f}%' if at(F, t) else '-' for t in pts) + ' |')
for r in have:
    S = curve(r, 'seeded')
    print(f'| {r} | ' + ' | '.join(f'{100*fw/at(S,t):.1f}%' if at(S, t) else '-' for t in pts) + ' |')
print()
ops = {r: {x['index']: x for x in csv.DictReader(open(f'{o}/{r}/operators.csv'))} for r in have}
first = ops[have[0]]
print('| # | operator | freq | ' + ' | '.join(have) + ' |')
print('|---:|---|---:|' + '---:|' * len(have))
for i in first:
    k = first[i]['key'].replace('conv2d:n=1,', '').split(';')[0] + (' s2' if 'stride=2' in first[i]['key'] else '')
    cells = []
    for r in have:
        x = ops[r][i]
        cells.append(f"{float(x['seeded_normalized']):.3f}{' (root)' if x['seeded_method'] == 'full' else ''}")
    print(f"| {i} | {k} | {first[i]['freq']} | " + ' | '.join(cells) + ' |')
