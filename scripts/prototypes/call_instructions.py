#!/usr/bin/env python3
"""Summarises call_instructions.cpp's callgrind dumps (one per call).

    call_instructions.py PREFIX [TIMES]

PREFIX is the --callgrind-out-file given to valgrind: the dumps are PREFIX.1,
PREFIX.2, ... in call order. Prints the quartiles of the instructions per call
as bench_exact_counter takes its quantiles (the element at q * (n - 1) of the
sorted list, so the median of 1,024 calls is the lower one). With TIMES, the
native run's output (lines "game G hits H ms T"), also what this host retires
per nanosecond on each call and how closely the two orders agree.
"""
import re
import sys
from pathlib import Path


def quantile(sorted_values, q):
    return sorted_values[int(q * (len(sorted_values) - 1))]


def ranks(values):
    order = sorted(range(len(values)), key=lambda k: values[k])
    r = [0] * len(values)
    for position, k in enumerate(order):
        r[k] = position
    return r


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    prefix = Path(sys.argv[1])
    dumps = sorted((p for p in prefix.parent.glob(prefix.name + ".*") if p.suffix[1:].isdigit()),
                   key=lambda p: int(p.suffix[1:]))
    instructions = []
    for dump in dumps:
        match = re.search(r"^summary: (\d+)", dump.read_text(), re.M)
        if not match:
            sys.exit(f"{dump}: no summary line")
        instructions.append(int(match.group(1)))
    if not instructions:
        sys.exit(f"no dumps {prefix}.N")
    s = sorted(instructions)
    m = 1e6
    print(f"{len(s)} calls: instructions per call q1 {quantile(s, 0.25) / m:.1f} M, "
          f"median {quantile(s, 0.5) / m:.1f} M, q3 {quantile(s, 0.75) / m:.1f} M, "
          f"mean {sum(s) / len(s) / m:.1f} M, least {s[0] / m:.1f} M, most {s[-1] / m:.1f} M")
    if len(sys.argv) == 3:
        times = {}
        for line in Path(sys.argv[2]).read_text().splitlines():
            match = re.match(r"game (\d+) hits (\d+) ms ([\d.]+)", line)
            if match:
                times[int(match.group(1))] = float(match.group(3))
        if len(times) != len(instructions):
            sys.exit(f"{len(times)} times for {len(instructions)} calls")
        t = [times[g] for g in range(len(instructions))]
        rate = sorted(instructions[g] / (t[g] * 1e6) for g in range(len(t)))  # instructions per ns
        n = len(t)
        rt, ri = ranks(t), ranks(instructions)
        spearman = 1 - 6 * sum((a - b) ** 2 for a, b in zip(rt, ri)) / (n * (n * n - 1))
        st = sorted(t)
        print(f"times: median {quantile(st, 0.5):.2f} ms (q1 {quantile(st, 0.25):.2f}, q3 {quantile(st, 0.75):.2f}); "
              f"instructions per ns q1 {quantile(rate, 0.25):.2f}, median {quantile(rate, 0.5):.2f}, "
              f"q3 {quantile(rate, 0.75):.2f}; rank correlation of time and instructions {spearman:.3f}")
        target = quantile(s, 0.5) / 5e6
        print(f"a median of 5 ms needs {target:.1f} instructions per ns at the median call "
              f"(this host: {quantile(rate, 0.5):.2f})")


if __name__ == "__main__":
    main()
