#!/usr/bin/env bash
# after the hour (bench/out/dynamic_s85/run.sh): a control, BL.2's exp3 timed again (--pages huge), to tell the hour's
# export from the host's state at 09:0x
cd /work/main
o=bench/out/pages_s85
while pgrep -f dynamic_s85/run.sh > /dev/null; do sleep 5; done
echo "[$(date -u +%T)] exp3_r4 (control after the hour)" >> $o/run.log
/work/bins/s85b/build/bench/bench_dispatch --export $o/exp3 --threads 2 --pages huge --out $o/exp3_r4.md > $o/exp3_r4.log 2>&1
echo "[$(date -u +%T)] done" >> $o/run.log
