// expect: deterministic must be callable as bool deterministic
#include <battleship/analysis/exhaustive.hpp>
#include <battleship/core/ruleset.hpp>

using namespace battleship;

// A deterministic() that is not const would be skipped, and the strategy,
// which takes a seed, refused as randomised although it says otherwise.
struct forgets_const {
  using board_type = park_rules::board_type;
  int next_shot(const observation<board_type>&) { return 0; }
  void seed(std::uint64_t) {}
  bool deterministic() { return true; }
};

int main() {
  const park_rules rules;
  return static_cast<int>(evaluate_by_playing(rules, forgets_const{}).layouts() > 0);
}
