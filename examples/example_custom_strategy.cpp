// A custom attack policy in a dozen lines, measured like the built-in ones.
//
// "Checkerboard and neighbours": shoot an unshot neighbour of a hit if there
// is one, else the first unshot cell of the checkerboard, else any unshot
// cell. It keeps no state, so it only needs board_type and next_shot().
#include <cstdio>

#include <battleship/analysis/simulation.hpp>
#include <battleship/strategy/hunt_target.hpp>

using namespace battleship;

template <Ruleset R>
struct checkerboard_and_neighbours {
  using board_type = typename R::board_type;
  board_geometry<board_type> g;
  int next_shot(const observation<board_type>& seen) const {
    const board_type open = g.full() - seen.shots();
    if (const board_type near = g.dilate4(seen.hits()) & open; near.any()) return static_cast<int>(near.lowest());
    for (std::size_t c : open)
      if ((g.row_of(static_cast<int>(c)) + g.col_of(static_cast<int>(c))) % 2 == 0) return static_cast<int>(c);
    return static_cast<int>(open.lowest());
  }
};

int main() {
  const datagenetics_rules rules;
  const uniform_defense<datagenetics_rules> defense(rules);
  simulation_options options;
  options.games = 2000;
  options.seed = 1;
  options.threads = 2;
  const auto mine = simulate(
      rules, [&] { return checkerboard_and_neighbours<datagenetics_rules>{rules.geometry()}; }, defense, options);
  const auto stack = simulate(
      rules, [&] { return hunt_target<datagenetics_rules>(rules); }, defense, options);
  std::printf("checkerboard and neighbours: mean %.2f (95%% CI %.2f..%.2f), median %g, max %d\n", mine.stats.mean,
              mine.stats.ci95_low, mine.stats.ci95_high, mine.stats.median, mine.stats.max);
  std::printf("hunt/target (DataGenetics):  mean %.2f (95%% CI %.2f..%.2f), median %g, max %d\n", stack.stats.mean,
              stack.stats.ci95_low, stack.stats.ci95_high, stack.stats.median, stack.stats.max);
  return mine.stats.games == 2000 && stack.stats.games == 2000 ? 0 : 1;
}
