#pragma once
// memoized<S>: a policy that remembers the shots another policy chose, keyed
// by what the attacker knew, in a decision_cache that threads can share.
//
// Every game of a deterministic policy starts from the same empty board, and
// the first shots are mostly misses, so the first ten or so positions repeat
// from game to game. For exact-posterior play those are also the expensive
// ones (on DataGenetics rules the first shot costs a whole exact matrix,
// some 30-70 ms, a shot after 20 others a few ms; docs/guide.md):
// an "opening book" filled as games are played makes a simulation of 10,000
// games an order of magnitude cheaper, and an embedded AI can ship a book
// filled in advance (save() / load()). The choices are the wrapped policy's
// own, so the games are identical with or without the cache.
//
// The wrapped policy must be a pure function of the observation's hits,
// misses and sunk announcements (the ship, the cell and the hits at that
// time): no state kept between shots (a policy with on_result is rejected
// at compile time) and no random tie-breaking (a policy is_deterministic()
// says is randomised is refused when memoized is built). density_greedy with
// tie_break::lowest_cell over exact_density qualifies; hunt/target (keeps a
// stack) and Monte Carlo models (draw samples) do not.
//
// A cache belongs to one policy on one game: its key is only what was seen,
// so policies for two games (two dynamic_rules of different grids, say) or
// two different policies must not share one. A cache made with the rules and
// a name for the policy is stamped with both: its saved book carries the
// stamp, load() refuses a book stamped for another game or policy, and
// memoized refuses a policy whose rules() are another game's. An unstamped
// cache checks none of this; there, an answer the game cannot shoot (off its
// grid, or already shot) throws std::logic_error, and other mixes go
// unnoticed.
//
// Only positions with at most max_shots shots are cached: deeper positions
// rarely repeat (a loaded book's deeper positions are kept, never asked for,
// and saved again). The cache is safe to use from many threads at once; two
// threads meeting the same new position both compute it, and the first
// answer stays (they are equal).

#include <algorithm>
#include <atomic>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <istream>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <shared_mutex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

// What a book was filled for: the game, as rules_label() names it ("10x10
// 5,4,3,3,2 touching hit-miss"), and the policy, by a name its user chose
// ("exact-greedy"). Both empty: unstamped.
struct book_stamp {
  std::string game;
  std::string policy;
  [[nodiscard]] bool empty() const noexcept { return game.empty() && policy.empty(); }
  [[nodiscard]] std::string describe() const {
    return empty() ? std::string("no stamp") : "game " + game + ", policy " + policy;
  }
  friend bool operator==(const book_stamp&, const book_stamp&) = default;
};

template <class Board>
class decision_cache {
 public:
  // An unstamped cache: it takes any book, and anything it is given.
  explicit decision_cache(int max_shots = 24) : max_shots_(max_shots) {
    if (max_shots < 0) throw std::invalid_argument("decision_cache: max_shots cannot be negative");
  }
  // A cache stamped for `policy` on the game of `rules`. The name must be
  // one line of printable text without leading or trailing blanks, since the
  // saved book stores it as a line.
  template <Ruleset R>
  decision_cache(const R& rules, std::string policy, int max_shots = 24) : decision_cache(max_shots) {
    static_assert(std::same_as<typename R::board_type, Board>,
                  "decision_cache: the rules must be for the cache's board type");
    if (!printable_line(policy))
      throw std::invalid_argument("decision_cache: the policy's name must be one line of printable text");
    // save() writes it as the line "policy <name>", which load() must read.
    if (policy.size() > static_cast<std::size_t>(line_reader::longest_line) - std::string_view("policy ").size())
      throw std::invalid_argument("decision_cache: the policy's name must be shorter than a book's line (1 MiB)");
    stamp_ = {rules_label(rules), std::move(policy)};
    limits_ = game_limits::of(stamp_.game);
  }

