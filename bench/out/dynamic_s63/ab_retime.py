#!/usr/bin/env python3
"""dynamic_s63/ab_retime.py (#21, session 47): the best programs of ab_repair.sh's two repairs (old: 323be79's
seeded policy, new: c53caa7's) timed side by side by bench_placement, per operator old, new, old, new (one copy of the
tensors, 3 rounds of 3 repeats of >= 20 ms each): on this host, whose speed drifts over minutes, the repairs' own
figures (measured 6 minutes apart) do not compare. Prints per operator both medians' GFLOP/s and new / old, then the
median over the operators and per family. Usage: bench/out/dynamic_s63/ab_retime.py > ab/retime.md"""
import json, re, statistics as st, subprocess, sys

P = "/work/bins/s63/build/bench/bench_placement"
o = "bench/out/dynamic_s63/ab"
old = {x["workload"]: x for x in json.load(open(f"{o}/repair_old.json"))["operators"]}
new = {x["workload"]: x for x in json.load(open(f"{o}/repair_new.json"))["operators"]}


def line(w):
    kind, rest = w.split(":")
    return kind + " " + " ".join(rest.split(";")[0].split(","))


def gflops(w, recipe):
    r = subprocess.run([P, "--op", line(w), "--recipe", recipe, "--copies", "1", "--rounds", "3", "--min-repeat-ms",
                        "20", "--threads", "2"], capture_output=True, text=True)
    m = re.search(r"^\| 0 \| [0-9.]+ \| ([0-9.]+) \|", r.stdout, re.M)
    if r.returncode != 0 or not m:
        sys.exit(f"bench_placement {w} {recipe}: exit {r.returncode}\n{r.stdout}{r.stderr}")
    return float(m.group(1))


rows, fam = [], {}
print("| family | operator | old recipe | new recipe | old GFLOP/s | new GFLOP/s | new / old |")
print("|---|---|---|---|---:|---:|---:|")
for w in old:
    a, b = old[w].get("recipe"), new.get(w, {}).get("recipe")
    if not a or not b:
        continue
    if a == b:
        ga = gb = None
    else:
        ta = [gflops(w, a), None, None]
        tb = gflops(w, b)
        ta[1] = gflops(w, a)
        tb2 = gflops(w, b)
        ga, gb = st.median([ta[0], ta[1]]), st.median([tb, tb2])
    r = 1.0 if ga is None else gb / ga
    rows.append(r)
    f = old[w]["name"].split(".")[-1]
    fam.setdefault(f, []).append(r)
    print(f"| {f} | {line(w)} | {a} | {b} | {'same' if ga is None else '%.1f' % ga} | "
          f"{'same' if gb is None else '%.1f' % gb} | {r:.3f} |", flush=True)
print()
print(f"{len(rows)} operators: new / old median {st.median(rows):.3f}, lowest {min(rows):.3f}, highest {max(rows):.3f}; "
      f"over 1.05: {sum(x > 1.05 for x in rows)}, under 0.95: {sum(x < 0.95 for x in rows)}, same program: "
      f"{sum(1 for w in old if old[w].get('recipe') == new.get(w, {}).get('recipe'))}")
for f, v in fam.items():
    print(f"- {f}: {len(v)} operators, median {st.median(v):.3f}")
