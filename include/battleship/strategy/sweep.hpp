#pragma once
// sweep: Audinot, Bonnet & Viennot's upper-bound strategy (section 4.2).
//
// Shoot the cells of a fixed order (by default Figure 10 of the paper on a
// 10x10 grid: half the cells, one parity class, roughly by decreasing
// occupancy). Whenever one of these "sweep" shots hits, clear lines from the
// hit cell before the next sweep shot:
//   - four_directions: east, then west, then south, then north;
//   - horizontal_first: east, then west, and south then north only if the
//     horizontal clearing found no further hit (neither shot one nor walked
//     over a known one).
// One direction walks away from the hit cell one cell at a time: a cell off
// the grid or already known as a miss ends the direction without a shot; a
// cell already known as a hit is walked over; an unshot cell is shot, and a
// miss ends the direction. Clearing starts only from sweep hits, never from
// hits made while clearing. Once the order is exhausted the remaining cells
// are swept in row-major order with the same clearing (this never happens
// when every ship has length >= 2, ships may not touch, and the order is a
// full parity class). The game ends at the last hit (the 17th for the classic
// fleet): the referee, not the strategy, decides that.
//
// Feedback is only read as hit or miss, so the policy works under every rule
// set and feedback model. It keeps its state between shots but re-reads the
// observation's log on every call, so shots it did not choose are simply
// treated as already shot.

#include <algorithm>
#include <array>
#include <cstddef>
#include <numeric>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/geometry.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

enum class sweep_clearing : unsigned char { four_directions, horizontal_first };

namespace detail {
// Figure 10 of Audinot et al.: the rank (1..50) of each cell in the shooting
// order, 0 for cells never swept. This table is the paper's definition of the
// strategy (an input), not a result.
inline constexpr std::array<std::array<int, 10>, 10> audinot_figure10_ranks{{
    {49, 0, 9, 0, 1, 0, 5, 0, 43, 0},
    {0, 47, 0, 35, 0, 39, 0, 31, 0, 44},
    {12, 0, 13, 0, 19, 0, 15, 0, 32, 0},
    {0, 38, 0, 29, 0, 25, 0, 16, 0, 6},
    {4, 0, 22, 0, 23, 0, 26, 0, 40, 0},
    {0, 42, 0, 28, 0, 24, 0, 20, 0, 2},
    {8, 0, 18, 0, 27, 0, 30, 0, 36, 0},
    {0, 34, 0, 17, 0, 21, 0, 14, 0, 10},
    {46, 0, 33, 0, 41, 0, 37, 0, 48, 0},
    {0, 45, 0, 7, 0, 3, 0, 11, 0, 50},
}};

// One clearing direction: east, west, south, north (in that order).
inline constexpr std::array<std::array<int, 2>, 4> sweep_directions{{{0, 1}, {0, -1}, {1, 0}, {-1, 0}}};
}  // namespace detail

// The 50 cells of Figure 10 (row-major numbering on a 10x10 grid), first shot first.
[[nodiscard]] inline std::vector<int> audinot_figure10_order() {
  std::vector<int> order(50, -1);
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 10; ++c)
      if (const int rank = detail::audinot_figure10_ranks[static_cast<std::size_t>(r)][static_cast<std::size_t>(c)])
        order[static_cast<std::size_t>(rank - 1)] = r * 10 + c;
  return order;
}

// The default order: Figure 10 on a 10x10 grid. On other grids, a comparable
// order: the parity class of the top-left cell ((row + col) even), sorted by
// decreasing empty-board per-ship occupancy (for each cell, the number of
// in-bounds placements of every ship covering it), ties by row-major index.
template <Ruleset R>
[[nodiscard]] std::vector<int> default_sweep_order(const R& rules) {
  const auto g = rules.geometry();
  if (g.width() == 10 && g.height() == 10) return audinot_figure10_order();
  std::vector<long long> weight(static_cast<std::size_t>(g.cell_count()), 0);
  for (int i = 0; i < rules.ship_count(); ++i)
    for (const auto& p : all_placements(g, rules.ship_length(i))) p.mask.for_each([&](std::size_t c) { ++weight[c]; });
  std::vector<int> order;
  for (int c = 0; c < g.cell_count(); ++c)
    if ((g.row_of(c) + g.col_of(c)) % 2 == 0) order.push_back(c);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return weight[static_cast<std::size_t>(a)] > weight[static_cast<std::size_t>(b)];
  });
  return order;
}

template <Ruleset R>
class sweep {
 public:
  using board_type = typename R::board_type;

