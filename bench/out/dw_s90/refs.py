#!/usr/bin/env python3
"""dw_s90/refs.py ETOTUNE (#19, session 74): the ten depthwise pairs of A.7 (p19-p28) on this host. Every distinct
workload of them (11: 7 alphas, 7 betas, 3 both) gets one 1000-trial full search (seed 1, 2 threads, 25 ms repeats,
as pairs_recheck's beta) into dw_s90/beta-<hash>/db (pairs_recheck's own layout, marked `searched`, so a later
`pairs_recheck.py --work bench/out/dw_s90` takes it as beta's cache), and pairs.csv gets alpha's best recipe of
this host (alpha_full_recipe, alpha_full_gflops) for the rows of pairs_seeded_c1_10/pairs.csv. Skips what exists.
WORK and KIND (environment) name another folder and kind: cv_s91/run.sh (session 75) ran the conv2d pairs so."""
import csv, hashlib, json, os, subprocess, sys, time
sys.path.insert(0, "bench")
from pairs_recheck import key2line

e = sys.argv[1]
w = os.environ.get("WORK", "bench/out/dw_s90")
rows = [r for r in csv.DictReader(open("bench/out/pairs_seeded_c1_10/pairs.csv")) if r["kind"] == os.environ.get("KIND", "depthwise_conv2d")]
keys = []
for r in rows:
    for k in (r["alpha"], r["beta"]):
        if k not in keys:
            keys.append(k)
best = {}
for k in keys:
    d = os.path.join(w, "beta-" + hashlib.sha1(k.encode()).hexdigest()[:10])
    os.makedirs(d, exist_ok=True)
    lst = os.path.join(d, "beta.list")
    open(lst, "w").write(key2line(k) + "\n")
    db = os.path.join(d, "db")
    if not os.path.exists(os.path.join(db, "searched")):
        t0 = time.time()
        with open(os.path.join(d, "tune.log"), "w") as log:
            rc = subprocess.call([e, "tune", lst, "--mode", "full", "--trials", "1000", "--seed", "1", "--threads", "2",
                                  "--min-repeat-ms", "25", "--db", db], stdout=log, stderr=subprocess.STDOUT)
        if rc:
            sys.exit(f"{k}: search failed ({d}/tune.log)")
        open(os.path.join(db, "searched"), "w").write("%.1f s\n" % (time.time() - t0))
        open(os.path.join(d, "done"), "w").write("%.1f s\n" % (time.time() - t0))
        print(f"[{time.strftime('%H:%M:%S', time.gmtime())}] {k}: {time.time() - t0:.0f} s", flush=True)
    out = subprocess.run([e, "db", "--db", db, "show", k], capture_output=True, text=True).stdout
    j = json.loads(out[:out.rindex("}") + 1])
    rec, gf = j["recipe"], j["gflops"]
    best[k] = (rec, gf)
with open(os.path.join(w, "pairs.csv"), "w", newline="") as f:
    cols = ["pair", "kind", "alpha", "beta", "alpha_full_recipe", "alpha_full_gflops", "beta_full_recipe",
            "beta_full_gflops"]
    wr = csv.DictWriter(f, cols)
    wr.writeheader()
    for r in rows:
        wr.writerow({"pair": r["pair"], "kind": r["kind"], "alpha": r["alpha"], "beta": r["beta"],
                     "alpha_full_recipe": best[r["alpha"]][0], "alpha_full_gflops": best[r["alpha"]][1],
                     "beta_full_recipe": best[r["beta"]][0], "beta_full_gflops": best[r["beta"]][1]})
print("wrote", os.path.join(w, "pairs.csv"))
