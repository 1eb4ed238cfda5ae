// Attack policies: hand-checked moves on tiny boards, every policy finishing
// every game under every rule set and feedback model without a repeated shot,
// and the per-ship density model against a from-scratch and a hand computation.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/analysis/exhaustive.hpp>
#include <battleship/analysis/game_loop.hpp>
#include <battleship/analysis/hard_layouts.hpp>
#include <battleship/analysis/short_games.hpp>
#include <battleship/analysis/simulation.hpp>
#include <battleship/core/game.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/defense/constrained_defense.hpp>
#include <battleship/defense/defense.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/monte_carlo_density.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/hunt_target.hpp>
#include <battleship/strategy/memoized.hpp>
#include <battleship/strategy/parity_hunt_target.hpp>
#include <battleship/strategy/park_hunt_target.hpp>
#include <battleship/strategy/random_fire.hpp>
#include <battleship/strategy/rng.hpp>
#include <battleship/strategy/row_scan.hpp>
#include <battleship/strategy/sweep.hpp>

#include "game_shots.hpp"
#include "lowest_unshot.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_strategies {

using namespace battleship;

namespace {
using dyn = dynamic_rules;
using dboard = dyn::board_type;

static_assert(Strategy<random_fire<datagenetics_rules>>);
static_assert(Strategy<hunt_target<park_rules>>);
static_assert(Strategy<parity_hunt_target<audinot_rules>>);
static_assert(Strategy<park_hunt_target<dyn>>);
static_assert(Strategy<density_greedy<dyn, per_ship_density<dyn>>>);
static_assert(DensityModel<per_ship_density<datagenetics_rules>>);
static_assert(DensityModel<per_ship_density_reference<dyn>>);
static_assert(!Strategy<per_ship_density<dyn>>);

// A density model that returns fixed weights, to check the greedy choice.
struct fixed_weights {
  using board_type = dboard;
  density_map w;
  density_map weights(const observation<board_type>&) const { return w; }
};

std::vector<dyn> every_small_ruleset() {
  std::vector<dyn> out;
  for (auto rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact})
    for (bool sunk : {false, true}) {
      out.push_back(make_dynamic_rules(5, 4, {3, 2}, rule, sunk));
      out.push_back(make_dynamic_rules(6, 6, {4, 3, 2, 2}, rule, sunk));
    }
  out.push_back(make_dynamic_rules(5, 5, {3, 1, 1}, adjacency::touching, true));  // ships of length 1
  out.push_back(make_dynamic_rules(1, 7, {3, 2}, adjacency::touching, true));     // a single column
  return out;
}

// Plays `games` games of the policy and checks each one: no repeated shot (the
// referee would throw), at least as many shots as ship cells, at most every cell.
template <class S>
void plays_every_game(const dyn& rules, S strategy, int games, std::uint64_t seed) {
  const uniform_layout_sampler<dyn> sampler(rules);
  splitmix_rng rng(seed);
  const int cells = rules.geometry().cell_count(), ship_cells = total_ship_cells(rules.fleet);
  for (int g = 0; g < games; ++g) {
    seed_strategy(strategy, rng());
    const int shots = play_game(rules, strategy, sampler(rng));
    REQUIRE(shots >= ship_cells);
    REQUIRE(shots <= cells);
  }
}

int cell_of(const dyn& rules, const char* name) { return *rules.geometry().parse_cell(name); }
}  // namespace

TEST_CASE("hunt/target: after a hit it shoots the neighbours north, east, south, west", "[strategy]") {
  const auto rules = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  hunt_target<dyn> s(rules, 7);
  observation<dboard> seen(rules);
  const int centre = cell_of(rules, "B2");
  seen.record_hit(centre);
  s.on_result(centre, shot_result::hit(), seen);
  for (const char* expected : {"A2", "B3", "C2", "B1"}) {
    const int c = s.next_shot(seen);
    CHECK(rules.geometry().cell_name(c) == expected);
    seen.record_miss(c);
    s.on_result(c, shot_result::miss(), seen);
  }
  // The stack is empty: back to hunting among the four corners.
  const int hunt = s.next_shot(seen);
  CHECK((hunt == 0 || hunt == 2 || hunt == 6 || hunt == 8));
}

// A game abandoned just after a hit leaves cells to target; new_game() must
// drop them, so that the next game is the one a fresh policy would play.
TEST_CASE("hunt/target policies: new_game() forgets a game left mid-target", "[strategy]") {
  const auto rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::touching, true);
  const layout first{{2, 1, orientation::horizontal}, {0, 4, orientation::vertical}};  // C2-C4, A5-B5
  const layout next{{4, 0, orientation::horizontal}, {0, 0, orientation::vertical}};   // E1-E3, A1-B1
  REQUIRE(!validate(rules, first));
  REQUIRE(!validate(rules, next));
  const auto check = [&](auto reused, auto fresh) {
    game<dyn> g(rules, first);
    while (g.seen().hits().none()) {
      const int c = reused.next_shot(g.seen());
      notify_result(reused, c, g.shoot(c), g.seen());
    }
    seed_strategy(reused, 11);
    seed_strategy(fresh, 11);
    // Each game starts with start_new_game().
    CHECK(test_support::shots_of_game(rules, reused, next) == test_support::shots_of_game(rules, fresh, next));
  };
  check(hunt_target<dyn>(rules, 3), hunt_target<dyn>(rules, 3));
  check(parity_hunt_target<dyn>(rules, 3), parity_hunt_target<dyn>(rules, 3));
  check(park_hunt_target<dyn>(rules, 3), park_hunt_target<dyn>(rules, 3));
}

TEST_CASE("hunt/target: a second hit is followed before the first hit's other neighbours", "[strategy]") {
  const auto rules = make_dynamic_rules(4, 4, {3}, adjacency::touching, false);
  // Ship B2-B4 (row B, columns 2..4).
  game<dyn> referee(rules, layout{{1, 1, orientation::horizontal}});
  hunt_target<dyn> s(rules, 1);
  auto fire = [&](int c) {
    const auto r = referee.shoot(c);
    s.on_result(c, r, referee.seen());
  };
  fire(cell_of(rules, "B2"));  // hit
  int c = s.next_shot(referee.seen());
  CHECK(rules.geometry().cell_name(c) == "A2");
  fire(c);  // miss
  c = s.next_shot(referee.seen());
  CHECK(rules.geometry().cell_name(c) == "B3");
  fire(c);  // hit: its neighbours go on top of the stack
  c = s.next_shot(referee.seen());
  CHECK(rules.geometry().cell_name(c) == "A3");
  fire(c);
  c = s.next_shot(referee.seen());
  CHECK(rules.geometry().cell_name(c) == "B4");
  fire(c);
  CHECK(referee.over());
}

