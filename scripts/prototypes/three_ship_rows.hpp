#pragma once
// A measurement prototype, not part of the library: three_ship_tables.hpp's
// closed form with its S terms (the triples whose one placement meets both
// others) taken from entries per row and open mask (row ids) and per step,
// as two_ship.hpp takes O, so that a state pays only for its partly open
// rows and its running columns (docs/results/30-exact-counting.md,
// session 38).
//
// A step (frontier row r, column cf) has a bare skyline: each column open
// from its base, r + 1 behind the frontier and r ahead. A state's skyline
// s[x] differs from it in its running columns J; its rows r .. z - 1 are
// partly open (z the largest s[x]), with open columns m_y = {x : s[x] <= y}.
// With h_u(y, x | m) the horizontal u placements through (y, x) open in m,
// and F_u(x, y, s) the vertical ones from row s on:
//
// S_t(u, v) = sum over open t placements P of w_P ov_u(P) ov_v(P):
// - P horizontal in row y: ov_u(P) = A_u(P) + D_u(P), A_u with every
//   column's vertical cover from its base (a function of the row id and
//   the step), D_u(P) the sum over P's running columns of
//   delta_u = F_u(x, y, s[x]) - F_u(x, y, base). The row's sum is
//   sum w A_u A_v (an entry per row id and step; the wholly open rows from
//   z on summed per step), plus delta_v times R_u(x) = sum over P through x
//   of w A_u(P) (a vector per row id and step) and the like, plus
//   delta_u delta_v times the weight through both columns.
// - P vertical in column x from row p: ov_u(P) = B_u(x, p, s[x]) + G_u(P),
//   B the vertical partners and the horizontal ones of wholly open rows (a
//   table per call by column and s[x]), G_u(P) the sum over P's partly open
//   rows of g_u(y, x) = h_u(y, x | m_y) - h_u(y, x | all). Expanded: a
//   table per column and s[x]; per partly open row, sum over x of g_v K_u
//   and g_u g_v M (K and M tables per call by column, row and s[x]), an
//   entry per row id and step with corrections in the running columns;
//   and per pair of partly open rows, a sum over the columns of g_u g_v M.
//
// The K and table1 tables are built lazily, for the type triples a call
// meets; the running columns' deltas once per state, for all its lanes.
// completions() agrees with three_ship_prototype's (three_ship_check.cpp on
// random skylines) and with the scan (the 33 boards). It is exact and costs
// about what the tables form does: the entries per row id and step are
// read only about 3.3 times each (session 38).

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include "three_ship_tables.hpp"

namespace battleship::three_ship_proto {

// Reuse census (three_ship_check prints it): [0] row entries computed, [1]
// read; [2] R vectors computed, [3] read; [4] per-step sums over the wholly
// open rows computed, [5] read; [6] steps; [7] lanes.
inline unsigned long long g_rows_census[8] = {};

class three_ship_rows {
 public:
  void build(const three_ship_board& b) {
    // Per-state arrays: up to 16 columns (and rows), 8 types.
    if (b.W > 16 || b.H > 16 || b.len.size() > 8) throw std::length_error("three_ship_rows: board or fleet too large");
    tables_.build(b);
    b_ = &b;
    W_ = b.W;
    H_ = b.H;
    T_ = static_cast<int>(b.len.size());
    M_ = 1 << W_;
    longest_ = 1;
    for (const int L : b.len) longest_ = std::max(longest_, L);
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_), H = static_cast<std::size_t>(H_);
    const std::size_t H1 = H + 1, W1 = W + 1;
    // Per call, beside the tables form's (the starts down each column, the
    // full rows' horizontal covers and the vertical ones, read from
    // tables_): the board's vertical covers summed along each row.
    f0pre_.assign(T * H * W1, 0);
    for (std::size_t t = 0; t < T; ++t)
      for (int y = 0; y < H_; ++y)
        for (int x = 0; x < W_; ++x)
          f0pre_[(t * H + static_cast<std::size_t>(y)) * W1 + static_cast<std::size_t>(x) + 1] =
              f0pre_[(t * H + static_cast<std::size_t>(y)) * W1 + static_cast<std::size_t>(x)] + F(t, x, y, 0);
    // table1(t, u <= v, x, s) = sum over p >= s of w B_u B_v; K(t, u, s, y,
    // x) = sum over p in [max(s, y - Lt + 1), y] of w B_u (a row of x
    // contiguous): lazily, for the triples a call meets (ensure()).
    table1_.resize(T * T * T * W * H1);  // lazily written before read (ensure())
    K_.resize(T * T * H1 * H * W);
    k_ready_.assign(T * T, 0);
    table1_ready_.assign(T * T * T, 0);
    // Row ids afresh.
    if (id_of_.size() != H * static_cast<std::size_t>(M_)) id_of_.assign(H * static_cast<std::size_t>(M_), -1);
    for (const row& e : rows_) id_of_[static_cast<std::size_t>(e.y) * static_cast<std::size_t>(M_) + e.m] = -1;
    rows_.clear();
    step_r_ = -1;
    step_suffix_.assign(T * T * T * static_cast<std::size_t>(longest_ + 1), 0);
    step_suffix_stamp_.assign(T * T * T, 0);
    table1_step_.assign(T * T * T, 0);
    full_suffix_.assign(T * T * T * H1, 0);
    full_done_.assign(T * T * T, 0);
    fb_.assign(T * static_cast<std::size_t>(longest_) * W, 0);
    fbpre_.assign(T * static_cast<std::size_t>(longest_) * W1, 0);
  }

