#pragma once
// count_short_games: the exact chance that a deterministic strategy sinks the
// whole fleet within a few misses, on any board the exact counter takes.
//
// Exhaustive play (evaluate_by_playing) plays one game per layout: 30 billion
// on the classic 10x10 board with ships that may touch. This walks the game
// tree instead: at each position it asks the strategy for its shot and
// follows every outcome that shot can have (hit, miss, and under sunk
// feedback each ship it could sink), weighing each branch by the exact number
// of labelled layouts that agree with it (exact_counter). A branch ends when
// the last ship cell is hit or, past `max_misses` misses, is cut. Its cost
// grows with the positions reachable within max_misses misses, not with the
// layouts: the perfect games of DataGenetics' density strategy on 10x10 take
// about 40,000 positions. With max_misses at least cells - ship cells nothing
// is cut and the result is the whole distribution that exhaustive play gives.
//
// The strategy must choose from what it has seen and from its own state, and
// nothing else (as for evaluate_by_playing): random tie breaks or random
// hunting have no single game tree, and a strategy is_deterministic() calls
// randomised is refused. A strategy with an on_result hook is
// copied at every branch, so each branch continues as that game would; one
// without it is asked as a function of the observation (one copy per thread).
//
// Threads split the tree below its first positions; the counts are integers,
// so the result is the same for any thread count.

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <battleship/core/fleet.hpp>
#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/detail/threads.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

struct short_games_progress {
  std::uint64_t positions = 0;  // positions walked so far (one shot chosen at each)
  double settled = 0;           // share of the layouts whose game has ended or been cut: 1 in the call at the end only
  double seconds = 0;
};

struct short_games_options {
  int max_misses = 0;  // games with more misses are counted together in `longer`
  int threads = 1;     // 0: std::thread::hardware_concurrency(); at most 4096 are used
  std::string strategy_name = "custom";
  // Called about every progress_interval seconds, always from the calling
  // thread (also while it expands the first positions for the threads, and
  // while it waits for them), and once at the end; a callback that throws
  // cancels the walk (each thread stops at its next position) and the
  // exception reaches the caller.
  std::function<void(const short_games_progress&)> progress;
  double progress_interval = 0.5;
  // What each thread's exact counter may hold (exact_counter::set_memory_limit);
  // past it, std::length_error. A strategy's own counts (an exact_density
  // in the strategy) keep their own limit.
  std::size_t memory_limit = detail::default_memory_limit;
};

struct short_games_result {
  std::string strategy;
  std::string rules;   // rules_label()
  int ship_cells = 0;  // the shots of a perfect game
  int max_misses = 0;
  count_type layouts = 0;         // labelled layouts in all
  std::vector<count_type> games;  // games[m]: labelled layouts on which the game takes ship_cells + m shots
  count_type longer = 0;          // labelled layouts on which it takes more than ship_cells + max_misses
  std::uint64_t positions = 0;    // positions walked
  double seconds = 0;

  // The chance that a game against a uniformly drawn layout takes exactly
  // ship_cells + misses shots (0 <= misses <= max_misses).
  [[nodiscard]] double probability(int misses) const {
    return ratio(games.at(static_cast<std::size_t>(misses)), layouts);
  }
  // ... and at most that many.
  [[nodiscard]] double probability_at_most(int misses) const {
    count_type n = 0;
    for (int m = 0; m <= misses; ++m) n += games.at(static_cast<std::size_t>(m));
    return ratio(n, layouts);
  }
};

namespace detail {

// One position of the walk: what has been seen, the labelled layouts that
// agree with it, the misses so far and, for strategies that keep state
// between shots, the strategy as that game has left it.
template <class Board, class S>
struct short_game_position {
  observation<Board> seen;
  count_type layouts;
  int misses;
  std::optional<S> strategy;
};

template <Ruleset R, Strategy S>
class short_game_walker {
  using board_type = typename R::board_type;
  using position = short_game_position<board_type, S>;
  static constexpr bool keeps_state = observes_outcomes<S>;

 public:
  // `settled` adds up the layouts whose game has ended or been cut.
  short_game_walker(const R& rules, const S& strategy, int max_misses, std::atomic<std::uint64_t>& positions,
                    std::atomic<double>& settled, const first_error& errors, std::size_t memory_limit)
      : counter_(rules),
        shared_(strategy),
        max_misses_(max_misses),
        ship_cells_(total_ship_cells(rules.fleet)),
        games_(static_cast<std::size_t>(max_misses) + 1, 0),
        positions_(positions),
        settled_(settled),
        errors_(errors) {
    counter_.set_memory_limit(memory_limit);
    start_new_game(shared_);
  }

