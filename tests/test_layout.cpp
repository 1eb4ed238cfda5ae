// layout validation: the messages say which ship is out of bounds, overlaps
// which at which cell, or touches which, under each adjacency rule; and
// validate() agrees with the enumerators over every combination of
// placements on small grids.
#include <catch2/catch.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/layout.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/recursive_enumerator.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_layout {

using namespace battleship;

namespace {

constexpr auto H = orientation::horizontal;
constexpr auto V = orientation::vertical;

using touching_rules = ruleset<grid<10, 10>, classic_fleet, touching_allowed, hit_miss>;
using no_edge_rules = ruleset<grid<10, 10>, classic_fleet, no_edge_contact, hit_miss>;
using no_contact_rules = ruleset<grid<10, 10>, classic_fleet, no_contact, hit_miss>;

// Carrier A1-A5, Battleship C1-C4, Cruiser E1-E3, Submarine G1-G3, Destroyer I1-I2:
// a blank row between ships, legal under every rule.
layout spaced() { return {{0, 0, H}, {2, 0, H}, {4, 0, H}, {6, 0, H}, {8, 0, H}}; }

template <class R>
std::string why(const R& rules, const layout& l) {
  const auto v = validate(rules, l);
  return v ? *v : std::string("valid");
}

}  // namespace

TEST_CASE("a legal layout validates under every rule", "[layout]") {
  CHECK(!validate(touching_rules{}, spaced()));
  CHECK(!validate(no_edge_rules{}, spaced()));
  CHECK(!validate(no_contact_rules{}, spaced()));
  CHECK(occupied_cells(touching_rules{}, spaced()).count() == 17);
}

TEST_CASE("wrong number of ships", "[layout]") {
  layout four = {{0, 0, H}, {2, 0, H}, {4, 0, H}, {6, 0, H}};
  CHECK(why(touching_rules{}, four) == "layout places 4 ships but the fleet has 5");
  layout six = spaced();
  six.push_back({9, 9, H});
  CHECK(why(no_contact_rules{}, six) == "layout places 6 ships but the fleet has 5");
  CHECK(why(touching_rules{}, layout{}) == "layout places 0 ships but the fleet has 5");
}

TEST_CASE("out of bounds names the ship", "[layout]") {
  layout l = spaced();
  l[1] = {2, 7, H};  // Battleship C8..C11
  CHECK(why(touching_rules{}, l) == "Battleship (ship 2, length 4) is out of bounds");
  l = spaced();
  l[0] = {6, 9, V};  // Carrier G10..K10
  CHECK(why(no_edge_rules{}, l) == "Carrier (ship 1, length 5) is out of bounds");
  l = spaced();
  l[4] = {-1, 0, H};
  CHECK(why(no_contact_rules{}, l) == "Destroyer (ship 5, length 2) is out of bounds");
  l = spaced();
  l[3] = {0, 10, V};
  CHECK(why(touching_rules{}, l) == "Submarine (ship 4, length 3) is out of bounds");
  // ship_masks / occupied_cells refuse with the same words.
  CHECK_THROWS_WITH(occupied_cells(touching_rules{}, l), "Submarine (ship 4, length 3) is out of bounds");
}

TEST_CASE("an orientation that is neither horizontal nor vertical is refused", "[layout]") {
  // Cast from an integer (a file, a network message): it used to pass as a
  // one-cell ship, and a game against it could never end.
  layout l = spaced();
  l[2].dir = static_cast<orientation>(2);
  CHECK(why(touching_rules{}, l) ==
        "Cruiser (ship 3, length 3) has no orientation (2, neither horizontal nor vertical)");
  const board_geometry<bitboard<100>> g(10, 10);
  CHECK_FALSE(g.ship_mask(0, 0, static_cast<orientation>(2), 3).has_value());
  CHECK_THROWS_AS(occupied_cells(touching_rules{}, l), std::invalid_argument);
}

