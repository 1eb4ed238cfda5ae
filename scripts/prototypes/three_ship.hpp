#pragma once
// A measurement prototype, not part of the library: the completions of a
// state with three ships left and no hit ahead (touching allowed), in
// closed form, directly from the state's skyline (every column open from
// its first open row s[c] down). three_ship.patch absorbs such states with
// it in a count (docs/results/30-exact-counting.md, session 37).
//
// Inclusion and exclusion over the three pairs of a triple of open
// placements (P_a, P_b, P_c) of types a, b, c (ordered):
//   disjoint = N_a N_b N_c - (O_ab N_c + O_ac N_b + O_bc N_a)
//              + S_a(b, c) + S_b(a, c) + S_c(a, b) - T_abc
// N the weight of the open placements, O_xy that of the overlapping pairs
// (two_ship.hpp: cells less dominoes), S_x(y, z) that of the triples whose
// x placement meets both others (sum over P of w_P ov_y(P) ov_z(P), ov_y(P)
// the weight of the open y placements meeting P: P's cells less its
// dominoes), and T that of the triples all three of which meet. Pairwise
// meeting segments share a cell (Helly, for boxes), and the three share a
// run, so T = sum over cells of c_a c_b c_c less the same over dominoes.
// Two ships of one type count each layout twice, three six times.

#include <array>
#include <cstdint>
#include <vector>

namespace battleship::three_ship_proto {

// Indexes shared by the prototypes: (type, row, column) on a W x H
// board, and (type, column, row p) down columns of H + 1 entries.
[[nodiscard]] inline std::size_t cell_index(std::size_t t, int y, int x, int W, int H) {
  return (t * static_cast<std::size_t>(H) + static_cast<std::size_t>(y)) * static_cast<std::size_t>(W) +
         static_cast<std::size_t>(x);
}
[[nodiscard]] inline std::size_t column_index(std::size_t t, int x, int p, int W, int H) {
  return (t * static_cast<std::size_t>(W) + static_cast<std::size_t>(x)) * (static_cast<std::size_t>(H) + 1) +
         static_cast<std::size_t>(p);
}

// Row y's prefix sums of a cover's cell counts c and east dominoes dh, at
// y * (W + 1), so that ov of a horizontal placement is a few reads. Both
// forms' covers (three_ship_cover, three_ship_tables') keep them so.
template <class Cover>
inline void row_prefix_sums(Cover& k, int y, int W) {
  const auto at = static_cast<std::size_t>(y * (W + 1));
  k.row_c[at] = k.row_d[at] = 0;
  for (int x = 0; x < W; ++x) {
    const auto i = static_cast<std::size_t>(y * W + x);
    const auto to = at + static_cast<std::size_t>(x);
    k.row_c[to + 1] = k.row_c[to] + k.c[i];
    k.row_d[to + 1] = k.row_d[to] + k.dh[i];
  }
}

struct three_ship_board {
  int W = 0, H = 0;
  std::vector<int> len;               // per type
  std::vector<std::uint64_t> we, ws;  // per type, row, column: east and south starts' weights
  [[nodiscard]] std::uint64_t east(std::size_t t, int y, int x) const { return we[cell_index(t, y, x, W, H)]; }
  [[nodiscard]] std::uint64_t south(std::size_t t, int y, int x) const { return ws[cell_index(t, y, x, W, H)]; }
};

// Per type: cover counts over the open cells, by row from r.
struct three_ship_cover {
  static constexpr int cells = 16 * 16;
  std::uint64_t n = 0;                               // the weight of the open placements
  std::array<std::uint64_t, cells> c{}, dh{}, dv{};  // cell, domino east, domino south
  // Prefix sums: along each row (c less dh) and down each column (c less dv),
  // so that ov(P) is two reads.
  std::array<std::uint64_t, cells + 16> row_c{}, row_d{}, col_c{}, col_d{};
};

class three_ship_prototype {
 public:
  explicit three_ship_prototype(const three_ship_board& b) : b_(b) {}

  // Open columns from s[c] (rows s[c] .. H - 1), rows from r on.
  // Types a <= b <= c. Returns the unordered layouts' weight.
  std::uint64_t completions(int r, const std::array<int, 16>& s, std::size_t a, std::size_t b, std::size_t c) {
    r_ = r;
    s_ = s;
    const three_ship_cover& A = cover(a);
    const three_ship_cover& B = cover(b);
    const three_ship_cover& C = cover(c);
    std::uint64_t o_ab = 0, o_ac = 0, o_bc = 0, t = 0;
    const int W = b_.W;
    for (int y = r; y < b_.H; ++y)
      for (int x = 0; x < W; ++x) {
        const auto i = static_cast<std::size_t>(y * W + x);
        o_ab += A.c[i] * B.c[i] - A.dh[i] * B.dh[i] - A.dv[i] * B.dv[i];
        o_ac += A.c[i] * C.c[i] - A.dh[i] * C.dh[i] - A.dv[i] * C.dv[i];
        o_bc += B.c[i] * C.c[i] - B.dh[i] * C.dh[i] - B.dv[i] * C.dv[i];
        t += A.c[i] * B.c[i] * C.c[i] - A.dh[i] * B.dh[i] * C.dh[i] - A.dv[i] * B.dv[i] * C.dv[i];
      }
    const std::uint64_t total = A.n * B.n * C.n - o_ab * C.n - o_ac * B.n - o_bc * A.n + meeting_both(a, B, C) +
                                meeting_both(b, A, C) + meeting_both(c, A, B) - t;
    if (a == b && b == c) return total / 6;
    if (a == b || b == c) return total / 2;
    return total;
  }
  // New state: forget the covers.
  void clear() { ready_ = 0; }

