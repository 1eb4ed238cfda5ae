// The shot log (core/shot_log.hpp): a game's observation written as text
// and read back, the way an embedded AI saves a game in progress.
#include <catch2/catch.hpp>

#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

#include <battleship/core/game.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/core/shot_log.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/strategy/density_greedy.hpp>

#include "random_games.hpp"

using namespace battleship;

namespace {

template <class Board>
void require_same_log(const observation<Board>& a, const observation<Board>& b) {
  REQUIRE(a.log().size() == b.log().size());
  for (std::size_t k = 0; k < a.log().size(); ++k) {
    CHECK(a.log()[k].cell == b.log()[k].cell);
    CHECK(a.log()[k].result == b.log()[k].result);
  }
  CHECK(a.hits() == b.hits());
  CHECK(a.misses() == b.misses());
}

// A fleet whose names cannot all be written as names: one with a space, one
// that is a number, and two alike (find_ship finds the first).
struct awkward_fleet {
  [[nodiscard]] int ship_count() const { return 5; }
  [[nodiscard]] int length(int i) const { return i == 0 ? 3 : 2; }
  [[nodiscard]] std::string_view name(int i) const {
    constexpr std::string_view names[] = {"Patrol Boat", "7", "Sub", "Sub", "Ketch"};
    return names[i];
  }
};

}  // namespace

TEST_CASE("shot log: random games under every rule and feedback read back as they were written", "[shot_log]") {
  std::mt19937_64 rng(2026);
  int games = 0, sinkings = 0;
  for (const adjacency rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact})
    for (const bool sunk : {false, true})
      for (int round = 0; round < 40; ++round) {
        const auto made = test_support::random_small_rules(rng, rule, sunk, 8, 4);
        if (!made) continue;  // a fleet these rules cannot place
        const dynamic_rules& rules = *made;
        const auto seen = test_support::random_game(rules, rng);
        for (const sunk_ship_as ship : {sunk_ship_as::name, sunk_ship_as::number}) {
          const std::string text = write_shot_log(rules, seen, ship);
          require_same_log(read_shot_log(rules, text, "save.txt"), seen);
        }
        sinkings += static_cast<int>(seen.sunk_events().size());
        ++games;
      }
  CHECK(games > 150);
  CHECK(sinkings > 50);  // the sunk branch was exercised
}

TEST_CASE("shot log: a compile-time ruleset's game, with the classic fleet's names", "[shot_log]") {
  const datagenetics_rules rules{};
  const layout hidden = {placement{0, 0, orientation::horizontal}, placement{2, 0, orientation::horizontal},
                         placement{4, 0, orientation::horizontal}, placement{6, 0, orientation::horizontal},
                         placement{8, 0, orientation::horizontal}};
  game<datagenetics_rules> play(rules, hidden);
  for (const char* cell : {"I1", "I2", "J5", "A1"}) (void)play.shoot(rules.geometry().cell_named(cell));
  CHECK(write_shot_log(rules, play.seen()) == "I1 hit\nI2 sunk Destroyer\nJ5 miss\nA1 hit\n");
  CHECK(write_shot_log(rules, play.seen(), sunk_ship_as::number) == "I1 hit\nI2 sunk 5\nJ5 miss\nA1 hit\n");
  require_same_log(read_shot_log(rules, write_shot_log(rules, play.seen())), play.seen());
}

TEST_CASE("shot log: names that would not read back as their ship are written as numbers", "[shot_log]") {
  using awkward_rules = ruleset<grid<5, 5>, awkward_fleet, touching_allowed, hit_miss_sunk>;
  const awkward_rules rules{};
  observation<awkward_rules::board_type> seen(rules);
  // Ships 0-4 sunk in turn on cells the log then names; each layout agrees.
  seen.record(0, shot_result::hit());
  seen.record(1, shot_result::hit());
  seen.record(2, shot_result::sunk(0));  // "Patrol Boat": two words
  seen.record(5, shot_result::hit());
  seen.record(6, shot_result::sunk(1));  // "7": reads back (names come before numbers), but not a name
  seen.record(10, shot_result::hit());
  seen.record(11, shot_result::sunk(2));  // "Sub": reads back as itself
  seen.record(15, shot_result::hit());
  seen.record(16, shot_result::sunk(3));  // "Sub" again: find_ship finds ship 2
  seen.record(20, shot_result::hit());
  seen.record(21, shot_result::sunk(4));  // "Ketch"
  const std::string text = write_shot_log(rules, seen);
  CHECK(
      text ==
      "A1 hit\nA2 hit\nA3 sunk 1\nB1 hit\nB2 sunk 2\nC1 hit\nC2 sunk Sub\nD1 hit\nD2 sunk 4\nE1 hit\nE2 sunk Ketch\n");
  require_same_log(read_shot_log(rules, text), seen);
  // Ships named by numbers that are other ships' numbers: ship 0, named "2",
  // is number 1, and "1" names ship 1, so it is written "01".
  const auto numbered = make_dynamic_rules(6, 6, {2, 3}, adjacency::touching, true, {"2", "1"});
  observation<dynamic_rules::board_type> crossed(numbered);
  crossed.record(0, shot_result::hit());
  crossed.record(1, shot_result::sunk(0));
  crossed.record(6, shot_result::hit());
  crossed.record(7, shot_result::hit());
  crossed.record(8, shot_result::sunk(1));
  for (const sunk_ship_as ship : {sunk_ship_as::name, sunk_ship_as::number}) {
    const std::string crossed_text = write_shot_log(numbered, crossed, ship);
    CHECK(crossed_text == "A1 hit\nA2 sunk 01\nB1 hit\nB2 hit\nB3 sunk 02\n");
    require_same_log(read_shot_log(numbered, crossed_text), crossed);
  }
}

