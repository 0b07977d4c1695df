# lost.py MANIFEST (#21, session 46): per family of an export's manifest, the tuned members whose own value is
# served by another kernel (a neighbour's dynamic kernel, or a split: "s"), and how many values are split.
import json, sys
m = json.load(open(sys.argv[1]))
for f in m['families']:
    vals = sorted({int(o['function'].rsplit('_', 1)[1]) for o in m['operators']
                   if o['function'].startswith(f['function'] + '_')})
    serve = {}
    for x in f['dispatch']:
        if 'value' not in x: continue
        for s in range(x['from'], x['to'] + 1): serve[s] = (x['value'], x['below'])
    lost = [(v, serve[v]) for v in vals if v in serve and serve[v][0] != v]
    splits = sum(1 for v, b in serve.values() if b == 'split')
    print(f"{f['name']}: {len(vals)} members, {len(lost)} served by another kernel, {splits} split values; lost: " +
          ' '.join(f"{v}->{w}{'s' if b == 'split' else ''}" for v, (w, b) in lost))
