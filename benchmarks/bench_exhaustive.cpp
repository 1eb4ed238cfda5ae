// Exhaustive evaluation: the fast sweep/row-scan kernels beside the baseline
// that plays one game per layout (same enumeration, same results).
//   bench_exhaustive --benchmark_filter=7x7       both paths on every 7x7 layout
//   bench_exhaustive --benchmark_filter=audinot   the 10x10 game: a shard, a played
//                                                 sample, and the full evaluation
//   bench_exhaustive --benchmark_filter=popcount  the kernels' bit count beside
//                                                 std::popcount (a libgcc call on GCC
//                                                 without -mpopcnt)
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdint>
#include <random>
#include <vector>

#include <battleship/analysis/exhaustive.hpp>
#include <battleship/core/game.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/detail/popcount.hpp>

using namespace battleship;

namespace {
const dynamic_rules small = make_dynamic_rules(7, 7, {4, 3, 3, 2}, adjacency::no_contact, false);

exhaustive_options single(exhaustive_shard shard = {}) {
  exhaustive_options o;
  o.threads = 1;
  o.shard = shard;
  return o;
}

void set_rate(benchmark::State& state, count_type layouts) {
  state.counters["layouts/s"] = benchmark::Counter(
      static_cast<double>(layouts) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_sweep_7x7_play(benchmark::State& state) {
  const sweep s(small, sweep_clearing::four_directions);
  count_type n = 0;
  for (auto _ : state) {
    auto r = evaluate_by_playing(small, s, single());
    n = r.layouts();
    benchmark::DoNotOptimize(r.histogram.data());
  }
  set_rate(state, n);
}
BENCHMARK(BM_sweep_7x7_play)->Unit(benchmark::kMillisecond);

void BM_sweep_7x7_fast(benchmark::State& state) {
  const sweep s(small, sweep_clearing::four_directions);
  if (evaluate_sweep_fast(small, s, single()).histogram != evaluate_by_playing(small, s, single()).histogram)
    state.SkipWithError("fast path and playing disagree");
  count_type n = 0;
  for (auto _ : state) {
    auto r = evaluate_sweep_fast(small, s, single());
    n = r.layouts();
    benchmark::DoNotOptimize(r.histogram.data());
  }
  set_rate(state, n);
}
BENCHMARK(BM_sweep_7x7_fast)->Unit(benchmark::kMillisecond);

// Baseline on the real game: one played game per layout, on a fixed sample.
void BM_audinot_sweep_play_sample(benchmark::State& state) {
  const audinot_rules rules;
  const sweep s(rules, sweep_clearing::four_directions);
  uniform_layout_sampler sampler(rules);
  std::mt19937_64 rng(1);
  std::vector<layout> sample;
  for (int i = 0; i < 2000; ++i) sample.push_back(sampler(rng));
  long long shots = 0;
  for (auto _ : state) {
    for (const auto& l : sample) {
      game<audinot_rules> g(rules, l);
      sweep p = s;
      while (!g.over()) {
        const int c = p.next_shot(g.seen());
        notify_result(p, c, g.shoot(c), g.seen());
      }
      shots += g.shots_fired();
    }
  }
  benchmark::DoNotOptimize(shots);
  set_rate(state, sample.size());
}
BENCHMARK(BM_audinot_sweep_play_sample)->Unit(benchmark::kMillisecond);

// The fast path on one 64th of the real game, one thread.
void BM_audinot_sweep_fast_shard(benchmark::State& state) {
  const audinot_rules rules;
  const sweep s(rules, sweep_clearing::four_directions);
  count_type n = 0;
  for (auto _ : state) {
    auto r = evaluate_sweep_fast(rules, s, single({0, 64}));
    n = r.layouts();
    benchmark::DoNotOptimize(r.histogram.data());
  }
  set_rate(state, n);
}
BENCHMARK(BM_audinot_sweep_fast_shard)->Unit(benchmark::kMillisecond);

// All 1,925,751,392 layouts (3,851,502,784 labelled), every core.
void BM_audinot_full(benchmark::State& state) {
  const audinot_rules rules;
  const auto mode = state.range(0) == 0 ? sweep_clearing::four_directions : sweep_clearing::horizontal_first;
  count_type n = 0;
  for (auto _ : state) {
    auto r = evaluate_sweep_fast(rules, sweep(rules, mode));
    n = r.layouts();
    state.counters["mean"] = r.mean();
  }
  set_rate(state, n);
}
BENCHMARK(BM_audinot_full)->Arg(0)->Arg(1)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

void BM_audinot_row_scan_full(benchmark::State& state) {
  const audinot_rules rules;
  count_type n = 0;
  for (auto _ : state) {
    auto r = evaluate_row_scan_fast(rules);
    n = r.layouts();
    state.counters["mean"] = r.mean();
  }
  set_rate(state, n);
}
BENCHMARK(BM_audinot_row_scan_full)->Iterations(1)->Unit(benchmark::kSecond)->UseRealTime();

// Bits counted in 4,096 random words, the way the kernels count a board.
template <int (*Count)(std::uint64_t)>
void BM_popcount(benchmark::State& state) {
  std::mt19937_64 rng(2);
  std::vector<std::uint64_t> words(4096);
  for (auto& w : words) w = rng() & rng();
  for (auto _ : state) {
    long long bits = 0;
    for (const auto w : words) bits += Count(w);
    benchmark::DoNotOptimize(bits);
  }
  state.counters["words/s"] = benchmark::Counter(
      static_cast<double>(words.size()) * static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}
int std_popcount(std::uint64_t x) { return std::popcount(x); }
int library_popcount(std::uint64_t x) { return detail::popcount(x); }
BENCHMARK(BM_popcount<std_popcount>)->Name("BM_popcount_std");
BENCHMARK(BM_popcount<library_popcount>)->Name("BM_popcount_library");
}  // namespace
