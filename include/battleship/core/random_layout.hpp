#pragma once
// Uniform random layouts: every legal (labelled) layout equally likely.
//
// Each ship's placement is drawn uniformly from all its in-bounds placements;
// at the first conflict the whole draw restarts. That is rejection sampling
// from the uniform distribution on the product of placement lists, restricted
// to legal layouts, so it is exactly uniform. Placing ships one at a time and
// redrawing only the ship that conflicts is NOT uniform: it favours layouts
// in which the first ships leave much room to the later ones.

#include <cstddef>
#include <random>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/detail/random.hpp>

namespace battleship {

namespace detail {
// Layout samplers refuse a fleet with a ship that has no in-bounds placement.
template <Ruleset R>
void require_room_for_every_ship(const R& rules, const placement_table<R>& table) {
  for (int i = 0; i < rules.ship_count(); ++i)
    if (table.ship(i).empty())
      throw std::invalid_argument("ship " + std::string(rules.fleet.name(i)) + " does not fit on the grid");
}
}  // namespace detail

template <Ruleset R>
class uniform_layout_sampler {
 public:
  using board_type = typename R::board_type;
  explicit uniform_layout_sampler(const R& rules) : rules_(rules), table_(rules) {
    detail::require_room_for_every_ship(rules_, table_);
  }

  // Draws one layout; the caller's generator is the only source of randomness.
  // max_tries bounds the rejection loop for fleets that (almost) cannot fit.
  template <std::uniform_random_bit_generator Rng>
  [[nodiscard]] layout operator()(Rng& rng, long long max_tries = 100'000'000) const {
    const auto& g = table_.geometry();
    for (long long attempt = 0; attempt < max_tries; ++attempt) {
      layout l;
      board_type forbidden;
      bool ok = true;
      for (int i = 0; i < rules_.ship_count() && ok; ++i) {
        const auto& list = table_.ship(i);
        const auto& p = list[static_cast<std::size_t>(detail::uniform_below(rng, list.size()))];
        if (p.mask.intersects(forbidden)) {
          ok = false;
          break;
        }
        forbidden |= halo(g, rules_.contact(), p.mask);
        l.push_back(p.where);
      }
      if (ok) return l;
    }
    throw std::runtime_error("no legal layout found: the fleet (almost) cannot fit on the grid");
  }

  [[nodiscard]] const R& rules() const noexcept { return rules_; }

 private:
  R rules_;
  placement_table<R> table_;
};

// One uniform random layout (builds the placement table each call; keep a
// uniform_layout_sampler to draw many).
template <Ruleset R, std::uniform_random_bit_generator Rng>
[[nodiscard]] layout random_layout(const R& rules, Rng& rng) {
  return uniform_layout_sampler<R>(rules)(rng);
}

}  // namespace battleship
