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
#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>
#include <cstdio>
#include <vector>
#include "benchmarks/shot_games.hpp"
using namespace battleship;
template <class R>
void run(const char* name) {
  const R rules{};
  const auto g = rules.geometry();
  const auto games = bench::shot_observations(rules, 10, 32);
  int total_new = 0, games_with = 0, rounds_max = 0;
  for (std::size_t k = 0; k < games.size(); ++k) {
    const auto& obs = games[k];
    using Board = typename R::board_type;
    Board hits = obs.hits(), empty = obs.misses();
    struct P {
      int ship;
      Board mask, halo;
      bool alive;
    };
    std::vector<P> ps;
    for (int i = 0; i < rules.ship_count(); ++i)
      for (const auto& pl : all_placements(g, rules.ship_length(i))) {
        if (!obs.placement_allowed(i, pl.mask)) continue;
        const Board h = halo(g, rules.contact(), pl.mask);
        if (!(h & hits).subset_of(pl.mask)) continue;
        ps.push_back({i, pl.mask, h, true});
      }
    int dropped = 0, rounds = 0;
    for (bool changed = true; changed; ++rounds) {
      changed = false;
      for (int c = 0; c < g.cell_count(); ++c) {
        if (!hits.test(static_cast<std::size_t>(c))) continue;
        Board all_e = ~Board{}, all_f = ~Board{};
        bool any = false;
        for (const auto& p : ps)
          if (p.alive && p.mask.test(static_cast<std::size_t>(c))) {
            any = true;
            all_e &= p.halo & ~p.mask;
            all_f &= p.mask;
          }
        if (!any) continue;
        for (int x = 0; x < g.cell_count(); ++x) {
          if (all_e.test(static_cast<std::size_t>(x)) && !empty.test(static_cast<std::size_t>(x))) {
            empty.set(static_cast<std::size_t>(x));
            changed = true;
          }
          if (all_f.test(static_cast<std::size_t>(x)) && !hits.test(static_cast<std::size_t>(x))) {
            hits.set(static_cast<std::size_t>(x));
            changed = true;
          }
        }
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
    rounds_max = std::max(rounds_max, rounds);
    if (dropped)
      std::printf("  %s game %zu: %d hits, %d more placements dropped\n", name, k, obs.hits().count(), dropped);
  }
  std::printf("%s: %d more placements dropped in %d of 32 games (at most %d rounds)\n", name, total_new, games_with,
              rounds_max);
}
int main() {
  run<audinot_rules>("audinot");
  run<bench::no_edge_rules>("no edge");
}
