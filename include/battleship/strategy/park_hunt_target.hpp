#pragma once
// park_hunt_target<R>: Park's hunt and target (his Algorithms 3 and 4).
//
// Hunt: shoot a uniformly random unshot cell. Target: a depth-first search
// from each hit: try the hit's edge neighbours in the order north, east,
// south, west; a neighbour that hits is searched at once (recursion), and
// when its neighbours are exhausted the search resumes with the next
// neighbour of the cell before it. The recursion is an explicit stack of
// (cell, next direction) frames, so the policy can return one shot at a time.
//
// Exploring a hit's neighbours depth-first in the order N, E, S, W shoots
// exactly the cells DataGenetics' stack of neighbours shoots when it pops
// them in that order (hunt_target does): the two published strategies are
// one policy, and the tests check that they agree shot for shot.
// Park's pseudocode also adds a turn for neighbours already guessed; we count
// only real shots. Ignores sunk announcements: works under every rule set.

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/feedback.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/rng.hpp>

namespace battleship {

template <Ruleset R>
class park_hunt_target {
 public:
  using board_type = typename R::board_type;

  explicit park_hunt_target(const R& rules, std::uint64_t seed = 0) : geometry_(rules.geometry()), rng_(seed) {
    frames_.reserve(static_cast<std::size_t>(geometry_.cell_count()));
  }

  [[nodiscard]] int next_shot(const observation<board_type>& seen) {
    static constexpr std::array<int, 4> dr{-1, 0, 1, 0}, dc{0, 1, 0, -1};  // N, E, S, W
    while (!frames_.empty()) {
      auto& f = frames_.back();
      while (f.next_dir < 4) {
        const int k = f.next_dir++;
        const int r = geometry_.row_of(f.cell) + dr[static_cast<std::size_t>(k)];
        const int c = geometry_.col_of(f.cell) + dc[static_cast<std::size_t>(k)];
        if (!geometry_.contains(r, c)) continue;
        const int n = geometry_.cell(r, c);
        if (!seen.shots().test(static_cast<std::size_t>(n))) return n;
      }
      frames_.pop_back();
    }
    const board_type open = geometry_.full() - seen.shots();
    if (open.none()) throw std::logic_error("park_hunt_target: every cell has been shot");
    return random_cell_of(open, rng_);
  }
  // A hit opens a search from the hit cell, on top of the current one.
  void on_result(int cell, shot_result r, const observation<board_type>&) {
    if (cell < 0 || cell >= geometry_.cell_count())
      throw std::out_of_range("park_hunt_target: told of a shot at cell " + std::to_string(cell) + ", off the grid");
    if (r.is_hit()) frames_.push_back({cell, 0});
  }
  void new_game() noexcept { frames_.clear(); }
  void seed(std::uint64_t s) noexcept { rng_.seed(s); }
  // Made for games on this grid (it reads nothing of the fleet).
  [[nodiscard]] bool built_for(const R& rules) const noexcept { return rules.geometry() == geometry_; }

 private:
  struct frame {
    int cell;
    int next_dir;
  };
  board_geometry<board_type> geometry_;
  splitmix_rng rng_;
  std::vector<frame> frames_;
};

template <Ruleset R>
park_hunt_target(const R&, std::uint64_t) -> park_hunt_target<R>;
template <Ruleset R>
park_hunt_target(const R&) -> park_hunt_target<R>;

}  // namespace battleship
