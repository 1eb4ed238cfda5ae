// A measurement prototype, not part of the library and not built by CMake:
// the instructions of each exact-counter call (with the matrix) on the
// target's games after 10 random shots (the stream of bench_exact_counter's
// 1,024-game rows), one counter for all calls as in the benchmark. Under
// callgrind every call is zeroed before and dumped after, so each dump holds
// that call alone; scripts/prototypes/call_instructions.py reads the dumps
// and prints the median and quartiles, which no host's speed moves. Run
// natively, it prints each call's time instead (best of REPS), to set
// against the same call's instructions (docs/results/30-exact-counting.md,
// session 61):
//
//   g++ -std=c++20 -O3 -DNDEBUG -fipa-pta -Iinclude scripts/prototypes/call_instructions.cpp -o /tmp/call_instructions
//   valgrind --tool=callgrind --dump-line=no --callgrind-out-file=/tmp/ci/park \
//       /tmp/call_instructions park 1024 > /dev/null
//   python3 scripts/prototypes/call_instructions.py /tmp/ci/park
//   REPS=3 taskset -c 1 /tmp/call_instructions park 1024 > /tmp/ci/park.times
//
// Needs valgrind's headers (Debian's valgrind package has them). The first
// call also builds the counter's tables, as the benchmark's untimed warm-up
// does: it is counted but not dumped.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include <valgrind/callgrind.h>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "../../benchmarks/shot_games.hpp"

using namespace battleship;

namespace {

template <class R>
void run(int games, int reps) {
  const R rules{};
  const auto observations = bench::shot_observations(rules, 10, games);
  exact_counter<R> counter{rules};
  (void)counter.count(observations.front(), true);  // the benchmark's warm-up
  const bool under_valgrind = RUNNING_ON_VALGRIND != 0;
  unsigned long long checksum = 0;
  for (int g = 0; g < games; ++g) {
    const auto& obs = observations[static_cast<std::size_t>(g)];
    count_result result;
    if (under_valgrind) {
      CALLGRIND_ZERO_STATS;
      result = counter.count(obs, true);
      CALLGRIND_DUMP_STATS;
    } else {
      double best = 1e300;
      for (int r = 0; r < reps; ++r) {
        const auto t0 = std::chrono::steady_clock::now();
        result = counter.count(obs, true);
        best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      }
      std::printf("game %d hits %d ms %.4f\n", g, static_cast<int>(obs.hits().count()), best);
    }
    checksum = checksum * 31 + static_cast<unsigned long long>(result.labelled);
    for (const count_type v : result.occupancy) checksum = checksum * 7 + static_cast<unsigned long long>(v);
  }
  std::printf("checksum %llx over %d games\n", checksum, games);
}

}  // namespace

int main(int argc, char** argv) {
  const std::string which = argc > 1 ? argv[1] : "park";
  const int games = argc > 2 ? std::stoi(argv[2]) : 1024;
  const int reps = std::getenv("REPS") != nullptr ? std::stoi(std::getenv("REPS")) : 1;
  if (which == "park")
    run<park_rules>(games, reps);
  else if (which == "datagenetics")
    run<datagenetics_rules>(games, reps);
  else if (which == "audinot")
    run<audinot_rules>(games, reps);
  else if (which == "no-edge")
    run<bench::no_edge_rules>(games, reps);
  else {
    std::fprintf(stderr, "call_instructions [park|datagenetics|audinot|no-edge] [games]\n");
    return 2;
  }
}
