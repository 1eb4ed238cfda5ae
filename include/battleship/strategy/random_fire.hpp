#pragma once
// random_fire<R>: shoots a uniformly chosen unshot cell, every shot.
//
// The baseline of every seed paper. Works under every rule set and feedback
// model (it ignores both). The caller's seed is the only source of randomness.

#include <cstdint>
#include <stdexcept>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/rng.hpp>

namespace battleship {

template <Ruleset R>
class random_fire {
 public:
  using board_type = typename R::board_type;

  explicit random_fire(const R& rules, std::uint64_t seed = 0) : geometry_(rules.geometry()), rng_(seed) {}

  [[nodiscard]] int next_shot(const observation<board_type>& seen) {
    const board_type open = geometry_.full() - seen.shots();
    if (open.none()) throw std::logic_error("random_fire: every cell has been shot");
    return random_cell_of(open, rng_);
  }
  void seed(std::uint64_t s) noexcept { rng_.seed(s); }
  // Made for games on this grid (it reads nothing of the fleet).
  [[nodiscard]] bool built_for(const R& rules) const noexcept { return rules.geometry() == geometry_; }

 private:
  board_geometry<board_type> geometry_;
  splitmix_rng rng_;
};

template <Ruleset R>
random_fire(const R&, std::uint64_t) -> random_fire<R>;
template <Ruleset R>
random_fire(const R&) -> random_fire<R>;

}  // namespace battleship