TEST_CASE("Park's depth-first hunt and target shoots exactly DataGenetics' stack's cells", "[strategy]") {
  for (const auto& rules : {make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, false),
                            make_dynamic_rules(7, 5, {4, 2, 2}, adjacency::no_edge, true)}) {
    const uniform_layout_sampler<dyn> sampler(rules);
    splitmix_rng rng(42);
    for (int g = 0; g < 200; ++g) {
      const layout hidden = sampler(rng);
      const std::uint64_t seed = rng();
      hunt_target<dyn> a(rules, seed);
      park_hunt_target<dyn> b(rules, seed);
      game<dyn> ga(rules, hidden), gb(rules, hidden);
      play_game(ga, a);
      play_game(gb, b);
      REQUIRE(ga.seen().log().size() == gb.seen().log().size());
      for (std::size_t k = 0; k < ga.seen().log().size(); ++k)
        REQUIRE(ga.seen().log()[k].cell == gb.seen().log()[k].cell);
    }
  }
}

TEST_CASE("parity: never hunts off the class, widens the spacing when short ships sink", "[strategy]") {
  SECTION("before the first hit every shot has even row + column") {
    const auto rules = make_dynamic_rules(8, 8, {4, 3, 2}, adjacency::touching, false);
    const uniform_layout_sampler<dyn> sampler(rules);
    splitmix_rng rng(3);
    for (int g = 0; g < 300; ++g) {
      parity_hunt_target<dyn> s(rules, rng());
      game<dyn> referee(rules, sampler(rng));
      while (referee.seen().hits().none()) {
        const int c = s.next_shot(referee.seen());
        REQUIRE((rules.geometry().row_of(c) + rules.geometry().col_of(c)) % 2 == 0);
        notify_result(s, c, referee.shoot(c), referee.seen());
      }
    }
  }
  SECTION("under sunk feedback, sinking the 2-ship moves to spacing 3") {
    const auto rules = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, true);
    parity_hunt_target<dyn> s(rules, 5);
    observation<dboard> seen(rules);
    CHECK(s.spacing(seen) == 2);
    seen.record_hit(cell_of(rules, "A1"));
    seen.record_sunk(cell_of(rules, "A2"), 1);
    CHECK(s.spacing(seen) == 3);
    // Residue classes mod 3 hold 12 cells each; classes 0 (A1) and 1 (A2) have
    // 11 unshot cells: the tie goes to the smaller residue.
    const dboard hunt = s.hunt_cells(seen);
    CHECK(hunt.count() == 11);
    hunt.for_each([&](std::size_t c) {
      CHECK((rules.geometry().row_of(static_cast<int>(c)) + rules.geometry().col_of(static_cast<int>(c))) % 3 == 0);
    });
    for (int k = 0; k < 20; ++k) {
      parity_hunt_target<dyn> fresh(rules, static_cast<std::uint64_t>(k));
      CHECK(hunt.test(static_cast<std::size_t>(fresh.next_shot(seen))));
    }
  }
  SECTION("under hit/miss feedback the spacing stays 2") {
    const auto rules = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
    parity_hunt_target<dyn> s(rules);
    observation<dboard> seen(rules);
    seen.record_hit(cell_of(rules, "A1"));
    seen.record_hit(cell_of(rules, "A2"));
    CHECK(s.spacing(seen) == 2);
  }
}

TEST_CASE("density greedy: the heaviest unshot cell, ties to the lowest or at random", "[strategy]") {
  const auto rules = make_dynamic_rules(3, 2, {2}, adjacency::touching, false);
  observation<dboard> seen(rules);
  density_greedy g(rules, fixed_weights{{1, 5, 2, 5, 0, 5}});
  CHECK(g.next_shot(seen) == 1);
  seen.record_miss(1);
  CHECK(g.next_shot(seen) == 3);
  // Random ties among three cells: each about a third (two ties could not
  // tell a uniform choice from one that favours the last tied cell).
  {
    std::vector<int> chosen(6, 0);
    const observation<dboard> fresh(rules);
    for (std::uint64_t s = 0; s < 300; ++s) {
      density_greedy r(rules, fixed_weights{{1, 5, 2, 5, 0, 5}}, tie_break::random, s);
      ++chosen[static_cast<std::size_t>(r.next_shot(fresh))];
    }
    CHECK(chosen[1] + chosen[3] + chosen[5] == 300);
    for (const int c : {1, 3, 5}) CHECK(chosen[static_cast<std::size_t>(c)] > 70);  // about 100 each
  }
  // Random ties reach every tied cell and only those.
  std::vector<int> chosen(6, 0);
  for (std::uint64_t s = 0; s < 200; ++s) {
    density_greedy r(rules, fixed_weights{{1, 5, 2, 5, 0, 5}}, tie_break::random, s);
    ++chosen[static_cast<std::size_t>(r.next_shot(seen))];
  }
  CHECK(chosen[3] > 40);
  CHECK(chosen[5] > 40);
  CHECK(chosen[3] + chosen[5] == 200);
  // All weights zero: still a legal shot.
  density_greedy z(rules, fixed_weights{{0, 0, 0, 0, 0, 0}});
  CHECK(z.next_shot(seen) == 0);
  // A custom model that returns fewer weights than cells is refused.
  density_greedy short_model(rules, fixed_weights{{1, 2, 3}});
  CHECK_THROWS_WITH(short_model.next_shot(seen), "density_greedy: the model returned too few weights");
}

TEST_CASE("random fire: uniform over unshot cells", "[strategy]") {
  const auto rules = make_dynamic_rules(4, 1, {1}, adjacency::touching, false);
  observation<dboard> seen(rules);
  seen.record_miss(1);
  std::vector<int> n(4, 0);
  random_fire<dyn> s(rules, 11);
  for (int k = 0; k < 3000; ++k) ++n[static_cast<std::size_t>(s.next_shot(seen))];
  CHECK(n[1] == 0);
  for (int c : {0, 2, 3}) CHECK(std::abs(n[static_cast<std::size_t>(c)] - 1000) < 120);  // ~5 sd
}

