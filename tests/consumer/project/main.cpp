// The usage example of README.md, built by the consumer tests.
#include <battleship/solver.hpp>
#include <iostream>

int main() {
  using namespace battleship;
  using rules = ruleset<grid<6, 6>, fleet<3, 2>, touching_allowed, hit_miss>;
  const auto g = rules{}.geometry();
  observation<rules::board_type> seen(rules{});
  seen.record_hit(g.cell_named("C3"));
  seen.record_miss(g.cell_named("B3"));
  const count_result r = exact_count(rules{}, seen);
  std::cout << to_string(r.labelled) << " layouts agree; P(ship on C4) = " << r.probability(g.cell_named("C4")) << '\n';
}