  // As three_ship_tables::completions(), for a state of step (r, cf).
  std::uint64_t completions(int r, int cf, const std::array<int, 16>& s, std::size_t a, std::size_t b, std::size_t c3) {
    const std::uint64_t rest = tables_.without_s(r, s, a, b, c3, false);
    if (r != step_r_ || cf != step_cf_) {
      new_step(r, cf);
      ++g_rows_census[6];
    }
    ++g_rows_census[7];
    if (s != s_ || r != r_) set_state(r, s);
    return three_ship_tables::divided(a, b, c3, rest + s_term(a, b, c3) + s_term(b, a, c3) + s_term(c3, a, b));
  }

 private:
  struct row {
    int y = 0;
    unsigned m = 0;
    std::vector<std::uint64_t> h, g;         // per type and column
    std::array<unsigned, 16> nonzero{};      // per type, the columns where g is not 0
    std::vector<std::uint64_t> hpre, dhpre;  // per type, prefix sums along the row (W + 1)
    std::uint32_t stamp = 0;                 // the step its entries below are for
    std::vector<std::uint32_t> done;         // per triple: its entries computed this step
    std::vector<std::uint64_t> t1, vert;     // per triple (t, u <= v): sum w A_u A_v; the vertical terms
    std::vector<std::uint32_t> r_done;       // per (t, u)
    std::vector<std::uint64_t> R;            // per (t, u) and column
  };

