import json,sys
def tab(p, fam):
    m=json.load(open(p)); f=[x for x in m['families'] if x['name'].endswith(fam)][0]
    out={}
    for d in f['dispatch']:
        if d['to'] is None: continue
        for s in range(d['from'], d['to']+1): out[s]=(d['value'], d.get('below'))
    return out
fam=sys.argv[3] if len(sys.argv)>3 else 'ffn_down'
a=tab(sys.argv[1],fam); b=tab(sys.argv[2],fam)
for lim in (16,32,64,512):
    print(lim, sum(1 for s in range(1,lim+1) if a.get(s)!=b.get(s)))
