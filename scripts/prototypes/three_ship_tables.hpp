#pragma once
// A measurement prototype, not part of the library: three_ship.hpp's closed
// form for a state with three ships left and no hit ahead, with what is the
// same from state to state taken from tables built once per call
// (docs/results/30-exact-counting.md, session 37).
//
// A state's skyline s[x] (each column open from row s[x] down) leaves rows
// r .. z - 1 partly open (z the largest s[x]) and every row from z wholly
// open. In a wholly open row a cell's horizontal cover is the board's; its
// vertical cover counts the vertical starts from s[x] on, so it depends on
// its column's s[x] only, and only in the L - 1 rows below z (L the
// longest ship); below those every cover is the board's. So:
// - the sums over cells and dominoes (O, T) in the wholly open rows are per
//   column, by (column, s[x], z): a table;
// - S over the vertical placements starting in the wholly open rows is per
//   column too (a placement's vertical partners are in its column, its
//   horizontal partners in its rows): a table;
// - S over the horizontal placements in the wholly open rows: a table by
//   row from z + L - 1 on, and directly in the L - 1 rows above;
// - the partly open rows (about three) and the vertical placements that
//   start in them: directly, per state.
// completions() agrees with three_ship_prototype::completions() (checked by
// three_ship_check.cpp on random skylines).

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "three_ship.hpp"

namespace battleship::three_ship_proto {

class three_ship_rows;

class three_ship_tables {
 public:
  void build(const three_ship_board& b) {
    b_ = &b;
    r_ = -1;  // no state's covers carry over
    ready_ = 0;
    W_ = b.W;
    H_ = b.H;
    T_ = static_cast<int>(b.len.size());
    longest_ = 1;
    for (const int L : b.len) longest_ = std::max(longest_, L);
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_), H = static_cast<std::size_t>(H_);
    const std::size_t H1 = H + 1;
    // The board's horizontal covers: cell and east domino, by (t, y, x).
    hF_.assign(T * H * W, 0);
    dhF_.assign(T * H * W, 0);
    for (std::size_t t = 0; t < T; ++t)
      for (int y = 0; y < H_; ++y)
        for (int x = 0; x < W_; ++x) {
          const std::uint64_t w = b.east(t, y, x);
          if (w == 0) continue;
          for (int q = 0; q < len(t); ++q) {
            hF_[cell(t, y, x + q)] += w;
            if (q + 1 < len(t)) dhF_[cell(t, y, x + q)] += w;
          }
        }
    // Vertical covers from start row s on: Fv(t, x, y, s) covers (y, x),
    // Dv(t, x, y, s) covers (y, x) and (y + 1, x); and the starts' prefix
    // sums down each column, pre(t, x, p) = starts above row p.
    Fv_.assign(T * W * H * H1, 0);
    Dv_.assign(Fv_.size(), 0);
    pre_.assign(T * W * H1, 0);
    for (std::size_t t = 0; t < T; ++t)
      for (int x = 0; x < W_; ++x) {
        for (int p = 0; p < H_; ++p) pre_[col(t, x, p + 1)] = pre_[col(t, x, p)] + b.south(t, p, x);
        for (int y = 0; y < H_; ++y)
          for (int s = 0; s <= H_; ++s) {
            Fv_[fv(t, x, y, s)] = starts(t, x, std::max(s, y - len(t) + 1), y);
            Dv_[fv(t, x, y, s)] = y + 1 < H_ ? starts(t, x, std::max(s, y + 2 - len(t)), y) : 0;
          }
      }
    // The board's horizontal covers summed down each column: hcol(t, x, y)
    // over the rows above y.
    hcol_.assign(T * W * H1, 0);
    for (std::size_t t = 0; t < T; ++t)
      for (int x = 0; x < W_; ++x)
        for (int y = 0; y < H_; ++y) hcol_[col(t, x, y + 1)] = hcol_[col(t, x, y)] + hF_[cell(t, y, x)];
    // Per pair and triple of types (ordered, all of them), by (x, s, z):
    // the cell terms of the rows from z on, the vertical dominoes' included.
    const std::size_t per = W * H1 * H1;
    pairs_.assign(T * T * per, 0);
    triples_.resize(T * T * T * per);  // lazily written before read (ensure_triple())
    Sv_.resize(T * T * T * per);
    hpairs_.assign(T * T * H1, 0);
    htriples_.resize(T * T * T * H1);
    Sh_.resize(T * T * T * H1);
    for (std::size_t u = 0; u < T; ++u)
      for (std::size_t v = 0; v < T; ++v) {
        for (int x = 0; x < W_; ++x)
          for (int s = 0; s <= H_; ++s) {
            std::uint64_t sum = 0;
            for (int z = H_ - 1; z >= s; --z) {
              sum += c(u, z, x, s) * c(v, z, x, s) - Dv_[fv(u, x, z, s)] * Dv_[fv(v, x, z, s)];
              pairs_[((u * T + v) * W + static_cast<std::size_t>(x)) * H1 * H1 + static_cast<std::size_t>(s) * H1 +
                     static_cast<std::size_t>(z)] = sum;
            }
          }
        std::uint64_t sum = 0;
        for (int y = H_ - 1; y >= 0; --y) {
          for (int x = 0; x < W_; ++x) sum += dhF_[cell(u, y, x)] * dhF_[cell(v, y, x)];
          hpairs_[(u * T + v) * H1 + static_cast<std::size_t>(y)] = sum;
        }
      }
    // The triples' tables, lazily: the triples a call meets
    // (ensure_triple()).
    triple_ready_.assign(T * T * T, 0);
    // Horizontal starts of the board, by row from y on.
    rows_.assign(T * H1, 0);
    for (std::size_t t = 0; t < T; ++t)
      for (int y = H_ - 1; y >= 0; --y) {
        std::uint64_t n = 0;
        for (int x = 0; x < W_; ++x) n += b.east(t, y, x);
        rows_[t * H1 + static_cast<std::size_t>(y)] = rows_[t * H1 + static_cast<std::size_t>(y) + 1] + n;
      }
  }