 private:
  // The open placements' cover counts of type t.
  const three_ship_cover& cover(std::size_t t) {
    three_ship_cover& k = covers_[t];
    if ((ready_ >> t) & 1U) return k;
    ready_ |= 1U << t;
    const int W = b_.W, H = b_.H, L = b_.len[t];
    const int first = r_ * W, last = H * W;
    std::fill(k.c.begin() + first, k.c.begin() + last, 0);
    std::fill(k.dh.begin() + first, k.dh.begin() + last, 0);
    std::fill(k.dv.begin() + first, k.dv.begin() + last, 0);
    k.n = 0;
    open_placements(t, [&](std::uint64_t w, int y, int x, bool south) {
      k.n += w;
      const int step = south ? W : 1;
      auto& domino = south ? k.dv : k.dh;
      for (int q = 0; q < L; ++q) {
        const auto i = static_cast<std::size_t>(y * W + x + q * step);
        k.c[i] += w;
        if (q + 1 < L) domino[i] += w;
      }
    });
    // Prefix sums: row y's at y * (W + 1) + x, column x's at x * (H + 1) + y.
    for (int y = r_; y < H; ++y) row_prefix_sums(k, y, W);
    for (int x = 0; x < W; ++x) {
      const auto at = static_cast<std::size_t>(x * (H + 1));
      k.col_c[at + static_cast<std::size_t>(r_)] = k.col_d[at + static_cast<std::size_t>(r_)] = 0;
      for (int y = r_; y < H; ++y) {
        const auto i = static_cast<std::size_t>(y * W + x);
        k.col_c[at + static_cast<std::size_t>(y) + 1] = k.col_c[at + static_cast<std::size_t>(y)] + k.c[i];
        k.col_d[at + static_cast<std::size_t>(y) + 1] = k.col_d[at + static_cast<std::size_t>(y)] + k.dv[i];
      }
    }
    return k;
  }
  // Calls visit(weight, row, column, south) for each open placement of
  // type t with a weight.
  template <class Visit>
  void open_placements(std::size_t t, Visit&& visit) const {
    const int W = b_.W, H = b_.H, L = b_.len[t];
    for (int y = r_; y < H; ++y)
      for (int x = 0; x < W; ++x) {
        if (y < s_[static_cast<std::size_t>(x)]) continue;
        if (x + L <= W) {
          bool open = true;
          for (int q = 1; q < L && open; ++q) open = y >= s_[static_cast<std::size_t>(x + q)];
          const std::uint64_t w = open ? b_.east(t, y, x) : 0;
          if (w != 0) visit(w, y, x, false);
        }
        if (L > 1 && y + L <= H) {
          const std::uint64_t w = b_.south(t, y, x);
          if (w != 0) visit(w, y, x, true);
        }
      }
  }
  // The open placements of U's type meeting a placement of length L
  // (row y, column x, south or east): its cells less its dominoes.
  [[nodiscard]] std::uint64_t meeting(const three_ship_cover& U, int y, int x, bool south, int L) const {
    const auto at = static_cast<std::size_t>(south ? x * (b_.H + 1) + y : y * (b_.W + 1) + x);
    const auto& c = south ? U.col_c : U.row_c;
    const auto& d = south ? U.col_d : U.row_d;
    const auto l = static_cast<std::size_t>(L);
    return c[at + l] - c[at] - (d[at + l - 1] - d[at]);
  }
  // S_t(u, v): the open placements P of type t, each weighted by the open
  // placements of u and of v meeting it.
  std::uint64_t meeting_both(std::size_t t, const three_ship_cover& U, const three_ship_cover& V) const {
    const int L = b_.len[t];
    std::uint64_t sum = 0;
    open_placements(t, [&](std::uint64_t w, int y, int x, bool south) {
      sum += w * meeting(U, y, x, south, L) * meeting(V, y, x, south, L);
    });
    return sum;
  }

  const three_ship_board& b_;
  int r_ = 0;
  std::array<int, 16> s_{};
  std::array<three_ship_cover, 8> covers_;
  unsigned ready_ = 0;
};

}  // namespace battleship::three_ship_proto
