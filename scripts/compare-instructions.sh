#!/usr/bin/env bash
# Compares the exact counter of two revisions by instructions, which stay
# steady on a shared machine where times do not (docs/results/30-exact-counting.md,
# session 14 on). Builds scripts/prototypes/count_loop.cpp (this tree's copy,
# so both sides run the same driver and games) against each revision's
# headers, runs it once per board under cachegrind, and prints a markdown
# table of instructions, the change, and whether the results' checksums agree.
#
#   scripts/compare-instructions.sh BASE [NEW]     # NEW: a revision, or the working tree when omitted
#   MODES="empty-park shots-park" scripts/compare-instructions.sh HEAD~1
#   COUNT=1 scripts/compare-instructions.sh HEAD~1   # the count alone, without the matrix
#   CACHE=1 scripts/compare-instructions.sh HEAD~1   # also L1 data read misses (slower)
#
# Needs g++ and valgrind. About a minute a board per side (the six boards,
# matrix, both sides: about 10 minutes on a 2-core machine).
set -euo pipefail

if [[ $# -lt 1 || $# -gt 2 ]]; then
  echo "usage: $0 BASE [NEW]   (revisions; NEW defaults to the working tree)" >&2
  exit 2
fi
cd "$(dirname "$0")/.."  # this checkout, wherever it is run from
base=$1
new=${2:-}
known="empty-park empty-audinot empty-no-edge shots-park shots-audinot shots-no-edge"
modes=${MODES:-$known}
for mode in $modes; do
  if [[ " $known " != *" $mode "* ]]; then
    echo "$0: unknown board '$mode' in MODES (count_loop knows: $known)" >&2
    exit 2
  fi
done
what=""
[[ -n "${COUNT:-}" ]] && what=count
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Headers of one side into $work/$1/include.
checkout() {
  mkdir -p "$work/$1"
  if [[ -n "$2" ]]; then
    git archive "$2" include | tar -x -C "$work/$1"
  else
    cp -r include "$work/$1/"
  fi
}
checkout base "$base"
checkout new "$new"
for side in base new; do
  g++ -std=c++20 -O3 -DNDEBUG -I"$work/$side/include" \
    scripts/prototypes/count_loop.cpp -o "$work/$side/count_loop"
done

# Instructions (and with CACHE, L1 data read misses) of one run, and its checksum.
measure() {
  local side=$1 mode=$2 out
  local sim=no
  [[ -n "${CACHE:-}" ]] && sim=yes
  out=$(valgrind --tool=cachegrind --cache-sim=$sim --cachegrind-out-file=/dev/null \
    "$work/$side/count_loop" 1 "$mode" $what 2>&1)
  local ir misses checksum
  ir=$(sed -n 's/.*I *refs: *\([0-9,]*\).*/\1/p' <<<"$out" | tr -d ,)
  misses=$(sed -n 's/.*D1  misses: *[0-9,]* *( *\([0-9,]*\) rd.*/\1/p' <<<"$out" | tr -d ,)
  checksum=$(sed -n 's/^checksum \([0-9a-f]*\),.*/\1/p' <<<"$out")
  echo "$ir ${misses:-0} $checksum"
}

label_new=${new:-"working tree"}
echo "base $base ($(git rev-parse --short "$base")), new $label_new; ${what:-matrix}; count_loop 1 <board>"
echo
if [[ -n "${CACHE:-}" ]]; then
  echo "| board | base instructions | new instructions | change | base L1 read misses | new | change | same results |"
  echo "|---|---|---|---|---|---|---|---|"
else
  echo "| board | base instructions | new instructions | change | same results |"
  echo "|---|---|---|---|---|"
fi
for mode in $modes; do
  read -r ir_b miss_b sum_b <<<"$(measure base "$mode")"
  read -r ir_n miss_n sum_n <<<"$(measure new "$mode")"
  same=yes
  [[ "$sum_b" != "$sum_n" ]] && same="**NO** ($sum_b / $sum_n)"
  change=$(awk -v a="$ir_b" -v b="$ir_n" 'BEGIN { printf "%+.2f %%", 100 * (b - a) / a }')
  mb=$(awk -v a="$ir_b" 'BEGIN { printf "%.1f M", a / 1e6 }')
  mn=$(awk -v a="$ir_n" 'BEGIN { printf "%.1f M", a / 1e6 }')
  if [[ -n "${CACHE:-}" ]]; then
    dchange=$(awk -v a="$miss_b" -v b="$miss_n" 'BEGIN { printf "%+.1f %%", a ? 100 * (b - a) / a : 0 }')
    db=$(awk -v a="$miss_b" 'BEGIN { printf "%.2f M", a / 1e6 }')
    dn=$(awk -v a="$miss_n" 'BEGIN { printf "%.2f M", a / 1e6 }')
    echo "| $mode | $mb | $mn | $change | $db | $dn | $dchange | $same |"
  else
    echo "| $mode | $mb | $mn | $change | $same |"
  fi
done
