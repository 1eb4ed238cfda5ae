// Exhaustive evaluation: equal to brute force (every layout of the reference
// enumerator played through the referee), fast paths equal to playing,
// shards merging to the unsharded run, results independent of thread count.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <initializer_list>
#include <limits>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <battleship/analysis/exhaustive.hpp>
#include <battleship/analysis/game_loop.hpp>
#include <battleship/core/game.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/count/bitset_enumerator.hpp>
#include <battleship/count/recursive_enumerator.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/row_scan.hpp>

#include "lowest_unshot.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_exhaustive {

using namespace battleship;

namespace {
template <class R, class S>
int play_one(const R& rules, S strategy, const layout& hidden) {
  game<R> g(rules, hidden);
  start_new_game(strategy);
  while (!g.over()) {
    const int c = strategy.next_shot(g.seen());
    const auto r = g.shoot(c);
    notify_result(strategy, c, r, g.seen());
  }
  return g.shots_fired();
}

// The reference: every labelled layout of for_each_layout, played by the referee.
template <class R, class S>
std::vector<std::uint64_t> brute_force(const R& rules, const S& strategy) {
  std::vector<std::uint64_t> h;
  for_each_layout(rules, [&](const auto& l) {
    const auto s = static_cast<std::size_t>(play_one(rules, strategy, l.to_layout()));
    if (h.size() <= s) h.resize(s + 1, 0);
    ++h[s];
  });
  return h;
}

exhaustive_options threads(int t) {
  exhaustive_options o;
  o.threads = t;
  return o;
}

struct small_case {
  int w, h;
  std::vector<int> fleet;
  adjacency rule;
  bool sunk;
};

// The row-scan fast path, and the sweep's in each clearing mode, equal to
// playing every layout.
void check_fast_paths(const small_case& c, std::initializer_list<sweep_clearing> modes) {
  const auto rules = make_dynamic_rules(c.w, c.h, c.fleet, c.rule, c.sunk);
  INFO(rules_label(rules));
  const row_scan scan(rules);
  CHECK(evaluate_row_scan_fast(rules, threads(2)).histogram == evaluate_by_playing(rules, scan, threads(2)).histogram);
  for (auto mode : modes) {
    const sweep s(rules, mode);
    REQUIRE(sweep_fast_path_applies(rules, s));
    CHECK(evaluate_sweep_fast(rules, s, threads(2)).histogram == evaluate_by_playing(rules, s, threads(2)).histogram);
  }
}
}  // namespace

TEST_CASE("exhaustive evaluation equals brute force through the referee", "[exhaustive]") {
  const std::vector<small_case> cases{
      {4, 4, {2, 2}, adjacency::no_contact, false},    {5, 4, {3, 2}, adjacency::no_contact, false},
      {5, 5, {3, 2, 2}, adjacency::no_contact, false}, {4, 5, {3, 2}, adjacency::no_edge, true},
      {4, 4, {3, 2}, adjacency::touching, false},      {4, 4, {2, 2}, adjacency::touching, true},
      {3, 5, {1, 2}, adjacency::no_contact, false},    {5, 5, {4, 3}, adjacency::no_edge, false},
  };
  for (const auto& c : cases) {
    const auto rules = make_dynamic_rules(c.w, c.h, c.fleet, c.rule, c.sunk);
    INFO(rules_label(rules));
    const auto labelled = enumerate_bitset(rules, false).labelled;
    const row_scan scan(rules);
    const sweep four(rules, sweep_clearing::four_directions);
    const sweep horizontal(rules, sweep_clearing::horizontal_first);
    const auto by_scan = evaluate_exhaustive(rules, scan, threads(2));
    const auto by_four = evaluate_exhaustive(rules, four, threads(2));
    const auto by_horizontal = evaluate_exhaustive(rules, horizontal, threads(2));
    CHECK(by_scan.histogram == brute_force(rules, scan));
    CHECK(by_four.histogram == brute_force(rules, four));
    CHECK(by_horizontal.histogram == brute_force(rules, horizontal));
    CHECK(by_scan.layouts() == labelled);
    CHECK(by_four.layouts() == labelled);
    CHECK(evaluate_by_playing(rules, scan, threads(1)).histogram == by_scan.histogram);
    CHECK(by_four.complete());
  }
}

TEST_CASE("sweep and row-scan fast paths equal playing every layout", "[exhaustive]") {
  const std::vector<small_case> cases{
      {6, 6, {4, 3, 2}, adjacency::no_contact, false}, {6, 6, {3, 3, 2}, adjacency::no_edge, false},
      {7, 6, {4, 3, 3}, adjacency::no_contact, true},  {6, 5, {2, 2, 2}, adjacency::no_contact, false},
      {7, 7, {5, 3, 2}, adjacency::no_contact, false}, {5, 7, {4, 2, 2}, adjacency::no_edge, true},
  };
  for (const auto& c : cases) check_fast_paths(c, {sweep_clearing::four_directions, sweep_clearing::horizontal_first});
}

TEST_CASE("the fast paths on grids of 129 to 256 cells (boards of four words) equal playing", "[exhaustive]") {
  const std::vector<small_case> cases{
      {16, 16, {4}, adjacency::no_contact, false},
      {13, 10, {3, 2}, adjacency::no_edge, true},
  };
  for (const auto& c : cases) check_fast_paths(c, {sweep_clearing::four_directions});
}