TEST_CASE("overlap names both ships and the first shared cell, under every rule", "[layout]") {
  layout l = spaced();
  l[2] = {0, 3, V};  // Cruiser A4-C4 crosses the Carrier at A4 and the Battleship at C4
  const std::string expected = "Cruiser (ship 3, length 3) overlaps Carrier (ship 1, length 5) at A4";
  CHECK(why(touching_rules{}, l) == expected);
  CHECK(why(no_edge_rules{}, l) == expected);
  CHECK(why(no_contact_rules{}, l) == expected);
  l = spaced();
  l[4] = {6, 1, H};  // Destroyer G2-G3 on the Submarine
  CHECK(why(touching_rules{}, l) == "Destroyer (ship 5, length 2) overlaps Submarine (ship 4, length 3) at G2");
}

TEST_CASE("edge contact: legal when touching is allowed, refused otherwise", "[layout]") {
  layout l = spaced();
  l[1] = {1, 0, H};  // Battleship B1-B4 right under the Carrier
  CHECK(!validate(touching_rules{}, l));
  CHECK(why(no_edge_rules{}, l) == "Battleship (ship 2, length 4) touches Carrier (ship 1, length 5) (rule no-edge)");
  CHECK(why(no_contact_rules{}, l) ==
        "Battleship (ship 2, length 4) touches Carrier (ship 1, length 5) (rule no-contact)");
  // End to end in a row.
  l = spaced();
  l[4] = {8, 3, H};  // Destroyer I4-I5, with nothing else on row I
  CHECK(!validate(no_contact_rules{}, l));
  l[3] = {8, 0, H};  // Submarine I1-I3 ends where the Destroyer starts
  CHECK(!validate(touching_rules{}, l));
  CHECK(why(no_edge_rules{}, l) == "Destroyer (ship 5, length 2) touches Submarine (ship 4, length 3) (rule no-edge)");
}

TEST_CASE("diagonal contact: refused only under no-contact", "[layout]") {
  layout l = spaced();
  l[3] = {7, 3, H};  // Submarine H4-H6
  l[4] = {8, 6, H};  // Destroyer I7-I8 touches the Submarine's end H6 diagonally
  CHECK(!validate(touching_rules{}, l));
  CHECK(!validate(no_edge_rules{}, l));
  CHECK(why(no_contact_rules{}, l) ==
        "Destroyer (ship 5, length 2) touches Submarine (ship 4, length 3) (rule no-contact)");
}

TEST_CASE("layout holds at most 16 ships", "[layout]") {
  layout l;
  for (int i = 0; i < max_ships; ++i) l.push_back({i % 10, 0, H});
  CHECK(l.size() == 16);
  CHECK_THROWS_AS(l.push_back({0, 0, H}), std::invalid_argument);
  CHECK(l == l);
  layout m = l;
  m[3].dir = V;
  CHECK(!(m == l));
}

TEST_CASE("picture draws each ship with its letter", "[layout]") {
  using small = ruleset<grid<4, 3>, fleet<3, 2>, touching_allowed, hit_miss>;
  const layout l = {{0, 1, H}, {1, 0, V}};
  CHECK(picture(small{}, l) == ".AAA\nB...\nB...\n");
}

// The most naive reference there is: every combination of in-bounds
// placements, judged by validate(). It must agree with the enumerator, and
// every enumerated layout must validate.
TEST_CASE("validate() agrees with the enumerator on every combination", "[layout]") {
  struct instance {
    int w, h;
    std::vector<int> lengths;
  };
  const std::vector<instance> instances{
      {4, 4, {3, 2}}, {5, 4, {3, 2, 2}}, {3, 5, {2, 2, 1}}, {5, 5, {4, 3}}, {6, 2, {3, 2}}};
  for (const auto& in : instances)
    for (auto rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact}) {
      const auto rules = make_dynamic_rules(in.w, in.h, in.lengths, rule, false);
      INFO(in.w << "x" << in.h << " rule " << to_string(rule));
      const placement_table<dynamic_rules> table(rules);
      long valid = 0;
      layout l;
      for (int i = 0; i < rules.ship_count(); ++i) l.push_back({});
      auto rec = [&](auto&& self, int i) -> void {
        if (i == rules.ship_count()) {
          valid += !validate(rules, l).has_value();
          return;
        }
        for (const auto& p : table.ship(i)) {
          l[i] = p.where;
          self(self, i + 1);
        }
      };
      rec(rec, 0);
      long enumerated = 0;
      bool all_valid = true;
      for_each_layout(rules, [&](const auto& e) {
        ++enumerated;
        all_valid = all_valid && !validate(rules, e.to_layout());
      });
      CHECK(valid == enumerated);
      CHECK(all_valid);
      CHECK(valid > 0);
    }
}

