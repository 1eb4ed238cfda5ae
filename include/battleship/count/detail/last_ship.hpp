#pragma once
// The completions of a profile state with one ship left to place, in closed
// form (profile_dp absorbs such states instead of scanning them out).
//
// Every check that involves an earlier ship is a contact or overlap test
// against cells the state already knows: the ships running down, the rest of
// the current horizontal ship, and the ship cells of the row above the
// frontier. In each column those cells, and the cells next to them that the
// rule forbids, form a run from the frontier down, so the cells still open to
// the last ship are, column by column, every row from some row on: a
// skyline. A placement is legal when all its cells are open and its weight
// (bounds, misses, sunk announcements, a user weight) is not 0, so the
// completions are
//   sum over rows y of HV[y][open columns of row y][t],
// where HV[y][m][t] is the weight of the horizontal placements of type t in
// row y that lie within m, plus that of the vertical ones starting in row y
// in a column of m (a vertical placement starting at an open cell has all
// its cells open). Below the skyline every row is wholly open: one suffix sum.
// The types are innermost: an end with several lanes (one type each) reads
// one cache line per row, not one line per type 2^W x H entries apart, and
// so does the occupancy's accumulator, laid out the same way.
//
// The rows a state still blocks are kept as lanes of one 128-bit word, row
// r + d in bits 16d .. 16d + 15 (bit j: column j blocked), so the blocks of
// several columns combine with OR and the contact rules' spread to the
// neighbouring columns is two shifts.

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/detail/checked_arithmetic.hpp>
#include <battleship/count/detail/profile_problem.hpp>
#include <battleship/detail/byte_size.hpp>

namespace battleship::detail {

__extension__ using lane_word = unsigned __int128;
inline constexpr int lane_bits = 16;
inline constexpr int lane_count = 8;

// What one column blocks, in lanes from the frontier down: `blocked`, the
// cells it leaves no last ship (its ship cells and, under the contact rules,
// the cells they forbid, in this column and its two neighbours), and `ship`,
// its ship cells (a hit there is covered already). Blocks combine with OR.
struct column_block {
  lane_word blocked = 0, ship = 0;
  constexpr void merge(const column_block& other) noexcept {
    blocked |= other.blocked;
    ship |= other.ship;
  }
};

// Lanes 0 .. last (inclusive) at column col; nothing when last < 0.
[[nodiscard]] constexpr lane_word lanes_through(int last, int col) noexcept {
  lane_word m = 0;
  for (int d = 0; d <= last && d < lane_count; ++d) m |= lane_word{1} << (d * lane_bits + col);
  return m;
}

// The block of column `col` whose profile code is `code` (0 nothing, 1 a ship
// cell with nothing running down, k + 1 a vertical ship with k cells still to
// place below), for a state before cell (r, c): the code is about row r when
// col < c (`behind`), about row r - 1 otherwise. Lane d is row r + d.
[[nodiscard]] constexpr column_block block_of_column(adjacency rule, int code, bool behind, int col) noexcept {
  column_block b;
  if (behind) b.blocked = lanes_through(0, col);  // row r of this column is decided
  if (code == 0) return b;
  // The last row (relative to r) holding a ship cell of this column.
  const int last = (code == 1 ? 0 : code - 1) - (behind ? 0 : 1);
  const bool touching = rule == adjacency::touching;
  b.blocked |= lanes_through(touching ? last : last + 1, col);  // overlap, and the cell below under contact rules
  if (!touching) {
    // The neighbouring columns' cells beside the ship (and diagonally below
    // it under no contact), folded in here rather than per state: column
    // W - 1 spills into bit W, column 0 into bit 15 of the lane above, both
    // outside the board, as W < 16 under these rules.
    const lane_word reach = lanes_through(rule == adjacency::no_edge ? last : last + 1, col);
    b.blocked |= (reach << 1) | (reach >> 1);
  }
  b.ship = lanes_through(last, col);
  return b;
}

// What a state leaves its last ship: the blocked lanes (rows r, r + 1, ...),
// and the hits ahead that no running ship covers, which the last ship must
// all cover: `must` within the lanes, `beyond` more below them, and
// `anchor`, the first of them all (-1 when there are none).
struct last_ship_view {
  lane_word blocked = 0, must = 0;
  int beyond = 0, anchor = -1;
};

class last_ship_tables {
 public:
  // Widest board the tables serve (2^W masks per row and type); the contact
  // rules spill into bit W of a lane, so they stop one column short. The
  // tables (and an occupancy's accumulator, as large) stay under max_bytes.
  static constexpr int max_width = lane_bits;
  static constexpr std::size_t max_bytes = std::size_t{64} << 20;

