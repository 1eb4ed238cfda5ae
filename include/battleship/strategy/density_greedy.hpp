#pragma once
// density_greedy<R, Model>: shoot the unshot cell of greatest weight under
// any DensityModel (per-ship superposition, exact posterior, Monte Carlo).
//
// Ties: tie_break::lowest_cell takes the lowest cell index among the maxima
// (row-major from the top-left, DataGenetics' "first from the top-left");
// tie_break::random takes one of them uniformly with the policy's generator
// (seeded by the caller). If every unshot cell has weight 0 the maxima are
// all unshot cells, so the policy always returns a legal shot.
//
// Optional model hooks the policy uses when present:
//   int best_cell(const observation<board_type>&);  argmax with the lowest-cell
//       rule, for models that can find it without building a density_map
//   void new_game();  void seed(std::uint64_t);      forwarded
//   bool deterministic() const;                      asked by deterministic()
// The policy is deterministic (is_deterministic(), which exhaustive
// evaluation needs) with lowest-cell ties and a model that is: the exact and
// per-ship models are, the Monte Carlo one is not.
// The policy works under every rule set and feedback model its model accepts.

#include <concepts>
#include <cstdint>
#include <stdexcept>
#include <utility>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/density/density_model.hpp>
#include <battleship/strategy/rng.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

enum class tie_break : unsigned char { lowest_cell, random };

namespace detail {
template <class M>
concept has_best_cell = requires(M& m, const observation<typename M::board_type>& obs) {
  { m.best_cell(obs) } -> std::convertible_to<int>;
};
}  // namespace detail

template <Ruleset R, DensityModel Model>
class density_greedy {
  static_assert(std::same_as<typename Model::board_type, typename R::board_type>,
                "density_greedy: the density model must work on the rule set's board type");
  // The model's hooks are forwarded when callable as density_greedy calls
  // them; one that exists with another shape would be skipped, or called
  // with a cut seed, without a word (as the strategy hooks are refused).
  static_assert(detail::restartable<Model> || !detail::declares_new_game<Model>,
                "density_greedy: the model's new_game must take no arguments; with this signature it would never be "
                "called");
  static_assert(!detail::seed_loses_bits<Model>,
                "density_greedy: the model's seed must take a std::uint64_t; this one would cut the seed short");

 public:
  using board_type = typename R::board_type;
  using model_type = Model;

  // A model that says which rules it was made for (rules()) must be made
  // for these: one made for another fleet on the same grid would answer
  // every position, wrongly.
  density_greedy(const R& rules, Model model, tie_break ties = tie_break::lowest_cell, std::uint64_t seed = 0)
      : rules_(rules), cells_(rules.geometry().cell_count()), model_(std::move(model)), ties_(ties), rng_(seed) {
    if constexpr (requires { requires Ruleset<std::remove_cvref_t<decltype(model_.rules())>>; })
      detail::require_same_game(rules_, model_.rules(), "density_greedy: the density model");
  }

  [[nodiscard]] int next_shot(const observation<board_type>& seen) {
    if (seen.shot_count() >= cells_) throw std::logic_error("density_greedy: every cell has been shot");
    if constexpr (detail::has_best_cell<Model>)
      if (ties_ == tie_break::lowest_cell) return model_.best_cell(seen);
    const density_map w = model_.weights(seen);
    if (static_cast<int>(w.size()) < cells_)
      throw std::logic_error("density_greedy: the model returned too few weights");
    int best = -1, tied = 0;
    double best_w = 0;
    for (int c = 0; c < cells_; ++c) {
      if (seen.shots().test(static_cast<std::size_t>(c))) continue;
      const double v = w[static_cast<std::size_t>(c)];
      if (best < 0 || v > best_w) {
        best = c;
        best_w = v;
        tied = 1;
      } else if (v == best_w && ties_ == tie_break::random) {
        // Reservoir sampling: the i-th tied cell replaces the choice with probability 1/i.
        if (detail::uniform_below(rng_, static_cast<std::uint64_t>(++tied)) == 0) best = c;
      }
    }
    return best;
  }
  void new_game() {
    if constexpr (detail::restartable<Model>) model_.new_game();
  }
  void seed(std::uint64_t s) {
    rng_.seed(s);
    if constexpr (detail::seedable<Model>) model_.seed(derive_seed(s, 1));
  }
  [[nodiscard]] bool deterministic() const {
    return ties_ == tie_break::lowest_cell && battleship::is_deterministic(model_);
  }
  [[nodiscard]] Model& model() noexcept { return model_; }
  [[nodiscard]] const Model& model() const noexcept { return model_; }
  [[nodiscard]] const R& rules() const noexcept { return rules_; }
  [[nodiscard]] bool built_for(const R& rules) const noexcept { return same_game(rules_, rules); }

 private:
  R rules_;
  int cells_;
  Model model_;
  tie_break ties_;
  splitmix_rng rng_;
};

template <Ruleset R, DensityModel M>
density_greedy(const R&, M) -> density_greedy<R, M>;
template <Ruleset R, DensityModel M>
density_greedy(const R&, M, tie_break) -> density_greedy<R, M>;
template <Ruleset R, DensityModel M>
density_greedy(const R&, M, tie_break, std::uint64_t) -> density_greedy<R, M>;

}  // namespace battleship
