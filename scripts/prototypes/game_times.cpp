// A measurement prototype, not part of the library and not built by CMake:
// the exact counter's time per game on the benchmark's 32 games after 10
// random shots (bench::shot_observations), best of N calls each, and the
// median and mean over the games; for A/B timing of two copies of the
// headers, alternating the two binaries (docs/results/30-exact-counting.md,
// "Session 27"). The checksum covers every result, so a change meant to
// keep them can be checked against the headers before it.
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude -I. scripts/prototypes/game_times.cpp -o /tmp/game_times
//   /tmp/game_times 5 park                       # park, datagenetics, audinot or no-edge
//   /tmp/game_times 5 park count                 # the count alone, without the matrix
//   GAMES=21,9,25 VERBOSE=1 /tmp/game_times 20 park   # some games only, each listed

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <utility>
#include <vector>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "benchmarks/shot_games.hpp"

using namespace battleship;

namespace {

std::vector<int> chosen_games(std::size_t count) {
  std::vector<int> games;
  if (const char* list = std::getenv("GAMES")) {
    const std::string s = list;
    for (std::size_t p = 0; p < s.size();) {
      const std::size_t q = std::min(s.find(',', p), s.size());
      games.push_back(std::stoi(s.substr(p, q - p)));
      p = q + 1;
    }
  } else {
    for (std::size_t g = 0; g < count; ++g) games.push_back(static_cast<int>(g));
  }
  return games;
}

template <class R>
void run(int reps, bool matrix) {
  const R rules{};
  exact_counter<R> counter{rules};
  const auto games = bench::shot_observations(rules, 10, 32);
  const bool verbose = std::getenv("VERBOSE") != nullptr;
  unsigned long long checksum = 0;
  std::vector<double> best;
  for (const int g : chosen_games(games.size())) {
    const auto& obs = games.at(static_cast<std::size_t>(g));
    double ms = 1e300;
    for (int r = 0; r < reps; ++r) {
      const auto t0 = std::chrono::steady_clock::now();
      const count_result result = counter.count(obs, matrix);
      ms = std::min(ms, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      if (r > 0) continue;
      checksum = checksum * 31 + static_cast<unsigned long long>(result.labelled);
      for (const count_type v : result.occupancy) checksum = checksum * 7 + static_cast<unsigned long long>(v);
    }
    best.push_back(ms);
    if (verbose) std::printf("game %d, %d hits: %.2f ms\n", g, static_cast<int>(obs.hits().count()), ms);
  }
  double sum = 0;
  for (const double ms : best) sum += ms;
  std::sort(best.begin(), best.end());
  std::printf("checksum %llx, median %.2f ms, mean %.2f ms over %zu games\n", checksum, best[best.size() / 2],
              sum / static_cast<double>(best.size()), best.size());
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::stoi(argv[1]) : 3;
  const std::string which = argc > 2 ? argv[2] : "park";
  const bool matrix = !(argc > 3 && std::string(argv[3]) == "count");
  if (which == "park")
    run<park_rules>(reps, matrix);
  else if (which == "datagenetics")
    run<datagenetics_rules>(reps, matrix);
  else if (which == "audinot")
    run<audinot_rules>(reps, matrix);
  else if (which == "no-edge")
    run<bench::no_edge_rules>(reps, matrix);
  else {
    std::fprintf(stderr, "game_times [reps] [park|datagenetics|audinot|no-edge] [count]\n");
    return 2;
  }
}