  [[nodiscard]] int max_shots() const noexcept { return max_shots_; }
  // The stamp (empty for an unstamped cache until it loads a stamped book).
  [[nodiscard]] book_stamp stamp() const {
    std::shared_lock lock(mutex_);
    return stamp_;
  }
  // How many times the stamp has changed since the cache was made: an empty
  // unstamped cache takes a loaded book's stamp (and gives it back if the
  // book is then refused). memoized checks its policy again when it moves.
  [[nodiscard]] std::uint64_t stamp_changes() const noexcept { return stamp_changes_.load(std::memory_order_acquire); }
  // Whether this cache may answer for a game of `rules`: unstamped, or
  // stamped for that game.
  template <Ruleset R>
  [[nodiscard]] bool serves(const R& rules) const {
    std::shared_lock lock(mutex_);
    return stamp_.empty() || stamp_.game == rules_label(rules);
  }
  [[nodiscard]] bool covers(const observation<Board>& seen) const noexcept { return seen.shot_count() <= max_shots_; }

  [[nodiscard]] std::optional<int> find(const observation<Board>& seen) const {
    const key k = key_of(seen);
    std::shared_lock lock(mutex_);
    const auto it = table_.find(k);
    if (it == table_.end()) {
      ++misses_;
      return std::nullopt;
    }
    ++hits_;
    return it->second;
  }
  // Records `cell` as the choice at `seen` (no-op beyond max_shots, after
  // the checks). Throws std::invalid_argument for a cell the position cannot
  // shoot (off its grid, or already shot), and, in a stamped cache, for a position off the
  // stamp's game (a cell off its grid, a ship past its fleet, a sinking under
  // hit/miss feedback): save() would write it, and load() refuse the whole
  // book at it.
  void insert(const observation<Board>& seen, int cell) { (void)insert(seen, cell, stamp_changes()); }
  // The same, only if the stamp has not changed since stamp_changes() gave
  // `stamp_changes`: a choice worked out for one stamp (while another thread
  // loaded another game's book into this empty cache, say) is not filed
  // under the next. False when it was dropped.
  bool insert(const observation<Board>& seen, int cell, std::uint64_t stamp_changes) {
    if (cell < 0 || cell >= seen.cell_count() || seen.shots().test(static_cast<std::size_t>(cell)))
      throw std::invalid_argument("decision_cache: cell " + std::to_string(cell) +
                                  " cannot be the answer at this position (off its grid, or already shot)");
    if (!covers(seen)) return false;
    key k = key_of(seen);
    std::unique_lock lock(mutex_);
    if (stamp_changes_.load(std::memory_order_relaxed) != stamp_changes) return false;
    if (const char* off = limits_.refuses(seen, cell))
      throw std::invalid_argument("decision_cache: the position is not one of the stamp's game (" + stamp_.game +
                                  "): " + off);
    table_.try_emplace(std::move(k), cell);
    return true;
  }

  [[nodiscard]] std::size_t size() const {
    std::shared_lock lock(mutex_);
    return table_.size();
  }
  // Lookups answered from the cache, and lookups that were not.
  [[nodiscard]] std::uint64_t hits() const noexcept { return hits_.load(); }
  [[nodiscard]] std::uint64_t misses() const noexcept { return misses_.load(); }
  void clear() {
    std::unique_lock lock(mutex_);
    table_.clear();
  }

