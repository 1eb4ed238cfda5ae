#pragma once
// Options shared by the subcommands: the rule set (--preset, or --grid,
// --fleet, --rule, --feedback) and the board (--board FILE).

#include <cstdint>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>
#include <battleship/count/edge_prior.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>
#include <nlohmann/json.hpp>

namespace battleship::cli {

// "AxB" with any one of `separators` between two whole integers, or nothing.
[[nodiscard]] inline std::optional<std::pair<int, int>> parse_int_pair(const std::string& s, const char* separators) {
  const auto at = s.find_first_of(separators);
  if (at == std::string::npos) return std::nullopt;
  try {
    std::size_t used1 = 0, used2 = 0;
    const int a = std::stoi(s.substr(0, at), &used1);
    const int b = std::stoi(s.substr(at + 1), &used2);
    if (used1 != at || used2 != s.size() - at - 1) return std::nullopt;
    return std::pair{a, b};
  } catch (const std::logic_error&) {  // no digits, or out of range
    return std::nullopt;
  }
}

struct rule_options {
  std::string preset;          // datagenetics | park | audinot (overrides the rest)
  std::string grid = "10x10";  // WxH: width (columns) x height (rows)
  std::string fleet = "5,4,3,3,2";
  std::string rule = "touching";      // touching | no-edge | no-contact
  std::string feedback = "hit-miss";  // hit-miss | sunk
  std::string board_file;             // optional board picture or shot log

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
    if (with_board) sub->add_option("--board", board_file, "board picture (. unknown, X hit, - miss) or shot log");
  }

