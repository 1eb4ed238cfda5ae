// The two brute-force enumerators (Audinot et al.'s recursive Algorithm 1 and
// Park's bitset enumeration) agree with counts derived independently, with
// each other on random observations from real games, and give the 8x8 counts
// of the 5-4-3-3-2 fleet under every rule.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <numeric>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include <battleship/solver.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_enumerators {

using namespace battleship;

namespace {

constexpr adjacency all_rules[] = {adjacency::touching, adjacency::no_edge, adjacency::no_contact};

// ---------------------------------------------------------------------------
// A reference that shares no code with the library: ships as lists of
// (row, col) pairs, rules as distances between cells.

using naive_ship = std::vector<std::pair<int, int>>;

std::vector<naive_ship> naive_placements(int w, int h, int len) {
  std::vector<naive_ship> out;
  for (int r = 0; r < h; ++r)
    for (int c = 0; c + len <= w; ++c) {
      naive_ship s;
      for (int k = 0; k < len; ++k) s.emplace_back(r, c + k);
      out.push_back(s);
    }
  if (len > 1)
    for (int r = 0; r + len <= h; ++r)
      for (int c = 0; c < w; ++c) {
        naive_ship s;
        for (int k = 0; k < len; ++k) s.emplace_back(r + k, c);
        out.push_back(s);
      }
  return out;
}

bool naive_conflict(const naive_ship& a, const naive_ship& b, adjacency rule) {
  for (auto [r1, c1] : a)
    for (auto [r2, c2] : b) {
      const int dr = std::abs(r1 - r2), dc = std::abs(c1 - c2);
      if (rule == adjacency::touching && dr == 0 && dc == 0) return true;
      if (rule == adjacency::no_edge && dr + dc <= 1) return true;
      if (rule == adjacency::no_contact && dr <= 1 && dc <= 1) return true;
    }
  return false;
}

struct naive_counts {
  long labelled = 0;
  std::vector<long> occupancy;
};

naive_counts naive_count(int w, int h, const std::vector<int>& lengths, adjacency rule) {
  std::vector<std::vector<naive_ship>> lists;
  for (int len : lengths) lists.push_back(naive_placements(w, h, len));
  naive_counts out;
  out.occupancy.assign(static_cast<std::size_t>(w * h), 0);
  std::vector<const naive_ship*> chosen;
  auto rec = [&](auto&& self, std::size_t i) -> void {
    if (i == lists.size()) {
      ++out.labelled;
      for (const auto* s : chosen)
        for (auto [r, c] : *s) ++out.occupancy[static_cast<std::size_t>(r * w + c)];
      return;
    }
    for (const auto& s : lists[i]) {
      bool ok = true;
      for (const auto* t : chosen) ok = ok && !naive_conflict(s, *t, rule);
      if (!ok) continue;
      chosen.push_back(&s);
      self(self, i + 1);
      chosen.pop_back();
    }
  };
  rec(rec, 0);
  return out;
}

// Both enumerators, with and without occupancy, must agree exactly.
template <class R>
count_result both(const R& rules, const observation<typename R::board_type>& obs) {
  const auto rec = enumerate_recursive(rules, obs);
  const auto bit = enumerate_bitset(rules, obs);
  CHECK(rec.labelled == bit.labelled);
  CHECK(rec.unlabelled == bit.unlabelled);
  CHECK(rec.occupancy == bit.occupancy);
  CHECK(enumerate_bitset(rules, obs, false).labelled == bit.labelled);
  CHECK(enumerate_recursive(rules, obs, false).labelled == bit.labelled);
  CHECK(enumerate_bitset(rules, obs, false).occupancy.empty());
  return bit;
}

template <class R>
count_result both(const R& rules) {
  return both(rules, observation<typename R::board_type>(rules));
}

}  // namespace

