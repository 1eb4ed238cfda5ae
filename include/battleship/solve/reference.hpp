#pragma once
// reference_total_height: Audinot et al.'s Algorithm 2 as printed — try every
// unshot cell, recurse on each outcome, keep the least total height — over
// labelled layouts, memoised on (layouts left, shots fired) and nothing else:
// no bounds, no symmetry, no shortcut. Exponential; the ground truth that
// solve_optimal is tested against on tiny grids, and the baseline in
// benchmarks.
//
// Its total is over labelled layouts (every ship distinct, every layout one
// leaf), so compare averages: reference.total / reference.layouts ==
// solve_optimal(...).average().

#include <cstdint>
#include <map>
#include <stdexcept>
#include <utility>
#include <vector>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/recursive_enumerator.hpp>

namespace battleship {

struct reference_result {
  std::uint64_t total_height = 0;
  std::uint64_t layouts = 0;  // labelled layouts
};

namespace detail::solve {
class plain_algorithm2 {
 public:
  plain_algorithm2(std::vector<std::vector<std::uint64_t>> layouts, int cells, bool sunk)
      : layouts_(std::move(layouts)), cells_(cells), sunk_(sunk) {}

  std::uint64_t total(const std::vector<int>& left, std::uint64_t shots) {
    if ((occupied(left[0]) & ~shots) == 0) return 0;  // every layout left agrees on the hits: sunk
    const auto key = std::make_pair(left, shots);
    if (const auto it = memo_.find(key); it != memo_.end()) return it->second;
    std::uint64_t best = ~std::uint64_t{0};
    for (int c = 0; c < cells_; ++c) {
      if ((shots >> c) & 1U) continue;
      std::map<int, std::vector<int>> parts;  // outcome -> layouts
      for (int l : left) parts[outcome(l, c, shots)].push_back(l);
      std::uint64_t v = left.size();
      for (const auto& part : parts) v += total(part.second, shots | (std::uint64_t{1} << c));
      if (v < best) best = v;
    }
    memo_.emplace(key, best);
    return best;
  }

 private:
  [[nodiscard]] std::uint64_t occupied(int l) const {
    std::uint64_t m = 0;
    for (auto s : layouts_[static_cast<std::size_t>(l)]) m |= s;
    return m;
  }
  // 0 miss, 1 hit, 2 + k: ship k sunk.
  [[nodiscard]] int outcome(int l, int c, std::uint64_t shots) const {
    const auto& ships = layouts_[static_cast<std::size_t>(l)];
    const std::uint64_t after = shots | (std::uint64_t{1} << c);
    for (std::size_t k = 0; k < ships.size(); ++k)
      if ((ships[k] >> c) & 1U) return sunk_ && (ships[k] & ~after) == 0 ? 2 + static_cast<int>(k) : 1;
    return 0;
  }
  std::vector<std::vector<std::uint64_t>> layouts_;
  int cells_;
  bool sunk_;
  std::map<std::pair<std::vector<int>, std::uint64_t>, std::uint64_t> memo_;
};
}  // namespace detail::solve

template <Ruleset R>
[[nodiscard]] reference_result reference_total_height(const R& rules, const observation<typename R::board_type>& obs) {
  const int cells = rules.geometry().cell_count();
  if (cells > 64) throw std::invalid_argument("reference_total_height: at most 64 cells");
  std::vector<std::vector<std::uint64_t>> layouts;
  for_each_layout(rules, obs, [&](const auto& l) {
    std::vector<std::uint64_t> ships;
    for (int i = 0; i < l.size; ++i) {
      std::uint64_t m = 0;
      l.ships[static_cast<std::size_t>(i)]->mask.for_each([&](std::size_t c) { m |= std::uint64_t{1} << c; });
      ships.push_back(m);
    }
    layouts.push_back(std::move(ships));
  });
  if (layouts.empty()) throw no_layout_agrees(obs);
  std::uint64_t shots = 0;
  obs.shots().for_each([&](std::size_t c) { shots |= std::uint64_t{1} << c; });
  std::vector<int> all;
  for (int i = 0; i < static_cast<int>(layouts.size()); ++i) all.push_back(i);
  detail::solve::plain_algorithm2 solver(std::move(layouts), cells, rules.announces_sunk());
  return {solver.total(all, shots), static_cast<std::uint64_t>(all.size())};
}

template <Ruleset R>
[[nodiscard]] reference_result reference_total_height(const R& rules) {
  return reference_total_height(rules, observation<typename R::board_type>(rules));
}

}  // namespace battleship
