// observation: record() refuses what no referee could say, and
// placement_allowed() is exactly "a referee hiding this placement could have
// answered so" — checked against replaying the shots on every layout.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/game.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/bitset_enumerator.hpp>
#include <battleship/count/recursive_enumerator.hpp>

#include "replays.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_observation {

using namespace battleship;

namespace {
using sunk_rules = ruleset<grid<4, 4>, fleet<3, 2, 2>, touching_allowed, hit_miss_sunk>;
using plain_rules = ruleset<grid<4, 4>, fleet<3, 2, 2>, touching_allowed, hit_miss>;
using board = sunk_rules::board_type;

board cells(std::initializer_list<int> list) {
  board b;
  for (int c : list) b.set(static_cast<std::size_t>(c));
  return b;
}
}  // namespace

TEST_CASE("record() refuses impossible shots and announcements", "[observation]") {
  observation obs(sunk_rules{});
  obs.record_miss(0);
  obs.record_hit(5);

  SECTION("a second shot at a cell") {
    CHECK_THROWS_WITH(obs.record_miss(0), "cell 0 was already shot");
    CHECK_THROWS_WITH(obs.record_hit(5), "cell 5 was already shot");
    CHECK_THROWS_AS(obs.record_sunk(5, 1), invalid_observation);
  }
  SECTION("a cell off the grid") {
    CHECK_THROWS_WITH(obs.record_miss(16), "shot at cell 16 is off the grid");
    CHECK_THROWS_WITH(obs.record_hit(-1), "shot at cell -1 is off the grid");
  }
  SECTION("a ship that is not in the fleet") {
    CHECK_THROWS_WITH(obs.record_sunk(6, 3), "sunk ship 3 is not in the fleet (ships are numbered 0 to 2)");
    CHECK_THROWS_WITH(obs.record_sunk(6, -1), "sunk ship -1 is not in the fleet (ships are numbered 0 to 2)");
  }
  SECTION("a ship sunk twice") {
    obs.record_hit(4);
    obs.record_sunk(6, 1);
    CHECK(obs.is_sunk(1));
    CHECK(!obs.is_sunk(0));
    CHECK(!obs.is_sunk(3));  // not in the fleet: false, not a shift past the mask
    CHECK(!obs.is_sunk(40));
    CHECK(!obs.is_sunk(-1));
    CHECK_THROWS_WITH(obs.record_sunk(7, 1), "ship 1 was already sunk");
  }
  SECTION("an outcome that is neither miss, hit nor sunk") {
    // Cast from an integer: it used to be recorded as a hit.
    CHECK_THROWS_WITH(obs.record(6, shot_result{static_cast<outcome>(9), -1}), "no outcome 9 (miss, hit or sunk)");
  }
  SECTION("a ship named on a plain hit or miss") {
    CHECK_THROWS_WITH(obs.record(6, shot_result{outcome::hit, 0}), "only a sunk announcement names a ship");
    CHECK_THROWS_WITH(obs.record(6, shot_result{outcome::miss, 2}), "only a sunk announcement names a ship");
  }
  // Whatever was refused left no trace.
  CHECK(obs.shot_count() >= 2);
  CHECK(obs.shots().count() == obs.shot_count());
  CHECK((obs.hits() | obs.misses()) == obs.shots());
  CHECK(!obs.hits().intersects(obs.misses()));
  CHECK_THROWS_AS(obs.record_miss(0), invalid_observation);
}

TEST_CASE("hit/miss feedback never announces a sunk ship", "[observation]") {
  observation obs(plain_rules{});
  obs.record_hit(0);
  obs.record_hit(1);
  CHECK_THROWS_WITH(obs.record_sunk(2, 0), "hit/miss feedback never announces a sunk ship");
  CHECK(obs.shot_count() == 2);
  CHECK(obs.sunk_ships() == 0);
  CHECK_THROWS_AS(obs.record_sunk(2, 0), std::invalid_argument);  // invalid_observation is an invalid_argument
}

