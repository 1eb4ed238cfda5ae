// A measurement prototype, not part of the library and not built by CMake:
// how much the exact counter's time after 10 random shots depends on the
// scan orientation it picks (detail::choose_scan_orientation), against an
// oracle that times all eight orientations of each game and keeps the
// fastest (docs/results/30-exact-counting.md, "Session 12"). Each game's
// matrix (forward + backward, as exact_counter::count) is timed best of 3 in
// every orientation, and the counts are checked equal across orientations.
// It uses the library's headers as they are:
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude scripts/prototypes/orientation_oracle.cpp -o /tmp/orientation_oracle
//   /tmp/orientation_oracle
//
// With `--dump N` it prints instead, for the first N games (Park's,
// Audinot's and no edge's rules; `--dump N contact`: the last two only), one
// line per game and orientation: rule, game, orientation, whether the
// counter chooses it, the time (best of 2), `K` and the states the pass
// kept (kept_states(): every layer's, a measure of its work that the host's
// noise does not move; session 42), and the scan positions of the hits and
// of the misses; orientation_fit.py reads that to compare cost estimates
// (the benchmark's games are the first 32), orientation_states.py to
// compare the choice with the best by kept states:
//
//   /tmp/orientation_oracle --dump 160 > /tmp/orientation.txt
//   python3 scripts/prototypes/orientation_fit.py /tmp/orientation.txt
//
// `--one RULE GAME O` (RULE park, audinot or no-edge) makes the first GAME + 1
// games and computes game GAME's matrix once in orientation O, on a fresh
// programme, or nothing when O is -1: under cachegrind the difference is
// that call's instructions (orientation_instructions.sh).

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <stdexcept>
#include <string>
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

double mean(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s / static_cast<double>(v.size());
}

// One matrix in orientation o: the forward and backward passes, as the
// counter runs them, on one reused programme.
template <class R>
count_type matrix_in(detail::profile_dp<std::uint64_t>& dp, const R& rules,
                     const observation<typename R::board_type>& obs, detail::scan_orientation o) {
  dp.reset(detail::make_profile_problem(rules, obs, unit_weight{}, o));
  const count_type types = dp.forward(detail::keep_tables::for_occupancy);
  if (types != 0) {
    std::vector<count_type> scanned;
    dp.backward(&scanned);
  }
  return types;
}

template <class R>
void one(const char* name, int game, int o) {
  const R rules{};
  const auto games = shot_observations(rules, 10, game + 1);
  if (o < 0) return;
  const auto& obs = games.at(static_cast<std::size_t>(game));
  const detail::scan_orientation so{(o & 4) != 0, (o & 1) != 0, (o & 2) != 0};
  detail::profile_dp<std::uint64_t> dp;  // fresh: its one reset() is matrix_in's
  const count_type types = matrix_in(dp, rules, obs, so);
  std::printf("%s game %d orientation %d: %s layouts (types), %zu states kept\n", name, game, o,
              to_string(types).c_str(), dp.kept_states());
}

