#!/usr/bin/env python3
"""The lines of the library that no test runs, from `llvm-cov show
-show-instantiations` output (scripts/coverage.sh).

A line counts as run when the merged view or any instantiation of its
template ran it: llvm-cov 14's merged line counts take one instantiation
where a template holds `if constexpr`, so its own report calls lines
uncovered that other instantiations run.

    python3 scripts/coverage-lines.py coverage.txt /path/to/include/battleship/
"""
import collections
import re
import sys

# "  123|  4.5k|code" at the top level, "  | 123|  4.5k|code" in an instantiation.
LINE = re.compile(r"^(?:\s*\|)?\s*(\d+)\|\s*([0-9.]+[kMGTE]?)?\|")
SCALE = {"k": 1e3, "M": 1e6, "G": 1e9, "T": 1e12, "E": 1e18}


def count(text):
    if not text:
        return None  # not an instrumented line
    return float(text[:-1]) * SCALE[text[-1]] if text[-1] in SCALE else float(text)


def main(show_path, prefix):
    most = collections.defaultdict(dict)  # file -> line -> the most any view ran it
    current = None
    with open(show_path, errors="replace") as show:
        for line in show:
            if line.startswith(prefix) and line.rstrip().endswith(":"):
                current = line.rstrip()[:-1]
                continue
            m = LINE.match(line)
            if current is None or m is None:
                continue
            c = count(m.group(2))
            if c is None:
                continue
            lines = most[current]
            lines[int(m.group(1))] = max(lines.get(int(m.group(1)), 0.0), c)
    instrumented = sum(len(lines) for lines in most.values())
    unrun = 0
    for path in sorted(most):
        missed = sorted(n for n, c in most[path].items() if c == 0)
        if not missed:
            continue
        with open(path) as f:
            source = f.read().split("\n")
        print(f"== {path[len(prefix):]}")
        for n in missed:
            print(f"  {n:5d}: {source[n - 1].strip()[:120]}")
        unrun += len(missed)
    print(f"{unrun} of {instrumented} instrumented lines never run "
          f"({100.0 * (instrumented - unrun) / instrumented:.2f} % run)")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2])