  [[nodiscard]] count_type layouts(const observation<board_type>& seen) { return counter_.count(seen, false).labelled; }
  // Called between the steps of this walker's counts (the first count on a
  // large board can take seconds, before any position is walked).
  void set_interruption_check(std::function<void()> check) { counter_.set_interruption_check(std::move(check)); }

  // The walk's first position: the empty board.
  [[nodiscard]] position root(const observation<board_type>& empty, count_type layouts) const {
    position p{empty, layouts, 0, std::nullopt};
    if constexpr (keeps_state) p.strategy.emplace(shared_);
    return p;
  }

  // Walks the subtree below `p` to the end, calling tick() at each position
  // before its step (after it, the first call came only once a whole line
  // of play had been walked: 0.6 s on 12x12 with eight ships).
  template <class Tick>
  void walk(position& p, Tick&& tick) {
    if (errors_.stopped()) return;
    tick();
    expand(p, [&](position& child) { walk(child, tick); });
  }

  // Calls `f` on each child of `p` that continues the game; settles the
  // others (games that end, branches cut, outcomes no layout agrees with).
  template <class F>
  void expand(position& p, F&& f) {
    S& strategy = keeps_state ? *p.strategy : shared_;
    const int cell = detail::chosen_cell(strategy, p.seen, "count_short_games");
    detail::require_unshot(counter_.rules(), p.seen, cell, "count_short_games");
    ++positions_;
    auto descend = [&](observation<board_type> seen, count_type n, int misses, shot_result r) {
      position child{std::move(seen), n, misses, std::nullopt};
      if constexpr (keeps_state) {
        child.strategy.emplace(strategy);
        notify_result(*child.strategy, cell, r, child.seen);
      }
      f(child);
    };
    count_type rest = p.layouts;  // what the miss keeps: the rest once every hit is counted
    auto hit = [&](shot_result r) {
      observation<board_type> seen = p.seen;
      seen.record(cell, r);
      const count_type n = layouts(seen);
      rest -= n;
      if (n == 0) return;
      if (seen.hits().count() == ship_cells_) {
        games_[static_cast<std::size_t>(p.misses)] += n;
        settle(n);
      } else {
        descend(std::move(seen), n, p.misses, r);
      }
    };
    hit(shot_result::hit());
    if (p.seen.sunk_feedback())
      for (int i = 0; i < p.seen.ship_count(); ++i)
        if (!p.seen.is_sunk(i)) hit(shot_result::sunk(i));
    if (rest == 0) return;
    if (p.misses == max_misses_) {
      longer_ += rest;
      settle(rest);
      return;
    }
    observation<board_type> seen = p.seen;
    seen.record(cell, shot_result::miss());
    descend(std::move(seen), rest, p.misses + 1, shot_result::miss());
  }

  [[nodiscard]] const std::vector<count_type>& games() const noexcept { return games_; }
  [[nodiscard]] count_type longer() const noexcept { return longer_; }

 private:
  // A compare-exchange loop, not fetch_add: libc++ has no atomic<double>::fetch_add.
  void settle(count_type n) {
    double now = settled_.load(std::memory_order_relaxed);
    while (!settled_.compare_exchange_weak(now, now + static_cast<double>(n), std::memory_order_relaxed)) {
    }
  }

  exact_counter<R> counter_;
  S shared_;  // started; asked at every position unless S keeps state, and copied for each root
  int max_misses_, ship_cells_;
  std::vector<count_type> games_;
  count_type longer_ = 0;
  std::atomic<std::uint64_t>& positions_;
  std::atomic<double>& settled_;
  const first_error& errors_;  // its stop ends the walk
};

}  // namespace detail

