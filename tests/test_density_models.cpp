// The exact and Monte Carlo density models: DensityModel concept, exact
// posterior = occupancy / layouts from brute force, zero on shot cells, errors
// on impossible observations, Monte Carlo close to exact and reproducible.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/count/edge_prior.hpp>
#include <battleship/count/exact_sampler.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/monte_carlo_density.hpp>
#include <battleship/solver.hpp>

#include "weighted_brute_force.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_density_models {

using namespace battleship;

static_assert(DensityModel<exact_density<park_rules>>);
static_assert(DensityModel<exact_density<dynamic_rules>>);
static_assert(DensityModel<monte_carlo_density<audinot_rules>>);
static_assert(DensityModel<monte_carlo_density<dynamic_rules>>);
static_assert(DensityModel<exact_density<park_rules, edge_prior<park_rules>>>);
// edge_prior on the classic fleet (ship 0 is the 5-ship): a placement reaching
// the last column or row counts as on the border, one a cell short does not.
static_assert(PlacementWeight<edge_prior<park_rules>>);
static_assert(edge_prior{park_rules{}, 3}(0, {4, 5, orientation::horizontal}) == 3);
static_assert(edge_prior{park_rules{}, 3}(0, {4, 4, orientation::horizontal}) == 1);
static_assert(edge_prior{park_rules{}, 3}(0, {5, 4, orientation::vertical}) == 3);
static_assert(edge_prior{park_rules{}, 3}(4, {0, 4, orientation::vertical}) == 3);
static_assert(edge_prior{park_rules{}, 3}(4, {8, 8, orientation::vertical}) == 3);
static_assert(edge_prior{park_rules{}, 3}(4, {7, 8, orientation::vertical}) == 1);

namespace {
observation<dynamic_rules::board_type> played(const dynamic_rules& rules, std::uint64_t seed, int shots) {
  std::mt19937_64 rng(seed);
  game<dynamic_rules> g(rules, random_layout(rules, rng));
  for (int k = 0; k < shots && !g.over(); ++k) {
    int cell;
    do cell = static_cast<int>(detail::uniform_below(rng, static_cast<std::uint64_t>(rules.geometry().cell_count())));
    while (g.seen().shots().test(static_cast<std::size_t>(cell)));
    g.shoot(cell);
  }
  return g.seen();
}
}  // namespace

TEST_CASE("exact_density is the brute-force posterior, zero on shot cells", "[density][exact]") {
  for (int seed = 0; seed < 40; ++seed) {
    const auto rules = make_dynamic_rules(5 + seed % 2, 5, {3, 2, 2}, static_cast<adjacency>(seed % 3), seed % 2 == 0);
    const auto obs = played(rules, static_cast<std::uint64_t>(seed), seed % 12);
    const auto slow = enumerate_bitset(rules, obs);
    REQUIRE(slow.labelled > 0);
    exact_density<dynamic_rules> model(rules);
    const density_map m = model.weights(obs);
    REQUIRE(m.size() == static_cast<std::size_t>(rules.geometry().cell_count()));
    double sum = 0;
    for (std::size_t c = 0; c < m.size(); ++c) {
      if (obs.shots().test(c)) {
        CHECK(m[c] == 0.0);
      } else {
        CHECK(m[c] ==
              Approx(static_cast<double>(slow.occupancy[c]) / static_cast<double>(slow.labelled)).epsilon(1e-12));
        sum += m[c];
      }
    }
    // The expected number of ship cells not yet hit.
    CHECK(sum == Approx(7 - obs.hits().count()).epsilon(1e-9));
  }
}

