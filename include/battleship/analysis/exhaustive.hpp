#pragma once
// Exhaustive evaluation: play a deterministic strategy against every legal
// layout and report the exact distribution of the number of shots
// (Audinot et al., section 4.2).
//
//   evaluate_by_playing(rules, strategy, options)  any Strategy: one full game per
//       labelled layout (copies of the strategy, one per thread). The reference.
//   evaluate_row_scan_fast(rules, options)          row_scan, any rule set, when
//       row_scan_fast_path_applies(): at most 256 cells.
//   evaluate_sweep_fast(rules, sweep, options)      sweep, when sweep_fast_path_applies():
//       ships may not share an edge and every placement meets the order.
//   evaluate_exhaustive(rules, strategy, options)   the fast path when there is one,
//       else playing.
// The fast paths enumerate unlabelled layouts (equal-length ships in
// increasing placement order) and weigh each by labels_per_layout, which is
// exact because these strategies only see hits and misses; every path returns
// labelled counts, so results of different paths compare (and merge) exactly.
//
// Work is split by the placement of the first (longest) ship; threads take
// placements from a shared counter, and a shard (options.shard) keeps only
// the placements whose all_placements() index is shard.index modulo
// shard.count. Results are integer histograms, so they are identical whatever
// the thread count, and the shards of a split merge exactly
// (exhaustive_result::merge).

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <battleship/analysis/detail/exhaustive_kernels.hpp>
#include <battleship/analysis/detail/exhaustive_walk.hpp>
#include <battleship/analysis/exhaustive_result.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/detail/threads.hpp>
#include <battleship/strategy/row_scan.hpp>
#include <battleship/strategy/strategy.hpp>
#include <battleship/strategy/sweep.hpp>

