// constrained_defense and search_hard_layouts, on random small instances
// where every layout can be listed: the defense draws exactly the layouts
// its constraints admit (region, stricter contact rule, whole-layout
// condition), uniformly or by placement weight (chi-square), and counts them
// right; the search returns an admitted layout whose replayed game gives
// its figure, never beats the brute-force worst case and usually reaches it.
// Seeds are fixed, so nothing can flake.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include <battleship/analysis/game_loop.hpp>
#include <battleship/analysis/hard_layouts.hpp>
#include <battleship/core/layout.hpp>
#include <battleship/core/random_layout.hpp>
#include <battleship/core/ruleset.hpp>
#include <battleship/count/edge_prior.hpp>
#include <battleship/count/exact_counter.hpp>
#include <battleship/count/exact_sampler.hpp>
#include <battleship/count/recursive_enumerator.hpp>
#include <battleship/defense/constrained_defense.hpp>
#include <battleship/density/per_ship_density.hpp>
#include <battleship/detail/threads.hpp>
#include <battleship/strategy/density_greedy.hpp>
#include <battleship/strategy/hunt_target.hpp>
#include <battleship/strategy/random_fire.hpp>
#include <battleship/strategy/row_scan.hpp>

#include "sampling_checks.hpp"

// Named so that the test files can share one translation unit (a unity build).
namespace test_constrained_defense {

using namespace battleship;

namespace {

using board = dynamic_rules::board_type;

using test_support::chi_square;
using test_support::chi_square_critical_001;
const auto key = test_support::layout_key;

struct instance {
  dynamic_rules rules;
  defense_constraints<board> constraints;
  std::string label;
};

// Random rules on 3x3 to 5x5 with one to three ships, and random
// constraints: a region (none, by inset, or a random set of cells), a
// contact rule at least as strict as the game's, and sometimes the
// condition that every ship touches another.
instance random_instance(std::mt19937_64& rng) {
  auto pick = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  const int w = pick(3, 5), h = pick(3, 5);
  std::vector<int> lengths(static_cast<std::size_t>(pick(1, 3)));
  for (auto& l : lengths) l = pick(1, 3);
  const auto rule = static_cast<adjacency>(pick(0, 2));
  instance in{make_dynamic_rules(w, h, lengths, rule, pick(0, 1) == 1), {}, ""};
  const auto g = in.rules.geometry();
  in.label = std::to_string(w) + "x" + std::to_string(h) + " ships";
  for (int l : lengths) in.label += " " + std::to_string(l);
  in.label += " " + std::string(to_string(rule));
  switch (pick(0, 2)) {
    case 0:
      break;
    case 1: {
      const int lo = pick(0, 1);
      in.constraints.region = cells_by_inset(g, lo, lo + pick(0, 2));
      in.label += ", inset region";
      break;
    }
    default: {
      board region;
      for (int c = 0; c < g.cell_count(); ++c)
        if (pick(0, 9) < 8) region.set(static_cast<std::size_t>(c));
      in.constraints.region = region;
      in.label += ", random region";
    }
  }
  if (pick(0, 1) == 1) {
    in.constraints.contact = static_cast<adjacency>(pick(static_cast<int>(rule), 2));
    in.label += ", defender " + std::string(to_string(*in.constraints.contact));
  }
  if (lengths.size() >= 2 && pick(0, 2) == 0) {
    const dynamic_rules r = in.rules;
    in.constraints.condition = [r](const layout& l) { return every_ship_touches_another(r, l); };
    in.label += ", every ship touching another";
  }
  return in;
}

// What the constraints admit, decided from their definitions: legal under
// the game's rules and the defender's contact rule, every ship cell in the
// region, and the condition.
bool admitted_by_definition(const instance& in, const layout& l, bool with_condition) {
  dynamic_rules own = in.rules;
  own.rule = dynamic_adjacency{in.constraints.contact.value_or(in.rules.contact())};
  if (validate(in.rules, l) || validate(own, l)) return false;
  if (in.constraints.region && !occupied_cells(in.rules, l).subset_of(*in.constraints.region)) return false;
  return !with_condition || !in.constraints.condition || in.constraints.condition(l);
}

}  // namespace

TEST_CASE("constrained_defense draws uniformly what its constraints admit, on random small instances",
          "[defense][constrained]") {
  std::mt19937_64 rng(20261201);
  int sampled = 0, refused = 0;
  for (int trial = 0; trial < 60; ++trial) {
    const instance in = random_instance(rng);
    INFO(in.label);
    std::map<std::uint64_t, int> admitted;  // with the condition
    long long before_condition = 0;
    std::vector<layout> all_legal;
    for_each_layout(in.rules, [&](const auto& e) { all_legal.push_back(e.to_layout()); });
    for (const layout& l : all_legal) {
      if (admitted_by_definition(in, l, false)) ++before_condition;
      if (admitted_by_definition(in, l, true)) admitted.emplace(key(l), static_cast<int>(admitted.size()));
    }
    if (before_condition == 0) {
      CHECK_THROWS_AS(constrained_defense<dynamic_rules>(in.rules, in.constraints), std::invalid_argument);
      ++refused;
      continue;
    }
    auto constraints = in.constraints;
    constraints.max_tries = 2'000;
    const constrained_defense<dynamic_rules> defense(in.rules, constraints);
    CHECK(defense.layout_count() == count_type(before_condition));
    for (const layout& l : all_legal) CHECK(defense.admits(l) == admitted.count(key(l)) > 0);
    splitmix_rng draw_rng(static_cast<std::uint64_t>(trial));
    if (admitted.empty()) {
      CHECK_THROWS_AS(defense.place(draw_rng), std::runtime_error);
      ++refused;
      continue;
    }
    const int k = static_cast<int>(admitted.size());
    const int draws = k <= 150 ? 120 * k : 3'000;
    std::vector<long> counts(static_cast<std::size_t>(k), 0);
    for (int d = 0; d < draws; ++d) {
      const auto it = admitted.find(key(defense.place(draw_rng)));
      REQUIRE(it != admitted.end());
      ++counts[static_cast<std::size_t>(it->second)];
    }
    if (k >= 2 && k <= 150) {
      const double stat = chi_square(counts, 120.0);
      INFO(k << " layouts, chi-square " << stat);
      CHECK(stat < chi_square_critical_001(k - 1));
      ++sampled;
    }
  }
  CHECK(sampled >= 20);  // the instances exercise the sampler, not only the refusals
  CHECK(refused >= 1);
}

TEST_CASE("constrained_defense with a placement weight draws in proportion to the weights", "[defense][constrained]") {
  const auto rules = make_dynamic_rules(4, 4, {3, 2}, adjacency::touching, false);
  defense_constraints<board> c;
  c.contact = adjacency::no_edge;
  const edge_prior<dynamic_rules> weight{rules, 4};
  const constrained_defense<dynamic_rules> defense(rules, c, weight);
  std::map<std::uint64_t, int> index;
  std::vector<double> p;
  double total = 0;
  for_each_layout(rules, [&](const auto& e) {
    const layout l = e.to_layout();
    if (!defense.admits(l)) return;
    const double w = static_cast<double>(weight(0, l[0]) * weight(1, l[1]));
    index.emplace(key(l), static_cast<int>(index.size()));
    p.push_back(w);
    total += w;
  });
  CHECK(defense.layout_count() == count_type(static_cast<long long>(total)));
  constexpr int draws = 200'000;
  std::vector<long> counts(p.size(), 0);
  splitmix_rng rng(7);
  for (int d = 0; d < draws; ++d) ++counts[static_cast<std::size_t>(index.at(key(defense.place(rng))))];
  double stat = 0;
  for (std::size_t i = 0; i < p.size(); ++i) {
    const double expected = draws * p[i] / total;
    stat += (static_cast<double>(counts[i]) - expected) * (static_cast<double>(counts[i]) - expected) / expected;
  }
  INFO(p.size() << " layouts, chi-square " << stat);
  CHECK(stat < chi_square_critical_001(static_cast<int>(p.size()) - 1));
}

// A weight that keeps state (it counts its calls) is safe: the defense asks
// it once per placement, at construction, and after that reads its own table,
// so search_hard_layouts' threads, which call admits(), never call it.
TEST_CASE("constrained_defense asks a placement weight once per placement, at construction",
          "[defense][constrained][threads]") {
  const auto rules = make_dynamic_rules(5, 4, {3, 2}, adjacency::touching, false);
  struct counted_weight {
    std::shared_ptr<long> calls = std::make_shared<long>(0);
    std::uint64_t operator()(int ship, const placement& p) {
      ++*calls;
      return static_cast<std::uint64_t>(1 + (ship + p.row + p.col) % 3);
    }
  };
  counted_weight weight;
  defense_constraints<board> c;
  c.region = cells_by_inset(rules.geometry(), 0, 0);
  const constrained_defense<dynamic_rules> defense(rules, c, weight);
  const long at_construction = *weight.calls;
  // Once per placement inside the region: each ship's in-bounds starts.
  long inside = 0;
  const auto g = rules.geometry();
  for (int ship = 0; ship < 2; ++ship)
    for (int cell = 0; cell < g.cell_count(); ++cell)
      for (const orientation dir : {orientation::horizontal, orientation::vertical}) {
        const auto mask = g.ship_mask(g.row_of(cell), g.col_of(cell), dir, rules.ship_length(ship));
        if (mask && mask->subset_of(*c.region)) ++inside;
      }
  CHECK(at_construction == inside);

  // The table gives what the weight gave: admits() agrees with the weight
  // and the region, and the weighted count is their sum.
  double total = 0;
  for_each_layout(rules, [&](const auto& e) {
    const layout l = e.to_layout();
    const bool in_region = ship_masks(rules, l)[0].subset_of(*c.region) && ship_masks(rules, l)[1].subset_of(*c.region);
    CHECK(defense.admits(l) == in_region);
    if (in_region) {
      counted_weight fresh;
      total += static_cast<double>(fresh(0, l[0]) * fresh(1, l[1]));
    }
  });
  CHECK(defense.layout_count() == count_type(static_cast<long long>(total)));
  CHECK_FALSE(defense.allows(0, placement{-1, 0, orientation::horizontal}));
  CHECK_FALSE(defense.allows(0, placement{0, 5, orientation::horizontal}));
  CHECK_FALSE(defense.allows(0, placement{0, 0, static_cast<orientation>(7)}));

  hard_layout_options o;
  o.climbs = 4;
  o.steps = 20;
  o.threads = 2;
  (void)search_hard_layouts(defense, row_scan<dynamic_rules>(rules), o);
  splitmix_rng rng(3);
  for (int i = 0; i < 100; ++i) (void)defense.place(rng);
  CHECK(*weight.calls == at_construction);  // the old headers called it from every admits() and allows()
}

TEST_CASE("constrained_defense: Park's six kinds of layout on the classic board", "[defense][constrained]") {
  const park_rules rules;
  const auto g = rules.geometry();
  splitmix_rng rng(3);
  for (const auto& [region, apart] :
       std::vector<std::pair<park_rules::board_type, bool>>{{g.full(), false},
                                                            {g.full(), true},
                                                            {cells_by_inset(g, 0, 0), false},
                                                            {cells_by_inset(g, 0, 0), true},
                                                            {cells_by_inset(g, 2, 9), false},
                                                            {cells_by_inset(g, 2, 9), true}}) {
    defense_constraints<park_rules::board_type> c;
    c.region = region;
    if (apart)
      c.contact = adjacency::no_edge;
    else
      c.condition = [rules](const layout& l) { return every_ship_touches_another(rules, l); };
    const constrained_defense<park_rules> defense(rules, c);
    for (int d = 0; d < 20; ++d) {
      const layout l = defense.place(rng);
      CHECK_FALSE(validate(rules, l));
      CHECK(occupied_cells(rules, l).subset_of(region));
      CHECK(every_ship_touches_another(rules, l) != apart);
      CHECK(defense.admits(l));
    }
  }
  // The border ring, 36 cells, holds the 17 ship cells apart in 1,048,832 ways.
  defense_constraints<park_rules::board_type> edges_apart;
  edges_apart.region = cells_by_inset(g, 0, 0);
  edges_apart.contact = adjacency::no_edge;
  CHECK(constrained_defense<park_rules>(rules, edges_apart).layout_count() == count_type{1'048'832});
}

TEST_CASE("constrained_defense refuses what cannot work, with a reason", "[defense][constrained][errors]") {
  const auto rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::no_edge, false);
  const auto g = rules.geometry();
  defense_constraints<board> looser;
  looser.contact = adjacency::touching;
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(rules, looser),
                    Catch::Contains("looser than the game's") && Catch::Contains("illegal"));
  // A value cast from an integer names no rule: the counter would take it
  // for a contact rule and halo() for touching, and the draws would follow
  // neither (848 layouts on 4x4, ships 2,2,1, against no edge's 1,248).
  defense_constraints<board> no_rule;
  no_rule.contact = static_cast<adjacency>(7);
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(rules, no_rule),
                    "constrained defense: no contact rule 7 (touching, no_edge or no_contact)");
  // dynamic_rules is an aggregate, so such a value can be in the game's own
  // rules too: the tables refuse it where they read it.
  const dynamic_rules aggregate{dynamic_grid<256>(4, 4), dynamic_fleet({2, 2, 1}),
                                dynamic_adjacency{static_cast<adjacency>(7)}, dynamic_feedback{false}};
  const std::string no_rule_7 = "no adjacency rule 7 (touching, no_edge or no_contact)";
  CHECK_THROWS_WITH(exact_count(aggregate, false), no_rule_7);
  std::mt19937_64 draws(1);
  CHECK_THROWS_WITH(random_layout(aggregate, draws), no_rule_7);
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(aggregate, {}), Catch::Contains("no contact rule 7"));
  defense_constraints<board> off_grid;
  off_grid.region = g.full();
  off_grid.region->set(30);
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(rules, off_grid), Catch::Contains("off the grid"));
  defense_constraints<board> empty_region;
  empty_region.region = cells_by_inset(g, 3, 3);  // 5x5 has no cell three from every edge
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(rules, empty_region),
                    "constrained defense: the region holds no cell");
  defense_constraints<board> too_small;
  too_small.region = cells_by_inset(g, 2, 2);  // the centre cell alone
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(rules, too_small),
                    Catch::Contains("no legal layout keeps every ship inside the region"));
  defense_constraints<board> never;
  never.condition = [](const layout&) { return false; };
  never.max_tries = 50;
  const constrained_defense<dynamic_rules> defense(rules, never);
  splitmix_rng rng(1);
  CHECK_THROWS_WITH(defense.place(rng), Catch::Contains("no layout met the condition in 50 draws"));
  never.condition_name = "a fleet in a row";
  const constrained_defense<dynamic_rules> named(rules, never);
  CHECK_THROWS_WITH(named.place(rng), "constrained defense: no layout met a fleet in a row in 50 draws");
  never.max_tries = 0;
  CHECK_THROWS_AS(constrained_defense<dynamic_rules>(rules, never), std::invalid_argument);
}

