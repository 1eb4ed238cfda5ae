// A measurement prototype, not part of the library and not built by CMake:
// one fresh call of the exact counter (the matrix) on one of the
// benchmark's 32 games after 10 random shots, for cachegrind, which counts
// its instructions whatever else the host is doing; with "setup", the
// games are made but not counted, so that the difference is the call
// (docs/results/30-exact-counting.md, "Session 41"). A fresh counter
// builds its tables in the call, about 2.3 M instructions.
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude -I. scripts/prototypes/game_instructions.cpp -o /tmp/game_instructions
//   valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/game_instructions no-edge 22
//   valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/game_instructions no-edge 22 setup
//   # rules: park, audinot or no-edge; games 0-31

#include <cstdio>
#include <string>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "benchmarks/shot_games.hpp"

using namespace battleship;

namespace {

template <class R>
int run(int game, bool setup_only) {
  const R rules{};
  exact_counter<R> counter{rules};
  const auto games = bench::shot_observations(rules, 10, 32);
  if (game < 0 || game >= static_cast<int>(games.size())) {
    std::fprintf(stderr, "game_instructions: the game must be 0-%zu\n", games.size() - 1);
    return 2;
  }
  const auto& obs = games[static_cast<std::size_t>(game)];
  if (setup_only) return 0;
  const count_result r = counter.count(obs, true);
  std::printf("game %d: %d hits, %llu layouts\n", game, obs.hits().count(),
              static_cast<unsigned long long>(r.labelled));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string rule = argc > 1 ? argv[1] : "";
  const int game = argc > 2 ? std::stoi(argv[2]) : 0;
  const bool setup_only = argc > 3 && std::string(argv[3]) == "setup";
  if (rule == "park") return run<park_rules>(game, setup_only);
  if (rule == "audinot") return run<audinot_rules>(game, setup_only);
  if (rule == "no-edge") return run<bench::no_edge_rules>(game, setup_only);
  std::fprintf(stderr, "game_instructions park|audinot|no-edge GAME [setup]\n");
  return 2;
}
