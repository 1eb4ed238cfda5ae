#pragma once
// The cells a strategy shoots in one game, in order: what the tests of a
// policy's choices compare.

#include <vector>

#include <battleship/analysis/game_loop.hpp>
#include <battleship/core/game.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship::test_support {

// A fresh game (start_new_game) of `strategy` against `hidden`, played by
// play_game; the strategy itself, not a copy, so a test can reuse it.
template <class R, class S>
std::vector<int> shots_of_game(const R& rules, S&& strategy, const layout& hidden) {
  game<R> referee(rules, hidden);
  start_new_game(strategy);
  play_game(referee, strategy);
  std::vector<int> shots;
  for (const auto& s : referee.seen().log()) shots.push_back(s.cell);
  return shots;
}

}  // namespace battleship::test_support
