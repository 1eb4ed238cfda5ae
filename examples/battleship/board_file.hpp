#pragma once
// The board files the `battleship` tool reads (docs/board-format.md): a
// board picture or a shot log, told apart by their first significant line
// (the shot log's reader and writer are the library's, core/shot_log.hpp);
// and the picture's writer, which the fuzz targets and their seeds use.
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
    const auto words = battleship::detail::words_of_log_line(line);
    if (words.empty()) continue;
    shot_log = std::any_of(words.begin(), words.end(), [](const battleship::detail::log_word& w) {
      return std::any_of(w.text.begin(), w.text.end(), [](char c) { return c >= '0' && c <= '9'; });
    });
    break;
  }
  if (shot_log) {
    try {
      return read_shot_log(rules, text, name);  // the library's reader
    } catch (const std::invalid_argument& e) {
      // The library names the feedback; the tool's user sets it with a flag.
      std::string why = e.what();
      constexpr std::string_view library_words = "needs sunk feedback (hit/miss/sunk)";
      if (why.ends_with(library_words))
        throw std::invalid_argument(
            why.replace(why.size() - library_words.size(), library_words.size(), "needs --feedback sunk"));
      throw;
    }
  }
  if (rules.announces_sunk())
    board_hint() =
        "the board is a picture, which cannot announce a sinking: if a ship it shows whole was sunk, give a shot "
        "log, see docs/board-format.md";
  std::istringstream again(text);
  return read_board_picture(again, rules, name);
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
