// game<Rules>: the referee answers hit / miss / sunk as its feedback model
// says, announces a sunk ship only on the completing shot, ends when every
// ship cell is hit, and refuses repeated or off-grid shots and illegal layouts.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

#include <battleship/core/game.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_game {

using namespace battleship;

namespace {
constexpr auto H = orientation::horizontal;
constexpr auto V = orientation::vertical;

// Carrier A1-A5, Battleship J7-J10, Cruiser C3-E3, Submarine G9-I9, Destroyer E6-E7.
layout classic_layout() { return {{0, 0, H}, {9, 6, H}, {2, 2, V}, {6, 8, V}, {4, 5, H}}; }
int at(const char* name) { return *board_geometry<bitboard<100>>(10, 10).parse_cell(name); }
}  // namespace

TEST_CASE("hit/miss/sunk feedback: sunk names the ship on its last cell only", "[game]") {
  game g(datagenetics_rules{}, classic_layout());
  CHECK(g.shoot(at("B1")) == shot_result::miss());
  CHECK(g.shoot(at("E6")) == shot_result::hit());
  CHECK(!g.is_sunk(4));
  CHECK(g.shoot(at("E7")) == shot_result::sunk(4));  // Destroyer
  CHECK(g.is_sunk(4));
  // Indices outside the fleet name no ship, sunk or not (they read unused
  // slots, which hold 0 cells left, or past the array before).
  CHECK(!g.is_sunk(5));
  CHECK(!g.is_sunk(15));
  CHECK(!g.is_sunk(-1));
  CHECK(!g.is_sunk(16));
  CHECK(g.shoot(at("D3")) == shot_result::hit());
  CHECK(g.shoot(at("C3")) == shot_result::hit());
  CHECK(g.shoot(at("E3")) == shot_result::sunk(2));  // Cruiser, completed in the middle order
  for (const char* c : {"A1", "A2", "A3", "A5"}) CHECK(g.shoot(at(c)) == shot_result::hit());
  CHECK(g.shoot(at("A4")) == shot_result::sunk(0));
  CHECK(!g.over());
  for (const char* c : {"J7", "J8", "J10"}) CHECK(g.shoot(at(c)) == shot_result::hit());
  CHECK(g.shoot(at("J9")) == shot_result::sunk(1));
  CHECK(g.shoot(at("G9")) == shot_result::hit());
  CHECK(g.shoot(at("H9")) == shot_result::hit());
  CHECK(!g.over());
  CHECK(g.shoot(at("I9")) == shot_result::sunk(3));
  CHECK(g.over());
  CHECK(g.shots_fired() == 18);
  CHECK(g.seen().hits().count() == 17);
  CHECK(g.seen().misses().count() == 1);
  CHECK(g.seen().sunk_ships() == 0b11111U);
  CHECK(g.hidden_layout() == classic_layout());
}

TEST_CASE("hit/miss feedback: the completing shot is a plain hit", "[game]") {
  game g(park_rules{}, classic_layout());
  CHECK(g.shoot(at("E6")) == shot_result::hit());
  CHECK(g.shoot(at("E7")) == shot_result::hit());
  CHECK(g.is_sunk(4));                // the referee knows ...
  CHECK(g.seen().sunk_ships() == 0);  // ... the attacker is not told
  CHECK(g.shoot(at("J1")) == shot_result::miss());
  CHECK(!g.over());
}

TEST_CASE("repeated and off-grid shots are refused without changing the game", "[game]") {
  game g(audinot_rules{}, {{0, 0, H}, {2, 0, H}, {4, 0, H}, {6, 0, H}, {8, 0, H}});
  CHECK(g.shoot(0) == shot_result::hit());
  CHECK(g.shoot(99) == shot_result::miss());
  CHECK_THROWS_WITH(g.shoot(0), "cell 0 (A1) was already shot");
  CHECK_THROWS_AS(g.shoot(99), std::invalid_argument);
  CHECK_THROWS_AS(g.shoot(100), std::out_of_range);
  CHECK_THROWS_WITH(g.shoot(-1), "shot at cell -1 is off the grid");
  CHECK(g.shots_fired() == 2);
  CHECK(g.seen().hits().count() == 1);
}

