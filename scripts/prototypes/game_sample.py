#!/usr/bin/env python3
"""How well the benchmark's 32 games stand for the random games the target
speaks of (docs/results/30-exact-counting.md, session 50).

Reads the output of game_times with VERBOSE=1 (one line per game: its number,
its hits, its best time, the hit's inset from the nearest edge and the
states the forward pass kept) for many games of the benchmark's stream, whose
first 32 are the benchmark's, and prints the median over all of them, the
first 32 games' median, where that sits among the medians of random samples
of 32 of the games, the medians by the number of hits, and those of the
games with one hit by how far from an edge it lies:

    g++ -std=c++20 -O3 -DNDEBUG -Iinclude -I. scripts/prototypes/game_times.cpp -o /tmp/game_times
    GAME_COUNT=1024 VERBOSE=1 taskset -c 1 /tmp/game_times 3 park > /tmp/games-park.txt
    python3 scripts/prototypes/game_sample.py /tmp/games-park.txt

With `--near F` it prints instead the games whose time is within F (a
fraction) of the median, as a GAMES list for game_times, to profile the
games that set the median:

    GAMES=$(python3 scripts/prototypes/game_sample.py /tmp/games-park.txt --near 0.1) \\
      GAME_COUNT=1024 perf record -o /tmp/perf.data /tmp/game_times 2 park
"""
import random
import re
import statistics
import sys


def upper_median(values):
    v = sorted(values)
    return v[len(v) // 2]  # as game_times' median


LINE = re.compile(r"game (\d+), (\d+) hits: ([\d.]+) ms(?:, inset (-?\d+), kept (\d+))?")


def read_games(path):
    """game_times' VERBOSE lines; inset and kept are None in lines from
    before session 50, which print neither."""
    with open(path) as f:
        return [{"game": int(m[1]), "hits": int(m[2]), "ms": float(m[3]),
                 "inset": int(m[4]) if m[4] else None, "kept": int(m[5]) if m[5] else None}
                for m in LINE.finditer(f.read())]


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    games = read_games(sys.argv[1])
    if len(games) < 64:
        sys.exit("game_sample: needs game_times' VERBOSE lines for at least 64 games")
    times = [g["ms"] for g in games]
    median = upper_median(times)
    if len(sys.argv) > 3 and sys.argv[2] == "--near":
        within = float(sys.argv[3])
        print(",".join(str(g["game"]) for g in games if abs(g["ms"] - median) <= within * median))
        return

    rng = random.Random(1)
    samples = sorted(upper_median(rng.sample(times, 32)) for _ in range(4000))
    first = upper_median(times[:32])
    rank = sum(m <= first for m in samples) / len(samples)
    boot = sorted(upper_median(rng.choices(times, k=len(times))) for _ in range(2000))
    print(f"{len(times)} games: median {median:.2f} ms (90 % bootstrap {boot[100]:.2f}-{boot[1899]:.2f}), "
          f"mean {statistics.mean(times):.2f} ms, {100 * sum(t < 5 for t in times) / len(times):.0f} % under 5 ms")
    print(f"the first 32 games: median {first:.2f} ms, at the {100 * rank:.0f}th percentile of 4,000 samples of "
          f"32 (90 % of them {samples[200]:.2f}-{samples[3799]:.2f} ms)")
    for hits in sorted({g["hits"] for g in games}):
        t = [g["ms"] for g in games if g["hits"] == hits]
        if len(t) < 4:
            continue
        q = statistics.quantiles(t, n=4)
        first_count = sum(g["hits"] == hits for g in games[:32])
        print(f"{hits} hits: {len(t)} games ({32 * len(t) / len(times):.1f} in 32; the first 32 hold {first_count}), "
              f"median {statistics.median(t):.1f} ms (quartiles {q[0]:.1f}-{q[2]:.1f})")
    # One-hit games by how far in the hit lies: the scan meets the hit
    # sooner the nearer it is to an edge.
    one_hit = [g for g in games if g["hits"] == 1 and g["inset"] is not None]
    if one_hit:
        parts = []
        for d in sorted({g["inset"] for g in one_hit}):
            at = [g for g in one_hit if g["inset"] == d]
            parts.append(f"{d}: {statistics.median(g['ms'] for g in at):.1f} ms ({len(at)} games, "
                         f"{statistics.median(g['kept'] for g in at):,.0f} states kept)")
        print("one hit, by its rows or columns from the nearest edge: " + ", ".join(parts))


if __name__ == "__main__":
    main()
