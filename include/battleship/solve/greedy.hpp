#pragma once
// Greedy analysis: the best greedy strategy (always shoot a most probable
// cell, choosing among ties as well as possible) evaluated exactly, and a
// search for positions where the optimum beats every greedy choice
// (Audinot et al. section 3.3).
//
// "Most probable" uses the solver's layout weights (solve/optimal.hpp), so it
// is the exact posterior under a uniformly random fleet. Cells certain to hold
// a ship (probability 1) come first, as the solver shoots them; under sunk
// feedback those held by the same ship in every layout are shot in cell
// order (the tie among them is not searched), the others as searched ties.

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/solve/detail/problem.hpp>
#include <battleship/solve/optimal.hpp>

namespace battleship {

// The best greedy strategy's total height and first shot from `obs`.
template <Ruleset R>
[[nodiscard]] solve_result solve_best_greedy(const R& rules, const observation<typename R::board_type>& obs,
                                             solve_options opt = {}) {
  opt.greedy_only = true;
  return detail::solve::run_solver(rules, obs, opt);
}
template <Ruleset R>
[[nodiscard]] solve_result solve_best_greedy(const R& rules, solve_options opt = {}) {
  return solve_best_greedy(rules, observation<typename R::board_type>(rules), opt);
}

// A position where no greedy strategy is optimal.
struct greedy_gap {
  std::vector<int> misses;    // the missed cells that make the position
  std::uint64_t layouts = 0;  // weighted layouts left
  std::uint64_t optimal = 0;  // optimal total height
  std::uint64_t greedy = 0;   // best greedy total height
  int optimal_shot = -1;      // an optimal first shot
  int greedy_shot = -1;       // the best greedy first shot
};

// Every position made of `miss_count` missed shots (and nothing else), one
// per symmetry class of the grid, where the optimum beats every greedy choice.
template <Ruleset R>
[[nodiscard]] std::vector<greedy_gap> find_greedy_gaps(const R& rules, int miss_count) {
  using Board = typename R::board_type;
  const auto g = rules.geometry();
  const int n = g.cell_count();
  if (n > detail::solve::max_cells) throw std::invalid_argument("greedy gaps: at most 64 cells");
  if (miss_count < 0 || miss_count > n)
    throw std::invalid_argument("greedy gaps: " + std::to_string(miss_count) + " misses on a grid of " +
                                std::to_string(n) + " cells");
  const auto syms = detail::solve::grid_symmetries(g.width(), g.height());
  std::vector<greedy_gap> out;
  std::vector<int> pick;
  const auto visit = [&](auto& self, int from) -> void {
    if (static_cast<int>(pick.size()) == miss_count) {
      std::uint64_t mask = 0;
      for (int c : pick) mask |= std::uint64_t{1} << c;
      for (const auto& s : syms)  // keep the smallest image only
        if (detail::solve::map_cells(mask, s) < mask) return;
      observation<Board> obs(rules);
      for (int c : pick) obs.record_miss(c);
      solve_result best, greedy;
      try {
        best = solve_optimal(rules, obs);
      } catch (const inconsistent_observation&) {
        return;
      }
      greedy = solve_best_greedy(rules, obs);
      if (best.total_height < greedy.total_height)
        out.push_back({pick, best.layouts, best.total_height, greedy.total_height, best.first_shot, greedy.first_shot});
      return;
    }
    for (int c = from; c < n; ++c) {
      pick.push_back(c);
      self(self, c + 1);
      pick.pop_back();
    }
  };
  visit(visit, 0);
  return out;
}

}  // namespace battleship
