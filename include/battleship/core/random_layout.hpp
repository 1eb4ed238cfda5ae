#pragma once
// Uniform random layouts: every legal (labelled) layout equally likely.
//
// Each ship's placement is drawn uniformly from all its in-bounds placements;
// at the first conflict the whole draw restarts. That is rejection sampling
// from the uniform distribution on the product of placement lists, restricted
// to legal layouts, so it is exactly uniform. Placing ships one at a time and
// redrawing only the ship that conflicts is NOT uniform: it favours layouts
// in which the first ships leave much room to the later ones.

#include <cstddef>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/detail/random.hpp>

namespace battleship {

namespace detail {
// Layout samplers refuse a fleet with a ship that has no in-bounds placement.
template <Ruleset R>
void require_room_for_every_ship(const R& rules, const placement_table<R>& table) {
  for (int i = 0; i < rules.ship_count(); ++i)
    if (table.ship(i).empty())
      throw std::invalid_argument("ship " + std::string(rules.fleet.name(i)) + " does not fit on the grid");
}

// Whether some legal layout exists: a depth-first search over the ships'
// placements, equal-length ships in increasing placement order (any layout
// can be so reordered). nullopt when `budget` placements were tried without
// an answer. A fleet that cannot be placed at all is then refused at once,
// where rejection sampling would spin through its whole budget of draws.
template <Ruleset R>
[[nodiscard]] std::optional<bool> some_layout_exists(const R& rules, const placement_table<R>& table,
                                                     long long budget = 200'000) {
  using Board = typename R::board_type;
  const auto& g = table.geometry();
  const int n = rules.ship_count();
  long long tried = 0;
  const auto place = [&](auto& self, int i, std::size_t previous, const Board& forbidden) -> std::optional<bool> {
    if (i == n) return true;
    const auto& list = table.ship(i);
    const bool twin = i > 0 && rules.ship_length(i) == rules.ship_length(i - 1);
    for (std::size_t k = twin ? previous + 1 : 0; k < list.size(); ++k) {
      if (++tried > budget) return std::nullopt;
      if (list[k].mask.intersects(forbidden)) continue;
      const auto below = self(self, i + 1, k, forbidden | halo(g, rules.contact(), list[k].mask));
      if (!below || *below) return below;
    }
    return false;
  };
  return place(place, 0, 0, Board{});
}

// What every layout sampler checks before its first draw: each ship has a
// placement, and some layout exists when the search can tell (a fleet that
// fits nowhere is refused at once, not after a budget of failed draws).
template <Ruleset R>
void require_placeable(const R& rules, const placement_table<R>& table) {
  require_room_for_every_ship(rules, table);
  if (some_layout_exists(rules, table) == false)
    throw std::invalid_argument("the fleet cannot be placed on the grid under these rules");
}
}  // namespace detail

// Below this share of legal rejection draws a layout costs some 10,000
// draws, milliseconds: exact_sampler's tables (constrained_defense with no
// constraints) give the same distribution with no draw rejected (3,240x
// faster a layout on a crowded 7x7 board; docs/RESULTS.md, "Crowded
// fleets"). `battleship simulate` switches there.
inline constexpr double crowded_acceptance = 1e-4;

template <Ruleset R>
class uniform_layout_sampler {
 public:
  using board_type = typename R::board_type;
  explicit uniform_layout_sampler(const R& rules) : rules_(rules), table_(rules) {
    detail::require_placeable(rules_, table_);
  }

  // Draws one layout; the caller's generator is the only source of randomness.
  // max_tries bounds the rejection loop for fleets that almost cannot fit
  // (the constructor refuses those that cannot fit at all, when its bounded
  // search can tell; std::invalid_argument for a negative max_tries).
  template <std::uniform_random_bit_generator Rng>
  [[nodiscard]] layout operator()(Rng& rng, long long max_tries = 100'000'000) const {
    if (max_tries < 0)
      throw std::invalid_argument("uniform layout sampler: max_tries must not be negative (got " +
                                  std::to_string(max_tries) + ")");
    layout l;
    for (long long attempt = 0; attempt < max_tries; ++attempt)
      if (try_draw(rng, l)) return l;
    // The budget may be what ran out, not the room: both are named, and a
    // fleet that fits in no way the constructor's search could not prove.
    throw std::runtime_error("uniform layout sampler: no legal layout in " + std::to_string(max_tries) +
                             (max_tries == 1 ? " draw" : " draws") +
                             " (the fleet fits in very few ways or in none, or max_tries is too small)");
  }

  // The share of draws that give a legal layout, estimated from at most
  // `draws` draws of a generator with a fixed seed (the same answer every
  // call), stopping early once `enough` were legal. A layout costs about
  // 1 / acceptance draws; below crowded_acceptance, draw from the tables.
  // 0 means no draw was legal: a share below about 1 / draws, not none.
  [[nodiscard]] double acceptance_estimate(long long draws = 1 << 16, long long enough = 16) const {
    if (draws < 1 || enough < 1) throw std::invalid_argument("acceptance_estimate: draws and enough must be positive");
    std::mt19937_64 rng(0x5eed);
    layout l;
    long long tried = 0, legal = 0;
    while (tried < draws && legal < enough) {
      ++tried;
      legal += try_draw(rng, l) ? 1 : 0;
    }
    return static_cast<double>(legal) / static_cast<double>(tried);
  }

  [[nodiscard]] const R& rules() const noexcept { return rules_; }

 private:
  // One rejection draw: every ship's placement uniform among its in-bounds
  // ones; true (and `l` the layout) when no two ships conflict.
  template <std::uniform_random_bit_generator Rng>
  bool try_draw(Rng& rng, layout& l) const {
    const auto& g = table_.geometry();
    l = layout{};
    board_type forbidden;
    for (int i = 0; i < rules_.ship_count(); ++i) {
      const auto& list = table_.ship(i);
      const auto& p = list[static_cast<std::size_t>(detail::uniform_below(rng, list.size()))];
      if (p.mask.intersects(forbidden)) return false;
      forbidden |= halo(g, rules_.contact(), p.mask);
      l.push_back(p.where);
    }
    return true;
  }

  R rules_;
  placement_table<R> table_;
};

// One uniform random layout (builds the placement table each call; keep a
// uniform_layout_sampler to draw many).
template <Ruleset R, std::uniform_random_bit_generator Rng>
[[nodiscard]] layout random_layout(const R& rules, Rng& rng) {
  return uniform_layout_sampler<R>(rules)(rng);
}

}  // namespace battleship
