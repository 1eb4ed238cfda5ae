// Lower bounds from the shape of the decision tree (solve/bounds.hpp):
// Audinot et al.'s equation (2), Table 2 and phi(10,10) > 30.8, and the
// stronger hits-aware bound.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <queue>
#include <random>
#include <stdexcept>
#include <vector>

#include <battleship/solve/bounds.hpp>
#include <battleship/solve/optimal.hpp>
#include <battleship/solver.hpp>

// Named so that the test files can share one translation unit (a unity build).
namespace test_bounds {

using namespace battleship;

namespace {
// The paper prints bounds truncated to one decimal.
double truncated(double x) { return std::floor(x * 10.0) / 10.0; }
}  // namespace

TEST_CASE("equation (2): Figure 9's complete tree with 11 leaves averages 3 + 6/11", "[bounds]") {
  const auto b = complete_tree_bound(11);
  CHECK(b.total == 4 * 6 + 3 * 5);
  CHECK(b.leaves == 11);
  for (count_type l = 1; l <= 300; ++l) {
    // k + (2l - 2^(k+1)) / l, as an exact total.
    count_type k = 0;
    while ((count_type{1} << (k + 1)) <= l) ++k;
    CHECK(complete_tree_bound(l).total == l * k + 2 * l - (count_type{1} << (k + 1)));
  }
}

TEST_CASE("Audinot et al. Table 2: complete-tree lower bounds on the small grids", "[bounds]") {
  struct entry {
    int w, h;
    std::vector<int> fleet;
    double paper;
  };
  const std::vector<entry> table{{4, 4, {2}, 4.6},    {4, 5, {2}, 4.9},    {4, 4, {2, 3}, 6.7},   {4, 5, {2, 3}, 7.9},
                                 {4, 4, {3, 3}, 4.6}, {4, 5, {3, 3}, 6.0}, {4, 5, {2, 3, 4}, 6.5}};
  for (const auto& e : table) {
    CAPTURE(e.w, e.h, e.fleet);
    const auto rules = make_dynamic_rules(e.w, e.h, e.fleet, adjacency::no_contact, false);
    const auto b = lower_bounds(rules);
    CHECK(truncated(b.complete_tree.average()) == Approx(e.paper));
    CHECK(b.hits_aware.average() >= b.complete_tree.average());
    // Both bounds hold against the exact optimum.
    const auto opt = solve_optimal(rules);
    CHECK(b.layouts == opt.layouts);
    CHECK(static_cast<count_type>(opt.total_height) >= b.hits_aware.total);
  }
}

TEST_CASE("phi(10,10) > 30.8 from 1,925,751,392 leaves, and about 32.8 once hits are counted", "[bounds]") {
  // The paper's layout count (Audinot et al. section 2.2), used as an input.
  const count_type leaves = 1'925'751'392ULL;
  const auto ct = complete_tree_bound(leaves);
  CHECK(truncated(ct.average()) == Approx(30.8));
  CHECK(ct.average() > 30.8);
  const auto ha = hits_aware_bound(leaves, 17);
  CHECK(ha.average() > 32.8);
  CHECK(ha.average() < 32.9);
  // Depths 17..33 hold C(33, 17) = 1,166,803,110 leaves, so the rest sit at depth 34.
  CHECK(ha.total == [&] {
    count_type total = 0, placed = 0;
    for (int t = 17; t <= 33; ++t) {
      count_type c = 1;  // C(t-1, 16)
      for (int i = 1; i <= 16; ++i) c = c * static_cast<count_type>(t - 1 - 16 + i) / static_cast<count_type>(i);
      total += c * static_cast<count_type>(t);
      placed += c;
    }
    return total + (leaves - placed) * 34;
  }());
}

TEST_CASE("the hits-aware bound dominates the complete-tree bound", "[bounds]") {
  for (count_type l = 1; l <= 2000; l += 7)
    for (int h = 1; h <= 12; ++h) {
      const auto ct = complete_tree_bound(l);
      const auto ha = hits_aware_bound(l, h);
      CHECK(ha.total >= ct.total);
      CHECK(ha.total >= l * static_cast<count_type>(h));  // every leaf needs h hits
    }
  // One hit to find: a leaf per depth (the paper's worst case, a line of shots).
  CHECK(hits_aware_bound(5, 1).total == 1 + 2 + 3 + 4 + 5);
}

TEST_CASE("weighted leaves: Huffman and heaviest-first slots", "[bounds]") {
  // Equal weights: Huffman is the complete tree.
  for (int n = 1; n <= 40; ++n)
    CHECK(huffman_bound(std::vector<count_type>(static_cast<std::size_t>(n), 1)).total ==
          complete_tree_bound(static_cast<count_type>(n)).total);
  // {4, 1, 1}: 4 at depth 1, the ones at depth 2.
  CHECK(huffman_bound({4, 1, 1}).total == 4 + 2 + 2);
  CHECK(huffman_bound({1, 1, 1}, 3).total == 3);
  // m-ary complete tree: 9 leaves in a ternary tree all sit at depth 2.
  CHECK(complete_tree_bound(9, 3).total == 18);
  CHECK(complete_tree_bound(10, 3).total == 8 * 2 + 2 * 3);  // one leaf of depth 2 splits in two
  // Heaviest first into C(t-1, 1) slots: depth 2 holds 1, depth 3 holds 2.
  CHECK(hits_aware_bound(std::vector<count_type>{1, 5, 2}, 2).total == 5 * 2 + 2 * 3 + 1 * 3);
}

TEST_CASE("lower_bounds counts leaves as the solver does, for every rule and feedback", "[bounds]") {
  for (adjacency rule : {adjacency::touching, adjacency::no_edge, adjacency::no_contact})
    for (bool sunk : {false, true})
      for (const std::vector<int>& f : std::vector<std::vector<int>>{{2}, {2, 2}, {1, 2}, {3, 3}}) {
        const auto rules = make_dynamic_rules(3, 3, f, rule, sunk);
        CAPTURE(to_string(rule), sunk, f);
        const auto b = lower_bounds(rules);
        const auto opt = solve_optimal(rules);
        CHECK(b.layouts == opt.layouts);
        if (!sunk) CHECK(b.leaves == opt.leaves);
        CHECK(static_cast<count_type>(opt.total_height) * b.hits_aware.leaves >=
              b.hits_aware.total * static_cast<count_type>(opt.layouts));
        CHECK(static_cast<count_type>(opt.total_height) * b.complete_tree.leaves >=
              b.complete_tree.total * static_cast<count_type>(opt.layouts));
      }
  // Touching 2,2 on 2x2: both unlabelled layouts (two rows, two columns) fill the grid: one leaf of weight 2.
  const auto sq = make_dynamic_rules(2, 2, {2, 2}, adjacency::touching, false);
  const auto b = lower_bounds(sq);
  CHECK(b.layouts == 2);
  CHECK(b.leaves == 1);
  CHECK(b.weighted);
  CHECK(b.hits_aware.total == 2 * 4);
}

// Under sunk feedback a shot has 2 + s outcomes (miss, hit, or the sinking
// of one of the s ships afloat), a leaf is a labelled layout, and a depth
// t holds C(t-1, h-1) C(h-1, s-1) s! leaves (which hits sink, and which
// ship each names). The 3x3 boards above leave those figures loose against
// the optimum; these are worked by hand on a 1x4 row with ships 1,1.
TEST_CASE("sunk feedback: the bounds' outcomes per shot, slots per depth and labelled leaves, by hand", "[bounds]") {
  CHECK(sunk_slot_multiplier(2, 2) == 2);            // C(1,1) 2!
  CHECK(sunk_slot_multiplier(5, 2) == 4 * 2);        // C(4,1) 2!
  CHECK(sunk_slot_multiplier(17, 5) == 1820 * 120);  // C(16,4) 5!: the classic fleet
  CHECK(sunk_slot_multiplier(3, 1) == 1);            // C(2,0) 1!
  {
    // Touching: 6 cell sets of two cells, 2 labelled layouts each.
    const auto b = lower_bounds(make_dynamic_rules(4, 1, {1, 1}, adjacency::touching, true));
    CHECK(b.layouts == 12);
    CHECK(b.leaves == 6);
    CHECK(b.weighted);
    // Huffman over six weights of 2 with 4 outcomes: three at depth 1, three at 2.
    CHECK(b.complete_tree.total == 3 * 2 * 1 + 3 * 2 * 2);
    CHECK(b.complete_tree.leaves == 12);
    // Two hits left, two ships afloat: C(t-1, 1) x 2 slots at depth t, so 2 at
    // depth 2 and 4 at depth 3, the heaviest first.
    CHECK(b.hits_aware.total == 2 * 2 * 2 + 4 * 2 * 3);
    CHECK(b.hits_aware.leaves == 12);
  }
  {
    // No edge contact: cells {1,3}, {1,4}, {2,4}, each two labelled layouts, so 6 unit leaves.
    const auto b = lower_bounds(make_dynamic_rules(4, 1, {1, 1}, adjacency::no_edge, true));
    CHECK(b.layouts == 6);
    CHECK(b.leaves == 6);
    // A complete 4-ary tree of 6 leaves: 3 at depth 1, 3 at depth 2.
    CHECK(b.complete_tree.total == 3 * 1 + 3 * 2);
    CHECK(b.hits_aware.total == 2 * 2 + 4 * 3);
  }
  {
    // Ships 1,2 on 1x5, the 1-ship sunk at A1: the 2-ship lies on B-C, C-D or
    // D-E. One ship afloat: 3 outcomes a shot, C(t-1, 1) x 1 slots at depth t.
    const auto rules = make_dynamic_rules(5, 1, {1, 2}, adjacency::touching, true);
    observation<dynamic_rules::board_type> obs(rules);
    obs.record_sunk(0, 0);
    const auto b = lower_bounds(rules, obs);
    CHECK(b.layouts == 3);
    CHECK(b.leaves == 3);
    CHECK(b.complete_tree.total == 3 * 1);
    CHECK(b.hits_aware.total == 1 * 2 + 2 * 3);
  }
}

TEST_CASE("touching rules: the bounds refuse to enumerate past max_enumerated layouts", "[bounds]") {
  // With touching allowed the bounds read every layout's cells; Park's
  // 30,093,975,536 layouts are past the default limit, and a limit below a
  // small game's count refuses that one too.
  CHECK_THROWS_WITH(lower_bounds(park_rules{}), Catch::Contains("30093975536 layouts are too many to enumerate"));
  const auto small = make_dynamic_rules(4, 4, {3, 2}, adjacency::touching, false);
  const observation<dynamic_rules::board_type> empty(small);
  CHECK_NOTHROW(lower_bounds(small, empty));
  CHECK_THROWS_AS(lower_bounds(small, empty, 10), std::invalid_argument);
}

TEST_CASE("lower_bounds refuses, before it enumerates, what would pass its memory limit", "[bounds]") {
  // 7x7, ships 3,3,2 under the touching rule: 280,176 labelled layouts read
  // one by one, each a 256-cell board of the run-time rules (32 bytes), so
  // about 48 bytes a layout, 13 MiB; the contact rules only count.
  const auto rules = make_dynamic_rules(7, 7, {3, 3, 2}, adjacency::touching, false);
  const observation<dynamic_rules::board_type> empty(rules);
  const count_type layouts = exact_count(rules, empty).labelled;
  REQUIRE(layouts == 280'176);
  const std::size_t needed = detail::bounds_enumeration_bytes(280'176, sizeof(dynamic_rules::board_type));
  CHECK(needed == 280'176 * 48);
  const auto plain = lower_bounds(rules, empty);
  const auto at_limit = lower_bounds(rules, empty, lower_bounds_max_layouts, {}, needed);
  CHECK(at_limit.complete_tree.total == plain.complete_tree.total);
  CHECK(at_limit.hits_aware.total == plain.hits_aware.total);
  CHECK_THROWS_MATCHES(lower_bounds(rules, empty, lower_bounds_max_layouts, {}, needed - 1), std::length_error,
                       Catch::Message("touching rule: the bounds need every layout's cells, about 13 MiB for 280176 "
                                      "layouts, more than 13448447 bytes; raise the limit"));
  // A limit the count itself passes is the counter's refusal, under every rule.
  for (const auto rule : {adjacency::touching, adjacency::no_edge}) {
    const auto r = make_dynamic_rules(7, 7, {3, 3, 2}, rule, false);
    CHECK_THROWS_WITH(lower_bounds(r, observation<dynamic_rules::board_type>(r), lower_bounds_max_layouts, {}, 1024),
                      Catch::Contains("the exact count needs more than 1 KiB"));
  }
  // The estimate saturates rather than wrapping.
  CHECK(detail::bounds_enumeration_bytes(~std::uint64_t{0}, 32) == ~std::size_t{0});
  CHECK(detail::bounds_enumeration_bytes(1, 8) == 48);
  CHECK(detail::bounds_enumeration_bytes(1, 64) == 96);
}

TEST_CASE("touching rules past 2^20 layouts: the sorted runs merge into the cell sets counted directly", "[bounds]") {
  // 8x8, ships 2,2,2: 1,181,496 labelled layouts, more than one sorted run
  // of 2^20, so the runs are merged; the reference sorts them all at once.
  const auto rules = make_dynamic_rules(8, 8, {2, 2, 2}, adjacency::touching, false);
  const observation<dynamic_rules::board_type> empty(rules);
  std::vector<dynamic_rules::board_type> sets;
  for_each_layout(rules, empty, [&](const auto& l) { sets.push_back(l.occupied); });
  REQUIRE(sets.size() > (std::size_t{1} << 20));
  std::sort(sets.begin(), sets.end());
  std::vector<count_type> weights;  // layouts per cell set, unlabelled (3! labellings each)
  for (std::size_t i = 0; i < sets.size();) {
    std::size_t j = i + 1;
    while (j < sets.size() && sets[j] == sets[i]) ++j;
    weights.push_back(static_cast<count_type>(j - i) / 6);
    i = j;
  }
  const auto b = lower_bounds(rules, empty);
  CHECK(b.leaves == weights.size());
  CHECK(b.layouts == static_cast<count_type>(sets.size()) / 6);
  CHECK(b.weighted);
  CHECK(b.complete_tree.total == huffman_bound(weights).total);
  CHECK(b.hits_aware.total == hits_aware_bound(weights, 6).total);
}

TEST_CASE("huffman_bound equals a heap's Huffman merge on random weights and arities", "[bounds]") {
  std::mt19937_64 rng(83);
  for (int round = 0; round < 300; ++round) {
    const int arity = 2 + static_cast<int>(rng() % 4);
    std::vector<count_type> weights(1 + rng() % 200);
    for (auto& w : weights) w = rng() % 6;  // zeros and ties included
    // The reference: a heap, padded with zero leaves to full merges.
    std::priority_queue<count_type, std::vector<count_type>, std::greater<>> heap(weights.begin(), weights.end());
    while (heap.size() > 1 && (heap.size() - 1) % static_cast<std::size_t>(arity - 1) != 0) heap.push(0);
    count_type total = 0;
    while (heap.size() > 1) {
      count_type sum = 0;
      for (int k = 0; k < arity; ++k) {
        sum += heap.top();
        heap.pop();
      }
      total += sum;
      heap.push(sum);
    }
    INFO("round " << round << ", arity " << arity << ", " << weights.size() << " leaves");
    CHECK(huffman_bound(weights, arity).total == total);
  }
}

TEST_CASE("lower_bounds calls its interruption check in the count and in the enumeration", "[bounds]") {
  struct stopped {};
  // 7x7, ships 3,3,2, touching (280,176 layouts): the count's steps, one
  // call every 65,536 layouts enumerated, and one after each of the three
  // stages that follow.
  const auto rules = make_dynamic_rules(7, 7, {3, 3, 2}, adjacency::touching, false);
  const observation<dynamic_rules::board_type> empty(rules);
  int counting = 0;
  exact_counter<dynamic_rules> counter(rules);
  counter.set_interruption_check([&] { ++counting; });
  const count_type layouts = counter.count(empty, false).labelled;
  REQUIRE(layouts >= 2 * 65'536);
  int calls = 0;
  const std::function<void()> check = [&] { ++calls; };
  const auto checked = lower_bounds(rules, empty, lower_bounds_max_layouts, check);
  CHECK(calls == counting + static_cast<int>(layouts / 65'536) + 3);
  const auto plain = lower_bounds(rules, empty);
  CHECK(checked.complete_tree.total == plain.complete_tree.total);
  CHECK(checked.hits_aware.total == plain.hits_aware.total);
  // Stopped in the count, in the enumeration, and at the last call.
  for (const int stop_at : {1, counting + 1, calls}) {
    calls = 0;
    const std::function<void()> stopping = [&] {
      if (++calls == stop_at) throw stopped{};
    };
    CHECK_THROWS_AS(lower_bounds(rules, empty, lower_bounds_max_layouts, stopping), stopped);
    CHECK(calls == stop_at);
  }
}

// Totals past 128 bits wrapped: sixteen one-cell ships on 16x16 with
// sinkings, no edge (3.2e37 labelled layouts), printed averages of 8.96
// and 5.93 shots, below the 16 hits every game needs.
TEST_CASE("the bounds refuse a total depth past 128 bits rather than wrap it", "[bounds]") {
  const count_type huge = count_type{1} << 125;
  CHECK_THROWS_AS(complete_tree_bound(huge), std::overflow_error);
  CHECK_THROWS_AS(hits_aware_bound(huge, 16), std::overflow_error);
  CHECK_THROWS_AS(hits_aware_bound(std::vector<count_type>{huge, huge}, 16), std::overflow_error);
  const std::vector<int> ones(16, 1);
  CHECK_THROWS_WITH(lower_bounds(make_dynamic_rules(16, 16, ones, adjacency::no_edge, true)),
                    Catch::Contains("passes 128 bits"));
  CHECK_THROWS_AS(lower_bounds(make_dynamic_rules(16, 16, ones, adjacency::no_contact, true)), std::overflow_error);
  // Below it nothing changes.
  CHECK(complete_tree_bound(count_type{1} << 120).total == (count_type{1} << 120) * 120);
  // From 2^127 leaves up, the search for the depth doubled past 2^128, wrapped
  // to 0 and never ended.
  CHECK_THROWS_AS(complete_tree_bound(count_type{1} << 127), std::overflow_error);
}

// C(n, k) stays exact up to 128 bits: multiplying before dividing passed 128
// bits for C(130, 65) (9.5e37) and returned a wrong count of slots.
TEST_CASE("the slots per depth are exact binomials up to 128 bits, and saturate past them", "[bounds]") {
  const count_type c130_65 = (count_type{5153626322785702056U} << 64) + count_type{9329686416565790604U};
  CHECK(detail::binomial128(130, 65) == c130_65);
  CHECK(detail::binomial128(40, 20) == 137846528820U);
  CHECK(detail::binomial128(132, 66) == ~count_type{0});
  CHECK(detail::binomial128(300, 150) == ~count_type{0});
  CHECK(sunk_slot_multiplier(200, 60) == ~count_type{0});
  // No slot at all would leave the leaves unplaced forever.
  CHECK_THROWS_AS(hits_aware_bound(count_type{5}, 2, 0), std::invalid_argument);
  CHECK_THROWS_AS(hits_aware_bound(std::vector<count_type>{1, 2}, 2, 0), std::invalid_argument);
  // A saturated slot count still holds every leaf at the shallowest depth.
  CHECK(hits_aware_bound(count_type{1000}, 80, sunk_slot_multiplier(80, 40)).total == 80 * 1000);
}

}  // namespace test_bounds