TEST_CASE("evaluate_by_playing refuses a strategy that shoots a cell twice or off the grid", "[exhaustive]") {
  // A custom strategy's bug must not loop or count a layout wrong.
  struct stuck_on {
    using board_type = dynamic_rules::board_type;
    int cell;
    int next_shot(const observation<board_type>&) const { return cell; }
  };
  const auto rules = make_dynamic_rules(4, 3, {2}, adjacency::touching, false);
  // The same message as play_game's and count_short_games': the cell, why, and the turn.
  CHECK_THROWS_MATCHES(evaluate_by_playing(rules, stuck_on{0}, threads(1)), std::logic_error,
                       Catch::Message("exhaustive evaluation: the strategy chose cell 0 (A1), which was already "
                                      "shot, at shot 2"));
  for (const int cell : {-1, 12})
    CHECK_THROWS_MATCHES(evaluate_by_playing(rules, stuck_on{cell}, threads(1)), std::logic_error,
                         Catch::Message("exhaustive evaluation: the strategy chose cell " + std::to_string(cell) +
                                        ", which is off the grid, at shot 1"));
}

TEST_CASE("a strategy whose next_shot returns a cell past int is refused, not narrowed to a cell", "[exhaustive]") {
  // 2^32 + 2 narrowed to int is cell 2, which the strategy never named.
  struct wide_cells {
    using board_type = dynamic_rules::board_type;
    long long cell;
    long long next_shot(const observation<board_type>&) const { return cell; }
  };
  const auto rules = make_dynamic_rules(4, 3, {2}, adjacency::touching, false);
  const long long past = (1LL << 32) + 2;
  std::mt19937_64 rng(1);
  const layout hidden = random_layout(rules, rng);
  const std::string why = "the strategy chose cell " + std::to_string(past) + ", which is off the grid, at shot 1";
  CHECK_THROWS_MATCHES(evaluate_by_playing(rules, wide_cells{past}, threads(1)), std::logic_error,
                       Catch::Message("exhaustive evaluation: " + why));
  wide_cells player{past};
  CHECK_THROWS_MATCHES(play_game(rules, player, hidden), std::logic_error, Catch::Message("play_game: " + why));
  wide_cells below{std::numeric_limits<long long>::min()};
  CHECK_THROWS_AS(play_game(rules, below, hidden), std::logic_error);
  // Within int a wider type is taken as it is.
  wide_cells row{0};
  CHECK_THROWS_MATCHES(play_game(rules, row, hidden), std::logic_error,
                       Catch::Message("play_game: the strategy chose cell 0 (A1), which was already shot, at shot 2"));
}

// The same promise for types that convert to int without being a wide
// integer themselves: an enum on long long, a class whose conversion gives a
// long long, a floating-point cell. Each used to be narrowed: 2^32 + 2 fired
// at cell 2 (and a double past int is undefined behaviour).
namespace wide_returns {
enum wide_enum : long long { far_cell = (1LL << 32) + 2 };
struct to_long_long {
  long long v;
  operator long long() const { return v; }
};
template <class T>
struct returning {
  using board_type = dynamic_rules::board_type;
  T cell;
  T next_shot(const observation<board_type>&) const { return cell; }
};
template <class T>
void check_refused(T cell) {
  const auto rules = make_dynamic_rules(4, 3, {2}, adjacency::touching, false);
  std::mt19937_64 rng(1);
  const layout hidden = random_layout(rules, rng);
  returning<T> player{cell};
  CHECK_THROWS_WITH(play_game(rules, player, hidden), Catch::Contains("which is off the grid, at shot 1"));
}
}  // namespace wide_returns

TEST_CASE("a next_shot returning an enum, a class or a double past int is refused, not narrowed to a cell",
          "[exhaustive]") {
  wide_returns::check_refused(wide_returns::far_cell);
  wide_returns::check_refused(wide_returns::to_long_long{(1LL << 32) + 2});
  wide_returns::check_refused(4294967298.0);
  wide_returns::check_refused(2.5);  // no cell either
}

TEST_CASE("sweep fast path with custom orders, including orders that are not a parity class", "[exhaustive]") {
  const auto rules = make_dynamic_rules(6, 5, {3, 2, 2}, adjacency::no_contact, false);
  std::mt19937 rng(7);
  for (int round = 0; round < 6; ++round) {
    std::vector<int> cells(30);
    for (int i = 0; i < 30; ++i) cells[static_cast<std::size_t>(i)] = i;
    std::shuffle(cells.begin(), cells.end(), rng);
    // Parity class in random order, then random subsets that still meet every placement.
    std::vector<int> order;
    if (round < 2) {
      for (int c : cells)
        if ((c / 6 + c % 6) % 2 == round) order.push_back(c);
    } else {
      order.assign(cells.begin(), cells.begin() + 16 + 2 * round);
    }
    for (auto mode : {sweep_clearing::four_directions, sweep_clearing::horizontal_first}) {
      const sweep s(rules, mode, order);
      const auto played = evaluate_by_playing(rules, s, threads(2));
      if (sweep_fast_path_applies(rules, s)) {
        CHECK(evaluate_sweep_fast(rules, s, threads(2)).histogram == played.histogram);
      } else {
        CHECK_THROWS_AS(evaluate_sweep_fast(rules, s), std::domain_error);
        CHECK(evaluate_exhaustive(rules, s, threads(2)).histogram == played.histogram);
      }
    }
  }
}

