#!/usr/bin/env bash
# Issue 3's rows after shots in instructions, which no host moves: the
# instructions of each of the 1,024 calls that speed-targets.sh times (the
# same games, one counter for all, the matrix with every call), counted by
# callgrind, and their quartiles per ruleset. speed-targets.sh gives the
# times; dividing the median here by the median there gives what the
# machine retired per nanosecond, and by 5 ms what the target asks of one
# (docs/results/30-exact-counting.md, session 61).
#
#   scripts/instruction-targets.sh                  # all four rulesets, 1,024 games each
#   GAMES=64 RULES="park no-edge" scripts/instruction-targets.sh
#   JOBS=1 scripts/instruction-targets.sh           # valgrind processes at once (default: the cores)
#   TIMES=1 scripts/instruction-targets.sh          # also time the same calls (game_times.cpp, best of 3), on the last core
#   PROFILE=1 scripts/instruction-targets.sh        # also the functions the calls from q1 to q3 spend them in
#
# Needs g++, valgrind (with its headers) and python3. Under callgrind a call
# runs about 30x slower: 8 to 11 minutes per ruleset on one core of a
# 2.0 GHz Intel server, so the four take about 20 minutes on two. The
# prototypes are compiled as the release build compiles the passes (-O3
# -DNDEBUG -fipa-pta, g++), but in one file: the first 32 calls came within
# 0.3 % of count_loop.cpp's counts of the same games (the ledger's figures);
# against the benchmark binary itself they were not compared.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
games=${GAMES:-1024}
rules=${RULES:-"park datagenetics audinot no-edge"}
jobs=${JOBS:-$(nproc)}
for tool in g++ valgrind python3; do
  if ! command -v "$tool" > /dev/null; then
    echo "instruction-targets: needs $tool" >&2
    exit 2
  fi
done
if [[ ! -f /usr/include/valgrind/callgrind.h ]]; then
  echo "instruction-targets: needs valgrind's headers (/usr/include/valgrind/callgrind.h)" >&2
  exit 2
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
flags=(-std=c++20 -O3 -DNDEBUG -fipa-pta -I"$root/include")
g++ "${flags[@]}" "$root/scripts/prototypes/call_instructions.cpp" -o "$work/call_instructions"
timing=0
[[ "${TIMES:-0}" != 0 ]] && timing=1
((timing)) && g++ "${flags[@]}" "$root/scripts/prototypes/game_times.cpp" -o "$work/game_times"

count() {
  mkdir -p "$work/$1"
  valgrind --tool=callgrind --dump-line=no --callgrind-out-file="$work/$1/call" \
    "$work/call_instructions" "$1" "$games" > "$work/$1/checksum" 2> "$work/$1/valgrind.log" ||
    touch "$work/$1/failed"
}
running=0
for r in $rules; do
  count "$r" &
  running=$((running + 1))
  if ((running >= jobs)); then
    wait -n
    running=$((running - 1))
  fi
done
wait
for r in $rules; do
  if [[ -e "$work/$r/failed" ]]; then
    echo "instruction-targets: callgrind failed on $r:" >&2
    tail -20 "$work/$r/valgrind.log" >&2
    exit 1
  fi
done

core=$(($(nproc) - 1))
pin=()
command -v taskset > /dev/null && pin=(taskset -c "$core")
echo "instructions per call with the matrix, $games games after 10 random shots each (callgrind):"
options=()
[[ "${PROFILE:-0}" != 0 ]] && options=(--profile)
for r in $rules; do
  counted=$(tail -1 "$work/$r/checksum")
  times=()
  if ((timing)); then
    # game_times reads GAMES as a list of games to time, not a count.
    env -u GAMES GAME_COUNT="$games" VERBOSE=1 "${pin[@]}" "$work/game_times" 3 "$r" > "$work/$r/times"
    # Both print the same checksum of the results when they counted the same games.
    timed=$(grep -o 'checksum [0-9a-f]*' "$work/$r/times")
    if [[ "$timed" != "${counted%% over*}" ]]; then
      echo "instruction-targets: $r: the timed run's $timed is not the counted run's ${counted%% over*}" >&2
      exit 1
    fi
    times=(--times "$work/$r/times")
  fi
  echo "$r: $counted"
  python3 "$root/scripts/prototypes/call_instructions.py" "$work/$r/call" "${times[@]}" "${options[@]}" | sed 's/^/  /'
done