namespace {
// The brute-force worst case of a deterministic strategy over what the
// defense admits.
template <class S>
int worst_case(const constrained_defense<dynamic_rules>& defense, S strategy) {
  int worst = 0;
  for_each_layout(defense.rules(), [&](const auto& e) {
    const layout l = e.to_layout();
    if (defense.admits(l)) worst = std::max(worst, play_game(defense.rules(), strategy, l));
  });
  return worst;
}

// The instance's defense, or nullopt when it admits no layout.
std::optional<constrained_defense<dynamic_rules>> defense_if_placeable(const instance& in) {
  try {
    constrained_defense<dynamic_rules> defense(in.rules, in.constraints);
    splitmix_rng probe(1);
    (void)defense.place(probe);
    return defense;
  } catch (const std::exception&) {
    return std::nullopt;
  }
}
}  // namespace

TEST_CASE("search_hard_layouts: an admitted layout, its game replayed, never past the worst case",
          "[defense][hard_layouts]") {
  std::mt19937_64 rng(99);
  int instances = 0, reached = 0;
  double starts = 0, ends = 0;
  for (int trial = 0; instances < 16 && trial < 200; ++trial) {
    instance in = random_instance(rng);
    INFO(in.label);
    if (in.rules.geometry().cell_count() < 12) continue;
    const auto defense = defense_if_placeable(in);
    if (!defense) continue;  // nothing admitted: the test above covers it
    ++instances;
    hard_layout_options o;
    o.climbs = 3;
    o.steps = 40;
    o.ships_per_move = 1 + trial % 3;  // one, two or three ships a move
    o.seed = static_cast<std::uint64_t>(trial);
    auto check = [&](auto strategy) {
      const int worst = worst_case(*defense, strategy);
      const hard_layout_result r = search_hard_layouts(*defense, strategy, o);
      CHECK(defense->admits(r.hardest));
      CHECK(r.shots == play_game(in.rules, strategy, r.hardest));
      CHECK(r.shots <= worst);
      REQUIRE(r.starts.size() == 3);
      REQUIRE(r.climbs.size() == 3);
      for (std::size_t c = 0; c < 3; ++c) CHECK(r.climbs[c] >= r.starts[c]);
      CHECK(r.shots == *std::max_element(r.climbs.begin(), r.climbs.end()));
      CHECK(r.evaluations <= 3 * (40 + 1));
      starts += *std::max_element(r.starts.begin(), r.starts.end());
      ends += r.shots;
      if (r.shots == worst) ++reached;
    };
    check(row_scan<dynamic_rules>(in.rules));
    check(density_greedy(in.rules, per_ship_density<dynamic_rules>(in.rules)));
  }
  REQUIRE(instances == 16);
  INFO("worst case reached in " << reached << " of 32 searches");
  CHECK(reached >= 28);  // the climbs work: nearly every tiny search finds the worst case
  CHECK(ends > starts);  // and they climb
}