TEST_CASE("the fast path refuses rules it cannot handle, and evaluate_exhaustive falls back", "[exhaustive]") {
  const auto touching = make_dynamic_rules(5, 4, {3, 2}, adjacency::touching, false);
  const sweep s(touching, sweep_clearing::four_directions);
  CHECK_FALSE(sweep_fast_path_applies(touching, s));
  CHECK_THROWS_AS(evaluate_sweep_fast(touching, s), std::domain_error);
  CHECK(evaluate_exhaustive(touching, s).histogram == brute_force(touching, s));
  const auto ones = make_dynamic_rules(4, 4, {1, 2}, adjacency::no_contact, false);
  CHECK_FALSE(sweep_fast_path_applies(ones, sweep(ones, sweep_clearing::horizontal_first)));
}

TEST_CASE("row_scan past 256 cells: the fast path refuses, and evaluate_exhaustive plays every layout",
          "[exhaustive]") {
  // 20x13 (260 cells) with one 2-ship: 487 layouts, too wide for the packed
  // words of the fast path but cheap to play.
  using wide = ruleset<grid<20, 13>, fleet<2>, touching_allowed, hit_miss>;
  const wide rules;
  CHECK_FALSE(row_scan_fast_path_applies(rules));
  CHECK_THROWS_AS(evaluate_row_scan_fast(rules), std::domain_error);
  const auto r = evaluate_exhaustive(rules, row_scan<wide>(rules));
  CHECK(r.split == "play");
  CHECK(r.strategy == "row-scan");
  CHECK(r.layouts() == 487);
  CHECK(r.histogram == brute_force(rules, row_scan<wide>(rules)));
  CHECK(row_scan_fast_path_applies(make_dynamic_rules(16, 16, {2}, adjacency::touching, false)));
}

TEST_CASE("the Figure 10 sweep kernels on 10x10 equal playing", "[exhaustive]") {
  // Whole evaluations with small fleets on the real 10x10 order ...
  for (const auto& fleet : {std::vector<int>{5, 4}, std::vector<int>{3, 3}, std::vector<int>{2}}) {
    const auto rules = make_dynamic_rules(10, 10, fleet, adjacency::no_contact, false);
    for (auto mode : {sweep_clearing::four_directions, sweep_clearing::horizontal_first}) {
      const sweep s(rules, mode);
      CHECK(evaluate_sweep_fast(rules, s, threads(2)).histogram == evaluate_by_playing(rules, s, threads(2)).histogram);
    }
  }
  // ... and random layouts of the full game, scored by the kernel alone.
  const audinot_rules rules;
  const auto g = rules.geometry();
  const detail::sweep_rank rank(audinot_figure10_order(), g.cell_count());
  const auto plan = detail::make_walk_plan(rules, rank);
  uniform_layout_sampler sampler(rules);
  std::mt19937_64 rng(2014);
  for (auto mode : {sweep_clearing::four_directions, sweep_clearing::horizontal_first}) {
    const sweep s(rules, mode);
    const detail::sweep_kernel<2> kernel(plan, g, s.order(), mode);
    for (int k = 0; k < 300; ++k) {
      const layout l = sampler(rng);
      const auto masks = ship_masks(rules, l);
      auto state = kernel.root();
      std::vector<std::uint64_t> last(3, 0);  // 180 placements of the 2-ship
      for (int slot = 0; slot < plan.slots; ++slot) {
        const auto& list = plan.masks[static_cast<std::size_t>(slot)];
        const auto mask = masks[static_cast<std::size_t>(plan.ship[static_cast<std::size_t>(slot)])];
        const auto p = static_cast<int>(std::find(list.begin(), list.end(), mask) - list.begin());
        REQUIRE(p < static_cast<int>(list.size()));
        if (slot + 1 < plan.slots)
          state = kernel.push(state, slot, p);
        else
          last[static_cast<std::size_t>(p / 64)] = std::uint64_t{1} << (p % 64);
      }
      std::vector<std::uint64_t> h(101, 0);
      kernel.leaf(state, plan.slots - 1, last.data(), h.data());
      const int played = play_one(rules, s, l);
      CHECK(h[static_cast<std::size_t>(played)] == 1);
    }
  }
}

TEST_CASE("shards merge exactly into the unsharded result, in any order", "[exhaustive]") {
  const auto rules = make_dynamic_rules(6, 6, {4, 3, 2}, adjacency::no_contact, false);
  const sweep s(rules, sweep_clearing::horizontal_first);
  const auto whole = evaluate_exhaustive(rules, s, threads(2));
  for (int n : {2, 3, 7}) {
    std::vector<exhaustive_result> parts;
    for (int i = 0; i < n; ++i) {
      exhaustive_options o = threads(1 + i % 2);
      o.shard = {i, n};
      parts.push_back(evaluate_exhaustive(rules, s, o));
      CHECK_FALSE(parts.back().complete());
    }
    // The played path splits the same way.
    exhaustive_options o;
    o.shard = {1, n};
    CHECK(evaluate_by_playing(rules, s, o).histogram == parts[1].histogram);
    std::reverse(parts.begin(), parts.end());
    exhaustive_result merged = parts[0];
    for (std::size_t k = 1; k < parts.size(); ++k) merged.merge(parts[k]);
    CHECK(merged.complete());
    CHECK(merged.histogram == whole.histogram);
    CHECK(merged.shards.size() == static_cast<std::size_t>(n));
    CHECK_THROWS_AS(merged.merge(parts[0]), std::invalid_argument);  // a shard twice
  }
  exhaustive_options o;
  o.shard = {0, 2};
  auto half = evaluate_exhaustive(rules, s, o);
  o.shard = {1, 2};
  CHECK_THROWS_AS(half.merge(evaluate_row_scan_fast(rules, o)), std::invalid_argument);  // other strategy
  o.shard = {1, 3};
  CHECK_THROWS_AS(half.merge(evaluate_exhaustive(rules, s, o)), std::invalid_argument);  // other split
  o.shard = {2, 2};
  CHECK_THROWS_AS(evaluate_exhaustive(rules, s, o), std::invalid_argument);
}

