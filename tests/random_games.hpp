#pragma once
// Small random games for the tests that check a function on many of them:
// random rules that can place their fleet, and a real game's answers on them.

#include <algorithm>
#include <cstddef>
#include <exception>
#include <numeric>
#include <optional>
#include <random>
#include <vector>

#include <battleship/core/game.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>

namespace battleship::test_support {

// A grid of 3 to max_side cells a side and 1 to max_ships ships of lengths
// 1 to 3 under `rule` and `sunk`; std::nullopt when the fleet cannot be
// placed (the caller draws again).
inline std::optional<dynamic_rules> random_small_rules(std::mt19937_64& rng, adjacency rule, bool sunk, int max_side,
                                                       int max_ships) {
  const auto side = [&] { return 3 + static_cast<int>(rng() % static_cast<unsigned>(max_side - 2)); };
  const int width = side(), height = side();
  std::vector<int> lengths(1 + rng() % static_cast<unsigned>(max_ships));
  for (int& length : lengths) length = 1 + static_cast<int>(rng() % 3);
  try {
    auto rules = make_dynamic_rules(width, height, lengths, rule, sunk);
    (void)random_layout(rules, rng);
    return rules;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}

// The observation of a game against a random layout after `min_shots` to
// every cell's shots, fired in random order.
template <Ruleset R>
observation<typename R::board_type> random_game(const R& rules, std::mt19937_64& rng, std::size_t min_shots = 0) {
  game<R> play(rules, random_layout(rules, rng));
  std::vector<int> cells(static_cast<std::size_t>(rules.geometry().cell_count()));
  std::iota(cells.begin(), cells.end(), 0);
  std::shuffle(cells.begin(), cells.end(), rng);
  const std::size_t fired = min_shots + rng() % (cells.size() - min_shots + 1);
  for (std::size_t k = 0; k < fired; ++k) (void)play.shoot(cells[k]);
  return play.seen();
}

}  // namespace battleship::test_support
