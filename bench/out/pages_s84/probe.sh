#!/usr/bin/env bash
# BK.1's probe: measurers' data built one after another as the driver does (a task each), run as root (pagemap's
# physical frames, /proc/kpageflags): per operator the share of each input buffer of >= 64 KiB on huge pages.
# bench/out/pages_s84/probe.sh BUILD LIST   (BUILD: a build tree of the code to probe; the repository's measure.c)
set -eu
cd "$(dirname "$0")/../../.."
b=$1
gcc -O1 -w -I src/measure -I src/op -I src/base -I src/target -I src/sched bench/out/pages_s84/probe.c \
  bench/out/pages_s84/probe_stub.c src/measure/measure.c $b/src/op/libeto_op.a $b/src/sched/libeto_sched.a \
  $b/src/target/libeto_target.a $b/src/base/libeto_base.a -lcjson -lm -o /tmp/eto_probe
/tmp/eto_probe "$2"
