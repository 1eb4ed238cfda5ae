#pragma once
// What a counter returns: exact layout counts (labelled and unlabelled) and
// the occupancy (occurrence) matrix, as 128-bit integers.
//
// Probabilities are derived from the integers, never accumulated as floats.

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/observation.hpp>
#include <battleship/detail/platform.hpp>

namespace battleship {

__extension__ using count_type = unsigned __int128;

[[nodiscard]] inline std::string to_string(count_type v) {
  if (v == 0) return "0";
  std::string s;
  while (v != 0) {
    s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
    v /= 10;
  }
  return s;
}

// Nearest double to a / b (b > 0), without losing precision for huge values.
[[nodiscard]] constexpr double ratio(count_type a, count_type b) noexcept {
  // Both scaled down by the same power of two so their doubles keep 53 bits.
  while (b > (count_type{1} << 100)) {
    a >>= 1;
    b >>= 1;
  }
  return static_cast<double>(a) / static_cast<double>(b);
}

struct count_result {
  count_type labelled = 0;            // every ship distinct
  count_type unlabelled = 0;          // equal-length ships interchangeable (unless sunk announcements tell them apart)
  std::vector<count_type> occupancy;  // per cell: labelled layouts with a ship there (empty if not asked)
  // labelled / unlabelled for an unweighted count: the orders of equal-length
  // ships that no sunk announcement tells apart (unlabelled_divisor()).
  count_type labelled_per_unlabelled = 1;
  // Counted with placement weights (exact_counter::count with a weight):
  // then a count of 0 may be the weights' doing, and the errors say so.
  bool weighted = false;

  // Probability that `cell` holds a ship; throws inconsistent_observation
  // when no layout agrees (never 0/0).
  [[nodiscard]] double probability(int cell) const {
    if (labelled == 0) throw none_agrees();
    return ratio(occupancy_of(cell), labelled);
  }
  // Occupancy with equal-length ships interchangeable (the convention of
  // Audinot et al.). Like `unlabelled`, it means something for a weighted
  // count only when equal-length ships get equal weights.
  [[nodiscard]] count_type unlabelled_occupancy(int cell) const { return occupancy_of(cell) / labelled_per_unlabelled; }

  // What to throw for a count of 0 (no_layout_agrees, without the shots).
  [[nodiscard]] inconsistent_observation none_agrees() const {
    return weighted ? inconsistent_observation(detail::no_weighted_layout_agrees) : inconsistent_observation();
  }

 private:
  [[nodiscard]] count_type occupancy_of(int cell) const {
    if (occupancy.empty()) throw std::logic_error("count_result: counted without the occupancy matrix");
    if (cell < 0 || static_cast<std::size_t>(cell) >= occupancy.size())
      throw std::out_of_range("count_result: cell " + std::to_string(cell) + " is off the grid");
    return occupancy[static_cast<std::size_t>(cell)];
  }
};

// Throws inconsistent_observation when no layout agrees; returns r otherwise.
inline const count_result& require_consistent(const count_result& r) {
  if (r.labelled == 0) throw r.none_agrees();
  return r;
}

}  // namespace battleship
