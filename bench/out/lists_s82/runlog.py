"""lists_s82/runlog.py (#19, session 66) — what the session's analysis scripts (reach.py, oracle.py, gap.py, at.py)
read from an etotune tune run, in one place: its round lines before the reseed step, its operators' FLOPs (from
RUN.json beside RUN.out), each operator's curve of new bests against its own trials, and the greedy oracle over
those curves (oracle.py's docstring says what it assumes)."""
import json
import re

ROUND = re.compile(r"search (\S+): round \d+, (\d+)(?:/\d+)? trials, best ([0-9.]+) GFLOP/s, (\d+) s elapsed"
                   r"(?: \| list weighted latency ([0-9.]+) ms)?")


def rounds(path):
    """RUN.out's round lines before the reseed step: (key, its trials, its best GFLOP/s, seconds elapsed, the list's
    weighted latency in ms or None while some operator has no program)."""
    out = []
    for line in open(path):
        if line.startswith("etotune: reseeding"):
            break
        m = ROUND.search(line)
        if m:
            out.append((m.group(1), int(m.group(2)), float(m.group(3)), int(m.group(4)),
                        float(m.group(5)) if m.group(5) else None))
    return out


def flops(path):
    """Each operator's FLOPs, from the run's report RUN.json."""
    rep = json.load(open(path[:-4] + ".json"))
    return {o["workload"]: o["gflops"] * o["latency_s"] * 1e9 for o in rep["operators"]}


def curves(rs, fl, keys):
    """Per operator of keys: (trials, latency ms) at each of its new bests in rounds rs."""
    steps = {}
    for k, t, g, _, _ in rs:
        if k in keys:
            lat = fl[k] / (g * 1e9) * 1e3
            v = steps.setdefault(k, [])
            if not v or lat < v[-1][1]:
                v.append((t, lat))
    return steps


def oracle(steps, freq):
    """The greedy oracle over the curves: every operator's first best first, then, step by step, the operator whose
    later best lowers sum(freq x latency) most per trial. Yields (trials, weighted latency ms, the curves' indices
    taken) after the first bests and after each step."""
    pos = {k: 0 for k in steps}
    cur = {k: v[0][1] for k, v in steps.items()}
    trials = sum(v[0][0] for v in steps.values())
    while True:
        yield trials, sum(freq[k] * cur[k] for k in cur), pos
        best, bk = 0, None
        for k, v in steps.items():
            i = pos[k]
            for j in range(i + 1, len(v)):  # the best rate over any later step of this curve (its hull)
                gain = freq[k] * (v[i][1] - v[j][1]) / max(v[j][0] - v[i][0], 1)
                if gain > best:
                    best, bk, bj = gain, k, j
        if bk is None:
            return
        trials += steps[bk][bj][0] - steps[bk][pos[bk]][0]
        pos[bk] = bj
        cur[bk] = steps[bk][bj][1]
