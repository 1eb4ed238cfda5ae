// Compile-time tests of the concepts: each accepts the library's models and a
// minimal user-written model, and rejects non-models. A few run-time cases
// show that a ruleset built only from user models works end to end.
#include <catch2/catch.hpp>

#include <bitset>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/core/adjacency.hpp>
#include <battleship/core/feedback.hpp>
#include <battleship/core/fleet.hpp>
#include <battleship/core/grid.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/bitset_enumerator.hpp>
#include <battleship/count/recursive_enumerator.hpp>
#include <battleship/density/density_model.hpp>
#include <battleship/strategy/strategy.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_concepts {

using namespace battleship;

namespace {
namespace user {

// Minimal models a user could write.
struct grid_4x3 {
  using board_type = bitboard<12>;
  int width() const { return 4; }
  int height() const { return 3; }
};
struct two_ships {
  int ship_count() const { return 2; }
  int length(int i) const { return i == 0 ? 3 : 2; }
  std::string_view name(int i) const { return i == 0 ? "Long" : "Short"; }
};
struct diagonal_only {
  adjacency kind() const { return adjacency::no_edge; }
};
struct silent_referee {
  bool announces_sunk() const { return false; }
};
struct uniform_density {
  using board_type = bitboard<12>;
  density_map weights(const observation<board_type>& seen) const {
    density_map w(12, 0.0);
    for (std::size_t c = 0; c < 12; ++c)
      if (!seen.shots().test(c)) w[c] = 1.0;
    return w;
  }
};
// The smallest strategy: the first cell not yet shot.
struct first_free {
  using board_type = bitboard<12>;
  int next_shot(const observation<board_type>& seen) { return static_cast<int>((~seen.shots()).lowest()); }
};
// A strategy using both optional hooks.
struct counting_strategy : first_free {
  int results = 0, games = 0;
  void on_result(int, shot_result, const observation<board_type>&) { ++results; }
  void new_game() { ++games; }
};

// Non-models, each missing or mistyping one part.
struct no_board {
  int width() const { return 4; }
  int height() const { return 3; }
};
struct wrong_board {
  using board_type = std::bitset<12>;
  int width() const { return 4; }
  int height() const { return 3; }
};
struct no_height {
  using board_type = bitboard<12>;
  int width() const { return 4; }
};
struct string_width {
  using board_type = bitboard<12>;
  std::string width() const { return "4"; }
  int height() const { return 3; }
};
struct not_copyable_grid : grid_4x3 {
  not_copyable_grid() = default;
  not_copyable_grid(const not_copyable_grid&) = delete;
};
struct no_names {
  int ship_count() const { return 1; }
  int length(int) const { return 2; }
};
struct no_lengths {
  int ship_count() const { return 1; }
  std::string_view name(int) const { return "x"; }
};
struct int_kind {
  int kind() const { return 0; }
};
struct bool_kind {
  bool kind() const { return true; }
};
struct no_flag {};
struct string_flag {
  std::string announces_sunk() const { return "yes"; }
};
struct density_without_board {
  density_map weights(const observation<bitboard<12>>&) const { return {}; }
};
struct density_returning_int {
  using board_type = bitboard<12>;
  int weights(const observation<board_type>&) const { return 0; }
};
struct strategy_without_shot {
  using board_type = bitboard<12>;
};
struct strategy_returning_string {
  using board_type = bitboard<12>;
  std::string next_shot(const observation<board_type>&) { return "A1"; }
};

using rules = ruleset<grid_4x3, two_ships, diagonal_only, silent_referee>;

}  // namespace user
}  // namespace

// Grid
static_assert(Grid<grid<10, 10>>);
static_assert(Grid<grid<1, 1>>);
static_assert(Grid<dynamic_grid<256>>);
static_assert(Grid<dynamic_grid<100>>);
static_assert(Grid<user::grid_4x3>);
static_assert(!Grid<int>);
static_assert(!Grid<bitboard<100>>);
static_assert(!Grid<user::no_board>);
static_assert(!Grid<user::wrong_board>);
static_assert(!Grid<user::no_height>);
static_assert(!Grid<user::string_width>);
static_assert(!Grid<user::not_copyable_grid>);
static_assert(!Grid<classic_fleet>);

