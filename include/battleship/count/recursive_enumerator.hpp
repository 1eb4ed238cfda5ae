#pragma once
// The reference counter: Audinot et al.'s Algorithm 1 (place ship 1, then
// ship 2, ... recursively; count the complete layouts), generalised to hits,
// misses and sunk announcements.
//
// Misses and sunk announcements are per-placement predicates
// (observation::placement_allowed), checked before a ship is placed; hits are
// checked once the whole fleet is down, as in the paper. Occupancy adds one
// to every cell of every complete layout.
// Simple on purpose: it is the ground truth every fast algorithm is tested
// against, and the baseline in benchmarks. constexpr, so that a test can
// count a tiny game in a static_assert (two ships on up to 6x6 stay within
// g++'s and clang's default constexpr limits).

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>

namespace battleship {

// One complete layout found by the enumeration.
template <class Board>
struct enumerated_layout {
  std::array<const placed_ship<Board>*, max_ships> ships{};
  int size = 0;
  Board occupied{};
  [[nodiscard]] layout to_layout() const {
    layout l;
    for (int i = 0; i < size; ++i) l.push_back(ships[static_cast<std::size_t>(i)]->where);
    return l;
  }
};

namespace detail {
template <Ruleset R>
class recursive_enumeration {
 public:
  using Board = typename R::board_type;
  constexpr recursive_enumeration(const R& rules, const observation<Board>& obs)
      : rules_(rules), obs_(obs), table_(rules) {
    for (int i = 0; i < rules.ship_count(); ++i) {
      std::vector<const placed_ship<Board>*> allowed;
      for (const auto& p : table_.ship(i))
        if (obs.placement_allowed(i, p.mask)) allowed.push_back(&p);
      candidates_.push_back(std::move(allowed));
    }
  }

  template <class Visit>
  constexpr void run(Visit&& visit) {
    enumerated_layout<Board> current;
    current.size = rules_.ship_count();
    place(0, Board{}, current, visit);
  }

 private:
  template <class Visit>
  constexpr void place(int i, const Board& forbidden, enumerated_layout<Board>& current, Visit& visit) {
    if (i == rules_.ship_count()) {
      if (obs_.hits().subset_of(current.occupied)) visit(current);
      return;
    }
    const Board occupied_before = current.occupied;
    for (const auto* p : candidates_[static_cast<std::size_t>(i)]) {
      if (p->mask.intersects(forbidden)) continue;
      current.ships[static_cast<std::size_t>(i)] = p;
      current.occupied = occupied_before | p->mask;
      place(i + 1, forbidden | halo(table_.geometry(), rules_.contact(), p->mask), current, visit);
    }
    current.occupied = occupied_before;
  }

  const R& rules_;
  const observation<Board>& obs_;
  placement_table<R> table_;
  std::vector<std::vector<const placed_ship<Board>*>> candidates_;
};
}  // namespace detail

// Calls visit(const enumerated_layout<Board>&) for every labelled layout that
// agrees with `obs`, in lexicographic order of placements.
template <Ruleset R, class Visit>
constexpr void for_each_layout(const R& rules, const observation<typename R::board_type>& obs, Visit&& visit) {
  require_observation_of(rules, obs);
  detail::recursive_enumeration<R> e(rules, obs);
  e.run(visit);
}

template <Ruleset R>
constexpr void for_each_layout(const R& rules, auto&& visit) {
  for_each_layout(rules, observation<typename R::board_type>(rules), visit);
}

// Counts (and, if asked, the occupancy matrix) by visiting every layout.
template <Ruleset R>
[[nodiscard]] constexpr count_result enumerate_recursive(const R& rules, const observation<typename R::board_type>& obs,
                                                         bool with_occupancy = true) {
  count_result result;
  const int cells = rules.geometry().cell_count();
  // Filled by push_back: clang 14 rejects libstdc++'s sized vector
  // constructor in a constant expression.
  std::vector<std::uint64_t> per_cell;
  if (with_occupancy)
    for (int c = 0; c < cells; ++c) per_cell.push_back(0);
  std::uint64_t total = 0;
  for_each_layout(rules, obs, [&](const auto& l) {
    ++total;
    if (with_occupancy) l.occupied.for_each([&](std::size_t c) { ++per_cell[c]; });
  });
  result.labelled = total;
  result.labelled_per_unlabelled = unlabelled_divisor(rules, obs);
  result.unlabelled = total / result.labelled_per_unlabelled;
  for (const std::uint64_t n : per_cell) result.occupancy.push_back(n);
  return result;
}

template <Ruleset R>
[[nodiscard]] constexpr count_result enumerate_recursive(const R& rules, bool with_occupancy = true) {
  return enumerate_recursive(rules, observation<typename R::board_type>(rules), with_occupancy);
}

}  // namespace battleship