template <class R>
void oracle(const char* name) {
  const R rules{};
  const auto games = shot_observations(rules, 10, 32);
  const auto g = rules.geometry();
  detail::profile_dp<std::uint64_t> dp(detail::make_profile_problem(rules, games[0], unit_weight{}));
  std::vector<double> chosen_ms, best_of_8_ms, worst_of_8_ms;
  std::map<int, std::vector<double>> ratio_by_hits;
  int chosen_was_best = 0;
  for (const auto& obs : games) {
    const detail::scan_orientation chosen =
        detail::choose_scan_orientation(g.width(), g.height(), obs.hits(), obs.misses(), rules.contact());
    double best = 1e300, worst = 0, at_chosen = 0;
    count_type first = 0;
    for (int o = 0; o < 8; ++o) {
      const detail::scan_orientation so{(o & 4) != 0, (o & 1) != 0, (o & 2) != 0};
      count_type types = 0;
      const double ms = best_ms(3, [&] { types = matrix_in(dp, rules, obs, so); });
      if (o == 0) first = types;
      if (types != first) throw std::logic_error("orientations disagree");
      best = std::min(best, ms);
      worst = std::max(worst, ms);
      if (so == chosen) at_chosen = ms;
    }
    chosen_ms.push_back(at_chosen);
    best_of_8_ms.push_back(best);
    worst_of_8_ms.push_back(worst);
    if (at_chosen <= best * 1.05) ++chosen_was_best;
    ratio_by_hits[std::min(3, static_cast<int>(obs.hits().count()))].push_back(at_chosen / best);
  }
  std::printf(
      "%s: median / mean ms over 32 games: chosen %.2f / %.2f, best of 8 %.2f / %.2f, worst of 8 %.2f / %.2f;"
      " chosen within 5 %% of the best in %d games\n",
      name, median(chosen_ms), mean(chosen_ms), median(best_of_8_ms), mean(best_of_8_ms), median(worst_of_8_ms),
      mean(worst_of_8_ms), chosen_was_best);
  for (const auto& [hits, r] : ratio_by_hits)
    std::printf("  %s%d hits: %2zu games, chosen / best median %.2f, max %.2f\n", hits == 3 ? ">= " : "", hits,
                r.size(), median(r), *std::max_element(r.begin(), r.end()));
}

template <class R>
void dump(const char* name, int game_count) {
  const R rules{};
  const auto games = shot_observations(rules, 10, game_count);
  const auto g = rules.geometry();
  detail::profile_dp<std::uint64_t> dp(detail::make_profile_problem(rules, games[0], unit_weight{}));
  for (std::size_t k = 0; k < games.size(); ++k) {
    const auto& obs = games[k];
    const detail::scan_orientation chosen =
        detail::choose_scan_orientation(g.width(), g.height(), obs.hits(), obs.misses(), rules.contact());
    for (int o = 0; o < 8; ++o) {
      const detail::scan_orientation so{(o & 4) != 0, (o & 1) != 0, (o & 2) != 0};
      const double ms = best_ms(2, [&] { (void)matrix_in(dp, rules, obs, so); });
      std::printf("%s %zu %d %d %.3f K %zu", name, k, o, so == chosen ? 1 : 0, ms, dp.kept_states());
      // The scan positions, in the programme's own problem (the last one timed).
      auto print_scanned = [&](const char* tag, const auto& cells) {
        std::printf(" %s", tag);
        for (int cell = 0; cell < g.cell_count(); ++cell)
          if (cells.test(static_cast<std::size_t>(cell)))
            std::printf(" %d", dp.problem().scanned_cell(g.row_of(cell), g.col_of(cell)));
      };
      print_scanned("H", obs.hits());
      print_scanned("M", obs.misses());
      std::printf("\n");
    }
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if ((argc == 3 || (argc == 4 && std::string(argv[3]) == "contact")) && std::string(argv[1]) == "--dump") {
    const int games = std::stoi(argv[2]);
    if (argc == 3) dump<park_rules>("park", games);
    dump<audinot_rules>("audinot", games);
    dump<no_edge_rules>("no-edge", games);
    return 0;
  }
  if (argc == 5 && std::string(argv[1]) == "--one") {
    const std::string rule = argv[2];
    const int game = std::stoi(argv[3]), o = std::stoi(argv[4]);
    if (rule == "park") return one<park_rules>("park", game, o), 0;
    if (rule == "audinot") return one<audinot_rules>("audinot", game, o), 0;
    if (rule == "no-edge") return one<no_edge_rules>("no-edge", game, o), 0;
  }
  if (argc != 1) {
    std::fprintf(stderr, "orientation_oracle [--dump N [contact] | --one park|audinot|no-edge GAME O]\n");
    return 2;
  }
  oracle<park_rules>("Park");
  oracle<datagenetics_rules>("DataGenetics");
  oracle<audinot_rules>("Audinot");
  oracle<no_edge_rules>("no edge");
}
