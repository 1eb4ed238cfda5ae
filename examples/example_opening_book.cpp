// An exact-posterior AI with an opening book, as a game would embed it.
//
// The exact player (greedy on exact_density) is deterministic, so the
// positions of the first shots repeat from game to game, and they are the
// costly ones. memoized<> keeps each choice in a decision_cache shared by
// every copy of the player and every thread: the games stay the same, only
// faster. Here a 7x7 board with ships 3,3,2 (sunk announced), 400 games
// without and then with the book. The book is stamped with the game and a
// name for the policy, so that the saved book, shipped with the game and read
// at start-up, is refused by a build for other rules instead of misleading it.
#include <chrono>
#include <cstdio>
#include <memory>
#include <sstream>
#include <stdexcept>

#include <battleship/analysis/simulation.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/memoized.hpp>

using namespace battleship;

int main() {
  const auto rules = make_dynamic_rules(7, 7, {3, 3, 2}, adjacency::touching, true);
  const uniform_defense<dynamic_rules> defense(rules);
  simulation_options options;
  options.games = 400;
  options.seed = 1;
  options.threads = 2;

  auto exact_player = [&] { return density_greedy(rules, exact_density<dynamic_rules>(rules)); };
  auto book = std::make_shared<decision_cache<dynamic_rules::board_type>>(rules, "exact-greedy", /*max_shots=*/24);
  auto booked_player = [&] { return memoized(exact_player(), book); };

  const auto plain = simulate(rules, exact_player, defense, options);
  const auto booked = simulate(rules, booked_player, defense, options);
  std::printf("without the book: mean %.3f shots, %.2f s\n", plain.stats.mean, plain.seconds);
  std::printf("with the book:    mean %.3f shots, %.2f s (%zu positions cached, %llu shots answered from it)\n",
              booked.stats.mean, booked.seconds, book->size(), static_cast<unsigned long long>(book->hits()));
  // Same games, shot for shot: the histograms must agree exactly.
  if (plain.stats.histogram != booked.stats.histogram) return 1;

  // The book as a game would ship it (a file; a string here), read back by
  // the same game, and refused by one with another fleet.
  std::stringstream file;
  book->save(file);
  const std::string saved = file.str();
  decision_cache<dynamic_rules::board_type> shipped(rules, "exact-greedy");
  file.seekg(0);
  shipped.load(file);
  std::printf("saved and read back: %zu positions, %s\n", shipped.size(), shipped.stamp().describe().c_str());
  const auto other = make_dynamic_rules(7, 7, {4, 3, 2}, adjacency::touching, true);
  decision_cache<dynamic_rules::board_type> elsewhere(other, "exact-greedy");
  std::istringstream again(saved);
  try {
    elsewhere.load(again);
    return 1;
  } catch (const std::invalid_argument& e) {
    std::printf("a game with ships 4,3,2 refuses it: %s\n", e.what());
  }
  return shipped.size() == book->size() ? 0 : 1;
}
