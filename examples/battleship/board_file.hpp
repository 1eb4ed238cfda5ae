#pragma once
// The board files the `battleship` tool reads (docs/board-format.md): a
// board picture or a shot log, told apart by their first significant line;
// and their writers, which the fuzz targets and their seeds use.
// Apart from the tool's options (common.hpp), so that a program can read them
// without CLI11's and nlohmann/json's headers, which take about 10 s of an
// -O3 compile: the fuzz targets (tests/fuzz) do.

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/solver.hpp>

#include "printable.hpp"

namespace battleship::cli {

// Reads a board picture: one line per row, '.' unknown, 'X' hit, '-' miss
// (also 'x', 'o' for miss, 'H', 'M'); '#' starts a comment anywhere on a
// line, as in a shot log, and blank lines are ignored; spaces between cells
// are allowed. Errors name the line and column.
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
    // A note after a row ("..X-  # the carrier?") is not cells: a shot log
    // allows it, so a picture does too. The error columns below stay right.
    if (const auto comment = line.find('#'); comment != std::string::npos) line.erase(comment);
    if (row >= g.height())
      throw std::invalid_argument(name + ":" + std::to_string(line_no) + ": more than " + std::to_string(g.height()) +
                                  " rows");
    // Cells are characters, not bytes: an accented letter typed for a cell
    // is one cell, and the error below quotes it whole.
    int cell_count = 0;
    for (std::size_t k = 0; k < line.size(); k += character_length_at(line, k))
      if (line[k] != ' ' && line[k] != '\t') ++cell_count;
    if (cell_count != g.width())
      throw std::invalid_argument(name + ":" + std::to_string(line_no) + ": expected " + std::to_string(g.width()) +
                                  " cells, found " + std::to_string(cell_count));
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
          // Every byte before this one is ASCII, so k + 1 is also its column in characters.
          throw std::invalid_argument(
              name + ":" + std::to_string(line_no) + ":" + std::to_string(k + 1) + ": unexpected character '" +
              printable(std::string_view(line).substr(k, character_length_at(line, k))) + "' (use . X -)");
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
    // A missing word is placed just after the last one, not at the end of the
    // line, which may hold spaces and a comment.
    const auto after = [&](const detail::token& t) { return detail::where(name, line_no, t.column + t.text.size()); };
    const auto cell = g.parse_cell(words[0].text);
    if (!cell) {
      // "A1: hit" or "A1,hit": a cell with punctuation after it is one
      // word, which the message would otherwise call only "not a cell".
      const std::string& w = words[0].text;
      const auto cell_end = std::find_if(w.begin(), w.end(), [](char c) {
        return !(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z');
      });
      const std::string cell_part(w.begin(), cell_end);
      const std::string hint =
          cell_end != w.begin() && cell_end != w.end() && g.parse_cell(cell_part)
              ? ": write the cell and what it was with spaces between, as in '" + cell_part + " hit'"
              : " (rows A.., columns 1..)";
      throw std::invalid_argument(at(words[0]) + quoted_word(w) + " is not a cell of the " + std::to_string(g.width()) +
                                  "x" + std::to_string(g.height()) + " grid" + hint);
    }
    if (words.size() < 2)
      throw std::invalid_argument(after(words[0]) + "expected hit, miss or sunk after " + words[0].text);
    const std::string what = detail::lower_case(words[1].text);
    shot_result result;
    std::size_t expected_words = 2;
    if (what == "hit") {
      result = shot_result::hit();
    } else if (what == "miss") {
      result = shot_result::miss();
    } else if (what == "sunk") {
      if (words.size() < 3)
        throw std::invalid_argument(after(words[1]) + "'sunk' needs the ship: its name or its 1-based index");
      const std::string& ship = words[2].text;
      int index = find_ship(rules.fleet, ship);
      if (index < 0 && !ship.empty() && ship.find_first_not_of("0123456789") == std::string::npos) {
        // Leading zeros are ignored, as in the tool's numbers ("001" and "0001" are ship 1).
        const std::string digits = ship.substr(std::min(ship.find_first_not_of('0'), ship.size() - 1));
        if (digits.size() <= 3) index = std::stoi(digits) - 1;
      }
      if (index < 0 || index >= rules.ship_count()) {
        std::string names;
        for (int i = 0; i < rules.ship_count(); ++i) names += (i ? ", " : "") + std::string(rules.fleet.name(i));
        throw std::invalid_argument(at(words[2]) + "no ship " + quoted_word(ship) + " in the fleet (" + names +
                                    ", or 1.." + std::to_string(rules.ship_count()) + ")");
      }
      result = shot_result::sunk(index);
      expected_words = 3;
    } else {
      throw std::invalid_argument(at(words[1]) + "expected hit, miss or sunk, found " + quoted_word(words[1].text));
    }
    if (words.size() > expected_words)
      throw std::invalid_argument(at(words[expected_words]) + "unexpected " + quoted_word(words[expected_words].text));
    if (result.kind == outcome::sunk && !rules.announces_sunk())
      throw std::invalid_argument(at(words[1]) + "a sunk announcement needs --feedback sunk");
    if (obs.shots().test(static_cast<std::size_t>(*cell)))
      throw std::invalid_argument(at(words[0]) + words[0].text + " was already shot");
    // Numbered from 1 as the log numbers ships (the library counts from 0).
    if (result.kind == outcome::sunk && obs.is_sunk(result.ship))
      throw std::invalid_argument(at(words[0]) + "ship " + std::to_string(result.ship + 1) + " was already sunk");
    try {
      obs.record(*cell, result);
    } catch (const invalid_observation& e) {
      throw std::invalid_argument(at(words[0]) + e.what());
    }
  }
  return obs;
}

