#pragma once
// Lower bounds on the optimal average number of shots, from the shape of the
// decision tree alone (Audinot et al. section 4.1 and a stronger variant).
//
// - complete_tree_bound: a binary tree with l leaves has total depth at least
//   that of the complete binary tree, l*k + 2*(l - 2^k) with 2^k <= l < 2^(k+1)
//   (equation (2): average k + (2l - 2^(k+1)) / l). For weighted leaves the
//   least weighted depth of any binary tree is Huffman's; for m outcomes per
//   shot (sunk feedback: miss, hit, or which ship sank) the m-ary analogue.
// - hits_aware_bound: a leaf of a hit/miss tree is reached by a string of
//   outcomes with exactly h hits (h = fleet cells still unhit), the last
//   being a hit, so at most C(t-1, h-1) leaves lie at depth t; fill the
//   shallowest slots (heaviest leaves first). Under sunk feedback each string
//   also places s sunk announcements among its hits (the last hit is one) and
//   names the ships: C(h-1, s-1) * s! times as many slots.
// lower_bounds(rules, obs) takes one leaf per set of cells the layouts cover,
// weighted by its layouts, and returns both bounds. Under hit/miss feedback
// those are the solver's leaves (solve/optimal.hpp). Under sunk feedback the
// solver's leaves also tell the ships apart (102 against 94 on 4x3 with
// ships 3,2); the bounds still hold, since the shallowest of a set's leaves
// obeys the same counting.

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <stdexcept>
#include <utility>
#include <vector>

#include <battleship/core/observation.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/count_result.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/count/recursive_enumerator.hpp>
#include <battleship/detail/byte_size.hpp>

