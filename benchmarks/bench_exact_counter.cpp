// The exact dynamic-programming counter beside the brute-force enumerators:
// full occupancy matrices on empty boards and after random shots, under each
// rule, and the 16x16 count.
//
//   build/benchmarks/bench_exact_counter --benchmark_filter=Exact
//   build/benchmarks/bench_exact_counter --benchmark_filter=7x7   (DP vs bitset enumerator)
//   build/benchmarks/bench_exact_counter --benchmark_filter=_empty  (the same on 10x10)
//   build/benchmarks/bench_exact_counter --benchmark_filter='_after_shots<.*>/10'  (and after 10 shots)
//   build/benchmarks/bench_exact_counter --benchmark_filter=1024_games  (the target's median, over 1,024 games)
//   build/benchmarks/bench_exact_counter --benchmark_filter=Lanes_  (lanes off / on; count alone / matrix)
//   build/benchmarks/bench_exact_counter --benchmark_filter=Weighted_  (a prior over placements; lanes off / on)
#include <benchmark/benchmark.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include <battleship/count/exact_counter.hpp>
#include <battleship/count/exact_sampler.hpp>
#include <battleship/solver.hpp>

#include "shot_games.hpp"

using namespace battleship;
using bench::no_edge_rules;
using bench::shot_observations;

namespace {

template <class R>
void Exact_empty(benchmark::State& state) {
  exact_counter<R> counter{R{}};
  const observation<typename R::board_type> obs{R{}};
  // One untimed call first: a reused counter keeps its tables, and the first
  // call's page faults (up to half of it) would otherwise skew the mean.
  benchmark::DoNotOptimize(counter.count(obs, state.range(0) != 0));
  for (auto _ : state) benchmark::DoNotOptimize(counter.count(obs, state.range(0) != 0));
  state.counters["peak_states"] = static_cast<double>(counter.peak_states());
  state.counters["kept_states"] = static_cast<double>(counter.kept_states());
}

// The same with a counter made for each call: what the rows above save by
// keeping one from call to call, as a game does (the enumerator below is
// one cold call).
template <class R>
void Exact_empty_fresh(benchmark::State& state) {
  const observation<typename R::board_type> obs{R{}};
  for (auto _ : state) {
    exact_counter<R> counter{R{}};
    benchmark::DoNotOptimize(counter.count(obs, true));
  }
}

// The brute-force enumerator on the same empty 10x10 boards: the largest
// board it finishes (seconds, so one iteration).
template <class R>
void Bitset_empty(benchmark::State& state) {
  for (auto _ : state) benchmark::DoNotOptimize(enumerate_bitset(R{}, state.range(0) != 0));
}

// Times `count` on each observation in turn, one call per iteration, and
// reports the median and quartiles over the calls beside the mean: the
// issue's target is a median over games, and the cost varies tenfold with
// where the hits fall.
template <class Observations, class Count>
void time_each_game(benchmark::State& state, const Observations& observations, Count&& count) {
  std::vector<double> ms;
  std::size_t k = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    benchmark::DoNotOptimize(count(observations[k++ % observations.size()]));
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count());
  }
  std::sort(ms.begin(), ms.end());
  auto quantile = [&](double q) { return ms[static_cast<std::size_t>(q * static_cast<double>(ms.size() - 1))]; };
  state.counters["q1_ms"] = quantile(0.25);
  state.counters["median_ms"] = quantile(0.5);
  state.counters["q3_ms"] = quantile(0.75);
}

// The exact counter with its matrix on `games` observations after
// state.range(0) random shots, one call per iteration in turn.
template <class R>
void time_counts_after_shots(benchmark::State& state, int games) {
  const auto observations = shot_observations(R{}, static_cast<int>(state.range(0)), games);
  exact_counter<R> counter{R{}};
  benchmark::DoNotOptimize(counter.count(observations[0], true));  // untimed warm-up, as above
  time_each_game(state, observations, [&](const auto& obs) { return counter.count(obs, true); });
}
// 96 calls: each of the 32 observations three times.
template <class R>
void Exact_after_shots(benchmark::State& state) {
  time_counts_after_shots<R>(state, 32);
}
// The target's median over many games: 1,024 games of the same stream (the
// first 32 are the rows above), each counted once. Which 32 games a sample
// holds moves their median by up to a quarter; the median of 1,024 moves by
// about 5 % (docs/results/30-exact-counting.md, session 50).
template <class R>
void Exact_after_shots_1024_games(benchmark::State& state) {
  time_counts_after_shots<R>(state, 1024);
}

