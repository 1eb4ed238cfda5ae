// Solving Battleship exactly: at compile time for a tiny grid, at run time
// for Audinot et al.'s 4x5 grid with three ships, and a look at a position
// where no greedy strategy is optimal.
#include <cstdio>

#include <battleship/solve/bounds.hpp>
#include <battleship/solve/decision_tree.hpp>
#include <battleship/solve/greedy.hpp>
#include <battleship/solve/optimal.hpp>
#include <battleship/solver.hpp>

using namespace battleship;

// One ship of length 2 on a 4x4 grid, no contact, hit/miss: the compiler
// finds the optimal strategy's total height (Audinot et al., Table 1).
using tiny = ruleset<grid<4, 4>, fleet<2>, no_contact, hit_miss>;
static_assert(optimal_total_height<tiny>() == 146, "146 shots over 24 layouts");
static_assert(enumerate_recursive(tiny{}).labelled == 24, "the 24 layouts, counted by the compiler too");

int main() {
  // At run time: 4x5 with ships 2, 3, 4 (the paper's hardest entry).
  const auto rules = make_dynamic_rules(4, 5, {2, 3, 4}, adjacency::no_contact, false);
  const auto best = solve_optimal(rules);
  const auto greedy = solve_best_greedy(rules);
  const auto bounds = lower_bounds(rules);
  const auto g = rules.geometry();
  std::printf("4x5, ships 2,3,4: optimal %llu/%llu = %.3f shots, first shot %s (%llu states, %.3f s)\n",
              static_cast<unsigned long long>(best.total_height), static_cast<unsigned long long>(best.layouts),
              best.average(), g.cell_name(best.first_shot).c_str(), static_cast<unsigned long long>(best.states),
              best.seconds);
  std::printf("best greedy %.3f; lower bounds: complete tree %.3f, hits-aware %.3f\n", greedy.average(),
              bounds.complete_tree.average(), bounds.hits_aware.average());

  // The whole optimal strategy for Figure 5's grid of 2 rows and 3 columns
  // (3x2 as width x height, the tool's --grid 3x2), as text.
  const ruleset<grid<3, 2>, fleet<2>, no_contact, hit_miss> small;
  std::printf("\nthe optimal tree on 3x2 (2 rows of 3) with one 2-ship:\n%s",
              solve_tree(small, observation<decltype(small)::board_type>(small)).to_text().c_str());

  // Positions of two misses on 4x3, 3 rows of 4 (one 2-ship), where the
  // optimum beats every greedy choice.
  const auto three_by_four = make_dynamic_rules(4, 3, {2}, adjacency::no_contact, false);
  for (const auto& gap : find_greedy_gaps(three_by_four, 2)) {
    const auto g34 = three_by_four.geometry();
    std::printf("\nmisses at %s and %s: optimal %llu/%llu (first %s), best greedy %llu (first %s)\n",
                g34.cell_name(gap.misses[0]).c_str(), g34.cell_name(gap.misses[1]).c_str(),
                static_cast<unsigned long long>(gap.optimal), static_cast<unsigned long long>(gap.layouts),
                g34.cell_name(gap.optimal_shot).c_str(), static_cast<unsigned long long>(gap.greedy),
                g34.cell_name(gap.greedy_shot).c_str());
  }
  return best.total_height == 994 ? 0 : 1;
}
