#pragma once
// What the sampling tests share: a layout as one integer key (to index the
// enumerated layouts) and the chi-square test's critical value.

#include <cmath>
#include <cstdint>
#include <vector>

#include <battleship/core/layout.hpp>

namespace battleship::test_support {

// A layout as one integer: (row, col, dir) of each ship in base 2*16*16.
inline std::uint64_t layout_key(const layout& l) {
  std::uint64_t k = 0;
  for (int i = 0; i < l.size(); ++i)
    k = k * 512 + static_cast<std::uint64_t>((l[i].row * 16 + l[i].col) * 2 + (l[i].dir == orientation::vertical));
  return k;
}

// Upper p = 0.001 critical value of chi-square with `df` degrees of freedom
// (Wilson-Hilferty; within a fraction of a percent for df >= 10).
inline double chi_square_critical_001(int df) {
  const double z = 3.090232306;  // standard normal upper 0.001 quantile
  const double k = static_cast<double>(df);
  const double t = 1.0 - 2.0 / (9.0 * k) + z * std::sqrt(2.0 / (9.0 * k));
  return k * t * t * t;
}

// Pearson's statistic for counts that should each be `expected`.
inline double chi_square(const std::vector<long>& observed, double expected) {
  double s = 0;
  for (long o : observed) s += (static_cast<double>(o) - expected) * (static_cast<double>(o) - expected) / expected;
  return s;
}

}  // namespace battleship::test_support