  // Builds the tables; false (and nothing usable) when the board is too
  // wide, the tables too large, a ship too long for the lanes, or a sum
  // overflows 64 bits.
  bool build(const profile_problem& p) {
    width_ = p.width;
    height_ = p.height;
    if (width_ > max_width || (width_ == max_width && p.rule != adjacency::touching) || p.max_length >= lane_count)
      return false;
    all_columns_ = (1U << width_) - 1;  // after the check: a wider board would shift past 32 bits
    const std::size_t T = p.types.size(), masks = std::size_t{1} << width_, H = static_cast<std::size_t>(height_);
    if (T * H * masks * sizeof(std::uint64_t) > max_bytes) return false;
    hv_.resize(T * H * masks);  // build() writes every entry
    // The accumulator (see prepared_completions()): rows, then wholly open rows, then placements.
    wholes_at_ = T * H * masks;
    placements_at_ = wholes_at_ + T * (H + 1);
    suffix_.assign(T * (H + 1), 0);
    lengths_.clear();
    for (const auto& type : p.types) lengths_.push_back(type.length);
    types_ = T;  // before row_at(), which reads it
    // Per row, mask by mask, from the mask without its lowest open column
    // x: the vertical starts at x, and the horizontal ones from x that the
    // mask holds (no placement in the mask can begin left of x), which
    // depend on the run of open columns from x only. So every type's terms
    // of (x, run) sit in one table, and a mask adds one of them to another
    // mask's entries. Every entry sums a subset of the wholly open mask's
    // terms: checking that sum for overflow checks them all.
    int longest = 1;
    for (const int L : lengths_) longest = std::max(longest, L);
    const auto runs = static_cast<std::size_t>(longest) + 1;  // runs of `longest` columns or more hold every type
    std::vector<std::uint64_t> terms(static_cast<std::size_t>(width_) * runs * T);
    // Up to six types, a fixed count unrolls into vector adds.
    const auto fills = fill_rows(std::make_index_sequence<7>{});
    const row_filler fill = fills[T < fills.size() ? T : 0];
    for (int y = 0; y < height_; ++y) {
      for (std::size_t t = 0; t < T; ++t) {
        const int L = lengths_[t];
        std::uint64_t whole = 0;
        for (int x = 0; x < width_; ++x) {
          const std::uint64_t east = x + L <= width_ ? p.start_weight(static_cast<int>(t), y * width_ + x, 0) : 0;
          const std::uint64_t south = L > 1 ? p.start_weight(static_cast<int>(t), y * width_ + x, 1) : 0;
          if (__builtin_add_overflow(whole, south, &whole) || __builtin_add_overflow(whole, east, &whole)) return false;
          for (std::size_t run = 0; run < runs; ++run)
            terms[(static_cast<std::size_t>(x) * runs + run) * T + t] =
                south + (run >= static_cast<std::size_t>(L) ? east : 0);
        }
      }
      (this->*fill)(&hv_[row_at(y, 0)], terms.data(), runs, T);
    }
    for (std::size_t t = 0; t < T; ++t)
      for (int y = height_ - 1; y >= 0; --y) {
        const std::uint64_t whole = hv_[row_at(y, static_cast<unsigned>(masks - 1)) + t];
        if (__builtin_add_overflow(suffix_at(t, y + 1), whole, &suffix_at(t, y))) return false;
      }
    return true;
  }
  // Calls visit(row, open-column mask) for each row r + d the blocked lanes
  // leave partly blocked, and returns the first row from which every row is
  // wholly open.
  template <class Visit>
  [[gnu::always_inline]] int rows_of(int r, lane_word blocked, Visit&& visit) const {
    const unsigned all = all_columns_;
    int d = 0;
    if constexpr (std::endian::native == std::endian::little) {
      // The lanes as an array: a load each instead of a 128-bit shift.
      const auto rows = std::bit_cast<std::array<std::uint16_t, lane_count>>(blocked);
      for (; d < lane_count && r + d < height_; ++d) {
        const unsigned open = ~static_cast<unsigned>(rows[static_cast<std::size_t>(d)]) & all;
        if (open == all) break;
        visit(r + d, open);
      }
    } else {
      for (; d < lane_count && r + d < height_; ++d) {
        const unsigned open = ~static_cast<unsigned>(blocked >> (d * lane_bits)) & all;
        if (open == all) break;
        visit(r + d, open);
      }
    }
    return r + d;
  }

