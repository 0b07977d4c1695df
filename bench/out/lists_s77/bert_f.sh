#!/usr/bin/env bash
# lists_s77/bert_f.sh: after resnet.sh, BERT-Base at seeds 1 and 2 by BA.4's floor build (s74f, 494a376) in this
# hour: whether this session's BERT figures under BA.4's are the settled rule's or the host's drift since 01:00.
cd "$(dirname "$0")/../../.."
while pgrep -f "resnet.sh" > /dev/null; do sleep 10; done
for s in 1 2; do BUILD=s74f bench/out/lists_s77/runb.sh s74f "" bert_base $s; done