TEST_CASE("search_hard_layouts: options checked, progress reported, cancelled by a throwing callback",
          "[defense][hard_layouts][errors]") {
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  const constrained_defense<dynamic_rules> defense(rules, {});
  const row_scan<dynamic_rules> scan(rules);
  hard_layout_options bad;
  bad.climbs = 0;
  CHECK_THROWS_AS(search_hard_layouts(defense, scan, bad), std::invalid_argument);
  bad = {};
  bad.steps = -1;
  CHECK_THROWS_AS(search_hard_layouts(defense, scan, bad), std::invalid_argument);
  bad = {};
  bad.games_per_layout = 0;
  CHECK_THROWS_AS(search_hard_layouts(defense, scan, bad), std::invalid_argument);
  bad = {};
  bad.fresh_games = -1;
  CHECK_THROWS_AS(search_hard_layouts(defense, scan, bad), std::invalid_argument);
  bad = {};
  bad.ships_per_move = 0;
  CHECK_THROWS_AS(search_hard_layouts(defense, scan, bad), std::invalid_argument);

  hard_layout_options o;
  o.climbs = 2;
  o.steps = 5;
  int calls = 0;
  o.progress = [&](const hard_layout_progress& p) {
    ++calls;
    CHECK(p.best >= p.current);
  };
  const auto r = search_hard_layouts(defense, scan, o);
  CHECK(calls == 10);
  CHECK(r.shots <= 16);  // holds for any 4x4 game; the checks below are the ones that can fail
  CHECK(r.shots == play_game(rules, scan, r.hardest));
  CHECK(r.shots == *std::max_element(r.climbs.begin(), r.climbs.end()));
  int after_throw = 0;
  bool thrown = false;
  o.progress = [&](const hard_layout_progress& p) {
    if (thrown) ++after_throw;
    if (p.step == 3) {
      thrown = true;
      throw std::runtime_error("stop");
    }
  };
  CHECK_THROWS_WITH(search_hard_layouts(defense, scan, o), "stop");
  CHECK(after_throw == 0);  // on one thread too, no call once one has thrown
}

