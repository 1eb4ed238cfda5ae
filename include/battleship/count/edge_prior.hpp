#pragma once
// edge_prior: a placement weight (exact_counter's extension point) for the
// prior "humans favour edges": a placement with a cell on the border of the
// grid weighs `edge`, any other 1. The weight is the same for a placement and
// its mirror images, so an empty board still folds them (profile_dp).
//
//   exact_density model(rules, edge_prior{rules, 3});
//   auto player = density_greedy(rules, model);  // expects ships on the edges

#include <cstdint>
#include <stdexcept>
#include <string>

#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>

namespace battleship {

template <Ruleset R>
struct edge_prior {
  R rules;
  std::uint64_t edge = 2;

  // The counters check that `rules` is their game (same_game); called
  // directly, a ship past the fleet throws.
  [[nodiscard]] constexpr std::uint64_t operator()(int ship, const placement& p) const {
    if (ship < 0 || ship >= rules.ship_count()) throw std::out_of_range("edge_prior: no ship " + std::to_string(ship));
    const auto g = rules.geometry();
    const int len = rules.ship_length(ship);
    const int last_row = p.row + (p.dir == orientation::vertical ? len - 1 : 0);
    const int last_col = p.col + (p.dir == orientation::horizontal ? len - 1 : 0);
    const bool border = p.row == 0 || p.col == 0 || last_row == g.height() - 1 || last_col == g.width() - 1;
    return border ? edge : 1;
  }
};

template <Ruleset R>
edge_prior(R, std::uint64_t) -> edge_prior<R>;

}  // namespace battleship