namespace {
// Every shard of `strategy` played holds whole unlabelled layouts (its
// histogram a multiple of labels_per_layout), and the shards merge into the
// unsharded run.
template <class S>
void check_played_shards(const dynamic_rules& rules, const S& strategy, const exhaustive_result& whole) {
  for (int n : {2, 3, 5}) {
    exhaustive_result merged;
    for (int i = 0; i < n; ++i) {
      exhaustive_options o = threads(1 + i % 2);
      o.shard = {i, n};
      const auto part = evaluate_by_playing(rules, strategy, o);
      INFO("shard " << i << "/" << n);
      CHECK(part.split == "play");
      for (const auto c : part.histogram) CHECK(c % part.labels_per_layout == 0);
      CHECK(part.unlabelled_layouts() * part.labels_per_layout == part.layouts());
      if (i == 0)
        merged = part;
      else
        merged.merge(part);
    }
    CHECK(merged.complete());
    CHECK(merged.histogram == whole.histogram);
  }
}
}  // namespace

TEST_CASE("shards of fleets with equal-length ships hold whole layouts, and merge only within a method",
          "[exhaustive]") {
  const std::vector<small_case> cases = {
      {4, 4, {2, 2}, adjacency::touching, false},     {5, 3, {1, 1, 1}, adjacency::no_edge, false},
      {4, 4, {2, 2, 1}, adjacency::touching, true},   {5, 4, {3, 3, 2, 2}, adjacency::no_contact, false},
      {4, 3, {2, 2, 2}, adjacency::no_contact, true}, {3, 4, {3, 2, 2}, adjacency::touching, true},
  };
  for (const auto& c : cases) {
    const auto rules = make_dynamic_rules(c.w, c.h, c.fleet, c.rule, c.sunk);
    INFO(rules_label(rules));
    const row_scan scan(rules);
    const auto whole = evaluate_by_playing(rules, scan, threads(2));
    REQUIRE(whole.labels_per_layout > 1);
    CHECK(whole.histogram == brute_force(rules, scan));
    check_played_shards(rules, scan, whole);
    // The fast path's shards merge into the same whole, but not with the
    // played ones: with several longest ships the methods split differently.
    exhaustive_options o;
    o.shard = {0, 2};
    auto fast_half = evaluate_row_scan_fast(rules, o);
    CHECK(fast_half.split == "fast");
    o.shard = {1, 2};
    o.strategy_name = "row-scan";  // as the fast path names it, so that only the split differs
    CHECK_THROWS_WITH(fast_half.merge(evaluate_by_playing(rules, scan, o)),
                      Catch::Contains("cannot merge shards split differently"));
    o.strategy_name.clear();
    fast_half.merge(evaluate_row_scan_fast(rules, o));
    CHECK(fast_half.histogram == whole.histogram);
    if (c.w * c.h <= 12) {  // a strategy that reads sinkings, on the smallest boards
      const auto greedy = density_greedy(rules, exact_density<dynamic_rules>(rules), tie_break::lowest_cell);
      check_played_shards(rules, greedy, evaluate_by_playing(rules, greedy, threads(2)));
    }
  }
}

TEST_CASE("results do not depend on the number of threads", "[exhaustive]") {
  const auto rules = make_dynamic_rules(7, 6, {4, 3, 3, 2}, adjacency::no_contact, false);
  const sweep s(rules, sweep_clearing::four_directions);
  const auto one = evaluate_sweep_fast(rules, s, threads(1));
  for (int t : {2, 3, 8}) CHECK(evaluate_sweep_fast(rules, s, threads(t)).histogram == one.histogram);
  const auto small = make_dynamic_rules(5, 5, {3, 2}, adjacency::no_edge, true);
  const row_scan scan(small);
  const auto p1 = evaluate_by_playing(small, scan, threads(1));
  CHECK(evaluate_by_playing(small, scan, threads(3)).histogram == p1.histogram);
  // 0 is one per hardware thread; a negative count is refused (it was taken as 0).
  CHECK(evaluate_by_playing(small, scan, threads(0)).histogram == p1.histogram);
  CHECK_THROWS_WITH(evaluate_by_playing(small, scan, threads(-1)),
                    "exhaustive evaluation: the number of threads cannot be negative");
  CHECK_THROWS_AS(evaluate_sweep_fast(rules, s, threads(-2)), std::invalid_argument);
}

