// A measurement prototype, not part of the library and not built by CMake:
// what one call of the exact counter (count and matrix) costs on each of the
// benchmark's 32 games after 10 random shots, beside how many of the shots
// hit (docs/results/30-exact-counting.md, "Session 24"). Instructions, not
// time: each game is run once under cachegrind, whose counts do not move
// with the machine's load.
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude scripts/prototypes/hits_split.cpp -o /tmp/hits_split
//   /tmp/hits_split list park                 # game, hits, misses (also: audinot, no-edge)
//   /tmp/hits_split one park 7                # one call on game 7
//   for g in $(seq 0 31); do
//     valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/hits_split one park $g 2>&1 |
//       awk -v g=$g '/I *refs/ {gsub(",", "", $4); print g, $4}'
//   done
//
// A run of `one` with game -1 does everything but the call: its
// instructions are the fixed cost to subtract.

#include <cstdio>
#include <cstdlib>
#include <string>

#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

template <class R>
int run(const std::string& what, int game) {
  const R rules{};
  const auto games = prototypes::boards(rules, true);  // the benchmark's 32 games after 10 shots
  if (what == "list") {
    for (std::size_t g = 0; g < games.size(); ++g)
      std::printf("%zu %d %d\n", g, games[g].hits().count(), games[g].misses().count());
    return 0;
  }
  exact_counter<R> counter{rules};
  if (game < 0) return 0;
  const count_result result = counter.count(games.at(static_cast<std::size_t>(game)), true);
  std::printf("game %d: %s layouts\n", game, to_string(result.labelled).c_str());
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "usage: %s list|one park|audinot|no-edge [game]\n", argv[0]);
    return 2;
  }
  const std::string what = argv[1], rule = argv[2];
  const int game = argc > 3 ? std::atoi(argv[3]) : -1;
  if (rule == "park") return run<park_rules>(what, game);
  if (rule == "audinot") return run<audinot_rules>(what, game);
  if (rule == "no-edge") return run<bench::no_edge_rules>(what, game);
  std::fprintf(stderr, "unknown rules %s\n", rule.c_str());
  return 2;
}
