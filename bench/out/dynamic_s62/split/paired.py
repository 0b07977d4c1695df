# paired.py A.md,B.md,... C.md,D.md,... (#21, session 46): bench_dispatch tables of two exports, per family the median
# ratio of each side over its runs, and every length the two exports serve by different kernels, side by side.
import re,sys,statistics,collections
def load(f):
    d={}
    for l in open(f):
        p=[x.strip() for x in l.split('|')]
        if len(p)>7 and p[1].startswith('base_') and re.match(r'^\d+$',p[2]) and 'split' not in p[0]:
            try: d[(p[1],int(p[2]))]=(p[3],float(p[6]))
            except: pass
    return d
A=[load(f) for f in sys.argv[1].split(',')]  # exp3 runs
B=[load(f) for f in sys.argv[2].split(',')]  # exp2 runs
keys=sorted(A[0])
fam=collections.defaultdict(list)
for k in keys:
    a=statistics.median([x[k][1] for x in A]); b=statistics.median([x[k][1] for x in B])
    fam[k[0]].append((k[1],a,b,A[0][k][0],B[0][k][0]))
for f,v in fam.items():
    diff=[(s,a,b,sa,sb) for s,a,b,sa,sb in v if sa!=sb]
    print(f, 'median exp3 %.3f exp2 %.3f'%(statistics.median([a for _,a,_,_,_ in v]),statistics.median([b for _,_,b,_,_ in v])), 'under0.8: %d vs %d'%(sum(a<0.8 for _,a,_,_,_ in v),sum(b<0.8 for _,_,b,_,_ in v)))
    if diff:
        r=[a/b for s,a,b,_,_ in diff]
        print('   %d lengths served differently: exp3/exp2 median %.3f, min %.3f, max %.3f'%(len(diff),statistics.median(r),min(r),max(r)))
        for s,a,b,sa,sb in diff: print('     %4d %-28s %.3f | %-28s %.3f'%(s,sa,a,sb,b))
