// Quick start: count the layouts of a game, draw the exact heat map, and play
// one game with a strategy of our own that always shoots the likeliest cell.
#include <cstdio>
#include <random>
#include <string>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>
#include <battleship/strategy/strategy.hpp>

using namespace battleship;

// The heat map: the percent chance that each unshot cell holds a ship.
template <class Rules>
void print_heat_map(const Rules& rules, const observation<typename Rules::board_type>& seen, const count_result& r) {
  const auto g = rules.geometry();
  std::printf("  ");
  for (int col = 0; col < g.width(); ++col) std::printf("%5d", col + 1);
  std::printf("\n");
  for (int row = 0; row < g.height(); ++row) {
    std::printf("%c ", 'A' + row);
    for (int col = 0; col < g.width(); ++col) {
      const int c = g.cell(row, col);
      if (seen.hits().test(static_cast<std::size_t>(c)))
        std::printf("    X");
      else if (seen.misses().test(static_cast<std::size_t>(c)))
        std::printf("    -");
      else
        std::printf("%5.1f", 100.0 * r.probability(c));
    }
    std::printf("\n");
  }
}

// A strategy of our own: shoot the unshot cell most likely to hold a ship
// under the exact posterior. A board_type and next_shot() make a Strategy.
template <Ruleset R>
struct likeliest_cell {
  using board_type = typename R::board_type;
  explicit likeliest_cell(const R& rules) : counter(rules) {}
  int next_shot(const observation<board_type>& seen) {
    const count_result r = counter.count(seen);
    int best = -1;
    for (int c = 0; c < seen.cell_count(); ++c)
      if (!seen.shots().test(static_cast<std::size_t>(c)) &&
          (best < 0 || r.occupancy[static_cast<std::size_t>(c)] > r.occupancy[static_cast<std::size_t>(best)]))
        best = c;
    return best;
  }
  exact_counter<R> counter;  // keeps its tables from shot to shot: a fresh counter per shot is slower
};

int main() {
  // 1. Counting. Audinot et al.'s game: 10x10, ships 5,4,3,3,2, no contact.
  const count_result audinot = exact_count(audinot_rules{}, /*with_occupancy=*/false);
  std::printf("Audinot et al. game (10x10, no contact): %s layouts, %s with the two 3-ships alike\n",
              to_string(audinot.labelled).c_str(), to_string(audinot.unlabelled).c_str());

  // 2. The exact heat map on a smaller board after three shots.
  using rules_t = ruleset<grid<8, 8>, fleet<4, 3, 3, 2>, touching_allowed, hit_miss_sunk>;
  const rules_t rules{};
  const auto g = rules.geometry();
  observation<rules_t::board_type> seen(rules);
  seen.record_miss(*g.parse_cell("D4"));
  seen.record_hit(*g.parse_cell("D5"));
  seen.record_miss(*g.parse_cell("C5"));
  const count_result now = exact_count(rules, seen);
  std::printf("\n8x8, ships 4,3,3,2 after D4 miss, D5 hit, C5 miss: %s layouts agree\n",
              to_string(now.labelled).c_str());
  print_heat_map(rules, seen, now);

  // 3. A game of our strategy against a uniformly random hidden layout.
  static_assert(Strategy<likeliest_cell<rules_t>>);
  likeliest_cell<rules_t> policy(rules);
  std::mt19937_64 rng(2024);
  game<rules_t> referee(rules, random_layout(rules, rng));
  std::string shots;
  while (!referee.over()) {
    const int cell = policy.next_shot(referee.seen());
    const shot_result answer = referee.shoot(cell);
    shots += g.cell_name(cell) + (answer.kind == outcome::miss ? "- " : answer.kind == outcome::hit ? "X " : "! ");
  }
  std::printf("\nGame on 8x8 (- miss, X hit, ! sunk): %s\nsank the fleet in %d shots of %d cells\n", shots.c_str(),
              referee.shots_fired(), g.cell_count());
  return referee.shots_fired() <= g.cell_count() ? 0 : 1;
}