// ShipSet
static_assert(ShipSet<fleet<5, 4, 3, 3, 2>>);
static_assert(ShipSet<fleet<1>>);
static_assert(ShipSet<classic_fleet>);
static_assert(ShipSet<dynamic_fleet>);
static_assert(ShipSet<user::two_ships>);
static_assert(!ShipSet<int>);
static_assert(!ShipSet<std::vector<int>>);
static_assert(!ShipSet<user::no_names>);
static_assert(!ShipSet<user::no_lengths>);
static_assert(!ShipSet<grid<10, 10>>);

// AdjacencyRule
static_assert(AdjacencyRule<touching_allowed>);
static_assert(AdjacencyRule<no_edge_contact>);
static_assert(AdjacencyRule<no_contact>);
static_assert(AdjacencyRule<dynamic_adjacency>);
static_assert(AdjacencyRule<user::diagonal_only>);
static_assert(!AdjacencyRule<int>);
static_assert(!AdjacencyRule<adjacency>);
static_assert(!AdjacencyRule<user::int_kind>);
static_assert(!AdjacencyRule<user::bool_kind>);
static_assert(!AdjacencyRule<hit_miss>);

// Feedback
static_assert(Feedback<hit_miss>);
static_assert(Feedback<hit_miss_sunk>);
static_assert(Feedback<dynamic_feedback>);
static_assert(Feedback<user::silent_referee>);
static_assert(!Feedback<int>);
static_assert(!Feedback<bool>);
static_assert(!Feedback<user::no_flag>);
static_assert(!Feedback<user::string_flag>);
static_assert(!Feedback<touching_allowed>);

// Ruleset: only ruleset<...> bundles (cv/ref-qualified too), and the bundle
// itself refuses parts that do not model their concept.
static_assert(Ruleset<park_rules>);
static_assert(Ruleset<datagenetics_rules>);
static_assert(Ruleset<audinot_rules>);
static_assert(Ruleset<dynamic_rules>);
// A ruleset is default constructible exactly when its grid is. Asking must
// not be an error (clang rejected a `grid{}` initializer there, and
// std::pair<dynamic_rules, ...> asks).
static_assert(std::is_default_constructible_v<park_rules>);
static_assert(!std::is_default_constructible_v<dynamic_rules>);
static_assert(std::is_default_constructible_v<std::pair<park_rules, int>>);
static_assert(!std::is_default_constructible_v<std::pair<dynamic_rules, int>>);
static_assert(Ruleset<const park_rules&>);
static_assert(Ruleset<user::rules>);
static_assert(!Ruleset<int>);
static_assert(!Ruleset<user::grid_4x3>);
static_assert(!Ruleset<grid<10, 10>>);

namespace {
template <class G, class S, class A, class F>
concept can_bundle = requires {
  typename ruleset<G, S, A, F>;
};
}  // namespace
static_assert(can_bundle<user::grid_4x3, user::two_ships, user::diagonal_only, user::silent_referee>);
static_assert(!can_bundle<int, user::two_ships, user::diagonal_only, user::silent_referee>);
static_assert(!can_bundle<user::grid_4x3, user::no_names, user::diagonal_only, user::silent_referee>);
static_assert(!can_bundle<user::grid_4x3, user::two_ships, user::int_kind, user::silent_referee>);
static_assert(!can_bundle<user::grid_4x3, user::two_ships, user::diagonal_only, user::no_flag>);
// The parts in the wrong order are refused as well.
static_assert(!can_bundle<user::two_ships, user::grid_4x3, user::diagonal_only, user::silent_referee>);

