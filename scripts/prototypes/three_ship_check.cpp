// A measurement prototype, not part of the library and not built by CMake:
// three_ship.patch's closed form for states with three ships left checked
// against the library's scan (the same counts on the benchmark's 32 games
// after 10 shots and on the empty board, Park's and DataGenetics' rules),
// and timed beside it (docs/results/30-exact-counting.md, session 37).
//
//   rm -rf /tmp/three && mkdir -p /tmp/three && cp -r include /tmp/three/
//   cp scripts/prototypes/three_ship.hpp /tmp/three/include/battleship/count/detail/three_ship_proto.hpp
//   (cd /tmp/three && patch -p1 < "$OLDPWD/scripts/prototypes/three_ship.patch")
//   g++ -std=c++20 -O3 -DNDEBUG -I/tmp/three/include -I. scripts/prototypes/three_ship_check.cpp -o /tmp/three_check
//   /tmp/three_check
//   g++ -std=c++20 -O3 -DNDEBUG -I/tmp/three/include scripts/prototypes/count_loop.cpp -o /tmp/three_loop
//   cg="valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null"
//   $cg /tmp/three_loop 1 shots-park count              # the library
//   THREE=1 $cg /tmp/three_loop 1 shots-park count      # the closed form
//   THREE=free $cg /tmp/three_loop 1 shots-park         # the floor: such states dropped (wrong results)

#include <chrono>
#include <cstdio>
#include <cstdlib>

#include <battleship/count/exact_counter.hpp>
#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

template <class R>
int check(const char* name) {
  const R rules{};
  exact_counter<R> counter{rules};
  auto boards = prototypes::boards(rules, true);
  boards.push_back(prototypes::boards(rules, false)[0]);
  int differ = 0;
  double scan_ms = 0, closed_ms = 0;
  detail::g_three_states = detail::g_three_lanes = 0;
  for (std::size_t g = 0; g < boards.size(); ++g) {
    unsetenv("THREE");
    const auto t0 = std::chrono::steady_clock::now();
    const auto scan = counter.count(boards[g], false);
    const auto t1 = std::chrono::steady_clock::now();
    setenv("THREE", "1", 1);
    const auto closed = counter.count(boards[g], false);
    const auto t2 = std::chrono::steady_clock::now();
    unsetenv("THREE");
    scan_ms += std::chrono::duration<double, std::milli>(t1 - t0).count();
    closed_ms += std::chrono::duration<double, std::milli>(t2 - t1).count();
    if (scan.labelled != closed.labelled) {
      ++differ;
      std::printf("%s, board %zu: scan %s, closed form %s\n", name, g, to_string(scan.labelled).c_str(),
                  to_string(closed.labelled).c_str());
    }
  }
  std::printf(
      "%s: %d of %zu boards differ; count alone %.1f ms (scan) against %.1f ms (closed form); %llu states, "
      "%llu lanes absorbed\n",
      name, differ, boards.size(), scan_ms, closed_ms, detail::g_three_states, detail::g_three_lanes);
  return differ;
}

}  // namespace

int main() { return check<park_rules>("park") + check<datagenetics_rules>("datagenetics") != 0 ? 1 : 0; }
