#pragma once
// exact_density: the exact posterior probability that each cell holds a
// ship, given the observation and a uniform prior over legal layouts:
// (labelled layouts covering the cell) / (labelled layouts), both exact
// integers from the exact counter; shot cells get 0. A DensityModel.
//
// With a placement weight (exact_counter's extension point: any callable
// weight(int ship, const placement&) -> std::uint64_t), the prior weighs
// each layout by the product of its ships' weights, e.g. "humans favour
// edges" (count/edge_prior.hpp):
//   exact_density model(rules, edge_prior{rules, 3});
// and density_greedy over it shoots where that prior puts the ships. Such a
// model costs about what the uniform one does (RESULTS.md, session 30).

#include <cstddef>
#include <functional>
#include <stdexcept>
#include <type_traits>
#include <utility>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/density/density_model.hpp>

namespace battleship {

template <Ruleset R, PlacementWeight Weight = unit_weight>
class exact_density {
 public:
  using board_type = typename R::board_type;

  explicit exact_density(const R& rules, Weight weight = {}) : counter_(rules), weight_(std::move(weight)) {}

  // Throws inconsistent_observation when no layout agrees with `obs` (or
  // when the weights leave none with a weight above 0).
  [[nodiscard]] density_map weights(const observation<board_type>& obs) {
    const count_result r = count(obs);
    if (r.labelled == 0) throw no_layout_agrees(obs, detail::weighs_placements<Weight>);
    density_map m(r.occupancy.size(), 0.0);
    for (std::size_t c = 0; c < m.size(); ++c)
      if (!obs.shots().test(c)) m[c] = ratio(r.occupancy[c], r.labelled);
    return m;
  }

  // The unshot cell most likely to hold a ship, ties to the lowest cell,
  // found by comparing the exact integer counts (a density_map's doubles
  // could tie on boards whose counts exceed 2^53). density_greedy uses it.
  [[nodiscard]] int best_cell(const observation<board_type>& obs) {
    const count_result r = count(obs);
    if (r.labelled == 0) throw no_layout_agrees(obs, detail::weighs_placements<Weight>);
    int best = -1;
    for (std::size_t c = 0; c < r.occupancy.size(); ++c)
      if (!obs.shots().test(c) && (best < 0 || r.occupancy[c] > r.occupancy[static_cast<std::size_t>(best)]))
        best = static_cast<int>(c);
    if (best < 0) throw std::logic_error("exact_density: every cell has been shot");
    return best;
  }

  [[nodiscard]] const R& rules() const noexcept { return counter_.rules(); }
  // Frees the counter's tables between games (exact_counter::release).
  void release() { counter_.release(); }
  // The counter's memory limit (exact_counter::set_memory_limit, default
  // 8 GiB): below what the occupancy matrix keeps on this board, the counter
  // keeps checkpoints and recomputes between them; below what those need, a
  // call throws std::length_error naming the limit.
  void set_memory_limit(std::size_t bytes) noexcept { counter_.set_memory_limit(bytes); }
  // A check called between the steps of each count (exact_counter::
  // set_interruption_check): one that throws stops weights() or
  // best_cell(), for a time budget per move, say. Each copy of the model
  // (one per thread in a simulation) holds a copy of the check: what it
  // captures by reference is shared, and must then be safe to use from
  // several threads.
  void set_interruption_check(std::function<void()> check) { counter_.set_interruption_check(std::move(check)); }

 private:
  // Without weights, the count that compiles only the passes the rules
  // need (exact_counter.hpp).
  [[nodiscard]] count_result count(const observation<board_type>& obs) {
    if constexpr (!detail::weighs_placements<Weight>)
      return counter_.count(obs, true);
    else
      return counter_.count(obs, weight_, true);
  }

  exact_counter<R> counter_;
  [[no_unique_address]] Weight weight_;
};

template <Ruleset R>
exact_density(const R&) -> exact_density<R>;
template <Ruleset R, PlacementWeight Weight>
exact_density(const R&, Weight) -> exact_density<R, Weight>;

}  // namespace battleship
