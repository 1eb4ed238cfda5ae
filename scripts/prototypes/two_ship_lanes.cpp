// A measurement prototype, not part of the library and not built by CMake:
// a closed form for the states with two ships left, with the occupancy by
// reverse mode, in the lanes' forward pass (docs/results/30-exact-counting.md,
// "Session 23"). It needs the library's headers with two_ship_lanes.patch
// applied, which adds detail/two_ship.hpp and a switch, g_two_mode, in
// step_lanes (0: the library; 1: the closed form; 2 and 3: floors with
// wrong results; see the patch's profile_dp.hpp).
//
// Mode 1 is now the library's own (count/detail/two_ship.hpp, session 25,
// 48168d7), so the patch applies only to the headers of 85ba1de and
// before: check out those headers to run it.
//
//   rm -rf /tmp/two_ship && mkdir /tmp/two_ship && cp -r include /tmp/two_ship/
//   (cd /tmp/two_ship && patch -p1 < "$OLDPWD/scripts/prototypes/two_ship_lanes.patch")
//   g++ -std=c++20 -O3 -DNDEBUG -I/tmp/two_ship/include scripts/prototypes/two_ship_lanes.cpp -o /tmp/two_ship_run
//   /tmp/two_ship_run check 3000      # mode 1 against brute force, and against the library on larger boards
//   taskset -c 1 /tmp/two_ship_run time empty 20 matrix 0 1    # modes' calls interleaved, best and median
//   taskset -c 1 /tmp/two_ship_run time shots 3 matrix 0 1
//   valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null /tmp/two_ship_run once empty matrix 1
//
// The patch applies to the headers of the commit that added it.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

#include <battleship/count/exact_sampler.hpp>
#include <battleship/solver.hpp>

#include "measure.hpp"

using namespace battleship;