  // `order`: the cells to sweep, first shot first (empty: default_sweep_order).
  sweep(const R& rules, sweep_clearing mode = sweep_clearing::four_directions, std::vector<int> order = {})
      : width_(rules.geometry().width()),
        height_(rules.geometry().height()),
        full_(rules.geometry().full()),
        mode_(mode),
        order_(order.empty() ? default_sweep_order(rules) : std::move(order)) {
    board_type seen;
    for (int c : order_) {
      if (c < 0 || c >= width_ * height_)
        throw std::invalid_argument("sweep order: cell " + std::to_string(c) + " is off the grid");
      if (seen.test(static_cast<std::size_t>(c)))
        throw std::invalid_argument("sweep order: cell " + rules.geometry().cell_name(c) + " appears twice");
      seen.set(static_cast<std::size_t>(c));
    }
  }

  [[nodiscard]] const std::vector<int>& order() const noexcept { return order_; }
  // Was this sweep made for a grid of the rules' shape? (Two dynamic_rules
  // share a type whatever their grids. The sweep plays any fleet on its
  // grid; only its default order was chosen for the fleet it was made with.)
  [[nodiscard]] bool built_for(const R& rules) const noexcept {
    return rules.geometry().width() == width_ && rules.geometry().height() == height_;
  }
  [[nodiscard]] sweep_clearing clearing() const noexcept { return mode_; }

  void new_game() noexcept {
    cursor_ = 0;
    processed_ = 0;
    processed_cells_ = {};
    processed_hits_ = {};
    pending_ = shot_kind::none;
    pending_cell_ = -1;
    clearing_ = false;
  }

  void on_result(int, shot_result, const observation<board_type>& seen) { sync(seen); }

  [[nodiscard]] int next_shot(const observation<board_type>& seen) {
    sync(seen);
    const board_type& shot = seen.shots();
    while (clearing_) {
      const auto [dr, dc] = detail::sweep_directions[static_cast<std::size_t>(direction_)];
      const int r = pos_ / width_ + dr, c = pos_ % width_ + dc;
      if (r < 0 || c < 0 || r >= height_ || c >= width_) {
        next_direction();
        continue;
      }
      const int cell = r * width_ + c;
      if (!shot.test(static_cast<std::size_t>(cell))) return choose(shot_kind::clear, cell);
      if (seen.hits().test(static_cast<std::size_t>(cell))) {
        pos_ = cell;  // walk over a known hit
        if (direction_ < 2) found_horizontal_ = true;
      } else {
        next_direction();
      }
    }
    while (cursor_ < order_.size() && shot.test(static_cast<std::size_t>(order_[cursor_]))) ++cursor_;
    if (cursor_ < order_.size()) return choose(shot_kind::sweep, order_[cursor_]);
    const std::size_t rest = (full_ - shot).lowest();
    if (rest >= board_type::capacity) throw std::logic_error("sweep: every cell has been shot");
    return choose(shot_kind::sweep, static_cast<int>(rest));
  }

 private:
  enum class shot_kind : unsigned char { none, sweep, clear };

  int choose(shot_kind kind, int cell) noexcept {
    pending_ = kind;
    pending_cell_ = cell;
    return cell;
  }

  // Reads the log entries not yet seen; the one answering our last choice
  // drives the state machine, any other shot is just "already shot". A log
  // that is not this game's, carried on (shorter, or without a cell read
  // or with another outcome there), is a new game without new_game(): the
  // cursor would otherwise pass cells of the order that game has not shot.
  void sync(const observation<board_type>& seen) {
    const auto& log = seen.log();
    if (log.size() < processed_ || !processed_cells_.subset_of(seen.shots()) ||
        (seen.hits() & processed_cells_) != processed_hits_)
      new_game();
    for (; processed_ < log.size(); ++processed_) {
      const auto& s = log[processed_];
      processed_cells_.set(static_cast<std::size_t>(s.cell));
      if (s.result.is_hit()) processed_hits_.set(static_cast<std::size_t>(s.cell));
      if (s.cell != pending_cell_ || pending_ == shot_kind::none) continue;
      const bool hit = s.result.is_hit();
      if (pending_ == shot_kind::sweep) {
        if (hit) {
          clearing_ = true;
          origin_ = pos_ = s.cell;
          direction_ = 0;
          found_horizontal_ = false;
        }
      } else if (hit) {
        pos_ = s.cell;
        if (direction_ < 2) found_horizontal_ = true;
      } else {
        next_direction();
      }
      pending_ = shot_kind::none;
      pending_cell_ = -1;
    }
  }

  void next_direction() noexcept {
    ++direction_;
    pos_ = origin_;
    if (direction_ == 2 && mode_ == sweep_clearing::horizontal_first && found_horizontal_) direction_ = 4;
    if (direction_ >= 4) clearing_ = false;
  }

  int width_, height_;
  board_type full_;
  sweep_clearing mode_;
  std::vector<int> order_;
  std::size_t cursor_ = 0;
  std::size_t processed_ = 0;
  board_type processed_cells_, processed_hits_;  // of the log's first processed_ entries
  shot_kind pending_ = shot_kind::none;
  int pending_cell_ = -1;
  bool clearing_ = false;
  int origin_ = 0, pos_ = 0, direction_ = 0;
  bool found_horizontal_ = false;
};

}  // namespace battleship