namespace {
// Two ships counted at compile time from the core's constexpr masks and halos,
// with no enumerator involved: every pair of in-bounds placements whose
// second ship avoids the first one's halo.
constexpr long constexpr_pairs(int w, int h, int len1, int len2, adjacency rule) {
  const board_geometry<bitboard<64>> g(w, h);
  long n = 0;
  for (int r1 = 0; r1 < h; ++r1)
    for (int c1 = 0; c1 < w; ++c1)
      for (auto d1 : {orientation::horizontal, orientation::vertical}) {
        const auto a = g.ship_mask(r1, c1, d1, len1);
        if (!a || (len1 == 1 && d1 == orientation::vertical)) continue;
        for (int r2 = 0; r2 < h; ++r2)
          for (int c2 = 0; c2 < w; ++c2)
            for (auto d2 : {orientation::horizontal, orientation::vertical}) {
              const auto b = g.ship_mask(r2, c2, d2, len2);
              if (!b || (len2 == 1 && d2 == orientation::vertical)) continue;
              n += !b->intersects(halo(g, rule, *a));
            }
      }
  return n;
}
constexpr bool test_constexpr_counts() {
  return constexpr_pairs(4, 4, 3, 2, adjacency::no_contact) == 104 &&  // Audinot et al. Table 1
         constexpr_pairs(4, 5, 3, 2, adjacency::no_contact) == 242 &&
         constexpr_pairs(3, 3, 1, 1, adjacency::touching) == 72 &&       // 9 * 8
         constexpr_pairs(3, 3, 1, 1, adjacency::no_contact) == 81 - 49;  // n^2 - (3*3-2)^2
}
static_assert(test_constexpr_counts());
}  // namespace

TEST_CASE("two-ship counts computed at compile time also hold at run time", "[count]") {
  CHECK(test_constexpr_counts());
  for (int w = 2; w <= 5; ++w)
    for (int h = 3; h <= 5; ++h)
      for (auto rule : all_rules)
        CHECK(static_cast<long>(enumerate_bitset(make_dynamic_rules(w, h, {3, 2}, rule, false)).labelled) ==
              constexpr_pairs(w, h, 3, 2, rule));
}

TEST_CASE("one ship on an empty grid: W*(H-L+1) + H*(W-L+1) placements", "[count]") {
  for (int w = 1; w <= 6; ++w)
    for (int h = 1; h <= 6; ++h)
      for (int len = 1; len <= 6; ++len) {
        if (len > w && len > h) continue;
        auto rules = make_dynamic_rules(w, h, {len}, adjacency::no_contact, false);
        const long expected = len == 1 ? w * h : w * std::max(0, h - len + 1) + h * std::max(0, w - len + 1);
        CHECK(static_cast<long>(enumerate_recursive(rules).labelled) == expected);
        CHECK(static_cast<long>(enumerate_bitset(rules).labelled) == expected);
      }
}

TEST_CASE("Audinot et al. Figure 5: one 2-ship on a 2x3 grid has 7 layouts", "[count]") {
  using rules = ruleset<grid<2, 3>, fleet<2>, no_contact, hit_miss>;
  CHECK(enumerate_recursive(rules{}).labelled == 7);
  CHECK(enumerate_bitset(rules{}).labelled == 7);
}

