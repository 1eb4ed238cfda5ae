// count_short_games: the game tree walked with exact counts gives, on random
// small instances under every rule and both feedback models, the
// distribution that exhaustive play gives (every layout played through the
// referee), whole or cut after a few misses, whatever the thread count; for
// strategies that keep state between shots and for those that do not.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>
#include <utility>
#include <vector>

#include <battleship/analysis/exhaustive.hpp>
#include <battleship/analysis/short_games.hpp>
#include <battleship/density/exact_density.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/row_scan.hpp>
#include <battleship/strategy/sweep.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_short_games {

using namespace battleship;

namespace {

// Deterministic hunt and target that keeps state between shots: the lowest
// unshot cell while hunting; after a hit, that hit's unshot neighbours
// (north, east, south, west) on a stack; a sinking clears the stack.
template <class R>
class stack_hunter {
 public:
  using board_type = typename R::board_type;
  explicit stack_hunter(const R& rules) : g_(rules.geometry()) {}
  int next_shot(const observation<board_type>& seen) {
    while (!stack_.empty()) {
      const int c = stack_.back();
      stack_.pop_back();
      if (!seen.shots().test(static_cast<std::size_t>(c))) return c;
    }
    int c = 0;
    while (seen.shots().test(static_cast<std::size_t>(c))) ++c;
    return c;
  }
  void on_result(int cell, shot_result r, const observation<board_type>&) {
    if (r.kind == outcome::sunk) {
      stack_.clear();
      return;
    }
    if (!r.is_hit()) return;
    const int row = cell / g_.width(), col = cell % g_.width();
    if (col > 0) stack_.push_back(cell - 1);
    if (row + 1 < g_.height()) stack_.push_back(cell + g_.width());
    if (col + 1 < g_.width()) stack_.push_back(cell + 1);
    if (row > 0) stack_.push_back(cell - g_.width());
  }
  void new_game() { stack_.clear(); }

 private:
  decltype(std::declval<const R&>().geometry()) g_;
  std::vector<int> stack_;
};

// Shoots cell 0 twice.
template <class R>
struct repeater {
  using board_type = typename R::board_type;
  int next_shot(const observation<board_type>&) { return 0; }
};

exhaustive_options one_thread() {
  exhaustive_options o;
  o.threads = 1;
  return o;
}

// S, counting the shots it is asked for in *asked.
template <class S>
struct counted : S {
  using S::S;
  std::atomic<int>* asked = nullptr;
  int next_shot(const observation<typename S::board_type>& seen) {
    ++*asked;
    return S::next_shot(seen);
  }
};

short_games_options walk(int max_misses, int threads) {
  short_games_options o;
  o.max_misses = max_misses;
  o.threads = threads;
  return o;
}

// games[m] of `walked` against histogram[ship_cells + m] of `played`.
void require_head_of(const short_games_result& walked, const exhaustive_result& played) {
  REQUIRE(walked.layouts == played.layouts());
  count_type head = 0;
  for (int m = 0; m <= walked.max_misses; ++m) {
    const auto s = static_cast<std::size_t>(walked.ship_cells + m);
    const count_type expected = s < played.histogram.size() ? count_type{played.histogram[s]} : 0;
    INFO("misses " << m);
    CHECK(walked.games[static_cast<std::size_t>(m)] == expected);
    head += expected;
  }
  CHECK(walked.longer == played.layouts() - head);
}

template <class R, class S>
void check_strategy(const R& rules, const S& strategy, std::mt19937& rng) {
  const auto played = evaluate_by_playing(rules, strategy, one_thread());
  const int cells = rules.geometry().cell_count();
  const auto whole = count_short_games(rules, strategy, walk(cells, 1));
  CHECK(whole.max_misses == cells - total_ship_cells(rules.fleet));
  CHECK(whole.longer == 0);
  require_head_of(whole, played);
  // Cut after a few misses, on two threads: the same head.
  const int cut = std::uniform_int_distribution<int>(0, 2)(rng);
  const auto head = count_short_games(rules, strategy, walk(cut, 2));
  CHECK(head.max_misses == std::min(cut, whole.max_misses));
  require_head_of(head, played);
  CHECK(head.positions <= whole.positions);
}

}  // namespace

