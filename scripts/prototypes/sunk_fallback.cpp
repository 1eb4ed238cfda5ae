// A measurement prototype, not part of the library and not built by CMake:
// how long the exact matrix takes in DataGenetics games (sunk announcements)
// before and after a 3-ship sinks (docs/results/30-exact-counting.md,
// "Session 18"). A sunk 3-ship makes five distinct types in the classic
// fleet, ten sets of two ships, more than the seven lanes
// (unplaced_lanes.hpp) hold, so those counts take the path without lanes.
// The games are played by the exact density: before each shot, the count
// with the matrix, then the most likely cell (lowest index on ties).
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude scripts/prototypes/sunk_fallback.cpp -o /tmp/sunk_fallback
//   /tmp/sunk_fallback 10     # games

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include <battleship/solver.hpp>

using namespace battleship;

namespace {

void report(const char* what, std::vector<double> ms) {
  if (ms.empty()) {
    std::printf("%s: no calls\n", what);
    return;
  }
  std::sort(ms.begin(), ms.end());
  double total = 0;
  for (const double x : ms) total += x;
  std::printf("%s: %zu calls, median %.2f ms, mean %.2f ms, max %.2f ms, total %.0f ms\n", what, ms.size(),
              ms[ms.size() / 2], total / static_cast<double>(ms.size()), ms.back(), total);
}

}  // namespace

int main(int argc, char** argv) {
  const int games = argc > 1 ? std::stoi(argv[1]) : 10;
  const datagenetics_rules rules{};
  exact_counter<datagenetics_rules> counter{rules};
  std::mt19937_64 rng(7);
  const uniform_layout_sampler<datagenetics_rules> sampler(rules);
  const int cells = rules.geometry().cell_count();
  std::vector<double> before, after;
  for (int g = 0; g < games; ++g) {
    game<datagenetics_rules> play(rules, sampler(rng));
    while (!play.over()) {
      const auto& seen = play.seen();
      const auto t0 = std::chrono::steady_clock::now();
      const count_result r = counter.count(seen, true);
      const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      bool three_sunk = false;
      for (const auto& e : seen.sunk_events()) three_sunk = three_sunk || rules.ship_length(e.ship) == 3;
      (three_sunk ? after : before).push_back(ms);
      int best = -1;
      for (int c = 0; c < cells; ++c)
        if (!seen.shots().test(static_cast<std::size_t>(c)) &&
            (best < 0 || r.occupancy[static_cast<std::size_t>(c)] > r.occupancy[static_cast<std::size_t>(best)]))
          best = c;
      play.shoot(best);
    }
  }
  report("before a 3-ship sinks", before);
  report("after", after);
}