// The presets are what the seed papers describe.
static_assert(park_rules{}.geometry().cell_count() == 100);
static_assert(park_rules{}.contact() == adjacency::touching && !park_rules{}.announces_sunk());
static_assert(datagenetics_rules{}.contact() == adjacency::touching && datagenetics_rules{}.announces_sunk());
static_assert(audinot_rules{}.contact() == adjacency::no_contact && !audinot_rules{}.announces_sunk());
static_assert(total_ship_cells(classic_fleet{}) == 17);
static_assert(classic_fleet::name(0) == "Carrier" && classic_fleet::name(4) == "Destroyer");

// DensityModel
static_assert(DensityModel<user::uniform_density>);
static_assert(!DensityModel<int>);
static_assert(!DensityModel<user::density_without_board>);
static_assert(!DensityModel<user::density_returning_int>);
static_assert(!DensityModel<user::first_free>);

// Strategy
static_assert(Strategy<user::first_free>);
static_assert(Strategy<user::counting_strategy>);
static_assert(!Strategy<int>);
static_assert(!Strategy<user::strategy_without_shot>);
static_assert(!Strategy<user::strategy_returning_string>);
static_assert(!Strategy<user::uniform_density>);
static_assert(detail::observes_outcomes<user::counting_strategy> && !detail::observes_outcomes<user::first_free>);
static_assert(detail::restartable<user::counting_strategy> && !detail::restartable<user::first_free>);

// A seed hook must take the whole 64-bit seed (seed_strategy refuses the rest).
namespace {
namespace seed_hooks {
struct exact : user::first_free {
  void seed(std::uint64_t) noexcept {}
};
struct by_const_reference : user::first_free {
  void seed(const std::uint64_t&) const {}
};
struct unsigned_long_long : user::first_free {
  void seed(unsigned long long) {}
};
struct inherited : exact {};
struct narrow : user::first_free {
  void seed(int) {}
};
struct thirty_two_bits : user::first_free {
  void seed(std::uint32_t) {}
};
struct floating : user::first_free {
  void seed(double) {}
};
}  // namespace seed_hooks
}  // namespace
static_assert(!detail::seed_loses_bits<seed_hooks::exact> && !detail::seed_loses_bits<seed_hooks::by_const_reference>);
static_assert(!detail::seed_loses_bits<seed_hooks::unsigned_long_long> &&
              !detail::seed_loses_bits<seed_hooks::inherited>);
static_assert(!detail::seed_loses_bits<user::first_free>);  // no seed hook at all
static_assert(detail::seed_loses_bits<seed_hooks::narrow> && detail::seed_loses_bits<seed_hooks::thirty_two_bits> &&
              detail::seed_loses_bits<seed_hooks::floating>);

TEST_CASE("a ruleset of user-written models counts like the built-in one", "[concepts]") {
  const user::rules mine{};
  const auto same = make_dynamic_rules(4, 3, {3, 2}, adjacency::no_edge, false);
  const auto a = enumerate_bitset(mine);
  const auto b = enumerate_recursive(mine);
  const auto c = enumerate_bitset(same);
  CHECK(a.labelled > 0);
  CHECK(a.labelled == b.labelled);
  CHECK(a.labelled == c.labelled);
  CHECK(a.occupancy == c.occupancy);
  CHECK(std::string(mine.fleet.name(1)) == "Short");
}

TEST_CASE("optional strategy hooks are called only when present", "[concepts]") {
  const user::rules r{};
  observation obs(r);
  user::counting_strategy s;
  user::first_free plain;
  const int cell = s.next_shot(obs);
  CHECK(cell == 0);
  CHECK(plain.next_shot(obs) == 0);
  obs.record_miss(cell);
  notify_result(s, cell, shot_result::miss(), obs);
  notify_result(plain, cell, shot_result::miss(), obs);  // no hook: nothing happens
  start_new_game(s);
  start_new_game(plain);
  CHECK(s.results == 1);
  CHECK(s.games == 1);
  CHECK(s.next_shot(obs) == 1);
  user::uniform_density d;
  const auto w = d.weights(obs);
  CHECK(w[0] == 0.0);
  CHECK(w[1] == 1.0);
}

