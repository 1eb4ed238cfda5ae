// expect: every ship needs a length from 1 to 26
#include <battleship/core/ruleset.hpp>

struct flat_ship {
  static constexpr int ship_count() { return 2; }
  static constexpr int length(int i) { return i == 0 ? 2 : 0; }
  static constexpr std::string_view name(int i) { return i == 0 ? "a" : "b"; }
};

int main() {
  return battleship::ruleset<battleship::grid<3, 3>, flat_ship, battleship::touching_allowed, battleship::hit_miss>{}
      .ship_count();
}
