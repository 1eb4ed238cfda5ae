// expect: the model's seed must take a std::uint64_t
#include <battleship/strategy/density_greedy.hpp>

#include <string>

using namespace battleship;

using rules = ruleset<grid<4, 4>, fleet<2>, touching_allowed, hit_miss>;

// An overload set `&S::seed` cannot name: density_greedy::seed would call
// the 32-bit one with derive_seed(s, 1) cut to its low 32 bits.
struct overloaded_seed_model {
  using board_type = rules::board_type;
  density_map weights(const observation<board_type>&) { return density_map(16, 1.0); }
  void seed(std::uint32_t) {}
  void seed(const std::string&) {}
};

int main() {
  density_greedy player(rules{}, overloaded_seed_model{});
  player.seed(1);
}
