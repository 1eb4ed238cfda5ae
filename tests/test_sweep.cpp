// The row scan and Audinot et al.'s sweep policies: hand-checked games on
// tiny boards, the Figure 10 order, and the documented edge cases.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <stdexcept>
#include <vector>

#include <battleship/analysis/exhaustive.hpp>
#include <battleship/core/game.hpp>
#include <battleship/strategy/row_scan.hpp>
#include <battleship/strategy/sweep.hpp>

#include "game_shots.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_sweep {

using namespace battleship;

namespace {
using test_support::shots_of_game;
constexpr placement h(int r, int c) { return {r, c, orientation::horizontal}; }
constexpr placement v(int r, int c) { return {r, c, orientation::vertical}; }
}  // namespace

static_assert(Strategy<row_scan<audinot_rules>>);
static_assert(Strategy<sweep<audinot_rules>>);
static_assert(Strategy<row_scan<dynamic_rules>>);
static_assert(Strategy<sweep<dynamic_rules>>);

TEST_CASE("Figure 10: 50 distinct cells of one parity class, in the paper's order", "[sweep]") {
  const auto order = audinot_figure10_order();
  REQUIRE(order.size() == 50);
  CHECK(std::set<int>(order.begin(), order.end()).size() == 50);
  for (int c : order) CHECK((c / 10 + c % 10) % 2 == 0);
  CHECK(order[0] == 4);    // A5
  CHECK(order[1] == 59);   // F10
  CHECK(order[2] == 95);   // J6
  CHECK(order[49] == 99);  // J10
  CHECK(default_sweep_order(audinot_rules{}) == order);
  CHECK(sweep<audinot_rules>(audinot_rules{}, sweep_clearing::four_directions).order() == order);
}

TEST_CASE("default sweep order on other grids: parity class by per-ship occupancy, ties row-major", "[sweep]") {
  const auto rules = make_dynamic_rules(5, 4, {3, 2}, adjacency::no_contact, false);
  const auto order = default_sweep_order(rules);
  REQUIRE(order.size() == 10);
  for (int c : order) CHECK((c / 5 + c % 5) % 2 == 0);
  // Per-ship occupancy of a 5x4 grid for ships 3 and 2, by hand: B2 (cell 6)
  // is covered by 2+2 placements of the 3-ship and 2+2 of the 2-ship; C3
  // (cell 12) by 3+2 and 2+2, the most of any even cell.
  const auto weight = [&](int cell) {
    int w = 0;
    for (int len : {3, 2})
      for (const auto& p : all_placements(rules.geometry(), len)) w += p.mask.test(static_cast<std::size_t>(cell));
    return w;
  };
  CHECK(weight(6) == 8);
  CHECK(weight(12) == 9);
  CHECK(order[0] == 12);
  for (std::size_t k = 1; k < order.size(); ++k) {
    CHECK(weight(order[k - 1]) >= weight(order[k]));
    if (weight(order[k - 1]) == weight(order[k])) CHECK(order[k - 1] < order[k]);
  }
}

TEST_CASE("sweep(rules) is the paper's four-direction sweep", "[sweep]") {
  const audinot_rules rules;
  const layout hidden{h(0, 0), v(2, 9), h(9, 2), v(4, 4), h(6, 0)};
  REQUIRE(!validate(rules, hidden));
  CHECK(shots_of_game(rules, sweep(rules), hidden) ==
        shots_of_game(rules, sweep(rules, sweep_clearing::four_directions), hidden));
}

TEST_CASE("sweep rejects an order with a cell off the grid or twice", "[sweep]") {
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::no_contact, false);
  CHECK_THROWS_AS(sweep(rules, sweep_clearing::four_directions, {0, 16}), std::invalid_argument);
  CHECK_THROWS_AS(sweep(rules, sweep_clearing::four_directions, {3, 5, 3}), std::invalid_argument);
}

