#!/usr/bin/env python3
"""How far the library's scan orientation is from the best of the eight, by
the states each pass kept as well as by time (session 42,
docs/results/30-exact-counting.md).

The time oracle of sessions 12 and 34 keeps the fastest of eight timings of
each game, and on a noisy host the fastest of eight is partly luck: it is
biased low. The states a pass kept (`K` in `orientation_oracle --dump`)
are the same on every run, so the best of the eight by states is a bound
the noise does not inflate. It is a bound on the work under the contact
rules only: under the touching rules the states with two ships left, which
the layers do not hold, do most of the work, and only instructions
(--instructions, below) measure it. Given a second dump of the same games, the
script also shows the noise: how much one orientation's time moves from
one dump to the other, and how far the first dump's fastest orientation is,
timed in the second, from the second's fastest. Needs numpy.

    g++ -std=c++20 -O3 -DNDEBUG -Iinclude scripts/prototypes/orientation_oracle.cpp -o /tmp/orientation_oracle
    taskset -c 0 /tmp/orientation_oracle --dump 320 contact > /tmp/orientation.txt
    taskset -c 0 /tmp/orientation_oracle --dump 32 contact > /tmp/orientation-again.txt
    python3 scripts/prototypes/orientation_states.py /tmp/orientation.txt [/tmp/orientation-again.txt]

With --list it prints instead, for the benchmark's 32 games of each rule,
`rule game chosen fewest`: the library's orientation and the one whose pass
kept the fewest states, which orientation_instructions.sh reads. With
`--instructions FILE` (that script's output for all eight orientations of
each game) it compares, by instructions, the library's choice, the
orientation with the fewest kept states and the one with the fewest
instructions, over the games and at the median game.
"""
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from orientation_fit import load  # noqa: E402 (the dump's reader, shared)


def chosen(lines):
    """The library's orientation of a game (its eight lines, in order)."""
    return [x["chosen"] for x in lines].index(1)


def fewest_states(lines):
    """The orientation whose pass kept the fewest states."""
    return min(range(len(lines)), key=lambda o: lines[o]["states"])


def against_best(games, keys, label):
    """The library's choice against the best of the eight, by `label`."""
    log_ratios, picked, best = [], [], []
    for k in keys:
        values = [x[label] for x in games[k]]
        pick = values[chosen(games[k])]
        log_ratios.append(math.log(pick / min(values)))
        picked.append(pick)
        best.append(min(values))
    return (f"mean log ratio {np.mean(log_ratios):.4f}; median {np.median(picked):.6g} against "
            f"{np.median(best):.6g} ({np.median(picked) / np.median(best) - 1:+.1%}), mean {np.mean(picked):.6g} "
            f"against {np.mean(best):.6g} ({np.mean(picked) / np.mean(best) - 1:+.1%})")


def by_instructions(games, path):
    measured = {}
    for line in open(path):
        head, counts = line.split(":")
        rule, game, *orientations = head.split()
        measured[(rule, int(game))] = dict(zip(map(int, orientations), map(int, counts.split())))
    for rule in sorted({k[0] for k in measured}):
        keys = sorted(k for k in measured if k[0] == rule and len(measured[k]) == 8)
        picks = {"the library's choice": [], "the fewest kept states": [], "the fewest instructions": []}
        for k in keys:
            m = measured[k]
            picks["the library's choice"].append(m[chosen(games[k])])
            picks["the fewest kept states"].append(m[fewest_states(games[k])])
            picks["the fewest instructions"].append(min(m.values()))
        base = np.array(picks["the library's choice"], dtype=float)
        print(f"{rule}, {len(keys)} games, all eight orientations by instructions:")
        for name, values in picks.items():
            v = np.array(values, dtype=float)
            print(f"  {name:24s} {v.sum() / 1e6:9.1f} M ({v.sum() / base.sum() - 1:+.1%}), median game "
                  f"{np.median(v) / 1e6:6.1f} M ({np.median(v) / np.median(base) - 1:+.1%}); fewer than the "
                  f"library's in {int((v < base).sum())} games, more in {int((v > base).sum())}")


def main():
    games = load(sys.argv[1])
    if sys.argv[2:] == ["--list"]:
        for k in sorted(k for k in games if k[1] < 32):
            print(k[0], k[1], chosen(games[k]), fewest_states(games[k]))
        return
    if len(sys.argv) == 4 and sys.argv[2] == "--instructions":
        return by_instructions(games, sys.argv[3])
    again = load(sys.argv[2]) if len(sys.argv) > 2 else {}
    for rule in sorted({k[0] for k in games}):
        keys = sorted(k for k in games if k[0] == rule)
        if any(x["states"] is None for k in keys for x in games[k]):
            sys.exit("orientation_states: the dump has no kept states (a dump from before session 42)")
        for name, subset in (("all", keys), ("the benchmark's 32", [k for k in keys if k[1] < 32])):
            print(f"{rule}, {name} ({len(subset)} games), the library's choice against the best of eight:")
            print(f"  by kept states: {against_best(games, subset, 'states')}")
            print(f"  by time (ms):   {against_best(games, subset, 'ms')}")
        dt, ds = [], []
        states_best_fastest, states_best_over = 0, []
        for k in keys:
            t = np.log([x["ms"] for x in games[k]])
            s = np.log([x["states"] for x in games[k]])
            dt.extend(t - t.mean())
            ds.extend(s - s.mean())
            states_best_fastest += int(np.argmin(s) == np.argmin(t))
            states_best_over.append(t[np.argmin(s)] - t.min())
        print(f"  within a game, log time against log states: correlation {np.corrcoef(dt, ds)[0, 1]:.3f}, "
              f"slope {np.polyfit(ds, dt, 1)[0]:.3f}; the best by states is the fastest in {states_best_fastest} "
              f"of {len(keys)} games, and {np.mean(states_best_over):.4f} slower than it (mean log ratio)")
        both = [k for k in keys if k in again]
        if both:
            moved, first_fastest_over = [], []
            for k in both:
                t1 = np.array([x["ms"] for x in games[k]])
                t2 = np.array([x["ms"] for x in again[k]])
                moved.extend(np.abs(np.log(t1 / t2)))
                first_fastest_over.append(math.log(t2[np.argmin(t1)] / t2.min()))
            print(f"  noise, {len(both)} games timed twice: one orientation's time moves by {np.median(moved):.3f} "
                  f"(median |log ratio|); the first dump's fastest, timed in the second, is "
                  f"{np.mean(first_fastest_over):.4f} above the second's fastest (mean log ratio)")


if __name__ == "__main__":
    main()
