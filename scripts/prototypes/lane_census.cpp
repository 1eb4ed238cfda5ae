// A measurement prototype, not part of the library and not built by CMake:
// how many of the states the exact counter builds differ only in which
// ships are still unplaced (docs/results/30-exact-counting.md, "Session
// 16"). It needs the library's headers with lane_census.patch applied,
// which groups the states of every layer the forward pass builds by (key
// without the counts, ships left). Count only, one call per board.
//
//   rm -rf /tmp/lane_census && mkdir /tmp/lane_census && cp -r include /tmp/lane_census/
//   (cd /tmp/lane_census && patch -p1 < "$OLDPWD/scripts/prototypes/lane_census.patch")
//   g++ -std=c++20 -O2 -DNDEBUG -I/tmp/lane_census/include scripts/prototypes/lane_census.cpp -o /tmp/lane_census_run
//   /tmp/lane_census_run
//
// The patch applies to the headers of the commit that last changed it.

#include <cstdio>
#include <vector>

#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

template <class R>
void census_of(const char* name, bool after_shots) {
  detail::lane_census = {};
  prototypes::count_boards(R{}, after_shots);
  const auto& c = detail::lane_census;
  std::printf("%s, %s: %llu states in %llu groups (%.2f a group)\n", name,
              after_shots ? "32 games after 10 shots" : "empty board", c.states, c.groups,
              static_cast<double>(c.states) / static_cast<double>(c.groups));
  for (int left = 0; left < 8; ++left)
    if (c.groups_by_level[left] != 0)
      std::printf("  %d ships left: %llu states in %llu groups (%.2f)\n", left, c.states_by_level[left],
                  c.groups_by_level[left],
                  static_cast<double>(c.states_by_level[left]) / static_cast<double>(c.groups_by_level[left]));
}

}  // namespace

int main() {
  for (const bool shots : {false, true}) {
    census_of<park_rules>("Park", shots);
    census_of<audinot_rules>("Audinot", shots);
    census_of<bench::no_edge_rules>("no edge", shots);
  }
}
