#!/usr/bin/env python3
"""bench/manifest_records.py — the cache records behind an export, from its manifest.json, as JSON lines that
`etotune db import` takes: one best record per exported program (its recipe, measured latency, provenance and
target fingerprint as the manifest states them). Used to restore a benchmark's tuned cache (bench/out/*/exp)
when its LMDB directory was not kept; the records are those measured when it was tuned, on the manifest's target.

    bench/manifest_records.py MANIFEST SIGNATURES [--retarget FP CODEGEN] > records.jsonl
    etotune db --db DIR import records.jsonl

SIGNATURES: lines "KIND SIGNATURE" (the sketch-set signature of each operator kind's records), e.g.
"matmul mlt(in0,in1)"; `etotune db export` of any cache of this build shows them.
--retarget FP CODEGEN: write the records for target fingerprint FP and codegen version CODEGEN (this build's, as
`etotune db export` shows them) instead of the manifest's: for an export of an older build, whose recipes are to be
re-timed here (bench_dispatch times every function it runs); the latencies stay those measured then."""
import json, re, sys


def num(v):
    for prec in (15, 16, 17):
        s = "%.*g" % (prec, v)
        if float(s) == v:
            return s
    return s


def fnv_hex(b):
    h = 0xcbf29ce484222325
    for c in b:
        h ^= c
        h = (h * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    h ^= h >> 30
    h = (h * 0xbf58476d1ce4e5b9) & 0xFFFFFFFFFFFFFFFF
    h ^= h >> 27
    h = (h * 0x94d049bb133111eb) & 0xFFFFFFFFFFFFFFFF
    h ^= h >> 31
    return "%016x" % h


def s(v):
    return "null" if v is None else json.dumps(v)


def main():
    man = json.load(open(sys.argv[1]))
    sig = dict(line.split(None, 1) for line in open(sys.argv[2]).read().strip().splitlines())
    fp = man["target"]["fingerprint"]
    cg = re.search(r"codegen v(\w+)", man["target"]["description"]).group(1)
    retarget = len(sys.argv) == 6 and sys.argv[3] == "--retarget"
    if retarget:
        fp, cg = sys.argv[4], sys.argv[5]
    seen = set()
    for o in man["operators"]:
        w = o["workload"]
        if w in seen or o.get("source") != "cache":
            continue
        seen.add(w)
        kind = w.split(":")[0]
        lat = o["latency_s"]
        method = o.get("method", "full")
        body = ('{"type":"best","schema":2,"fingerprint":%s,"workload":%s,"kind":%s,"signature":%s,"recipe":%s,'
                '"latency":{"median_s":%s,"min_s":%s,"max_s":%s,"repeats":3},"gflops":%s,"features":null,'
                '"provenance":{"method":%s,"source":%s,"trials":%d},"tool_version":null,"codegen_version":%s,'
                '"time":%d,"bad":false,"bad_reason":null' %
                (s(fp if retarget else o.get("fingerprint", fp)), s(w), s(kind), s(sig[kind].strip()), s(o["recipe"]), num(lat["median"]),
                 num(lat["min"]), num(lat["max"]), num(o["gflops"]), s(method), s(o.get("reused_from")),
                 o.get("trials", 0), s(cg), man["exported_at"]))
        print(body + ',"checksum":"%s"}' % fnv_hex(body.encode()))


if __name__ == "__main__":
    main()