  // A book filled by one run (or offline) can be written out and read back,
  // e.g. shipped with a game. Text: a header, then one position per line
  //   hits misses sunk -> cell
  // where hits and misses are cell lists ("3,17" or "-") and sunk is "-" or
  // ship:cell:hits-then entries joined by ';' ("0:12:11,12"). Entries are
  // written in no particular order; load() adds to what is there and throws
  // std::invalid_argument on a malformed line, naming what is wrong with it
  // (nothing of that line is kept; a line longer than 1 MiB, such as
  // /dev/zero's, is malformed), and std::runtime_error when the stream fails
  // before its end (a read error, not a short book; a stream whose
  // exceptions() include badbit throws its own exception instead).
  // A line is malformed if it cannot be a position and its answer: a cell
  // both hit and missed, a ship sunk twice or numbered past the 16 a fleet
  // can hold, an announcement whose cell or hits are not among the hits, or
  // an answer already shot. Announcements may come in any order. A stamped
  // book names its game: when it names it as rules_label() does (every
  // stamp a cache made with rules writes), its cells are checked against
  // that game's grid, its ships against its fleet, and a sinking is refused
  // under hit/miss feedback, and a game no ruleset on the board type can be
  // is refused before any line. An unstamped book (or one stamped by hand
  // otherwise) is checked against the board type's capacity only: a cell
  // off a smaller grid loads and never matches.
  //
  // The header is "battleship-decision-cache 1" for an unstamped cache, and
  // for a stamped one "battleship-decision-cache 2" followed by the lines
  // "game <game>" and "policy <policy>". load() checks the book's stamp
  // before it reads a position: a stamped cache takes only a book with its
  // own stamp; an unstamped cache takes an unstamped book, and a stamped one
  // only while it holds nothing, taking its stamp.
  void save(std::ostream& out) const {
    std::shared_lock lock(mutex_);
    if (stamp_.empty())
      out << "battleship-decision-cache 1\n";
    else
      out << "battleship-decision-cache 2\ngame " << stamp_.game << "\npolicy " << stamp_.policy << '\n';
    for (const auto& [k, cell] : table_) {
      out << cells_text(k.hits) << ' ' << cells_text(k.misses) << ' ';
      if (k.sunk.empty()) out << '-';
      for (std::size_t e = 0; e < k.sunk.size(); ++e)
        out << (e ? ";" : "") << k.sunk[e].first << ':' << k.sunk[e].second << ':' << cells_text(k.sunk_hits[e]);
      out << " -> " << cell << '\n';
    }
  }
  //
  // Lines may end in CRLF. A stamped book refused at a malformed line leaves
  // an unstamped cache that took its stamp as it was: empty and unstamped.
  void load(std::istream& stream) {
    line_reader in(stream);
    std::string line;
    if (!in.read(line, 1) || (line != "battleship-decision-cache 1" && line != "battleship-decision-cache 2"))
      throw std::invalid_argument("decision_cache: not a saved cache (bad first line)");
    in.require_newline(1);
    int number = 2;
    book_stamp theirs;
    if (line.back() == '2') {
      theirs.game = stamp_line(in, "game ", number++);
      theirs.policy = stamp_line(in, "policy ", number++);
    }
    const game_limits game = game_limits::of(theirs.game);  // before the stamp is taken
    const bool took_stamp = take_stamp(theirs);
    try {
      read_positions(in, number, game);  // after take_stamp, the cache's
    } catch (...) {
      if (took_stamp) {
        std::unique_lock lock(mutex_);
        table_.clear();
        set_stamp({});
      }
      throw;
    }
  }

 private:
  // A book's lines: getline without a CR before the newline, of at most
  // longest_line bytes (a position on 256 cells with 16 sinkings takes under
  // 20 KiB), so that a file of one endless line (a device such as /dev/zero,
  // a binary file) is refused before it takes the memory. The end of the
  // stream ends the book (also when the stream's exceptions() would report it
  // as a failure); a read error (badbit) is thrown, not taken for the end,
  // which would load part of the book without a word. The buffer is not
  // zeroed (new char[]: make_unique zeroes it, and older libc++ lacks
  // make_unique_for_overwrite): a short book touches its first page only.
  class line_reader {
   public:
    static constexpr std::streamsize longest_line = std::streamsize{1} << 20;

    explicit line_reader(std::istream& in) : in_(in), buffer_(new char[static_cast<std::size_t>(longest_line) + 2]) {}

    // Line `number` into `line`; false at the end of the stream (or for a
    // stream that had failed before).
    bool read(std::string& line, int number) {
      // One byte more than longest_line is read, for the CR of a CRLF line.
      try {
        in_.getline(buffer_.get(), longest_line + 2);
      } catch (const std::ios_base::failure&) {
        // thrown for the state below, as the stream's exceptions() asked
      }
      if (in_.bad()) read_error();
      const std::streamsize got = in_.gcount();
      if (in_.eof()) {  // the stream's end: a line without its newline, or none
        if (got == 0) return false;
        line.assign(buffer_.get(), static_cast<std::size_t>(got));
      } else if (in_.fail()) {  // longest_line + 1 bytes and no newline yet
        if (got != longest_line + 1) return false;
        too_long(number);
      } else {
        line.assign(buffer_.get(), static_cast<std::size_t>(got - 1));  // less the newline
      }
      if (!line.empty() && line.back() == '\r') line.pop_back();
      if (line.size() > static_cast<std::size_t>(longest_line)) too_long(number);
      return true;
    }
    [[noreturn]] static void too_long(int number) {
      throw std::invalid_argument("decision_cache: line " + std::to_string(number) + " is longer than " +
                                  std::to_string(longest_line >> 20) + " MiB: not a book");
    }
    // Every line ends with its newline, as save() writes it: a line cut short
    // (an answer "-> 12" cut to "-> 1", a policy's name) is refused. (A book
    // cut between two lines cannot be told from a shorter one.)
    void require_newline(int number) const {
      if (in_.eof())
        throw std::invalid_argument("decision_cache: line " + std::to_string(number) +
                                    " has no newline at its end: the book was not written whole");
    }