TEST_CASE("statistics are exact functions of the histogram", "[exhaustive]") {
  exhaustive_result r;
  r.histogram = {0, 0, 3, 0, 1};  // 2, 2, 2, 4
  r.labels_per_layout = 1;
  CHECK(r.layouts() == 4);
  CHECK(r.mean_fraction() == std::pair<count_type, count_type>{5, 2});
  CHECK(r.mean() == 2.5);
  CHECK(r.stddev() == Approx(std::sqrt(0.75)));
  CHECK(r.median() == 2.0);
  CHECK(r.min() == 2);
  CHECK(r.max() == 4);
  r.histogram = {0, 1, 1};
  CHECK(r.median() == 1.5);
  CHECK(r.quantile_index(0) == 1);
  CHECK(r.quantile_index(1) == 2);
  CHECK_THROWS_AS(r.quantile_index(2), std::out_of_range);  // two layouts: indices 0 and 1
  r.histogram = {0, 0};
  CHECK_THROWS_AS(r.mean(), std::domain_error);
  CHECK_THROWS_AS(r.max(), std::domain_error);
}

TEST_CASE("exhaustive_result::merge refuses parts counted under another label convention", "[exhaustive]") {
  const auto rules = make_dynamic_rules(4, 4, {2, 2}, adjacency::touching, false);
  const row_scan scan(rules);
  exhaustive_options first_half;
  first_half.shard = {0, 2};
  exhaustive_options second_half;
  second_half.shard = {1, 2};
  auto whole = evaluate_row_scan_fast(rules, first_half);
  auto other = evaluate_row_scan_fast(rules, second_half);
  REQUIRE(whole.labels_per_layout == 2);
  other.labels_per_layout = 1;
  CHECK_THROWS_WITH(whole.merge(other), "cannot merge results with different label conventions");
  other.labels_per_layout = 2;
  whole.merge(other);
  CHECK(whole.histogram == evaluate_row_scan_fast(rules).histogram);
}

TEST_CASE("unlabelled convention: equal-length ships counted once, identical shots", "[exhaustive]") {
  const auto rules = make_dynamic_rules(6, 6, {3, 3, 2, 2}, adjacency::no_contact, false);
  const auto r = evaluate_exhaustive(rules, sweep(rules, sweep_clearing::four_directions), threads(2));
  CHECK(r.labels_per_layout == 4);
  const auto counts = enumerate_bitset(rules, false);
  CHECK(r.layouts() == counts.labelled);
  CHECK(r.unlabelled_layouts() == counts.unlabelled);
  for (auto c : r.histogram) CHECK(c % 4 == 0);
}

TEST_CASE("progress is reported and ends with every part done", "[exhaustive]") {
  const auto rules = make_dynamic_rules(6, 6, {4, 3, 2}, adjacency::no_contact, false);
  exhaustive_options o = threads(2);
  exhaustive_progress last;
  int calls = 0;
  o.progress = [&](const exhaustive_progress& p) {
    ++calls;
    last = p;
  };
  const auto r = evaluate_row_scan_fast(rules, o);
  CHECK(calls >= 1);
  CHECK(last.parts_done == last.parts_total);
  CHECK(last.parts_total == 2 * 3 * 6);  // placements of the 4-ship on 6x6
  CHECK(count_type{last.layouts} == r.layouts());
}

