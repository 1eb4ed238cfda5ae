#pragma once
// shot_statistics: the summary of a distribution of game lengths, computed
// exactly from its histogram (games per number of shots).
//
// mean and variance come from exact integer sums; stddev is the sample
// standard deviation (n - 1 in the denominator; 0 for a single game);
// ci95 is mean +- t stddev / sqrt(n), t the 97.5% quantile of Student's t
// with n - 1 degrees of freedom (12.71 for 2 games, 2.26 for 10, 1.96 in
// the limit), so that a run of a few games gets an interval as wide as its
// few games warrant (the tests check its coverage at 5 and at 60 games);
// the median is the middle value, or the mean of the two middle values;
// percentile(p) is the nearest-rank percentile (the smallest shot count with
// at least p% of games at or below it). perfect_rate is the share of games
// finished in `perfect_shots` shots (the fleet's cell count: no miss at all).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/detail/platform.hpp>

namespace battleship {

namespace detail {
// P(|T| <= t) for Student's t with `df` degrees of freedom, from the finite
// sums in cos(theta), theta = atan(t / sqrt(df)) (Abramowitz and Stegun
// 26.7.3 and 26.7.4), exact but for rounding.
[[nodiscard]] inline double student_t_central(double t, long long df) {
  const double theta = std::atan(t / std::sqrt(static_cast<double>(df)));
  const double c = std::cos(theta), c2 = c * c;
  if (df == 1) return 2 * theta / std::numbers::pi;
  const bool even = df % 2 == 0;
  double term = even ? 1 : c, sum = term;
  for (long long k = even ? 2 : 3; k <= df - 2; k += 2) {
    term *= c2 * static_cast<double>(k - 1) / static_cast<double>(k);
    sum += term;
  }
  return even ? std::sin(theta) * sum : 2 / std::numbers::pi * (theta + std::sin(theta) * sum);
}

// The 97.5% quantile of Student's t with `df` >= 1 degrees of freedom: the
// central sums inverted by bisection up to 1000, past that the
// Cornish-Fisher expansion in 1/df (Abramowitz and Stegun 26.7.5), whose
// error there is below 1e-14.
[[nodiscard]] inline double student_t_975(long long df) {
  constexpr double z = 1.959963984540054;  // the normal's 97.5% quantile
  if (df > 1000) {
    const double v = static_cast<double>(df), z2 = z * z;
    const double g1 = z * (z2 + 1) / 4;
    const double g2 = z * ((5 * z2 + 16) * z2 + 3) / 96;
    const double g3 = z * (((3 * z2 + 19) * z2 + 17) * z2 - 15) / 384;
    const double g4 = z * ((((79 * z2 + 776) * z2 + 1482) * z2 - 1920) * z2 - 945) / 92160;
    return z + (g1 + (g2 + (g3 + g4 / v) / v) / v) / v;
  }
  double low = 0, high = 16;  // t(1) is 12.71, the largest
  for (int i = 0; i < 100; ++i) {
    const double mid = (low + high) / 2;
    if (student_t_central(mid, df) < 0.95)
      low = mid;
    else
      high = mid;
  }
  return (low + high) / 2;
}
}  // namespace detail

struct shot_statistics {
  long long games = 0;
  double mean = 0;
  double stddev = 0;
  double ci95_low = 0;
  double ci95_high = 0;
  double median = 0;
  int min = 0;
  int max = 0;
  int perfect_shots = 0;
  long long perfect_games = 0;
  double perfect_rate = 0;
  std::vector<long long> histogram;  // histogram[s] = games finished in s shots