  // The rows the blocked lanes leave open, for every type at once, as
  // prepared_completions() walks them with no hit to cover: the entry of
  // each partly open row (row_at(), types innermost) into `rows`, and the
  // first wholly open row, returned. open_weight() then reads one type's
  // open placements from them, and whole_entry() names the accumulator
  // entry of the wholly open rows.
  [[nodiscard]] int open_rows(int r, lane_word blocked, std::array<std::size_t, lane_count>& rows, int& count) const {
    count = 0;
    return rows_of(r, blocked,
                   [&](int y, unsigned open) { rows[static_cast<std::size_t>(count++)] = row_at(y, open); });
  }
  // The weight of type t's open placements in those rows; note(at) names
  // each accumulator entry they read, as for prepared_completions().
  template <class Note>
  [[nodiscard]] std::uint64_t open_weight(std::size_t t, const std::array<std::size_t, lane_count>& rows, int count,
                                          int whole, Note&& note) const {
    // Cannot wrap: every placement of type t counts once at most, and
    // build() checked that all of them together fit.
    std::uint64_t sum = suffix_at(t, whole);
    for (int k = 0; k < count; ++k) {
      const std::size_t at = rows[static_cast<std::size_t>(k)] + t;
      sum += hv_[at];
      note(at);
    }
    note(whole_entry(t, whole));
    return sum;
  }
  [[nodiscard]] std::size_t whole_entry(std::size_t t, int whole) const noexcept {
    return wholes_at_ + t * static_cast<std::size_t>(height_ + 1) + static_cast<std::size_t>(whole);
  }