TEST_CASE("two ships, closed forms derived by hand", "[count]") {
  for (int w = 1; w <= 7; ++w)
    for (int h = 1; h <= 7; ++h) {
      const long n = w * h;
      INFO(w << "x" << h);
      if (n >= 2) {
        // Two single cells: n(n-1) ordered pairs of distinct cells, minus the
        // pairs at forbidden distance. Summing the closed neighbourhoods
        // row-wise and column-wise: sum |N8[c]| = a(W) a(H) with a(1) = 1,
        // a(k) = 3k - 2; sum |N4[c]| = n + 2 (edges of the grid graph).
        const auto a = [](long k) { return k == 1 ? 1L : 3 * k - 2; };
        const long edges = h * (w - 1) + w * (h - 1);
        CHECK(static_cast<long>(both(make_dynamic_rules(w, h, {1, 1}, adjacency::touching, false)).labelled) ==
              n * (n - 1));
        CHECK(static_cast<long>(both(make_dynamic_rules(w, h, {1, 1}, adjacency::no_edge, false)).labelled) ==
              n * n - (n + 2 * edges));
        CHECK(static_cast<long>(both(make_dynamic_rules(w, h, {1, 1}, adjacency::no_contact, false)).labelled) ==
              n * n - a(w) * a(h));
      }
      if (n >= 3 && (w >= 2 || h >= 2)) {
        // A 2-ship and a single cell may touch: every domino leaves n - 2 cells.
        const long dominoes = h * (w - 1) + w * (h - 1);
        CHECK(static_cast<long>(both(make_dynamic_rules(w, h, {2, 1}, adjacency::touching, false)).labelled) ==
              dominoes * (n - 2));
      }
      if (n >= 4 && (w >= 2 || h >= 2)) {
        // Two 2-ships that may touch: ordered pairs of dominoes minus those
        // sharing a cell. Distinct dominoes share at most one cell, so by
        // inclusion-exclusion the sharing pairs are P (a domino with itself)
        // plus sum over cells of d(c)(d(c) - 1), d(c) = dominoes covering c
        // = grid-graph degree of c.
        const long p = h * (w - 1) + w * (h - 1);
        long sharing = p;
        for (int r = 0; r < h; ++r)
          for (int c = 0; c < w; ++c) {
            const long d = (r > 0) + (r < h - 1) + (c > 0) + (c < w - 1);
            sharing += d * (d - 1);
          }
        const auto counts = both(make_dynamic_rules(w, h, {2, 2}, adjacency::touching, false));
        CHECK(static_cast<long>(counts.labelled) == p * p - sharing);
        CHECK(counts.unlabelled * 2 == counts.labelled);
      }
    }
}

TEST_CASE("small fleets match a coordinate-based reference under every rule", "[count]") {
  const std::vector<std::vector<int>> fleets{{2, 2}, {3, 2}, {3, 1}, {2, 2, 1}, {3, 2, 2}, {1, 1, 1}, {4, 3}};
  for (int w = 1; w <= 5; ++w)
    for (int h = 1; h <= 5; ++h)
      for (const auto& lengths : fleets) {
        if (std::accumulate(lengths.begin(), lengths.end(), 0) > w * h) continue;
        if (lengths[0] > w && lengths[0] > h) continue;
        for (auto rule : all_rules) {
          INFO(w << "x" << h << " " << to_string(rule) << " ships " << lengths.size() << " first " << lengths[0]);
          const auto expected = naive_count(w, h, lengths, rule);
          const auto got = both(make_dynamic_rules(w, h, lengths, rule, false));
          CHECK(static_cast<long>(got.labelled) == expected.labelled);
          REQUIRE(got.occupancy.size() == expected.occupancy.size());
          for (std::size_t c = 0; c < expected.occupancy.size(); ++c)
            CHECK(static_cast<long>(got.occupancy[c]) == expected.occupancy[c]);
        }
      }
}

TEST_CASE("Audinot et al. Table 1 layout counts (no contact, equal ships interchangeable)", "[count]") {
  // The denominators of the table's phi values.
  struct row {
    int w, h;
    std::vector<int> lengths;
    long layouts;
  };
  const std::vector<row> rows{{4, 4, {2}, 24},    {4, 5, {2}, 31},    {4, 4, {2, 3}, 104},  {4, 5, {2, 3}, 242},
                              {4, 4, {3, 3}, 24}, {4, 5, {3, 3}, 67}, {4, 5, {2, 3, 4}, 88}};
  for (const auto& r : rows) {
    INFO(r.w << "x" << r.h << " with " << r.lengths.size() << " ships");
    const auto c = both(make_dynamic_rules(r.w, r.h, r.lengths, adjacency::no_contact, false));
    CHECK(static_cast<long>(c.unlabelled) == r.layouts);
    CHECK(static_cast<long>(both(make_dynamic_rules(r.h, r.w, r.lengths, adjacency::no_contact, false)).unlabelled) ==
          r.layouts);
  }
}