TEST_CASE("Audinot et al. section 4.2 upper bounds over all 1,925,751,392 layouts", "[.][slow][exhaustive]") {
  const audinot_rules rules;
  const auto scan = evaluate_exhaustive(rules, row_scan(rules));
  const auto four = evaluate_exhaustive(rules, sweep(rules, sweep_clearing::four_directions));
  const auto horizontal = evaluate_exhaustive(rules, sweep(rules, sweep_clearing::horizontal_first));
  CHECK(scan.unlabelled_layouts() == 1'925'751'392);
  CHECK(scan.mean() == Approx(91.7).margin(0.05));
  CHECK(four.mean() == Approx(58.7).margin(0.05));
  CHECK(horizontal.mean() < 55.6);
  CHECK(horizontal.mean() > 55.5);
  CHECK(horizontal.max() == 73);
  CHECK(horizontal.stddev() == Approx(7.6).margin(0.1));
}

TEST_CASE("row scan: layouts done within k shots are the layouts that leave cells k.. empty", "[exhaustive]") {
  // An independent check through the counter: shots <= k exactly when every
  // cell from k on is water, i.e. the layouts agreeing with misses there.
  for (const auto& c :
       {small_case{5, 5, {3, 2}, adjacency::no_contact, false}, small_case{6, 5, {4, 3, 2}, adjacency::touching, false},
        small_case{6, 6, {3, 3, 2}, adjacency::no_edge, true}}) {
    const auto rules = make_dynamic_rules(c.w, c.h, c.fleet, c.rule, c.sunk);
    INFO(rules_label(rules));
    const auto r = evaluate_row_scan_fast(rules, threads(2));
    const int cells = c.w * c.h;
    count_type within = 0;
    for (int k = cells; k >= 0; --k) {
      observation<dynamic_rules::board_type> obs(cells, rules.ship_count(), false);
      for (int cell = k; cell < cells; ++cell) obs.record_miss(cell);
      within = 0;
      for (std::size_t s = 0; s <= static_cast<std::size_t>(k) && s < r.histogram.size(); ++s) within += r.histogram[s];
      CHECK(enumerate_bitset(rules, obs, false).labelled == within);
    }
  }
}

TEST_CASE("a histogram entry past 2^64 labelled layouts is refused, not wrapped", "[exhaustive]") {
  // Sixteen one-cell ships on 5x5: C(24,15) = 1,307,504 unlabelled layouts end
  // the row scan on the last cell, times 16! labels each, past 2^64.
  const ruleset<grid<5, 5>, fleet<1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>, touching_allowed, hit_miss> rules;
  CHECK_THROWS_AS(evaluate_row_scan_fast(rules, threads(2)), std::overflow_error);

  exhaustive_result a;
  a.histogram = {0, std::uint64_t{1} << 63};
  a.shards = {0};
  a.shard_count = 2;
  exhaustive_result b = a;
  b.shards = {1};
  CHECK_THROWS_AS(a.merge(b), std::overflow_error);
  CHECK(a.histogram == std::vector<std::uint64_t>{0, std::uint64_t{1} << 63});  // unchanged
  CHECK(a.shards == std::vector<int>{0});
  b.histogram = {1, (std::uint64_t{1} << 63) - 1};
  a.merge(b);
  CHECK(a.histogram == std::vector<std::uint64_t>{1, ~std::uint64_t{0}});
}

TEST_CASE("the progress count stops at 2^64-1 instead of wrapping", "[exhaustive]") {
  // A 2-ship and fifteen 1-ships on 5x5, touching: 19,612,560 unlabelled
  // layouts times 15! labels each is past 2^64, while the largest histogram
  // entry (games ending on the last cell) stays under it, so the run succeeds.
  const ruleset<grid<5, 5>, fleet<2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1>, touching_allowed, hit_miss> rules;
  exhaustive_options o = threads(2);
  std::vector<std::uint64_t> reported;  // never two calls at once (exhaustive_options::progress)
  o.progress_interval = 0.005;
  o.progress = [&](const exhaustive_progress& p) { reported.push_back(p.layouts); };
  const auto r = evaluate_row_scan_fast(rules, o);
  CHECK(r.layouts() == count_type{19'612'560} * 1'307'674'368'000ULL);  // 15! = 1,307,674,368,000
  REQUIRE_FALSE(reported.empty());
  CHECK(reported.back() == ~std::uint64_t{0});
  CHECK(std::is_sorted(reported.begin(), reported.end()));
}

// An interval of 0 waits a millisecond between reports: the reporter thread
// used to spin against the workers (13,666 calls in a 0.9 s run, against 722
// now); the wait is checked, not timed.
TEST_CASE("progress reporters wait at least a millisecond, even for an interval of 0", "[exhaustive][simulation]") {
  using seconds = std::chrono::duration<double>;
  CHECK(detail::progress_wait(seconds(0)).count() == 0.001);
  CHECK(detail::progress_wait(seconds(-1)).count() == 0.001);
  CHECK(detail::progress_wait(seconds(0.5)).count() == 0.5);
  CHECK(detail::progress_wait(std::chrono::milliseconds(200)).count() == 0.2);
  // And the run with it ends, reporting.
  const ruleset<grid<4, 4>, fleet<2, 1>, touching_allowed, hit_miss> rules;
  exhaustive_options o = threads(2);
  std::atomic<long> calls{0};
  o.progress_interval = 0;
  o.progress = [&](const exhaustive_progress&) { ++calls; };
  CHECK(evaluate_row_scan_fast(rules, o).layouts() == count_type{336});  // 24 places for the 2-ship, 14 cells left
  CHECK(calls.load() >= 1);
}

namespace {
// Row scan, a millisecond a shot. From its game `wait_in_game` on (1: the
// first), each shot also waits for `gate`, which the test's progress
// callback opens: the run then outlives the callback's first call however
// slow or loaded the machine, where the sleeps alone only made it likely.
// The wait gives up once, after a minute, and then no shot waits: a
// reporter that never calls (or progress that never shows) fails the test
// in about a minute instead of hanging it (a minute a shot would be days).
template <class R>
struct slow_row_scan {
  using board_type = typename R::board_type;
  const std::atomic<bool>* gate = nullptr;
  int wait_in_game = 1;
  std::atomic<int>* games = nullptr;  // counts the games begun, across copies
  int game = 0;
  void new_game() {
    ++game;
    if (games != nullptr) ++*games;
  }
  int next_shot(const observation<board_type>& seen) {
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
    if (gate != nullptr && game >= wait_in_game) {
      const auto give_up = std::chrono::steady_clock::now() + std::chrono::minutes(1);
      while (!gate->load() && std::chrono::steady_clock::now() < give_up)
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
      if (!gate->load()) gate = nullptr;  // gave up: this copy waits no more
    }
    int cell = 0;
    while (seen.shots().test(static_cast<std::size_t>(cell))) ++cell;
    return cell;
  }
};
}  // namespace

TEST_CASE("a progress callback that throws cancels the run: the exception reaches the caller", "[exhaustive]") {
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);  // 24 layouts
  exhaustive_options o = threads(1);
  o.progress_interval = 0.01;
  const auto caller = std::this_thread::get_id();
  std::atomic<int> from_reporter{0};
  std::atomic<bool> called{false};
  o.progress = [&](const exhaustive_progress&) {
    // The call at the end comes from the caller; only the reporter's calls
    // throw, which used to end the program (std::terminate).
    if (std::this_thread::get_id() == caller) return;
    ++from_reporter;
    called = true;
    throw std::runtime_error("cancelled by the progress callback");
  };
  slow_row_scan<dynamic_rules> strategy;
  strategy.gate = &called;  // the first game waits for the reporter's call
  CHECK_THROWS_WITH(evaluate_by_playing(rules, strategy, o), "cancelled by the progress callback");
  CHECK(from_reporter == 1);  // and the reporter called it no more
}

