// A measurement prototype, not part of the library and not built by CMake:
// calls exact_counter::count (with the matrix) in a loop, for a profiler or
// for A/B timing of two copies of the headers, and prints a checksum of the
// results so that a change meant to keep them can be checked against the
// headers before it (docs/results/30-exact-counting.md, "Session 12"):
//
//   g++ -std=c++20 -O3 -DNDEBUG -g -Iinclude scripts/prototypes/count_loop.cpp -o /tmp/count_loop
//   /tmp/count_loop 10 empty-park          # or empty-audinot, empty-no-edge, shots-park, shots-audinot, shots-no-edge
//   /tmp/count_loop 10 empty-park count    # the count alone, without the matrix
//   /tmp/count_loop 1 shots-no-edge states # also states kept, peak layer, bytes held (glibc; session 44)
//   valgrind --tool=cachegrind --cache-sim=no /tmp/count_loop 1 shots-park   # instructions: steady on a noisy host
//   perf record -o /tmp/perf.data /tmp/count_loop 30 empty-park
//   perf report -i /tmp/perf.data --no-children --sort srcline --stdio

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <malloc.h>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

template <class R>
void run(int reps, bool after_shots, bool matrix, bool states) {
  const R rules{};
  exact_counter<R> counter{rules};
  const auto games = prototypes::boards(rules, after_shots);
  unsigned long long checksum = 0;
  std::vector<double> kept, peak, held;  // per game, in the last repetition (held: below)
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    for (const auto& obs : games) {
      const count_result result = counter.count(obs, matrix);
      checksum = checksum * 31 + static_cast<unsigned long long>(result.labelled);
      for (const count_type v : result.occupancy) checksum = checksum * 7 + static_cast<unsigned long long>(v);
      if (states && r == reps - 1) {
        kept.push_back(static_cast<double>(counter.kept_states()));
        peak.push_back(static_cast<double>(counter.peak_states()));
      }
    }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf("checksum %llx, %.2f ms per call\n", checksum, ms / reps / static_cast<double>(games.size()));
  if (states && !kept.empty()) {
    auto largest = [](const std::vector<double>& v) { return *std::max_element(v.begin(), v.end()); };
    std::printf("kept states median %.0f, largest %.0f; peak layer median %.0f, largest %.0f\n",
                prototypes::median(kept), largest(kept), prototypes::median(peak), largest(peak));
    // What the tables hold between calls (glibc's count of bytes in use,
    // heap and mmap): after each game alone, and after the whole loop.
    auto in_use = [] {
      const auto m = mallinfo2();
      return static_cast<double>(m.uordblks + m.hblkhd);
    };
    for (const auto& obs : games) {
      exact_counter<R> alone{rules};
      (void)alone.count(obs, matrix);
      const double before = in_use();
      alone.release();
      held.push_back(before - in_use());
    }
    const double before = in_use();
    counter.release();
    std::printf("held between calls: one game's counter median %.1f MB, largest %.1f MB; this loop's %.1f MB\n",
                prototypes::median(held) / 1e6, largest(held) / 1e6, (before - in_use()) / 1e6);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const int reps = argc > 1 ? std::stoi(argv[1]) : 10;
  const std::string which = argc > 2 ? argv[2] : "empty-park";
  const std::string extra = argc > 3 ? argv[3] : "";
  const bool matrix = extra != "count", states = extra == "states";
  if (which == "empty-park")
    run<park_rules>(reps, false, matrix, states);
  else if (which == "shots-park")
    run<park_rules>(reps, true, matrix, states);
  else if (which == "empty-audinot")
    run<audinot_rules>(reps, false, matrix, states);
  else if (which == "shots-audinot")
    run<audinot_rules>(reps, true, matrix, states);
  else if (which == "shots-no-edge")
    run<bench::no_edge_rules>(reps, true, matrix, states);
  else if (which == "empty-no-edge")
    run<bench::no_edge_rules>(reps, false, matrix, states);
  else {
    std::fprintf(stderr,
                 "count_loop [reps] [empty-park|empty-audinot|empty-no-edge|shots-park|shots-audinot|shots-no-edge] "
                 "[count|states]\n");
    return 2;
  }
}
