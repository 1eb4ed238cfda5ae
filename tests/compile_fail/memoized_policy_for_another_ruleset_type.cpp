// expect: made for another ruleset type
#include <memory>

#include <battleship/analysis/game_loop.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/memoized.hpp>
#include <battleship/strategy/row_scan.hpp>

using namespace battleship;

// 8x9 and 9x8 share a board type (72 cells). A policy made for one, played
// under the other, fails to compile (strategy_for_another_ruleset_type.cpp);
// wrapped in memoized it must fail the same way, not be taken on trust.
using wide = ruleset<grid<9, 8>, fleet<3, 2>, touching_allowed, hit_miss>;
using tall = ruleset<grid<8, 9>, fleet<3, 2>, touching_allowed, hit_miss>;

int main() {
  auto book = std::make_shared<decision_cache<tall::board_type>>(24);
  auto m = memoized(row_scan<wide>(wide{}), book);
  return play_game(tall{}, m, layout{});
}