   private:
    std::istream& in_;
    std::unique_ptr<char[]> buffer_;
  };

  // What a book's lines may hold, by its stamp's game: a game named as
  // rules_label() names one (read_rules_label) allows that game's grid,
  // fleet and feedback, and one no ruleset on this board type can be is
  // refused; a game named otherwise (a hand-made stamp) allows what the
  // board type holds.
  struct game_limits {
    int cells = capacity;
    int ships = max_ships;
    bool sinkings = true;
    std::string grid = "board";

    [[nodiscard]] static game_limits of(const std::string& game) {
      const auto parts = read_rules_label(game);
      if (!parts) return {};
      try {  // the library's own limits on grids and fleets
        (void)dynamic_grid<Board::capacity>(parts->width, parts->height);
        (void)dynamic_fleet(parts->lengths);
      } catch (const std::invalid_argument& e) {
        throw std::invalid_argument("decision_cache: the book's game (" + game +
                                    ") cannot be played on this board type, which holds " + std::to_string(capacity) +
                                    " cells: " + e.what());
      }
      return {parts->width * parts->height, static_cast<int>(parts->lengths.size()), parts->sunk,
              std::to_string(parts->width) + "x" + std::to_string(parts->height) + " grid"};
    }
    // Why a position of `seen` answered by `cell` is not one of this game's,
    // or nullptr.
    [[nodiscard]] const char* refuses(const observation<Board>& seen, int cell) const {
      if (cell >= cells || !seen.shots().subset_of(Board::first_n(static_cast<std::size_t>(cells))))
        return "a cell off its grid";
      for (const auto& e : seen.sunk_events())
        if (e.ship >= ships) return "a ship past its fleet";
      if (!sinkings && !seen.sunk_events().empty()) return "a sinking under hit/miss feedback";
      return nullptr;
    }
  };

