#!/usr/bin/env bash
# bench/out/dynamic_s68/run.sh — session 52's runs (bench/RESULTS.md AU), from the repository's root, one at a time.
# AU.1: the hour with two repairs by 67d751e (partial timing of --picks-from, settled picks); BUILD: 67d751e's
# scripts/build.sh in /work/bins/s68/build
bench/dynamic_hour.sh bench/out/dynamic_s68 /work/bins/s68/build --time 1750 --repairs 2 --repair-time 400
# then warm.sh: AU.2 (the settled rule on the export after repair 1) and AU.3 (a warm call before each sample)