TEST_CASE("row scan shoots cells in row-major order and ends on the last ship cell", "[row_scan]") {
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::no_contact, false);
  const auto shots = shots_of_game(rules, row_scan(rules), layout{v(0, 3), h(3, 0)});
  std::vector<int> expected(14);
  for (int i = 0; i < 14; ++i) expected[static_cast<std::size_t>(i)] = i;  // ends at D2 = cell 13
  CHECK(shots == expected);
}

TEST_CASE("sweep, hand-checked: four directions east, west, south, north, and stop at the last hit", "[sweep]") {
  const auto rules = make_dynamic_rules(4, 4, {3}, adjacency::no_contact, false);
  const std::vector<int> order{5, 10, 0, 15};
  sweep s(rules, sweep_clearing::four_directions, order);  // one policy, reused game after game
  // Horizontal 3-ship B1-B3 (cells 4, 5, 6), hit at 5: east 6 hit, 7 miss; west 4 hit: sunk.
  CHECK(shots_of_game(rules, s, layout{h(1, 0)}) == std::vector<int>{5, 6, 7, 4});
  // B2-B4 (5, 6, 7): east 6, 7 -> the fleet is sunk before any miss.
  CHECK(shots_of_game(rules, s, layout{h(1, 1)}) == std::vector<int>{5, 6, 7});
  // Vertical A2-C2 (1, 5, 9): east 6 miss, west 4 miss, south 9 hit, 13 miss, north 1 hit.
  CHECK(shots_of_game(rules, s, layout{v(0, 1)}) == std::vector<int>{5, 6, 4, 9, 13, 1});
  // C1-C3 (8, 9, 10): 5 miss; 10 hit: east 11 miss, west 9 hit, 8 hit.
  CHECK(shots_of_game(rules, s, layout{h(2, 0)}) == std::vector<int>{5, 10, 11, 9, 8});
}

TEST_CASE("sweep, hand-checked: horizontal-first skips the vertical lines after a horizontal hit", "[sweep]") {
  const auto rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::no_contact, false);
  const std::vector<int> order{1, 12, 19, 0, 2};
  const layout fleet{h(0, 0), v(3, 4)};  // A1-A3 (0, 1, 2) and D5-E5 (19, 24)
  // Four directions: 1 hit; east 2 hit, 3 miss; west 0 hit, edge; south 6 miss; north edge.
  // Sweep 12 miss; 19 hit: east edge; west 18 miss; south 24 hit: done.
  CHECK(shots_of_game(rules, sweep(rules, sweep_clearing::four_directions, order), fleet) ==
        std::vector<int>{1, 2, 3, 0, 6, 12, 19, 18, 24});
  // Horizontal first: no south shot at 6 after the horizontal hits.
  CHECK(shots_of_game(rules, sweep(rules, sweep_clearing::horizontal_first, order), fleet) ==
        std::vector<int>{1, 2, 3, 0, 12, 19, 18, 24});
  // A vertical ship under horizontal-first: both horizontal misses, then vertical.
  const layout upright{v(0, 1), v(3, 4)};  // A2-C2 (1, 6, 11) and D5-E5
  CHECK(shots_of_game(rules, sweep(rules, sweep_clearing::horizontal_first, order), upright) ==
        std::vector<int>{1, 2, 0, 6, 11, 16, 12, 19, 18, 24});
}

TEST_CASE("sweep: a known miss ends a direction without a shot, swept cells already shot are skipped", "[sweep]") {
  const auto rules = make_dynamic_rules(5, 5, {2}, adjacency::no_contact, false);
  // Ship C3-C4 (12, 13). 14 miss, 11 miss, 13 hit: east 14 is a known miss
  // (no shot), west 12 hit: done.
  CHECK(shots_of_game(rules, sweep(rules, sweep_clearing::four_directions, {14, 11, 13, 12}), layout{h(2, 2)}) ==
        std::vector<int>{14, 11, 13, 12});
  // Ship A1-A2: 0 hit, east 1 hit: done; 1 was also in the order.
  CHECK(shots_of_game(rules, sweep(rules, sweep_clearing::four_directions, {0, 1}), layout{h(0, 0)}) ==
        std::vector<int>{0, 1});
  // Ship B2-B3 (6, 7): the sweep 1 misses, 7 hits: east 8 miss, west 6 hit: done.
  CHECK(shots_of_game(rules, sweep(rules, sweep_clearing::four_directions, {1, 7}), layout{h(1, 1)}) ==
        std::vector<int>{1, 7, 8, 6});
}

