#!/bin/bash
# a second repair round on bench/out/dynamic_s33: the 60 weakest values of exp2 (export of the first repair)
set -eu
cd /work/main
o=bench/out/dynamic_s33
et=/work/bins/s33/new/src/cli/etotune
python3 - <<'PY'
import json
o='bench/out/dynamic_s33'
m=json.load(open(f'{o}/exp2/manifest.json'))
lines=[l.rstrip('\n') for l in open(f'{o}/exp2/weak.list') if not l.startswith('#')]
ents=[];i=0
for fi,f in enumerate(m['families']):
    for k,w in enumerate(f.get('weak_values',[])):
        ents.append((w['share'],fi,k,lines[i])); i+=1
assert i==len(lines)
ents.sort()
open(f'{o}/repair2.list','w').write(''.join(f'{l}  # {sh:.3f}\n' for sh,fi,k,l in ents[:60]))
print(len(ents), 'weak values in exp2')
PY
echo "[$(date -u +%T)] repair 2"
s=$(date +%s)
$et tune $o/repair2.list --seed 1 --threads 2 --db $o/db --trials-total 2000 --report $o/repair2.json > $o/repair2.log 2>&1 || echo "repair2 exited $?"
echo $(( $(date +%s) - s )) > $o/repair2.wall
echo "[$(date -u +%T)] export 3"
s=$(date +%s)
$et export examples/bert_base_dynamic.list --out $o/exp3 --name bert_dyn --db $o/db --threads 2 > $o/export3.log 2>&1
echo $(( $(date +%s) - s )) > $o/export3.wall
echo "[$(date -u +%T)] bench_dispatch 3"
/work/bins/s33/new/bench/bench_dispatch --export $o/exp3 --threads 2 --out $o/dispatch3.md > $o/dispatch3.log 2>&1
echo "[$(date -u +%T)] done"
