#!/usr/bin/env python3
"""Compares scan-orientation cost estimates on `orientation_oracle --dump` output.

For each game, an estimate picks the orientation of lowest estimated cost;
its time over the best of the eight is the game's ratio. Reported: the mean
log ratio (what the fit minimises), the median and the mean ratio, on the
games after the benchmark's 32 (fitted on) and on those 32 (held out).
The estimate family: (first hit + k x mean hit) / width + c x the misses'
distance in rows from the middle row, in scan positions.
"""
import collections
import math
import sys


def load(path):
    games = collections.defaultdict(list)
    for line in open(path):
        t = line.split()
        h, m = t.index("H"), t.index("M")
        # "K states" (the states the pass kept) is in dumps since session 42
        states = int(t[t.index("K") + 1]) if "K" in t[:h] else None
        games[(t[0], int(t[1]))].append(
            dict(o=int(t[2]), chosen=int(t[3]), ms=float(t[4]), states=states,
                 hits=[int(x) for x in t[h + 1:m]], misses=[int(x) for x in t[m + 1:]]))
    return {k: v for k, v in games.items() if len(v) == 8}


def evaluate(games, keys, cost):
    ratios = []
    for k in keys:
        best = min(x["ms"] for x in games[k])
        pick = min(games[k], key=lambda x: (cost(x), x["o"]))
        ratios.append(pick["ms"] / best)
    ratios.sort()
    return (sum(math.log(r) for r in ratios) / len(ratios), ratios[len(ratios) // 2], sum(ratios) / len(ratios))


def first_hit_then_sum(x):  # the rule before session 12
    h = x["hits"]
    return (min(h) if h else 10**9, sum(h))


def estimate(k, c, width=10, height=10):
    def cost(x):
        h = x["hits"]
        hits = (min(h) + k * sum(h) / len(h)) / width if h else 0.0
        spread = sum(abs(2 * (y // width) - (height - 1)) / 2 for y in x["misses"])
        return hits + c * spread
    return cost


def main():
    games = load(sys.argv[1])
    for rule in sorted({k[0] for k in games}):
        keys = [k for k in games if k[0] == rule]
        held_out = [k for k in keys if k[1] < 32]
        fitted = [k for k in keys if k[1] >= 32]
        print(f"{rule}: {len(fitted)} games fitted on, {len(held_out)} held out"
              " (mean log ratio; median, mean ratio to the best orientation)")
        rows = [("first hit, then sum of hits", first_hit_then_sum),
                ("chosen by the library", lambda x: -x["chosen"])]
        rows += [(f"k={k} c={c}", estimate(k, c)) for k in (1, 2, 3) for c in (0, 0.05, 0.1, 0.2, 0.4)]
        for name, cost in rows:
            f, h = evaluate(games, fitted, cost), evaluate(games, held_out, cost)
            print(f"  {name:30s} fitted {f[0]:.3f} ({f[1]:.3f}, {f[2]:.3f})  held out {h[0]:.3f} ({h[1]:.3f}, {h[2]:.3f})")


if __name__ == "__main__":
    main()