TEST_CASE("every policy finishes every game under every rule set and feedback", "[strategy]") {
  for (const auto& rules : every_small_ruleset()) {
    INFO("rules " << rules.geometry().width() << "x" << rules.geometry().height() << " " << to_string(rules.contact())
                  << (rules.announces_sunk() ? " sunk" : " hit-miss"));
    plays_every_game(rules, random_fire<dyn>(rules), 30, 1);
    plays_every_game(rules, hunt_target<dyn>(rules), 30, 2);
    plays_every_game(rules, parity_hunt_target<dyn>(rules), 30, 3);
    plays_every_game(rules, park_hunt_target<dyn>(rules), 30, 4);
    plays_every_game(rules, density_greedy(rules, per_ship_density<dyn>(rules)), 30, 5);
    plays_every_game(rules, density_greedy(rules, per_ship_density<dyn>(rules, {1})), 10, 6);
    plays_every_game(rules, density_greedy(rules, per_ship_density_reference<dyn>(rules), tie_break::random), 10, 7);
    plays_every_game(rules, row_scan<dyn>(rules), 5, 8);
    plays_every_game(rules, sweep<dyn>(rules, sweep_clearing::four_directions), 5, 9);
    plays_every_game(rules, sweep<dyn>(rules, sweep_clearing::horizontal_first), 5, 10);
    if (rules.geometry().cell_count() <= 20) {
      plays_every_game(rules, density_greedy(rules, exact_density<dyn>(rules)), 3, 11);
      plays_every_game(rules, density_greedy(rules, monte_carlo_density<dyn>(rules, 1, 20)), 3, 12);
    }
  }
}

TEST_CASE("per-ship density by hand on a 3x3 board with one 2-ship", "[density]") {
  const auto rules = make_dynamic_rules(3, 3, {2}, adjacency::touching, true);
  per_ship_density<dyn> m(rules, {10});
  observation<dboard> seen(rules);
  // Empty board: corners lie on 2 placements, edge middles on 3, the centre on 4.
  CHECK(m.weights(seen) == density_map{2, 3, 2, 3, 4, 3, 2, 3, 2});
  // A miss at the centre removes its 4 placements.
  seen.record_miss(4);
  CHECK(m.weights(seen) == density_map{2, 2, 2, 2, 0, 2, 2, 2, 2});
  // A hit at A1: placements A1-A2 and A1-B1 now weigh 10; A1 itself is shot.
  seen.record_hit(0);
  CHECK(m.weights(seen) == density_map{0, 10 + 1, 2, 10 + 1, 0, 2, 2, 2, 2});
  CHECK(m.best_cell(seen) == 1);
}

TEST_CASE("per-ship density picks the last cell of a board whose cells are not a multiple of four", "[density]") {
  // 3x3 with one 2-ship, misses at B2 and C1, a hit at C2: of the placements
  // through C2 only C2-C3 is left (weight 10), so C3 (cell 8, the last) sums
  // 10 + 1 (B3-C3) and beats every other cell.
  const auto rules = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  per_ship_density<dyn> m(rules, {10});
  observation<dboard> seen(rules);
  seen.record_miss(4);
  seen.record_miss(6);
  seen.record_hit(7);
  CHECK(m.weights(seen) == density_map{2, 2, 2, 1, 0, 2, 0, 0, 11});
  CHECK(m.best_cell(seen) == 8);
  CHECK(density_greedy(rules, per_ship_density<dyn>(rules, {10})).next_shot(seen) == 8);
}

TEST_CASE("per-ship density takes as many hits as the fleet has cells, and refuses one more", "[density]") {
  // 3x3, one 2-ship, hit/miss feedback, hit_weight 10: hits at A1 and A2 are
  // the whole fleet. A1-A2 weighs 100 (no shot cell shows it), the
  // placements through one hit 10, the rest 1.
  const auto rules = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  observation<dboard> seen(rules);
  seen.record_hit(0);
  seen.record_hit(1);
  const density_map expected{0, 0, 10 + 1, 10 + 1 + 1, 10 + 1 + 1 + 1, 3, 2, 3, 2};
  per_ship_density<dyn> m(rules, {10});
  CHECK(m.weights(seen) == expected);
  CHECK(m.best_cell(seen) == 4);
  CHECK(per_ship_density_reference<dyn>(rules, {10}).weights(seen) == expected);
  seen.record_hit(2);  // a third hit: more than the fleet's 2 cells
  CHECK_THROWS_WITH(m.weights(seen), "3 hits, but the fleet has only 2 cells");
  CHECK_THROWS_AS(per_ship_density_reference<dyn>(rules, {10}).weights(seen), inconsistent_observation);
}

TEST_CASE("per-ship density: a hit weight too large for exact sums still weights hits up", "[density]") {
  // 4x4, one 2-ship, a hit at A1. Any hit bonus makes A2 (or B1) the best
  // cell; with none (hit weight 1) the interior B2 wins, 4 placements to 3.
  // The powers are capped to keep the sums exact (below 2^52 / (24 * 16)
  // here, about 2^43): a weight past the cap must saturate, not fall back
  // to 1, which turned the bonus off (`--hit-weight 1000000000000` played
  // exactly like `--hit-weight 1`).
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  observation<dboard> seen(rules);
  seen.record_hit(0);
  for (const std::int64_t w :
       {std::int64_t{32}, std::int64_t{1} << 44, std::int64_t{1} << 50, std::numeric_limits<std::int64_t>::max()}) {
    per_ship_density<dyn> m(rules, {w});
    const int best = m.best_cell(seen);
    CHECK((best == 1 || best == 4));
    const density_map fast = m.weights(seen);
    CHECK(fast[1] > fast[5]);
    CHECK(per_ship_density_reference<dyn>(rules, {w}).weights(seen) == fast);
  }
  // Two hits beat one when the second power passes the cap: 5x1, one
  // 3-ship, hits at A2 and A3. A1 lies on A1-A3 (two hits), A5 on A3-A5
  // (one); 2^30 squared is past this board's cap (about 2^46).
  const auto row = make_dynamic_rules(5, 1, {3}, adjacency::touching, false);
  observation<dboard> two(row);
  two.record_hit(1);
  two.record_hit(2);
  per_ship_density<dyn> m2(row, {std::int64_t{1} << 30});
  const density_map w2 = m2.weights(two);
  CHECK(w2[0] > w2[4]);
  CHECK(per_ship_density_reference<dyn>(row, {std::int64_t{1} << 30}).weights(two) == w2);
}