TEST_CASE("the log, hits, misses and sunk events in order", "[observation]") {
  observation obs(sunk_rules{});
  obs.record_hit(1);
  obs.record_miss(3);
  obs.record_sunk(2, 2);
  obs.record_hit(8);
  REQUIRE(obs.log().size() == 4);
  CHECK(obs.log()[0].cell == 1);
  CHECK(obs.log()[1].result == shot_result::miss());
  CHECK(obs.log()[2].result == shot_result::sunk(2));
  CHECK(obs.hits() == cells({1, 2, 8}));
  CHECK(obs.misses() == cells({3}));
  REQUIRE(obs.sunk_events().size() == 1);
  CHECK(obs.sunk_events()[0].hits_then == cells({1, 2}));  // not the later hit at 8
  CHECK(obs.sinking_of(2) == &obs.sunk_events()[0]);
  CHECK(obs.sinking_of(0) == nullptr);
  CHECK(obs.sunk_ships() == 4U);
  CHECK(obs.cell_count() == 16);
  CHECK(obs.ship_count() == 3);
  CHECK(obs.sunk_feedback());
  CHECK(!observation(plain_rules{}).sunk_feedback());
}

TEST_CASE("placement_allowed under hit/miss feedback: only misses matter", "[observation]") {
  observation obs(plain_rules{});
  obs.record_hit(0);
  obs.record_hit(1);
  obs.record_miss(5);
  CHECK(obs.placement_allowed(1, cells({0, 1})));  // wholly on hits is fine without announcements
  CHECK(obs.placement_allowed(0, cells({0, 1, 2})));
  CHECK(!obs.placement_allowed(1, cells({4, 5})));
  CHECK(!obs.placement_allowed(0, cells({1, 5, 9})));
  CHECK(obs.placement_allowed(2, cells({14, 15})));
}

TEST_CASE("placement_allowed under sunk feedback", "[observation]") {
  // Hit A1, then A2 sinks ship 1 (length 2): it must lie on A1-A2. The later
  // hit at A3 belongs to another ship.
  observation obs(sunk_rules{});
  obs.record_hit(0);      // A1
  obs.record_sunk(1, 1);  // A2 sinks ship 1
  obs.record_hit(2);      // A3, after the sinking
  obs.record_miss(4);     // B1

  SECTION("the sunk ship covers its sinking cell and only cells hit by then") {
    CHECK(obs.placement_allowed(1, cells({0, 1})));
    CHECK(!obs.placement_allowed(1, cells({1, 2})));    // A3 was hit only after the sinking
    CHECK(!obs.placement_allowed(1, cells({1, 5})));    // B2 never hit
    CHECK(!obs.placement_allowed(1, cells({14, 15})));  // misses the sinking cell
  }
  SECTION("a ship not announced sunk cannot lie wholly on hits") {
    CHECK(!obs.placement_allowed(2, cells({0, 1})));
    CHECK(!obs.placement_allowed(2, cells({1, 2})));
    CHECK(obs.placement_allowed(2, cells({2, 3})));
    CHECK(obs.placement_allowed(0, cells({1, 2, 3})));
    CHECK(!obs.placement_allowed(0, cells({0, 1, 2})));
  }
  SECTION("misses still forbid") {
    CHECK(!obs.placement_allowed(2, cells({4, 8})));
    CHECK(!obs.placement_allowed(0, cells({0, 4, 8})));
  }
  SECTION("the counters agree: ship 1 is on A1-A2") {
    const auto r = enumerate_recursive(sunk_rules{}, obs);
    CHECK(r.labelled > 0);
    CHECK(r.occupancy[0] == r.labelled);
    CHECK(r.occupancy[1] == r.labelled);
    CHECK(r.occupancy[2] == r.labelled);  // A3 was hit: some ship covers it
    CHECK(r.occupancy[4] == 0);
    CHECK(enumerate_bitset(sunk_rules{}, obs).occupancy == r.occupancy);
  }
}

TEST_CASE("the counters report 0 layouts for an inconsistent observation", "[observation]") {
  // Valid shot by shot, but no layout agrees: ship 2 (length 2) sunk at A1
  // with no other hit next to it.
  observation obs(sunk_rules{});
  obs.record_miss(1);
  obs.record_miss(4);
  obs.record_sunk(0, 2);
  CHECK(enumerate_recursive(sunk_rules{}, obs).labelled == 0);
  CHECK(enumerate_bitset(sunk_rules{}, obs).labelled == 0);
  CHECK(enumerate_bitset(sunk_rules{}, obs).unlabelled == 0);
}

