// The exact sampler draws legal, consistent layouts, uniformly (chi-square
// against the full enumeration), or in proportion to placement weights.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <stdexcept>
#include <stop_token>
#include <string>
#include <vector>

#include <battleship/count/exact_sampler.hpp>
#include <battleship/solver.hpp>

#include "call_during_a_run.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_exact_sampler {

using namespace battleship;

namespace {

std::vector<int> key_of(const layout& l) {
  std::vector<int> k;
  for (int i = 0; i < l.size(); ++i) {
    k.push_back(l[i].row);
    k.push_back(l[i].col);
    k.push_back(l[i].dir == orientation::horizontal ? 0 : 1);
  }
  return k;
}

template <class R>
bool consistent(const R& rules, const observation<typename R::board_type>& obs, const layout& l) {
  if (validate(rules, l)) return false;
  const auto masks = ship_masks(rules, l);
  for (int i = 0; i < rules.ship_count(); ++i)
    if (!obs.placement_allowed(i, masks[static_cast<std::size_t>(i)])) return false;
  return obs.hits().subset_of(occupied_cells(rules, l));
}

// Pearson's statistic of `draws` samples against expected probabilities
// proportional to `weight` over every layout the enumeration visits; also
// checks that every sample is one of those layouts.
// With a memory limit the sampler must have checkpointed its tables, and
// the layouts come from draw() in four batches.
template <class R, class Weight>
void chi_square_check(const R& rules, const observation<typename R::board_type>& obs, Weight weight, int per_cell,
                      std::uint64_t seed, std::size_t memory_limit = 0,
                      sampler_draws use = sampler_draws::one_at_a_time) {
  std::map<std::vector<int>, double> expected;
  double total_weight = 0;
  for_each_layout(rules, obs, [&](const auto& e) {
    double w = 1;
    for (int i = 0; i < e.size; ++i) w *= static_cast<double>(weight(i, e.ships[static_cast<std::size_t>(i)]->where));
    if (w == 0) return;
    expected[key_of(e.to_layout())] = w;
    total_weight += w;
  });
  REQUIRE(expected.size() >= 10);
  const int draws = per_cell * static_cast<int>(expected.size());
  exact_sampler<R> sampler = memory_limit == 0 ? exact_sampler<R>(rules, obs, weight)
                                               : exact_sampler<R>(rules, obs, weight, memory_limit, use);
  REQUIRE(sampler.checkpointed() == (memory_limit != 0));
  std::mt19937_64 rng(seed);
  std::vector<layout> layouts;
  if (memory_limit == 0)
    for (int k = 0; k < draws; ++k) layouts.push_back(sampler(rng));
  else
    for (int batch = 0; batch < 4; ++batch)
      for (layout& l : sampler.draw(rng, static_cast<std::size_t>(draws / 4 + (batch < draws % 4 ? 1 : 0))))
        layouts.push_back(l);
  REQUIRE(layouts.size() == static_cast<std::size_t>(draws));
  std::map<std::vector<int>, int> seen;
  for (const layout& l : layouts) {
    REQUIRE(consistent(rules, obs, l));
    const auto key = key_of(l);
    REQUIRE(expected.count(key) == 1);
    ++seen[key];
  }
  double chi2 = 0;
  for (const auto& [key, w] : expected) {
    const double e = draws * w / total_weight;
    const double o = seen.count(key) ? seen[key] : 0;
    chi2 += (o - e) * (o - e) / e;
  }
  const double df = static_cast<double>(expected.size() - 1);
  INFO("chi2 " << chi2 << " df " << df << " layouts " << expected.size());
  // Mean df, standard deviation sqrt(2 df): 5 sigma above is a failure; a
  // non-uniform sampler (e.g. redrawing only the conflicting ship) lands far out.
  CHECK(chi2 < df + 5 * std::sqrt(2 * df));
  CHECK(chi2 > df - 5 * std::sqrt(2 * df));  // suspiciously perfect fits fail too
}

}  // namespace

TEST_CASE("exact_sampler is uniform over the layouts of a small grid (chi-square)", "[sampler][exact]") {
  // 3x4, ships 2, 2, 1, touching allowed: equal-length ships exercise the
  // permutation that turns type-level layouts into labelled ones.
  const auto rules = make_dynamic_rules(4, 3, {2, 2, 1}, adjacency::touching, false);
  observation<dynamic_rules::board_type> obs(rules);
  CHECK(exact_sampler<dynamic_rules>(rules, obs).layout_count() == enumerate_bitset(rules, obs).labelled);
  chi_square_check(rules, obs, unit_weight{}, 40, 1);
}