TEST_CASE("per-ship density: sunk ships leave the sum and their cells block the others", "[density]") {
  // 4x1 row, ships 2 and 1 (length-1 ships lie horizontally only).
  const auto rules = make_dynamic_rules(4, 1, {2, 1}, adjacency::touching, true);
  per_ship_density<dyn> m(rules, {10});
  observation<dboard> seen(rules);
  CHECK(m.weights(seen) == density_map{1 + 1, 2 + 1, 2 + 1, 1 + 1});
  seen.record_hit(0);
  seen.record_sunk(1, 0);              // the 2-ship sank on A1-A2
  CHECK(m.sunk_cells().count() == 0);  // not computed until asked
  // Only the 1-ship remains; A1, A2 are attributed to the sunk 2-ship.
  CHECK(m.weights(seen) == density_map{0, 0, 1, 1});
  CHECK(m.sunk_cells().count() == 2);
  // Under no-contact, the sunk ship's halo (A3) is blocked too.
  const auto apart = make_dynamic_rules(4, 1, {2, 1}, adjacency::no_contact, true);
  per_ship_density<dyn> n(apart, {10});
  observation<dboard> seen2(apart);
  seen2.record_hit(0);
  seen2.record_sunk(1, 0);
  CHECK(n.weights(seen2) == density_map{0, 0, 0, 1});
  // Two ships of one length sunk side by side: the second takes the hits the
  // first did not (C1-D1), not a cell the first already holds, so no hit is
  // left to pull the last ship towards it.
  const auto three = make_dynamic_rules(6, 1, {2, 2, 2}, adjacency::touching, true);
  per_ship_density<dyn> p(three);
  observation<dboard> seen3(three);
  seen3.record_hit(0);
  seen3.record_sunk(1, 0);  // ship 0 on A1-B1
  seen3.record_hit(3);
  seen3.record_sunk(2, 1);  // ship 1 on C1-D1
  CHECK(p.weights(seen3) == density_map{0, 0, 0, 0, 1, 1});
  CHECK(p.sunk_cells().count() == 4);
}

TEST_CASE("per-ship density: incremental weights equal the from-scratch reference", "[density]") {
  for (const auto& rules : every_small_ruleset()) {
    for (std::int64_t w : {1, 3, 32}) {
      per_ship_density<dyn> fast(rules, {w});
      const per_ship_density_reference<dyn> slow(rules, {w});
      const uniform_layout_sampler<dyn> sampler(rules);
      splitmix_rng rng(static_cast<std::uint64_t>(w));
      for (int g = 0; g < 15; ++g) {
        game<dyn> referee(rules, sampler(rng));
        random_fire<dyn> shooter(rules, rng());
        if (g % 3 == 0) fast.new_game();  // otherwise the model notices the new game itself
        while (!referee.over()) {
          REQUIRE(fast.weights(referee.seen()) == slow.weights(referee.seen()));
          referee.shoot(shooter.next_shot(referee.seen()));
        }
      }
    }
  }
  // The classic game, played by the greedy policy itself.
  const datagenetics_rules dg;
  per_ship_density<datagenetics_rules> fast(dg);
  const per_ship_density_reference<datagenetics_rules> slow(dg);
  density_greedy player(dg, per_ship_density<datagenetics_rules>(dg));
  const uniform_layout_sampler<datagenetics_rules> sampler(dg);
  splitmix_rng rng(9);
  for (int g = 0; g < 20; ++g) {
    game<datagenetics_rules> referee(dg, sampler(rng));
    start_new_game(player);
    while (!referee.over()) {
      const auto w = slow.weights(referee.seen());
      REQUIRE(fast.weights(referee.seen()) == w);
      const int c = player.next_shot(referee.seen());
      REQUIRE(w[static_cast<std::size_t>(c)] == *std::max_element(w.begin(), w.end()));
      REQUIRE(std::find(w.begin(), w.end(), w[static_cast<std::size_t>(c)]) - w.begin() == c);
      notify_result(player, c, referee.shoot(c), referee.seen());
    }
  }
}

TEST_CASE("per-ship density: asked about other branches of a game, it starts again", "[density]") {
  // A search (count_short_games) asks about sibling positions: the same
  // cells with another outcome, or in another order. The model used to take
  // a log with the same cells and hits for an extension of the last one.
  const auto rules = make_dynamic_rules(5, 1, {2, 2}, adjacency::touching, true);
  const per_ship_density_reference<dyn> slow(rules);
  observation<dboard> hit_hit(rules), hit_sunk(rules), sunk_hit(rules);
  hit_hit.record_hit(1);
  hit_hit.record_hit(2);
  hit_sunk.record_hit(1);
  hit_sunk.record_sunk(2, 0);  // ship 0 on A2-A3
  sunk_hit.record_hit(2);
  sunk_hit.record_sunk(1, 1);  // ship 1 on A2-A3, the same cells in the other order
  for (const auto* first : {&hit_hit, &hit_sunk, &sunk_hit})
    for (const auto* then : {&hit_hit, &hit_sunk, &sunk_hit}) {
      per_ship_density<dyn> fast(rules);
      (void)fast.weights(*first);
      CHECK(fast.weights(*then) == slow.weights(*then));
    }
  // After a sinking on A2-A3 the other ship lies on A4-A5: weight only there.
  CHECK(slow.weights(hit_sunk) == density_map{0, 0, 0, 1, 1});
}

TEST_CASE("per-ship density: a log holding the last one's cells later on is no extension of it", "[density]") {
  // The model applied A4 (a miss); the next log holds A4 too, but third:
  // skipping its first entry as applied left the hit on A1 out, and the
  // sinking on A2 then fitted no line of hits, a consistent board refused.
  const auto rules = make_dynamic_rules(4, 1, {2, 1}, adjacency::touching, true);
  const per_ship_density_reference<dyn> slow(rules);
  observation<dboard> miss(rules), later(rules);
  miss.record_miss(3);
  later.record_hit(0);
  later.record_sunk(1, 0);  // ship 0 on A1-A2
  later.record_miss(3);
  REQUIRE(exact_count(rules, later).labelled == 1);
  per_ship_density<dyn> fast(rules);
  (void)fast.weights(miss);
  CHECK(fast.weights(later) == slow.weights(later));
  CHECK(slow.weights(later) == density_map{0, 0, 1, 0});
}

