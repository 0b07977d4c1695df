#!/usr/bin/env bash
# Sets up, builds and runs the whole test suite: the command README gives and .ci/run calls.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh
ctest --test-dir "${ETO_BUILD_DIR:-build}" --output-on-failure -j 2
