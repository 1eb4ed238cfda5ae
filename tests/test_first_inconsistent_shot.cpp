// first_inconsistent_shot (count/first_inconsistent_shot.hpp): the first
// answer that leaves no layout, checked against the brute-force enumerator
// counting every prefix of the shots.
#include <catch2/catch.hpp>

#include <optional>
#include <random>
#include <vector>

#include <battleship/core/ruleset.hpp>
#include <battleship/count/bitset_enumerator.hpp>
#include <battleship/count/first_inconsistent_shot.hpp>

#include "random_games.hpp"

using namespace battleship;

namespace {

using board = dynamic_rules::board_type;

// The first prefix that no layout agrees with, by enumerating every prefix.
std::optional<std::size_t> by_enumeration(const dynamic_rules& rules, const observation<board>& seen) {
  observation<board> prefix(rules);
  for (std::size_t k = 0; k < seen.log().size(); ++k) {
    prefix.record(seen.log()[k].cell, seen.log()[k].result);
    if (enumerate_bitset(rules, prefix, false).labelled == 0) return k;
  }
  return std::nullopt;
}

}  // namespace

TEST_CASE("first_inconsistent_shot agrees with enumerating every prefix on random games with a wrong answer",
          "[first_inconsistent_shot]") {
  std::mt19937_64 rng(100);
  int instances = 0, inconsistent = 0, sunk_answers = 0;
  for (const adjacency rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact})
    for (const bool sunk : {false, true})
      for (int round = 0; round < 60; ++round) {
        const auto made = test_support::random_small_rules(rng, rule, sunk, 5, 3);
        if (!made) continue;  // a fleet these rules cannot place
        const dynamic_rules& rules = *made;
        // A real game's answers, then one of them changed: a hit said to be
        // a miss or the other way, or under sunk feedback a miss said to sink a ship.
        auto answers = test_support::random_game(rules, rng, 1).log();
        auto& changed = answers[rng() % answers.size()].result;
        if (changed.kind == outcome::miss)
          changed = sunk && rng() % 2 == 0
                        ? shot_result::sunk(static_cast<int>(rng() % static_cast<unsigned>(rules.ship_count())))
                        : shot_result::hit();
        else
          changed = shot_result::miss();
        observation<board> seen(rules);
        try {
          for (const auto& s : answers) seen.record(s.cell, s.result);
        } catch (const invalid_observation&) {
          continue;  // wrong in itself (a ship sunk twice): record refuses it
        }
        const auto expected = by_enumeration(rules, seen);
        INFO("rules " << rules_label(rules) << ", " << answers.size() << " shots");
        CHECK(first_inconsistent_shot(rules, seen) == expected);
        ++instances;
        inconsistent += expected.has_value() ? 1 : 0;
        sunk_answers += static_cast<int>(seen.sunk_events().size());
      }
  CHECK(instances > 250);
  CHECK(inconsistent > 100);  // both answers exercised
  CHECK(instances - inconsistent > 20);
  CHECK(sunk_answers > 50);
}

TEST_CASE("first_inconsistent_shot names a Carrier sunk after two hits, and keeps its counter",
          "[first_inconsistent_shot]") {
  const datagenetics_rules rules{};
  const auto g = rules.geometry();
  observation<datagenetics_rules::board_type> seen(rules);
  seen.record(g.cell_named("A1"), shot_result::miss());
  seen.record(g.cell_named("C4"), shot_result::hit());
  seen.record(g.cell_named("C5"), shot_result::sunk(ship_named(rules.fleet, "Carrier")));
  seen.record(g.cell_named("J10"), shot_result::miss());
  exact_counter<datagenetics_rules> counter(rules);
  CHECK(first_inconsistent_shot(counter, seen) == std::optional<std::size_t>(2));
  observation<datagenetics_rules::board_type> honest(rules);
  honest.record(g.cell_named("C4"), shot_result::hit());
  CHECK(first_inconsistent_shot(counter, honest) == std::nullopt);
  CHECK(first_inconsistent_shot(counter, observation<datagenetics_rules::board_type>(rules)) == std::nullopt);
}

TEST_CASE("first_inconsistent_shot: a fleet that fits in no way is refused, not blamed on a shot",
          "[first_inconsistent_shot]") {
  using crowded = ruleset<grid<3, 3>, fleet<2, 2, 2>, no_contact, hit_miss>;
  observation<crowded::board_type> seen(crowded{});
  seen.record(0, shot_result::miss());
  CHECK_THROWS_WITH(first_inconsistent_shot(crowded{}, seen),
                    "first_inconsistent_shot: no layout exists before any shot (the fleet cannot be placed on the "
                    "grid under these rules)");
}
