// A measurement prototype, not part of the library and not built by CMake:
// where the exact counter's time goes on the benchmark's 32 games after 10
// random shots, and what a closed form for states with two ships left gains
// (docs/results/30-exact-counting.md, "Session 10"). It needs the library's
// headers with scripts/prototypes/two_ships.patch applied, which
// - counts the states pushed into the layers by ships left (g_hist);
// - g_fake2 = 1 absorbs every state with two ships left as if it had one
//   completion, 2 only those with no hit ahead (wrong counts, right time:
//   the floor a closed form for two ships would start from);
// - g_fake2 = 3 absorbs those with no hit ahead under the touching rule with
//   their completions in closed form (two_ship.hpp, exact counts), and
//   g_debug2 checks each of them against a brute-force pair count.
//
//   rm -rf /tmp/two_ships && mkdir /tmp/two_ships && cp -r include /tmp/two_ships/
//   (cd /tmp/two_ships && patch -p1 < "$OLDPWD/scripts/prototypes/two_ships.patch")
//   g++ -std=c++20 -O2 -DNDEBUG -I/tmp/two_ships/include scripts/prototypes/after_shots_profile.cpp -o
//   /tmp/after_shots_profile /tmp/after_shots_profile
//
// The patch applies to the headers of the commit that added it.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <vector>

#include <battleship/solver.hpp>

#include "../../benchmarks/shot_games.hpp"
#include "measure.hpp"

using namespace battleship;
using bench::no_edge_rules;
using bench::shot_observations;
using prototypes::best_ms;
using prototypes::median;

namespace {

template <class R>
void profile(const char* name) {
  const auto games = shot_observations(R{}, 10, 32);
  exact_counter<R> counter{R{}};
  std::map<int, std::vector<double>> ms_by_hits, kept_by_hits;
  std::vector<double> share(6, 0.0);
  for (const auto& obs : games) {
    detail::g_fake2 = 0;
    const double ms = best_ms(3, [&] { (void)counter.count(obs, true); });
    const int hits = std::min(3, static_cast<int>(obs.hits().count()));
    ms_by_hits[hits].push_back(ms);
    kept_by_hits[hits].push_back(static_cast<double>(counter.kept_states()));
    std::fill(std::begin(detail::g_hist), std::end(detail::g_hist), 0);
    (void)counter.count(obs, false);
    double total = 0;
    for (auto h : detail::g_hist) total += static_cast<double>(h);
    for (std::size_t left = 1; left < share.size(); ++left)
      share[left] += static_cast<double>(detail::g_hist[left]) / total / static_cast<double>(games.size());
  }
  for (const auto& [hits, ms] : ms_by_hits)
    std::printf("%s, %s%d hits: %2zu games, matrix median %.1f ms (%.1f-%.1f), states kept median %.0f k\n", name,
                hits == 3 ? ">= " : "", hits, ms.size(), median(ms), *std::min_element(ms.begin(), ms.end()),
                *std::max_element(ms.begin(), ms.end()), median(kept_by_hits[hits]) / 1000);
  std::printf("%s, states pushed by ships left (mean share over the games):", name);
  for (std::size_t left = 1; left < share.size(); ++left) std::printf(" %zu: %.1f %%", left, 100 * share[left]);
  std::printf("\n");
  for (int fake = 0; fake < 3; ++fake) {
    detail::g_fake2 = fake;
    std::vector<double> ms, evals;
    for (const auto& obs : games) {
      detail::g_evals = 0;
      ms.push_back(best_ms(3, [&] { (void)counter.count(obs, false); }));
      evals.push_back(static_cast<double>(detail::g_evals) / 3);
    }
    std::printf("%s, count only, two-ship states %s: median %.2f ms, %.0f k absorbed per call (median)\n", name,
                fake == 0   ? "kept"
                : fake == 1 ? "absorbed (fake)"
                            : "absorbed past the last hit (fake)",
                median(ms), median(evals) / 1000);
  }
  detail::g_fake2 = 0;
}

// The closed form under the touching rule: exact counts (every absorbed
// state checked against brute force on the first pass), then the mean time
// per call against the states kept and the floor, in alternating rounds.
template <class R>
void closed_form(const char* name) {
  auto games = shot_observations(R{}, 10, 32);
  games.push_back(observation<typename R::board_type>{R{}});
  exact_counter<R> counter{R{}};
  std::size_t wrong = 0, evaluations = 0;
  detail::g_bad2 = 0;
  for (const auto& obs : games) {
    detail::g_fake2 = 0;
    const auto kept = counter.count(obs, false);
    detail::g_fake2 = 3;
    detail::g_debug2 = true;
    detail::g_evals = 0;
    const auto closed = counter.count(obs, false);
    detail::g_debug2 = false;
    evaluations += detail::g_evals;
    wrong += kept.labelled != closed.labelled ? 1 : 0;
  }
  games.pop_back();
  std::printf("%s, closed form for two ships: %zu states absorbed, %zu differ from brute force, %zu wrong counts\n",
              name, evaluations, detail::g_bad2, wrong);
  double total[4] = {0, 0, 0, 0};
  std::size_t absorbed = 0;
  for (int round = 0; round < 3; ++round)
    for (int mode : {0, 2, 3}) {
      detail::g_fake2 = mode;
      detail::g_evals = 0;
      const auto t0 = std::chrono::steady_clock::now();
      for (const auto& obs : games) (void)counter.count(obs, false);
      total[mode] += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (mode == 3) absorbed += detail::g_evals;
    }
  const double calls = 3.0 * static_cast<double>(games.size());
  std::printf(
      "%s, count only, mean per call: states kept %.2f ms, absorbed past the last hit (fake) %.2f ms, "
      "in closed form %.2f ms (%.0f k absorbed per call, %.0f ns each over the floor)\n",
      name, total[0] / calls, total[2] / calls, total[3] / calls, static_cast<double>(absorbed) / calls / 1000,
      (total[3] - total[2]) / static_cast<double>(absorbed) * 1e6);
  detail::g_fake2 = 0;
}

}  // namespace

int main() {
  profile<park_rules>("Park");
  profile<datagenetics_rules>("DataGenetics");
  profile<audinot_rules>("Audinot");
  profile<no_edge_rules>("no edge");
  closed_form<park_rules>("Park");
  closed_form<datagenetics_rules>("DataGenetics");
}
