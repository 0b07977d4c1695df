#!/usr/bin/env python3
"""lists_s82/perop.py FULL_OPERATORS_CSV "GLOB"... (#19, session 66) — per operator over many runs of a list (etotune tune
--report files matched by the globs): its part of the stored full search's weighted latency, the mean weighted loss of
the runs' programs against the full search's (freq x (run - full) over the full search's total, in %), and the
median / range of full / run; the 12 operators that lose most, then the sum of the mean losses."""
import csv,json,sys,statistics,glob
fullcsv, pat = sys.argv[1], sys.argv[2:]
full={r["key"]:(float(r["full_latency_ms"]),int(r["freq"])) for r in csv.DictReader(open(fullcsv))}
tot=sum(l*f for l,f in full.values())
files=[f for p in pat for f in sorted(glob.glob(p))]
reps=[{o["workload"]:o for o in json.load(open(f))["operators"]} for f in files]
print(len(files),"runs")
rows=[]
for k,(l,f) in full.items():
    rs=[l/(rp[k]['latency_s']*1e3) for rp in reps if k in rp]
    ls=[f*(rp[k]['latency_s']*1e3-l)/tot*100 for rp in reps if k in rp]
    src=set((rp[k].get('source') or '-')[:40] for rp in reps if k in rp)
    rows.append((statistics.mean(ls),k,l*f/tot*100,statistics.median(rs),min(rs),max(rs),len(src)))
rows.sort(reverse=True)
for m,k,w,med,mn,mx,ns in rows[:12]:
    print(f"{k[:70]:70s} w{w:5.1f}% meanloss {m:+.2f}% ratio med {med:.2f} [{mn:.2f},{mx:.2f}] sources {ns}")
print("sum mean loss", sum(r[0] for r in rows))
