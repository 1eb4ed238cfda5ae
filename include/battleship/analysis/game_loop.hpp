#pragma once
// play_game(): one game of a strategy against the referee, shot by shot.
//
// Each turn the strategy sees the referee's observation, names a cell, and is
// told the outcome. A cell off the grid or already shot is the strategy's
// bug, refused with std::logic_error naming the cell and the turn (as the
// exhaustive and short-game walkers do), so a game always ends within
// cell_count() shots.

#include <battleship/core/game.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

// Plays `referee` to the end and returns the number of shots fired. The
// strategy is not restarted: call start_new_game() first for a fresh game.
// A strategy that says it was made for other rules (built_for) is refused
// with std::invalid_argument before the first shot; one that then shoots
// off the grid or twice at a cell, with std::logic_error.
template <Ruleset R, Strategy S>
requires std::same_as<typename S::board_type, typename R::board_type>
int play_game(game<R>& referee, S& strategy) {
  detail::require_built_for(referee.rules(), strategy, "play_game");
  while (!referee.over()) {
    const int cell = detail::chosen_cell(strategy, referee.seen(), "play_game");
    detail::require_unshot(referee.rules(), referee.seen(), cell, "play_game");
    const shot_result r = referee.shoot(cell);
    notify_result(strategy, cell, r, referee.seen());
  }
  return referee.shots_fired();
}

// A fresh game against `hidden`: restarts the strategy, returns the shots.
template <Ruleset R, Strategy S>
requires std::same_as<typename S::board_type, typename R::board_type>
int play_game(const R& rules, S& strategy, const layout& hidden) {
  game<R> referee(rules, hidden);
  start_new_game(strategy);
  return play_game(referee, strategy);
}

}  // namespace battleship
