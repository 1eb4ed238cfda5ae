// A measurement prototype, not part of the library and not built by CMake:
// how many of the states the exact counter keeps are dead (no completion),
// on which rows, and how many two cheap tests would have caught
// (docs/results/30-exact-counting.md, "Session 13"). It needs the library's
// headers with scripts/prototypes/dead_states.patch applied, which makes the
// backward pass tally, per row, every state of the kept layers, the dead
// ones, and those flagged by
// - the lone-ship test: some unplaced type has no open placement at all,
//   whatever the other ships do;
// - the anchor test: no unplaced ship has an open placement through the
//   first hit ahead that no running ship covers.
// Neither may flag a live state (`wrong` must stay 0). Each board is counted
// with the blocked-hit pruning of session 13 off and on.
//
//   rm -rf /tmp/dead_states && mkdir /tmp/dead_states && cp -r include /tmp/dead_states/
//   (cd /tmp/dead_states && patch -p1 < "$OLDPWD/scripts/prototypes/dead_states.patch")
//   g++ -std=c++20 -O2 -DNDEBUG -I/tmp/dead_states/include scripts/prototypes/dead_states.cpp -o /tmp/dead_states_run
//   /tmp/dead_states_run
//
// The patch applies to the headers of the commit that added it.

#include <cstddef>
#include <cstdio>
#include <vector>

#include <battleship/solver.hpp>

#include "../../benchmarks/shot_games.hpp"

using namespace battleship;

namespace {

template <class R>
void census_of(const char* name, bool after_shots) {
  const R rules{};
  std::vector<observation<typename R::board_type>> boards;
  if (after_shots)
    boards = bench::shot_observations(rules, 10, 32);
  else
    boards.emplace_back(rules);
  for (const bool drop_blocked_hits : {false, true}) {
    detail::census = {};
    for (const auto& obs : boards) {
      detail::profile_dp<std::uint64_t> dp(detail::make_profile_problem(rules, obs, unit_weight{}));
      dp.set_blocked_hit_pruning(drop_blocked_hits);
      if (dp.forward(detail::keep_tables::for_occupancy) == 0) continue;
      std::vector<count_type> occupancy;
      dp.backward(&occupancy);
    }
    const auto& c = detail::census;
    std::size_t states = 0, dead = 0, lone = 0, anchor = 0;
    for (std::size_t r = 0; r < c.states.size(); ++r) {
      states += c.states[r];
      dead += c.dead[r];
      lone += c.lone[r];
      anchor += c.anchor[r];
    }
    std::printf("%s, %s, blocked hits %s: %zu states kept, %zu dead (%.1f %%); lone-ship test %zu, anchor test %zu, "
                "wrong %zu\n",
                name, after_shots ? "32 games after 10 shots" : "empty board", drop_blocked_hits ? "dropped" : "kept",
                states, dead, 100.0 * static_cast<double>(dead) / static_cast<double>(states), lone, anchor, c.wrong);
    if (drop_blocked_hits) continue;
    for (int r = 0; r < R::grid_type::height(); ++r) {
      const auto k = static_cast<std::size_t>(r);
      if (c.states[k] != 0)
        std::printf("  row %d: %zu states, %zu dead, lone-ship %zu, anchor %zu\n", r, c.states[k], c.dead[k], c.lone[k],
                    c.anchor[k]);
    }
  }
}

template <class R>
void both(const char* name) {
  census_of<R>(name, false);
  census_of<R>(name, true);
}

}  // namespace

int main() {
  both<park_rules>("Park");
  both<audinot_rules>("Audinot");
  both<bench::no_edge_rules>("no edge");
}
