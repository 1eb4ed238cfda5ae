#!/usr/bin/env python3
# A design check, not part of the library: the contact rules' conflicting
# pairs as overlaps of widened placements, split the way two_ship.hpp splits
# the touching rule's overlaps (by rows, by columns, and rows against
# columns), so that a two-ship closed form for the contact rules can follow
# it (docs/results/30-exact-counting.md, session 29).
#
# Widen every placement by dy rows down and dx columns right: a horizontal
# one of length L in row y, columns x0 .. x0 + L - 1, becomes the rectangle
# rows y .. y + dy, columns x0 .. x0 + L - 1 + dx; a vertical one likewise.
# O(dy, dx) counts the ordered pairs whose rectangles meet. Then
#   touching   = O(0, 0)
#   no contact = O(1, 1)                        (rows and columns both within 1)
#   no edge    = O(1, 0) + O(0, 1) - O(0, 0)    (within 1 one way, overlapping the other)
# Two rectangles meet in a rectangle, which its cells, less its horizontal
# and vertical dominoes, plus its 2x2 squares, count once; so
#   O = sum over those structures s of sign(s) i_A(s) i_B(s),
# i_S(s) the placements of S whose rectangle holds s. Split i = h + v (the
# horizontal placements, the vertical ones): with e_S(y, x) the horizontal
# placements of S in row y whose widened span holds column x (e2: x and
# x + 1) and g_S(c, Y) the vertical ones in column c whose widened span holds
# row Y (g2: Y and Y + 1),
#   HH = sum over y of X(y) + [dy] Z(y)           (rows, and pairs of neighbouring rows)
#        X(y) = e_A(y).e_B(y) - e2_A(y).e2_B(y)
#        Z(y) = e_A(y).e_B(y+1) + e_A(y+1).e_B(y) - the same with e2
#   VV = the same by columns, with g, g2 and dx
#   HV = sum over y, x of e_A(y, x) Phi_B(y, x) + e2_A(y, x) Psi_B(y, x)   (and VH with A, B swapped)
#        Phi_B(y, x) = sum over Y = y .. y + dy of G_B(Y, x) - [dy] G2_B(y, x)
#        Psi_B(y, x) = - [dx] sum over Y = y .. y + dy of g_B(x, Y) + [dy][dx] g2_B(x, y)
#        G_B(Y, x) = sum over c = x - dx .. x of g_B(c, Y); G2_B likewise with g2
# For the touching rule Phi_B is B's vertical coverage and Psi_B 0:
# two_ship.hpp's row_at. Each product is a row's (or a pair of rows')
# vectors against each other, or a row against per-column values, so tables
# by row id, by pairs of neighbouring rows and by (column, first open row)
# serve them as in two_ship.hpp. Checked against brute force on random
# sets of placements, every rule:
#
#   python3 scripts/prototypes/contact_inflation.py
import random

from contact_stencils import dist_ok, random_placements  # this directory's other design check


def span(p, dy, dx):
    (r, c, d, L) = p  # start row, start column, 0 east / 1 south, length
    rows = (r, r + (L - 1 if d else 0) + dy)
    cols = (c, c + (0 if d else L - 1) + dx)
    return rows, cols


def meet(P, Q, dy, dx):
    (pr, pc), (qr, qc) = span(P, dy, dx), span(Q, dy, dx)
    return pr[0] <= qr[1] and qr[0] <= pr[1] and pc[0] <= qc[1] and qc[0] <= pc[1]


def split_overlaps(A, B, H, W, dy, dx):
    """O(dy, dx) from the HH, VV, HV and VH terms above."""
    R, C = H + dy + 1, W + dx + 1  # room for the widened spans

    def tables(S):
        e = [[0] * C for _ in range(R)]
        e2 = [[0] * C for _ in range(R)]
        g = [[0] * R for _ in range(C)]
        g2 = [[0] * R for _ in range(C)]
        for p in S:
            (r0, r1), (c0, c1) = span(p, dy, dx)
            if p[2] == 0:
                for x in range(c0, c1 + 1):
                    e[r0][x] += 1
                    if x + 1 <= c1: e2[r0][x] += 1
            else:
                for Y in range(r0, r1 + 1):
                    g[c0][Y] += 1
                    if Y + 1 <= r1: g2[c0][Y] += 1
        return e, e2, g, g2

    eA, e2A, gA, g2A = tables(A)
    eB, e2B, gB, g2B = tables(B)
    dot = lambda u, v: sum(a * b for a, b in zip(u, v))
    hh = 0
    for y in range(R):
        hh += dot(eA[y], eB[y]) - dot(e2A[y], e2B[y])
        if dy and y + 1 < R:
            hh += dot(eA[y], eB[y + 1]) + dot(eA[y + 1], eB[y]) - dot(e2A[y], e2B[y + 1]) - dot(e2A[y + 1], e2B[y])
    vv = 0
    for c in range(C):
        vv += dot(gA[c], gB[c]) - dot(g2A[c], g2B[c])
        if dx and c + 1 < C:
            vv += dot(gA[c], gB[c + 1]) + dot(gA[c + 1], gB[c]) - dot(g2A[c], g2B[c + 1]) - dot(g2A[c + 1], g2B[c])

    def cross(e, e2, g, g2):
        at = lambda t, c, Y: t[c][Y] if 0 <= c < C and 0 <= Y < R else 0
        G = lambda Y, x: sum(at(g, c, Y) for c in range(x - dx, x + 1))
        G2 = lambda Y, x: sum(at(g2, c, Y) for c in range(x - dx, x + 1))
        s = 0
        for y in range(R):
            for x in range(C):
                phi = sum(G(Y, x) for Y in range(y, y + dy + 1)) - (G2(y, x) if dy else 0)
                psi = (-sum(at(g, x, Y) for Y in range(y, y + dy + 1)) if dx else 0) + (at(g2, x, y) if dy and dx else 0)
                s += e[y][x] * phi + e2[y][x] * psi
        return s

    return hh + vv + cross(eA, e2A, gB, g2B) + cross(eB, e2B, gA, g2A)


def main():
    rng = random.Random(29)
    rules = {'touching': [((0, 0), 1)], 'no-contact': [((1, 1), 1)],
             'no-edge': [((1, 0), 1), ((0, 1), 1), ((0, 0), -1)]}
    cases = 0
    for _ in range(600):
        H, W = rng.randint(2, 7), rng.randint(2, 7)
        La, Lb = rng.randint(1, 4), rng.randint(1, 4)
        A, B = random_placements(rng, H, W, La), random_placements(rng, H, W, Lb)
        for rule, terms in rules.items():
            brute = sum(not dist_ok(P, Q, rule) for P in A for Q in B)
            widened = sum(sign * sum(meet(P, Q, dy, dx) for P in A for Q in B) for (dy, dx), sign in terms)
            split = sum(sign * split_overlaps(A, B, H, W, dy, dx) for (dy, dx), sign in terms)
            assert brute == widened == split, (rule, H, W, La, Lb, brute, widened, split)
            cases += 1
    print(f"{cases} cases: the widened overlaps and their row / column split equal brute force under every rule")


if __name__ == '__main__':
    main()
