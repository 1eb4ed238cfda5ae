#!/usr/bin/env bash
# Issue 3's speed targets in one table: runs the Google Benchmark rows they
# are judged on (bench_exact_counter) and prints them as markdown, with the
# brute-force enumerator timed in the same run and the ratios the issue asks
# for (to the enumerator and to Park's published 627.2 s).
#
#   cmake --workflow --preset release          # builds build/release/benchmarks/bench_exact_counter
#   scripts/speed-targets.sh                   # or: scripts/speed-targets.sh BUILD_DIR
#   REPS=5 scripts/speed-targets.sh            # repetitions (default 3); the table shows their median
#   ENUMERATOR=0 scripts/speed-targets.sh      # skip the enumerator (about 7 s a repetition)
#   CORE=0 scripts/speed-targets.sh            # the core to pin to (default the last; taskset, when present)
#   PROBE=0 scripts/speed-targets.sh           # skip host_probe (the core's real clock and cache, before and after)
#
# Needs python3. The targets: the empty 10x10 occupancy matrix in at most
# 50 ms, and at most 5 ms median per call after 10 random shots, on one core,
# under each of the four rulesets. That median is taken over 1,024 games
# (about 10 s a repetition and rule); the 32 games that sessions before 50
# judged it on are shown too. On a shared machine the times move from
# run to run, on this project's by up to 1.9x within an hour
# (docs/results/30-exact-counting.md, session 24), and between the machines
# the host lends by up to 3.9x (session 60): compare code by instructions
# instead (scripts/compare-instructions.sh), and see the median call after
# shots in instructions with scripts/instruction-targets.sh.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
bench=$build/benchmarks/bench_exact_counter
reps=${REPS:-3}
core=${CORE:-$(($(nproc) - 1))}
if [[ ! -x "$bench" ]]; then
  echo "speed-targets: $bench not found; build it first:" >&2
  echo "  cmake --preset release && cmake --build --preset release --target bench_exact_counter" >&2
  exit 2
fi
if ! command -v python3 > /dev/null; then
  echo "speed-targets: needs python3 (apt-get install python3)" >&2
  exit 2
fi
filter='Exact_empty<.*>/1$|Exact_after_shots<.*>/10/|Exact_after_shots_1024_games<.*>/10/'
[[ "${ENUMERATOR:-1}" != 0 ]] && filter="Bitset_empty<park_rules>/1/|$filter"
pin=()
command -v taskset > /dev/null && pin=(taskset -c "$core")

out=$(mktemp)
probe=$(mktemp)
trap 'rm -f "$out" "$probe"' EXIT
# The clock the kernel reports can be far from the core's (2,300 MHz
# reported, 2.97 GHz measured in session 74), so measure it, before and
# after the run, with scripts/prototypes/host_probe.cpp (about 6 s each).
probe_lines=()
if [[ "${PROBE:-1}" != 0 ]] && command -v g++ > /dev/null &&
  g++ -std=c++20 -O2 "$root/scripts/prototypes/host_probe.cpp" -o "$probe" 2> /dev/null; then
  probe_lines+=("host_probe before: $("${pin[@]}" "$probe")")
elif [[ "${PROBE:-1}" != 0 ]]; then
  echo "speed-targets: host_probe did not build (needs g++); the clock is the kernel's only" >&2
fi
"${pin[@]}" "$bench" --benchmark_filter="$filter" --benchmark_repetitions="$reps" \
  --benchmark_report_aggregates_only=true --benchmark_format=json > "$out"