  // The forward pass meets many states with hits to cover at one cell, so
  // it lists, once per cell (prepare_through), the placements through each
  // hit ahead as lanes from that cell's row; a state then tests each
  // candidate with two masks.
  struct candidate {
    lane_word cells = 0;
    std::uint64_t weight = 0;
    int start = 0, dir = 0, beyond = 0;  // beyond: hits it covers below the lanes
    int row = 0, col = 0;                // of the start cell
    std::size_t entry = 0;               // its placement_entry()
    bool below = false;                  // whether it has cells below the lanes
  };
  void prepare_through(const profile_problem& p, int r, std::span<const int> hits_ahead) {
    const std::size_t T = lengths_.size();
    through_.clear();
    through_begin_.assign(hits_ahead.size() * T + 1, 0);
    anchor_index_.resize(cells());
    for (std::size_t k = 0; k < hits_ahead.size(); ++k) {
      anchor_index_[static_cast<std::size_t>(hits_ahead[k])] = static_cast<int>(k);
      for (std::size_t t = 0; t < T; ++t) {
        candidates_through(p, t, r, hits_ahead[k], [&](const candidate& c) { through_.push_back(c); });
        through_begin_[k * T + t + 1] = through_.size();
      }
    }
  }
  // Calls visit(candidate) for each prepared candidate of type t
  // that a state with view v allows.
  template <class Visit>
  [[gnu::always_inline]] void prepared_through(std::size_t t, const last_ship_view& v, Visit&& visit) const {
    const std::size_t k =
        static_cast<std::size_t>(anchor_index_[static_cast<std::size_t>(v.anchor)]) * lengths_.size() + t;
    for (std::size_t e = through_begin_[k]; e < through_begin_[k + 1]; ++e)
      if (allows(through_[e], v)) visit(through_[e]);
  }
  // The prepared candidates of type t through the hit ahead at cell
  // `anchor`, unfiltered (profile_dp's ends with two ships left and hits
  // ahead test them against two placements).
  [[nodiscard]] std::span<const candidate> prepared_through_list(std::size_t t, int anchor) const {
    const std::size_t k =
        static_cast<std::size_t>(anchor_index_[static_cast<std::size_t>(anchor)]) * lengths_.size() + t;
    return {through_.data() + through_begin_[k], through_begin_[k + 1] - through_begin_[k]};
  }
  // A prepared candidate's place among all the step's (through every hit
  // ahead), and their number: two_ship.hpp keeps a value per candidate.
  [[nodiscard]] std::size_t through_index(const candidate& c) const noexcept {
    return static_cast<std::size_t>(&c - through_.data());
  }
  [[nodiscard]] std::size_t through_count() const noexcept { return through_.size(); }
  // The accumulator entry that spreads a value over the cells of one
  // placement (type t, start cell, dir 0 east or 1 south), times its weight.
  [[nodiscard]] std::size_t placement_entry(std::size_t t, int cell, int dir) const noexcept {
    return placements_at() + (t * cells() + static_cast<std::size_t>(cell)) * 2 + static_cast<std::size_t>(dir);
  }
  // Is candidate c open to a state with view v, and does it cover every hit
  // v says the last ship must?
  [[nodiscard]] static bool allows(const candidate& c, const last_ship_view& v) noexcept {
    return (c.cells & v.blocked) == 0 && (v.must & ~c.cells) == 0 && c.beyond == v.beyond;
  }
  // The completions of a state before the prepared cell whose last ship has
  // type t: the weight of its open placements that cover every hit `v`
  // says it must. For the occupancy, note(at) names each entry of the
  // accumulator (accumulator_size()) that the state's value goes to:
  // H x 2^W x T partly open rows (row, open columns, type), then T x (H + 1)
  // first wholly open rows, then T x cells x 2 placements through hits;
  // add_occupancy() spreads them over the cells.
  template <class Note>
  [[nodiscard]] [[gnu::always_inline]] std::uint64_t prepared_completions(std::size_t t, int r, const last_ship_view& v,
                                                                          Note&& note) const {
    std::uint64_t sum = 0;
    if (v.anchor >= 0) {
      prepared_through(t, v, [&](const candidate& c) {
        sum += c.weight;
        note(c.entry);
      });
      return sum;
    }
    std::array<std::size_t, lane_count> rows;
    int count = 0;
    const int whole = open_rows(r, v.blocked, rows, count);
    return open_weight(t, rows, count, whole, note);
  }
  // The sum over the lanes `lanes` of values[l] x the completions of the
  // last ship of type type_of[l] (prepared_completions without note), for a
  // count with lanes (profile_dp::step_lanes): the rows are walked once
  // for every lane. No product or sum wraps: each counts distinct layouts
  // of a problem whose values fit 64 bits (profile_dp's value bounds).
  [[nodiscard]] [[gnu::always_inline]] std::uint64_t prepared_lane_completions(unsigned lanes,
                                                                               const unsigned char* type_of,
                                                                               const std::uint64_t* values, int r,
                                                                               const last_ship_view& v) const {
    std::uint64_t sum = 0;
    if (v.anchor >= 0) {
      for (unsigned m = lanes; m != 0; m &= m - 1) {
        const auto l = static_cast<std::size_t>(std::countr_zero(m));
        prepared_through(type_of[l], v, [&](const candidate& c) { sum += values[l] * c.weight; });
      }
      return sum;
    }
    const int whole = rows_of(r, v.blocked, [&](int y, unsigned open) {
      const std::uint64_t* const row = &hv_[row_at(y, open)];
      for (unsigned m = lanes; m != 0; m &= m - 1) {
        const auto l = static_cast<std::size_t>(std::countr_zero(m));
        sum += values[l] * row[type_of[l]];
      }
    });
    for (unsigned m = lanes; m != 0; m &= m - 1) {
      const auto l = static_cast<std::size_t>(std::countr_zero(m));
      sum += values[l] * suffix_at(type_of[l], whole);
    }
    return sum;
  }
  // The bytes the tables hold (the accumulator is the caller's).
  [[nodiscard]] std::size_t bytes() const noexcept {
    return capacity_bytes(lengths_, hv_, suffix_, through_, through_begin_, anchor_index_);
  }
  [[nodiscard]] std::size_t accumulator_size() const noexcept {
    return placements_at() + lengths_.size() * cells() * 2;
  }
  // Adds to occupancy (per scanned cell) what the accumulated last ships
  // cover: each placement's weight times the values of the rows it was open in.
  template <class V>
  void add_occupancy(const profile_problem& p, const std::vector<V>& acc, std::vector<count_type>& occupancy) const {
    const std::size_t masks = std::size_t{1} << width_, H = static_cast<std::size_t>(height_), T = lengths_.size();
    std::vector<count_type> open(masks);
    std::vector<unsigned> noted;  // the masks of one row with a value
    noted.reserve(masks);
    auto spread = [&](int start, int dir, int L, count_type v) {
      for (int k = 0; k < L; ++k) add_to(occupancy[static_cast<std::size_t>(start + (dir == 0 ? k : k * width_))], v);
    };
    for (std::size_t t = 0; t < lengths_.size(); ++t) {
      const int L = lengths_[t];
      for (std::size_t cell = 0; cell < cells(); ++cell)
        for (int dir = 0; dir < 2; ++dir) {
          const V a = acc[placements_at() + (t * cells() + cell) * 2 + static_cast<std::size_t>(dir)];
          if (a != 0)
            spread(static_cast<int>(cell), dir, L,
                   checked_mul(static_cast<count_type>(a), static_cast<count_type>(p.start_weight(
                                                               static_cast<int>(t), static_cast<int>(cell), dir))));
        }
      count_type whole = 0;  // values of the rows wholly open from a row at or above this one
      for (std::size_t y = 0; y < H; ++y) {
        whole += static_cast<count_type>(acc[whole_entry(t, static_cast<int>(y))]);
        const V* const types = &acc[row_at(static_cast<int>(y), 0) + t];
        auto row = [&](std::size_t m) { return types[m * T]; };  // this type's entry for mask m
        noted.clear();
        for (std::size_t m = 0; m < masks; ++m)
          if (row(m) != 0) noted.push_back(static_cast<unsigned>(m));
        if (noted.empty() && whole == 0) continue;
        // open_including(cells): the value of every row whose open columns
        // include `cells`. After shots a row has few masks noted (about 120
        // of 1024 on 10x10), and summing them for each placement is cheaper
        // than superset sums over every mask, which a busier row takes.
        const std::size_t placements = static_cast<std::size_t>(2 * width_);
        const bool sparse = noted.size() * placements < (static_cast<std::size_t>(width_) / 2 + 1) * masks;
        if (!sparse) {
          for (std::size_t m = 0; m < masks; ++m) open[m] = static_cast<count_type>(row(m));
          open[masks - 1] += whole;
          for (std::size_t bit = 1; bit < masks; bit <<= 1)
            for (std::size_t m = 0; m < masks; ++m)
              if ((m & bit) == 0) open[m] += open[m | bit];
        }
        auto open_including = [&](unsigned cells) {
          if (!sparse) return open[cells];
          count_type v = whole;
          for (const unsigned m : noted)
            if ((m & cells) == cells) v += static_cast<count_type>(row(m));
          return v;
        };
        const int cell0 = static_cast<int>(y) * width_;
        for (int x = 0; x < width_; ++x) {
          const std::uint64_t east = p.start_weight(static_cast<int>(t), cell0 + x, 0);
          if (east != 0) spread(cell0 + x, 0, L, checked_mul(open_including(((1U << L) - 1) << x), east));
          const std::uint64_t south = L > 1 ? p.start_weight(static_cast<int>(t), cell0 + x, 1) : 0;
          if (south != 0) spread(cell0 + x, 1, L, checked_mul(open_including(1U << x), south));
        }
      }
    }
  }