namespace {
// 5x5, ships 3 and 2, touching: the searches' small board, its uniform defense and the row scan.
struct small_board {
  dynamic_rules rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::touching, false);
  constrained_defense<dynamic_rules> defense{rules, {}};
  row_scan<dynamic_rules> scan{rules};
};
}  // namespace

TEST_CASE("search_hard_layouts: annealing keeps worse moves while hot and reports each climb's best",
          "[defense][hard_layouts]") {
  const small_board b;
  const auto& [rules, defense, scan] = b;
  hard_layout_options o;
  o.climbs = 3;
  o.steps = 60;
  o.seed = 11;
  // The plain climb drops the moves that lose shots, and there are some.
  const auto plain = search_hard_layouts(defense, scan, o);
  CHECK(plain.moves_kept < plain.evaluations - o.climbs);
  // Temperature 0 is the plain climb, draw for draw.
  o.temperature = 0;
  const auto zero = search_hard_layouts(defense, scan, o);
  CHECK(zero.hardest == plain.hardest);
  CHECK(zero.climbs == plain.climbs);
  CHECK(zero.moves_kept == plain.moves_kept);

  // So hot that every move is kept: each evaluation after a climb's first is a move.
  o.temperature = 1e9;
  const auto hot = search_hard_layouts(defense, scan, o);
  CHECK(hot.moves_kept == hot.evaluations - o.climbs);
  // A walk that goes down as well as up: each climb reports its best layout,
  // not where it ended, and the search the best of them.
  CHECK(hot.shots == play_game(rules, scan, hot.hardest));
  CHECK(hot.shots == *std::max_element(hot.climbs.begin(), hot.climbs.end()));
  for (std::size_t c = 0; c < hot.climbs.size(); ++c) CHECK(hot.climbs[c] >= hot.starts[c]);
  o.progress = [](const hard_layout_progress& p) { CHECK(p.best >= p.current); };
  const auto again = search_hard_layouts(defense, scan, o);  // seeded: the same walk
  CHECK(again.hardest == hot.hardest);
  CHECK(again.moves_kept == hot.moves_kept);

  // Between the two, some worse moves are kept and some are not.
  o.temperature = 1;
  const auto warm = search_hard_layouts(defense, scan, o);
  CHECK(warm.moves_kept > plain.moves_kept);
  CHECK(warm.moves_kept < warm.evaluations - o.climbs);

  for (const double bad : {-1.0, std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity()}) {
    o.temperature = bad;
    CHECK_THROWS_AS(search_hard_layouts(defense, scan, o), std::invalid_argument);
  }
}