TEST_CASE("sweep: after the order, the remaining cells row-major with the same clearing", "[sweep]") {
  const auto rules = make_dynamic_rules(4, 3, {1, 2}, adjacency::no_contact, false);
  // 1-ship at A1 (0) is not in the order {5}; 2-ship at C3-C4 (10, 11).
  // 5 miss; then row-major 0 hit: east 1 miss, west edge, south 4 miss, north edge;
  // 2 miss, 3 miss, 6 miss, 7 miss, 8 miss, 9 miss, 10 hit: east 11 hit: done.
  CHECK(shots_of_game(rules, sweep(rules, sweep_clearing::four_directions, {5}), layout{h(0, 0), h(2, 2)}) ==
        std::vector<int>{5, 0, 1, 4, 2, 3, 6, 7, 8, 9, 10, 11});
}

TEST_CASE("sweep walks over a hit it did not make, and ignores shots it did not choose", "[sweep]") {
  const auto rules = make_dynamic_rules(5, 5, {3}, adjacency::touching, false);
  sweep s(rules, sweep_clearing::four_directions, {12, 0});
  observation obs(rules);
  obs.record_hit(13);  // someone else's shot
  CHECK(s.next_shot(obs) == 12);
  obs.record_hit(12);
  s.on_result(12, shot_result::hit(), obs);
  CHECK(s.next_shot(obs) == 14);  // east: over the known hit 13
  obs.record_miss(14);
  s.on_result(14, shot_result::miss(), obs);
  CHECK(s.next_shot(obs) == 11);  // west
}

TEST_CASE("sweep, horizontal-first: a known hit walked over, east or west, is a horizontal hit", "[sweep]") {
  // 3x2, touching, the 1-ship at A2 (1) hit by someone else. The sweep hits
  // the 2-ship at a corner of row A, walks over the known hit at 1 to the
  // far corner and misses; the other way is off the grid. That walk found
  // a horizontal hit, so the vertical lines are skipped: the next shot is
  // the sweep's second cell, not the cell south of the first hit.
  struct walk {
    const char* way;
    std::vector<int> order;
    int first, far_corner;
  };
  for (const walk& w : {walk{"east: the 2-ship at A1-B1 (0, 3)", {0, 5}, 0, 2},
                        walk{"west: the 2-ship at A3-B3 (2, 5)", {2, 3}, 2, 0}}) {
    INFO(w.way);
    const auto rules = make_dynamic_rules(3, 2, {2, 1}, adjacency::touching, false);
    sweep s(rules, sweep_clearing::horizontal_first, w.order);
    observation obs(rules);
    obs.record_hit(1);
    CHECK(s.next_shot(obs) == w.first);
    obs.record_hit(w.first);
    s.on_result(w.first, shot_result::hit(), obs);
    CHECK(s.next_shot(obs) == w.far_corner);  // over the known hit at 1
    obs.record_miss(w.far_corner);
    s.on_result(w.far_corner, shot_result::miss(), obs);
    CHECK(s.next_shot(obs) == w.order[1]);
  }
}

