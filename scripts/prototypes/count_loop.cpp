// A measurement prototype, not part of the library and not built by CMake:
// calls exact_counter::count (with the matrix) in a loop, for a profiler or
// for A/B timing of two copies of the headers, and prints a checksum of the
// results so that a change meant to keep them can be checked against the
// headers before it (docs/results/30-exact-counting.md, "Session 12"):
//
//   g++ -std=c++20 -O3 -DNDEBUG -g -Iinclude scripts/prototypes/count_loop.cpp -o /tmp/count_loop
//   /tmp/count_loop 10 empty-park          # or empty-audinot, empty-no-edge, shots-park, shots-audinot, shots-no-edge
//   /tmp/count_loop 10 empty-park count    # the count alone, without the matrix
//   /tmp/count_loop 1 shots-no-edge states # also the states kept, the peak layer and the bytes held (session 44;
//   glibc) valgrind --tool=cachegrind --cache-sim=no /tmp/count_loop 1 shots-park   # instructions: steady on a noisy
//   host perf record -o /tmp/perf.data /tmp/count_loop 30 empty-park perf report -i /tmp/perf.data --no-children --sort
//   srcline --stdio

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <utility>
#include <vector>

#include <malloc.h>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "../../benchmarks/shot_games.hpp"

using namespace battleship;

namespace {

template <class R>
void run(int reps, bool after_shots, bool matrix, bool states) {
  const R rules{};
  exact_counter<R> counter{rules};
  std::vector<observation<typename R::board_type>> games;
  if (after_shots)
    games = bench::shot_observations(rules, 10, 32);
  else
    games.emplace_back(rules);
  unsigned long long checksum = 0;
  std::vector<std::size_t> kept, peak;  // per game, in the last repetition
  const auto t0 = std::chrono::steady_clock::now();
  for (int r = 0; r < reps; ++r)
    for (const auto& obs : games) {
      const count_result result = counter.count(obs, matrix);
      checksum = checksum * 31 + static_cast<unsigned long long>(result.labelled);
      for (const count_type v : result.occupancy) checksum = checksum * 7 + static_cast<unsigned long long>(v);
      if (states && r == reps - 1) {
        kept.push_back(counter.kept_states());
        peak.push_back(counter.peak_states());
      }
    }
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
  std::printf("checksum %llx, %.2f ms per call\n", checksum, ms / reps / static_cast<double>(games.size()));
  if (states && !kept.empty()) {
    auto median_and_max = [](std::vector<std::size_t> v) {
      std::sort(v.begin(), v.end());
      return std::pair{v[v.size() / 2], v.back()};
    };
    const auto [kept_median, kept_max] = median_and_max(kept);
    const auto [peak_median, peak_max] = median_and_max(peak);
    std::printf("kept states median %zu, largest %zu; peak layer median %zu, largest %zu\n", kept_median, kept_max,
                peak_median, peak_max);
    // What the tables hold between calls (glibc's count of bytes in use,
    // heap and mmap): after each game alone, and after the whole loop.
    auto in_use = [] {
      const auto m = mallinfo2();
      return m.uordblks + m.hblkhd;
    };
    std::vector<std::size_t> held;
    for (const auto& obs : games) {
      exact_counter<R> alone{rules};
      (void)alone.count(obs, matrix);
      const std::size_t before = in_use();
      alone.release();
      held.push_back(before - in_use());
    }
    const std::size_t before = in_use();
    counter.release();
    const auto [held_median, held_max] = median_and_max(held);
    std::printf("held between calls: one game's counter median %.1f MB, largest %.1f MB; this loop's %.1f MB\n",
                static_cast<double>(held_median) / 1e6, static_cast<double>(held_max) / 1e6,
                static_cast<double>(before - in_use()) / 1e6);
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
