// A measurement prototype, not part of the library and not built by CMake:
// three_ship.patch's closed form for states with three ships left, direct
// (three_ship.hpp), from tables (three_ship_tables.hpp) and with its S
// terms from entries per row id and step (three_ship_rows.hpp), checked
// against the library's scan (the same counts on the benchmark's 32 games
// after 10 shots and on the empty board, Park's and DataGenetics' rules)
// and timed beside it; and the forms checked against the direct one on
// random skylines, boards, weights and fleets (docs/results/30-exact-counting.md,
// sessions 37 and 38).
//
// clang-format off
//   rm -rf /tmp/three && mkdir -p /tmp/three && cp -r include /tmp/three/
//   cp scripts/prototypes/three_ship*.hpp /tmp/three/include/battleship/count/detail/
//   (cd /tmp/three && patch -p1 < "$OLDPWD/scripts/prototypes/three_ship.patch")
//   g++ -std=c++20 -O3 -DNDEBUG -I/tmp/three/include -I. scripts/prototypes/three_ship_check.cpp -o /tmp/three_check
//   /tmp/three_check
//   g++ -std=c++20 -O3 -DNDEBUG -I/tmp/three/include scripts/prototypes/count_loop.cpp -o /tmp/three_loop
//   cg="valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null"
//   $cg /tmp/three_loop 1 shots-park count                 # the library
//   THREE=1 $cg /tmp/three_loop 1 shots-park count         # the closed form, direct
//   THREE=tables $cg /tmp/three_loop 1 shots-park count    # the closed form from tables
//   THREE=rows $cg /tmp/three_loop 1 shots-park count      # S from entries per row id and step
//   THREE=free $cg /tmp/three_loop 1 shots-park            # the floor: such states dropped (wrong results)
// clang-format on

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include <battleship/count/detail/three_ship_rows.hpp>
#include "measure.hpp"

using namespace battleship;

namespace {

// The scan against each form, board by board.
template <class R>
int check(const char* name) {
  const R rules{};
  exact_counter<R> counter{rules};
  auto boards = prototypes::boards(rules, true);
  boards.push_back(prototypes::boards(rules, false)[0]);
  int differ = 0;
  std::array<double, 4> ms{};
  detail::g_three_states = detail::g_three_lanes = 0;
  std::fill(three_ship_proto::g_rows_census, three_ship_proto::g_rows_census + 8, 0ULL);
  for (std::size_t g = 0; g < boards.size(); ++g) {
    std::array<count_type, 4> counts{};
    for (std::size_t mode = 0; mode < 4; ++mode) {
      if (mode == 0)
        unsetenv("THREE");
      else
        setenv("THREE", mode == 1 ? "1" : mode == 2 ? "tables" : "rows", 1);
      const auto t0 = std::chrono::steady_clock::now();
      counts[mode] = counter.count(boards[g], false).labelled;
      ms[mode] += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    }
    unsetenv("THREE");
    if (counts[1] != counts[0] || counts[2] != counts[0] || counts[3] != counts[0]) {
      ++differ;
      std::printf("%s, board %zu: scan %s, direct %s, tables %s, rows %s\n", name, g, to_string(counts[0]).c_str(),
                  to_string(counts[1]).c_str(), to_string(counts[2]).c_str(), to_string(counts[3]).c_str());
    }
  }
  std::printf(
      "%s: %d of %zu boards differ; count alone %.1f ms (scan), %.1f ms (direct), %.1f ms (tables), %.1f ms "
      "(rows); %llu states, %llu lanes absorbed per form\n",
      name, differ, boards.size(), ms[0], ms[1], ms[2], ms[3], detail::g_three_states / 3, detail::g_three_lanes / 3);
  const auto* k = three_ship_proto::g_rows_census;
  std::printf(
      "%s, the rows form: %llu steps, %llu lanes; row entries %llu computed, %llu read; R vectors %llu computed, %llu "
      "read; step suffixes %llu computed, %llu read\n",
      name, k[6], k[7], k[0], k[1], k[2], k[3], k[4], k[5]);
  return differ;
}

// The tables and rows forms against the direct one on random boards (3 to
// 10 wide and high), fleets of one to four types of lengths 1 to 5, start
// weights 0 to 3, and skylines (for the rows form, with a frontier column).
int random_skylines(int boards) {
  std::mt19937_64 rng(7);
  int tables_differ = 0, rows_differ = 0, compared = 0;
  for (int it = 0; it < boards; ++it) {
    three_ship_proto::three_ship_board b;
    b.W = 3 + static_cast<int>(rng() % 8);
    b.H = 3 + static_cast<int>(rng() % 8);
    const int T = 1 + static_cast<int>(rng() % 4);
    for (int t = 0; t < T; ++t) b.len.push_back(1 + static_cast<int>(rng() % std::min(5, std::max(b.W, b.H))));
    b.we.assign(static_cast<std::size_t>(T * b.H * b.W), 0);
    b.ws.assign(b.we.size(), 0);
    for (int t = 0; t < T; ++t)
      for (int y = 0; y < b.H; ++y)
        for (int x = 0; x < b.W; ++x) {
          const auto at = static_cast<std::size_t>((t * b.H + y) * b.W + x);
          const int L = b.len[static_cast<std::size_t>(t)];
          if (x + L <= b.W) b.we[at] = rng() % 4;
          if (L > 1 && y + L <= b.H) b.ws[at] = rng() % 4;
        }
    three_ship_proto::three_ship_prototype direct(b);
    three_ship_proto::three_ship_tables tables;
    tables.build(b);
    three_ship_proto::three_ship_rows rows;
    rows.build(b);
    for (int k = 0; k < 20; ++k) {
      const int r = static_cast<int>(rng() % static_cast<unsigned>(b.H));
      std::array<int, 16> s{};
      for (int x = 0; x < b.W; ++x) s[static_cast<std::size_t>(x)] = std::min(b.H, r + static_cast<int>(rng() % 6));
      std::array<std::size_t, 3> abc{};
      for (auto& v : abc) v = rng() % static_cast<unsigned>(T);
      std::sort(abc.begin(), abc.end());
      direct.clear();
      ++compared;
      // Every other skyline, the tables form's object first serves the
      // same state without S (as three_ship_rows.hpp's does), which must
      // not leave its covers short of what S reads.
      if (k % 2 == 1) (void)tables.without_s(r, s, abc[0], abc[1], abc[2], false);
      if (direct.completions(r, s, abc[0], abc[1], abc[2]) != tables.completions(r, s, abc[0], abc[1], abc[2]))
        ++tables_differ;
      // The rows form needs a step: each column open from its base (r + 1
      // behind the frontier column cf, r ahead) or lower.
      const int cf = static_cast<int>(rng() % static_cast<unsigned>(b.W));
      for (int x = 0; x < cf; ++x)
        s[static_cast<std::size_t>(x)] = std::max(s[static_cast<std::size_t>(x)], std::min(b.H, r + 1));
      direct.clear();
      if (direct.completions(r, s, abc[0], abc[1], abc[2]) != rows.completions(r, cf, s, abc[0], abc[1], abc[2]))
        ++rows_differ;
    }
  }
  std::printf("random skylines, of %d each: the tables form differs on %d, the rows form on %d\n", compared,
              tables_differ, rows_differ);
  return tables_differ + rows_differ;
}

}  // namespace

int main() {
  return random_skylines(3000) + check<park_rules>("park") + check<datagenetics_rules>("datagenetics") != 0 ? 1 : 0;
}