TEST_CASE("exact_density with a placement weight is the weighted posterior, and density_greedy plays by it",
          "[density][exact]") {
  // "Humans favour edges" (edge_prior): a placement touching the border
  // weighs 3. The model must give the weighted brute-force posterior, with
  // the prior spelled out again there, and differ from the uniform one.
  for (int seed = 0; seed < 30; ++seed) {
    const auto rules = make_dynamic_rules(5, 4 + seed % 2, {3, 2, 2}, static_cast<adjacency>(seed % 3), seed % 2 == 0);
    const auto obs = played(rules, static_cast<std::uint64_t>(seed), seed % 10);
    const int W = rules.geometry().width(), H = rules.geometry().height();
    // The prior spelled out for the reference: a placement with a cell on the border weighs 3.
    auto spelled_out = [&](int ship, const placement& p) -> std::uint64_t {
      const int len = rules.ship_length(ship);
      const int r1 = p.row + (p.dir == orientation::vertical ? len - 1 : 0);
      const int c1 = p.col + (p.dir == orientation::horizontal ? len - 1 : 0);
      return p.row == 0 || p.col == 0 || r1 == H - 1 || c1 == W - 1 ? 3 : 1;
    };
    const auto [total, occ] = test_support::weighted_brute_force(rules, obs, spelled_out);
    REQUIRE(total > 0);
    exact_density weighted(rules, edge_prior{rules, 3});
    static_assert(DensityModel<decltype(weighted)>);
    const density_map m = weighted.weights(obs);
    const density_map uniform = exact_density(rules).weights(obs);
    bool differs = false;
    for (std::size_t c = 0; c < m.size(); ++c) {
      const double expected = obs.shots().test(c) ? 0.0 : ratio(occ[c], total);
      CHECK(m[c] == Approx(expected).epsilon(1e-12));
      differs = differs || std::abs(m[c] - uniform[c]) > 1e-9;
    }
    if (obs.shot_count() == 0) CHECK(differs);
  }
  // A whole game by the weighted model: legal shots, and it ends.
  const auto rules = make_dynamic_rules(6, 6, {3, 2, 2}, adjacency::touching, false);
  std::mt19937_64 rng(3);
  game<dynamic_rules> g(rules, random_layout(rules, rng));
  auto edge_cells = [](int, const placement& p) -> std::uint64_t { return p.row == 0 || p.col == 0 ? 2 : 1; };
  auto player = density_greedy(rules, exact_density(rules, edge_cells));
  // Its first shot goes where the prior puts the ships (A4), not where the
  // uniform model's does (C3).
  const int first = player.next_shot(g.seen());
  CHECK((first / 6 == 0 || first % 6 == 0));
  CHECK(first != density_greedy(rules, exact_density(rules)).next_shot(g.seen()));
  int shots = 0;
  while (!g.over()) {
    const int cell = player.next_shot(g.seen());
    REQUIRE_FALSE(g.seen().shots().test(static_cast<std::size_t>(cell)));
    g.shoot(cell);
    ++shots;
  }
  CHECK(shots <= 36);
}

TEST_CASE("best_cell breaks ties to the lowest cell, as density_greedy's default promises", "[density][exact]") {
  // 4x4, one 2-ship, cells numbered row by row from 0. The empty board's
  // four centre cells (5, 6, 9, 10) tie on four placements each; a miss at
  // 5 leaves 10 alone on four; a miss at 10 then leaves 2, 7, 8 and 13 tied
  // on three.
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  observation<dynamic_rules::board_type> seen(rules);
  exact_density<dynamic_rules> exact(rules);
  per_ship_density<dynamic_rules> per_ship(rules);
  for (const auto& [miss, best] : {std::pair{-1, 5}, std::pair{5, 10}, std::pair{10, 2}}) {
    if (miss >= 0) seen.record_miss(miss);
    INFO("after a miss at " << miss);
    CHECK(exact.best_cell(seen) == best);
    CHECK(per_ship.best_cell(seen) == best);
    const auto w = exact.weights(seen);
    CHECK(std::max_element(w.begin(), w.end()) - w.begin() == best);  // the first of the heaviest
  }
}

TEST_CASE("exact_density on the 10x10 presets: corners and centre", "[density][exact]") {
  exact_density<park_rules> park{park_rules{}};
  const auto m = park.weights(observation(park_rules{}));
  CHECK(m[0] == Approx(2407483864.0 / 30093975536.0).epsilon(1e-12));
  CHECK(m[44] == Approx(6428054040.0 / 30093975536.0).epsilon(1e-12));
}

