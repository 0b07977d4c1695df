#!/usr/bin/env python3
"""bench/retune.py — the re-tuning scenario (issue #19): with the cache holding one tuned list, a changed list
(other shapes, or another model of the same family) is tuned by etotune's default from that cache (only what is
new, reusing the cached programs), and by a full search of the changed list from an empty cache; then every
operator's two best programs are re-timed alternately in one run (`etotune measure --recipe`, 3 rounds, median).

  bench/retune.py --etotune BIN --base-db DIR --out DIR LIST... [--trials 1000] [--seed 1] [--threads 2]
                  [--min-repeat-ms 25]

The re-tune's curve comes from its cache (`etotune db export`: every trial is stored with its time, in whole
seconds): the list's weighted latency, by the searches' own measurements, against seconds since the re-tune
started, relative to the full search's final one. From it: when the re-tune first reached 97% of the full
search's throughput (and how many times less than the full search's total time that is), and where it stood at
the 20x point (the full search's time / 20).

Each step writes its JSON report under OUT/<list name>/ and is skipped when that file exists, so a run cut short
resumes where it stopped (a step cut short starts again from a fresh copy of its cache). Writes OUT/retune.md and
OUT/retune.json: per list, seconds and trials of both, the time ratio, and the re-timed weighted throughput of the
re-tuned list relative to the full search's.
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys


def run(cmd, log):
    with open(log, "w") as f:
        r = subprocess.run(cmd, stdout=f, stderr=subprocess.STDOUT)
    return r.returncode


def op_lines(path):
    """The list's operator lines (no comments, no blanks), in order."""
    out = []
    for line in open(path):
        s = line.split("#", 1)[0].strip()
        if s:
            out.append(s)
    return out


def list_ops(report):
    """(workload, freq, latency, recipe) of the list operators of a report (driver or backend JSON)."""
    ops = []
    for o in report["operators"]:
        if o.get("bridge"):
            continue
        ops.append((o["workload"], o["freq"], o.get("latency_s") or 0, o.get("recipe", "")))
    return ops


def seconds_of(report):
    return report["totals"]["seconds"] if "totals" in report else report["seconds"]


def trials_of(report):
    if "totals" in report:
        return report["totals"]["new_trials"]
    return report["trials"]


def retime(etotune, line, recipe, threads, tmp, min_ms=None):
    """The median latency of recipe on the list line's operator (etotune measure --recipe), NaN when it fails."""
    with open(tmp, "w") as f:
        f.write(line + "\n")
    extra = ["--min-repeat-ms", str(min_ms)] if min_ms else []
    r = subprocess.run([etotune, "measure", tmp, "--recipe", recipe, "--format", "json", "--threads", str(threads)]
                       + extra, capture_output=True, text=True)
    if r.returncode != 0:
        return float("nan")
    p = json.loads(r.stdout)["operators"][0]["programs"][0]
    return p["median_s"] if p["status"] == "ok" else float("nan")


def curve(etotune, db, report, full_report, tmp):
    """[(seconds since the re-tune started, throughput vs the full search's final)], from the re-tune's stored
    trials of the list's operators (the changed list's operators are new: every trial of theirs is the re-tune's).
    The start is the last trial's time less the report's seconds (whole seconds, as the cache stores)."""
    if subprocess.run([etotune, "db", "--db", db, "export", tmp], capture_output=True).returncode != 0:
        return []
    ops = [o for o in report["operators"] if not o.get("bridge")]
    freq = {o["workload"]: o["freq"] for o in ops}
    full_wl = sum(o["freq"] * o["latency_s"] for o in full_report["operators"] if not o.get("bridge"))
    trials = []
    for line in open(tmp):
        r = json.loads(line)
        if r.get("type") == "trial" and r["workload"] in freq and r["status"] == "ok" and r["latency_s"] > 0:
            trials.append((r["time"], r["workload"], r["latency_s"]))
    os.remove(tmp)
    if not trials:
        return []
    trials.sort()
    start = trials[-1][0] - seconds_of(report)
    best, out = {}, []
    for t, w, lat in trials:
        if lat < best.get(w, float("inf")):
            best[w] = lat
            if len(best) == len(freq):
                wl = sum(freq[k] * best[k] for k in freq)
                out.append((max(0.0, t - start), full_wl / wl))
    return out


def first_reach(points, level):
    return next((t for t, v in points if v >= level), None)


