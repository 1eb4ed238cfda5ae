// A measurement prototype, not part of the library and not built by CMake:
// how many of the keys the occupancy's backward pass visits are dead (no
// completion in any lane), row by row (docs/results/30-exact-counting.md,
// "Session 22"; session 13 counted dead states before the lanes). It needs
// the library's headers with dead_keys.patch applied. Matrix, one call per
// board; an empty board keeps only its bottom half (the top half is
// mirrored), so its top rows show no keys.
//
//   rm -rf /tmp/dead_keys && mkdir /tmp/dead_keys && cp -r include /tmp/dead_keys/
//   (cd /tmp/dead_keys && patch -p1 < "$OLDPWD/scripts/prototypes/dead_keys.patch")
//   g++ -std=c++20 -O2 -DNDEBUG -I/tmp/dead_keys/include scripts/prototypes/dead_keys.cpp -o /tmp/dead_keys_run
//   /tmp/dead_keys_run
//
// The patch applies to the headers of the commit that last changed it.

#include <algorithm>
#include <cstdio>

#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

template <class R>
void dead_keys_of(const char* name, bool after_shots) {
  const R rules{};
  std::fill(std::begin(detail::dead_keys), std::end(detail::dead_keys), 0.0);
  std::fill(std::begin(detail::all_keys), std::end(detail::all_keys), 0.0);
  exact_counter<R> counter{rules};
  for (const auto& board : prototypes::boards(rules, after_shots)) (void)counter.count(board, true);
  double all = 0, dead = 0;
  std::printf("%-34s dead by row:", name);
  for (int row = 0; row < 10; ++row) {
    all += detail::all_keys[row];
    dead += detail::dead_keys[row];
    if (detail::all_keys[row] > 0)
      std::printf(" %3.0f%%", 100 * detail::dead_keys[row] / detail::all_keys[row]);
    else
      std::printf("    -");
  }
  std::printf("; %.1f %% of %.0f keys\n", 100 * dead / all, all);
}

}  // namespace

int main() {
  dead_keys_of<park_rules>("empty 10x10, Park", false);
  dead_keys_of<park_rules>("32 games after 10 shots, Park", true);
  dead_keys_of<audinot_rules>("empty 10x10, Audinot", false);
  dead_keys_of<audinot_rules>("32 games after 10 shots, Audinot", true);
  dead_keys_of<bench::no_edge_rules>("empty 10x10, no edge", false);
  dead_keys_of<bench::no_edge_rules>("32 games after 10 shots, no edge", true);
}
