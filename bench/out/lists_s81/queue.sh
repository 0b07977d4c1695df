#!/usr/bin/env bash
# lists_s81/queue.sh (#19, session 65), from anywhere: `--refresh offer` at the seeds BG did not run, each beside
# `--refresh early` of the same seed on this boot (the build /work/bins/s81 = dae6d36), one run at a time, by
# lists_s77/runb.sh (`etotune tune examples/LIST.list --seed S --threads 2 --min-repeat-ms 25 --refresh R`).
cd "$(dirname "$0")/../../.."
export O=bench/out/lists_s81 BUILD=s81
r=bench/out/lists_s77/runb.sh
while ! grep -q rc= /tmp/ci.log; do sleep 10; done  # the clean-clone CI first
$r offer "--refresh offer" bert_base 1
$r early "--refresh early" bert_base 1
$r offer "--refresh offer" mobilenetv2 3
$r offer "--refresh offer" resnet50 1 3
$r early "--refresh early" resnet50 1
$r early "--refresh early" mobilenetv2 3
$r early "--refresh early" resnet50 3
$r offer "--refresh offer" bert_base 2
$r early "--refresh early" bert_base 2
