// expect: PlacementWeight
#include <battleship/count/exact_counter.hpp>

// A class whose weight converts to a double: its 1.5 would be truncated to 1
// as a bare double's would, so it is refused as a double is.
struct half_weight {
  double value;
  operator double() const { return value; }  // NOLINT(google-explicit-constructor)
};

int main() {
  const auto rules = battleship::make_dynamic_rules(4, 4, {2}, battleship::adjacency::touching, false);
  battleship::exact_counter<battleship::dynamic_rules> counter(rules);
  (void)counter.count(battleship::observation<battleship::dynamic_rules::board_type>(rules),
                      [](int, const battleship::placement& p) { return half_weight{p.row == 0 ? 1.5 : 1.0}; });
}