TEST_CASE("a cancelled run leaves the part it is walking, not only the parts after it", "[exhaustive]") {
  // One thread, a 3-ship first: 30 parts of 22 games each, each game over
  // ten shots at a millisecond a shot. The first game waits for the
  // callback, which throws at its first call; the run used to finish its
  // part first (22 games), and now stops before the next game.
  const auto rules = make_dynamic_rules(5, 5, {3, 1}, adjacency::touching, false);
  std::atomic<int> games{0};
  std::atomic<bool> called{false};
  slow_row_scan<dynamic_rules> strategy;
  strategy.games = &games;
  strategy.gate = &called;
  exhaustive_options o = threads(1);
  o.progress_interval = 0.01;
  const auto caller = std::this_thread::get_id();
  o.progress = [&](const exhaustive_progress&) {
    if (std::this_thread::get_id() == caller) return;
    called = true;
    throw std::runtime_error("cancelled");
  };
  CHECK_THROWS_WITH(evaluate_by_playing(rules, strategy, o), "cancelled");
  CHECK(games >= 1);
  CHECK(games < 22);
}

TEST_CASE("progress counts the layouts of a part as they are walked, not when the part ends", "[exhaustive]") {
  // The same parts of 22 games: progress within the first part shows its
  // games (it used to show 0 layouts until a part ended, minutes when
  // playing Park's layouts). The second game waits until the callback has
  // seen the first one's layouts, and the callback then stops the run.
  const auto rules = make_dynamic_rules(5, 5, {3, 1}, adjacency::touching, false);
  std::atomic<bool> seen_layouts{false};
  slow_row_scan<dynamic_rules> strategy;
  strategy.gate = &seen_layouts;
  strategy.wait_in_game = 2;
  exhaustive_options o = threads(1);
  o.progress_interval = 0.01;
  o.progress = [&](const exhaustive_progress& p) {
    if (p.parts_done == 0 && p.layouts > 0) {
      seen_layouts = true;
      throw std::runtime_error("layouts seen within the first part");
    }
  };
  CHECK_THROWS_WITH(evaluate_by_playing(rules, strategy, o), "layouts seen within the first part");
}

TEST_CASE("exhaustive evaluation refuses a progress interval it cannot wait for", "[exhaustive]") {
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  for (const double bad : {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::quiet_NaN(), -1.0}) {
    exhaustive_options o;
    o.threads = 1;
    o.progress = [](const exhaustive_progress&) {};
    o.progress_interval = bad;
    CHECK_THROWS_AS(evaluate_exhaustive(rules, row_scan<dynamic_rules>(rules), o), std::invalid_argument);
    o.progress = nullptr;  // no reporter, nothing to wait for
    CHECK(evaluate_exhaustive(rules, row_scan<dynamic_rules>(rules), o).layouts() == 24);
  }
}

TEST_CASE("an exhaustive_result with no labels per layout throws rather than divides by zero", "[exhaustive]") {
  exhaustive_result r;
  r.histogram = {0, 0, 3};
  CHECK(r.unlabelled_layouts() == 3);
  r.labels_per_layout = 0;
  CHECK_THROWS_AS(r.unlabelled_layouts(), std::invalid_argument);
}

TEST_CASE("exhaustive_result::merge adds the times and keeps a known split", "[exhaustive]") {
  // Two halves of a 2-way split, written by hand: the merge holds both
  // histograms' sum, both shards, the times' sum (1.5 + 2.25 = 3.75 s), and
  // the split of the part that recorded one ("an empty split ... merges with
  // either, and the merge keeps the other's").
  exhaustive_result a, b;
  a.strategy = b.strategy = "scan";
  a.rules = b.rules = "4x4 2 touching hit-miss";
  a.shard_count = b.shard_count = 2;
  a.shards = {1};
  b.shards = {0};
  a.histogram = {0, 1};
  b.histogram = {0, 0, 2};
  a.seconds = 1.5;
  b.seconds = 2.25;
  b.split = "fast";
  exhaustive_result merged = a;
  merged.merge(b);
  CHECK(merged.histogram == std::vector<std::uint64_t>{0, 1, 2});
  CHECK(merged.shards == std::vector<int>{0, 1});
  CHECK(merged.complete());
  CHECK(merged.seconds == 3.75);
  CHECK(merged.split == "fast");
  // The other way round: the known split stays.
  exhaustive_result other = b;
  other.merge(a);
  CHECK(other.split == "fast");
  CHECK(other.seconds == 3.75);
}

