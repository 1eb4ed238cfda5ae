#pragma once
// The completions of a profile state with two ships left and no hit ahead,
// and for the occupancy the cells they cover, in closed form (profile_dp's
// pass with lanes absorbs such states instead of scanning them out); and
// for a state with a hit ahead, the open placements that overlap one given
// placement (overlapping()), which profile_dp subtracts from N. It
// serves the touching rule with unit weights (misses and sunk predicates
// are weights of 0) on boards up to 12 columns wide; build() says whether
// it serves a problem.
//
// Completions: for the two types a, b left, the ordered disjoint pairs of
// open placements are
//   N_a N_b - O,  O = sum over cells x of c_a(x) c_b(x) - sum over dominoes d of c_a(d) c_b(d),
// N the open placements, c(x) (c(d)) those covering cell x (both cells of
// domino d): two overlapping placements meet in a run, which its cells
// minus its dominoes count once. Two ships of one type: (N^2 - O) / 2.
// The open placements are last_ship.hpp's (the same skyline), so N comes
// from its tables; this file computes O, with its per-state loops made
// tables:
// - per call, per pair of types, row and open mask: the row's horizontal x
//   horizontal terms and horizontal x vertical ones, every vertical start
//   counted (row_at);
// - per step (frontier row r, column cf): the same less the vertical
//   starts above each column's base (r + 1 behind the frontier, r ahead),
//   lazily per mask (row_step), their sum over the wholly open rows
//   (open_from), the column terms from each base (col_base_), and for a
//   column whose ship runs down to row top, its terms from top in the
//   wholly open rows (running_rows);
// - per state, only the rows partly open in a column with a ship running.
//
// Occupancy, by reverse mode: the completions are a polynomial in the
// placements' weights (0 or 1), bilinear in a's and b's, and the layouts
// through cell x number the sum over placements P through x of
// w_P dC/dw_P. The N_a N_b part is N_b times a's open rows, which the last
// ship's accumulator already spreads (profile_dp notes v N_b there). For O,
// each state notes v (doubled when a != b, see profile_dp) on every table
// entry it reads; flush_step() and finish() push the notes down the chain
// rule, step level to call level to placements to cells, and finish()
// subtracts half of them from the occupancy.
//
// The arithmetic is modulo 2^64: a difference may wrap in between, and the
// end results are right when they fit. Two results are halved, the
// completions of two ships of one type and the notes finish() subtracts;
// both stay below 4x profile_dp's bound on the pass's values (the sum over
// states of v N_a N_b is at most that bound), which profile_dp keeps
// below 2^62 for this closed form. The notes of overlapping() for states
// with a hit ahead (2v per overlapping placement, for P of either type)
// add at most 4 v N_a N_b per such state to a cell, as the notes above
// do per state without one; the states being distinct, the total stays
// within the same 4x.

#include <algorithm>
#include <bit>
#include <cstdint>
#include <vector>

#include <battleship/count/detail/profile_problem.hpp>

namespace battleship::detail {

class two_ship_tables {
 public:
  // Open masks index the tables: 2^12 of them per row at most.
  static constexpr int max_width = 12;
  static constexpr std::size_t max_entries = std::size_t{1} << 20;