namespace {
// The row scan, movable but not copyable: a search on one thread takes it.
struct move_only_scan {
  using board_type = dynamic_rules::board_type;
  explicit move_only_scan(const dynamic_rules& rules) : scan(std::make_unique<row_scan<dynamic_rules>>(rules)) {}
  int next_shot(const observation<board_type>& seen) { return scan->next_shot(seen); }
  std::unique_ptr<row_scan<dynamic_rules>> scan;
};

void check_same_search(const hard_layout_result& a, const hard_layout_result& b) {
  CHECK(a.hardest == b.hardest);
  CHECK(a.shots == b.shots);
  CHECK(a.starts == b.starts);
  CHECK(a.climbs == b.climbs);
  CHECK(a.evaluations == b.evaluations);
  CHECK(a.moves_kept == b.moves_kept);
  CHECK(a.fresh_shots == b.fresh_shots);
}
}  // namespace

TEST_CASE("search_hard_layouts: climbs on several threads give the one-thread result",
          "[defense][hard_layouts][threads]") {
  std::mt19937_64 rng(7);
  int instances = 0;
  for (int trial = 0; instances < 6 && trial < 100; ++trial) {
    instance in = random_instance(rng);
    INFO(in.label);
    const auto defense = defense_if_placeable(in);
    if (!defense) continue;
    ++instances;
    hard_layout_options o;
    o.climbs = 5;
    o.steps = 30;
    o.seed = static_cast<std::uint64_t>(trial);
    o.temperature = trial % 2 == 0 ? 0.0 : 1.0;
    // A deterministic strategy, and a randomised one over three seeds a layout.
    const row_scan<dynamic_rules> scan(in.rules);
    const auto one = search_hard_layouts(*defense, scan, o);
    CHECK(one.threads == 1);
    hunt_target<dynamic_rules> hunter(in.rules);
    hard_layout_options h = o;
    h.games_per_layout = 3;
    h.fresh_games = 20;
    const auto hunted = search_hard_layouts(*defense, hunter, h);
    for (const int threads : {3, 0}) {  // 0: one per hardware thread, two on a two-core machine
      INFO("threads " << threads);
      o.threads = h.threads = threads;
      const auto many = search_hard_layouts(*defense, scan, o);
      check_same_search(one, many);
      CHECK(many.threads == std::min(detail::resolve_threads(threads, "test"), o.climbs));
      check_same_search(hunted, search_hard_layouts(*defense, hunter, h));
    }
  }
  REQUIRE(instances == 6);
}

TEST_CASE(
    "search_hard_layouts on threads: progress one call at a time, a throwing callback cancels, a strategy that "
    "cannot be copied refused",
    "[defense][hard_layouts][threads][errors]") {
  const small_board b;
  const auto& [rules, defense, scan] = b;
  hard_layout_options o;
  o.climbs = 4;
  o.steps = 25;
  o.threads = 2;
  std::atomic<int> inside{0};
  int calls = 0, overlaps = 0;
  long long last_steps = 0;
  bool steps_counted = true, best_ok = true;
  double best = 0;
  // No Catch2 assertion inside: they come from the workers.
  o.progress = [&](const hard_layout_progress& p) {
    if (++inside > 1) ++overlaps;
    ++calls;
    steps_counted = steps_counted && p.steps == last_steps + 1;
    last_steps = p.steps;
    best_ok = best_ok && p.best >= p.current && p.best >= best;  // and never falls
    best = p.best;
    --inside;
  };
  const auto r = search_hard_layouts(defense, scan, o);
  CHECK(overlaps == 0);
  CHECK(calls == 100);
  CHECK(steps_counted);
  CHECK(best_ok);
  CHECK(best == r.shots);

  std::atomic<int> after_throw{0};
  std::atomic<bool> thrown{false};
  o.progress = [&](const hard_layout_progress& p) {
    if (thrown) ++after_throw;
    if (p.steps == 10) {
      thrown = true;
      throw std::runtime_error("stop");
    }
  };
  CHECK_THROWS_WITH(search_hard_layouts(defense, scan, o), "stop");
  CHECK(after_throw == 0);  // no call once one has thrown

  o.progress = nullptr;
  o.threads = -1;
  CHECK_THROWS_AS(search_hard_layouts(defense, scan, o), std::invalid_argument);
  o.threads = 2;
  CHECK_THROWS_WITH(search_hard_layouts(defense, move_only_scan(rules), o),
                    Catch::Contains("a strategy that can be copied"));
  o.threads = 1;
  CHECK(search_hard_layouts(defense, move_only_scan(rules), o).shots == search_hard_layouts(defense, scan, o).shots);
}

