// Exact optimal play: the fast solver (solve_optimal: normalisation, closed
// forms, bounds, transposition table, symmetry) beside plain Algorithm 2
// (reference_total_height) on the same small instances, each checked to agree;
// then Audinot et al.'s Table 1 with and without the symmetry reduction,
// hunts for one ship (and two-ship games) with and without the bound from the
// line of misses, and games under sunk feedback with and without the slack.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <map>
#include <vector>

#include <battleship/solve/optimal.hpp>
#include <battleship/solve/reference.hpp>
#include <battleship/solver.hpp>

using namespace battleship;

namespace {

struct instance {
  int w, h;
  std::vector<int> fleet;
  std::vector<int> misses;
};

// Small enough for plain Algorithm 2.
const std::vector<instance> small{
    {3, 2, {2}, {}},      // Figure 5
    {3, 3, {2}, {}},      //
    {4, 3, {2}, {1, 8}},  // the greedy counterexample (misses at A2, C1)
    {3, 3, {1, 2}, {}},   //
    {4, 2, {2, 2}, {}},   //
};

observation<dynamic_rules::board_type> position(const dynamic_rules& rules, const instance& in) {
  observation<dynamic_rules::board_type> obs(rules);
  for (int c : in.misses) obs.record_miss(c);
  return obs;
}

void bm_reference(benchmark::State& state) {
  const auto& in = small[static_cast<std::size_t>(state.range(0))];
  const auto rules = make_dynamic_rules(in.w, in.h, in.fleet, adjacency::no_contact, false);
  const auto obs = position(rules, in);
  const auto fast = solve_optimal(rules, obs);
  for (auto _ : state) {
    const auto r = reference_total_height(rules, obs);
    if (r.total_height * fast.layouts != fast.total_height * r.layouts) state.SkipWithError("solvers disagree");
    benchmark::DoNotOptimize(r);
  }
}

void bm_fast(benchmark::State& state) {
  const auto& in = small[static_cast<std::size_t>(state.range(0))];
  const auto rules = make_dynamic_rules(in.w, in.h, in.fleet, adjacency::no_contact, false);
  const auto obs = position(rules, in);
  const auto ref = reference_total_height(rules, obs);
  for (auto _ : state) {
    const auto r = solve_optimal(rules, obs);
    if (r.total_height * ref.layouts != ref.total_height * r.layouts) state.SkipWithError("solvers disagree");
    benchmark::DoNotOptimize(r);
  }
}

const std::vector<instance> table1{{4, 4, {2}, {}},    {4, 4, {2, 3}, {}}, {4, 4, {3, 3}, {}},   {4, 5, {2}, {}},
                                   {4, 5, {2, 3}, {}}, {4, 5, {3, 3}, {}}, {4, 5, {2, 3, 4}, {}}};

// Arguments (as for the off / on pairs below): symmetry off or on, then the instance.
void bm_table1(benchmark::State& state) {
  const auto& in = table1[static_cast<std::size_t>(state.range(1))];
  const bool symmetry = state.range(0) != 0;
  const auto rules = make_dynamic_rules(in.w, in.h, in.fleet, adjacency::no_contact, false);
  solve_result r;
  for (auto _ : state) {
    r = solve_optimal(rules, solve_options{symmetry, false});
    benchmark::DoNotOptimize(r);
  }
  state.counters["total_height"] = static_cast<double>(r.total_height);
  state.counters["states"] = static_cast<double>(r.states);
}

struct ruled_instance {
  instance in;
  adjacency rule;
};

// One-ship hunts, where the line of misses' bound does its work, and two-ship
// games, where it rarely cuts and costs its checks.
const std::vector<ruled_instance> hunts{
    {{6, 5, {2}, {}}, adjacency::touching},      {{6, 6, {2}, {}}, adjacency::touching},
    {{6, 6, {3}, {}}, adjacency::touching},      {{7, 7, {4}, {}}, adjacency::touching},
    {{5, 5, {2, 3}, {}}, adjacency::no_contact}, {{4, 5, {2, 3}, {}}, adjacency::touching},
};

// Solves under sunk feedback, where the slack (solve_options::sunk_slack)
// applies.
const std::vector<ruled_instance> sunk_games{
    {{4, 4, {2, 3}, {}}, adjacency::touching},      {{4, 4, {2, 2}, {}}, adjacency::touching},
    {{4, 5, {2, 3}, {}}, adjacency::no_contact},    {{5, 5, {3, 3}, {}}, adjacency::no_contact},
    {{4, 5, {2, 3, 4}, {}}, adjacency::no_contact},
};

// Solves list[range(1)] with `option` off (range(0) == 0) or on, the on rows
// checked against the total of the off rows. Google Benchmark varies the
// first argument fastest, so each instance's off row runs just before its
// on row (until session 86 every off row ran before every on row, tens of
// seconds apart, and the machine's drift went into the ratios); `total_off`
// keeps the off rows' totals.
void solve_off_on(benchmark::State& state, const std::vector<ruled_instance>& list, bool sunk,
                  bool solve_options::*option, std::map<std::int64_t, std::uint64_t>& total_off) {
  const std::int64_t index = state.range(1);
  const auto& [in, rule] = list[static_cast<std::size_t>(index)];
  const auto rules = make_dynamic_rules(in.w, in.h, in.fleet, rule, sunk);
  solve_options opt;
  opt.*option = false;
  if (state.range(0) != 0 && !total_off.contains(index))  // a filter kept only the on row
    total_off[index] = solve_optimal(rules, opt).total_height;
  opt.*option = state.range(0) != 0;
  solve_result r;
  for (auto _ : state) {
    r = solve_optimal(rules, opt);
    if (opt.*option && r.total_height != total_off[index]) state.SkipWithError("the option changed the optimum");
    benchmark::DoNotOptimize(r);
  }
  if (!(opt.*option)) total_off[index] = r.total_height;
  state.counters["total_height"] = static_cast<double>(r.total_height);
  state.counters["states"] = static_cast<double>(r.states);
  state.counters["searched"] = static_cast<double>(r.nodes);
}

std::map<std::int64_t, std::uint64_t> total_without_bound, total_without_slack;

void bm_line_of_misses(benchmark::State& state) {
  solve_off_on(state, hunts, false, &solve_options::line_of_misses, total_without_bound);
}
void bm_sunk_slack(benchmark::State& state) {
  solve_off_on(state, sunk_games, true, &solve_options::sunk_slack, total_without_slack);
}

}  // namespace

BENCHMARK(bm_reference)->DenseRange(0, static_cast<int>(small.size()) - 1)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_fast)->DenseRange(0, static_cast<int>(small.size()) - 1)->Unit(benchmark::kMillisecond);
BENCHMARK(bm_table1)
    ->ArgsProduct({{0, 1}, benchmark::CreateDenseRange(0, static_cast<int>(table1.size()) - 1, 1)})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(bm_line_of_misses)
    ->ArgsProduct({{0, 1}, benchmark::CreateDenseRange(0, static_cast<int>(hunts.size()) - 1, 1)})
    ->Unit(benchmark::kMillisecond);
BENCHMARK(bm_sunk_slack)
    ->ArgsProduct({{0, 1}, benchmark::CreateDenseRange(0, static_cast<int>(sunk_games.size()) - 1, 1)})
    ->Unit(benchmark::kMillisecond);
