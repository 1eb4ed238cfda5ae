#pragma once
// exhaustive_result: the exact outcome of playing one deterministic strategy
// against every legal layout (or one shard of them).
//
// The histogram counts labelled layouts (every ship distinct) per number of
// shots; every statistic is derived from these integers: the mean is an exact
// fraction, the variance's numerator is an exact integer. Partial results of
// disjoint shards merge by adding histograms, so merging is exact and
// independent of order, thread count or machine.

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/count/count_result.hpp>

namespace battleship {

// Shard `index` of `count` (0 <= index < count): which part of the
// enumeration to run. The layouts are split by the placement of their first
// longest ship, so every labelling of a layout falls in one shard: shard i
// holds the layouts in which that placement's all_placements() index is i
// modulo count. Which of several longest ships is first differs: the lowest
// in all_placements() order when playing, in the fast path's own order
// otherwise (the result's `split`). With one longest ship the two agree, but
// shards of different splits never merge.
struct exhaustive_shard {
  int index = 0;
  int count = 1;
};

struct exhaustive_result {
  std::string strategy;                  // names the strategy, so shards of different runs never merge
  std::string rules;                     // names the rule set, likewise
  std::vector<std::uint64_t> histogram;  // histogram[s]: labelled layouts needing exactly s shots
  std::uint64_t labels_per_layout = 1;   // labelled layouts per unlabelled one (equal-length ships)
  // How the shards divide the layouts (exhaustive_shard): "play"
  // (evaluate_by_playing) or "fast" (the fast paths). Empty when not known (a
  // part saved before results recorded it): it then merges with either, and
  // the merge keeps the other's.
  std::string split;
  int shard_count = 1;
  std::vector<int> shards;  // the shard indices covered, sorted
  double seconds = 0;       // wall time, summed over merged parts

  [[nodiscard]] bool complete() const noexcept { return static_cast<int>(shards.size()) == shard_count; }

  [[nodiscard]] count_type layouts() const noexcept {
    count_type n = 0;
    for (auto c : histogram) n += c;
    return n;
  }
  // With equal-length ships interchangeable; exact because a strategy that
  // only sees hits and misses plays the relabelled layouts identically.
  [[nodiscard]] count_type unlabelled_layouts() const {
    if (labels_per_layout == 0) throw std::invalid_argument("exhaustive_result: labels_per_layout is 0");
    return layouts() / labels_per_layout;
  }
  [[nodiscard]] count_type total_shots() const noexcept {
    count_type t = 0;
    for (std::size_t s = 0; s < histogram.size(); ++s) t += count_type{histogram[s]} * s;
    return t;
  }
  [[nodiscard]] count_type total_squared_shots() const noexcept {
    count_type t = 0;
    for (std::size_t s = 0; s < histogram.size(); ++s) t += count_type{histogram[s]} * s * s;
    return t;
  }

  // The mean as a reduced fraction numerator / denominator.
  [[nodiscard]] std::pair<count_type, count_type> mean_fraction() const {
    const count_type n = require_layouts();
    const count_type t = total_shots();
    count_type a = t, b = n;
    while (b != 0) {
      const count_type r = a % b;
      a = b;
      b = r;
    }
    return {t / a, n / a};
  }
  [[nodiscard]] double mean() const { return ratio(total_shots(), require_layouts()); }
  // Population standard deviation: sqrt(n * sum(s^2) - (sum s)^2) / n, the
  // radicand an exact integer.
  [[nodiscard]] double stddev() const {
    const count_type n = require_layouts();
    const count_type t = total_shots();
    const count_type radicand = n * total_squared_shots() - t * t;
    return static_cast<double>(std::sqrt(static_cast<long double>(radicand)) / static_cast<long double>(n));
  }
  [[nodiscard]] int min() const {
    (void)require_layouts();
    for (std::size_t s = 0; s < histogram.size(); ++s)
      if (histogram[s] != 0) return static_cast<int>(s);
    return 0;
  }
  [[nodiscard]] int max() const {
    (void)require_layouts();
    for (std::size_t s = histogram.size(); s-- > 0;)
      if (histogram[s] != 0) return static_cast<int>(s);
    return 0;
  }
  // The shots of the k-th layout (0-based) in increasing order of shots.
  [[nodiscard]] int quantile_index(count_type k) const {
    count_type seen = 0;
    for (std::size_t s = 0; s < histogram.size(); ++s) {
      seen += histogram[s];
      if (seen > k) return static_cast<int>(s);
    }
    throw std::out_of_range("exhaustive_result: quantile past the last layout");
  }
  // The median: the middle value, or the mean of the two middle values.
  [[nodiscard]] double median() const {
    const count_type n = require_layouts();
    return (quantile_index((n - 1) / 2) + quantile_index(n / 2)) / 2.0;
  }

  // Adds a disjoint part of the same evaluation.
  void merge(const exhaustive_result& other) {
    if (other.strategy != strategy || other.rules != rules)
      throw std::invalid_argument("cannot merge results of different evaluations ('" + strategy + "' on " + rules +
                                  " and '" + other.strategy + "' on " + other.rules + ")");
    if (other.shard_count != shard_count)
      throw std::invalid_argument("cannot merge shards of a " + std::to_string(shard_count) + "-way and a " +
                                  std::to_string(other.shard_count) + "-way split");
    if (other.labels_per_layout != labels_per_layout)
      throw std::invalid_argument("cannot merge results with different label conventions");
    if (!split.empty() && !other.split.empty() && other.split != split)
      throw std::invalid_argument("cannot merge shards split differently ('" + split + "' and '" + other.split +
                                  "': the methods divide the layouts in different orders)");
    for (int s : other.shards)
      if (std::binary_search(shards.begin(), shards.end(), s))
        throw std::invalid_argument("shard " + std::to_string(s) + "/" + std::to_string(shard_count) +
                                    " is in both results");
    std::vector<std::uint64_t> sum = histogram;  // so a refused merge leaves *this unchanged
    if (sum.size() < other.histogram.size()) sum.resize(other.histogram.size(), 0);
    for (std::size_t s = 0; s < other.histogram.size(); ++s)
      if (__builtin_add_overflow(sum[s], other.histogram[s], &sum[s]))
        throw std::overflow_error("cannot merge: more than 2^64-1 labelled layouts would take " + std::to_string(s) +
                                  " shots (the histogram holds 64-bit counts)");
    histogram = std::move(sum);
    shards.insert(shards.end(), other.shards.begin(), other.shards.end());
    std::sort(shards.begin(), shards.end());
    if (split.empty()) split = other.split;
    seconds += other.seconds;
  }

 private:
  [[nodiscard]] count_type require_layouts() const {
    const count_type n = layouts();
    if (n == 0) throw std::domain_error("exhaustive_result: no layout was evaluated");
    return n;
  }
};

}  // namespace battleship
