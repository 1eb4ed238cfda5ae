#pragma once
// search_hard_layouts: layouts against which a strategy takes long, found by
// hill climbing. Park guessed "good defenses" (ships away from the edges
// against hunt and target; on the edges and apart against probability
// density) and tried six; this searches for them.
//
// A climb starts from a layout the defense draws and tries `steps` moves. A
// move puts one to ships_per_move ships (how many, and which, chosen at
// random) at random placements of their own that the defense's constraints
// allow, the other ships staying; the new layout must still meet every
// constraint (constrained_defense::admits). It is kept when the strategy
// needs at least as many shots against it as against the current layout
// (equal moves let a climb cross plateaus); with a temperature, a worse one
// sometimes is too (simulated annealing), and each climb reports the best
// layout it met. Moving one ship at a time stalls sooner: on DataGenetics'
// heat map, 24 climbs of 20,000 steps (three seeds) ended at 69-74 shots
// moving one ship, 71-76 moving up to two (docs/RESULTS.md). Each
// evaluation plays games_per_layout games, with the strategy seeded the same
// way for every layout (common random numbers), so 1 is exact for a
// deterministic strategy. For a randomised one the figure is a mean over
// those seeds, and the climbs pick the layout it flatters most: fresh_games
// then plays the hardest layout again with seeds the climbs never used, an
// unbiased figure. Either way the result is a lower bound on the strategy's
// worst case (its mean, for a randomised one) over the constrained layouts,
// with a layout that shows it.
//
// Climbs run in parallel with hard_layout_options::threads. A progress
// callback that throws cancels the search.

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <cmath>
#include <concepts>
#include <cstdint>
#include <functional>
#include <mutex>
#include <stdexcept>
#include <vector>

#include <battleship/analysis/game_loop.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/placement.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/defense/constrained_defense.hpp>
#include <battleship/detail/random.hpp>
#include <battleship/detail/threads.hpp>
#include <battleship/strategy/rng.hpp>
#include <battleship/strategy/strategy.hpp>

