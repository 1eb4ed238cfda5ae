// A check, not part of the library: plays Park's exact greedy without the
// opening book (density_greedy over exact_density, ties to the lowest cell)
// against layouts given as 10x10 pictures, ships lettered A, B, ... in fleet
// order as `battleship simulate --search-climbs` prints them. Several
// pictures may stand side by side, separated by spaces; one shot count is
// printed per picture (docs/results/40-simulation.md, session 54):
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude scripts/prototypes/replay_layouts.cpp -o /tmp/replay_layouts
//   /tmp/replay_layouts < scripts/prototypes/park_hard_layouts.txt
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/solver.hpp>

using namespace battleship;

namespace {

// The layout of one picture: each ship from its first (top-left) cell, vertical
// when its cells span rows.
layout read_picture(const park_rules& rules, const std::vector<std::string>& rows) {
  const auto g = rules.geometry();
  if (static_cast<int>(rows.size()) != g.height()) throw std::invalid_argument("a picture needs 10 rows");
  layout l;
  for (int ship = 0; ship < rules.ship_count(); ++ship) {
    const char letter = static_cast<char>('A' + ship);
    int top = -1, left = -1, bottom = -1;
    for (int r = 0; r < g.height(); ++r)
      for (int c = 0; c < g.width(); ++c)
        if (rows[static_cast<std::size_t>(r)].at(static_cast<std::size_t>(c)) == letter) {
          if (top < 0) top = r, left = c;
          bottom = r;
        }
    if (top < 0) throw std::invalid_argument(std::string("ship ") + letter + " is missing");
    l.push_back(placement{top, left, bottom > top ? orientation::vertical : orientation::horizontal});
  }
  if (const auto why = validate(rules, l)) throw std::invalid_argument(*why);
  return l;
}

}  // namespace

int main() {
  const park_rules rules;
  std::vector<std::vector<std::string>> pictures;
  for (std::string line; std::getline(std::cin, line);) {
    std::istringstream words(line);
    std::size_t k = 0;
    for (std::string row; words >> row; ++k) {
      if (pictures.size() <= k) pictures.resize(k + 1);
      pictures[k].push_back(row);
    }
  }
  for (const auto& rows : pictures) {
    auto greedy = density_greedy(rules, exact_density<park_rules>(rules), tie_break::lowest_cell);
    std::cout << play_game(rules, greedy, read_picture(rules, rows)) << '\n';
  }
}