  // Nearest-rank percentile, p in [0, 100].
  [[nodiscard]] int percentile(double p) const {
    if (!(p >= 0 && p <= 100)) throw std::invalid_argument("percentile must lie in [0, 100]");
    // p * games first: exact for whole p (and games below 2^53), so a rank
    // that p% of the games make exactly is not rounded up by p / 100.0,
    // which no double holds exactly (7 / 100.0 * 100 is 7.000000000000001).
    const auto rank = std::max<long long>(1, static_cast<long long>(std::ceil(p * static_cast<double>(games) / 100.0)));
    long long seen = 0;
    for (std::size_t s = 0; s < histogram.size(); ++s) {
      seen += histogram[s];
      if (seen >= rank) return static_cast<int>(s);
    }
    return max;
  }
};

// Summarises `histogram` (games per shot count). Throws on an empty one.
[[nodiscard]] inline shot_statistics summarize(std::vector<long long> histogram, int perfect_shots) {
  shot_statistics st;
  __extension__ using i128 = __int128;
  i128 sum = 0, sum_sq = 0;
  long long n = 0;
  int lo = -1, hi = -1;
  for (std::size_t s = 0; s < histogram.size(); ++s) {
    const long long k = histogram[s];
    if (k < 0) throw std::invalid_argument("a histogram count is negative");
    if (k == 0) continue;
    if (__builtin_add_overflow(n, k, &n)) throw std::overflow_error("summarize: more than 2^63 games");
    sum += static_cast<i128>(k) * static_cast<i128>(s);
    sum_sq += static_cast<i128>(k) * static_cast<i128>(s) * static_cast<i128>(s);
    if (lo < 0) lo = static_cast<int>(s);
    hi = static_cast<int>(s);
  }
  if (n == 0) throw std::invalid_argument("no games to summarise");
  // Keeps n * sum_sq and sum^2 below 2^124, inside the 128-bit variance.
  if (static_cast<i128>(n) * hi >= (static_cast<i128>(1) << 62))
    throw std::overflow_error("summarize: too many games (times their length) to summarise exactly");
  st.games = n;
  st.mean = static_cast<double>(sum) / static_cast<double>(n);
  if (n > 1) {
    const i128 num = static_cast<i128>(n) * sum_sq - sum * sum;  // n^2 * population variance, exact
    st.stddev = std::sqrt(static_cast<double>(num) / (static_cast<double>(n) * static_cast<double>(n - 1)));
  }
  const double half = n > 1 ? detail::student_t_975(n - 1) * st.stddev / std::sqrt(static_cast<double>(n)) : 0.0;
  st.ci95_low = st.mean - half;
  st.ci95_high = st.mean + half;
  st.min = lo;
  st.max = hi;
  // The order statistics of rank n/2 and n/2 + 1 (1-based) give the median.
  auto value_at_rank = [&](long long rank) {
    long long seen = 0;
    for (std::size_t s = 0; s < histogram.size(); ++s) {
      seen += histogram[s];
      if (seen >= rank) return static_cast<int>(s);
    }
    return hi;
  };
  st.median = n % 2 == 1 ? value_at_rank((n + 1) / 2) : 0.5 * (value_at_rank(n / 2) + value_at_rank(n / 2 + 1));
  st.perfect_shots = perfect_shots;
  st.perfect_games = perfect_shots >= 0 && static_cast<std::size_t>(perfect_shots) < histogram.size()
                         ? histogram[static_cast<std::size_t>(perfect_shots)]
                         : 0;
  st.perfect_rate = static_cast<double>(st.perfect_games) / static_cast<double>(n);
  histogram.resize(static_cast<std::size_t>(hi) + 1);
  st.histogram = std::move(histogram);
  return st;
}

// From a list of game lengths.
[[nodiscard]] inline shot_statistics summarize_samples(const std::vector<int>& shots, int perfect_shots) {
  std::vector<long long> h;
  for (int s : shots) {
    if (s < 0) throw std::invalid_argument("a game length is negative");
    if (static_cast<std::size_t>(s) >= h.size()) h.resize(static_cast<std::size_t>(s) + 1, 0);
    ++h[static_cast<std::size_t>(s)];
  }
  return summarize(std::move(h), perfect_shots);
}

}  // namespace battleship
