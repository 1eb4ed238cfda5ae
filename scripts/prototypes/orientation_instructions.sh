#!/usr/bin/env bash
# The instructions of the library's scan orientation and of the one whose
# pass kept the fewest states, game by game (session 42,
# docs/results/30-exact-counting.md): reads `rule game chosen fewest` lines
# (orientation_states.py --list) and runs each game's matrix once per
# orientation under cachegrind, less the run that only makes the games.
# Prints `rule game chosen fewest instructions-chosen instructions-fewest`.
#
#   python3 scripts/prototypes/orientation_states.py /tmp/orientation.txt --list > /tmp/pairs.txt
#   bash scripts/prototypes/orientation_instructions.sh /tmp/orientation_oracle < /tmp/pairs.txt
set -euo pipefail
oracle=${1:?usage: orientation_instructions.sh ORIENTATION_ORACLE < LIST}
instructions() {
  valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null "$oracle" --one "$@" 2>&1 |
    awk '/I *refs/ { gsub(",", "", $NF); print $NF }'
}
while read -r rule game chosen fewest; do
  setup=$(instructions "$rule" "$game" -1)
  a=$(instructions "$rule" "$game" "$chosen")
  b=$a
  [[ $fewest != "$chosen" ]] && b=$(instructions "$rule" "$game" "$fewest")
  echo "$rule $game $chosen $fewest $((a - setup)) $((b - setup))"
done
