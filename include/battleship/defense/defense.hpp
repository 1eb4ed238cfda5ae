#pragma once
// The Defense concept: how the defender places the fleet for each game.
//
// Hook: `layout place(Rng& rng) const` (checked with splitmix_rng). The
// library's defenses take any UniformRandomBitGenerator of full-width words
// (min() 0, max() 2^k-1: mt19937, mt19937_64, splitmix_rng; not
// minstd_rand or knuth_b, which a static_assert refuses). A defense draws its randomness only from the
// generator it is given, so simulations stay reproducible, and place() may be
// called on one const defense from several threads at once (simulate's
// workers share it), so it must not change the defense.
// Models: uniform_defense (every legal layout equally likely),
// fixed_defense (the same layout every game, e.g. park_figure8_defense())
// and, in sequential_defense.hpp, sequential_defense (ship by ship, the way
// most programs place a fleet; not uniform).

#include <concepts>
#include <optional>
#include <stdexcept>
#include <string>

#include <battleship/core/layout.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/rng.hpp>

namespace battleship {

template <class D>
concept Defense = std::copyable<D> && requires(const D& d, splitmix_rng& rng) {
  { d.place(rng) } -> std::same_as<layout>;
};

// Uniform over legal labelled layouts (rejection sampling, exactly uniform).
// On a crowded board most draws are rejected: acceptance_estimate() says
// how many (7x7, ships 5,4,4,3,3,2, no contact: about 4e-6, 13 ms a layout,
// which its default 65,536 draws find none of, so it says 0;
// docs/RESULTS.md, "Crowded fleets"). Below crowded_acceptance,
// constrained_defense(rules, {}) draws the same distribution from the exact
// counter's tables; it lives in its own header because the counter is
// costly to compile.
template <Ruleset R>
class uniform_defense {
 public:
  explicit uniform_defense(const R& rules) : sampler_(rules) {}
  template <std::uniform_random_bit_generator Rng>
  [[nodiscard]] layout place(Rng& rng) const {
    return sampler_(rng);
  }
  // The share of rejection draws that are legal (uniform_layout_sampler).
  [[nodiscard]] double acceptance_estimate() const { return sampler_.acceptance_estimate(); }
  [[nodiscard]] const R& rules() const noexcept { return sampler_.rules(); }

 private:
  uniform_layout_sampler<R> sampler_;
};

// The same layout every game; checked against the rules once.
class fixed_defense {
 public:
  template <Ruleset R>
  fixed_defense(const R& rules, layout l) : layout_(l) {
    if (auto why = validate(rules, l)) throw std::invalid_argument("fixed defense: " + *why);
  }
  template <std::uniform_random_bit_generator Rng>
  [[nodiscard]] layout place(Rng&) const {
    return layout_;
  }
  [[nodiscard]] const layout& fixed_layout() const noexcept { return layout_; }

 private:
  layout layout_;
};

}  // namespace battleship
