// expect: seed must take a std::uint64_t
#include <battleship/strategy/strategy.hpp>

using namespace battleship;

struct small_seed {
  using board_type = bitboard<16>;
  int next_shot(const observation<board_type>&) { return 0; }
  void seed(int) {}
};

int main() {
  small_seed s;
  seed_strategy(s, 1);
}