// The exact distribution of the shots `strategy` takes against a uniformly
// drawn labelled layout, from a perfect game (every ship cell, no miss) up to
// options.max_misses misses; longer games are counted together.
template <Ruleset R, Strategy S>
requires std::same_as<typename S::board_type, typename R::board_type> && std::copy_constructible<S>
[[nodiscard]] short_games_result count_short_games(const R& rules, const S& strategy,
                                                   const short_games_options& options = {}) {
  if (options.max_misses < 0) throw std::invalid_argument("count_short_games: max_misses cannot be negative");
  detail::require_built_for(rules, strategy, "count_short_games");
  detail::require_deterministic(strategy, "count_short_games");
  if (!(options.progress_interval >= 0))
    throw std::invalid_argument("count_short_games: progress_interval must be at least 0 seconds");
  using board_type = typename R::board_type;
  using walker_type = detail::short_game_walker<R, S>;
  using position = detail::short_game_position<board_type, S>;
  const auto start = std::chrono::steady_clock::now();
  const int cells = rules.geometry().cell_count();
  const int ship_cells = total_ship_cells(rules.fleet);
  // At least 0: a fleet larger than the grid reaches the no-layout error below.
  const int max_misses = std::max(0, std::min(options.max_misses, cells - ship_cells));

  short_games_result result;
  result.strategy = options.strategy_name;
  result.rules = rules_label(rules);
  result.ship_cells = ship_cells;
  result.max_misses = max_misses;
  result.games.assign(static_cast<std::size_t>(max_misses) + 1, 0);

  std::atomic<std::uint64_t> positions{0};
  std::atomic<double> settled{0};
  detail::first_error errors;  // the first one stops every walker and reaches the caller
  auto make_walker = [&] {
    return walker_type(rules, strategy, max_misses, positions, settled, errors, options.memory_limit);
  };
  auto add = [&](const walker_type& w) {
    for (std::size_t m = 0; m < result.games.size(); ++m) result.games[m] += w.games()[m];
    result.longer += w.longer();
  };

  walker_type first = make_walker();
  const observation<board_type> empty(rules);

  // The first positions, breadth first, until there are enough subtrees to
  // share among the threads.
  // The frontier holds 16 positions a thread: past a few thousand threads
  // that is memory for nothing (INT_MAX threads asked for 34 billion).
  const int threads = std::min(detail::resolve_threads(options.threads, "count_short_games"), 4096);
  auto last_report = start;
  // `settled` sums doubles, which can round to either side of 1: the call
  // at the end says 1 exactly, and no other call does.
  auto report = [&](bool at_end = false) {
    if (!options.progress) return;
    const auto now = std::chrono::steady_clock::now();
    last_report = now;
    // 0 while the first count, which finds result.layouts, runs.
    const double share = at_end ? 1.0
                         : result.layouts == 0
                             ? 0.0
                             : std::min(settled.load() / static_cast<double>(result.layouts), std::nextafter(1.0, 0.0));
    options.progress({positions.load(), share, std::chrono::duration<double>(now - start).count()});
  };
  auto report_if_due = [&] {
    if (options.progress && std::chrono::duration<double>(std::chrono::steady_clock::now() - last_report).count() >=
                                options.progress_interval)
      report();
  };
  // The calling thread's counts report too, between their steps: the first
  // ones, before any position is walked, can take seconds on a large board,
  // and a callback that throws cancels them.
  if (options.progress) first.set_interruption_check(report_if_due);
  result.layouts = first.layouts(empty);
  if (result.layouts == 0) throw no_layout_agrees(empty);
  std::vector<position> frontier;
  frontier.push_back(first.root(empty, result.layouts));
  const std::size_t wanted = threads > 1 ? 16 * static_cast<std::size_t>(threads) : 1;
  while (!frontier.empty() && frontier.size() < wanted) {
    std::vector<position> next;
    for (auto& p : frontier) {
      // Each expansion counts layouts exactly (tens of milliseconds on
      // 10x10): report here too, where a callback that throws cancels.
      report_if_due();
      first.expand(p, [&](position& child) { next.push_back(std::move(child)); });
    }
    frontier = std::move(next);
  }

  std::atomic<std::size_t> next_subtree{0};
  auto run = [&](walker_type& w, bool reporter) {
    errors.capture([&] {
      // Every position: each costs an exact count, far more than reading the clock.
      auto tick = [&] {
        if (reporter) report_if_due();
      };
      for (std::size_t k; !errors.stopped() && (k = next_subtree.fetch_add(1)) < frontier.size();)
        w.walk(frontier[k], tick);
    });
  };
  std::vector<walker_type> helpers;
  helpers.reserve(static_cast<std::size_t>(threads - 1));
  for (int t = 1; t < threads && static_cast<std::size_t>(t) < frontier.size(); ++t) helpers.push_back(make_walker());
  std::mutex mutex;  // guards helpers_running
  std::condition_variable helper_done;
  std::size_t helpers_running = helpers.size();
  detail::joined_threads pool(errors);
  for (auto& h : helpers)
    pool.start([&] {
      run(h, false);
      const std::lock_guard lock(mutex);
      if (--helpers_running == 0) helper_done.notify_all();
    });
  run(first, true);
  // The calling thread reports while the helpers finish their subtrees, so
  // that a callback that throws still cancels then.
  if (options.progress) {
    const auto wait = std::chrono::duration<double>(std::clamp(options.progress_interval, 0.001, 1.0));
    std::unique_lock lock(mutex);
    while (helpers_running > 0 && !errors.stopped()) {
      helper_done.wait_for(lock, wait);
      lock.unlock();
      errors.capture([&] { report_if_due(); });
      lock.lock();
    }
  }
  pool.join();
  errors.rethrow_if_any();

  add(first);
  for (const auto& h : helpers) add(h);
  result.positions = positions.load();
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report(true);
  return result;
}

}  // namespace battleship
