#!/usr/bin/env python3
"""How well the benchmark's 32 games stand for the random games the target
speaks of (docs/results/30-exact-counting.md, session 50).

Reads the output of game_times with VERBOSE=1 (one line per game: its number,
its hits and its best time) for many games of the benchmark's stream, whose
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


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    with open(sys.argv[1]) as f:
        text = f.read()
        games = [(int(m[1]), int(m[2]), float(m[3]), int(m[4]) if m[4] else None)
                 for m in re.finditer(r"game (\d+), (\d+) hits: ([\d.]+) ms(?:, inset (-?\d+))?", text)]
        kept = {int(m[1]): int(m[2]) for m in re.finditer(r"game (\d+), .*, kept (\d+)", text)}
    if len(games) < 64:
        sys.exit("game_sample: needs game_times' VERBOSE lines for at least 64 games")
    times = [t for _, _, t, _ in games]
    median = upper_median(times)
    if len(sys.argv) > 3 and sys.argv[2] == "--near":
        within = float(sys.argv[3])
        print(",".join(str(g) for g, _, t, _ in games if abs(t - median) <= within * median))
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
    for hits in sorted({h for _, h, _, _ in games}):
        t = [x for _, h, x, _ in games if h == hits]
        if len(t) < 4:
            continue
        q = statistics.quantiles(t, n=4)
        first_count = sum(h == hits for _, h, _, _ in games[:32])
        print(f"{hits} hits: {len(t)} games ({32 * len(t) / len(times):.1f} in 32; the first 32 hold {first_count}), "
              f"median {statistics.median(t):.1f} ms (quartiles {q[0]:.1f}-{q[2]:.1f})")
    # One-hit games by how far in the hit lies (game_times prints it since
    # session 50): the scan meets the hit sooner the nearer it is to an edge.
    insets = sorted({d for _, h, _, d in games if h == 1 and d is not None})
    if insets:
        parts = []
        for d in insets:
            t = [x for _, h, x, e in games if h == 1 and e == d]
            states = [kept[g] for g, h, _, e in games if h == 1 and e == d and g in kept]
            also = f", {statistics.median(states):,.0f} states kept" if states else ""
            parts.append(f"{d}: {statistics.median(t):.1f} ms ({len(t)} games{also})")
        print("one hit, by its rows or columns from the nearest edge: " + ", ".join(parts))


if __name__ == "__main__":
    main()