namespace battleship {

// climb, step and current describe the climb that just took a step; with
// several threads that is any of the running climbs, so they jump between
// climbs, while the running totals below only grow.
struct hard_layout_progress {
  int climb = 0;  // from 0
  int step = 0;   // moves tried in this climb so far
  double current = 0;
  double best = 0;            // over every climb so far
  long long evaluations = 0;  // over every climb so far
  long long steps = 0;        // steps tried over every climb so far (the calls so far)
};

struct hard_layout_options {
  int climbs = 4;            // independent climbs, each from a fresh draw of the defense
  int steps = 200;           // moves tried per climb
  int ships_per_move = 2;    // a move draws 1 to this many ships, with replacement (at most the fleet)
  int games_per_layout = 1;  // games (strategy seeds) per evaluation
  int fresh_games = 0;       // games against the hardest layout afterwards, with new seeds
  // Simulated annealing: a move that loses d shots is still kept with
  // probability exp(-d / T), T falling linearly from this value towards 0:
  // step s of n runs at temperature * (1 - s/n), the last at temperature / n.
  // 0 is the plain climb.
  double temperature = 0;
  std::uint64_t seed = 0;
  // Climbs run on this many threads at once (0: one per hardware thread),
  // each with its own copy of the strategy; the result is the same for any
  // number. Copies that share state (the exact greedy's opening book) must
  // share it safely, and the defense's constraints are used from several
  // threads, as simulate() uses them.
  int threads = 1;
  // Called after each step (whether or not a move was played): from the
  // calling thread, or with threads > 1 from the workers, never two calls at
  // once.
  std::function<void(const hard_layout_progress&)> progress;
  // Called before every game the search plays: the climbs' (their starting
  // layouts' too, so with steps = 0) and the fresh games, which progress
  // does not see. One that throws cancels the search, as a throwing
  // progress callback does (a deadline: a step of many games_per_layout, or
  // fresh_games, can last minutes). With threads > 1 it is called from the
  // workers, several at once, and must bear that.
  std::function<void()> interruption_check;
};

struct hard_layout_result {
  layout hardest;
  double shots = 0;            // mean over games_per_layout games against `hardest`
  std::vector<double> starts;  // each climb's starting layout, the same measure
  std::vector<double> climbs;  // each climb's best
  double fresh_shots = 0;      // mean over fresh_games games against `hardest` with new seeds (0 without)
  long long evaluations = 0;   // layouts played (each games_per_layout games)
  long long moves_kept = 0;    // moves played: none losing shots, unless annealing took it
  int threads = 1;             // threads the climbs ran on
  double seconds = 0;
};

template <Ruleset R, Strategy S>
requires std::same_as<typename S::board_type, typename R::board_type>
[[nodiscard]] hard_layout_result search_hard_layouts(const constrained_defense<R>& defense, S strategy,
                                                     const hard_layout_options& options = {}) {
  if (options.climbs < 1) throw std::invalid_argument("search_hard_layouts: climbs must be at least 1");
  if (options.steps < 0) throw std::invalid_argument("search_hard_layouts: steps must not be negative");
  if (options.ships_per_move < 1) throw std::invalid_argument("search_hard_layouts: ships_per_move must be at least 1");
  if (options.games_per_layout < 1)
    throw std::invalid_argument("search_hard_layouts: games_per_layout must be at least 1");
  if (options.fresh_games < 0) throw std::invalid_argument("search_hard_layouts: fresh_games must not be negative");
  // Read from the bits, not std::isfinite: -ffast-math (-ffinite-math-only)
  // folds std::isfinite to true and would let a NaN or infinite temperature in.
  constexpr std::uint64_t exponent_all_ones = 0x7ff0000000000000U;
  if ((std::bit_cast<std::uint64_t>(options.temperature) & exponent_all_ones) == exponent_all_ones ||
      options.temperature < 0)
    throw std::invalid_argument("search_hard_layouts: temperature must be finite and not negative");
  const auto start_time = std::chrono::steady_clock::now();
  const R& rules = defense.rules();
  detail::require_built_for(rules, strategy, "search_hard_layouts");
  const int ships = rules.ship_count();
  // A move never relocates more than the fleet (INT_MAX would take a step for ever).
  const int most_moved = std::min(options.ships_per_move, ships);

  // Each ship's placements that the constraints allow on their own.
  const placement_table<R> table(rules);
  std::vector<std::vector<placement>> allowed(static_cast<std::size_t>(ships));
  for (int i = 0; i < ships; ++i)
    for (const auto& p : table.ship(i))
      if (defense.allows(i, p.where)) allowed[static_cast<std::size_t>(i)].push_back(p.where);

  // A climb's error, or a callback's, stops every climb (between games, too)
  // and is rethrown once they have ended.
  detail::first_error errors;

  // The mean of `games` games of `player` against `l`, seeded from `first` on
  // (a partial mean once the search is stopped: it is thrown away).
  auto mean_shots = [&](S& player, const layout& l, std::uint64_t first, int games) {
    long long total = 0;
    for (int k = 0; k < games; ++k) {
      if (errors.stopped()) return static_cast<double>(total) / std::max(k, 1);
      if (options.interruption_check) options.interruption_check();
      seed_strategy(player, derive_seed(options.seed, first + static_cast<std::uint64_t>(k)));
      total += play_game(rules, player, l);
    }
    return static_cast<double>(total) / games;
  };
  constexpr std::uint64_t climb_seeds = 0x9e3779b97f4a7c15ULL;  // apart from the climbs' own generators

  // Annealing's test for a move that loses -delta shots at `step`.
  auto accept_worse = [&](double delta, int step, splitmix_rng& rng) {
    if (options.temperature == 0) return false;  // the plain climb draws nothing here
    const double t = options.temperature * (1.0 - static_cast<double>(step) / options.steps);
    return t > 0 && detail::uniform_unit(rng) < std::exp(delta / t);
  };

  // What one climb found. A climb depends only on its index and the seed,
  // so the result is the same on any number of threads.
  struct climb_outcome {
    double start = 0;
    double best = 0;
    layout hardest;  // the first layout at `best`
    long long moves_kept = 0;
  };
  std::vector<climb_outcome> outcomes(static_cast<std::size_t>(options.climbs));

  std::atomic<long long> evaluations{0};  // layouts played, over every climb
  // Progress, one call at a time.
  std::mutex report_mutex;
  long long steps_done = 0;
  double best_so_far = 0;
  auto report = [&](int climb, int step, double current, double climb_best) {
    if (!options.progress) return;
    const std::lock_guard<std::mutex> lock(report_mutex);
    ++steps_done;
    best_so_far = std::max(best_so_far, climb_best);
    // Recorded under the lock, so that no other worker calls again.
    if (!errors.stopped())
      errors.capture([&] { options.progress({climb, step, current, best_so_far, evaluations.load(), steps_done}); });
  };

  // A move can fail the constraints (the ship overlaps or touches another,
  // the condition fails); a step tries this many before giving up.
  constexpr int proposals_per_step = 64;
  auto run_climb = [&](S& player, int climb) {
    climb_outcome& out = outcomes[static_cast<std::size_t>(climb)];
    auto evaluate = [&](const layout& l) {
      ++evaluations;
      return mean_shots(player, l, climb_seeds, options.games_per_layout);
    };
    splitmix_rng rng(derive_seed(options.seed, static_cast<std::uint64_t>(climb)));
    layout current = defense.place(rng);
    double current_shots = evaluate(current);
    out.start = out.best = current_shots;
    out.hardest = current;
    for (int step = 0; step < options.steps && !errors.stopped(); ++step) {
      for (int attempt = 0; attempt < proposals_per_step; ++attempt) {
        const auto moved = 1 + detail::uniform_below(rng, static_cast<std::uint64_t>(most_moved));
        layout candidate = current;
        for (std::uint64_t m = 0; m < moved; ++m) {
          const int ship = static_cast<int>(detail::uniform_below(rng, static_cast<std::uint64_t>(ships)));
          const auto& choices = allowed[static_cast<std::size_t>(ship)];
          candidate[ship] = choices[static_cast<std::size_t>(detail::uniform_below(rng, choices.size()))];
        }
        if (candidate == current || !defense.admits(candidate)) continue;
        const double shots = evaluate(candidate);
        if (shots >= current_shots || accept_worse(shots - current_shots, step, rng)) {
          current = candidate;
          current_shots = shots;
          ++out.moves_kept;
          if (current_shots > out.best) {  // annealing can end a climb below its best
            out.best = current_shots;
            out.hardest = current;
          }
        }
        break;
      }
      report(climb, step + 1, current_shots, out.best);
    }
  };

  const int threads = std::min(detail::resolve_threads(options.threads, "search_hard_layouts"), options.climbs);
  if (threads == 1) {
    for (int climb = 0; climb < options.climbs && !errors.stopped(); ++climb) run_climb(strategy, climb);
  } else if constexpr (std::copy_constructible<S>) {
    // Each thread plays with its own copy of the strategy and takes the
    // next climb; the pool joins them as the block ends.
    std::atomic<int> next_climb{0};
    detail::joined_threads pool(errors);
    for (int t = 0; t < threads; ++t)
      pool.start([&] {
        S player = strategy;
        for (int climb = next_climb++; climb < options.climbs && !errors.stopped(); climb = next_climb++)
          run_climb(player, climb);
      });
  } else {
    throw std::invalid_argument("search_hard_layouts: more than one thread needs a strategy that can be copied");
  }
  errors.rethrow_if_any();

  hard_layout_result result;
  for (const climb_outcome& c : outcomes) {
    result.starts.push_back(c.start);
    result.climbs.push_back(c.best);
    result.moves_kept += c.moves_kept;
    if (c.best > result.shots) {  // the first climb to reach the maximum, as one thread meets it
      result.shots = c.best;
      result.hardest = c.hardest;
    }
  }
  result.evaluations = evaluations;
  result.threads = threads;
  if (options.fresh_games > 0)
    result.fresh_shots =
        mean_shots(strategy, result.hardest, climb_seeds + static_cast<std::uint64_t>(options.games_per_layout),
                   options.fresh_games);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start_time).count();
  return result;
}

}  // namespace battleship
