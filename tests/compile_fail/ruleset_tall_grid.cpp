// expect: a grid needs at least 1x1 cells, at most 26 rows
#include <battleship/core/ruleset.hpp>

struct thirty_rows {  // rows are named A..Z, so 30 cannot be written down
  using board_type = battleship::bitboard<60>;
  static constexpr int width() { return 2; }
  static constexpr int height() { return 30; }
};

int main() {
  return battleship::ruleset<thirty_rows, battleship::fleet<2>, battleship::touching_allowed, battleship::hit_miss>{}
      .ship_count();
}
