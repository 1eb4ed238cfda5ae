// A measurement prototype, not part of the library and not built by CMake:
// how many placements a fixpoint inference from the hits would drop on the
// benchmark's 32 games after 10 shots, beyond make_profile_problem's rule
// (under the contact rules no placement touches a hit it does not cover).
// For each hit, the cells that every placement still able to cover it
// leaves empty (its halo, not itself) are empty in every layout, and the
// cells that every one of them covers are covered; placements on the
// former, or touching the latter without covering them, drop, until
// nothing changes (docs/results/30-exact-counting.md, "Session 41").
//
//   g++ -std=c++20 -O2 -Iinclude -I. scripts/prototypes/hit_fixpoint.cpp -o /tmp/hit_fixpoint && /tmp/hit_fixpoint

#include <cstdio>
#include <vector>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "benchmarks/shot_games.hpp"

using namespace battleship;

namespace {

template <class R>
void run(const char* name) {
  using Board = typename R::board_type;
  const R rules{};
  const auto g = rules.geometry();
  const auto games = bench::shot_observations(rules, 10, 32);
  int total_new = 0, games_with = 0;
  for (std::size_t k = 0; k < games.size(); ++k) {
    const auto& obs = games[k];
    Board hits = obs.hits(), empty = obs.misses();
    struct live_placement {
      Board mask, halo;
      bool alive = true;
    };
    // The placements make_profile_problem keeps.
    std::vector<live_placement> ps;
    for (int i = 0; i < rules.ship_count(); ++i)
      for (const auto& pl : all_placements(g, rules.ship_length(i))) {
        const Board h = halo(g, rules.contact(), pl.mask);
        if (obs.placement_allowed(i, pl.mask) && (h & hits).subset_of(pl.mask)) ps.push_back({pl.mask, h});
      }
    int dropped = 0;
    for (bool changed = true; changed;) {
      changed = false;
      for (int c = 0; c < g.cell_count(); ++c) {
        if (!hits.test(static_cast<std::size_t>(c))) continue;
        // Over the live placements covering hit c: the cells all leave
        // empty (halo less ship), and the cells all cover.
        Board left_empty = ~Board{}, covered = ~Board{};
        bool any = false;
        for (const auto& p : ps)
          if (p.alive && p.mask.test(static_cast<std::size_t>(c))) {
            any = true;
            left_empty &= p.halo - p.mask;
            covered &= p.mask;
          }
        if (!any) continue;
        changed = changed || !left_empty.subset_of(empty) || !covered.subset_of(hits);
        empty |= left_empty;
        hits |= covered;
      }
      for (auto& p : ps)
        if (p.alive && (p.mask.intersects(empty) || !(p.halo & hits).subset_of(p.mask))) {
          p.alive = false;
          ++dropped;
          changed = true;
        }
    }
    total_new += dropped;
    games_with += dropped > 0;
    if (dropped)
      std::printf("  %s game %zu: %d hits, %d more placements dropped\n", name, k, obs.hits().count(), dropped);
  }
  std::printf("%s: %d more placements dropped in %d of 32 games\n", name, total_new, games_with);
}

}  // namespace

int main() {
  run<audinot_rules>("audinot");
  run<bench::no_edge_rules>("no edge");
}
