#pragma once
// Where one ship can lie: its start cell, direction and mask, and the table of
// every in-bounds placement for each ship of a ruleset.
//
// A ship of length 1 has one placement per cell (horizontal only), so that
// no layout is counted twice.

#include <cstddef>
#include <vector>

#include <battleship/core/geometry.hpp>
#include <battleship/core/ruleset.hpp>

namespace battleship {

// A ship's position as a player states it: the top-left cell and a direction.
struct placement {
  int row = 0;
  int col = 0;
  orientation dir = orientation::horizontal;
  friend constexpr bool operator==(const placement&, const placement&) noexcept = default;
};

template <class Board>
struct placed_ship {
  placement where;
  Board mask;
};

// Every in-bounds placement of a ship of `length`: horizontal ones in scan
// order of their start cell, then vertical ones.
template <class Board>
[[nodiscard]] constexpr std::vector<placed_ship<Board>> all_placements(const board_geometry<Board>& g, int length) {
  std::vector<placed_ship<Board>> out;
  for (orientation dir : {orientation::horizontal, orientation::vertical}) {
    if (dir == orientation::vertical && length == 1) break;
    for (int r = 0; r < g.height(); ++r)
      for (int c = 0; c < g.width(); ++c)
        if (auto m = g.ship_mask(r, c, dir, length)) out.push_back({placement{r, c, dir}, *m});
  }
  return out;
}

// The in-bounds placements of every ship of a ruleset (ships of equal length
// get equal lists).
template <Ruleset R>
class placement_table {
 public:
  using board_type = typename R::board_type;
  constexpr explicit placement_table(const R& rules) : geometry_(rules.geometry()) {
    (void)detail::checked_rule(rules.contact());  // every sampler and defense builds one
    for (int i = 0; i < rules.ship_count(); ++i) by_ship_.push_back(all_placements(geometry_, rules.ship_length(i)));
  }
  [[nodiscard]] constexpr const std::vector<placed_ship<board_type>>& ship(int i) const noexcept {
    return by_ship_[static_cast<std::size_t>(i)];
  }
  [[nodiscard]] constexpr int ship_count() const noexcept { return static_cast<int>(by_ship_.size()); }
  [[nodiscard]] constexpr const board_geometry<board_type>& geometry() const noexcept { return geometry_; }

 private:
  board_geometry<board_type> geometry_;
  std::vector<std::vector<placed_ship<board_type>>> by_ship_;
};

}  // namespace battleship
