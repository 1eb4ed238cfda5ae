// Layouts per second of the two brute-force enumerators, side by side:
// Audinot et al.'s recursive Algorithm 1 (the baseline) and Park's bitset
// enumeration, on n x n boards with the 5-4-3-3-2 fleet, under each rule,
// counting only or also building the occupancy (occurrence) matrix.
//
// Arguments: side, rule (0 touching, 1 no-edge, 2 no-contact), occupancy (0/1).
// items_per_second is layouts per second. Both enumerators must find the same
// count; the second to run a configuration checks it against the first.
//
//   ./bench_enumerators --benchmark_min_time=0.01
//
// The recursive enumerator visits every layout one by one, so 8x8 touching
// (1.1 billion layouts, tens of seconds per run) and the 9x9 and 10x10
// boards of Park's Table 2 (touching only) are timed for the bitset alone.
// Configurations where the fleet cannot fit (5x5 and 6x6 without contact,
// 5x5 without edge contact) are left out.

#include <benchmark/benchmark.h>

#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include <battleship/core/ruleset.hpp>
#include <battleship/count/bitset_enumerator.hpp>
#include <battleship/count/recursive_enumerator.hpp>

namespace {

using namespace battleship;

constexpr adjacency rule_of(long long i) {
  return i == 0 ? adjacency::touching : i == 1 ? adjacency::no_edge : adjacency::no_contact;
}

// The count each configuration gave first, so the other enumerator can be checked against it.
bool agrees(int side, adjacency rule, count_type labelled) {
  static std::map<std::tuple<int, adjacency>, count_type> first;
  static std::mutex m;
  const std::lock_guard lock(m);
  const auto [it, inserted] = first.try_emplace({side, rule}, labelled);
  return inserted || it->second == labelled;
}

template <class Count>
void run(benchmark::State& state, Count count) {
  const int side = static_cast<int>(state.range(0));
  const adjacency rule = rule_of(state.range(1));
  const bool occupancy = state.range(2) != 0;
  const auto rules = make_dynamic_rules(side, side, {5, 4, 3, 3, 2}, rule, false);
  count_type layouts = 0;
  for (auto _ : state) {
    auto result = count(rules, occupancy);
    benchmark::DoNotOptimize(result);
    layouts = result.labelled;
  }
  if (!agrees(side, rule, layouts)) state.SkipWithError("the two enumerators disagree");
  state.SetItemsProcessed(state.iterations() * static_cast<long long>(layouts));
  state.counters["layouts"] = static_cast<double>(layouts);
  state.SetLabel(std::to_string(side) + "x" + std::to_string(side) + " " + std::string(to_string(rule)) +
                 (occupancy ? " occupancy" : " count"));
}

void recursive_algorithm1(benchmark::State& state) {
  run(state, [](const dynamic_rules& r, bool occ) { return enumerate_recursive(r, occ); });
}
void park_bitset(benchmark::State& state) {
  run(state, [](const dynamic_rules& r, bool occ) { return enumerate_bitset(r, occ); });
}

void sizes(benchmark::internal::Benchmark* b, bool skip_huge) {
  for (int side : {5, 6, 7, 8, 9, 10})
    for (int rule : {0, 1, 2})
      for (int occ : {0, 1}) {
        if (side == 5 && rule != 0) continue;  // no layout fits: nothing to time
        if (side == 6 && rule == 2) continue;
        if (skip_huge && (side > 8 || (side == 8 && rule == 0))) continue;
        if (side > 8 && rule != 0) continue;  // Park's Table 2 goes to 10x10 with touching allowed
        b->Args({side, rule, occ});
      }
  b->ArgNames({"side", "rule", "occ"})->Unit(benchmark::kMillisecond);
}

}  // namespace

BENCHMARK(park_bitset)->Apply([](benchmark::internal::Benchmark* b) { sizes(b, false); });
BENCHMARK(recursive_algorithm1)->Apply([](benchmark::internal::Benchmark* b) { sizes(b, true); });
