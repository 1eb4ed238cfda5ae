// expect: returns a strategy for another board size than the ruleset's
#include <battleship/analysis/simulation.hpp>
#include <battleship/defense/defense.hpp>
#include <battleship/strategy/random_fire.hpp>

using namespace battleship;

int main() {
  using small = ruleset<grid<6, 6>, fleet<3, 2>, touching_allowed, hit_miss>;
  using large = ruleset<grid<20, 20>, fleet<3, 2>, touching_allowed, hit_miss>;
  const small rules;
  const large other;
  return simulate(rules, [&] { return random_fire<large>(other); }, uniform_defense<small>(rules), {}).threads;
}