TEST_CASE("count_short_games equals exhaustive play on random small instances", "[short-games]") {
  std::mt19937 rng(20261129);
  const adjacency rules_in_turn[] = {adjacency::touching, adjacency::no_edge, adjacency::no_contact};
  int checked = 0;
  for (int k = 0; checked < 36; ++k) {
    const int w = std::uniform_int_distribution<int>(2, 4)(rng);
    const int h = std::uniform_int_distribution<int>(2, 4)(rng);
    std::vector<int> fleet(static_cast<std::size_t>(std::uniform_int_distribution<int>(1, 3)(rng)));
    for (auto& len : fleet) len = std::uniform_int_distribution<int>(1, 3)(rng);
    const adjacency rule = rules_in_turn[k % 3];
    const bool sunk = (k / 3) % 2 == 1;
    std::optional<dynamic_rules> made;
    try {
      made.emplace(make_dynamic_rules(w, h, fleet, rule, sunk));
    } catch (const std::invalid_argument&) {
      continue;
    }
    const dynamic_rules& rules = *made;
    if (exact_count(rules, false).labelled == 0) continue;
    INFO(rules_label(rules));
    check_strategy(rules, row_scan(rules), rng);
    check_strategy(rules, stack_hunter(rules), rng);
    check_strategy(rules, sweep(rules), rng);
    check_strategy(rules, density_greedy(rules, per_ship_density<dynamic_rules>(rules)), rng);
    if (w * h <= 12) check_strategy(rules, density_greedy(rules, exact_density<dynamic_rules>(rules)), rng);
    ++checked;
  }
}

TEST_CASE("count_short_games: the row scan on a strip, in closed form", "[short-games]") {
  // One ship of length 2 on a 1x5 strip: it starts at cell s (4 ways), and
  // the scan finishes after s + 2 shots, s of them misses.
  const auto rules = make_dynamic_rules(5, 1, {2}, adjacency::touching, false);
  const auto r = count_short_games(rules, row_scan(rules), walk(1, 1));
  CHECK(r.layouts == 4);
  CHECK(r.ship_cells == 2);
  REQUIRE(r.games.size() == 2);
  CHECK(r.games[0] == 1);
  CHECK(r.games[1] == 1);
  CHECK(r.longer == 2);
  CHECK(r.probability(0) == Approx(0.25));
  CHECK(r.probability_at_most(1) == Approx(0.5));
  CHECK(r.rules == "5x1 2 touching hit-miss");
  // Positions: the empty board; after the hit on A1; after the miss on A1;
  // after that miss and a hit on A2.
  CHECK(r.positions == 4);
}

