#!/usr/bin/env python3
"""Run an `etotune export --target cuda` library on the GPU: check every exported function against PyTorch's
fp32 result (TF32 off) and time it against PyTorch's own kernel (cuBLAS, cuDNN) on the same shapes, in one run.

Usage: bench/cuda_versus.py EXPORT_DIR LIBRARY.so [--json OUT.json] [--repeats R] [--min-ms MS]

LIBRARY.so is EXPORT_DIR/<name>_host.c compiled as a shared library (cc -shared -fPIC -I CUDA/include ... -ldl).
Both sides are timed alike: batches of launches between two CUDA events, calibrated to >= MS ms per batch, R
batches alternately (exported, PyTorch, exported, ...), median of the per-launch times; both pay Python's launch
overhead, which bounds kernels of a few microseconds. For those, two more columns: the latency the tuner
measured (its C worker launches back to back) and PyTorch's kernels replayed from a CUDA graph of 20 calls.
Needs a GPU and torch.
"""
import argparse
import ctypes
import json
import statistics
import sys

import torch
import torch.nn.functional as F


def parse_workload(w):
    """'conv2d:n=1,k=128,...;stride=1,1;pad=1,1;dtype=float32;bias' -> ('conv2d', {keys}, {lists}, {flags})."""
    kind, rest = w.split(":", 1)
    parts = rest.split(";")
    keys = {k: int(v) for k, v in (kv.split("=") for kv in parts[0].split(","))}
    lists, flags = {}, set()
    for p in parts[1:]:
        if "=" in p:
            k, v = p.split("=", 1)
            if k != "dtype":
                lists[k] = [int(x) for x in v.split(",")]
        else:
            flags.add(p)
    return kind, keys, lists, flags


def reference(kind, k, lists, flags, ins):
    """PyTorch's result of the operator on the flat inputs (fp32), or None for a kind this script does not know."""
    if kind in ("matmul", "batch_matmul"):
        b = k.get("b", 1)
        a = ins[0].view(b, k["m"], k["k"])
        w = ins[1].view(b, k["k"], k["n"])
        y = torch.bmm(a, w)
    elif kind in ("conv2d", "depthwise_conv2d"):
        n, c, h, wd, r, s = k["n"], k["c"], k["h"], k["w"], k["r"], k["s"]
        stride, pad, dil = lists.get("stride", [1, 1]), lists.get("pad", [0, 0]), lists.get("dilation", [1, 1])
        x = ins[0].view(n, c, h, wd)
        if kind == "conv2d":
            wt, groups = ins[1].view(k["k"], c, r, s), 1
        else:
            mul = k.get("multiplier", 1)
            wt, groups = ins[1].view(c * mul, 1, r, s), c
        y = F.conv2d(x, wt, stride=tuple(stride), padding=tuple(pad), dilation=tuple(dil), groups=groups)
    elif kind == "norm":
        y = torch.linalg.vector_norm(ins[0].view(k["b"], k["m"], k["n"]), dim=(1, 2))
    else:
        return None, None
    if "bias" in flags:
        shape = [1] * y.dim()
        shape[-1 if kind in ("matmul", "batch_matmul") else 1] = -1
        y = y + ins[2].view(shape)
    if "relu" in flags:
        y = torch.relu(y)
    return y, lambda: reference(kind, k, lists, flags, ins)[0]