  [[nodiscard]] dynamic_rules make_rules() const {
    if (preset == "datagenetics") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, true);
    if (preset == "park") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, false);
    if (preset == "audinot") return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::no_contact, false);
    const auto [w, h] = parse_grid(grid);
    return make_dynamic_rules(w, h, parse_fleet(fleet), parse_adjacency(rule), parse_feedback(feedback));
  }

  static std::pair<int, int> parse_grid(const std::string& s) {
    if (const auto wh = parse_int_pair(s, "xX")) return *wh;
    throw std::invalid_argument("--grid '" + s + "' is not of the form WxH (e.g. 10x10)");
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
// '#' are ignored; spaces between cells are allowed. Errors name the line and
// column.
inline observation<dynamic_rules::board_type> read_board_picture(std::istream& in, const dynamic_rules& rules,
                                                                 const std::string& name) {
  const auto g = rules.geometry();
  observation<dynamic_rules::board_type> obs(rules);
  std::string line;
  int line_no = 0, row = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
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
        case '.':
          break;
        case 'X':
        case 'x':
        case 'H':
          obs.record_hit(cell);
          break;
        case '-':
        case 'o':
        case 'O':
        case 'M':
          obs.record_miss(cell);
          break;
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

namespace detail {
[[nodiscard]] inline std::string lower_case(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}
// A cell name such as "B5": a letter then digits.
[[nodiscard]] inline bool looks_like_cell(std::string_view s) {
  if (s.size() < 2 || !((s[0] >= 'A' && s[0] <= 'Z') || (s[0] >= 'a' && s[0] <= 'z'))) return false;
  for (std::size_t i = 1; i < s.size(); ++i)
    if (s[i] < '0' || s[i] > '9') return false;
  return true;
}
struct token {
  std::string text;
  std::size_t column;  // 1-based
};
// Whitespace-separated words of `line` up to a '#' comment.
[[nodiscard]] inline std::vector<token> split_words(const std::string& line) {
  std::vector<token> out;
  std::size_t i = 0;
  while (i < line.size() && line[i] != '#') {
    if (line[i] == ' ' || line[i] == '\t') {
      ++i;
      continue;
    }
    const std::size_t start = i;
    while (i < line.size() && line[i] != ' ' && line[i] != '\t' && line[i] != '#') ++i;
    out.push_back({line.substr(start, i - start), start + 1});
  }
  return out;
}
[[nodiscard]] inline std::string where(const std::string& name, int line, std::size_t column = 0) {
  return name + ":" + std::to_string(line) + (column ? ":" + std::to_string(column) : std::string()) + ": ";
}
}  // namespace detail

// Reads a shot log: one shot per line, in the order fired,
//   B5 hit
//   A1 miss
//   C5 sunk Destroyer      (or "C5 sunk 5": the 1-based index of the ship)
// Words are case-insensitive; '#' starts a comment; blank lines are ignored.
// Errors name the line and column.
inline observation<dynamic_rules::board_type> read_shot_log(std::istream& in, const dynamic_rules& rules,
                                                            const std::string& name) {
  const auto g = rules.geometry();
  observation<dynamic_rules::board_type> obs(rules);
  std::string line;
  int line_no = 0;
  while (std::getline(in, line)) {
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto words = detail::split_words(line);
    if (words.empty()) continue;
    const auto at = [&](const detail::token& t) { return detail::where(name, line_no, t.column); };
    const auto cell = g.parse_cell(words[0].text);
    if (!cell)
      throw std::invalid_argument(at(words[0]) + "'" + words[0].text + "' is not a cell of the " +
                                  std::to_string(g.width()) + "x" + std::to_string(g.height()) +
                                  " grid (rows A.., columns 1..)");
    if (words.size() < 2)
      throw std::invalid_argument(detail::where(name, line_no, line.size() + 1) + "expected hit, miss or sunk after " +
                                  words[0].text);
    const std::string what = detail::lower_case(words[1].text);
    shot_result result;
    std::size_t expected_words = 2;
    if (what == "hit") {
      result = shot_result::hit();
    } else if (what == "miss") {
      result = shot_result::miss();
    } else if (what == "sunk") {
      if (words.size() < 3)
        throw std::invalid_argument(detail::where(name, line_no, line.size() + 1) +
                                    "'sunk' needs the ship: its name or its 1-based index");
      const std::string& ship = words[2].text;
      int index = find_ship(rules.fleet, ship);
      if (index < 0 && !ship.empty() && ship.find_first_not_of("0123456789") == std::string::npos && ship.size() <= 3)
        index = std::stoi(ship) - 1;
      if (index < 0 || index >= rules.ship_count()) {
        std::string names;
        for (int i = 0; i < rules.ship_count(); ++i) names += (i ? ", " : "") + std::string(rules.fleet.name(i));
        throw std::invalid_argument(at(words[2]) + "no ship '" + ship + "' in the fleet (" + names + ", or 1.." +
                                    std::to_string(rules.ship_count()) + ")");
      }
      result = shot_result::sunk(index);
      expected_words = 3;
    } else {
      throw std::invalid_argument(at(words[1]) + "expected hit, miss or sunk, found '" + words[1].text + "'");
    }
    if (words.size() > expected_words)
      throw std::invalid_argument(at(words[expected_words]) + "unexpected '" + words[expected_words].text + "'");
    if (result.kind == outcome::sunk && !rules.announces_sunk())
      throw std::invalid_argument(at(words[1]) + "a sunk announcement needs --feedback sunk");
    if (obs.shots().test(static_cast<std::size_t>(*cell)))
      throw std::invalid_argument(at(words[0]) + words[0].text + " was already shot");
    try {
      obs.record(*cell, result);
    } catch (const invalid_observation& e) {
      throw std::invalid_argument(at(words[0]) + e.what());
    }
  }
  return obs;
}

// Reads a board picture or a shot log, telling them apart by the first
// significant line: a shot log starts with a cell name such as "B5".
inline observation<dynamic_rules::board_type> read_board(std::istream& in, const dynamic_rules& rules,
                                                         const std::string& name) {
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  std::istringstream lines(text);
  std::string line;
  bool shot_log = false;
  while (std::getline(lines, line)) {
    const auto words = detail::split_words(line);
    if (words.empty()) continue;
    shot_log = detail::looks_like_cell(words[0].text);
    break;
  }
  std::istringstream again(text);
  return shot_log ? read_shot_log(again, rules, name) : read_board_picture(again, rules, name);
}

// The observation in `path` (picture or shot log; "-" reads standard input);
// empty when `path` is empty.
inline observation<dynamic_rules::board_type> read_board_file(const std::string& path, const dynamic_rules& rules) {
  if (path.empty()) return observation<dynamic_rules::board_type>(rules);
  if (path == "-") return read_board(std::cin, rules, "<stdin>");
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open board file '" + path + "'");
  return read_board(in, rules, path);
}

// The counters the tool can use: the exact counter and the two brute-force
// enumerators it is checked against.
[[nodiscard]] inline std::vector<std::string> count_methods() { return {"exact", "bitset", "recursive"}; }
[[nodiscard]] inline std::string default_count_method() { return count_methods().front(); }

// Counts the layouts agreeing with `obs` (and the occupancy if asked).
// Throws inconsistent_observation when shots were fired and no layout agrees
// with them; an empty board on which the fleet cannot be placed counts 0.
// With edge_weight other than 1, weighted sums under edge_prior (a ship
// touching the border weighs edge_weight), which only the exact counter takes.
[[nodiscard]] inline count_result count_layouts(const dynamic_rules& rules,
                                                const observation<dynamic_rules::board_type>& obs, bool with_occupancy,
                                                const std::string& method, std::uint64_t edge_weight = 1) {
  const auto run = [&]() -> count_result {
    if (edge_weight != 1) {
      if (method != "exact")
        throw std::invalid_argument("--edge-weight needs --method exact (the enumerators count without weights)");
      return exact_counter<dynamic_rules>(rules).count(obs, edge_prior{rules, edge_weight}, with_occupancy);
    }
    if (method == "bitset") return enumerate_bitset(rules, obs, with_occupancy);
    if (method == "recursive") return enumerate_recursive(rules, obs, with_occupancy);
    if (method == "exact") return exact_count(rules, obs, with_occupancy);
    throw std::invalid_argument("unknown counting method '" + method + "' (exact, bitset or recursive)");
  };
  count_result r;
  try {
    r = run();
  } catch (const inconsistent_observation&) {
    if (obs.shot_count() > 0) throw;
    r = count_result{};  // the fleet cannot be placed at all: zero layouts
  }
  if (r.labelled == 0 && obs.shot_count() > 0) throw inconsistent_observation();
  if (with_occupancy && r.occupancy.empty())
    r.occupancy.assign(static_cast<std::size_t>(rules.geometry().cell_count()), 0);
  return r;
}

// "10x10, ships 5,4,3,3,2, rule touching, feedback hit-miss".
[[nodiscard]] inline std::string describe(const dynamic_rules& rules) {
  std::string s = std::to_string(rules.grid.width()) + "x" + std::to_string(rules.grid.height()) + ", ships ";
  for (int i = 0; i < rules.ship_count(); ++i) s += (i ? "," : "") + std::to_string(rules.ship_length(i));
  s += ", rule " + std::string(to_string(rules.contact()));
  s += rules.announces_sunk() ? ", feedback sunk" : ", feedback hit-miss";
  return s;
}

// "1 shot", "4 shots".
[[nodiscard]] inline std::string shots_seen(int n) { return std::to_string(n) + (n == 1 ? " shot" : " shots"); }

// The JSON fields every counting subcommand starts with: grid, fleet, rule,
// feedback and the number of shots seen.
inline nlohmann::ordered_json rules_json(const dynamic_rules& rules,
                                         const observation<dynamic_rules::board_type>& obs) {
  nlohmann::ordered_json out;
  out["grid"] = {{"width", rules.grid.width()}, {"height", rules.grid.height()}};
  out["fleet"] = nlohmann::ordered_json::array();
  for (int i = 0; i < rules.ship_count(); ++i)
    out["fleet"].push_back({{"name", std::string(rules.fleet.name(i))}, {"length", rules.ship_length(i)}});
  out["rule"] = std::string(to_string(rules.contact()));
  out["feedback"] = rules.announces_sunk() ? "sunk" : "hit-miss";
  out["shots"] = obs.shot_count();
  return out;
}

}  // namespace battleship::cli
