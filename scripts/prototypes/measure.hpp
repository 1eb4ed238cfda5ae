#pragma once
// Timing helpers and boards shared by the measurement prototypes in this folder.

#include <algorithm>
#include <chrono>
#include <vector>

#include <battleship/count/exact_counter.hpp>

#include "../../benchmarks/shot_games.hpp"

namespace prototypes {

// The fastest of `runs` calls of f, in milliseconds.
template <class F>
double best_ms(int runs, F&& f) {
  double best = 1e300;
  for (int k = 0; k < runs; ++k) {
    const auto t0 = std::chrono::steady_clock::now();
    f();
    best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
  return best;
}

// The upper median.
inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

// The empty board, or the benchmark's 32 games after 10 shots.
template <class R>
std::vector<battleship::observation<typename R::board_type>> boards(const R& rules, bool after_shots) {
  if (after_shots) return battleship::bench::shot_observations(rules, 10, 32);
  return {battleship::observation<typename R::board_type>(rules)};
}

// Counts (without the matrix) each board of boards(), for the censuses that
// patched headers take of the forward pass.
template <class R>
void count_boards(const R& rules, bool after_shots) {
  battleship::exact_counter<R> counter{rules};
  for (const auto& board : boards(rules, after_shots)) (void)counter.count(board, false);
}

}  // namespace prototypes