TEST_CASE("run-time models refuse what they cannot represent", "[concepts]") {
  CHECK_THROWS_WITH(make_dynamic_rules(6, 6, {7}, adjacency::touching, false),
                    "ship Ship1 of length 7 does not fit on a 6x6 grid");
  CHECK_NOTHROW(make_dynamic_rules(7, 2, {7}, adjacency::touching, false));
  CHECK_THROWS_WITH(make_dynamic_rules(3, 3, {3, 3, 3, 1}, adjacency::touching, false),
                    "the fleet has more cells than the grid");
  CHECK_NOTHROW(make_dynamic_rules(2, 2, {2, 2}, adjacency::touching, false));  // as many cells: it fills the grid
  CHECK_THROWS_WITH(make_dynamic_rules(17, 16, {2}, adjacency::touching, false), Catch::Contains("256-cell"));
  // An adjacency cast from an integer other than the three rules' (it was
  // taken as touching, and labelled "?").
  CHECK_THROWS_WITH(make_dynamic_rules(4, 4, {2}, static_cast<adjacency>(7), false),
                    "no adjacency rule 7 (touching, no_edge or no_contact)");
  CHECK_THROWS_WITH(dynamic_fleet(std::vector<int>{}), "a fleet needs at least one ship");
  CHECK_THROWS_WITH(dynamic_fleet(std::vector<int>(17, 2)), "at most 16 ships");
  CHECK_NOTHROW(dynamic_fleet(std::vector<int>(16, 2)));
  CHECK_THROWS_WITH(dynamic_fleet({3, 0}), "ship length 0 is not in 1..26");
  CHECK_THROWS_WITH(dynamic_fleet({27}), "ship length 27 is not in 1..26");
  CHECK_THROWS_WITH(dynamic_fleet({2, 2}, {"a"}), "one name per ship is needed");
  CHECK_THROWS_WITH(dynamic_fleet({2, 2}, {"a", "a"}), "two ships are named a");

  // Default names: the classic fleet gets its Hasbro names, others generic ones.
  const dynamic_fleet classic{5, 4, 3, 3, 2};
  CHECK(classic.name(3) == "Submarine");
  CHECK(dynamic_fleet{3, 2}.name(1) == "Ship2");
  CHECK(dynamic_fleet(classic_fleet{}).name(0) == "Carrier");
  CHECK(find_ship(classic, "Cruiser") == 2);
  CHECK(find_ship(classic, "destroyer") == 4);
  CHECK(find_ship(classic, "Frigate") == -1);
  // The throwing lookup for a player's answer: the same matches, and a name
  // the fleet lacks quoted with the fleet's names.
  CHECK(ship_named(classic, "destroyer") == 4);
  CHECK_THROWS_WITH(ship_named(classic, "Frigate"),
                    "no ship named 'Frigate' in the fleet (Carrier, Battleship, Cruiser, Submarine, Destroyer)");
  CHECK_THROWS_WITH(ship_named(fleet<3, 2>{}, ""), "no ship named '' in the fleet (Ship1, Ship2)");
  // A ShipSet may return its names by value: the case-insensitive search
  // keeps each alive while it reads it (it used to read a destroyed string,
  // which ASan reports; names past the small-string buffer make it show).
  struct names_by_value {
    [[nodiscard]] int ship_count() const { return 2; }
    [[nodiscard]] int length(int i) const { return i == 0 ? 3 : 2; }
    [[nodiscard]] std::string name(int i) const {
      return i == 0 ? "Long cruiser number one, with a long name" : "Little destroyer number two, also long";
    }
  };
  static_assert(ShipSet<names_by_value>);
  CHECK(find_ship(names_by_value{}, "little destroyer number two, also long") == 1);
  CHECK(find_ship(names_by_value{}, "Long cruiser number one, with a long name") == 0);
  CHECK(find_ship(names_by_value{}, "LONG CRUISER NUMBER ONE, WITH A LONG NAMF") == -1);
  CHECK_THROWS_WITH(
      ship_named(names_by_value{}, "x"),
      Catch::EndsWith("(Long cruiser number one, with a long name, Little destroyer number two, also long)"));

  CHECK(parse_adjacency("no-edge") == adjacency::no_edge);
  static_assert(find_adjacency("touching") == adjacency::touching);  // at compile time, no exception
  static_assert(!find_adjacency("No-edge").has_value());
  CHECK(to_string(parse_adjacency("no-contact")) == "no-contact");
  CHECK_THROWS_WITH(parse_adjacency("diagonal"), Catch::Contains("unknown adjacency rule 'diagonal'"));
  CHECK(parse_feedback("sunk"));
  CHECK(!parse_feedback("hit-miss"));
  CHECK_THROWS_AS(parse_feedback("loud"), std::invalid_argument);
}

