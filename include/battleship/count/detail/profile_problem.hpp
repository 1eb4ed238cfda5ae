#pragma once
// The counting problem in the form the profile dynamic programme wants:
// a (possibly transposed) W x H grid scanned row by row, ship *types*
// (interchangeable ships merged, with a multiplicity), a weight for every
// start cell and direction of every type (0 = forbidden), and the cells the
// observation forces empty (misses) or covered (hits).
//
// Building it from a ruleset is the only place that knows about rulesets,
// observations and placements; the dynamic programme itself is plain ints.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>

namespace battleship::detail {

struct profile_problem {
  struct ship_type {
    int length = 0;
    int multiplicity = 0;
    std::vector<int> ships;  // fleet indices of the interchangeable ships of this type
  };

  int width = 0;            // scanned width (columns of the profile)
  int height = 0;           // scanned height
  bool transposed = false;  // scanned (r, c) is the rules' (c, r)
  adjacency rule = adjacency::touching;
  int max_length = 1;
  std::vector<ship_type> types;
  // weight[((t * cells) + cell) * 2 + dir]: weight of type t starting at the
  // scanned cell going east (dir 0) or south (dir 1); 0 when forbidden or off
  // the grid. Ships of length 1 only use dir 0.
  std::vector<std::uint64_t> weight;
  std::vector<signed char> forced;  // per scanned cell: -1 must be empty, +1 must be covered, 0 free
  bool unit_weights = true;         // every weight is 0 or 1

  [[nodiscard]] int cells() const noexcept { return width * height; }
  [[nodiscard]] std::uint64_t start_weight(int type, int cell, int dir) const noexcept {
    return weight[(static_cast<std::size_t>(type) * static_cast<std::size_t>(cells()) +
                   static_cast<std::size_t>(cell)) *
                      2 +
                  static_cast<std::size_t>(dir)];
  }
  // The rules' cell for a scanned cell.
  [[nodiscard]] int original_cell(int scanned) const noexcept {
    if (!transposed) return scanned;
    const int r = scanned / width, c = scanned % width;
    return c * height + r;  // the rules' grid is `height` columns wide
  }
  // The rules' placement for a start at a scanned cell in a scanned direction.
  [[nodiscard]] placement original_placement(int scanned, int dir, int length) const noexcept {
    const int r = scanned / width, c = scanned % width;
    const auto d = dir == 0 ? orientation::horizontal : orientation::vertical;
    if (!transposed) return {r, c, d};
    if (length == 1) return {c, r, orientation::horizontal};
    return {c, r, d == orientation::horizontal ? orientation::vertical : orientation::horizontal};
  }
};

// Builds the problem for `rules` and `obs`; `weigh(ship, placement)` gives the
// weight (an unsigned integer, 0 = forbidden) of each admissible placement.
template <Ruleset R, class Weigh>
[[nodiscard]] profile_problem make_profile_problem(const R& rules, const observation<typename R::board_type>& obs,
                                                   Weigh&& weigh) {
  using Board = typename R::board_type;
  const auto g = rules.geometry();
  const int W = g.width(), H = g.height(), n = W * H;
  profile_problem p;
  p.transposed = W > H;  // a narrower profile has fewer states
  p.width = p.transposed ? H : W;
  p.height = p.transposed ? W : H;
  p.rule = rules.contact();
  auto scanned_of = [&](int row, int col) { return p.transposed ? col * p.width + row : row * p.width + col; };

  // Per ship: its weight vector over scanned (cell, dir).
  const int ships = rules.ship_count();
  std::vector<std::vector<std::uint64_t>> per_ship(static_cast<std::size_t>(ships),
                                                   std::vector<std::uint64_t>(static_cast<std::size_t>(2 * n), 0));
  for (int i = 0; i < ships; ++i) {
    const int len = rules.ship_length(i);
    p.max_length = std::max(p.max_length, len);
    for (const auto& ps : all_placements(g, len)) {
      if (!obs.placement_allowed(i, ps.mask)) continue;
      const auto w = static_cast<std::uint64_t>(weigh(i, ps.where));
      if (w == 0) continue;
      if (w != 1) p.unit_weights = false;
      int dir = ps.where.dir == orientation::horizontal ? 0 : 1;
      if (p.transposed && len > 1) dir = 1 - dir;
      per_ship[static_cast<std::size_t>(i)]
              [static_cast<std::size_t>(2 * scanned_of(ps.where.row, ps.where.col) + dir)] = w;
    }
  }
  // Ships of equal length with identical weight vectors are interchangeable.
  std::vector<int> type_of(static_cast<std::size_t>(ships), -1);
  for (int i = 0; i < ships; ++i) {
    if (type_of[static_cast<std::size_t>(i)] >= 0) continue;
    profile_problem::ship_type t;
    t.length = rules.ship_length(i);
    for (int j = i; j < ships; ++j)
      if (type_of[static_cast<std::size_t>(j)] < 0 && rules.ship_length(j) == t.length &&
          per_ship[static_cast<std::size_t>(j)] == per_ship[static_cast<std::size_t>(i)]) {
        type_of[static_cast<std::size_t>(j)] = static_cast<int>(p.types.size());
        t.ships.push_back(j);
      }
    t.multiplicity = static_cast<int>(t.ships.size());
    p.types.push_back(std::move(t));
  }
  p.weight.assign(p.types.size() * static_cast<std::size_t>(2 * n), 0);
  for (std::size_t t = 0; t < p.types.size(); ++t)
    std::copy(per_ship[static_cast<std::size_t>(p.types[t].ships[0])].begin(),
              per_ship[static_cast<std::size_t>(p.types[t].ships[0])].end(),
              p.weight.begin() + static_cast<std::ptrdiff_t>(t * static_cast<std::size_t>(2 * n)));

  p.forced.assign(static_cast<std::size_t>(n), 0);
  for (int cell = 0; cell < n; ++cell) {
    const int s = scanned_of(g.row_of(cell), g.col_of(cell));
    if (obs.hits().test(static_cast<std::size_t>(cell))) p.forced[static_cast<std::size_t>(s)] = 1;
    if (obs.misses().test(static_cast<std::size_t>(cell))) p.forced[static_cast<std::size_t>(s)] = -1;
  }
  (void)sizeof(Board);
  return p;
}

}  // namespace battleship::detail
