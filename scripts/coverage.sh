#!/usr/bin/env bash
# Line coverage of the library's headers by the whole ctest suite (unit
# tests, the tool's CLI tests, the examples, the fuzz replays): clang's
# source-based coverage, -O1, no sanitizers. Prints llvm-cov's table per
# header, then every line of include/battleship that no test runs.
#
#   scripts/coverage.sh              # build in /tmp/battleship-coverage and test: about 6-7 min on two cores
#   BUILD=dir scripts/coverage.sh    # elsewhere
#
# A line counts as run when any instantiation of its template ran it.
# llvm-cov 14's own line counts (report, lcov export) take one
# instantiation where a template holds `if constexpr`, and call lines
# uncovered that other instantiations run; coverage-lines.py reads every
# instantiation (docs/results/10-build.md, session 65).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=${BUILD:-/tmp/battleship-coverage}
bash "$root/scripts/install-deps.sh" clang llvm
rm -rf "$build/profiles"
mkdir -p "$build/profiles"
cmake -S "$root" -B "$build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=Debug \
  "-DCMAKE_CXX_FLAGS_DEBUG=-O1 -g0" "-DCMAKE_CXX_FLAGS=-fprofile-instr-generate -fcoverage-mapping" \
  -DCMAKE_EXE_LINKER_FLAGS=-fprofile-instr-generate -DBATTLESHIP_BUILD_BENCHMARKS=OFF > /dev/null
cmake --build "$build"
# The whole log in ctest.log; a failed test stops the script with its output.
if ! LLVM_PROFILE_FILE="$build/profiles/%p-%m.profraw" ctest --test-dir "$build" -j "$(nproc)" --output-on-failure \
  > "$build/ctest.log"; then
  cat "$build/ctest.log"
  exit 1
fi
grep -E "tests passed|tests failed" "$build/ctest.log"
llvm-profdata merge -sparse "$build"/profiles/*.profraw -o "$build/coverage.profdata"
# Every program the tests run that holds library code (the consumer
# projects' copies are the same headers, installed elsewhere).
objects=("$build/tests/battleship_tests")
for program in "$build"/examples/battleship/battleship "$build"/examples/example_* "$build"/tests/fuzz/fuzz_*_replay; do
  [ -f "$program" ] && [ -x "$program" ] && objects+=(-object "$program")
done
llvm-cov report "${objects[@]}" -instr-profile="$build/coverage.profdata" "$root/include/battleship" |
  sed "s|$root/include/battleship/||"
llvm-cov show "${objects[@]}" -instr-profile="$build/coverage.profdata" -show-instantiations \
  "$root/include/battleship" > "$build/coverage.txt"
python3 "$root/scripts/coverage-lines.py" "$build/coverage.txt" "$root/include/battleship/"
