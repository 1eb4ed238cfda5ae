#!/usr/bin/env bash
# Assembles docs/RESULTS.md from the fragments docs/results/NN-*.md (edit those, then run this).
set -euo pipefail
cd "$(dirname "$0")/.."
{
cat <<'HEAD'
# Results

Every figure the seed papers publish that this library reproduces, side by side
with ours, and the command that produced each row. The sections below are
maintained as fragments in `docs/results/` (one per capability) and joined
here by `scripts/assemble-results.sh`. `$BS` / `battleship` is the tool built at
`build/release/examples/battleship/battleship` by `cmake --workflow --preset release`;
`battleship_tests` is `build/release/tests/battleship_tests`; benchmarks are
under `build/release/benchmarks/`.

Timings were taken on the project's 2-core, 24 GiB Debian 12 VM (g++ 12.2,
Release `-O3`), often while other builds ran; where a figure was re-measured on
a quiet machine it says so. Speed claims come from Google Benchmark programs
that run the baseline beside the fast code.

Contents:
HEAD
for f in docs/results/[0-9]*.md; do
  title=$(grep -m1 '^## ' "$f" | sed 's/^## //')
  anchor=$(echo "$title" | tr '[:upper:]' '[:lower:]' | sed 's/[^a-z0-9 -]//g; s/ /-/g')
  echo "- [$title](#$anchor)"
done
echo
for f in docs/results/[0-9]*.md; do
  sed -E 's#\]\(([0-9][0-9]-[a-z0-9-]+\.svg)\)#](results/\1)#g; s#`(40-simulation-[a-z0-9-]+\.svg)`#[`\1`](results/\1)#g' "$f"
  echo
done
} > docs/RESULTS.md