namespace battleship {

struct tree_bound {
  count_type total = 0;   // least total (weighted) depth of the leaves
  count_type leaves = 0;  // total leaf weight (the denominator of the average)
  [[nodiscard]] constexpr double average() const noexcept { return leaves == 0 ? 0.0 : ratio(total, leaves); }
};

namespace detail {
inline constexpr count_type count_type_max = ~count_type{0};

// a * b, or count_type_max past 128 bits: as a number of slots at one
// depth, a saturated value is still more than any count of leaves (which
// fits in 128 bits), so the bounds built from it stay exact.
[[nodiscard]] constexpr count_type saturating_mul128(count_type a, count_type b) noexcept {
  count_type r = 0;
  return __builtin_mul_overflow(a, b, &r) ? count_type_max : r;
}

// C(n, k), saturated as saturating_mul128. Each step divides by gcd(r, i)
// first, so an intermediate product passes 128 bits only when the result does.
[[nodiscard]] constexpr count_type binomial128(int n, int k) noexcept {
  if (k < 0 || k > n) return 0;
  if (k > n - k) k = n - k;
  count_type r = 1;
  for (int i = 1; i <= k; ++i) {
    // C(n-k+i, i) = C(n-k+i-1, i-1) (n-k+i) / i, and i divides the product.
    auto g = static_cast<int>(r % static_cast<count_type>(i));
    for (int b = i; b != 0;) g = std::exchange(b, g % b);
    const auto factor = static_cast<count_type>((n - k + i) / (i / g));
    r = saturating_mul128(r / static_cast<count_type>(g), factor);
    if (r == count_type_max) return r;
  }
  return r;
}

// a * b + c for a bound's total depth, which must not wrap: a total past
// 128 bits would read as a bound far below the truth.
[[nodiscard]] constexpr count_type add_product_to_total(count_type c, count_type a, count_type b) {
  count_type product = 0;
  if (__builtin_mul_overflow(a, b, &product) || __builtin_add_overflow(c, product, &c))
    throw std::overflow_error("the lower bounds' total depth of the leaves passes 128 bits (too many layouts)");
  return c;
}
}  // namespace detail

// Complete m-ary tree (m = 2: equation (2) of Audinot et al.) with `leaves` unit leaves.
[[nodiscard]] constexpr tree_bound complete_tree_bound(count_type leaves, int arity = 2) {
  if (arity < 2) throw std::invalid_argument("a decision tree needs at least two outcomes per shot");
  if (leaves <= 1) return {0, leaves};
  const auto m = static_cast<count_type>(arity);
  count_type full = 1;  // m^k <= leaves < m^(k+1)
  count_type k = 0;
  while (full <= leaves / m) {
    full *= m;
    ++k;
  }
  // Expanding x leaves of depth k into up to m children each adds up to
  // (m - 1) leaves apiece; the rest stay at depth k.
  const count_type x = (leaves - full + (m - 2)) / (m - 1);
  return {detail::add_product_to_total(leaves - full + x, leaves, k), leaves};
}

// Weighted leaves: Huffman's optimum over m-ary trees (leaves with equal
// weights give complete_tree_bound back). The leaves sorted once, the merged
// nodes come out in order too, so two queues read front to back replace a
// heap: sequential memory for the millions of leaves of a touching-rule board.
[[nodiscard]] inline tree_bound huffman_bound(std::vector<count_type> weights, int arity = 2) {
  if (arity < 2) throw std::invalid_argument("a decision tree needs at least two outcomes per shot");
  tree_bound b;
  for (const auto w : weights) b.leaves += w;
  // Zero-weight padding so that every merge takes exactly m nodes.
  const auto m = static_cast<std::size_t>(arity);
  while (weights.size() > 1 && (weights.size() - 1) % (m - 1) != 0) weights.push_back(0);
  std::sort(weights.begin(), weights.end());
  std::vector<count_type> merged;
  merged.reserve(weights.size() / (m - 1) + 1);
  std::size_t leaf = 0, node = 0, left = weights.size();
  auto lightest = [&] {
    if (node < merged.size() && (leaf == weights.size() || merged[node] < weights[leaf])) return merged[node++];
    return weights[leaf++];
  };
  for (; left > 1; left -= m - 1) {
    count_type sum = 0;
    for (std::size_t i = 0; i < m; ++i) sum += lightest();
    b.total += sum;
    merged.push_back(sum);
  }
  return b;
}

// At most C(t-1, h-1) * mult leaves at depth t; `leaves` unit leaves.
[[nodiscard]] constexpr tree_bound hits_aware_bound(count_type leaves, int hits_left, count_type mult = 1) {
  if (mult == 0) throw std::invalid_argument("hits_aware_bound: no slot at any depth (mult is 0)");
  tree_bound b{0, leaves};
  if (hits_left <= 0 || leaves == 0) return b;
  count_type left = leaves;
  for (int t = hits_left; left > 0; ++t) {
    const count_type cap = detail::saturating_mul128(detail::binomial128(t - 1, hits_left - 1), mult);
    const count_type take = cap < left ? cap : left;
    b.total = detail::add_product_to_total(b.total, take, static_cast<count_type>(t));
    left -= take;
  }
  return b;
}

// The same with weighted leaves: the heaviest take the shallowest slots.
[[nodiscard]] inline tree_bound hits_aware_bound(std::vector<count_type> weights, int hits_left, count_type mult = 1) {
  if (mult == 0) throw std::invalid_argument("hits_aware_bound: no slot at any depth (mult is 0)");
  tree_bound b;
  std::sort(weights.begin(), weights.end(), std::greater<>());
  for (auto w : weights) b.leaves += w;
  if (hits_left <= 0) return b;
  std::size_t i = 0;
  for (int t = hits_left; i < weights.size(); ++t) {
    count_type cap = detail::saturating_mul128(detail::binomial128(t - 1, hits_left - 1), mult);
    for (; cap > 0 && i < weights.size(); --cap, ++i)
      b.total = detail::add_product_to_total(b.total, weights[i], static_cast<count_type>(t));
  }
  return b;
}

// Slots per depth multiplier for sunk feedback: C(h-1, s-1) * s!.
[[nodiscard]] constexpr count_type sunk_slot_multiplier(int hits_left, int ships_afloat) {
  count_type m = detail::binomial128(hits_left - 1, ships_afloat - 1);
  for (int i = 2; i <= ships_afloat; ++i) m = detail::saturating_mul128(m, static_cast<count_type>(i));
  return m;
}

struct game_bounds {
  count_type leaves = 0;   // distinct leaves (or leaf classes) of any decision tree
  count_type layouts = 0;  // the denominator (solver convention)
  bool weighted = false;   // leaves carry unequal weights (touching rules)
  tree_bound complete_tree;
  tree_bound hits_aware;
};

// The most layouts lower_bounds enumerates by default under the touching rule.
inline constexpr std::uint64_t lower_bounds_max_layouts = 50'000'000;

// The most memory lower_bounds takes by default (its counter's limit too).
inline constexpr std::size_t lower_bounds_memory_limit = detail::default_memory_limit;

namespace detail {
// What lower_bounds holds at its peak to enumerate `layouts` layouts of a
// board type of `board_bytes` bytes, erring high: every layout's cells, and
// while they are merged a buffer of up to half of them; then one weight per
// cell set (at most one per layout) beside them; then, the cells freed, the
// weights, Huffman's copy of them and its merged nodes.
[[nodiscard]] constexpr std::size_t bounds_enumeration_bytes(std::uint64_t layouts, std::size_t board_bytes) noexcept {
  const std::size_t weight = sizeof(count_type);
  const std::size_t per_layout = std::max({board_bytes + board_bytes / 2, board_bytes + weight, 3 * weight});
  const std::uint64_t most = ~std::size_t{0} / per_layout;
  return layouts > most ? ~std::size_t{0} : static_cast<std::size_t>(layouts) * per_layout;
}
}  // namespace detail

// Both bounds for the position `obs`, with the leaves counted as the exact
// solver counts them. No-contact and no-edge rules only need a count (any
// grid, e.g. 10x10); under the touching rule layouts sharing their cells are
// enumerated (small grids only: at most max_enumerated layouts).
// `interruption_check`, if set, is called after each step of the count (as
// exact_counter::set_interruption_check's), every 65,536 layouts enumerated
// and between the stages that follow: one that throws stops the bounds, and
// the exception reaches the caller. `memory_limit` bounds the count (as
// exact_counter::set_memory_limit) and what the enumeration holds (about
// 48 bytes a layout on grids of up to 256 cells, detail::bounds_enumeration_bytes),
// checked before it starts: past it, std::length_error.
template <Ruleset R>
[[nodiscard]] game_bounds lower_bounds(const R& rules, const observation<typename R::board_type>& obs,
                                       std::uint64_t max_enumerated = lower_bounds_max_layouts,
                                       const std::function<void()>& interruption_check = {},
                                       std::size_t memory_limit = lower_bounds_memory_limit) {
  exact_counter<R> counter(rules);
  counter.set_interruption_check(interruption_check);
  counter.set_memory_limit(memory_limit);
  game_bounds g;
  const int hits_left = total_ship_cells(rules.fleet) - obs.hits().count();
  int afloat = 0;
  for (int i = 0; i < rules.ship_count(); ++i) afloat += obs.is_sunk(i) ? 0 : 1;
  const bool sunk = rules.announces_sunk();
  const count_type mult = sunk ? sunk_slot_multiplier(hits_left, afloat) : 1;
  const int arity = sunk ? 2 + afloat : 2;
  if (rules.contact() != adjacency::touching) {
    // Cell sets identify unlabelled layouts; under sunk feedback names split swapped equal ships.
    const auto c = counter.count(obs, false);
    if (c.labelled == 0) throw no_layout_agrees(obs);
    g.leaves = g.layouts = sunk ? c.labelled : c.unlabelled;
    g.complete_tree = complete_tree_bound(g.leaves, arity);
    g.hits_aware = hits_aware_bound(g.leaves, hits_left, mult);
    return g;
  }
  const auto c = counter.count(obs, false);
  if (c.labelled == 0) throw no_layout_agrees(obs);
  if (c.labelled > max_enumerated)
    throw std::invalid_argument("touching rule: the bounds need every layout's cells, and " + to_string(c.labelled) +
                                " layouts are too many to enumerate");
  if (const auto needed =
          detail::bounds_enumeration_bytes(static_cast<std::uint64_t>(c.labelled), sizeof(typename R::board_type));
      needed > memory_limit)
    throw std::length_error("touching rule: the bounds need every layout's cells, about " +
                            detail::byte_size_name(detail::round_up_to_mib(needed)) + " for " + to_string(c.labelled) +
                            " layouts, more than " + detail::byte_size_name(memory_limit) + "; raise the limit");
  counter.release();  // the count's tables, before the enumeration's
  // Every layout's cells, sorted so that the layouts of one cell set are
  // neighbours: a tenth of a std::map's memory and time for millions.
  std::vector<typename R::board_type> sets;
  sets.reserve(static_cast<std::size_t>(c.labelled));
  auto check = [&] {
    if (interruption_check) interruption_check();
  };
  for_each_layout(rules, obs, [&](const auto& l) {
    sets.push_back(l.occupied);
    if (sets.size() % 65'536 == 0) check();
  });
  // Sorted in runs of 2^20 and merged, so that the check comes every few
  // hundredths of a second here too (one sort of 20 M sets takes seconds).
  constexpr std::size_t run = std::size_t{1} << 20;
  const auto at = [&](std::size_t i) { return sets.begin() + static_cast<std::ptrdiff_t>(std::min(i, sets.size())); };
  for (std::size_t from = 0; from < sets.size(); from += run) {
    std::sort(at(from), at(from + run));
    check();
  }
  for (std::size_t width = run; width < sets.size(); width *= 2)
    for (std::size_t from = 0; from + width < sets.size(); from += 2 * width) {
      std::inplace_merge(at(from), at(from + width), at(from + 2 * width));
      check();
    }
  const count_type divisor = sunk ? 1 : unlabelled_divisor(rules, obs);
  std::size_t distinct = sets.empty() ? 0 : 1;
  for (std::size_t i = 1; i < sets.size(); ++i)
    if (sets[i] != sets[i - 1]) ++distinct;
  std::vector<count_type> weights;
  weights.reserve(distinct);  // exactly: what the memory estimate counts
  for (std::size_t i = 0; i < sets.size();) {
    std::size_t j = i + 1;
    while (j < sets.size() && sets[j] == sets[i]) ++j;
    weights.push_back(static_cast<count_type>(j - i) / divisor);
    i = j;
  }
  decltype(sets)().swap(sets);  // freed before the bounds' own copies of the weights
  check();
  g.leaves = weights.size();
  g.layouts = sunk ? c.labelled : c.unlabelled;
  g.weighted = static_cast<count_type>(weights.size()) != g.layouts;
  // Under sunk feedback several labelled layouts may share a leaf; each cell
  // set is at least one leaf, and merging a set's leaves into its shallowest
  // only lowers the total, so the bounds over cell sets hold.
  g.complete_tree = g.weighted ? huffman_bound(weights, arity) : complete_tree_bound(g.layouts, arity);
  check();
  g.hits_aware = hits_aware_bound(std::move(weights), hits_left, mult);
  return g;
}

template <Ruleset R>
[[nodiscard]] game_bounds lower_bounds(const R& rules) {
  return lower_bounds(rules, observation<typename R::board_type>(rules));
}

}  // namespace battleship