TEST_CASE("parse_feedback takes hit-miss-sunk as another name for sunk, and nothing else", "[concepts]") {
  CHECK(parse_feedback("hit-miss-sunk"));
  CHECK(parse_feedback("sunk"));
  CHECK_FALSE(parse_feedback("hit-miss"));
  CHECK_THROWS_WITH(parse_feedback("Sunk"), "unknown feedback 'Sunk' (expected hit-miss or sunk)");
  CHECK_THROWS_WITH(parse_feedback("hit-miss-"), "unknown feedback 'hit-miss-' (expected hit-miss or sunk)");
}

TEST_CASE("read_rules_label reads back what rules_label writes, and nothing else", "[concepts]") {
  const auto park = read_rules_label(rules_label(park_rules{}));
  REQUIRE(park);
  CHECK(park->width == 10);
  CHECK(park->height == 10);
  CHECK(park->lengths == std::vector<int>{5, 4, 3, 3, 2});
  CHECK(park->rule == adjacency::touching);
  CHECK_FALSE(park->sunk);
  for (const auto& rules : {make_dynamic_rules(7, 4, {3, 3, 2}, adjacency::no_edge, true),
                            make_dynamic_rules(26, 1, {9}, adjacency::no_contact, false)}) {
    const std::string label = rules_label(rules);
    INFO(label);
    const auto parts = read_rules_label(label);
    REQUIRE(parts);
    CHECK(same_game(make_dynamic_rules(parts->width, parts->height, parts->lengths, parts->rule, parts->sunk), rules));
  }
  for (const char* other :
       {"", "10x10 5,4,3,3,2 touching", "10x10 5,4,3,3,2 touching hit-miss x", "10x10  5,4,3,3,2 touching hit-miss",
        "010x10 5,4,3,3,2 touching hit-miss", "10X10 5,4,3,3,2 touching hit-miss", "10x10 5,,2 touching hit-miss",
        "10x10 5,4 touching loud", "10x10 5,4 sideways hit-miss", "-1x10 5 touching hit-miss",
        "10x10 5,4,3,3,2 touching hit-miss-sunk"}) {
    INFO(other);
    CHECK_FALSE(read_rules_label(other));
  }
}

TEST_CASE("dynamic_fleet: length 26 is the largest accepted, and find_ship matches whole names in any case",
          "[concepts]") {
  // max_ship_length is 26 (fleet.hpp), so 26 itself is accepted; 27 is
  // refused (the existing test checks that side of the bound).
  CHECK_NOTHROW(dynamic_fleet({26}));
  CHECK(dynamic_fleet({26, 1}).length(0) == 26);

  // Case-insensitive search lowers every letter A..Z, Z included: "zodiac"
  // names "Zodiac" (letters at both ends of the alphabet).
  const dynamic_fleet f({3, 2}, {"Zodiac", "Ketch"});
  CHECK(find_ship(f, "zodiac") == 0);
  CHECK(find_ship(f, "ZODIAC") == 0);
  CHECK(find_ship(f, "kETCH") == 1);

  // Whole names only: a longer word that starts with a ship's name, or a
  // prefix of one, names no ship.
  const dynamic_fleet classic{5, 4, 3, 3, 2};
  CHECK(find_ship(classic, "Destroyers") == -1);
  CHECK(find_ship(classic, "destroyer2") == -1);
  CHECK(find_ship(classic, "Destroyer") == 4);
  // A prefix names no ship, even when the text after the view goes on with
  // the rest of the name (a view cut from a longer string).
  const std::string typed = "submarine";
  CHECK(find_ship(classic, std::string_view(typed).substr(0, 3)) == -1);
  CHECK(find_ship(classic, std::string_view(typed)) == 3);
}

