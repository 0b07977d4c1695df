#!/usr/bin/env bash
# lists_s74/after.sh: run.sh's three runs against bert_s1's full search (their first try named --modes seeded alone,
# which bench_reproduce refuses), after resnet.sh. From the repository's root.
set -u
while pgrep -f lists_s74/resnet.sh > /dev/null; do sleep 10; done
bench/out/lists_s74/run.sh