def value_at(points, t):
    v = None
    for s, x in points:
        if s <= t:
            v = x
    return v


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--etotune", required=True)
    ap.add_argument("--base-db", required=True, help="the cache holding the tuned original list (copied, not changed)")
    ap.add_argument("--out", required=True)
    ap.add_argument("--trials", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--min-repeat-ms", type=float, default=25)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("lists", nargs="+")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    common = ["--seed", str(a.seed), "--threads", str(a.threads), "--min-repeat-ms", str(a.min_repeat_ms)]
    rows = []
    for lst in a.lists:
        name = os.path.splitext(os.path.basename(lst))[0]
        d = os.path.join(a.out, name)
        os.makedirs(d, exist_ok=True)
        steps = {
            "retune": ["tune", lst, "--trials", str(a.trials)],
            "full": ["tune", lst, "--mode", "full", "--trials", str(a.trials)],
        }
        reports = {}
        for step, args in steps.items():
            rep = os.path.join(d, step + ".json")
            if not os.path.exists(rep):
                db = os.path.join(d, "db-" + step)
                shutil.rmtree(db, ignore_errors=True)
                if step == "retune":
                    shutil.copytree(a.base_db, db)
                else:
                    os.makedirs(db)
                print(f"retune.py: {name}: {step} ...", file=sys.stderr, flush=True)
                rc = run([a.etotune] + args + common + ["--db", db, "--report", rep + ".tmp"], os.path.join(d, step + ".log"))
                if rc not in (0, 1) or not os.path.exists(rep + ".tmp"):
                    sys.exit(f"retune.py: {name}: {step} failed (exit {rc}); see {d}/{step}.log")
                os.replace(rep + ".tmp", rep)
            reports[step] = json.load(open(rep))
        lines = op_lines(lst)
        ops = {s: list_ops(r) for s, r in reports.items()}
        if len(ops["full"]) != len(lines) or len(ops["retune"]) != len(lines):
            sys.exit(f"retune.py: {name}: the reports do not hold the list's {len(lines)} operators")
        timed = os.path.join(d, "retimed.json")
        if os.path.exists(timed):
            lat = json.load(open(timed))
        else:
            lat = {"full": [[] for _ in lines], "retune": [[] for _ in lines]}
            for rnd in range(a.rounds):
                for i, line in enumerate(lines):
                    for s in ("full", "retune"):
                        rec = ops[s][i][3]
                        lat[s][i].append(retime(a.etotune, line, rec, a.threads, os.path.join(d, "op.list")) if rec else float("nan"))
            json.dump(lat, open(timed, "w"), indent=1)
        med = {s: [statistics.median(v) for v in lat[s]] for s in lat}
        freq = [o[1] for o in ops["full"]]
        wl = {s: sum(f * m for f, m in zip(freq, med[s])) for s in med}
        row = {
            "list": lst,
            "retune_seconds": seconds_of(reports["retune"]),
            "retune_trials": trials_of(reports["retune"]),
            "full_seconds": seconds_of(reports["full"]),
            "full_trials": trials_of(reports["full"]),
            "weighted_latency_ms": {s: wl[s] * 1e3 for s in wl},
            "throughput_vs_full": wl["full"] / wl["retune"],
            "per_operator": [
                {"workload": ops["full"][i][0], "freq": freq[i], "full_ms": med["full"][i] * 1e3,
                 "retune_ms": med["retune"][i] * 1e3, "retune_method": reports["retune"]["operators"][i]["method"]}
                for i in range(len(lines))
            ],
        }
        row["time_ratio"] = row["full_seconds"] / row["retune_seconds"]
        pts = curve(a.etotune, os.path.join(d, "db-retune"), reports["retune"], reports["full"],
                    os.path.join(d, "trials.jsonl"))
        t97 = first_reach(pts, 0.97)
        row["curve"] = pts
        row["first_97_s"] = t97
        row["first_97_ratio"] = row["full_seconds"] / max(t97, 1) if t97 is not None else None
        row["at_20x"] = value_at(pts, row["full_seconds"] / 20)
        rows.append(row)
    json.dump(rows, open(os.path.join(a.out, "retune.json"), "w"), indent=1)
    with open(os.path.join(a.out, "retune.md"), "w") as f:
        f.write("| changed list | re-tune s | re-tune trials | full search s | full trials | time ratio | "
                "re-timed weighted throughput vs full |\n|---|---:|---:|---:|---:|---:|---:|\n")
        for r in rows:
            f.write(f"| {os.path.basename(r['list'])} | {r['retune_seconds']:.0f} | {r['retune_trials']} | "
                    f"{r['full_seconds']:.0f} | {r['full_trials']} | {r['time_ratio']:.1f}x | "
                    f"{100 * r['throughput_vs_full']:.1f}% |\n")
        f.write("\nThe re-tune's curve (the searches' own measurements, relative to the full search's final):\n\n"
                "| changed list | first at 97% | time ratio there | at the full search's time / 20 |\n"
                "|---|---:|---:|---:|\n")
        for r in rows:
            t97 = f"{r['first_97_s']:.0f} s" if r["first_97_s"] is not None else "never"
            ratio = f"{r['first_97_ratio']:.1f}x" if r["first_97_ratio"] else "-"
            at = f"{100 * r['at_20x']:.1f}%" if r["at_20x"] is not None else "no program for every operator yet"
            f.write(f"| {os.path.basename(r['list'])} | {t97} | {ratio} | {at} |\n")
        for r in rows:
            f.write(f"\n{os.path.basename(r['list'])} per operator (re-timed median ms, full / re-tuned):\n\n")
            for o in r["per_operator"]:
                f.write(f"- {o['workload']} (freq {o['freq']}): {o['full_ms']:.4f} / {o['retune_ms']:.4f} "
                        f"({o['retune_method']})\n")
    print(open(os.path.join(a.out, "retune.md")).read())


if __name__ == "__main__":
    main()
