#!/usr/bin/env bash
# Configures, builds and runs the whole test suite: every file through clang
# (scripts/clang-check.sh), the release preset, then the dev preset (Debug,
# ASan+UBSan, warnings as errors). Installs missing packages first.
# BATTLESHIP_SKIP_SANITIZERS=1 runs the release preset only.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh clang
bash scripts/clang-check.sh

start=$(date +%s)
cmake --workflow --preset release
echo "test.sh: release preset done in $(($(date +%s) - start)) s"

if [ "${BATTLESHIP_SKIP_SANITIZERS:-0}" != 1 ]; then
  start=$(date +%s)
  cmake --workflow --preset dev
  echo "test.sh: dev preset (ASan+UBSan) done in $(($(date +%s) - start)) s"
fi
