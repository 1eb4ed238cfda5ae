// A measurement prototype, not part of the library and not built by CMake:
// the instructions of each exact-counter call (with the matrix) on the
// target's games after 10 random shots (the stream of bench_exact_counter's
// 1,024-game rows), one counter for all calls as in the benchmark. Under
// callgrind every call is zeroed before and dumped after, so each dump holds
// that call alone; scripts/prototypes/call_instructions.py reads the dumps
// and prints the median and quartiles, which no host's speed moves. The
// same calls' times come from game_times.cpp (GAME_COUNT, VERBOSE), whose
// checksum of the results is this one's (docs/results/30-exact-counting.md,
// session 61):
//
//   g++ -std=c++20 -O3 -DNDEBUG -fipa-pta -Iinclude scripts/prototypes/call_instructions.cpp -o /tmp/call_instructions
//   valgrind --tool=callgrind --dump-line=no --callgrind-out-file=/tmp/ci/park \
//       /tmp/call_instructions park 1024 > /dev/null
//   python3 scripts/prototypes/call_instructions.py /tmp/ci/park
//
// Needs valgrind's headers (Debian's valgrind package has them). The first
// call also builds the counter's tables, as the benchmark's untimed warm-up
// does: it is counted but not dumped.

#include <cstdio>
#include <string>

#include <valgrind/callgrind.h>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "../../benchmarks/shot_games.hpp"

using namespace battleship;

namespace {

template <class R>
void run(int games) {
  const R rules{};
  const auto observations = bench::shot_observations(rules, 10, games);
  exact_counter<R> counter{rules};
  (void)counter.count(observations.front(), true);  // the benchmark's warm-up
  unsigned long long checksum = 0;
  for (const auto& obs : observations) {
    CALLGRIND_ZERO_STATS;
    const count_result result = counter.count(obs, true);
    CALLGRIND_DUMP_STATS;
    checksum = checksum * 31 + static_cast<unsigned long long>(result.labelled);
    for (const count_type v : result.occupancy) checksum = checksum * 7 + static_cast<unsigned long long>(v);
  }
  std::printf("checksum %llx over %d games\n", checksum, games);
}

}  // namespace

int main(int argc, char** argv) {
  if (RUNNING_ON_VALGRIND == 0)
    std::fprintf(stderr, "call_instructions: meant for callgrind; for times, game_times.cpp on the same games\n");
  const std::string which = argc > 1 ? argv[1] : "park";
  const int games = argc > 2 ? std::stoi(argv[2]) : 1024;
  if (which == "park")
    run<park_rules>(games);
  else if (which == "datagenetics")
    run<datagenetics_rules>(games);
  else if (which == "audinot")
    run<audinot_rules>(games);
  else if (which == "no-edge")
    run<bench::no_edge_rules>(games);
  else {
    std::fprintf(stderr, "call_instructions [park|datagenetics|audinot|no-edge] [games]\n");
    return 2;
  }
}