TEST_CASE("occupancy: sums to ship cells times layouts, and has the grid's symmetries", "[count]") {
  for (auto rule : all_rules) {
    const auto rules = make_dynamic_rules(6, 6, {4, 3, 2}, rule, false);
    const auto c = both(rules);
    REQUIRE(c.labelled > 0);
    count_type sum = 0;
    for (auto o : c.occupancy) sum += o;
    CHECK(sum == c.labelled * 9);
    const auto at = [&](int r, int col) { return c.occupancy[static_cast<std::size_t>(r * 6 + col)]; };
    for (int r = 0; r < 6; ++r)
      for (int col = 0; col < 6; ++col) {
        CHECK(at(r, col) == at(col, r));
        CHECK(at(r, col) == at(5 - r, col));
        CHECK(at(r, col) == at(r, 5 - col));
      }
  }
}

TEST_CASE("unlabelled = labelled / k! and equals the number of distinct ship pictures", "[count]") {
  // Distinct layouts once equal-length ships lose their names, counted
  // directly; sunk ships keep their names (the announcement told them apart).
  const auto distinct = [](const dynamic_rules& rules, const observation<dynamic_rules::board_type>& obs) {
    std::set<std::vector<std::pair<int, dynamic_rules::board_type>>> seen;
    for_each_layout(rules, obs, [&](const auto& e) {
      std::vector<std::pair<int, dynamic_rules::board_type>> picture;
      for (int i = 0; i < e.size; ++i)
        picture.emplace_back(obs.is_sunk(i) ? 100 + i : rules.ship_length(i),
                             e.ships[static_cast<std::size_t>(i)]->mask);
      std::sort(picture.begin(), picture.end());
      seen.insert(picture);
    });
    return static_cast<long>(seen.size());
  };
  struct instance {
    std::vector<int> lengths;
    long divisor;
  };
  for (const auto& in : std::vector<instance>{{{3, 3, 2}, 2}, {{2, 2, 2}, 6}, {{2, 2, 1, 1}, 4}, {{3, 2, 1}, 1}})
    for (auto rule : all_rules) {
      const auto rules = make_dynamic_rules(4, 4, in.lengths, rule, false);
      const observation<dynamic_rules::board_type> none(rules);
      const auto c = both(rules);
      CHECK(c.labelled == c.unlabelled * static_cast<count_type>(in.divisor));
      CHECK(unlabelled_divisor(rules, none) == static_cast<unsigned long long>(in.divisor));
      CHECK(static_cast<long>(c.unlabelled) == distinct(rules, none));
    }

  // Under sunk feedback, sinking one of two 3-ships tells them apart.
  const auto rules = make_dynamic_rules(5, 5, {3, 3, 2}, adjacency::touching, true);
  game<dynamic_rules> g(
      rules, layout{{0, 0, orientation::horizontal}, {2, 0, orientation::horizontal}, {4, 3, orientation::horizontal}});
  g.shoot(0);
  g.shoot(1);
  CHECK(unlabelled_divisor(rules, g.seen()) == 2);
  CHECK(g.shoot(2) == shot_result::sunk(0));
  CHECK(unlabelled_divisor(rules, g.seen()) == 1);
  const auto c = both(rules, g.seen());
  CHECK(c.unlabelled == c.labelled);
  CHECK(static_cast<long>(c.unlabelled) == distinct(rules, g.seen()));
}

