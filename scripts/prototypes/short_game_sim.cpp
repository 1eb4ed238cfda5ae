// A measurement prototype, not part of the library and not built by CMake:
// the per-ship density strategy (hit weight 32, ties to the lowest cell) on
// DataGenetics' rules against uniformly drawn layouts, each game abandoned at
// its third miss, so that many more games fit in the time than `simulate`
// plays; counts the games of 17, 18 and 19 shots and prints the exact
// expectations beside them (`battleship short-games --strategy
// per-ship-density --preset datagenetics --max-misses 2`: 11,436, 118,850
// and 609,786 of 30,093,975,536 layouts). docs/results/40-simulation.md,
// "Perfect and near-perfect games, exactly".
//
//   g++ -std=c++20 -O3 -DNDEBUG -Iinclude scripts/prototypes/short_game_sim.cpp -o /tmp/short_game_sim -pthread
//   /tmp/short_game_sim 600 2026     # seconds to run on two threads, seed
#include <atomic>
#include <battleship/solver.hpp>
#include <chrono>
#include <cstdio>
#include <thread>
using namespace battleship;
using R = datagenetics_rules;
int main(int argc, char** argv) {
  const double budget = argc > 1 ? std::atof(argv[1]) : 60;
  const std::uint64_t base = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 12345;
  const R rules;
  std::atomic<std::uint64_t> total{0}, c17{0}, c18{0}, c19{0};
  auto t0 = std::chrono::steady_clock::now();
  auto body = [&](int t) {
    splitmix_rng rng(derive_seed(base, static_cast<std::uint64_t>(t)));
    const uniform_layout_sampler<R> sampler(rules);
    density_greedy player(rules, per_ship_density<R>(rules));
    std::uint64_t n = 0, a = 0, b = 0, c = 0;
    while (true) {
      if ((n & 4095) == 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count() > budget)
        break;
      ++n;
      game<R> g(rules, sampler(rng));
      start_new_game(player);
      int misses = 0;
      while (!g.over() && misses < 3) {
        const int cell = player.next_shot(g.seen());
        const auto r = g.shoot(cell);
        if (!r.is_hit()) ++misses;
      }
      if (g.over()) {
        const int s = g.shots_fired();
        if (s == 17)
          ++a;
        else if (s == 18)
          ++b;
        else if (s == 19)
          ++c;
      }
    }
    total += n;
    c17 += a;
    c18 += b;
    c19 += c;
  };
  std::thread other(body, 1);
  body(0);
  other.join();
  const double N = double(total.load());
  std::printf("games %llu  17: %llu (exp %.2f)  18: %llu (exp %.2f)  19: %llu (exp %.2f)\n",
              (unsigned long long)total.load(), (unsigned long long)c17.load(), N * 11436 / 30093975536.0,
              (unsigned long long)c18.load(), N * 118850 / 30093975536.0, (unsigned long long)c19.load(),
              N * 609786 / 30093975536.0);
}