namespace {

bool same(const count_result& x, const count_result& y) {
  return x.labelled == y.labelled && x.unlabelled == y.unlabelled && x.occupancy == y.occupancy;
}

// One call in mode 1 against the same call in mode 0: adds to `wrong` if
// they differ, to `calls` if mode 1 took the closed form.
template <class R>
void compare_with_library(exact_counter<R>& counter, const observation<typename R::board_type>& obs, bool matrix,
                          int& wrong, int& calls) {
  detail::g_two_mode = 0;
  const count_result library = counter.count(obs, matrix);
  detail::g_two_mode = 1;
  const long before = detail::g_two_evals;
  try {
    wrong += same(library, counter.count(obs, matrix)) ? 0 : 1;
  } catch (const std::logic_error&) {  // the library's own checks (a matrix's mirror symmetry)
    ++wrong;
  }
  calls += detail::g_two_evals > before ? 1 : 0;
}

// Mode 1 against the library (mode 0) on the empty Park board and the
// benchmark's 32 games, count and matrix.
int check_park_boards() {
  const park_rules rules{};
  exact_counter<park_rules> counter{rules};
  int wrong = 0, calls = 0;
  for (const bool after_shots : {false, true})
    for (const auto& board : prototypes::boards(rules, after_shots))
      for (const bool matrix : {false, true}) compare_with_library(counter, board, matrix, wrong, calls);
  std::printf("Park boards (empty and 32 games, count and matrix): %d of 66 calls took the closed form, %d differ\n",
              calls, wrong);
  return wrong;
}

// Mode 1 against the brute-force enumerator on random small instances:
// touching, hit/miss (the lanes' pass), 2-5 ships with repeated lengths,
// 3..8 x 3..8, empty boards, misses only, and games against a random layout.
int check_random(int instances) {
  std::mt19937_64 rng(20261126);
  auto below = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  int wrong = 0, calls = 0, done = 0, with_shots = 0;
  while (done < instances) {
    const int w = 3 + below(6), h = 3 + below(6);
    std::vector<int> lengths;
    const int ships = 2 + below(4);
    int total = 0;
    for (int i = 0; i < ships; ++i) {
      const int len = (i > 0 && below(3) == 0) ? lengths.back() : 1 + below(std::min(5, std::max(w, h)));
      if (total + len > w * h / 2) break;
      lengths.push_back(len);
      total += len;
    }
    if (lengths.size() < 2) continue;
    const auto rules = make_dynamic_rules(w, h, lengths, adjacency::touching, false);
    observation<dynamic_rules::board_type> obs(rules);
    std::vector<int> order(static_cast<std::size_t>(w * h));
    for (int c = 0; c < w * h; ++c) order[static_cast<std::size_t>(c)] = c;
    std::shuffle(order.begin(), order.end(), rng);
    const int kind = below(3);
    if (kind == 1) {
      game<dynamic_rules> g(rules, exact_sampler<dynamic_rules>(rules, obs)(rng));
      const int shots = below(w * h / 2 + 1);
      for (int k = 0; k < shots && !g.over(); ++k) g.shoot(order[static_cast<std::size_t>(k)]);
      obs = g.seen();
    } else if (kind == 2) {
      for (int k = below(6); k > 0; --k) obs.record_miss(order[static_cast<std::size_t>(k)]);
    }
    with_shots += obs.shot_count() > 0 ? 1 : 0;
    const count_result slow = enumerate_bitset(rules, obs, true);
    exact_counter<dynamic_rules> counter(rules);
    detail::g_two_mode = 1;
    for (const bool matrix : {false, true}) {
      const long before = detail::g_two_evals;
      bool ok = false;
      try {
        const count_result fast = counter.count(obs, matrix);
        ok = fast.labelled == slow.labelled && fast.unlabelled == slow.unlabelled &&
             (!matrix || fast.occupancy == slow.occupancy);
      } catch (const std::logic_error&) {
      }
      calls += detail::g_two_evals > before ? 1 : 0;
      if (!ok && ++wrong <= 5)
        std::printf("differs: %dx%d, %zu ships, %d shots\n", w, h, lengths.size(), obs.shot_count());
    }
    ++done;
  }
  std::printf("%d random instances (%d with shots), count and matrix: %d of %d calls took the closed form, %d differ\n",
              done, with_shots, calls, 2 * done, wrong);
  return wrong;
}

// Mode 1 against the library (mode 0) on random boards too large for brute
// force: 9..12 x 9..12 (the closed form's widest), 2-5 ships of 2..5 cells.
int check_wide(int instances) {
  std::mt19937_64 rng(20261127);
  auto below = [&](int n) { return static_cast<int>(rng() % static_cast<std::uint64_t>(n)); };
  int wrong = 0, calls = 0;
  for (int done = 0; done < instances; ++done) {
    const int w = 9 + below(4), h = 9 + below(4);
    std::vector<int> lengths;
    for (int i = 2 + below(4); i > 0; --i)
      lengths.push_back(!lengths.empty() && below(3) == 0 ? lengths.back() : 2 + below(4));
    const auto rules = make_dynamic_rules(w, h, lengths, adjacency::touching, false);
    observation<dynamic_rules::board_type> obs(rules);
    for (int k = below(12); k > 0; --k) {
      const int c = below(w * h);
      if (!obs.shots().test(static_cast<std::size_t>(c))) obs.record_miss(c);
    }
    exact_counter<dynamic_rules> counter(rules);
    for (const bool matrix : {false, true}) compare_with_library(counter, obs, matrix, wrong, calls);
  }
  std::printf("%d random boards 9..12 x 9..12, count and matrix: %d of %d calls took the closed form, %d differ\n",
              instances, calls, 2 * instances, wrong);
  return wrong;
}

// The modes' calls interleaved (one call of each in turn, on each board),
// so that the host's drift hits them alike: per mode the median over the
// boards of each board's fastest call, and (one board) the median call.
void time_modes(bool after_shots, int rounds, bool matrix, const std::vector<int>& modes) {
  const park_rules rules{};
  exact_counter<park_rules> counter{rules};
  const auto boards = prototypes::boards(rules, after_shots);
  std::vector<std::vector<double>> best(modes.size(), std::vector<double>(boards.size(), 1e300));
  std::vector<std::vector<double>> calls(modes.size());
  for (int round = 0; round < rounds; ++round)
    for (std::size_t b = 0; b < boards.size(); ++b)
      for (std::size_t k = 0; k < modes.size(); ++k) {
        detail::g_two_mode = modes[k];
        const double ms = prototypes::best_ms(1, [&] { (void)counter.count(boards[b], matrix); });
        best[k][b] = std::min(best[k][b], ms);
        calls[k].push_back(ms);
      }
  for (std::size_t k = 0; k < modes.size(); ++k)
    std::printf("mode %d, %s, %s: %.2f ms (median of the boards' fastest calls), %.2f ms (median call)\n", modes[k],
                after_shots ? "32 games" : "empty board", matrix ? "matrix" : "count", prototypes::median(best[k]),
                prototypes::median(calls[k]));
}

}  // namespace

int main(int argc, char** argv) {
  const std::string what = argc > 1 ? argv[1] : "check";
  if (what == "check") {
    const int instances = argc > 2 ? std::stoi(argv[2]) : 3000;
    const int wrong = check_park_boards() + check_random(instances) + check_wide(instances / 15);
    return wrong == 0 ? 0 : 1;
  }
  if (argc < 5) {
    std::fprintf(stderr,
                 "usage: %s check [instances] | time empty|shots ROUNDS matrix|count MODE... | once "
                 "empty|shots matrix|count MODE\n",
                 argv[0]);
    return 2;
  }
  const bool after_shots = std::string(argv[2]) == "shots";
  if (what == "once") {
    // One pass over the boards in one mode, for cachegrind.
    detail::g_two_mode = std::stoi(argv[4]);
    const park_rules rules{};
    exact_counter<park_rules> counter{rules};
    for (const auto& board : prototypes::boards(rules, after_shots)) try {
        (void)counter.count(board, std::string(argv[3]) == "matrix");
      } catch (const std::logic_error&) {
        // Mode 3's wrong matrices can fail the mirror check: only the work counts.
      }
    std::printf("successors taken: %ld, their lanes: %ld\n", detail::g_two_evals, detail::g_two_lanes);
    return 0;
  }
  std::vector<int> modes;
  for (int i = 5; i < argc; ++i) modes.push_back(std::stoi(argv[i]));
  time_modes(after_shots, std::stoi(argv[3]), std::string(argv[4]) == "matrix", modes);
  return 0;
}
