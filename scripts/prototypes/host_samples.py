"""Ranges and rank correlations of host_samples.sh's lines (stdin).

A measurement prototype (docs/results/30-exact-counting.md, "Session 44"):
prints each quantity's range over the samples, then Spearman's rank
correlation of the enumerator's and count_loop's times with the probe's
readings, to see which of the host's shortages a time follows.
"""
import re
import sys

LINE = re.compile(
    r"(\d\d:\d\d) \| enumerator (\d+) ms \| clock ([\d.]+) GHz.*?; ([\d.]+) ns per 8.*?"
    r"1 MiB (\d+) 2 MiB (\d+) 4 MiB (\d+) 8 MiB (\d+) 16 MiB (\d+) 64 MiB (\d+) \| "
    r"count_loop Park ([\d.]+) ms, no edge ([\d.]+) ms")
NAMES = ["enumerator ms", "clock GHz", "independent ns", "chase 1 MiB", "chase 2 MiB", "chase 4 MiB",
         "chase 8 MiB", "chase 16 MiB", "chase 64 MiB", "count_loop Park ms", "count_loop no edge ms"]


def ranks(values):
    """Ranks 0..n-1, ties averaged."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    r = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            r[order[k]] = (i + j) / 2
        i = j + 1
    return r


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    ma, mb = sum(ra) / len(ra), sum(rb) / len(rb)
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    return cov / (sum((x - ma) ** 2 for x in ra) * sum((y - mb) ** 2 for y in rb)) ** 0.5


def main():
    rows = [m for m in map(LINE.search, sys.stdin) if m]
    if len(rows) < 3:
        sys.exit("host_samples.py: fewer than three sample lines on stdin")
    cols = {n: [float(m.group(k + 2)) for m in rows] for k, n in enumerate(NAMES)}
    print(f"{len(rows)} samples, {rows[0].group(1)} to {rows[-1].group(1)}")
    for n in NAMES:
        print(f"  {n}: {min(cols[n]):g} - {max(cols[n]):g}")
    for timed in ["enumerator ms", "count_loop Park ms", "count_loop no edge ms"]:
        others = [n for n in ["independent ns", "chase 4 MiB", "chase 8 MiB", "enumerator ms"] if n != timed]
        print(f"  {timed} against " + ", ".join(f"{n} {spearman(cols[timed], cols[n]):+.2f}" for n in others))


if __name__ == "__main__":
    main()