  // Adds the positions from line `number` on; throws at the first malformed
  // one, keeping those before it.
  void read_positions(line_reader& in, int number, const game_limits& game) {
    std::string line;
    for (; in.read(line, number); ++number) {
      if (line.empty()) continue;
      std::istringstream fields(line);
      std::string hits, misses, sunk, arrow;
      int cell = -1;
      if (!(fields >> hits >> misses >> sunk >> arrow >> cell) || arrow != "->")
        bad_line(number, "not a position: hits misses sunk -> cell");
      if (cell < 0 || cell >= capacity) bad_line(number, "the answer " + std::to_string(cell) + off_board());
      // Nothing after the answer, and the line ended by its newline, as
      // save() writes every line: a book cut short in its last answer
      // ("-> 12" cut to "-> 1") would otherwise answer another cell.
      if (!(fields >> std::ws).eof()) bad_line(number, "text after the answer");
      in.require_newline(number);
      const Board hit = parse_cells(hits, number), missed = parse_cells(misses, number);
      // A line must be a position a game reaches, and its answer a cell not
      // yet shot: find() could never match anything else.
      if (hit.intersects(missed)) bad_line(number, "a cell both hit and missed");
      if ((hit | missed).test(static_cast<std::size_t>(cell))) bad_line(number, "the answer was already shot");
      std::vector<sunk_event> sinkings;
      if (sunk != "-") {
        std::istringstream events(sunk);
        std::string event;
        while (std::getline(events, event, ';')) {
          const auto a = event.find(':'), b = event.find(':', a == std::string::npos ? a : a + 1);
          if (a == std::string::npos || b == std::string::npos)
            bad_line(number, "a sinking that is not ship:cell:hits");
          const sunk_event e{parse_int(event.substr(0, a), number), parse_int(event.substr(a + 1, b - a - 1), number),
                             parse_cells(event.substr(b + 1), number)};
          if (e.ship >= max_ships)
            bad_line(number,
                     "ship " + std::to_string(e.ship) + " past the " + std::to_string(max_ships) + " a fleet can hold");
          if (e.cell >= capacity) bad_line(number, "a sinking at " + std::to_string(e.cell) + off_board());
          if (!e.hits_then.test(static_cast<std::size_t>(e.cell)))
            bad_line(number, "a sinking whose cell is not among its hits");
          if (!e.hits_then.subset_of(hit)) bad_line(number, "a sinking whose hits are not among the position's hits");
          sinkings.push_back(e);
        }
      }
      // Within the book's game (the hits bound the sinkings' cells).
      if (cell >= game.cells || !(hit | missed).subset_of(Board::first_n(static_cast<std::size_t>(game.cells))))
        off_game(number, "a cell off the " + game.grid);
      for (const auto& e : sinkings)
        if (e.ship >= game.ships) off_game(number, "ship " + std::to_string(e.ship) + " past its fleet");
      if (!sinkings.empty() && !game.sinkings) off_game(number, "a sinking under hit/miss feedback");
      key k = make_key(hit, missed, std::move(sinkings));  // by ship, as key_of() orders them
      for (std::size_t e = 1; e < k.sunk.size(); ++e)
        if (k.sunk[e].first == k.sunk[e - 1].first)
          bad_line(number, "ship " + std::to_string(k.sunk[e].first) + " sunk twice");
      std::unique_lock lock(mutex_);
      table_.try_emplace(std::move(k), cell);
    }
  }

  [[noreturn]] static void read_error() {
    throw std::runtime_error("decision_cache: the book could not be read (a read error before its end)");
  }

  // Everything a pure policy may depend on: which cells were hit and missed,
  // and each sunk announcement with the hits known when it was made.
  struct key {
    Board hits, misses;
    std::vector<std::pair<int, int>> sunk;  // (ship, cell), sorted by ship
    std::vector<Board> sunk_hits;           // hits when each of them sank, same order
    friend bool operator==(const key&, const key&) = default;
  };
  struct key_hash {
    std::size_t operator()(const key& k) const noexcept {
      std::uint64_t h = k.hits.hash() * std::uint64_t{0x9e3779b97f4a7c15} ^ k.misses.hash();
      for (const auto& [ship, cell] : k.sunk)
        h = (h ^ (static_cast<std::uint64_t>(ship) << 10 | static_cast<std::uint64_t>(cell))) *
            std::uint64_t{0xbf58476d1ce4e5b9};
      return static_cast<std::size_t>(h ^ (h >> 31));
    }
  };
  using sunk_event = typename observation<Board>::sunk_event;
  static constexpr int capacity = static_cast<int>(Board::capacity);

  [[nodiscard]] static std::string cells_text(const Board& b) {
    std::string t;
    b.for_each([&](std::size_t c) { t += (t.empty() ? "" : ",") + std::to_string(c); });
    return t.empty() ? "-" : t;
  }
  [[noreturn]] static void bad_line(int number, const std::string& why) {
    throw std::invalid_argument("decision_cache: malformed line " + std::to_string(number) + ": " + why);
  }
  [[nodiscard]] static std::string off_board() {
    return " is off the board (cells 0 to " + std::to_string(capacity - 1) + ")";
  }
  // A field of the line as a message can show it: printable, and short.
  [[nodiscard]] static std::string quoted(const std::string& t) {
    std::string q = "\"";
    for (std::size_t i = 0; i < t.size() && i < 20; ++i) q += t[i] >= ' ' && t[i] <= '~' ? t[i] : '?';
    return q + (t.size() > 20 ? "...\"" : "\"");
  }
  [[noreturn]] static void off_game(int number, const std::string& what) {
    throw std::invalid_argument("decision_cache: line " + std::to_string(number) +
                                " is not a position of the book's game: " + what);
  }

