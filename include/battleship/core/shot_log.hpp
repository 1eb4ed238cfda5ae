#pragma once
// A game's observation as text and back: the shot log of docs/board-format.md,
// one shot per line in the order fired,
//   B5 hit
//   A1 miss
//   C5 sunk Destroyer      (or "C5 sunk 5": the ship's 1-based number)
// Words are case-insensitive; '#' starts a comment; blank lines are ignored;
// lines may end in CRLF. It is how a game in progress is saved (the
// observation is all the attacker knows) and what the battleship tool reads
// with --board.

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <battleship/core/feedback.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/detail/printable.hpp>

namespace battleship {

// How write_shot_log names a sunk ship.
enum class sunk_ship_as : unsigned char {
  name,    // "C5 sunk Destroyer", where the name reads back as that ship; else as number
  number,  // "C5 sunk 5"
};

namespace detail {
struct log_word {
  std::string_view text;
  std::size_t column;  // 1-based
};
// The whitespace-separated words of `line` before a '#'.
[[nodiscard]] inline std::vector<log_word> words_of_log_line(std::string_view line) {
  std::vector<log_word> out;
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
// The ship a log's word names, as read_shot_log reads it: a ship's name
// first (find_ship), else a 1-based number, leading zeros ignored; -1 for
// none.
template <ShipSet S>
[[nodiscard]] int ship_in_log(const S& fleet, std::string_view word) {
  int index = find_ship(fleet, word);
  if (index < 0 && !word.empty() && word.find_first_not_of("0123456789") == std::string_view::npos) {
    // Leading zeros are ignored ("001" is ship 1); a number of more than
    // three digits names no ship of a fleet of at most 16.
    const std::string_view digits = word.substr(std::min(word.find_first_not_of('0'), word.size() - 1));
    if (digits.size() <= 3) {
      index = 0;
      for (const char c : digits) index = index * 10 + (c - '0');
      --index;
    }
  }
  return index < static_cast<int>(fleet.ship_count()) ? index : -1;
}
// Ship `i` by name in a log when the name reads back as that ship: one word,
// not a number, and no earlier ship answering to it (find_ship takes the
// first match).
template <ShipSet S>
[[nodiscard]] bool name_reads_back(const S& fleet, int i) {
  const auto& kept = fleet.name(i);  // a name returned by value lives to the end
  const std::string_view name = kept;
  return !name.empty() && name.find_first_of(" \t#\r\n") == std::string_view::npos &&
         name.find_first_not_of("0123456789") != std::string_view::npos && find_ship(fleet, name) == i;
}
// Ship `i` by number, with leading zeros while a ship named by digits
// ("1", "01") would take the plain number: at most 16 names can be in the way.
template <ShipSet S>
[[nodiscard]] std::string number_in_log(const S& fleet, int i) {
  std::string number = std::to_string(i + 1);
  while (ship_in_log(fleet, number) != i) number.insert(0, 1, '0');
  return number;
}
}  // namespace detail

// The observation as a shot log, in the order fired: what read_shot_log
// reads back into an equal observation.
template <Ruleset R>
[[nodiscard]] std::string write_shot_log(const R& rules, const observation<typename R::board_type>& seen,
                                         sunk_ship_as ship = sunk_ship_as::name) {
  const auto g = rules.geometry();
  std::string text;
  for (const auto& s : seen.log()) {
    text += g.cell_name(s.cell);
    if (s.result.kind == outcome::sunk) {
      text += " sunk ";
      if (ship == sunk_ship_as::name && detail::name_reads_back(rules.fleet, s.result.ship))
        text += std::string_view(rules.fleet.name(s.result.ship));
      else
        text += detail::number_in_log(rules.fleet, s.result.ship);
    } else {
      text += s.result.is_hit() ? " hit" : " miss";
    }
    text += '\n';
  }
  return text;
}

// Reads a shot log into the observation of `rules`' game. Throws
// std::invalid_argument naming `source`, the line and the column
// ("save.txt:3:4: ...") for a line that is not a shot, a cell off the grid,
// a ship the fleet does not have, a sunk announcement under hit/miss
// feedback, a cell shot twice and a ship sunk twice. A log that no layout
// agrees with as a whole (a Carrier sunk after two hits) is read: the
// counters and density models say so (inconsistent_observation).
template <Ruleset R>
[[nodiscard]] observation<typename R::board_type> read_shot_log(const R& rules, std::string_view text,
                                                                std::string_view source = "shot log") {
  using detail::quoted_word;
  const auto g = rules.geometry();
  observation<typename R::board_type> seen(rules);
  // A byte-order mark, which some editors write and no one sees, would be
  // quoted as part of the first cell ("'A1' is not a cell").
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  const std::string shown_source = detail::printable(source);  // a path may hold anything
  int line_no = 0;
  while (!text.empty()) {
    const std::size_t end = std::min(text.find('\n'), text.size());
    std::string_view line = text.substr(0, end);
    text.remove_prefix(std::min(end + 1, text.size()));
    ++line_no;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    const auto words = detail::words_of_log_line(line);
    if (words.empty()) continue;
    const auto at = [&](std::size_t column) {
      return shown_source + ":" + std::to_string(line_no) + ":" + std::to_string(column) + ": ";
    };
    // A missing word is placed just after the last one, not at the end of
    // the line, which may hold spaces and a comment.
    const auto after = [&](const detail::log_word& w) { return at(w.column + w.text.size()); };
    const auto cell = g.parse_cell(words[0].text);
    if (!cell) {
      // "A1: hit" or "A1,hit": a cell with punctuation after it is one
      // word, which the message would otherwise call only "not a cell".
      const std::string_view w = words[0].text;
      const auto cell_end = std::find_if(w.begin(), w.end(), [](char c) {
        return !(c >= '0' && c <= '9') && !(c >= 'a' && c <= 'z') && !(c >= 'A' && c <= 'Z');
      });
      const std::string_view cell_part = w.substr(0, static_cast<std::size_t>(cell_end - w.begin()));
      const std::string hint =
          !cell_part.empty() && cell_end != w.end() && g.parse_cell(cell_part)
              ? ": write the cell and what it was with spaces between, as in '" + std::string(cell_part) + " hit'"
              : " (rows A.., columns 1..)";
      throw std::invalid_argument(at(words[0].column) + quoted_word(w) + " is not a cell of the " +
                                  std::to_string(g.width()) + "x" + std::to_string(g.height()) + " grid" + hint);
    }
    if (words.size() < 2)
      throw std::invalid_argument(after(words[0]) + "expected hit, miss or sunk after " + std::string(words[0].text));
    const std::string_view what = words[1].text;
    shot_result result;
    std::size_t expected_words = 2;
    if (detail::equal_ignoring_case(what, "hit")) {
      result = shot_result::hit();
    } else if (detail::equal_ignoring_case(what, "miss")) {
      result = shot_result::miss();
    } else if (detail::equal_ignoring_case(what, "sunk")) {
      if (words.size() < 3)
        throw std::invalid_argument(after(words[1]) + "'sunk' needs the ship: its name or its 1-based index");
      const std::string_view ship = words[2].text;
      const int index = detail::ship_in_log(rules.fleet, ship);
      if (index < 0)
        throw std::invalid_argument(at(words[2].column) + "no ship " + quoted_word(ship) + " in the fleet (" +
                                    detail::fleet_names(rules.fleet) + ", or 1.." + std::to_string(rules.ship_count()) +
                                    ")");
      result = shot_result::sunk(index);
      expected_words = 3;
    } else {
      throw std::invalid_argument(at(words[1].column) + "expected hit, miss or sunk, found " + quoted_word(what));
    }
    if (words.size() > expected_words)
      throw std::invalid_argument(at(words[expected_words].column) + "unexpected " +
                                  quoted_word(words[expected_words].text));
    if (result.kind == outcome::sunk && !rules.announces_sunk())
      throw std::invalid_argument(at(words[1].column) + "a sunk announcement needs sunk feedback (hit/miss/sunk)");
    if (seen.shots().test(static_cast<std::size_t>(*cell)))
      throw std::invalid_argument(at(words[0].column) + std::string(words[0].text) + " was already shot");
    // Numbered from 1 as the log numbers ships (the library counts from 0).
    if (result.kind == outcome::sunk && seen.is_sunk(result.ship))
      throw std::invalid_argument(at(words[0].column) + "ship " + std::to_string(result.ship + 1) +
                                  " was already sunk");
    try {
      seen.record(*cell, result);
    } catch (const invalid_observation& e) {
      throw std::invalid_argument(at(words[0].column) + e.what());
    }
  }
  return seen;
}

}  // namespace battleship
