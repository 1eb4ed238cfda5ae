#pragma once
// parity_hunt_target<R>: hunt/target whose hunt shoots only one residue class
// of (row + col) mod k, k the shortest ship still afloat.
//
// A ship of length >= k lies on k consecutive cells of a row or column, so it
// covers every residue of (row + col) mod k: hunting one class finds every
// ship. Among the k classes the hunt takes the one with the fewest unshot
// cells (ties: the smallest residue), so widening the spacing reuses earlier
// shots. Targeting is hunt_target's stack of neighbours.
//
// Feedback: widening needs to know which ships sank. Under hit/miss feedback
// the spacing stays at the fleet's shortest length (2 for the classic fleet),
// DataGenetics' plain parity strategy. A fleet with a ship of length 1 gives
// k = 1 while it floats: no restriction, i.e. plain hunt/target.

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <vector>

#include <battleship/core/feedback.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/hunt_target.hpp>
#include <battleship/strategy/rng.hpp>

namespace battleship {

template <Ruleset R>
class parity_hunt_target {
 public:
  using board_type = typename R::board_type;

  explicit parity_hunt_target(const R& rules, std::uint64_t seed = 0)
      : geometry_(rules.geometry()), stack_(geometry_), rng_(seed) {
    int longest = 1;
    for (int i = 0; i < rules.ship_count(); ++i) {
      lengths_.push_back(rules.ship_length(i));
      longest = std::max(longest, rules.ship_length(i));
    }
    // classes_[k][r]: the cells with (row + col) mod k == r, for k = 1..longest.
    classes_.resize(static_cast<std::size_t>(longest) + 1);
    for (int k = 1; k <= longest; ++k) {
      auto& by_residue = classes_[static_cast<std::size_t>(k)];
      by_residue.resize(static_cast<std::size_t>(k));
      for (int cell = 0; cell < geometry_.cell_count(); ++cell)
        by_residue[static_cast<std::size_t>((geometry_.row_of(cell) + geometry_.col_of(cell)) % k)].set(
            static_cast<std::size_t>(cell));
    }
  }

  // The current spacing: the shortest ship not announced sunk.
  // (1 when every ship is sunk.)
  [[nodiscard]] int spacing(const observation<board_type>& seen) const noexcept {
    int k = 0;
    for (std::size_t i = 0; i < lengths_.size(); ++i)
      if (!seen.is_sunk(static_cast<int>(i)) && (k == 0 || lengths_[i] < k)) k = lengths_[i];
    return k == 0 ? 1 : k;
  }

  // The cells the hunt may shoot now (unshot cells of the chosen class).
  [[nodiscard]] board_type hunt_cells(const observation<board_type>& seen) const {
    const board_type open = geometry_.full() - seen.shots();
    const int k = std::min(spacing(seen), static_cast<int>(classes_.size()) - 1);
    board_type best{};
    int best_count = -1;
    for (const auto& cls : classes_[static_cast<std::size_t>(k)]) {
      const board_type cand = cls & open;
      const int n = cand.count();
      if (n > 0 && (best_count < 0 || n < best_count)) {
        best = cand;
        best_count = n;
      }
    }
    return best_count > 0 ? best : open;
  }

  [[nodiscard]] int next_shot(const observation<board_type>& seen) {
    if (const int n = stack_.pop(seen.shots()); n >= 0) return n;
    const board_type cells = hunt_cells(seen);
    if (cells.none()) throw std::logic_error("parity_hunt_target: every cell has been shot");
    return random_cell_of(cells, rng_);
  }
  void on_result(int cell, shot_result r, const observation<board_type>& seen) {
    if (r.is_hit()) stack_.push_neighbours(cell, seen.shots());
  }
  void new_game() noexcept { stack_.clear(); }
  void seed(std::uint64_t s) noexcept { rng_.seed(s); }
  // Made for games on this grid with these ship lengths, in this order (the
  // spacing follows which ships are sunk).
  [[nodiscard]] bool built_for(const R& rules) const noexcept {
    if (rules.geometry() != geometry_ || rules.ship_count() != static_cast<int>(lengths_.size())) return false;
    for (int i = 0; i < rules.ship_count(); ++i)
      if (rules.ship_length(i) != lengths_[static_cast<std::size_t>(i)]) return false;
    return true;
  }

 private:
  board_geometry<board_type> geometry_;
  target_stack<board_type> stack_;
  splitmix_rng rng_;
  std::vector<int> lengths_;
  std::vector<std::vector<board_type>> classes_;
};

template <Ruleset R>
parity_hunt_target(const R&, std::uint64_t) -> parity_hunt_target<R>;
template <Ruleset R>
parity_hunt_target(const R&) -> parity_hunt_target<R>;

}  // namespace battleship