TEST_CASE("density models throw inconsistent_observation when no layout agrees", "[density][exact]") {
  const auto rules = make_dynamic_rules(3, 3, {3}, adjacency::touching, false);
  observation<dynamic_rules::board_type> obs(rules);
  obs.record_hit(0);
  obs.record_hit(8);  // no single 3-ship covers two opposite corners
  exact_density<dynamic_rules> exact(rules);
  CHECK_THROWS_AS(exact.weights(obs), inconsistent_observation);
  monte_carlo_density<dynamic_rules> mc(rules, 1, 10);
  CHECK_THROWS_AS(mc.weights(obs), inconsistent_observation);
  CHECK_THROWS_AS(monte_carlo_density<dynamic_rules>(rules, 1, 0), std::invalid_argument);
  CHECK_THROWS_WITH(exact.weights(obs), "no layout agrees with the observation");

  // The per-ship model names the hit no ship can cover as the board does.
  const auto two = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  observation<dynamic_rules::board_type> boxed(two);
  boxed.record_hit(5);  // B2, with a miss on each side of it
  for (const int c : {1, 4, 6, 9}) boxed.record_miss(c);
  const std::string uncoverable = "no ship afloat can cover the hit at B2";
  CHECK_THROWS_WITH(per_ship_density<dynamic_rules>(two).weights(boxed), uncoverable);
  CHECK_THROWS_WITH(per_ship_density_reference<dynamic_rules>(two).weights(boxed), uncoverable);

  // Before any shot the fault is the rules, and the message says so.
  const auto crowded = make_dynamic_rules(3, 3, {3, 3, 3}, adjacency::no_contact, false);
  const observation<dynamic_rules::board_type> empty(crowded);
  const std::string no_room = "no layout exists: the fleet cannot be placed on the grid under these rules";
  CHECK_THROWS_WITH(exact_density<dynamic_rules>(crowded).weights(empty), no_room);
  CHECK_THROWS_WITH(exact_density<dynamic_rules>(crowded).best_cell(empty), no_room);
  CHECK_THROWS_WITH(monte_carlo_density<dynamic_rules>(crowded, 1, 10).weights(empty), no_room);
  CHECK_THROWS_WITH(exact_sampler<dynamic_rules>(crowded, empty), no_room);

  // With placement weights, an empty count may be the weights' doing: the
  // message does not blame the rules, or the shots, alone.
  const auto nothing = [](int, const placement&) { return std::uint64_t{0}; };
  const std::string weighed_out =
      "no layout with a weight above 0 exists: the fleet cannot be placed on the grid under these rules, or the "
      "weights give every layout 0";
  const observation<dynamic_rules::board_type> open(rules);
  CHECK_THROWS_WITH(exact_density(rules, nothing).weights(open), weighed_out);
  CHECK_THROWS_WITH(exact_sampler<dynamic_rules>(rules, open, nothing), weighed_out);
  // A 3-ship on 3x3 through the centre weighs 0: the hit there is then
  // coverable only by layouts the weights rule out.
  const auto not_centre = [](int, const placement& p) {
    return std::uint64_t{p.dir == orientation::horizontal ? p.row != 1 : p.col != 1};
  };
  observation<dynamic_rules::board_type> centre(rules);
  centre.record_hit(4);
  const std::string weighed_out_after_shots = "no layout with a weight above 0 agrees with the observation";
  CHECK_THROWS_WITH(exact_density(rules, not_centre).weights(centre), weighed_out_after_shots);
  CHECK_THROWS_WITH(exact_density(rules, not_centre).best_cell(centre), weighed_out_after_shots);
  CHECK_THROWS_WITH(exact_sampler<dynamic_rules>(rules, centre, not_centre), weighed_out_after_shots);
  CHECK_NOTHROW(exact_density(rules).weights(centre));  // unweighted, the hit is covered
  // A weighted count's result knows it, and says so when read.
  const count_result weighed = exact_counter<dynamic_rules>(rules).count(centre, not_centre, true);
  CHECK(weighed.weighted);
  CHECK_THROWS_WITH(weighed.probability(0), weighed_out_after_shots);
  CHECK_THROWS_WITH(require_consistent(weighed), weighed_out_after_shots);
  const count_result none = exact_counter<dynamic_rules>(crowded).count(empty, true);
  CHECK_FALSE(none.weighted);
  CHECK_THROWS_WITH(none.probability(0), "no layout agrees with the observation");
}

