// expect: the strategy was made for another ruleset type
#include <battleship/analysis/game_loop.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/hunt_target.hpp>

using namespace battleship;

// 8x9 and 9x8 share a board type (72 cells), so a strategy made for one
// compiles against the other's observations; its built_for cannot take the
// other's rules, which must be said as such, not as a wrong signature.
using wide = ruleset<grid<9, 8>, fleet<3, 2>, touching_allowed, hit_miss>;
using tall = ruleset<grid<8, 9>, fleet<3, 2>, touching_allowed, hit_miss>;

int main() {
  hunt_target<wide> s(wide{});
  return play_game(tall{}, s, layout{});
}