// Random instances, observations taken from real games played by the referee
// on a uniform random layout: every rule, both feedback models.
TEST_CASE("recursive and bitset enumerators agree on observations from real games", "[count]") {
  std::mt19937_64 rng(20240601);
  int instances = 0, with_sinkings = 0;
  for (int round = 0; round < 240; ++round) {
    const int w = 2 + static_cast<int>(rng() % 5), h = 2 + static_cast<int>(rng() % 5);
    const int ships = 1 + static_cast<int>(rng() % 4);
    std::vector<int> lengths;
    for (int i = 0; i < ships; ++i) lengths.push_back(1 + static_cast<int>(rng() % 4));
    std::sort(lengths.rbegin(), lengths.rend());
    if (lengths[0] > std::max(w, h) || std::accumulate(lengths.begin(), lengths.end(), 0) > w * h / 2) continue;
    const adjacency rule = all_rules[round % 3];
    const bool sunk = (round / 3) % 2 == 1;
    const auto rules = make_dynamic_rules(w, h, lengths, rule, sunk);
    if (enumerate_bitset(rules, false).labelled == 0) continue;
    const layout hidden = uniform_layout_sampler<dynamic_rules>(rules)(rng);
    game<dynamic_rules> g(rules, hidden);
    std::vector<int> order(static_cast<std::size_t>(w * h));
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    // Check at a few points of the game, up to the end.
    for (int cell : order) {
      g.shoot(cell);
      if (rng() % 4 != 0 && !g.over()) continue;
      INFO(w << "x" << h << " " << to_string(rule) << (sunk ? " sunk" : " hit/miss") << " ships " << ships << " after "
             << g.shots_fired() << " shots");
      const auto c = both(rules, g.seen());
      CHECK(c.labelled >= 1);  // the hidden layout agrees
      // The hidden layout's cells are all occupied in at least one layout.
      for (std::size_t cell_index : occupied_cells(rules, hidden)) CHECK(c.occupancy[cell_index] >= 1);
      for (std::size_t cell_index : g.seen().misses()) CHECK(c.occupancy[cell_index] == 0);
      for (std::size_t cell_index : g.seen().hits()) CHECK(c.occupancy[cell_index] == c.labelled);
      with_sinkings += g.seen().sunk_ships() != 0;
      if (g.over()) break;
    }
    ++instances;
  }
  CHECK(instances > 100);
  CHECK(with_sinkings > 50);
}

TEST_CASE("enumerators agree on arbitrary hit/miss boards, consistent or not", "[count]") {
  std::mt19937_64 rng(7);
  int zero = 0, nonzero = 0;
  for (int round = 0; round < 150; ++round) {
    const int w = 3 + static_cast<int>(rng() % 3), h = 3 + static_cast<int>(rng() % 3);
    const auto rules = make_dynamic_rules(w, h, {3, 2, 2}, all_rules[round % 3], false);
    observation<dynamic_rules::board_type> obs(rules);
    for (int c = 0; c < w * h; ++c) {
      const auto roll = rng() % 10;
      if (roll == 0) obs.record_hit(c);
      if (roll == 1 || roll == 2) obs.record_miss(c);
    }
    const auto c = both(rules, obs);
    (c.labelled == 0 ? zero : nonzero)++;
  }
  CHECK(zero > 5);
  CHECK(nonzero > 5);
}