  [[nodiscard]] static bool printable_line(const std::string& t) {
    return !t.empty() && t.front() != ' ' && t.back() != ' ' &&
           std::all_of(t.begin(), t.end(), [](char c) { return c >= ' ' && c <= '~'; });
  }
  // A stamp's line: `prefix` then printable text.
  [[nodiscard]] static std::string stamp_line(line_reader& in, std::string_view prefix, int number) {
    std::string line;
    if (!in.read(line, number) || !line.starts_with(prefix) || !printable_line(line.substr(prefix.size())))
      bad_line(number, "expected \"" + std::string(prefix) + "\" and a name");
    // As a position's line: a book cut short in its policy line ("policy
    // exact-greedy" cut to "policy exact-gre") must not stamp the cache.
    in.require_newline(number);
    return line.substr(prefix.size());
  }
  // Checks a book's stamp against this cache's (see save()), taking it into
  // an empty unstamped cache; true when it took it.
  bool take_stamp(const book_stamp& theirs) {
    std::unique_lock lock(mutex_);
    if (theirs == stamp_) return false;
    if (!stamp_.empty())
      throw std::invalid_argument("decision_cache: the book has " + theirs.describe() + ", but this cache is for " +
                                  stamp_.describe() +
                                  (theirs.empty() ? " (load it into an unstamped cache to take it unchecked)" : ""));
    if (!table_.empty())
      throw std::invalid_argument("decision_cache: a book with " + theirs.describe() +
                                  " cannot join an unstamped cache that already holds positions");
    set_stamp(theirs);
    return true;
  }
  // Every change of the stamp after construction goes through here (under
  // the unique lock), so that stamp_changes() counts them all.
  void set_stamp(book_stamp stamp) {
    game_limits limits = game_limits::of(stamp.game);  // may throw: nothing changed then
    stamp_ = std::move(stamp);
    limits_ = std::move(limits);
    stamp_changes_.fetch_add(1, std::memory_order_release);
  }
  [[nodiscard]] static int parse_int(const std::string& t, int number) {
    if (t.empty() || t.size() > 9 || t.find_first_not_of("0123456789") != std::string::npos)
      bad_line(number, quoted(t) + " is not a number");
    return std::stoi(t);
  }
  [[nodiscard]] static Board parse_cells(const std::string& t, int number) {
    Board b{};
    if (t == "-") return b;
    std::istringstream items(t);
    std::string item;
    while (std::getline(items, item, ',')) {
      const int c = parse_int(item, number);
      if (c >= capacity) bad_line(number, "cell " + std::to_string(c) + off_board());
      b.set(static_cast<std::size_t>(c));
    }
    return b;
  }

  // The key of a position: its announcements sorted by ship, so that the
  // order in which ships sank (or a file listed them) does not matter.
  [[nodiscard]] static key make_key(const Board& hits, const Board& misses, std::vector<sunk_event> events) {
    key k{hits, misses, {}, {}};
    std::sort(events.begin(), events.end(), [](const auto& a, const auto& b) { return a.ship < b.ship; });
    for (const auto& e : events) {
      k.sunk.emplace_back(e.ship, e.cell);
      k.sunk_hits.push_back(e.hits_then);
    }
    return k;
  }
  [[nodiscard]] static key key_of(const observation<Board>& seen) {
    return make_key(seen.hits(), seen.misses(), seen.sunk_events());
  }

  int max_shots_;
  book_stamp stamp_;
  game_limits limits_;  // what stamp_'s game allows (set_stamp)
  mutable std::shared_mutex mutex_;
  std::unordered_map<key, int, key_hash> table_;
  mutable std::atomic<std::uint64_t> hits_{0}, misses_{0};
  std::atomic<std::uint64_t> stamp_changes_{0};
};

// A policy told outcomes (on_result) keeps state between shots: its choice is
// not a function of the observation, so it cannot be memoized. A member named
// on_result with another signature is refused too: the game loop refuses it
// at compile time when the policy plays bare, and memoized must not let it
// through.
template <class S>
concept MemoizablePolicy = Strategy<S> && !detail::observes_outcomes<S> && !detail::declares_on_result<S>;

