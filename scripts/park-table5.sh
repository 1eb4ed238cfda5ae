#!/usr/bin/env bash
# Park's Table 5 (six kinds of layout against the probability-density
# attack) from first principles: each kind becomes a uniform defender over
# the layouts of that kind (battleship simulate --region/--apart/--clustered,
# constrained_defense), and each attack plays GAMES games against it. Prints
# a markdown table of means, medians and extremes, with the uniform defender
# (every legal layout) beside them.
#
#   cmake --workflow --preset release                 # builds the battleship tool
#   scripts/park-table5.sh                            # or: scripts/park-table5.sh BUILD_DIR
#   GAMES=2000 CHEAP_GAMES=100000 THREADS=2 SEED=1 scripts/park-table5.sh   # the defaults
#
# exact-greedy (Park's attack: the exact occurrence matrix, hit/miss) plays
# GAMES games a kind, 0.05-0.1 s of CPU a game with its opening book; hunt-target
# and per-ship-density play CHEAP_GAMES. Needs python3.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$root/build/release}
bs=$build/examples/battleship/battleship
games=${GAMES:-2000}
cheap_games=${CHEAP_GAMES:-100000}
threads=${THREADS:-2}
seed=${SEED:-1}
if [[ ! -x "$bs" ]]; then
  echo "park-table5: $bs not found; build it first: cmake --workflow --preset release" >&2
  exit 2
fi
# Checked now: the table is written by python3 only after the games (about 30 min).
if ! command -v python3 > /dev/null; then
  echo "park-table5: needs python3 (apt-get install python3)" >&2
  exit 2
fi

# Park's wording for each kind, and our options for it.
kinds=(
  "every legal layout (uniform)|"
  "placed evenly, adjacent|--clustered"
  "placed evenly, not adjacent|--apart"
  "placed in the middle, adjacent|--region middle --clustered"
  "placed in the middle, not adjacent|--region middle --apart"
  "placed on the edges, adjacent|--region edges --clustered"
  "placed on the edges, not adjacent|--region edges --apart"
)
strategies=(exact-greedy per-ship-density hunt-target)

out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for k in "${!kinds[@]}"; do
  IFS='|' read -r _ options <<<"${kinds[$k]}"
  for s in "${strategies[@]}"; do
    n=$cheap_games
    [[ $s == exact-greedy ]] && n=$games
    # shellcheck disable=SC2086  # the options are words
    "$bs" simulate --strategy "$s" --preset park $options --games "$n" --seed "$seed" --threads "$threads" \
      --json >"$out/$k-$s.json"
    echo "park-table5: ${kinds[$k]%%|*}, $s done" >&2
  done
done

python3 - "$out" "${#kinds[@]}" "${kinds[@]}" <<'EOF'
import json, sys
out, count = sys.argv[1], int(sys.argv[2])
kinds = [k.split('|')[0] for k in sys.argv[3:3 + count]]
park = {1: '53', 2: '37', 3: '26', 4: '51', 5: '35', 6: '60'}
strategies = ['exact-greedy', 'per-ship-density', 'hunt-target']
print('| kind of layout (Park\'s words) | Park: density, one layout | ' +
      ' | '.join(f'{s}: mean (median, min-max)' for s in strategies) + ' |')
print('|---|---|' + '---|' * len(strategies))
for k, name in enumerate(kinds):
    cells = []
    for s in strategies:
        r = json.load(open(f'{out}/{k}-{s}.json'))
        cells.append(f"{r['mean']:.2f} ({r['median']:g}, {r['min']}-{r['max']}; {r['games']:,} games)")
    print(f"| {name} | {park.get(k, '46.1 (mean of 100 games)')} | " + ' | '.join(cells) + ' |')
EOF