TEST_CASE("shot log: a byte-order mark, comments, blank lines, CRLF, any case and leading zeros are read",
          "[shot_log]") {
  const auto rules = make_dynamic_rules(4, 4, {2, 1}, adjacency::touching, true);
  const auto seen = read_shot_log(
      rules, "\xEF\xBB\xBF# a saved game\r\n\r\n  b2 HIT   # the first hit\r\nB3 Sunk ship1\nc4 miss\nD1 sunk 002",
      "save.txt");
  REQUIRE(seen.log().size() == 4);
  CHECK(seen.log()[0].cell == rules.geometry().cell_named("B2"));
  CHECK(seen.log()[1].result == shot_result::sunk(0));
  CHECK(seen.log()[2].result == shot_result::miss());
  CHECK(seen.log()[3].result == shot_result::sunk(1));
  CHECK(read_shot_log(rules, "").shot_count() == 0);
  CHECK(read_shot_log(rules, "# nothing yet\n").shot_count() == 0);
}

TEST_CASE("shot log: each mistake is named with the source, the line and the column", "[shot_log]") {
  const auto rules = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, true);
  const auto hit_miss = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
  const auto error = [&](std::string_view text) {
    try {
      (void)read_shot_log(rules, text, "save.txt");
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(error("A1 hit\nZ9 miss") == "save.txt:2:1: 'Z9' is not a cell of the 6x6 grid (rows A.., columns 1..)");
  CHECK(error("A1: hit") ==
        "save.txt:1:1: 'A1:' is not a cell of the 6x6 grid: write the cell and what it was with spaces between, as "
        "in 'A1 hit'");
  CHECK(error("A1   # hit?") == "save.txt:1:3: expected hit, miss or sunk after A1");
  CHECK(error("A1 splash") == "save.txt:1:4: expected hit, miss or sunk, found 'splash'");
  CHECK(error("A1 hit\nA2 sunk") == "save.txt:2:8: 'sunk' needs the ship: its name or its 1-based index");
  CHECK(error("A1 sunk Zeppelin") == "save.txt:1:9: no ship 'Zeppelin' in the fleet (Ship1, Ship2, or 1..2)");
  CHECK(error("A1 sunk 3") == "save.txt:1:9: no ship '3' in the fleet (Ship1, Ship2, or 1..2)");
  CHECK(error("A1 sunk 0") == "save.txt:1:9: no ship '0' in the fleet (Ship1, Ship2, or 1..2)");
  CHECK(error("A1 hit now") == "save.txt:1:8: unexpected 'now'");
  CHECK(error("A1 hit\nB1 miss\na1 miss") == "save.txt:3:1: a1 was already shot");
  CHECK(error("A1 hit\nA2 sunk 2\nB1 hit\nB2 sunk 2") == "save.txt:4:1: ship 2 was already sunk");
  CHECK(error("A1 miss \x1b[2J") == "save.txt:1:9: unexpected '\\x1b[2J'");  // no escape reaches a terminal
  CHECK_THROWS_WITH(read_shot_log(hit_miss, "A1 hit\nA2 sunk 2", "save.txt"),
                    "save.txt:2:4: a sunk announcement needs sunk feedback (hit/miss/sunk)");
}

TEST_CASE("shot log: a restored game plays on as the saved one would have", "[shot_log]") {
  const datagenetics_rules rules{};
  std::mt19937_64 rng(7);
  game<datagenetics_rules> play(rules, random_layout(rules, rng));
  auto ai = density_greedy(rules, exact_density<datagenetics_rules>(rules));
  for (int shot = 0; shot < 12; ++shot) (void)play.shoot(ai.next_shot(play.seen()));
  const std::string saved = write_shot_log(rules, play.seen());
  auto restored_ai = density_greedy(rules, exact_density<datagenetics_rules>(rules));
  const auto restored = read_shot_log(rules, saved, "save.txt");
  require_same_log(restored, play.seen());
  CHECK(restored_ai.next_shot(restored) == ai.next_shot(play.seen()));
}
