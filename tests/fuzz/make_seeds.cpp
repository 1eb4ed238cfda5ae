// Writes seed inputs for fuzz_observation (not built by CMake): games on
// random small rules, each as a shot log (sunk announcements by name or by
// index, per game) and as a board picture, cut after a random number of shots. They
// are consistent with a layout, so the fuzzer starts from deep observations
// instead of having to find long valid files byte by byte.
//
//   g++ -std=c++20 -O2 -Iinclude tests/fuzz/make_seeds.cpp -o /tmp/make_seeds
//   /tmp/make_seeds 60 /tmp/seeds      # 60 games, two files each

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include <battleship/solver.hpp>

#include "../../examples/battleship/board_file.hpp"

using namespace battleship;

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: make_seeds GAMES DIRECTORY\n");
    return 2;
  }
  const int games = std::stoi(argv[1]);
  const std::string dir = argv[2];
  std::mt19937_64 rng(2026);
  for (int g = 0; g < games;) {
    // The header fuzz_observation reads: width-1, height-1, rule + 3 * sunk,
    // ships-1, lengths-1.
    const int width = 2 + static_cast<int>(rng() % 5), height = 2 + static_cast<int>(rng() % 5);
    const int rule = static_cast<int>(rng() % 3), sunk = static_cast<int>(rng() % 2);
    const int ships = 1 + static_cast<int>(rng() % 3);
    std::vector<int> lengths;
    for (int i = 0; i < ships; ++i) lengths.push_back(1 + static_cast<int>(rng() % 4));
    std::string header{static_cast<char>(width - 1), static_cast<char>(height - 1), static_cast<char>(rule + 3 * sunk),
                       static_cast<char>(ships - 1)};
    for (int l : lengths) header += static_cast<char>(l - 1);
    try {
      const auto rules = make_dynamic_rules(width, height, lengths, static_cast<adjacency>(rule), sunk == 1);
      const layout hidden = random_layout(rules, rng);
      game<dynamic_rules> play(rules, hidden);
      const auto geo = rules.geometry();
      std::vector<int> cells(static_cast<std::size_t>(geo.cell_count()));
      for (std::size_t c = 0; c < cells.size(); ++c) cells[c] = static_cast<int>(c);
      std::shuffle(cells.begin(), cells.end(), rng);
      const std::size_t fired = 1 + rng() % cells.size();
      for (std::size_t k = 0; k < fired; ++k) (void)play.shoot(cells[k]);
      const std::string log =
          write_shot_log(rules, play.seen(), rng() % 2 == 0 ? sunk_ship_as::name : sunk_ship_as::number);
      const std::string picture = cli::write_board_picture(rules, play.seen());
      std::ofstream(dir + "/game-" + std::to_string(g) + "-log", std::ios::binary) << header << log;
      std::ofstream(dir + "/game-" + std::to_string(g) + "-picture", std::ios::binary) << header << picture;
      ++g;
    } catch (const std::exception&) {
      // rules the fleet cannot fit on, or no layout under them: draw again
    }
  }
  return 0;
}
