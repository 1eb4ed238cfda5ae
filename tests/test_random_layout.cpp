// Uniform random layouts: on small grids where every layout can be listed,
// the sampler's frequencies pass a chi-square test against the uniform
// distribution, while "place one ship at a time and redraw only the ship
// that conflicts" provably does not. Seeds are fixed, so nothing can flake.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/layout.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/bitset_enumerator.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/recursive_enumerator.hpp>
#include <battleship/defense/defense.hpp>
#include <battleship/defense/sequential_defense.hpp>
#include <battleship/detail/random.hpp>

#include "sampling_checks.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_random_layout {

using namespace battleship;

namespace {

using test_support::chi_square;
using test_support::chi_square_critical_001;
const auto key = test_support::layout_key;

// Index of every legal layout, listed by the enumerator.
std::map<std::uint64_t, int> all_layouts(const dynamic_rules& rules) {
  std::map<std::uint64_t, int> index;
  for_each_layout(rules, [&](const auto& e) { index.emplace(key(e.to_layout()), static_cast<int>(index.size())); });
  return index;
}

// The biased method, for the demonstration only: each ship in turn is
// redrawn until it fits beside the ships already placed.
layout place_one_at_a_time(const dynamic_rules& rules, const placement_table<dynamic_rules>& table,
                           std::mt19937_64& rng) {
  const auto& g = table.geometry();
  for (;;) {
    layout l;
    dynamic_rules::board_type forbidden;
    bool stuck = false;
    for (int i = 0; i < rules.ship_count() && !stuck; ++i) {
      const auto& list = table.ship(i);
      int tries = 0;
      for (;; ++tries) {
        const auto& p = list[static_cast<std::size_t>(detail::uniform_below(rng, list.size()))];
        if (!p.mask.intersects(forbidden)) {
          forbidden |= halo(g, rules.contact(), p.mask);
          l.push_back(p.where);
          break;
        }
        if (tries > 10'000) {
          stuck = true;  // the earlier ships left no room: start over
          break;
        }
      }
    }
    if (!stuck) return l;
  }
}

struct instance {
  int w, h;
  std::vector<int> lengths;
  adjacency rule;
};

const std::vector<instance> instances{
    {4, 4, {3, 2}, adjacency::touching},
    {4, 4, {3, 2}, adjacency::no_edge},
    {4, 4, {3, 2}, adjacency::no_contact},
    {4, 3, {2, 2, 1}, adjacency::no_edge},
};

}  // namespace

TEST_CASE("uniform sampler: chi-square against uniform over every layout", "[random_layout][slow]") {
  constexpr int draws = 50'000;
  std::uint64_t seed = 1;
  for (const auto& in : instances) {
    const auto rules = make_dynamic_rules(in.w, in.h, in.lengths, in.rule, false);
    const auto index = all_layouts(rules);
    const int k = static_cast<int>(index.size());
    INFO(in.w << "x" << in.h << " " << to_string(in.rule) << ": " << k << " layouts");
    REQUIRE(k >= 10);
    const uniform_layout_sampler<dynamic_rules> sampler(rules);
    std::mt19937_64 rng(seed++);
    std::vector<long> counts(static_cast<std::size_t>(k), 0);
    for (int d = 0; d < draws; ++d) {
      const layout l = sampler(rng);
      const auto it = index.find(key(l));
      REQUIRE(it != index.end());  // only legal layouts are drawn
      ++counts[static_cast<std::size_t>(it->second)];
    }
    const double stat = chi_square(counts, static_cast<double>(draws) / k);
    const double critical = chi_square_critical_001(k - 1);
    INFO("chi-square " << stat << ", critical value (p = 0.001, df = " << k - 1 << ") " << critical);
    CHECK(stat < critical);
    CHECK(*std::min_element(counts.begin(), counts.end()) > 0);  // every layout appears
  }
}

