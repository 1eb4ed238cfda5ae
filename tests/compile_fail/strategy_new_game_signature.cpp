// expect: new_game must take no arguments
#include <battleship/strategy/strategy.hpp>

using namespace battleship;

struct needs_a_number {
  using board_type = bitboard<16>;
  int next_shot(const observation<board_type>&) { return 0; }
  void new_game(int) {}
};

int main() {
  needs_a_number s;
  start_new_game(s);
}