TEST_CASE("search_hard_layouts: fresh games measure the hardest layout with seeds the climbs never used",
          "[defense][hard_layouts]") {
  const small_board b;
  const auto& [rules, defense, scanner] = b;
  hard_layout_options o;
  o.climbs = 2;
  o.steps = 30;
  o.games_per_layout = 4;
  o.fresh_games = 200;
  o.seed = 5;
  // A deterministic strategy takes the same shots with any seed.
  const auto scan = search_hard_layouts(defense, scanner, o);
  CHECK(scan.fresh_shots == scan.shots);
  // A randomised one: the fresh games give a mean of their own.
  hunt_target<dynamic_rules> hunter(rules);
  const auto r = search_hard_layouts(defense, hunter, o);
  CHECK(r.fresh_shots > 0);
  CHECK(r.fresh_shots != r.shots);  // other seeds, another mean (the climbs' figure is biased upwards)
  // And it measures the hardest layout: 2,000 more games of it, seeded apart
  // from the search, agree to 1.5 shots, six and a half standard errors of
  // the difference (0.23; a game's sd is 3.1 shots here, the gap 0.05).
  long long total = 0;
  for (int k = 0; k < 2'000; ++k) {
    seed_strategy(hunter, derive_seed(12345, static_cast<std::uint64_t>(k)));
    total += play_game(rules, hunter, r.hardest);
  }
  CHECK(std::abs(r.fresh_shots - static_cast<double>(total) / 2'000) < 1.5);
  o.fresh_games = 0;
  CHECK(search_hard_layouts(defense, hunter, o).fresh_shots == 0);
}

TEST_CASE("constrained_defense::allows refuses a ship past the fleet, and a move moves at most the fleet",
          "[defense][hard-layouts]") {
  using Rd = ruleset<grid<5, 5>, dynamic_fleet, touching_allowed, hit_miss>;
  const Rd rules{grid<5, 5>{}, dynamic_fleet{3, 2}, {}, {}};
  const constrained_defense<Rd> d(rules, {});
  const placement a1{0, 0, orientation::horizontal};
  CHECK(d.allows(1, a1));
  CHECK_THROWS_AS(d.allows(2, a1), std::out_of_range);
  CHECK_THROWS_AS(d.allows(-1, a1), std::out_of_range);

  // ships_per_move past the fleet is the fleet: the same climb, not one that
  // draws a ship INT_MAX times a move.
  hard_layout_options o;
  o.climbs = 1;
  o.steps = 3;
  o.threads = 1;
  o.ships_per_move = 2;
  const auto fleet_sized = search_hard_layouts(d, row_scan<Rd>(rules), o);
  o.ships_per_move = std::numeric_limits<int>::max();
  const auto huge = search_hard_layouts(d, row_scan<Rd>(rules), o);
  CHECK(huge.hardest == fleet_sized.hardest);
  CHECK(huge.shots == fleet_sized.shots);
  CHECK(huge.moves_kept == fleet_sized.moves_kept);  // the old headers: 0 against 2 (another random stream)
  CHECK(huge.evaluations == fleet_sized.evaluations);
}

TEST_CASE("cells_by_inset on a grid wider than it is high", "[defense][constrained]") {
  // 5 wide, 3 high: a cell's inset is min(row, col, 2 - row, 4 - col), so the
  // middle row's B2, B3, B4 (row 1, columns 1-3) have inset 1 and the other
  // 12 cells inset 0. On 3 wide, 5 high it is the middle column's B2, C2, D2.
  const auto wide = make_dynamic_rules(5, 3, {2}, adjacency::touching, false).geometry();
  const auto ring = cells_by_inset(wide, 0, 0);
  const auto inner = cells_by_inset(wide, 1, 9);
  CHECK(ring.count() == 12);
  CHECK(inner.count() == 3);
  for (int c = 1; c <= 3; ++c) {
    CHECK(inner.test(static_cast<std::size_t>(wide.cell(1, c))));
    CHECK_FALSE(ring.test(static_cast<std::size_t>(wide.cell(1, c))));
  }
  CHECK((ring | inner) == wide.full());
  const auto tall = make_dynamic_rules(3, 5, {2}, adjacency::touching, false).geometry();
  const auto tall_inner = cells_by_inset(tall, 1, 9);
  CHECK(tall_inner.count() == 3);
  for (int r = 1; r <= 3; ++r) CHECK(tall_inner.test(static_cast<std::size_t>(tall.cell(r, 1))));
  CHECK(cells_by_inset(tall, 0, 0).count() == 12);
}

TEST_CASE("search_hard_layouts on a plateau: equal moves are kept, and the first layout at the best is reported",
          "[defense][hard_layouts]") {
  // 4x4 with four 4-ships, touching: every layout fills the grid (the four
  // rows or the four columns, 2 x 4! = 48 labelled layouts), so the row scan
  // needs all 16 shots against each. Every move is then a plateau move:
  // kept, by the documented rule (at least as many shots), so every
  // evaluation after a climb's first is a kept move. And as no layout beats
  // the start, each climb's best layout is its start (the first layout at
  // its best) and the search's is the first climb's (the first climb to
  // reach the maximum): the same layouts a search of 0 steps, or of one
  // climb, reports.
  const auto rules = make_dynamic_rules(4, 4, {4, 4, 4, 4}, adjacency::touching, false);
  const constrained_defense<dynamic_rules> defense(rules, {});
  const row_scan<dynamic_rules> scan(rules);
  hard_layout_options o;
  o.climbs = 3;
  o.steps = 40;
  o.seed = 5;
  const auto walked = search_hard_layouts(defense, scan, o);
  CHECK(walked.shots == 16);
  CHECK(walked.evaluations > o.climbs);  // some moves were admitted
  CHECK(walked.moves_kept == walked.evaluations - o.climbs);
  o.steps = 0;
  const auto still = search_hard_layouts(defense, scan, o);
  CHECK(still.evaluations == o.climbs);
  CHECK(walked.hardest == still.hardest);
  o.climbs = 1;
  const auto first = search_hard_layouts(defense, scan, o);  // climb 0 alone: it depends only on its index and the seed
  CHECK(still.hardest == first.hardest);
  o.steps = 40;
  const auto first_walked = search_hard_layouts(defense, scan, o);
  CHECK(first_walked.moves_kept > 0);
  CHECK(first_walked.hardest == first.hardest);
}

TEST_CASE(
    "search_hard_layouts with a random strategy: each evaluation's games, and the fresh games, use seeds of their own",
    "[defense][hard_layouts]") {
  // Random fire on 4x4 with one 2-ship (touching). With 0 steps each climb
  // evaluates only its start, which depends on the climb's index and the
  // seed, not on games_per_layout. One game per layout gives one game's
  // figure; eight games, seeded apart, average eight different games, so
  // over five climbs the figures cannot all stay what the first game gave
  // (were all eight games seeded alike, they would, to the last bit). The
  // fresh games use seeds the climbs never used: eight of them against the
  // hardest layout cannot all repeat the climbs' eight games, so over
  // five searches the fresh figure cannot always equal the climbs' figure.
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  const constrained_defense<dynamic_rules> defense(rules, {});
  const random_fire<dynamic_rules> fire(rules);
  int starts_differ = 0, fresh_differs = 0;
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    hard_layout_options o;
    o.climbs = 5;
    o.steps = 0;
    o.seed = seed;
    const auto one = search_hard_layouts(defense, fire, o);
    o.games_per_layout = 8;
    o.fresh_games = 8;
    const auto eight = search_hard_layouts(defense, fire, o);
    REQUIRE(eight.starts.size() == one.starts.size());
    for (std::size_t c = 0; c < one.starts.size(); ++c) starts_differ += eight.starts[c] != one.starts[c] ? 1 : 0;
    fresh_differs += eight.fresh_shots != eight.shots ? 1 : 0;
  }
  CHECK(starts_differ > 0);
  CHECK(fresh_differs > 0);
}

TEST_CASE("search_hard_layouts: ships_per_move equal to the fleet moves the whole fleet", "[defense][hard_layouts]") {
  // 2x2 with two 2-ships, touching: each layout fills the grid (both rows
  // or both columns, either way round: 4 labelled layouts). Relocating one
  // ship alone always overlaps the other or puts it back, so with one ship
  // a move, no move is ever admitted and each climb evaluates only its
  // start; relocating both (ships_per_move = the fleet's 2) can reach the
  // other layouts, so some moves are evaluated (and kept: 4 shots each).
  const auto rules = make_dynamic_rules(2, 2, {2, 2}, adjacency::touching, false);
  const constrained_defense<dynamic_rules> defense(rules, {});
  const row_scan<dynamic_rules> scan(rules);
  hard_layout_options o;
  o.climbs = 2;
  o.steps = 20;
  o.ships_per_move = 1;
  const auto single = search_hard_layouts(defense, scan, o);
  CHECK(single.evaluations == o.climbs);
  CHECK(single.moves_kept == 0);
  o.ships_per_move = 2;
  const auto both = search_hard_layouts(defense, scan, o);
  CHECK(both.evaluations > o.climbs);
  CHECK(both.moves_kept == both.evaluations - o.climbs);
  CHECK(both.shots == 4);
}

TEST_CASE("constrained_defense: place() draws max_tries layouts for the condition, no more", "[defense][constrained]") {
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  int asked = 0;
  defense_constraints<board> never;
  never.condition = [&asked](const layout&) {
    ++asked;
    return false;
  };
  never.max_tries = 5;
  const constrained_defense<dynamic_rules> defense(rules, never);
  splitmix_rng rng(2);
  CHECK_THROWS_WITH(defense.place(rng), Catch::Contains("no layout met the condition in 5 draws"));
  CHECK(asked == 5);
}

TEST_CASE("search_hard_layouts: progress names each climb from 0 and counts its steps from 1",
          "[defense][hard_layouts]") {
  // One thread, two climbs of three steps: the calls come in order, each
  // after its step, so step k of a climb is reported as k (moves tried so
  // far), and steps counts every step of every climb.
  const auto rules = make_dynamic_rules(4, 4, {2}, adjacency::touching, false);
  const constrained_defense<dynamic_rules> defense(rules, {});
  hard_layout_options o;
  o.climbs = 2;
  o.steps = 3;
  std::vector<std::pair<int, int>> seen;
  std::vector<long long> steps;
  o.progress = [&](const hard_layout_progress& p) {
    seen.emplace_back(p.climb, p.step);
    steps.push_back(p.steps);
  };
  (void)search_hard_layouts(defense, row_scan<dynamic_rules>(rules), o);
  CHECK(seen == std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 3}, {1, 1}, {1, 2}, {1, 3}});
  CHECK(steps == std::vector<long long>{1, 2, 3, 4, 5, 6});
  // current is where the climb stands, not its best: so hot that every
  // move is kept, one climb's walk goes down below its best at some step.
  o.climbs = 1;
  o.steps = 30;
  o.temperature = 1e9;
  bool below_best = false;
  o.progress = [&](const hard_layout_progress& p) { below_best = below_best || p.current < p.best; };
  (void)search_hard_layouts(defense, row_scan<dynamic_rules>(rules), o);
  CHECK(below_best);
}

