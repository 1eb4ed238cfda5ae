// expect: on_result must take \(int cell, shot_result result, const observation<board_type>& seen\)
// A hook without the observation would never be called; the game loop refuses it.
#include <battleship/analysis/game_loop.hpp>
#include <battleship/core/random_layout.hpp>

using namespace battleship;
using rules = ruleset<grid<4, 4>, fleet<2>, touching_allowed, hit_miss>;

struct forgetful {
  using board_type = rules::board_type;
  int next = 0;
  int next_shot(const observation<board_type>&) { return next++; }
  void on_result(int, shot_result) {}
};

int main() {
  forgetful s;
  return play_game(rules{}, s, layout{placement{0, 0, orientation::horizontal}});
}