// The observation as a shot log, in the order fired, with sunk ships named
// (`sunk_by_name`) or numbered from 1: what read_shot_log() reads back.
inline std::string write_shot_log(const dynamic_rules& rules, const observation<dynamic_rules::board_type>& obs,
                                  bool sunk_by_name) {
  std::string text;
  for (const auto& s : obs.log()) {
    text += rules.geometry().cell_name(s.cell);
    if (s.result.kind == outcome::sunk)
      text +=
          " sunk " + (sunk_by_name ? std::string(rules.fleet.name(s.result.ship)) : std::to_string(s.result.ship + 1));
    else
      text += s.result.is_hit() ? " hit" : " miss";
    text += '\n';
  }
  return text;
}

// The observation as a board picture ('X' hit, '-' miss, '.' unknown): what
// read_board_picture() reads back, less the order of the shots and any
// sunk announcement.
inline std::string write_board_picture(const dynamic_rules& rules, const observation<dynamic_rules::board_type>& obs) {
  const auto g = rules.geometry();
  std::string text;
  for (int row = 0; row < g.height(); ++row) {
    for (int col = 0; col < g.width(); ++col) {
      const auto c = static_cast<std::size_t>(g.cell(row, col));
      text += obs.hits().test(c) ? 'X' : obs.misses().test(c) ? '-' : '.';
    }
    text += '\n';
  }
  return text;
}

// What the tool adds to "no layout agrees with the observation" about the
// board it read: set when a picture is read under sunk feedback, since a
// picture cannot say which ships sank (a whole ship drawn hit, unannounced,
// agrees with no layout).
inline std::string& board_hint() {
  static std::string hint;
  return hint;
}

// Reads a board picture or a shot log, telling them apart by the first
// significant line: a shot log's names a cell, so it holds a digit ("B5 hit",
// or a mistyped "B5: hit" that the log reader then names), and a picture's
// never does. A file with none (empty, or comments only) is a shot log of no
// shots: a game's log before its first shot.
inline observation<dynamic_rules::board_type> read_board(std::istream& in, const dynamic_rules& rules,
                                                         const std::string& name) {
  // A board of 256 cells fits in a few kilobytes; a cap keeps /dev/zero or an
  // endless pipe from taking all memory.
  constexpr std::size_t most_bytes = std::size_t{16} << 20;
  std::string text;
  char chunk[65536];
  while (in.read(chunk, sizeof chunk) || in.gcount() > 0) {
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
    if (text.size() > most_bytes) throw std::invalid_argument(name + ": larger than 16 MiB, not a board");
  }
  // A stream that failed to read (standard input closed, or a directory) is
  // not an empty board.
  if (in.bad()) throw std::invalid_argument(name + ": cannot be read");
  // Editors on some systems start a UTF-8 file with a byte-order mark, which
  // no one sees; without it the first cell name would read as a picture row.
  if (text.starts_with("\xEF\xBB\xBF")) text.erase(0, 3);
  std::istringstream lines(text);
  std::string line;
  bool shot_log = true;  // no significant line: a log of no shots, nothing seen yet
  while (std::getline(lines, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();  // as both readers do
    const auto words = detail::split_words(line);
    if (words.empty()) continue;
    shot_log = std::any_of(words.begin(), words.end(), [](const detail::token& w) {
      return std::any_of(w.text.begin(), w.text.end(), [](char c) { return c >= '0' && c <= '9'; });
    });
    break;
  }
  std::istringstream again(text);
  if (!shot_log && rules.announces_sunk())
    board_hint() =
        "the board is a picture, which cannot announce a sinking: if a ship it shows whole was sunk, give a shot "
        "log, see docs/board-format.md";
  return shot_log ? read_shot_log(again, rules, name) : read_board_picture(again, rules, name);
}

// Throws when `path` names a directory, which opens but reads as nothing.
inline void refuse_directory(const std::string& path, const std::string& what) {
  if (std::error_code ec; std::filesystem::is_directory(path, ec))
    throw std::invalid_argument(what + " '" + printable(path) + "' is a directory");
}

// The observation in `path` (picture or shot log; "-" reads standard input);
// empty when `path` is empty.
inline observation<dynamic_rules::board_type> read_board_file(const std::string& path, const dynamic_rules& rules) {
  if (path.empty()) return observation<dynamic_rules::board_type>(rules);
  if (path == "-") {
    auto obs = read_board(std::cin, rules, "<stdin>");
    // std::cin reads through stdio, whose errors (standard input closed, or
    // a directory) look like the end of the file to the stream.
    if (std::ferror(stdin) != 0) throw std::invalid_argument("<stdin>: cannot be read");
    return obs;
  }
  refuse_directory(path, "board file");
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot open board file '" + printable(path) + "'");
  return read_board(in, rules, path);
}

}  // namespace battleship::cli