TEST_CASE("every counter and model refuses an observation made under other rules", "[density][exact][observation]") {
  using dboard = dynamic_rules::board_type;
  const auto rules = make_dynamic_rules(4, 4, {2, 2}, adjacency::touching, false);
  const auto sunk_rules = make_dynamic_rules(4, 4, {2, 2}, adjacency::touching, true);
  observation<dboard> sunk_seen(sunk_rules);
  sunk_seen.record_hit(0);
  sunk_seen.record_sunk(1, 0);
  // Another grid, another fleet, and a sunk announcement under hit/miss rules.
  const std::vector<observation<dboard>> foreign{
      observation<dboard>(make_dynamic_rules(5, 5, {2, 2}, adjacency::touching, false)),
      observation<dboard>(make_dynamic_rules(4, 4, {2, 2, 1}, adjacency::touching, false)), sunk_seen};
  for (const auto& obs : foreign) {
    INFO(obs.cell_count() << " cells, " << obs.ship_count() << " ships, " << obs.sunk_events().size() << " sunk");
    exact_counter<dynamic_rules> counter(rules);
    CHECK_THROWS_AS(counter.count(obs), invalid_observation);
    CHECK_THROWS_AS(exact_count(rules, obs), invalid_observation);
    CHECK_THROWS_AS(enumerate_bitset(rules, obs), invalid_observation);
    CHECK_THROWS_AS(enumerate_recursive(rules, obs), invalid_observation);
    CHECK_THROWS_AS(exact_sampler<dynamic_rules>(rules, obs), invalid_observation);
    exact_density<dynamic_rules> exact(rules);
    CHECK_THROWS_AS(exact.weights(obs), invalid_observation);
    monte_carlo_density<dynamic_rules> mc(rules, 1, 10);
    CHECK_THROWS_AS(mc.weights(obs), invalid_observation);
    per_ship_density<dynamic_rules> fast(rules);
    CHECK_THROWS_AS(fast.weights(obs), invalid_observation);
    per_ship_density_reference<dynamic_rules> slow(rules);
    CHECK_THROWS_AS(slow.weights(obs), invalid_observation);
  }
  // The observation's own limits: the board type's cells and 16 ships.
  CHECK_THROWS_AS(observation<dboard>(257, 2, false), invalid_observation);
  CHECK_THROWS_AS(observation<dboard>(-1, 2, false), invalid_observation);
  CHECK_THROWS_AS(observation<dboard>(16, 17, false), invalid_observation);
  CHECK_NOTHROW(observation<dboard>(256, 16, true));
}

// A weight must take (ship, placement); anything else, a lambda of the
// placement alone included, must not compile as a count (it once converted to
// the occupancy flag `true` and counted unweighted).
struct placement_only {
  std::uint64_t operator()(const placement& p) const { return p.row == 0 ? 1 : 0; }
};
struct ship_and_placement {
  std::uint64_t operator()(int, const placement& p) const { return p.row == 0 ? 1 : 0; }
};
template <class W>
concept counts_with = requires(exact_counter<dynamic_rules>& c, const observation<dynamic_rules::board_type>& o,
                               const dynamic_rules& r, W w) {
  c.count(o, w);
  exact_count(r, o, w);
};
static_assert(counts_with<ship_and_placement>);
static_assert(counts_with<bool>);
static_assert(!counts_with<placement_only>);
static_assert(!counts_with<std::uint64_t (*)(const placement&)>);
static_assert(!counts_with<int>);

TEST_CASE("monte_carlo_density approaches the exact posterior and is reproducible", "[density][exact]") {
  const auto rules = make_dynamic_rules(6, 6, {4, 3, 2}, adjacency::no_edge, true);
  const auto obs = played(rules, 5, 8);
  const density_map exact = exact_density<dynamic_rules>(rules).weights(obs);
  monte_carlo_density<dynamic_rules> mc(rules, 99, 4000);
  const density_map m = mc.weights(obs);
  for (std::size_t c = 0; c < m.size(); ++c) {
    INFO("cell " << c);
    if (obs.shots().test(c)) CHECK(m[c] == 0.0);
    // 4000 samples: standard error at most 0.008; 5 sigma.
    CHECK(std::abs(m[c] - exact[c]) < 0.04);
  }
  monte_carlo_density<dynamic_rules> again(rules, 99, 4000);
  CHECK(again.weights(obs) == m);
  monte_carlo_density<dynamic_rules> other(rules, 100, 4000);
  CHECK(other.weights(obs) != m);
}

