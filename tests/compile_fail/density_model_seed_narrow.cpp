// expect: the model's seed must take a std::uint64_t
#include <battleship/strategy/density_greedy.hpp>

using namespace battleship;

using rules = ruleset<grid<4, 4>, fleet<2>, touching_allowed, hit_miss>;

// A model seeded through a 32-bit generator: density_greedy::seed would hand
// it derive_seed(s, 1) cut to its low 32 bits.
struct small_seed_model {
  using board_type = rules::board_type;
  density_map weights(const observation<board_type>&) { return density_map(16, 1.0); }
  void seed(std::uint32_t) {}
};

int main() {
  density_greedy player(rules{}, small_seed_model{});
  player.seed(1);
}
