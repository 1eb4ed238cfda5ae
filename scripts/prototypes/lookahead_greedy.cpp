// A measurement prototype, not part of the library and not built by CMake:
// does looking one shot ahead beat the exact-posterior greedy player
// (docs/results/41-exact-greedy.md, "Looking one shot ahead")?
//
// The two-step player shoots the cell c that maximises the expected number of
// hits in two shots, greedy on the second: P(hit c) + sum over the outcomes o
// of shooting c of P(o) * max over d of P(d | o). In counts: occ[c] plus, per
// outcome, the largest occupancy after it. One pass with c a hit gives the
// hit outcome (and one per ship that c could sink, under sunk feedback); the
// miss outcome's occupancies are the rest, by subtraction. Only the `k`
// likeliest cells are candidates; a certain hit is shot at once.
//
//   g++ -std=c++20 -O2 -Iinclude scripts/prototypes/lookahead_greedy.cpp -o /tmp/lookahead -pthread
//   /tmp/lookahead small          exact means over every layout of small boards
//   /tmp/lookahead park 200 8     paired games on Park's board (200 games, 8 candidates)
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include <battleship/solver.hpp>

using namespace battleship;

template <Ruleset R>
class two_step_greedy {
 public:
  using board_type = typename R::board_type;
  two_step_greedy(const R& rules, int candidates) : rules_(rules), counter_(rules), candidates_(candidates) {}

  int next_shot(const observation<board_type>& seen) {
    const count_result now = counter_.count(seen, true);
    const int n = static_cast<int>(now.occupancy.size());
    std::vector<int> open;
    for (int c = 0; c < n; ++c)
      if (!seen.shots().test(static_cast<std::size_t>(c))) open.push_back(c);
    std::stable_sort(open.begin(), open.end(), [&](int a, int b) { return occ(now, a) > occ(now, b); });
    if (occ(now, open.front()) == now.labelled) return open.front();
    if (static_cast<int>(open.size()) > candidates_) open.resize(static_cast<std::size_t>(candidates_));
    int best = open.front();
    count_type best_score = 0;
    for (int c : open) {
      std::vector<count_type> missed = now.occupancy;
      count_type score = occ(now, c);
      const auto outcome = [&](shot_result r) {
        observation<board_type> next = seen;
        next.record(c, r);
        const count_result after = counter_.count(next, true);
        if (after.labelled == 0) return;
        for (int d = 0; d < n; ++d) missed[static_cast<std::size_t>(d)] -= occ(after, d);
        score += largest(after.occupancy, seen, c);
      };
      outcome(shot_result::hit());
      if (rules_.announces_sunk())
        for (int i = 0; i < rules_.ship_count(); ++i)
          if (!seen.is_sunk(i)) outcome(shot_result::sunk(i));
      score += largest(missed, seen, c);
      if (score > best_score) {
        best = c;
        best_score = score;
      }
    }
    return best;
  }

 private:
  static count_type occ(const count_result& r, int c) { return r.occupancy[static_cast<std::size_t>(c)]; }
  static count_type largest(const std::vector<count_type>& v, const observation<board_type>& seen, int shot) {
    count_type m = 0;
    for (int d = 0; d < static_cast<int>(v.size()); ++d)
      if (d != shot && !seen.shots().test(static_cast<std::size_t>(d))) m = std::max(m, v[static_cast<std::size_t>(d)]);
    return m;
  }
  R rules_;
  exact_counter<R> counter_;
  int candidates_;
};

template <Ruleset R>
void small_board(const char* name) {
  const R rules;
  exhaustive_options o;
  o.threads = 1;
  const auto greedy = evaluate_by_playing(rules, density_greedy(rules, exact_density(rules)), o);
  const auto ahead = evaluate_by_playing(rules, two_step_greedy<R>(rules, 1000), o);
  std::printf("%-44s greedy %.4f  two-step %.4f\n", name, greedy.mean(), ahead.mean());
}

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "small";
  if (mode == "small") {
    small_board<ruleset<grid<4, 5>, fleet<2, 3, 4>, no_contact, hit_miss>>("4x5 2,3,4 no contact (optimum 11.295)");
    small_board<ruleset<grid<5, 5>, fleet<2, 3, 4>, no_contact, hit_miss>>("5x5 2,3,4 no contact (optimum 13.059)");
    small_board<ruleset<grid<5, 5>, fleet<2, 2, 3>, no_contact, hit_miss>>("5x5 2,2,3 no contact (optimum 12.942)");
    small_board<ruleset<grid<4, 6>, fleet<2, 3, 4>, no_contact, hit_miss>>("4x6 2,3,4 no contact (optimum 12.858)");
    small_board<ruleset<grid<4, 5>, fleet<2, 3>, touching_allowed, hit_miss>>("4x5 2,3 touching (optimum 10.473)");
    small_board<ruleset<grid<4, 5>, fleet<2, 3>, no_contact, hit_miss_sunk>>(
        "4x5 2,3 no contact, sunk (optimum 9.285)");
    small_board<ruleset<grid<4, 5>, fleet<3, 3>, no_contact, hit_miss_sunk>>(
        "4x5 3,3 no contact, sunk (optimum 8.881)");
    return 0;
  }
  const int games = argc > 2 ? std::atoi(argv[2]) : 200, k = argc > 3 ? std::atoi(argv[3]) : 8;
  const park_rules rules;
  const uniform_defense<park_rules> defense(rules);
  std::vector<int> greedy(static_cast<std::size_t>(games)), ahead(static_cast<std::size_t>(games));
  std::atomic<int> next{0};
  const auto work = [&] {
    density_greedy g(rules, exact_density(rules));
    two_step_greedy<park_rules> t(rules, k);
    for (int i; (i = next++) < games;) {
      greedy[static_cast<std::size_t>(i)] = simulate_one(rules, g, defense, 7, i);
      ahead[static_cast<std::size_t>(i)] = simulate_one(rules, t, defense, 7, i);
    }
  };
  std::thread helper(work);
  work();
  helper.join();
  double sg = 0, sa = 0, sd = 0, sdd = 0;
  for (int i = 0; i < games; ++i) {
    const double d = ahead[static_cast<std::size_t>(i)] - greedy[static_cast<std::size_t>(i)];
    sg += greedy[static_cast<std::size_t>(i)];
    sa += ahead[static_cast<std::size_t>(i)];
    sd += d;
    sdd += d * d;
  }
  const double mean_d = sd / games;
  std::printf("%d games, %d candidates: greedy %.3f, two-step %.3f, difference %.3f (standard error %.3f)\n", games, k,
              sg / games, sa / games, mean_d, std::sqrt((sdd / games - mean_d * mean_d) / games));
}
