#!/usr/bin/env bash
# bench/out/dynamic_s69/run.sh — session 53's hour (bench/RESULTS.md AV), from the repository's root: AU.1's command
# with 6d65f07 (reseed gain 1.05 instead of 1.25); BUILD: 6d65f07's scripts/build.sh in /work/bins/s69/build
bench/dynamic_hour.sh bench/out/dynamic_s69 /work/bins/s69/build --time 1750 --repairs 2 --repair-time 400