TEST_CASE("constrained_defense: the refusal names the contact rule, and the weights where some were given",
          "[defense][constrained][errors]") {
  // Three 3-ships fill 3x3 only touching: none fits under no-edge, which the
  // defense keeps to though the game allows touching. Weights of 0 may be
  // the cause only where a weight was given, and then the message says so,
  // with a region or without.
  const auto rules = make_dynamic_rules(3, 3, {3, 3, 3}, adjacency::touching, false);
  defense_constraints<board> apart;
  apart.contact = adjacency::no_edge;
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(rules, apart),
                    "constrained defense: no legal layout exists under the no-edge rule the defense keeps to");
  const auto all_one = [](int, const placement&) { return 1; };
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(rules, apart, all_one),
                    "constrained defense: no legal layout exists under the no-edge rule the defense keeps to (or "
                    "the placement weights leave none)");
  const auto two = make_dynamic_rules(3, 3, {2}, adjacency::touching, false);
  defense_constraints<board> top_row;
  top_row.region = cells_by_inset(two.geometry(), 0, 0);
  const auto none_horizontal = [](int, const placement& p) { return p.dir == orientation::horizontal ? 0 : 1; };
  CHECK_NOTHROW(constrained_defense<dynamic_rules>(two, top_row, none_horizontal));
  top_row.region = board{};
  for (int c = 0; c < 3; ++c) top_row.region->set(static_cast<std::size_t>(c));
  CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(two, top_row, none_horizontal),
                    "constrained defense: no legal layout keeps every ship inside the region under the touching "
                    "rule (or the placement weights leave none)");
}