TEST_CASE("layouts of different sizes are never equal, whichever side is shorter", "[layout]") {
  const layout one{{0, 0, H}};
  const layout two{{0, 0, H}, {2, 0, H}};
  // Equal as far as the shorter one goes, different sizes: not equal.
  CHECK_FALSE(one == two);
  CHECK_FALSE(two == one);
  CHECK_FALSE(layout{} == one);
  CHECK_FALSE(one == layout{});
  CHECK(layout{} == layout{});
  layout grown = one;
  grown.push_back({2, 0, H});
  CHECK(grown == two);
}

TEST_CASE("overlap names the first shared cell, not the first cell of the later ship", "[layout]") {
  // Carrier A1-A5, Battleship C1-C4, Cruiser B4-D4 (vertical), Submarine
  // G1-G3, Destroyer I1-I2. The Cruiser's first cell B4 is free (it only
  // touches the Carrier at A4, which the touching rule allows); it shares C4
  // with the Battleship: C4 is the cell to name.
  const layout l{{0, 0, H}, {2, 0, H}, {1, 3, V}, {6, 0, H}, {8, 0, H}};
  const auto v = validate(touching_rules{}, l);
  REQUIRE(v);
  CHECK(*v == "Cruiser (ship 3, length 3) overlaps Battleship (ship 2, length 4) at C4");
}

TEST_CASE("all_placements lists horizontal placements in scan order of their start cell, then vertical ones",
          "[layout]") {
  // A 2-ship on 3 columns x 2 rows, by hand: four horizontal starts A1 A2 B1
  // B2, then three vertical ones A1 A2 A3. The exhaustive shards and the
  // sequential defence's draws go by this order.
  const board_geometry<bitboard<6>> g(3, 2);
  std::vector<placement> got;
  for (const auto& p : all_placements(g, 2)) got.push_back(p.where);
  CHECK(got == std::vector<placement>{{0, 0, H}, {0, 1, H}, {1, 0, H}, {1, 1, H}, {0, 0, V}, {0, 1, V}, {0, 2, V}});
  CHECK(all_placements(g, 2)[4].mask == bitboard<6>::single(0).set(3));
  // A 1-ship: one placement per cell, in cell order, horizontal only.
  const auto ones = all_placements(g, 1);
  REQUIRE(ones.size() == 6);
  for (std::size_t c = 0; c < ones.size(); ++c) CHECK(ones[c].mask == bitboard<6>::single(c));
}

TEST_CASE("a layout written as a list takes 16 ships, the most a fleet has, and refuses 17", "[layout]") {
  // One 1-ship at column 0 of each of 16 rows; then the same with a 17th.
  const layout sixteen{{0, 0, H}, {1, 0, H}, {2, 0, H},  {3, 0, H},  {4, 0, H},  {5, 0, H},  {6, 0, H},  {7, 0, H},
                       {8, 0, H}, {9, 0, H}, {10, 0, H}, {11, 0, H}, {12, 0, H}, {13, 0, H}, {14, 0, H}, {15, 0, H}};
  CHECK(sixteen.size() == 16);
  CHECK(sixteen[15] == placement{15, 0, H});
  const auto seventeen = [] {
    return layout{{0, 0, H},  {1, 0, H},  {2, 0, H},  {3, 0, H},  {4, 0, H},  {5, 0, H},
                  {6, 0, H},  {7, 0, H},  {8, 0, H},  {9, 0, H},  {10, 0, H}, {11, 0, H},
                  {12, 0, H}, {13, 0, H}, {14, 0, H}, {15, 0, H}, {16, 0, H}};
  };
  CHECK_THROWS_AS(seventeen(), std::invalid_argument);
}

}  // namespace test_layout
