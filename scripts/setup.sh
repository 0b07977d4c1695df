#!/usr/bin/env bash
# Installs the Debian packages etotune needs, idempotently and non-interactively.
# The CUDA toolkit is optional and never installed here.
set -euo pipefail
pkgs=(build-essential cmake pkg-config git
      llvm-19-dev llvm-14-dev clang-14 libclang-rt-14-dev
      liblmdb-dev lmdb-utils libxgboost-dev libglpk-dev libcjson-dev
      libopenblas-dev libdnnl-dev gnuplot-nox)
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ "${#missing[@]}" -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  echo "setup: installing ${missing[*]}"
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get update -q
  $sudo_cmd env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "${missing[@]}"
else
  echo "setup: all packages present"
fi