template <MemoizablePolicy S>
class memoized {
 public:
  using board_type = typename S::board_type;
  using cache_type = decision_cache<board_type>;

  // A policy with rules() (density_greedy) is checked against a stamped
  // cache's game, here and again whenever the cache's stamp changes (an
  // empty unstamped cache that loads another game's book); other policies
  // are not. A randomised policy is refused: the cache would keep whichever
  // answers the first games drew.
  memoized(S policy, std::shared_ptr<cache_type> cache) : policy_(std::move(policy)), cache_(std::move(cache)) {
    if (!cache_) throw std::invalid_argument("memoized: no cache");
    detail::require_deterministic(policy_, "memoized");
    check_stamp();
  }

  [[nodiscard]] int next_shot(const observation<board_type>& seen) {
    const std::uint64_t stamp_seen = cache_->stamp_changes();
    check_stamp_if_changed();
    if (!cache_->covers(seen)) return detail::chosen_cell(policy_, seen, "memoized");
    if (const auto cell = cache_->find(seen)) {
      // A book loaded since the check may be another game's: the policy is
      // checked against it before its answer is taken.
      check_stamp_if_changed();
      // The key is only what was seen, so a cache shared with another game
      // (or policy) can answer with a cell this game cannot shoot.
      if (!detail::shootable(seen, *cell))
        throw std::logic_error("memoized: the cache answered cell " + std::to_string(*cell) +
                               ", which this game cannot shoot: is it another game's or policy's cache? (a "
                               "stamped cache would tell)");
      return *cell;
    }
    const int cell = detail::chosen_cell(policy_, seen, "memoized");
    // A cell this game cannot shoot is the policy's bug, refused by the game
    // loop; kept, it would come back in every later game.
    if (detail::shootable(seen, cell))
      (void)cache_->insert(seen, cell, stamp_seen);  // not under a stamp that came meanwhile
    return cell;
  }
  void new_game() { start_new_game(policy_); }
  void seed(std::uint64_t s) { seed_strategy(policy_, s); }
  // Whether its policy is (the constructor refused one that was not, but
  // policy() can replace it since); said here, as seed() would otherwise
  // make it look randomised.
  [[nodiscard]] bool deterministic() const { return battleship::is_deterministic(policy_); }
  // A stamped cache for the game of `rules`, and a policy made for it (when
  // the policy says).
  template <Ruleset R>
  requires std::same_as<typename R::board_type, board_type>
  [[nodiscard]] bool built_for(const R& rules) const {
    // As detail::require_built_for says of a strategy played bare: a policy
    // whose built_for cannot take these rules was made for another ruleset
    // type, and wrapping it must not let it be played on trust.
    static_assert(detail::says_what_it_was_built_for<S, R> || !detail::declares_built_for<S>,
                  "memoized: the policy's built_for cannot take these rules: either the policy was made for another "
                  "ruleset type (row_scan<R2> played under R), or built_for is not callable as "
                  "bool built_for(const R& rules) const");
    if (!cache_->serves(rules)) return false;
    if constexpr (detail::says_what_it_was_built_for<S, R>) return policy_.built_for(rules);
    return true;
  }

  [[nodiscard]] S& policy() noexcept { return policy_; }
  [[nodiscard]] const std::shared_ptr<cache_type>& cache() const noexcept { return cache_; }

 private:
  // Checks the policy again if the cache's stamp changed since it was last checked.
  void check_stamp_if_changed() {
    if constexpr (detail::reports_rules<S>)
      if (cache_->stamp_changes() != stamp_checked_) check_stamp();
  }
  void check_stamp() {
    if constexpr (detail::reports_rules<S>) {
      const std::uint64_t changes = cache_->stamp_changes();
      if (!cache_->serves(policy_.rules()))
        throw std::invalid_argument("memoized: the cache is for " + cache_->stamp().describe() + ", not game " +
                                    rules_label(policy_.rules()));
      stamp_checked_ = changes;
    }
  }

  S policy_;
  std::shared_ptr<cache_type> cache_;
  std::uint64_t stamp_checked_ = 0;  // the cache's stamp_changes() when the policy was last checked
};

}  // namespace battleship
