// Fuzz target: decision_cache::load (strategy/memoized.hpp), the reader of
// opening books that a game ships and loads at start-up, on arbitrary text.
//
// What must hold, for every input:
// - load() accepts the text or throws std::invalid_argument (a malformed
//   line), never anything else and never undefined behaviour;
// - what it accepted saves and loads back to the same book: the same
//   number of positions and stamp, and save() gives the same lines again;
// - every position it kept lists its sunk announcements by ship, each ship
//   once, which is how find() keys an observation.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/solver.hpp>
#include <battleship/strategy/memoized.hpp>

namespace {

using cache = battleship::decision_cache<battleship::dynamic_rules::board_type>;

void check(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz_decision_cache: %s\n", what);
  std::abort();
}

// save()'s text as sorted lines (it writes them in no particular order).
std::vector<std::string> sorted_lines(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  std::sort(lines.begin(), lines.end());
  return lines;
}
// A saved position lists its sunk announcements by ship, each ship once, as
// find() keys them; a book that loaded another order would never answer.
bool announcements_by_ship(const std::string& text) {
  std::istringstream in(text);
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    if (line.starts_with("game ") || line.starts_with("policy ")) continue;  // a stamped book's header
    std::istringstream fields(line);
    std::string hits, misses, sunk;
    fields >> hits >> misses >> sunk;
    if (sunk == "-") continue;
    std::istringstream events(sunk);
    int last = -1;
    for (std::string event; std::getline(events, event, ';');) {
      const int ship = std::stoi(event.substr(0, event.find(':')));
      if (ship <= last) return false;
      last = ship;
    }
  }
  return true;
}
std::string saved(const cache& c) {
  std::ostringstream out;
  c.save(out);
  return out.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  cache book;
  try {
    std::istringstream in(text);
    book.load(in);
  } catch (const std::invalid_argument&) {
    // Refused with a message; the lines before the bad one stay loaded.
  }
  const std::string first = saved(book);
  check(announcements_by_ship(first), "a loaded position keeps its announcements out of ship order");
  cache again;
  std::istringstream in(first);
  again.load(in);  // must not throw: save() writes only what load() reads
  check(again.size() == book.size(), "a saved book loads back with another number of positions");
  check(again.stamp() == book.stamp(), "a saved book loads back with another stamp");
  check(sorted_lines(saved(again)) == sorted_lines(first), "a saved book loads back to other lines");
  return 0;
}
