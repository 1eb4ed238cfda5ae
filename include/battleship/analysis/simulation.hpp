#pragma once
// simulate(): many games of one strategy against one defense, in parallel,
// with the same result whatever the number of threads.
//
// Game g uses its own seed, derive_seed(seed, g): the defense draws the
// layout from splitmix_rng(that seed), and the strategy is reseeded with
// derive_seed(that seed, 1) and restarted before the game. Threads take
// blocks of games from a shared counter and hand in each block's game
// lengths, which are tallied in game order; the statistics are identical for
// 1, 2 or 64 threads.
//
// make_strategy() is called once per thread (a strategy may hold large
// tables; it is reused across that thread's games), never by two threads at
// once, so a factory may keep state without locks of its own. Each thread
// owns what it returns: a factory that returns a reference to a prototype
// gives every thread a copy of it. An exception in any
// game stops the run and is rethrown to the caller.
//
// A stop requested through options.stop ends the run early and keeps what
// it has: the statistics of games 0..k-1, where game k is the first that had
// not finished, which is exactly what a run of k games gives. (The games
// that finish first are not a fair sample: a long game takes longer to
// play, so keeping whichever finished would favour short ones.)

#include <algorithm>
#include <atomic>
#include <chrono>
#include <concepts>
#include <condition_variable>
#include <cstdint>
#include <ctime>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <stop_token>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/analysis/game_loop.hpp>
#include <battleship/analysis/statistics.hpp>
#include <battleship/core/game.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/defense/defense.hpp>
#include <battleship/detail/threads.hpp>
#include <battleship/strategy/rng.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

struct simulation_options {
  long long games = 1000;
  std::uint64_t seed = 0;
  int threads = 1;  // 0: one per hardware thread
  // Called from the calling thread about every progress_interval (0 to 1e9
  // seconds; at least 1 ms apart) while the games run, and once at the end,
  // with (games done, games in total); the run returns as soon as its games
  // end, without waiting out the interval. A call that throws cancels the
  // run: each thread leaves after the game it is playing, and the exception
  // reaches the caller.
  std::function<void(long long, long long)> progress;
  std::chrono::milliseconds progress_interval{200};
  // A stop requested (from any thread, or from progress) ends the run after
  // the game each thread is playing, and simulate() returns the games
  // 0..k-1 that had all finished (see simulation_result::stopped). Unlike a
  // throwing progress callback, which cancels the run and keeps nothing.
  // progress's last call then gives k, which can be fewer than an earlier
  // call counted: games that finished ahead of an unfinished one are done
  // but not kept. (Any run holds the length of each game that finished
  // ahead of an unfinished one, 4 bytes, until the games before it are in.)
  std::stop_token stop;
};

struct simulation_result {
  shot_statistics stats;
  double seconds = 0;      // wall-clock time of the games
  double cpu_seconds = 0;  // processor time of the whole process meanwhile (all threads; a busy
                           // machine inflates `seconds` but not this)
  int threads = 1;
  // Whether options.stop ended the run before its last game: stats then
  // cover games 0..stats.games-1, the same statistics a run of that many
  // games gives. stats.games is 0, and every other statistic 0, when the
  // stop came before game 0 finished.
  bool stopped = false;
  // Every game the threads finished: stats.games, and in a stopped run also
  // the games past the first unfinished one, which stats leaves out. The
  // run's speed is games_played / seconds.
  long long games_played = 0;
};

// The length of game `index` of the run seeded `seed` (what simulate() plays).
template <Ruleset R, Strategy S, Defense D>
int simulate_one(const R& rules, S& strategy, const D& defense, std::uint64_t seed, long long index) {
  const std::uint64_t game_seed = derive_seed(seed, static_cast<std::uint64_t>(index));
  splitmix_rng rng(game_seed);
  const layout hidden = defense.place(rng);
  seed_strategy(strategy, derive_seed(game_seed, 1));
  return play_game(rules, strategy, hidden);
}