  void new_step(int r, int cf) {
    step_r_ = r;
    step_cf_ = cf;
    ++stamp_;
    r_ = -1;  // the running columns are the base's differences
    for (int x = 0; x < W_; ++x) base_[static_cast<std::size_t>(x)] = x < cf ? r + 1 : r;
    // The base's vertical covers in the rows it changes, r .. r + L - 1,
    // and their sums along each row.
    const auto W = static_cast<std::size_t>(W_), Lm = static_cast<std::size_t>(longest_);
    for (std::size_t u = 0; u < static_cast<std::size_t>(T_); ++u)
      for (int d = 0; d < longest_ && r + d < H_; ++d) {
        std::uint64_t* f = &fb_[(u * Lm + static_cast<std::size_t>(d)) * W];
        std::uint64_t* fp = &fbpre_[(u * Lm + static_cast<std::size_t>(d)) * (W + 1)];
        fp[0] = 0;
        for (int x = 0; x < W_; ++x) {
          f[x] = F(u, x, r + d, base_[static_cast<std::size_t>(x)]);
          fp[x + 1] = fp[x] + f[x];
        }
      }
  }
  // u's vertical cover of (y, x) from the base, and its sum along row y
  // from column 0 to x - 1.
  [[nodiscard]] std::uint64_t Fb(std::size_t u, int x, int y) const {
    const int d = y - step_r_;
    if (d >= longest_) return F(u, x, y, 0);
    return fb_[(u * static_cast<std::size_t>(longest_) + static_cast<std::size_t>(d)) * static_cast<std::size_t>(W_) +
               static_cast<std::size_t>(x)];
  }
  [[nodiscard]] const std::uint64_t* Fb_prefix(std::size_t u, int y) const {
    const int d = y - step_r_;
    const auto W1 = static_cast<std::size_t>(W_) + 1;
    if (d >= longest_) return &f0pre_[(u * static_cast<std::size_t>(H_) + static_cast<std::size_t>(y)) * W1];
    return &fbpre_[(u * static_cast<std::size_t>(longest_) + static_cast<std::size_t>(d)) * W1];
  }
  void set_state(int r, const std::array<int, 16>& s) {
    r_ = r;
    s_ = s;
    z_ = r;
    running_ = 0;
    int last = r;  // the fixes below lie in rows before it
    for (int x = 0; x < W_; ++x) {
      const int sx = s[static_cast<std::size_t>(x)];
      z_ = std::max(z_, sx);
      if (sx != base_[static_cast<std::size_t>(x)]) {
        run_[static_cast<std::size_t>(running_++)] = x;
        last = std::max(last, std::min(H_, sx + longest_ - 1));
      }
    }
    for (int y = r; y < z_; ++y) {
      unsigned m = 0;
      for (int x = 0; x < W_; ++x)
        if (s[static_cast<std::size_t>(x)] <= y) m |= 1U << x;
      ids_[static_cast<std::size_t>(y - r)] = row_id(y, m);
    }
    // The running columns' cells whose vertical covers differ from the
    // base's (some type's), grouped by row, with the differences per type:
    // once per state, for all its lanes.
    const auto all = static_cast<unsigned>(M_ - 1);
    const auto T = static_cast<std::size_t>(T_);
    fixes_ = 0;
    fix_rows_ = 0;
    for (int y = r; y < last; ++y) {
      const int first = fixes_;
      for (int j = 0; j < running_; ++j) {
        const int x = run_[static_cast<std::size_t>(j)], sx = s[static_cast<std::size_t>(x)];
        if (y < sx || y >= sx + longest_ - 1) continue;
        fix& f = fix_[static_cast<std::size_t>(fixes_)];
        bool any = false;
        for (std::size_t u = 0; u < T; ++u) {
          f.d[u] = F(u, x, y, sx) - Fb(u, x, y);
          any = any || f.d[u] != 0;
        }
        if (!any) continue;
        f.x = x;
        ++fixes_;
      }
      if (fixes_ == first) continue;
      fix_row& g = fix_row_[static_cast<std::size_t>(fix_rows_++)];
      g.id = y < z_ ? ids_[static_cast<std::size_t>(y - r)] : row_id(y, all);
      g.first = first;
      g.end = fixes_;
    }
  }
  int row_id(int y, unsigned m) {
    int& id = id_of_[static_cast<std::size_t>(y) * static_cast<std::size_t>(M_) + m];
    if (id >= 0) return id;
    id = static_cast<int>(rows_.size());
    rows_.emplace_back();
    row& e = rows_.back();
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_), W1 = W + 1;
    e.y = y;
    e.m = m;
    e.h.assign(T * W, 0);
    e.g.assign(T * W, 0);
    e.hpre.assign(T * W1, 0);
    e.dhpre.assign(T * W1, 0);
    std::vector<std::uint64_t> dh(W, 0);
    for (std::size_t u = 0; u < T; ++u) {
      const int L = len(u);
      const unsigned span = (1U << L) - 1;
      std::fill(dh.begin(), dh.end(), 0);
      for (int x0 = 0; x0 + L <= W_; ++x0) {
        if (((m >> x0) & span) != span) continue;
        const std::uint64_t w = b_->east(u, y, x0);
        for (int q = 0; q < L; ++q) {
          e.h[u * W + static_cast<std::size_t>(x0 + q)] += w;
          if (q + 1 < L) dh[static_cast<std::size_t>(x0 + q)] += w;
        }
      }
      for (int x = 0; x < W_; ++x) {
        const auto i = static_cast<std::size_t>(x);
        e.g[u * W + i] = e.h[u * W + i] - tables_.hF_[cell(u, y, x)];
        if (e.g[u * W + i] != 0) e.nonzero[u] |= 1U << x;
        e.hpre[u * W1 + i + 1] = e.hpre[u * W1 + i] + e.h[u * W + i];
        e.dhpre[u * W1 + i + 1] = e.dhpre[u * W1 + i] + dh[i];
      }
    }
    e.done.assign(T * T * T, 0);
    e.t1.assign(T * T * T, 0);
    e.vert.assign(T * T * T, 0);
    e.r_done.assign(T * T, 0);
    e.R.assign(T * T * W, 0);
    return id;
  }
  void touch(row& e) const {
    if (e.stamp == stamp_) return;
    e.stamp = stamp_;
    std::fill(e.done.begin(), e.done.end(), 0);
    std::fill(e.r_done.begin(), e.r_done.end(), 0);
  }
  // A_u(P) for the horizontal placement of length L at x0 in a row (fp its
  // base vertical covers' prefix): P's cells less its dominoes.
  [[nodiscard]] std::uint64_t A(const row& e, std::size_t u, const std::uint64_t* fp, int x0, int L) const {
    const auto W1 = static_cast<std::size_t>(W_) + 1;
    const std::uint64_t* hp = &e.hpre[u * W1];
    const std::uint64_t* dp = &e.dhpre[u * W1];
    return hp[x0 + L] - hp[x0] - (dp[x0 + L - 1] - dp[x0]) + fp[x0 + L] - fp[x0];
  }
  // The row's entries for triple (t, u <= v) at this step.
  void entries(row& e, std::size_t t, std::size_t u, std::size_t v) {
    touch(e);
    const std::size_t tr = triple(t, u, v);
    ++g_rows_census[1];
    if (e.done[tr] != 0) return;
    ++g_rows_census[0];
    e.done[tr] = 1;
    const int L = len(t);
    const unsigned span = (1U << L) - 1;
    const std::uint64_t *fu = Fb_prefix(u, e.y), *fv = Fb_prefix(v, e.y);
    std::uint64_t sum = 0;
    for (int x0 = 0; x0 + L <= W_; ++x0) {
      if (((e.m >> x0) & span) != span) continue;
      const std::uint64_t w = b_->east(t, e.y, x0);
      if (w != 0) sum += w * A(e, u, fu, x0, L) * A(e, v, fv, x0, L);
    }
    e.t1[tr] = sum;
    e.vert[tr] = 0;
    if (e.m == static_cast<unsigned>(M_ - 1)) return;  // g = 0
    // The vertical terms of a partly open row: sum over x of
    // g_v K_u + g_u K_v + g_u g_v M, each column from its base (M from
    // the base through row y twice is t's vertical cover).
    const auto W = static_cast<std::size_t>(W_);
    const std::uint64_t *gu = &e.g[u * W], *gv = &e.g[v * W];
    std::uint64_t vert = 0;
    for (int part = 0; part < 2; ++part) {
      const int lo = part == 0 ? 0 : step_cf_, hi = part == 0 ? step_cf_ : W_, bx = part == 0 ? step_r_ + 1 : step_r_;
      if (e.y < bx || lo >= hi) continue;
      const std::uint64_t *ku = &K_[kidx(t, u, bx, e.y)], *kv = &K_[kidx(t, v, bx, e.y)];
      for (int x = lo; x < hi; ++x) vert += gv[x] * ku[x] + gu[x] * kv[x] + gu[x] * gv[x] * Fb(t, x, e.y);
    }
    e.vert[tr] = vert;
  }
  const std::uint64_t* R(row& e, std::size_t t, std::size_t u) {
    touch(e);
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_);
    std::uint64_t* out = &e.R[(t * T + u) * W];
    ++g_rows_census[3];
    if (e.r_done[t * T + u] != 0) return out;
    ++g_rows_census[2];
    e.r_done[t * T + u] = 1;
    std::fill(out, out + W, 0);
    const int L = len(t);
    const unsigned span = (1U << L) - 1;
    const std::uint64_t* fu = Fb_prefix(u, e.y);
    for (int x0 = 0; x0 + L <= W_; ++x0) {
      if (((e.m >> x0) & span) != span) continue;
      const std::uint64_t w = b_->east(t, e.y, x0);
      if (w == 0) continue;
      const std::uint64_t a = w * A(e, u, fu, x0, L);
      for (int q = 0; q < L; ++q) out[x0 + q] += a;
    }
    return out;
  }
  // The weight of the open horizontal t placements in row e through
  // columns x1 and x2.
  [[nodiscard]] std::uint64_t through_both(const row& e, std::size_t t, int x1, int x2) const {
    if (x1 == x2) return e.h[t * static_cast<std::size_t>(W_) + static_cast<std::size_t>(x1)];
    const int L = len(t), lo = std::max(0, std::max(x1, x2) - L + 1), hi = std::min(x1, x2);
    const unsigned span = (1U << L) - 1;
    std::uint64_t o = 0;
    for (int x0 = lo; x0 <= hi && x0 + L <= W_; ++x0)
      if (((e.m >> x0) & span) == span) o += b_->east(t, e.y, x0);
    return o;
  }
  // The step's sums for triple tr, kept per step: over the bare skyline's
  // wholly open rows from each row y on (y >= r), of w A_u A_v (the step's
  // rows, then the call's, which take the board's vertical covers), and
  // over the columns, of the vertical placements' table1 from each base.
  void step_sums(std::size_t tr, std::size_t t, std::size_t u, std::size_t v) {
    const auto all = static_cast<unsigned>(M_ - 1);
    const auto H1 = static_cast<std::size_t>(H_) + 1, Lm1 = static_cast<std::size_t>(longest_) + 1;
    if (full_done_[tr] == 0) {
      full_done_[tr] = 1;
      std::uint64_t* suf = &full_suffix_[tr * H1];
      suf[H_] = 0;
      for (int yy = H_ - 1; yy >= 0; --yy) {
        const row& e = rows_[static_cast<std::size_t>(row_id(yy, all))];
        const int L = len(t);
        const std::uint64_t *fu = &f0pre_[(u * static_cast<std::size_t>(H_) + static_cast<std::size_t>(yy)) *
                                          (static_cast<std::size_t>(W_) + 1)],
                            *fv = &f0pre_[(v * static_cast<std::size_t>(H_) + static_cast<std::size_t>(yy)) *
                                          (static_cast<std::size_t>(W_) + 1)];
        std::uint64_t sum = 0;
        for (int x0 = 0; x0 + L <= W_; ++x0) {
          const std::uint64_t w = b_->east(t, yy, x0);
          if (w != 0) sum += w * A(e, u, fu, x0, L) * A(e, v, fv, x0, L);
        }
        suf[yy] = suf[yy + 1] + sum;
      }
    }
    ++g_rows_census[5];
    if (step_suffix_stamp_[tr] == stamp_) return;
    ++g_rows_census[4];
    step_suffix_stamp_[tr] = stamp_;
    std::uint64_t* suf = &step_suffix_[tr * Lm1];
    const int reach = step_reach();
    suf[reach - step_r_] = full_suffix_[tr * H1 + static_cast<std::size_t>(reach)];
    for (int yy = reach - 1; yy >= step_r_; --yy) {
      row& e = rows_[static_cast<std::size_t>(row_id(yy, all))];
      entries(e, t, u, v);
      suf[yy - step_r_] = suf[yy - step_r_ + 1] + e.t1[tr];
    }
    const auto W = static_cast<std::size_t>(W_);
    std::uint64_t bare = 0;
    for (int x = 0; x < W_; ++x)
      bare += table1_[(tr * W + static_cast<std::size_t>(x)) * H1 +
                      static_cast<std::size_t>(base_[static_cast<std::size_t>(x)])];
    table1_step_[tr] = bare;
  }
  // The rows from which the bare skyline's vertical covers are the board's.
  [[nodiscard]] int step_reach() const { return std::min(H_, step_r_ + longest_); }
  // step_sums()' sum over the wholly open rows from row y on.
  [[nodiscard]] std::uint64_t open_rows_from(std::size_t tr, int y) const {
    const auto H1 = static_cast<std::size_t>(H_) + 1, Lm1 = static_cast<std::size_t>(longest_) + 1;
    return y >= step_reach() ? full_suffix_[tr * H1 + static_cast<std::size_t>(y)]
                             : step_suffix_[tr * Lm1 + static_cast<std::size_t>(y - step_r_)];
  }
  // K for (t, u) and table1 for (t, u, v), u <= v.
  void ensure(std::size_t t, std::size_t u, std::size_t v) {
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_);
    const std::size_t H1 = static_cast<std::size_t>(H_) + 1;
    for (const std::size_t w : {u, v}) {
      if (k_ready_[t * T + w] != 0) continue;
      k_ready_[t * T + w] = 1;
      for (int x = 0; x < W_; ++x)
        for (int s = 0; s <= H_; ++s)
          for (int y = s; y < H_; ++y) {
            std::uint64_t k = 0;
            for (int p = std::max(s, y - len(t) + 1); p <= y; ++p) k += b_->south(t, p, x) * B(t, w, x, p, s);
            K_[kidx(t, w, s, y) + static_cast<std::size_t>(x)] = k;
          }
    }
    const std::size_t tr = triple(t, u, v);
    if (table1_ready_[tr] != 0) return;
    table1_ready_[tr] = 1;
    for (int x = 0; x < W_; ++x)
      for (int s = 0; s <= H_; ++s) {
        std::uint64_t sum = 0;
        for (int p = s; p < H_; ++p) {
          const std::uint64_t w = b_->south(t, p, x);
          if (w != 0) sum += w * B(t, u, x, p, s) * B(t, v, x, p, s);
        }
        table1_[(tr * W + static_cast<std::size_t>(x)) * H1 + static_cast<std::size_t>(s)] = sum;
      }
  }
  // S_t(u, v) of the state.
  std::uint64_t s_term(std::size_t t, std::size_t u, std::size_t v) {
    if (u > v) std::swap(u, v);
    const auto W = static_cast<std::size_t>(W_), H1 = static_cast<std::size_t>(H_) + 1;
    const std::size_t tr = triple(t, u, v);
    ensure(t, u, v);
    // The bare skyline: horizontal placements in the partly open rows (and
    // their vertical terms), in the wholly open rows, and the vertical
    // placements' column table.
    step_sums(tr, t, u, v);
    std::uint64_t sum = open_rows_from(tr, z_) + table1_step_[tr];
    for (int y = r_; y < z_; ++y) {
      row& e = rows_[static_cast<std::size_t>(ids_[static_cast<std::size_t>(y - r_)])];
      entries(e, t, u, v);
      sum += e.t1[tr] + e.vert[tr];
    }
    // The running columns.
    for (int j = 0; j < running_; ++j) {
      const int x = run_[static_cast<std::size_t>(j)], sx = s_[static_cast<std::size_t>(x)],
                bx = base_[static_cast<std::size_t>(x)];
      // Vertical placements in the column: from its own top.
      sum += table1_[(tr * W + static_cast<std::size_t>(x)) * H1 + static_cast<std::size_t>(sx)] -
             table1_[(tr * W + static_cast<std::size_t>(x)) * H1 + static_cast<std::size_t>(bx)];
      // Their vertical terms in the partly open rows.
      for (int y = r_; y < z_; ++y) {
        const row& e = rows_[static_cast<std::size_t>(ids_[static_cast<std::size_t>(y - r_)])];
        const std::uint64_t gu = e.g[u * W + static_cast<std::size_t>(x)],
                            gv = e.g[v * W + static_cast<std::size_t>(x)];
        if (gu == 0 && gv == 0) continue;
        sum += gv * (Kv(t, u, x, y, sx) - Kv(t, u, x, y, bx)) + gu * (Kv(t, v, x, y, sx) - Kv(t, v, x, y, bx)) +
               gu * gv * (F(t, x, y, sx) - Fb(t, x, y));
      }
    }
    // Horizontal placements through running columns whose vertical covers
    // differ from the base's (set_state()'s list).
    for (int g = 0; g < fix_rows_; ++g) {
      const fix_row& fr = fix_row_[static_cast<std::size_t>(g)];
      row& e = rows_[static_cast<std::size_t>(fr.id)];
      const std::uint64_t *Ru = nullptr, *Rv = nullptr;
      for (int j = fr.first; j < fr.end; ++j) {
        const fix& f = fix_[static_cast<std::size_t>(j)];
        const std::uint64_t du = f.d[u], dv = f.d[v];
        if (du == 0 && dv == 0) continue;
        if (Ru == nullptr) {
          Ru = R(e, t, u);
          Rv = R(e, t, v);
        }
        sum += dv * Ru[f.x] + du * Rv[f.x];
        for (int k = fr.first; k < fr.end; ++k) {
          const fix& f2 = fix_[static_cast<std::size_t>(k)];
          if (f2.d[v] != 0) sum += du * f2.d[v] * through_both(e, t, f.x, f2.x);
        }
      }
    }
    // Vertical placements across two partly open rows.
    for (int y = r_; y < z_; ++y)
      for (int y2 = y + 1; y2 < std::min(z_, y + len(t)); ++y2) {
        const row& e = rows_[static_cast<std::size_t>(ids_[static_cast<std::size_t>(y - r_)])];
        const row& e2 = rows_[static_cast<std::size_t>(ids_[static_cast<std::size_t>(y2 - r_)])];
        const std::uint64_t *gu = &e.g[u * W], *gv = &e.g[v * W], *gu2 = &e2.g[u * W], *gv2 = &e2.g[v * W];
        // Columns open in row y (so in y2) where both factors of a product
        // can be nonzero.
        for (unsigned cols = e.m & ((e.nonzero[u] & e2.nonzero[v]) | (e.nonzero[v] & e2.nonzero[u])); cols != 0;
             cols &= cols - 1) {
          const int x = std::countr_zero(cols);
          sum += (gu[x] * gv2[x] + gv[x] * gu2[x]) * Mv(t, x, y, y2, s_[static_cast<std::size_t>(x)]);
        }
      }
    return sum;
  }

  // Vertical starts of t in column x at rows lo .. hi (hi < H).
  [[nodiscard]] std::uint64_t starts(std::size_t t, int x, int lo, int hi) const {
    return tables_.starts(t, x, lo, hi);
  }
  // u's vertical cover of (y, x) from row s on.
  [[nodiscard]] std::uint64_t F(std::size_t u, int x, int y, int s) const {
    return tables_.Fv_[tables_.fv(u, x, y, s)];
  }
  // B_u for the vertical t placement at (p, x), the column open from s:
  // its vertical u partners and the full rows' horizontal ones.
  [[nodiscard]] std::uint64_t B(std::size_t t, std::size_t u, int x, int p, int s) const {
    const int end = std::min(H_, p + len(t));
    return starts(u, x, std::max(s, p - len(u) + 1), end - 1) + tables_.hcol_[col(u, x, end)] -
           tables_.hcol_[col(u, x, p)];
  }
  [[nodiscard]] std::uint64_t Kv(std::size_t t, std::size_t u, int x, int y, int s) const {
    return y >= s ? K_[kidx(t, u, s, y) + static_cast<std::size_t>(x)] : 0;
  }
  // The vertical t placements from row s on through rows y and y2.
  [[nodiscard]] std::uint64_t Mv(std::size_t t, int x, int y, int y2, int s) const {
    return starts(t, x, std::max(s, std::max(y, y2) - len(t) + 1), std::min(y, y2));
  }
  [[nodiscard]] int len(std::size_t t) const { return b_->len[t]; }
  [[nodiscard]] std::size_t triple(std::size_t t, std::size_t u, std::size_t v) const {
    return (t * static_cast<std::size_t>(T_) + u) * static_cast<std::size_t>(T_) + v;
  }
  [[nodiscard]] std::size_t cell(std::size_t t, int y, int x) const { return cell_index(t, y, x, W_, H_); }
  [[nodiscard]] std::size_t col(std::size_t t, int x, int p) const { return column_index(t, x, p, W_, H_); }
  // K's row (t, u, s, y), W entries.
  [[nodiscard]] std::size_t kidx(std::size_t t, std::size_t u, int s, int y) const {
    const auto T = static_cast<std::size_t>(T_), W = static_cast<std::size_t>(W_), H = static_cast<std::size_t>(H_);
    return (((t * T + u) * (H + 1) + static_cast<std::size_t>(s)) * H + static_cast<std::size_t>(y)) * W;
  }

  three_ship_tables tables_;  // N, O and T
  const three_ship_board* b_ = nullptr;
  int W_ = 0, H_ = 0, T_ = 0, M_ = 0, longest_ = 1;
  std::vector<std::uint64_t> f0pre_, table1_, K_;
  std::vector<unsigned char> k_ready_, table1_ready_;
  std::vector<int> id_of_;
  std::vector<row> rows_;
  std::vector<std::uint64_t> full_suffix_;  // per triple, the board's rows from y on
  std::vector<std::uint32_t> full_done_;
  // The step.
  int step_r_ = -1, step_cf_ = 0;
  std::uint32_t stamp_ = 0;
  std::array<int, 16> base_{};
  std::vector<std::uint64_t> fb_, fbpre_;
  std::vector<std::uint64_t> step_suffix_, table1_step_;
  std::vector<std::uint32_t> step_suffix_stamp_;
  // The state.
  int r_ = -1, z_ = 0, running_ = 0;
  std::array<int, 16> s_{}, run_{};
  std::array<int, 16> ids_{};
  struct fix {
    int x = 0;
    std::array<std::uint64_t, 8> d{};  // per type
  };
  struct fix_row {
    int id = 0, first = 0, end = 0;
  };
  std::array<fix, 16 * 16> fix_{};
  std::array<fix_row, 16> fix_row_{};
  int fixes_ = 0, fix_rows_ = 0;
};

}  // namespace battleship::three_ship_proto