TEST_CASE("exact_sampler is uniform given hits, misses and a sunk ship", "[sampler][exact]") {
  const auto rules = make_dynamic_rules(5, 4, {3, 2, 2}, adjacency::no_edge, true);
  observation<dynamic_rules::board_type> obs(rules);
  obs.record_miss(7);
  obs.record_hit(0);
  obs.record_sunk(1, 1);  // ship 2 (a 2-ship) sank at A2 after hits A1, A2
  obs.record_hit(13);
  chi_square_check(rules, obs, unit_weight{}, 60, 2);
}

TEST_CASE("exact_sampler draws in proportion to placement weights", "[sampler][exact]") {
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::no_contact, false);
  auto weight = [](int ship, const placement& p) -> std::uint64_t {
    return ship == 0 && p.dir == orientation::vertical ? 4 : (p.row == 0 ? 2 : 1);
  };
  chi_square_check(rules, observation<dynamic_rules::board_type>(rules), weight, 60, 3);
}

// The largest memory limit (stepping down by a tenth) under which the
// sampler keeps checkpoints instead of every layer.
template <class R, class Weight>
std::size_t checkpointing_limit(const R& rules, const observation<typename R::board_type>& obs, Weight weight) {
  for (double limit = 1 << 22; limit > 64; limit *= 0.9) {
    const exact_sampler<R> s(rules, obs, weight, static_cast<std::size_t>(limit));
    if (s.checkpointed()) return static_cast<std::size_t>(limit);
  }
  return 0;
}

TEST_CASE("exact_sampler with checkpointed tables is uniform, and in proportion to weights", "[sampler][exact]") {
  // Past three quarters of its memory limit the sampler keeps checkpoints
  // and draws in batches (how it samples an empty 16x16 board); here a small
  // limit sends small boards down that path.
  const auto rules = make_dynamic_rules(5, 4, {3, 2, 2}, adjacency::no_edge, true);
  observation<dynamic_rules::board_type> obs(rules);
  obs.record_miss(7);
  obs.record_hit(0);
  obs.record_sunk(1, 1);
  obs.record_hit(13);
  const std::size_t limit = checkpointing_limit(rules, obs, unit_weight{});
  REQUIRE(limit > 0);
  chi_square_check(rules, obs, unit_weight{}, 60, 4, limit);

  const auto open = make_dynamic_rules(5, 4, {3, 2}, adjacency::touching, false);
  auto weight = [](int ship, const placement& p) -> std::uint64_t {
    return ship == 0 && p.dir == orientation::vertical ? 3 : (p.col == 0 ? 2 : 1);
  };
  const observation<dynamic_rules::board_type> empty(open);
  const std::size_t weighted_limit = checkpointing_limit(open, empty, weight);
  REQUIRE(weighted_limit > 0);
  chi_square_check(open, empty, weight, 30, 5, weighted_limit);

  // A sampler that promises batches only checkpoints sooner: at a limit
  // where the other still keeps every layer.
  const exact_sampler<dynamic_rules> whole(rules, obs, unit_weight{}, limit * 2);
  const exact_sampler<dynamic_rules> batches(rules, obs, unit_weight{}, limit * 2, sampler_draws::batches_only);
  CHECK_FALSE(whole.checkpointed());
  CHECK(batches.checkpointed());
  chi_square_check(rules, obs, unit_weight{}, 60, 7, limit * 2, sampler_draws::batches_only);

  // draw() gives the same layouts from the same seed whichever way the
  // tables are kept.
  exact_sampler<dynamic_rules> kept_whole(rules, obs, unit_weight{});
  exact_sampler<dynamic_rules> kept_checkpointed(rules, obs, unit_weight{}, limit);
  std::mt19937_64 one(8), other(8);
  CHECK(kept_whole.draw(one, 50) == kept_checkpointed.draw(other, 50));

  // One draw at a time needs every layer: a clear error, not a slow path.
  exact_sampler<dynamic_rules> s(rules, obs, unit_weight{}, limit);
  std::mt19937_64 rng(6);
  CHECK_THROWS_AS(s(rng), std::logic_error);
  CHECK(s.draw(rng, 3).size() == 3);
  CHECK(s.draw(rng, 0).empty());
}