namespace detail {
// The shots of a run's games, handed in a block at a time in any
// order, and tallied in game order as far as every game has finished: a
// block that ran ahead waits until the games before it are in. A block
// handed in short (the run stopped inside it) leaves a gap no later block
// closes.
class ordered_tally {
 public:
  explicit ordered_tally(std::size_t histogram_size) : histogram_(histogram_size, 0) {}

  void add(long long first, std::vector<int> shots) {
    const std::lock_guard lock(mutex_);
    if (first != tallied_) {
      waiting_.emplace(first, std::move(shots));
      return;
    }
    take(shots);
    for (auto next = waiting_.begin(); next != waiting_.end() && next->first == tallied_; next = waiting_.erase(next))
      take(next->second);
  }
  // Games 0..tallied()-1 have all been handed in.
  [[nodiscard]] long long tallied() const noexcept { return tallied_; }
  [[nodiscard]] std::vector<long long> take_histogram() noexcept { return std::move(histogram_); }

 private:
  void take(const std::vector<int>& shots) {
    for (const int s : shots) ++histogram_[static_cast<std::size_t>(s)];
    tallied_ += static_cast<long long>(shots.size());
  }

  std::mutex mutex_;
  std::vector<long long> histogram_;
  long long tallied_ = 0;
  std::map<long long, std::vector<int>> waiting_;  // by first game
};

// simulate() after its checks of the factory.
template <Ruleset R, class MakeStrategy, Defense D>
simulation_result run_simulation(const R& rules, MakeStrategy& make_strategy, const D& defense,
                                 const simulation_options& options) {
  if (options.games < 1) throw std::invalid_argument("simulate: the number of games must be at least 1");
  // wait_for converts the interval to the clock's ticks, which overflow past
  // a few centuries (milliseconds::max() would make every wait return at once).
  if (options.progress &&
      (options.progress_interval.count() < 0 || options.progress_interval > std::chrono::seconds(1'000'000'000)))
    throw std::invalid_argument("simulate: progress_interval must be 0 to 1e9 seconds");
  // A defence that keeps its rules must be for this game: a smaller grid's
  // layouts are legal on a larger one, and every game would be played on them.
  if constexpr (requires { requires Ruleset<std::remove_cvref_t<decltype(defense.rules())>>; })
    detail::require_same_game(rules, defense.rules(), "simulate: the defence");
  const int threads =
      static_cast<int>(std::min<long long>(detail::resolve_threads(options.threads, "simulate"), options.games));
  const int cells = rules.geometry().cell_count();
  // Blocks of games per fetch from the shared counter: large enough to keep
  // the counter cold, small enough that slow strategies still share out a
  // short run among all threads.
  const long long block = std::clamp<long long>(options.games / (16LL * threads), 1, 256);

  std::atomic<long long> next{0}, done{0};
  first_error errors;  // the first one stops the run and reaches the caller
  std::mutex factory_mutex;
  // The progress loop waits on `ended` between reports, so that it returns as
  // soon as the last worker ends (all games played, or the run stopped),
  // not a whole interval later.
  std::mutex running_mutex;
  std::condition_variable ended;
  int running = threads;
  std::vector<std::chrono::steady_clock::time_point> finished(static_cast<std::size_t>(threads));
  // The games in order, so that a stopped run reports games 0..k-1.
  ordered_tally in_order(static_cast<std::size_t>(cells) + 1);
  const auto ends = [&] { return errors.stopped() || options.stop.stop_requested(); };
  auto play = [&](std::size_t t) {
    auto strategy = [&] {  // one call at a time: a factory may keep state (a counter, a shared cache)
      std::lock_guard lock(factory_mutex);
      return make_strategy();
    }();
    detail::require_built_for(rules, strategy, "simulate");  // before play_game says the same per game
    std::vector<int> block_shots;
    while (!ends()) {
      const long long first = next.fetch_add(block, std::memory_order_relaxed);
      if (first >= options.games) break;
      const long long last = std::min(options.games, first + block);
      // A failed, cancelled or stopped run ends between games, not only
      // between blocks: a block of a slow strategy's games can take minutes.
      long long g = first;
      for (; g < last && !ends(); ++g) block_shots.push_back(simulate_one(rules, strategy, defense, options.seed, g));
      in_order.add(first, std::exchange(block_shots, {}));
      done.fetch_add(g - first, std::memory_order_relaxed);
    }
    finished[t] = std::chrono::steady_clock::now();
  };
  auto worker = [&](std::size_t t) {
    errors.capture([&] { play(t); });
    const std::lock_guard lock(running_mutex);
    if (--running == 0 || errors.stopped()) ended.notify_all();
  };

  const auto start = std::chrono::steady_clock::now();
  const std::clock_t cpu_start = std::clock();
  joined_threads pool(errors);
  for (int t = 0; t < threads; ++t) pool.start([&worker, t] { worker(static_cast<std::size_t>(t)); });
  if (options.progress)
    errors.capture([&] {  // a throwing callback stops the workers, which are still joined
      const auto interval = detail::progress_wait(options.progress_interval);
      std::unique_lock lock(running_mutex);
      while (running > 0 && !ends()) {
        lock.unlock();
        options.progress(done.load(), options.games);
        lock.lock();
        ended.wait_for(lock, interval, [&] { return running == 0 || errors.stopped(); });
      }
    });
  pool.join();
  const auto stop = *std::max_element(finished.begin(), finished.end());  // not the progress wait
  const std::clock_t cpu_stop = std::clock();
  errors.rethrow_if_any();
  const long long played = in_order.tallied();
  if (options.progress) options.progress(played, options.games);

  simulation_result result;
  result.stopped = played < options.games;
  if (played > 0)
    result.stats = summarize(in_order.take_histogram(), total_ship_cells(rules.fleet));
  else
    result.stats.histogram = in_order.take_histogram();
  result.seconds = std::chrono::duration<double>(stop - start).count();
  result.cpu_seconds = static_cast<double>(cpu_stop - cpu_start) / CLOCKS_PER_SEC;
  result.threads = threads;
  result.games_played = done.load();
  return result;
}
}  // namespace detail

// Plays options.games games (1,000 by default, on one thread); make_strategy()
// returns a strategy for R's board.
template <Ruleset R, class MakeStrategy, Defense D>
requires std::invocable<MakeStrategy&> simulation_result simulate(const R& rules, MakeStrategy make_strategy,
                                                                  const D& defense,
                                                                  const simulation_options& options = {}) {
  // What the factory returns becomes each thread's own strategy: a value in
  // place (it need not even be movable), a reference by a copy. Each check
  // names the part that failed, and the run is compiled only when all pass
  // (no cascade of errors after them).
  using made = std::invoke_result_t<MakeStrategy&>;
  using strategy_type = std::remove_cvref_t<made>;
  constexpr bool has_board = detail::has_strategy_board<strategy_type>;
  static_assert(has_board, "simulate: make_strategy() must return a strategy, and its type has no board_type");
  if constexpr (has_board) {
    constexpr bool is_strategy = Strategy<strategy_type>;
    static_assert(is_strategy,
                  "simulate: make_strategy() must return a strategy, and its type has no next_shot(const "
                  "observation<board_type>&) returning an int");
    if constexpr (is_strategy) {
      constexpr bool same_board = std::same_as<typename strategy_type::board_type, typename R::board_type>;
      constexpr bool ownable = !std::is_reference_v<made> || std::constructible_from<strategy_type, made>;
      static_assert(same_board,
                    "simulate: make_strategy() returns a strategy for another board size than the ruleset's");
      static_assert(ownable,
                    "simulate: make_strategy() returns a reference to a strategy that cannot be copied; return one by "
                    "value");
      if constexpr (same_board && ownable) return detail::run_simulation(rules, make_strategy, defense, options);
    }
  }
  return {};
}

}  // namespace battleship
