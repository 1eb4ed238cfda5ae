#pragma once
// Park's "good defense against hunt and target" (his Figure 8): every ship
// away from the edges and no two ships touching, even diagonally.
//
// Park's argument: hunt and target finds ships on an edge faster (it cannot
// waste shots off the grid) and finds touching ships in one target phase.
// The figure itself is a picture that our text copy of the paper does not
// reproduce, so this is a layout built to his two stated criteria, for the
// classic 10x10 fleet (5, 4, 3, 3, 2):
//
//     1 2 3 4 5 6 7 8 9 10
//   A . . . . . . . . . .
//   B . A A A A A . . . .        A  Carrier     B2-B6 (horizontal)
//   C . . . . . . . . B .        B  Battleship  C9-F9 (vertical)
//   D . . . . . . . . B .        C  Cruiser     E2-G2 (vertical)
//   E . C . . . . . . B .        D  Submarine   I4-I6 (horizontal)
//   F . C . . E E . . B .        E  Destroyer   F5-F6 (horizontal)
//   G . C . . . . . . . .
//   H . . . . . . . . . .
//   I . . . D D D . . . .
//   J . . . . . . . . . .

#include <stdexcept>

#include <battleship/core/layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/defense/defense.hpp>

namespace battleship {

[[nodiscard]] inline layout park_figure8_layout() {
  return layout{
      placement{1, 1, orientation::horizontal},  // Carrier B2-B6
      placement{2, 8, orientation::vertical},    // Battleship C9-F9
      placement{4, 1, orientation::vertical},    // Cruiser E2-G2
      placement{8, 3, orientation::horizontal},  // Submarine I4-I6
      placement{5, 4, orientation::horizontal},  // Destroyer F5-F6
  };
}

// The layout as a defense; the rules must be a 10x10 game with ships 5,4,3,3,2.
template <Ruleset R>
[[nodiscard]] fixed_defense park_figure8_defense(const R& rules) {
  const auto g = rules.geometry();
  bool classic = g.width() == 10 && g.height() == 10 && rules.ship_count() == 5;
  const int lengths[5] = {5, 4, 3, 3, 2};
  for (int i = 0; classic && i < 5; ++i) classic = rules.ship_length(i) == lengths[i];
  if (!classic) throw std::invalid_argument("Park's Figure 8 layout needs a 10x10 grid and ships 5,4,3,3,2");
  return fixed_defense(rules, park_figure8_layout());
}

}  // namespace battleship
