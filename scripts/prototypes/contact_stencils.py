#!/usr/bin/env python3
# A design check, not part of the library: under each adjacency rule, the
# ordered pairs (P, Q) of straight placements that conflict (share a cell,
# or touch where the rule forbids it), for any two sets of placements (the
# open ones of types a and b), are a bilinear form in the two sets' cell and
# domino coverage with local stencils:
#
#   C = sum over cells x of c'_a(x) c_b(x)  -  sum over dominoes d of c'_a(d) c_b(d)
#
# c'_a counts the placements of a whose dilation D(P) (P and the cells the
# rule forbids beside it) holds x, or d; D(P) meets a straight Q in one
# interval, so its cells less its dominoes count 1. Both c' are linear in a's
# coverage (c_a of cells, of dominoes):
# - touching: c'_a = c_a (two_ship.hpp's form);
# - no edge: c'_a(x) = c_a(x) + its 4 neighbours' c_a - the dominoes through x;
#   c'_a(d) = c_a of d's two cells - c_a(d) + c_a of the two dominoes beside d;
# - no contact: over the 3x3 box around x (c'_a(x)), or the 3x2 box both
#   cells of d share (c'_a(d)): c_a of its cells less c_a of its dominoes.
# So a two-ship closed form for the contact rules can follow the touching
# one, with row terms that couple neighbouring rows (docs/results,
# session 28). Checked here against brute force on random cases:
#
#   python3 scripts/prototypes/contact_stencils.py
import random


def cells(p):
    (r, c, d, L) = p
    return [(r + (k if d else 0), c + (0 if d else k)) for k in range(L)]


def dist_ok(P, Q, rule):
    for (a, b) in cells(P):
        for (x, y) in cells(Q):
            if rule == 'touching' and (a, b) == (x, y): return False
            if rule == 'no-edge' and abs(a - x) + abs(b - y) <= 1: return False
            if rule == 'no-contact' and max(abs(a - x), abs(b - y)) <= 1: return False
    return True


def coverage(S):
    cell = {}; dom = {}
    for p in S:
        cs = cells(p)
        for x in cs: cell[x] = cell.get(x, 0) + 1
        for x, y in zip(cs, cs[1:]): dom[(x, y)] = dom.get((x, y), 0) + 1
    return lambda x: cell.get(x, 0), lambda x, y: dom.get((x, y), 0) if x < y else dom.get((y, x), 0)


def formula(A, B, W, H, rule):
    ca, da = coverage(A)
    cb, db = coverage(B)
    grid = [(r, c) for r in range(-1, H + 1) for c in range(-1, W + 1)]
    def doms_in(region):
        s = set(region); out = []
        for (r, c) in s:
            if (r, c + 1) in s: out.append(((r, c), (r, c + 1)))
            if (r + 1, c) in s: out.append(((r, c), (r + 1, c)))
        return out
    def cprime(x):
        r, c = x
        if rule == 'touching': return ca(x)
        if rule == 'no-edge':
            n4 = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
            return ca(x) + sum(ca(n) for n in n4) - sum(da(x, n) for n in n4)
        box = [(r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1)]
        return sum(ca(n) for n in box) - sum(da(p, q) for p, q in doms_in(box))
    def dprime(x, y):
        (r, c), (r2, c2) = x, y
        if rule == 'touching': return da(x, y)
        if rule == 'no-edge':
            if r == r2:  # horizontal: the dominoes above and below
                sh = [((r - 1, c), (r - 1, c2)), ((r + 1, c), (r + 1, c2))]
            else:
                sh = [((r, c - 1), (r2, c2 - 1)), ((r, c + 1), (r2, c2 + 1))]
            return ca(x) + ca(y) - da(x, y) + sum(da(p, q) for p, q in sh)
        box = [(r + i, c + j) for i in (-1, 0, 1) for j in (-1, 0, 1)]
        box2 = set((r2 + i, c2 + j) for i in (-1, 0, 1) for j in (-1, 0, 1))
        region = [z for z in box if z in box2]
        return sum(ca(n) for n in region) - sum(da(p, q) for p, q in doms_in(region))
    s = sum(cprime(x) * cb(x) for x in grid)
    for (r, c) in grid:
        for y in ((r, c + 1), (r + 1, c)):
            s -= dprime((r, c), y) * db((r, c), y)
    return s


def random_placements(rng, H, W, L):
    """An arbitrary subset (about 60 %) of the placements of length L: the open ones of a type."""
    out = [(r, c, 0, L) for r in range(H) for c in range(W - L + 1)]
    if L > 1: out += [(r, c, 1, L) for r in range(H - L + 1) for c in range(W)]
    return [p for p in out if rng.random() < 0.6]


def main():
    rng = random.Random(7)
    checked = 0
    for trial in range(600):
        W, H = rng.randint(2, 7), rng.randint(2, 7)
        La, Lb = rng.randint(1, 4), rng.randint(1, 4)
        A, B = random_placements(rng, H, W, La), random_placements(rng, H, W, Lb)
        for rule in ('touching', 'no-edge', 'no-contact'):
            brute = sum(1 for P in A for Q in B if not dist_ok(P, Q, rule))
            assert formula(A, B, W, H, rule) == brute, (W, H, La, Lb, rule)
            checked += 1
    print("identity holds on", checked, "random cases")


if __name__ == '__main__':
    main()
