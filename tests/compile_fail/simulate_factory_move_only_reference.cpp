// expect: returns a reference to a strategy that cannot be copied
#include <memory>

#include <battleship/analysis/simulation.hpp>
#include <battleship/defense/defense.hpp>

using namespace battleship;

struct move_only {
  using board_type = park_rules::board_type;
  std::unique_ptr<int> cache;
  int next_shot(const observation<board_type>& seen) { return static_cast<int>((~seen.shots()).lowest()); }
};

int main() {
  const park_rules rules;
  move_only prototype;
  return simulate(rules, [&]() -> move_only& { return prototype; }, uniform_defense<park_rules>(rules), {}).threads;
}
