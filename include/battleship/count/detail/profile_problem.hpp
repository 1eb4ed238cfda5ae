#pragma once
// The counting problem in the form the profile dynamic programme wants:
// a W x H grid (possibly transposed and flipped: choose_scan_orientation)
// scanned row by row, ship *types* (interchangeable ships merged, with a
// multiplicity), a weight for every start cell and direction of every type
// (0 = forbidden: off the grid, on a miss, against a sunk announcement, or,
// under the contact rules, touching a hit it does not cover), and the cells
// the observation forces empty (misses) or covered (hits).
//
// Building it from a ruleset is the only place that knows about rulesets,
// observations and placements; the dynamic programme itself is plain ints.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>

namespace battleship::detail {

// A placement weight's answer as the counters keep it. An integer answer
// that std::uint64_t cannot hold is refused rather than converted: a
// negative one would wrap to about 2^64, and one past 2^64 - 1 (a 128-bit
// type's) would lose its high bits. An enum is read as its underlying type,
// a class as the type its conversion gives.
template <class W>
[[nodiscard]] constexpr std::uint64_t placement_weight_value(W w) {
  if constexpr (std::is_enum_v<W>) {
    return placement_weight_value(static_cast<std::underlying_type_t<W>>(w));
  } else if constexpr (std::is_class_v<W>) {
    // Read as the arithmetic type its conversion gives (unary + picks it), so
    // that a class converting to int, or to a 128-bit type, is checked as
    // those are rather than wrapped or cut by the conversion to std::uint64_t.
    // A class whose own operator+ gives a class is converted as it is.
    if constexpr (requires { requires !std::is_class_v<std::remove_cvref_t<decltype(+w)>>; })
      return placement_weight_value(+w);
    else
      return static_cast<std::uint64_t>(w);
  } else {
    // W(-1) < W(0) rather than std::is_signed_v, which is false for
    // __int128 under -std=c++20.
    auto refuse = [&](const char* what) {
      std::string value;
      if constexpr (sizeof(W) <= sizeof(std::uint64_t))
        value = std::to_string(w);
      else  // a 128-bit value, in count_type's digits
        value =
            w < 0 ? "-" + to_string(count_type{0} - static_cast<count_type>(w)) : to_string(static_cast<count_type>(w));
      throw std::invalid_argument(std::string("placement weight: a weight must ") + what + " (got " + value + ")");
    };
    if constexpr (W(-1) < W(0))
      if (w < 0) refuse("not be negative");
    if constexpr (sizeof(W) > sizeof(std::uint64_t))
      if (w > static_cast<W>(std::numeric_limits<std::uint64_t>::max())) refuse("fit 64 bits");
    return static_cast<std::uint64_t>(w);
  }
}

struct profile_problem {
  struct ship_type {
    int length = 0;
    int multiplicity = 0;
    std::vector<int> ships;  // fleet indices of the interchangeable ships of this type
  };

