// sequential_defense: legal layouts under every rule, reproducible, and
// distributed exactly as "each ship uniform among the positions left by the
// ships before it" (computed by brute force here), which is not uniform.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/core/layout.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/defense/defense.hpp>
#include <battleship/defense/sequential_defense.hpp>
#include <battleship/strategy/rng.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_sequential_defense {

using namespace battleship;

namespace {
using dyn = dynamic_rules;
static_assert(Defense<sequential_defense<dyn>>);

using key = std::vector<int>;  // (row, col, dir) of every ship, in fleet order
key key_of(const layout& l) {
  key k;
  for (int i = 0; i < l.size(); ++i) {
    k.push_back(l[i].row);
    k.push_back(l[i].col);
    k.push_back(l[i].dir == orientation::horizontal ? 0 : 1);
  }
  return k;
}

// Probability of every layout under ship-by-ship placement: the product of
// 1 / (positions left) along the way, renormalised over the draws that do
// not get stuck (a stuck draw restarts).
void sequential_law(const dyn& rules, const placement_table<dyn>& table, int ship, dyn::board_type forbidden,
                    const layout& so_far, double p, std::map<key, double>& law) {
  if (ship == rules.ship_count()) {
    law[key_of(so_far)] += p;
    return;
  }
  std::vector<const placed_ship<dyn::board_type>*> fits;
  for (const auto& q : table.ship(ship))
    if (!q.mask.intersects(forbidden)) fits.push_back(&q);
  for (const auto* q : fits) {
    layout next = so_far;
    next.push_back(q->where);
    sequential_law(rules, table, ship + 1, forbidden | halo(table.geometry(), rules.contact(), q->mask), next,
                   p / static_cast<double>(fits.size()), law);
  }
}
}  // namespace

TEST_CASE("sequential_defense draws ship by ship, which is not uniform", "[defense]") {
  for (auto rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact}) {
    INFO("rule " << static_cast<int>(rule));
    const auto rules = make_dynamic_rules(5, 4, {3, 2, 2}, rule, false);
    const placement_table<dyn> table(rules);
    std::map<key, double> law;
    sequential_law(rules, table, 0, {}, layout{}, 1.0, law);
    double total = 0;
    for (const auto& [k, p] : law) total += p;
    REQUIRE(total > 0);
    for (auto& [k, p] : law) p /= total;

    const sequential_defense<dyn> defense(rules);
    splitmix_rng rng(11);
    constexpr int draws = 100'000;
    std::map<key, int> seen;
    for (int d = 0; d < draws; ++d) {
      const layout l = defense.place(rng);
      REQUIRE_FALSE(validate(rules, l).has_value());
      ++seen[key_of(l)];
    }
    // Pearson chi-square against the exact law (df = layouts - 1); the
    // bound is far in the tail (six standard deviations).
    double chi2 = 0;
    for (const auto& [k, p] : law) {
      const double expected = p * draws;
      const double o = seen.count(k) ? seen.at(k) : 0;
      chi2 += (o - expected) * (o - expected) / expected;
    }
    CHECK(seen.size() == law.size());
    const double df = static_cast<double>(law.size() - 1);
    CHECK(chi2 < df + 6 * std::sqrt(2 * df));
    // Not uniform: the most and least likely layouts differ by far more than noise.
    double lo = 1, hi = 0;
    for (const auto& [k, p] : law) {
      lo = std::min(lo, p);
      hi = std::max(hi, p);
    }
    CHECK(hi > 1.2 * lo);
    // ...and the draws show it: against the uniform law they are far off.
    double chi2_uniform = 0;
    const double uniform = static_cast<double>(draws) / static_cast<double>(law.size());
    for (const auto& [k, p] : law) {
      const double o = seen.count(k) ? seen.at(k) : 0;
      chi2_uniform += (o - uniform) * (o - uniform) / uniform;
    }
    CHECK(chi2_uniform > df + 10 * std::sqrt(2 * df));
  }
  // Same seed, same layouts.
  const auto rules = make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::no_contact, true);
  const sequential_defense<dyn> d(rules);
  splitmix_rng a(5), b(5);
  for (int k = 0; k < 50; ++k) CHECK(d.place(a) == d.place(b));
  CHECK_THROWS_AS(sequential_defense<dyn>(make_dynamic_rules(3, 3, {4}, adjacency::touching, false)),
                  std::invalid_argument);
  // A fleet that fits nowhere is refused at once: three 3-ships on 3x3 with
  // no contact (it used to construct, and each place() restarted a million
  // times before giving up).
  CHECK_THROWS_WITH(sequential_defense<dyn>(make_dynamic_rules(3, 3, {3, 3, 3}, adjacency::no_contact, false)),
                    "the fleet cannot be placed on the grid under these rules");
}

TEST_CASE("sequential_defense: a draw that gets stuck restarts, up to max_restarts, then throws", "[defense]") {
  // One row of four cells, ships 2 and 1, no edge contact: a 2-ship on the
  // middle cells leaves the 1-ship no room, so a third of the attempts get
  // stuck. With one attempt some seeds throw; with the default every seed
  // finds one of the two layouts.
  const auto rules = make_dynamic_rules(4, 1, {2, 1}, adjacency::no_edge, false);
  const sequential_defense<dyn> defense(rules);
  int stuck = 0;
  for (std::uint64_t seed = 0; seed < 60; ++seed) {
    splitmix_rng once(seed), patient(seed);
    try {
      const layout l = defense.place(once, 1);  // outside CHECK, which would catch the throw itself
      CHECK_FALSE(validate(rules, l).has_value());
    } catch (const std::runtime_error& e) {
      CHECK(std::string(e.what()) ==
            "sequential defense: no legal layout in 1 attempt (placed ship by ship the fleet is almost "
            "always stuck, or it fits in no way, or max_restarts is too small)");
      ++stuck;
    }
    CHECK_FALSE(validate(rules, defense.place(patient)).has_value());
  }
  CHECK(stuck > 5);
  CHECK(stuck < 40);
}

}  // namespace test_sequential_defense