TEST_CASE("same_game tells every part of a game apart: feedback, rule, size and each ship's length", "[concepts]") {
  const auto base = make_dynamic_rules(7, 5, {4, 3, 2}, adjacency::no_edge, true);
  CHECK(same_game(base, make_dynamic_rules(7, 5, {4, 3, 2}, adjacency::no_edge, true)));
  // Only the feedback differs: a sunk announcement changes what a counter may read.
  CHECK_FALSE(same_game(base, make_dynamic_rules(7, 5, {4, 3, 2}, adjacency::no_edge, false)));
  CHECK_FALSE(same_game(base, make_dynamic_rules(7, 5, {4, 3, 2}, adjacency::touching, true)));
  CHECK_FALSE(same_game(base, make_dynamic_rules(5, 7, {4, 3, 2}, adjacency::no_edge, true)));
  // Only the first ship's length differs (4 against 5), then only the last (2 against 3).
  CHECK_FALSE(same_game(base, make_dynamic_rules(7, 5, {5, 3, 2}, adjacency::no_edge, true)));
  CHECK_FALSE(same_game(base, make_dynamic_rules(7, 5, {4, 3, 3}, adjacency::no_edge, true)));
  CHECK_THROWS_AS(detail::require_same_game(base, make_dynamic_rules(7, 5, {4, 3, 2}, adjacency::no_edge, false), "x"),
                  std::invalid_argument);
}

TEST_CASE("read_rules_label refuses numbers of more than six digits without throwing", "[concepts]") {
  // A 7-digit or longer field is not a label rules_label writes (no board is that
  // large); 99999999999 does not even fit an int, so std::stoi would throw.
  for (const char* other : {"99999999999x10 5 touching hit-miss", "10x99999999999 5 touching hit-miss",
                            "10x10 99999999999 touching hit-miss", "1234567x10 5 touching hit-miss"}) {
    INFO(other);
    std::optional<rules_label_parts> parts;
    CHECK_NOTHROW(parts = read_rules_label(other));
    CHECK_FALSE(parts);
  }
}

TEST_CASE("dynamic_fleet: a repeated name is refused wherever it stands, and default names go by the whole fleet",
          "[concepts]") {
  // Every earlier name is compared, not only the one before: ships 1 and 3 share one.
  CHECK_THROWS_WITH(dynamic_fleet({3, 2, 2}, {"a", "b", "a"}), "two ships are named a");
  // The Hasbro names go to the fleet 5,4,3,3,2 alone; another fleet of five ships is Ship1..Ship5.
  const dynamic_fleet five{5, 4, 3, 3, 1};
  CHECK(five.name(0) == "Ship1");
  CHECK(five.name(4) == "Ship5");
}

TEST_CASE("find_ship takes an exact match before a match in another case", "[concepts]") {
  // "ab" and "AB" are two ships: "AB" names the second exactly, though the
  // first matches it in another case; a name with no exact match takes the
  // first ship that matches in any case.
  const dynamic_fleet f({3, 2}, {"ab", "AB"});
  CHECK(find_ship(f, "AB") == 1);
  CHECK(find_ship(f, "ab") == 0);
  CHECK(find_ship(f, "Ab") == 0);
}

}  // namespace test_concepts
