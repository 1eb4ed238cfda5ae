#!/usr/bin/env python3
"""Root lower bounds of the exact solver's kind, for two-ship fleets, against
the optimum: how much of the gap under sunk feedback each bound closes.

Layouts are enumerated by brute force. Bounds (each a fill of the layouts into
the cheapest leaf slots, heaviest first):
  hit/miss strings: at most C(t-1, d-1) leaves at depth t (atoms = cell sets);
  sunk, the engine's: C(t-1, d-1) * s! * C(d-1, s-1) (sink patterns ignoring lengths);
  sunk, length-aware: C(t-1, d-1) * P, P the sink patterns the lengths allow;
  sunk, post-sinking: each path to the first sinking (h hits, the last a sink)
    leads to a subtree of at most M layouts (M: the most layouts one placement
    of the sunk ship leaves), a one-ship hunt with d-h hits left whose line of
    misses lets at most w layouts take their first hit at each shot;
  co-cover levels: at most W_k * P_k * C(t-d+k, k) layouts end within depth t,
    W_k the most layouts covering k given cells, P_k the sink patterns of k hits.
Usage: sunk_root_bounds.py WxH L1,L2 touching|no-edge|no-contact [TREE]
TREE: the output of `battleship solve ... --feedback sunk --tree text` for the
same position; its leaves' depths are printed beside the strings' caps.
"""
import itertools, math, re, sys
from collections import Counter

def layouts(W, H, fleet, rule):
    def nbrs(c):
        x, y = c % W, c // W
        for dx in (-1, 0, 1):
            for dy in (-1, 0, 1):
                if (dx, dy) == (0, 0) or (rule == 'no-edge' and dx and dy):
                    continue
                if 0 <= x + dx < W and 0 <= y + dy < H:
                    yield x + dx + (y + dy) * W
    def places(L):
        out = set()
        for y in range(H):
            for x in range(W):
                for dx, dy in ((1, 0), (0, 1)):
                    cs = [(x + dx * i, y + dy * i) for i in range(L)]
                    if all(0 <= a < W and 0 <= b < H for a, b in cs):
                        out.add(frozenset(a + b * W for a, b in cs))
        return sorted(out, key=sorted)
    def compatible(s, t):
        if s & t:
            return False
        return rule == 'touching' or not any(n in t for c in s for n in nbrs(c))
    return [c for c in itertools.product(*[places(L) for L in fleet])
            if all(compatible(c[i], c[j]) for i in range(len(c)) for j in range(i))]

def fill(weights, slots):
    """Weights (heaviest first) into slots(v) slots of cost v, v = 0, 1, ..."""
    total, i, v = 0, 0, 0
    while i < len(weights):
        for _ in range(min(slots(v), len(weights) - i)):
            total += weights[i] * v
            i += 1
        v += 1
    return total

def sink_patterns(fleet, k, d):
    """Sink announcements possible within the first k hits (all d: the last hit sinks)."""
    count = 0
    for r in range(len(fleet) + 1):
        for order in itertools.permutations(range(len(fleet)), r):
            need = list(itertools.accumulate(fleet[o] for o in order))
            for pos in itertools.combinations(range(1, k + 1), r):
                if any(p < q for p, q in zip(pos, need)):
                    continue
                if k == d and (r != len(fleet) or pos[-1] != d):
                    continue
                count += 1
    return count

def main():
    W, H = map(int, sys.argv[1].split('x'))
    fleet = [int(x) for x in sys.argv[2].split(',')]
    rule = sys.argv[3]
    assert len(fleet) == 2
    lay = layouts(W, H, fleet, rule)
    n, d, cells = len(lay), sum(fleet), W * H
    C = math.comb
    cell_sets = Counter(frozenset().union(*l) for l in lay)
    hm = fill(sorted(cell_sets.values(), reverse=True), lambda v: C(v - 1, d - 1) if v >= d else 0)
    ones = [1] * n
    s = len(fleet)
    engine = fill(ones, lambda v: C(v - 1, d - 1) * math.factorial(s) * C(d - 1, s - 1) if v >= d else 0)
    P = {k: sink_patterns(fleet, k, d) for k in range(d + 1)}
    aware = fill(ones, lambda v: C(v - 1, d - 1) * P[d] if v >= d else 0)
    # Post-sinking subtrees.
    M = w = 0
    for X in range(2):
        for p in {l[X] for l in lay}:
            rest = [l[1 - X] for l in lay if l[X] == p]
            M = max(M, len(rest))
            w = max([w] + [sum(1 for y in rest if c in y) for c in range(cells)])
    def inner(dp):
        costs, u = [], dp
        while len(costs) < M:
            costs += [u] * min(C(u - 1, dp - 1), w)
            u += 1
        return costs[:M]
    def post_slots(v):
        total = 0
        for X in range(2):
            for h in range(fleet[X], fleet[X] + fleet[1 - X]):
                for delta in inner(d - h):
                    if v - delta >= h:
                        total += C(v - delta - 1, h - 1)
        return total
    post = fill(ones, post_slots)
    # Co-cover levels k = 1..3 with the strings.
    Wk = {k: max(sum(1 for l in lay if set(cs) <= frozenset().union(*l))
                 for cs in itertools.combinations(range(cells), k)) for k in (1, 2, 3)}
    def level_slots(v):
        def within(t):
            caps = [P[d] * C(t, d)] + [Wk[k] * P[k] * C(t - d + k, k) for k in Wk if t - d + k >= 0]
            return min(caps + [n])
        return within(v) - (within(v - 1) if v > 0 else 0)
    levels = fill(ones, level_slots)
    print(f"{W}x{H} {fleet} {rule}: {n} layouts, {len(cell_sets)} cell sets; "
          f"hit/miss strings {hm}; sunk: engine's strings {engine}, length-aware {aware}, "
          f"post-sinking {post} (M {M}, w {w}), co-cover levels {levels} (W {Wk[1]}/{Wk[2]}/{Wk[3]})")

    if len(sys.argv) > 4:
        depths = Counter()
        for line in open(sys.argv[4]):
            body = line.lstrip(' ')
            if re.search(r'(^|: )sunk( \(|$)', body.split(' [')[0]):
                w = re.search(r'\[(\d+)\]', body)
                depths[(len(line) - len(body)) // 2] += int(w.group(1)) if w else 1
        print("optimal tree's leaves by depth:", ", ".join(f"{t}: {depths[t]}" for t in sorted(depths)))
        print("length-aware strings' caps:    ", ", ".join(f"{t}: {C(t - 1, d - 1) * P[d]}" for t in sorted(depths)))
        print("hit/miss strings' caps:        ", ", ".join(f"{t}: {C(t - 1, d - 1)}" for t in sorted(depths)))

main()
