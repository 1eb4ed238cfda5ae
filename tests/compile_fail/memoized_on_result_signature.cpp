// expect: (MemoizablePolicy|constraints not satisfied for class template .memoized)
// A policy with an on_result the game loop could never call keeps state it
// was meant to be told (strategy_on_result_signature.cpp refuses it bare);
// wrapped in memoized it must be refused too, not have its answers cached.
#include <memory>

#include <battleship/analysis/game_loop.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/strategy/memoized.hpp>

using namespace battleship;
using rules = ruleset<grid<4, 4>, fleet<2>, touching_allowed, hit_miss>;

struct mistyped_hook {
  using board_type = rules::board_type;
  int next = 0;
  int next_shot(const observation<board_type>&) { return next; }
  void on_result(int cell, shot_result) { next = cell + 1; }
};

int main() {
  auto m = memoized(mistyped_hook{}, std::make_shared<decision_cache<rules::board_type>>(24));
  return play_game(rules{}, m, layout{placement{0, 0, orientation::horizontal}});
}
