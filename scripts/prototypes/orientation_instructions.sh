#!/usr/bin/env bash
# The instructions of a game's matrix in given scan orientations (session 42,
# docs/results/30-exact-counting.md): reads lines `rule game o1 o2 ...` and
# runs the game's matrix once per orientation under cachegrind, less the run
# that only makes the games. Prints `rule game o1 o2 ... : i1 i2 ...`, which
# orientation_states.py --instructions reads. The lines may name the library's
# choice and the orientation with the fewest kept states (the --list output
# as it is), or all eight:
#
#   python3 scripts/prototypes/orientation_states.py /tmp/orientation.txt --list > /tmp/pairs.txt
#   awk '{ print $1, $2, 0, 1, 2, 3, 4, 5, 6, 7 }' /tmp/pairs.txt > /tmp/all-eight.txt
#   bash scripts/prototypes/orientation_instructions.sh /tmp/orientation_oracle < /tmp/all-eight.txt > /tmp/instructions.txt
set -euo pipefail
oracle=${1:?usage: orientation_instructions.sh ORIENTATION_ORACLE < LIST}
instructions() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$oracle" --one "$@" 2>&1 |
    awk '/I *refs/ { gsub(",", "", $NF); print $NF }'
}
declare -A measured  # per line: an orientation listed twice is run once
while read -r rule game orientations; do
  setup=$(instructions "$rule" "$game" -1)
  measured=()
  counts=()
  for o in $orientations; do
    [[ -v "measured[$o]" ]] || measured[$o]=$(($(instructions "$rule" "$game" "$o") - setup))
    counts+=("${measured[$o]}")
  done
  echo "$rule $game $orientations : ${counts[*]}"
done