  // The placement of type t that a draw takes, `u` in [0, completions):
  // (start cell, direction) in scan order.
  [[nodiscard]] std::pair<int, int> placement_at(const profile_problem& p, std::size_t t, int r,
                                                 const last_ship_view& v, count_type u) const {
    const int L = lengths_[t];
    std::pair<int, int> chosen{-1, -1};
    if (v.anchor >= 0) {
      candidates_through(p, t, r, v.anchor, [&](const candidate& c) {
        if (chosen.first >= 0 || !allows(c, v)) return;
        if (u < c.weight)
          chosen = {c.start, c.dir};
        else
          u -= c.weight;
      });
      return chosen;
    }
    const lane_word blocked = v.blocked;
    auto take_in_row = [&](int y, unsigned open) {
      for (int x = 0; x < width_ && chosen.first < 0; ++x)
        for (int dir = 0; dir < (L > 1 ? 2 : 1) && chosen.first < 0; ++dir) {
          const unsigned cells = dir == 0 ? ((1U << L) - 1) << x : 1U << x;
          if ((open & cells) != cells) continue;
          const std::uint64_t w = p.start_weight(static_cast<int>(t), y * width_ + x, dir);
          if (u < w)
            chosen = {y * width_ + x, dir};
          else
            u -= w;
        }
    };
    const int whole = rows_of(r, blocked, take_in_row);
    for (int y = whole; y < height_ && chosen.first < 0; ++y) take_in_row(y, (1U << width_) - 1);
    return chosen;
  }

