#!/usr/bin/env python3
"""Summarises call_instructions.cpp's callgrind dumps (one per call).

    call_instructions.py PREFIX [TIMES] [--profile]

PREFIX is the --callgrind-out-file given to valgrind: the dumps are PREFIX.1,
PREFIX.2, ... in call order. Prints the quartiles of the instructions per call
as bench_exact_counter takes its quantiles (the element at q * (n - 1) of the
sorted list, so the median of 1,024 calls is the lower one). With TIMES, the
native run's output (lines "game G hits H ms T"), also what this host retires
per nanosecond on each call and how closely the two orders agree. With
--profile, also the functions that execute the instructions of the calls
between the first and third quartiles (the band the median is drawn from),
by self cost.
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


def self_costs(dump):
    """Instructions executed in each function itself (callgrind's self cost)."""
    names, costs = {}, {}
    function, inclusive_line_next = None, False
    for line in dump.read_text().splitlines():
        match = re.match(r"^(c?)fn=\((\d+)\)(?: (.*))?$", line)
        if match:
            if match.group(3):
                names[match.group(2)] = match.group(3)
            if not match.group(1):
                function = names[match.group(2)]
            continue
        if line.startswith("calls="):
            inclusive_line_next = True  # the next cost line is the callee's inclusive cost
            continue
        match = re.match(r"^(?:[+-]?\d+|\*)\s+(\d+)$", line)
        if match and function is not None:
            if inclusive_line_next:
                inclusive_line_next = False
            else:
                costs[function] = costs.get(function, 0) + int(match.group(1))
    return costs


def short_name(function):
    """The name without argument lists, keeping which lambda it is."""
    depth, out = 0, []
    for ch in function:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif depth == 0:
            out.append(ch)
    return re.sub(r"battleship::detail::|unsigned long|unsigned int|const&", "", "".join(out)).strip()


def print_profile(dumps, instructions, q1, q3):
    band = [d for d, n in zip(dumps, instructions) if q1 <= n <= q3]
    totals = {}
    for dump in band:
        for function, cost in self_costs(dump).items():
            name = short_name(function)
            totals[name] = totals.get(name, 0) + cost
    whole = sum(totals.values())
    print(f"where the {len(band)} calls from q1 to q3 spend their instructions (self cost, 0.5 % or more):")
    for name, cost in sorted(totals.items(), key=lambda kv: -kv[1]):
        if cost < 0.005 * whole:
            break
        print(f"  {100 * cost / whole:5.1f} %  {name}")


def main():
    profile = "--profile" in sys.argv[1:]
    args = [a for a in sys.argv[1:] if a != "--profile"]
    if len(args) not in (1, 2):
        sys.exit(__doc__)
    sys.argv = [sys.argv[0]] + args
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
    if profile:
        print_profile(dumps, instructions, quantile(s, 0.25), quantile(s, 0.75))


if __name__ == "__main__":
    main()
