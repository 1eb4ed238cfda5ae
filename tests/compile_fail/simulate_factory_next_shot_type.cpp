// expect: make_strategy\(\) must return a strategy, and its type has no next_shot
// A strategy whose next_shot returns a cell's name instead of its index: the
// error names next_shot, not board_type, which it has.
#include <string>

#include <battleship/analysis/simulation.hpp>
#include <battleship/defense/defense.hpp>

using namespace battleship;

struct named_shots {
  using board_type = park_rules::board_type;
  std::string next_shot(const observation<board_type>&) { return "A1"; }
};

int main() {
  const park_rules rules;
  return simulate(rules, [] { return named_shots{}; }, uniform_defense<park_rules>(rules), {}).threads;
}