if [[ ${#probe_lines[@]} -gt 0 ]]; then
  probe_lines+=("host_probe after: $("${pin[@]}" "$probe")")
fi

python3 - "$out" "$reps" "${probe_lines[@]}" << 'PY'
import json
import sys

with open(sys.argv[1]) as f:
    report = json.load(f)
reps = sys.argv[2]
# With one repetition Google Benchmark reports no aggregates: take the run itself.
wanted = "median" if int(reps) > 1 else None
rows = {b["run_name"]: b for b in report["benchmarks"] if b.get("aggregate_name") == wanted}

def ms(b):
    scale = {"ns": 1e-6, "us": 1e-3, "ms": 1.0, "s": 1e3}[b["time_unit"]]
    return b["real_time"] * scale

def fmt(x):
    return f"{x:,.0f}" if x >= 100 else f"{x:.1f}"

def verdict(value, target):
    # Two decimals near the target, where one would print "1.0x" for a miss.
    ratio = value / target
    return "met" if value <= target else f"not met ({ratio:.2f}x the target)" if ratio < 1.1 else f"not met ({ratio:.1f}x the target)"

rules = [("park_rules", "Park"), ("datagenetics_rules", "DataGenetics"),
         ("audinot_rules", "Audinot"), ("no_edge_rules", "no edge")]
ctx = report["context"]
load = ", ".join(f"{x:.2f}" for x in ctx.get("load_avg", []))
what = f"medians of {reps} repetitions" if int(reps) > 1 else "one repetition"
# Which processor ran it: the host's machines have changed between sessions
# (a Zen 3 at about 3.1 GHz in session 44, AMD family 26, Zen 5, at about
# 3.7 GHz in session 57), and a time means little without it.
cpu = {}
try:
    with open("/proc/cpuinfo") as f:
        for line in f:
            key, _, value = line.partition(":")
            key = key.strip()
            if key in ("vendor_id", "cpu family", "model", "model name") and key not in cpu:
                cpu[key] = value.strip()
except OSError:
    pass
processor = (f"{cpu.get('model name', '?')} ({cpu.get('vendor_id', '?')} family {cpu.get('cpu family', '?')}, "
             f"model {cpu.get('model', '?')})") if cpu else "processor unknown"
# The clock the kernel reports: 2,000 MHz on session 60's Intel machine,
# where the rows took 2.2-3.9x their time on session 59's Zen 5. The
# processor and clock explain more of a run than the code does; the
# host_probe lines (above the table) measure what the core really gave.
mhz = ctx.get("mhz_per_cpu")
clock = f" at {mhz:,} MHz as the kernel reports it" if mhz else ""
print(f"{ctx['date']}, {ctx['num_cpus']} CPUs{clock}, {processor}, load {load}; {what}")
for line in sys.argv[3:]:
    print()
    print(line)
print()
print("| case | time | target | |")
print("|---|---|---|---|")
dp_park = None
for name, label in rules:
    b = rows.get(f"Exact_empty<{name}>/1")
    if b is None:
        continue
    t = ms(b)
    if name == "park_rules":
        dp_park = t
    print(f"| empty 10x10, count and occupancy matrix, {label} | {fmt(t)} ms | 50 ms | {verdict(t, 50)} |")
enum = next((b for n, b in rows.items() if n.startswith("Bitset_empty<park_rules>/1/")), None)
if enum is not None and dp_park is not None:
    e = ms(enum)
    # The programme's rows reuse one counter, as a game does; the enumerator
    # is one cold call (seconds). A counter made for each call
    # (Exact_empty_fresh) takes about 1.04x (docs/results/30-exact-counting.md,
    # session 86).
    print(f"| the brute-force enumerator (`enumerate_bitset`), the same Park matrix | {fmt(e)} ms | | "
          f"the programme (a counter reused from call to call) {e / dp_park:,.0f}x faster; "
          f"Park's published 627.2 s: {627200 / dp_park:,.0f}x (the issue asks for over 10,000x) |")
# The target is judged on 1,024 games; the 32 games of the rows before
# session 50 are shown beside them, since their median depends on which 32
# games they are (a quarter either way).
after_shots = [
    ("Exact_after_shots_1024_games<{}>/10/iterations:1024", "after 10 random shots, median of 1,024 games", True),
    ("Exact_after_shots<{}>/10/iterations:96",
     "the same, median of the 96 calls of the benchmark's first 32 games (three times each)", False),
]
for row, what, judged in after_shots:
    for name, label in rules:
        b = rows.get(row.format(name))
        if b is None:
            continue
        m = b["median_ms"]
        target, result = ("5 ms", verdict(m, 5)) if judged else ("", "a sample's median, not the target's")
        print(f"| {what}, {label} | {m:.1f} ms (quartiles {b['q1_ms']:.1f}-{b['q3_ms']:.1f}) | {target} | {result} |")
PY
