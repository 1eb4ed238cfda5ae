// A measurement prototype, not part of the library and not built by CMake:
// which states the exact counter's forward pass keeps, by ships left and
// ships running, and what that bounds for two ways of splitting the pass
// (docs/results/30-exact-counting.md, "Session 22"). It needs the library's
// headers with running_census.patch applied, which tallies the keys of
// every layer the forward pass builds (and their lanes) by (ships left,
// vertical ships running down, a horizontal ship running east or not).
// Count only, with lanes (every board below takes them).
//
//   rm -rf /tmp/running_census && mkdir /tmp/running_census && cp -r include /tmp/running_census/
//   (cd /tmp/running_census && patch -p1 < "$OLDPWD/scripts/prototypes/running_census.patch")
//   g++ -std=c++20 -O2 -DNDEBUG -I/tmp/running_census/include scripts/prototypes/running_census.cpp -o
//   /tmp/running_census_run /tmp/running_census_run
//
// The patch applies to the headers of the commit that last changed it.

#include <algorithm>
#include <cstdio>

#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

template <class R>
void census_of(const char* name, bool after_shots) {
  const R rules{};
  detail::running_census = {};
  prototypes::count_boards(rules, after_shots);
  const auto& c = detail::running_census;
  const int ships = static_cast<int>(rules.fleet.ship_count());
  double keys = 0, lanes = 0;
  for (int l = 0; l < 8; ++l)
    for (int d = 0; d < 16; ++d)
      for (int e = 0; e < 2; ++e) keys += c.keys[l][d][e], lanes += c.lanes[l][d][e];
  std::printf("%s: %.0f keys, %.0f lanes\n", name, keys, lanes);
  std::printf(
      "  keys by ships left (rows) and vertical ships running (columns), %% of all:"
      " all keys / those with a horizontal ship running\n");
  std::printf("  left");
  for (int d = 0; d <= 4; ++d) std::printf("         %d down", d);
  std::printf("\n");
  for (int l = 2; l <= ships; ++l) {
    std::printf("  %4d", l);
    for (int d = 0; d <= 4; ++d)
      std::printf("  %5.1f / %4.1f", 100 * (c.keys[l][d][0] + c.keys[l][d][1]) / keys, 100 * c.keys[l][d][1] / keys);
    std::printf("\n");
  }
  // Meeting in the middle by ship count: every layout is joined at the
  // boundary after its third ship starts. The forward pass keeps the states
  // with at least 3 ships left; a pass from the other end keeps those with
  // at most 2 ships wholly behind it, which (the board read the other way)
  // are the states with at most 2 ships finished: placed, not running. That
  // pass keeps as many such keys as this one on a board that reads the same
  // bottom to top (every empty board); after shots it is an estimate.
  // Splitting by orientation: a row scan counts the layouts with at most 2
  // vertical ships, a column scan (the board transposed) those with at most
  // 2 horizontal ones, taken to cost the same. Each keeps the keys with at
  // most 2 ships running across its rows (a subset of its layouts, so of
  // these keys), split by how many such ships it has used: at most
  // min(2, placed) - running + 1 ways, the upper figure. The lower one
  // counts each key once, as if every one stayed reachable with its
  // finished ships horizontal: an estimate, not a bound.
  double mitm = 0, mitm_lanes = 0, split_low = 0, split_high = 0;
  for (int l = 0; l < 8; ++l)
    for (int d = 0; d < 16; ++d)
      for (int e = 0; e < 2; ++e) {
        const int placed = ships - l, finished = placed - d - e;
        const double k = c.keys[l][d][e], n = c.lanes[l][d][e];
        if (l >= 3) mitm += k, mitm_lanes += n;
        if (finished <= 2) mitm += k, mitm_lanes += n;
        if (d <= 2) {
          split_low += 2 * k;
          split_high += 2 * k * (std::min(2, placed) - d + 1);
        }
      }
  std::printf("  meeting in the middle by ship count: %.0f %% of the keys (%.0f %% of the lanes)\n", 100 * mitm / keys,
              100 * mitm_lanes / lanes);
  std::printf("  splitting by orientation: %.0f-%.0f %% of the keys\n", 100 * split_low / keys,
              100 * split_high / keys);
}

}  // namespace

int main() {
  census_of<park_rules>("empty 10x10, Park", false);
  census_of<park_rules>("32 games after 10 shots, Park", true);
  census_of<audinot_rules>("empty 10x10, Audinot", false);
  census_of<audinot_rules>("32 games after 10 shots, Audinot", true);
  census_of<bench::no_edge_rules>("empty 10x10, no edge", false);
  census_of<bench::no_edge_rules>("32 games after 10 shots, no edge", true);
}