TEST_CASE("count_short_games: classic fleet, 10x10, perfect games of the row scan", "[short-games]") {
  // The row scan plays a perfect game only when the 17 ship cells are the
  // first 17 cells: rows A and B up to B7. Under hit/miss feedback with
  // touching ships that is the labelled layouts covering exactly those cells.
  const park_rules rules;
  const auto r = count_short_games(rules, row_scan(rules), walk(0, 2));
  observation<park_rules::board_type> seen(rules);
  for (int c = 0; c < 17; ++c) seen.record_hit(c);
  CHECK(r.layouts == 30'093'975'536ULL);
  CHECK(r.games[0] == exact_count(rules, seen, false).labelled);
  CHECK(r.games[0] > 0);
  CHECK(r.positions == 17);
}

// Its counters ran under the default 8 GiB whatever the caller could spare.
TEST_CASE("count_short_games: its counts keep within options.memory_limit", "[short-games]") {
  const park_rules rules;
  short_games_options tight = walk(0, 2);
  tight.memory_limit = std::size_t{1} << 20;  // the count of Park's layouts needs a few MiB
  CHECK_THROWS_WITH(count_short_games(rules, row_scan(rules), tight),
                    Catch::Contains("needs more than 1 MiB of memory on this board"));
  short_games_options enough = walk(0, 2);
  enough.memory_limit = std::size_t{64} << 20;
  const auto r = count_short_games(rules, row_scan(rules), enough);
  CHECK(r.layouts == 30'093'975'536ULL);
  CHECK(r.games == count_short_games(rules, row_scan(rules), walk(0, 2)).games);
}

TEST_CASE("count_short_games refuses bad requests with clear errors", "[short-games]") {
  const auto rules = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  CHECK_THROWS_AS(count_short_games(rules, row_scan(rules), walk(-1, 1)), std::invalid_argument);
  CHECK_THROWS_AS(count_short_games(rules, row_scan(rules), walk(0, -1)), std::invalid_argument);
  CHECK_THROWS_WITH(
      count_short_games(rules, repeater<dynamic_rules>{}, walk(2, 1)),
      Catch::Contains("count_short_games: the strategy chose cell 0 (A1), which was already shot, at shot 2"));
  struct off_grid {
    using board_type = dynamic_rules::board_type;
    int next_shot(const observation<board_type>&) const { return 9; }
  };
  CHECK_THROWS_MATCHES(
      count_short_games(rules, off_grid{}, walk(2, 1)), std::logic_error,
      Catch::Message("count_short_games: the strategy chose cell 9, which is off the grid, at shot 1"));
  const auto crowded = make_dynamic_rules(3, 3, {3, 3, 3}, adjacency::no_contact, false);
  CHECK_THROWS_AS(count_short_games(crowded, row_scan(crowded), walk(0, 1)), inconsistent_observation);
}

TEST_CASE("count_short_games reports progress, and a callback that throws cancels the walk", "[short-games]") {
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::touching, true);
  short_games_options o = walk(16, 2);
  o.progress_interval = 0;
  std::vector<short_games_progress> seen;
  o.progress = [&](const short_games_progress& p) { seen.push_back(p); };
  const auto r = count_short_games(rules, stack_hunter(rules), o);
  REQUIRE_FALSE(seen.empty());
  CHECK(seen.back().positions == r.positions);
  CHECK(seen.back().settled == Approx(1.0));
  o.progress = [](const short_games_progress&) { throw std::runtime_error("stop"); };
  CHECK_THROWS_WITH(count_short_games(rules, stack_hunter(rules), o), "stop");
}

TEST_CASE("count_short_games reports while it builds the threads' first positions, where a throw cancels too",
          "[short-games]") {
  // With two threads the walk first expands positions breadth first until
  // there are 32 subtrees, each expansion counting layouts exactly (tens of
  // milliseconds on 10x10), and used to report only once the walkers ran.
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::touching, true);
  std::atomic<int> asked{0};
  counted<stack_hunter<dynamic_rules>> hunter(rules);
  hunter.asked = &asked;
  short_games_options o = walk(16, 2);
  o.progress_interval = 0;
  int calls = 0;
  o.progress = [&](const short_games_progress& p) {
    ++calls;
    CHECK(p.settled < 1);
    throw std::runtime_error("stop");
  };
  CHECK_THROWS_WITH(count_short_games(rules, hunter, o), "stop");
  CHECK(calls == 1);
  CHECK(asked == 0);  // before the first expansion asked the strategy for a shot
}

TEST_CASE("count_short_games reports during its first count, before any position, where a throw cancels too",
          "[short-games]") {
  // The walk starts with an exact count of the empty board (half a second
  // on 16x16 for the classic fleet when ships may touch, 4.8 s under the
  // no-edge rule), which used to report nothing: a
  // deadline in the callback waited for it.
  const auto rules = make_dynamic_rules(8, 8, {4, 3, 2}, adjacency::no_edge, true);
  std::atomic<int> asked{0};
  counted<row_scan<dynamic_rules>> scan(rules);
  scan.asked = &asked;
  short_games_options o = walk(0, 1);
  o.progress_interval = 0;
  int before_any_shot = 0;
  o.progress = [&](const short_games_progress& p) {
    if (asked > 0) return;
    ++before_any_shot;
    CHECK(p.positions == 0);
    CHECK(p.settled == 0);  // not 0/0 while the layouts are being counted
  };
  const auto whole = count_short_games(rules, scan, o);
  CHECK(before_any_shot >= 64 / 2);  // one call a step (of at most two cells) of the first count
  asked = 0;
  int calls = 0;
  o.progress = [&](const short_games_progress&) {
    if (++calls == 3) throw std::runtime_error("stop");
  };
  CHECK_THROWS_WITH(count_short_games(rules, scan, o), "stop");
  CHECK(asked == 0);
  o.progress = {};
  CHECK(count_short_games(rules, scan, o).games == whole.games);
}

TEST_CASE("count_short_games says 1 settled in its call at the end, and below 1 before", "[short-games]") {
  // Settled layouts are summed as doubles: on 11x11 with nine 2-ships
  // (3.95e20 layouts) the sum came to 1.0000000000000002, and on larger
  // boards to just under 1, which a caller telling the end call apart by
  // it (the tool's --time-limit) took for a walk still running.
  const auto rules = make_dynamic_rules(11, 11, {2, 2, 2, 2, 2, 2, 2, 2, 2}, adjacency::touching, false);
  short_games_options o = walk(0, 1);
  o.progress_interval = 0;
  std::vector<double> settled;
  o.progress = [&](const short_games_progress& p) { settled.push_back(p.settled); };
  (void)count_short_games(rules, row_scan<dynamic_rules>(rules), o);
  REQUIRE_FALSE(settled.empty());
  CHECK(settled.back() == 1.0);
  for (std::size_t k = 0; k + 1 < settled.size(); ++k) CHECK(settled[k] < 1.0);
}

