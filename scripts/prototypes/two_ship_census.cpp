// A measurement prototype, not part of the library and not built by CMake:
// per game of the benchmark's 32 after 10 random shots, the matrix's time
// (best of 3) beside the successors the pass absorbs with two ships left,
// in all and with a hit ahead (profile_dp's counters), sorted by time. The
// games around the median say which form sets it
// (docs/results/30-exact-counting.md, "Session 32"):
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude -I. scripts/prototypes/two_ship_census.cpp -o /tmp/two_ship_census
//   /tmp/two_ship_census park          # or datagenetics

#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>

#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

struct game_row {
  std::size_t game;
  double ms;
  std::size_t two_ship, with_hit;
};

template <class R>
void run() {
  const auto games = prototypes::boards(R{}, true);
  detail::profile_dp<std::uint64_t> dp;
  std::vector<count_type> occupancy;
  std::vector<game_row> rows;
  for (std::size_t g = 0; g < games.size(); ++g) {
    const double ms = prototypes::best_ms(3, [&] {
      dp.reset(detail::make_profile_problem(R{}, games[g], unit_weight{}));
      if (dp.forward<detail::value_passes::up_to_64_bits>(detail::keep_tables::for_occupancy) != 0)
        dp.backward<detail::value_passes::up_to_64_bits>(&occupancy);
    });
    rows.push_back({g, ms, dp.two_ship_states(), dp.two_ship_hit_states()});
  }
  std::sort(rows.begin(), rows.end(), [](const game_row& a, const game_row& b) { return a.ms < b.ms; });
  for (const game_row& r : rows)
    std::printf("game %2zu: %6.2f ms, %6zu states with two ships left (%6zu with a hit ahead), %.3f us each\n", r.game,
                r.ms, r.two_ship, r.with_hit, r.two_ship > 0 ? 1000.0 * r.ms / static_cast<double>(r.two_ship) : 0.0);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "park";
  if (which == "park")
    run<park_rules>();
  else if (which == "datagenetics")
    run<datagenetics_rules>();
  else {
    std::fprintf(stderr, "usage: two_ship_census park|datagenetics\n");
    return 2;
  }
}
