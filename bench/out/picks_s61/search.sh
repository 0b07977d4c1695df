#!/usr/bin/env bash
# picks_s61/search.sh (#21, session 45): does a search use the prefetch (p=)? search.list (the projection at 16
# rows, FFN down at 16 and 48) tuned by a 200-trial full search per operator, seed 1, a fresh cache each, by the
# build before it (/work/bins/s61/build, c413820) and with it (build/), one after the other; then each search's
# best recipe timed again, `etotune measure --recipe`, one process each, 4 alternated rounds (search_retime.txt:
# round | build | shape | recipe | status ms GFLOP/s).
set -u
cd /work/main
o=bench/out/picks_s61
for v in old new; do
  b=/work/bins/s61/build; [ $v = new ] && b=build
  rm -rf /tmp/s61_$v.db
  /usr/bin/time -f "%e s" $b/src/cli/etotune tune $o/search.list --mode full --trials 200 --seed 1 --threads 2 \
    --db /tmp/s61_$v.db --report $o/search_$v.json > $o/search_$v.log 2>&1
done
for i in 1 2 3 4; do
  for v in old new; do
    python3 - "$o/search_$v.json" > /tmp/s61_best.txt <<'PY'
import json, sys
j = json.load(open(sys.argv[1]))
for op in j["operators"]:
    print(op["workload"].split(";")[0] + "|" + op["recipe"])
PY
    while IFS='|' read -r w r; do
      shape=$(echo "$w" | sed 's/^matmul://; s/,/ /g')
      echo "matmul $shape" > $o/s.list
      l=$(build/src/cli/etotune measure $o/s.list --recipe "$r" --threads 2 --min-repeat-ms 25 2>&1 | grep -E "^ +[0-9]+ " | head -1 | awk '{print $(NF-3), $(NF-2), $(NF-1)}')
      echo "$i | $v | $shape | $r | $l" >> $o/search_retime.txt
    done < /tmp/s61_best.txt
  done
done