TEST_CASE("constrained_defense refuses tables it could not draw one layout at a time from, at construction",
          "[defense][constrained][errors]") {
  // Past three quarters of the memory limit the sampler keeps checkpoints
  // only, from which place()'s single draws cannot come: refused up front,
  // naming the limit, rather than by every place() (16x16, the classic
  // fleet apart, at the default 8 GiB). Small limits reach it cheaply here.
  const auto rules = make_dynamic_rules(6, 6, {3, 2, 2}, adjacency::touching, false);
  const observation<board> empty(rules);
  int checkpointed = 0, kept = 0;
  for (std::size_t limit = std::size_t{1} << 10; limit <= std::size_t{1} << 26; limit *= 2) {
    INFO("memory limit " << limit);
    defense_constraints<board> c;
    c.memory_limit = limit;
    bool sampler_built = false, sampler_checkpointed = false;
    try {
      const exact_sampler<dynamic_rules> sampler(rules, empty, unit_weight{}, limit);
      sampler_built = true;
      sampler_checkpointed = sampler.checkpointed();
    } catch (const std::length_error&) {
    }
    if (!sampler_built) {
      CHECK_THROWS_AS(constrained_defense<dynamic_rules>(rules, c), std::length_error);
    } else if (sampler_checkpointed) {
      ++checkpointed;
      CHECK_THROWS_WITH(constrained_defense<dynamic_rules>(rules, c),
                        Catch::Contains("three quarters of the memory limit") && Catch::Contains("raise the limit"));
    } else {
      ++kept;
      const constrained_defense<dynamic_rules> defense(rules, c);
      splitmix_rng rng(limit);
      CHECK_FALSE(validate(rules, defense.place(rng)));
    }
  }
  CHECK(checkpointed > 0);
  CHECK(kept > 0);
}

// The progress callback comes after each step only, so a deadline kept by it
// could not stop the fresh games, nor the climbs' starting layouts (all of a
// search with steps = 0), however many games those take.
TEST_CASE("search_hard_layouts: a throwing interruption check stops the fresh games, and a search without steps",
          "[defense][hard_layouts]") {
  const auto rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::touching, false);
  const constrained_defense<dynamic_rules> defense(rules, {});
  for (const bool fresh : {true, false}) {
    INFO((fresh ? "fresh games" : "no steps"));
    hard_layout_options o;
    o.climbs = 2;
    o.steps = fresh ? 3 : 0;
    o.games_per_layout = fresh ? 1 : 100'000;
    o.fresh_games = fresh ? 100'000 : 0;
    std::atomic<long long> checks{0};
    o.interruption_check = [&] {
      if (++checks > 50) throw std::runtime_error("stop");
    };
    CHECK_THROWS_WITH(search_hard_layouts(defense, hunt_target<dynamic_rules>(rules), o), "stop");
    CHECK(checks == 51);  // one call a game, and none after the throw
  }
}

// With threads > 1 a check that throws once must stop the other workers too,
// not only its own: they used to play the rest of their evaluation (here all
// of games_per_layout), calling the check thousands of times after it threw.
// The first worker waits in its first check until the second has made one,
// and the second's throws, so both are inside an evaluation. Each later call
// then takes a millisecond: a worker that went on would take 20 s and call
// it 20,000 times; one that stops is stopped within a game or two of the
// throw reaching its climb, unless that takes the other thread a second.
TEST_CASE("search_hard_layouts: a check that throws once with threads stops the other workers",
          "[defense][hard_layouts]") {
  const auto rules = make_dynamic_rules(5, 5, {3, 2}, adjacency::touching, false);
  const constrained_defense<dynamic_rules> defense(rules, {});
  hard_layout_options o;
  o.climbs = 2;
  o.steps = 0;
  o.games_per_layout = 20'000;
  o.threads = 2;
  std::mutex m;
  std::condition_variable cv;
  bool first_seen = false;
  std::atomic<long long> after_throw{0};
  std::atomic<bool> thrown{false};
  std::thread::id first;
  o.interruption_check = [&] {
    if (thrown) {
      ++after_throw;
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      return;
    }
    std::unique_lock lock(m);
    if (!first_seen) {
      first_seen = true;
      first = std::this_thread::get_id();
      cv.wait_for(lock, std::chrono::seconds(30), [&] { return thrown.load(); });
    } else if (std::this_thread::get_id() != first) {
      thrown = true;
      cv.notify_all();
      throw std::runtime_error("once");
    }
  };
  CHECK_THROWS_WITH(search_hard_layouts(defense, hunt_target<dynamic_rules>(rules), o), "once");
  CHECK(after_throw < 1000);
}

}  // namespace test_constrained_defense