  int width = 0;            // scanned width (columns of the profile)
  int height = 0;           // scanned height
  bool transposed = false;  // scanned (r, c) is the rules' (c, r), before the flips below
  bool flip_rows = false;   // scanned rows count from the rules' last one
  bool flip_cols = false;   // scanned columns count from the rules' last one
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
  // The rules' (row, col) of a scanned cell.
  [[nodiscard]] std::pair<int, int> original_row_col(int scanned) const noexcept {
    int r = scanned / width, c = scanned % width;
    if (flip_rows) r = height - 1 - r;
    if (flip_cols) c = width - 1 - c;
    return transposed ? std::pair{c, r} : std::pair{r, c};
  }
  // The scanned cell of the rules' (row, col).
  [[nodiscard]] int scanned_cell(int row, int col) const noexcept {
    int r = transposed ? col : row, c = transposed ? row : col;
    if (flip_rows) r = height - 1 - r;
    if (flip_cols) c = width - 1 - c;
    return r * width + c;
  }
  // The rules' cell for a scanned cell.
  [[nodiscard]] int original_cell(int scanned) const noexcept {
    const auto [row, col] = original_row_col(scanned);
    return row * (transposed ? height : width) + col;  // the rules' grid is `height` columns wide when transposed
  }
  // The rules' placement for a start at a scanned cell in a scanned direction.
  [[nodiscard]] placement original_placement(int scanned, int dir, int length) const noexcept {
    const auto [r0, c0] = original_row_col(scanned);
    if (length == 1) return {r0, c0, orientation::horizontal};
    const auto [r1, c1] = original_row_col(dir == 0 ? scanned + length - 1 : scanned + (length - 1) * width);
    return {std::min(r0, r1), std::min(c0, c1), r0 == r1 ? orientation::horizontal : orientation::vertical};
  }
};

// How the rules' grid is scanned: transposed first, then flipped.
struct scan_orientation {
  bool transposed = false, flip_rows = false, flip_cols = false;
  friend constexpr bool operator==(const scan_orientation&, const scan_orientation&) = default;
};

// The narrower side goes across (a narrower profile has fewer states; both
// ways on a square grid), and of those orientations and their four flips the
// one with the lowest estimated cost, in rows scanned:
// - a hit ahead keeps alive many states that will die at it (once it is
//   behind the scan every surviving state has covered it), so the first hit
//   and, twice over, the mean position of the hits should come early;
// - a miss prunes the states of the layers after it, most where they are
//   most numerous, in the middle rows: each miss adds a tenth of its
//   distance in rows from the middle row.
// Chosen on the benchmark's kind of game (10x10, 10 random shots, 128
// games, every orientation timed; scripts/prototypes/orientation_oracle.cpp)
// and checked on 32 others: the time is on average 1.05 times the best
// orientation's (the rule before, first hit then sum of hits, 1.10-1.23).
// Under the contact rules (refitted on 288 games per rule and checked on
// the benchmark's 32, session 34) the first hit counts a fifth as much, a
// miss's distance from the middle row twice as much, and a miss in the
// second half half as much again; refitted the same way, the touching
// rules' weights did worse on the benchmark's games, so they stay.
template <class Board>
[[nodiscard]] scan_orientation choose_scan_orientation(int W, int H, const Board& hits, const Board& misses,
                                                       adjacency rule) {
  const bool contact = rule != adjacency::touching;
  const double first_hit_weight = contact ? 0.2 : 1, mean_hit_weight = 2, miss_weight = contact ? 0.2 : 0.1,
               late_miss_weight = contact ? 0.1 : 0;
  scan_orientation best;
  double best_cost = std::numeric_limits<double>::infinity();
  for (int transposed = 0; transposed < 2; ++transposed) {
    if ((transposed == 1) != (W > H) && W != H) continue;
    for (int flips = 0; flips < 4; ++flips) {
      profile_problem p;
      p.transposed = transposed == 1;
      p.flip_rows = (flips & 1) != 0;
      p.flip_cols = (flips & 2) != 0;
      p.width = p.transposed ? H : W;
      p.height = p.transposed ? W : H;
      int first_hit = W * H, hit_count = 0;
      double hit_sum = 0, miss_spread = 0, late_misses = 0;
      for (int cell = 0; cell < W * H; ++cell) {
        const bool hit = hits.test(static_cast<std::size_t>(cell)), miss = misses.test(static_cast<std::size_t>(cell));
        if (!hit && !miss) continue;
        const int s = p.scanned_cell(cell / W, cell % W);
        if (hit) {
          first_hit = std::min(first_hit, s);
          hit_sum += s;
          ++hit_count;
        } else {
          const int from_middle = 2 * (s / p.width) - (p.height - 1);  // in half rows
          miss_spread += std::abs(from_middle) / 2.0;
          late_misses += std::max(from_middle, 0) / 2.0;
        }
      }
      const double hit_cost =
          hit_count == 0 ? 0.0 : (first_hit_weight * first_hit + mean_hit_weight * hit_sum / hit_count) / p.width;
      const double cost = hit_cost + miss_weight * miss_spread + late_miss_weight * late_misses;
      if (cost < best_cost) {
        best_cost = cost;
        best = {p.transposed, p.flip_rows, p.flip_cols};
      }
    }
  }
  return best;
}

// Builds the problem for `rules` and `obs`, scanned in orientation `o`;
// `weigh(ship, placement)` gives the weight (an unsigned integer,
// 0 = forbidden) of each admissible placement. Throws invalid_observation
// when `obs` was made under other rules (require_observation_of), e.g. it
// announces a sunk ship under rules that never announce one: a sink tells
// equal-length ships apart, which such rules' counters may assume never
// happens (may_need_scalar_values).
template <Ruleset R, class Weigh>
[[nodiscard]] profile_problem make_profile_problem(const R& rules, const observation<typename R::board_type>& obs,
                                                   Weigh&& weigh, scan_orientation o) {
  using Board = typename R::board_type;
  require_observation_of(rules, obs);
  // A weight that carries its own rules (edge_prior) reads the fleet and
  // grid from them, with this counter's ship numbers and placements.
  if constexpr (requires { requires Ruleset<std::remove_cvref_t<decltype(weigh.rules)>>; })
    require_same_game(rules, weigh.rules, "the placement weight");
  const auto g = rules.geometry();
  const int W = g.width(), H = g.height(), n = W * H;
  profile_problem p;
  p.transposed = o.transposed;
  p.flip_rows = o.flip_rows;
  p.flip_cols = o.flip_cols;
  p.width = p.transposed ? H : W;
  p.height = p.transposed ? W : H;
  p.rule = checked_rule(rules.contact());
  auto scanned_of = [&](int row, int col) { return p.scanned_cell(row, col); };

  // Under the contact rules a placement that touches a hit without covering
  // it is in no layout: the ship on that hit would touch it. Dropped here,
  // where its start fixes it, it starts no states that would otherwise live
  // until the scan reaches the contact.
  const Board& hits = obs.hits();
  const bool hits_touched = p.rule != adjacency::touching && hits.any();

  // Per ship: its weight vector over scanned (cell, dir).
  const int ships = rules.ship_count();
  std::vector<std::vector<std::uint64_t>> per_ship(static_cast<std::size_t>(ships),
                                                   std::vector<std::uint64_t>(static_cast<std::size_t>(2 * n), 0));
  for (int i = 0; i < ships; ++i) {
    const int len = rules.ship_length(i);
    p.max_length = std::max(p.max_length, len);
    for (const auto& ps : all_placements(g, len)) {
      if (!obs.placement_allowed(i, ps.mask)) continue;
      if (hits_touched && !(halo(g, p.rule, ps.mask) & hits).subset_of(ps.mask)) continue;
      const std::uint64_t w = placement_weight_value(weigh(i, ps.where));
      if (w == 0) continue;
      if (w != 1) p.unit_weights = false;
      // The scanned start is the end nearer the scan's origin.
      const bool east = ps.where.dir == orientation::horizontal;
      const int from = scanned_of(ps.where.row, ps.where.col);
      const int to = scanned_of(ps.where.row + (east ? 0 : len - 1), ps.where.col + (east ? len - 1 : 0));
      const int dir = len > 1 && from / p.width != to / p.width ? 1 : 0;
      per_ship[static_cast<std::size_t>(i)][static_cast<std::size_t>(2 * std::min(from, to) + dir)] = w;
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
  return p;
}

template <Ruleset R, class Weigh>
[[nodiscard]] profile_problem make_profile_problem(const R& rules, const observation<typename R::board_type>& obs,
                                                   Weigh&& weigh) {
  const auto g = rules.geometry();
  return make_profile_problem(
      rules, obs, std::forward<Weigh>(weigh),
      choose_scan_orientation(g.width(), g.height(), obs.hits(), obs.misses(), rules.contact()));
}

}  // namespace battleship::detail