TEST_CASE("8x8, fleet 5-4-3-3-2: layout counts under every rule", "[count][8x8]") {
  // Computed by the bitset enumerator (count only); see docs/results/20-core-counts.md.
  struct row {
    adjacency rule;
    count_type labelled;
  };
  for (const auto& r : {row{adjacency::touching, 1'142'253'520}, row{adjacency::no_edge, 63'625'728},
                        row{adjacency::no_contact, 33'092'384}}) {
    const auto rules = make_dynamic_rules(8, 8, {5, 4, 3, 3, 2}, r.rule, false);
    const auto c = enumerate_bitset(rules, false);
    INFO(to_string(r.rule) << ": " << to_string(c.labelled) << " labelled, " << to_string(c.unlabelled)
                           << " unlabelled");
    CHECK(c.labelled == r.labelled);
    CHECK(c.unlabelled * 2 == r.labelled);  // the two 3-ships
  }
  // The static ruleset gives the same.
  using static_8x8 = ruleset<grid<8, 8>, classic_fleet, no_contact, hit_miss>;
  CHECK(enumerate_bitset(static_8x8{}, false).unlabelled == 16'546'192);
}

TEST_CASE("smaller square boards, 5-4-3-3-2: recursive == bitset, occupancy too", "[count]") {
  // 7x7 touching (125 million layouts) is left to the benchmark; everything
  // else is cross-checked here with the full occupancy matrix.
  struct row {
    int side;
    adjacency rule;
    count_type labelled;
  };
  for (const auto& r :
       {row{6, adjacency::touching, 6'687'136}, row{6, adjacency::no_edge, 3'312}, row{6, adjacency::no_contact, 0},
        row{7, adjacency::no_edge, 1'893'376}, row{7, adjacency::no_contact, 811'728}}) {
    const auto rules = make_dynamic_rules(r.side, r.side, {5, 4, 3, 3, 2}, r.rule, false);
    const auto rec = enumerate_recursive(rules);
    const auto bit = enumerate_bitset(rules);
    INFO(r.side << "x" << r.side << " " << to_string(r.rule));
    CHECK(rec.labelled == r.labelled);
    CHECK(bit.labelled == r.labelled);
    CHECK(bit.unlabelled * 2 == r.labelled);
    CHECK(rec.occupancy == bit.occupancy);
  }
}

TEST_CASE("bitset occupancy with hits over many spills of its last-ship counters", "[count]") {
  // The last ship's layouts per placement are bit-sliced counters, folded
  // every 15 leaves and spilled every 65,535: 7x7 touching has at least 1.5
  // million leaves (124.8 million layouts, at most 84 per leaf), and hits
  // make the leaves pick by hit count. The dynamic programme shares no code
  // with the enumerator.
  const auto rules = make_dynamic_rules(7, 7, {5, 4, 3, 3, 2}, adjacency::touching, false);
  observation<dynamic_rules::board_type> obs(rules);
  CHECK(enumerate_bitset(rules, obs).occupancy == exact_count(rules, obs).occupancy);
  obs.record(24, shot_result::hit());  // the centre
  obs.record(0, shot_result::miss());
  const auto bit = enumerate_bitset(rules, obs);
  CHECK(bit.labelled > 0);
  CHECK(bit.occupancy == exact_count(rules, obs).occupancy);
}

TEST_CASE("8x8 no-contact: the recursive enumerator confirms the bitset count", "[.][slow][8x8]") {
  const auto rules = make_dynamic_rules(8, 8, {5, 4, 3, 3, 2}, adjacency::no_contact, false);
  CHECK(enumerate_recursive(rules, false).labelled == enumerate_bitset(rules, false).labelled);
  const auto edge = make_dynamic_rules(8, 8, {5, 4, 3, 3, 2}, adjacency::no_edge, false);
  CHECK(enumerate_recursive(edge, false).labelled == 63'625'728);
}

TEST_CASE("count_result: decimal strings, ratios and unlabelled occupancy", "[count]") {
  CHECK(to_string(count_type{0}) == "0");
  CHECK(to_string(count_type{1'142'253'520}) == "1142253520");
  CHECK(to_string(count_type{1} << 64) == "18446744073709551616");
  CHECK(to_string(~count_type{0}) == "340282366920938463463374607431768211455");
  CHECK(ratio(1, 4) == 0.25);
  CHECK(ratio(count_type{3} << 110, count_type{4} << 110) == 0.75);
  CHECK(ratio(0, count_type{1} << 120) == 0.0);

  const auto c = both(make_dynamic_rules(4, 4, {3, 3}, adjacency::no_contact, false));
  CHECK(c.unlabelled == 24);
  for (int cell = 0; cell < 16; ++cell) {
    CHECK(c.unlabelled_occupancy(cell) * 2 == c.occupancy[static_cast<std::size_t>(cell)]);
    CHECK(c.probability(cell) == Approx(static_cast<double>(c.occupancy[static_cast<std::size_t>(cell)]) / 48.0));
  }
}

TEST_CASE("count_result: probability() of a count no layout agrees with throws, never 0/0", "[count]") {
  // Two 3-ships, no contact, on 3 columns x 2 rows: a 3-ship fits only along
  // a row, and the two rows touch, so no layout exists (labelled = 0).
  const auto rules = make_dynamic_rules(3, 2, {3, 3}, adjacency::no_contact, false);
  const count_result none = enumerate_bitset(rules);
  REQUIRE(none.labelled == 0);
  REQUIRE(none.occupancy.size() == 6);
  for (int cell = 0; cell < 6; ++cell) CHECK_THROWS_AS(none.probability(cell), inconsistent_observation);
  // The same by hand, without a counter.
  count_result by_hand;
  by_hand.occupancy.assign(4, 0);
  CHECK_THROWS_AS(by_hand.probability(0), inconsistent_observation);
}

}  // namespace test_enumerators