TEST_CASE("per-ship density: a sinking refused half way leaves nothing behind for the next board", "[density]") {
  // The typo announces ship 0 (length 2) sunk on the first shot: the model
  // throws from the middle of that sinking, with one 2-ship fewer afloat. The
  // next board holds the typo's cell, as a hit, and sinks ship 0 before it:
  // taken for an extension, that sinking found no 2-ship afloat, and a
  // consistent board was refused ("more ships of one length sunk").
  const auto rules = make_dynamic_rules(5, 1, {2, 3}, adjacency::touching, true);
  const per_ship_density_reference<dyn> slow(rules);
  observation<dboard> typo(rules), board(rules);
  typo.record_sunk(0, 0);
  board.record_hit(3);
  board.record_sunk(4, 0);  // ship 0 on A4-A5
  board.record_hit(0);      // ship 1 on A1-A3
  REQUIRE(exact_count(rules, board).labelled == 1);
  per_ship_density<dyn> fast(rules);
  CHECK_THROWS_AS(fast.weights(typo), inconsistent_observation);
  CHECK(fast.weights(board) == slow.weights(board));
  per_ship_density<dyn> again(rules);
  CHECK_THROWS_AS(again.best_cell(typo), inconsistent_observation);
  CHECK(again.best_cell(board) == 1);
}

TEST_CASE("per-ship density rejects a bad knob and an impossible sinking", "[density]") {
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::touching, true);
  CHECK_THROWS_AS(per_ship_density<dyn>(rules, {0}), std::invalid_argument);
  per_ship_density<dyn> m(rules);
  observation<dboard> seen(rules);
  seen.record_sunk(0, 0);  // a 3-ship "sunk" by its first and only hit
  CHECK_THROWS_AS(m.weights(seen), inconsistent_observation);
  // Not left half-updated: the next observation gets a fresh model's weights.
  observation<dboard> fine(rules);
  fine.record_hit(0);
  CHECK(m.weights(fine) == per_ship_density<dyn>(rules).weights(fine));
}

TEST_CASE("per-ship density throws when a ship has no room or a hit cannot be covered", "[density]") {
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::touching, true);
  // Misses on every row and column at index 1 and 2 leave only corners
  // and isolated cells: no room for the 3-ship (the 2-ship fits).
  observation<dboard> crowded(rules);
  for (int c : {1, 2, 4, 7, 8, 11, 13, 14, 5, 10}) crowded.record_miss(c);
  // A hit boxed in by misses and the grid's corner (hit/miss feedback: with
  // sunk feedback the model leaves unexplained hits alone, see the header).
  const auto hit_miss = make_dynamic_rules(4, 4, {3, 2}, adjacency::touching, false);
  observation<dboard> boxed(hit_miss);
  boxed.record_miss(1);
  boxed.record_miss(4);
  boxed.record_hit(0);
  // A sound board for contrast.
  observation<dboard> fine(rules);
  fine.record_hit(5);
  fine.record_miss(6);
  for (const auto& [r, obs] : {std::pair{rules, crowded}, std::pair{hit_miss, boxed}}) {
    INFO(obs.shot_count() << " shots");
    per_ship_density<dyn> fast(r);
    CHECK_THROWS_AS(fast.weights(obs), inconsistent_observation);
    CHECK_THROWS_AS(fast.best_cell(obs), inconsistent_observation);
    CHECK_THROWS_AS(per_ship_density_reference<dyn>(r).weights(obs), inconsistent_observation);
    CHECK_THROWS_AS(exact_density<dyn>(r).weights(obs), inconsistent_observation);
  }
  per_ship_density<dyn> recovers(rules);
  CHECK_THROWS_AS(recovers.weights(crowded), inconsistent_observation);
  CHECK_NOTHROW(recovers.weights(fine));  // the same model recovers on a sound board
  // The boxed hit becomes a contradiction only once its last neighbour is
  // a miss: shot by shot, the incremental model notices at that shot.
  per_ship_density<dyn> inc(hit_miss);
  observation<dboard> step(hit_miss);
  step.record_hit(0);
  CHECK_NOTHROW(inc.weights(step));
  step.record_miss(1);
  CHECK_NOTHROW(inc.weights(step));
  step.record_miss(4);
  CHECK_THROWS_AS(inc.weights(step), inconsistent_observation);
}

TEST_CASE("per-ship density throws on more hits than the fleet has cells", "[density]") {
  // Four hits in a row for one 3-ship: every hit can be covered by some
  // placement and the ship has room, so only the count gives it away. Both
  // feedbacks: under sunk feedback the fourth hit is past even a sunk ship.
  // `two` (two hits, the ship afloat) is consistent under both.
  for (const bool sunk : {false, true}) {
    const auto rules = make_dynamic_rules(4, 4, {3}, adjacency::touching, sunk);
    INFO("sunk feedback " << sunk);
    observation<dboard> two(rules), four(rules);
    for (int c : {0, 1}) two.record_hit(c);
    for (int c : {0, 1, 2, 3}) four.record_hit(c);
    per_ship_density<dyn> fast(rules);
    CHECK_NOTHROW(fast.weights(two));
    CHECK_THROWS_WITH(fast.weights(four), "4 hits, but the fleet has only 3 cells");  // extends `two`
    CHECK_THROWS_AS(per_ship_density<dyn>(rules).best_cell(four), inconsistent_observation);
    CHECK_NOTHROW(per_ship_density_reference<dyn>(rules).weights(two));
    CHECK_THROWS_WITH(per_ship_density_reference<dyn>(rules).weights(four), "4 hits, but the fleet has only 3 cells");
    CHECK_THROWS_AS(exact_density<dyn>(rules).weights(four), inconsistent_observation);
  }
}

TEST_CASE("hunt/target policies refuse a result for a cell off the grid", "[strategy]") {
  using R = ruleset<grid<1, 8>, fleet<2>, touching_allowed, hit_miss>;
  const observation<R::board_type> seen(R{});
  hunt_target<R> ht(R{});
  park_hunt_target<R> pht(R{});
  parity_hunt_target<R> pa(R{});
  const int off = std::numeric_limits<int>::max();  // its neighbours' rows overflowed int
  CHECK_THROWS_AS(ht.on_result(off, shot_result::hit(), seen), std::out_of_range);
  CHECK_THROWS_AS(pht.on_result(off, shot_result::hit(), seen), std::out_of_range);
  CHECK_THROWS_AS(pa.on_result(off, shot_result::hit(), seen), std::out_of_range);
  CHECK_THROWS_AS(ht.on_result(-1, shot_result::hit(), seen), std::out_of_range);
  // One past the last cell: its north neighbour, cell 7, is on the grid.
  CHECK_THROWS_AS(ht.on_result(8, shot_result::hit(), seen), std::out_of_range);
  CHECK_THROWS_AS(pht.on_result(8, shot_result::hit(), seen), std::out_of_range);
  CHECK_THROWS_AS(pa.on_result(8, shot_result::hit(), seen), std::out_of_range);
  ht.on_result(3, shot_result::hit(), seen);
  const int next = ht.next_shot(seen);
  CHECK((next == 2 || next == 4));
}

