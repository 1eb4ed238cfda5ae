#!/usr/bin/env bash
# A measurement prototype, not run by CI: samples the shared host every few
# minutes (docs/results/30-exact-counting.md, "Session 44"): the
# enumerator's time (the regime's usual sign), host_probe's readings and
# count_loop's mean call on Park's and no edge's 32 games after 10 shots,
# one line per sample, all pinned to one core. host_samples.py reads the lines.
#
#   cmake --workflow --preset release
#   g++ -std=c++20 -O2 scripts/prototypes/host_probe.cpp -o /tmp/host_probe
#   g++ -std=c++20 -O3 -DNDEBUG -Iinclude scripts/prototypes/count_loop.cpp -o /tmp/count_loop
#   scripts/prototypes/host_samples.sh 22 150 > /tmp/samples.txt    # 22 samples, 150 s apart
#   python3 scripts/prototypes/host_samples.py < /tmp/samples.txt
set -euo pipefail
samples=${1:-12}
pause=${2:-150}
core=${CORE:-1}
root=$(cd "$(dirname "$0")/../.." && pwd)
bench=$root/build/release/benchmarks/bench_exact_counter
for _ in $(seq 1 "$samples"); do
  t=$(date +%H:%M)
  en=$(taskset -c "$core" "$bench" --benchmark_filter='Bitset_empty<park_rules>/1/' 2>&1 | tail -1 | awk '{print $2}')
  pr=$(taskset -c "$core" /tmp/host_probe)
  cp=$(taskset -c "$core" /tmp/count_loop 3 shots-park | sed 's/.*, //; s/ per call//')
  cn=$(taskset -c "$core" /tmp/count_loop 3 shots-no-edge | sed 's/.*, //; s/ per call//')
  echo "$t | enumerator $en ms | $pr | count_loop Park $cp, no edge $cn | load $(cut -d' ' -f1 /proc/loadavg)"
  sleep "$pause"
done
