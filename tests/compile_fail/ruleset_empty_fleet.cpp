// expect: a fleet needs 1 to 16 ships
#include <battleship/core/ruleset.hpp>

struct no_ships {
  static constexpr int ship_count() { return 0; }
  static constexpr int length(int) { return 1; }
  static constexpr std::string_view name(int) { return "none"; }
};

int main() {
  return battleship::ruleset<battleship::grid<3, 3>, no_ships, battleship::touching_allowed, battleship::hit_miss>{}
      .ship_count();
}