TEST_CASE("parity spacing follows the shortest ship afloat at the longest length too", "[strategy][parity]") {
  // 26, the longest ship there can be, was taken for "every ship sunk" (spacing 1).
  using R = ruleset<grid<1, 26>, fleet<26>, touching_allowed, hit_miss>;
  const observation<R::board_type> seen(R{});
  const parity_hunt_target<R> p(R{});
  CHECK(p.spacing(seen) == 26);
  CHECK(p.hunt_cells(seen).count() == 1);
  using S = ruleset<grid<1, 26>, fleet<13, 13>, touching_allowed, hit_miss_sunk>;
  const parity_hunt_target<S> q(S{});
  CHECK(q.spacing(observation<S::board_type>(S{})) == 13);
}

TEST_CASE("every strategy says which games it was made for, and the game loops refuse another game's",
          "[strategy][simulation][exhaustive]") {
  // Two dynamic_rules share a type whatever they hold, so these compile.
  const auto rules = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
  const auto other_grid = make_dynamic_rules(7, 6, {3, 2}, adjacency::touching, false);
  const auto other_fleet = make_dynamic_rules(6, 6, {3, 3}, adjacency::touching, false);
  const auto other_rule = make_dynamic_rules(6, 6, {3, 2}, adjacency::no_edge, false);
  const auto same_cells = make_dynamic_rules(4, 9, {3, 2}, adjacency::touching, false);
  // Strategies that read only the grid.
  const random_fire<dyn> fire(rules);
  const hunt_target<dyn> hunt(rules);
  const park_hunt_target<dyn> park(rules);
  for (const bool made_for : {fire.built_for(rules), hunt.built_for(rules), park.built_for(rules),
                              fire.built_for(other_fleet), hunt.built_for(other_rule), park.built_for(other_fleet)})
    CHECK(made_for);
  for (const bool made_for : {fire.built_for(other_grid), hunt.built_for(other_grid), park.built_for(same_cells)})
    CHECK_FALSE(made_for);
  // The row scan reads only the number of cells; parity the grid and the fleet.
  const row_scan<dyn> scan(rules);
  CHECK(scan.built_for(same_cells));
  CHECK_FALSE(scan.built_for(other_grid));
  const parity_hunt_target<dyn> parity(rules);
  CHECK(parity.built_for(rules));
  CHECK(parity.built_for(other_rule));
  CHECK_FALSE(parity.built_for(other_fleet));
  CHECK_FALSE(parity.built_for(make_dynamic_rules(6, 6, {2, 3}, adjacency::touching, false)));  // ship order
  // Density greedy: the whole game.
  const auto greedy = density_greedy(rules, per_ship_density<dyn>(rules));
  CHECK(greedy.built_for(rules));
  for (const auto& other : {other_grid, other_fleet, other_rule, same_cells}) CHECK_FALSE(greedy.built_for(other));
  // memoized: its stamped cache's game, and its policy's say.
  const memoized booked(greedy, std::make_shared<decision_cache<dboard>>(rules, "per-ship"));
  CHECK(booked.built_for(rules));
  CHECK_FALSE(booked.built_for(other_fleet));
  const memoized unstamped(greedy, std::make_shared<decision_cache<dboard>>());
  CHECK_FALSE(unstamped.built_for(other_rule));

  splitmix_rng rng(1);
  const layout hidden = uniform_layout_sampler<dyn>(other_fleet)(rng);
  SECTION("play_game") {
    auto p = parity;  // would play the 3,3 fleet with a spacing of 2 and the wrong ships' sinkings
    CHECK_THROWS_WITH(play_game(other_fleet, p, hidden), Catch::Contains("play_game") && Catch::Contains("6x6 3,3"));
    auto h = hunt;
    const layout on_wide = uniform_layout_sampler<dyn>(other_grid)(rng);
    CHECK_THROWS_AS(play_game(other_grid, h, on_wide), std::invalid_argument);
    auto on_own = parity;
    CHECK(play_game(other_rule, on_own, uniform_layout_sampler<dyn>(other_rule)(rng)) >= 5);
  }
  SECTION("simulate and the search for hard layouts") {
    simulation_options o;
    o.games = 4;
    o.threads = 1;
    CHECK_THROWS_WITH(simulate(
                          other_fleet, [&] { return parity; }, uniform_defense<dyn>(other_fleet), o),
                      Catch::Contains("simulate"));
    hard_layout_options h;
    h.climbs = 1;
    h.steps = 1;
    h.threads = 1;
    CHECK_THROWS_AS(search_hard_layouts(constrained_defense<dyn>(other_fleet, {}), parity, h), std::invalid_argument);
  }
  SECTION("the exhaustive evaluation") {
    exhaustive_options o;
    o.threads = 1;
    CHECK_THROWS_AS(evaluate_exhaustive(other_grid, scan, o), std::invalid_argument);
    CHECK_THROWS_WITH(evaluate_by_playing(other_fleet, greedy, o),
                      Catch::Contains("another game than 6x6 3,3") && Catch::Contains("it was made for 6x6 3,2"));
    // The row scan on another grid of 36 cells is the same scan.
    CHECK(evaluate_exhaustive(same_cells, scan, o).layouts() == evaluate_row_scan_fast(same_cells, o).layouts());
  }
}

TEST_CASE("a strategy without built_for is played on trust", "[strategy]") {
  using lowest_unshot = test_support::lowest_unshot<dboard>;
  static_assert(!detail::says_what_it_was_built_for<lowest_unshot, dyn>);
  const auto rules = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  lowest_unshot s;
  splitmix_rng rng(4);
  CHECK(play_game(rules, s, uniform_layout_sampler<dyn>(rules)(rng)) <= 9);
}