TEST_CASE("placing ships one at a time with retry is not uniform", "[random_layout][slow]") {
  // The exact probability of a layout under that method is the product, over
  // ships, of 1 / (placements compatible with the ships before it): not
  // constant. Check it exactly, then see the chi-square test reject samples.
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::no_contact, false);
  const placement_table<dynamic_rules> table(rules);
  const auto& g = table.geometry();
  double p_min = 1, p_max = 0;
  for (const auto& a : table.ship(0)) {
    long fits = 0;
    for (const auto& b : table.ship(1)) fits += !b.mask.intersects(halo(g, rules.contact(), a.mask));
    if (fits == 0) continue;
    const double p = 1.0 / static_cast<double>(table.ship(0).size()) / static_cast<double>(fits);
    p_min = std::min(p_min, p);
    p_max = std::max(p_max, p);
  }
  CHECK(p_max > 1.5 * p_min);

  const auto index = all_layouts(rules);
  const int k = static_cast<int>(index.size());
  std::mt19937_64 rng(99);
  std::vector<long> counts(static_cast<std::size_t>(k), 0);
  constexpr int draws = 50'000;
  for (int d = 0; d < draws; ++d)
    ++counts[static_cast<std::size_t>(index.at(key(place_one_at_a_time(rules, table, rng))))];
  const double stat = chi_square(counts, static_cast<double>(draws) / k);
  INFO("chi-square " << stat << " over " << k << " layouts");
  CHECK(stat > 10 * chi_square_critical_001(k - 1));
}

TEST_CASE("the chi-square critical value is right", "[random_layout]") {
  // Table values of the upper 0.001 quantile.
  CHECK(chi_square_critical_001(10) == Approx(29.588).epsilon(0.01));
  CHECK(chi_square_critical_001(100) == Approx(149.449).epsilon(0.005));
  CHECK(chi_square_critical_001(1000) == Approx(1143.917).epsilon(0.002));
}

TEST_CASE("sampler: reproducible, legal, and clear about fleets that cannot fit", "[random_layout]") {
  const auto rules = make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::no_contact, false);
  const uniform_layout_sampler<dynamic_rules> sampler(rules);
  std::mt19937_64 a(123), b(123);
  for (int d = 0; d < 200; ++d) {
    const layout la = sampler(a);
    CHECK(la == sampler(b));
    CHECK(!validate(rules, la));
  }
  // A 32-bit generator works too.
  std::mt19937 small(7);
  CHECK(!validate(audinot_rules{}, random_layout(audinot_rules{}, small)));

  using too_long = ruleset<grid<3, 3>, fleet<4>, touching_allowed, hit_miss>;
  CHECK_THROWS_WITH(uniform_layout_sampler<too_long>(too_long{}), "ship Ship1 does not fit on the grid");
  // A fleet that fits nowhere is refused at once (it used to spin through
  // 10^8 rejected draws, seconds, before giving up).
  using too_many = ruleset<grid<3, 3>, fleet<3, 3, 3, 3>, touching_allowed, hit_miss>;
  CHECK_THROWS_WITH(uniform_layout_sampler<too_many>(too_many{}),
                    "the fleet cannot be placed on the grid under these rules");
  CHECK_THROWS_AS(uniform_layout_sampler(make_dynamic_rules(3, 3, {3, 3, 3}, adjacency::no_contact, false)),
                  std::invalid_argument);
  CHECK_THROWS_AS(uniform_defense(make_dynamic_rules(3, 3, {3, 3, 3}, adjacency::no_contact, false)),
                  std::invalid_argument);
  // One that fits (3 rows or 3 columns) is not; a draw that runs out of tries
  // still says so.
  using just_fits = ruleset<grid<3, 3>, fleet<3, 3, 3>, touching_allowed, hit_miss>;
  const uniform_layout_sampler<just_fits> tight(just_fits{});
  std::mt19937_64 rng(1);
  CHECK(!validate(just_fits{}, tight(rng)));
  CHECK_THROWS_AS(tight(rng, 0), std::runtime_error);
}