TEST_CASE("exact_sampler: compile-time rules, reproducibility, impossible observations", "[sampler][exact]") {
  std::mt19937_64 a(42), b(42);
  using rules = ruleset<grid<7, 6>, classic_fleet, touching_allowed, hit_miss_sunk>;
  const exact_sampler<rules> s(rules{}, observation(rules{}));
  CHECK(s.layout_count() == enumerate_bitset(rules{}, false).labelled);
  for (int k = 0; k < 20; ++k) {
    const layout la = s(a), lb = s(b);
    CHECK(la == lb);
    CHECK_FALSE(validate(rules{}, la).has_value());
  }
  // A 2x2 grid cannot hold a 2-ship and a 1-ship without contact.
  const auto tight = make_dynamic_rules(2, 2, {2, 1}, adjacency::no_contact, false);
  CHECK_THROWS_AS(exact_sampler<dynamic_rules>(tight, observation<dynamic_rules::board_type>(tight)),
                  inconsistent_observation);
  // A miss on every cell of the only column a 3-ship could use.
  const auto narrow = make_dynamic_rules(1, 3, {3}, adjacency::touching, false);
  observation<dynamic_rules::board_type> obs(narrow);
  obs.record_miss(1);
  CHECK_THROWS_AS(exact_sampler<dynamic_rules>(narrow, obs), inconsistent_observation);
}

TEST_CASE("exact_sampler draws in proportion to weights whose sums pass 64 bits (the 128-bit tables)",
          "[sampler][exact]") {
  // Every placement weighs 2^59 times a small factor: one layout's weight
  // fits 64 bits but the sums do not, so the 64-bit pass overflows and the
  // sampler draws from 128-bit tables, one layout at a time and in batches.
  // The draws must follow the small factors alone.
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::touching, false);
  const observation<dynamic_rules::board_type> empty(rules);
  auto weight = [](int ship, const placement& p) -> std::uint64_t {
    if (ship == 1) return p.row == 0 ? 2 : 1;
    return (std::uint64_t{p.dir == orientation::vertical ? 3U : 1U}) << 59;
  };
  const exact_sampler<dynamic_rules> wide(rules, empty, weight);
  CHECK(wide.layout_count() >> 64 != 0);
  chi_square_check(rules, empty, weight, 60, 11);

  observation<dynamic_rules::board_type> shot(rules);
  shot.record_miss(5);
  shot.record_hit(10);
  const std::size_t limit = checkpointing_limit(rules, shot, weight);
  REQUIRE(limit > 0);
  CHECK(exact_sampler<dynamic_rules>(rules, shot, weight, limit).layout_count() >> 64 != 0);
  chi_square_check(rules, shot, weight, 60, 12, limit);
}

TEST_CASE("uniform_below_wide draws below bounds beyond 64 bits", "[sampler][exact]") {
  std::mt19937_64 rng(9);
  const count_type bound = (count_type{1} << 100) + 12345;
  bool high_half = false, low_half = false;
  for (int k = 0; k < 200; ++k) {
    const count_type v = detail::uniform_below_wide(rng, bound);
    REQUIRE(v < bound);
    (v >= (count_type{1} << 99) ? high_half : low_half) = true;
  }
  CHECK(high_half);
  CHECK(low_half);
  CHECK(detail::uniform_below_wide(rng, 1) == 0);
}

