#pragma once
// The weighted brute-force reference the tests share: every labelled layout
// agreeing with an observation (for_each_layout), each weighing the product
// of its ships' placement weights.

#include <utility>
#include <vector>

#include <battleship/solver.hpp>

namespace battleship::test_support {

// The weighted number of labelled layouts and of those covering each cell.
template <class Weight>
std::pair<count_type, std::vector<count_type>> weighted_brute_force(const dynamic_rules& rules,
                                                                    const observation<dynamic_rules::board_type>& obs,
                                                                    Weight&& weight) {
  count_type total = 0;
  std::vector<count_type> occ(static_cast<std::size_t>(rules.geometry().cell_count()), 0);
  for_each_layout(rules, obs, [&](const auto& l) {
    count_type prod = 1;
    for (int i = 0; i < l.size; ++i) prod *= weight(i, l.ships[static_cast<std::size_t>(i)]->where);
    total += prod;
    l.occupied.for_each([&](std::size_t c) { occ[c] += prod; });
  });
  return {total, occ};
}

}  // namespace battleship::test_support