def time_batches(fn, min_ms, repeats):
    """Per-launch seconds of each of `repeats` calibrated batches of fn() between two CUDA events."""
    start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    n = 1
    while True:
        start.record()
        for _ in range(n):
            fn()
        stop.record()
        stop.synchronize()
        if start.elapsed_time(stop) >= min_ms / 10 or n >= 1 << 16:
            break
        n *= 2
    per = start.elapsed_time(stop) / n
    runs = max(1, int(min_ms / per)) if per > 0 else n * 10
    out = []
    for _ in range(repeats):
        start.record()
        for _ in range(runs):
            fn()
        stop.record()
        stop.synchronize()
        out.append(start.elapsed_time(stop) / runs / 1e3)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("export_dir")
    ap.add_argument("library")
    ap.add_argument("--json")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--min-ms", type=float, default=50.0)
    a = ap.parse_args()
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    torch.manual_seed(1)
    man = json.load(open(f"{a.export_dir}/manifest.json"))
    lib = ctypes.CDLL(a.library)
    name = man["name"]
    lib[f"{name}_last_error"].restype = ctypes.c_char_p
    dev = torch.cuda.get_device_name(0)
    print(f"device: {dev}; export {name}, target {man['target']['description']}; torch {torch.__version__}, "
          f"cuDNN {torch.backends.cudnn.version()}, TF32 off")
    rows, bad, graphs = [], 0, []
    for op in man["operators"]:
        kind, k, lists, flags = parse_workload(op["workload"])
        ins = [torch.randn(x["floats"], device="cuda") for x in op["args"] if x["role"] == "input"]
        out = torch.full((op["args"][-1]["floats"],), float("nan"), device="cuda")
        fn = lib[op["function"]]
        fn.restype = ctypes.c_int
        fn.argtypes = [ctypes.c_void_p] * len(op["args"])
        ptrs = [t.data_ptr() for t in ins] + [out.data_ptr()]
        rc = fn(*ptrs)
        torch.cuda.synchronize()
        row = {"operator": op["name"], "workload": op["workload"], "source": op["source"], "recipe": op["recipe"],
               "grid": op["grid"], "block": op["block"], "registers": op.get("registers"),
               "tuned_latency_s": (op.get("latency_s") or {}).get("median")}
        if rc != 0:
            row["error"] = f"returned {rc}: {lib[f'{name}_last_error']().decode()}"
            print(f"{op['name']}: {row['error']}")
            bad += 1
            rows.append(row)
            continue
        ref, ref_fn = reference(kind, k, lists, flags, ins)
        if ref is not None:
            ref = ref.reshape(-1)
            scale = max(ref.abs().max().item(), 1e-30)
            err = ((out - ref).abs() / scale).max().item()
            row["max_rel_error"] = err
            row["correct"] = bool(err <= 1e-3 and not torch.isnan(out).any().item())
            bad += not row["correct"]
        ours, theirs = [], []
        for _ in range(a.repeats):  # alternately, so that clocks and heat fall on both alike
            ours += time_batches(lambda: fn(*ptrs), a.min_ms, 1)
            if ref_fn:
                theirs += time_batches(ref_fn, a.min_ms, 1)
        graphs.append((row, ref_fn))
        row["latency_s"] = statistics.median(ours)
        row["gflops"] = op["flops"] / row["latency_s"] / 1e9
        if theirs:
            row["torch_latency_s"] = statistics.median(theirs)
            row["torch_gflops"] = op["flops"] / row["torch_latency_s"] / 1e9
            row["vs_torch"] = row["torch_latency_s"] / row["latency_s"]
        rows.append(row)
    for row, ref_fn in graphs:  # after every other measurement: a failed capture cannot spoil them
        if ref_fn:  # PyTorch's kernels without Python's launch overhead: a CUDA graph of 20 calls, replayed
            try:
                g = torch.cuda.CUDAGraph()
                ref_fn()
                torch.cuda.synchronize()
                with torch.cuda.graph(g):
                    for _ in range(20):
                        ref_fn()
                graph = time_batches(g.replay, a.min_ms, a.repeats)
                row["torch_graph_latency_s"] = statistics.median(graph) / 20
            except Exception as e:  # a kernel that cannot be captured: the column stays empty
                row["torch_graph_error"] = str(e)[:200]
    if a.json:
        json.dump({"device": dev, "torch": torch.__version__, "cudnn": torch.backends.cudnn.version(),
                   "export": name, "target": man["target"], "operators": rows}, open(a.json, "w"), indent=1)
    print(f"{'operator':10} {'correct':8} {'rel.err':>9} {'etotune us':>11} {'GFLOP/s':>9} {'torch us':>9} "
          f"{'GFLOP/s':>9} {'etotune/torch':>13}  {'tuned us':>9} {'torch graph us':>14} {'tuned/graph':>11}")
    for r in rows:
        if "error" in r:
            continue
        t = r.get("tuned_latency_s")
        print(f"{r['operator']:10} {str(r.get('correct', '-')):8} {r.get('max_rel_error', float('nan')):9.2e} "
              f"{r['latency_s'] * 1e6:11.2f} {r['gflops']:9.1f} {r.get('torch_latency_s', float('nan')) * 1e6:9.2f} "
              f"{r.get('torch_gflops', float('nan')):9.1f} {r.get('vs_torch', float('nan')):13.3f}  "
              f"{(t or float('nan')) * 1e6:9.2f} {r.get('torch_graph_latency_s', float('nan')) * 1e6:14.2f} "
              f"{r.get('torch_graph_latency_s', float('nan')) / (t or float('nan')):11.3f}")
    print(f"{len(rows) - bad} of {len(rows)} exported functions correct" if bad else
          f"all {len(rows)} exported functions ran and matched PyTorch where checked")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