TEST_CASE("is_deterministic: the library's strategies say whether chance picks their shots", "[strategy]") {
  const auto rules = make_dynamic_rules(4, 4, {2, 2}, adjacency::touching, true);
  CHECK(is_deterministic(row_scan(rules)));
  CHECK(is_deterministic(sweep(rules)));
  CHECK(is_deterministic(test_support::lowest_unshot<dynamic_rules::board_type>{}));  // takes no seed
  CHECK_FALSE(is_deterministic(random_fire(rules)));
  CHECK_FALSE(is_deterministic(hunt_target(rules)));
  CHECK_FALSE(is_deterministic(parity_hunt_target(rules)));
  CHECK_FALSE(is_deterministic(park_hunt_target(rules)));
  // density_greedy takes a seed whatever its ties: it says which it is.
  CHECK(is_deterministic(density_greedy(rules, per_ship_density(rules))));
  CHECK(is_deterministic(density_greedy(rules, exact_density(rules))));
  CHECK_FALSE(is_deterministic(density_greedy(rules, per_ship_density(rules), tie_break::random)));
  CHECK_FALSE(is_deterministic(density_greedy(rules, monte_carlo_density<dynamic_rules>(rules, 1, 10))));
  CHECK(is_deterministic(memoized(density_greedy(rules, exact_density(rules)),
                                  std::make_shared<decision_cache<dynamic_rules::board_type>>())));
}

namespace {
// Lowest unshot cell, with a seed it never uses: deterministic only if it says so.
template <bool Says>
struct seeded_lowest_unshot : test_support::lowest_unshot<dynamic_rules::board_type> {
  void seed(std::uint64_t) {}
  [[nodiscard]] bool deterministic() const requires Says { return true; }
};
}  // namespace

TEST_CASE("exact evaluation, the short-game walk and memoized refuse a randomised strategy", "[strategy]") {
  const auto rules = make_dynamic_rules(4, 3, {2, 2}, adjacency::touching, true);
  exhaustive_options one_thread;
  one_thread.threads = 1;
  short_games_options walk;
  walk.threads = 1;
  const std::string takes_seed =
      "the strategy is randomised (it takes a seed and has no deterministic() to say it "
      "ignores it); it needs one whose shots follow from what it has seen alone";
  CHECK_THROWS_MATCHES(evaluate_by_playing(rules, hunt_target(rules), one_thread), std::invalid_argument,
                       Catch::Message("evaluate_by_playing: " + takes_seed +
                                      " (fixed tie breaks, no random hunting), and a randomised strategy is "
                                      "measured by simulation"));
  CHECK_THROWS_WITH(evaluate_exhaustive(rules, random_fire(rules), one_thread),
                    Catch::StartsWith("evaluate_exhaustive: " + takes_seed));
  CHECK_THROWS_WITH(count_short_games(rules, parity_hunt_target(rules), walk),
                    Catch::StartsWith("count_short_games: " + takes_seed));
  CHECK_THROWS_WITH(count_short_games(rules, seeded_lowest_unshot<false>{}, walk),
                    Catch::StartsWith("count_short_games: " + takes_seed));
  const density_greedy random_ties(rules, per_ship_density(rules), tie_break::random);
  for (const auto& [what, call] : std::vector<std::pair<std::string, std::function<void()>>>{
           {"evaluate_by_playing", [&] { (void)evaluate_by_playing(rules, random_ties, one_thread); }},
           {"count_short_games", [&] { (void)count_short_games(rules, random_ties, walk); }},
           {"memoized",
            [&] { (void)memoized(random_ties, std::make_shared<decision_cache<dynamic_rules::board_type>>()); }}})
    CHECK_THROWS_MATCHES(
        call(), std::invalid_argument,
        Catch::Message(what + ": the strategy is randomised (its deterministic() is false); it needs one "
                              "whose shots follow from what it has seen alone (fixed tie breaks, no "
                              "random hunting), and a randomised strategy is measured by simulation"));

  // A seed it says it ignores: evaluated, the same games as without the seed.
  const test_support::lowest_unshot<dynamic_rules::board_type> plain;
  CHECK(evaluate_by_playing(rules, seeded_lowest_unshot<true>{}, one_thread).histogram ==
        evaluate_by_playing(rules, plain, one_thread).histogram);
  CHECK(count_short_games(rules, seeded_lowest_unshot<true>{}, walk).games ==
        count_short_games(rules, plain, walk).games);
  // Lowest-cell ties over a deterministic model: evaluated and memoized.
  const density_greedy lowest_ties(rules, per_ship_density(rules));
  CHECK(evaluate_by_playing(rules, lowest_ties, one_thread).complete());
  CHECK(evaluate_by_playing(rules, memoized(lowest_ties, std::make_shared<decision_cache<dynamic_rules::board_type>>()),
                            one_thread)
            .histogram == evaluate_by_playing(rules, lowest_ties, one_thread).histogram);
}

TEST_CASE("count_short_games refuses a strategy made for another game", "[strategy][short-games]") {
  const auto rules = make_dynamic_rules(4, 3, {2, 2}, adjacency::touching, true);
  const auto other = make_dynamic_rules(4, 4, {2, 2}, adjacency::touching, true);
  short_games_options walk;
  walk.threads = 1;
  CHECK_THROWS_WITH(count_short_games(rules, row_scan(other), walk),
                    Catch::StartsWith("count_short_games: the strategy was made for another game than"));
}

TEST_CASE("density greedy: random ties stay random with a model that has its own best_cell", "[strategy]") {
  // One 1-ship on a 3x1 row: by symmetry each cell holds the same number of
  // placements (per-ship model) and of layouts (exact model), so all three
  // cells tie. With tie_break::random the lowest-cell shortcut of
  // best_cell() must not be taken: each cell about 100 of 300 seeds.
  const auto rules = make_dynamic_rules(3, 1, {1}, adjacency::touching, false);
  const observation<dyn::board_type> fresh(rules);
  std::vector<int> per_ship(3, 0), exact(3, 0);
  for (std::uint64_t s = 0; s < 300; ++s) {
    density_greedy a(rules, per_ship_density<dyn>(rules), tie_break::random, s);
    ++per_ship[static_cast<std::size_t>(a.next_shot(fresh))];
    density_greedy b(rules, exact_density<dyn>(rules), tie_break::random, s);
    ++exact[static_cast<std::size_t>(b.next_shot(fresh))];
  }
  for (int c = 0; c < 3; ++c) {
    CHECK(per_ship[static_cast<std::size_t>(c)] > 70);
    CHECK(exact[static_cast<std::size_t>(c)] > 70);
  }
  // And with lowest-cell ties the same models take cell 0.
  density_greedy low(rules, per_ship_density<dyn>(rules));
  CHECK(low.next_shot(fresh) == 0);
}

