#pragma once
// Exact optimal play on small grids: the deterministic strategy that sinks a
// uniformly random fleet in the fewest shots on average (Audinot, Bonnet &
// Viennot, Algorithm 2), for any grid of at most 64 cells, fleet, adjacency
// rule and feedback model. Those are the limits it accepts, not what it
// finishes: the work grows about 50-fold for every 4 more cells (two or three
// ships take seconds on 4x4, 4x5 with ships 2,1 about 100 s; docs/cli.md).
//
//   auto r = battleship::solve_optimal(rules, obs);   // r.total_height / r.layouts
//   static_assert(battleship::optimal_total_height<ruleset<grid<4,4>, fleet<2>, no_contact, hit_miss>>() == 146);
//
// The value is the total height of the decision tree: the sum over layouts of
// the shots needed to sink them, an exact integer; the optimal average is
// total_height / layouts. Layout weights follow detail/problem.hpp: under
// hit/miss feedback layouts with the same occupied cells are one leaf and
// equal-length ships are interchangeable (so {3,3} on 4x4 has 24 layouts, as
// in the paper); under sunk feedback ships are named and every labelled layout
// counts once.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/solve/detail/engine.hpp>
#include <battleship/solve/detail/problem.hpp>

namespace battleship {

// What a long search has done so far (solve_options::progress).
struct solve_progress {
  std::uint64_t states = 0;  // distinct information states in the transposition table
  std::uint64_t nodes = 0;   // states searched, counting revisits
  double seconds = 0;
  std::uint64_t table_bytes = 0;  // the transposition table's size now
};

struct solve_options {
  bool symmetry = true;      // merge states over the grid symmetries (sunk feedback: and ship types)
  bool greedy_only = false;  // restrict every choice to a most probable cell (best greedy strategy)
  // Cut the search with the bound from the line of misses (every strategy
  // shoots the same cells while it misses); off only to measure what it saves.
  bool line_of_misses = true;
  // Under sunk feedback with two ships or more, search each child of a shot
  // with a quarter more than its share of the budget, so that fewer states
  // are searched again with more; off only to measure it. The values are
  // the same either way.
  bool sunk_slack = true;
  // Called from the solving thread after every `progress_every` searched
  // states (rounded up to a power of two; past 2^63, never); throwing from
  // it cancels the solve, and the exception reaches the caller.
  std::function<void(const solve_progress&)> progress{};
  std::uint64_t progress_every = std::uint64_t{1} << 16;
  // The most memory the transposition table may take (as the exact counter's
  // default limit: 8 GiB), and the list of layouts made before the search
  // (up to 4 million: 512 MB with 16 ships). A search that would pass it throws
  // std::length_error naming the limit, rather than running the machine out
  // of memory: positions inside the solver's limits (64 cells, 4096 leaves)
  // can need more states than the machine holds. Table bytes are reported
  // in solve_result and solve_progress; while the table doubles it holds
  // both copies, so a solve needs up to 1.5 times its final table_bytes.
  std::size_t memory_limit = std::size_t{8} << 30;
};

struct solve_result {
  std::uint64_t total_height = 0;  // sum over layouts (weighted) of the shots to sink the fleet
  std::uint64_t layouts = 0;       // the denominator: weighted layouts agreeing with the observation
  std::uint64_t leaves = 0;        // distinct leaves (atoms) of the decision tree
  int first_shot = -1;             // the first cell of an optimal strategy (-1 if the fleet is already sunk)
  std::uint64_t states = 0;        // distinct information states in the transposition table
  std::uint64_t nodes = 0;         // states searched, counting revisits
  double seconds = 0;
  std::uint64_t table_bytes = 0;  // the transposition table's size at the end (see solve_options::memory_limit)
  [[nodiscard]] constexpr double average() const noexcept {
    return layouts == 0 ? 0.0 : static_cast<double>(total_height) / static_cast<double>(layouts);
  }
};

namespace detail::solve {
// with_engine as `opt` sets it up: optimal or best greedy, the line of
// misses' cut, the slack under sunk feedback, and opt.progress (with the
// seconds since `start`).
template <class F>
auto with_configured_engine(const problem& p, const solve_options& opt, std::chrono::steady_clock::time_point start,
                            F&& f) {
  const std::function<void(const search_stats&)> report = [&opt, start](const search_stats& s) {
    opt.progress({s.states, s.nodes, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(),
                  s.table_bytes});
  };
  return with_engine(
      p, opt.greedy_only,
      [&](auto& e) {
        e.set_memory_limit(opt.memory_limit);
        if (opt.progress) e.report_progress(&report, opt.progress_every);
        return f(e);
      },
      opt.line_of_misses, opt.sunk_slack);
}

template <Ruleset R>
[[nodiscard]] solve_result run_solver(const R& rules, const observation<typename R::board_type>& obs,
                                      const solve_options& opt) {
  const auto start = std::chrono::steady_clock::now();
  const problem p = make_problem(rules, obs, opt.symmetry, true, opt.memory_limit);
  solve_result r = with_configured_engine(p, opt, start, [&](auto& e) {
    solve_result out;
    out.total_height = e.solve() * p.renamings_per_atom;
    out.first_shot = e.best_shot(e.all(), p.start_hits);
    out.states = e.stats().states;
    out.nodes = e.stats().nodes;
    out.table_bytes = e.stats().table_bytes;
    return out;
  });
  r.layouts = p.total_weight() * p.renamings_per_atom;
  r.leaves = static_cast<std::uint64_t>(p.atom_count()) * p.renamings_per_atom;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}
}  // namespace detail::solve

// The optimal strategy's total height and first shot from the position `obs`.
template <Ruleset R>
[[nodiscard]] solve_result solve_optimal(const R& rules, const observation<typename R::board_type>& obs,
                                         solve_options opt = {}) {
  opt.greedy_only = false;
  return detail::solve::run_solver(rules, obs, opt);
}
template <Ruleset R>
[[nodiscard]] solve_result solve_optimal(const R& rules, solve_options opt = {}) {
  return solve_optimal(rules, observation<typename R::board_type>(rules), opt);
}

// The optimal total height, usable in constant expressions for tiny
// instances (at most 64 leaves; the compiler's constexpr step limit decides
// how large in practice: 4x4 with one 2-ship fits both g++ 12 and clang 14).
template <Ruleset R>
[[nodiscard]] constexpr std::uint64_t optimal_total_height(const R& rules,
                                                           const observation<typename R::board_type>& obs) {
  const detail::solve::problem p = detail::solve::make_problem(rules, obs, true);
  if (p.atom_count() > 64) throw std::invalid_argument("optimal_total_height: more than 64 leaves; use solve_optimal");
  detail::solve::engine<1> e(p);
  return e.solve() * p.renamings_per_atom;
}
template <Ruleset R>
[[nodiscard]] constexpr std::uint64_t optimal_total_height(const R& rules) {
  return optimal_total_height(rules, observation<typename R::board_type>(rules));
}
template <Ruleset R>
[[nodiscard]] constexpr std::uint64_t optimal_total_height() {
  return optimal_total_height(R{});
}

}  // namespace battleship