// The brute-force enumerator on the same 32 games, each once (0.1-1 s per
// game after 10 shots).
template <class R>
void Bitset_after_shots(benchmark::State& state) {
  const auto observations = shot_observations(R{}, static_cast<int>(state.range(0)), 32);
  time_each_game(state, observations, [](const auto& obs) { return enumerate_bitset(R{}, obs, true); });
}

// The programme with its lanes off (first Arg 0) or on (1), for the count
// alone (second Arg 0) or with the matrix (1), the problem built and reset
// on every call as exact_counter does: the lanes' gain, measured in one run
// (unplaced_lanes.hpp). With a placement weight other than unit_weight,
// the passes a weighted count compiles (exact_counter.hpp).
template <class R, class Weight = unit_weight>
std::uint64_t count_with_lanes(detail::profile_dp<std::uint64_t>& dp, const observation<typename R::board_type>& obs,
                               bool matrix, std::vector<count_type>& occupancy, const Weight& weight = {}) {
  constexpr auto passes =
      std::is_same_v<Weight, unit_weight> ? detail::value_passes::up_to_64_bits : detail::value_passes::up_to_128_bits;
  dp.reset(detail::make_profile_problem(R{}, obs, weight));
  const count_type total =
      dp.forward<passes>(matrix ? detail::keep_tables::for_occupancy : detail::keep_tables::nothing);
  if (matrix && total != 0) dp.backward<passes>(&occupancy);
  return static_cast<std::uint64_t>(total);
}
// The calls of Lanes_*, Two_ship_* and Weighted_*: the switch `turn` set by
// the first Arg, the count alone (second Arg 0) or with the matrix (1), on
// the empty board or the 32 games after 10 shots, with placement weights
// `weight`. Counters: whether the lanes were taken, and the successors
// absorbed with two ships left (last call).
template <class R, class Switch, class Weight = unit_weight>
void switched_empty(benchmark::State& state, Switch turn, const Weight& weight = {}) {
  detail::profile_dp<std::uint64_t> dp;
  turn(dp, state.range(0) != 0);
  const bool matrix = state.range(1) != 0;
  const observation<typename R::board_type> obs{R{}};
  std::vector<count_type> occupancy;
  benchmark::DoNotOptimize(count_with_lanes<R>(dp, obs, matrix, occupancy, weight));  // untimed warm-up, as above
  for (auto _ : state) benchmark::DoNotOptimize(count_with_lanes<R>(dp, obs, matrix, occupancy, weight));
  state.counters["lanes"] = dp.counts_with_lanes() ? 1 : 0;
  state.counters["two_ship"] = static_cast<double>(dp.two_ship_states());
}
template <class R, class Switch, class Weight = unit_weight>
void switched_after_shots(benchmark::State& state, Switch turn, const Weight& weight = {}) {
  const auto observations = shot_observations(R{}, 10, 32);
  detail::profile_dp<std::uint64_t> dp;
  turn(dp, state.range(0) != 0);
  const bool matrix = state.range(1) != 0;
  std::vector<count_type> occupancy;
  benchmark::DoNotOptimize(count_with_lanes<R>(dp, observations[0], matrix, occupancy, weight));
  time_each_game(state, observations,
                 [&](const auto& obs) { return count_with_lanes<R>(dp, obs, matrix, occupancy, weight); });
  state.counters["lanes"] = dp.counts_with_lanes() ? 1 : 0;
  state.counters["two_ship"] = static_cast<double>(dp.two_ship_states());
}
constexpr auto lanes_switch = [](detail::profile_dp<std::uint64_t>& dp, bool on) { dp.set_lanes(on); };
template <class R>
void Lanes_empty(benchmark::State& state) {
  switched_empty<R>(state, lanes_switch);
}
template <class R>
void Lanes_after_shots(benchmark::State& state) {
  switched_after_shots<R>(state, lanes_switch);
}
// The same with states of two ships left in closed form off (first Arg 0)
// or on (1): that closed form's gain, measured in one run (two_ship.hpp).
constexpr auto two_ship_switch = [](detail::profile_dp<std::uint64_t>& dp, bool on) {
  dp.set_two_ship_closed_form(on);
};
template <class R>
void Two_ship_empty(benchmark::State& state) {
  switched_empty<R>(state, two_ship_switch);
}
template <class R>
void Two_ship_after_shots(benchmark::State& state) {
  switched_after_shots<R>(state, two_ship_switch);
}
// The same closed form on, with states that have a hit ahead in it or not
// (first Arg 1 or 0).
constexpr auto two_ship_hits_switch = [](detail::profile_dp<std::uint64_t>& dp, bool on) {
  dp.set_two_ship_hits_closed_form(on);
};
template <class R>
void Two_ship_hits_after_shots(benchmark::State& state) {
  switched_after_shots<R>(state, two_ship_hits_switch);
}

