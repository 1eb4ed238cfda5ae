#!/usr/bin/env bash
# Compiles every test, example, tool and benchmark file with clang as well,
# and the file that instantiates the counter's passes for them,
# without generating code (-fsyntax-only: templates are still instantiated
# and checked). A header-only library must compile under both compilers
# its users have: three files once stopped compiling under clang without
# anyone noticing, when only g++ built them (docs/results/10-build.md).
# With file arguments, checks only those: scripts/test.sh checks the
# benchmarks, the one part its clang-dev build does not compile.
set -euo pipefail
cd "$(dirname "$0")/.."
cxx=${CLANG_CXX:-clang++}
# cmake/instantiate_passes.cpp: the explicit instantiations of the counter's
# passes (include/battleship/count/instantiate_passes.hpp).
files=(tests/test_*.cpp tests/fuzz/*.cpp examples/*.cpp examples/battleship/*.cpp benchmarks/*.cpp cmake/instantiate_passes.cpp)
if [ "$#" -gt 0 ]; then files=("$@"); fi
start=$(date +%s)
# The stricter warnings the CMake builds turn on (CMakeLists.txt).
mapfile -t strict < <(cat cmake/strict-warnings.txt cmake/strict-warnings-clang.txt)
printf '%s\n' "${files[@]}" |
  xargs -P "$(nproc)" -I{} "$cxx" -std=gnu++20 -Iinclude -Wall -Wextra -Wpedantic "${strict[@]}" -Werror -fsyntax-only {}
echo "clang-check: ${#files[@]} files compile under $("$cxx" --version | head -1) ($(($(date +%s) - start)) s)"