TEST_CASE("parity: a class with every cell shot is passed over, not a reason to hunt anywhere", "[strategy][parity]") {
  // A 7x1 row with ships 3,3: spacing 3, classes by column mod 3:
  // {0,3,6}, {1,4}, {2,5}. Ships at 0-2 and 3-5 give hits at 0 and 3; a miss
  // at 6 shoots the last cell of class 0. Classes 1 and 2 then have two
  // unshot cells each: the tie goes to residue 1, so the hunt is {1, 4}
  // (never the four unshot cells 1, 2, 4, 5).
  const auto rules = make_dynamic_rules(7, 1, {3, 3}, adjacency::touching, false);
  parity_hunt_target<dyn> s(rules, 1);
  observation<dyn::board_type> seen(rules);
  seen.record_hit(0);
  seen.record_hit(3);
  seen.record_miss(6);
  REQUIRE(s.spacing(seen) == 3);
  const auto hunt = s.hunt_cells(seen);
  CHECK(hunt.count() == 2);
  CHECK(hunt.test(1));
  CHECK(hunt.test(4));
}

TEST_CASE("density greedy: a board with every cell shot is refused, whatever the model and tie rule", "[strategy]") {
  // A 2x1 board with one 1-ship: a miss at 0 and a hit at 1 shoot both cells
  // (the ship lies at 1). No legal shot is left, so next_shot throws (the
  // documented "every cell has been shot") instead of returning a cell.
  const auto rules = make_dynamic_rules(2, 1, {1}, adjacency::touching, false);
  observation<dboard> seen(rules);
  seen.record_miss(0);
  seen.record_hit(1);
  const char* const why = "density_greedy: every cell has been shot";
  density_greedy fixed(rules, fixed_weights{{1, 1}});
  CHECK_THROWS_WITH(fixed.next_shot(seen), why);
  density_greedy fixed_random(rules, fixed_weights{{1, 1}}, tie_break::random, 3);
  CHECK_THROWS_WITH(fixed_random.next_shot(seen), why);
  density_greedy per_ship(rules, per_ship_density<dyn>(rules));
  CHECK_THROWS_WITH(per_ship.next_shot(seen), why);
}

TEST_CASE("random fire is made for its grid, not for another grid of as many cells", "[strategy]") {
  // 4x3, 3x4, 6x2 and 2x6 all have 12 cells; random fire reads the grid only
  // (not the fleet), so it is built for 4x3 with any fleet and for none of
  // the other three.
  const random_fire<dyn> s(make_dynamic_rules(4, 3, {2}, adjacency::touching, false));
  CHECK(s.built_for(make_dynamic_rules(4, 3, {3, 2}, adjacency::no_contact, true)));
  CHECK_FALSE(s.built_for(make_dynamic_rules(3, 4, {2}, adjacency::touching, false)));
  CHECK_FALSE(s.built_for(make_dynamic_rules(6, 2, {2}, adjacency::touching, false)));
  CHECK_FALSE(s.built_for(make_dynamic_rules(2, 6, {2}, adjacency::touching, false)));
}

TEST_CASE("random fire refuses a board with every cell shot", "[strategy]") {
  // 2x1, one 1-ship at cell 1: a miss at 0 and a hit at 1 leave no unshot cell.
  const auto rules = make_dynamic_rules(2, 1, {1}, adjacency::touching, false);
  observation<dyn::board_type> seen(rules);
  seen.record_miss(0);
  seen.record_hit(1);
  random_fire<dyn> s(rules, 7);
  CHECK_THROWS_WITH(s.next_shot(seen), "random_fire: every cell has been shot");
}

TEST_CASE("row_scan continues any position at its lowest unshot cell, and refuses a board with none", "[strategy]") {
  // 3x1 with one 1-ship: cells 0, 1, 2. The scan is stateless: after shots
  // at 0 and 2 the lowest unshot cell is 1; once all three are shot there is
  // no cell left, which must be an error, not a cell off the grid (the empty
  // set's lowest() is the board's capacity).
  const auto rules = make_dynamic_rules(3, 1, {1}, adjacency::touching, false);
  const row_scan<dyn> scan(rules);
  observation<dboard> seen(rules);
  CHECK(scan.next_shot(seen) == 0);
  seen.record_miss(0);
  seen.record_miss(2);
  CHECK(scan.next_shot(seen) == 1);
  seen.record_hit(1);
  CHECK_THROWS_AS(scan.next_shot(seen), std::logic_error);
  CHECK_THROWS_WITH(scan.next_shot(seen), "row_scan: every cell has been shot");
}

TEST_CASE("density greedy: random ties count only the cells tied at the final maximum", "[strategy]") {
  // Cells 0 and 1 tie at 5 before cells 2 and 3 tie at 9: the choice is
  // between 2 and 3 alone, each about half of 300 seeds (counting the
  // earlier tie too would give cell 3 a third, cell 2 two thirds).
  const auto rules = make_dynamic_rules(4, 1, {1}, adjacency::touching, false);
  const observation<dboard> fresh(rules);
  std::vector<int> chosen(4, 0);
  for (std::uint64_t s = 0; s < 300; ++s) {
    density_greedy r(rules, fixed_weights{{5, 5, 9, 9}}, tie_break::random, s);
    ++chosen[static_cast<std::size_t>(r.next_shot(fresh))];
  }
  CHECK(chosen[2] + chosen[3] == 300);
  for (const int c : {2, 3}) CHECK(std::abs(chosen[static_cast<std::size_t>(c)] - 150) < 40);  // sd 8.7
}

TEST_CASE("random fire: seed(s) replays the same shots whatever the first seed", "[strategy]") {
  // The simulation reseeds each game's strategy: after seed(s) the shots
  // must follow from s alone, not from the seed it was built with.
  const auto rules = make_dynamic_rules(10, 10, {2}, adjacency::touching, false);
  const observation<dboard> fresh(rules);
  random_fire<dyn> a(rules, 1), b(rules, 2);
  a.seed(7);
  b.seed(7);
  for (int k = 0; k < 20; ++k) CHECK(a.next_shot(fresh) == b.next_shot(fresh));
}

namespace {
// Fixed weights that count the games they are told of.
struct counting_new_games {
  using board_type = dboard;
  density_map w;
  int games = 0;
  density_map weights(const observation<board_type>&) const { return w; }
  void new_game() { ++games; }
};
}  // namespace

TEST_CASE("density greedy passes new_game() on to a model that has one", "[strategy]") {
  const auto rules = make_dynamic_rules(3, 1, {1}, adjacency::touching, false);
  density_greedy g(rules, counting_new_games{{1, 2, 3}, 0});
  g.new_game();
  start_new_game(g);
  CHECK(g.model().games == 2);
}

}  // namespace test_strategies