TEST_CASE("acceptance_estimate: the share of legal rejection draws, the same every call", "[random_layout]") {
  // The exact share: labelled layouts over the product of the ships' placement counts.
  struct board {
    int w, h;
    std::vector<int> lengths;
    adjacency rule;
  };
  for (const board& b :
       {board{4, 4, {2, 2, 2}, adjacency::touching}, board{5, 5, {3, 3, 2, 2}, adjacency::touching},
        board{6, 6, {4, 3, 3, 2}, adjacency::no_edge}, board{5, 5, {4, 3, 2, 2}, adjacency::no_contact}}) {
    const auto rules = make_dynamic_rules(b.w, b.h, b.lengths, b.rule, false);
    const placement_table<dynamic_rules> table(rules);
    double product = 1;
    for (int i = 0; i < rules.ship_count(); ++i) product *= static_cast<double>(table.ship(i).size());
    const double exact = static_cast<double>(enumerate_bitset(rules, false).labelled) / product;
    const uniform_layout_sampler<dynamic_rules> sampler(rules);
    const long long draws = 1 << 18;
    const double estimate = sampler.acceptance_estimate(draws, draws);
    INFO(b.w << "x" << b.h << " rule " << static_cast<int>(b.rule) << ": exact " << exact << ", estimate " << estimate);
    CHECK(std::abs(estimate - exact) <= 5 * std::sqrt(exact * (1 - exact) / static_cast<double>(draws)));
    // A fixed seed of its own: the same answer every call, whatever was drawn meanwhile.
    std::mt19937_64 rng(3);
    for (int d = 0; d < 10; ++d) (void)sampler(rng);
    CHECK(sampler.acceptance_estimate(draws, draws) == estimate);
    // By default it stops after 16 legal draws: 16 / (draws made).
    const double quick = sampler.acceptance_estimate();
    CHECK(16 / quick == Approx(std::round(16 / quick)).margin(1e-6));
    CHECK(quick > exact / 3);
    CHECK(quick < exact * 3);
    CHECK(uniform_defense<dynamic_rules>(rules).acceptance_estimate() == quick);
  }
  // The crowded board of the tool's switch to the tables (exact share 231,296
  // of 54,212,659,200, about 4.3e-6): under crowded_acceptance, where the classic boards are far above.
  const uniform_layout_sampler<dynamic_rules> crowded(
      make_dynamic_rules(7, 7, {5, 4, 4, 3, 3, 2}, adjacency::no_contact, false));
  CHECK(crowded.acceptance_estimate() < crowded_acceptance);
  CHECK(uniform_layout_sampler<datagenetics_rules>(datagenetics_rules{}).acceptance_estimate() > 0.1);
  CHECK(uniform_layout_sampler<audinot_rules>(audinot_rules{}).acceptance_estimate() > 0.01);
  CHECK_THROWS_AS(crowded.acceptance_estimate(0), std::invalid_argument);
  CHECK_THROWS_AS(crowded.acceptance_estimate(10, 0), std::invalid_argument);
}

TEST_CASE("some_layout_exists agrees with brute force on small boards", "[random_layout]") {
  std::mt19937_64 rng(17);
  int checked = 0, impossible = 0;
  for (int round = 0; round < 400; ++round) {
    const int w = 2 + static_cast<int>(rng() % 4), h = 2 + static_cast<int>(rng() % 4);
    std::vector<int> lengths;
    for (int k = 1 + static_cast<int>(rng() % 4); k > 0; --k)
      lengths.push_back(1 + static_cast<int>(rng() % static_cast<unsigned>(std::max(w, h))));
    const auto rule = static_cast<adjacency>(rng() % 3);
    std::optional<dynamic_rules> made;
    try {
      made = make_dynamic_rules(w, h, lengths, rule, false);
    } catch (const std::invalid_argument&) {
      continue;  // more ship cells than grid cells: refused before any search
    }
    const dynamic_rules& rules = *made;
    const placement_table<dynamic_rules> table(rules);
    const auto exists = detail::some_layout_exists(rules, table);
    REQUIRE(exists.has_value());
    INFO(w << "x" << h << " rule " << static_cast<int>(rules.contact()) << " ships " << lengths.size());
    const bool any = enumerate_bitset(rules, false).labelled > 0;
    CHECK(*exists == any);
    ++checked;
    impossible += any ? 0 : 1;
  }
  CHECK(checked > 200);
  CHECK(impossible > 20);  // the search is asked both ways
}