// A prior over placements (the weights extension point): "humans favour
// edges", edge_prior with a placement touching the border weighing 2, any
// other 1 (the same under the mirror images, so the empty board still folds
// them), the lanes off (first Arg 0: how a weighted count ran before
// session 30) or on (1: the lanes and the two-ship closed form).
template <class R>
void Weighted_empty(benchmark::State& state) {
  switched_empty<R>(state, lanes_switch, edge_prior{R{}, 2});
}
template <class R>
void Weighted_after_shots(benchmark::State& state) {
  switched_after_shots<R>(state, lanes_switch, edge_prior{R{}, 2});
}

// Under the contact rules, the codes of ship cells whose neighbours below
// no placement can cover (misses, mostly) cleared (first Arg 1) or kept
// (0): that merge's gain, measured in one run (profile_dp::reset,
// live_codes_).
constexpr auto code_clearing_switch = [](detail::profile_dp<std::uint64_t>& dp, bool on) { dp.set_code_clearing(on); };
template <class R>
void Code_clearing_empty(benchmark::State& state) {
  switched_empty<R>(state, code_clearing_switch);
}
template <class R>
void Code_clearing_after_shots(benchmark::State& state) {
  switched_after_shots<R>(state, code_clearing_switch);
}

void Exact_7x7(benchmark::State& state) {
  const auto rules = make_dynamic_rules(7, 7, {5, 4, 3, 3, 2}, static_cast<adjacency>(state.range(0)), false);
  for (auto _ : state) benchmark::DoNotOptimize(exact_count(rules, true));
}
void Bitset_7x7(benchmark::State& state) {
  const auto rules = make_dynamic_rules(7, 7, {5, 4, 3, 3, 2}, static_cast<adjacency>(state.range(0)), false);
  for (auto _ : state) benchmark::DoNotOptimize(enumerate_bitset(rules, true));
}
void Exact_8x8(benchmark::State& state) {
  const auto rules = make_dynamic_rules(8, 8, {5, 4, 3, 3, 2}, adjacency::touching, false);
  for (auto _ : state) benchmark::DoNotOptimize(exact_count(rules, true));
}
void Bitset_8x8(benchmark::State& state) {
  const auto rules = make_dynamic_rules(8, 8, {5, 4, 3, 3, 2}, adjacency::touching, false);
  for (auto _ : state) benchmark::DoNotOptimize(enumerate_bitset(rules, true));
}

void Exact_16x16_count(benchmark::State& state) {
  const auto rules = make_dynamic_rules(16, 16, {5, 4, 3, 3, 2}, adjacency::touching, false);
  exact_counter<dynamic_rules> counter(rules);
  for (auto _ : state) benchmark::DoNotOptimize(counter.count(observation(rules), false));
  state.counters["peak_states"] = static_cast<double>(counter.peak_states());
}

// Building a sampler's tables (forward and backward passes, every layer kept).
template <class R>
void Exact_sampler_build(benchmark::State& state) {
  const observation<typename R::board_type> obs{R{}};
  for (auto _ : state) benchmark::DoNotOptimize(exact_sampler<R>(R{}, obs));
}

void Exact_sampler_draw(benchmark::State& state) {
  const exact_sampler<audinot_rules> sampler(audinot_rules{}, observation(audinot_rules{}));
  std::mt19937_64 rng(1);
  for (auto _ : state) benchmark::DoNotOptimize(sampler(rng));
}

// 1000 layouts in one batch (draw) from a fresh sampler on the empty Park
// board, tables built included: argument 0 keeps every layer, otherwise the
// argument is a memory limit in MiB small enough that the sampler keeps
// checkpoints and recomputes between them (how 16x16 is sampled). Today
// 64-80 MiB does that on this board (48-64 MiB once states with one ship
// left were absorbed, 80-104 MiB before, 152-200 MiB before states with every
// ship placed were, 320-384 MiB before the tables folded mirror images); the
// benchmark reports whether it did, and a limit the sampler refuses stops
// this row alone with an error rather than the whole program.
void Exact_sampler_1000(benchmark::State& state) {
  const observation<park_rules::board_type> obs{park_rules{}};
  std::mt19937_64 rng(1);
  bool checkpointed = false;
  for (auto _ : state) {
    try {
      exact_sampler<park_rules> sampler =
          state.range(0) == 0 ? exact_sampler<park_rules>(park_rules{}, obs)
                              : exact_sampler<park_rules>(park_rules{}, obs, unit_weight{},
                                                          static_cast<std::size_t>(state.range(0)) << 20);
      checkpointed = sampler.checkpointed();
      benchmark::DoNotOptimize(sampler.draw(rng, 1000));
    } catch (const std::length_error& e) {
      state.SkipWithError(e.what());
      break;
    }
  }
  state.counters["checkpointed"] = checkpointed ? 1 : 0;
}

}  // namespace

