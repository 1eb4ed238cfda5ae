// Compile-time solving: optimal values checked by static_assert, and the same
// constexpr functions run again at run time (under the sanitizers in CI).
#include <catch2/catch.hpp>

#include <battleship/count/exact_counter.hpp>
#include <battleship/count/recursive_enumerator.hpp>
#include <battleship/solve/bounds.hpp>
#include <battleship/solve/optimal.hpp>
#include <battleship/solver.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_solve_static {

using namespace battleship;

namespace {
using figure5 = ruleset<grid<3, 2>, fleet<2>, no_contact, hit_miss>;
using figure5_sunk = ruleset<grid<3, 2>, fleet<2>, no_contact, hit_miss_sunk>;
using table1_4x4_2 = ruleset<grid<4, 4>, fleet<2>, no_contact, hit_miss>;
using table1_4x4_33 = ruleset<grid<4, 4>, fleet<3, 3>, no_contact, hit_miss>;
using table1_4x4_23 = ruleset<grid<4, 4>, fleet<2, 3>, no_contact, hit_miss>;

// Once the ship is hit in a corner of 4x4, two layouts remain: 1 + 1 + 2 shots.
constexpr bool corner_hit_totals_three() {
  const table1_4x4_2 rules;
  observation<table1_4x4_2::board_type> obs(rules);
  obs.record_hit(0);
  return optimal_total_height(rules, obs) == 3;
}

constexpr bool bounds_match_the_paper() {
  return complete_tree_bound(11).total == 39 && hits_aware_bound(7, 2).total == 25 &&
         complete_tree_bound(24).total == 112;  // 4x4, one 2-ship: 4 + 16/24
}
}  // namespace

// Audinot et al. Table 1, solved by the compiler.
static_assert(optimal_total_height<table1_4x4_2>() == 146);
static_assert(optimal_total_height<table1_4x4_33>() == 196);
// Figure 5: the paper's strategy (25) is optimal.
static_assert(optimal_total_height<figure5>() == 25);
// One ship: announcing its sinking tells nothing the last hit did not.
static_assert(optimal_total_height<figure5_sunk>() == 25);
// Two named one-cell ships on 3x2, searched as one type: 2! 2 C(7, 3) = 140.
static_assert(optimal_total_height<ruleset<grid<3, 2>, fleet<1, 1>, touching_allowed, hit_miss_sunk>>() == 140);
static_assert(corner_hit_totals_three());
static_assert(bounds_match_the_paper());

// Layout counts by Audinot et al.'s Algorithm 1, evaluated by the compiler.
namespace {
using three_by_three_2 = ruleset<grid<3, 3>, fleet<2>, touching_allowed, hit_miss>;
using three_by_three_22 = ruleset<grid<3, 3>, fleet<2, 2>, no_contact, hit_miss>;

// A hit in the centre of 3x3 leaves the four placements through it; a miss
// in a corner as well removes none of them.
constexpr count_type centre_hit_layouts() {
  const three_by_three_2 rules;
  observation<three_by_three_2::board_type> obs(rules);
  obs.record_hit(4);
  obs.record_miss(0);
  return enumerate_recursive(rules, obs).labelled;
}
}  // namespace
static_assert(enumerate_recursive(three_by_three_2{}).labelled == 12);     // 6 across, 6 down
static_assert(enumerate_recursive(three_by_three_2{}).occupancy[0] == 2);  // a corner: one across, one down
static_assert(enumerate_recursive(three_by_three_2{}).occupancy[4] == 4);  // the centre
static_assert(enumerate_recursive(table1_4x4_2{}).labelled == 24);         // Table 1's 24 leaves
static_assert(enumerate_recursive(three_by_three_22{}).labelled == 16);
static_assert(enumerate_recursive(three_by_three_22{}).unlabelled == 8);
static_assert(centre_hit_layouts() == 4);

TEST_CASE("the constexpr solver gives the same values at run time", "[solve][static]") {
  CHECK(optimal_total_height<table1_4x4_2>() == 146);
  CHECK(optimal_total_height<table1_4x4_33>() == 196);
  CHECK(optimal_total_height<figure5>() == 25);
  CHECK(optimal_total_height<figure5_sunk>() == 25);
  CHECK(corner_hit_totals_three());
  CHECK(bounds_match_the_paper());
  CHECK(optimal_total_height(table1_4x4_2{}) == solve_optimal(table1_4x4_2{}).total_height);
  // The compile-time counts, again at run time and by the exact counter.
  for (const bool occupancy : {true, false}) {
    const auto at_run_time = enumerate_recursive(three_by_three_22{}, occupancy);
    CHECK(at_run_time.labelled == 16);
    CHECK(at_run_time.occupancy.size() == (occupancy ? 9U : 0U));
  }
  const auto counted = exact_count(three_by_three_2{});
  const auto enumerated = enumerate_recursive(three_by_three_2{});
  CHECK(counted.labelled == enumerated.labelled);
  CHECK(counted.occupancy == enumerated.occupancy);
  CHECK(centre_hit_layouts() == 4);
  // More than 64 leaves is refused (use solve_optimal).
  CHECK_THROWS_AS(optimal_total_height<table1_4x4_23>(), std::invalid_argument);
}

TEST_CASE("optimal_total_height takes exactly 64 leaves, and refuses 66", "[solve][static]") {
  // One 1-cell ship on 8x8 (hit/miss): 64 layouts, each its own leaf. A shot
  // sinks at most one layout, so the k-th shot ends at most one game: the
  // total is at least 1 + 2 + ... + 64 = 64 * 65 / 2 = 2080, and any scan
  // reaches it.
  using sixty_four = ruleset<grid<8, 8>, fleet<1>, touching_allowed, hit_miss>;
  CHECK(optimal_total_height<sixty_four>() == 2080);
  // Two 1-cell ships on 4x3 (hit/miss: a leaf is a pair of cells): C(12, 2)
  // = 66 leaves, past the limit the message names.
  using sixty_six = ruleset<grid<4, 3>, fleet<1, 1>, touching_allowed, hit_miss>;
  CHECK_THROWS_WITH(optimal_total_height<sixty_six>(), Catch::Contains("more than 64 leaves"));
}

}  // namespace test_solve_static
