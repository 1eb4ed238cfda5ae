#pragma once
// Timing helpers shared by the measurement prototypes in this folder.

#include <algorithm>
#include <chrono>
#include <vector>

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

}  // namespace prototypes