// The counters' notion of "agrees with the observation" (placement_allowed
// per ship plus every hit covered) equals replaying the shots against each
// layout, for random games under every rule and both feedback models.
TEST_CASE("layouts agreeing with an observation are exactly those that replay it", "[observation]") {
  std::mt19937_64 rng(77);
  int games = 0;
  for (auto rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact})
    for (bool sunk : {false, true})
      for (int round = 0; round < 12; ++round) {
        const int w = 3 + static_cast<int>(rng() % 3), h = 3 + static_cast<int>(rng() % 2);
        const std::vector<int> lengths = round % 2 == 0 ? std::vector<int>{3, 2, 2} : std::vector<int>{2, 2, 1};
        const auto rules = make_dynamic_rules(w, h, lengths, rule, sunk);
        std::vector<layout> all;
        for_each_layout(rules, [&](const auto& e) { all.push_back(e.to_layout()); });
        if (all.empty()) continue;
        const layout hidden = all[static_cast<std::size_t>(rng() % all.size())];
        game<dynamic_rules> referee(rules, hidden);
        std::vector<int> order(static_cast<std::size_t>(w * h));
        for (int c = 0; c < w * h; ++c) order[static_cast<std::size_t>(c)] = c;
        std::shuffle(order.begin(), order.end(), rng);
        const int shots = static_cast<int>(rng() % static_cast<unsigned>(w * h + 1));
        for (int k = 0; k < shots; ++k) referee.shoot(order[static_cast<std::size_t>(k)]);
        const auto& obs = referee.seen();
        long replaying = 0;
        for (const auto& l : all) replaying += test_support::replays(rules, l, obs);
        long agreeing = 0;
        bool each_replays = true;
        for_each_layout(rules, obs, [&](const auto& e) {
          ++agreeing;
          each_replays = each_replays && test_support::replays(rules, e.to_layout(), obs);
        });
        INFO(w << "x" << h << " " << to_string(rule) << (sunk ? " sunk" : " hit/miss") << " after " << shots
               << " shots");
        CHECK(each_replays);
        CHECK(agreeing == replaying);
        CHECK(replaying >= 1);  // at least the hidden layout
        CHECK(static_cast<long>(enumerate_bitset(rules, obs, false).labelled) == replaying);
        ++games;
      }
  CHECK(games > 50);
}

TEST_CASE("an observation holds a fleet of 16 ships, the most a fleet has, and the last of them can sink",
          "[observation]") {
  const auto rules = make_dynamic_rules(16, 16, std::vector<int>(16, 1), adjacency::touching, true);
  observation<dynamic_rules::board_type> obs(rules);
  CHECK(obs.ship_count() == 16);
  obs.record_sunk(255, 15);
  CHECK(obs.is_sunk(15));
  CHECK(obs.sunk_ships() == 1U << 15);
  CHECK_THROWS_WITH(obs.record_sunk(254, 16), "sunk ship 16 is not in the fleet (ships are numbered 0 to 15)");
  CHECK_NOTHROW(observation<board>(16, 16, true));
  observation<board> no_fleet(16, 0, true);
  CHECK_THROWS_WITH(no_fleet.record_sunk(3, 0), "sunk ship 0 is not in the fleet (the fleet has no ship)");
  CHECK_THROWS_WITH(observation<board>(16, 17, true), "an observation of 17 ships: a fleet has 0 to 16");
}

TEST_CASE("no_layout_agrees blames the rules before the first shot and the shots from then on", "[observation]") {
  observation obs(sunk_rules{});
  CHECK_THAT(std::string(no_layout_agrees(obs).what()), Catch::StartsWith("no layout exists"));
  obs.record_miss(0);
  CHECK(std::string(no_layout_agrees(obs).what()) == "no layout agrees with the observation");
  obs.record_hit(1);
  CHECK(std::string(no_layout_agrees(obs).what()) == "no layout agrees with the observation");
  // With placement weights the weights may be the cause, before any shot and after.
  CHECK(std::string(no_layout_agrees(obs, true).what()) ==
        "no layout with a weight above 0 agrees with the observation");
  CHECK_THAT(std::string(no_layout_agrees(observation(sunk_rules{}), true).what()),
             Catch::StartsWith("no layout with a weight above 0 exists") && Catch::EndsWith("every layout 0"));
}

}  // namespace test_observation