TEST_CASE("uniform_below is uniform, in range, and handles awkward bounds", "[random_layout]") {
  std::mt19937_64 rng(3);
  for (std::uint64_t n : {1ULL, 2ULL, 3ULL, 7ULL, 10ULL, 1000ULL, (1ULL << 63) + 1, ~0ULL})
    for (int d = 0; d < 1000; ++d) CHECK(detail::uniform_below(rng, n) < n);
  std::vector<long> counts(7, 0);
  constexpr int draws = 70'000;
  for (int d = 0; d < draws; ++d) ++counts[detail::uniform_below(rng, 7)];
  CHECK(chi_square(counts, draws / 7.0) < 22.458);  // chi-square p = 0.001, df = 6
  std::mt19937 rng32(4);
  std::vector<long> counts32(5, 0);
  for (int d = 0; d < 50'000; ++d) ++counts32[detail::uniform_below(rng32, 5)];
  CHECK(chi_square(counts32, 10'000.0) < 18.467);  // df = 4
  // A 32-bit generator's two words: the first drawn is the high one.
  std::mt19937 x(11), y(11);
  const std::uint64_t hi = y(), lo = y();
  CHECK(detail::uniform_below(x, ~0ULL) == ((hi << 32 | lo) * static_cast<count_type>(~0ULL) >> 64));
  // A 24-bit generator still reaches the top of a 64-bit range.
  std::ranlux24_base narrow(5);
  int upper_half = 0;
  for (int d = 0; d < 1000; ++d) upper_half += detail::uniform_below(narrow, ~0ULL) >= (1ULL << 63);
  CHECK(upper_half > 400);
  CHECK(upper_half < 600);
  std::vector<long> counts24(6, 0);
  for (int d = 0; d < 60'000; ++d) ++counts24[detail::uniform_below(narrow, 6)];
  CHECK(chi_square(counts24, 10'000.0) < 20.515);  // df = 5
  for (int d = 0; d < 1000; ++d) {
    const double u = detail::uniform_unit(rng);
    CHECK(u >= 0.0);
    CHECK(u < 1.0);
  }
}

TEST_CASE("some_layout_exists: a budget of n placements tries n placements", "[random_layout]") {
  // One 2-ship on a 1x3 row (touching): its first placement (cells 0-1) is a
  // layout, so one placement tried answers yes; a budget of 0 tries none.
  const auto rules = make_dynamic_rules(3, 1, {2}, adjacency::touching, false);
  const placement_table<dynamic_rules> table(rules);
  CHECK(detail::some_layout_exists(rules, table, 1) == std::optional<bool>(true));
  CHECK(detail::some_layout_exists(rules, table, 0) == std::nullopt);
  // Two 2-ships on a 1x4 row: ship 1 at 0-1; ship 2, of the same length,
  // starts past ship 1's placement: 1-2 (overlap), then 2-3. Three
  // placements tried for the answer yes, so budget 3 answers and 2 does not.
  const auto two = make_dynamic_rules(4, 1, {2, 2}, adjacency::touching, false);
  const placement_table<dynamic_rules> table2(two);
  CHECK(detail::some_layout_exists(two, table2, 3) == std::optional<bool>(true));
  CHECK(detail::some_layout_exists(two, table2, 2) == std::nullopt);
}

TEST_CASE("sampler: a search that runs out of budget does not refuse a fleet that fits", "[random_layout]") {
  // Sixteen 2-ships on 8x8 with no edge contact fit: a brick pattern of
  // horizontal ships, even rows at columns 0-1 and 4-5, odd rows at columns
  // 2-3 and 6-7 (0-based); ships in neighbouring rows meet only at corners,
  // and two water cells part the ships of a row. validate() confirms it.
  const auto rules = make_dynamic_rules(8, 8, std::vector<int>(16, 2), adjacency::no_edge, false);
  layout brick;
  for (int r = 0; r < 8; ++r)
    for (const int c : {0, 4}) brick.push_back({r, c + (r % 2 == 0 ? 0 : 2), orientation::horizontal});
  REQUIRE_FALSE(validate(rules, brick));
  // The depth-first check gives up within its default budget here: the case
  // this test is for (were the search to find a layout, a harder board would
  // be needed) ...
  const placement_table<dynamic_rules> table(rules);
  REQUIRE_FALSE(detail::some_layout_exists(rules, table).has_value());
  // ... and a search that could not tell must not refuse the fleet.
  CHECK_NOTHROW(uniform_layout_sampler<dynamic_rules>(rules));
}

namespace {
// A 64-bit generator that replays a script of words.
struct scripted_words {
  using result_type = std::uint64_t;
  static constexpr result_type min() { return 0; }
  static constexpr result_type max() { return ~result_type{0}; }
  std::vector<std::uint64_t> words;
  std::size_t next = 0;
  result_type operator()() { return words.at(next++); }
};
}  // namespace

TEST_CASE("uniform_below rejects exactly the words Lemire's method rejects", "[random_layout]") {
  // For n = 3, a word w gives m = 3w: the result is m / 2^64, and w is redrawn
  // when m mod 2^64 < 2^64 mod 3 = 1 (2^64 = 4^32 = 1 mod 3), i.e. only when
  // m mod 2^64 == 0 (w = 0).
  constexpr std::uint64_t half = std::uint64_t{1} << 63;  // 3 * 2^63 = 2^64 + 2^63: result 1
  scripted_words a{{0, half}};                            // 0 is redrawn, then 1
  CHECK(detail::uniform_below(a, 3) == 1);
  CHECK(a.next == 2);
  // w = 0xAAAAAAAAAAAAAAAB: 3w = 2 * 2^64 + 1, so m mod 2^64 = 1, which is
  // not below 1: kept, result 2, one word drawn.
  scripted_words b{{0xAAAAAAAAAAAAAAABULL, half}};
  CHECK(detail::uniform_below(b, 3) == 2);
  CHECK(b.next == 1);
  // A power of two rejects nothing: w = 0 gives 0 at once.
  scripted_words c{{0, half}};
  CHECK(detail::uniform_below(c, 4) == 0);
  CHECK(c.next == 1);
}

TEST_CASE("uniform_unit spans 0 up to but not including 1, in steps of 2^-53", "[random_layout]") {
  // uniform_below(2^53) of the word w is w >> 11 (never redrawn: 2^53 divides
  // 2^64), scaled by 2^-53.
  scripted_words top{{~std::uint64_t{0}}};
  CHECK(detail::uniform_unit(top) == 1.0 - 0x1.0p-53);
  scripted_words mid{{std::uint64_t{1} << 63}};
  CHECK(detail::uniform_unit(mid) == 0.5);
  scripted_words low{{std::uint64_t{1} << 11}};
  CHECK(detail::uniform_unit(low) == 0x1.0p-53);
}

TEST_CASE("sampler: the ship that does not fit is the one named, not the first", "[random_layout]") {
  // On 3x3 the 2-ship fits and the 4-ship, ship 2, does not.
  using second_too_long = ruleset<grid<3, 3>, fleet<2, 4>, touching_allowed, hit_miss>;
  CHECK_THROWS_WITH(uniform_layout_sampler<second_too_long>(second_too_long{}), "ship Ship2 does not fit on the grid");
}

TEST_CASE("some_layout_exists skips placements only between neighbouring ships of one length", "[random_layout]") {
  // 4 wide, 2 high, ships 3, 2, 3 (touching): the 3-ships lie in the two
  // rows, both at columns 1-3 or both at 2-4, and the 2-ship stands upright
  // in the free column (4 labelled layouts). The search finds A1-A3, then
  // the 2-ship at A4-B4, its last placement (index 9: six lying, then
  // columns 1-4 upright). Ships 1 and 3 have one length but ship 2 stands
  // between them, so ship 3 may take any placement: started past ship 2's
  // index 9, it would have none left, and the fleet would be refused.
  const auto rules = make_dynamic_rules(4, 2, {3, 2, 3}, adjacency::touching, false);
  const placement_table<dynamic_rules> table(rules);
  CHECK(detail::some_layout_exists(rules, table) == std::optional<bool>(true));
  CHECK(enumerate_bitset(rules, false).labelled == 4);
  CHECK_NOTHROW(uniform_layout_sampler<dynamic_rules>(rules));
}

TEST_CASE("samplers: the budget bounds the draws, so 0 tries none, and a negative one is refused", "[random_layout]") {
  // One 1-ship on 3x1: every draw is legal, so one try is enough and none is not.
  const auto rules = make_dynamic_rules(3, 1, {1}, adjacency::touching, false);
  const uniform_layout_sampler<dynamic_rules> sampler(rules);
  std::mt19937_64 rng(5);
  CHECK_FALSE(validate(rules, sampler(rng, 1)));
  CHECK_THROWS_AS(sampler(rng, 0), std::runtime_error);
  // A negative budget is the caller's mistake, not a fleet that hardly fits.
  CHECK_THROWS_WITH(sampler(rng, -5), "uniform layout sampler: max_tries must not be negative (got -5)");
  const sequential_defense<dynamic_rules> defense(rules);
  CHECK_FALSE(validate(rules, defense.place(rng, 1)));
  CHECK_THROWS_AS(defense.place(rng, 0), std::runtime_error);
  CHECK_THROWS_WITH(defense.place(rng, -5), "sequential defense: max_restarts must not be negative (got -5)");
}

TEST_CASE("uniform_layout_sampler: max_tries bounds the draws, and the error names it", "[random_layout]") {
  // One row of four cells, ships 2 and 1, no edge contact: 2 of the 12
  // draws are legal, so with one try some seeds fail.
  const auto rules = make_dynamic_rules(4, 1, {2, 1}, adjacency::no_edge, false);
  const uniform_layout_sampler<dynamic_rules> sampler(rules);
  int failed = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    std::mt19937_64 rng(seed);
    try {
      const layout l = sampler(rng, 1);  // outside CHECK, which would catch the throw itself
      CHECK_FALSE(validate(rules, l).has_value());
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()) ==
            "uniform layout sampler: no legal layout in 1 draw (the fleet fits in very few ways or in "
            "none, or max_tries is too small)");
      ++failed;
    }
  }
  CHECK(failed > 30);
}

}  // namespace test_random_layout
