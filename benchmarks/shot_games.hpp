#pragma once
// The games the exact-counter benchmarks time after random shots, shared
// with the measurement prototypes (scripts/prototypes) so that both see the
// same 32 observations.

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include <battleship/solver.hpp>

namespace battleship::bench {

using no_edge_rules = ruleset<grid<10, 10>, classic_fleet, no_edge_contact, hit_miss>;

// Observations after `shots` random shots at uniformly drawn hidden layouts.
// The layouts come from the rejection sampler, not from the exact counter's
// tables, so that the games do not change when the code measured does.
template <class R>
std::vector<observation<typename R::board_type>> shot_observations(const R& rules, int shots, int count) {
  std::mt19937_64 rng(2026);
  const uniform_layout_sampler<R> sampler(rules);
  std::vector<observation<typename R::board_type>> out;
  const int cells = rules.geometry().cell_count();
  for (int k = 0; k < count; ++k) {
    game<R> g(rules, sampler(rng));
    while (g.shots_fired() < shots && !g.over()) {
      const int c = static_cast<int>(detail::uniform_below(rng, static_cast<std::uint64_t>(cells)));
      if (!g.seen().shots().test(static_cast<std::size_t>(c))) g.shoot(c);
    }
    out.push_back(g.seen());
  }
  return out;
}

}  // namespace battleship::bench