  bool build(const profile_problem& p) {
    W_ = p.width;
    H_ = p.height;
    T_ = static_cast<int>(p.types.size());
    if (W_ > max_width || p.rule != adjacency::touching || !p.unit_weights) return false;
    M_ = 1 << W_;
    pairs_ = static_cast<std::size_t>(T_ * (T_ + 1) / 2);
    // The tables by (row, open mask) take 41 bytes per pair of types and
    // 4W + 5 per type: under 100 MB with at most 2^20 (pair, row, mask)
    // entries (outside the memory limit, like last_ship.hpp's), 6 MB for
    // the classic fleet on 10x10.
    if (pairs_ * static_cast<std::size_t>(H_) * static_cast<std::size_t>(M_) > max_entries) return false;
    len_.clear();
    longest_ = 1;
    for (const auto& t : p.types) {
      len_.push_back(t.length);
      longest_ = std::max(longest_, t.length);
    }
    const auto T = static_cast<std::size_t>(T_), H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_),
               M = static_cast<std::size_t>(M_);
    hcov_.resize(T * H * M * Wd);
    h2cov_.resize(T * H * M * Wd);
    hdone_.assign(T * H * M, 0);
    wS_.assign(T * H * Wd, 0);
    wE_.assign(T * H * Wd, 0);
    for (std::size_t t = 0; t < T; ++t) {
      const int L = len_[t];
      for (int y = 0; y < H_; ++y)
        for (int c = 0; c < W_; ++c) {
          wS_[(t * H + static_cast<std::size_t>(y)) * Wd + static_cast<std::size_t>(c)] =
              L > 1 ? p.start_weight(static_cast<int>(t), y * W_ + c, 1) : 0;
          wE_[(t * H + static_cast<std::size_t>(y)) * Wd + static_cast<std::size_t>(c)] =
              c + L <= W_ ? p.start_weight(static_cast<int>(t), y * W_ + c, 0) : 0;
        }
    }
    // from_[((t * W + c) * H + y) * (H + 1) + s0]: vertical starts of type t
    // at rows >= s0 covering (y, c).
    from_.assign(T * Wd * H * (H + 1), 0);
    for (std::size_t t = 0; t < T; ++t)
      for (int c = 0; c < W_; ++c)
        for (int y = 0; y < H_; ++y)
          for (int s0 = 0; s0 <= H_; ++s0) {
            std::uint64_t v = 0;
            for (int s = std::max(s0, y - len_[t] + 1); s <= y; ++s) v += ws(t, s, c);
            from_[idx_from(t, c, y, s0)] = v;
          }
    above_.assign(T * static_cast<std::size_t>(longest_) * Wd, 0);
    above_notes_.assign(above_.size(), 0);
    d2_.resize(from_.size());
    for (std::size_t t = 0; t < T; ++t)
      for (int c = 0; c < W_; ++c)
        for (int y = 0; y < H_; ++y)
          for (int s0 = 0; s0 <= H_; ++s0) d2_[idx_from(t, c, y, s0)] = d2(t, c, y, s0);
    row_.resize(pairs_ * H * M);
    rdone_.assign(pairs_ * H * M, 0);
    // Notes a pass left behind when it threw (a memory limit) must not
    // reach the next one: the tables below are reused across calls.
    forget_notes();
    if (step_.size() != pairs_ * H * M) step_.assign(pairs_ * H * M, step_entry{});  // stamp 0: never current
    step_r_ = -1;
    open_from_.assign(pairs_ * (H + 1), 0);
    col_.assign(pairs_ * Wd * (H + 1), 0);
    col_base_.assign(pairs_, 0);
    for (std::size_t a = 0; a < T; ++a)
      for (std::size_t b = a; b < T; ++b) {
        const std::size_t pr = pair_index(a, b);
        for (int c = 0; c < W_; ++c)
          for (int tt = 0; tt <= H_; ++tt) {
            std::uint64_t s = 0;
            for (int y = tt; y < H_; ++y) {
              s += from_[idx_from(a, c, y, tt)] * from_[idx_from(b, c, y, tt)];
              if (y + 1 < H_) s -= d2_[idx_from(a, c, y, tt)] * d2_[idx_from(b, c, y, tt)];
            }
            col_[(pr * Wd + static_cast<std::size_t>(c)) * (H + 1) + static_cast<std::size_t>(tt)] = s;
          }
      }
    if (adj_rowat_.size() != pairs_ * H * M) adj_rowat_.assign(pairs_ * H * M, 0);
    adj_open_.assign(pairs_ * (H + 1), 0);
    adj_colbase_.assign(pairs_, 0);
    adj_col_.assign(pairs_ * Wd * (H + 1), 0);
    adj_hc_.clear();
    adj_from_.assign(from_.size(), 0);
    adj_d2_.assign(from_.size(), 0);
    half_.assign(H * Wd, 0);
    if (rc_stamp_.size() != pairs_ * Wd * (H + 1) * (H + 1)) {
      rc_stamp_.assign(pairs_ * Wd * (H + 1) * (H + 1), 0);
      rc_.assign(rc_stamp_.size(), 0);
      adj_rc_.assign(rc_stamp_.size(), 0);
    }
    if (hc_slot_.size() != T * H * M) hc_slot_.assign(T * H * M, 0);
    pair_a_.assign(pairs_, 0);
    pair_reach_.assign(pairs_, 0);
    pair_b_.assign(pairs_, 0);
    for (std::size_t a = 0; a < T; ++a)
      for (std::size_t b = a; b < T; ++b) {
        pair_a_[pair_index(a, b)] = a;
        pair_b_[pair_index(a, b)] = b;
        pair_reach_[pair_index(a, b)] = std::max(len_[a], len_[b]);
      }
    // For overlapping(): prefix sums of the start weights along each row
    // (east) and down each column (south), and down each column of the
    // horizontal placements covering each cell in a wholly open row, so
    // that a run of open starts is the difference of two entries; and the
    // notes on those runs, as difference arrays over the starts.
    east_prefix_.assign(T * H * (Wd + 1), 0);
    south_prefix_.assign(T * Wd * (H + 1), 0);
    across_prefix_.assign(T * Wd * (H + 1), 0);
    for (std::size_t t = 0; t < T; ++t) {
      const int L = len_[t];
      for (int y = 0; y < H_; ++y)
        for (int x = 0; x < W_; ++x)
          east_prefix_[east_at(t, y) + static_cast<std::size_t>(x) + 1] =
              east_prefix_[east_at(t, y) + static_cast<std::size_t>(x)] + we(t, y, x);
      for (int c = 0; c < W_; ++c)
        for (int y = 0; y < H_; ++y) {
          std::uint64_t across = 0;
          for (int x = std::max(0, c - L + 1); x <= c; ++x) across += we(t, y, x);
          const std::size_t at = south_at(t, c) + static_cast<std::size_t>(y);
          south_prefix_[at + 1] = south_prefix_[at] + ws(t, y, c);
          across_prefix_[at + 1] = across_prefix_[at] + across;
        }
    }
    east_notes_.assign(east_prefix_.size(), 0);
    south_notes_.assign(south_prefix_.size(), 0);
    run_notes_ = false;
    full_.assign(T * H * Wd, 0);
    for (std::size_t t = 0; t < T; ++t)
      for (int y = 0; y < H_; ++y) {
        const std::uint16_t* h = hrow(t, y, static_cast<unsigned>(M_ - 1));
        std::copy(h, h + W_, &full_[(t * H + static_cast<std::size_t>(y)) * Wd]);
      }
    return true;
  }

