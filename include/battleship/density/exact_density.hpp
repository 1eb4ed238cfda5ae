#pragma once
// exact_density: the exact posterior probability that each cell holds a
// ship, given the observation and a uniform prior over legal layouts:
// (labelled layouts covering the cell) / (labelled layouts), both exact
// integers from the exact counter; shot cells get 0. A DensityModel.

#include <cstddef>
#include <stdexcept>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/density/density_model.hpp>

namespace battleship {

template <Ruleset R>
class exact_density {
 public:
  using board_type = typename R::board_type;

  explicit exact_density(const R& rules) : counter_(rules) {}

  // Throws inconsistent_observation when no layout agrees with `obs`.
  [[nodiscard]] density_map weights(const observation<board_type>& obs) {
    const count_result r = counter_.count(obs, true);
    if (r.labelled == 0) throw inconsistent_observation();
    density_map m(r.occupancy.size(), 0.0);
    for (std::size_t c = 0; c < m.size(); ++c)
      if (!obs.shots().test(c)) m[c] = ratio(r.occupancy[c], r.labelled);
    return m;
  }

  // The unshot cell most likely to hold a ship, ties to the lowest cell,
  // found by comparing the exact integer counts (a density_map's doubles
  // could tie on boards whose counts exceed 2^53). density_greedy uses it.
  [[nodiscard]] int best_cell(const observation<board_type>& obs) {
    const count_result r = counter_.count(obs, true);
    if (r.labelled == 0) throw inconsistent_observation();
    int best = -1;
    for (std::size_t c = 0; c < r.occupancy.size(); ++c)
      if (!obs.shots().test(c) && (best < 0 || r.occupancy[c] > r.occupancy[static_cast<std::size_t>(best)]))
        best = static_cast<int>(c);
    if (best < 0) throw std::logic_error("exact_density: every cell has been shot");
    return best;
  }

  [[nodiscard]] const R& rules() const noexcept { return counter_.rules(); }

 private:
  exact_counter<R> counter_;
};

}  // namespace battleship
