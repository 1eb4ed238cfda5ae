#pragma once
// game<Rules>: the referee. It owns a hidden layout, answers each shot as the
// feedback model says, and keeps the attacker's observation.

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>

#include <battleship/core/layout.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>

namespace battleship {

template <Ruleset R>
class game {
 public:
  using board_type = typename R::board_type;

  game(const R& rules, const layout& hidden) : rules_(rules), layout_(hidden), observation_(rules) {
    if (auto why = validate(rules, hidden)) throw std::invalid_argument("illegal layout: " + *why);
    masks_ = ship_masks(rules, hidden);
    owner_.fill(-1);
    for (int i = 0; i < rules.ship_count(); ++i) {
      masks_[static_cast<std::size_t>(i)].for_each([&](std::size_t c) { owner_[c] = static_cast<signed char>(i); });
      remaining_[static_cast<std::size_t>(i)] = rules.ship_length(i);
      cells_left_ += rules.ship_length(i);
    }
  }

  // Fires at `cell` and returns the answer; throws on a repeated or off-grid
  // shot. Shots after the game is over are still answered (misses: every ship
  // cell is hit) and recorded, so a referee can build any observation, e.g.
  // a whole board shot in random order; over() stays true.
  shot_result shoot(int cell) {
    if (cell < 0 || cell >= rules_.geometry().cell_count())
      throw std::out_of_range("shot at cell " + std::to_string(cell) + " is off the grid");
    if (observation_.shots().test(static_cast<std::size_t>(cell)))
      throw std::invalid_argument("cell " + std::to_string(cell) + " (" + rules_.geometry().cell_name(cell) +
                                  ") was already shot");
    shot_result r = shot_result::miss();
    const int ship = owner_[static_cast<std::size_t>(cell)];
    if (ship >= 0) {
      --cells_left_;
      const bool sunk = --remaining_[static_cast<std::size_t>(ship)] == 0;
      r = sunk && rules_.announces_sunk() ? shot_result::sunk(ship) : shot_result::hit();
    }
    observation_.record(cell, r);
    return r;
  }

  [[nodiscard]] bool over() const noexcept { return cells_left_ == 0; }
  [[nodiscard]] int shots_fired() const noexcept { return observation_.shot_count(); }
  [[nodiscard]] const observation<board_type>& seen() const noexcept { return observation_; }
  [[nodiscard]] const R& rules() const noexcept { return rules_; }
  [[nodiscard]] const layout& hidden_layout() const noexcept { return layout_; }
  // False for an index outside the fleet, as observation::is_sunk.
  [[nodiscard]] bool is_sunk(int ship) const noexcept {
    return ship >= 0 && ship < rules_.ship_count() && remaining_[static_cast<std::size_t>(ship)] == 0;
  }

 private:
  R rules_;
  layout layout_;
  observation<board_type> observation_;
  std::array<board_type, max_ships> masks_{};
  std::array<signed char, board_type::capacity> owner_{};
  std::array<int, max_ships> remaining_{};
  int cells_left_ = 0;
};

}  // namespace battleship