TEST_CASE("sweep restarts cleanly: a reused policy plays like a fresh one", "[sweep]") {
  const audinot_rules rules;
  const layout a{h(0, 0), v(2, 9), h(9, 3), v(4, 4), h(6, 0)};
  const layout b{v(5, 0), h(0, 4), v(2, 2), h(9, 5), h(4, 7)};
  REQUIRE(!validate(rules, a));
  REQUIRE(!validate(rules, b));
  for (auto mode : {sweep_clearing::four_directions, sweep_clearing::horizontal_first}) {
    sweep s(rules, mode);
    const auto first = shots_of_game(rules, s, a);
    // Same object, new game through new_game(), then without it (a shorter log restarts).
    CHECK(shots_of_game(rules, s, b) == shots_of_game(rules, sweep(rules, mode), b));
    game<audinot_rules> g(rules, a);
    std::vector<int> again;
    while (!g.over()) {
      const int c = s.next_shot(g.seen());
      again.push_back(c);
      g.shoot(c);
    }
    CHECK(again == first);
    CHECK(static_cast<int>(first.size()) <= 73);
  }
}

TEST_CASE("sweep asked about another game without new_game() plays it as a fresh one", "[sweep]") {
  // Another game's log as long as the last one's does not restart by its
  // length: the cursor had passed the cells the last game shot, and the
  // reused sweep skipped them in this one.
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  sweep<dynamic_rules> reused(rules);
  observation<dynamic_rules::board_type> last(rules), other(rules);
  for (int k = 0; k < 2; ++k) {
    const int c = reused.next_shot(last);
    last.record_miss(c);
    reused.on_result(c, shot_result::miss(), last);
  }
  for (const int c : {15, 14}) other.record_miss(c);
  REQUIRE(!last.shots().test(14));
  REQUIRE(!last.shots().test(15));
  const int fresh = sweep<dynamic_rules>(rules).next_shot(other);
  CHECK(fresh == reused.order()[0]);
  CHECK(reused.next_shot(other) == fresh);
  // The same cell with another outcome is another game too: a hit on the
  // first shot set the sweep clearing lines from it, a miss there does not.
  observation<dynamic_rules::board_type> hit(rules), miss(rules);
  reused.new_game();
  const int first = reused.next_shot(hit);
  hit.record_hit(first);
  reused.on_result(first, shot_result::hit(), hit);
  miss.record_miss(first);
  CHECK(reused.next_shot(miss) == sweep<dynamic_rules>(rules).next_shot(miss));
}

TEST_CASE("a sweep made for another grid is refused, not read past its order", "[sweep][exhaustive]") {
  // Two dynamic_rules share a type whatever their grids: the 10x10 sweep's
  // order (cells up to 99) once wrote past the 6x6 fast path's rank table.
  const auto big = make_dynamic_rules(10, 10, {3, 2}, adjacency::no_edge, false);
  const auto small = make_dynamic_rules(6, 6, {3, 2}, adjacency::no_edge, false);
  const sweep<dynamic_rules> s(big);
  CHECK(s.built_for(big));
  CHECK_FALSE(s.built_for(small));
  CHECK_FALSE(s.built_for(make_dynamic_rules(10, 9, {3, 2}, adjacency::no_edge, false)));
  CHECK_THROWS_AS(sweep_fast_path_obstacle(small, s), std::invalid_argument);
  exhaustive_options o;
  o.threads = 1;
  CHECK_THROWS_AS(evaluate_exhaustive(small, s, o), std::invalid_argument);
  CHECK_THROWS_AS(evaluate_sweep_fast(small, s, o), std::invalid_argument);
}

TEST_CASE("default sweep order on a grid of even width: the checkerboard class of the top-left cell", "[sweep]") {
  // 4x3, one 2-ship. The class of A1: cells 0, 2 (row 0), 5, 7 (row 1), 8,
  // 10 (row 2), not the even cell numbers (4 and 6 are row 1's other
  // class). Placements covering each, across + down, by hand: 0: 1+1,
  // 2: 2+1, 5: 2+2, 7: 1+2, 8: 1+1, 10: 2+1. By decreasing count, ties
  // row-major: 5, then 2, 7, 10, then 0, 8.
  const auto rules = make_dynamic_rules(4, 3, {2}, adjacency::no_contact, false);
  CHECK(default_sweep_order(rules) == std::vector<int>{5, 2, 7, 10, 0, 8});
  CHECK(sweep(rules).order() == std::vector<int>{5, 2, 7, 10, 0, 8});
}

}  // namespace test_sweep