// Argument: 1 = with the occupancy matrix, 0 = count only.
BENCHMARK_TEMPLATE(Exact_empty, park_rules)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_empty, datagenetics_rules)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_empty, audinot_rules)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_empty, no_edge_rules)->Arg(1)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_empty_fresh, park_rules)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Bitset_empty, park_rules)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(Bitset_empty, datagenetics_rules)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(Bitset_empty, audinot_rules)->Arg(0)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(Bitset_empty, no_edge_rules)->Arg(1)->Unit(benchmark::kMillisecond)->Iterations(1);
// Argument: shots fired before counting (occupancy included); 32 observations in turn.
BENCHMARK_TEMPLATE(Exact_after_shots, park_rules)->Arg(10)->Arg(20)->Iterations(96)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_after_shots, datagenetics_rules)
    ->Arg(10)
    ->Arg(20)
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_after_shots, audinot_rules)->Arg(10)->Arg(20)->Iterations(96)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_after_shots, no_edge_rules)->Arg(10)->Arg(20)->Iterations(96)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_after_shots_1024_games, park_rules)->Arg(10)->Iterations(1024)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_after_shots_1024_games, datagenetics_rules)
    ->Arg(10)
    ->Iterations(1024)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_after_shots_1024_games, audinot_rules)
    ->Arg(10)
    ->Iterations(1024)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_after_shots_1024_games, no_edge_rules)
    ->Arg(10)
    ->Iterations(1024)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Bitset_after_shots, park_rules)->Arg(10)->Iterations(32)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Bitset_after_shots, datagenetics_rules)->Arg(10)->Iterations(32)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Bitset_after_shots, audinot_rules)->Arg(10)->Iterations(32)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Bitset_after_shots, no_edge_rules)->Arg(10)->Iterations(32)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Lanes_empty, park_rules)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Lanes_empty, audinot_rules)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Lanes_empty, no_edge_rules)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Lanes_after_shots, park_rules)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Lanes_after_shots, audinot_rules)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Lanes_after_shots, no_edge_rules)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);

BENCHMARK_TEMPLATE(Two_ship_empty, park_rules)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Two_ship_after_shots, park_rules)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Two_ship_after_shots, datagenetics_rules)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Two_ship_hits_after_shots, park_rules)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Two_ship_hits_after_shots, datagenetics_rules)
    ->ArgsProduct({{0, 1}, {0, 1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);

// Arguments: lanes off (0) or on (1); the matrix (1).
BENCHMARK_TEMPLATE(Weighted_empty, park_rules)->ArgsProduct({{0, 1}, {1}})->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Weighted_empty, audinot_rules)->ArgsProduct({{0, 1}, {1}})->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Weighted_after_shots, park_rules)
    ->ArgsProduct({{0, 1}, {1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Weighted_after_shots, audinot_rules)
    ->ArgsProduct({{0, 1}, {1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);

// Arguments: code clearing off (0) or on (1); the matrix (1).
BENCHMARK_TEMPLATE(Code_clearing_empty, no_edge_rules)->ArgsProduct({{0, 1}, {1}})->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Code_clearing_after_shots, audinot_rules)
    ->ArgsProduct({{0, 1}, {1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Code_clearing_after_shots, no_edge_rules)
    ->ArgsProduct({{0, 1}, {1}})
    ->Iterations(96)
    ->Unit(benchmark::kMillisecond);

// Argument: adjacency (0 touching, 1 no-edge, 2 no-contact). The enumerator
// takes 2-35 ms here, so it is iterated as the programme is (one cold call
// each cost it 8-13 % under the contact rules, session 86's review).
BENCHMARK(Exact_7x7)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(Bitset_7x7)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(Exact_8x8)->Unit(benchmark::kMillisecond);
BENCHMARK(Bitset_8x8)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK(Exact_16x16_count)->Unit(benchmark::kMillisecond)->Iterations(1);
BENCHMARK_TEMPLATE(Exact_sampler_build, park_rules)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(Exact_sampler_build, audinot_rules)->Unit(benchmark::kMillisecond);
BENCHMARK(Exact_sampler_draw)->Unit(benchmark::kMicrosecond);
BENCHMARK(Exact_sampler_1000)->Arg(0)->Arg(72)->Unit(benchmark::kMillisecond);
