// A measurement prototype, not part of the library and not built by CMake:
// the exact counter's time per game on the benchmark's 32 games after 10
// random shots (measure.hpp's boards()), best of N calls each, and the
// median and mean over the games; for A/B timing of two copies of the
// headers, alternating the two binaries (docs/results/30-exact-counting.md,
// "Session 27"). The checksum covers every result, so a change meant to
// keep them can be checked against the headers before it.
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude -I. scripts/prototypes/game_times.cpp -o /tmp/game_times
//   /tmp/game_times 5 park                       # park, datagenetics, audinot or no-edge
//   /tmp/game_times 5 park count                 # the count alone, without the matrix
//   GAMES=21,9,25 VERBOSE=1 /tmp/game_times 20 park   # some games only, each listed
//   GAME_COUNT=1024 VERBOSE=1 /tmp/game_times 3 audinot   # more games of the same stream (the
//                                   # first 32 are the benchmark's), for game_sample.py (session 50)
//
// Under cachegrind one call of one game counts that call's instructions,
// with the games' making and a fresh counter's tables (docs/results/
// 30-exact-counting.md, "Session 41"); an empty list makes the games and
// counts none, which is what to take off:
//
//   GAMES=22 valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/game_times 1 no-edge
//   GAMES= valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/game_times 1 no-edge

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "measure.hpp"

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
  const char* count = std::getenv("GAME_COUNT");
  const auto games =
      count != nullptr ? bench::shot_observations(rules, 10, std::stoi(count)) : prototypes::boards(rules, true);
  const bool verbose = std::getenv("VERBOSE") != nullptr;
  unsigned long long checksum = 0;
  std::vector<double> best;
  for (const int g : chosen_games(games.size())) {
    const auto& obs = games.at(static_cast<std::size_t>(g));
    count_result result;  // every call gives the same
    const double ms = prototypes::best_ms(reps, [&] { result = counter.count(obs, matrix); });
    checksum = checksum * 31 + static_cast<unsigned long long>(result.labelled);
    for (const count_type v : result.occupancy) checksum = checksum * 7 + static_cast<unsigned long long>(v);
    best.push_back(ms);
    if (verbose) {
      // How far in, in rows or columns, the hit nearest to an edge lies
      // (-1 without a hit): a scan from that edge reaches it first. And
      // the states the forward pass kept, which the host's noise does not
      // move (the two-ship form's ends are not among them).
      const auto geo = rules.geometry();
      int inset = -1;
      obs.hits().for_each([&](std::size_t c) {
        const int r = geo.row_of(static_cast<int>(c)), k = geo.col_of(static_cast<int>(c));
        const int d = std::min({r, geo.height() - 1 - r, k, geo.width() - 1 - k});
        inset = inset < 0 ? d : std::min(inset, d);
      });
      std::printf("game %d, %d hits: %.2f ms, inset %d, kept %zu\n", g, static_cast<int>(obs.hits().count()), ms, inset,
                  counter.kept_states());
    }
  }
  if (best.empty()) return;  // GAMES= (empty): the games made, none counted
  double sum = 0;
  for (const double ms : best) sum += ms;
  std::printf("checksum %llx, median %.2f ms, mean %.2f ms over %zu games\n", checksum, prototypes::median(best),
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
