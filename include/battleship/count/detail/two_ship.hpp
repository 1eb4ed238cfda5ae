#pragma once
// The completions of a profile state with two ships left and no hit ahead,
// and for the occupancy the cells they cover, in closed form (profile_dp's
// pass with lanes absorbs such states instead of scanning them out); and
// for a state with a hit ahead, the open placements that overlap one given
// placement (overlapping(), kept per step where no state's skyline changes
// it: overlapping_through()), which profile_dp subtracts from N. It
// serves the touching rule on boards up to 12 columns wide, with any
// placement weights (misses and sunk predicates are weights of 0) whose
// horizontal placements through a cell weigh under 2^16 together; build()
// says whether it serves a problem.
//
// Completions: for the two types a, b left, the ordered disjoint pairs of
// open placements, each weighing the product of its two weights, are
//   N_a N_b - O,  O = sum over cells x of c_a(x) c_b(x) - sum over dominoes d of c_a(d) c_b(d),
// N the weight of the open placements, c(x) (c(d)) that of those covering
// cell x (both cells of domino d): two overlapping placements meet in a
// run, which its cells minus its dominoes count once. Two ships of one
// type: (N^2 - O) / 2 (a placement paired with itself is in both terms).
// The open placements are last_ship.hpp's (the same skyline), so N comes
// from its tables; this file computes O, with its per-state loops made
// tables:
// - per call, per pair of types, row and open mask: the row's horizontal x
//   horizontal terms and horizontal x vertical ones, every vertical start
//   counted (row_at). The rows (row, mask) a call meets are numbered by
//   first use (row_id), so that their tables sit side by side: about 700
//   of the 10 x 2^10 on a 10x10 board after 10 shots;
// - per step (frontier row r, column cf): the same less the vertical
//   starts above each column's base (r + 1 behind the frontier, r ahead),
//   lazily per mask (row_step), their sum over the wholly open rows
//   (open_from), the column terms from each base (col_base_), and for a
//   column whose ship runs down to row top, its terms from top in the
//   wholly open rows (running_rows);
// - per state, only the rows partly open in a column with a ship running.
//
// Occupancy, by reverse mode: the completions are a polynomial in the
// placements' weights, bilinear in a's and b's, and the layouts
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
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <battleship/count/detail/profile_problem.hpp>
#include <battleship/detail/byte_size.hpp>

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
    if (W_ > max_width || p.rule != adjacency::touching) return false;
    M_ = 1 << W_;
    pairs_ = static_cast<std::size_t>(T_ * (T_ + 1) / 2);
    // The tables take 4 bytes per (row, open mask), and per row a call
    // meets (row_id) 40 bytes per pair of types and 20W per type: under
    // 300 MB with at most 2^20 (pair, row, mask) entries (the memory limit
    // counts them: closed_form_bytes()). A call meets few rows: about
    // 700, under 1 MB, for the classic fleet on 10x10 after 10 shots.
    if (pairs_ * static_cast<std::size_t>(H_) * static_cast<std::size_t>(M_) > max_entries) return false;
    len_.clear();
    longest_ = 1;
    for (const auto& t : p.types) {
      len_.push_back(t.length);
      longest_ = std::max(longest_, t.length);
    }
    const auto T = static_cast<std::size_t>(T_), H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_),
               M = static_cast<std::size_t>(M_);
    // Rows get their ids afresh in each call (new_row_id). The tables by id
    // keep their room (about 1 KB per id) from call to call, as zeroing
    // them cost about 2 % of a median call's instructions (and nearly a
    // megabyte of writes): a call resets only what it reads before
    // writing, the rows' slots and row_at()'s flags. The notes are zero
    // again after finish() (forget_notes() zeroes those of a pass that did
    // not get there), and an earlier call's step entries never look current
    // (stamp_ only grows). Another shape starts them afresh.
    const std::array<int, 3> shape{W_, H_, T_};
    if (shape != ids_shape_) {
      row_id_.assign(H * M, 0);
      id_cover_.clear();
      id_row_at_.clear();
      id_row_done_.clear();
      id_step_.clear();
      id_adj_row_at_.clear();
      id_adj_cover_.clear();
      id_capacity_ = 0;
      ids_shape_ = shape;
    } else {
      for (std::size_t id = 0; id < id_y_.size(); ++id)
        row_id_[static_cast<std::size_t>(id_y_[id]) * M + id_m_[id]] = 0;
      std::fill_n(id_row_done_.begin(), id_y_.size() * pairs_, 0);
    }
    id_y_.clear();
    id_m_.clear();
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
    // A row's cover counts (cover_row) take 16 bits: with weights, the
    // horizontal placements through a cell must weigh under 2^16 together.
    // Under narrow_limit (unit weights always are), row_step() and row_at()
    // multiply them in 32 bits.
    bool narrow_cover = true;
    for (std::size_t t = 0; t < T; ++t)
      for (int y = 0; y < H_; ++y)
        for (int c = 0; c < W_; ++c) {
          std::uint64_t through = 0;
          for (int x0 = std::max(0, c - len_[t] + 1); x0 <= c; ++x0) {
            through += we(t, y, x0);
            if (through > 0xffff) return false;
          }
          narrow_cover = narrow_cover && through < narrow_limit;
        }
    // from_[((t * W + c) * H + y) * (H + 1) + s0]: vertical starts of type t
    // at rows >= s0 covering (y, c).
    // d2_ alike: starts >= s0 covering (y, c) and (y + 1, c). Both summed
    // from s0 = H down, a start row at a time.
    from_.resize(T * Wd * H * (H + 1));
    d2_.resize(from_.size());
    for (std::size_t t = 0; t < T; ++t)
      for (int c = 0; c < W_; ++c)
        for (int y = 0; y < H_; ++y) {
          std::uint64_t cell = 0, domino = 0;
          from_[idx_from(t, c, y, H_)] = d2_[idx_from(t, c, y, H_)] = 0;
          for (int s0 = H_ - 1; s0 >= 0; --s0) {
            if (s0 <= y && s0 > y - len_[t]) cell += ws(t, s0, c);
            if (s0 <= y && s0 > y + 1 - len_[t]) domino += ws(t, s0, c);
            from_[idx_from(t, c, y, s0)] = cell;
            d2_[idx_from(t, c, y, s0)] = domino;
          }
        }
    // from_ at (t, c, y, 0) by row, in 16 bits, for row_at().
    from16_.assign(T * H * Wd, 0);
    bool narrow_from = true;
    for (std::size_t t = 0; t < T; ++t)
      for (int y = 0; y < H_; ++y)
        for (int c = 0; c < W_; ++c) {
          const std::uint64_t v = from_[idx_from(t, c, y, 0)];
          from16_[from16_at(t, y) + static_cast<std::size_t>(c)] = static_cast<std::uint16_t>(v);
          narrow_from = narrow_from && v < narrow_limit;
        }
    above_.assign(T * static_cast<std::size_t>(longest_) * Wd, 0);
    above16_.assign(above_.size(), 0);
    above_notes_.assign(above_.size(), 0);
    narrow_cover_ = narrow_cover;
    narrow_rows_ = narrow_cover && narrow_from;
    // Notes a pass left behind when it threw (a memory limit) must not
    // reach the next one: the tables below are reused across calls.
    forget_notes();
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
    adj_open_.assign(pairs_ * (H + 1), 0);
    adj_colbase_.assign(pairs_, 0);
    adj_col_.assign(pairs_ * Wd * (H + 1), 0);
    adj_from_.assign(from_.size(), 0);
    adj_d2_.assign(from_.size(), 0);
    half_.assign(H * Wd, 0);
    if (rc_.size() != pairs_ * Wd * (H + 1) * (H + 1)) rc_.assign(pairs_ * Wd * (H + 1) * (H + 1), step_entry{});
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
    across_notes_.assign(across_prefix_.size(), 0);
    run_notes_ = false;
    return true;
  }

  // A state's blocked cells in the eight rows from the frontier's, row r + d
  // in the low W bits of entry d (as last_ship_view keeps them).
  using blocked_rows = std::array<std::uint16_t, 8>;
  // What overlap() and overlapping() need of a state, once for all its
  // lanes: its blocked rows, the rows partly open and the columns with a
  // ship running down.
  // The arrays are left uninitialised (one per state absorbed): prepare()
  // and prepare_open() write every entry that is read.
  struct skyline {
    int r = 0, cf = 0, whole = 0, running = 0;
    unsigned running_columns = 0;
    unsigned mask[8];
    std::uint32_t id[8];  // the partly open rows' ids: prepare_rows()
    int col[16], base[16], top[16];
    std::size_t column_at[16];  // per running column, its column_index(): prepare_rows()
    int open[16];               // per column, its first open row: prepare_open()
  };
  void prepare(skyline& k, const blocked_rows& rows, int r, int cf) const {
    const unsigned all = (1U << W_) - 1;
    k.r = r;
    k.cf = cf;
    k.whole = r;
    int d = 0;
    for (; d < static_cast<int>(rows.size()) && r + d < H_; ++d) {
      const unsigned blocked = rows[static_cast<std::size_t>(d)] & all;
      if (blocked == 0) break;
      k.mask[d] = ~blocked & all;
      k.whole = r + d + 1;
    }
    const unsigned behind = (1U << cf) - 1;
    const unsigned row0 = d > 0 ? rows[0] & all : 0, row1 = d > 1 ? rows[1] & all : 0;
    // A running column's top, its first open row: the lowest clear bit of
    // the column in the rows, four rows (16 bits each) per word.
    const auto [low, high] = std::bit_cast<std::array<std::uint64_t, 2>>(rows);
    constexpr std::uint64_t column0 = 0x0001000100010001ULL;
    k.running = 0;
    k.running_columns = (row0 & ~behind) | (row1 & behind);
    for (unsigned run = k.running_columns; run != 0; run &= run - 1) {
      const int c = std::countr_zero(run);
      const std::uint64_t open_low = ~low & (column0 << c), open_high = ~high & (column0 << c);
      const int first = open_low != 0    ? std::countr_zero(open_low) / 16
                        : open_high != 0 ? 4 + std::countr_zero(open_high) / 16
                                         : 8;
      const int t = std::min(first, d);
      k.col[k.running] = c;
      k.base[k.running] = c < cf ? r + 1 : r;
      k.top[k.running] = r + t;
      ++k.running;
    }
  }
  // The ids of a prepared state's partly open rows, which overlap() reads:
  // once per state, for all its lanes.
  void prepare_rows(skyline& k) {
    for (int y = k.r; y < k.whole; ++y) k.id[y - k.r] = row_id(y, k.mask[y - k.r]);
    for (int j = 0; j < k.running; ++j) k.column_at[j] = column_index(k.col[j], k.top[j], k.whole);
  }
  // The first open row of every column of a prepared state, which
  // overlapping() reads (overlap() needs only the running columns').
  void prepare_open(skyline& k) const {
    for (int c = 0; c < W_; ++c) k.open[c] = c < k.cf ? k.r + 1 : k.r;
    for (int j = 0; j < k.running; ++j) k.open[k.col[j]] = k.top[j];
  }
  // The overlap sum O for types a, b of a prepared state (prepare_rows()
  // too). With Note (the occupancy), also A times the partial derivative
  // of O by each table entry it reads, noted (reverse mode): finish()
  // turns the notes into each cell's sum, over the states, of A times the
  // placements through it weighted by the open placements they overlap.
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
    for (int d = 0; d < k.whole - k.r; ++d) {
      o += row_step(pr, a, b, k.id[d]);
      if constexpr (Note) note_step(pr, k.id[d], A);
    }
    const int reach = pair_reach_[pr] - 1;
    for (int j = 0; j < k.running; ++j) {
      const int c = k.col[j], base = k.base[j], top = k.top[j];
      const std::size_t rc = k.column_at[j] * pairs_ + pr;
      o += running_rows(rc, pr, a, b, c, top, k.whole);
      if constexpr (Note) {
        if (rc_[rc].adj == 0) rc_touched_.push_back(static_cast<std::uint32_t>(rc));
        rc_[rc].adj += A;
      }
      // Rows partly open: their ids come from the state.
      o -= running_terms<Note>(
          a, b, c, base, top, top, std::min(k.whole, top + reach), [&](int y) { return k.id[y - k.r]; }, A);
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
      // Their notes: the same run of starts in each of those rows, noted
      // once as a difference down the column (flush_runs()).
      if constexpr (Note) {
        across_notes_[at + static_cast<std::size_t>(open_from)] += A;
        across_notes_[at + static_cast<std::size_t>(last) + 1] -= A;
      }
    }
    return o;
  }
  // overlapping() for an open placement P through a hit (profile_dp's
  // ends with a hit ahead). Where no state's skyline changes it, the step
  // keeps it per (u, P), P being entry `id` of the `ids` the step lists
  // through its hits, and sums the notes on it: an entry of the step, like
  // row_step()'s, whose notes flush_step() replays on the step's bare
  // skyline (every column open from its base). That holds when P lies in
  // the state's wholly open rows, and the vertical placements of u through
  // P's first row start there too or P's columns have no ship running: P's
  // runs are then the bare skyline's. Over the benchmark's 32 Park games
  // after 10 shots, 18 % of the calls (64 % in game 25, the median one);
  // their notes are summed rather than spread on each call, and the median
  // call takes about 5 % less time (docs/results/30-exact-counting.md,
  // session 35).
  template <bool Note>
  [[nodiscard]] std::uint64_t overlapping_through(std::size_t u, std::size_t id, std::size_t ids, int row, int col,
                                                  int dir, int L, const skyline& k, std::uint64_t A = 0) {
    const unsigned columns = dir == 0 ? ((1U << L) - 1) << col : 1U << col;
    if (row < k.whole || (row - len_[u] + 1 < k.whole && (columns & k.running_columns) != 0))
      return overlapping<Note>(u, row, col, dir, L, k, A);
    if (k.r != step_r_ || k.cf != step_cf_) new_step(k.r, k.cf);
    if (kept_.size() < static_cast<std::size_t>(T_) * ids) kept_.resize(static_cast<std::size_t>(T_) * ids);
    step_entry& e = kept_[u * ids + id];
    if (e.stamp != stamp_) {
      e.stamp = stamp_;
      e.value = overlapping<false>(u, row, col, dir, L, k);
    }
    if constexpr (Note) {
      if (e.adj == 0) kept_touched_.push_back({u * ids + id, u, row, col, dir, L});
      e.adj += A;
    }
    return e.value;
  }
  // A pass that notes (overlap<true>) begins: until finish(), the next
  // build() may not trust the tables by row id to hold no notes
  // (forget_notes()).
  void expect_notes() noexcept { noted_ = true; }
  // Subtracts from occupancy (scan order) half of what overlap<true> and
  // overlapping<true> noted.
  template <class Occ>
  void finish(Occ& occupancy) {
    flush_step();
    flush_runs();
    const auto H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_);
    // Row terms with every vertical start: row_at.
    const std::size_t ids = id_y_.size();
    for (std::size_t e = 0; e < ids * pairs_; ++e) {
      const std::uint64_t A = id_adj_row_at_[e];
      if (A == 0) continue;
      id_adj_row_at_[e] = 0;
      const auto id = static_cast<std::uint32_t>(e / pairs_);
      const std::size_t pr = e % pairs_, a = pair_a_[pr], b = pair_b_[pr];
      const int y = id_y_[id];
      const std::uint16_t *ha = cover(id, a), *hb = cover(id, b), *ha2 = ha + W_, *hb2 = hb + W_;
      std::uint64_t *aha = cover_notes(id, a), *ahb = cover_notes(id, b), *aha2 = aha + W_, *ahb2 = ahb + W_;
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
    for (std::size_t e = 0; e < ids * static_cast<std::size_t>(T_); ++e) {
      const auto id = static_cast<std::uint32_t>(e / static_cast<std::size_t>(T_));
      const std::size_t t = e % static_cast<std::size_t>(T_);
      std::uint64_t* h = cover_notes(id, t);
      std::uint64_t* h2 = h + Wd;
      if (std::all_of(h, h + 2 * Wd, [](std::uint64_t v) { return v == 0; })) continue;
      const int y = id_y_[id];
      const unsigned m = id_m_[id];
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
      std::fill(h, h + 2 * Wd, 0);
    }
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
    noted_ = false;  // every note above is zero again
  }
  // Moves the step stamp on so that it wraps (new_step()) within the next
  // steps + 1 steps, as if the steps between had been taken: tests reach
  // the wrap, which takes 2^32 steps otherwise. Never moves it back.
  void stamp_wraps_within(std::uint32_t steps) noexcept {
    const std::uint32_t at = std::numeric_limits<std::uint32_t>::max() - steps;
    if (at > stamp_) stamp_ = at;
  }
  [[nodiscard]] std::uint32_t stamp() const noexcept { return stamp_; }

  // The bytes the tables hold, those by row id included (they grow as a
  // call meets new rows, and keep their room from call to call).
  [[nodiscard]] std::size_t bytes() const noexcept {
    return capacity_bytes(len_, wS_, wE_, from_, d2_, open_from_, col_, col_base_, row_id_, id_y_, id_m_, id_cover_,
                          id_row_done_, id_row_at_, id_adj_row_at_, id_adj_cover_, id_step_, adj_open_, adj_colbase_,
                          adj_col_, adj_from_, adj_d2_, half_, step_touched_, rc_touched_, rc_, pair_a_, pair_b_,
                          pair_reach_, above_, above_notes_, above16_, from16_, east_prefix_, south_prefix_,
                          across_prefix_, east_notes_, south_notes_, across_notes_, kept_, kept_touched_);
  }

 private:
  void new_step(int r, int cf) {
    flush_step();
    step_r_ = r;
    step_cf_ = cf;
    if (++stamp_ == 0) {  // after 2^32 steps: no entry may look current
      for (step_entry& e : id_step_) e.stamp = 0;
      for (step_entry& e : rc_) e.stamp = 0;
      for (step_entry& e : kept_) e.stamp = 0;
      stamp_ = 1;
    }
    const auto H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_);
    const auto full = static_cast<unsigned>(M_ - 1);
    // The vertical starts above each column's base through (y, c), for the
    // rows they reach: what row_step() takes off row_at().
    step_narrow_ = narrow_cover_;
    for (std::size_t t = 0; t < static_cast<std::size_t>(T_); ++t)
      for (int y = r; y < std::min(H_, r + longest_); ++y)
        for (int c = 0; c < W_; ++c) {
          const std::size_t at = (t * static_cast<std::size_t>(longest_) + static_cast<std::size_t>(y - r)) * Wd +
                                 static_cast<std::size_t>(c);
          above_[at] = from_[idx_from(t, c, y, 0)] - from_[idx_from(t, c, y, c < cf ? r + 1 : r)];
          above16_[at] = static_cast<std::uint16_t>(above_[at]);
          step_narrow_ = step_narrow_ && above_[at] < narrow_limit;
        }
    for (std::size_t a = 0; a < static_cast<std::size_t>(T_); ++a)
      for (std::size_t b = a; b < static_cast<std::size_t>(T_); ++b) {
        const std::size_t pr = pair_index(a, b);
        std::uint64_t s = 0;
        for (int y = H_ - 1; y >= r; --y) {
          s += row_step(pr, a, b, row_id(y, full));
          open_from_[pr * (H + 1) + static_cast<std::size_t>(y)] = s;
        }
        open_from_[pr * (H + 1) + H] = 0;
        std::uint64_t cs = 0;
        for (int c = 0; c < W_; ++c)
          cs += col_[(pr * Wd + static_cast<std::size_t>(c)) * (H + 1) + static_cast<std::size_t>(c < cf ? r + 1 : r)];
        col_base_[pr] = cs;
      }
  }
  // overlapping_through()'s notes, on the bare skyline of the step
  // (flush_step()).
  void replay_kept() {
    if (kept_touched_.empty()) return;
    // Every column open from its base. Row r counts as wholly open: a kept
    // placement lies in rows a state leaves wholly open, below row r when
    // row r holds a decided cell, so its runs never read row r's mask.
    skyline bare;
    bare.r = bare.whole = step_r_;
    bare.cf = step_cf_;
    prepare_open(bare);
    for (const kept_note& n : kept_touched_) {
      const std::uint64_t A = kept_[n.at].adj;
      kept_[n.at].adj = 0;
      if (A != 0) (void)overlapping<true>(n.u, n.row, n.col, n.dir, n.L, bare, A);
    }
    kept_touched_.clear();
  }
  // Zeroes every note the touched lists name, and the lists; and after a
  // pass that noted but did not reach finish() (it threw, or no backward
  // pass followed), every note by row id, which overlap<true> writes
  // without a list.
  void forget_notes() {
    if (noted_) {
      std::fill(id_adj_row_at_.begin(), id_adj_row_at_.end(), 0);
      std::fill(id_adj_cover_.begin(), id_adj_cover_.end(), 0);
      for (step_entry& e : id_step_) e.adj = 0;
      noted_ = false;
    }
    for (const kept_note& n : kept_touched_) kept_[n.at].adj = 0;
    kept_touched_.clear();
    for (const std::uint32_t e : rc_touched_) rc_[e].adj = 0;
    if (run_notes_) {
      std::fill(east_notes_.begin(), east_notes_.end(), 0);
      std::fill(south_notes_.begin(), south_notes_.end(), 0);
      std::fill(across_notes_.begin(), across_notes_.end(), 0);
      run_notes_ = false;
    }
    step_touched_.clear();
    rc_touched_.clear();
  }
  void note_step(std::size_t pr, std::uint32_t id, std::uint64_t A) {
    const std::size_t e = id * pairs_ + pr;
    if (id_step_[e].adj == 0) step_touched_.push_back(static_cast<std::uint32_t>(e));
    id_step_[e].adj += A;
  }
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
    // The notes on the wholly open rows under vertical placements: in row
    // y, the horizontal starts through column c.
    for (std::size_t t = 0; t < static_cast<std::size_t>(T_); ++t) {
      const int L = len_[t];
      for (int c = 0; c < W_; ++c) {
        std::uint64_t* notes = &across_notes_[south_at(t, c)];
        const int lo = std::max(0, c - L + 1), hi = std::min(c, W_ - L);
        std::uint64_t A = 0;
        for (int y = 0; y < H_; ++y) {
          A += notes[y];
          notes[y] = 0;
          if (A != 0 && lo <= hi) {
            east_notes_[east_at(t, y) + static_cast<std::size_t>(lo)] += A;
            east_notes_[east_at(t, y) + static_cast<std::size_t>(hi) + 1] -= A;
          }
        }
        notes[H_] = 0;
      }
    }
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
    replay_kept();
    const auto H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_);
    const auto full = static_cast<unsigned>(M_ - 1);
    for (std::size_t pr = 0; pr < pairs_; ++pr) {
      std::uint64_t acc = 0;
      for (int y = step_r_; y < H_; ++y) {
        std::uint64_t& a = adj_open_[pr * (H + 1) + static_cast<std::size_t>(y)];
        acc += a;
        a = 0;
        if (acc != 0) note_step(pr, row_id(y, full), acc);
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
      const std::uint64_t A = rc_[rc].adj;
      rc_[rc].adj = 0;
      const auto H1 = H + 1;
      const std::size_t pr = rc % pairs_, rest = rc / pairs_;
      const int whole = static_cast<int>(rest % H1), top = static_cast<int>((rest / H1) % H1);
      const int c = static_cast<int>(rest / (H1 * H1));
      const std::size_t a = pair_a_[pr], b = pair_b_[pr];
      const int base = c < step_cf_ ? step_r_ + 1 : step_r_;
      adj_col_[(pr * Wd + static_cast<std::size_t>(c)) * H1 + static_cast<std::size_t>(top)] += A;
      adj_col_[(pr * Wd + static_cast<std::size_t>(c)) * H1 + static_cast<std::size_t>(base)] -= A;
      // running_rows()'s wholly open rows, which new_step() gave their ids.
      (void)running_terms<true>(
          a, b, c, base, top, std::max(top, whole), std::min(H_, top + pair_reach_[pr] - 1),
          [&](int y) { return row_id(y, full); }, A);
    }
    rc_touched_.clear();
    for (const std::uint32_t e : step_touched_) {
      const std::uint64_t A = id_step_[e].adj;
      id_step_[e].adj = 0;
      id_adj_row_at_[e] += A;
      const auto id = static_cast<std::uint32_t>(e / pairs_);
      const std::size_t pr = e % pairs_;
      const int y = id_y_[id];
      if (y >= step_r_ + pair_reach_[pr]) continue;  // no vertical start above a base reaches row y
      const std::size_t a = pair_a_[pr], b = pair_b_[pr];
      const std::uint16_t *ha = cover(id, a), *hb = cover(id, b);
      std::uint64_t *aha = cover_notes(id, a), *ahb = cover_notes(id, b);
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
  // A running column's entries in rc_ (running_rows()) are column_index()
  // times pairs_ plus the pair's index: the pairs innermost, so that a
  // state's lanes read neighbouring entries.
  [[nodiscard]] std::size_t column_index(int c, int top, int whole) const {
    const auto H1 = static_cast<std::size_t>(H_) + 1;
    return (static_cast<std::size_t>(c) * H1 + static_cast<std::size_t>(top)) * H1 + static_cast<std::size_t>(whole);
  }
  // A column whose ship runs down to top (below its base): its column term
  // from top instead of base, less the vertical starts between base and top
  // in the rows from whole on (wholly open rows: one entry per step).
  // rc is column_index(c, top, whole) * pairs_ + pr.
  std::uint64_t running_rows(std::size_t rc, std::size_t pr, std::size_t a, std::size_t b, int c, int top, int whole) {
    step_entry& e = rc_[rc];
    if (e.stamp == stamp_) return e.value;
    e.stamp = stamp_;
    const auto H = static_cast<std::size_t>(H_), Wd = static_cast<std::size_t>(W_);
    const auto full = static_cast<unsigned>(M_ - 1);
    const int base = c < step_cf_ ? step_r_ + 1 : step_r_;
    const std::uint64_t* cc = &col_[(pr * Wd + static_cast<std::size_t>(c)) * (H + 1)];
    // The wholly open rows: new_step() gave them their ids.
    e.value = cc[top] - cc[base] -
              running_terms<false>(a, b, c, base, top, std::max(top, whole), std::min(H_, top + pair_reach_[pr] - 1),
                                   [&](int y) { return row_id(y, full); });
    return e.value;
  }
  // For a column c whose ship runs down to top (below its base), in rows
  // y0 .. y1 - 1 (row y's id from id_of(y)): the horizontal x vertical
  // terms of the vertical starts between base and top, which the column
  // term from top leaves out, sum of h_a v_b + v_a h_b. With Note, also A
  // times the derivative of minus that sum by each entry read, noted:
  // overlap() reads the partly open rows of a state, running_rows() and
  // flush_step() the wholly open ones of a step.
  template <bool Note, class IdOf>
  std::uint64_t running_terms(std::size_t a, std::size_t b, int c, int base, int top, int y0, int y1, IdOf id_of,
                              std::uint64_t A = 0) {
    std::uint64_t sum = 0;
    if (y0 >= y1) return 0;
    // from_ at (t, c, y, s0) steps H + 1 entries a row (idx_from()); the
    // cover counts are indexed by hand too (cover_at()), as cover() would
    // recompute the row id's offset for each read and note.
    const auto next_row = static_cast<std::size_t>(H_) + 1;
    const std::size_t ia = idx_from(a, c, y0, base), ib = idx_from(b, c, y0, base);
    const std::size_t gap = static_cast<std::size_t>(top - base);
    const std::size_t ca = cover_at(0, a) + static_cast<std::size_t>(c),
                      cb = cover_at(0, b) + static_cast<std::size_t>(c);
    const std::size_t per_id = cover_at(1, 0);
    for (int y = y0; y < y1; ++y) {
      const std::size_t at = static_cast<std::size_t>(y - y0) * next_row;
      const std::size_t ia_base = ia + at, ia_top = ia_base + gap, ib_base = ib + at, ib_top = ib_base + gap;
      const std::uint64_t vb = from_[ib_base] - from_[ib_top];
      const std::uint64_t va = from_[ia_base] - from_[ia_top];
      const std::size_t row = static_cast<std::size_t>(id_of(y)) * per_id;
      const std::uint64_t ha = id_cover_[row + ca], hb = id_cover_[row + cb];
      sum += ha * vb + va * hb;
      if constexpr (Note) {
        id_adj_cover_[row + ca] -= A * vb;
        id_adj_cover_[row + cb] -= A * va;
        adj_from_[ib_base] -= A * ha;
        adj_from_[ib_top] += A * ha;
        adj_from_[ia_base] -= A * hb;
        adj_from_[ia_top] += A * hb;
      }
    }
    return sum;
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
  // Row y's cover counts of type t's open horizontal placements under open
  // mask m: per cell (h) and per domino, the cell and the next (h2).
  void cover_row(std::size_t t, int y, unsigned m, std::uint16_t* h, std::uint16_t* h2) const {
    std::fill(h, h + W_, 0);
    std::fill(h2, h2 + W_, 0);
    const int L = len_[t];
    for (int x0 = 0; x0 + L <= W_; ++x0) {
      const unsigned span = ((1U << L) - 1) << x0;
      if ((m & span) != span) continue;
      const std::uint64_t w = we(t, y, x0);
      if (w == 0) continue;
      for (int k = 0; k < L; ++k) {
        h[x0 + k] = static_cast<std::uint16_t>(h[x0 + k] + w);
        if (k + 1 < L) h2[x0 + k] = static_cast<std::uint16_t>(h2[x0 + k] + w);
      }
    }
  }
  // The rows (row, open mask) a call meets are numbered by first use, and
  // their tables kept by number: a few hundred of the H 2^W rows, side by
  // side, where a state's lanes read them from cache.
  std::uint32_t row_id(int y, unsigned m) {
    std::uint32_t& slot = row_id_[static_cast<std::size_t>(y) * static_cast<std::size_t>(M_) + m];
    if (slot == 0) [[unlikely]]
      slot = new_row_id(y, m);
    return slot - 1;
  }
  // A row's tables: each type's cover counts (cover_row), and per pair its
  // row_at (computed when first read), step entry (stamp 0: never current)
  // and notes (0).
  [[gnu::noinline]] std::uint32_t new_row_id(int y, unsigned m) {
    const auto id = static_cast<std::uint32_t>(id_y_.size());
    id_y_.push_back(y);
    id_m_.push_back(m);
    if (id >= id_capacity_) grow_ids(id + 1);
    for (std::size_t t = 0; t < static_cast<std::size_t>(T_); ++t) cover_row(t, y, m, cover(id, t), cover(id, t) + W_);
    return id + 1;
  }
  // Room for at least `ids` row ids, the new ones zeroed (by doubling).
  void grow_ids(std::size_t ids) {
    id_capacity_ = std::max({ids, 2 * id_capacity_, std::size_t{64}});
    const std::size_t covers = id_capacity_ * static_cast<std::size_t>(T_) * 2 * static_cast<std::size_t>(W_),
                      entries = id_capacity_ * pairs_;
    id_cover_.resize(covers);
    id_adj_cover_.resize(covers, 0);
    id_row_at_.resize(entries);
    id_row_done_.resize(entries, 0);
    id_step_.resize(entries);
    id_adj_row_at_.resize(entries, 0);
  }
  // A row's cover counts of type t: W per cell, then W per domino.
  [[nodiscard]] std::uint16_t* cover(std::uint32_t id, std::size_t t) { return &id_cover_[cover_at(id, t)]; }
  // The notes on them, laid out alike.
  [[nodiscard]] std::uint64_t* cover_notes(std::uint32_t id, std::size_t t) { return &id_adj_cover_[cover_at(id, t)]; }
  // Where row id's counts of type t start: T x 2W entries per id.
  [[nodiscard]] std::size_t cover_at(std::uint32_t id, std::size_t t) const {
    return (id * static_cast<std::size_t>(T_) + t) * 2 * static_cast<std::size_t>(W_);
  }
  // Row y (id) under its open mask, for the pair pr of types a and b:
  // horizontal x horizontal, and horizontal x every vertical start.
  std::uint64_t row_at(std::size_t pr, std::size_t a, std::size_t b, std::uint32_t id, int y) {
    const std::size_t at = id * pairs_ + pr;
    if (!id_row_done_[at]) {
      id_row_done_[at] = 1;
      const std::uint16_t *ha = cover(id, a), *hb = cover(id, b), *ha2 = ha + W_, *hb2 = hb + W_;
      std::uint64_t s = 0;
      if (narrow_rows_) {
        // As in row_step(): every factor under 2^12, 4W products in 32 bits.
        const std::uint16_t *ga = &from16_[from16_at(a, y)], *gb = &from16_[from16_at(b, y)];
        std::uint32_t t = 0;
        for (int c = 0; c < W_; ++c)
          t += static_cast<std::uint32_t>(ha[c]) * hb[c] - static_cast<std::uint32_t>(ha2[c]) * hb2[c] +
               static_cast<std::uint32_t>(ha[c]) * gb[c] + static_cast<std::uint32_t>(ga[c]) * hb[c];
        s = t;
      } else {
        // from_ at (type, c, y, 0): c columns of H (H + 1) entries on.
        const std::uint64_t *fa = &from_[idx_from(a, 0, y, 0)], *fb = &from_[idx_from(b, 0, y, 0)];
        const auto stride = static_cast<std::size_t>(H_) * static_cast<std::size_t>(H_ + 1);
        for (int c = 0; c < W_; ++c) {
          const std::size_t f = static_cast<std::size_t>(c) * stride;
          s += static_cast<std::uint64_t>(ha[c]) * hb[c] - static_cast<std::uint64_t>(ha2[c]) * hb2[c];
          s += ha[c] * fb[f] + fa[f] * hb[c];
        }
      }
      id_row_at_[at] = s;
    }
    return id_row_at_[at];
  }
  // row_at with the vertical starts from each column's base on only.
  std::uint64_t row_step(std::size_t pr, std::size_t a, std::size_t b, std::uint32_t id) {
    const std::size_t at = id * pairs_ + pr;
    step_entry& se = id_step_[at];
    if (se.stamp != stamp_) {
      se.stamp = stamp_;
      const int y = id_y_[id];
      std::uint64_t s = row_at(pr, a, b, id, y);
      if (y < step_r_ + pair_reach_[pr]) {
        const std::uint16_t *ha = cover(id, a), *hb = cover(id, b);
        if (step_narrow_) {
          // Every factor under 2^12: 2W products under 2^24 sum in 32 bits,
          // which the compiler vectorises.
          const std::uint16_t *va = &above16_[above_at(a, y)], *vb = &above16_[above_at(b, y)];
          std::uint32_t t = 0;
          for (int c = 0; c < W_; ++c)
            t += static_cast<std::uint32_t>(ha[c]) * vb[c] + static_cast<std::uint32_t>(va[c]) * hb[c];
          s -= t;
        } else {
          const std::uint64_t *va = above(a, y), *vb = above(b, y);
          for (int c = 0; c < W_; ++c) s -= ha[c] * vb[c] + va[c] * hb[c];
        }
      }
      se.value = s;
    }
    return se.value;
  }
  [[nodiscard]] std::size_t pair_index(std::size_t a, std::size_t b) const {
    return a * static_cast<std::size_t>(T_) - a * (a - 1) / 2 + (b - a);
  }
  std::uint64_t* above_note(std::size_t t, int y) {
    return &above_notes_[(t * static_cast<std::size_t>(longest_) + static_cast<std::size_t>(y - step_r_)) *
                         static_cast<std::size_t>(W_)];
  }
  // For a row y the step's vertical starts above the bases reach (y < step_r_ + longest_).
  [[nodiscard]] const std::uint64_t* above(std::size_t t, int y) const { return &above_[above_at(t, y)]; }
  [[nodiscard]] std::size_t from16_at(std::size_t t, int y) const {
    return (t * static_cast<std::size_t>(H_) + static_cast<std::size_t>(y)) * static_cast<std::size_t>(W_);
  }
  [[nodiscard]] std::size_t above_at(std::size_t t, int y) const {
    return (t * static_cast<std::size_t>(longest_) + static_cast<std::size_t>(y - step_r_)) *
           static_cast<std::size_t>(W_);
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
  std::vector<std::uint64_t> wS_, wE_, from_, d2_, open_from_, col_, col_base_;
  struct step_entry {
    std::uint64_t value = 0, adj = 0;
    std::uint32_t stamp = 0;
  };
  std::uint32_t stamp_ = 1;
  // By row id (row_id()): see new_row_id().
  std::vector<std::uint32_t> row_id_;  // per (row, open mask): its id + 1, or 0
  std::vector<int> id_y_;
  std::vector<unsigned> id_m_;
  std::vector<std::uint16_t> id_cover_;
  std::vector<unsigned char> id_row_done_;
  std::vector<std::uint64_t> id_row_at_, id_adj_row_at_, id_adj_cover_;
  std::vector<step_entry> id_step_;
  std::size_t id_capacity_ = 0;     // the ids the tables above have room for: grow_ids()
  std::array<int, 3> ids_shape_{};  // the board and types they were laid out for: W, H, T
  bool noted_ = false;              // whether a pass may have noted since the last finish(): expect_notes()
  std::vector<std::uint64_t> adj_open_, adj_colbase_, adj_col_, adj_from_, adj_d2_, half_;
  std::vector<std::uint32_t> step_touched_, rc_touched_;
  std::vector<step_entry> rc_;  // running_rows() by column_index() and pair, for the current step, with its notes
  std::vector<std::size_t> pair_a_, pair_b_;
  std::vector<int> pair_reach_;  // the longer of a pair's two lengths
  int step_r_ = -1, step_cf_ = -1;
  std::vector<std::uint64_t> above_, above_notes_;  // see new_step() and flush_step()
  // above_ and from_ at start row 0 (by row) in 16 bits, which row_step()
  // and row_at() read when every cover count and every entry they take is
  // under narrow_limit: per step (step_narrow_) and per call (narrow_rows_).
  static constexpr std::uint64_t narrow_limit = 1U << 12;
  std::vector<std::uint16_t> above16_, from16_;
  bool narrow_cover_ = false, step_narrow_ = false, narrow_rows_ = false;
  std::vector<std::uint64_t> east_prefix_, south_prefix_, across_prefix_, east_notes_, south_notes_;
  std::vector<std::uint64_t> across_notes_;  // like across_prefix_: a difference down each column, see flush_runs()
  bool run_notes_ = false;                   // whether east_notes_, south_notes_ or across_notes_ hold any
  // overlapping_through()'s kept values, by type and placement, for the
  // current step (stamp_); and those with notes to replay.
  struct kept_note {
    std::size_t at, u;
    int row, col, dir, L;
  };
  std::vector<step_entry> kept_;
  std::vector<kept_note> kept_touched_;
};

}  // namespace battleship::detail