TEST_CASE("an edge prior made for another game is refused by every counter", "[density][weights]") {
  using Rd = ruleset<grid<5, 5>, dynamic_fleet, touching_allowed, hit_miss>;
  const Rd rules{grid<5, 5>{}, dynamic_fleet{3, 2, 2}, {}, {}};
  const Rd one_ship{grid<5, 5>{}, dynamic_fleet{3}, {}, {}};  // read its ship 1 and 2 past its fleet
  const Rd other_lengths{grid<5, 5>{}, dynamic_fleet{4, 2, 2}, {}, {}};
  const observation<Rd::board_type> empty(rules);
  CHECK_THROWS_AS(exact_count(rules, empty, edge_prior<Rd>{one_ship, 2}), std::invalid_argument);
  CHECK_THROWS_AS(exact_count(rules, empty, edge_prior<Rd>{other_lengths, 2}), std::invalid_argument);
  CHECK_THROWS_AS((exact_sampler<Rd>(rules, empty, edge_prior<Rd>{one_ship, 2})), std::invalid_argument);
  exact_density<Rd, edge_prior<Rd>> model(rules, edge_prior<Rd>{one_ship, 2});
  CHECK_THROWS_AS(model.weights(empty), std::invalid_argument);
  CHECK(exact_count(rules, empty, edge_prior<Rd>{rules, 2}).labelled > 0);

  const auto big = make_dynamic_rules(10, 10, {3, 2}, adjacency::touching, false);
  const auto small = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
  CHECK_THROWS_AS(exact_count(small, observation<dynamic_rules::board_type>(small), edge_prior{big, 3}),
                  std::invalid_argument);
  // Called directly, a ship past the fleet throws.
  const edge_prior prior{small, 3};
  CHECK_THROWS_AS(prior(2, placement{0, 0, orientation::horizontal}), std::out_of_range);
  CHECK(prior(1, placement{0, 0, orientation::horizontal}) == 3);
  CHECK(prior(1, placement{2, 2, orientation::horizontal}) == 1);
}

TEST_CASE("the exact and Monte Carlo models take a memory limit: checkpoints below it, a refusal below those",
          "[density][exact]") {
  const park_rules rules;
  observation<park_rules::board_type> seen(rules);
  seen.record_miss(44);
  seen.record_hit(45);
  exact_counter<park_rules> whole(rules), checkpointed(rules);
  const count_result expected = whole.count(seen, true);
  // 24 MiB keeps a quarter for the layers and what the pass holds besides,
  // less than this board keeps whole: the counter keeps checkpoints and
  // recomputes between them.
  checkpointed.set_memory_limit(std::size_t{24} << 20);
  CHECK(checkpointed.count(seen, true).occupancy == expected.occupancy);
  CHECK(checkpointed.kept_states() < whole.kept_states());
  // exact_density passes its limit to its counter.
  exact_density<park_rules> roomy(rules), tight(rules), too_tight(rules);
  tight.set_memory_limit(std::size_t{24} << 20);
  CHECK(tight.weights(seen) == roomy.weights(seen));
  too_tight.set_memory_limit(std::size_t{4} << 20);
  CHECK_THROWS_AS(too_tight.weights(seen), std::length_error);
  CHECK_THROWS_WITH(too_tight.best_cell(seen), Catch::Matchers::Contains("needs more than 4 MiB of memory"));
  CHECK(exact_counter<park_rules>::default_memory_limit == std::size_t{8} << 30);

  monte_carlo_density<park_rules> sampled(rules, 7, 50);
  sampled.set_memory_limit(std::size_t{1} << 20);
  CHECK_THROWS_AS(sampled.weights(seen), std::length_error);
  CHECK_THROWS_WITH(sampled.weights(seen), Catch::Matchers::Contains("exact sampling needs more than 1 MiB"));
  sampled.set_memory_limit(exact_sampler<park_rules>::default_memory_limit);
  CHECK_NOTHROW(sampled.weights(seen));
}

TEST_CASE("monte_carlo_density: every sample counts, so the map holds the fleet's cells", "[density]") {
  // Each sampled layout covers exactly 3 + 2 = 5 cells, so before any shot
  // the shares sum to 5 for any number of samples; after a miss the missed
  // cell gets 0 and the rest still sum to 5 (no layout covers a miss).
  const auto rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::touching, false);
  for (const int samples : {1, 2, 10, 37}) {
    INFO(samples << " samples");
    monte_carlo_density<dynamic_rules> mc(rules, 3, samples);
    observation<dynamic_rules::board_type> seen(rules);
    const auto m = mc.weights(seen);
    CHECK(std::accumulate(m.begin(), m.end(), 0.0) == Approx(5.0).epsilon(1e-12));
    // With one sample every share is 0 or 1.
    if (samples == 1)
      for (const double w : m) CHECK((w == 0.0 || w == 1.0));
    seen.record_miss(12);
    const auto after = mc.weights(seen);
    CHECK(after[12] == 0.0);
    CHECK(std::accumulate(after.begin(), after.end(), 0.0) == Approx(5.0).epsilon(1e-12));
  }
}

}  // namespace test_density_models
