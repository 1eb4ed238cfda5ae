// expect: PlacementWeight
#include <battleship/count/exact_counter.hpp>

// A weight of 1.5 or 0.5 would be truncated to 1 or 0 (a prior that
// silently counts unweighted, or forbids every placement), so a weight
// returning a floating-point number is refused.
int main() {
  const auto rules = battleship::make_dynamic_rules(4, 4, {2}, battleship::adjacency::touching, false);
  battleship::exact_counter<battleship::dynamic_rules> counter(rules);
  (void)counter.count(battleship::observation<battleship::dynamic_rules::board_type>(rules),
                      [](int, const battleship::placement& p) { return p.row == 0 ? 1.5 : 1.0; });
}
