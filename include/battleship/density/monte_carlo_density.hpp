#pragma once
// monte_carlo_density: the posterior estimated from exact uniform samples —
// the share of `samples` layouts, drawn uniformly from those agreeing with
// the observation (exact_sampler, no rejection), that cover each unshot cell.
// Shot cells get 0. Reproducible: the model owns a std::mt19937_64, so the
// same seed and the same sequence of calls give the same maps. seed(s)
// restarts it, which is how simulate() (through density_greedy) gives every
// game its own draws, whatever thread plays it. A DensityModel.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

#include <battleship/core/layout.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/exact_sampler.hpp>
#include <battleship/density/density_model.hpp>

namespace battleship {

template <Ruleset R>
class monte_carlo_density {
 public:
  using board_type = typename R::board_type;

  monte_carlo_density(const R& rules, std::uint64_t seed, int samples = 1000)
      : rules_(rules), rng_(seed), samples_(samples) {
    if (samples < 1) throw std::invalid_argument("monte_carlo_density needs at least one sample");
  }

  void seed(std::uint64_t s) { rng_.seed(s); }
  // The most the sampler's tables may take (exact_sampler's default: 8 GiB);
  // a call on a board that needs more throws std::length_error naming it.
  // The samples are drawn in one batch and held at once, outside this
  // limit: a few hundred bytes each (about 500 with the classic fleet).
  void set_memory_limit(std::size_t bytes) noexcept { memory_limit_ = bytes; }
  // A check the sampler's passes and its batch of draws call after each step
  // (exact_sampler's constructor and draw()): one that throws stops
  // weights(). Each copy of the model holds a copy of it.
  void set_interruption_check(std::function<void()> check) { interruption_check_ = std::move(check); }

  // Throws inconsistent_observation when no layout agrees with `obs`.
  [[nodiscard]] density_map weights(const observation<board_type>& obs) {
    exact_sampler<R> sampler(rules_, obs, unit_weight{}, memory_limit_, sampler_draws::batches_only,
                             interruption_check_);
    std::vector<int> hits(static_cast<std::size_t>(obs.cell_count()), 0);
    for (const layout& l : sampler.draw(rng_, static_cast<std::size_t>(samples_)))
      occupied_cells(rules_, l).for_each([&](std::size_t c) { ++hits[c]; });
    density_map m(hits.size(), 0.0);
    for (std::size_t c = 0; c < m.size(); ++c)
      if (!obs.shots().test(c)) m[c] = static_cast<double>(hits[c]) / samples_;
    return m;
  }

  [[nodiscard]] int samples() const noexcept { return samples_; }
  [[nodiscard]] const R& rules() const noexcept { return rules_; }

 private:
  R rules_;
  std::mt19937_64 rng_;
  int samples_;
  std::size_t memory_limit_ = exact_sampler<R>::default_memory_limit;
  std::function<void()> interruption_check_;
};

}  // namespace battleship