  // As three_ship_prototype::completions().
  std::uint64_t completions(int r, const std::array<int, 16>& s, std::size_t a, std::size_t b, std::size_t c3) {
    const std::uint64_t rest = without_s(r, s, a, b, c3);
    const int Lmax = std::max({len(a), len(b), len(c3)});
    return divided(a, b, c3,
                   rest + meeting_both(a, b, c3, Lmax) + meeting_both(b, a, c3, Lmax) + meeting_both(c3, a, b, Lmax));
  }
  // The sum of completions() less its S terms, not divided: for a form that
  // takes S elsewhere (three_ship_rows.hpp), which then calls it with
  // with_s false, so that prepare() skips what only S reads.
  std::uint64_t without_s(int r, const std::array<int, 16>& s, std::size_t a, std::size_t b, std::size_t c3,
                          bool with_s = true) {
    if (with_s != with_s_) {
      with_s_ = with_s;
      r_ = -1;
    }
    if (r != r_ || s != s_) {
      r_ = r;
      s_ = s;
      z_ = r;
      for (int x = 0; x < W_; ++x) z_ = std::max(z_, s[static_cast<std::size_t>(x)]);
      ready_ = 0;
      for (int y = r_; y < z_; ++y) {
        unsigned m = 0;
        for (int x = 0; x < W_; ++x)
          if (y >= s[static_cast<std::size_t>(x)]) m |= 1U << x;
        open_[static_cast<std::size_t>(y - r_)] = m;
      }
    }
    const std::array<std::size_t, 3> t{a, b, c3};
    for (const std::size_t u : t) prepare(u);
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_),
               H1 = static_cast<std::size_t>(H_) + 1;
    // O for the three pairs and T, the wholly open rows from the tables.
    auto pair_sum = [&](std::size_t u, std::size_t v) {
      std::uint64_t o = 0 - hpairs_[(u * T + v) * H1 + static_cast<std::size_t>(z_)];  // dominoes east
      for (int x = 0; x < W_; ++x)
        o += pairs_[((u * T + v) * W + static_cast<std::size_t>(x)) * H1 * H1 +
                    static_cast<std::size_t>(s_[static_cast<std::size_t>(x)]) * H1 + static_cast<std::size_t>(z_)];
      return o;
    };
    const std::size_t tr = (a * T + b) * T + c3;
    ensure_triple(a, b, c3);
    std::uint64_t o_ab = pair_sum(a, b), o_ac = pair_sum(a, c3), o_bc = pair_sum(b, c3);
    std::uint64_t tri = 0 - htriples_[tr * H1 + static_cast<std::size_t>(z_)];
    for (int x = 0; x < W_; ++x)
      tri += triples_[(tr * W + static_cast<std::size_t>(x)) * H1 * H1 +
                      static_cast<std::size_t>(s_[static_cast<std::size_t>(x)]) * H1 + static_cast<std::size_t>(z_)];
    // The partly open rows' cells, directly.
    const state_cover &A = covers_[a], &B = covers_[b], &C = covers_[c3];
    for (int y = r_; y < z_; ++y)
      for (int x = 0; x < W_; ++x) {
        const auto sx = s_[static_cast<std::size_t>(x)];
        if (y < sx) continue;
        const auto i = static_cast<std::size_t>(y * W_ + x);
        const std::uint64_t dva = Dv_[fv(a, x, y, sx)], dvb = Dv_[fv(b, x, y, sx)], dvc = Dv_[fv(c3, x, y, sx)];
        o_ab += A.c[i] * B.c[i] - A.dh[i] * B.dh[i] - dva * dvb;
        o_ac += A.c[i] * C.c[i] - A.dh[i] * C.dh[i] - dva * dvc;
        o_bc += B.c[i] * C.c[i] - B.dh[i] * C.dh[i] - dvb * dvc;
        tri += A.c[i] * B.c[i] * C.c[i] - A.dh[i] * B.dh[i] * C.dh[i] - dva * dvb * dvc;
      }
    return A.n * B.n * C.n - o_ab * C.n - o_ac * B.n - o_bc * A.n - tri;
  }
  // Ordered triples to layouts: two ships of one type count each twice,
  // three six times.
  [[nodiscard]] static std::uint64_t divided(std::size_t a, std::size_t b, std::size_t c3, std::uint64_t total) {
    if (a == b && b == c3) return total / 6;
    if (a == b || b == c3) return total / 2;
    return total;
  }

 private:
  // The tables of triple (a, u, v): the cells' terms (T) always, the
  // S terms (Sv_, Sh_) when S is taken here (with_s_).
  void ensure_triple(std::size_t a, std::size_t u, std::size_t v) {
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_);
    const std::size_t H1 = static_cast<std::size_t>(H_) + 1;
    const three_ship_board& b = *b_;
    const std::size_t tr = (a * T + u) * T + v;
    const unsigned want = with_s_ ? 3U : 1U;
    if ((triple_ready_[tr] & want) == want) return;
    const bool cell_terms = (triple_ready_[tr] & 1U) == 0, s_terms = with_s_ && (triple_ready_[tr] & 2U) == 0;
    triple_ready_[tr] |= want;
    const int La = len(a);
    for (int x = 0; x < W_; ++x)
      for (int s = 0; s <= H_; ++s) {
        std::uint64_t cells = 0, vertical = 0;
        for (int z = H_ - 1; z >= s; --z) {
          if (cell_terms)
            cells += c(a, z, x, s) * c(u, z, x, s) * c(v, z, x, s) -
                     Dv_[fv(a, x, z, s)] * Dv_[fv(u, x, z, s)] * Dv_[fv(v, x, z, s)];
          const std::uint64_t w = b.south(a, z, x);
          if (s_terms && w != 0) vertical += w * meet_vertical(u, x, z, La, s) * meet_vertical(v, x, z, La, s);
          const std::size_t at = (tr * W + static_cast<std::size_t>(x)) * H1 * H1 + static_cast<std::size_t>(s) * H1 +
                                 static_cast<std::size_t>(z);
          if (cell_terms) triples_[at] = cells;
          if (s_terms) Sv_[at] = vertical;
        }
      }
    std::uint64_t cells = 0, across = 0;
    for (int y = H_ - 1; y >= 0; --y) {
      for (int x = 0; x < W_ && cell_terms; ++x)
        cells += dhF_[cell(a, y, x)] * dhF_[cell(u, y, x)] * dhF_[cell(v, y, x)];
      for (int q = 0; q + La <= W_; ++q) {
        const std::uint64_t w = b.east(a, y, q);
        if (s_terms && w != 0) across += w * meet_across_full(u, y, q, La) * meet_across_full(v, y, q, La);
      }
      if (cell_terms) htriples_[tr * H1 + static_cast<std::size_t>(y)] = cells;
      if (s_terms) Sh_[tr * H1 + static_cast<std::size_t>(y)] = across;
    }
  }
  // A state's covers in its partly open rows, per type: cell (horizontal
  // and vertical) and east domino; and its open placements' weight.
  struct state_cover {
    std::uint64_t n = 0;
    std::array<std::uint64_t, 16 * 16> c{}, dh{};
    std::array<std::uint64_t, 16 * 17> row_c{}, row_d{};  // prefix sums along the partly open rows
    std::array<std::uint64_t, 16 * 9> across{};           // horizontal covers down each column (prepare())
    // In the rows z .. z + L - 2 (L the fleet's longest), where the vertical
    // covers still depend on the skyline: prefix sums along each row of the
    // cover less the east domino (17 per row).
    std::array<std::uint64_t, 17 * 8> below{};
  };
  void prepare(std::size_t t) {
    if ((ready_ >> t) & 1U) return;
    ready_ |= 1U << t;
    state_cover& k = covers_[t];
    const int L = len(t);
    const auto H1 = static_cast<std::size_t>(H_) + 1;
    k.n = rows_[t * H1 + static_cast<std::size_t>(z_)];
    for (int x = 0; x < W_; ++x) {
      const int sx = s_[static_cast<std::size_t>(x)];
      k.n += pre_[col(t, x, H_)] - pre_[col(t, x, sx)];
    }
    for (int y = r_; y < z_; ++y) {
      for (int x = 0; x < W_; ++x) {
        const auto i = static_cast<std::size_t>(y * W_ + x);
        const int sx = s_[static_cast<std::size_t>(x)];
        k.c[i] = y >= sx ? Fv_[fv(t, x, y, sx)] : 0;
        k.dh[i] = 0;
      }
      const unsigned m = open_[static_cast<std::size_t>(y - r_)], span = (1U << L) - 1;
      for (int x = 0; x + L <= W_; ++x) {
        const std::uint64_t w = ((m >> x) & span) == span ? b_->east(t, y, x) : 0;
        if (w == 0) continue;
        k.n += w;
        for (int q = 0; q < L; ++q) {
          k.c[static_cast<std::size_t>(y * W_ + x + q)] += w;
          if (q + 1 < L) k.dh[static_cast<std::size_t>(y * W_ + x + q)] += w;
        }
      }
      if (with_s_) row_prefix_sums(k, y, W_);
    }
    if (!with_s_) return;
    for (int y = z_; y < std::min(H_, z_ + longest_ - 1); ++y) {
      std::uint64_t* row = &k.below[static_cast<std::size_t>(y - z_) * 17];
      row[0] = 0;
      for (int x = 0; x < W_; ++x)
        row[x + 1] = row[x] + hF_[cell(t, y, x)] + vertical_cover(t, y, x) - dhF_[cell(t, y, x)];
    }
    // The state's horizontal covers summed down each column over its partly
    // open rows: across[x * 9 + d] over rows r .. r + d - 1.
    for (int x = 0; x < W_; ++x) {
      const int sx = s_[static_cast<std::size_t>(x)];
      std::uint64_t sum = 0;
      const auto at = static_cast<std::size_t>(x) * 9;
      k.across[at] = 0;
      for (int y = r_; y < z_; ++y) {
        if (y >= sx) sum += k.c[static_cast<std::size_t>(y * W_ + x)] - Fv_[fv(t, x, y, sx)];
        k.across[at + static_cast<std::size_t>(y - r_) + 1] = sum;
      }
    }
  }
  [[nodiscard]] std::uint64_t vertical_cover(std::size_t u, int y, int x) const {
    const int sx = s_[static_cast<std::size_t>(x)];
    return y >= sx ? Fv_[fv(u, x, y, sx)] : 0;
  }
  // The board's open placements of u meeting a vertical placement at (p, x)
  // of length La, vertical partners from row s on.
  [[nodiscard]] std::uint64_t meet_vertical(std::size_t u, int x, int p, int La, int s) const {
    return starts(u, x, std::max(s, p - len(u) + 1), std::min(H_ - 1, p + La - 1)) + hcol_[col(u, x, p + La)] -
           hcol_[col(u, x, p)];
  }
  // The board's open placements of u meeting a horizontal placement at
  // (y, q) of length La.
  [[nodiscard]] std::uint64_t meet_across_full(std::size_t u, int y, int q, int La) const {
    std::uint64_t o = 0;
    for (int x = q; x < q + La; ++x) o += hF_[cell(u, y, x)] + Fv_[fv(u, x, y, 0)];
    for (int x = q; x + 1 < q + La; ++x) o -= dhF_[cell(u, y, x)];
    return o;
  }
  // S_t(u, v) of the state.
  std::uint64_t meeting_both(std::size_t t, std::size_t u, std::size_t v, int Lmax) {
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_),
               H1 = static_cast<std::size_t>(H_) + 1;
    const std::size_t tr = (t * T + u) * T + v;
    ensure_triple(t, u, v);
    const int L = len(t);
    std::uint64_t sum = 0;
    // Vertical placements from the wholly open rows: the table, per column.
    for (int x = 0; x < W_; ++x)
      sum += Sv_[(tr * W + static_cast<std::size_t>(x)) * H1 * H1 +
                 static_cast<std::size_t>(s_[static_cast<std::size_t>(x)]) * H1 + static_cast<std::size_t>(z_)];
    // Vertical placements starting in the partly open rows: their partners
    // across from the state's column sums (its rows) and the board's (below).
    auto meet_down = [&](std::size_t partner, int x, int p, int sx) {
      const int end = p + L, mid = std::min(end, z_);
      const auto at = static_cast<std::size_t>(x) * 9;
      const state_cover& k = covers_[partner];
      return starts(partner, x, std::max(sx, p - len(partner) + 1), end - 1) +
             k.across[at + static_cast<std::size_t>(mid - r_)] - k.across[at + static_cast<std::size_t>(p - r_)] +
             hcol_[col(partner, x, std::max(end, z_))] - hcol_[col(partner, x, z_)];
    };
    for (int x = 0; x < W_; ++x) {
      const int sx = s_[static_cast<std::size_t>(x)];
      for (int p = sx; p < z_; ++p) {
        const std::uint64_t w = b_->south(t, p, x);
        if (w != 0) sum += w * meet_down(u, x, p, sx) * meet_down(v, x, p, sx);
      }
    }
    // Horizontal placements in the partly open rows, from the state's prefix sums.
    const state_cover &U = covers_[u], &V = covers_[v];
    for (int y = r_; y < z_; ++y) {
      const unsigned m = open_[static_cast<std::size_t>(y - r_)], span = (1U << L) - 1;
      for (int q = 0; q + L <= W_; ++q) {
        const std::uint64_t w = ((m >> q) & span) == span ? b_->east(t, y, q) : 0;
        if (w == 0) continue;
        const auto at = static_cast<std::size_t>(y * (W_ + 1) + q);
        const auto l = static_cast<std::size_t>(L);
        const std::uint64_t ou = U.row_c[at + l] - U.row_c[at] - (U.row_d[at + l - 1] - U.row_d[at]);
        const std::uint64_t ov = V.row_c[at + l] - V.row_c[at] - (V.row_d[at + l - 1] - V.row_d[at]);
        sum += w * ou * ov;
      }
    }
    // Horizontal placements in the wholly open rows: directly in the rows
    // where a vertical cover still depends on the skyline, then the table.
    const int full = std::min(H_, z_ + Lmax - 1);
    const state_cover &U2 = covers_[u], &V2 = covers_[v];
    for (int y = z_; y < full; ++y) {
      const std::uint64_t *pu = &U2.below[static_cast<std::size_t>(y - z_) * 17],
                          *pv = &V2.below[static_cast<std::size_t>(y - z_) * 17];
      for (int q = 0; q + L <= W_; ++q) {
        const std::uint64_t w = b_->east(t, y, q);
        if (w == 0) continue;
        // Cells less dominoes: the prefix took every cell's domino off, so
        // the last cell's is added back.
        const auto lo = static_cast<std::size_t>(q), hi = static_cast<std::size_t>(q + L);
        const std::uint64_t ou = pu[hi] - pu[lo] + dhF_[cell(u, y, q + L - 1)];
        const std::uint64_t ov = pv[hi] - pv[lo] + dhF_[cell(v, y, q + L - 1)];
        sum += w * ou * ov;
      }
    }
    sum += Sh_[tr * H1 + static_cast<std::size_t>(full)];
    return sum;
  }
  // A cell's cover on the board with its column open from row s on.
  [[nodiscard]] std::uint64_t c(std::size_t t, int y, int x, int s) const {
    return hF_[cell(t, y, x)] + Fv_[fv(t, x, y, s)];
  }
  // The weight of t's vertical starts in column x at rows lo .. hi.
  [[nodiscard]] std::uint64_t starts(std::size_t t, int x, int lo, int hi) const {
    lo = std::max(lo, 0);
    if (lo > hi) return 0;
    return pre_[col(t, x, hi + 1)] - pre_[col(t, x, lo)];
  }
  [[nodiscard]] int len(std::size_t t) const { return b_->len[t]; }
  [[nodiscard]] std::size_t cell(std::size_t t, int y, int x) const { return cell_index(t, y, x, W_, H_); }
  [[nodiscard]] std::size_t col(std::size_t t, int x, int p) const { return column_index(t, x, p, W_, H_); }
  [[nodiscard]] std::size_t fv(std::size_t t, int x, int y, int s) const {
    return ((t * static_cast<std::size_t>(W_) + static_cast<std::size_t>(x)) * static_cast<std::size_t>(H_) +
            static_cast<std::size_t>(y)) *
               (static_cast<std::size_t>(H_) + 1) +
           static_cast<std::size_t>(s);
  }

  const three_ship_board* b_ = nullptr;
  int W_ = 0, H_ = 0, T_ = 0, longest_ = 1;
  std::vector<std::uint64_t> hF_, dhF_, hcol_, Fv_, Dv_, pre_, pairs_, triples_, Sv_, hpairs_, htriples_, Sh_, rows_;
  int r_ = -1, z_ = 0;
  std::array<int, 16> s_{};
  std::array<unsigned, 8> open_{};  // the partly open rows' open columns, from row r
  std::array<state_cover, 8> covers_;
  unsigned ready_ = 0;
  bool with_s_ = true;
  // three_ship_rows.hpp reads the board's tables above (pre_, hF_, hcol_,
  // Fv_) and starts() rather than building its own.
  friend class three_ship_rows;
  std::vector<unsigned char> triple_ready_;  // per triple: 1 its cells' tables built, 2 its S tables
};

}  // namespace battleship::three_ship_proto