TEST_CASE("the fast path on a slot of 65 placements, one past a whole word, counts every layout", "[exhaustive]") {
  // 13x5: 65 places for the 1-ship, so its candidates take two words of a
  // state row; 112 for the 2-ship, each leaving 63 cells: 7,056 layouts.
  const auto rules = make_dynamic_rules(13, 5, {2, 1}, adjacency::touching, false);
  const auto fast = evaluate_row_scan_fast(rules, threads(2));
  CHECK(fast.layouts() == 112 * 63);
  CHECK(fast.layouts() == enumerate_bitset(rules, false).labelled);
  CHECK(fast.histogram == evaluate_by_playing(rules, row_scan(rules), threads(2)).histogram);
}

TEST_CASE("evaluate_by_playing announces each sunk ship by its own index, whatever the enumeration order",
          "[exhaustive]") {
  // The walker places ships longest first, and swaps the longest ones among
  // themselves: a strategy that reads sinkings must still be told the fleet
  // index of the ship that sank, as the referee tells it.
  for (const small_case& c :
       {small_case{4, 3, {2, 3}, adjacency::touching, true}, small_case{3, 3, {2, 2}, adjacency::touching, true}}) {
    const auto rules = make_dynamic_rules(c.w, c.h, c.fleet, c.rule, c.sunk);
    INFO(rules_label(rules));
    const auto greedy = density_greedy(rules, exact_density<dynamic_rules>(rules), tie_break::lowest_cell);
    CHECK(evaluate_by_playing(rules, greedy, threads(2)).histogram == brute_force(rules, greedy));
  }
}

TEST_CASE("exhaustive evaluation refuses a fleet of no ships, which only a user-written fleet can hold",
          "[exhaustive]") {
  // The library's fleets refuse to be empty, but a fleet whose ship count is
  // known only at run time passes the ruleset's checks with none.
  struct no_ships {
    int count = 0;
    [[nodiscard]] int ship_count() const { return count; }
    [[nodiscard]] int length(int) const { return 2; }
    [[nodiscard]] std::string_view name(int) const { return "none"; }
  };
  using empty_rules = ruleset<grid<4, 4>, no_ships, touching_allowed, hit_miss>;
  const empty_rules rules{};
  REQUIRE(rules.ship_count() == 0);
  CHECK_THROWS_MATCHES(evaluate_row_scan_fast(rules), std::invalid_argument,
                       Catch::Message("exhaustive evaluation: the fleet is empty"));
  CHECK_THROWS_MATCHES(evaluate_by_playing(rules, test_support::lowest_unshot<empty_rules::board_type>{}, threads(1)),
                       std::invalid_argument, Catch::Message("exhaustive evaluation: the fleet is empty"));
}

namespace {
// A fast_walker kernel that scores nothing and counts its leaves; the
// first one stops the run, as a progress callback that throws does.
struct stopping_kernel {
  std::atomic<bool>* stop = nullptr;
  const std::atomic<std::uint64_t>* walked = nullptr;  // the run's progress, read at the 10,000th leaf
  mutable std::uint64_t leaves = 0, walked_at_10000 = 0;
  [[nodiscard]] int root() const noexcept { return 0; }
  [[nodiscard]] int push(int state, int, int) const noexcept { return state; }
  void leaf(int, int, const std::uint64_t*, std::uint64_t*) const noexcept {
    ++leaves;
    if (stop != nullptr) stop->store(true);
    if (walked != nullptr && leaves == 10'000) walked_at_10000 = walked->load();
  }
};
}  // namespace

// The fast walker looked at the stop flag only at each placement of the
// second ship: with many ships one such placement holds hours of layouts
// (10x10, ships 5,4,3,3,2,2,2,2: `evaluate --time-limit 0.5` still ran at
// 100 s). It now leaves within 4,096 placements of the ships below.
TEST_CASE("the fast walker leaves a stopped part within a few thousand placements below the second ship",
          "[exhaustive]") {
  const auto rules = make_dynamic_rules(8, 8, {4, 3, 3, 2, 2, 2}, adjacency::touching, false);
  const auto plan = detail::make_walk_plan(rules, [](const auto&) { return 0; });
  std::vector<std::uint64_t> histogram(65, 0);
  // Unstopped, the part leads to far more leaves than the walker may take
  // to notice a stop.
  stopping_kernel counting;
  detail::fast_walker<dynamic_rules::board_type, stopping_kernel> whole(plan, counting);
  (void)whole.run(0, histogram.data());
  REQUIRE(counting.leaves > 100'000);
  std::atomic<bool> stop{false};
  stopping_kernel stopping{&stop};
  detail::fast_walker<dynamic_rules::board_type, stopping_kernel> walker(plan, stopping);
  (void)walker.run(0, histogram.data(), detail::part_sink{&stop, nullptr});
  CHECK(stopping.leaves <= 4097);
  // The same walker, given a part with no stop flag, walks it whole.
  stopping.leaves = 0;
  (void)walker.run(0, histogram.data());
  CHECK(stopping.leaves == counting.leaves);
  // Progress moves within a placement of the second ship too: the 10,000th
  // leaf comes within the first one (about 145,000 leaves), where the
  // layouts walked were added only after it.
  std::atomic<std::uint64_t> walked{0};
  stopping_kernel watching{nullptr, &walked};
  detail::fast_walker<dynamic_rules::board_type, stopping_kernel> watched(plan, watching);
  const std::uint64_t layouts = watched.run(0, histogram.data(), detail::part_sink{nullptr, &walked});
  CHECK(watching.walked_at_10000 > 0);
  CHECK(walked.load() == layouts);
}

}  // namespace test_exhaustive
