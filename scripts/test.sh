#!/usr/bin/env bash
# Configures, builds and runs the whole test suite with both compilers: the
# release preset (g++ -O3), then the clang-dev preset (clang Debug,
# ASan+UBSan), both with warnings as errors, and the benchmarks, which
# clang-dev does not build, through clang without generating code
# (scripts/clang-check.sh). Installs missing packages first.
# BATTLESHIP_SKIP_SANITIZERS=1 skips the clang-dev preset.
#
# Sanitizers under clang rather than g++: its Debug build takes about half
# the time, for the same tests (docs/results/10-build.md, session 56).
set -euo pipefail
cd "$(dirname "$0")/.."
# libclang-rt-14-dev: clang's sanitizer runtimes (clang-14 does not depend on it).
bash scripts/install-deps.sh clang libclang-rt-14-dev
bash scripts/clang-check.sh benchmarks/*.cpp

start=$(date +%s)
cmake --workflow --preset release
echo "test.sh: release preset done in $(($(date +%s) - start)) s"

if [ "${BATTLESHIP_SKIP_SANITIZERS:-0}" != 1 ]; then
  start=$(date +%s)
  cmake --workflow --preset clang-dev
  echo "test.sh: clang-dev preset (ASan+UBSan) done in $(($(date +%s) - start)) s"
fi
