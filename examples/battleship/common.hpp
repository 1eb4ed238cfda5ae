#pragma once
// Options shared by the subcommands: the rule set (--preset, or --grid,
// --fleet, --rule, --feedback) and the board (--board FILE).

#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <battleship/solver.hpp>

namespace battleship::cli {

struct rule_options {
  std::string preset;            // datagenetics | park | audinot (overrides the rest)
  std::string grid = "10x10";    // WxH: width (columns) x height (rows)
  std::string fleet = "5,4,3,3,2";
  std::string rule = "touching";  // touching | no-edge | no-contact
  std::string feedback = "hit-miss";  // hit-miss | sunk
  std::string board_file;        // optional board picture or shot log

  // Adds --preset, --grid, --fleet, --rule, --feedback and --board to `sub`.
  void add_to(CLI::App* sub, bool with_feedback = true, bool with_board = true) {
    sub->add_option("--preset", preset, "datagenetics, park or audinot (sets grid, fleet, rule and feedback)")
        ->check(CLI::IsMember({"datagenetics", "park", "audinot"}));
    sub->add_option("--grid", grid, "grid size WxH, e.g. 10x10")->capture_default_str();
    sub->add_option("--fleet", fleet, "ship lengths, e.g. 5,4,3,3,2")->capture_default_str();
    sub->add_option("--rule", rule, "touching, no-edge or no-contact")
        ->check(CLI::IsMember({"touching", "no-edge", "no-contact"}))
        ->capture_default_str();
    if (with_feedback)
      sub->add_option("--feedback", feedback, "hit-miss or sunk")
          ->check(CLI::IsMember({"hit-miss", "sunk"}))
          ->capture_default_str();
    if (with_board)
      sub->add_option("--board", board_file, "board picture (. unknown, X hit, - miss) or shot log");
  }

  [[nodiscard]] dynamic_rules make_rules() const {
    if (preset == "datagenetics") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, true);
    if (preset == "park") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, false);
    if (preset == "audinot") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::no_contact, false);
    const auto [w, h] = parse_grid(grid);
    return make_dynamic_rules(w, h, parse_fleet(fleet), parse_adjacency(rule), parse_feedback(feedback));
  }

  static std::pair<int, int> parse_grid(const std::string& s) {
    const auto x = s.find_first_of("xX");
    try {
      if (x == std::string::npos) throw std::invalid_argument("");
      std::size_t used1 = 0, used2 = 0;
      const int w = std::stoi(s.substr(0, x), &used1);
      const int h = std::stoi(s.substr(x + 1), &used2);
      if (used1 != x || used2 != s.size() - x - 1) throw std::invalid_argument("");
      return {w, h};
    } catch (const std::logic_error&) {
      throw std::invalid_argument("--grid '" + s + "' is not of the form WxH (e.g. 10x10)");
    }
  }
  static std::vector<int> parse_fleet(const std::string& s) {
    std::vector<int> lengths;
    std::stringstream in(s);
    std::string item;
    while (std::getline(in, item, ',')) {
      try {
        std::size_t used = 0;
        lengths.push_back(std::stoi(item, &used));
        if (used != item.size()) throw std::invalid_argument("");
      } catch (const std::logic_error&) {
        throw std::invalid_argument("--fleet '" + s + "' is not a comma-separated list of lengths (e.g. 5,4,3,3,2)");
      }
    }
    if (lengths.empty()) throw std::invalid_argument("--fleet is empty");
    return lengths;
  }
};

// Reads a board picture: one line per row, '.' unknown, 'X' hit, '-' miss
// (also 'x', 'o' for miss, 'H', 'M'); blank lines and lines starting with
// '#' are ignored. Errors name the line and column.
inline observation<dynamic_rules::board_type> read_board_picture(std::istream& in, const dynamic_rules& rules,
                                                                 const std::string& name) {
  const auto g = rules.geometry();
  observation<dynamic_rules::board_type> obs(rules);
  std::string line;
  int line_no = 0, row = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.empty() || line[0] == '#') continue;
    if (row >= g.height())
      throw std::invalid_argument(name + ":" + std::to_string(line_no) + ": more than " + std::to_string(g.height()) +
                                  " rows");
    std::string cells;
    for (char c : line)
      if (c != ' ' && c != '\t') cells += c;
    if (static_cast<int>(cells.size()) != g.width())
      throw std::invalid_argument(name + ":" + std::to_string(line_no) + ": expected " + std::to_string(g.width()) +
                                  " cells, found " + std::to_string(cells.size()));
    int col_no = 0;
    for (std::size_t k = 0; k < line.size(); ++k) {
      const char c = line[k];
      if (c == ' ' || c == '\t') continue;
      const int cell = g.cell(row, col_no++);
      switch (c) {
        case '.': break;
        case 'X': case 'x': case 'H': obs.record_hit(cell); break;
        case '-': case 'o': case 'O': case 'M': obs.record_miss(cell); break;
        default:
          throw std::invalid_argument(name + ":" + std::to_string(line_no) + ":" + std::to_string(k + 1) +
                                      ": unexpected character '" + std::string(1, c) + "' (use . X -)");
      }
    }
    ++row;
  }
  if (row != g.height())
    throw std::invalid_argument(name + ": expected " + std::to_string(g.height()) + " rows, found " +
                                std::to_string(row));
  return obs;
}

inline observation<dynamic_rules::board_type> read_board_file(const std::string& path, const dynamic_rules& rules) {
  if (path.empty()) return observation<dynamic_rules::board_type>(rules);
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open board file '" + path + "'");
  return read_board_picture(in, rules, path);
}

}  // namespace battleship::cli
