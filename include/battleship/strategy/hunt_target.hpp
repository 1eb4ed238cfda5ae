#pragma once
// hunt_target<R>: DataGenetics' hunt/target with a stack of neighbours.
//
// Hunt: shoot a uniformly random unshot cell. Target: every hit pushes its
// in-grid edge neighbours on a stack; while the stack holds an unshot cell,
// pop and shoot it. The neighbours are pushed west, south, east, north, so
// they are popped north, east, south, west (a fixed, documented order).
// The policy knows nothing of ship shapes and ignores sunk announcements, so
// it plays the same under every rule set and feedback model.

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/feedback.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/rng.hpp>

namespace battleship {

// The stack of cells to try after hits, shared by the hunt/target policies.
template <class Board>
class target_stack {
 public:
  explicit target_stack(const board_geometry<Board>& g) : geometry_(g) {
    cells_.reserve(static_cast<std::size_t>(4 * g.cell_count()));
  }
  // Pushes the in-grid neighbours of `cell` not yet shot (popped N, E, S, W).
  void push_neighbours(int cell, const Board& shots) {
    if (cell < 0 || cell >= geometry_.cell_count())
      throw std::out_of_range("hunt/target: told of a hit at cell " + std::to_string(cell) + ", off the grid");
    const int r = geometry_.row_of(cell), c = geometry_.col_of(cell);
    const int dr[4] = {0, 1, 0, -1}, dc[4] = {-1, 0, 1, 0};  // W, S, E, N
    for (int k = 0; k < 4; ++k) {
      if (!geometry_.contains(r + dr[k], c + dc[k])) continue;
      const int n = geometry_.cell(r + dr[k], c + dc[k]);
      if (!shots.test(static_cast<std::size_t>(n))) cells_.push_back(n);
    }
  }
  // The next unshot cell on the stack (removed from it), or -1 when empty.
  [[nodiscard]] int pop(const Board& shots) {
    while (!cells_.empty()) {
      const int n = cells_.back();
      cells_.pop_back();
      if (!shots.test(static_cast<std::size_t>(n))) return n;
    }
    return -1;
  }
  void clear() noexcept { cells_.clear(); }
  [[nodiscard]] bool empty() const noexcept { return cells_.empty(); }

 private:
  board_geometry<Board> geometry_;
  std::vector<int> cells_;
};

template <Ruleset R>
class hunt_target {
 public:
  using board_type = typename R::board_type;

  explicit hunt_target(const R& rules, std::uint64_t seed = 0)
      : geometry_(rules.geometry()), stack_(geometry_), rng_(seed) {}

  [[nodiscard]] int next_shot(const observation<board_type>& seen) {
    if (const int n = stack_.pop(seen.shots()); n >= 0) return n;
    const board_type open = geometry_.full() - seen.shots();
    if (open.none()) throw std::logic_error("hunt_target: every cell has been shot");
    return random_cell_of(open, rng_);
  }
  void on_result(int cell, shot_result r, const observation<board_type>& seen) {
    if (r.is_hit()) stack_.push_neighbours(cell, seen.shots());
  }
  void new_game() noexcept { stack_.clear(); }
  void seed(std::uint64_t s) noexcept { rng_.seed(s); }
  // Made for games on this grid (it reads nothing of the fleet).
  [[nodiscard]] bool built_for(const R& rules) const noexcept { return rules.geometry() == geometry_; }

 private:
  board_geometry<board_type> geometry_;
  target_stack<board_type> stack_;
  splitmix_rng rng_;
};

template <Ruleset R>
hunt_target(const R&, std::uint64_t) -> hunt_target<R>;
template <Ruleset R>
hunt_target(const R&) -> hunt_target<R>;

}  // namespace battleship
