// expect: the model's new_game must take no arguments
#include <battleship/strategy/density_greedy.hpp>

using namespace battleship;

using rules = ruleset<grid<4, 4>, fleet<2>, touching_allowed, hit_miss>;

// A model that keeps state between shots, with a reset hook density_greedy
// cannot call: each game would start from the last one's state.
struct needs_a_number_model {
  using board_type = rules::board_type;
  density_map weights(const observation<board_type>&) { return density_map(16, 1.0); }
  void new_game(int) {}
};

int main() {
  density_greedy player(rules{}, needs_a_number_model{});
  player.new_game();
}