 private:
  [[nodiscard]] std::size_t cells() const noexcept { return static_cast<std::size_t>(width_ * height_); }
  // Where the types of row y with open columns `open` begin, in hv_ and in
  // the accumulator.
  [[nodiscard]] std::size_t row_at(int y, unsigned open) const noexcept {
    return ((static_cast<std::size_t>(y) << width_) + open) * types_;
  }
  [[nodiscard]] std::size_t placements_at() const noexcept { return placements_at_; }
  // Calls visit(candidate) for each placement of type t through `anchor`
  // with a weight, none of whose cells lies above row r, in a fixed order
  // (draws rely on it): at most 2 L of them, their cells as lanes from row r.
  template <class Visit>
  void candidates_through(const profile_problem& p, std::size_t t, int r, int anchor, Visit&& visit) const {
    const int L = lengths_[t], ya = anchor / width_, xa = anchor % width_;
    for (int dir = 0; dir < (L > 1 ? 2 : 1); ++dir)
      for (int back = L - 1; back >= 0; --back) {
        const int y0 = dir == 0 ? ya : ya - back, x0 = dir == 0 ? xa - back : xa;
        if (y0 < r || x0 < 0 || (dir == 0 ? x0 + L > width_ : y0 + L > height_)) continue;
        const int start = y0 * width_ + x0;
        candidate c{
            0, p.start_weight(static_cast<int>(t), start, dir), start, dir, 0, y0, x0, placement_entry(t, start, dir)};
        if (c.weight == 0) continue;
        for (int k = 0; k < L; ++k) {
          const int y = dir == 0 ? y0 : y0 + k, x = dir == 0 ? x0 + k : x0, d = y - r;
          if (d < lane_count)
            c.cells |= lane_word{1} << (d * lane_bits + x);
          else {
            c.beyond += p.forced[static_cast<std::size_t>(y * width_ + x)] > 0 ? 1 : 0;
            c.below = true;
          }
        }
        visit(c);
      }
  }
  // build()'s entries of one row, mask by mask: mask m adds the terms of
  // its lowest open column x and the run of open columns from x to the
  // entries of m without x. Types (Types of them, or `types` when 0)
  // innermost.
  template <std::size_t Types>
  void fill_row(std::uint64_t* row, const std::uint64_t* terms, std::size_t runs, std::size_t types) const {
    const std::size_t T = Types != 0 ? Types : types;
    std::fill(row, row + T, 0);  // no open column
    for (unsigned m = 1; m <= all_columns_; ++m) {
      const int x = std::countr_zero(m);
      const auto run = std::min(static_cast<std::size_t>(std::countr_one(m >> x)), runs - 1);
      const std::uint64_t* const add = terms + (static_cast<std::size_t>(x) * runs + run) * T;
      const std::uint64_t* const from = row + static_cast<std::size_t>(m & (m - 1)) * T;
      std::uint64_t* const to = row + static_cast<std::size_t>(m) * T;
      for (std::size_t t = 0; t < T; ++t) to[t] = from[t] + add[t];
    }
  }
  // fill_row<K> for K = 0 .. N - 1, by count of types (0: any count).
  using row_filler = void (last_ship_tables::*)(std::uint64_t*, const std::uint64_t*, std::size_t, std::size_t) const;
  template <std::size_t... K>
  static constexpr std::array<row_filler, sizeof...(K)> fill_rows(std::index_sequence<K...>) {
    return {&last_ship_tables::fill_row<K>...};
  }
  static void add_to(count_type& a, count_type v) { a = checked_add(a, v); }
  std::uint64_t& suffix_at(std::size_t t, int y) noexcept {
    return suffix_[t * static_cast<std::size_t>(height_ + 1) + static_cast<std::size_t>(y)];
  }
  [[nodiscard]] std::uint64_t suffix_at(std::size_t t, int y) const noexcept {
    return suffix_[t * static_cast<std::size_t>(height_ + 1) + static_cast<std::size_t>(y)];
  }

  int width_ = 0, height_ = 0;
  unsigned all_columns_ = 0;  // a row's mask: (1 << width_) - 1
  std::size_t types_ = 0;     // lengths_.size(), which row_at() reads for every row
  std::size_t wholes_at_ = 0, placements_at_ = 0;
  std::vector<int> lengths_;
  std::vector<std::uint64_t> hv_;      // [y][open mask][t]
  std::vector<std::uint64_t> suffix_;  // [t][y]: every row from y on wholly open
  std::vector<candidate> through_;     // see prepare_through()
  std::vector<std::size_t> through_begin_;
  std::vector<int> anchor_index_;  // per hit ahead of the prepared cell: its place in the list
};

}  // namespace battleship::detail
