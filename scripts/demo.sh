#!/usr/bin/env bash
# Builds and runs the main demo (examples/example_quickstart.cpp), then shows
# the `battleship` tool on two boards. Installs missing packages first.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh

cmake --preset release >/dev/null
cmake --build --preset release --target example_quickstart battleship_cli

echo "== examples/example_quickstart.cpp"
./build/release/examples/example_quickstart

tool=./build/release/examples/battleship/battleship
echo
echo "== battleship count --preset park"
"$tool" count --preset park
echo
echo "== battleship density --grid 6x6 --fleet 3,2 --board examples/battleship/testdata/shots_6x6.txt"
"$tool" density --grid 6x6 --fleet 3,2 --board examples/battleship/testdata/shots_6x6.txt
