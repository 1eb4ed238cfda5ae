// Games per second of the per-ship density strategy: the incremental model
// (per_ship_density: only the ~30 placements through the new shot change)
// beside the baseline that rebuilds the heat map from every placement on
// every shot (per_ship_density_reference, DataGenetics' description). Both
// play the same games and must agree shot for shot; the benchmark stops with
// an error if they do not. Also: the whole simulate() pipeline on 1 and 2
// threads (layout sampling, referee, strategy), the target being
// 100,000 games/s on this 2-core machine. And one uniform layout drawn by
// rejection (uniform_defense) beside the same draw from the exact counter's
// tables (constrained_defense with no constraints), on boards from roomy to
// crowded.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include <battleship/analysis/game_loop.hpp>
#include <battleship/analysis/simulation.hpp>
#include <battleship/defense/constrained_defense.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/hunt_target.hpp>
#include <battleship/strategy/memoized.hpp>

using namespace battleship;

namespace {
using rules_t = datagenetics_rules;

const std::vector<layout>& layouts() {
  static const std::vector<layout> all = [] {
    const uniform_layout_sampler<rules_t> sampler{rules_t{}};
    splitmix_rng rng(12345);
    std::vector<layout> v;
    for (int i = 0; i < 1024; ++i) v.push_back(sampler(rng));
    return v;
  }();
  return all;
}

bool models_agree() {
  const rules_t rules;
  density_greedy fast(rules, per_ship_density<rules_t>(rules));
  density_greedy slow(rules, per_ship_density_reference<rules_t>(rules));
  for (int i = 0; i < 50; ++i) {
    game<rules_t> a(rules, layouts()[static_cast<std::size_t>(i)]), b(rules, layouts()[static_cast<std::size_t>(i)]);
    start_new_game(fast);
    play_game(a, fast);
    play_game(b, slow);
    if (a.seen().log().size() != b.seen().log().size()) return false;
    for (std::size_t k = 0; k < a.seen().log().size(); ++k)
      if (a.seen().log()[k].cell != b.seen().log()[k].cell) return false;
  }
  return true;
}

template <class Model>
void play_games(benchmark::State& state) {
  if (!models_agree()) {
    state.SkipWithError("incremental and reference per-ship densities disagree");
    return;
  }
  const rules_t rules;
  density_greedy player(rules, Model(rules));
  std::size_t i = 0;
  long long shots = 0;
  for (auto _ : state) {
    shots += play_game(rules, player, layouts()[i++ % layouts().size()]);
  }
  state.SetItemsProcessed(state.iterations());
  state.counters["shots/game"] =
      benchmark::Counter(static_cast<double>(shots) / static_cast<double>(state.iterations()));
}

void BM_per_ship_game_reference(benchmark::State& state) { play_games<per_ship_density_reference<rules_t>>(state); }
void BM_per_ship_game_incremental(benchmark::State& state) { play_games<per_ship_density<rules_t>>(state); }
BENCHMARK(BM_per_ship_game_reference);
BENCHMARK(BM_per_ship_game_incremental);

// The full pipeline: games/s with state.range(0) threads (items = games).
void BM_simulate_per_ship(benchmark::State& state) {
  const rules_t rules;
  const uniform_defense<rules_t> defense(rules);
  simulation_options o;
  o.games = 20'000;
  o.threads = static_cast<int>(state.range(0));
  std::uint64_t seed = 0;
  for (auto _ : state) {
    o.seed = seed++;
    benchmark::DoNotOptimize(simulate(
        rules, [&] { return density_greedy(rules, per_ship_density<rules_t>(rules)); }, defense, o));
  }
  state.SetItemsProcessed(state.iterations() * o.games);
}
BENCHMARK(BM_simulate_per_ship)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_simulate_hunt_target(benchmark::State& state) {
  const rules_t rules;
  const uniform_defense<rules_t> defense(rules);
  simulation_options o;
  o.games = 20'000;
  o.threads = static_cast<int>(state.range(0));
  for (auto _ : state)
    benchmark::DoNotOptimize(simulate(
        rules, [&] { return hunt_target<rules_t>(rules); }, defense, o));
  state.SetItemsProcessed(state.iterations() * o.games);
}
BENCHMARK(BM_simulate_hunt_target)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

// Exact-posterior greedy on an 8x8 board (4,3,3,2, sunk announced), one
// thread, 200 games per iteration: plain (the DP runs on every shot) beside
// memoized with a cache that starts empty every iteration, so the ratio is
// what one fresh run of 200 games gains from its own opening book. Both runs
// must give the same histogram; the benchmark stops with an error if not.
void exact_greedy_games(benchmark::State& state, bool book) {
  const auto rules = make_dynamic_rules(8, 8, {4, 3, 3, 2}, adjacency::touching, true);
  const uniform_defense<dynamic_rules> defense(rules);
  simulation_options o;
  o.games = 200;
  o.seed = 7;
  auto plain = [&] { return density_greedy(rules, exact_density<dynamic_rules>(rules)); };
  static const auto reference = simulate(rules, plain, defense, o).stats.histogram;
  for (auto _ : state) {
    simulation_result r;
    if (book) {
      auto cache = std::make_shared<decision_cache<dynamic_rules::board_type>>();
      r = simulate(
          rules, [&] { return memoized(plain(), cache); }, defense, o);
    } else {
      r = simulate(rules, plain, defense, o);
    }
    if (r.stats.histogram != reference) {
      state.SkipWithError("memoized play differs from plain play");
      return;
    }
  }
  state.SetItemsProcessed(state.iterations() * o.games);
}
void BM_exact_greedy_8x8_plain(benchmark::State& state) { exact_greedy_games(state, false); }
void BM_exact_greedy_8x8_memoized(benchmark::State& state) { exact_greedy_games(state, true); }
BENCHMARK(BM_exact_greedy_8x8_plain)->UseRealTime()->Unit(benchmark::kMillisecond);
BENCHMARK(BM_exact_greedy_8x8_memoized)->UseRealTime()->Unit(benchmark::kMillisecond);

// Boards by argument: 0 the classic 10x10 (touching; 39 % of rejection draws
// legal), 1 the same under no contact (5 %), 2 the crowded 7x7 with ships
// 5,4,4,3,3,2 under no contact (4.3e-6).
dynamic_rules layout_board(std::int64_t which) {
  if (which == 0) return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::touching, false);
  if (which == 1) return make_dynamic_rules(10, 10, {5, 4, 3, 3, 2}, adjacency::no_contact, false);
  return make_dynamic_rules(7, 7, {5, 4, 4, 3, 3, 2}, adjacency::no_contact, false);
}
template <class Defense>
void draw_layouts(benchmark::State& state, const Defense& defense) {
  splitmix_rng rng(3);
  for (auto _ : state) benchmark::DoNotOptimize(defense.place(rng));
  state.SetItemsProcessed(state.iterations());
}
void BM_uniform_layout_rejection(benchmark::State& state) {
  draw_layouts(state, uniform_defense<dynamic_rules>(layout_board(state.range(0))));
}
void BM_uniform_layout_tables(benchmark::State& state) {
  const auto rules = layout_board(state.range(0));
  draw_layouts(state, constrained_defense<dynamic_rules>(rules, {}));
}
// What the tables cost to build, once per defense.
void BM_uniform_layout_tables_build(benchmark::State& state) {
  const auto rules = layout_board(state.range(0));
  for (auto _ : state) benchmark::DoNotOptimize(constrained_defense<dynamic_rules>(rules, {}).layout_count());
}
BENCHMARK(BM_uniform_layout_rejection)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_uniform_layout_tables)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_uniform_layout_tables_build)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
}  // namespace
