#pragma once
// sequential_defense<R>: the fleet placed the way most programs place it,
// one ship at a time in fleet order, each at a random position among those
// that do not conflict with the ships already placed (equivalently: draw a
// position, and redraw only that ship until it fits). If a ship has no
// position left, the whole placement starts again.
//
// This is not uniform over layouts (uniform_defense is): a ship placed early
// chooses among all its positions, so layouts in which the first ships leave
// more room for the later ones are more likely. How much depends on how
// crowded the board is: on a small board with a contact rule some layouts
// come several times as often as others, so strategies measured against it
// come out differently, which matters when comparing with published
// simulations that placed ships so.

#include <cstddef>
#include <random>
#include <stdexcept>
#include <string>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/detail/random.hpp>

namespace battleship {

template <Ruleset R>
class sequential_defense {
 public:
  using board_type = typename R::board_type;

  // Refuses a fleet that cannot be placed at all, when the search can tell,
  // instead of restarting in vain at every place().
  explicit sequential_defense(const R& rules) : rules_(rules), table_(rules) {
    detail::require_placeable(rules_, table_);
  }

  // std::invalid_argument for a negative max_restarts; std::runtime_error
  // when every attempt was stuck.
  template <std::uniform_random_bit_generator Rng>
  [[nodiscard]] layout place(Rng& rng, long long max_restarts = 1'000'000) const {
    if (max_restarts < 0)
      throw std::invalid_argument("sequential defense: max_restarts must not be negative (got " +
                                  std::to_string(max_restarts) + ")");
    const auto& g = table_.geometry();
    for (long long attempt = 0; attempt < max_restarts; ++attempt) {
      layout l;
      board_type forbidden{};
      bool stuck = false;
      for (int i = 0; i < rules_.ship_count() && !stuck; ++i) {
        // Count the positions left, draw one, walk to it: no list to build per draw.
        const auto& list = table_.ship(i);
        std::size_t fits = 0;
        for (const auto& p : list)
          if (!p.mask.intersects(forbidden)) ++fits;
        if (fits == 0) {
          stuck = true;
          break;
        }
        auto k = detail::uniform_below(rng, fits);
        for (const auto& p : list) {
          if (p.mask.intersects(forbidden) || k-- != 0) continue;
          forbidden |= halo(g, rules_.contact(), p.mask);
          l.push_back(p.where);
          break;
        }
      }
      if (!stuck) return l;
    }
    // The budget may be what ran out, not the room: both are named, and a
    // fleet that fits in no way the constructor's search could not prove.
    throw std::runtime_error("sequential defense: no legal layout in " + std::to_string(max_restarts) +
                             (max_restarts == 1 ? " attempt" : " attempts") +
                             " (placed ship by ship the fleet is almost always stuck, or it fits in no way,"
                             " or max_restarts is too small)");
  }

  [[nodiscard]] const R& rules() const noexcept { return rules_; }

 private:
  R rules_;
  placement_table<R> table_;
};

}  // namespace battleship
