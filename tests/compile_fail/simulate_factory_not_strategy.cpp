// expect: make_strategy\(\) must return a strategy, and its type has no board_type
#include <battleship/analysis/simulation.hpp>
#include <battleship/defense/defense.hpp>

using namespace battleship;

int main() {
  const park_rules rules;
  return simulate(rules, [] { return 42; }, uniform_defense<park_rules>(rules), {}).threads;
}