TEST_CASE("shots after the game is over are answered as misses and recorded", "[game]") {
  game g(make_dynamic_rules(4, 4, {2}, adjacency::touching, true), {{0, 0, H}});
  CHECK(g.shoot(5) == shot_result::miss());
  CHECK(g.shoot(0) == shot_result::hit());
  CHECK_FALSE(g.over());
  CHECK(g.shoot(1) == shot_result::sunk(0));
  REQUIRE(g.over());
  for (int c = 2; c < 16; ++c)
    if (c != 5) CHECK(g.shoot(c) == shot_result::miss());
  CHECK(g.over());
  CHECK(g.shots_fired() == 16);
  CHECK(g.seen().hits().count() == 2);
  CHECK(g.seen().shots().count() == 16);
  CHECK_THROWS_WITH(g.shoot(15), "cell 15 (D4) was already shot");
}

TEST_CASE("the referee refuses an illegal hidden layout", "[game]") {
  // Legal when touching is allowed, not under Audinot et al.'s no-contact rule.
  const layout touching = {{0, 0, H}, {1, 0, H}, {2, 0, H}, {3, 0, H}, {4, 0, H}};
  CHECK_NOTHROW(game(park_rules{}, touching));
  CHECK_THROWS_WITH(
      game(audinot_rules{}, touching),
      "illegal layout: Battleship (ship 2, length 4) touches Carrier (ship 1, length 5) (rule no-contact)");
  CHECK_THROWS_WITH(game(park_rules{}, layout{{0, 0, V}}), Catch::StartsWith("illegal layout: layout places 1 ships"));
}

// Random games to the end under every rule and both feedback models: over()
// turns true exactly on the last ship cell, each ship is announced (under sunk
// feedback) exactly once, on the shot that hits its last cell.
TEST_CASE("random games: over() and sunk announcements follow the hidden layout", "[game]") {
  std::mt19937_64 rng(5);
  for (auto rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact})
    for (bool sunk : {false, true}) {
      const auto rules = make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, rule, sunk);
      const uniform_layout_sampler<dynamic_rules> draw(rules);
      for (int round = 0; round < 20; ++round) {
        const layout hidden = draw(rng);
        const auto masks = ship_masks(rules, hidden);
        game<dynamic_rules> g(rules, hidden);
        std::vector<int> order(100);
        std::iota(order.begin(), order.end(), 0);
        std::shuffle(order.begin(), order.end(), rng);
        std::array<int, max_ships> left{};
        for (int i = 0; i < 5; ++i) left[static_cast<std::size_t>(i)] = rules.ship_length(i);
        int ship_cells_left = 17, announced = 0;
        for (int cell : order) {
          REQUIRE(!g.over());
          int owner = -1;
          for (int i = 0; i < 5; ++i)
            if (masks[static_cast<std::size_t>(i)].test(static_cast<std::size_t>(cell))) owner = i;
          const auto r = g.shoot(cell);
          if (owner < 0) {
            CHECK(r == shot_result::miss());
            continue;
          }
          --ship_cells_left;
          const bool completes = --left[static_cast<std::size_t>(owner)] == 0;
          CHECK(g.is_sunk(owner) == completes);
          if (sunk && completes) {
            CHECK(r == shot_result::sunk(owner));
            ++announced;
          } else {
            CHECK(r == shot_result::hit());
          }
          CHECK(g.over() == (ship_cells_left == 0));
          if (g.over()) break;
        }
        CHECK(g.over());
        CHECK(announced == (sunk ? 5 : 0));
        CHECK(g.seen().hits() == occupied_cells(rules, hidden));
        CHECK(g.shots_fired() == g.seen().shots().count());
      }
    }
}

TEST_CASE("class template argument deduction and a small vertical ship", "[game]") {
  using tiny = ruleset<grid<2, 3>, fleet<2>, no_contact, hit_miss_sunk>;
  game g(tiny{}, layout{{1, 1, V}});  // B2-C2
  CHECK(g.shoot(3) == shot_result::hit());
  CHECK(!g.over());
  CHECK(g.shoot(5) == shot_result::sunk(0));
  CHECK(g.over());
}

}  // namespace test_game
