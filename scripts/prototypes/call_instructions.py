#!/usr/bin/env python3
"""Summarises call_instructions.cpp's callgrind dumps (one per call).

    call_instructions.py PREFIX [--times FILE] [--profile]

PREFIX is the --callgrind-out-file given to valgrind: the dumps are PREFIX.1,
PREFIX.2, ... in call order. Prints the quartiles of the instructions per call
as bench_exact_counter takes its quantiles (the element at q * (n - 1) of the
sorted list, so the median of 1,024 calls is the lower one). With --times,
game_times' VERBOSE output for the same games (GAME_COUNT=N VERBOSE=1
game_times REPS RULES), also what this host retires per nanosecond on each
call and how closely the two orders agree. With --profile, also the
functions that execute the instructions of the calls between the first and
third quartiles (the band the median is drawn from), by self cost.
"""
import argparse
import re
from pathlib import Path

from game_sample import read_games
from host_samples import spearman


def quantile(sorted_values, q):
    return sorted_values[int(q * (len(sorted_values) - 1))]


def self_costs(text):
    """Instructions executed in each function itself (callgrind's self cost).

    callgrind_annotate gives the same, but for one dump at a time; on four
    dumps this matched it function by function (the results' session 61).
    """
    names, costs = {}, {}
    function, inclusive_line_next = None, False
    for line in text.splitlines():
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


def print_profile(texts):
    totals = {}
    for text in texts:
        for function, cost in self_costs(text).items():
            name = short_name(function)
            totals[name] = totals.get(name, 0) + cost
    whole = sum(totals.values())
    print(f"where the {len(texts)} calls from q1 to q3 spend their instructions (self cost, 0.5 % or more):")
    for name, cost in sorted(totals.items(), key=lambda kv: -kv[1]):
        if cost < 0.005 * whole:
            break
        print(f"  {100 * cost / whole:5.1f} %  {name}")


def print_times(path, instructions, median_instructions):
    times = {g["game"]: g["ms"] for g in read_games(path)}
    if sorted(times) != list(range(len(instructions))):
        raise SystemExit(f"{path}: {len(times)} games timed for {len(instructions)} calls counted")
    t = [times[g] for g in range(len(instructions))]
    rate = sorted(n / (ms * 1e6) for n, ms in zip(instructions, t))  # instructions per ns
    st = sorted(t)
    print(f"times: median {quantile(st, 0.5):.2f} ms (q1 {quantile(st, 0.25):.2f}, q3 {quantile(st, 0.75):.2f}); "
          f"instructions per ns q1 {quantile(rate, 0.25):.2f}, median {quantile(rate, 0.5):.2f}, "
          f"q3 {quantile(rate, 0.75):.2f}; rank correlation of time and instructions {spearman(t, instructions):.3f}")
    print(f"a median of 5 ms needs {median_instructions / 5e6:.1f} instructions per ns at the median call "
          f"(this host: {quantile(rate, 0.5):.2f})")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("prefix", type=Path)
    parser.add_argument("--times", type=Path, help="game_times' VERBOSE output for the same games")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    dumps = sorted((p for p in args.prefix.parent.glob(args.prefix.name + ".*") if p.suffix[1:].isdigit()),
                   key=lambda p: int(p.suffix[1:]))
    if not dumps:
        raise SystemExit(f"no dumps {args.prefix}.N")
    texts = [dump.read_text() for dump in dumps]
    instructions = []
    for dump, text in zip(dumps, texts):
        match = re.search(r"^summary: (\d+)", text, re.M)
        if not match:
            raise SystemExit(f"{dump}: no summary line")
        instructions.append(int(match.group(1)))
    s = sorted(instructions)
    q1, median, q3 = quantile(s, 0.25), quantile(s, 0.5), quantile(s, 0.75)
    m = 1e6
    print(f"{len(s)} calls: instructions per call q1 {q1 / m:.1f} M, median {median / m:.1f} M, q3 {q3 / m:.1f} M, "
          f"mean {sum(s) / len(s) / m:.1f} M, least {s[0] / m:.1f} M, most {s[-1] / m:.1f} M")
    if args.times:
        print_times(args.times, instructions, median)
    if args.profile:
        print_profile([text for text, n in zip(texts, instructions) if q1 <= n <= q3])


if __name__ == "__main__":
    main()