namespace battleship {

struct exhaustive_progress {
  std::size_t parts_done = 0;   // first-ship placements finished
  std::size_t parts_total = 0;  // in this shard
  std::uint64_t layouts = 0;    // labelled layouts evaluated so far (stops at 2^64-1)
  double seconds = 0;
};

struct exhaustive_options {
  int threads = 0;  // 0: std::thread::hardware_concurrency()
  exhaustive_shard shard{};
  std::string strategy_name;  // recorded in the result (defaults per strategy)
  // Called about every progress_interval seconds from a reporter thread, and once at the end
  // from the calling thread (never two calls at once). A call that throws
  // cancels the run: each thread leaves the first-ship placement it walks
  // within 4,096 placements of the other ships (when playing, at its next
  // game), and the exception reaches the caller.
  std::function<void(const exhaustive_progress&)> progress;
  double progress_interval = 0.5;  // seconds, 0 to 1e9 (calls at least 1 ms apart)
};

namespace detail {

[[noreturn]] inline void histogram_overflow() {
  throw std::overflow_error(
      "exhaustive evaluation: more than 2^64-1 labelled layouts take the same number of shots (the histogram holds "
      "64-bit counts)");
}

inline void check_shard(const exhaustive_shard& s) {
  if (s.count < 1 || s.index < 0 || s.index >= s.count)
    throw std::invalid_argument("shard " + std::to_string(s.index) + "/" + std::to_string(s.count) +
                                " is not of the form i/n with 0 <= i < n");
}

template <Ruleset R>
void check_request(const R& rules, const exhaustive_shard& s) {
  if (rules.ship_count() < 1) throw std::invalid_argument("exhaustive evaluation: the fleet is empty");
  check_shard(s);
}

// Runs make_worker()(part, histogram, part_sink) -> layouts over `parts` on `threads`
// threads, reporting progress from a thread of its own; returns the summed
// histogram (unweighted).
template <class MakeWorker>
std::vector<std::uint64_t> run_parts(const std::vector<int>& parts, std::size_t histogram_size, std::uint64_t weight,
                                     const exhaustive_options& options, MakeWorker make_worker) {
  // wait_for converts the interval to integer ticks, where infinity or NaN
  // is undefined behaviour.
  if (options.progress && !(options.progress_interval >= 0 && options.progress_interval <= 1e9))
    throw std::invalid_argument("exhaustive evaluation: progress_interval must be 0 to 1e9 seconds");
  const auto start = std::chrono::steady_clock::now();
  int threads = resolve_threads(options.threads, "exhaustive evaluation");
  if (static_cast<std::size_t>(threads) > parts.size()) threads = static_cast<int>(parts.size() > 0 ? parts.size() : 1);
  std::vector<std::uint64_t> total(histogram_size, 0);
  std::atomic<std::size_t> next{0}, done{0};
  std::atomic<std::uint64_t> walked{0};  // layouts the walkers visited, each `weight` labelled ones
  first_error errors;                    // the first one stops the run and reaches the caller
  std::mutex mutex;                      // guards `total` and `running`
  std::condition_variable finished;
  int running = threads;  // bodies not yet finished (the reporter also ends on a stop)
  auto body = [&] {
    errors.capture([&] {
      auto worker = make_worker();
      std::vector<std::uint64_t> mine(histogram_size, 0);
      for (std::size_t k; !errors.stopped() && (k = next.fetch_add(1)) < parts.size();) {
        (void)worker(parts[k], mine.data(), part_sink{&errors.stop_flag(), &walked});  // adds to `walked` itself
        ++done;
      }
      std::lock_guard lock(mutex);
      for (std::size_t s = 0; s < histogram_size; ++s) total[s] += mine[s];
    });
    std::lock_guard lock(mutex);
    if (--running == 0) finished.notify_all();
  };
  joined_threads pool(errors);
  for (int t = 1; t < threads; ++t) pool.start(body);
  auto report = [&] {
    if (!options.progress) return;
    const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
    std::uint64_t layouts = 0;  // labelled; past 2^64-1 (a 128-bit total) it stays there
    if (__builtin_mul_overflow(walked.load(), weight, &layouts)) layouts = ~std::uint64_t{0};
    options.progress({done.load(), parts.size(), layouts, elapsed.count()});
  };
  // A dedicated progress thread keeps the calling thread working; a callback
  // that throws cancels the run, as in simulate(), and a cancelled run
  // reports no more. It starts after the workers, which `running` counts
  // though start() skips them once the run has stopped: then it is skipped
  // too, rather than waiting a whole interval for bodies that never ran.
  joined_threads reporter(errors);
  if (options.progress)
    reporter.start([&] {
      std::unique_lock lock(mutex);
      while (running > 0) {
        finished.wait_for(lock, detail::progress_wait(std::chrono::duration<double>(options.progress_interval)));
        if (running == 0 || errors.stopped()) break;
        lock.unlock();
        errors.capture(report);
        lock.lock();
      }
    });
  body();
  pool.join();
  reporter.join();
  errors.rethrow_if_any();
  report();
  return total;
}

template <Ruleset R>
[[nodiscard]] exhaustive_result make_result(const R& rules, std::string strategy, std::string split,
                                            const exhaustive_options& options, std::vector<std::uint64_t> unweighted,
                                            std::uint64_t weight, double seconds) {
  exhaustive_result r;
  r.split = std::move(split);
  r.strategy = options.strategy_name.empty() ? std::move(strategy) : options.strategy_name;
  r.rules = rules_label(rules);
  for (auto& c : unweighted)
    if (__builtin_mul_overflow(c, weight, &c)) histogram_overflow();
  while (!unweighted.empty() && unweighted.back() == 0) unweighted.pop_back();
  r.histogram = std::move(unweighted);
  r.labels_per_layout = labels_per_layout(rules);
  r.shard_count = options.shard.count;
  r.shards = {options.shard.index};
  r.seconds = seconds;
  return r;
}

// The first-ship placements of a shard, as indices in the plan's key order.
template <class Board>
[[nodiscard]] std::vector<int> shard_parts(const walk_plan<Board>& plan, const exhaustive_shard& shard) {
  const auto& canon = plan.canonical[0];
  std::vector<int> by_canonical(canon.size());
  for (std::size_t p = 0; p < canon.size(); ++p) by_canonical[static_cast<std::size_t>(canon[p])] = static_cast<int>(p);
  std::vector<int> parts;
  for (std::size_t c = 0; c < by_canonical.size(); ++c)
    if (static_cast<int>(c % static_cast<std::size_t>(shard.count)) == shard.index) parts.push_back(by_canonical[c]);
  return parts;
}

template <std::size_t W, Ruleset R, class MakeKernel, class Key>
exhaustive_result run_fast(const R& rules, std::string name, const exhaustive_options& options, Key key,
                           MakeKernel make_kernel) {
  const auto start = std::chrono::steady_clock::now();
  using Board = typename R::board_type;
  const auto plan = make_walk_plan(rules, key);
  const auto kernel = make_kernel(plan);
  const std::uint64_t weight = labels_per_layout(rules);
  const auto parts = shard_parts(plan, options.shard);
  using kernel_type = std::remove_cvref_t<decltype(kernel)>;
  auto hist = run_parts(parts, static_cast<std::size_t>(rules.geometry().cell_count() + 1), weight, options, [&] {
    return [walker = fast_walker<Board, kernel_type>(plan, kernel)](int p, std::uint64_t* h, part_sink sink) mutable {
      return walker.run(p, h, sink);
    };
  });
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  return make_result(rules, std::move(name), "fast", options, std::move(hist), weight, elapsed.count());
}

// Calls f(std::integral_constant<std::size_t, W>) with the fewest words that hold the grid.
template <class F>
decltype(auto) with_packed_width(int cells, F&& f) {
  if (cells <= 64) return f(std::integral_constant<std::size_t, 1>{});
  if (cells <= 128) return f(std::integral_constant<std::size_t, 2>{});
  if (cells <= 256) return f(std::integral_constant<std::size_t, 4>{});
  throw std::invalid_argument("exhaustive fast path: at most 256 cells");
}

template <Ruleset R>
[[nodiscard]] std::string sweep_name(const R& rules, const sweep<R>& s) {
  std::string n = s.clearing() == sweep_clearing::horizontal_first ? "sweep-horizontal-first" : "sweep";
  if (s.order() != default_sweep_order(rules)) n += " (custom order)";
  return n;
}

}  // namespace detail

// Plays `strategy` (copied, once per thread) against every labelled layout.
// A strategy made for other rules (built_for), or a randomised one
// (is_deterministic), is refused.
template <Ruleset R, Strategy S>
requires std::same_as<typename S::board_type, typename R::board_type> && std::copy_constructible<S>
[[nodiscard]] exhaustive_result evaluate_by_playing(const R& rules, const S& strategy,
                                                    const exhaustive_options& options = {}) {
  detail::check_request(rules, options.shard);
  detail::require_built_for(rules, strategy, "evaluate_by_playing");
  detail::require_deterministic(strategy, "evaluate_by_playing");
  const auto start = std::chrono::steady_clock::now();
  const auto first = all_placements(rules.geometry(), rules.ship_length(detail::ships_longest_first(rules)[0]));
  std::vector<int> parts;
  for (std::size_t p = 0; p < first.size(); ++p)
    if (static_cast<int>(p % static_cast<std::size_t>(options.shard.count)) == options.shard.index)
      parts.push_back(static_cast<int>(p));
  auto hist = detail::run_parts(parts, static_cast<std::size_t>(rules.geometry().cell_count() + 1), 1, options, [&] {
    return [walker = detail::play_walker<R, S>(rules, strategy)](
               int p, std::uint64_t* h, detail::part_sink sink) mutable { return walker.run(p, h, sink); };
  });
  const std::chrono::duration<double> elapsed = std::chrono::steady_clock::now() - start;
  exhaustive_result r = detail::make_result(rules, "custom", "play", options, std::move(hist), 1, elapsed.count());
  return r;
}

// The row-scan fast path packs the grid into at most four 64-bit words.
template <Ruleset R>
[[nodiscard]] bool row_scan_fast_path_applies(const R& rules) {
  return rules.geometry().cell_count() <= 256;
}

template <Ruleset R>
[[nodiscard]] exhaustive_result evaluate_row_scan_fast(const R& rules, const exhaustive_options& options = {}) {
  detail::check_request(rules, options.shard);
  if (!row_scan_fast_path_applies(rules))
    throw std::domain_error("the row-scan fast path does not apply: more than 256 cells (use evaluate_by_playing)");
  const int cells = rules.geometry().cell_count();
  return detail::with_packed_width(cells, [&](auto w) {
    constexpr std::size_t W = decltype(w)::value;
    return detail::run_fast<W>(
        rules, "row-scan", options, [](const auto& m) { return detail::highest_cell(m); },
        [&](const auto& plan) { return detail::row_scan_kernel<W>(plan, cells); });
  });
}

// Why the sweep fast path cannot evaluate `s` under `rules`, or "" when it
// can. Throws std::invalid_argument when `s` was made for another grid.
template <Ruleset R>
[[nodiscard]] std::string sweep_fast_path_obstacle(const R& rules, const sweep<R>& s) {
  detail::require_built_for(rules, s, "sweep_fast_path_obstacle");
  if (rules.contact() == adjacency::touching) return "ships may touch, so a clearing can run into another ship";
  if (rules.geometry().cell_count() > 256) return "more than 256 cells";
  const detail::sweep_rank rank(s.order(), rules.geometry().cell_count());
  for (int i = 0; i < rules.ship_count(); ++i)
    for (const auto& p : all_placements(rules.geometry(), rules.ship_length(i)))
      if (rank(p.mask) == detail::sweep_rank::unswept)
        return "a ship of length " + std::to_string(rules.ship_length(i)) + " can avoid every cell of the order";
  return {};
}
template <Ruleset R>
[[nodiscard]] bool sweep_fast_path_applies(const R& rules, const sweep<R>& s) {
  return sweep_fast_path_obstacle(rules, s).empty();
}

template <Ruleset R>
[[nodiscard]] exhaustive_result evaluate_sweep_fast(const R& rules, const sweep<R>& s,
                                                    const exhaustive_options& options = {}) {
  detail::check_request(rules, options.shard);
  if (auto why = sweep_fast_path_obstacle(rules, s); !why.empty())
    throw std::domain_error("the sweep fast path does not apply: " + why + " (use evaluate_by_playing)");
  const auto g = rules.geometry();
  const detail::sweep_rank rank(s.order(), g.cell_count());
  return detail::with_packed_width(g.cell_count(), [&](auto w) {
    constexpr std::size_t W = decltype(w)::value;
    return detail::run_fast<W>(rules, detail::sweep_name(rules, s), options, rank, [&](const auto& plan) {
      return detail::sweep_kernel<W>(plan, g, s.order(), s.clearing());
    });
  });
}

namespace detail {
// Every layout played where a fast path cannot go, under the name that path records.
template <Ruleset R, Strategy S>
[[nodiscard]] exhaustive_result play_named(const R& rules, const S& strategy, exhaustive_options options,
                                           std::string name) {
  if (options.strategy_name.empty()) options.strategy_name = std::move(name);
  return evaluate_by_playing(rules, strategy, options);
}
}  // namespace detail

// The fastest exact path for `strategy`.
template <Ruleset R, Strategy S>
requires std::same_as<typename S::board_type, typename R::board_type> && std::copy_constructible<S>
[[nodiscard]] exhaustive_result evaluate_exhaustive(const R& rules, const S& strategy,
                                                    const exhaustive_options& options = {}) {
  detail::require_built_for(rules, strategy, "evaluate_exhaustive");
  detail::require_deterministic(strategy, "evaluate_exhaustive");
  if constexpr (std::same_as<S, row_scan<R>>) {
    if (row_scan_fast_path_applies(rules)) return evaluate_row_scan_fast(rules, options);
    return detail::play_named(rules, strategy, options, "row-scan");
  } else if constexpr (std::same_as<S, sweep<R>>) {
    if (sweep_fast_path_applies(rules, strategy)) return evaluate_sweep_fast(rules, strategy, options);
    return detail::play_named(rules, strategy, options, detail::sweep_name(rules, strategy));
  } else {
    return evaluate_by_playing(rules, strategy, options);
  }
}

}  // namespace battleship