  // What overlap() and overlapping() need of a state, once for all its
  // lanes: its blocked rows (row r + d in rows[d], as last_ship_view keeps
  // them), the rows partly open and the columns with a ship running down.
  // The arrays are left uninitialised (one per state absorbed): prepare()
  // and prepare_open() write every entry that is read.
  struct skyline {
    int r = 0, cf = 0, whole = 0, running = 0;
    unsigned mask[8];
    int col[16], base[16], top[16];
    int open[16];  // per column, its first open row: prepare_open()
  };
  void prepare(skyline& k, const std::uint16_t* rows, int r, int cf) const {
    const unsigned all = (1U << W_) - 1;
    k.r = r;
    k.cf = cf;
    k.whole = r;
    int d = 0;
    for (; d < 8 && r + d < H_; ++d) {
      const unsigned blocked = rows[d] & all;
      if (blocked == 0) break;
      k.mask[d] = ~blocked & all;
      k.whole = r + d + 1;
    }
    const unsigned behind = (1U << cf) - 1;
    const unsigned row0 = d > 0 ? rows[0] & all : 0, row1 = d > 1 ? rows[1] & all : 0;
    k.running = 0;
    for (unsigned run = (row0 & ~behind) | (row1 & behind); run != 0; run &= run - 1) {
      const int c = std::countr_zero(run);
      int t = 0;
      while (t < d && ((rows[t] >> c) & 1U)) ++t;
      k.col[k.running] = c;
      k.base[k.running] = c < cf ? r + 1 : r;
      k.top[k.running] = r + t;
      ++k.running;
    }
  }
  // The first open row of every column of a prepared state, which
  // overlapping() reads (overlap() needs only the running columns').
  void prepare_open(skyline& k) const {
    for (int c = 0; c < W_; ++c) k.open[c] = c < k.cf ? k.r + 1 : k.r;
    for (int j = 0; j < k.running; ++j) k.open[k.col[j]] = k.top[j];
  }
  // The overlap sum O for types a, b of a prepared state. With Note (the
  // occupancy), also A times the partial derivative of O by each table
  // entry it reads, noted (reverse mode): finish() turns the notes into
  // each cell's sum, over the states, of A times the placements through it
  // weighted by the open placements they overlap.
  template <bool Note>
  [[nodiscard]] std::uint64_t overlap(std::size_t a, std::size_t b, const skyline& k, std::uint64_t A = 0) {
    if (a > b) std::swap(a, b);
    if (k.r != step_r_ || k.cf != step_cf_) new_step(k.r, k.cf);
    const std::size_t pr = pair_index(a, b), H = static_cast<std::size_t>(H_);
    std::uint64_t o = open_from(pr, k.whole) + col_base_[pr];
    if constexpr (Note) {
      adj_open_[pr * (H + 1) + static_cast<std::size_t>(k.whole)] += A;
      adj_colbase_[pr] += A;
    }
    for (int y = k.r; y < k.whole; ++y) {
      const unsigned m = k.mask[y - k.r];
      o += row_step(pr, a, b, y, m);
      if constexpr (Note) note_step(pr, y, m, A);
    }
    const int reach = std::max(len_[a], len_[b]) - 1;
    for (int j = 0; j < k.running; ++j) {
      const int c = k.col[j], base = k.base[j], top = k.top[j];
      o += running_rows(pr, a, b, c, top, k.whole);
      if constexpr (Note) {
        const std::size_t rc = rc_index(pr, c, top, k.whole);
        if (adj_rc_[rc] == 0) rc_touched_.push_back(static_cast<std::uint32_t>(rc));
        adj_rc_[rc] += A;
      }
      // Rows partly open: their masks come from the state.
      const int last = std::min(k.whole, top + reach);
      for (int y = top; y < last; ++y) {
        const std::size_t ia_base = idx_from(a, c, y, base), ia_top = idx_from(a, c, y, top);
        const std::size_t ib_base = idx_from(b, c, y, base), ib_top = idx_from(b, c, y, top);
        const std::uint64_t vb = from_[ib_base] - from_[ib_top];
        const std::uint64_t va = from_[ia_base] - from_[ia_top];
        const unsigned m = k.mask[y - k.r];
        const std::uint64_t ha = hrow(a, y, m)[c], hb = hrow(b, y, m)[c];
        o -= ha * vb + va * hb;
        if constexpr (Note) {
          adj_hc(a, y, m)[c] -= A * vb;
          adj_hc(b, y, m)[c] -= A * va;
          adj_from_[ib_base] -= A * ha;
          adj_from_[ib_top] += A * ha;
          adj_from_[ia_base] -= A * hb;
          adj_from_[ia_top] += A * hb;
        }
      }
    }
    return o;
  }
  // The open placements of type u that overlap one open placement P
  // (start cell (row, col), dir 0 east or 1 south, length L) in a prepared
  // state (prepare_open() too): for a state with a hit ahead, whose other
  // ship takes P (profile_dp). In a row, the open horizontal placements
  // through P's cells are the starts of one run of open columns, and in a
  // column the open vertical ones those from its first open row: each a
  // run of starts, summed as a difference of prefix sums. With Note, also
  // A on each run (difference arrays), which finish() halves and subtracts
  // over the placements in it.
  template <bool Note>
  [[nodiscard]] std::uint64_t overlapping(std::size_t u, int row, int col, int dir, int L, const skyline& k,
                                          std::uint64_t A = 0) {
    const auto all = static_cast<unsigned>(M_ - 1);
    const int Lu = len_[u];
    if constexpr (Note) run_notes_ = true;
    // The weight of starts lo..hi of one line (a row's or a column's
    // prefix sums from `at`), and A noted on them.
    auto starts = [&](std::vector<std::uint64_t>& notes, const std::vector<std::uint64_t>& prefix, std::size_t at,
                      int lo, int hi) -> std::uint64_t {
      if (lo > hi) return 0;
      if constexpr (Note) {
        notes[at + static_cast<std::size_t>(lo)] += A;
        notes[at + static_cast<std::size_t>(hi) + 1] -= A;
      }
      return prefix[at + static_cast<std::size_t>(hi) + 1] - prefix[at + static_cast<std::size_t>(lo)];
    };
    // The open horizontal placements in row y (open columns m) through
    // columns x0..x1, which m holds: the starts of the open run around
    // them that reach x0 and start by x1.
    auto across = [&](int y, unsigned m, int x0, int x1) {
      const unsigned left = ~m & all & ((1U << x0) - 1), right = ~m & all & ~((2U << x1) - 1);
      const int lo = std::max(static_cast<int>(std::bit_width(left)), x0 - Lu + 1);
      const int hi = std::min(x1, (right != 0 ? std::countr_zero(right) : W_) - Lu);
      return starts(east_notes_, east_prefix_, east_at(u, y), lo, hi);
    };
    // The open vertical placements in column c through rows y0..y1.
    auto down = [&](int c, int y0, int y1) {
      return starts(south_notes_, south_prefix_, south_at(u, c), std::max(k.open[c], y0 - Lu + 1), y1);
    };
    if (dir == 0) {
      std::uint64_t o = across(row, row < k.whole ? k.mask[row - k.r] : all, col, col + L - 1);
      for (int c = col; c < col + L; ++c) o += down(c, row, row);
      return o;
    }
    const int last = row + L - 1, open_from = std::max(row, k.whole);
    std::uint64_t o = down(col, row, last);
    for (int y = row; y < open_from && y <= last; ++y) o += across(y, k.mask[y - k.r], col, col);
    if (open_from <= last) {
      // Wholly open rows: one difference down the column.
      const std::size_t at = south_at(u, col);
      o += across_prefix_[at + static_cast<std::size_t>(last) + 1] -
           across_prefix_[at + static_cast<std::size_t>(open_from)];
      if constexpr (Note)
        for (int y = open_from; y <= last; ++y) (void)across(y, all, col, col);
    }
    return o;
  }
  // Subtracts from occupancy (scan order) half of what overlap<true> and
  // overlapping<true> noted.
  template <class Occ>
  void finish(Occ& occupancy) {
    flush_step();
    flush_runs();
    const auto H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_);
    // Row terms with every vertical start: row_at.
    for (const std::uint32_t e : rowat_touched_) {
      const std::uint64_t A = adj_rowat_[e];
      adj_rowat_[e] = 0;
      const auto [pr, y, m] = split_at(e, pairs_);
      const std::size_t a = pair_a_[pr], b = pair_b_[pr];
      const std::uint16_t *ha = hrow(a, y, m), *hb = hrow(b, y, m), *ha2 = h2row(a, y, m), *hb2 = h2row(b, y, m);
      const std::size_t sa = hc_slot(a, y, m), sb = hc_slot(b, y, m);
      std::uint64_t *aha = &adj_hc_[sa], *ahb = &adj_hc_[sb], *aha2 = aha + W_, *ahb2 = ahb + W_;
      for (int c = 0; c < W_; ++c) {
        const std::size_t ia = idx_from(a, c, y, 0), ib = idx_from(b, c, y, 0);
        aha[c] += A * (hb[c] + from_[ib]);
        ahb[c] += A * (ha[c] + from_[ia]);
        aha2[c] -= A * hb2[c];
        ahb2[c] -= A * ha2[c];
        adj_from_[ib] += A * ha[c];
        adj_from_[ia] += A * hb[c];
      }
    }
    rowat_touched_.clear();
    // Column terms.
    for (std::size_t pr = 0; pr < pairs_; ++pr) {
      const std::size_t a = pair_a_[pr], b = pair_b_[pr];
      for (int c = 0; c < W_; ++c)
        for (int tt = 0; tt <= H_; ++tt) {
          std::uint64_t& A = adj_col_[(pr * Wd + static_cast<std::size_t>(c)) * (H + 1) + static_cast<std::size_t>(tt)];
          if (A == 0) continue;
          for (int y = tt; y < H_; ++y) {
            adj_from_[idx_from(a, c, y, tt)] += A * from_[idx_from(b, c, y, tt)];
            adj_from_[idx_from(b, c, y, tt)] += A * from_[idx_from(a, c, y, tt)];
            if (y + 1 < H_) {
              adj_d2_[idx_from(a, c, y, tt)] -= A * d2_[idx_from(b, c, y, tt)];
              adj_d2_[idx_from(b, c, y, tt)] -= A * d2_[idx_from(a, c, y, tt)];
            }
          }
          A = 0;
        }
    }
    // To the placements: vertical starts (t, s, c), horizontal starts (t, y, x0).
    std::vector<std::uint64_t> adjS(static_cast<std::size_t>(T_) * H * Wd, 0), adjE(adjS.size(), 0);
    for (std::size_t t = 0; t < static_cast<std::size_t>(T_); ++t) {
      const int L = len_[t];
      for (int c = 0; c < W_; ++c)
        for (int y = 0; y < H_; ++y)
          for (int s0 = 0; s0 <= H_; ++s0) {
            std::uint64_t& f = adj_from_[idx_from(t, c, y, s0)];
            std::uint64_t& d = adj_d2_[idx_from(t, c, y, s0)];
            if (f != 0)
              for (int st = std::max(s0, y - L + 1); st <= y; ++st)
                adjS[(t * H + static_cast<std::size_t>(st)) * Wd + static_cast<std::size_t>(c)] += f;
            if (d != 0)
              for (int st = std::max(s0, y + 2 - L); st <= y; ++st)
                adjS[(t * H + static_cast<std::size_t>(st)) * Wd + static_cast<std::size_t>(c)] += d;
            f = d = 0;
          }
    }
    for (const std::uint32_t e : hc_touched_) {
      const std::size_t slot = (hc_slot_[e] - 1) * 2 * Wd;
      hc_slot_[e] = 0;
      const auto [t, y, m] = split_at(e, static_cast<std::size_t>(T_));
      std::uint64_t* h = &adj_hc_[slot];
      std::uint64_t* h2 = h + Wd;
      const int L = len_[t];
      for (int x0 = 0; x0 + L <= W_; ++x0) {
        const unsigned span = ((1U << L) - 1) << x0;
        if ((m & span) != span) continue;
        std::uint64_t sum = 0;
        for (int q = 0; q < L; ++q) {
          sum += h[x0 + q];
          if (q + 1 < L) sum += h2[x0 + q];
        }
        adjE[(t * H + static_cast<std::size_t>(y)) * Wd + static_cast<std::size_t>(x0)] += sum;
      }
      std::fill(h, h + W_, 0);
      std::fill(h2, h2 + W_, 0);
    }
    hc_touched_.clear();
    adj_hc_.clear();
    for (std::size_t t = 0; t < static_cast<std::size_t>(T_); ++t) {
      const int L = len_[t];
      for (int y = 0; y < H_; ++y)
        for (int c = 0; c < W_; ++c) {
          const std::size_t at = (t * H + static_cast<std::size_t>(y)) * Wd + static_cast<std::size_t>(c);
          const std::uint64_t e = adjE[at] * wE_[at], v = adjS[at] * wS_[at];
          for (int q = 0; q < L; ++q) {
            if (e != 0 && c + q < W_) half_[static_cast<std::size_t>(y * W_ + c + q)] += e;
            if (v != 0 && y + q < H_) half_[static_cast<std::size_t>((y + q) * W_ + c)] += v;
          }
        }
    }
    for (std::size_t i = 0; i < half_.size(); ++i) {
      occupancy[i] -= static_cast<typename Occ::value_type>(half_[i] / 2);
      half_[i] = 0;
    }
  }

 private:
  void new_step(int r, int cf) {
    flush_step();
    step_r_ = r;
    step_cf_ = cf;
    if (++stamp_ == 0) {  // after 2^32 steps: no entry may look current
      for (step_entry& e : step_) e.stamp = 0;
      std::fill(rc_stamp_.begin(), rc_stamp_.end(), 0);
      stamp_ = 1;
    }
    const auto H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_);
    const auto full = static_cast<unsigned>(M_ - 1);
    // The vertical starts above each column's base through (y, c), for the
    // rows they reach: what row_step() takes off row_at().
    for (std::size_t t = 0; t < static_cast<std::size_t>(T_); ++t)
      for (int y = r; y < std::min(H_, r + longest_); ++y)
        for (int c = 0; c < W_; ++c)
          above_[(t * static_cast<std::size_t>(longest_) + static_cast<std::size_t>(y - r)) * Wd +
                 static_cast<std::size_t>(c)] =
              from_[idx_from(t, c, y, 0)] - from_[idx_from(t, c, y, c < cf ? r + 1 : r)];
    for (std::size_t a = 0; a < static_cast<std::size_t>(T_); ++a)
      for (std::size_t b = a; b < static_cast<std::size_t>(T_); ++b) {
        const std::size_t pr = pair_index(a, b);
        std::uint64_t s = 0;
        for (int y = H_ - 1; y >= r; --y) {
          s += row_step(pr, a, b, y, full);
          open_from_[pr * (H + 1) + static_cast<std::size_t>(y)] = s;
        }
        open_from_[pr * (H + 1) + H] = 0;
        std::uint64_t cs = 0;
        for (int c = 0; c < W_; ++c)
          cs += col_[(pr * Wd + static_cast<std::size_t>(c)) * (H + 1) + static_cast<std::size_t>(c < cf ? r + 1 : r)];
        col_base_[pr] = cs;
      }
  }
  // Zeroes every note the touched lists name, and the lists.
  void forget_notes() {
    for (const std::uint32_t e : step_touched_) step_[e].adj = 0;
    for (const std::uint32_t e : rowat_touched_) adj_rowat_[e] = 0;
    for (const std::uint32_t e : hc_touched_) hc_slot_[e] = 0;
    for (const std::uint32_t e : rc_touched_) adj_rc_[e] = 0;
    if (run_notes_) {
      std::fill(east_notes_.begin(), east_notes_.end(), 0);
      std::fill(south_notes_.begin(), south_notes_.end(), 0);
      run_notes_ = false;
    }
    step_touched_.clear();
    rowat_touched_.clear();
    hc_touched_.clear();
    rc_touched_.clear();
  }
  void note_step(std::size_t pr, int y, unsigned m, std::uint64_t A) {
    const std::size_t e = pair_at(pr, y, m);
    if (step_[e].adj == 0) step_touched_.push_back(static_cast<std::uint32_t>(e));
    step_[e].adj += A;
  }
  // The notes on a coverage row (type t, row y, open mask m): 2W entries,
  // the row's cells then its dominoes, in a compact array by first use.
  // Inlined where the notes are taken; the first use of a row, out of line.
  [[gnu::always_inline]] std::size_t hc_slot(std::size_t t, int y, unsigned m) {
    const std::size_t e = type_at(t, y, m);
    if (hc_slot_[e] == 0) [[unlikely]]
      new_hc_slot(e);
    return (hc_slot_[e] - 1) * 2 * static_cast<std::size_t>(W_);
  }
  [[gnu::noinline]] void new_hc_slot(std::size_t e) {
    hc_touched_.push_back(static_cast<std::uint32_t>(e));
    hc_slot_[e] = static_cast<std::uint32_t>(hc_touched_.size());
    adj_hc_.resize(hc_touched_.size() * 2 * static_cast<std::size_t>(W_), 0);
  }
  std::uint64_t* adj_hc(std::size_t t, int y, unsigned m) { return &adj_hc_[hc_slot(t, y, m)]; }
  // overlapping()'s notes, onto the cells of the placements in each run
  // (into half_, as the other notes).
  void flush_runs() {
    if (!run_notes_) return;
    run_notes_ = false;
    // One line of starts (a row going east, a column going south): the
    // running sum of its notes times each start's weight, on the L cells
    // from the start, `step` apart in scan order.
    auto spread = [&](std::uint64_t* notes, int starts, const auto& weight, int first, int step, int L) {
      std::uint64_t A = 0;
      for (int s = 0; s < starts; ++s) {
        A += notes[s];
        notes[s] = 0;
        const std::uint64_t v = A * weight(s);
        if (v != 0)
          for (int q = 0; q < L; ++q) half_[static_cast<std::size_t>(first + (s + q) * step)] += v;
      }
      notes[starts] = 0;
    };
    for (std::size_t t = 0; t < static_cast<std::size_t>(T_); ++t) {
      const int L = len_[t];
      for (int y = 0; y < H_; ++y)
        spread(
            &east_notes_[east_at(t, y)], W_, [&](int x) { return we(t, y, x); }, y * W_, 1, L);
      for (int c = 0; c < W_; ++c)
        spread(
            &south_notes_[south_at(t, c)], H_, [&](int y) { return ws(t, y, c); }, c, W_, L);
    }
  }
  // The step's notes, expanded into the call's (row_at, col_, from_, the coverage rows).
  void flush_step() {
    if (step_r_ < 0) return;
    const auto H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_);
    const auto full = static_cast<unsigned>(M_ - 1);
    for (std::size_t pr = 0; pr < pairs_; ++pr) {
      std::uint64_t acc = 0;
      for (int y = step_r_; y < H_; ++y) {
        std::uint64_t& a = adj_open_[pr * (H + 1) + static_cast<std::size_t>(y)];
        acc += a;
        a = 0;
        if (acc != 0) note_step(pr, y, full, acc);
      }
      adj_open_[pr * (H + 1) + H] = 0;
      const std::uint64_t cb = adj_colbase_[pr];
      adj_colbase_[pr] = 0;
      if (cb != 0)
        for (int c = 0; c < W_; ++c)
          adj_col_[(pr * Wd + static_cast<std::size_t>(c)) * (H + 1) +
                   static_cast<std::size_t>(c < step_cf_ ? step_r_ + 1 : step_r_)] += cb;
    }
    for (const std::uint32_t rc : rc_touched_) {
      const std::uint64_t A = adj_rc_[rc];
      adj_rc_[rc] = 0;
      const auto H1 = H + 1;
      const int whole = static_cast<int>(rc % H1), top = static_cast<int>((rc / H1) % H1);
      const int c = static_cast<int>((rc / (H1 * H1)) % Wd);
      const std::size_t pr = rc / (H1 * H1 * Wd);
      const std::size_t a = pair_a_[pr], b = pair_b_[pr];
      const int base = c < step_cf_ ? step_r_ + 1 : step_r_;
      adj_col_[(pr * Wd + static_cast<std::size_t>(c)) * H1 + static_cast<std::size_t>(top)] += A;
      adj_col_[(pr * Wd + static_cast<std::size_t>(c)) * H1 + static_cast<std::size_t>(base)] -= A;
      const int reach = std::max(len_[a], len_[b]) - 1;
      const auto full = static_cast<unsigned>(M_ - 1);
      for (int y = std::max(top, whole); y < std::min(H_, top + reach); ++y) {
        const std::size_t ia_base = idx_from(a, c, y, base), ia_top = idx_from(a, c, y, top);
        const std::size_t ib_base = idx_from(b, c, y, base), ib_top = idx_from(b, c, y, top);
        const std::uint64_t ha = full_[(a * H + static_cast<std::size_t>(y)) * Wd + static_cast<std::size_t>(c)];
        const std::uint64_t hb = full_[(b * H + static_cast<std::size_t>(y)) * Wd + static_cast<std::size_t>(c)];
        adj_hc(a, y, full)[c] -= A * (from_[ib_base] - from_[ib_top]);
        adj_hc(b, y, full)[c] -= A * (from_[ia_base] - from_[ia_top]);
        adj_from_[ib_base] -= A * ha;
        adj_from_[ib_top] += A * ha;
        adj_from_[ia_base] -= A * hb;
        adj_from_[ia_top] += A * hb;
      }
    }
    rc_touched_.clear();
    for (const std::uint32_t e : step_touched_) {
      const std::uint64_t A = step_[e].adj;
      step_[e].adj = 0;
      if (adj_rowat_[e] == 0) rowat_touched_.push_back(e);
      adj_rowat_[e] += A;
      const auto [pr, y, m] = split_at(e, pairs_);
      if (y >= step_r_ + pair_reach_[pr]) continue;  // no vertical start above a base reaches row y
      const std::size_t a = pair_a_[pr], b = pair_b_[pr];
      const std::uint16_t *ha = hrow(a, y, m), *hb = hrow(b, y, m);
      const std::size_t sa = hc_slot(a, y, m), sb = hc_slot(b, y, m);
      std::uint64_t *aha = &adj_hc_[sa], *ahb = &adj_hc_[sb];
      // The notes on the starts above the bases go to above_notes_, turned
      // into from_'s notes once per step below.
      const std::uint64_t *above_a = above(a, y), *above_b = above(b, y);
      std::uint64_t *na = above_note(a, y), *nb = above_note(b, y);
      for (int c = 0; c < W_; ++c) {
        aha[c] -= A * above_b[c];
        ahb[c] -= A * above_a[c];
        nb[c] += A * ha[c];
        na[c] += A * hb[c];
      }
    }
    step_touched_.clear();
    // above(t, y)[c] is from_ at (t, c, y, 0) less from_ at its base.
    for (std::size_t t = 0; t < static_cast<std::size_t>(T_); ++t)
      for (int y = step_r_; y < std::min(H_, step_r_ + longest_); ++y) {
        std::uint64_t* n = above_note(t, y);
        for (int c = 0; c < W_; ++c) {
          if (n[c] == 0) continue;
          adj_from_[idx_from(t, c, y, 0)] -= n[c];
          adj_from_[idx_from(t, c, y, c < step_cf_ ? step_r_ + 1 : step_r_)] += n[c];
          n[c] = 0;
        }
      }
  }
  [[nodiscard]] std::size_t rc_index(std::size_t pr, int c, int top, int whole) const {
    const auto H1 = static_cast<std::size_t>(H_) + 1;
    return ((pr * static_cast<std::size_t>(W_) + static_cast<std::size_t>(c)) * H1 + static_cast<std::size_t>(top)) *
               H1 +
           static_cast<std::size_t>(whole);
  }
  // A column whose ship runs down to top (below its base): its column term
  // from top instead of base, less the vertical starts between base and top
  // in the rows from whole on (wholly open rows: one entry per step).
  std::uint64_t running_rows(std::size_t pr, std::size_t a, std::size_t b, int c, int top, int whole) {
    const std::size_t rc = rc_index(pr, c, top, whole);
    if (rc_stamp_[rc] == stamp_) return rc_[rc];
    rc_stamp_[rc] = stamp_;
    const auto H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_);
    const int base = c < step_cf_ ? step_r_ + 1 : step_r_;
    const std::uint64_t* cc = &col_[(pr * Wd + static_cast<std::size_t>(c)) * (H + 1)];
    std::uint64_t v = cc[top] - cc[base];
    const int reach = std::max(len_[a], len_[b]) - 1;
    for (int y = std::max(top, whole); y < std::min(H_, top + reach); ++y) {
      const std::uint64_t vb = from_[idx_from(b, c, y, base)] - from_[idx_from(b, c, y, top)];
      const std::uint64_t va = from_[idx_from(a, c, y, base)] - from_[idx_from(a, c, y, top)];
      v -= full_[(a * H + static_cast<std::size_t>(y)) * Wd + static_cast<std::size_t>(c)] * vb +
           va * full_[(b * H + static_cast<std::size_t>(y)) * Wd + static_cast<std::size_t>(c)];
    }
    rc_[rc] = v;
    return v;
  }
  [[nodiscard]] std::uint64_t open_from(std::size_t pr, int y) const {
    return open_from_[pr * (static_cast<std::size_t>(H_) + 1) + static_cast<std::size_t>(y)];
  }
  [[nodiscard]] std::size_t idx_from(std::size_t t, int c, int y, int s0) const {
    return ((t * static_cast<std::size_t>(W_) + static_cast<std::size_t>(c)) * static_cast<std::size_t>(H_) +
            static_cast<std::size_t>(y)) *
               (static_cast<std::size_t>(H_) + 1) +
           static_cast<std::size_t>(s0);
  }
  // Vertical starts >= s0 covering both (y, c) and (y + 1, c).
  [[nodiscard]] std::uint64_t d2(std::size_t t, int c, int y, int s0) const {
    std::uint64_t v = 0;
    for (int s = std::max(s0, y + 1 - len_[t] + 1); s <= y; ++s) v += ws(t, s, c);
    return v;
  }
  const std::uint16_t* hrow(std::size_t t, int y, unsigned m) {
    const std::size_t at = type_at(t, y, m);
    std::uint16_t* h = &hcov_[at * static_cast<std::size_t>(W_)];
    if (!hdone_[at]) {
      hdone_[at] = 1;
      std::uint16_t* h2 = &h2cov_[at * static_cast<std::size_t>(W_)];
      std::fill(h, h + W_, 0);
      std::fill(h2, h2 + W_, 0);
      const int L = len_[t];
      for (int x0 = 0; x0 + L <= W_; ++x0) {
        const unsigned span = ((1U << L) - 1) << x0;
        if ((m & span) != span) continue;
        const std::uint64_t w =
            wE_[(t * static_cast<std::size_t>(H_) + static_cast<std::size_t>(y)) * static_cast<std::size_t>(W_) +
                static_cast<std::size_t>(x0)];
        if (w == 0) continue;
        for (int k = 0; k < L; ++k) {
          h[x0 + k] = static_cast<std::uint16_t>(h[x0 + k] + w);
          if (k + 1 < L) h2[x0 + k] = static_cast<std::uint16_t>(h2[x0 + k] + w);
        }
      }
    }
    return h;
  }
  const std::uint16_t* h2row(std::size_t t, int y, unsigned m) {
    (void)hrow(t, y, m);
    const std::size_t at = type_at(t, y, m);
    return &h2cov_[at * static_cast<std::size_t>(W_)];
  }
  // Row y under open mask m: horizontal x horizontal, and horizontal x every vertical start.
  std::uint64_t row_at(std::size_t pr, std::size_t a, std::size_t b, int y, unsigned m) {
    const std::size_t at = pair_at(pr, y, m);
    if (!rdone_[at]) {
      rdone_[at] = 1;
      const std::uint16_t *ha = hrow(a, y, m), *hb = hrow(b, y, m), *ha2 = h2row(a, y, m), *hb2 = h2row(b, y, m);
      // from_ at (type, c, y, 0): c columns of H (H + 1) entries on.
      const std::uint64_t *fa = &from_[idx_from(a, 0, y, 0)], *fb = &from_[idx_from(b, 0, y, 0)];
      const auto stride = static_cast<std::size_t>(H_) * static_cast<std::size_t>(H_ + 1);
      std::uint64_t s = 0;
      for (int c = 0; c < W_; ++c) {
        const std::size_t at = static_cast<std::size_t>(c) * stride;
        s += static_cast<std::uint64_t>(ha[c]) * hb[c] - static_cast<std::uint64_t>(ha2[c]) * hb2[c];
        s += ha[c] * fb[at] + fa[at] * hb[c];
      }
      row_[at] = s;
    }
    return row_[at];
  }
  // The same with the vertical starts from each column's base on only.
  std::uint64_t row_step(std::size_t pr, std::size_t a, std::size_t b, int y, unsigned m) {
    const std::size_t at = pair_at(pr, y, m);
    step_entry& se = step_[at];
    if (se.stamp != stamp_) {
      se.stamp = stamp_;
      std::uint64_t s = row_at(pr, a, b, y, m);
      if (y < step_r_ + pair_reach_[pr]) {
        const std::uint16_t *ha = hrow(a, y, m), *hb = hrow(b, y, m);
        const std::uint64_t *va = above(a, y), *vb = above(b, y);
        for (int c = 0; c < W_; ++c) s -= ha[c] * vb[c] + va[c] * hb[c];
      }
      se.value = s;
    }
    return se.value;
  }
  // Tables by (row, open mask) keep the types (or pairs) of an entry side by side.
  [[nodiscard]] std::size_t type_at(std::size_t t, int y, unsigned m) const {
    return (static_cast<std::size_t>(y) * static_cast<std::size_t>(M_) + m) * static_cast<std::size_t>(T_) + t;
  }
  [[nodiscard]] std::size_t pair_at(std::size_t pr, int y, unsigned m) const {
    return (static_cast<std::size_t>(y) * static_cast<std::size_t>(M_) + m) * pairs_ + pr;
  }
  // The inverse of type_at (inner = T_) and pair_at (inner = pairs_).
  struct table_entry {
    std::size_t inner;
    int y;
    unsigned m;
  };
  [[nodiscard]] table_entry split_at(std::size_t e, std::size_t inner) const {
    const std::size_t rest = e / inner, M = static_cast<std::size_t>(M_);
    return {e % inner, static_cast<int>(rest / M), static_cast<unsigned>(rest % M)};
  }
  [[nodiscard]] std::size_t pair_index(std::size_t a, std::size_t b) const {
    return a * static_cast<std::size_t>(T_) - a * (a - 1) / 2 + (b - a);
  }
  std::uint64_t* above_note(std::size_t t, int y) {
    return &above_notes_[(t * static_cast<std::size_t>(longest_) + static_cast<std::size_t>(y - step_r_)) *
                         static_cast<std::size_t>(W_)];
  }
  // For a row y the step's vertical starts above the bases reach (y < step_r_ + longest_).
  [[nodiscard]] const std::uint64_t* above(std::size_t t, int y) const {
    return &above_[(t * static_cast<std::size_t>(longest_) + static_cast<std::size_t>(y - step_r_)) *
                   static_cast<std::size_t>(W_)];
  }
  [[nodiscard]] std::size_t east_at(std::size_t t, int y) const {
    return (t * static_cast<std::size_t>(H_) + static_cast<std::size_t>(y)) * (static_cast<std::size_t>(W_) + 1);
  }
  [[nodiscard]] std::size_t south_at(std::size_t t, int c) const {
    return (t * static_cast<std::size_t>(W_) + static_cast<std::size_t>(c)) * (static_cast<std::size_t>(H_) + 1);
  }
  [[nodiscard]] std::uint64_t we(std::size_t t, int y, int x) const {
    return wE_[(t * static_cast<std::size_t>(H_) + static_cast<std::size_t>(y)) * static_cast<std::size_t>(W_) +
               static_cast<std::size_t>(x)];
  }
  [[nodiscard]] std::uint64_t ws(std::size_t t, int y, int c) const {
    return wS_[(t * static_cast<std::size_t>(H_) + static_cast<std::size_t>(y)) * static_cast<std::size_t>(W_) +
               static_cast<std::size_t>(c)];
  }

  int W_ = 0, H_ = 0, T_ = 0, M_ = 0, longest_ = 1;
  std::size_t pairs_ = 0;
  std::vector<int> len_;
  std::vector<std::uint16_t> hcov_, h2cov_, full_;
  std::vector<std::uint64_t> wS_, wE_, from_, d2_, row_, open_from_, col_, col_base_;
  std::vector<unsigned char> hdone_, rdone_;
  struct step_entry {
    std::uint64_t value = 0, adj = 0;
    std::uint32_t stamp = 0;
  };
  std::vector<step_entry> step_;
  std::uint32_t stamp_ = 1;
  std::vector<std::uint64_t> adj_rowat_, adj_open_, adj_colbase_, adj_col_, adj_hc_, adj_from_, adj_d2_, half_;
  std::vector<std::uint32_t> step_touched_, rowat_touched_, hc_touched_, rc_touched_, rc_stamp_;
  std::vector<std::uint64_t> rc_, adj_rc_;
  std::vector<std::uint32_t> hc_slot_;
  std::vector<std::size_t> pair_a_, pair_b_;
  std::vector<int> pair_reach_;  // the longer of a pair's two lengths
  int step_r_ = -1, step_cf_ = -1;
  std::vector<std::uint64_t> above_, above_notes_;  // see new_step() and flush_step()
  std::vector<std::uint64_t> east_prefix_, south_prefix_, across_prefix_, east_notes_, south_notes_;
  bool run_notes_ = false;  // whether east_notes_ or south_notes_ hold any
};

}  // namespace battleship::detail