TEST_CASE("exact_sampler and monte_carlo_density: an interruption check stops the passes and the batches of draws",
          "[sampler][exact]") {
  struct stopped {};
  // Checkpointed (batches only, under a low limit) and whole tables: the
  // check stops the passes and the batches, and a stopped sampler draws
  // what an unchecked one does.
  const auto rules = make_dynamic_rules(8, 8, {4, 3, 2}, adjacency::no_contact, true);
  auto seen = observation(rules);
  seen.record_miss(rules.geometry().cell(3, 3));
  seen.record_hit(rules.geometry().cell(5, 1));
  // The highest limit (a power of two) under which the tables checkpoint.
  std::size_t low = std::size_t{1} << 24;
  while (low > 1024 &&
         !exact_sampler<dynamic_rules>(rules, seen, unit_weight{}, low, sampler_draws::batches_only).checkpointed())
    low /= 2;
  for (const std::size_t limit : {exact_sampler<dynamic_rules>::default_memory_limit, low}) {
    INFO("limit " << limit);
    exact_sampler<dynamic_rules> plain(rules, seen, unit_weight{}, limit, sampler_draws::batches_only);
    CHECK(plain.checkpointed() == (limit == low));
    int calls = 0;
    const std::function<void()> counting = [&] { ++calls; };
    exact_sampler<dynamic_rules> checked(rules, seen, unit_weight{}, limit, sampler_draws::batches_only, counting);
    CHECK(calls >= 64 / 2);
    const int in_passes = calls;
    std::mt19937_64 a(5), b(5);
    CHECK(checked.draw(a, 50) == plain.draw(b, 50));
    const int in_batch = calls - in_passes;
    CHECK(in_batch >= 64 / 2);  // a call per step at least, with every draw moved on
    for (const int stop_at : {1, in_passes / 2, in_passes}) {
      calls = 0;
      const std::function<void()> stopping = [&] {
        if (++calls == stop_at) throw stopped{};
      };
      CHECK_THROWS_AS(
          exact_sampler<dynamic_rules>(rules, seen, unit_weight{}, limit, sampler_draws::batches_only, stopping),
          stopped);
      CHECK(calls == stop_at);
    }
    // A batch stopped at its first, a middle and its last call; then the
    // same sampler, unchecked, draws what the plain one does.
    for (const int stop_at : {1, in_batch / 2, in_batch}) {
      INFO("batch stopped at call " << stop_at);
      calls = 0;
      checked.set_interruption_check([&] {
        if (++calls == stop_at) throw stopped{};
      });
      std::mt19937_64 c(6);
      CHECK_THROWS_AS(checked.draw(c, 50), stopped);
      CHECK(calls == stop_at);
      checked.set_interruption_check({});
      std::mt19937_64 d(static_cast<std::uint64_t>(stop_at)), e(static_cast<std::uint64_t>(stop_at));
      CHECK(checked.draw(d, 40) == plain.draw(e, 40));
    }
    // A check that calls back into its sampler is refused, and the sampler
    // draws as before.
    checked.set_interruption_check([&] {
      std::mt19937_64 inner(1);
      (void)checked.draw(inner, 1);
    });
    std::mt19937_64 f(8), g(8);
    CHECK_THROWS_AS(checked.draw(f, 5), std::logic_error);
    checked.set_interruption_check([&] { checked.set_interruption_check({}); });
    CHECK_THROWS_AS(checked.draw(f, 5), std::logic_error);
    checked.set_interruption_check({});
    f.seed(8);
    CHECK(checked.draw(f, 30) == plain.draw(g, 30));
  }
  monte_carlo_density<dynamic_rules> model(rules, 7, 50), twin(rules, 7, 50);
  std::stop_source stop;
  model.set_interruption_check([token = stop.get_token()] {
    if (token.stop_requested()) throw stopped{};
  });
  CHECK(model.weights(seen) == twin.weights(seen));
  stop.request_stop();
  CHECK_THROWS_AS(model.weights(seen), stopped);
}

// A sampler's batches are one thread's: another thread's draw or new check
// during a batch is refused, and the batch draws what it would have.
TEST_CASE("exact_sampler: a batch or a new check from another thread during a batch is refused",
          "[sampler][exact][threads]") {
  const auto rules = make_dynamic_rules(6, 6, {3, 2}, adjacency::touching, false);
  const observation<dynamic_rules::board_type> empty(rules);
  exact_sampler<dynamic_rules> plain(rules, empty);
  std::mt19937_64 a(3);
  const auto expected = plain.draw(a, 20);
  for (const std::string what : {"draw", "set_interruption_check"}) {
    INFO(what);
    exact_sampler<dynamic_rules> sampler(rules, empty);
    std::vector<layout> drawn;
    const std::string refused = test_support::logic_error_during_a_run(
        [&](std::function<void()> check) { sampler.set_interruption_check(std::move(check)); },
        [&] {
          std::mt19937_64 b(3);
          drawn = sampler.draw(b, 20);
        },
        [&] {
          std::mt19937_64 mine(9);
          if (what == "draw") (void)sampler.draw(mine, 5);
          if (what == "set_interruption_check") sampler.set_interruption_check({});
        });
    CHECK(drawn == expected);
    CHECK(refused == "exact_sampler: " + what +
                         " called during a batch of draws (from its interruption check, or from another thread: "
                         "each thread needs its own), which would pull the tables from under the pass");
  }
}

}  // namespace test_exact_sampler