TEST_CASE("count_short_games reports while its helper threads finish, where a throw cancels too", "[short-games]") {
  // The helper thread's first shot waits (up to 10 s) until a report has
  // seen it waiting: the calling thread runs out of subtrees meanwhile, and
  // used to wait for the helper in silence, so a callback (a deadline)
  // could not stop the walk until it ended.
  const auto caller = std::this_thread::get_id();
  std::atomic<bool> helper_waiting{false}, released{false};
  struct waits_off_caller : stack_hunter<dynamic_rules> {
    using stack_hunter<dynamic_rules>::stack_hunter;
    std::thread::id caller;
    std::atomic<bool>* waiting = nullptr;
    std::atomic<bool>* released = nullptr;
    int next_shot(const observation<board_type>& seen) {
      if (std::this_thread::get_id() != caller && !*released) {
        *waiting = true;
        for (int k = 0; k < 10000 && !*released; ++k) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      }
      return stack_hunter<dynamic_rules>::next_shot(seen);
    }
  };
  const auto rules = make_dynamic_rules(6, 6, {3, 2, 2}, adjacency::touching, true);
  waits_off_caller strategy(rules);
  strategy.caller = caller;
  strategy.waiting = &helper_waiting;
  strategy.released = &released;
  short_games_options o = walk(6, 2);
  o.progress_interval = 0.005;
  o.progress = [&](const short_games_progress& p) {
    if (p.settled < 1 && helper_waiting) {
      released = true;
      throw std::runtime_error("stopped while the helper walks");
    }
  };
  CHECK_THROWS_WITH(count_short_games(rules, strategy, o), "stopped while the helper walks");
  released = true;
}

TEST_CASE("count_short_games adds the games its helper threads walked to the result", "[short-games]") {
  // The calling thread waits a millisecond before each shot it is asked
  // for, so the helper thread walks most subtrees: their games must reach
  // the result, which equals the one-thread walk and exhaustive play.
  struct slow_on_caller : row_scan<dynamic_rules> {
    using row_scan<dynamic_rules>::row_scan;
    std::thread::id caller;
    int next_shot(const observation<board_type>& seen) {
      if (std::this_thread::get_id() == caller) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      return row_scan<dynamic_rules>::next_shot(seen);
    }
  };
  const auto rules = make_dynamic_rules(4, 4, {2, 2}, adjacency::touching, false);
  slow_on_caller strategy(rules);
  strategy.caller = std::this_thread::get_id();
  const int cells = rules.geometry().cell_count();
  const auto alone = count_short_games(rules, row_scan(rules), walk(cells, 1));
  const auto shared = count_short_games(rules, strategy, walk(cells, 2));
  CHECK(shared.games == alone.games);
  CHECK(shared.longer == 0);
  CHECK(shared.positions == alone.positions);
  require_head_of(shared, evaluate_by_playing(rules, row_scan(rules), one_thread()));
}

TEST_CASE("count_short_games on a fleet larger than the grid says no layout exists", "[short-games]") {
  using Rd = ruleset<grid<5, 5>, dynamic_fleet, touching_allowed, hit_miss>;
  for (const dynamic_fleet& f : {dynamic_fleet{5, 5, 5, 5, 5, 1}, dynamic_fleet{5, 5, 5, 5, 5, 5}}) {
    const Rd rules{grid<5, 5>{}, f, {}, {}};  // 26 and 30 ship cells on 25
    CHECK_THROWS_AS(count_short_games(rules, row_scan<Rd>(rules)), inconsistent_observation);
  }
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  short_games_options o;
  o.progress_interval = std::numeric_limits<double>::quiet_NaN();
  CHECK_THROWS_AS(count_short_games(rules, row_scan<dynamic_rules>(rules), o), std::invalid_argument);
  // INT_MAX threads once sized a frontier of 34 billion positions (bad_alloc).
  o = {};
  o.max_misses = 2;
  const auto one = count_short_games(rules, row_scan<dynamic_rules>(rules), o);
  o.threads = std::numeric_limits<int>::max();
  const auto many = count_short_games(rules, row_scan<dynamic_rules>(rules), o);
  CHECK(many.games == one.games);
  CHECK(many.longer == one.longer);
}

}  // namespace test_short_games
