#!/usr/bin/env python3
"""Refits the scan-orientation cost estimate on `orientation_oracle --dump` output.

Session 34 (docs/results/30-exact-counting.md). For each family of rules
(touching: Park's games; contact: Audinot's and no edge's together) it
searches the weights of

    (w_first * first hit + w_mean * mean hit) / width
        + w_spread * the misses' distance in rows from the middle row
        + w_late * the same distance for the misses in the second half only

(scan positions; the last term is new) for the lowest mean log ratio of the
chosen orientation's time to the best of the eight, by a random coordinate
search from the touching estimate (1, 2, 0.1, 0). It reports that objective
under 5-fold cross-validation on the games after the benchmark's 32, the
weights fitted on all of them, and then, on the benchmark's 32 (held out),
the objective and the median and mean time of the chosen orientations for
the estimates in profile_problem.hpp and the fitted ones. Needs numpy
(apt-get install python3-numpy).

    g++ -std=c++20 -O3 -DNDEBUG -Iinclude -I. scripts/prototypes/orientation_oracle.cpp -o /tmp/orientation_oracle
    taskset -c 1 /tmp/orientation_oracle --dump 320 > /tmp/orientation.txt     # about 12 minutes
    python3 scripts/prototypes/orientation_refit.py /tmp/orientation.txt
    python3 scripts/prototypes/orientation_refit.py /tmp/orientation.txt --states

With --states (session 42) it fits and scores by the states each pass kept
instead of its time, which the host's noise does not move (medians and means
are then in states); with --pairs it adds a fifth feature, the vertical
pairs of hits.
"""
import os
import random
import sys

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from orientation_fit import load  # noqa: E402 (the dump's reader, shared)

WIDTH = HEIGHT = 10
LABEL = "states" if "--states" in sys.argv[2:] else "ms"
UNIT = " states" if LABEL == "states" else " ms"
# --pairs: a fifth feature, the hits whose neighbour in the next scanned row
# is a hit too (under the contact rules two neighbouring hits are one ship,
# which then runs across the rows; session 42)
PAIRS = "--pairs" in sys.argv[2:]
TOUCHING = np.array([1.0, 2.0, 0.1, 0.0] + [0.0] * PAIRS)  # profile_problem.hpp
CONTACT = np.array([0.2, 2.0, 0.2, 0.1] + [0.0] * PAIRS)


def features(x):
    h = x["hits"]
    rows = [2 * (s // WIDTH) - (HEIGHT - 1) for s in x["misses"]]  # half rows from the middle
    pairs = [sum(1 for s in h if s + WIDTH in h)] if PAIRS else []
    return [min(h) / WIDTH if h else 0.0, sum(h) / len(h) / WIDTH if h else 0.0,
            sum(abs(d) for d in rows) / 2, sum(max(d, 0) for d in rows) / 2] + pairs


def prepare(games, keys):
    out = []
    for k in keys:
        t = np.array([x[LABEL] for x in games[k]], dtype=float)
        out.append((np.array([features(x) for x in games[k]]), np.log(t / t.min()), t))
    return out


def objective(w, data):
    return sum(lr[int(np.argmin(f @ w))] for f, lr, _ in data) / len(data)


def chosen_times(w, data):
    return sorted(t[int(np.argmin(f @ w))] for f, _, t in data)


def search(data, seed, iterations=3000):
    rng = random.Random(seed)
    best = TOUCHING.copy()
    value = objective(best, data)
    for i in range(iterations):
        w = best.copy()
        w[rng.randrange(len(w))] += rng.gauss(0, 0.3 if i < iterations // 2 else 0.08)
        v = objective(w, data)
        if v <= value:
            best, value = w, v
    return best, value


def main():
    games = load(sys.argv[1])
    for family, rules, ours in (("touching", ["park"], TOUCHING), ("contact", ["audinot", "no-edge"], CONTACT)):
        keys = [k for k in games if k[0] in rules and k[1] >= 32]
        if not keys:  # a dump without these rules (--dump N contact)
            continue
        ids = sorted({k[1] for k in keys})
        random.Random(5).shuffle(ids)
        folds = [set(ids[i::5]) for i in range(5)]
        cv = 0.0
        for fold in folds:
            w, _ = search(prepare(games, [k for k in keys if k[1] not in fold]), 7)
            held = prepare(games, [k for k in keys if k[1] in fold])
            cv += objective(w, held) * len(held)
        fitted, value = search(prepare(games, keys), 1)
        print(f"{family} ({', '.join(rules)}; {len(keys)} games fitted on): touching estimate "
              f"{objective(TOUCHING, prepare(games, keys)):.4f}, contact estimate "
              f"{objective(CONTACT, prepare(games, keys)):.4f}, fitted {value:.4f}, "
              f"5-fold cross-validated {cv / len(keys):.4f} (mean log ratio to the best)")
        print(f"  fitted weights (first, mean, spread, late{', pairs' if PAIRS else ''}): {np.round(fitted, 3)}")
        for rule in rules:
            held = prepare(games, [k for k in games if k[0] == rule and k[1] < 32])
            for name, w in (("touching estimate", TOUCHING), ("contact estimate", CONTACT), ("fitted", fitted)):
                t = chosen_times(w, held)
                print(f"  {rule}, the benchmark's 32: {name:17s} {objective(w, held):.4f}, median "
                      f"{t[15]:.2f}-{t[16]:.2f}{UNIT}, mean {sum(t) / len(t):.2f}{UNIT}")
            best = sorted(min(t) for _, _, t in held)
            print(f"  {rule}, the benchmark's 32: best of eight      median {best[15]:.2f}-{best[16]:.2f}{UNIT}, "
                  f"mean {sum(best) / len(best):.2f}{UNIT}")


if __name__ == "__main__":
    main()
