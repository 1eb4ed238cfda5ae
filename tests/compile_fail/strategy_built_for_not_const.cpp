// expect: built_for is not callable as bool built_for
#include <battleship/analysis/game_loop.hpp>
#include <battleship/core/ruleset.hpp>

using namespace battleship;

// A built_for that is not const would be skipped, and the strategy played
// on trust whatever game it was made for.
struct forgets_const {
  using board_type = park_rules::board_type;
  int next_shot(const observation<board_type>&) { return 0; }
  bool built_for(const park_rules&) { return false; }
};

int main() {
  const park_rules rules;
  forgets_const s;
  return play_game(rules, s, layout{});
}
